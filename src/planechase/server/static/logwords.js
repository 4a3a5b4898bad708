// The rules log's vocabulary: the engine's words for steps, effects, die faces, directions and the other parts
// of its sentences, with the helpers the sentence templates use to fill and read them (logtext.js explains how).

import { N_, format, language, listOf, t } from "./i18n.js";

/** The engine's names of the steps (Step.label), as a log sentence uses them. */
export const STEP_NAMES = {
  untap: N_("untap step"),
  upkeep: N_("upkeep step"),
  draw: N_("draw step"),
  precombat_main: N_("precombat main phase"),
  beginning_of_combat: N_("beginning of combat step"),
  declare_attackers: N_("declare attackers step"),
  declare_blockers: N_("declare blockers step"),
  combat_damage: N_("combat damage step"),
  end_of_combat: N_("end of combat step"),
  postcombat_main: N_("postcombat main phase"),
  end: N_("end step"),
  cleanup: N_("cleanup step"),
};

/** What an "other" spell or ability does to the planar game (the stack and the log). */
export const EFFECT_LABEL = {
  // NOTE: what a spell or ability on the stack does, shown after it: "Ann's spell or ability · chaos ensues"
  chaos: N_("chaos ensues"),
  // NOTE: what a spell or ability on the stack does: its controller planeswalks
  planeswalk: N_("planeswalks"),
  // NOTE: what a spell or ability on the stack does: its controller rolls the planar die
  roll: N_("rolls the planar die"),
  // NOTE: what a spell or ability on the stack does, followed by its target: "counters #4"
  counter: N_("counters"),
  // NOTE: what a spell or ability on the stack does, followed by its target: "copies #4"
  copy: N_("copies"),
  // NOTE: what an ability on the stack does: Emperor's deploy ability (a creature goes to a teammate)
  deploy: N_("deploys"),
  // NOTE: what a spell or ability on the stack does to the turn (500.7): a player takes an extra turn after this one
  extra_turn: N_("an extra turn"),
  // NOTE: what a spell or ability on the stack does to the turn (500.8): an additional combat phase followed by an additional main phase
  additional_combat_and_main: N_("an additional combat and main phase"),
  // NOTE: what a spell or ability on the stack does to the turn (500.8)
  additional_combat: N_("an additional combat phase"),
  // NOTE: what a spell or ability on the stack does to the turn (500.9)
  additional_upkeep: N_("an additional upkeep step"),
  // NOTE: what a spell or ability on the stack does to the turn (500.8)
  additional_beginning_phase: N_("an additional beginning phase"),
  // NOTE: what a spell or ability on the stack does to the turn (614.10): a player skips their next turn
  skip_turn: N_("skips a turn"),
  // NOTE: what a spell or ability on the stack does to the turn (614.10): a player skips their next untap step
  skip_untap_step: N_("skips an untap step"),
  // NOTE: what a spell or ability on the stack does to the turn (614.10): a player skips their next upkeep step
  skip_upkeep_step: N_("skips an upkeep step"),
  // NOTE: what a spell or ability on the stack does to the turn (614.10): a player skips their next draw step
  skip_draw_step: N_("skips a draw step"),
  // NOTE: what a spell or ability on the stack does to the turn (614.10): a player skips their next combat phase
  skip_combat_phase: N_("skips a combat phase"),
  // NOTE: what a spell or ability on the stack does to the turn (723.1, Time Stop)
  end_turn: N_("ends the turn"),
  // NOTE: what a spell or ability on the stack does to the turn: the turn order is reversed
  reverse_turn_order: N_("reverses the turn order"),
};

/** The effects of a cast that are about a player (its target player, or the caster): ``Cast.target_player``. */
export const PLAYER_EFFECTS = new Set(["extra_turn", "skip_turn", "skip_untap_step", "skip_upkeep_step", "skip_draw_step", "skip_combat_phase"]);

export const DIE_FACES = {
  // NOTE: a face of the planar die, as in "Ann rolls the planar die as a special action: blank."
  blank: N_("blank"),
  // NOTE: a face of the planar die (the chaos symbol); also the chaos symbol's name
  chaos: N_("chaos"),
  // NOTE: a face of the planar die (the Planeswalker symbol)
  planeswalker: N_("planeswalker"),
};

