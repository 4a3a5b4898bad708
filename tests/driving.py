"""Helpers for driving a :class:`~planechase.Game` in the tests, and for reading what happened.

Import them the way the tests import ``conftest``::

    from driving import resolve_stack, roll, to_step

Every helper that acts returns the events of the actions it took, as a list, so that the results of
several helpers add up: ``roll(game, "chaos") + resolve_stack(game)``. Helpers act for whoever has to act
(the player with priority, the active player, the player a decision waits for) unless told otherwise.

pytest does not rewrite the ``assert`` statements of this module, so each one carries its own message.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import pytest

from planechase import (
    Action,
    DecisionKind,
    Event,
    Game,
    GameState,
    IllegalActionError,
    apply,
    legal_actions,
    state_to_dict,
)
from planechase.cards.catalog import CATALOG
from planechase.cards.model import CardDef

#: At most this many passes in one :func:`resolve_stack` or :func:`resolve_top`, and this many advances
#: in one :func:`to_step` or :func:`next_turn`: enough for any test, and a loop that never ends fails.
MAX_PASSES = 200
MAX_ADVANCES = 20

# -- acting ------------------------------------------------------------------------------------------


def act(game: Game, **action: Any) -> list[Event]:
    """Take one action given as JSON fields: ``act(game, type="pass", player=0)``."""
    return list(game.act(action))


def priority_holder(game: Game) -> int:
    """The seat of the player with priority (the test fails if nobody has it)."""
    seat = game.state.priority
    assert seat is not None, "nobody has priority"
    return seat


def pass_once(game: Game, seat: int | None = None) -> list[Event]:
    """``seat`` (by default the player with priority) passes priority once."""
    return act(game, type="pass", player=priority_holder(game) if seat is None else seat)


def advance(game: Game, to: str) -> list[Event]:
    """The player with priority advances ``to`` a step (or ``"next_turn"``)."""
    return act(game, type="advance", player=priority_holder(game), to=to)


def resolve_stack(game: Game, *, limit: int | None = None) -> list[Event]:
    """Players pass priority in turn until the stack is empty, a decision is pending, the game is over or
    (with ``limit``) that many objects have resolved."""
    out: list[Event] = []
    resolved = 0
    for _ in range(MAX_PASSES):
        state = game.state
        if not state.stack or state.pending is not None or state.over:
            return out
        if limit is not None and resolved >= limit:
            return out
        events = pass_once(game)
        resolved += sum(1 for e in events if e.type == "resolves")
        out += events
    raise AssertionError(f"the stack did not empty in {MAX_PASSES} passes")


def resolve_top(game: Game) -> list[Event]:
    """Players pass until the object on top of the stack has left it (or a decision is pending)."""
    top = game.state.stack[-1].id
    out: list[Event] = []
    for _ in range(MAX_PASSES):
        if not any(item.id == top for item in game.state.stack) or game.state.pending is not None:
            return out
        out += pass_once(game)
    raise AssertionError(f"stack object {top} did not resolve in {MAX_PASSES} passes")


def to_step(game: Game, step: str = "precombat_main") -> list[Event]:
    """Resolve the stack, then advance to ``step`` of this turn, resolving whatever stops the advance."""
    out = resolve_stack(game)
    for _ in range(MAX_ADVANCES):
        if game.state.step.value == step:
            return out
        out += advance(game, step)
        out += resolve_stack(game)
    raise AssertionError(f"never reached the {step} step")


def next_turn(game: Game) -> list[Event]:
    """Advance to the next turn, resolving whatever stops the advance on the way (but not what triggers as
    the new turn begins)."""
    turn = game.state.turn
    out: list[Event] = []
    for _ in range(MAX_ADVANCES):
        if game.state.turn != turn:
            return out
        out += resolve_stack(game)
        out += advance(game, "next_turn")
    raise AssertionError("the next turn did not begin")


def answer(game: Game, option: str) -> list[Event]:
    """The player the pending decision waits for chooses the option with id ``option``."""
    decision = game.decision
    assert decision is not None, "no decision is pending"
    return act(game, type="choose", player=decision.player, decision=decision.id, option=option)


def option_for(game: Game, label: str) -> str:
    """The id of the pending decision's option labelled ``label``, or else of the only option whose label
    contains ``label``."""
    decision = game.decision
    assert decision is not None, "no decision is pending"
    exact = [o.id for o in decision.options if o.label == label]
    matches = exact or [o.id for o in decision.options if label in o.label]
    assert len(matches) == 1, (label, decision.options)
    return matches[0]


def answer_label(game: Game, label: str) -> list[Event]:
    """Choose the pending decision's option by its label (see :func:`option_for`)."""
    return answer(game, option_for(game, label))


