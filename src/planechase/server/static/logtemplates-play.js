// The rules log's sentence templates for the game's own course: turns and steps, priority and the stack, the
// planar die, planeswalking, chaos, players and the table's instructions (see logtext.js for how a template is
// used; the Eternities Map's and the cards' effects are in logtemplates-cards.js).

import { abilityLine, cardName } from "./cardtext.js";
import { N_, format, language, listOf, messageText, t } from "./i18n.js";
import { ANY, CONDITIONS, DECISIONS, DIE_FACES, DIRECTIONS, EFFECT_LABEL, MAP_RULE_LINES, MAP_RULE_READS, NUMBER, PHRASES, PLAYER_EFFECTS, PROFILE_SUMMARIES, ROLES, SOME, STEP_NAMES, TABLE_QUESTIONS, VARIANTS, WHY_LIFE, WHY_TRIGGERED, attackers, attacksText, capitalise, cardList, escape, filling, mapRuleLine, mapRules, place, resolvingItem, seatName, seatingText, signed, match, phrase } from "./logwords.js";

/** A table instruction's words in the chosen language, from the template the engine sent; null without one (the
 *  English words are then read back from the line as they are). `{name}` in a card's instruction is the card. */
function instructionText(e) {
  const said = e.instruction_text;
  if (!said || typeof said !== "object") return null;
  const shown = messageText(said, "", { card: cardName, cardKeys: ["name"] });
  return shown && shown !== String(e.instruction || "") ? shown : null;
}

export const PLAY_TEMPLATES = {
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
    read: { text: { re: ANY, parse: (value) => abilityLine(value) }, why: { re: "[^()]+", templates: WHY_TRIGGERED } },
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
      // The card's own words, translated, when the engine sent them as a template (instruction_text).
      const text = L.english ? null : instructionText(e);
      return [" and ", ", "].map((joiner) => ({ players: names.length ? L.list(names, joiner) : null, order, text }));
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
};
