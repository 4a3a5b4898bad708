"""Effects that pick what they are about as they resolve, or repeat: a card chosen at random, each
opponent in turn, a process repeated a computed number of times or until a coin flip is won, and choices
each player makes that the card remembers."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.context import DeciderLeft, Run
from ...core.state import DecisionKind, PlayerChoice, StackItem
from ..model import Effect, Num
from .common import EACH_OPPONENT, EACH_PLAYER, amount, instruct, players_for, source_name


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
        template = {"template": self.text, "params": {"card": chosen, "name": name}}
        instruct(run, item, self.text.format(card=chosen, name=name), "you", None, template)


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
class RepeatWhileCoinLost(Effect):
    """ "..., then you flip a coin. If you lose the flip, repeat this process" (Unleash the Flux): carry out
    ``effects``, then the controller flips a coin (705; the engine's seeded generator, or a forced
    ``coin:win``/``coin:lose``); on a lost flip, the process starts again. Stops if the game ends."""

    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        name = source_name(run, item)
        for round_number in range(1, 10_000):
            for effect in self.effects:
                if run.s.over:
                    return
                effect.apply(run, item)
            if run.s.over or not run.s.in_game(item.controller):
                return
            won = run.flip_coin()
            run.emit(
                "coin_flipped",
                ("705.1", "705.2", "608.2c"),
                f"{name}: {run.name(item.controller)} flips a coin and {'wins' if won else 'loses'} the flip"
                f"{'' if won else ': the process repeats'}.",
                player=item.controller,
                won=won,
                round=round_number,
                chance=f"coin:{'win' if won else 'lose'}",
            )
            if won:
                return


@dataclass(frozen=True)
class EachChooses(Effect):
    """Each player (in APNAP order, 101.4) chooses one of ``options``; the engine remembers what each last
    chose under ``key``, for the card's other abilities ("each player who last chose green anchor") and
    shows it (Two Streams Facility). A player who leaves while choosing chooses nothing (800.4a)."""

    key: str
    options: tuple[str, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        name = source_name(run, item)
        for seat in players_for(run, item, EACH_PLAYER):
            if not run.s.in_game(seat):
                continue
            try:
                answer = run.decide(
                    DecisionKind.CHOOSE_OPTION,
                    seat,
                    f"{name}: choose {' or '.join(self.options)}",
                    [(option, option.capitalize()) for option in self.options],
                    "608.2d",
                )
            except DeciderLeft:
                continue
            remember_choice(run, seat, self.key, answer, name, rules=("608.2d",))


@dataclass(frozen=True)
class SwapChoices(Effect):
    """Each player who last chose one of the two options under ``key`` chooses the other (Two Streams
    Facility's chaos ability: "each player who last chose green anchor chooses red waterfall, and vice
    versa"). Players who never chose are unaffected."""

    key: str
    options: tuple[str, str]

    def apply(self, run: Run, item: StackItem) -> None:
        name = source_name(run, item)
        first, second = self.options
        near = set(players_for(run, item, EACH_PLAYER))
        changed = False
        for choice in run.s.choices:
            if choice.key != self.key or choice.seat not in near or choice.value not in self.options:
                continue
            remember_choice(run, choice.seat, self.key, second if choice.value == first else first, name)
            changed = True
        if not changed:
            run.emit("no_choice_changed", "608.2c", f"{name}: no player has chosen yet; nothing changes.")


def remember_choice(
    run: Run, seat: int, key: str, value: str, source: str, *, rules: tuple[str, ...] = ("608.2c",)
) -> None:
    """Record that ``seat`` last chose ``value`` for ``key`` (replacing what they chose before)."""
    s = run.s
    s.choices = (*(c for c in s.choices if not (c.seat == seat and c.key == key)), PlayerChoice(seat, key, value))
    run.emit(
        "player_chose",
        rules,
        f"{source}: {run.name(seat)} has chosen {value}.",
        player=seat,
        key=key,
        value=value,
    )
