"""The effect vocabulary: each class is one kind of instruction a planar ability can give.

Effects on things the engine tracks (planar decks, face-up cards, counters, life, turn order,
phases, durations) are carried out; effects on things it does not track (cards in hand, creatures,
mana) become *table instructions*: structured events with the numbers filled in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..engine.context import Run
from ..engine.state import (
    BEGINNING_PHASE,
    COMBAT_PHASE,
    ContinuousEffect,
    DecisionKind,
    Duration,
    StackItem,
    Step,
)
from ..planar.chaos import chaos_ensues
from ..planar.planeswalk import planeswalk
from ..planar.zones import is_plane, put_on_bottom, put_on_top, reveal_until
from .model import Amount, Effect, Num

# -- amounts ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CountersOnThis(Amount):
    """The number of ``kind`` counters on the ability's source, or on it as it last existed (608.2h)."""

    kind: str

    def value(self, run: Run, item: StackItem) -> int:
        fu = run.s.face_up_object(item.source) if item.source is not None else None
        if fu is not None:
            return fu.count(self.kind)
        return dict(item.lki_counters).get(self.kind, 0)

    def describe(self) -> str:
        return f"the number of {self.kind} counters"


@dataclass(frozen=True)
class RollsThisTurn(Amount):
    """The number of times the controller rolled the planar die this turn, for any reason."""

    def value(self, run: Run, item: StackItem) -> int:
        return run.s.rolls_made[item.controller]

    def describe(self) -> str:
        return "the number of times you've rolled the planar die this turn"


def amount(run: Run, item: StackItem, n: Num) -> int:
    return n if isinstance(n, int) else n.value(run, item)


def source_name(run: Run, item: StackItem) -> str:
    return run.card_name(item.card) if item.card is not None else "The planeswalking ability"


# -- who an effect is about --------------------------------------------------------------------

YOU = "you"
EACH_PLAYER = "each_player"
TARGET = "target"
TABLE = "table"


def players_for(run: Run, item: StackItem, who: str) -> tuple[int, ...]:
    if who == YOU:
        return (item.controller,)
    if who == EACH_PLAYER:
        return run.s.apnap()
    if who == TARGET:
        return tuple(int(t.split(":")[1]) for t in item.targets if t.startswith("player:"))
    return ()


# -- effects the engine carries out --------------------------------------------------------------


@dataclass(frozen=True)
class AddCounters(Effect):
    """Put ``n`` ``kind`` counters on this plane, if it is still face up (122.1)."""

    kind: str
    n: int = 1

    def apply(self, run: Run, item: StackItem) -> None:
        name = source_name(run, item)
        new = run.add_counters(item.source, self.kind, self.n) if item.source is not None else None
        if new is None:
            run.emit(
                "no_counter",
                ("122.1", "608.2h"),
                f"{name} is no longer face up: no {self.kind} counter is put on it.",
                card=name,
            )
            return
        run.emit(
            "counters_added",
            "122.1",
            f"{name} gets {self.n} {self.kind} counter{'s' if self.n != 1 else ''} (now {new.count(self.kind)}).",
            card=name,
            counter=self.kind,
            added=self.n,
            total=new.count(self.kind),
        )


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
class PlaneswalkEffect(Effect):
    """Planeswalk (701.31): the ability's controller planeswalks."""

    def apply(self, run: Run, item: StackItem) -> None:
        planeswalk(run, item.controller, rules=("701.31",), cause=source_name(run, item))


@dataclass(frozen=True)
class ChaosEnsues(Effect):
    """Chaos ensues (311.7)."""

    def apply(self, run: Run, item: StackItem) -> None:
        chaos_ensues(run, cause=source_name(run, item))


@dataclass(frozen=True)
class ReverseTurnOrder(Effect):
    """Reverse the game's turn order (the card's instruction; 101.1)."""

    def apply(self, run: Run, item: StackItem) -> None:
        run.s.direction = -run.s.direction
        way = "clockwise" if run.s.direction > 0 else "counterclockwise"
        run.emit(
            "turn_order_reversed",
            ("101.1", "608.2c"),
            f"{source_name(run, item)}: the turn order is reversed (now {way}).",
            direction=run.s.direction,
        )


@dataclass(frozen=True)
class AdditionalPhase(Effect):
    """Add phases after this one (500.8): ``beginning`` adds a beginning phase; ``combat_and_main`` adds
    a combat phase followed by a main phase, only if it is a main phase."""

    kind: str

    def apply(self, run: Run, item: StackItem) -> None:
        s = run.s
        if self.kind == "beginning":
            added: tuple[Step, ...] = BEGINNING_PHASE
            text = "an additional beginning phase"
        else:
            if not s.step.is_main:
                run.emit("no_extra_phase", "500.8", "It is not a main phase: no additional combat phase.")
                return
            added = (*COMBAT_PHASE, Step.POSTCOMBAT_MAIN)
            text = "an additional combat phase followed by an additional main phase"
        s.step_queue = (*added, *s.step_queue)
        run.emit(
            "phases_added",
            "500.8",
            f"{source_name(run, item)}: there is {text} after this phase.",
            steps=[x.value for x in added],
        )


@dataclass(frozen=True)
class ExtraTurn(Effect):
    """Take an extra turn after this one (500.7)."""

    def apply(self, run: Run, item: StackItem) -> None:
        run.s.extra_turns = (item.controller, *run.s.extra_turns)
        run.emit(
            "extra_turn",
            "500.7",
            f"{run.name(item.controller)} will take an extra turn after this one.",
            player=item.controller,
        )


