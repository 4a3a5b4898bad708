"""The Emperor variant (809) with the deploy creatures option (804) and limited range of influence (801)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from conftest import PLANES_10, make_game
from driving import act, brief, next_turn, of_type, refused, resolve_stack, to_step
from planechase import Game, GameConfig, apply
from planechase.core.actions import Cast, Deploy, Roll
from planechase.core.state import PlayerStatus
from planechase.errors import ConfigError
from planechase.variants.seating import Role, influence, seating

SIX = ("Ann", "Eve", "Gus", "Hal", "Ida", "Jo")  # team 1: Ann, Eve (emperor), Gus; team 2: Hal, Ida (emperor), Jo
EIGHT = ("A1", "AE", "A2", "A3", "B1", "BE", "B2", "B3")


def emperor_game(players: tuple[str, ...] = SIX, **options: object) -> Game:
    options.setdefault("starting_player", 1)
    return make_game([PLANES_10] * len(players), players=players, variant="emperor", **options)  # type: ignore[arg-type]


# -- 809.2, 809.3a, 809.6a: seating, roles and ranges ---------------------------------------------------------


def test_809_2_and_809_3a_teams_of_three_seat_the_emperor_in_the_middle_with_ranges_2_and_1() -> None:
    table = emperor_game().state.seating
    assert [(s.team, s.role, s.range) for s in table.seats] == [
        (0, Role.GENERAL, 1),
        (0, Role.EMPEROR, 2),
        (0, Role.GENERAL, 1),
        (1, Role.GENERAL, 1),
        (1, Role.EMPEROR, 2),
        (1, Role.GENERAL, 1),
    ]


def test_809_6a_the_example_for_teams_of_four() -> None:
    table = seating("emperor", 8, team_size=4)
    assert [(s.role.value, s.range) for s in table.seats] == [
        ("general", 1),
        ("emperor", 3),
        ("general", 2),
        ("general", 1),
    ] * 2


@pytest.mark.parametrize("size", range(3, 9))
@pytest.mark.parametrize("teams", range(2, 5))
def test_809_6a_ranges_are_the_least_that_reach_opposing_generals_and_no_emperor_starts_in_range_of_another(
    size: int, teams: int
) -> None:
    if size * teams > 32:
        pytest.skip("more players than a table seats")
    table = seating("emperor", size * teams, team_size=size)
    everyone = range(size * teams)
    reach = influence(table, everyone)
    for s in table.seats:
        wanted = 2 if s.role is Role.EMPEROR else 1
        generals = [o for o in reach[s.seat] if table.are_opponents(s.seat, o) and table.seats[o].role is Role.GENERAL]
        assert len(generals) >= wanted, s
        assert s.range is not None
        smaller = seating("free_for_all", size * teams, range_of_influence=s.range - 1) if s.range > 1 else None
        if smaller is not None:
            closer = influence(smaller, everyone)[s.seat]
            assert sum(1 for o in closer if o in generals) < wanted, s  # the range is the minimum (809.6a)
        emperors = [o for o in reach[s.seat] if table.seats[o].role is Role.EMPEROR and o != s.seat]
        assert s.role is not Role.EMPEROR or not emperors


@pytest.mark.parametrize(
    ("players", "size", "rule"),
    [(7, 3, "equally sized"), (3, 3, "809.1"), (4, 2, "at least 3")],
)
def test_809_1_tables_the_variant_does_not_allow_are_refused(players: int, size: int, rule: str) -> None:
    with pytest.raises(ConfigError, match=rule):
        seating("emperor", players, team_size=size)


def test_809_3a_the_range_of_influence_cannot_be_overridden() -> None:
    with pytest.raises(ConfigError, match="sets the range of influence itself"):
        seating("emperor", 6, range_of_influence=3)


# -- 809.4: a random emperor goes first; play passes to the left -----------------------------------------------


def test_809_4_a_random_emperor_goes_first() -> None:
    starts = {emperor_game(starting_player=None, seed=seed).state.active for seed in range(16)}
    assert starts == {1, 4}
    game = emperor_game(starting_player=None, seed=3)
    assert of_type(game.events(), "starting_player")[0].rules == ("809.4",)


def test_809_4_turn_order_goes_to_the_left_and_the_active_player_is_planar_controller() -> None:
    game = emperor_game()
    seen = []
    for _ in range(4):
        seen.append((game.state.active, game.state.planar_controller))
        next_turn(game)
    assert seen == [(1, 1), (2, 2), (3, 3), (4, 4)]


# -- 809.3c: attacks only against an adjacent opponent -----------------------------------------------------------


def test_809_3c_only_adjacent_opponents_can_be_attacked() -> None:
    state = emperor_game().state
    assert [state.can_attack(seat) for seat in range(6)] == [(5,), (), (3,), (2,), (), (0,)]
    view = emperor_game().view()
    assert [p["can_attack"] for p in view["players"]] == [[5], [], [3], [2], [], [0]]


def test_809_3c_when_a_general_leaves_the_circle_closes_at_the_next_turn() -> None:
    game = emperor_game()
    act(game, type="concede", player=2)  # Gus, Eve's general, leaves: Eve now sits next to Hal
    # Eve (range 2) already reached Hal, now next to her; Hal (range 1) reaches Eve only once the next turn
    # begins (801.2c).
    assert (game.state.can_attack(1), game.state.can_attack(3)) == ((3,), ())
    events = next_turn(game)
    assert of_type(events, "range_of_influence")[0].rules == ("801.2c",)
    assert (game.state.can_attack(1), game.state.can_attack(3)) == ((3,), (1,))


# -- 809.5: results follow the emperor ---------------------------------------------------------------------------


def test_809_5b_when_an_emperor_loses_the_team_loses_and_809_5a_the_other_team_wins() -> None:
    game = emperor_game()
    events = act(game, type="life", player=4, amount=-20)
    left = brief(events, "player_left")
    assert [(d["player"], rules[0]) for _, rules, d in left] == [(4, "704.5a"), (3, "809.5b"), (5, "809.5b")]
    over = of_type(events, "game_over")[0]
    assert over.rules == ("104.2a", "809.5a")
    assert over.data["winner"] == 1 and over.data["winners"] == [1, 0, 2]
    assert [p.status for p in game.state.players] == [PlayerStatus.WON] * 3 + [PlayerStatus.LOST] * 3


def test_809_5_a_general_who_lost_still_wins_with_the_emperor() -> None:
    game = emperor_game()
    events = act(game, type="life", player=0, amount=-20)
    assert [e.data["player"] for e in of_type(events, "player_left")] == [0]
    assert not game.state.over
    act(game, type="concede", player=4)
    assert game.state.over
    assert [p.status for p in game.state.players] == [PlayerStatus.WON] * 3 + [PlayerStatus.LOST] * 3


def test_809_5c_both_emperors_losing_at_once_is_a_draw_for_both_teams() -> None:
    state = emperor_game().state
    # Both emperors are at 0 life when state-based actions are next checked (704.3): they lose at once.
    players = tuple(replace(p, life=0) if p.seat in (1, 4) else p for p in state.players)
    result = apply(replace(state, players=players), Cast(state.priority or 0, label="Opt"))
    over = next(e for e in result.events if e.type == "game_over")
    assert over.rules == ("104.4a",) and over.data["winner"] is None
    assert sorted(over.data["drawn"]) == [0, 1, 2, 3, 4, 5]  # 809.5c: each team draws with its emperor
    assert all(p.status is PlayerStatus.DRAWN for p in result.state.players)


# -- 804.2: deploying creatures ----------------------------------------------------------------------------------


def test_804_2_a_creature_is_deployed_to_a_teammate_through_the_stack() -> None:
    game = emperor_game()
    to_step(game)
    events = act(game, type="deploy", player=1, teammate=0, creature="Grizzly Bears")
    assert brief(events, "deploy")[0][1] == ("804.2", "602.2")
    assert game.state.stack[-1].targets == ("player:0",)
    events = resolve_stack(game)
    deployed = brief(events, "deployed")
    assert deployed == [
        (
            "deployed",
            ("804.2", "608.2c"),
            {"item": deployed[0][2]["item"], "player": 1, "teammate": 0, "creature": "Grizzly Bears"},
        )
    ]


def test_804_2_deploying_is_listed_among_legal_actions_only_at_sorcery_speed() -> None:
    game = emperor_game()
    assert Deploy(1, 0) not in game.legal_actions()  # upkeep
    to_step(game)
    assert {a for a in game.legal_actions() if isinstance(a, Deploy)} == {Deploy(1, 0), Deploy(1, 2)}


def test_804_2_deploying_is_refused_off_sorcery_speed_to_an_opponent_or_out_of_range() -> None:
    game = emperor_game()
    assert refused(game, Deploy(1, 0)).rule == "307.1"  # upkeep
    to_step(game)
    assert refused(game, Deploy(1, 3)).rule == "804.2"  # not a teammate
    assert refused(game, Deploy(2, 1)).rule == "117.1"  # Gus has no priority in Eve's turn
    act(game, type="cast", player=1, label="Giant Growth")
    assert refused(game, Deploy(1, 0)).rule == "307.1"  # the stack isn't empty
    four = emperor_game(EIGHT, team_size=4, starting_player=1)
    next_turn(four)
    next_turn(four)
    to_step(four)
    assert four.state.active == 3
    assert refused(four, Deploy(3, 1)).rule == "801.4"  # AE is two seats away; A3's range is 1
    assert Deploy(3, 2) in four.legal_actions()


def test_809_4_the_starting_player_must_be_an_emperor() -> None:
    with pytest.raises(ConfigError, match="809"):
        emperor_game(starting_player=0)


def test_804_1_only_emperor_deploys_creatures() -> None:
    game = make_game(players=("A", "B", "C"), decks=[PLANES_10] * 3)
    to_step(game)
    assert refused(game, Deploy(0, 1)).rule == "804.1"


def test_800_4b_a_deployed_creature_does_not_go_to_a_teammate_who_left() -> None:
    game = emperor_game()
    to_step(game)
    act(game, type="deploy", player=1, teammate=0, creature="Grizzly Bears")
    act(game, type="concede", player=0)
    events = resolve_stack(game)
    assert brief(events, "fizzles")[0][1] == ("608.2b", "800.4b")
    assert not of_type(events, "deployed")


def test_901_9_in_emperor_only_the_active_player_rolls_not_their_generals() -> None:
    game = emperor_game()
    to_step(game)
    assert refused(game, Roll(0)).rule == "901.9"
    assert game.state.active_players == (1,)


def test_emperor_without_planechase_keeps_turns_teams_and_results() -> None:
    config = GameConfig(players=SIX, variant="emperor", planechase=False, seed=5)
    game = Game(config)
    assert game.state.planar_controller is None and not game.state.face_up
    assert not [a for a in game.legal_actions() if isinstance(a, Roll)]
    assert of_type(game.events(), "game_started")[0].text.startswith("An Emperor game (without Planechase)")
    assert GameConfig.from_dict(config.to_dict()) == config
    emperor = 4 if game.state.active == 1 else 1
    act(game, type="concede", player=emperor)
    assert game.state.over
