// Drawing the table: the face-up planes (in the device's language), decisions, the planar die and the
// moments a roll, chaos or a planeswalk are shown over every screen.
import { cardName, setName, setShowingOracle, shownCard } from "./cardtext.js";
import { playMoment } from "./sound.js";
import { h, saveJSON } from "./dom.js";
import { format, language, messageText, t } from "./i18n.js";
import { decisionText, eventText } from "./logtext.js";
import { $, app, canAct, chaosIcon, costText, fill, held, isChaosLine, isDisplay, labelOf, lineText, logContext, name, names, richText, ROTATE_KEY, ruleTag, SEATS_KEY, STEP_LABEL, STEPS, toast, tx, wide } from "./table-common.js";
import { act, actionButton, send } from "./table-connection.js";
import { renderAttack, renderEffects, renderInstructions, renderMap, renderMarkers, renderPlayers, renderSeatMap, renderStack, renderVisited } from "./table-panels.js";
import { renderActing, renderTools } from "./table-tools.js";

// ---------------------------------------------------------------- drawing

export function renderAll() {
  // Keyboard focus stays where the player acted: the control drawn again in its place takes it back.
  const focused = document.activeElement;
  const testid = focused && focused !== document.body && focused.dataset ? focused.dataset.testid : null;
  renderEverything();
  if (testid && (document.activeElement === document.body || !document.activeElement || !document.activeElement.isConnected)) {
    const again = document.querySelector(`[data-testid="${CSS.escape(testid)}"]`);
    if (again && !again.disabled) again.focus({ preventScroll: true });
  }
}

function renderEverything() {
  document.body.classList.toggle("display", isDisplay());
  renderHeader();
  renderBanners();
  renderStrip();
  renderPlanes();
  renderDecision();
  renderDie();
  renderStack();
  renderAttack();
  renderPlayers();
  renderSeatMap();
  renderInstructions();
  renderEffects();
  renderVisited();
  renderMarkers();
  renderMap();
  renderTools();
  renderActing();
}

function renderHeader() {
  const v = app.view;
  $("table-name").textContent = app.table && app.table.name ? app.table.name : app.table ? t("Table {id}", { id: app.table.id }) : "";
  $("state-number").textContent = app.state === null ? "–" : String(app.state);
  const info = $("turn-info");
  if (!v) {
    fill(info, );
    return;
  }
  const actives = (v.active_players && v.active_players.length ? v.active_players : [v.active]).map(name).join(" & ");
  fill(
    info,
    tx("Turn {turn} · {players} · {step}", {
      turn: h("b", {}, String(v.turn)),
      players: h("b", { "data-testid": "active" }, actives),
      step: labelOf(STEP_LABEL, v.step),
    }),
    v.turn_order === "counterclockwise" ? " · ↺" : "",
  );
}

export function renderBanners() {
  const out = [];
  if (app.fatal) {
    const forget = h("button", { type: "button", class: "small" }, t("Forget this device's seats"));
    forget.addEventListener("click", () => {
      try {
        localStorage.removeItem(SEATS_KEY);
      } catch {
        /* nothing stored */
      }
      location.replace(location.pathname);
    });
    out.push(h("div", { class: "banner error", role: "alert", "data-testid": "fatal" }, h("span", { class: "grow" }, t(app.fatal)), forget, h("a", { class: "button small", href: "/" }, t("Home"))));
  }
  const v = app.view;
  if (v && v.over) {
    const winners = (v.winners || []).map(name);
    out.push(
      h(
        "div",
        { class: "banner over", "data-testid": "game-over" },
        winners.length > 1
          ? t("Game over: {players} win.", { players: winners.join(" & ") })
          : winners.length
            ? t("Game over: {player} wins.", { player: winners[0] })
            : t("Game over: a draw, nobody wins."),
      ),
    );
  }
  if (app.undo) {
    const undo = app.undo;
    const banner = h(
      "div",
      { class: "banner undo", "data-testid": "undo-banner" },
      h(
        "span",
        { class: "grow" },
        t("{player} proposes undoing the last action.", { player: name(undo.by) }),
        " ",
        undo.waiting && undo.waiting.length ? t("Waiting for {players}.", { players: names(undo.waiting) }) : "",
      ),
    );
    // What it would take back: the last action's first lines, as the log shows them.
    const lines = Array.isArray(undo.undoes) ? undo.undoes : [];
    if (lines.length) {
      banner.append(
        h(
          "div",
          { class: "undo-what", "data-testid": "undo-what" },
          t("It would take back:"),
          h("ul", {}, ...lines.map((event) => h("li", {}, ...richText(eventText(event, logContext))))),
        ),
      );
    }
    if (canAct() && (undo.waiting || []).some(held)) {
      banner.append(
        h("button", { type: "button", class: "go", "data-testid": "undo-agree", onclick: () => send({ type: "undo_vote", agree: true }) }, t("Agree")),
        h("button", { type: "button", class: "danger", "data-testid": "undo-refuse", onclick: () => send({ type: "undo_vote", agree: false }) }, t("Refuse")),
      );
    }
    out.push(banner);
  }
  fill($("banners"), ...out);
}

