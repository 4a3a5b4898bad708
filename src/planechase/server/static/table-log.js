// The rules log: each event's line in the device's language, and a rule's text when a line is tapped.
import { h } from "./dom.js";
import { cardName } from "./cardtext.js";
import { language, t } from "./i18n.js";
import { $, app, fill, lineText, LOG_KEEP, richText, ruleTag } from "./table-common.js";
import { send } from "./table-connection.js";

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

/** The card of each triggered ability the log holds, by its stack item's id (the ability_triggered lines). */
function triggeredCards() {
  const cards = new Map();
  for (const event of app.log) if (event.type === "ability_triggered" && event.card && event.item !== undefined) cards.set(event.item, String(event.card));
  return cards;
}

/** A line that names an ability the log already quoted in full (it triggered just before): the card's name, with
 *  the whole line kept for when the line is opened. Null for any other line. */
function shortLine(event, cards) {
  const card = (event.type === "put_on_stack" || event.type === "resolves") && cards.get(event.item);
  if (!card) return null;
  const params = { card: cardName(card), item: event.item };
  // NOTE: a log line: a triggered ability of the plane {card} goes on the stack; {item} is its number on the stack (the full text is one tap away)
  if (event.type === "put_on_stack") return t("Put on the stack: {card}'s ability (#{item}).", params);
  // NOTE: a log line: a triggered ability of the plane {card} resolves; {item} is its number on the stack (the full text is one tap away)
  return t("Resolves: {card}'s ability (#{item}).", params);
}

function logLine(event, cards = triggeredCards()) {
  const rules = Array.isArray(event.rules) ? event.rules : [];
  const text = lineText(event);
  const short = shortLine(event, cards);
  const full = short ? h("span", { class: "full-line", hidden: true }, " — ", ...richText(text)) : null;
  const line = h(
    "li",
    {
      class: `${event.type === "turn_began" ? "turn" : ""}${event.type === "instruction" ? " instruction" : ""}`,
      "data-testid": "log-line",
      tabindex: 0,
      "aria-expanded": "false",
      lang: language() !== "en" && !short && text === event.text ? "en" : null, // a line no template translates stays English
    },
    ...rules.map(ruleTag),
    ...richText(short || text),
    full,
  );
  const toggle = () => {
    const open = line.querySelector(".rules-text");
    if (open) {
      open.remove();
      if (full) full.hidden = true;
      line.classList.remove("open");
      line.setAttribute("aria-expanded", "false");
      return;
    }
    if (full) full.hidden = false;
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
export function trimLog() {
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
export function renderLog(reset) {
  const list = $("log");
  if (reset) {
    const shown = app.log.slice(-app.logShown);
    const cards = triggeredCards();
    fill(list, ...shown.reverse().map((event) => logLine(event, cards)));
    if (app.logTruncated && app.logBefore > 0) {
      const more = h("button", { type: "button", class: "small", onclick: () => send({ type: "log", before: app.logBefore }) }, t("Show the older events"));
      list.append(h("li", { class: "dim" }, t("Older events are not shown."), " ", more));
    }
  }
}

export function appendLog(events) {
  const list = $("log");
  const cards = triggeredCards();
  for (const event of events) list.prepend(logLine(event, cards));
  while (list.children.length > Math.max(LOG_KEEP, app.logShown) + 1) list.lastElementChild.remove();
}
