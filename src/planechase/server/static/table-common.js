// The table page's shared ground: the labels it shows, small helpers (names, rich text, toasts) and the
// page's own state (`app`: the tokens, the table, the view, the log) that every part reads.
import { h, loadJSON, saveJSON } from "./dom.js";
import { N_, language, t } from "./i18n.js";
import { eventText } from "./logtext.js";

// ---------------------------------------------------------------- constants

export const STEPS = [
  // NOTE: short names of the steps, on the turn's strip and the "Move on to:" buttons
  ["untap", N_("Untap")],
  ["upkeep", N_("Upkeep")],
  ["draw", N_("Draw")],
  ["precombat_main", N_("Main 1")],
  ["beginning_of_combat", N_("Combat")],
  ["declare_attackers", N_("Attackers")],
  ["declare_blockers", N_("Blockers")],
  ["combat_damage", N_("Damage")],
  ["end_of_combat", N_("End combat")],
  ["postcombat_main", N_("Main 2")],
  ["end", N_("End")],
  ["cleanup", N_("Cleanup")],
];
export const STEP_LABEL = Object.fromEntries(STEPS);
export const ADVANCE_LABEL = { ...STEP_LABEL, next_turn: N_("Next turn") };
export const VARIANT_LABEL = {
  free_for_all: N_("Free-for-All"),
  two_headed_giant: N_("Two-Headed Giant"),
  emperor: N_("Emperor"),
  grand_melee: N_("Grand Melee"),
};
export const STACK_KIND = {
  triggered: N_("triggered ability"),
  planeswalking: N_("planeswalking ability"),
  other: N_("spell or ability"),
};
export const DIRECTION_SHORT = {
  // NOTE: compass points, abbreviated, on the Eternities Map's spaces: N, E, S, W, NE, SE, SW, NW
  north: N_("N"),
  east: N_("E"),
  south: N_("S"),
  west: N_("W"),
  northeast: N_("NE"),
  southeast: N_("SE"),
  southwest: N_("SW"),
  northwest: N_("NW"),
};
export const ROLE_LABEL = {
  // NOTE: a player's role in the variant (Two-Headed Giant: primary, teammate; Emperor: emperor, general)
  player: N_("player"),
  primary: N_("primary"),
  teammate: N_("teammate"),
  emperor: N_("emperor"),
  general: N_("general"),
};
// NOTE: how a player's game ended (a tag by their name)
export const STATUS_LABEL = { won: N_("won"), lost: N_("lost"), drawn: N_("drawn") };
// NOTE: whom players may attack (Free-for-All): several players, or only the player to the left or right
export const ATTACK_LABEL = { multiple: N_("multiple"), left: N_("left"), right: N_("right") };
export const BUMP_LABEL = {
  life: [N_("Add {n} life to {player}"), N_("Take {n} life from {player}")],
  poison: [N_("Add {n} poison to {player}"), N_("Take {n} poison from {player}")],
};
export const DURATION_LABEL = {
  until_end_of_turn: N_("until end of turn"),
  until_your_next_turn: N_("until your next turn"),
  until_a_player_planeswalks: N_("until a player planeswalks"),
  until_a_player_planeswalks_away_from_a_plane: N_("until a player planeswalks away from a plane"),
  this_game: N_("this game"),
  until_your_next_spell_this_turn: N_("until your next spell this turn"),
};
const MANA_COLORS = { W: "#f8f3d0", U: "#b4d5ee", B: "#c5bcb6", R: "#f0a27f", G: "#a9d3a0" };
/** The ordinary cards the table tells the engine about (the ``permanent`` action) and their static abilities,
 *  as the engine has them (core/actions.py, TRACKED_CARDS): Oracle text, which stays in English. */
export const TRACKED_CARDS = {
  "Susan Foreman":
    "If you would planeswalk, instead look at the top two cards of your planar deck, put one on the bottom of your planar deck and the other on top, then planeswalk.",
  "Ichor Elixir": "If you would roll one or more planar dice, instead roll that many planar dice plus one and ignore one.",
};
/** The cards whose choices a player makes and the game remembers (the view's ``choices``), by their key. */
export const CHOICE_CARDS = { two_streams: "Two Streams Facility" };
/** What a player will skip (the view's ``skips``): the reminder, for one player and for a team (805.8). */
export const SKIP_TEXT = {
  turn: [N_("{source}: {player} will skip their next turn."), N_("{source}: {player}'s team will skip their next turn.")],
  untap_step: [N_("{source}: {player} will skip their next untap step."), N_("{source}: {player}'s team will skip their next untap step.")],
  upkeep_step: [N_("{source}: {player} will skip their next upkeep step."), N_("{source}: {player}'s team will skip their next upkeep step.")],
  draw_step: [N_("{source}: {player} will skip their next draw step."), N_("{source}: {player}'s team will skip their next draw step.")],
  combat_phase: [N_("{source}: {player} will skip their next combat phase."), N_("{source}: {player}'s team will skip their next combat phase.")],
};

