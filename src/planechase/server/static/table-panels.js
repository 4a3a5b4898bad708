// The table's panels: the stack and priority, declaring attackers, the players, the seat map, instructions,
// effects and planes visited, Grand Melee's turn markers and the Eternities Map.
import { abilityLine, cardName, effectText, shownCard } from "./cardtext.js";
import { h } from "./dom.js";
import { houseRules, language, listOf, t } from "./i18n.js";
import { EFFECT_LABEL, attacksText, phrase } from "./logtext.js";
import { $, ADVANCE_LABEL, STEPS, app, ATTACK_LABEL, BUMP_LABEL, canAct, CHOICE_CARDS, DIRECTION_SHORT, DURATION_LABEL, fill, held, labelOf, lineText, logContext, name, names, richText, ROLE_LABEL, SKIP_TEXT, STACK_KIND, STATUS_LABEL, STEP_LABEL, toast, TRACKED_CARDS, tx, VARIANT_LABEL } from "./table-common.js";
import { actionButton, pendingChanges } from "./table-connection.js";

// -- the stack and priority

export function stackBlocks(v) {
  if (v.turn_markers && v.turn_markers.length) {
    return v.turn_markers
      .filter((m) => m.taking_turn)
      .map((m) => ({
        marker: m.marker,
        label: t("Marker {marker}: {player}'s turn, {step}", { marker: m.marker, player: name(m.active), step: labelOf(STEP_LABEL, m.step) }),
        priority: m.priority,
        stack: m.stack || [],
        advance: m.advance_to || [],
        actives: [m.active],
        step: m.step,
        rollers: m.roll ? [m.roll] : [],
      }));
  }
  return [{ marker: null, label: "", priority: v.priority, stack: v.stack || [], advance: v.advance_to || [] }];
}

