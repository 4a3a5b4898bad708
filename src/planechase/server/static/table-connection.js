// The table page's connection: the WebSocket to /ws/{table}, joining, the messages from the server, the
// queue of actions (sent once, acknowledged, resent safely after a reconnection) and keeping the screen awake.
import { h, loadJSON } from "./dom.js";
import { N_, language, messageText, t } from "./i18n.js";
import { cardName } from "./cardtext.js";
import { decisionText } from "./logtext.js";
import { $, ACTING_KEY, app, BOOKKEEPING_RETRIES, canAct, CHECK_EVERY, held, isDisplay, LOG_KEEP, logContext, name, names, newId, PING_EVERY, readTokens, SILENT_LIMIT, tableId, toast } from "./table-common.js";
import { announce, renderAll, renderBanners, renderDecision } from "./table-planes.js";
import { renderActing, renderInvite, renderTableInfo, renderTools } from "./table-tools.js";
import { appendLog, renderLog, trimLog } from "./table-log.js";

// ---------------------------------------------------------------- the connection

/** Show the connection's status; `text` makes its words, so they can be drawn again in another language. */
function setStatus(text, kind = "") {
  app.statusText = text;
  app.statusKind = kind;
  renderStatus();
}

export function renderStatus() {
  const status = $("status");
  status.textContent = app.statusText ? app.statusText() : t("connecting…");
  status.className = `status ${app.statusKind || ""}`;
  if (app.joined) status.classList.toggle("sending", busy());
}

export function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) {
    app.ws.send(JSON.stringify(message));
    return true;
  }
  return false;
}

/** The connection boot.js opened before the modules arrived, if it is for these tokens and still usable. */
function earlyConnection() {
  const early = window.__planechaseEarly;
  window.__planechaseEarly = null;
  if (!early || early.ws.readyState > WebSocket.OPEN) return null;
  if (JSON.stringify([...early.tokens].sort()) !== JSON.stringify([...app.tokens].sort())) {
    early.ws.close();
    return null;
  }
  early.adopted = true;
  return early;
}

