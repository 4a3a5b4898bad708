// The pages' languages. Every interface text is written in English and goes through t("English text", {name})
// (or N_() where it is only marked, to be translated later); the chosen language's catalog comes from
// GET /api/i18n/{lang}, made from locales/{lang}/LC_MESSAGES/web.po (see docs/web.md, "Languages").
// Static HTML text is marked data-i18n="English text" (and data-i18n-placeholder, -title, -aria-label, -label for
// attributes); translatePage() fills it. The language is chosen per device and remembered in localStorage.
// Card names, type lines and rules text come from the project's translations of the cards (cardtext.js), with the
// English Oracle text one tap away; a planar card named in the log is named as the device shows the card.

/** The languages offered, each under its own name. */
export const LANGUAGES = [
  ["en", "English"],
  ["ru", "Русский"],
  ["it", "Italiano"],
  ["cs", "Čeština"],
  ["ja", "日本語"],
];
const CODES = new Set(LANGUAGES.map(([code]) => code));
const LANG_KEY = "planechase:lang";
const ATTRIBUTES = ["placeholder", "title", "aria-label", "alt", "label"];

let current = "en";
let messages = {};
let asking = 0;
const catalogs = new Map([["en", {}]]);
const listeners = [];
const menus = [];

/** Marks a text for translation where it is written, leaving it as it is; t() translates it where it is shown. */
export function N_(text) {
  return text;
}

/** Fill {name} placeholders from params; a placeholder with no value stays as it is ({CHAOS}, {2} too). */
export function format(text, params) {
  if (!params) return text;
  return String(text).replace(/\{(\w+)\}/g, (whole, key) =>
    Object.prototype.hasOwnProperty.call(params, key) && params[key] !== undefined && params[key] !== null ? String(params[key]) : whole,
  );
}

/** The text in the chosen language (the English text itself when the catalog has none), placeholders filled. */
export function t(text, params) {
  const found = messages[text];
  return format(typeof found === "string" && found ? found : text, params);
}

/** Parameters of a server's sentence whose values are planar cards' English names (errors.CARD_PARAMS). */
const CARD_PARAMS = new Set(["card", "plane", "first", "second"]);
/** Parameters whose values are the engine's fixed words, each a text of the catalog ("upkeep step"). */
const WORD_PARAMS = new Set(["step", "variant"]);

/**
 * A sentence the server made ({template, params}: an error, a refusal, a house rule) in the chosen language: the
 * template is the English sentence's msgid, each value filled in as it is (a name, a number), a sentence value
 * translated in turn, a step's name from the catalog, and a card's name by `hooks.card` (cardtext.js cardName)
 * and a decision's prompt by `hooks.prompt` when given. `fallback` (the English text) when it is not one.
 */
export function messageText(text, fallback = "", hooks = {}, depth = 0) {
  if (!text || typeof text !== "object" || typeof text.template !== "string" || depth > 8) return fallback;
  const params = {};
  const given = text.params && typeof text.params === "object" ? text.params : {};
  for (const [key, value] of Object.entries(given)) {
    if (value && typeof value === "object") params[key] = messageText(value, "", hooks, depth + 1);
    else if ((CARD_PARAMS.has(key) || (hooks.cardKeys || []).includes(key)) && hooks.card) params[key] = hooks.card(String(value));
    else if (key === "prompt" && hooks.prompt) params[key] = hooks.prompt(String(value));
    else if (WORD_PARAMS.has(key)) params[key] = t(String(value));
    else if (key === "profile") params[key] = String(value).replaceAll("_", " "); // a map profile's name, as a name
    else params[key] = value;
  }
  // Written for Python's str.format, a template doubles a brace that is not a placeholder ("{{T}}": the tap symbol).
  return t(text.template, params).replaceAll("{{", "{").replaceAll("}}", "}");
}

/** The house rules' lines in the chosen language, each with its language: from their sentences when the server
 *  sent them (`house_rule_texts`), else the English lines of a table made by an older server. */
export function houseRules(lines, texts) {
  const english = Array.isArray(lines) ? lines.map(String) : [];
  if (!Array.isArray(texts) || texts.length !== english.length) return english.map((line) => [line, "en"]);
  return english.map((line, i) => {
    const shown = messageText(texts[i], line);
    return [shown, shown === line ? "en" : undefined];
  });
}

/** The chosen language's code. */
export function language() {
  return current;
}

// Made once per language: a list format takes milliseconds to make and the log asks for one per line.
const listFormats = new Map();