@dataclass(frozen=True)
class CreateEffect(Effect):
    """Create a continuous effect of ``kind`` lasting ``duration``; ``{you}`` in ``text`` becomes the
    controller's name. The engine shows it as a reminder until it ends."""

    kind: str
    duration: Duration
    text: str

    def apply(self, run: Run, item: StackItem) -> None:
        effect = ContinuousEffect(
            id=run.new_id(),
            kind=self.kind,
            controller=item.controller,
            duration=self.duration,
            text=self.text.replace("{you}", run.name(item.controller)),
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
        )


@dataclass(frozen=True)
class May(Effect):
    """ "You may ...": ask the controller, then carry out ``effects`` if they say yes."""

    question: str
    effects: tuple[Effect, ...]

    def apply(self, run: Run, item: StackItem) -> None:
        if run.may(item.controller, f"{source_name(run, item)}: {self.question}?", "608.2c"):
            for effect in self.effects:
                effect.apply(run, item)


@dataclass(frozen=True)
class Instruct(Effect):
    """A table instruction: something the players carry out on cards the engine does not track.
    ``text`` may use ``{n}`` for the computed number ``n``."""

    text: str
    who: str = YOU
    n: Num | None = None

    def apply(self, run: Run, item: StackItem) -> None:
        value = None if self.n is None else amount(run, item, self.n)
        text = self.text.format(n=value, name=source_name(run, item))
        instruct(run, item, text, self.who, value)


def instruct(run: Run, item: StackItem, text: str, who: str, value: int | None) -> None:
    seats = players_for(run, item, who)
    if who == YOU:
        prefix = f"{run.name(item.controller)}: "
    elif who == EACH_PLAYER:
        prefix = "Each player: "
    elif who == TARGET:
        prefix = ", ".join(run.name(s) for s in seats) + ": "
    else:
        prefix = ""
    run.emit(
        "instruction",
        "608.2c",
        f"{prefix}{text}.",
        players=list(seats),
        who=who,
        instruction=text,
        amount=value,
        card=source_name(run, item),
    )


def change_life(run: Run, seat: int, delta: int, *, rules: tuple[str, ...], why: str) -> None:
    """Adjust a life total and log it."""
    player = run.s.players[seat]
    if not player.in_game or delta == 0:
        return
    new = replace(player, life=player.life + delta)
    run.set_player(new)
    verb = "gains" if delta > 0 else "loses"
    run.emit(
        "life_changed",
        rules,
        f"{player.name} {verb} {abs(delta)} life ({why}); now {new.life}.",
        player=seat,
        delta=delta,
        life=new.life,
    )


# -- planar deck effects -----------------------------------------------------------------------


@dataclass(frozen=True)
class RevealPutOneOnTop(Effect):
    """Interplanar Tunnel: reveal until ``planes`` plane cards, put a chosen plane on top, the rest on
    the bottom in a random order."""

    planes: int = 5

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, self.planes, rule="701.20")
        planes = [c for c in revealed if is_plane(run, c)]
        if planes:
            answer = run.decide(
                DecisionKind.CHOOSE_CARD,
                you,
                "Choose a plane to put on top of your planar deck",
                [(f"card:{c}", run.card_name(c)) for c in planes],
                "608.2c",
            )
            chosen = int(answer.split(":")[1])
            put_on_top(run, chosen)
            run.emit(
                "put_on_top",
                "608.2c",
                f"{run.card_name(chosen)} goes on top of the planar deck.",
                card=run.card_name(chosen),
            )
        rest = [c for c in revealed if c in run.s.revealed]
        put_on_bottom(run, rest, chooser=None, rule="608.2c", random_order=True)


@dataclass(frozen=True)
class RevealAndPlaneswalkTo(Effect):
    """Reveal until ``planes`` plane cards and planeswalk to them; other revealed cards go on the
    bottom in any order. ``leave=False`` does not planeswalk away from any plane (Norn's Seedcore);
    Spatial Merging planeswalks to both planes at once."""

    planes: int
    leave: bool = True

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, self.planes, rule="701.20")
        planes = [c for c in revealed if is_plane(run, c)]
        others = [c for c in revealed if c not in planes]
        planeswalk(
            run, you, rules=("701.31", "608.2c"), cause=source_name(run, item), to_cards=planes, leave=self.leave
        )
        put_on_bottom(run, others, chooser=you, rule="608.2c")


@dataclass(frozen=True)
class RevealChaosForEach(Effect):
    """Reveal cards (the top ``count``, or until ``planes`` plane cards); chaos ensues for each revealed
    plane (311.7: even while still in the planar deck); then the revealed cards go on the bottom in
    any order (Pools of Becoming, The Fertile Lands of Saulvinia)."""

    count: int | None = None
    planes: int | None = None

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, self.planes, self.count, rule="701.20")
        chaos_ensues(
            run,
            cause=source_name(run, item),
            rules=("311.7", "608.2c"),
            for_cards=[c for c in revealed if is_plane(run, c)],
        )
        put_on_bottom(run, list(revealed), chooser=you, rule="608.2c")


@dataclass(frozen=True)
class RevealTopMayBottom(Effect):
    """Stairs to Infinity: reveal the top card of your planar deck; you may put it on the bottom."""

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, None, 1, rule="701.20")
        if not revealed:
            return
        name = run.card_name(revealed[0])
        if run.may(you, f"Put {name} on the bottom of your planar deck", "608.2c"):
            put_on_bottom(run, revealed, chooser=None, rule="608.2c")
            run.emit("put_on_bottom", "608.2c", f"{name} goes to the bottom of the planar deck.", card=name)
        else:
            run.s.revealed = ()
            run.emit("left_on_top", "608.2c", f"{name} stays on top of the planar deck.", card=name)