export function connect() {
  clearTimeout(app.reconnectTimer);
  if (app.fatal) return;
  const early = app.retry ? null : earlyConnection();
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  let ws;
  try {
    ws = early ? early.ws : new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(tableId)}`);
  } catch {
    scheduleReconnect();
    return;
  }
  app.ws = ws;
  app.joined = false;
  app.lastHeard = Date.now();
  // Until it has joined again after a loss, the connection is shown as down (in words and colour).
  setStatus(app.retry ? () => t("reconnecting…") : () => t("connecting…"), app.retry ? "bad" : "");
  const joinOnOpen = () => {
    if (app.ws !== ws) return;
    app.lastHeard = Date.now();
    send({ type: "join", tokens: app.tokens });
  };
  if (!early) ws.addEventListener("open", joinOnOpen);
  else if (ws.readyState === WebSocket.CONNECTING && !early.joinSent) ws.addEventListener("open", joinOnOpen);
  const receive = (data) => {
    if (app.ws !== ws) return;
    app.lastHeard = Date.now();
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message && typeof message === "object") handle(message);
  };
  ws.addEventListener("message", (event) => receive(event.data));
  if (early) for (const data of early.messages.splice(0)) receive(data); // what it heard before the page was ready
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

/** Close the connection this page holds, if any: it is no longer listened to. */
function dropConnection() {
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
}

export function reconnectNow() {
  dropConnection();
  connect();
}

// The connection tells the truth: a ping after a quiet moment, and a connection that stays silent past its deadline
// (or a browser that says it is offline) is shown as lost at once, the taps made meanwhile marked as waiting.
setInterval(() => {
  if (!app.ws) return;
  const quiet = Date.now() - app.lastHeard;
  if (app.ws.readyState === WebSocket.CONNECTING && quiet > SILENT_LIMIT * 2) {
    reconnectNow(); // a connection attempt that hangs (a network that drops packets): try again
    return;
  }
  if (app.ws.readyState !== WebSocket.OPEN) return;
  if (quiet > SILENT_LIMIT) {
    lost(); // a connection that went quiet (a phone that lost its network or slept): start again
    return;
  }
  if (quiet > PING_EVERY && Date.now() - app.pinged > PING_EVERY) {
    app.pinged = Date.now();
    send({ type: "ping" });
  }
}, CHECK_EVERY);

/** The connection is gone: say so, keep the taps not yet acknowledged (they are sent again, each once, when it
 *  is back) and try again. */
function lost() {
  dropConnection();
  scheduleReconnect();
  if (navigator.onLine === false) setStatus(() => t("offline · waiting for the network"), "bad"); // "online" reconnects
  renderControlsEnabled();
  renderPending();
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState !== "visible" || app.fatal) return;
  if (!app.ws) connect();
  else if (app.ws.readyState === WebSocket.OPEN) send({ type: "ping" });
});

window.addEventListener("online", () => {
  if (!app.fatal) reconnectNow();
});

window.addEventListener("offline", () => {
  if (!app.fatal) lost();
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

/** On a device holding several seats, "Acting as" follows the seat that must act now (the decision's player, else
 *  the player with priority), when it is one of this device's. */
function followWhoMustAct() {
  const v = app.view;
  if (!v || app.you.seats.length < 2) return;
  const must = v.decision ? v.decision.player : v.priority;
  if (held(must) && must !== app.acting) app.acting = must;
}

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
  followWhoMustAct();
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
  renderPending();
}

function onRefused(message) {
  const mine = app.inflight && app.inflight.msg.id === message.id ? app.inflight : null;
  if (mine) app.inflight = null;
  const action = mine ? mine.msg.action : null;
  const bookkeeping = action && (action.type === "life" || action.type === "poison");
  if (message.code === "stale" && bookkeeping && mine.retries < BOOKKEEPING_RETRIES) {
    // A life or poison change adds to the total whatever it is now: send it again against the new state.
    app.queue.unshift({ action, retries: mine.retries + 1, state: null });
  } else if (message.code === "stale") {
    toast(t("The table changed before your action arrived. Look again and retry if it still applies."), "warn");
  } else if (message.code === "left_game") {
    toast(t("Your players have left the game: you can watch, but no longer act or vote."), "warn", message.rule || "");
  } else {
    toast(serverText(message) || t("Refused ({code}).", { code: message.code }), "bad", message.rule || "");
  }
  pump();
  renderControlsEnabled();
}

/** A refusal's or an error's sentence in the chosen language (its `text`), else the server's English. */
function serverText(message) {
  const english = typeof message.message === "string" ? message.message : "";
  return messageText(message.text, english, { card: cardName, prompt: (prompt) => decisionText(prompt, logContext) });
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
    toast(serverText(message) || code || t("Something went wrong."), code === "stale" ? "warn" : "bad");
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
export function act(action) {
  const bookkeeping = isBookkeeping(action);
  // Life and poison taps are kept while the connection is away (each sent once it is back); other actions need it.
  const keeps = bookkeeping && app.you.seats.length > 0 && !isDisplay() && Boolean(app.view);
  if (!canAct() && !keeps) return;
  if (!bookkeeping && [app.inflight && app.inflight.msg.action, ...app.queue.map((q) => q.action)].some((a) => a && !isBookkeeping(a))) {
    toast(t("Still sending your last action…"), "warn");
    return;
  }
  // Any other action is made against the table as the player saw it: sent later (after a lost connection), it is
  // refused as stale if the table moved on meanwhile, never applied to a table the player did not see.
  app.queue.push({ action, retries: 0, state: bookkeeping ? null : app.state });
  pump();
  renderControlsEnabled();
  renderPending();
}

function isBookkeeping(action) {
  return action.type === "life" || action.type === "poison";
}

function pump() {
  if (app.inflight || !app.queue.length || !app.joined || !app.synced || app.state === null) return;
  if (app.state < app.waitState) return; // the state our last action made has not arrived yet
  // While a decision is pending the rules take only its answer: life and poison taps wait for it (shown waiting),
  // and an answer made meanwhile goes first.
  const deciding = Boolean(app.view && app.view.decision);
  const at = deciding ? app.queue.findIndex((q) => !isBookkeeping(q.action)) : 0;
  if (at < 0) {
    renderPending();
    return;
  }
  const [next] = app.queue.splice(at, 1);
  const msg = { type: "act", id: newId(), state: next.state === null || next.state === undefined ? app.state : next.state, action: next.action };
  app.inflight = { msg, retries: next.retries };
  send(msg);
  renderPending();
}

/** The taps not yet acknowledged by the server: how much each player's life and poison will change, by seat. */
export function pendingChanges() {
  const out = {};
  for (const action of [app.inflight && app.inflight.msg.action, ...app.queue.map((q) => q.action)]) {
    if (!action || !isBookkeeping(action)) continue;
    const seat = (out[action.player] ||= { life: 0, poison: 0 });
    seat[action.type] += Number(action.amount) || 0;
  }
  return out;
}

/** Say which taps are waiting (sent and not yet acknowledged, or kept until the connection is back). */
export function renderPending() {
  const box = $("pending");
  if (!box) return;
  const count = (app.inflight ? 1 : 0) + app.queue.length;
  box.hidden = count === 0;
  if (!count) return;
  const deciding = Boolean(app.view && app.view.decision) && app.queue.length && app.queue.every((q) => isBookkeeping(q.action));
  box.textContent = !app.joined
    ? t("Taps waiting for the connection: {n}. They are sent once it is back.", { n: count })
    : deciding
      ? t("Life and poison changes waiting for the decision: {n}.", { n: count })
      : t("Taps being sent: {n}…", { n: count });
  box.className = `pending ${app.joined ? "" : "offline"}`.trim();
  for (const [seat, change] of Object.entries(pendingChanges())) {
    for (const kind of ["life", "poison"]) {
      const shown = document.querySelector(`[data-testid="${kind}-pending-${seat}"]`);
      if (shown) shown.textContent = change[kind] ? `${change[kind] > 0 ? "+" : "−"}${Math.abs(change[kind])}…` : "";
    }
  }
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
export function actionButton(label, action, attrs = {}) {
  const { class: extra = "", ...rest } = attrs;
  const { blocked = false, ...others } = rest;
  const press = () => {
    const chosen = typeof action === "function" ? action() : action;
    if (chosen) act(chosen);
  };
  const button = h("button", { type: "button", ...others, class: `act ${extra}`.trim(), onclick: press }, label);
  if (blocked) button.dataset.blocked = "1"; // not now (a decision is pending), whatever the connection
  const kept = typeof action !== "function" && action && isBookkeeping(action);
  if (kept) button.dataset.kept = "1"; // a life or poison tap is kept while the connection is away
  button.disabled = (!app.joined && !kept) || blocked;
  return button;
}

function renderControlsEnabled() {
  for (const button of document.querySelectorAll("button.act")) button.disabled = (!app.joined && button.dataset.kept !== "1") || button.dataset.blocked === "1";
  const status = $("status");
  if (app.joined) status.classList.toggle("sending", busy());
}

export function renderTitle() {
  const table = app.table && app.table.name ? app.table.name : "Planechase";
  document.title = app.table ? t("{name} · Planechase table", { name: table }) : t("Planechase table");
}