function renderStrip() {
  const v = app.view;
  if (!v) return;
  fill($("strip"), 
    ...STEPS.map(([step, label]) => h("span", { class: step === v.step ? "now" : "", "aria-current": step === v.step ? "step" : null }, t(label))),
  );
  // On a phone the steps are one row that scrolls sideways: keep the current step in sight.
  const now = $("strip").querySelector(".now");
  if (now && $("strip").scrollWidth > $("strip").clientWidth) $("strip").scrollLeft = Math.max(0, now.offsetLeft - 40);
}

// -- the planes

function planeCard(card) {
  const v = app.view;
  const phenomenon = card.kind === "phenomenon";
  const reminders = new Set(card.reminders || []);
  const reported = card.reported || [];
  const shown = shownCard(card);
  const oracle = h("div", { class: "oracle", lang: shown.translated ? language() : "en" });
  const english = String(card.oracle_text || "").split("\n");
  // The chaos abilities (311.7) as the catalog marks them; a view from an older server: by how a line starts.
  const chaosLines = Array.isArray(card.chaos_lines) ? new Set(card.chaos_lines) : null;
  english.forEach((line, index) => {
    if (!line.trim()) return;
    const chaos = chaosLines ? chaosLines.has(index) : isChaosLine(line);
    const report = reported.find((r) => r.text === line);
    const p = h("p", { class: chaos ? "chaos-line" : reminders.has(line) ? "static" : report ? "reported" : "" });
    if (chaos && !line.includes("{CHAOS}")) p.append(chaosIcon());
    p.append(...richText(shown.lines[index] || line));
    if (report && canAct()) {
      const seat = app.acting;
      const mayReport = report.by === "any" || seat === v.planar_controller;
      if (mayReport && seat !== null) {
        p.append(
          " ",
          actionButton(t("Report ({player})", { player: name(seat) }), { type: "report", player: seat, source: card.object, ability: report.ability }, {
            class: "small control",
            "data-testid": "report",
          }),
        );
      }
    }
    oracle.append(p);
  });
  const counters = Object.entries(card.counters || {}).filter(([, n]) => n);
  // Card art, when the table's creator allowed it: this browser asks Scryfall for the picture (the server never
  // does); without the network, or for a card Scryfall doesn't know, the card simply has none.
  const art =
    app.table && app.table.card_art
      ? h("img", {
          class: "card-art",
          "data-testid": "card-art",
          alt: "",
          loading: "lazy",
          decoding: "async",
          referrerpolicy: "no-referrer",
          src: `https://api.scryfall.com/cards/named?exact=${encodeURIComponent(card.name)}&format=image&version=art_crop`,
          onerror: (event) => event.target.remove(),
        })
      : null;
  const which = shown.canTranslate
    ? h(
        "div",
        { class: "card-lang" },
        shown.translated ? h("span", { class: "dim", "data-testid": "translation-note" }, t("Translation by planechase, not the official text")) : null,
        h(
          "button",
          {
            type: "button",
            class: "small link-button control", // a display has no one to tap it: it shows the note alone
            "data-testid": "oracle-toggle",
            "aria-pressed": shown.translated ? "false" : "true",
            onclick: () => {
              setShowingOracle(shown.translated);
              renderPlanes();
              renderEffects();
              renderVisited();
            },
          },
          shown.translated ? t("Oracle text (English)") : t("Show the translation"),
        ),
      )
    : null;
  return h(
    "div",
    { class: "card-frame" },
    h(
      "article",
      { class: phenomenon ? "card phenomenon" : "card", "data-testid": "plane", "data-card": card.name, "aria-label": shown.name },
      art,
      h("div", { class: "card-head" }, h("h3", { class: "card-name", "data-testid": "plane-name", lang: shown.translated ? language() : "en" }, shown.name)),
      h(
        "div",
        { class: "type-line-row" },
        h("div", { class: "type-line", "data-testid": "type-line" }, shown.typeLine),
        card.sets && card.sets.length
          ? h("span", { class: "set-code", "data-testid": "set-code", title: card.sets.map(setName).join(", ") }, card.sets[0])
          : null,
      ),
      oracle,
      which,
      counters.length
        ? h(
            "div",
            { class: "counters", "data-testid": "counters" },
            ...counters.map(([kind, n]) => h("span", { class: "counter-badge" }, n === 1 ? t("{n} {kind} counter", { n, kind }) : t("{n} {kind} counters", { n, kind }))),
          )
        : null,
      h(
        "div",
        { class: "card-foot" },
        h("span", {}, phenomenon ? t("Phenomenon") : t("Plane")),
        h("span", {}, card.owner === null || card.owner === undefined ? "" : t("owned by {player}", { player: name(card.owner) })),
      ),
    ),
  );
}

