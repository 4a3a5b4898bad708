"""One game of a study: played through the public engine API by a policy, and counted from its events.

The players take no actions of their own beyond the planar game: the active player moves to the precombat
main phase, rolls the planar die as the policy says (paying the cost: 901.9), the abilities that trigger
resolve, and the turn passes. Decisions that planes ask for go to the policy. Nothing is cast and nobody
attacks, so what the study measures is the planar deck itself.

>>> from planechase.core.config import DEMO_DECK
>>> from planechase.lab.policies import policy_from_spec
>>> setup = GameSetup(deck=DEMO_DECK, players=2, turns=5)
>>> tally = play_game(setup, policy_from_spec("free"), seed=game_seed(1, 0))
>>> tally.quantities["turns"], tally.quantities["rolls"]
(5, 5)
>>> tally == play_game(setup, policy_from_spec("free"), seed=game_seed(1, 0))
True
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards.catalog import CATALOG
from ..cards.model import Catalog
from ..core.actions import NEXT_TURN, Action, Advance, Choose, Resolve, Roll
from ..core.config import GameConfig
from ..core.events import Event
from ..core.state import DecisionKind, FaceUpCard, GameState, MeleeTurn, Step
from ..engine.reducer import apply, legal_actions, new_game
from ..errors import IllegalActionError, InvalidActionError
from ..variants.eternities_map import MapRules
from .policies import PlayerView, Policy

__all__ = ["PLAYER_NAMES", "GameSetup", "GameTally", "PolicyError", "game_seed", "play_game"]

#: Seat names of the simulated players.
PLAYER_NAMES: tuple[str, ...] = tuple(f"P{i + 1}" for i in range(16))

#: Safety net: no game of the lab takes more engine actions than this per turn.
MAX_ACTIONS_PER_TURN = 400


def game_seed(study_seed: int, index: int) -> int:
    """The seed of game ``index`` of the study seeded ``study_seed``: from those two numbers alone, so
    any split of the games between workers plays the same games.

    >>> game_seed(7, 3) == game_seed(7, 3) != game_seed(7, 4)
    True
    """
    digest = hashlib.blake2b(f"planechase-lab:{study_seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


@dataclass(frozen=True)
class GameSetup:
    """What every game of a study plays: the planar deck (each player's, or the single shared one with
    ``shared``), the number of players, the game's variant and the number of turns counted."""

    deck: tuple[str, ...]
    players: int = 2
    turns: int = 30
    shared: bool = False
    variant: str = "free_for_all"
    team_size: int | None = None
    starting_life: int | None = None
    #: Play on the Eternities Map by this profile (``planechase.variants.eternities_map.PROFILES``); the deck is
    #: then the map's one deck.
    map_profile: str | None = None

    def config(self, seed: int) -> GameConfig:
        """The game's configuration for ``seed`` (the starting player is chosen at random: 103.1)."""
        names = PLAYER_NAMES[: self.players]
        shared = self.shared or self.map_profile is not None
        decks = None if shared else tuple(self.deck for _ in names)
        rules = MapRules.from_dict({"profile": self.map_profile}) if self.map_profile is not None else None
        return GameConfig(
            players=names,
            decks=decks,
            shared_deck=self.deck if shared else None,
            seed=seed,
            variant=self.variant,
            team_size=self.team_size,
            starting_life=self.starting_life,
            eternities_map=rules,
        )


@dataclass
class GameTally:
    """What one game counted: ``quantities`` by name (see ``docs/lab.md``), the turn each card was first
    seen, and every stay on a plane as (card, turns)."""

    quantities: dict[str, int] = field(default_factory=dict)
    first_seen: dict[str, int] = field(default_factory=dict)
    stays: list[tuple[str, int]] = field(default_factory=list)

    def add(self, name: str, amount: int = 1) -> None:
        q = self.quantities
        q[name] = q.get(name, 0) + amount


