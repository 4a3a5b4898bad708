"""Two-Headed Giant (810) with shared team turns (805), and Two-Headed Giant Planechase (901.12)."""

from __future__ import annotations

import pytest

from conftest import PLANES_10, make_game
from driving import (
    act,
    answer,
    answer_label,
    brief,
    cast,
    deck_maker,
    instructions,
    life,
    next_turn,
    of_type,
    pass_once,
    refused,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    types,
)
from planechase import Game
from planechase.core.actions import Cast, Pass, Roll
from planechase.core.state import DecisionKind, PlayerStatus
from planechase.errors import ConfigError

PLAYERS = ("Alice", "Bob", "Carol", "Dave")  # team 1: Alice (primary), Bob; team 2: Carol (primary), Dave
deck = deck_maker(PLANES_10)


def giant(*decks: tuple[str, ...], **options: object) -> Game:
    chosen = list(decks) + [deck() for _ in range(4 - len(decks))]
    return make_game(chosen, players=PLAYERS, variant="two_headed_giant", **options)  # type: ignore[arg-type]


# -- 810.4, 810.11: the shared life total ---------------------------------------------------------------------


def test_810_4_each_team_shares_a_life_total_of_30() -> None:
    game = giant()
    assert life(game) == [30, 30, 30, 30]
    events = act(game, type="life", player=1, amount=-7)
    assert life(game) == [23, 23, 30, 30]
    assert brief(events, "life_adjusted")[0][1] == ("119.3", "810.9")


def test_810_11_three_headed_giant_starts_at_45_and_loses_at_20_poison() -> None:
    game = make_game([deck()] * 6, players=(*PLAYERS, "Erin", "Fay"), variant="two_headed_giant", team_size=3)
    assert life(game) == [45] * 6
    assert game.state.seating.teams == ((0, 1, 2), (3, 4, 5))
    act(game, type="poison", player=4, amount=15)
    assert [p.poison for p in game.state.players] == [0, 0, 0, 15, 15, 15]
    assert game.state.in_game(3)
    events = act(game, type="poison", player=5, amount=5)
    assert [e.data["player"] for e in of_type(events, "player_left")] == [3, 4, 5]
    assert game.state.players[0].status is PlayerStatus.WON


# -- 805.4, 805.2, 901.12b: team turns, the primary player and the planar controller --------------------------


def test_805_4_teams_take_turns_and_901_12b_the_primary_player_is_planar_controller() -> None:
    game = giant()
    seen = []
    for _ in range(3):
        s = game.state
        seen.append((s.active, s.active_players, s.planar_controller))
        next_turn(game)
    assert seen == [(0, (0, 1), 0), (2, (2, 3), 2), (0, (0, 1), 0)]


def test_810_6_the_starting_team_skips_its_first_draw_and_805_4b_each_player_draws() -> None:
    game = giant()
    first = list(game.events())
    assert [e.rules for e in of_type(first, "draw_step_skipped")] == [("810.6",)]
    events = next_turn(game)
    events += to_step(game, "precombat_main")
    draws = [e.data["player"] for e in of_type(events, "turn_based_action") if e.data["instruction"] == "draw"]
    assert draws == [2, 3]


