// The rules log's sentence templates for the Eternities Map, the game's setup and seating, Grand Melee's turn
// markers and the planar cards' own effects (see logtext.js for how a template is used).

import { effectText } from "./cardtext.js";
import { N_, format, language, listOf, t } from "./i18n.js";
import { ANY, CONDITIONS, DECISIONS, DIE_FACES, DIRECTIONS, EFFECT_LABEL, MAP_RULE_LINES, MAP_RULE_READS, NUMBER, PHRASES, PLAYER_EFFECTS, PROFILE_SUMMARIES, ROLES, SOME, STEP_NAMES, TABLE_QUESTIONS, VARIANTS, WHY_LIFE, WHY_TRIGGERED, attackers, attacksText, capitalise, cardList, escape, filling, mapRuleLine, mapRules, place, resolvingItem, seatName, seatingText, signed, match, phrase } from "./logwords.js";

export const CARD_TEMPLATES = {
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
    read: { source: { re: SOME, phrase: true }, effect: { re: ANY, parse: (value) => effectText(value, t) } },
    // NOTE: a card creates a continuous effect (611.2a) the table is reminded of; {effect} is its own words, in English ("creatures Ann controls get +0/+2 and gain trample until end of turn")
    texts: [N_("{source}: {effect}")],
  },
  effect_used: {
    params: () => ({}),
    read: { spell: { re: SOME, phrase: true }, effect: { re: ANY, parse: (value) => effectText(value, t) } },
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