export function renderPlanes() {
  const v = app.view;
  const box = $("planes");
  if (!v) {
    fill(box, h("div", { class: "no-plane" }, app.fatal ? "" : t("Joining the table…")));
    return;
  }
  // The display shows every turn marker's planes at once in Grand Melee (807.5, 901.14).
  const cards = isDisplay() && v.turn_markers && v.turn_markers.length ? v.turn_markers.flatMap((m) => m.face_up || []) : v.face_up || [];
  box.classList.toggle("several", cards.length > 1);
  if (!cards.length) {
    fill(box, h("div", { class: "no-plane" }, v.eternities_map || (app.table && app.table.config && app.table.config.planechase === false) ? t("No face-up planar card.") : t("No face-up plane.")));
  } else {
    fill(box, ...cards.map(planeCard));
  }
  box.dataset.count = String(cards.length);
  const controller = $("controller");
  fill(controller, tx("Planar controller: {player}", { player: h("b", { "data-testid": "planar-controller" }, name(v.planar_controller)) }));
  if (v.revealed && v.revealed.length) {
    controller.append(h("span", { class: "dim" }, " · ", t("revealed: {cards}", { cards: v.revealed.map(cardName).join(", ") })));
  }
  applyRotation();
  fitCards();
}

function applyRotation() {
  const turn = app.rotation;
  for (const frame of document.querySelectorAll(".card-frame")) {
    const card = frame.firstElementChild;
    if (turn === 90 || turn === 270) {
      // Turned sideways: the card keeps its own width and the frame makes room for it standing up.
      frame.classList.add("turned");
      const width = Math.max(200, Math.min(frame.clientWidth, window.innerHeight * 0.85));
      card.style.width = `${width}px`;
      card.style.transform = `translate(-50%, -50%) rotate(${turn}deg)`;
      frame.style.height = `${width}px`;
    } else {
      frame.classList.remove("turned");
      frame.style.height = "";
      card.style.width = "";
      card.style.transform = turn ? `rotate(${turn}deg)` : "";
    }
  }
  const rotate = turn ? t("Rotate ({degrees}°)", { degrees: turn }) : t("Rotate");
  $("rotate").textContent = "⟳ " + rotate;
}

$("rotate").addEventListener("click", () => {
  app.rotation = (app.rotation + 90) % 360;
  saveJSON(ROTATE_KEY, app.rotation);
  applyRotation();
});
window.addEventListener("resize", () => applyRotation());

// -- the decision