def test_805_8_a_teammates_extra_turn_is_taken_by_the_team_and_its_triggers_go_on_the_stack_once() -> None:
    """Dave, not his team's primary player, copies Otaria's chaos ability on Alice's turn: the copy is his
    (707.10), but his team takes the extra turn (805.8). Carol, the primary player, is the active player and
    the planar controller (805.2, 901.12b), and a trigger in that turn goes on the stack once (805.7, 603.3).
    Random play found the team's turn taken under Dave, whose team was listed twice in APNAP order, so each
    trigger went on the stack twice with one object id (conformance seed 1001199)."""
    game = giant(deck("Otaria"))
    to_step(game)
    roll(game, "chaos")
    trigger = game.state.stack[-1].id
    pass_once(game, 0)  # Alice's team passes; Carol's team has priority
    cast(game, "copy", player=3, target=trigger)
    events = resolve_stack(game)
    assert brief(events, "extra_turn") == [
        ("extra_turn", ("500.7", "805.8"), {"player": 3, "team": [2, 3]}),
        ("extra_turn", ("500.7", "805.8"), {"player": 0, "team": [0, 1]}),
    ]
    assert game.state.extra_turns == (0, 2)  # each recorded under its team's primary player
    next_turn(game)  # Alice's team's extra turn comes first: the most recently created (500.7)
    assert (game.state.active, game.state.active_players) == (0, (0, 1))
    events = next_turn(game)
    s = game.state
    assert (s.active, s.active_players, s.planar_controller) == (2, (2, 3), 2)
    assert brief(events, "turn_began")[-1] == (
        "turn_began",
        ("500.7", "805.8", "102.1"),
        {"turn": 3, "player": 2, "extra": True},
    )
    to_step(game)
    events = roll(game, "chaos", player=3)
    assert [e.data["controller"] for e in of_type(events, "put_on_stack")] == [2]
    ids = [item.id for item in game.state.stack]
    assert len(ids) == len(set(ids)) == 1
    next_turn(game)  # then the turns go on from the last normal turn (500.7): Carol's team's own turn
    assert (game.state.active, game.state.turn) == (2, 4)


def test_805_5_teams_have_priority_either_teammate_passes_for_the_team() -> None:
    game = giant()
    to_step(game)
    assert game.state.priority == 0
    # Bob acts for his team, which holds priority; Carol's team doesn't hold it.
    act(game, type="cast", player=1, label="Giant Growth")
    assert game.state.stack[-1].controller == 1
    error = refused(game, Cast(2, label="Shock"))
    assert error.rule == "805.5"
    pass_once(game, 1)  # Alice's team passes
    assert game.state.priority == 2
    events = pass_once(game, 3)  # Carol's team passes: all teams passed in succession (805.5b)
    assert types(events)[:2] == ["passed", "resolves"]
    assert game.state.priority == 0


def test_805_5b_the_step_ends_when_both_teams_pass() -> None:
    game = giant()
    to_step(game)
    pass_once(game, 1)
    events = pass_once(game, 2)
    assert of_type(events, "step_ended")
    assert game.state.step.value == "beginning_of_combat"


# -- 901.12d: each active player rolls, with their own cost --------------------------------------------------


def test_901_12d_each_teammate_may_roll_with_their_own_cost() -> None:
    game = giant()
    to_step(game)
    roll(game, "blank", player=0)
    assert game.decision is None
    roll(game, "blank", player=1)  # Bob's first roll is free, whatever Alice rolled
    assert game.decision is None
    assert (game.state.roll_cost(0), game.state.roll_cost(1)) == (1, 1)
    events = roll(game, "blank", player=1, pay=False)
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.PAY_ROLL_COST and decision.player == 1
    events += answer(game, "pay")
    assert brief(events, "cost_paid")[0][2]["cost"] == 1
    assert [game.state.roll_cost(seat) for seat in range(4)] == [1, 2, 0, 0]


def test_901_12d_the_other_team_may_not_roll() -> None:
    game = giant()
    to_step(game)
    assert refused(game, Roll(2)).rule == "901.12d"
    assert refused(game, Roll(3)).rule == "901.12d"
    assert Roll(1) in game.legal_actions()


def test_901_8_a_planeswalker_symbol_rolled_by_the_teammate_does_not_planeswalk() -> None:
    # 901.8: the planeswalking ability is controlled by the player who rolled; 701.31a: only the planar
    # controller may planeswalk.
    game = giant()
    to_step(game)
    before = [fu.card for fu in game.state.face_up]
    roll(game, "planeswalker", player=1)
    assert game.state.stack[-1].controller == 1
    events = resolve_top(game)
    assert brief(events, "planeswalk_refused")[0][1] == ("701.31a",)
    assert [fu.card for fu in game.state.face_up] == before
    roll(game, "planeswalker", player=0, pay=True)
    events = resolve_top(game)
    assert of_type(events, "planeswalked_to")


def test_901_12c_whenever_you_roll_triggers_for_the_teammate_and_you_is_both_players() -> None:
    game = giant(deck("Stairs to Infinity"))
    to_step(game)
    events = roll(game, "blank", player=1)
    events += resolve_stack(game)
    assert [(card, players) for card, players, text, _ in instructions(events) if "draw" in text] == [
        ("Stairs to Infinity", [0, 1])
    ]


