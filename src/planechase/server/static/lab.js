// The deck lab page: POST /api/lab with a deck list, poll GET /api/lab/{id} for the study's progress, then draw
// its figures (the same as `planechase lab` writes) as SVG charts and tables, in the device's language.
// User text goes into the page only through textContent (the h() helper); no innerHTML anywhere.

import { cardName, loadCardTexts } from "./cardtext.js";
import { sharedDeck } from "./decks.js";
import { h } from "./dom.js";
import { N_, language, languageMenu, messageText, onLanguage, startLanguage, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const SVG = "http://www.w3.org/2000/svg";
const POLL_MS = 600;
const COLOURS = ["#7aa2f7", "#e0af68", "#9ece6a", "#f7768e", "#bb9af7", "#7dcfff", "#ff9e64", "#c0caf5", "#73daca", "#db4b4b"];

let report = null;

/** An SVG element with attributes (never parsed from text). */
function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  for (const child of children) el.append(child);
  return el;
}

function svgText(x, y, text, attrs = {}) {
  const el = s("text", { x, y, fill: "currentColor", "font-size": 11, ...attrs });
  el.textContent = text;
  return el;
}

/** A chart's width in the page's own pixels (so its text stays readable on a phone): the page's width, 320-640. */
function chartWidth() {
  return Math.round(Math.max(320, Math.min(640, document.documentElement.clientWidth - 48)));
}

function percent(value, digits = 1) {
  return value === null || value === undefined ? "–" : `${(100 * value).toFixed(digits)}%`;
}

function number(value, digits = 2) {
  return value === null || value === undefined ? "–" : Number(value).toFixed(digits);
}

function plusMinus(row, scale = 1, digits = 2) {
  if (!row || row.value === null) return "–";
  const value = (row.value * scale).toFixed(digits);
  if (row.low === null || row.high === null) return value;
  return `${value} ± ${(((row.high - row.low) * scale) / 2).toFixed(digits)}`;
}

// ---------------------------------------------------------------- charts

/** Horizontal bars: each plane's share of turns face up, with its 95% interval. */
function sharesChart(rows) {
  const width = chartWidth();
  const left = Math.round(width * 0.36);
  const barHeight = 20;
  const height = 30 + rows.length * (barHeight + 6);
  const top = Math.max(...rows.map((r) => r.high ?? r.value ?? 0), 0.01);
  const x = (v) => left + ((width - left - 64) * v) / top;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, width, role: "img", class: "lab-chart", "data-testid": "lab-chart-planes" });
  svg.setAttribute("aria-label", t("Share of turns each plane is face up"));
  rows.forEach((row, i) => {
    const y = 10 + i * (barHeight + 6);
    const name = cardName(row.card);
    const room = Math.floor((left - 8) / 7); // characters of 11px text that fit left of the bars
    const label = svgText(left - 6, y + barHeight * 0.7, name.length > room ? `${name.slice(0, room - 1)}…` : name, { "text-anchor": "end" });
    const title = s("title");
    title.textContent = name;
    label.append(title);
    svg.append(label);
    svg.append(s("rect", { x: left, y, width: Math.max(0, x(row.value) - left), height: barHeight, fill: COLOURS[0] }));
    if (row.low !== null && row.high !== null) {
      svg.append(s("line", { x1: x(row.low), x2: x(row.high), y1: y + barHeight / 2, y2: y + barHeight / 2, stroke: "currentColor" }));
    }
    svg.append(svgText(x(row.high ?? row.value) + 4, y + barHeight * 0.7, percent(row.value)));
  });
  return svg;
}

/** Small bar charts: how many turns a stay on each plane lasts (share of its stays); `stays` holds each card's
 *  [length, share] pairs. */
function staysCharts(stays, cards) {
  const box = h("div", { class: "lab-small-multiples", "data-testid": "lab-chart-stays" });
  const longest = Math.max(1, ...Object.values(stays).flatMap((pairs) => pairs.map(([length]) => length)));
  for (const card of cards) {
    const mine = stays[card] || [];
    if (!mine.length) continue;
    const width = 200;
    const height = 90;
    const peak = Math.max(...mine.map(([, share]) => share));
    const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "lab-mini" });
    svg.setAttribute("aria-label", t("How long a stay on {card} lasts", { card: cardName(card) }));
    const step = (width - 10) / longest;
    for (const [length, share] of mine) {
      const barHeight = ((height - 30) * share) / peak;
      svg.append(s("rect", { x: 5 + (length - 1) * step, y: height - 15 - barHeight, width: Math.max(1, step - 1), height: barHeight, fill: COLOURS[1] }));
    }
    svg.append(svgText(5, 12, cardName(card), { "font-size": 10 }));
    svg.append(svgText(5, height - 2, "1", { "font-size": 9 }));
    svg.append(svgText(width - 5, height - 2, String(longest), { "font-size": 9, "text-anchor": "end" }));
    box.append(svg);
  }
  return box;
}

