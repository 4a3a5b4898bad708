// The rules log: each event's line in the device's language, and a rule's text when a line is tapped.
import { h } from "./dom.js";
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
    fill(list, ...shown.reverse().map(logLine));
    if (app.logTruncated && app.logBefore > 0) {
      const more = h("button", { type: "button", class: "small", onclick: () => send({ type: "log", before: app.logBefore }) }, t("Show the older events"));
      list.append(h("li", { class: "dim" }, t("Older events are not shown."), " ", more));
    }
  }
}

export function appendLog(events) {
  const list = $("log");
  for (const event of events) list.prepend(logLine(event));
  while (list.children.length > Math.max(LOG_KEEP, app.logShown) + 1) list.lastElementChild.remove();
}