class PolicyError(Exception):
    """A policy raised, returned something that is not an action, or returned an illegal action. Names the
    game's seed and the action so that the game can be replayed. (A message for the lab's user, in English, as
    the command line's are: not a table's sentence to translate.)"""

    def __init__(self, message: str, /, *, seed: int, turn: int, action: str, rule: str = "", reason: str = "") -> None:
        super().__init__(message.format(seed=seed, turn=turn, action=action, rule=rule, reason=reason))
        self.template = message
        self.seed, self.turn, self.action, self.rule, self.reason = seed, turn, action, rule, reason

    def __reduce__(self) -> tuple[object, ...]:
        return (_policy_error, (self.template, self.seed, self.turn, self.action, self.rule, self.reason))


def _policy_error(message: str, seed: int, turn: int, action: str, rule: str, reason: str) -> PolicyError:
    return PolicyError(message, seed=seed, turn=turn, action=action, rule=rule, reason=reason)


_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_DRAW = re.compile(r"^draw (\d+|a|an|one|two|three|four|five|six|seven|an additional) cards?\b")


def cards_drawn(instruction: str, amount: object) -> int | None:
    """The number of cards an instruction tells each instructed player to draw, or ``None`` when it is not a
    draw or its number depends on the table ("draw a card for each land you control").

    >>> cards_drawn("draw two cards, then discard two cards", None), cards_drawn("draw 3 cards", 3)
    (2, 3)
    >>> cards_drawn("draw a card for each land you control", None) is None
    True
    """
    match = _DRAW.match(instruction)
    if match is None or " for each " in instruction:
        return None
    if isinstance(amount, int):
        return amount
    word = match.group(1)
    return int(word) if word.isdigit() else _NUMBER_WORDS.get(word.split()[-1] if word != "an additional" else "a", 1)


class _Counter:
    """Counts one game from its events: the figures of ``docs/lab.md``."""

    __slots__ = ("arrived", "ended", "names", "phenomena", "tally", "turn", "turns")

    def __init__(self, turns: int, phenomena: frozenset[str]) -> None:
        self.tally = GameTally()
        self.turns = turns
        self.turn = 0
        self.ended = False
        self.arrived: dict[int, tuple[str, int]] = {}  # face-up object id -> (card, turn it arrived)
        self.phenomena = phenomena
        self.names: dict[str, int] = {}

    def arrive(self, card: str, obj: int | None) -> None:
        tally = self.tally
        turn = max(self.turn, 1)
        if card not in tally.first_seen:
            tally.first_seen[card] = turn
            tally.add("seen:" + card)
            tally.add("first:" + card, turn)
        if card in self.phenomena:
            tally.add("encounters:" + card)
            tally.add("phenomena")
            return
        tally.add("visits:" + card)
        if obj is not None:
            self.arrived[obj] = (card, turn)

    def reconcile(self, state: GameState) -> None:
        """End the stays of the planes no longer face up (planeswalked away from, gone to the bottom with a
        Grand Melee turn marker, left the game with their owner, moved past on the map), as of ``state``."""
        arrived = self.arrived
        if not arrived:
            return
        live = {fu.object_id for fu in _face_up(state)}
        for obj in [o for o in arrived if o not in live]:
            self._stay(*arrived.pop(obj))

    def _stay(self, card: str, arrived: int) -> None:
        length = min(self.turn, self.turns) - arrived + 1
        self.tally.stays.append((card, length))
        self.tally.add("stay:" + card, length)
        self.tally.add("stays:" + card)

    def events(self, events: Sequence[Event], state: GameState) -> None:
        """Count ``events`` (an action's, in order); ``state`` is the state after them."""
        tally = self.tally
        for event in events:
            if self.ended:
                return
            kind = event.type
            data = event.data
            if kind == "turn_began":
                turn = int(data["turn"])
                if turn > self.turns:
                    self.ended = True
                    return
                self.turn = turn
                tally.add("turns")
                # 500.1: the planes face up as the turn begins (after this action, which stops before any
                # planeswalk could happen in the new turn); in Grand Melee, those of the turn's marker (807.4)
                for fu in _part_of_marker(state, data.get("marker")).face_up:
                    name = state.cards[fu.card].name
                    if name not in self.phenomena:
                        tally.add("up:" + name)
            elif kind == "die_rolled":
                tally.add("die")
                tally.add("die." + str(data["result"]))
                if data.get("special_action"):
                    tally.add("rolls")
            elif kind == "cost_paid":
                tally.add("mana", int(data["cost"]))
            elif kind == "planeswalked_to" or kind == "encountered":
                tally.add("planeswalks")
                self.arrive(str(data["card"]), data.get("object"))
            elif kind == "chaos_ensues":
                tally.add("chaos")
            elif kind == "life_changed":
                delta = int(data["delta"])
                tally.add("life.gained" if delta > 0 else "life.lost", abs(delta))
            elif kind == "counters_added":
                tally.add("counters", int(data["added"]))
            elif kind == "instruction":
                self._instruction(data)

    def _instruction(self, data: Mapping[str, Any]) -> None:
        text = str(data["instruction"])
        players = len(data.get("players") or ()) or 1
        drawn = cards_drawn(text, data.get("amount"))
        if drawn is not None:
            self.tally.add("cards.drawn", drawn * players)
        if "create" in text and "token" in text:
            self.tally.add("tokens", players)

    def finish(self) -> GameTally:
        for card, arrived in self.arrived.values():
            self._stay(card, arrived)
        self.arrived.clear()
        return self.tally


