"""603.2 for events the engine does not track: the table reports them with a ``report`` action naming the
face-up card's ability and the player the event is about ("that player"); the ability triggers and goes
on the stack the next time a player would receive priority (603.3).

Cards: Tember City, The Dark Barony, Sea of Sand (any player's events), Nyx and City of the Daleks (the
planar controller's own events)."""

from __future__ import annotations

from pathlib import Path

import pytest

from driving import (
    CARD_FILLER,
    CARD_OTHERS,
    act,
    answer,
    brief,
    game_maker,
    life,
    of_type,
    resolve_stack,
    to_step,
    triggered,
)
from planechase import Event, Game, IllegalActionError, InvalidActionError, Report, action_from_dict
from planechase.cli.play import TableController

game_on = game_maker(CARD_FILLER, CARD_OTHERS)
ALICE, BOB, CAROL = 0, 1, 2


def object_of(game: Game, name: str) -> int:
    """The object id of the face-up card ``name``."""
    return next(fu.object_id for fu in game.state.face_up if game.state.cards[fu.card].name == name)


def report(game: Game, name: str, ability: int, player: int) -> list[Event]:
    return act(game, type="report", player=player, source=object_of(game, name), ability=ability)


def test_603_2_tember_city_a_reported_land_tap_damages_that_player() -> None:
    game = game_on("Tember City")
    to_step(game)
    before = game.state
    events = report(game, "Tember City", 0, BOB)
    assert brief(events, "reported") == [
        (
            "reported",
            ("603.2",),
            {"player": BOB, "source": object_of(game, "Tember City"), "ability": 0, "card": "Tember City"},
        )
    ]
    assert triggered(events) == [("Tember City", 0, ("603.2",))]
    # 603.3: it goes on the stack before anyone gets priority again, controlled by the planar controller.
    (item,) = game.state.stack
    assert (item.controller, item.subject) == (ALICE, BOB)
    assert game.state.priority == before.priority == ALICE
    events = resolve_stack(game)
    assert brief(events, "life_changed") == [
        ("life_changed", ("120.3a",), {"player": BOB, "delta": -1, "life": 19}),
    ]
    assert life(game) == [20, 19]


def test_603_2_the_dark_barony_and_sea_of_sand_change_that_players_life() -> None:
    game = game_on("The Dark Barony")
    to_step(game)
    report(game, "The Dark Barony", 0, ALICE)  # a nonblack card goes to Alice's graveyard
    resolve_stack(game)
    assert life(game) == [19, 20]
    sea = game_on("Sea of Sand")
    to_step(sea)
    report(sea, "Sea of Sand", 1, BOB)  # Bob draws a land card
    resolve_stack(sea)
    report(sea, "Sea of Sand", 2, ALICE)  # Alice draws a nonland card
    resolve_stack(sea)
    assert life(sea) == [17, 23]


def test_603_2_nyx_constellation_gains_its_controller_1_life() -> None:
    game = game_on("Nyx")
    to_step(game)
    report(game, "Nyx", 1, ALICE)
    resolve_stack(game)
    assert life(game) == [21, 20]


def test_901_6_only_the_planar_controller_reports_their_own_events() -> None:
    game = game_on("Nyx")
    to_step(game)
    before = game.state
    with pytest.raises(IllegalActionError) as refused:
        report(game, "Nyx", 1, BOB)
    assert refused.value.rule == "901.6"
    assert game.state is before


def test_603_2_city_of_the_daleks_attack_targets_an_opponent_who_loses_x_life() -> None:
    game = game_on("City of the Daleks", players=3)
    to_step(game, "declare_attackers")
    report(game, "City of the Daleks", 0, ALICE)
    decision = game.decision
    assert decision is not None and decision.kind.value == "choose_target" and decision.rule == "603.3d"
    assert [o.id for o in decision.options] == ["player:1", "player:2"]  # opponents only
    answer(game, "player:2")
    resolve_stack(game)
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("choose_number", ALICE)
    events = answer(game, "4")  # four artifacts
    assert brief(events, "life_changed") == [
        ("life_changed", ("119.3",), {"player": CAROL, "delta": -4, "life": 16}),
    ]


def test_603_2_a_report_for_an_ability_the_engine_tracks_itself_is_refused() -> None:
    game = game_on("Tember City")
    to_step(game)
    before = game.state
    with pytest.raises(IllegalActionError) as refused:
        report(game, "Tember City", 1, ALICE)  # its chaos ability
    assert refused.value.rule == "603.2"
    with pytest.raises(IllegalActionError):
        act(game, type="report", player=ALICE, source=9999, ability=0)
    with pytest.raises(IllegalActionError):
        report(game, "Tember City", 5, ALICE)
    assert game.state is before


def test_a_report_must_name_whole_numbers() -> None:
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "report", "player": 0, "source": "x", "ability": 0})
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "report", "player": 0, "source": 3})
    assert action_from_dict({"type": "report", "player": 1, "source": 3, "ability": 0}) == Report(1, 3, 0)


def test_legal_actions_offer_reports_for_each_player_and_the_view_lists_the_abilities() -> None:
    game = game_on("Tember City", players=3)
    to_step(game)
    source = object_of(game, "Tember City")
    reports = [a for a in game.legal_actions() if isinstance(a, Report)]
    assert reports == [Report(seat, source, 0) for seat in (ALICE, BOB, CAROL)]
    (card,) = game.view()["face_up"]
    assert card["reported"] == [{"ability": 0, "text": card["oracle_text"].split("\n")[0], "by": "any"}]
    assert card["reminders"] == []
    nyx = game_on("Nyx")
    to_step(nyx)
    assert [a for a in nyx.legal_actions() if isinstance(a, Report)] == [Report(ALICE, object_of(nyx, "Nyx"), 1)]


def test_the_terminal_t_key_reports_an_event_for_a_chosen_player(tmp_path: Path) -> None:
    game = game_on("Tember City")
    to_step(game)
    answers = iter(["Bob"])
    table = TableController(game, ask=lambda prompt: next(answers, None), save_path=tmp_path / "save.json")
    message = table.handle_key("t")
    assert message.ok, message.text
    assert [i.subject for i in game.state.stack] == [BOB]
    resolve_stack(game)
    assert life(game) == [20, 19]
    assert of_type(game.history[-1].events, "life_changed")