/** Lines: the share of games in which each card was seen by each turn (`seen` holds each card's shares by turn). */
function firstSeenChart(seen, cards, turns) {
  const width = chartWidth();
  const height = 260;
  const left = 40;
  const bottom = 30;
  const x = (turn) => left + ((width - left - 10) * (turn - 1)) / Math.max(1, turns - 1);
  const y = (v) => height - bottom - (height - bottom - 10) * v;
  const svg = s("svg", { viewBox: `0 0 ${width} ${height}`, width, role: "img", class: "lab-chart", "data-testid": "lab-chart-first-seen" });
  svg.setAttribute("aria-label", t("When each card is first seen"));
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(s("line", { x1: left, x2: width - 10, y1: y(v), y2: y(v), stroke: "currentColor", "stroke-opacity": 0.15 }));
    svg.append(svgText(left - 4, y(v) + 4, percent(v, 0), { "text-anchor": "end", "font-size": 9 }));
  }
  svg.append(svgText(width / 2, height - 4, t("turn"), { "text-anchor": "middle" }));
  cards.forEach((card, i) => {
    const points = (seen[card] || []).map((value, i) => `${x(i + 1).toFixed(1)},${y(value ?? 0).toFixed(1)}`).join(" ");
    const line = s("polyline", { points, fill: "none", stroke: COLOURS[i % COLOURS.length], "stroke-width": 1.6 });
    const title = s("title");
    title.textContent = cardName(card);
    line.append(title);
    svg.append(line);
  });
  return svg;
}

function legend(cards) {
  return h(
    "ul",
    { class: "lab-legend" },
    ...cards.map((card, i) => {
      const swatch = h("span", { class: "lab-swatch", "aria-hidden": "true" });
      swatch.style.background = COLOURS[i % COLOURS.length];
      return h("li", {}, swatch, cardName(card));
    }),
  );
}

// ---------------------------------------------------------------- tables

const FIGURE_NAMES = {
  turns: N_("Turns played"),
  rolls: N_("Planar die rolls"),
  mana: N_("Mana spent on rolls"),
  planeswalks: N_("Planeswalks"),
  chaos: N_("Chaos"),
  phenomena: N_("Phenomena encountered"),
  "life.gained": N_("Life gained"),
  "life.lost": N_("Life lost"),
  "cards.drawn": N_("Cards drawn"),
  tokens: N_("Token instructions"),
  counters: N_("Counters"),
};

function summaryTable(rows) {
  const byFigure = new Map();
  for (const row of rows) {
    if (!byFigure.has(row.figure)) byFigure.set(row.figure, {});
    byFigure.get(row.figure)[row.unit] = row;
  }
  const body = [];
  for (const [figure, units] of byFigure) {
    if (figure in FIGURE_NAMES) {
      body.push(h("tr", {}, h("th", { scope: "row" }, t(FIGURE_NAMES[figure])), h("td", {}, plusMinus(units["per game"])), h("td", {}, plusMinus(units["per turn"], 1, 3))));
    }
  }
  for (const [face, name] of [
    ["die.planeswalker", N_("Planeswalker symbol (share of rolls)")],
    ["die.chaos", N_("Chaos symbol (share of rolls)")],
  ]) {
    const row = byFigure.get(face)?.["share of dice rolled"];
    if (row) body.push(h("tr", {}, h("th", { scope: "row" }, t(name)), h("td", { colspan: 2 }, `${plusMinus(row, 100, 1)} %`)));
  }
  return h(
    "table",
    { class: "lab-table", "data-testid": "lab-summary" },
    h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", {}, t("Per game")), h("th", {}, t("Per turn")))),
    h("tbody", {}, ...body),
  );
}