export function renderDecision() {
  const here = wide.matches ? $("decision") : $("decision-left");
  const other = wide.matches ? $("decision-left") : $("decision");
  fill(other, );
  const v = app.view;
  const d = v && v.decision;
  if (!d) {
    fill(here, );
    return;
  }
  if (held(d.player) && canAct()) {
    const prompt = app.secret && app.secret.id === d.id && app.secret.player === d.player ? app.secret.prompt : d.prompt;
    const numbers = d.kind === "choose_number";
    const options = h("div", { class: numbers ? "options numbers" : "options" });
    const quick = numbers ? d.options.slice(0, 16) : d.options; // a number up to 99: the small ones as buttons
    for (const option of quick) {
      options.append(
        actionButton(richText(decisionText(option.label, logContext)), { type: "choose", player: d.player, decision: d.id, option: option.id }, {
          "data-testid": "option",
          "data-option": option.id,
        }),
      );
    }
    let other = null;
    if (numbers && d.options.length > quick.length) {
      const last = d.options[d.options.length - 1];
      const field = h("input", { type: "number", min: d.options[0].id, max: last.id, inputmode: "numeric", "aria-label": t("Another number"), "data-testid": "number" });
      const choose = h("button", { type: "submit", class: "act" }, t("Choose"));
      other = h("form", { class: "row" }, h("span", { class: "dim" }, t("Another number (up to {max}):", { max: last.label })), field, choose);
      other.addEventListener("submit", (event) => {
        event.preventDefault();
        const option = d.options.find((o) => o.id === String(field.value).trim());
        if (option) act({ type: "choose", player: d.player, decision: d.id, option: option.id });
        else toast(t("Choose a number from {min} to {max}.", { min: d.options[0].label, max: last.label }), "warn");
      });
    }
    fill(here, 
      h(
        "section",
        { class: "panel decision mine", role: "dialog", "aria-label": t("Your decision"), "data-testid": "decision" },
        h("h2", {}, app.you.seats.length > 1 ? t("{player} decides", { player: name(d.player) }) : t("Your decision"), " ", d.rule ? ruleTag(d.rule) : null),
        h("div", { class: "prompt" }, ...richText(decisionText(prompt, logContext))),
        d.kind === "choose_direction" ? h("p", { class: "dim" }, t("You can also tap a marked space on the Eternities Map.")) : null,
        options,
        other,
      ),
    );
  } else {
    fill(here, 
      h(
        "section",
        { class: "panel", "data-testid": "waiting" },
        h(
          "div",
          { class: "waiting" },
          tx("Waiting for {player} to choose: {prompt}", { player: h("b", {}, name(d.player)), prompt: richText(decisionText(d.prompt, logContext)) }),
          " ",
          d.rule ? ruleTag(d.rule) : null,
        ),
      ),
    );
  }
}
wide.addEventListener("change", () => renderDecision());

// -- the die

function currentRollers(v) {
  if (v.turn_markers && v.turn_markers.length) return v.turn_markers.filter((m) => m.taking_turn && m.roll).map((m) => m.roll);
  return v.rollers && v.rollers.length ? v.rollers : v.roll ? [v.roll] : [];
}

function lastRoll() {
  for (let i = app.log.length - 1; i >= 0; i--) if (app.log[i].type === "die_rolled") return app.log[i];
  return null;
}

/** Why a roll is not allowed now, as the engine would refuse it (in the device's language), with its rule. */
function notNow(roll) {
  const why = roll.why;
  if (!why || typeof why !== "object") return t("not now");
  const reason = messageText(why.text, String(why.message || ""));
  return h("span", { class: "roll-why", "data-testid": "roll-why" }, t("not now: {reason}", { reason }), " ", why.rule ? ruleTag(String(why.rule)) : "");
}

function renderDie() {
  const v = app.view;
  const box = $("die");
  if (!v) return;
  const rollers = currentRollers(v);
  const mine = rollers.filter((r) => r.allowed && held(r.player));
  const parts = [];
  if (app.table && app.table.config && app.table.config.planechase === false) {
    fill(box, h("span", { class: "dim" }, t("This table plays without planar cards.")));
    return;
  }
  mine.forEach((r, i) => {
    parts.push(
      actionButton(
        [chaosIcon(), " ", mine.length > 1 || app.you.seats.length > 1 ? t("Roll ({player})", { player: name(r.player) }) : t("Roll the planar die")],
        { type: "roll", player: r.player },
        { class: "primary roll-button control", "data-testid": i === 0 ? "roll" : `roll-${r.player}` },
      ),
    );
  });
  const shown = mine[0] || rollers[0];
  if (shown) {
    const cost = h("span", { class: "roll-cost", "data-testid": "roll-cost" });
    if (mine.length) {
      cost.append(...tx("cost {cost}", { cost: costText(shown.cost) }), ...(shown.cost === 0 ? [" ", t("(free)")] : []));
    } else {
      cost.append(
        ...tx("{player}'s next roll: cost {cost}", { player: name(shown.player), cost: costText(shown.cost) }),
        ...(shown.allowed ? [] : [" · ", v.decision ? t("waiting for a decision") : notNow(shown)]),
      );
    }
    parts.push(cost);
  }
  const last = lastRoll();
  if (last && isDisplay()) parts.unshift(dieFace(last));
  if (last) parts.push(h("div", { class: "dim", "data-testid": "last-roll" }, tx("Last roll: {roll}", { roll: richText(lineText(last)) })));
  fill(box, ...parts);
}

