// The rules log in the chosen language. The engine writes every event in English (its "text") with data
// fields; here the most frequent events have sentence templates, whose msgid is the engine's English sentence
// with {placeholders}. A template is used only when, filled in English from the event's data, it gives exactly
// the engine's text, so a translated line never says something the engine didn't. Parts the data doesn't
// carry are read back from the text (numbers, card names, Oracle text, which stay in English). Any other
// event, or one no template fits, is shown in the engine's English. Rule numbers are never translated.

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

const DIE_FACES = {
  // NOTE: a face of the planar die, as in "Ann rolls the planar die as a special action: blank."
  blank: N_("blank"),
  // NOTE: a face of the planar die (the chaos symbol); also the chaos symbol's name
  chaos: N_("chaos"),
  // NOTE: a face of the planar die (the Planeswalker symbol)
  planeswalker: N_("planeswalker"),
};

const DIRECTIONS = {
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
const PHRASES = new Set([
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

const NUMBER = "-?\\d+";
const ANY = ".+";
const SOME = ".+?";

function escape(text) {
  return String(text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function capitalise(text) {
  const s = String(text);
  return s ? s.charAt(0).toLocaleUpperCase(language()) + s.slice(1) : s;
}

/** How a sentence is being filled: in the engine's English (to check it), or in the chosen language. */
function filling(english) {
  return {
    english,
    tr: english ? (text) => text : (text) => t(text),
    phrase: english ? (text) => text : (text) => (PHRASES.has(text) ? t(text) : text),
    list: english ? (items, joiner) => items.join(joiner) : (items) => listOf(items),
  };
}

/** A space of the Eternities Map in words, from the centre (the engine's place_name). */
function place(position, L) {
  if (!Array.isArray(position)) return null;
  const [x, y] = position;
  if (x === 0 && y === 0) return L.tr(N_("the centre"));
  const parts = [];
  if (y) parts.push(format(L.tr(y > 0 ? N_("{n} north") : N_("{n} south")), { n: Math.abs(y) }));
  if (x) parts.push(format(L.tr(x > 0 ? N_("{n} east") : N_("{n} west")), { n: Math.abs(x) }));
  return format(L.tr(N_("{where} of the centre")), { where: parts.join(", ") });
}

function signed(n) {
  return n >= 0 ? `+${n}` : String(n);
}

/** An item exiled as the turn ends (723.1b): the one resolving is marked "(resolving)"; a card's ability is
 *  "{card}'s ability". */
function resolvingItem(item, L) {
  const text = String(item);
  const resolving = /^(.+) \(resolving\)$/s.exec(text);
  const inner = resolving ? resolving[1] : text;
  const ability = /^(.+)'s ability$/s.exec(inner);
  const label = ability ? format(L.tr(N_("{card}'s ability")), { card: ability[1] }) : L.phrase(inner);
  return resolving ? format(L.tr(N_("{label} (resolving)")), { label }) : label;
}

/** Declared attacks, [[attacker, defender], ...], in words: "Ann's creatures attack Bob and Cy; ...". */
function attackers(pairs, L, c) {
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
const WHY_TRIGGERED = [
  N_("beginning of {step}"),
  N_("{player}'s upkeep"),
  N_("{player}'s end step"),
  N_("the first upkeep of the game"),
  N_("end of combat"),
  N_("{count} {counter} counters"),
  N_("{player} casts {label}"),
];
const WHY_LIFE = [N_("{card} deals {amount} damage"), N_("{card}: life redistributed")];

/** The engine's decisions: their prompts, and the options that are not names of players or cards. */
const DECISIONS = [
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
const CONDITIONS = [
  // NOTE: a condition of a plane's triggered ability (Unyaro), as in "It is no longer the case that you planeswalked to it this turn: the ability does nothing."
  N_("you planeswalked to it this turn"),
];

/** The questions planar cards ask the table (the number or the yes or no only the table knows). */
const TABLE_QUESTIONS = [
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
const VARIANTS = {
  free_for_all: N_("Free-for-All"),
  two_headed_giant: N_("Two-Headed Giant"),
  grand_melee: N_("Grand Melee"),
  emperor: N_("Emperor"),
};

/** The players' roles in a team variant, as the log names them beside a player (Role). */
const ROLES = {
  player: N_("player"),
  primary: N_("primary"),
  teammate: N_("teammate"),
  emperor: N_("emperor"),
  general: N_("general"),
};

/** The seating of a team variant the game began with: "team 1: Ann (primary), Bob (teammate); team 2: ...". */
function seatingText(value) {
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
function cardList(value) {
  return String(value)
    .split(", ")
    .map((item) => phrase(item))
    .join(", ");
}

/** The Eternities Map's house-rule profiles, as MapRules.describe() sums them up (PROFILE_SUMMARIES). */
const PROFILE_SUMMARIES = [
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
const MAP_RULE_LINES = [
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
const MAP_RULE_READS = {
  profile: { re: "[\\w-]+" },
  summary: { re: PROFILE_SUMMARIES.map(escape).join("|") },
  settings: { re: "\\w+(?:, \\w+)*" },
  hellride: { re: NUMBER },
  move: { re: NUMBER },
  radius: { re: NUMBER },
};

/** One line of the Eternities Map's rules (MapRules.describe()) in words (`L`): null when it is not one of them. */
function mapRuleLine(line, L) {
  const text = String(line);
  const whole = text.endsWith(".") ? text : `${text}.`;
  for (const msgid of MAP_RULE_LINES) {
    const got = match(msgid, {}, MAP_RULE_READS, whole, null);
    if (got) return format(L.tr(msgid), got.summary ? { ...got, summary: L.tr(got.summary) } : got);
  }
  return null;
}

/** The Eternities Map's rules as the log's first map line gives them: every line, or null if one is unknown. */
function mapRules(lines, L) {
  if (!Array.isArray(lines) || !lines.length) return null;
  const out = lines.map((line) => mapRuleLine(line, L));
  return out.includes(null) ? null : out.join(" ");
}

/** A seat's name, or null for none. */
function seatName(seat, c) {
  return Number.isInteger(seat) ? c.name(seat) : null;
}

/** The log's templates by event type: `params(event, L, ctx)` gives the placeholders the event's data fills
 *  (or a list of alternatives); `read` says how to read the others back from the engine's text (a player's name,
 *  a regular expression, the part's own templates, a known phrase, or a function of its own: `parse`). */
const TEMPLATES = {
  turn_began: {
    params: (e, L, c) => ({ turn: e.turn, player: c.name(e.player), marker: e.marker }),
    texts: [
      N_("Turn {turn}: {player}'s turn begins."),
      N_("Turn {turn}: {player}'s extra turn begins."),
      N_("Turn {turn}: {player}'s turn begins (turn marker {marker})."),
      N_("Turn {turn}: {player}'s extra turn begins (turn marker {marker})."),
    ],
  },
  step_began: {
    params: (e, L, c) => {
      const step = STEP_NAMES[e.step] ? capitalise(L.tr(STEP_NAMES[e.step])) : null;
      const team = c.team(e.player);
      const whose = [c.name(e.player)];
      if (team.length > 1) whose.push(L.list(team.map(c.name), " and "));
      return whose.map((player) => ({ step, player, marker: e.marker }));
    },
    texts: [N_("{step} ({player}'s turn)."), N_("{step} ({player}'s turn, turn marker {marker}).")],
  },
  step_ended: {
    params: (e, L) => ({ step: STEP_NAMES[e.step] ? L.tr(STEP_NAMES[e.step]) : null }),
    texts: [N_("All players pass: the {step} ends.")],
  },
  turn_based_action: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    texts: [
      N_("{player} untaps their permanents."),
      N_("{player} draws a card."),
      N_("{player} discards down to their maximum hand size."),
    ],
  },
  draw_step_skipped: {
    params: (e, L, c) => ({ player: c.name(e.player), players: L.list(c.team(e.player).map(c.name), " and ") }),
    texts: [
      N_("{player} plays first and skips the draw step of this turn."),
      N_("{players} play first and skip the draw step of this turn."),
    ],
  },
  passed: { params: (e, L, c) => ({ player: c.name(e.player) }), texts: [N_("{player} passes.")] },
  priority: { params: (e, L, c) => ({ player: c.name(e.player) }), texts: [N_("{player} receives priority.")] },
  all_passed: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    texts: [N_("{player} resolves the top of the stack: all players pass.")],
  },
  advance: {
    params: (e, L, c) => ({ player: c.name(e.player), step: STEP_NAMES[e.to] ? L.tr(STEP_NAMES[e.to]) : null }),
    texts: [N_("{player} moves on to the next turn: all players pass."), N_("{player} moves on to the {step}: all players pass.")],
  },
  die_rolled: {
    params: (e, L, c) => ({ player: c.name(e.player), result: DIE_FACES[e.result] ? L.tr(DIE_FACES[e.result]) : null }),
    texts: [
      N_("{player} rolls the planar die as a special action: {result}."),
      N_("{player} rolls the planar die because an effect says so: {result}."),
    ],
  },
  blank: { params: () => ({}), texts: [N_("Blank: nothing happens.")] },
  roll_replaced: { params: () => ({}), texts: [N_("Chaotic Aether: the blank roll is a chaos roll.")] },
  cost_paid: {
    params: (e, L, c) => ({ player: c.name(e.player), cost: e.cost }),
    texts: [N_("{player} pays {cost} mana to roll.")],
  },
  chaos_ensues: {
    params: (e, L) => ({ cause: e.cause ? L.phrase(e.cause) : null, card: e.card }),
    texts: [N_("Chaos ensues ({cause})."), N_("Chaos ensues for {card} ({cause}).")],
  },
  planeswalk: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    read: { cause: { re: ANY, phrase: true } },
    texts: [N_("{player} planeswalks."), N_("{player} planeswalks ({cause}).")],
  },
  planeswalked_to: {
    params: (e, L, c) => ({ player: c.name(e.player), card: e.card }),
    texts: [N_("{player} planeswalks to {card}.")],
  },
  planeswalked_away: {
    params: (e) => ({ card: e.card }),
    read: { player: { name: true } },
    texts: [
      N_("{player} planeswalks away from {card}; it goes to the bottom of its planar deck."),
      N_("{player} leaves {card}; it goes to the bottom of its planar deck."),
      N_("{player} planeswalks away from {card}; it stays face up on the Eternities Map."),
      N_("{player} leaves {card}; it stays face up on the Eternities Map."),
    ],
  },
  encountered: {
    params: (e, L, c) => ({ player: c.name(e.player), card: e.card }),
    texts: [N_("{player} encounters {card}.")],
  },
  planeswalk_refused: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    texts: [N_("{player} is not the planar controller and cannot planeswalk.")],
  },
  planar_controller: {
    params: (e, L, c) => ({
      player: e.player === null || e.player === undefined ? null : c.name(e.player),
      previous: e.previous === null || e.previous === undefined ? null : c.name(e.previous),
      marker: e.marker,
    }),
    read: { number: { re: NUMBER } },
    texts: [
      N_("{player} becomes the planar controller."),
      N_("{player} becomes the planar controller of turn marker {marker}'s planar cards."),
      N_("{player} has turn marker {number} and is a planar controller."),
      N_("{previous} leaves and stops being a planar controller; nobody takes their place."),
    ],
  },
  planar_deck_empty: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    texts: [N_("{player}'s planar deck is empty: no card is turned face up.")],
  },
  ability_triggered: {
    params: (e, L, c) => ({
      card: e.card,
      controller: e.controller === null || e.controller === undefined ? null : c.name(e.controller),
    }),
    read: { text: { re: ANY }, why: { re: "[^()]+", templates: WHY_TRIGGERED } },
    texts: [
      N_("{card}'s ability triggers: {text}"),
      N_("{card}'s ability triggers ({why}): {text}"),
      N_("The planeswalking ability triggers, controlled by {controller}."),
    ],
  },
  not_triggered: {
    params: (e) => ({ card: e.card }),
    read: { player: { name: true }, controller: { name: true } },
    texts: [N_("{card}'s ability doesn't trigger: {player} is out of {controller}'s range of influence.")],
  },
  put_on_stack: { params: () => ({}), read: { text: { re: ANY, phrase: true } }, texts: [N_("Put on the stack: {text}")] },
  resolves: { params: () => ({}), read: { text: { re: ANY, phrase: true } }, texts: [N_("Resolves: {text}")] },
  resolved_other: {
    params: () => ({}),
    read: { label: { re: ANY, phrase: true } },
    texts: [N_("{label} resolves (the table carries it out).")],
  },
  cast: {
    // The engine names the effect by its value, with or without its underscores ("extra_turn", "extra turn"), and
    // the player it is for, if one was named ("extra turn for Bob").
    params: (e, L, c) => {
      const known = Boolean(EFFECT_LABEL[e.effect]);
      const label = known && !L.english ? L.tr(EFFECT_LABEL[e.effect]) : null;
      const target = Number.isInteger(e.target_player) ? c.name(e.target_player) : null;
      const forms = [];
      for (const value of new Set([String(e.effect), String(e.effect).replaceAll("_", " ")])) {
        const effect = label || value;
        forms.push(known ? effect : null);
        // NOTE: what a spell or ability on the stack does, and the player it is for: "an extra turn for Bob"
        if (known && target !== null) forms.push(format(L.tr(N_("{effect} for {player}")), { effect, player: target }));
      }
      return forms.map((effect) => ({
        player: c.name(e.player),
        label: typeof e.label === "string" ? L.phrase(e.label) : null,
        types: e.types || null,
        effect,
      }));
    },
    texts: [
      N_("{player} casts {label}."),
      N_("{player} casts {label} ({types})."),
      N_("{player} casts {label} ({effect})."),
      N_("{player} casts {label} ({types}; {effect})."),
      N_("{player} casts {label} ({types}) ({effect})."),
      N_("{player} puts {label} on the stack."),
      N_("{player} puts {label} ({effect}) on the stack."),
    ],
  },
  countered: {
    params: () => ({}),
    read: { source: { re: SOME, phrase: true }, text: { re: ANY, phrase: true } },
    texts: [N_("{source} counters {text}.")],
  },
  copied: {
    params: () => ({}),
    read: { player: { name: true }, card: { re: SOME }, text: { re: ANY, phrase: true } },
    texts: [N_("{player} copies {text}."), N_("{card}: {player} copies {text}.")],
  },
  fizzles: {
    params: () => ({}),
    read: { label: { re: ANY, phrase: true } },
    texts: [
      N_("Its target is no longer legal: the ability doesn't resolve."),
      N_("{label}: its target is gone; it doesn't resolve."),
      N_("{label}: its target has left; it doesn't resolve."),
    ],
  },
  ability_ceased: {
    params: () => ({}),
    read: { text: { re: ANY, phrase: true }, card: { re: ANY }, player: { name: true } },
    texts: [
      N_("{text} ceases to exist."),
      N_("{text} ceases to exist: the turn is ending."),
      N_("{card}'s ability ceases to exist with its owner."),
      N_("The planeswalking ability ceases to exist because a plane left the game."),
      N_("{player} left the game: the rest of {text} does nothing."),
    ],
  },
  deploy: {
    params: (e, L, c) => ({ player: c.name(e.player), teammate: c.name(e.teammate), creature: L.phrase(String(e.creature)) }),
    texts: [N_("{player} activates {creature}'s deploy ability, targeting {teammate}.")],
  },
  deployed: {
    params: (e, L, c) => ({ player: c.name(e.player), teammate: c.name(e.teammate) }),
    read: { label: { re: ANY, phrase: true } },
    texts: [N_("{teammate} gains control of {label} (deployed by {player}).")],
  },
  reported: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    read: { text: { re: ANY } },
    texts: [N_("{player} reports: {text}")],
  },
  counters_added: {
    params: (e) => ({ card: e.card, counter: e.counter, added: e.added, total: e.total }),
    texts: [N_("{card} gets {added} {counter} counter (now {total})."), N_("{card} gets {added} {counter} counters (now {total}).")],
  },
  life_changed: {
    params: (e, L, c) => ({ player: c.name(e.player), amount: Math.abs(e.delta), life: e.life }),
    read: { why: { re: ANY, templates: WHY_LIFE, phrase: true } },
    texts: [
      N_("{player} gains {amount} life ({why}); now {life}."),
      N_("{player} loses {amount} life ({why}); now {life}."),
      N_("{player} gains {amount} life ({why}); their team's total now {life}."),
      N_("{player} loses {amount} life ({why}); their team's total now {life}."),
    ],
  },
  life_adjusted: {
    params: (e, L, c) => ({ player: c.name(e.player), delta: signed(e.delta) }),
    read: { life: { re: NUMBER } },
    texts: [
      N_("{player}'s life total changes by {delta} (now {life})."),
      N_("{player}'s team's life total changes by {delta} (now {life})."),
    ],
  },
  poison_adjusted: {
    params: (e, L, c) => ({ player: c.name(e.player), delta: signed(e.delta) }),
    read: { poison: { re: NUMBER } },
    texts: [
      N_("{player}'s poison counters change by {delta} (now {poison})."),
      N_("{player}'s team's poison counters change by {delta} (now {poison})."),
    ],
  },
  state_based_action: {
    params: (e, L, c) => ({ player: e.player === undefined ? null : c.name(e.player) }),
    read: { life: { re: NUMBER }, poison: { re: NUMBER }, cards: { re: SOME }, controller: { name: true } },
    texts: [
      N_("{player} has {life} life and loses the game."),
      N_("{player} has {poison} poison counters and loses the game."),
      N_("{player}'s team has {life} life and loses the game."),
      N_("{player}'s team has {poison} poison counters and loses the game."),
      N_("{cards} is face up with no ability waiting: {controller} planeswalks."),
    ],
  },
  player_left: {
    params: (e, L, c) => ({ player: c.name(e.player), reason: typeof e.reason === "string" ? L.phrase(e.reason) : null }),
    texts: [N_("{player} leaves the game ({reason}).")],
  },
  game_over: {
    params: (e, L, c) => ({
      winner: e.winner === null || e.winner === undefined ? null : c.name(e.winner),
      winners: Array.isArray(e.winners) ? L.list(e.winners.map(c.name), ", ") : null,
    }),
    texts: [N_("{winner} wins the game."), N_("{winner}'s team wins the game: {winners}."), N_("The game is a draw.")],
  },
  instruction: {
    params: (e, L, c) => {
      const seats = Array.isArray(e.players) ? e.players : [];
      const names = seats.map(c.name);
      const order = L.english ? names.join(", then ") : names.join(" → ");
      return [" and ", ", "].map((joiner) => ({ players: names.length ? L.list(names, joiner) : null, order }));
    },
    read: { text: { re: ANY } },
    texts: [
      N_("Each player: draw seven cards; take mulligans now."),
      N_("Each player: {text}."),
      N_("In turn, starting with {order}: {text}."),
      N_("{players}: {text}."),
    ],
  },
  starting_plane: {
    params: (e) => ({ card: e.card }),
    texts: [
      N_("{card} is the starting plane."),
      N_("{card}, the centre of the map, is the starting plane; only it is face up during mulligans."),
    ],
  },
  starting_plane_phenomenon: {
    params: (e) => ({ card: e.card }),
    texts: [N_("{card} is a phenomenon: it goes to the bottom and nothing triggers.")],
  },
  no_starting_plane: { params: () => ({}), texts: [N_("The planar deck has no plane card: there is no starting plane.")] },
  starting_player: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    texts: [
      N_("{player} starts."),
      N_("{player} is chosen at random to start."),
      N_("{player}'s team is chosen at random to start."),
      N_("{player} (an emperor goes first) is chosen at random to start."),
    ],
  },
  deck_shuffled: {
    params: (e, L, c) => ({ player: Number.isInteger(e.deck) ? c.name(e.deck) : null }),
    texts: [
      N_("{player}'s planar deck is shuffled."),
      N_("The shared planar deck is shuffled."),
      N_("The Eternities Map deck is shuffled."),
      N_("The phenomenon pile is shuffled."),
    ],
  },
  card_left_game: {
    params: (e) => ({ card: e.card }),
    texts: [N_("{card} leaves the game with its owner."), N_("{card} leaves the game.")],
  },
  choice: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    read: { option: { re: ANY, templates: DECISIONS, keep: true } },
    texts: [N_("{player} chooses: {option}.")],
  },
  extra_turn: {
    params: (e, L, c) => ({
      player: c.name(e.player),
      players: Array.isArray(e.team) ? L.list(e.team.map(c.name), " and ") : null,
    }),
    read: { source: { re: SOME, phrase: true } },
    texts: [
      N_("{player} will take an extra turn after this one."),
      N_("{source}: {player} will take an extra turn after this one."),
      N_("{player}'s team ({players}) will take an extra turn after this one."),
      N_("{source}: {player}'s team ({players}) will take an extra turn after this one."),
    ],
  },
  skip_added: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    read: { source: { re: SOME, phrase: true } },
    texts: [
      N_("{source}: {player} will skip their next turn."),
      N_("{source}: {player} will skip their next untap step."),
      N_("{source}: {player} will skip their next upkeep step."),
      N_("{source}: {player} will skip their next draw step."),
      N_("{source}: {player} will skip their next combat phase."),
      N_("{source}: {player}'s team will skip their next turn."),
      N_("{source}: {player}'s team will skip their next untap step."),
      N_("{source}: {player}'s team will skip their next upkeep step."),
      N_("{source}: {player}'s team will skip their next draw step."),
      N_("{source}: {player}'s team will skip their next combat phase."),
    ],
  },
  turn_skipped: {
    params: (e, L, c) => ({ player: e.player === undefined || e.player === null ? null : c.name(e.player) }),
    read: { player: { name: true }, source: { re: ANY, phrase: true } },
    texts: [
      N_("{player}'s turn is skipped ({source})."),
      N_("{player}'s extra turn is skipped ({source})."),
      N_("{player} has left: that extra turn doesn't begin."),
    ],
  },
  phases_added: {
    params: () => ({}),
    read: { source: { re: SOME, phrase: true } },
    texts: [
      N_("{source}: there is an additional combat phase after this phase."),
      N_("{source}: there is an additional combat phase followed by an additional main phase after this phase."),
      N_("{source}: there is an additional beginning phase after this phase."),
      N_("{source}: there is an additional upkeep step after this step."),
    ],
  },
  turn_ending: {
    params: (e, L) => ({ items: Array.isArray(e.exiled) ? e.exiled.map((item) => resolvingItem(item, L)).join("; ") : null }),
    read: { source: { re: SOME, phrase: true } },
    texts: [N_("{source}: the turn ends. Exiled from the stack: {items}.")],
  },
  turn_ends: {
    params: (e, L) => ({
      steps: Array.isArray(e.skipped) && e.skipped.length ? e.skipped.map((step) => (L.english ? step : t(step))).join(", ") : null,
    }),
    texts: [N_("The turn ends: the game skips to the cleanup step."), N_("The turn ends: the game skips to the cleanup step (skipping the {steps}).")],
  },
  turn_order_reversed: {
    params: () => ({}),
    read: { source: { re: SOME, phrase: true } },
    texts: [
      N_("{source}: the turn order is reversed (now clockwise)."),
      N_("{source}: the turn order is reversed (now counterclockwise)."),
    ],
  },
  attackers_declared: {
    params: (e, L, c) => ({ player: c.name(e.player), attacks: Array.isArray(e.attacks) && e.attacks.length ? attackers(e.attacks, L, c) : null }),
    texts: [
      N_("{player} declares no attackers: the declare blockers and combat damage steps are skipped."),
      N_("Attackers are declared: {attacks}."),
    ],
  },
  permanent_tracked: {
    params: (e, L, c) => ({ player: c.name(e.player), card: e.card }),
    read: { text: { re: ANY } },
    texts: [N_("{player} controls {card}: {text}"), N_("{player} no longer controls {card}: its effect ends.")],
  },
  dice_rolled: {
    params: (e, L, c) => ({ player: c.name(e.player), n: e.dice }),
    texts: [N_("Ichor Elixir: {player} rolls {n} planar dice instead of one and will ignore all but one.")],
  },
  die_result: {
    params: (e, L) => ({ result: DIE_FACES[e.result] ? (L.english ? e.result : L.tr(DIE_FACES[e.result])) : null }),
    read: { number: { re: NUMBER }, total: { re: NUMBER } },
    // NOTE: one of the planar dice rolled at once (Ichor Elixir): "Planar die 2 of 3: chaos."
    texts: [N_("Planar die {number} of {total}: {result}.")],
  },
  roll_ignored: {
    params: (e, L, c) => ({ player: e.player === undefined || e.player === null ? null : c.name(e.player) }),
    read: { player: { name: true } },
    texts: [
      N_("The other die is ignored: as if never rolled, nothing triggers for it."),
      N_("The other die is ignored: as if never rolled, nothing triggers for them."),
      N_("The other dice are ignored: as if never rolled, nothing triggers for them."),
      N_("{player} has left: the roll does nothing."),
    ],
  },
  planar_deck_arranged: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    texts: [
      N_("Susan Foreman: {player} looks at the top two cards of their planar deck, puts one on the bottom and the other on top, then planeswalks."),
      N_("Susan Foreman: {player} looks at the top card of their planar deck; it stays on top."),
      N_("Susan Foreman: {player} looks at their planar deck, which is empty."),
    ],
  },
  player_chose: {
    params: (e, L, c) => ({ player: c.name(e.player), value: e.value }),
    read: { source: { re: SOME } },
    // NOTE: {value} is the card's own word (Two Streams Facility: green anchor or red waterfall), in English
    texts: [N_("{source}: {player} has chosen {value}.")],
  },
  no_choice_changed: {
    params: () => ({}),
    read: { card: { re: SOME } },
    texts: [N_("{card}: no player has chosen yet; nothing changes.")],
  },
  revealed: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    read: { cards: { re: ANY } },
    texts: [N_("{player} reveals {cards}.")],
  },
  coin_flipped: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    read: { card: { re: SOME } },
    texts: [
      N_("{player} flips a coin and wins the flip."),
      N_("{player} flips a coin and loses the flip."),
      N_("{card}: {player} flips a coin and wins the flip."),
      N_("{card}: {player} flips a coin and loses the flip: the process repeats."),
    ],
  },
  effect_ended: { params: () => ({}), read: { text: { re: ANY } }, texts: [N_("Effect ends: {text}")] },
  step_skipped: {
    params: (e, L, c) => {
      if (e.player === undefined || e.player === null) return {};
      const team = c.team(e.player);
      const whose = [c.name(e.player)];
      if (team.length > 1) whose.push(L.list(team.map(c.name), " and ")); // a team's turn (805.8)
      return whose.map((player) => ({ player }));
    },
    read: { source: { re: ANY, phrase: true } },
    texts: [
      N_("Players skip their untap steps: the untap step is skipped."),
      N_("{player} skips the untap step ({source})."),
      N_("{player} skips the upkeep step ({source})."),
      N_("{player} skips the draw step ({source})."),
      N_("{player} skips the combat phase ({source})."),
    ],
  },
  no_extra_phase: { params: () => ({}), texts: [N_("It is not a main phase: no additional combat phase.")] },
  turn_marker_passed: {
    params: (e, L, c) => ({ player: c.name(e.player), previous: c.name(e.previous), marker: e.marker }),
    texts: [
      N_("{previous}'s turn ends: turn marker {marker} passes to {player}."),
      N_("{previous}'s turn ends: turn marker {marker} passes to {player}; {player} waits (807.4d)."),
      N_("{previous} has left: turn marker {marker} passes to {player} now."),
    ],
  },
  turn_marker_removed: {
    params: (e, L, c) => ({ player: e.player === undefined ? null : c.name(e.player), marker: e.marker }),
    texts: [
      N_("{player}'s turn ends: turn marker {marker}, designated for removal, is removed."),
      N_("Turn marker {marker} is removed."),
    ],
  },
  map_moved: {
    params: (e, L) => ({
      direction: DIRECTIONS[e.direction] ? (L.english ? e.direction : L.tr(DIRECTIONS[e.direction])) : null,
      place: place(e.position, L),
    }),
    texts: [N_("The game moves {direction} to {place}."), N_("The game hellrides {direction} to {place}.")],
  },
  map_filled: {
    params: (e, L) => ({
      places: Array.isArray(e.spaces) && e.spaces.length ? e.spaces.map((p) => place(p, L)).join("; ") : null,
    }),
    texts: [N_("Cards are dealt face down around the new position: {places}.")],
  },
  map_dealt: {
    params: () => ({}),
    texts: [N_("Five cards are dealt face down in a plus shape: the centre and the four spaces around it.")],
  },
  map_rules: {
    params: (e, L) => ({ rules: mapRules(e.lines, L) }),
    // NOTE: the first line of a game on the Eternities Map; {rules} are its house rules, one sentence each ("Profile: ... Phenomena: ...")
    texts: [N_("The game is played on the Eternities Map. {rules}")],
  },
  map_revealed: {
    params: (e, L) => {
      const cards = Array.isArray(e.cards) ? e.cards : [];
      const places = Array.isArray(e.spaces) ? e.spaces.map((p) => place(p, L)) : [];
      if (!cards.length || cards.length !== places.length || places.includes(null)) return {};
      return { planes: cards.map((card, i) => `${card} (${places[i]})`).join("; ") };
    },
    texts: [
      // NOTE: an Eternities Map game starts; {planes} are the planes turned face up and where: "Tazeem (1 north of the centre); Otaria (1 east of the centre)"
      N_("The game starts: the four planes around the centre are turned face up. {planes}."),
      // NOTE: after a move on the Eternities Map; {planes} are the planes turned face up and where: "Tazeem (2 north of the centre); ..."
      N_("The planes around the new position are turned face up: {planes}."),
    ],
  },
  map_no_move: {
    params: () => ({}),
    // NOTE: planeswalking on the Eternities Map when every space around is empty and the deck is empty too
    texts: [N_("No space on the map can be entered (the deck is empty): the game stays where it is.")],
  },
  map_phenomenon_chance: {
    params: (e) => ({ percent: e.percent }),
    read: { roll: { re: NUMBER } },
    texts: [
      // NOTE: an Eternities Map house rule at work: {percent} is the chance, {roll} the number rolled from 1 to 100 (a hellride is a diagonal move onto an unknown space)
      N_("A hellride meets a phenomenon {percent}% of the time: rolled {roll}, a phenomenon is met on the way."),
      // NOTE: an Eternities Map house rule at work: {percent} is the chance, {roll} the number rolled from 1 to 100
      N_("A hellride meets a phenomenon {percent}% of the time: rolled {roll}, no phenomenon."),
      // NOTE: an Eternities Map house rule at work: {percent} is the chance, {roll} the number rolled from 1 to 100 (a move is an ordinary, orthogonal move)
      N_("A move meets a phenomenon {percent}% of the time: rolled {roll}, a phenomenon is met on the way."),
      // NOTE: an Eternities Map house rule at work: {percent} is the chance, {roll} the number rolled from 1 to 100
      N_("A move meets a phenomenon {percent}% of the time: rolled {roll}, no phenomenon."),
    ],
  },
  map_phenomenon_met: {
    params: (e) => ({ card: e.card }),
    // NOTE: a move on the Eternities Map meets a phenomenon from the separate phenomenon pile; {card} is the phenomenon
    texts: [N_("On the way, the game meets {card}, the top card of the phenomenon pile.")],
  },
  map_space_dealt: {
    params: (e, L) => ({ card: e.card, place: place(e.position, L) }),
    // NOTE: the game moves onto an empty space of the Eternities Map; {place} is where: "2 north of the centre"
    texts: [N_("{card} is dealt face up onto the space the game enters ({place}).")],
  },
  map_tunnel: {
    params: (e) => ({ card: e.card }),
    // NOTE: a move on the Eternities Map after Interplanar Tunnel chose the plane on top of the deck
    texts: [N_("Interplanar Tunnel: the game arrives at {card}, the top card of the deck.")],
  },
  map_tunnel_opened: {
    params: (e) => ({ card: e.card }),
    // NOTE: Interplanar Tunnel on the Eternities Map: the plane put on top of the deck is where the next move goes
    texts: [N_("The tunnel leads to {card}: the next move on the map arrives at it.")],
  },
  map_displaced: {
    params: (e, L) => ({ card: typeof e.card === "string" ? e.card : null, place: place(e.position, L) }),
    texts: [
      // NOTE: a named plane (Spatial Merging, Interplanar Tunnel) takes a space of the Eternities Map; {place} is where: "1 north of the centre"
      N_("{card} at {place} goes to the bottom of the deck to make way."),
      // NOTE: a named plane (Spatial Merging, Interplanar Tunnel) takes a space of the Eternities Map; {place} is where: "the centre"
      N_("The face-down card at {place} goes to the bottom of the deck to make way."),
    ],
  },
  map_joined: {
    params: (e, L) => ({ cards: Array.isArray(e.cards) && e.cards.length ? L.list(e.cards, ", ") : null }),
    // NOTE: Norn's Seedcore or Spatial Merging on the Eternities Map: {cards} are the planes turned face up beside the map
    texts: [N_("The game stays where it is on the map; {cards} joins the current plane beside the map.")],
  },
  map_shuffled_back: {
    params: () => ({}),
    read: {
      distance: {
        re: "\\d+ steps?",
        templates: [
          // NOTE: a distance on the Eternities Map, as in "More than 1 step away, Tazeem is shuffled back into the deck."
          N_("{n} step"),
          // NOTE: a distance on the Eternities Map ({n} is 2 or more), as in "More than 3 steps away, Tazeem is shuffled back into the deck."
          N_("{n} steps"),
        ],
      },
      cards: { re: ANY, parse: cardList },
    },
    texts: [
      // NOTE: after a move on the Eternities Map; {distance} is "1 step" or "3 steps", {cards} plane names or "a face-down card"
      N_("More than {distance} away, {cards} is shuffled back into the deck."),
      // NOTE: after a move on the Eternities Map; {distance} is "1 step" or "3 steps", {cards} plane names or "a face-down card"
      N_("More than {distance} away, {cards} are shuffled back into the deck."),
      // NOTE: after a move on the Eternities Map; {distance} is "1 step" or "3 steps", {cards} a plane's name or "a face-down card"
      N_("More than {distance} away, {cards} is shuffled back into the deck (counters on them are lost)."),
      // NOTE: after a move on the Eternities Map; {distance} is "1 step" or "3 steps", {cards} plane names or "a face-down card"
      N_("More than {distance} away, {cards} are shuffled back into the deck (counters on them are lost)."),
    ],
  },
  counters_lost: {
    params: (e) => ({ card: e.card }),
    // NOTE: an Eternities Map house rule (strict_cr): the plane the game left stays on the map without its counters
    texts: [N_("{card} loses its counters: the plane the game left is a new object (901.7a).")],
  },
  game_started: {
    params: (e, L) => {
      const variant = VARIANTS[e.variant] ? L.tr(VARIANTS[e.variant]) : null;
      const players = Array.isArray(e.players) ? L.list(e.players.map(String), ", ") : null;
      return [{ variant, players }, { variant }]; // a team variant's seating is read back from the text
    },
    read: { players: { re: ANY, parse: seatingText } },
    texts: [
      // NOTE: the first line of a two-player game's log; {players} are the players in seat order
      N_("A Planechase game begins: {players}."),
      // NOTE: the first line of a two-player game's log when the table plays without planar cards; {players} in seat order
      N_("A game (without Planechase) begins: {players}."),
      // NOTE: the first line of a multiplayer game's log: {variant} is Free-for-All, Two-Headed Giant or Grand Melee; {players} the players in seat order, or the teams: "team 1: Ann (primary), Bob (teammate); team 2: ..."
      N_("A {variant} Planechase game begins: {players}."),
      // NOTE: the first line of a multiplayer game's log: {variant} is Emperor ("An Emperor Planechase game"); {players} the teams: "team 1: Ann (general), Bob (emperor), Cy (general); team 2: ..."
      N_("An {variant} Planechase game begins: {players}."),
      // NOTE: the first line of a multiplayer game's log without planar cards: {variant} is Free-for-All, Two-Headed Giant or Grand Melee
      N_("A {variant} game (without Planechase) begins: {players}."),
      // NOTE: the first line of a multiplayer game's log without planar cards: {variant} is Emperor
      N_("An {variant} game (without Planechase) begins: {players}."),
    ],
  },
  seated_at_random: {
    params: (e, L) => ({ players: Array.isArray(e.players) ? L.list(e.players.map(String), ", ") : null }),
    // NOTE: random seating (806.3, 807.3): {players} are the players in their new seat order
    texts: [N_("The players are seated at random, clockwise: {players}.")],
  },
  range_of_influence: {
    params: (e, L, c) => {
      if (!e.influence || typeof e.influence !== "object") return {};
      const parts = Object.entries(e.influence).map(([key, reach]) => {
        const seat = Number(key);
        const others = Array.isArray(reach) ? reach.filter((o) => o !== seat).map(c.name) : [];
        return others.length
          ? // NOTE: one player's range of influence (801.2c): "Ann reaches Bob, Cy"
            format(L.tr(N_("{player} reaches {players}")), { player: c.name(seat), players: L.list(others, ", ") })
          : // NOTE: one player's range of influence (801.2c) when it holds only them
            format(L.tr(N_("{player} reaches nobody else")), { player: c.name(seat) });
      });
      return { ranges: parts.join("; ") };
    },
    // NOTE: limited range of influence (801.2c); {ranges} is each player's range: "Ann reaches Bob, Cy; Bob reaches Ann"
    texts: [N_("Ranges of influence are determined again as the turn begins: {ranges}.")],
  },
  turn_markers: {
    params: (e, L, c) => {
      if (!e.markers || typeof e.markers !== "object") return {};
      const entries = Object.entries(e.markers);
      // NOTE: a turn marker handed out as a Grand Melee game begins (807.4b): "marker 1 to Ann"
      const given = entries.map(([marker, seat]) => format(L.tr(N_("marker {marker} to {player}")), { marker, player: c.name(seat) }));
      return { count: entries.length, markers: given.join(", ") };
    },
    // NOTE: Grand Melee (807.4a, 807.4b): {markers} is "marker 1 to Ann, marker 2 to Fay"
    texts: [N_("{count} turn markers are handed out, one for each full four players: {markers}.")],
  },
  turn_marker_kept: {
    params: (e, L, c) => ({ player: c.name(e.player), marker: e.marker }),
    texts: [
      // NOTE: Grand Melee (807.4i): a player who takes an extra turn keeps their turn marker
      N_("{player}'s turn ends: they keep turn marker {marker} for their extra turn."),
      // NOTE: Grand Melee (807.4i): a player who takes an extra turn keeps their turn marker, and waits for another marker's turn to end
      N_("{player}'s turn ends: they keep turn marker {marker} for their extra turn and wait (807.4i)."),
    ],
  },
  turn_marker_designated: {
    params: (e) => ({ marker: e.marker }),
    read: { player: { name: true } },
    // NOTE: Grand Melee (807.4e, 807.4f): a player left, so a turn marker will be removed; {player} holds it
    texts: [N_("Turn marker {marker} ({player}'s) is designated for removal.")],
  },
  extra_turn_later: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    // NOTE: Grand Melee (807.4i, 807.4j): the turn marker passed on, so the extra turn comes later
    texts: [N_("{player} will take the extra turn immediately before their next turn.")],
  },
  planar_card_bottomed: {
    params: (e) => ({ card: e.card }),
    // NOTE: Grand Melee: a turn marker is removed, or its planar controller left (901.14b); nobody controls {card} any more
    texts: [N_("{card} goes to the bottom of its planar deck; nobody planeswalks.")],
  },
  ability_controller: {
    params: (e, L, c) => ({ controller: seatName(e.controller, c) }),
    read: { card: { re: SOME } },
    // NOTE: a phenomenon's ability whose controller left the game (901.10b): the planar controller now controls it
    texts: [N_("{card}'s ability stays, now controlled by {controller}.")],
  },
  selected_at_random: {
    params: (e, L, c) => ({ player: c.name(e.player) }),
    read: { label: { re: ANY } },
    // NOTE: a plane's ability targets a player at random (Furnace Layer); {label} is the card and its ability's Oracle text, in English
    texts: [N_("{player} is selected at random as the target of {label}.")],
  },
  removed_from_stack: {
    params: () => ({}),
    // NOTE: a triggered ability with no legal target as it is put on the stack (603.3d)
    texts: [N_("No legal target: the ability is removed.")],
  },
  illegal_targets: {
    params: (e, L, c) => ({ players: Array.isArray(e.players) && e.players.length ? L.list(e.players.map(c.name), ", ") : null }),
    // NOTE: an ability resolves with one of its target players gone (608.2b); {players} are the players no longer targeted
    texts: [N_("{players} is no longer a legal target and is unaffected.")],
  },
  condition_false: {
    params: () => ({}),
    read: { condition: { re: ANY, templates: CONDITIONS } },
    // NOTE: an "if" ability whose condition no longer holds as it resolves (603.4): "It is no longer the case that you planeswalked to it this turn: ..."
    texts: [N_("It is no longer the case that {condition}: the ability does nothing.")],
  },
  cancelled: {
    params: () => ({}),
    // NOTE: an action is taken back because a player didn't pay its cost (the roll cost of 901.9)
    texts: [N_("The action is reversed: its cost was not paid; nothing changes.")],
  },
  replaced: {
    params: (e) => ({ card: typeof e.card === "string" ? e.card : null, before: e.before, after: e.after }),
    read: { source: { re: SOME, phrase: true } },
    texts: [
      // NOTE: Fixed Point in Time (a phenomenon) replaces planeswalking with chaos
      N_("Fixed Point in Time: instead of planeswalking, chaos ensues."),
      // NOTE: a card doubles damage (Stronghold Furnace): {card} doubles it, {source} deals it, {after} is the doubled amount, {before} the first one
      N_("{card}: {source} deals double that damage instead ({after}, not {before})."),
    ],
  },
  effect_created: {
    params: () => ({}),
    read: { source: { re: SOME, phrase: true }, effect: { re: ANY } },
    // NOTE: a card creates a continuous effect (611.2a) the table is reminded of; {effect} is its own words, in English ("creatures Ann controls get +0/+2 and gain trample until end of turn")
    texts: [N_("{source}: {effect}")],
  },
  effect_used: {
    params: () => ({}),
    read: { spell: { re: SOME, phrase: true }, effect: { re: ANY } },
    // NOTE: a spell is cast and uses an effect waiting for the next spell (611.2a); {spell} is what the table called it, {effect} the effect's own words, in English
    texts: [N_("{spell}: {effect}")],
  },
  table_answer: {
    params: (e, L, c) => ({ player: c.name(e.player), number: Number.isInteger(e.answer) ? e.answer : null }),
    read: { question: { re: ANY, templates: TABLE_QUESTIONS, keep: true } },
    texts: [
      // NOTE: a player tells the table a number a card asked for: "Ann says the number of cards in your hand is 3." ({question} is the card's question)
      N_("{player} says {question} is {number}."),
      // NOTE: a player's answer to a card's yes or no question: "Ann answers yes to: did you discard a land card?"
      N_("{player} answers yes to: {question}?"),
      // NOTE: a player's answer to a card's yes or no question: "Ann answers no to: did you sacrifice a creature?"
      N_("{player} answers no to: {question}?"),
    ],
  },
  chosen_at_random: {
    params: (e, L) => ({ card: typeof e.card === "string" ? L.phrase(e.card) : null, choice: e.choice }),
    // NOTE: a card chooses one of several cards at random (Happy Yargle Day!); {choice} is the chosen card's name
    texts: [N_("{card}: {choice} is chosen at random.")],
  },
  process_repeated: {
    params: (e, L) => ({ card: typeof e.card === "string" ? L.phrase(e.card) : null, times: e.times }),
    texts: [
      // NOTE: "perform the following process X times" on a card, with X = 1
      N_("{card}: the process is performed {times} time."),
      // NOTE: "perform the following process X times" on a card: {times} is X (0 or more)
      N_("{card}: the process is performed {times} times."),
    ],
  },
  process_iteration: {
    params: (e) => ({ number: e.iteration }),
    read: { card: { re: SOME, phrase: true }, total: { re: NUMBER } },
    // NOTE: one round of a card's repeated process: "Enter the Lair: process 2 of 3."
    texts: [N_("{card}: process {number} of {total}.")],
  },
  put_on_top: {
    params: (e) => ({ card: e.card }),
    // NOTE: Interplanar Tunnel: the chosen plane goes on top of its owner's planar deck
    texts: [N_("{card} goes on top of the planar deck.")],
  },
  put_on_bottom: {
    params: (e) => ({ card: e.card }),
    // NOTE: Stairs to Infinity: the revealed card goes to the bottom of the planar deck
    texts: [N_("{card} goes to the bottom of the planar deck.")],
  },
  left_on_top: {
    params: (e) => ({ card: e.card }),
    // NOTE: Stairs to Infinity: the revealed card stays on top of the planar deck
    texts: [N_("{card} stays on top of the planar deck.")],
  },
  bottom_order: {
    params: (e) => ({ n: Array.isArray(e.cards) ? e.cards.length : null }),
    // NOTE: revealed cards go to the bottom of the planar deck in a random order; {n} is how many (2 or more)
    texts: [N_("{n} cards go to the bottom in a random order.")],
  },
  no_counter: {
    params: (e, L) => ({ card: typeof e.card === "string" ? L.phrase(e.card) : null }),
    read: { card: { re: SOME, phrase: true }, counter: { re: "[^:]+?" } },
    texts: [
      // NOTE: a plane's ability resolves after the plane left (608.2h): no counter goes on it; {counter} is the counter's kind, in English
      N_("{card} is no longer face up: no {counter} counter is put on it."),
      // NOTE: a card's ability would counter the spell that triggered it (Mirrored Depths), but the spell is gone
      N_("{card}: the spell has already left the stack."),
    ],
  },
  no_copy: {
    params: () => ({}),
    read: { card: { re: SOME, phrase: true } },
    // NOTE: a card's ability would copy the spell that triggered it (Izzet Steam Maze), but the spell is gone
    texts: [N_("{card}: the spell is no longer on the stack; nothing is copied.")],
  },
  no_player: {
    params: () => ({}),
    read: { card: { re: SOME, phrase: true } },
    texts: [
      // NOTE: a card's instruction is for players who are no longer in the game (608.2c)
      N_("{card}: no player to instruct."),
      // NOTE: a card's effect about its target player, who is gone (608.2c)
      N_("{card}: no target player; no effect is created."),
      // NOTE: a card's instruction about the player to your left, when nobody else is left in the game
      N_("{card}: there is no player to the left; nothing happens."),
    ],
  },
  life_exchanged: {
    params: (e, L, c) => {
      if (!Array.isArray(e.players) || !Array.isArray(e.before) || e.players.length !== 2) return {};
      return { player: c.name(e.players[0]), life: e.before[0], other: c.name(e.players[1]), other_life: e.before[1] };
    },
    // NOTE: two players exchange life totals (701.12); {life} and {other_life} are their totals before
    texts: [N_("{player} ({life}) and {other} ({other_life}) exchange life totals.")],
  },
  no_exchange: {
    params: () => ({}),
    read: { card: { re: SOME, phrase: true }, player: { name: true } },
    texts: [
      // NOTE: a card's life exchange with a player no longer in the game (701.12a): nothing happens
      N_("{card}: there is no other player to exchange life totals with; nothing happens."),
      // NOTE: Two-Headed Giant (810.9e): teammates share a life total, so they can't exchange it
      N_("{card}: {player} can't exchange life totals with a teammate; nothing happens."),
    ],
  },
  life_redistributed: {
    params: (e, L, c) => {
      const { players, before, after } = e;
      if (![players, before, after].every(Array.isArray) || players.length !== before.length || players.length !== after.length) return {};
      return { changes: players.map((seat, i) => `${c.name(seat)} ${before[i]} → ${after[i]}`).join(", ") };
    },
    read: { card: { re: SOME, phrase: true } },
    // NOTE: The Doctor's Tomb redistributes life totals: {changes} is "Ann 20 → 12, Bob 12 → 20"
    texts: [N_("{card}: life totals redistributed: {changes}.")],
  },
  no_redistribution: {
    params: () => ({}),
    read: { card: { re: SOME, phrase: true } },
    // NOTE: The Doctor's Tomb: its controller chose fewer than two players
    texts: [N_("{card}: fewer than two players chosen; every life total stays where it is.")],
  },
};

/** The text types the log translates: the event types with templates. */
export const TRANSLATED_TYPES = Object.keys(TEMPLATES);

// -- matching

const compiled = new Map();

/** Fill a template, reading the placeholders the params don't give back from `text`; null when it doesn't fit. */
function match(msgid, params, read, text, ctx) {
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

/** A fixed phrase the page or the engine writes ("a spell or ability") in the chosen language; any other text
 *  (a name the table gave, a card's name) as it is. */
export function phrase(text) {
  return PHRASES.has(text) ? t(text) : text;
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
        const part = readBack(value, template.read[key], ctx);
        if (part === null) ok = false;
        filled[key] = part;
      }
      if (ok) return t(msgid, filled);
    }
  }
  return text;
}