function cardsTable(rows, cards) {
  const byCard = new Map(cards.map((card) => [card, {}]));
  for (const row of rows) byCard.get(row.card)[row.figure] = row;
  return h(
    "table",
    { class: "lab-table", "data-testid": "lab-cards" },
    h(
      "thead",
      {},
      h("tr", {}, h("th", {}, t("Card")), h("th", {}, t("Turns face up")), h("th", {}, t("Visits per game")), h("th", {}, t("Turns per stay")), h("th", {}, t("Seen in games"))),
    ),
    h(
      "tbody",
      {},
      ...cards.map((card) => {
        const f = byCard.get(card);
        return h(
          "tr",
          {},
          h("th", { scope: "row" }, cardName(card)),
          h("td", {}, f["turns face up"] ? `${plusMinus(f["turns face up"], 100, 1)} %` : "–"),
          h("td", {}, plusMinus(f.visits || f.encounters)),
          h("td", {}, plusMinus(f.stay, 1, 1)),
          h("td", {}, `${plusMinus(f.seen, 100, 0)} %`),
        );
      }),
    ),
  );
}

function drawReport() {
  const box = $("lab-results");
  if (!report) {
    box.hidden = true;
    return;
  }
  const study = report.study;
  const arm = study.arms[0];
  const planes = report.cards.filter((r) => r.figure === "turns face up" && r.value !== null);
  const cards = [...new Set(report.cards.map((r) => r.card))];
  box.replaceChildren(
    h("h2", {}, t("What {games} games of {turns} turns show", { games: study.games.toLocaleString(language()), turns: arm.turns })),
    h("p", { class: "dim" }, t("Each figure comes with its 95% interval (±): the range the true value lies in, given this many games.")),
    h("h3", {}, t("Share of turns each plane is face up")),
    sharesChart(planes),
    h("h3", {}, t("How long a stay on each plane lasts")),
    h("p", { class: "dim" }, t("Turns on the plane per stay, from 1 (left) to the longest stay (right).")),
    staysCharts(report.stays, cards),
    h("h3", {}, t("When each card is first seen")),
    h("p", { class: "dim" }, t("The share of games in which each card has been seen by each turn.")),
    firstSeenChart(report.first_seen, cards, arm.turns),
    legend(cards),
    h("h3", {}, t("The games")),
    summaryTable(report.summary),
    h("h3", {}, t("The cards")),
    cardsTable(report.cards, cards),
  );
  box.hidden = false;
}

// ---------------------------------------------------------------- the form

const form = $("lab-form");
const issues = $("lab-issues");
const status = $("lab-status");
const progress = $("lab-progress");
let polling = 0;

function showIssues(body) {
  const lines = Array.isArray(body.issues) && body.issues.length ? body.issues : [body.text];
  issues.replaceChildren(...lines.map((text) => h("li", {}, messageText(text, body.error || t("Something went wrong.")))));
}

async function poll(id, ticket) {
  while (ticket === polling) {
    let body;
    try {
      const response = await fetch(`/api/lab/${encodeURIComponent(id)}`, { cache: "no-store" });
      body = await response.json();
      if (!response.ok) {
        showIssues(body);
        break;
      }
    } catch {
      status.textContent = t("The server cannot be reached; trying again…");
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
      continue;
    }
    progress.hidden = false;
    progress.max = body.games;
    progress.value = body.done;
    status.textContent =
      body.state === "queued"
        ? t("Waiting for the server…")
        : t("{done} of {games} games played", { done: body.done.toLocaleString(language()), games: body.games.toLocaleString(language()) });
    if (body.state === "done") {
      report = body.report;
      status.textContent = "";
      progress.hidden = true;
      drawReport();
      break;
    }
    if (body.state === "failed") {
      showIssues(body);
      status.textContent = "";
      progress.hidden = true;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  $("analyse").disabled = false;
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  issues.replaceChildren();
  const request = {
    deck: $("deck").value,
    players: Number.parseInt($("players").value, 10),
    turns: Number.parseInt($("turns").value, 10),
    policy: $("policy").value,
    shared: $("shared").checked,
  };
  const games = new URLSearchParams(location.search).get("games");
  if (games) request.games = Number.parseInt(games, 10);
  $("analyse").disabled = true;
  status.textContent = t("Starting the study…");
  let response;
  let body;
  try {
    response = await fetch("/api/lab", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(request) });
    body = await response.json();
  } catch {
    status.textContent = t("The server cannot be reached; try again.");
    $("analyse").disabled = false;
    return;
  }
  if (!response.ok) {
    showIssues(body);
    status.textContent = "";
    $("analyse").disabled = false;
    return;
  }
  report = null;
  drawReport();
  poll(body.id, ++polling);
});

// ---------------------------------------------------------------- start

languageMenu($("language"));
onLanguage(async (lang) => {
  await loadCardTexts(lang);
  drawReport();
});
const shared = sharedDeck();
if (shared) $("deck").value = shared.text;
startLanguage();
