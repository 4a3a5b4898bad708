"""Effects first needed by the Secret Lair showcase planes: a card chosen at random from a list, a
process repeated a computed number of times, and instructions carried out for each opponent in turn.

They follow the conventions of :mod:`planechase.cards.effects`: each is a frozen dataclass, each event
it emits cites the rules it follows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.context import Run
from ..engine.state import StackItem
from .effects import amount, instruct, source_name
from .effects_more import EACH_OPPONENT, seats_for
from .model import Effect, Num


@dataclass(frozen=True)
class ChooseCardAtRandom(Effect):
    """ "Choose A, B, ... or Z at random" (Happy Yargle Day!): one of ``choices`` is chosen with the
    engine's seeded generator (a forced ``order:`` outcome picks its first position), then ``text``, with
    ``{card}`` the chosen name, is given to the controller as a table instruction (608.2c)."""

    choices: tuple[str, ...]
    text: str

    def apply(self, run: Run, item: StackItem) -> None:
        chosen = run.shuffle(self.choices)[0]
        name = source_name(run, item)
        run.emit(
            "chosen_at_random",
            "608.2c",
            f"{name}: {chosen} is chosen at random.",
            choice=chosen,
            choices=list(self.choices),
            card=name,
        )
        instruct(run, item, self.text.format(card=chosen, name=name), "you", None)


@dataclass(frozen=True)
class Repeat(Effect):
    """ "Perform the following process X times": ``effects`` are carried out ``n`` times in a row while
    the ability resolves (608.2c); X = 0 does nothing. Stops early if the game ends (104.2)."""

    n: Num
    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        times = amount(run, item, self.n)
        name = source_name(run, item)
        run.emit(
            "process_repeated",
            "608.2c",
            f"{name}: the process is performed {times} time{'s' if times != 1 else ''}.",
            times=times,
            card=name,
        )
        for i in range(times):
            run.emit("process_iteration", "608.2c", f"{name}: process {i + 1} of {times}.", iteration=i + 1)
            for effect in self.effects:
                if run.s.over:
                    return
                effect.apply(run, item)


@dataclass(frozen=True)
class ForEachOpponent(Effect):
    """ "Each opponent ...": ``effects`` are carried out for each opponent still in the game, in APNAP
    order (101.4), with that opponent as the ability's target player (so ``TARGET`` effects such as
    :class:`~planechase.cards.effects_2012.AskTable` and ``LoseLife`` are about them)."""

    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        for seat in seats_for(run, item, EACH_OPPONENT):
            if not run.s.in_game(seat):
                continue
            them = replace(item, targets=(f"player:{seat}",))
            for effect in self.effects:
                if run.s.over:
                    return
                effect.apply(run, them)


__all__ = ["ChooseCardAtRandom", "ForEachOpponent", "Repeat"]