/** The most log lines kept on the page. */
export const LOG_KEEP = 1000;
/** Ping the server after this long without a message from it, and count the connection dead after this long
 *  without one (a phone that lost its network, or slept): a dead connection is told within about 5 s. */
export const PING_EVERY = 1_500;
export const SILENT_LIMIT = 4_500;
/** How often the connection is looked at (pings, deadlines). */
export const CHECK_EVERY = 500;
/** How many times a life or poison change refused as stale is sent again (it adds to whatever the total is). */
export const BOOKKEEPING_RETRIES = 3;

export const $ = (id) => document.getElementById(id);
export const wide = window.matchMedia("(min-width: 960px)");

// ---------------------------------------------------------------- small helpers

/** An element with attributes and children; strings become text nodes (never parsed as HTML). */

/** Replace an element's children, leaving out null, undefined and false (replaceChildren would print them). */
export function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** A translated text with elements in it: t()'s {placeholders} given as nodes (or lists of them) stay nodes. */
export function tx(text, parts = {}) {
  const template = t(text);
  const out = [];
  let last = 0;
  for (const found of template.matchAll(/\{(\w+)\}/g)) {
    const value = parts[found[1]];
    if (value === undefined || value === null) continue;
    if (found.index > last) out.push(template.slice(last, found.index));
    out.push(value instanceof Node || Array.isArray(value) ? value : String(value));
    last = found.index + found[0].length;
  }
  if (last < template.length) out.push(template.slice(last));
  return out.flat(Infinity);
}

/** A value's label in the chosen language, from a table of marked English labels (the value itself if none). */
export function labelOf(table, value) {
  return table[value] ? t(table[value]) : String(value);
}

export function chaosIcon() {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "chaos-symbol");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", t("chaos"));
  const title = document.createElementNS(ns, "title");
  title.textContent = t("chaos");
  const spiral = document.createElementNS(ns, "path");
  spiral.setAttribute(
    "d",
    "M12 10.6a1.4 1.4 0 0 1 1.4 1.4a2.8 2.8 0 0 1-2.8 2.8a4.2 4.2 0 0 1-4.2-4.2a5.6 5.6 0 0 1 5.6-5.6a7 7 0 0 1 7 7a8.2 8.2 0 0 1-2.4 5.8",
  );
  spiral.setAttribute("fill", "none");
  spiral.setAttribute("stroke", "currentColor");
  spiral.setAttribute("stroke-width", "2.2");
  spiral.setAttribute("stroke-linecap", "round");
  const tip = document.createElementNS(ns, "path");
  tip.setAttribute("d", "M19.8 21.6l-3.2-0.6l1.4-3.1z");
  tip.setAttribute("fill", "currentColor");
  svg.append(title, spiral, tip);
  return svg;
}

/** Card or log text with {CHAOS} as the chaos symbol and mana symbols as small pills. */
export function richText(text) {
  const parts = String(text).split(/(\{[^{}]{1,10}\})/);
  return parts
    .filter((part) => part !== "")
    .map((part) => {
      if (part === "{CHAOS}") return chaosIcon();
      const symbol = /^\{([^{}]+)\}$/.exec(part);
      if (!symbol) return document.createTextNode(part);
      const pill = h("span", { class: "mana", title: part }, symbol[1]);
      const color = MANA_COLORS[symbol[1]];
      pill.style.background = color || "#d8d2cc";
      return pill;
    });
}

export function isChaosLine(line) {
  const lower = line.toLowerCase();
  return lower.startsWith("whenever chaos ensues") || lower.startsWith("when chaos ensues") || lower.startsWith("whenever you roll {chaos}");
}

export function ruleTag(rule) {
  return h("span", { class: "rule-tag", title: t("Comprehensive Rules {rule}", { rule }) }, rule);
}

/** A roll's cost as every cost is shown (card text, the log, the die panel): a mana symbol, {1} as a pill "1". */
export function costText(cost) {
  return richText(`{${Number(cost) || 0}}`)[0];
}



/** A fresh id for an action: random, and fine without a secure context (crypto.randomUUID needs one). */
export function newId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return "w-" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}


