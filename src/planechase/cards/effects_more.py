"""More of the effect vocabulary (see :mod:`planechase.cards.effects`): exchanging life totals, table
instructions that name players, and continuous effects about a targeted player.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.context import Run
from ..engine.state import ContinuousEffect, Duration, StackItem
from .effects import EACH_PLAYER, TARGET, YOU, Instruct, amount, change_life, players_for, source_name
from .model import Effect

#: ``who`` for "each opponent" / "each other player": every player still in the game but the controller.
EACH_OPPONENT = "each_opponent"


def seats_for(run: Run, item: StackItem, who: str) -> tuple[int, ...]:
    """The seats an effect is about: :data:`EACH_OPPONENT` or any ``who`` of :func:`effects.players_for`."""
    if who == EACH_OPPONENT:
        return tuple(seat for seat in run.s.apnap() if seat != item.controller)
    return players_for(run, item, who)


def target_names(run: Run, item: StackItem) -> str:
    """The names of the targeted players, joined with "and"."""
    return " and ".join(run.name(seat) for seat in players_for(run, item, TARGET))


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


@dataclass(frozen=True)
class InstructPlayers(Instruct):
    """A table instruction (an :class:`effects.Instruct`) whose ``text`` may name the controller
    (``{you}``) and the targeted players (``{target}``) besides ``{n}`` and ``{name}``; ``who`` may also be
    :data:`EACH_OPPONENT` ("each opponent", "each other player")."""

    def apply(self, run: Run, item: StackItem) -> None:
        value = None if self.n is None else amount(run, item, self.n)
        text = self.text.format(
            n=value, name=source_name(run, item), you=run.name(item.controller), target=target_names(run, item)
        )
        seats = seats_for(run, item, self.who)
        if self.who == YOU:
            prefix = f"{run.name(item.controller)}: "
        elif self.who == EACH_PLAYER:
            prefix = "Each player: "
        elif self.who in (TARGET, EACH_OPPONENT):
            prefix = ", ".join(run.name(s) for s in seats) + ": " if seats else ""
        else:
            prefix = ""
        if self.who in (TARGET, EACH_OPPONENT) and not seats:
            run.emit("no_player", "608.2c", f"{source_name(run, item)}: no player to instruct.")
            return
        run.emit(
            "instruction",
            "608.2c",
            f"{prefix}{text}.",
            players=list(seats),
            who=self.who,
            instruction=text,
            amount=value,
            card=source_name(run, item),
        )


@dataclass(frozen=True)
class CreateEffectOnTarget(Effect):
    """Create a continuous effect (611.2a) about the targeted player, lasting ``duration``: ``{target}``
    in ``text`` becomes that player's name, ``{you}`` the controller's. Shown as a reminder until it ends."""

    kind: str
    duration: Duration
    text: str

    def apply(self, run: Run, item: StackItem) -> None:
        targets = players_for(run, item, TARGET)
        if not targets:
            run.emit("no_player", "608.2c", f"{source_name(run, item)}: no target player; no effect is created.")
            return
        effect = ContinuousEffect(
            id=run.new_id(),
            kind=self.kind,
            controller=item.controller,
            duration=self.duration,
            text=self.text.replace("{target}", target_names(run, item)).replace("{you}", run.name(item.controller)),
            card=item.card,
        )
        run.s.effects = (*run.s.effects, effect)
        run.emit(
            "effect_created",
            ("611.2a", "608.2c"),
            f"{source_name(run, item)}: {effect.text}",
            effect=effect.id,
            kind=self.kind,
            duration=self.duration.value,
            players=list(targets),
        )
