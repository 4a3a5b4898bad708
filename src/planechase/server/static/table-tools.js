// The table's tools: undo, concede, casting what the table tracks, deploying, tracked permanents, acting as one of
// several seats, the table's facts and the creator's invitations.
import { copyText, h, qrCode, saveJSON, shareButton } from "./dom.js";
import { houseRules, t } from "./i18n.js";
import { PLAYER_EFFECTS, phrase } from "./logtext.js";
import { $, ACTING_KEY, app, canAct, fill, held, isDisplay, labelOf, name, names, SEATS_KEY, toast, TRACKED_CARDS, VARIANT_LABEL } from "./table-common.js";
import { act, actionButton, reconnectNow, send } from "./table-connection.js";
import { renderAll } from "./table-planes.js";
import { stackBlocks } from "./table-panels.js";

// -- the tools: undo, concede, cast

export function renderTools() {
  const v = app.view;
  const propose = $("undo-propose");
  propose.disabled = !canAct() || Boolean(app.undo) || app.state === null;
  $("concede").disabled = !canAct() || !v || v.over || !held(app.acting) || (v.players[app.acting] && v.players[app.acting].status !== "in_game");
  $("concede").textContent = app.you.seats.length > 1 && app.acting !== null ? t("Concede ({player})", { player: name(app.acting) }) : t("Concede");
  const caster = castingSeat();
  $("cast-submit").disabled = caster === null;
  $("cast-submit").textContent = caster === null ? t("Put it on the stack (needs priority)") : t("Put it on the stack ({player})", { player: name(caster) });
  const target = $("cast-target");
  const chosen = target.value;
  const items = v ? stackBlocks(v).flatMap((b) => b.stack) : [];
  fill(target, ...items.map((item) => h("option", { value: String(item.id) }, `#${item.id} ${item.source ? `${item.source}: ` : ""}${phrase(item.text)}`.slice(0, 90))));
  if (items.some((item) => String(item.id) === chosen)) target.value = chosen;
  renderCastPlayer(caster);
  $("tools-panel").hidden = !canAct();
  renderDeploy();
  renderPermanents();
}

/** The cast form's "Which player" menu, for an extra turn or a skip (a target player, 115.1): the players
 *  within the caster's range of influence (801.4), the caster first (the engine's choice when none is named). */
function renderCastPlayer(caster) {
  const v = app.view;
  const select = $("cast-player");
  $("cast-player-field").hidden = !PLAYER_EFFECTS.has($("cast-effect").value);
  const chosen = select.value === select.dataset.caster ? "" : select.value; // the caster was chosen: follow the caster
  const standingSeat = (seat) => v && v.players[seat] && v.players[seat].status === "in_game";
  const reach = v && caster !== null ? v.players[caster].in_range || [] : [];
  const seats = caster === null ? [] : [caster, ...reach.filter((seat) => seat !== caster)].filter(standingSeat);
  fill(select, ...seats.map((seat) => h("option", { value: String(seat) }, seat === caster ? t("{player} (the caster)", { player: name(seat) }) : name(seat))));
  select.dataset.caster = caster === null ? "" : String(caster);
  if (seats.some((seat) => String(seat) === chosen)) select.value = chosen;
}

/** The ordinary cards whose static abilities change the planar game (Susan Foreman, Ichor Elixir): the table
 *  tells the engine when a player this device holds (the acting seat) gains or loses control of one. */