export function toast(text, kind = "", rule = "") {
  let message = String(text);
  if (rule && message.startsWith(`${rule}: `)) message = message.slice(rule.length + 2); // the tag shows it
  const key = `${kind}|${rule}|${message}`;
  for (const shown of $("toasts").children) if (shown.dataset.key === key) shown.remove(); // no pile of the same notice
  const box = h("div", { class: `toast ${kind}`, role: kind === "bad" ? "alert" : "status", "data-testid": "toast", "data-key": key });
  if (rule) box.append(ruleTag(rule), " ");
  box.append(...richText(message));
  $("toasts").append(box);
  setTimeout(() => box.remove(), kind === "bad" ? 7000 : 4000);
  while ($("toasts").children.length > 3) $("toasts").firstElementChild.remove();
}

// ---------------------------------------------------------------- the table, the tokens, the device

export const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
export const SEATS_KEY = `planechase:seats:${tableId}`;
export const ROTATE_KEY = `planechase:rotate:${tableId}`;
export const ACTING_KEY = `planechase:acting:${tableId}`;

export const app = {
  tokens: [],
  displayFlag: false,
  ws: null,
  joined: false,
  synced: false,
  needResend: false,
  retry: 0,
  reconnectTimer: 0,
  lastHeard: 0,
  pinged: 0, // when the last ping was sent
  fatal: null,
  table: null,
  you: { seats: [], spectator: true, creator: false },
  creatorTokens: null,
  state: null,
  view: null,
  undo: null,
  log: [],
  fresh: new Set(),
  logTruncated: false,
  logBefore: 0, // the number to ask the server's log for the page before what app.log holds
  logMarks: [], // [state, events] of each state message whose events app.log holds, oldest first
  logShown: LOG_KEEP, // how many of the newest log lines are shown (more once older pages are read)
  links: null, // the table's links, as the server makes them (the creator's welcome)
  acting: null,
  queue: [], // actions not yet sent: {action, retries}
  inflight: null, // the act message sent and not yet answered: {msg, retries}
  waitState: 0, // after an ack, the next action waits for the state it made
  rotation: Number(loadJSON(ROTATE_KEY, 0)) || 0,
  secret: null, // the pending decision as only its player sees it: {id, player, prompt} (the "private" message)
};

/** The tokens come from the link (#t=...&t=...&display=1) and are remembered for this table, so a reload
 *  or the bare /t/{id} address comes back to the same seats. */
export function readTokens() {
  const params = new URLSearchParams(location.hash.slice(1));
  const fromLink = params.getAll("t").filter((token) => token && token.length <= 64);
  if (fromLink.length) {
    app.tokens = [...new Set(fromLink)];
    app.displayFlag = params.get("display") === "1";
    saveJSON(SEATS_KEY, { tokens: app.tokens, display: app.displayFlag });
  } else {
    const stored = loadJSON(SEATS_KEY, null);
    app.tokens = stored && Array.isArray(stored.tokens) ? stored.tokens.filter((token) => typeof token === "string") : [];
    app.displayFlag = Boolean(stored && stored.display) || params.get("display") === "1";
  }
}

export function isDisplay() {
  return app.displayFlag || (app.joined && app.you.spectator && !app.you.creator);
}

export function held(seat) {
  return seat !== null && seat !== undefined && app.you.seats.includes(seat);
}

export function canAct() {
  return app.joined && app.you.seats.length > 0 && !isDisplay();
}

export function name(seat) {
  if (seat === null || seat === undefined) return t("nobody");
  const players = (app.view && app.view.players) || [];
  const player = players[seat];
  if (player) return player.name;
  const seats = (app.table && app.table.seats) || [];
  return seats[seat] ? seats[seat].name : t("Seat {n}", { n: seat + 1 });
}

export function names(seats) {
  return seats.map(name).join(", ");
}

function allNames() {
  const players = (app.view && app.view.players) || (app.table && app.table.seats) || [];
  return players.map((p) => String(p.name));
}

/** The players' names for the log's templates (logtext.js). */
export const logContext = {
  name,
  /** The seats whose turn a seat's turn is: its team in Two-Headed Giant (805.4a), else the seat alone. */
  team(seat) {
    const v = app.view;
    if (!v || v.variant !== "two_headed_giant" || !Array.isArray(v.teams)) return [seat];
    return v.teams.find((team) => team.includes(seat)) || [seat];
  },
  namePattern() {
    const key = allNames().join("\u0000");
    if (logContext.cached !== key) {
      logContext.cached = key;
      const escaped = allNames()
        .sort((a, b) => b.length - a.length)
        .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
      logContext.pattern = escaped.length ? escaped.join("|") : "(?!)";
    }
    return logContext.pattern;
  },
  cached: null,
  pattern: "(?!)",
};

/** An event's text for the page: in the chosen language when the log has a template for it. */
export function lineText(event) {
  return eventText(event, logContext);
}
