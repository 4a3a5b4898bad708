// The rules log in the chosen language. The engine writes every event in English (its "text") with data
// fields; here the most frequent events have sentence templates, whose msgid is the engine's English sentence
// with {placeholders}. A template is used only when, filled in English from the event's data, it gives exactly
// the engine's text, so a translated line never says something the engine didn't. Parts the data doesn't
// carry are read back from the text (numbers, card names, Oracle text, which stay in English). Any other
// event, or one no template fits, is shown in the engine's English. Rule numbers are never translated.

// The vocabulary is in logwords.js and the templates in logtemplates-play.js and logtemplates-cards.js.

import { cardName } from "./cardtext.js";
import { format, language, t } from "./i18n.js";
import { CARD_TEMPLATES } from "./logtemplates-cards.js";
import { PLAY_TEMPLATES } from "./logtemplates-play.js";
import { ANY, CONDITIONS, DECISIONS, DIE_FACES, DIRECTIONS, EFFECT_LABEL, MAP_RULE_LINES, MAP_RULE_READS, NUMBER, PHRASES, PLAYER_EFFECTS, PROFILE_SUMMARIES, ROLES, SOME, STEP_NAMES, TABLE_QUESTIONS, VARIANTS, WHY_LIFE, WHY_TRIGGERED, attackers, attacksText, capitalise, cardList, escape, filling, mapRuleLine, mapRules, place, resolvingItem, seatName, seatingText, signed, match, phrase } from "./logwords.js";

export { EFFECT_LABEL, PLAYER_EFFECTS, STEP_NAMES, attacksText, phrase } from "./logwords.js";

/** The parts of a line that name a planar card. */
const CARD_KEYS = ["card", "plane", "first", "second"];

/** Every event type's templates. */
const TEMPLATES = { ...PLAY_TEMPLATES, ...CARD_TEMPLATES };

/** The text types the log translates: the event types with templates. */
export const TRANSLATED_TYPES = Object.keys(TEMPLATES);

/** A part read back from the text, in the chosen language: by its own function (`parse`), or by its own templates,
 *  or as a known phrase, or as is (names, numbers, card names and Oracle text). null when it must be translated
 *  and can't be. */
function readBack(value, how, ctx) {
  if (how.parse) return how.parse(value, ctx);
  if (how.templates) {
    for (const msgid of how.templates) {
      const got = match(msgid, {}, PART_READS, value, ctx);
      if (got) return t(msgid, translateParts(got));
    }
    if (how.phrase || how.keep) return PHRASES.has(value) ? t(value) : value;
    return null;
  }
  return how.phrase && PHRASES.has(value) ? t(value) : value;
}

// How the parts' own placeholders are read back.
const STEP_LABELS = Object.values(STEP_NAMES);
const PART_READS = {
  step: { re: STEP_LABELS.map(escape).join("|") },
  player: { name: true },
  count: { re: NUMBER },
  counter: { re: "[^()]+?" },
  label: { re: ANY },
  card: { re: SOME },
  amount: { re: NUMBER },
  cost: { re: NUMBER },
  mana: { re: "\\{\\d+\\}" },
  n: { re: NUMBER },
  total: { re: NUMBER },
  direction: { re: Object.keys(DIRECTIONS).map(capitalise).join("|") },
  what: { re: ANY },
  face: { re: Object.keys(DIE_FACES).join("|") },
  faces: { re: `(?:${Object.keys(DIE_FACES).join("|")})(?:, (?:${Object.keys(DIE_FACES).join("|")}))*` },
  first: { re: SOME },
  second: { re: SOME },
};

function translateParts(got) {
  const out = { ...got };
  if (out.step) out.step = t(out.step);
  if (out.label) out.label = phrase(out.label);
  if (out.what) out.what = phrase(out.what);
  if (out.direction) out.direction = capitalise(t(DIRECTIONS[out.direction.toLowerCase()] || out.direction));
  if (out.face) out.face = t(DIE_FACES[out.face]);
  if (out.faces) out.faces = out.faces.split(", ").map((face) => t(DIE_FACES[face])).join(", ");
  return out;
}

/** A decision's prompt or option in the chosen language, when it is one of the engine's own; else as it is. */
export function decisionText(text, ctx) {
  const english = String(text);
  if (language() === "en") return english;
  for (const msgid of DECISIONS) {
    const got = match(msgid, {}, PART_READS, english, ctx);
    if (got) return t(msgid, translateParts(got));
  }
  return english;
}

/** The line an agreed undo leaves in the log (the server's, not the engine's): who asked, and the line taken back. */
function undoneText(event, ctx, english) {
  const player = ctx.name(event.player);
  if (!event.undid || typeof event.undid !== "object") return t("Undone, as {player} asked and the table agreed.", { player });
  // NOTE: the log's line for an undo the table agreed to; {line} is the first line of the action taken back
  return t("Undone, as {player} asked and the table agreed: {line}", { player, line: eventText(event.undid, ctx) }) || english;
}

/**
 * An event's line in the chosen language: a template's translation when one fits, else the engine's text.
 * `ctx` gives the players' names: name(seat), team(seat) (the seats of that seat's team sharing a turn, or
 * [seat]) and namePattern() (a regular expression matching any player's name).
 */
export function eventText(event, ctx) {
  const text = String(event.text || event.type || "");
  if (language() === "en") return text;
  if (event.type === "undone") return undoneText(event, ctx, text);
  const template = TEMPLATES[event.type];
  if (!template) return text;
  let english;
  let local;
  try {
    english = [].concat(template.params(event, filling(true), ctx));
    local = [].concat(template.params(event, filling(false), ctx));
  } catch {
    return text;
  }
  for (const msgid of template.texts) {
    for (let i = 0; i < english.length; i++) {
      const got = match(msgid, english[i], template.read, text, ctx);
      if (!got) continue;
      const filled = { ...local[i] };
      let ok = true;
      for (const [key, value] of Object.entries(got)) {
        if (local[i][key] !== undefined && local[i][key] !== null) continue; // the device's own words for it
        const part = readBack(value, template.read[key], ctx);
        if (part === null) ok = false;
        filled[key] = part;
      }
      // A planar card named in the line is named as the device shows the card (its translated name).
      for (const key of CARD_KEYS) if (typeof filled[key] === "string") filled[key] = cardName(filled[key]);
      if (ok) return t(msgid, filled);
    }
  }
  return text;
}
