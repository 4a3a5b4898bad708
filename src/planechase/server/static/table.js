// The table page: talks to /ws/{table} (see docs/web.md) and draws the `view` of every `state` message.
// Every piece of user or card text goes into the page through textContent (the h() helper); no innerHTML.
// Interface text goes through t() (i18n.js); the rules log through eventText() (logtext.js).

import { cardName, loadCardTexts, setShowingOracle, shownCard } from "./cardtext.js";
import { copyText, h, loadJSON, qrCode, registerServiceWorker, saveJSON } from "./dom.js";
import { N_, format, language, languageMenu, listOf, onLanguage, startLanguage, t } from "./i18n.js";
import { EFFECT_LABEL, PLAYER_EFFECTS, attacksText, decisionText, eventText, phrase } from "./logtext.js";

// ---------------------------------------------------------------- constants

const STEPS = [
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
const STEP_LABEL = Object.fromEntries(STEPS);
const ADVANCE_LABEL = { ...STEP_LABEL, next_turn: N_("Next turn") };
const VARIANT_LABEL = {
  free_for_all: N_("Free-for-All"),
  two_headed_giant: N_("Two-Headed Giant"),
  emperor: N_("Emperor"),
  grand_melee: N_("Grand Melee"),
};
const STACK_KIND = {
  triggered: N_("triggered ability"),
  planeswalking: N_("planeswalking ability"),
  other: N_("spell or ability"),
};
const DIRECTION_SHORT = {
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
const ROLE_LABEL = {
  // NOTE: a player's role in the variant (Two-Headed Giant: primary, teammate; Emperor: emperor, general)
  player: N_("player"),
  primary: N_("primary"),
  teammate: N_("teammate"),
  emperor: N_("emperor"),
  general: N_("general"),
};
// NOTE: how a player's game ended (a tag by their name)
const STATUS_LABEL = { won: N_("won"), lost: N_("lost"), drawn: N_("drawn") };
// NOTE: whom players may attack (Free-for-All): several players, or only the player to the left or right
const ATTACK_LABEL = { multiple: N_("multiple"), left: N_("left"), right: N_("right") };
const BUMP_LABEL = {
  life: [N_("Add {n} life to {player}"), N_("Take {n} life from {player}")],
  poison: [N_("Add {n} poison to {player}"), N_("Take {n} poison from {player}")],
};
const DURATION_LABEL = {
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
const TRACKED_CARDS = {
  "Susan Foreman":
    "If you would planeswalk, instead look at the top two cards of your planar deck, put one on the bottom of your planar deck and the other on top, then planeswalk.",
  "Ichor Elixir": "If you would roll one or more planar dice, instead roll that many planar dice plus one and ignore one.",
};
/** The cards whose choices a player makes and the game remembers (the view's ``choices``), by their key. */
const CHOICE_CARDS = { two_streams: "Two Streams Facility" };
/** What a player will skip (the view's ``skips``): the reminder, for one player and for a team (805.8). */
const SKIP_TEXT = {
  turn: [N_("{source}: {player} will skip their next turn."), N_("{source}: {player}'s team will skip their next turn.")],
  untap_step: [N_("{source}: {player} will skip their next untap step."), N_("{source}: {player}'s team will skip their next untap step.")],
  upkeep_step: [N_("{source}: {player} will skip their next upkeep step."), N_("{source}: {player}'s team will skip their next upkeep step.")],
  draw_step: [N_("{source}: {player} will skip their next draw step."), N_("{source}: {player}'s team will skip their next draw step.")],
  combat_phase: [N_("{source}: {player} will skip their next combat phase."), N_("{source}: {player}'s team will skip their next combat phase.")],
};

/** The most log lines kept on the page. */
const LOG_KEEP = 1000;
/** Ping the server this often, and count the connection dead after this long without a message. */
const PING_EVERY = 20_000;
const SILENT_LIMIT = 50_000;
/** How many times a life or poison change refused as stale is sent again (it adds to whatever the total is). */
const BOOKKEEPING_RETRIES = 3;

const $ = (id) => document.getElementById(id);
const wide = window.matchMedia("(min-width: 960px)");

// ---------------------------------------------------------------- small helpers

/** An element with attributes and children; strings become text nodes (never parsed as HTML). */

/** Replace an element's children, leaving out null, undefined and false (replaceChildren would print them). */
function fill(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** A translated text with elements in it: t()'s {placeholders} given as nodes (or lists of them) stay nodes. */
function tx(text, parts = {}) {
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
function labelOf(table, value) {
  return table[value] ? t(table[value]) : String(value);
}

function chaosIcon() {
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
function richText(text) {
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

function isChaosLine(line) {
  const lower = line.toLowerCase();
  return lower.startsWith("whenever chaos ensues") || lower.startsWith("when chaos ensues") || lower.startsWith("whenever you roll {chaos}");
}

function ruleTag(rule) {
  return h("span", { class: "rule-tag", title: t("Comprehensive Rules {rule}", { rule }) }, rule);
}

function costText(cost) {
  return h("span", { class: "cost" }, `{${cost}}`);
}



/** A fresh id for an action: random, and fine without a secure context (crypto.randomUUID needs one). */
function newId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return "w-" + [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}


function toast(text, kind = "", rule = "") {
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

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const SEATS_KEY = `planechase:seats:${tableId}`;
const ROTATE_KEY = `planechase:rotate:${tableId}`;
const ACTING_KEY = `planechase:acting:${tableId}`;

const app = {
  tokens: [],
  displayFlag: false,
  ws: null,
  joined: false,
  synced: false,
  needResend: false,
  retry: 0,
  reconnectTimer: 0,
  lastHeard: 0,
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
function readTokens() {
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

function isDisplay() {
  return app.displayFlag || (app.joined && app.you.spectator && !app.you.creator);
}

function held(seat) {
  return seat !== null && seat !== undefined && app.you.seats.includes(seat);
}

function canAct() {
  return app.joined && app.you.seats.length > 0 && !isDisplay();
}

function name(seat) {
  if (seat === null || seat === undefined) return t("nobody");
  const players = (app.view && app.view.players) || [];
  const player = players[seat];
  if (player) return player.name;
  const seats = (app.table && app.table.seats) || [];
  return seats[seat] ? seats[seat].name : t("Seat {n}", { n: seat + 1 });
}

function names(seats) {
  return seats.map(name).join(", ");
}

function allNames() {
  const players = (app.view && app.view.players) || (app.table && app.table.seats) || [];
  return players.map((p) => String(p.name));
}

/** The players' names for the log's templates (logtext.js). */
const logContext = {
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
function lineText(event) {
  return eventText(event, logContext);
}

// ---------------------------------------------------------------- the connection

/** Show the connection's status; `text` makes its words, so they can be drawn again in another language. */
function setStatus(text, kind = "") {
  app.statusText = text;
  app.statusKind = kind;
  renderStatus();
}

function renderStatus() {
  const status = $("status");
  status.textContent = app.statusText ? app.statusText() : t("connecting…");
  status.className = `status ${app.statusKind || ""}`;
  if (app.joined) status.classList.toggle("sending", busy());
}

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function connect() {
  clearTimeout(app.reconnectTimer);
  if (app.fatal) return;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let ws;
  try {
    ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(tableId)}`);
  } catch {
    scheduleReconnect();
    return;
  }
  app.ws = ws;
  app.joined = false;
  app.lastHeard = Date.now();
  setStatus(app.retry ? () => t("reconnecting…") : () => t("connecting…"));
  ws.addEventListener("open", () => {
    if (app.ws !== ws) return;
    app.lastHeard = Date.now();
    send({ type: "join", tokens: app.tokens });
  });
  ws.addEventListener("message", (event) => {
    if (app.ws !== ws) return;
    app.lastHeard = Date.now();
    let message;
    try {
      message = JSON.parse(event.data);
    } catch {
      return;
    }
    if (message && typeof message === "object") handle(message);
  });
  ws.addEventListener("close", () => {
    if (app.ws !== ws) return;
    app.ws = null;
    app.joined = false;
    if (app.fatal) {
      setStatus(() => t("not connected"), "bad");
      return;
    }
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  clearTimeout(app.reconnectTimer);
  const delay = Math.min(15_000, 500 * 2 ** Math.min(app.retry, 5)) * (0.8 + Math.random() * 0.4);
  app.retry += 1;
  const seconds = Math.ceil(delay / 1000);
  setStatus(() => t("reconnecting in {seconds} s…", { seconds }), "bad");
  app.reconnectTimer = setTimeout(connect, delay);
  renderControlsEnabled();
}

function reconnectNow() {
  if (app.ws) {
    const old = app.ws;
    app.ws = null;
    try {
      old.close();
    } catch {
      /* already closing */
    }
  }
  app.joined = false;
  connect();
}

setInterval(() => {
  if (!app.ws) return;
  if (app.ws.readyState === WebSocket.CONNECTING && Date.now() - app.lastHeard > PING_EVERY) {
    reconnectNow(); // a connection attempt that hangs (a network that drops packets): try again
    return;
  }
  if (app.ws.readyState !== WebSocket.OPEN) return;
  if (Date.now() - app.lastHeard > SILENT_LIMIT) {
    reconnectNow(); // a connection that went quiet (a phone that slept): start again
    return;
  }
  send({ type: "ping" });
}, PING_EVERY);

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || app.fatal) return;
  if (!app.ws) connect();
  else if (app.ws.readyState === WebSocket.OPEN) send({ type: "ping" });
});

window.addEventListener("online", () => {
  if (!app.ws && !app.fatal) connect();
});

window.addEventListener("hashchange", () => {
  const before = JSON.stringify([app.tokens, app.displayFlag]);
  readTokens();
  if (JSON.stringify([app.tokens, app.displayFlag]) !== before) reconnectNow();
});

// ---------------------------------------------------------------- messages from the server

function handle(message) {
  switch (message.type) {
    case "welcome":
      onWelcome(message);
      break;
    case "state":
      onState(message);
      break;
    case "ack":
      onAck(message);
      break;
    case "refused":
      onRefused(message);
      break;
    case "undo":
      onUndo(message);
      break;
    case "private":
      // What only this device's seat may see: a decision's prompt naming hidden cards (Susan Foreman).
      app.secret = message.decision && typeof message.decision === "object" ? message.decision : null;
      renderDecision();
      break;
    case "log":
      if (Array.isArray(message.events)) {
        // An older page of the log: it goes before what the page holds.
        app.log = [...message.events, ...app.log];
        app.logShown = Math.min(app.log.length, app.logShown + message.events.length);
        app.logBefore = Number(message.before) || 0;
        app.logTruncated = Boolean(message.more);
        app.logMarks = [];
        app.fresh = new Set();
        renderLog(true);
      }
      break;
    case "error":
      onError(message);
      break;
    default:
      break; // pong and anything new
  }
}

// -- the screen stays awake while the table is open (the Wake Lock API, where the browser has it)

let wakeLock = null;

async function keepAwake() {
  if (wakeLock || !navigator.wakeLock || document.visibilityState !== "visible") return;
  if (app.view && app.view.over) return; // the game is over: the screen may sleep
  try {
    wakeLock = await navigator.wakeLock.request("screen");
    wakeLock.addEventListener("release", () => {
      wakeLock = null;
    });
  } catch {
    wakeLock = null; // refused (battery saver, no permission): the screen sleeps as usual
  }
}

// A lock is released when the page is hidden; take it again when the page comes back.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && app.joined) keepAwake();
});

function onWelcome(message) {
  app.table = message.table || null;
  app.you = message.you || { seats: [], spectator: true, creator: false };
  app.creatorTokens = message.tokens || null;
  app.links = message.links || null;
  app.joined = true;
  app.synced = false; // the state message that follows the welcome is the table as it is now
  app.needResend = Boolean(app.inflight);
  app.retry = 0;
  const stored = Number(loadJSON(ACTING_KEY, NaN));
  app.acting = held(stored) ? stored : app.you.seats.length ? app.you.seats[0] : null;
  setStatus(() => {
    const who = app.you.seats.length ? names(app.you.seats) : app.you.creator ? t("creator") : t("watching");
    return t("connected · {who}", { who });
  }, "ok");
  document.body.classList.toggle("display", isDisplay());
  document.body.classList.toggle("creator-only", app.you.creator && !app.you.seats.length);
  keepAwake();
  renderTitle();
  renderTableInfo();
  renderInvite();
  renderActing();
}

function onState(message) {
  if (message.view) {
    app.view = message.view;
  } else if (app.view && message.changes && message.base === app.state) {
    app.view = applyChanges(app.view, message.changes, message.patch || {}); // after an action: what changed
  } else {
    reconnectNow(); // out of step (a message lost?): joining again sends the whole table
    return;
  }
  app.state = message.state;
  app.undo = message.undo || null;
  if (app.secret && !(app.view.decision && app.view.decision.id === app.secret.id)) app.secret = null;
  const events = Array.isArray(message.events) ? message.events : [];
  if (message.reset) {
    app.waitState = Math.min(app.waitState, app.state); // the table as it is now is the one to act on
    app.log = events.slice();
    app.logTruncated = Boolean(message.log_truncated);
    app.logBefore = Number(message.log_before) || 0;
    app.logMarks = [];
    app.logShown = LOG_KEEP;
    app.fresh = new Set();
    renderAll();
    renderLog(true);
  } else {
    const start = app.log.length;
    app.log.push(...events);
    app.logMarks.push([message.state, events.length]);
    app.fresh = new Set(events.map((_, i) => start + i));
    renderAll();
    appendLog(events);
    announce(events);
    if (app.log.length > LOG_KEEP * 5) trimLog();
  }
  app.synced = true;
  if (message.ack) onAck({ id: message.ack, state: message.state }); // the state our own action made
  if (app.needResend) {
    app.needResend = false;
    resendInflight();
  }
  pump();
}

/** The view after an action: ``changes`` replaces whole fields; ``patch`` updates some fields of some items
 *  of a list (``patch.players["1"] = {life: 17}``). */
function applyChanges(view, changes, patch) {
  const next = { ...view, ...changes };
  for (const [field, items] of Object.entries(patch)) {
    const list = Array.isArray(next[field]) ? next[field].slice() : [];
    for (const [index, fields] of Object.entries(items)) list[Number(index)] = { ...list[Number(index)], ...fields };
    next[field] = list;
  }
  return next;
}

function onAck(message) {
  if (app.inflight && app.inflight.msg.id === message.id) {
    app.inflight = null;
    app.waitState = Number(message.state) || 0;
  }
  pump();
  renderControlsEnabled();
}

function onRefused(message) {
  const mine = app.inflight && app.inflight.msg.id === message.id ? app.inflight : null;
  if (mine) app.inflight = null;
  const action = mine ? mine.msg.action : null;
  const bookkeeping = action && (action.type === "life" || action.type === "poison");
  if (message.code === "stale" && bookkeeping && mine.retries < BOOKKEEPING_RETRIES) {
    // A life or poison change adds to the total whatever it is now: send it again against the new state.
    app.queue.unshift({ action, retries: mine.retries + 1 });
  } else if (message.code === "stale") {
    toast(t("The table changed before your action arrived. Look again and retry if it still applies."), "warn");
  } else if (message.code === "left_game") {
    toast(t("Your players have left the game: you can watch, but no longer act or vote."), "warn", message.rule || "");
  } else {
    toast(message.message || t("Refused ({code}).", { code: message.code }), "bad", message.rule || "");
  }
  pump();
  renderControlsEnabled();
}

function onUndo(message) {
  app.undo = message.proposal || null;
  if (Array.isArray(message.refused_by)) {
    const who = names(message.refused_by);
    toast(who ? t("{players} refused the undo.", { players: who }) : t("A player refused the undo."), "warn");
  }
  if (message.done) toast(t("The table agreed: the last action is undone."));
  renderBanners();
  renderTools();
}

function onError(message) {
  const code = message.code || "";
  if (code === "no_table") {
    app.fatal = N_("There is no such table on this server.");
  } else if (code === "broken") {
    app.fatal = N_("This table could not be loaded: the server set it aside. Tell whoever runs the server.");
  } else if (code === "left_game") {
    toast(t("Your players have left the game: you can watch, but no longer act or vote."), "warn");
    return;
  } else if (code === "too_many") {
    toast(t("Too many connections to this table or from this network: trying again shortly."), "warn");
    return;
  } else if (code === "bad_token") {
    app.fatal = N_("This device's link is not one of this table's. Ask for your seat's link again.");
  } else {
    toast(message.message || code || t("Something went wrong."), code === "stale" ? "warn" : "bad");
    return;
  }
  setStatus(() => t("not connected"), "bad");
  const ws = app.ws;
  app.ws = null;
  if (ws) ws.close();
  renderBanners();
}

// ---------------------------------------------------------------- acting

/** Send an action. Life and poison taps queue up (each is sent after the previous one is stored); any other
 *  action is refused while one is still on its way, so a double tap does not pass twice. */
function act(action) {
  if (!canAct()) return;
  const bookkeeping = action.type === "life" || action.type === "poison";
  if (!bookkeeping && (app.inflight || app.queue.length)) {
    toast(t("Still sending your last action…"), "warn");
    return;
  }
  app.queue.push({ action, retries: 0 });
  pump();
  renderControlsEnabled();
}

function pump() {
  if (app.inflight || !app.queue.length || !app.joined || !app.synced || app.state === null) return;
  if (app.state < app.waitState) return; // the state our last action made has not arrived yet
  const next = app.queue.shift();
  const msg = { type: "act", id: newId(), state: app.state, action: next.action };
  app.inflight = { msg, retries: next.retries };
  send(msg);
}

/** After a reconnection, the action whose answer was lost is sent again with the same id: the server answers
 *  it again and never applies it twice. */
function resendInflight() {
  if (app.inflight && app.joined) send(app.inflight.msg);
}

function busy() {
  return Boolean(app.inflight || app.queue.length);
}

/** A button that sends ``action`` (or, when ``action`` is a function, what it returns when the button is pressed;
 *  nothing if it returns null). */
function actionButton(label, action, attrs = {}) {
  const { class: extra = "", ...rest } = attrs;
  const { blocked = false, ...others } = rest;
  const press = () => {
    const chosen = typeof action === "function" ? action() : action;
    if (chosen) act(chosen);
  };
  const button = h("button", { type: "button", ...others, class: `act ${extra}`.trim(), onclick: press }, label);
  if (blocked) button.dataset.blocked = "1"; // not now (a decision is pending), whatever the connection
  button.disabled = !app.joined || blocked;
  return button;
}

function renderControlsEnabled() {
  for (const button of document.querySelectorAll("button.act")) button.disabled = !app.joined || button.dataset.blocked === "1";
  const status = $("status");
  if (app.joined) status.classList.toggle("sending", busy());
}

function renderTitle() {
  const table = app.table && app.table.name ? app.table.name : "Planechase";
  document.title = app.table ? t("{name} · Planechase table", { name: table }) : t("Planechase table");
}

// ---------------------------------------------------------------- drawing

function renderAll() {
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

function renderBanners() {
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
  english.forEach((line, index) => {
    if (!line.trim()) return;
    const chaos = isChaosLine(line);
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
          ? h("span", { class: "set-code", "data-testid": "set-code", title: card.sets.join(", ") }, card.sets[0])
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

function renderPlanes() {
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

function renderDecision() {
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
        ...(shown.allowed ? [] : [" · ", v.decision ? t("waiting for a decision") : t("not now")]),
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
 * moment (animated unless the device asks for reduced motion), and a short vibration for chaos and planeswalks. */
function announce(events) {
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
  const box = $("moment");
  box.dataset.kind = kind;
  fill(box, content);
  box.hidden = false;
  clearTimeout(announce.timer);
  announce.timer = setTimeout(() => {
    box.hidden = true;
  }, 2200);
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

// -- the stack and priority

function stackBlocks(v) {
  if (v.turn_markers && v.turn_markers.length) {
    return v.turn_markers
      .filter((m) => m.taking_turn)
      .map((m) => ({
        marker: m.marker,
        label: t("Marker {marker}: {player}'s turn, {step}", { marker: m.marker, player: name(m.active), step: labelOf(STEP_LABEL, m.step) }),
        priority: m.priority,
        stack: m.stack || [],
        advance: m.advance_to || [],
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
    ...richText(phrase(item.text)),
  );
}

function renderStack() {
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
      if (block.advance.length) {
        out.push(
          h(
            "div",
            { class: "advance control", "data-testid": `advance${suffix}` },
            h("span", { class: "dim" }, t("Move on to:")),
            ...block.advance.map((to) => actionButton(labelOf(ADVANCE_LABEL, to), { type: "advance", player: block.priority, to, ...marker }, { class: "small", "data-testid": `advance-${to}${suffix}` })),
          ),
        );
      }
    }
  }
  fill($("stack"), ...out);
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

function renderAttack() {
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

function renderPlayers() {
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
          blocked: Boolean(v.decision || v.over), // the engine takes only the answer while a decision is pending
          "data-testid": `${kind}-${p.seat}-${amount > 0 ? "plus" : "minus"}${Math.abs(amount)}`,
          "aria-label": t(BUMP_LABEL[kind][amount > 0 ? 0 : 1], { n: Math.abs(amount), player: p.name }),
        });
      if (controls && !out) lifeRow.append(bump(-5), bump(-1), life, bump(1), bump(5));
      else lifeRow.append(life);
      const poison = h("div", { class: "poison-row" }, tx("Poison {poison}", { poison: h("span", { class: "poison", "data-testid": `poison-${p.seat}` }, String(p.poison)) }));
      if (controls && !out) poison.append(bump(-1, "poison"), bump(1, "poison"));
      const facts = [t("roll cost {cost}", { cost: `{${p.roll_cost}}` }), t("rolled {n}× this turn", { n: p.rolls_this_turn })];
      if (p.planar_deck !== null && p.planar_deck !== undefined) facts.push(t("planar deck {n}", { n: p.planar_deck }));
      return h(
        "div",
        { class: `player${actives.includes(p.seat) ? " active" : ""}${out ? " out" : ""}${held(p.seat) ? " mine" : ""}`, "data-testid": `player-${p.seat}` },
        h("div", { class: "pname", "data-you": t("(you)") }, `${p.seat + 1}. ${p.name}`),
        tags,
        lifeRow,
        poison,
        h("div", { class: "small-print" }, facts.join(" · ")),
      );
    }),
  );
  if (v.shared_deck && v.planar_deck_sizes && v.planar_deck_sizes.length) {
    $("players").append(h("p", { class: "dim" }, t("Shared planar deck: {n} cards", { n: v.planar_deck_sizes[0] })));
  }
}

// -- the seat map (teams, roles, range of influence, who can attack whom)

function renderSeatMap() {
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

function renderInstructions() {
  let since = -1;
  for (let i = app.log.length - 1; i >= 0; i--) {
    if (app.log[i].type === "turn_began") {
      since = i;
      break;
    }
  }
  let shown = [];
  app.log.forEach((event, i) => {
    if (event.type === "instruction" && i > since) shown.push(i);
  });
  if (!shown.length) {
    app.log.forEach((event, i) => {
      if (event.type === "instruction") shown.push(i);
    });
    shown = shown.slice(-3);
  }
  shown = shown.slice(-8);
  $("instructions-panel").hidden = shown.length === 0;
  fill($("instructions"), 
    ...shown.reverse().map((i) => h("li", { class: app.fresh.has(i) ? "fresh" : "", "data-testid": "instruction" }, ...richText(lineText(app.log[i])))),
  );
}

function renderEffects() {
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
        ...richText(effect.text),
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

function renderVisited() {
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

function renderMarkers() {
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

function renderMap() {
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
  for (let y = maxY; y >= minY; y--) {
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
      const attrs = { class: classes.join(" "), "data-x": x, "data-y": y, role: "gridcell" };
      if (space && space.current) attrs["aria-current"] = "location";
      if (option) {
        grid.append(
          actionButton(content, { type: "choose", player: choosing.player, decision: choosing.id, option: option.id }, { ...attrs, "data-testid": "map-move" }),
        );
      } else {
        grid.append(h("div", attrs, ...content));
      }
    }
  }
  const notes = [];
  const pile = emap.phenomenon_pile !== null && emap.phenomenon_pile !== undefined;
  notes.push(h("li", {}, t("Deck: {n} cards", { n: emap.deck }), pile ? [" · ", t("phenomenon pile: {n}", { n: emap.phenomenon_pile })] : ""));
  if (emap.arriving) notes.push(h("li", {}, t("Arriving: a phenomenon is met on the way; the plane here is face up but not planeswalked to yet.")));
  if (emap.tunnel) notes.push(h("li", {}, t("Tunnel: the next move puts the top card of the deck on its destination.")));
  if (emap.beside && emap.beside.length) notes.push(h("li", {}, t("Beside the map: {cards}", { cards: emap.beside.join(", ") })));
  const rules = h("details", {}, h("summary", {}, t("The map's rules")), h("ul", { class: "map-notes" }, ...(emap.description || []).map((line) => h("li", {}, line))));
  fill($("map"), grid, h("ul", { class: "map-notes" }, ...notes), rules);
}

// -- the tools: undo, concede, cast

function renderTools() {
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

function renderActing() {
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

function renderTableInfo() {
  const table = app.table;
  if (!table) return;
  const config = table.config || {};
  const rules = table.house_rules || [];
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
    rules.length ? h("div", {}, h("h3", {}, t("House rules")), h("ul", { class: "house-rules" }, ...rules.map((line) => h("li", { lang: "en" }, line)))) : null,
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
    h("div", { class: "row" }, copy, extra || null),
  );
}

function renderInvite() {
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

// ---------------------------------------------------------------- the rules log

const ruleTexts = new Map();

/** The text of a rule from GET /api/rules/{number}, or null when the server has none. */
function ruleText(number) {
  if (!ruleTexts.has(number)) {
    const answer = fetch(`/api/rules/${encodeURIComponent(number)}`, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok && (response.headers.get("content-type") || "").includes("json") ? response.json() : null))
      .then((body) => (body && typeof body.text === "string" ? body.text : null))
      .catch(() => null);
    ruleTexts.set(number, answer);
  }
  return ruleTexts.get(number);
}

function logLine(event) {
  const rules = Array.isArray(event.rules) ? event.rules : [];
  const text = lineText(event);
  const line = h(
    "li",
    {
      class: `${event.type === "turn_began" ? "turn" : ""}${event.type === "instruction" ? " instruction" : ""}`,
      "data-testid": "log-line",
      tabindex: 0,
      "aria-expanded": "false",
      lang: language() !== "en" && text === event.text ? "en" : null, // a line no template translates stays English
    },
    ...rules.map(ruleTag),
    ...richText(text),
  );
  const toggle = () => {
    const open = line.querySelector(".rules-text");
    if (open) {
      open.remove();
      line.classList.remove("open");
      line.setAttribute("aria-expanded", "false");
      return;
    }
    line.classList.add("open");
    line.setAttribute("aria-expanded", "true");
    const box = h("div", { class: "rules-text", "data-testid": "rules-text" });
    if (!rules.length) box.append(h("p", {}, t("No rule number for this line.")));
    for (const rule of rules) {
      const p = h("p", {}, ruleTag(rule), " ", h("span", { class: "dim", lang: "en" }, "…")); // the rules are quoted in English
      box.append(p);
      ruleText(rule).then((text) => {
        p.lastChild.textContent = text || t("Comprehensive Rules {rule}", { rule });
      });
    }
    line.append(box);
  };
  line.addEventListener("click", toggle);
  line.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      toggle();
    }
  });
  return line;
}

/** Keep the newest events of a long session (whole state messages' worth): the older ones stay a page away. */
function trimLog() {
  let drop = 0;
  while (app.logMarks.length && app.log.length - drop - app.logMarks[0][1] >= LOG_KEEP) {
    drop += app.logMarks.shift()[1];
  }
  if (!drop || !app.logMarks.length) return;
  app.log = app.log.slice(drop);
  app.logBefore = app.logMarks[0][0]; // the oldest message kept: the page before it starts below its state
  app.logTruncated = true;
  app.logShown = LOG_KEEP;
  app.fresh = new Set();
  renderLog(true);
}

/** The log, newest first. */
function renderLog(reset) {
  const list = $("log");
  if (reset) {
    const shown = app.log.slice(-app.logShown);
    fill(list, ...shown.reverse().map(logLine));
    if (app.logTruncated && app.logBefore > 0) {
      const more = h("button", { type: "button", class: "small", onclick: () => send({ type: "log", before: app.logBefore }) }, t("Show the older events"));
      list.append(h("li", { class: "dim" }, t("Older events are not shown."), " ", more));
    }
  }
}

function appendLog(events) {
  const list = $("log");
  for (const event of events) list.prepend(logLine(event));
  while (list.children.length > Math.max(LOG_KEEP, app.logShown) + 1) list.lastElementChild.remove();
}

// ---------------------------------------------------------------- start

/** Draw everything again in the language just chosen (the game itself is not reloaded). */
function renderLanguage() {
  renderStatus();
  if (app.table) renderTitle();
  renderTableInfo();
  renderInvite();
  if (app.view) renderAll();
  else {
    renderPlanes();
    renderBanners();
  }
  renderLog(true);
  renderInstructions();
}

languageMenu($("language"));
onLanguage(renderLanguage);
// The cards in the chosen language: shown once their translations are loaded (Oracle text until then).
onLanguage((lang) => {
  loadCardTexts(lang).then((current) => {
    if (!current) return;
    renderPlanes();
    renderEffects();
    renderVisited();
  });
});
startLanguage();

if (!tableId) {
  app.fatal = N_("This address names no table.");
  renderBanners();
} else {
  readTokens();
  document.body.classList.toggle("display", app.displayFlag);
  renderPlanes();
  connect();
}

registerServiceWorker();
