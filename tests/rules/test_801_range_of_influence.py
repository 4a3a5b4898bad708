"""Limited range of influence (801), attack options (802, 803) and Free-for-All (806)."""

from __future__ import annotations

import pytest

from conftest import PLANES_10, make_game
from driving import act, deck_maker, next_turn, of_type
from planechase import Game, GameConfig
from planechase.errors import ConfigError
from planechase.variants.seating import AttackOption, attackable, distance, influence, seating

SIX = ("Alex", "Rob", "Carissa", "Dana", "Eli", "Fran")
deck = deck_maker(PLANES_10)


def six(**options: object) -> Game:
    return make_game([deck() for _ in SIX], players=SIX, **options)  # type: ignore[arg-type]


def test_801_2_distance_counts_seats_the_short_way_round_among_players_in_the_game() -> None:
    assert [distance(0, other, range(6)) for other in range(6)] == [0, 1, 2, 3, 2, 1]
    assert distance(0, 2, [0, 2, 3, 4]) == 1  # seat 1 left: the circle closes


def test_801_2a_range_1_reaches_the_neighbours_and_801_2b_yourself() -> None:
    table = seating("free_for_all", 6, range_of_influence=1)
    assert influence(table, range(6))[0] == (0, 1, 5)
    wider = seating("free_for_all", 6, range_of_influence=2)
    assert influence(wider, range(6))[0] == (0, 1, 2, 4, 5)


def test_806_2a_without_the_option_everyone_is_in_range() -> None:
    game = six()
    assert game.state.reach(0) == tuple(range(6))
    assert game.view()["players"][0]["range"] is None


def test_801_2c_ranges_are_determined_as_each_turn_begins() -> None:
    # 801.2c's example: Alex to the left of Rob, Carissa to the right: with range 1, Carissa enters Alex's
    # range when Rob leaves, at the start of the next turn. Seats go clockwise; the left is the next seat.
    game = make_game(
        [deck() for _ in range(5)], players=("Carissa", "Rob", "Alex", "Dana", "Eli"), range_of_influence=1
    )
    assert game.state.reach(2) == (1, 2, 3)
    act(game, type="concede", player=1)
    assert game.state.reach(2) == (1, 2, 3)  # not yet
    events = next_turn(game)
    assert [e.rules for e in of_type(events, "range_of_influence")] == [("801.2c",)]
    assert game.state.reach(2) == (0, 2, 3)


def test_801_3_with_attack_multiple_players_only_opponents_in_range_can_be_attacked() -> None:
    game = six(range_of_influence=1)
    assert game.state.can_attack(0) == (1, 5)
    assert six().state.can_attack(0) == (1, 2, 3, 4, 5)  # 802.2: every opponent without the option


def test_802_2_with_attack_multiple_players_every_opponent_may_be_attacked() -> None:
    game = six(attack="multiple")
    assert [len(game.state.can_attack(seat)) for seat in range(6)] == [5] * 6
    act(game, type="concede", player=3)
    assert game.state.can_attack(0) == (1, 2, 4, 5)  # a player who left is no longer an opponent (800.4a)


def test_803_1a_attack_left_is_only_the_next_player_clockwise() -> None:
    game = six(attack="left")
    assert [game.state.can_attack(seat) for seat in range(6)] == [(1,), (2,), (3,), (4,), (5,), (0,)]
    act(game, type="concede", player=1)
    assert game.state.can_attack(0) == (2,)  # the nearest opponent to the left is now next to Alex


def test_803_1b_attack_right() -> None:
    game = six(attack="right")
    assert [game.state.can_attack(seat) for seat in range(6)] == [(5,), (0,), (1,), (2,), (3,), (4,)]


def test_803_1a_a_teammate_to_the_left_means_no_attack() -> None:
    table = seating("emperor", 6)
    left = type(table)(table.variant, table.seats, AttackOption.LEFT, table.team_size)
    assert attackable(left, range(6), 0) == ()  # the emperor sits to the general's left


def test_806_2b_free_for_all_uses_multiple_left_or_right_attacks_only() -> None:
    with pytest.raises(ConfigError, match=r"806\.2b"):
        seating("free_for_all", 4, attack="adjacent")
    with pytest.raises(ConfigError, match=r"806\.1"):
        seating("free_for_all", 4, team_size=2)


def test_801_18_planar_cards_ignore_range_of_influence_outside_grand_melee() -> None:
    # Cliffside Market's upkeep trigger targets a player: with range 1, every player is still a legal target.
    game = make_game([deck("Cliffside Market"), *(deck() for _ in range(5))], players=SIX, range_of_influence=1)
    decision = game.decision
    assert decision is not None
    assert [o.label for o in decision.options] == list(SIX)


def test_801_config_round_trips_with_the_options() -> None:
    config = GameConfig(players=SIX, decks=(PLANES_10,) * 6, range_of_influence=2, attack="left")
    assert GameConfig.from_dict(config.to_dict()) == config
    assert config.to_dict()["range_of_influence"] == 2


def test_807_1_grand_melee_needs_ten_players() -> None:
    GameConfig(players=tuple(f"P{i}" for i in range(10)), decks=(PLANES_10,) * 10, variant="grand_melee").validate()
    players = tuple(f"P{i}" for i in range(9))
    with pytest.raises(ConfigError, match=r"ten or more players \(807.1\)"):
        GameConfig(players=players, decks=(PLANES_10,) * 9, variant="grand_melee").validate()