export const DIRECTIONS = {
  north: N_("north"),
  east: N_("east"),
  south: N_("south"),
  west: N_("west"),
  northeast: N_("northeast"),
  southeast: N_("southeast"),
  southwest: N_("southwest"),
  northwest: N_("northwest"),
};

/** Fixed English phrases the engine (or this page, for a cast with no name) puts inside its sentences. */
export const PHRASES = new Set([
  N_("a spell or ability"),
  N_("a creature"),
  N_("the chaos symbol was rolled"),
  N_("the planeswalking ability"),
  N_("The planeswalking ability"),
  N_("state-based action"),
  N_("concedes"),
  N_("lost"),
  N_("lost the game"),
  N_("their team loses with them"),
  N_("their emperor's fate is the team's"),
  N_("an unknown space (a card is dealt there)"),
  N_("a face-down card"),
  // NOTE: the planeswalking ability's rules text (901.8), on the stack and in the log
  N_("Whenever you roll the Planeswalker symbol on the planar die, planeswalk."),
]);

export const NUMBER = "-?\\d+";
export const ANY = ".+";
export const SOME = ".+?";

export function escape(text) {
  return String(text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function capitalise(text) {
  const s = String(text);
  return s ? s.charAt(0).toLocaleUpperCase(language()) + s.slice(1) : s;
}

/** How a sentence is being filled: in the engine's English (to check it), or in the chosen language. */
export function filling(english) {
  return {
    english,
    tr: english ? (text) => text : (text) => t(text),
    phrase: english ? (text) => text : (text) => (PHRASES.has(text) ? t(text) : text),
    list: english ? (items, joiner) => items.join(joiner) : (items) => listOf(items),
  };
}

/** A space of the Eternities Map in words, from the centre (the engine's place_name). */
export function place(position, L) {
  if (!Array.isArray(position)) return null;
  const [x, y] = position;
  if (x === 0 && y === 0) return L.tr(N_("the centre"));
  const parts = [];
  if (y) parts.push(format(L.tr(y > 0 ? N_("{n} north") : N_("{n} south")), { n: Math.abs(y) }));
  if (x) parts.push(format(L.tr(x > 0 ? N_("{n} east") : N_("{n} west")), { n: Math.abs(x) }));
  return format(L.tr(N_("{where} of the centre")), { where: parts.join(", ") });
}

export function signed(n) {
  return n >= 0 ? `+${n}` : String(n);
}

/** An item exiled as the turn ends (723.1b): the one resolving is marked "(resolving)"; a card's ability is
 *  "{card}'s ability". */
export function resolvingItem(item, L) {
  const text = String(item);
  const resolving = /^(.+) \(resolving\)$/s.exec(text);
  const inner = resolving ? resolving[1] : text;
  const ability = /^(.+)'s ability$/s.exec(inner);
  const label = ability ? format(L.tr(N_("{card}'s ability")), { card: ability[1] }) : L.phrase(inner);
  return resolving ? format(L.tr(N_("{label} (resolving)")), { label }) : label;
}

/** Declared attacks, [[attacker, defender], ...], in words: "Ann's creatures attack Bob and Cy; ...". */
export function attackers(pairs, L, c) {
  const order = [];
  const whom = new Map();
  for (const [attacker, defender] of pairs) {
    if (!whom.has(attacker)) {
      whom.set(attacker, []);
      order.push(attacker);
    }
    whom.get(attacker).push(c.name(defender));
  }
  // NOTE: one attacking player's part of a declaration of attackers (508.1): "Ann's creatures attack Bob and Cy"
  const part = N_("{player}'s creatures attack {players}");
  return order.map((a) => format(L.tr(part), { player: c.name(a), players: L.list(whom.get(a), " and ") })).join("; ");
}

/** Declared attacks in the chosen language (the page's reminder of this combat's attacks). */
export function attacksText(pairs, ctx) {
  return attackers(pairs, filling(false), ctx);
}

// Parts of sentences that have their own small templates: why an ability triggers, what damaged a player,
// what a player chose.
export const WHY_TRIGGERED = [
  N_("beginning of {step}"),
  N_("{player}'s upkeep"),
  N_("{player}'s end step"),
  N_("the first upkeep of the game"),
  N_("end of combat"),
  N_("{count} {counter} counters"),
  N_("{player} casts {label}"),
];
export const WHY_LIFE = [N_("{card} deals {amount} damage"), N_("{card}: life redistributed")];

/** The engine's decisions: their prompts, and the options that are not names of players or cards. */
export const DECISIONS = [
  N_("Rolling the planar die again costs {mana} ({cost} mana). Pay it?"),
  N_("Pay {cost} mana and roll"),
  N_("Don't roll"),
  N_("Yes"),
  N_("No"),
  N_("Several abilities triggered: choose the one to put on the stack next (the last one put on the stack resolves first)"),
  N_("Choose a target player for {label} ({n} of {total})"),
  N_("Choose a target player for {label}"),
  N_("Choose a target for {label}"),
  N_("A planeswalker (the table tracks it)"),
  N_("A creature, planeswalker or battle (the table tracks it)"),
  N_("No more targets"),
  N_("No more players"),
  N_("Choose a plane to put on top of your planar deck"),
  N_("Choose the next card to put on the bottom of your planar deck"),
  N_("Choose the next card to put on the bottom of the planar deck"),
  N_("Choose where the game planeswalks on the Eternities Map"),
  N_("{direction} (hellride): {what}"),
  N_("{direction}: {what}"),
  N_("{card}: choose a player whose life total is redistributed"),
  N_("{card}: which life total does {player} get?"),
  N_("{total} ({player}'s)"),
  N_("Ichor Elixir: you rolled {faces}. Choose the result to keep; the other dice are ignored"),
  // NOTE: an option of Ichor Elixir's decision: the planar die result to keep ({face} is blank, chaos or planeswalker)
  N_("Keep {face}"),
  N_("Susan Foreman: the top two cards of your planar deck are {first} (first) and {second} (second). Choose the one to put on the bottom; the other goes on top, then you planeswalk"),
  N_("Put the first card on the bottom"),
  N_("Put the second card on the bottom"),
  // NOTE: what the other players see of Susan Foreman's decision (they don't see the cards)
  N_("Susan Foreman: {player} looks at the top two cards of their planar deck and chooses one to put on the bottom."),
  // NOTE: a card's decision between two of its own words (Two Streams Facility: green anchor or red waterfall, which stay in English)
  N_("{card}: choose {first} or {second}"),
];

/** The conditions of planar abilities ("If you planeswalked to ~ this turn"), as the log says they no longer hold. */
export const CONDITIONS = [
  // NOTE: a condition of a plane's triggered ability (Unyaro), as in "It is no longer the case that you planeswalked to it this turn: the ability does nothing."
  N_("you planeswalked to it this turn"),
];

/** The questions planar cards ask the table (the number or the yes or no only the table knows). */
export const TABLE_QUESTIONS = [
  // NOTE: a question a card asks a player, as in "Ann says the number of cards in your hand is 3." ("your": the player asked)
  N_("the number of cards in your hand"),
  // NOTE: a question a card asks a player, as in "Ann says the number of artifacts you control is 2." ("you": the player asked)
  N_("the number of artifacts you control"),
  // NOTE: a question a card asks a player, as in "Ann says the mana value of the card you exiled is 3." ("you": the player asked)
  N_("the mana value of the card you exiled"),
  // NOTE: a question a card asks a player: the X they pay for a chaos ability, as in "Ann says the X you pay (0 if you don't pay) is 2."
  N_("the X you pay (0 if you don't pay)"),
  // NOTE: a yes or no question a card asks a player, as in "Ann answers yes to: did you discard a land card?" ("you": the player asked)
  N_("did you discard a land card"),
  // NOTE: a yes or no question a card asks a player, as in "Ann answers no to: did you sacrifice a creature?" ("you": the player asked)
  N_("did you sacrifice a creature"),
  // NOTE: a yes or no question a card asks a player (Secret Lair's Enter the Lair), as in "Ann answers yes to: do you sacrifice a nonland permanent or discard a card (if not, you lose 3 life)?"
  N_("do you sacrifice a nonland permanent or discard a card (if not, you lose 3 life)"),
];

/** The multiplayer variants, as the engine names them (Variant.label). */
export const VARIANTS = {
  free_for_all: N_("Free-for-All"),
  two_headed_giant: N_("Two-Headed Giant"),
  grand_melee: N_("Grand Melee"),
  emperor: N_("Emperor"),
};

/** The players' roles in a team variant, as the log names them beside a player (Role). */
export const ROLES = {
  player: N_("player"),
  primary: N_("primary"),
  teammate: N_("teammate"),
  emperor: N_("emperor"),
  general: N_("general"),
};

/** The seating of a team variant the game began with: "team 1: Ann (primary), Bob (teammate); team 2: ...". */
export function seatingText(value) {
  const teams = [];
  for (const part of String(value).split(/; (?=team \d+: )/)) {
    const team = /^team (\d+): (.+)$/s.exec(part);
    if (!team) return null;
    const members = [];
    for (const member of team[2].split(", ")) {
      const role = /^(.+) \((\w+)\)$/s.exec(member);
      if (!role || !ROLES[role[2]]) return null;
      members.push(`${role[1]} (${t(ROLES[role[2]])})`);
    }
    // NOTE: one team of a team variant as the game begins: "team 1: Ann (primary), Bob (teammate)"
    const msgid = N_("team {team}: {players}");
    teams.push(t(msgid, { team: team[1], players: members.join(", ") }));
  }
  return teams.join("; ");
}

/** A list of card names and "a face-down card", each phrase in the chosen language. */
export function cardList(value) {
  return String(value)
    .split(", ")
    .map((item) => phrase(item))
    .join(", ");
}

/** The Eternities Map's house-rule profiles, as MapRules.describe() sums them up (PROFILE_SUMMARIES). */
export const PROFILE_SUMMARIES = [
  // NOTE: an Eternities Map house-rule profile ("published"), in the map's rules at the start of the log
  N_("the 2010 article as published, without phenomena"),
  // NOTE: an Eternities Map house-rule profile ("hellride_phenomena"); a hellride is a diagonal move onto an unknown space
  N_("every hellride meets a phenomenon from a separate pile"),
  // NOTE: an Eternities Map house-rule profile ("chance")
  N_("a hellride meets a phenomenon from a separate pile half the time"),
  // NOTE: an Eternities Map house-rule profile ("phenomena_on_map")
  N_("phenomena are dealt onto the map and met when the game enters them"),
  // NOTE: an Eternities Map house-rule profile ("fog_of_war")
  N_("the published map, but every plane stays face down until the game enters it"),
  // NOTE: an Eternities Map house-rule profile ("strict_cr"); CR is the Comprehensive Rules
  N_("the published map, but a plane the game leaves loses its counters (CR 901.7a)"),
];

/** The lines of the Eternities Map's rules (MapRules.describe()), each ending with a full stop as the log has
 *  them. {profile} and {settings} are the profile's and the settings' names, which stay as they are. */
export const MAP_RULE_LINES = [
  // NOTE: the Eternities Map's house-rule profile, at the start of the log; {profile} is its name ("fog_of_war"), {summary} what it is
  N_("Profile: {profile} ({summary})."),
  // NOTE: the Eternities Map's house-rule profile with settings changed; {settings} lists the settings' names as they are ("radius, move_chance")
  N_("Profile: {profile} ({summary}; changed: {settings})."),
  // NOTE: the Eternities Map's house-rule profile, named only
  N_("Profile: {profile}."),
  // NOTE: an Eternities Map house rule: where phenomena come from
  N_("Phenomena: none on the map (the deck holds only planes)."),
  // NOTE: an Eternities Map house rule: {hellride} and {move} are percentages (a hellride is a diagonal move onto an unknown space)
  N_("Phenomena: a separate pile; a hellride meets one {hellride}% of the time, an ordinary move {move}%."),
  // NOTE: an Eternities Map house rule: where phenomena come from
  N_("Phenomena: shuffled into the deck and dealt onto the map; one is encountered when the game enters its space, then replaced by the top card of the deck."),
  // NOTE: an Eternities Map house rule: which planes on the map are face up ("classic plus" is the published set-up)
  N_("Visibility: the four planes around the current one are face up (classic plus)."),
  // NOTE: an Eternities Map house rule: which planes on the map are face up
  N_("Visibility: fog of war (planes stay face down until the game enters them)."),
  // NOTE: an Eternities Map house rule: {radius} is a number of orthogonal steps from the current space (1 to 8)
  N_("Radius: planes more than {radius} steps away are shuffled back into the deck."),
  // NOTE: an Eternities Map house rule with a radius of one orthogonal step from the current space
  N_("Radius: planes more than 1 step away are shuffled back into the deck."),
  // NOTE: an Eternities Map house rule: counters on planes that stay on the map (the 2010 article's rule)
  N_("Counters: a plane keeps its counters while it stays on the map (the article)."),
  // NOTE: an Eternities Map house rule: counters on planes that stay on the map (the Comprehensive Rules, 901.7a)
  N_("Counters: a plane the game leaves loses its counters (it is a new object, CR 901.7a)."),
];
export const MAP_RULE_READS = {
  profile: { re: "[\\w-]+" },
  summary: { re: PROFILE_SUMMARIES.map(escape).join("|") },
  settings: { re: "\\w+(?:, \\w+)*" },
  hellride: { re: NUMBER },
  move: { re: NUMBER },
  radius: { re: NUMBER },
};

/** One line of the Eternities Map's rules (MapRules.describe()) in words (`L`): null when it is not one of them. */
export function mapRuleLine(line, L) {
  const text = String(line);
  const whole = text.endsWith(".") ? text : `${text}.`;
  for (const msgid of MAP_RULE_LINES) {
    const got = match(msgid, {}, MAP_RULE_READS, whole, null);
    if (got) return format(L.tr(msgid), got.summary ? { ...got, summary: L.tr(got.summary) } : got);
  }
  return null;
}

/** The Eternities Map's rules as the log's first map line gives them: every line, or null if one is unknown. */
export function mapRules(lines, L) {
  if (!Array.isArray(lines) || !lines.length) return null;
  const out = lines.map((line) => mapRuleLine(line, L));
  return out.includes(null) ? null : out.join(" ");
}

/** A seat's name, or null for none. */
export function seatName(seat, c) {
  return Number.isInteger(seat) ? c.name(seat) : null;
}

/** The log's templates by event type: `params(event, L, ctx)` gives the placeholders the event's data fills
 *  (or a list of alternatives); `read` says how to read the others back from the engine's text (a player's name,
 *  a regular expression, the part's own templates, a known phrase, or a function of its own: `parse`). */

/** A fixed phrase the page or the engine writes ("a spell or ability") in the chosen language; any other text
 *  (a name the table gave, a card's name) as it is. */
export function phrase(text) {
  return PHRASES.has(text) ? t(text) : text;
}

// -- matching

const compiled = new Map();

/** Fill a template, reading the placeholders the params don't give back from `text`; null when it doesn't fit. */
export function match(msgid, params, read, text, ctx) {
  let source = "^";
  let last = 0;
  const keys = [];
  for (const found of msgid.matchAll(/\{(\w+)\}/g)) {
    source += escape(msgid.slice(last, found.index));
    last = found.index + found[0].length;
    const key = found[1];
    const value = params[key];
    if (value !== undefined && value !== null) {
      source += escape(value);
    } else if (read && read[key]) {
      const how = read[key];
      if (keys.includes(key)) {
        source += `\\${keys.indexOf(key) + 1}`; // the same placeholder twice reads the same text
        continue;
      }
      source += `(${how.name ? ctx.namePattern() : how.re})`;
      keys.push(key);
    } else {
      return null;
    }
  }
  source += escape(msgid.slice(last)) + "$";
  let re = compiled.get(source);
  if (!re) {
    re = new RegExp(source, "s");
    if (compiled.size > 2000) compiled.clear();
    compiled.set(source, re);
  }
  const hit = re.exec(text);
  if (!hit) return null;
  return Object.fromEntries(keys.map((key, i) => [key, hit[i + 1]]));
}
