"""What the effects share: computed amounts, who an effect is about, naming the source, changing a
life total and emitting a table instruction."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ...core.context import Run
from ...core.state import StackItem
from ..model import Amount, Num, RuleChange

# -- who an effect is about (``who``) ---------------------------------------------------------------

#: The ability's controller ("you").
YOU = "you"
#: Every player in the game, in APNAP order (101.4).
EACH_PLAYER = "each_player"
#: The ability's target players.
TARGET = "target"
#: Nobody in particular: the table as a whole (an instruction about permanents).
TABLE = "table"
#: "Each opponent" / "each other player": every player still in the game but the controller.
EACH_OPPONENT = "each_opponent"
#: "That player": the player the trigger event was about (who cast the spell, whose upkeep it is).
THAT_PLAYER = "that_player"


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


@dataclass(frozen=True)
class Reported(Amount):
    """A number only the table knows ("the number of cards in your hand", "its mana value", the X a
    player pays), asked of the player it is about (``who``: :data:`YOU`, :data:`TARGET` or
    :data:`THAT_PLAYER`) as the ability resolves (608.2c, 107.3). Zero if that player is gone."""

    what: str
    who: str = "you"
    maximum: int = 99

    def value(self, run: Run, item: StackItem) -> int:
        seats = players_for(run, item, self.who)
        if not seats:
            return 0
        seat = seats[0]
        name = source_name(run, item)
        number = run.decide_number(seat, f"{name}: what is {self.what}?", "608.2c", maximum=self.maximum)
        run.emit(
            "table_answer",
            "608.2c",
            f"{run.name(seat)} says {self.what} is {number}.",
            player=seat,
            question=self.what,
            answer=number,
            card=name,
        )
        return number

    def describe(self) -> str:
        return self.what


def amount(run: Run, item: StackItem, n: Num) -> int:
    return n if isinstance(n, int) else n.value(run, item)


def source_name(run: Run, item: StackItem) -> str:
    return run.card_name(item.card) if item.card is not None else "The planeswalking ability"


def players_for(run: Run, item: StackItem, who: str) -> tuple[int, ...]:
    """The seats an effect about ``who`` (:data:`YOU`, :data:`EACH_PLAYER`, ...) is about."""
    if who == YOU:
        if run.s.team_turns and item.card is not None:
            # 901.12c: "you" on a plane or phenomenon means both players of the planar controller's team.
            return tuple(seat for seat in run.s.team(item.controller) if run.s.in_game(seat))
        return (item.controller,)
    # 901.13, 801.10: in Grand Melee a planar ability affects only players within its controller's range.
    near = run.s.planar_reach(item.controller) if item.card is not None else run.s.seats_in_game
    if who == EACH_PLAYER:
        return tuple(seat for seat in run.s.apnap() if seat in near)
    if who == EACH_OPPONENT:  # 102.3: in team games, the players not on your team
        return tuple(
            seat for seat in run.s.apnap() if run.s.seating.are_opponents(item.controller, seat) and seat in near
        )
    if who == TARGET:
        return tuple(int(t.split(":")[1]) for t in item.targets if t.startswith("player:"))
    if who == THAT_PLAYER:
        return (item.subject,) if item.subject is not None and run.s.in_game(item.subject) else ()
    return ()


def target_names(run: Run, item: StackItem) -> str:
    """The names of the targeted players, joined with "and"."""
    return " and ".join(run.name(seat) for seat in players_for(run, item, TARGET))


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


def change_life(run: Run, seat: int, delta: int, *, rules: tuple[str, ...], why: str) -> None:
    """Adjust a life total and log it. A Two-Headed Giant team shares its life total: what a player
    gains or loses is applied to the team's total (810.9)."""
    player = run.s.players[seat]
    if not player.in_game or delta == 0:
        return
    members = shared_by(run, seat)
    for member in members:
        run.set_player(replace(run.s.players[member], life=run.s.players[member].life + delta))
    new = run.s.players[seat]
    verb = "gains" if delta > 0 else "loses"
    whose = "their team's total" if len(members) > 1 else ""
    run.emit(
        "life_changed",
        (*rules, "810.9") if len(members) > 1 else rules,
        f"{player.name} {verb} {abs(delta)} life ({why}); {whose + ' ' if whose else ''}now {new.life}.",
        player=seat,
        delta=delta,
        life=new.life,
        **({"players": list(members)} if len(members) > 1 else {}),
    )


def shared_by(run: Run, seat: int) -> tuple[int, ...]:
    """The players whose life total and poison counters are ``seat``'s: its Two-Headed Giant team still in
    the game (810.4, 810.10), or just ``seat``."""
    return run.s.team(seat) if run.s.team_turns else (seat,)


def instruct(
    run: Run, item: StackItem, text: str, who: str, value: int | None, template: dict[str, Any] | None = None
) -> None:
    """Emit a table instruction (608.2c) for the players ``who`` is about, named before ``text``. An
    instruction for opponents or target players when there are none is not given. ``template`` is ``text`` as
    the card's words with their values (``{"template": ..., "params": {...}}``), which a screen translates."""
    seats = players_for(run, item, who)
    if who == YOU:
        prefix = " and ".join(run.name(seat) for seat in seats or (item.controller,)) + ": "
    elif who == EACH_PLAYER:
        prefix = "Each player: "
    elif who in (TARGET, EACH_OPPONENT, THAT_PLAYER):
        if not seats and (who != TARGET or not item.targets):
            run.emit("no_player", "608.2c", f"{source_name(run, item)}: no player to instruct.")
            return
        prefix = ", ".join(run.name(s) for s in seats) + ": " if seats else ""
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
        **({"instruction_text": template} if template is not None else {}),
    )


def rule_change_applies(run: Run, change: RuleChange) -> str | None:
    """The name of a face-up card whose static ability makes ``change``, or ``None``."""
    for fu in run.s.face_up:
        card = run.catalog[run.card_name(fu.card)]
        if any(ability.rule_change is change for ability in card.abilities):
            return card.name
    return None
