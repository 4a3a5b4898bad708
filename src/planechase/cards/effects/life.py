"""Effects on life totals: gaining and losing life, damage to players, setting and exchanging life
totals (119, 120.3a, 701.12)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.context import Run
from ...engine.state import StackItem
from ..model import Effect, Num
from .common import TABLE, TARGET, YOU, amount, change_life, instruct, players_for, source_name


@dataclass(frozen=True)
class GainLife(Effect):
    """You gain ``n`` life (119.3)."""

    n: Num

    def apply(self, run: Run, item: StackItem) -> None:
        gained = amount(run, item, self.n)
        for seat in players_for(run, item, YOU):
            change_life(run, seat, gained, rules=("119.3",), why=source_name(run, item))


@dataclass(frozen=True)
class SetLife(Effect):
    """Your life total becomes ``n`` (119.5)."""

    n: int

    def apply(self, run: Run, item: StackItem) -> None:
        seat = item.controller
        change_life(run, seat, self.n - run.s.players[seat].life, rules=("119.5",), why=source_name(run, item))


@dataclass(frozen=True)
class LoseLife(Effect):
    """Players (``who``: ``YOU``, ``EACH_PLAYER`` or ``TARGET``) lose ``n`` life (119.3). Unlike
    :class:`~planechase.cards.effects.DealDamage`, nothing is dealt: this is life loss only."""

    n: Num
    who: str = YOU

    def apply(self, run: Run, item: StackItem) -> None:
        lost = amount(run, item, self.n)
        for seat in players_for(run, item, self.who):
            if run.s.in_game(seat):
                change_life(run, seat, -lost, rules=("119.3",), why=source_name(run, item))


@dataclass(frozen=True)
class DealDamage(Effect):
    """This plane deals ``n`` damage to players (``who``); damage to a player is life loss (120.3a).
    ``also`` is the part about creatures or planeswalkers, shown as a table instruction."""

    n: Num
    who: str
    also: str = ""

    def apply(self, run: Run, item: StackItem) -> None:
        damage = amount(run, item, self.n)
        name = source_name(run, item)
        if self.also:
            instruct(run, item, self.also.format(n=damage, name=name), TABLE, damage)
        if item.targets and "planeswalker" in item.targets:
            instruct(run, item, f"{name} deals {damage} damage to the chosen planeswalker", TABLE, damage)
        for seat in players_for(run, item, self.who):
            if run.s.in_game(seat):
                change_life(run, seat, -damage, rules=("120.3a",), why=f"{name} deals {damage} damage")


@dataclass(frozen=True)
class ExchangeLifeWithTarget(Effect):
    """You exchange life totals with the target player (701.12a, 701.12c): each gains or loses the life
    needed to end up at the other's previous total (119.3). Exchanging with yourself, or with a player
    no longer in the game, changes nothing (701.12a: no part of an incomplete exchange happens)."""

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        name = source_name(run, item)
        others = [seat for seat in players_for(run, item, TARGET) if seat != you]
        if not others or not run.s.in_game(you) or not run.s.in_game(others[0]):
            run.emit(
                "no_exchange",
                ("701.12a", "608.2c"),
                f"{name}: there is no other player to exchange life totals with; nothing happens.",
            )
            return
        other = others[0]
        mine, theirs = run.s.players[you].life, run.s.players[other].life
        run.emit(
            "life_exchanged",
            ("701.12a", "701.12c", "608.2c"),
            f"{run.name(you)} ({mine}) and {run.name(other)} ({theirs}) exchange life totals.",
            players=[you, other],
            before=[mine, theirs],
        )
        why = f"{name}: life totals exchanged"
        change_life(run, you, theirs - mine, rules=("701.12c", "119.3"), why=why)
        change_life(run, other, mine - theirs, rules=("701.12c", "119.3"), why=why)