def _part_of_marker(state: GameState, marker: object) -> GameState | MeleeTurn:
    """The turn of Grand Melee turn marker ``marker`` (the state itself outside Grand Melee)."""
    if marker is None or not state.melee or state.focus == marker:
        return state
    return next((part for part in state.melee if part.marker == marker), state)


def _part_of_seat(state: GameState, seat: int) -> GameState | MeleeTurn:
    """The turn ``seat`` is taking: in Grand Melee, their own marker's, which need not be the focused one."""
    if state.melee:
        for part in state.melee:
            if part.active == seat and part.taking_turn:
                return part
    return state


def _face_up(state: GameState) -> list[FaceUpCard]:
    if not state.melee:
        return list(state.face_up)
    cards = list(state.face_up)
    for part in state.melee:
        cards.extend(part.face_up)
    return cards


def play_game(setup: GameSetup, policy: Policy, *, seed: int, catalog: Catalog = CATALOG) -> GameTally:
    """Play one game of ``setup`` seeded ``seed`` with ``policy`` and count it. Raises :class:`PolicyError`
    when the policy fails (with the seed, to replay the game)."""
    phenomena = frozenset(name for name in set(setup.deck) if catalog.get(name).is_phenomenon)
    start = new_game(setup.config(seed), catalog)
    state = start.state
    counter = _Counter(setup.turns, phenomena)
    counter.turn = 1
    for fu in _face_up(state):  # the starting planes (103.7), one per turn marker in Grand Melee
        counter.arrive(state.cards[fu.card].name, fu.object_id)
    counter.turn = 0
    counter.events(start.events, state)
    rng = random.Random(seed ^ 0x5DEECE66D)
    this_turn, actions = counter.turn, 0
    while not (state.over or counter.ended):
        if counter.turn != this_turn:
            this_turn, actions = counter.turn, 0
        action = _next_action(state, policy, rng, setup.turns, counter.turn, seed)
        actions += 1
        if actions > MAX_ACTIONS_PER_TURN:  # a policy that never lets the turn end (rolling forever, say)
            raise PolicyError(
                "game {seed}, turn {turn}: the turn never ends: {action}",
                seed=seed,
                turn=counter.turn,
                action=f"more than {MAX_ACTIONS_PER_TURN} actions in one turn, the last {_describe(action)}",
            )
        try:
            step = apply(state, action, catalog)
        except IllegalActionError as error:
            raise PolicyError(
                "game {seed}, turn {turn}: the action {action} is illegal ({rule}: {reason})",
                seed=seed,
                turn=counter.turn,
                action=_describe(action),
                rule=error.rule,
                reason=error.message,
            ) from None
        except InvalidActionError as error:
            raise PolicyError(
                "game {seed}, turn {turn}: the action {action} is malformed ({reason})",
                seed=seed,
                turn=counter.turn,
                action=_describe(action),
                reason=str(error),
            ) from None
        state = step.state
        counter.events(step.events, state)
        counter.reconcile(state)
    return counter.finish()