/** Join names as a list in the chosen language ("Ann, Bob and Cy"). */
export function listOf(items) {
  const list = items.map(String);
  if (!listFormats.has(current)) {
    try {
      listFormats.set(current, new Intl.ListFormat(current, { style: "long", type: "conjunction" }));
    } catch {
      listFormats.set(current, null);
    }
  }
  const format = listFormats.get(current);
  return format ? format.format(list) : list.join(", ");
}

/** Called with the language's code after every change of language (and once it is first loaded). */
export function onLanguage(listener) {
  listeners.push(listener);
}

function normalise(text) {
  return String(text).replace(/\s+/g, " ").trim();
}

function readStored() {
  try {
    return localStorage.getItem(LANG_KEY);
  } catch {
    return null;
  }
}

function store(code) {
  try {
    localStorage.setItem(LANG_KEY, code);
  } catch {
    /* private mode or full storage: the language is chosen again next time */
  }
  // The server sends the next page in this language, its catalog inside (planechase.server.pages).
  document.cookie = `planechase_lang=${encodeURIComponent(code)}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The catalog the server put in the page for `code` (the page's own language), if it did. */
function embeddedCatalog(code) {
  const block = document.getElementById("i18n-catalog");
  if (!block || block.dataset.lang !== code) return null;
  try {
    const table = JSON.parse(block.textContent || "{}");
    return table && typeof table === "object" ? table : null;
  } catch {
    return null;
  }
}

/** The page was kept hidden until translated (a page served in another language than English): show it. */
function reveal() {
  document.documentElement.classList.remove("i18n-wait");
}

/** The language asked for in the address (?lang=ja or #...&lang=ja), if it is one of ours. */
function askedInAddress() {
  const asked = new URLSearchParams(location.search).get("lang") || new URLSearchParams(location.hash.slice(1)).get("lang");
  return asked && CODES.has(asked) ? asked : null;
}

/** The device's language: the remembered choice, else the browser's first language we have, else English. */
function deviceLanguage() {
  const stored = readStored();
  if (stored && CODES.has(stored)) return stored;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const tag of wanted) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (CODES.has(code)) return code;
  }
  return "en";
}

async function loadCatalog(code) {
  if (catalogs.has(code)) return catalogs.get(code);
  const embedded = embeddedCatalog(code);
  if (embedded) {
    catalogs.set(code, embedded);
    return embedded;
  }
  const response = await fetch(`/api/i18n/${encodeURIComponent(code)}`, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`no catalog for ${code}`);
  const body = await response.json();
  const table = body && typeof body === "object" ? body : {};
  catalogs.set(code, table);
  return table;
}

/** Fill the page's marked static text (data-i18n, data-i18n-placeholder, ...) in the chosen language. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(normalise(el.dataset.i18n));
  for (const attribute of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[data-i18n-${attribute}]`)) {
      el.setAttribute(attribute, t(normalise(el.getAttribute(`data-i18n-${attribute}`))));
    }
  }
}

/** Switch to a language: load its catalog, translate the page, and tell every listener so it draws again.
 *  Returns whether the language is now in use (a catalog that can't be loaded leaves the language as it was). */
export async function setLanguage(code, { remember = true } = {}) {
  const wanted = CODES.has(code) ? code : "en";
  const ticket = ++asking;
  let table;
  try {
    table = await loadCatalog(wanted);
  } catch {
    for (const menu of menus) menu.value = current;
    reveal();
    return false;
  }
  if (ticket !== asking) return false; // a later choice won
  current = wanted;
  messages = table;
  if (remember) store(wanted);
  document.documentElement.lang = wanted;
  translatePage();
  reveal();
  for (const menu of menus) menu.value = wanted;
  for (const listener of listeners) listener(wanted);
  return true;
}

/** Fill a <select> with the languages and switch when it changes. */
export function languageMenu(select) {
  select.replaceChildren(
    ...LANGUAGES.map(([code, label]) => {
      const option = document.createElement("option");
      option.value = code;
      option.lang = code;
      option.textContent = label;
      return option;
    }),
  );
  select.value = current;
  select.addEventListener("change", () => setLanguage(select.value));
  menus.push(select);
  return select;
}

/** Choose the language for this page: the address's ?lang= (remembered), else the device's. */
export function startLanguage() {
  const asked = askedInAddress();
  return setLanguage(asked || deviceLanguage(), { remember: Boolean(asked) });
}
