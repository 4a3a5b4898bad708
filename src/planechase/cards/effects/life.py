"""Effects on life totals: gaining and losing life, damage to players, setting and exchanging life
totals (119, 120.3a, 701.12)."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.context import Run
from ...core.state import DecisionKind, StackItem
from ..model import Effect, Num, RuleChange
from .common import TABLE, TARGET, YOU, amount, change_life, instruct, players_for, rule_change_applies, source_name


@dataclass(frozen=True)
class GainLife(Effect):
    """You (or ``who``) gain ``n`` life (119.3)."""

    n: Num
    who: str = YOU

    def apply(self, run: Run, item: StackItem) -> None:
        gained = amount(run, item, self.n)
        for seat in players_for(run, item, self.who):
            change_life(run, seat, gained, rules=("119.3",), why=source_name(run, item))


@dataclass(frozen=True)
class SetLife(Effect):
    """Your life total becomes ``n`` (119.5)."""

    n: int

    def apply(self, run: Run, item: StackItem) -> None:
        # A Two-Headed Giant team sets its shared total once: only one member is affected (810.9d).
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
    ``also`` is the part about creatures or planeswalkers, shown as a table instruction, as is damage
    to a targeted planeswalker or permanent. While a face-up card doubles damage (Stronghold Furnace),
    the damage is doubled (614.1a)."""

    n: Num
    who: str
    also: str = ""

    def apply(self, run: Run, item: StackItem) -> None:
        damage = amount(run, item, self.n)
        name = source_name(run, item)
        doubling = rule_change_applies(run, RuleChange.DOUBLE_DAMAGE)
        if doubling is not None and damage > 0:
            run.emit(
                "replaced",
                ("614.1a", "101.1"),
                f"{doubling}: {name} deals double that damage instead ({damage * 2}, not {damage}).",
                card=doubling,
                before=damage,
                after=damage * 2,
            )
            damage *= 2
        if self.also:
            instruct(run, item, self.also.format(n=damage, name=name), TABLE, damage)
        if item.targets and "planeswalker" in item.targets:
            instruct(run, item, f"{name} deals {damage} damage to the chosen planeswalker", TABLE, damage)
        if item.targets and "permanent" in item.targets:
            text = f"{name} deals {damage} damage to the chosen creature, planeswalker or battle"
            instruct(run, item, text, TABLE, damage)
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
        if other in run.s.team(you) and run.s.team_turns:
            run.emit(
                "no_exchange",
                ("810.9e", "608.2c"),
                f"{name}: {run.name(you)} can't exchange life totals with a teammate; nothing happens.",
            )
            return
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


@dataclass(frozen=True)
class RedistributeLife(Effect):
    """ "Redistribute any number of players' life totals" (The Doctor's Tomb): the controller chooses
    the players, one by one, then gives each of them one of their life totals back, each total to one
    player. Each player's life total becomes the one given (119.5: they gain or lose the difference)."""

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        name = source_name(run, item)
        chosen: list[int] = []
        while True:
            # 810.9f: at most one member of each Two-Headed Giant team.
            taken = {m for seat in chosen for m in run.s.team(seat)} if run.s.team_turns else set(chosen)
            left = [seat for seat in run.s.apnap() if seat not in taken]
            if not left:
                break
            answer = run.decide(
                DecisionKind.CHOOSE_PLAYER,
                you,
                f"{name}: choose a player whose life total is redistributed",
                [*((f"player:{seat}", run.name(seat)) for seat in left), ("done", "No more players")],
                "608.2c",
            )
            if answer == "done":
                break
            chosen.append(int(answer.split(":")[1]))
        if len(chosen) < 2:
            run.emit(
                "no_redistribution",
                "608.2c",
                f"{name}: fewer than two players chosen; every life total stays where it is.",
                players=chosen,
            )
            return
        totals = {seat: run.s.players[seat].life for seat in chosen}
        pool = list(chosen)  # each life total, named by the player who had it
        given: dict[int, int] = {}
        for seat in chosen[:-1]:
            answer = run.decide(
                DecisionKind.CHOOSE_PLAYER,
                you,
                f"{name}: which life total does {run.name(seat)} get?",
                [(f"total:{owner}", f"{totals[owner]} ({run.name(owner)}'s)") for owner in pool],
                "608.2c",
            )
            owner = int(answer.split(":")[1])
            pool.remove(owner)
            given[seat] = totals[owner]
        given[chosen[-1]] = totals[pool[0]]
        run.emit(
            "life_redistributed",
            ("608.2c", "119.5"),
            f"{name}: life totals redistributed: "
            + ", ".join(f"{run.name(seat)} {totals[seat]} → {given[seat]}" for seat in chosen)
            + ".",
            players=chosen,
            before=[totals[seat] for seat in chosen],
            after=[given[seat] for seat in chosen],
        )
        for seat in chosen:
            change_life(run, seat, given[seat] - totals[seat], rules=("119.5",), why=f"{name}: life redistributed")