def test_901_12c_you_gain_life_is_both_players_so_the_team_gains_twice() -> None:
    # Aretopolis: "put a scroll counter on Aretopolis, then you gain life equal to the number of scroll
    # counters on it": each teammate gains 1, and the shared total goes up by 2 (810.9).
    game = giant(deck("Aretopolis"))
    events = resolve_stack(game)
    gains = [(e.data["player"], e.data["delta"]) for e in of_type(events, "life_changed")]
    assert gains == [(0, 1), (1, 1)]
    assert life(game) == [32, 32, 30, 30]


def test_805_4d_each_players_upkeep_triggers_once_for_each_active_player() -> None:
    game = giant(deck("We Hope You Like Squirrels"))
    upkeep = [e for e in of_type(game.events(), "ability_triggered") if "upkeep" in e.text]
    assert [e.rules for e in upkeep] == [("603.2", "805.4d")] * 2
    assert ["Alice's upkeep" in upkeep[0].text, "Bob's upkeep" in upkeep[1].text] == [True, True]
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.ORDER_TRIGGERS  # 603.3b: Alice orders them
    answer(game, decision.options[0].id)
    assert sorted(item.subject for item in game.state.stack if item.subject is not None) == [0, 1]


def test_810_9e_a_player_cannot_exchange_life_totals_with_a_teammate() -> None:
    # Cliffside Market's upkeep trigger waits for its target as the game begins.
    game = giant(deck("Cliffside Market"))
    act_events = answer_label(game, "Bob")
    act_events += resolve_stack(game)
    act_events += answer_label(game, "Yes")
    act_events += resolve_stack(game)
    assert brief(act_events, "no_exchange")[0][1] == ("810.9e", "608.2c")
    assert life(game) == [30, 30, 30, 30]


def test_810_9_exchanging_with_an_opponent_swaps_the_team_totals() -> None:
    game = giant(deck("Cliffside Market"))
    answer_label(game, "Carol")
    act(game, type="life", player=3, amount=-10)
    resolve_stack(game)
    answer_label(game, "Yes")
    resolve_stack(game)
    assert life(game) == [20, 20, 30, 30]


# -- 810.8: winning and losing as a team ---------------------------------------------------------------------


def test_810_8c_a_team_at_zero_life_loses_together_and_810_8a_the_other_team_wins() -> None:
    game = giant()
    events = act(game, type="life", player=3, amount=-30)
    assert brief(events, "state_based_action")[0][1] == ("810.8c",)
    assert [e.data["player"] for e in of_type(events, "player_left")] == [2, 3]
    over = of_type(events, "game_over")[0]
    assert over.rules == ("104.2a", "810.8a") and over.data["winners"] == [0, 1]
    assert [p.status for p in game.state.players] == [PlayerStatus.WON] * 2 + [PlayerStatus.LOST] * 2


def test_810_8b_a_concession_takes_the_whole_team_out() -> None:
    game = giant()
    events = act(game, type="concede", player=1)
    left = brief(events, "player_left")
    assert [(d["player"], rules) for _, rules, d in left] == [(1, ("104.3a", "800.4a")), (0, ("810.8a", "800.4a"))]
    assert game.state.over and game.state.players[2].status is PlayerStatus.WON


def test_810_8d_fifteen_poison_counters_make_a_team_lose() -> None:
    game = giant()
    act(game, type="poison", player=0, amount=10)
    assert game.state.in_game(0)
    events = act(game, type="poison", player=1, amount=5)
    assert brief(events, "state_based_action")[0][1] == ("810.8d",)
    assert game.state.over


def test_805_2_the_starting_player_must_be_a_primary_player() -> None:
    with pytest.raises(ConfigError, match=r"805\.2"):
        giant(starting_player=1)


def test_805_3_a_random_starting_team_is_led_by_its_primary_player() -> None:
    starters = {giant(starting_player=None, seed=seed).state.active for seed in range(12)}
    assert starters == {0, 2}


def test_805_5_legal_actions_list_both_teammates() -> None:
    game = giant()
    to_step(game)
    actions = game.legal_actions()
    assert Pass(0) in actions and Pass(1) in actions and Pass(2) not in actions