def roll(game: Game, *faces: str, player: int | None = None, pay: bool = True) -> list[Event]:
    """``player`` (by default the active player) rolls the planar die as the special action, with the
    outcomes ``faces`` forced. With ``pay`` a roll cost asked for (901.9) is paid at once; without it the
    cost decision is left pending."""
    game.force(*faces)
    out = act(game, type="roll", player=game.state.active if player is None else player)
    decision = game.decision
    if pay and decision is not None and decision.kind is DecisionKind.PAY_ROLL_COST:
        out += answer(game, "pay")
    return out


def cast(game: Game, effect: str, *, player: int | None = None, target: int | None = None) -> list[Event]:
    """``player`` (by default the player with priority) casts a test spell with ``effect`` (none, chaos,
    planeswalk, roll, counter or copy; ``target`` is the stack object a counter or copy targets)."""
    action: dict[str, Any] = {
        "type": "cast",
        "player": priority_holder(game) if player is None else player,
        "label": f"test {effect}",
        "effect": effect,
    }
    if target is not None:
        action["target"] = target
    return list(game.act(action))


def encounter(game: Game) -> list[Event]:
    """Reach the main phase and roll the Planeswalker symbol; the planeswalking ability resolves, so the
    next card of the planar deck turns up (with a phenomenon there, its encounter trigger is put on the
    stack)."""
    out = to_step(game)
    out += roll(game, "planeswalker")
    out += resolve_top(game)
    return out


def refused(game: Game | GameState, action: Action) -> IllegalActionError:
    """``action`` is illegal now: ``apply`` raises, the state is left exactly as it was and ``action`` is
    not among the legal actions. Returns the error, to check its rule and message."""
    state = game.state if isinstance(game, Game) else game
    before = state_to_dict(state)
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)
    assert state_to_dict(state) == before, "a refused action changed the state"
    assert action not in legal_actions(state), f"{action} is refused but listed as legal"
    return info.value


# -- reading events and the state ---------------------------------------------------------------------


def of_type(events: Iterable[Event], *types: str) -> list[Event]:
    """The events of the given types, in order."""
    return [e for e in events if e.type in types]


def brief(events: Iterable[Event], *types: str) -> list[tuple[str, tuple[str, ...], dict[str, Any]]]:
    """(type, rules, data) of each event of the given types."""
    return [(e.type, e.rules, dict(e.data)) for e in of_type(events, *types)]


def types(events: Iterable[Event]) -> list[str]:
    """The type of each event."""
    return [e.type for e in events]


def names(game: Game, cards: Iterable[int]) -> list[str]:
    """The names of ``cards`` (card indices)."""
    return [game.state.name_of(c) for c in cards]


def face_up(game: Game) -> list[str]:
    """The names of the face-up planar cards."""
    return names(game, (fu.card for fu in game.state.face_up))


def deck_names(game: Game, index: int = 0) -> list[str]:
    """The names of the cards in planar deck ``index``, top first."""
    return names(game, game.state.decks[index])


# -- reading what planar cards did ---------------------------------------------------------------------