function renderPermanents() {
  const v = app.view;
  const seat = app.acting;
  const show = Boolean(v && canAct() && held(seat) && v.players[seat] && v.players[seat].status === "in_game" && Array.isArray(v.permanents));
  $("permanents-panel").hidden = !show;
  if (!show) return;
  const blocked = Boolean(v.decision || v.over); // the engine takes only the answer while a decision is pending
  fill(
    $("permanents"),
    ...Object.entries(TRACKED_CARDS).map(([card, text]) => {
      const slug = card.toLowerCase().replaceAll(" ", "-");
      const count = v.permanents.filter((p) => p.player === seat && p.card === card).length;
      return h(
        "div",
        { class: "tracked-card", "data-testid": `tracked-${slug}` },
        h("div", {}, h("b", { lang: "en" }, card), count > 1 ? ` ×${count}` : "", " ", h("span", { class: "dim", lang: "en" }, text)),
        h(
          "div",
          { class: "row" },
          actionButton(t("{player} controls it now", { player: name(seat) }), { type: "permanent", player: seat, card, controls: true }, {
            class: "small",
            blocked,
            "data-testid": `gain-${slug}`,
          }),
          count
            ? actionButton(t("{player} no longer controls it", { player: name(seat) }), { type: "permanent", player: seat, card, controls: false }, {
                class: "small",
                blocked,
                "data-testid": `lose-${slug}`,
              })
            : null,
        ),
      );
    }),
  );
}

/** Emperor: every creature has "{T}: Target teammate gains control of this creature" (804.2); the form deploys
 *  one for the acting seat. */
function renderDeploy() {
  const v = app.view;
  const seat = app.acting;
  const me = v && held(seat) ? v.players[seat] : null;
  const show = Boolean(me && canAct() && v.variant === "emperor" && me.team !== null && me.team !== undefined);
  $("deploy-panel").hidden = !show;
  if (!show) return;
  const select = $("deploy-teammate");
  const chosen = select.value;
  const mates = v.players.filter((p) => p.team === me.team && p.seat !== seat && p.status === "in_game");
  fill(select, ...mates.map((p) => h("option", { value: String(p.seat) }, p.name)));
  if (mates.some((p) => String(p.seat) === chosen)) select.value = chosen;
  $("deploy-submit").textContent = t("Deploy it ({player})", { player: name(seat) });
  $("deploy-submit").disabled = !mates.length;
}

$("deploy-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const seat = app.acting;
  if (!held(seat) || $("deploy-teammate").value === "") return;
  // The engine keeps the log in English: a creature with no name is sent as "a creature" (shown translated).
  act({ type: "deploy", player: seat, teammate: Number($("deploy-teammate").value), creature: $("deploy-creature").value.trim() || "a creature" });
  $("deploy-creature").value = "";
});

/** Who casts from the form: the seat with priority if this device holds it, else nobody (casting needs priority). */
function castingSeat() {
  const v = app.view;
  if (!v || !canAct() || v.decision) return null;
  for (const block of stackBlocks(v)) if (held(block.priority)) return block.priority;
  return null;
}

$("undo-propose").addEventListener("click", () => {
  if (app.state !== null) send({ type: "undo", state: app.state });
});

$("concede").addEventListener("click", () => {
  const seat = app.acting;
  if (!held(seat)) return;
  if (window.confirm(t("Concede the game as {player}? This can only be taken back if the whole table agrees to undo.", { player: name(seat) }))) {
    act({ type: "concede", player: seat });
  }
});

$("cast-effect").addEventListener("change", () => {
  const effect = $("cast-effect").value;
  $("cast-target-field").hidden = !(effect === "counter" || effect === "copy");
  $("cast-player-field").hidden = !PLAYER_EFFECTS.has(effect);
});

$("cast-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const seat = castingSeat();
  if (seat === null) return;
  const effect = $("cast-effect").value;
  const action = {
    type: "cast",
    player: seat,
    label: $("cast-label").value.trim() || "a spell or ability",
    effect,
    spell: $("cast-spell").checked,
    types: $("cast-types").value.trim(),
  };
  const marker = stackBlocks(app.view).find((b) => b.priority === seat);
  if (marker && marker.marker !== null) action.marker = marker.marker;
  if (effect === "counter" || effect === "copy") {
    if ($("cast-target").value === "") {
      toast(t("Choose the spell or ability on the stack it targets."), "warn");
      return;
    }
    action.target = Number($("cast-target").value);
  }
  if (PLAYER_EFFECTS.has(effect)) {
    // An extra turn or a skip is the caster's unless another player (its target) is named.
    const chosen = $("cast-player").value;
    if (chosen !== "" && Number(chosen) !== seat) action.target_player = Number(chosen);
  }
  act(action);
  $("cast-label").value = "";
  $("cast-types").value = "";
});

