"""Effects first needed by the Planechase 2012 planes: life loss, a player selected at random,
questions to the table about what only the table sees, and instructions taken in turn order
starting with the ability's controller.

They follow the conventions of :mod:`planechase.cards.effects`: each is a frozen dataclass, each
event it emits cites the rules it follows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.context import Run
from ..engine.state import DecisionKind, StackItem
from .effects import YOU, Instruct, amount, change_life, players_for, source_name
from .model import Effect, Num


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
class AskTable(Effect):
    """A question about something only the table sees (cards in hand, creatures), asked of one player
    (``who``: ``YOU``, or ``TARGET`` for the ability's target player) while the ability resolves
    (608.2c: its instructions are followed in order); ``if_yes`` or ``if_no`` is then carried out.

    Lair of the Ashen Idol: "sacrifice a creature. If you can't, planeswalk." asks "did you sacrifice
    a creature?" and planeswalks on a no; Furnace Layer asks whether the discarded card was a land.
    """

    question: str
    who: str = YOU
    if_yes: tuple[Effect, ...] = ()
    if_no: tuple[Effect, ...] = ()

    def apply(self, run: Run, item: StackItem) -> None:
        seats = [seat for seat in players_for(run, item, self.who) if run.s.in_game(seat)]
        if not seats:
            return
        seat = seats[0]
        name = source_name(run, item)
        answer = run.decide(
            DecisionKind.MAY,
            seat,
            f"{name}: {self.question}?",
            (("yes", "Yes"), ("no", "No")),
            "608.2c",
        )
        run.emit(
            "table_answer",
            "608.2c",
            f"{run.name(seat)} answers {answer} to: {self.question}?",
            player=seat,
            question=self.question,
            answer=answer,
            card=name,
        )
        for effect in self.if_yes if answer == "yes" else self.if_no:
            if run.s.over:
                return
            effect.apply(run, item)


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


def turn_order_from(run: Run, seat: int) -> tuple[int, ...]:
    """The players in the game in turn order, starting with ``seat`` (or the next player after it)."""
    order: list[int] = [seat] if run.s.in_game(seat) else []
    current = seat
    for _ in range(len(run.s.players)):
        nxt = run.s.next_in_turn_order(current)
        if nxt is None or nxt in order:
            break
        order.append(nxt)
        current = nxt
    return tuple(order)


@dataclass(frozen=True)
class InstructStartingWithYou(Instruct):
    """A table instruction each player carries out in turn, "starting with you": the controller first,
    then the others in turn order (608.2c; the card's order replaces APNAP order, 101.4 and 101.1).
    ``text`` is said to each player ("may put a permanent card from your hand onto the battlefield").
    It is an :class:`~planechase.cards.effects.Instruct`, so the coverage table lists it as one."""

    def apply(self, run: Run, item: StackItem) -> None:
        seats = turn_order_from(run, item.controller)
        order = ", then ".join(run.name(seat) for seat in seats)
        run.emit(
            "instruction",
            ("608.2c", "101.4"),
            f"In turn, starting with {order}: {self.text}.",
            players=list(seats),
            who="each_player_starting_with_you",
            instruction=self.text,
            amount=None,
            card=source_name(run, item),
        )


__all__ = ["AskTable", "AtRandomPlayer", "InstructStartingWithYou", "LoseLife", "turn_order_from"]