/** Make a roll, chaos and a planeswalk unmissable on every screen: a big die face or banner over the page for a
 * moment (animated unless the device asks for reduced motion), a short vibration for chaos and planeswalks, and
 * their sound when the device turned sounds on (sound.js). */
export function announce(events) {
  const walk = events.find((e) => e.type === "planeswalked_to" || e.type === "encountered");
  const chaos = events.find((e) => e.type === "chaos_ensues");
  const roll = [...events].reverse().find((e) => e.type === "die_rolled");
  let content = null;
  let kind = "";
  if (walk) {
    kind = "planeswalk";
    content = h("div", { class: "moment-text" }, t("Planeswalk!"), h("div", { class: "moment-card" }, cardName(walk.card || "")));
  } else if (chaos) {
    kind = "chaos";
    content = h("div", { class: "moment-text" }, chaosIcon(), " ", t("Chaos ensues!"));
  } else if (roll) {
    kind = ["chaos", "planeswalker", "blank"].includes(roll.result) ? roll.result : "blank";
    content = dieFace(roll);
  }
  if (!content) return;
  // Said to screen readers in words (the moment on the screen is only seen).
  const roller = roll ? name(roll.player) : "";
  $("announcer").textContent = walk
    ? t("Planeswalk: {plane}.", { plane: cardName(walk.card || "") })
    : chaos
      ? t("Chaos ensues!")
      : t("{player} rolls the planar die: {face}.", { player: roller, face: t(kind) });
  if (walk && !isDisplay()) {
    // The new plane is what everyone looks at now: bring it into view where the page was scrolled past it.
    const planes = $("planes");
    const box = planes.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight * 0.6) planes.scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }
  const box = $("moment");
  box.dataset.kind = kind;
  fill(box, content);
  box.hidden = false;
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => {
    box.hidden = true;
  }, 2200);
  if (walk) playMoment("planeswalk");
  else if (chaos) playMoment("chaos");
  else if (roll) playMoment("roll", kind);
  if ((walk || chaos) && navigator.vibrate) {
    try {
      navigator.vibrate([90, 60, 140]);
    } catch {
      // no vibration here
    }
  }
}

/** The last roll as a big die face (the display): the chaos symbol, the Planeswalker symbol or a blank face. */
function dieFace(event) {
  const face = ["chaos", "planeswalker", "blank"].includes(event.result) ? event.result : "blank";
  const label = t(face);
  const symbol = face === "chaos" ? chaosIcon() : face === "planeswalker" ? h("span", { class: "pw-symbol", "aria-hidden": "true" }, "⟁") : "";
  return h(
    "div",
    { class: `die-face ${face}`, "data-testid": "die-face", "data-face": face, role: "img", "aria-label": t("Last roll: {roll}", { roll: label }) },
    symbol,
    h("span", { class: "die-label" }, label),
  );
}

/** On the display, make each face-up card's text as large as its card allows: the largest size (between a
 * readable least and a twentieth of the screen's height) at which nothing overflows the card. */
function fitCards() {
  for (const card of document.querySelectorAll("#planes .card")) {
    const oracle = card.querySelector(".oracle");
    if (!oracle) continue;
    oracle.style.fontSize = "";
    if (!isDisplay() || !card.clientHeight) continue;
    const fits = (size) => {
      oracle.style.fontSize = `${size}px`;
      return card.scrollHeight <= card.clientHeight + 1;
    };
    let low = 8;
    let high = Math.max(low, window.innerHeight / 20);
    if (fits(high)) continue;
    for (let i = 0; i < 9; i++) {
      const middle = (low + high) / 2;
      if (fits(middle)) low = middle;
      else high = middle;
    }
    fits(low);
  }
}
window.addEventListener("resize", () => fitCards());