// -- acting as (several seats on one device)

export function renderActing() {
  const seats = app.you.seats;
  $("acting-panel").hidden = seats.length < 2 || isDisplay();
  if (seats.length < 2) return;
  fill($("acting"), 
    h("span", { class: "dim" }, t("Acting as:")),
    ...seats.map((seat) =>
      h(
        "button",
        {
          type: "button",
          class: "small",
          "aria-pressed": seat === app.acting ? "true" : "false",
          "data-testid": `acting-${seat}`,
          onclick: () => {
            app.acting = seat;
            saveJSON(ACTING_KEY, seat);
            renderAll();
          },
        },
        name(seat),
      ),
    ),
  );
}

// -- the table's facts and the creator's invitations

export function renderTableInfo() {
  const table = app.table;
  if (!table) return;
  const config = table.config || {};
  const rules = houseRules(table.house_rules, table.house_rule_texts);
  const device = app.you.seats.length
    ? t("this device holds {players}", { players: names(app.you.seats) })
    : app.you.creator
      ? t("this device is the creator's")
      : t("this device watches");
  const variant = labelOf(VARIANT_LABEL, config.variant || "free_for_all");
  fill(
    $("info"),
    h(
      "p",
      {},
      // The server sends the seed only when the creator chose it (a seed it chose would tell every roll).
      config.seed === undefined
        ? t("{variant} · {n} players · table {id}", { variant, n: table.seats.length, id: table.id })
        : t("{variant} · {n} players · seed {seed} · table {id}", { variant, n: table.seats.length, seed: config.seed, id: table.id }),
    ),
    h("p", { class: "dim" }, isDisplay() ? t("{device} (display).", { device }) : t("{device}.", { device })),
    rules.length ? h("div", {}, h("h3", {}, t("House rules")), h("ul", { class: "house-rules" }, ...rules.map(([line, lang]) => h("li", { lang }, line)))) : null,
  );
}

function linkCard(label, url, extra) {
  const copy = h("button", { type: "button", class: "small" }, t("Copy"));
  copy.addEventListener("click", async () => {
    const ok = await copyText(url);
    copy.textContent = ok ? t("Copied") : t("Copy failed");
    setTimeout(() => (copy.textContent = t("Copy")), 1600);
  });
  return h(
    "li",
    { class: "link-card" },
    h("span", { class: "who" }, label),
    qrCode(url, { alt: t("QR code: {label}", { label }) }),
    h("a", { href: url, target: "_blank", rel: "noopener" }, url),
    h("div", { class: "row" }, copy, shareButton(url, t("Share"), label), extra || null),
  );
}

export function renderInvite() {
  const tokens = app.creatorTokens;
  $("invite-panel").hidden = !tokens;
  if (!tokens || !app.table) return;
  // The server's links carry the address other devices open (this page may have been opened as 127.0.0.1).
  const links = app.links;
  const page = `${location.origin}/t/${encodeURIComponent(app.table.id)}`;
  const seatLink = (token, seat) => (links && links.seats && links.seats[seat]) || `${page}#t=${encodeURIComponent(token)}`;
  const cards = tokens.seats.map((token, seat) => {
    const here = app.tokens.includes(token);
    const take = h("button", { type: "button", class: "small" }, here ? t("On this device") : t("Play it on this device"));
    take.disabled = here;
    take.addEventListener("click", () => {
      app.tokens = [...new Set([...app.tokens, token])];
      saveJSON(SEATS_KEY, { tokens: app.tokens, display: false });
      app.displayFlag = false;
      reconnectNow();
    });
    return linkCard(`${seat + 1}. ${name(seat)}`, seatLink(token, seat), take);
  });
  cards.push(linkCard(t("Spectator"), (links && links.spectator) || `${page}#t=${encodeURIComponent(tokens.spectator)}`));
  cards.push(linkCard(t("Display (TV)"), (links && links.display) || `${page}#t=${encodeURIComponent(tokens.spectator)}&display=1`));
  fill($("invite"), ...cards);
  if (!app.you.seats.length) $("invite-details").open = true;
}
