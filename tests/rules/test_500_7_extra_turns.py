"""500.7 extra turns, 611.2a and 800.4m durations "until your next turn", and the turn details of
614.10 (skipped untap steps) and 800.4j (a turn without an active player)."""

from __future__ import annotations

from conftest import PLANES_10, make_game
from driving import advance, cast, of_type, resolve_stack, roll, to_step
from planechase import Game

FILL = (*PLANES_10, "Otaria", "Agyrem", "Fields of Summer", "Mount Keralia")


def deck(*top: str) -> tuple[str, ...]:
    return (*top, *(c for c in FILL if c not in top))[:10]


def turns(game: Game, count: int) -> list[int]:
    """Advance ``count`` turns; the active player of each."""
    out = []
    for _ in range(count):
        resolve_stack(game)
        advance(game, "next_turn")
        out.append(game.state.active)
    return out


def test_611_2a_an_extra_turn_does_not_end_another_players_until_your_next_turn_effect() -> None:
    game = make_game([deck("Sokenzan", "Otaria"), deck("Fixed Point in Time", "Tazeem")])
    advance(game, "next_turn")  # Bob's turn
    to_step(game)
    roll(game, "planeswalker")  # Bob encounters Fixed Point in Time
    resolve_stack(game)
    assert [e.controller for e in game.state.effects] == [1]
    advance(game, "next_turn")  # Alice's turn
    to_step(game)
    cast(game, "planeswalk")
    resolve_stack(game)  # Alice planeswalks to Otaria
    cast(game, "chaos")
    resolve_stack(game)  # Otaria: Alice takes an extra turn after this one
    events = advance(game, "next_turn")
    assert game.state.active == 0 and of_type(events, "turn_began")[0].data["extra"] is True
    assert [e.controller for e in game.state.effects] == [1]  # Bob's effect lasts until *his* next turn
    assert turns(game, 1) == [1]
    assert game.state.effects == ()


def test_500_7_an_extra_turn_for_a_non_active_player_comes_before_the_next_normal_turn() -> None:
    """A leaves on their own turn; B, the new planar controller, takes an extra turn after it. The turns
    go B (extra), then B's and C's normal turns."""
    game = make_game([deck("Sokenzan"), deck("Otaria"), deck("Tazeem")], players=("A", "B", "C"), starting_player=1)
    assert turns(game, 2) == [2, 0]  # Carol, then A, with B's Otaria face up
    game.act({"type": "concede", "player": 0})
    seat = game.state.priority
    assert seat is not None
    cast(game, "chaos", player=seat)
    resolve_stack(game)
    assert game.state.extra_turns == (1,)
    assert turns(game, 3) == [1, 1, 2]


def test_614_10_the_eon_fog_as_the_starting_plane_skips_the_first_untap_step() -> None:
    game = make_game([deck("The Eon Fog"), deck("Sokenzan")])
    setup = game.history[0].events
    assert not [e for e in setup if e.type == "turn_based_action" and e.data.get("instruction") == "untap"]
    assert of_type(setup, "step_skipped")[0].rules == ("614.10", "101.1")


def test_800_4j_no_discard_instruction_in_the_cleanup_of_a_player_who_left() -> None:
    game = make_game([deck("Tazeem")] * 3, players=("A", "B", "C"))
    game.act({"type": "concede", "player": 0})
    events = advance(game, "next_turn")
    discards = [
        e for e in events if e.type == "turn_based_action" and e.data.get("instruction") == "discard_to_hand_size"
    ]
    assert discards == []
    assert game.state.active == 1


def test_901_10_an_ability_from_a_plane_whose_owner_leaves_leaves_with_it() -> None:
    """B's Otaria is face up on C's turn and its chaos ability is on the stack: when B concedes, the
    ability leaves the game with B's plane (901.10), so C takes no extra turn."""
    game = make_game([deck("Sokenzan"), deck("Otaria"), deck("Tazeem")], players=("A", "B", "C"), starting_player=1)
    turns(game, 1)
    to_step(game)
    cast(game, "chaos", player=2)
    game.act({"type": "resolve", "player": 2})
    assert [i.card is not None and game.state.name_of(i.card) for i in game.state.stack] == ["Otaria"]
    events = game.act({"type": "concede", "player": 1})
    assert [e.rules for e in of_type(events, "ability_ceased")] == [("901.10", "800.4a")]
    resolve_stack(game)
    assert game.state.extra_turns == ()