def instructions(events: Iterable[Event]) -> list[tuple[str, list[int], str, Any]]:
    """Table instructions from planar cards: (card, players, text, amount)."""
    return [
        (e.data["card"], e.data["players"], e.data["instruction"], e.data["amount"])
        for e in of_type(events, "instruction")
        if e.data.get("card") is not None
    ]


def triggered(events: Iterable[Event]) -> list[tuple[str, int, tuple[str, ...]]]:
    """Planar abilities that triggered: (card, ability index, rules)."""
    return [
        (e.data["card"], e.data["ability"], e.rules) for e in of_type(events, "ability_triggered") if "card" in e.data
    ]


def life(game: Game) -> list[int]:
    """Each player's life total, by seat."""
    return [p.life for p in game.state.players]


def chaos_events(game: Game) -> list[Event]:
    """Reach the main phase (resolving what triggers on the way), then a test spell makes chaos ensue; the
    events from the chaos on."""
    to_step(game)
    return cast(game, "chaos") + resolve_stack(game)


def card(name: str) -> CardDef:
    """The card definition named ``name`` (the test fails if the catalog has none)."""
    assert name in CATALOG, f"no card named {name!r} in the catalog"
    return CATALOG[name]


# -- building planar decks ----------------------------------------------------------------------------


class DeckMaker(Protocol):
    """Makes a planar deck from the cards wanted on top (see :func:`deck_maker`)."""

    def __call__(self, *top: str) -> tuple[str, ...]: ...


def deck_maker(fill: Sequence[str], size: int = 10) -> DeckMaker:
    """A maker of planar decks of ``size`` cards (the 901.3 minimum by default): the cards asked for on
    top, top first, then the cards of ``fill`` not already named, in order. More cards on top than
    ``size`` give a deck of just those."""

    def deck(*top: str) -> tuple[str, ...]:
        rest = [name for name in fill if name not in top]
        return (*top, *rest[: max(0, size - len(top))])

    return deck


class GameMaker(Protocol):
    """Starts a game on the planes asked for (see :func:`game_maker`)."""

    def __call__(self, *first: str, players: Sequence[str] | int = ("Alice", "Bob")) -> Game: ...


def game_maker(fill: Sequence[str], others: Sequence[str]) -> GameMaker:
    """A maker of games in which Alice starts and her planar deck begins with the cards asked for (the
    first is the starting plane), filled from ``fill``; every other player gets the deck ``others``.
    ``players`` is a list of names or a number of players."""
    from conftest import make_game

    deck_with = deck_maker(fill)

    def game_on(*first: str, players: Sequence[str] | int = ("Alice", "Bob")) -> Game:
        names = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")[:players] if isinstance(players, int) else players
        return make_game([deck_with(*first)] + [tuple(others) for _ in names[1:]], players=tuple(names))

    return game_on


#: The ordinary planes the card tests fill planar decks with (none of them triggers at upkeep).
CARD_FILLER: tuple[str, ...] = (
    "Tazeem",
    "Otaria",
    "The Eon Fog",
    "Sokenzan",
    "Fields of Summer",
    "Sanctum of Serra",
    "Academy at Tolaria West",
    "Mount Keralia",
    "Naar Isle",
    "Kilnspire District",
)
#: The other players' deck in the card tests: Otaria on top, so their turns start quietly.
CARD_OTHERS: tuple[str, ...] = ("Otaria", *CARD_FILLER[:1], *CARD_FILLER[2:])


def assert_reminders(game: Game, plane: str, lines: Sequence[int]) -> None:
    """``plane`` is the only face-up card and shows the Oracle lines ``lines`` (by index) as its standing
    reminders, to every seat."""
    text = card(plane).oracle_text.split("\n")
    expected = [text[i] for i in lines]
    (shown,) = game.view()["face_up"]
    assert shown["name"] == plane, f"{shown['name']} is face up, not {plane}"
    assert shown["reminders"] == expected, f"{plane} reminds {shown['reminders']}, not {expected}"
    assert game.view(1)["face_up"][0]["reminders"] == expected, f"{plane}: seat 1 sees other reminders"
