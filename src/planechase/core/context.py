"""The run context: how rules code changes a state copy, emits events, draws chance and asks for
decisions while one action is carried out."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

from ..errors import PlanechaseError
from . import rng
from .events import Event
from .state import (
    PLANAR_DIE,
    Decision,
    DecisionKind,
    DieFace,
    FaceUpCard,
    GameState,
    Option,
    Player,
)

if TYPE_CHECKING:
    from ..cards.model import Catalog

T = TypeVar("T")


class Suspend(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised inside a run when a decision is needed that has no recorded answer yet."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class DeciderLeft(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised by :meth:`Run.decide` when the player who had to decide left the game meanwhile: what they
    were deciding for ceases to exist (800.4a), so the caller drops it and goes on."""

    def __init__(self, player: int) -> None:
        super().__init__(f"seat {player} left the game")
        self.player = player


class GameEnded(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised inside a run when the game ends in the middle of an action (104.1): nothing more happens."""


#: Answers starting with this are concessions made while a decision was open, replayed in place.
LEAVE_ANSWER = "leave"


class Cancelled(Exception):  # noqa: N818 - a control-flow signal, not an error
    """Raised inside a run when the acting player backs out (e.g. declines to pay the roll cost):
    the action is undone as if never taken (the state is unchanged)."""


class Run:
    """One action being carried out on a copy of the state.

    Rules code reads and replaces ``run.s`` fields, calls :meth:`emit` for every event and
    :meth:`decide` for every choice. Answers recorded for this action are replayed in order; the
    first unanswered decision suspends the run.
    """

    def __init__(
        self,
        state: GameState,
        catalog: Catalog,
        answers: Sequence[str] = (),
        *,
        leave: Callable[[Run, str], None] | None = None,
    ) -> None:
        self.s = state
        self.catalog = catalog
        self.events: list[Event] = []
        self._answers = tuple(answers)
        #: How a concession recorded among the answers is carried out (``leave:<how>:<seat>:<reason>``):
        #: leaving the game is the composition's business (:mod:`planechase.engine`), which hands it in.
        self._leave = leave
        self._asked = 0
        #: Set by an effect that ends the turn (723.1): the resolving ability finishes, then the turn
        #: skips to its cleanup step instead of a player receiving priority.
        self.ending_turn = False
        #: Set when priority passed on from a player who left (800.4j): the ``priority`` event is emitted once
        #: state-based actions and triggers are done (117.5), by ``give_priority`` or at the end of the action.
        self.priority_moved = False

    # -- events -------------------------------------------------------------------------------

    def emit(self, type_: str, rules: str | tuple[str, ...], text: str, **data: Any) -> None:
        if self.s.markers is not None:  # Grand Melee: the turn marker whose turn or stack this happens in
            data.setdefault("marker", self.s.focus)
        self.events.append(Event(type_, (rules,) if type(rules) is str else rules, text, data))  # type: ignore[arg-type]

    def name(self, seat: int | None) -> str:
        return "nobody" if seat is None else self.s.players[seat].name

    def card_name(self, card: int) -> str:
        return self.s.cards[card].name

    # -- ids and time -------------------------------------------------------------------------

    def new_id(self) -> int:
        value = self.s.next_id
        self.s.next_id = value + 1
        return value

    def new_timestamp(self) -> int:
        self.s.timestamp += 1
        return self.s.timestamp

    # -- chance -------------------------------------------------------------------------------

    # Forced outcomes (tests, replays from a log) replace what the generator drew; the generator
    # still advances, so a forced game and an unforced one stay in step afterwards.

    def _forced(self, kind: str) -> str | None:
        if self.s.forced and self.s.forced[0].split(":", 1)[0] == kind:
            value = self.s.forced[0].split(":", 1)[1]
            self.s.forced = self.s.forced[1:]
            return value
        return None

    def roll_planar_die(self) -> DieFace:
        """Draw a planar die face (901.3a): forced in tests and replays, else from the seeded generator."""
        index, self.s.rng = rng.below(self.s.rng, len(PLANAR_DIE))
        forced = self._forced("die")
        return PLANAR_DIE[index] if forced is None else DieFace(forced)

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        """A random order of ``items``. A forced order ``"order:2,0,1"`` gives the positions to take."""
        drawn, self.s.rng = rng.shuffled(self.s.rng, list(range(len(items))))
        forced = self._forced("order")
        if forced is not None:
            positions = [int(x) for x in forced.split(",")] if forced else []
            if sorted(positions) != list(range(len(items))):
                raise PlanechaseError(
                    "forced order {order} does not fit {count} items", order=repr(forced), count=len(items)
                )
            return tuple(items[i] for i in positions)
        return tuple(items[i] for i in drawn)

    def flip_coin(self) -> bool:
        """Flip a coin (705): whether the flipping player wins the flip. A forced ``"coin:win"`` or
        ``"coin:lose"`` replaces the draw."""
        index, self.s.rng = rng.below(self.s.rng, 2)
        forced = self._forced("coin")
        return index == 0 if forced is None else forced == "win"

    def roll_percent(self) -> int:
        """A number from 1 to 100, for a percent chance (the Eternities Map's house rules). A forced
        ``"percent:37"`` replaces the draw."""
        index, self.s.rng = rng.below(self.s.rng, 100)
        forced = self._forced("percent")
        return index + 1 if forced is None else int(forced)

    def random_seat(self, seats: Sequence[int]) -> int:
        index, self.s.rng = rng.below(self.s.rng, len(seats))
        forced = self._forced("seat")
        return seats[index] if forced is None else int(forced)

    # -- decisions ----------------------------------------------------------------------------

    def decide(
        self,
        kind: DecisionKind,
        player: int,
        prompt: str,
        options: Iterable[tuple[str, str]],
        rule: str,
    ) -> str:
        """Ask ``player`` to choose one of ``options`` (id, label); return the chosen id."""
        self._apply_leaves(player)
        opts = tuple(Option(i, label) for i, label in options)
        decision = Decision(
            id=f"d{self.s.actions_taken}.{self._asked}",
            kind=kind,
            player=player,
            prompt=prompt,
            options=opts,
            rule=rule,
        )
        if self._asked < len(self._answers):
            answer = self._answers[self._asked]
            self._asked += 1
            chosen = decision.option(answer)
            if chosen is None:  # validated before the replay; kept as a guard
                raise ValueError(f"answer {answer!r} is not an option of {decision.id}")
            self.emit(
                "choice",
                rule,
                f"{self.name(player)} chooses: {chosen.label.rstrip('.')}.",
                player=player,
                decision=decision.kind.value,
                option=chosen.id,
            )
            return answer
        raise Suspend(decision)

    def _apply_leaves(self, player: int) -> None:
        """Carry out concessions made while this decision was open (104.3a). If the deciding player is
        no longer in the game, :class:`DeciderLeft` tells the caller to drop what they decided for."""
        while self._asked < len(self._answers) and self._answers[self._asked].startswith(LEAVE_ANSWER + ":"):
            answer = self._answers[self._asked]
            self._asked += 1
            if self._leave is None:
                raise PlanechaseError(
                    "no way to carry out {answer}: this run was given no leave handler", answer=repr(answer)
                )
            self._leave(self, answer)
            if self.s.over:
                raise GameEnded
        if not self.s.in_game(player):
            raise DeciderLeft(player)

    def decide_number(self, player: int, prompt: str, rule: str, *, maximum: int = 99) -> int:
        """Ask ``player`` for a number from 0 to ``maximum`` that only the table knows (the cards in
        their hand, a mana value, the X they pay)."""
        options = ((str(n), str(n)) for n in range(maximum + 1))
        return int(self.decide(DecisionKind.CHOOSE_NUMBER, player, prompt, options, rule))

    def may(self, player: int, question: str, rule: str) -> bool:
        return self.decide(DecisionKind.MAY, player, question, (("yes", "Yes"), ("no", "No")), rule) == "yes"

    # -- state helpers ------------------------------------------------------------------------

    def set_player(self, player: Player) -> None:
        players = list(self.s.players)
        players[player.seat] = player
        self.s.players = tuple(players)

    def set_deck(self, index: int, cards: Iterable[int]) -> None:
        decks = list(self.s.decks)
        decks[index] = tuple(cards)
        self.s.decks = tuple(decks)

    def replace_face_up(self, new: FaceUpCard) -> None:
        self.s.face_up = tuple(new if fu.object_id == new.object_id else fu for fu in self.s.face_up)

    def add_counters(self, object_id: int, kind: str, n: int) -> FaceUpCard | None:
        fu = self.s.face_up_object(object_id)
        if fu is None:
            return None
        counters = dict(fu.counters)
        counters[kind] = max(0, counters.get(kind, 0) + n)
        new = replace(fu, counters=tuple(sorted((k, v) for k, v in counters.items() if v)))
        self.replace_face_up(new)
        return new

    def bump_roll_count(self, seat: int, *, special_action: bool) -> None:
        made = list(self.s.rolls_made)
        made[seat] += 1
        self.s.rolls_made = tuple(made)
        if special_action:
            taken = list(self.s.rolls_taken)
            taken[seat] += 1
            self.s.rolls_taken = tuple(taken)