function stackItem(item, top) {
  const details = [t("{player}'s {kind}", { player: name(item.controller), kind: labelOf(STACK_KIND, item.kind) })];
  if (item.effect && item.effect !== "none") details.push(`${labelOf(EFFECT_LABEL, item.effect)}${item.target !== undefined ? ` #${item.target}` : ""}`);
  if (item.targets && item.targets.length) {
    const targets = item.targets.map((target) => (String(target).startsWith("player:") ? name(Number(String(target).split(":")[1])) : target));
    details.push(t("target {targets}", { targets: targets.join(", ") }));
  }
  if (item.copy) details.push(t("a copy"));
  return h(
    "li",
    { class: top ? "top" : "", "data-testid": "stack-item" },
    h("div", { class: "meta" }, `#${item.id} · ${details.join(" · ")}`),
    item.source ? h("span", { class: "src" }, `${item.source}: `) : null,
    ...richText(abilityLine(phrase(item.text))),
  );
}

export function renderStack() {
  const v = app.view;
  if (!v) return;
  const out = [];
  const blocks = stackBlocks(v);
  let first = true; // the first Pass and Resolve are "pass" and "resolve"; in Grand Melee the others name their marker
  for (const block of blocks) {
    if (block.label) out.push(h("h3", {}, block.label));
    const who = h("div", { class: "who-acts" });
    if (v.decision) who.append(...tx("{player} is deciding.", { player: h("b", {}, name(v.decision.player)) }));
    else if (block.priority === null || block.priority === undefined) who.append(t("Nobody has priority."));
    else who.append(...tx("Priority: {player}", { player: h("b", { "data-testid": block.marker === null ? "priority" : null }, name(block.priority)) }));
    out.push(who);
    if (block.stack.length) {
      out.push(h("ol", { class: "stack-list", "aria-label": t("The stack, top first") }, ...block.stack.map((item, i) => stackItem(item, i === 0))));
    } else {
      out.push(h("p", { class: "dim" }, t("The stack is empty.")));
    }
    if (block.marker === null && v.resolving) {
      const resolving = [v.resolving.source ? `${v.resolving.source}: ` : "", ...richText(phrase(v.resolving.text))];
      out.push(h("p", { class: "dim" }, tx("Resolving: {item}", { item: resolving })));
    }
    if (canAct() && held(block.priority) && !v.decision && !v.over) {
      const marker = block.marker === null ? {} : { marker: block.marker };
      const pass = app.you.seats.length > 1 ? t("Pass ({player})", { player: name(block.priority) }) : t("Pass");
      const suffix = first ? "" : `-${block.marker}`;
      first = false;
      const row = h(
        "div",
        { class: "row control" },
        actionButton(pass, { type: "pass", player: block.priority, ...marker }, { "data-testid": `pass${suffix}` }),
        block.stack.length ? actionButton(t("Resolve the top"), { type: "resolve", player: block.priority, ...marker }, { class: "go", "data-testid": `resolve${suffix}` }) : null,
      );
      out.push(row);
      // Moving the turn on (all players pass, 731.2a) is the active player's call; the others pass.
      const actives = block.actives || (v.active_players && v.active_players.length ? v.active_players : [v.active]);
      if (block.advance.length && actives.includes(block.priority)) {
        out.push(
          h(
            "div",
            { class: "advance control", "data-testid": `advance${suffix}` },
            h("span", { class: "dim" }, t("Move on to:")),
            ...block.advance.map((to) => advanceButton(v, block, to, marker, suffix)),
          ),
        );
      }
    }
  }
  fill($("stack"), ...out);
}

/** A "Move on to" button. Moving past what the active player may still want this turn (their main phase with a
 *  roll left, declaring attackers, or the turn itself) takes a second tap, so a slip of the finger ends nothing. */
function advanceButton(v, block, to, marker, suffix) {
  const label = labelOf(ADVANCE_LABEL, to);
  const action = { type: "advance", player: block.priority, to, ...marker };
  const testid = `advance-${to}${suffix}`;
  const skipped = skippedMoments(v, block, to);
  if (!skipped) return actionButton(label, action, { class: "small", "data-testid": testid });
  let armed = 0;
  const button = actionButton(label, () => {
    if (Date.now() - armed < CONFIRM_WINDOW) return action;
    armed = Date.now();
    button.textContent = t("Tap again: {skipped}", { skipped });
    button.classList.add("armed");
    setTimeout(() => {
      if (!button.isConnected || Date.now() - armed < CONFIRM_WINDOW) return;
      button.textContent = label;
      button.classList.remove("armed");
    }, CONFIRM_WINDOW + 50);
    return null;
  }, { class: "small", "data-testid": testid, "data-confirm": "1" });
  return button;
}

/** How long a "tap again" stays armed, in ms. */
const CONFIRM_WINDOW = 4000;
const STEP_ORDER = STEPS.map(([id]) => id);

/** What moving to `to` would pass by that the player may still want, in words; null if nothing. */
function skippedMoments(v, block, to) {
  const here = STEP_ORDER.indexOf(block.step || v.step);
  const there = to === "next_turn" ? STEP_ORDER.length : STEP_ORDER.indexOf(to);
  const passes = (step) => {
    const at = STEP_ORDER.indexOf(step);
    return here <= at && at < there;
  };
  // The free roll of the turn (901.9b: the first roll costs nothing) unused, and no main phase left to roll in.
  const planechase = !(app.table && app.table.config && app.table.config.planechase === false);
  const free = planechase && (block.rollers || v.rollers || []).some((r) => r.player === block.priority && r.cost === 0);
  if (free && passes("postcombat_main")) return t("your free roll of the planar die is not used this turn");
  if (v.attacks === null && passes("declare_attackers") && here < STEP_ORDER.indexOf("declare_attackers")) return t("no attackers will be declared");
  if (to === "next_turn" && here < STEP_ORDER.indexOf("end")) return t("this ends the turn");
  return null;
}

// -- declaring attackers (508.1)

/** Who declares attackers on this device now, and for whom: as the declare attackers step begins (508.1: before
 *  anyone has declared them, ``attacks`` is null, and before anyone acts in the step: the stack is empty and the
 *  active player has priority), when this device holds the active player or a player of the active team
 *  (805.10b), and nobody has passed in the step (``passed`` is empty); else null. In Grand Melee, for the turn
 *  of the focused turn marker. */
function attackDeclaration(v) {
  if (!v || !canAct() || v.over || v.step !== "declare_attackers" || v.attacks !== null) return null;
  const markers = v.turn_markers || [];
  const focused = markers.find((m) => m.marker === v.focus);
  if (markers.length && !(focused && focused.taking_turn)) return null;
  const actives = (v.active_players && v.active_players.length ? v.active_players : [v.active]).filter(
    (seat) => v.players[seat] && v.players[seat].status === "in_game",
  );
  if ((v.stack || []).length || (v.passed || []).length || !actives.includes(v.priority)) return null;
  const mine = actives.filter(held);
  if (!mine.length) return null;
  return { declarer: mine.includes(app.acting) ? app.acting : mine[0], attackers: actives, marker: markers.length ? v.focus : null };
}

export function renderAttack() {
  const v = app.view;
  const box = $("attack");
  const declaration = attackDeclaration(v);
  $("attack-panel").hidden = !declaration;
  if (!declaration) {
    fill(box);
    return;
  }
  // What was ticked stays ticked while the table changes (a life total, another seat's action).
  const ticked = new Set([...box.querySelectorAll("input[type=checkbox]:checked")].map((input) => input.value));
  const groups = declaration.attackers.map((attacker) => {
    const targets = (v.players[attacker].can_attack || []).filter((seat) => v.players[seat] && v.players[seat].status === "in_game");
    return h(
      "fieldset",
      { class: "attack-group", "data-testid": `attacker-${attacker}` },
      h("legend", {}, t("{player}'s creatures attack:", { player: name(attacker) })),
      targets.length
        ? targets.map((defender) =>
            h(
              "label",
              { class: "choice" },
              h("input", {
                type: "checkbox",
                value: `${attacker}:${defender}`,
                checked: ticked.has(`${attacker}:${defender}`),
                "data-testid": `attack-${attacker}-${defender}`,
              }),
              " ",
              name(defender),
            ),
          )
        : h("span", { class: "dim" }, t("nobody they may attack")),
    );
  });
  const marker = declaration.marker === null ? {} : { marker: declaration.marker };
  const blocked = Boolean(v.decision); // the engine takes only the answer while a decision is pending
  const declare = () => {
    const attacks = [...box.querySelectorAll("input[type=checkbox]:checked")].map((input) => input.value.split(":").map(Number));
    if (!attacks.length) {
      toast(t("Tick the players to attack, or choose “No attackers”."), "warn");
      return null;
    }
    return { type: "attack", player: declaration.declarer, attacks, ...marker };
  };
  fill(
    box,
    ...groups,
    h(
      "div",
      { class: "row" },
      actionButton(t("Declare attackers"), declare, { class: "go", blocked, "data-testid": "declare-attackers" }),
      actionButton(t("No attackers"), { type: "attack", player: declaration.declarer, attacks: [], ...marker }, { blocked, "data-testid": "no-attackers" }),
    ),
  );
}

// -- the players

function statusTag(status) {
  if (status === "in_game") return null;
  return h("span", { class: `tag ${status === "won" ? "won" : "lost"}` }, STATUS_LABEL[status] ? t(STATUS_LABEL[status]) : status.replaceAll("_", " "));
}

function roleText(player) {
  const parts = [];
  if (player.team !== null && player.team !== undefined) parts.push(t("team {team}", { team: String.fromCharCode(65 + player.team) }));
  if (player.role && player.role !== "player") parts.push(labelOf(ROLE_LABEL, player.role));
  return parts.join(", ");
}

export function renderPlayers() {
  const v = app.view;
  if (!v) return;
  const decider = v.decision ? v.decision.player : null;
  const actives = v.active_players && v.active_players.length ? v.active_players : [v.active];
  const controls = canAct();
  fill($("players"), 
    ...v.players.map((p) => {
      const out = p.status !== "in_game";
      const tags = h(
        "div",
        { class: "tags" },
        actives.includes(p.seat) ? h("span", { class: "tag turn" }, t("turn")) : null,
        decider === p.seat ? h("span", { class: "tag decides" }, t("decides")) : null,
        decider === null && v.priority === p.seat && !out ? h("span", { class: "tag priority" }, t("priority")) : null,
        v.planar_controller === p.seat ? h("span", { class: "tag planar" }, t("planar controller")) : null,
        roleText(p) ? h("span", { class: "tag" }, roleText(p)) : null,
        statusTag(p.status),
      );
      const life = h("span", { class: p.life <= 5 ? "life low" : "life", "data-testid": `life-${p.seat}`, "aria-label": t("{player}'s life", { player: p.name }) }, String(p.life));
      const lifeRow = h("div", { class: "life-row" });
      const bump = (amount, kind = "life") =>
        actionButton(amount > 0 ? `+${amount}` : `−${-amount}`, { type: kind, player: p.seat, amount }, {
          class: "small control",
          // The table's bookkeeping stays at hand during a decision: a tap then waits for the answer (shown waiting).
          blocked: Boolean(v.over),
          "data-testid": `${kind}-${p.seat}-${amount > 0 ? "plus" : "minus"}${Math.abs(amount)}`,
          "aria-label": t(BUMP_LABEL[kind][amount > 0 ? 0 : 1], { n: Math.abs(amount), player: p.name }),
        });
      // Two-Headed Giant: the team's life and poison are one total (810.9, 810.10), shown once, on its first seat.
      const team = v.variant === "two_headed_giant" ? (v.teams || []).find((members) => members.includes(p.seat)) : null;
      const sharedWith = team && team[0] !== p.seat ? team[0] : null;
      const waiting = pendingChanges()[team ? team[0] : p.seat] || { life: 0, poison: 0 };
      const change = (kind) =>
        h("span", { class: "pending-change", "data-testid": `${kind}-pending-${p.seat}` }, waiting[kind] ? `${waiting[kind] > 0 ? "+" : "−"}${Math.abs(waiting[kind])}…` : "");
      if (controls && !out) lifeRow.append(bump(-5), bump(-1), h("span", { class: "life-box" }, life, change("life")), bump(1), bump(5));
      else lifeRow.append(life);
      let poison = h("div", { class: "poison-row" }, tx("Poison {poison}", { poison: h("span", { class: "poison", "data-testid": `poison-${p.seat}` }, String(p.poison)) }), change("poison"));
      if (controls && !out) poison.append(bump(-1, "poison"), bump(1, "poison"));
      if (sharedWith !== null) {
        lifeRow.replaceChildren(h("span", { class: "dim", "data-testid": `life-shared-${p.seat}` }, t("Life and poison shared with {player} (one total for the team)", { player: name(sharedWith) })));
        poison = null;
      }
      const facts = [t("roll cost {cost}", { cost: `{${p.roll_cost}}` }), t("rolled {n}× this turn", { n: p.rolls_this_turn })];
      if (p.planar_deck !== null && p.planar_deck !== undefined) facts.push(t("planar deck {n}", { n: p.planar_deck }));
      return h(
        "div",
        { class: `player${actives.includes(p.seat) ? " active" : ""}${out ? " out" : ""}${held(p.seat) ? " mine" : ""}`, "data-testid": `player-${p.seat}` },
        h("div", { class: "pname", "data-you": t("(you)") }, `${p.seat + 1}. ${p.name}`),
        tags,
        lifeRow,
        poison,
        h("div", { class: "small-print" }, ...richText(facts.join(" · "))),
      );
    }),
  );
  if (v.shared_deck && v.planar_deck_sizes && v.planar_deck_sizes.length) {
    $("players").append(h("p", { class: "dim" }, t("Shared planar deck: {n} cards", { n: v.planar_deck_sizes[0] })));
  }
}

// -- the seat map (teams, roles, range of influence, who can attack whom)

export function renderSeatMap() {
  const v = app.view;
  const panel = $("seatmap-panel");
  if (!v) return;
  const limited = v.players.some((p) => p.range !== null && p.range !== undefined);
  const show = (v.teams && v.teams.length) || limited || v.variant !== "free_for_all" || v.attack !== "multiple";
  panel.hidden = !show;
  if (!show) return;
  const n = v.players.length;
  const circle = h(
    "div",
    { class: "seat-circle", "aria-hidden": "true" },
    h(
      "div",
      { class: "table-top" },
      labelOf(VARIANT_LABEL, v.variant),
      h("br"),
      t("attack: {attack}", { attack: labelOf(ATTACK_LABEL, v.attack) }),
      h("br"),
      t("play passes left ↻"),
    ),
  );
  v.players.forEach((p, i) => {
    const angle = Math.PI / 2 + (2 * Math.PI * i) / n; // seat 0 at the bottom, then clockwise
    const chip = h(
      "div",
      { class: `seat-chip${p.team !== null && p.team !== undefined ? ` team-${p.team % 6}` : ""}${(v.active_players || []).includes(p.seat) ? " active" : ""}` },
      `${p.seat + 1}. ${p.name}`,
      p.role && p.role !== "player" ? h("span", { class: "role" }, labelOf(ROLE_LABEL, p.role)) : null,
    );
    chip.style.left = `${50 + 38 * Math.cos(angle)}%`;
    chip.style.top = `${50 + 40 * Math.sin(angle)}%`;
    circle.append(chip);
  });
  const teams = (v.teams || []).map((team, i) => h("li", {}, h("b", {}, t("Team {team}:", { team: String.fromCharCode(65 + i) }), " "), names(team)));
  const reach = v.players
    .filter((p) => p.status === "in_game")
    .map((p) =>
      h(
        "li",
        {},
        h("b", {}, p.name),
        p.range !== null && p.range !== undefined ? [" ", t("(range {range})", { range: p.range })] : "",
        ": ",
        t("in range {players}; can attack {targets}.", { players: names(p.in_range || []), targets: names(p.can_attack || []) || t("nobody") }),
      ),
    );
  fill($("seatmap"), circle, teams.length ? h("ul", { class: "reach" }, ...teams) : null, h("ul", { class: "reach" }, ...reach));
}

// -- instructions, effects, planes visited

/** The table's instructions of the step it is in (those of earlier steps were carried out, or are past: they
 *  leave the panel, and stay in the log); the game's setup ("draw seven cards; take mulligans") during the first
 *  turn's first steps, until its main phase. */
export function renderInstructions() {
  let since = -1;
  for (let i = app.log.length - 1; i >= 0; i--) {
    if (app.log[i].type === "turn_began" || app.log[i].type === "step_began") {
      since = i;
      break;
    }
  }
  const v = app.view;
  const setup = Boolean(v && v.turn === 1 && ["untap", "upkeep", "draw"].includes(v.step));
  const firstTurn = setup ? app.log.findIndex((event) => event.type === "turn_began") : -1;
  let shown = [];
  app.log.forEach((event, i) => {
    if (event.type === "instruction" && (i > since || (firstTurn >= 0 && i < firstTurn))) shown.push(i);
  });
  shown = shown.slice(-8);
  $("instructions-panel").hidden = shown.length === 0;
  fill($("instructions"), 
    ...shown.reverse().map((i) => h("li", { class: app.fresh.has(i) ? "fresh" : "", "data-testid": "instruction" }, ...richText(lineText(app.log[i])))),
  );
}

export function renderEffects() {
  const v = app.view;
  if (!v) return;
  const items = [];
  for (const card of v.face_up || []) {
    // Reminders are lines of the card's text: shown in the device's language when the card is.
    const shown = shownCard(card);
    const english = String(card.oracle_text || "").split("\n");
    for (const reminder of card.reminders || []) {
      const at = english.indexOf(reminder);
      const text = at >= 0 && shown.lines[at] ? shown.lines[at] : reminder;
      items.push(h("li", { "data-testid": "reminder" }, "● ", h("span", { class: "src" }, `${shown.name}: `), ...richText(text)));
    }
  }
  for (const effect of v.effects || []) {
    const duration = String(effect.duration || "").replaceAll("_", " "); // the engine's words, as its text says them
    items.push(
      h(
        "li",
        { "data-testid": "effect" },
        "◆ ",
        h("span", { class: "src" }, `${name(effect.controller)}: `),
        ...richText(effectText(String(effect.text || ""), t)),
        duration && !String(effect.text).toLowerCase().includes(duration)
          ? h("span", { class: "dim" }, ` (${labelOf(DURATION_LABEL, effect.duration).replaceAll("_", " ")})`)
          : null,
      ),
    );
  }
  items.push(...turnReminders(v));
  $("effects-panel").hidden = items.length === 0;
  fill($("effects"), ...items);
}

/** What the table must remember about the turns to come and the cards around the planes: extra turns (500.7),
 *  skips (614.10), this combat's attackers (508.1), the ordinary cards that change the planar game, and what
 *  players last chose for a card that remembers it. */
function turnReminders(v) {
  const items = [];
  for (const seat of v.extra_turns || []) {
    const team = logContext.team(seat);
    items.push(
      h(
        "li",
        { "data-testid": "reminder-extra-turn" },
        "↻ ",
        team.length > 1
          ? t("{player}'s team ({players}) will take an extra turn after this one.", { player: name(seat), players: listOf(team.map(name)) })
          : t("{player} will take an extra turn after this one.", { player: name(seat) }),
      ),
    );
  }
  for (const skip of v.skips || []) {
    const texts = SKIP_TEXT[skip.skip];
    const source = phrase(skip.source || "a spell or ability");
    const team = logContext.team(skip.player).length > 1;
    items.push(
      h(
        "li",
        { "data-testid": "reminder-skip" },
        "↷ ",
        texts ? t(texts[team ? 1 : 0], { source, player: name(skip.player) }) : `${source}: ${name(skip.player)} (${skip.skip})`,
      ),
    );
  }
  const combat = ["declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"].includes(v.step);
  if (combat && Array.isArray(v.attacks) && v.attacks.length) {
    items.push(h("li", { "data-testid": "reminder-attacks" }, "⚔ ", t("Attackers are declared: {attacks}.", { attacks: attacksText(v.attacks, logContext) })));
  }
  for (const permanent of v.permanents || []) {
    const text = TRACKED_CARDS[permanent.card] || "";
    items.push(
      h(
        "li",
        { "data-testid": "reminder-permanent" },
        "■ ",
        ...tx("{player} controls {card}: {text}", {
          player: name(permanent.player),
          card: h("b", { lang: "en" }, permanent.card),
          text: h("span", { lang: "en" }, text),
        }),
      ),
    );
  }
  for (const choice of v.choices || []) {
    const card = CHOICE_CARDS[choice.key] || String(choice.key).replaceAll("_", " ");
    items.push(
      h(
        "li",
        { "data-testid": "reminder-choice" },
        "◇ ",
        h("span", { class: "src", lang: "en" }, `${card}: `),
        ...tx("{player} last chose {value}.", { player: name(choice.player), value: h("span", { lang: "en" }, choice.value) }),
      ),
    );
  }
  return items;
}

export function renderVisited() {
  const v = app.view;
  if (!v) return;
  const visited = v.visited || [];
  const shown = visited.slice(-12);
  const parts = [h("span", { class: "dim" }, `${visited.length}:`)];
  if (visited.length > shown.length) parts.push(h("i", {}, t("… {n} earlier →", { n: visited.length - shown.length })));
  shown.forEach((plane, i) => {
    if (i) parts.push(h("i", {}, "→"));
    parts.push(h("span", { title: plane }, cardName(plane)));
  });
  $("visited-panel").hidden = visited.length === 0;
  fill($("visited"), ...parts);
}

// -- Grand Melee: the turn markers

export function renderMarkers() {
  const v = app.view;
  const markers = (v && v.turn_markers) || [];
  $("markers-panel").hidden = markers.length === 0;
  if (!markers.length) return;
  fill($("markers"), 
    h(
      "table",
      { class: "markers" },
      h("thead", {}, h("tr", {}, ...["#", t("Holder"), t("Turn"), t("Priority"), t("Stack"), t("Face up")].map((head) => h("th", {}, head)))),
      h(
        "tbody",
        {},
        ...markers.map((m) =>
          h(
            "tr",
            { class: m.marker === v.focus ? "focus" : "" },
            h("td", {}, String(m.marker)),
            h("td", {}, m.holder === null ? "–" : name(m.holder)),
            h("td", {}, m.taking_turn ? `${name(m.active)}: ${labelOf(STEP_LABEL, m.step)}` : t("waiting")),
            h("td", {}, m.taking_turn && m.priority !== null ? name(m.priority) : "–"),
            h("td", {}, String((m.stack || []).length)),
            h("td", {}, (m.face_up || []).map((c) => c.name).join(", ") || "–"),
          ),
        ),
      ),
    ),
  );
}

// -- the Eternities Map

export function renderMap() {
  const v = app.view;
  const emap = v && v.eternities_map;
  $("map-panel").hidden = !emap;
  if (!emap) return;
  const spaces = new Map(emap.spaces.map((s) => [`${s.x},${s.y}`, s]));
  const moves = new Map(emap.moves.map((m) => [`${m.x},${m.y}`, m]));
  const points = [...emap.spaces, ...emap.moves, { x: emap.position[0], y: emap.position[1] }];
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const d = v.decision;
  const choosing = d && d.kind === "choose_direction" && held(d.player) && canAct() ? d : null;
  const optionFor = new Map(choosing ? choosing.options.map((o) => [String(o.id), o]) : []);
  const grid = h("div", { class: "map-grid", role: "grid", "aria-label": t("The Eternities Map, north up") });
  grid.style.gridTemplateColumns = `repeat(${maxX - minX + 1}, minmax(0, 1fr))`;
  // A grid a screen reader can walk: rows of cells (the rows add no box: the cells lay out the map), each cell
  // named by what is on it.
  for (let y = maxY; y >= minY; y--) {
    const row = h("div", { role: "row", class: "map-row" });
    grid.append(row);
    for (let x = minX; x <= maxX; x++) {
      const space = spaces.get(`${x},${y}`);
      const move = moves.get(`${x},${y}`);
      const classes = ["map-cell"];
      const content = [];
      if (space) {
        classes.push("space");
        if (!space.face_up || !space.name) {
          classes.push("down");
          content.push("?");
        } else {
          content.push(space.name);
          if (space.kind === "phenomenon") classes.push("phen");
        }
        if (space.current) classes.push("current");
        const counters = Object.entries(space.counters || {}).filter(([, n]) => n);
        if (counters.length) content.push(h("span", { class: "ctr" }, counters.map(([k, n]) => `${n} ${k}`).join(", ")));
      } else if (move) {
        content.push("·");
      }
      if (space && space.current && emap.arriving) content.push(h("span", { class: "mv" }, t("arriving")));
      if (move) {
        classes.push("move");
        if (move.hellride) classes.push("hellride");
        const direction = labelOf(DIRECTION_SHORT, move.direction);
        content.push(h("span", { class: "mv" }, move.hellride ? t("{direction} hellride", { direction }) : direction));
      }
      const option = move && optionFor.get(String(move.direction));
      const said = [];
      if (space) said.push(!space.face_up || !space.name ? t("a face-down card") : cardName(space.name));
      // NOTE: said by a screen reader after the name on the Eternities Map's space the game is on
      if (space && space.current) said.push(t("current"));
      if (move) said.push(move.hellride ? t("{direction} hellride", { direction: labelOf(DIRECTION_SHORT, move.direction) }) : labelOf(DIRECTION_SHORT, move.direction));
      // NOTE: said by a screen reader for a space of the Eternities Map with no card on it
      const label = said.length ? said.join(", ") : t("empty");
      const attrs = { class: classes.join(" "), "data-x": x, "data-y": y };
      if (space && space.current) attrs["aria-current"] = "location";
      if (option) {
        const button = actionButton(content, { type: "choose", player: choosing.player, decision: choosing.id, option: option.id }, { ...attrs, "data-testid": "map-move", "aria-label": label });
        row.append(h("div", { role: "gridcell", class: "map-cell-wrap" }, button));
      } else {
        row.append(h("div", { ...attrs, role: "gridcell", "aria-label": label }, ...content));
      }
    }
  }
  const notes = [];
  const pile = emap.phenomenon_pile !== null && emap.phenomenon_pile !== undefined;
  notes.push(h("li", {}, t("Deck: {n} cards", { n: emap.deck }), pile ? [" · ", t("phenomenon pile: {n}", { n: emap.phenomenon_pile })] : ""));
  if (emap.arriving) notes.push(h("li", {}, t("Arriving: a phenomenon is met on the way; the plane here is face up but not planeswalked to yet.")));
  if (emap.tunnel) notes.push(h("li", {}, t("Tunnel: the next move puts the top card of the deck on its destination.")));
  if (emap.beside && emap.beside.length) notes.push(h("li", {}, t("Beside the map: {cards}", { cards: emap.beside.join(", ") })));
  // The map's rules in the device's language: the table's house rules are the same lines, after "The Eternities Map."
  const texts = app.table && Array.isArray(app.table.house_rule_texts) ? app.table.house_rule_texts.slice(1) : null;
  const lines = houseRules(emap.description || [], texts);
  const rules = h("details", {}, h("summary", {}, t("The map's rules")), h("ul", { class: "map-notes" }, ...lines.map(([line, lang]) => h("li", { lang }, line))));
  fill($("map"), grid, h("ul", { class: "map-notes" }, ...notes), rules);
}
