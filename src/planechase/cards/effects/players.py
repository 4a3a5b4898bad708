"""Effects that pick who or what they are about as they resolve: a player or a card at random, a
chosen opponent, each opponent in turn, and a process repeated a computed number of times."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...engine.context import Run
from ...engine.state import DecisionKind, StackItem
from ..model import Effect, Num
from .common import EACH_OPPONENT, amount, instruct, players_for, source_name


@dataclass(frozen=True)
class AtRandomPlayer(Effect):
    """ "Select target player at random": a player in the game is selected at random (the engine's
    seeded generator, or a forced ``seat:N`` outcome) and ``effects`` are carried out with that
    player as the ability's target (115.1, 608.2c).

    The selection is made as the ability resolves. By 603.3d a target is chosen as the ability is put
    on the stack; the engine's target step (engine/turns.py) only asks the controller to choose, so
    until it can select a target at random this effect stands in for it. The difference shows only if
    the selected player leaves the game while the ability is on the stack (608.2b).
    """

    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        seats = list(run.s.apnap())
        if not seats:
            return
        seat = run.random_seat(seats)
        run.emit(
            "selected_at_random",
            ("115.1", "608.2c"),
            f"{source_name(run, item)}: {run.name(seat)} is selected at random.",
            player=seat,
            card=source_name(run, item),
        )
        chosen = replace(item, targets=(f"player:{seat}",))
        for effect in self.effects:
            if run.s.over:
                return
            effect.apply(run, chosen)


@dataclass(frozen=True)
class ToChosenOpponent(Effect):
    """ "Target opponent ...": the engine's targets are players of any kind (603.3d), so the opponent is
    chosen here instead, as the ability resolves: the only opponent in a two-player game (102.2), else
    the controller's choice among the opponents still in the game. ``effects`` are then carried out with
    that opponent as the target player (``TARGET``, ``{target}``)."""

    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        opponents = [seat for seat in players_for(run, item, EACH_OPPONENT) if run.s.in_game(seat)]
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


@dataclass(frozen=True)
class ForEachOpponent(Effect):
    """ "Each opponent ...": ``effects`` are carried out for each opponent still in the game, in APNAP
    order (101.4), with that opponent as the ability's target player (so ``TARGET`` effects such as
    :class:`~planechase.cards.effects_2012.AskTable` and ``LoseLife`` are about them)."""

    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        for seat in players_for(run, item, EACH_OPPONENT):
            if not run.s.in_game(seat):
                continue
            them = replace(item, targets=(f"player:{seat}",))
            for effect in self.effects:
                if run.s.over:
                    return
                effect.apply(run, them)


@dataclass(frozen=True)
class ChooseCardAtRandom(Effect):
    """ "Choose A, B, ... or Z at random" (Happy Yargle Day!): one of ``choices`` is chosen with the
    engine's seeded generator (a forced ``order:`` outcome picks its first position), then ``text``, with
    ``{card}`` the chosen name, is given to the controller as a table instruction (608.2c)."""

    choices: tuple[str, ...]
    text: str

    def apply(self, run: Run, item: StackItem) -> None:
        order = run.shuffle(range(len(self.choices)))
        chosen = self.choices[order[0]]
        name = source_name(run, item)
        run.emit(
            "chosen_at_random",
            "608.2c",
            f"{name}: {chosen} is chosen at random.",
            choice=chosen,
            choices=list(self.choices),
            card=name,
            chance="order:" + ",".join(str(i) for i in order),
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