def _describe(action: object) -> str:
    to_dict = getattr(action, "to_dict", None)
    return str(to_dict()) if callable(to_dict) else repr(action)


def _next_action(state: GameState, policy: Policy, rng: random.Random, turns: int, turn: int, seed: int) -> Action:
    pending = state.pending
    if pending is not None:
        decision = pending.decision
        if decision.kind is DecisionKind.PAY_ROLL_COST:
            # The policy chose to roll seeing the cost (901.9): pay it.
            return Choose(decision.player, decision.id, "pay")
        answer = _ask(policy, state, decision.player, rng, turns, turn, seed, deciding=True)
        assert answer is not None  # _ask refuses None for a decision
        return answer
    if state.markers is not None:
        return _melee_action(state, policy, rng, turns, turn, seed)
    holder = state.priority
    if holder is None:
        raise RuntimeError("no player holds priority and no decision is pending")
    if state.stack:
        return Resolve(holder)
    step = state.step
    if step is Step.PRECOMBAT_MAIN and holder == state.active and state.planechase:
        action = _ask(policy, state, holder, rng, turns, turn, seed, deciding=False)
        if action is not None:
            return action
        return Advance(holder, NEXT_TURN)
    if step in _BEFORE_MAIN and Step.PRECOMBAT_MAIN in state.step_queue:
        return Advance(holder, Step.PRECOMBAT_MAIN.value)
    return Advance(holder, NEXT_TURN)


_BEFORE_MAIN = frozenset({Step.UNTAP, Step.UPKEEP, Step.DRAW})


def _ask(
    policy: Policy,
    state: GameState,
    seat: int,
    rng: random.Random,
    turns: int,
    turn: int,
    seed: int,
    *,
    deciding: bool,
) -> Action | None:
    decision = state.pending.decision if state.pending is not None else None
    view = PlayerView(
        seat=seat,
        turn=turn,
        turns=turns,
        face_up=tuple(state.cards[fu.card].name for fu in _part_of_seat(state, seat).face_up),
        roll_cost=_roll_cost(state, seat),
        decision=decision,
        rng=rng,
        state=state,
    )
    try:
        action = policy.act(view)
    except Exception as exc:  # the policy is the user's code: any error stops the study with the seed
        raise PolicyError(
            "game {seed}, turn {turn}: the policy raised {action}",
            seed=seed,
            turn=turn,
            action=f"{type(exc).__name__}: {exc}",
        ) from exc
    if action is None and not deciding:
        return None
    if not isinstance(action, Roll | Choose):
        what = "a decision" if deciding else "the chance to roll"
        raise PolicyError(
            "game {seed}, turn {turn}: the policy answered {action} to " + what,
            seed=seed,
            turn=turn,
            action=_describe(action),
        )
    return action


def _roll_cost(state: GameState, seat: int) -> int:
    """What a roll costs ``seat`` now (901.9): the rolls they took this turn; in Grand Melee, in the turn of
    their own marker (807.4), which need not be the focused one."""
    return _part_of_seat(state, seat).rolls_taken[seat]


def _melee_action(state: GameState, policy: Policy, rng: random.Random, turns: int, turn: int, seed: int) -> Action:
    """Grand Melee (807.4): several turns at once, each with its own marker; the engine lists what each
    marker's player may do, and the policy is asked when a roll is among it."""
    actions = legal_actions(state)
    by_type: dict[str, list[Action]] = {}
    for action in actions:
        by_type.setdefault(action.type, []).append(action)
    for roll in by_type.get("roll", ()):
        asked = _ask(policy, state, roll.player, rng, turns, turn, seed, deciding=False)
        if asked is not None:
            return asked
        break
    if "resolve" in by_type:
        return by_type["resolve"][0]
    advances = [a for a in by_type.get("advance", []) if isinstance(a, Advance)]
    to_main = [a for a in advances if a.to == Step.PRECOMBAT_MAIN.value]
    if to_main:
        return to_main[0]
    for advance in advances:
        if advance.to == NEXT_TURN:
            return advance
    if advances:
        return advances[0]
    if "pass" in by_type:
        return by_type["pass"][0]
    raise RuntimeError("Grand Melee: no way to move the game on")
