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

/** The log's templates by event type: `params(event, L, ctx)` gives the placeholders the event's data fills
 *  (or a list of alternatives); `read` says how to read the others back from the engine's text. */
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

/** A part read back from the text, in the chosen language: by its own templates, or as a known phrase, or as is
 *  (names, numbers, card names and Oracle text). null when it must be translated and can't be. */
function readBack(value, how, ctx) {
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

/**
 * An event's line in the chosen language: a template's translation when one fits, else the engine's text.
 * `ctx` gives the players' names: name(seat), team(seat) (the seats of that seat's team sharing a turn, or
 * [seat]) and namePattern() (a regular expression matching any player's name).
 */
export function eventText(event, ctx) {
  const text = String(event.text || event.type || "");
  if (language() === "en") return text;
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
