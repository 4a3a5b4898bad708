"""Ordinary cards whose replacement effects change the planar game (614.1a, 614.5), told to the engine
with a ``permanent`` action (611.3a): Susan Foreman (the top two cards of the planar deck before a
planeswalk) and Ichor Elixir (an extra planar die, one ignored, 706.6); and Two Streams Facility's choice
for each player and its chaos flip (608.2d)."""

from __future__ import annotations

import pytest

from conftest import QUIET_PLANES, make_game
from driving import act, answer, deck_names, face_up, of_type, resolve_stack, roll, to_step
from planechase import Game, IllegalActionError, InvalidActionError
from planechase.core.actions import TrackPermanent, action_from_dict
from planechase.core.state import DecisionKind, TrackedPermanent

QUIET = QUIET_PLANES


def two_players(first: tuple[str, ...] = QUIET) -> Game:
    return make_game([first, QUIET], players=("Alice", "Bob"))


def test_611_3a_the_table_says_who_controls_a_tracked_permanent_and_it_can_be_undone() -> None:
    game = two_players()
    events = act(game, type="permanent", player=0, card="Susan Foreman")
    tracked = of_type(events, "permanent_tracked")[0]
    assert tracked.rules == ("611.3a", "614.1a") and tracked.data == {
        "player": 0,
        "card": "Susan Foreman",
        "controls": True,
    }
    assert [(p["player"], p["card"]) for p in game.view()["permanents"]] == [(0, "Susan Foreman")]
    act(game, type="permanent", player=0, card="Susan Foreman", controls=False)
    assert len(game.state.permanents) == 0
    game.undo()
    held: tuple[TrackedPermanent, ...] = game.state.permanents
    assert [kept.card for kept in held] == ["Susan Foreman"]


def test_611_3_a_permanent_nobody_told_of_cannot_leave_and_unknown_cards_are_refused() -> None:
    game = two_players()
    with pytest.raises(IllegalActionError) as info:
        game.act(TrackPermanent(1, card="Ichor Elixir", controls=False))
    assert info.value.rule == "611.3"
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "permanent", "player": 0, "card": "Black Lotus"})


def test_614_1a_susan_foreman_puts_one_of_the_top_two_on_the_bottom_then_planeswalks() -> None:
    game = two_players()
    act(game, type="permanent", player=0, card="Susan Foreman")
    to_step(game)
    top_two = deck_names(game, 0)[:2]
    roll(game, "planeswalker")
    resolve_stack(game)
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.ARRANGE_PLANAR_DECK and decision.player == 0
    assert all(name in decision.prompt for name in top_two)
    # Hidden information: Bob's view does not name the cards; Alice's does.
    assert not any(name in game.view(1)["decision"]["prompt"] for name in top_two)
    assert all(name in game.view(0)["decision"]["prompt"] for name in top_two)
    events = answer(game, "first")
    arranged = of_type(events, "planar_deck_arranged")[0]
    assert arranged.rules == ("614.1a", "701.31") and not any(name in arranged.text for name in top_two)
    assert face_up(game) == [top_two[1]]
    assert deck_names(game, 0)[-2:] == [top_two[0], "Tazeem"]  # the chosen card, then the plane left


def test_614_5_two_susans_replace_the_planeswalk_twice() -> None:
    game = two_players()
    act(game, type="permanent", player=0, card="Susan Foreman")
    act(game, type="permanent", player=0, card="Susan Foreman")
    to_step(game)
    roll(game, "planeswalker")
    resolve_stack(game)
    events = answer(game, "second")
    assert game.decision is not None and game.decision.kind is DecisionKind.ARRANGE_PLANAR_DECK
    events += answer(game, "second")
    assert len(of_type(events, "planar_deck_arranged")) == 2 and len(of_type(events, "planeswalked_to")) == 1


def test_614_1a_ichor_elixir_rolls_two_dice_and_the_roller_keeps_one_706_6() -> None:
    game = two_players(("Stairs to Infinity", *QUIET[:9]))
    act(game, type="permanent", player=0, card="Ichor Elixir")
    to_step(game)
    resolve_stack(game)
    events = roll(game, "blank", "chaos")
    assert [e.data["result"] for e in of_type(events, "die_result")] == ["blank", "chaos"]
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.CHOOSE_DIE
    assert [o.id for o in decision.options] == ["blank", "chaos"]
    events = answer(game, "chaos")
    rolled = of_type(events, "die_rolled")[0]
    assert rolled.data["result"] == "chaos" and "chance" not in rolled.data
    assert of_type(events, "roll_ignored")[0].rules == ("706.6",)
    assert of_type(events, "chaos_ensues")


def test_706_6_ichor_elixir_with_equal_dice_asks_nothing_and_undo_restores_the_roll() -> None:
    game = two_players()
    act(game, type="permanent", player=0, card="Ichor Elixir")
    to_step(game)
    before = game.state.rolls_taken, game.state.rng, game.state.actions_taken
    events = roll(game, "blank", "blank")
    assert game.decision is None
    assert of_type(events, "die_rolled")[0].data["result"] == "blank"
    assert game.state.rolls_taken[0] == 1  # one roll, however many dice (901.9)
    game.undo()
    assert (game.state.rolls_taken, game.state.rng, game.state.actions_taken) == before


def test_608_2d_two_streams_facility_each_player_chooses_and_chaos_flips_the_choices() -> None:
    game = two_players(("Two Streams Facility", *QUIET[:9]))
    # The first upkeep of the game: each player chooses, in APNAP order.
    resolve_stack(game)
    chosen = {}
    for _ in range(4):
        decision = game.decision
        if decision is None:
            break
        assert decision.kind is DecisionKind.CHOOSE_OPTION
        value = "green anchor" if decision.player == 0 else "red waterfall"
        chosen[decision.player] = value
        answer(game, value)
        resolve_stack(game)
    assert chosen == {0: "green anchor", 1: "red waterfall"}
    assert {(c["player"], c["value"]) for c in game.view()["choices"]} == {(0, "green anchor"), (1, "red waterfall")}
    to_step(game)
    act(game, type="cast", player=0, label="Chaos", effect="chaos")
    events = resolve_stack(game)
    flips = of_type(events, "player_chose")
    assert [(e.data["player"], e.data["value"]) for e in flips] == [(0, "red waterfall"), (1, "green anchor")]
    assert {(c.seat, c.value) for c in game.state.choices} == {(0, "red waterfall"), (1, "green anchor")}
