"""Effects first needed by the Doctor Who planes (first half): table instructions about "the player to
your left" and about "target opponent".

They follow the conventions of :mod:`planechase.cards.effects`: each is a frozen dataclass, each event it
emits cites the rules it follows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.context import Run
from ..engine.state import DecisionKind, StackItem
from .effects import Instruct, source_name
from .effects_more import EACH_OPPONENT, seats_for
from .model import Effect


def player_to_the_left(run: Run, seat: int) -> int | None:
    """The player seated to ``seat``'s left: the next seat clockwise still in the game. Seats are in the
    game's default turn order, which proceeds clockwise (103.1), so this is the next seat, whatever any
    effect has done to the turn order since (seating does not change). ``None`` if nobody else is left."""
    n = len(run.s.players)
    for step in range(1, n):
        other = (seat + step) % n
        if run.s.in_game(other):
            return other
    return None


@dataclass(frozen=True)
class InstructPlayerToLeft(Instruct):
    """A table instruction for the controller about the player to their left (103.1: seating is
    clockwise in default turn order), named in ``text`` as ``{left}``."""

    def apply(self, run: Run, item: StackItem) -> None:
        left = player_to_the_left(run, item.controller)
        name = source_name(run, item)
        if left is None:
            run.emit("no_player", ("101.3", "608.2c"), f"{name}: there is no player to the left; nothing happens.")
            return
        text = self.text.format(left=run.name(left))
        run.emit(
            "instruction",
            ("608.2c", "103.1"),
            f"{run.name(item.controller)}: {text}.",
            players=[item.controller],
            who="you",
            instruction=text,
            amount=None,
            card=name,
            left=left,
        )


@dataclass(frozen=True)
class ToChosenOpponent(Effect):
    """ "Target opponent ...": the engine's targets are players of any kind (603.3d), so the opponent is
    chosen here instead, as the ability resolves: the only opponent in a two-player game (102.2), else
    the controller's choice among the opponents still in the game. ``effects`` are then carried out with
    that opponent as the target player (``TARGET``, ``{target}``)."""

    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        opponents = [seat for seat in seats_for(run, item, EACH_OPPONENT) if run.s.in_game(seat)]
        name = source_name(run, item)
        if not opponents:
            run.emit("no_player", ("101.3", "608.2c"), f"{name}: there is no opponent; nothing happens.")
            return
        seat = opponents[0]
        if len(opponents) > 1:
            answer = run.decide(
                DecisionKind.CHOOSE_PLAYER,
                item.controller,
                f"{name}: choose an opponent",
                [(f"player:{s}", run.name(s)) for s in opponents],
                "115.1",
            )
            seat = int(answer.split(":")[1])
        them = replace(item, targets=(f"player:{seat}",))
        for effect in self.effects:
            if run.s.over:
                return
            effect.apply(run, them)


__all__ = ["InstructPlayerToLeft", "ToChosenOpponent", "player_to_the_left"]
