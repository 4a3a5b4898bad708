// The planar cards in the device's language: the project's translations of every card's name, type line and
// rules text (not Wizards of the Coast's), from GET /api/cards/{lang}, made from the gettext catalogs beside the
// card catalog (src/planechase/cards/locales). The English Oracle text stays in the view; a card shows its
// translation unless the device asks for the Oracle text (remembered per device), and always says which it shows.

const ORACLE_KEY = "planechase:oracle";

/** The printings' names players know, by the set codes of the catalog (the codes stay beside them). */
export const SET_NAMES = {
  HOP: "Planechase (2009)",
  PHOP: "Planechase promos (2009)",
  PC2: "Planechase 2012",
  "PC2-promo": "Planechase 2012 promo",
  PCA: "Planechase Anthology",
  MOC: "March of the Machine Commander",
  WHO: "Doctor Who",
  PSSC: "Secret Lair",
};

/** A set as people name it: "Planechase 2012 (PC2)"; an unknown code as it is. */
export function setName(code) {
  const known = SET_NAMES[code];
  return known ? `${known} (${code})` : String(code);
}
const loaded = new Map([["en", {}]]);
let cards = {};
let cardRequests = 0;

/** Load the translations into `lang` (once per page); resolves when they are the ones in use. */
export async function loadCardTexts(lang) {
  const ask = ++cardRequests;
  let found = loaded.get(lang);
  if (found === undefined) {
    try {
      const response = await fetch(`/api/cards/${encodeURIComponent(lang)}`, { cache: "no-cache" });
      if (response.ok) {
        const body = await response.json();
        found = body.cards || {};
        effectWords.set(lang, Array.isArray(body.effects) ? body.effects.map(String) : []);
        loaded.set(lang, found); // kept only once it came: a failed load is tried again next time
      }
    } catch {
      // offline: the cards show their Oracle text until the translations can be loaded
    }
    if (found === undefined) found = {};
  }
  if (ask === cardRequests) {
    cards = found;
    effects = (effectWords.get(lang) || []).map((template) => ({ template, re: effectPattern(template) }));
    matchLines();
  }
  return ask === cardRequests;
}

// The cards' Oracle text, by name (GET /api/oracle): asked for once the page is shown, as only the abilities
// quoted in the log and on the stack need it (they are shown in English until it is here).
let oracleTexts = null;
let oracleAsked = null;

/** Load the cards' Oracle text (once per page); resolves true when it came just now (the quoted abilities can
 *  then be shown again in the language of the cards). */
export function loadOracleTexts() {
  if (oracleTexts !== null) return Promise.resolve(false);
  if (oracleAsked) return oracleAsked;
  oracleAsked = fetch("/api/oracle", { cache: "no-cache" })
    .then((response) => (response.ok ? response.json() : null))
    .then((body) => {
      if (!body || typeof body.cards !== "object" || body.cards === null) throw new Error("no Oracle texts");
      oracleTexts = body.cards;
      matchLines();
      return true;
    })
    .catch(() => {
      oracleAsked = null; // offline: asked for again next time
      return false;
    });
  return oracleAsked;
}

/** The loaded translation's line for each line of Oracle text (when both have the same lines). */
function matchLines() {
  lines = new Map();
  if (oracleTexts === null) return;
  for (const [name, card] of Object.entries(cards)) {
    const english = String(oracleTexts[name] || "").split("\n");
    const local = String(card.text || "").split("\n");
    if (english.length === local.length) english.forEach((line, i) => line && lines.set(line, local[i]));
  }
}

let lines = new Map();
const effectWords = new Map();
let effects = [];

/** A continuous effect's words as a pattern: {you} and {target} stand for names, anything else as it is. */
function effectPattern(template) {
  const parts = template.split(/(\{you\}|\{target\})/);
  const source = parts.map((part) => (part === "{you}" || part === "{target}" ? "(.+?)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${source.join("")}$`);
}

/** A continuous effect's text (as the engine writes it, names filled in) in the loaded language, by the card's
 *  words it was made from; as it is when none fits or the device asked for the Oracle text. `translate` is i18n's
 *  t(), given by the caller (this module imports nothing). */
export function effectText(english, translate) {
  const oracle = memory === null ? showingOracle() : memory;
  if (oracle || !english) return english;
  for (const { template, re } of effects) {
    const got = re.exec(english);
    if (!got) continue;
    const names = template.match(/\{you\}|\{target\}/g) || [];
    const params = {};
    names.forEach((placeholder, i) => (params[placeholder.slice(1, -1)] = got[i + 1]));
    return translate(template, params);
  }
  return english;
}

/** An ability's line of Oracle text (as the log and the stack quote it) in the loaded language, unless the device
 *  asked for the Oracle text; the English line when there is no translation of it. */
export function abilityLine(english) {
  const oracle = memory === null ? showingOracle() : memory;
  if (oracle || !english) return english;
  const found = lines.get(english);
  if (found) return found;
  for (const [line, local] of lines) if (line.startsWith(english)) return local; // an ability quoted without its reminder text
  return english;
}

/** The translation of the card named `name` (its English name) in the loaded language, or null. */
export function translationOf(name) {
  const found = cards[name];
  return found && typeof found === "object" ? found : null;
}

/** Whether this device asked to see the English Oracle text instead of the translation. */
export function showingOracle() {
  try {
    return localStorage.getItem(ORACLE_KEY) === "1";
  } catch {
    return false;
  }
}

/** Show the Oracle text (true) or the translation (false) on this device from now on. */
export function setShowingOracle(oracle) {
  try {
    localStorage.setItem(ORACLE_KEY, oracle ? "1" : "0");
  } catch {
    // private browsing: the choice lasts until the page reloads
  }
  memory = oracle;
}

let memory = null;

/** The card as the device shows it: its name, type line and text lines, and whether they are a translation. */
export function shownCard(card) {
  const oracle = memory === null ? showingOracle() : memory;
  const translation = translationOf(card.name);
  const english = String(card.oracle_text || "").split("\n");
  if (!translation || oracle) {
    return { name: card.name, typeLine: card.type_line, lines: english, translated: false, canTranslate: !!translation };
  }
  const lines = String(translation.text).split("\n");
  return {
    name: translation.name,
    typeLine: translation.type_line,
    lines: lines.length === english.length ? lines : english,
    translated: lines.length === english.length,
    canTranslate: true,
  };
}

/** A card's name as the device shows it (its translated name unless the device asked for the Oracle text). */
export function cardName(name) {
  const oracle = memory === null ? showingOracle() : memory;
  const translation = translationOf(name);
  return translation && !oracle ? translation.name : name;
}
