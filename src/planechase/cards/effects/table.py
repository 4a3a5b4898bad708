"""Table instructions (what the players carry out on cards the engine does not track), questions to
the table, and "you may"."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.context import Run
from ...core.state import DecisionKind, StackItem
from ..model import Effect, Num
from .common import (
    YOU,
    amount,
    instruct,
    player_to_the_left,
    players_for,
    source_name,
    target_names,
    turn_order_from,
)


@dataclass(frozen=True)
class May(Effect):
    """ "You may ..." ("that player may ..." with ``who``): ask that player, then carry out ``effects`` if
    they say yes. Nobody is asked if the player is no longer in the game."""

    question: str
    effects: tuple[Effect, ...]
    who: str = YOU

    def apply(self, run: Run, item: StackItem) -> None:
        seats = players_for(run, item, self.who)
        if seats and run.may(seats[0], f"{source_name(run, item)}: {self.question}?", "608.2c"):
            for effect in self.effects:
                effect.apply(run, item)


@dataclass(frozen=True)
class Instruct(Effect):
    """A table instruction: something the players carry out on cards the engine does not track.
    ``text`` may use ``{n}`` for the computed number ``n``, ``{name}`` for the source, ``{you}`` for the
    controller and ``{target}`` for the targeted players; ``who`` says whom it is for."""

    text: str
    who: str = YOU
    n: Num | None = None

    def apply(self, run: Run, item: StackItem) -> None:
        value = None if self.n is None else amount(run, item, self.n)
        values = {"n": value, "name": source_name(run, item), "you": run.name(item.controller)}
        values["target"] = target_names(run, item)
        text = self.text.format(**values)
        # The card's words with their values, for a screen in another language (the template is the card's text).
        used = {k: v for k, v in values.items() if "{" + k + "}" in self.text and v is not None}
        instruct(run, item, text, self.who, value, {"template": self.text, "params": used})


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
            instruction_text={"template": self.text, "params": {}},
        )


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
            instruction_text={"template": self.text, "params": {"left": run.name(left)}},
        )


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
