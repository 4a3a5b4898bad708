"""Turn effects of ordinary cards, attack declarations and the ordinary permanents the table reports, over
the engine protocol: ``cast`` with a turn ``effect`` and ``target_player`` (500.7, 500.8, 614.10, 115.1,
801.4), ``attack`` (508.1, 508.1c, 508.8), ``permanent`` (611.3a, 614.1a: Ichor Elixir, Susan Foreman) and
the decisions and view fields that come with them. Every reply (and every request the client calls valid)
is checked against the shipped JSON Schema by the client."""

from __future__ import annotations

from typing import Any

import pytest
from protocol_helpers import QUIET_SETUP, REQUESTS, Client, demo_config

from planechase import DEMO_DECK
from planechase.core.actions import MAX_ATTACK_PAIRS, TRACKED_CARDS
from planechase.core.state import DecisionKind, OtherEffect, SkipKind
from planechase.protocol import load_schema

DEFS = load_schema()["$defs"]
#: The view fields this part of the protocol added.
NEW_VIEW_FIELDS = ("extra_turns", "skips", "attacks", "permanents", "choices")


@pytest.fixture
def client() -> Client:
    return Client()


def act(client: Client, action: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return client.ok({"cmd": "act", "action": action, **extra})


def refused(client: Client, action: dict[str, Any], *, valid: bool = True) -> dict[str, Any]:
    """Send ``action``; it must be refused and change nothing (same state id, same view)."""
    before = client.ok({"cmd": "view", "seat": 0})
    reply = client.send({"cmd": "act", "action": action}, valid=valid)
    assert reply["ok"] is False, reply
    assert reply["state_id"] == before["state_id"] and reply["actions_taken"] == before["actions_taken"]
    assert client.ok({"cmd": "view", "seat": 0})["view"] == before["view"]
    err: dict[str, Any] = reply["error"]
    return err


def to_declare_attackers(client: Client) -> dict[str, Any]:
    return act(client, {"type": "advance", "player": 0, "to": "declare_attackers"})


def of_type(actions: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [a for a in actions if a["type"] == kind]


def new_with_plane(client: Client, plane: str) -> dict[str, Any]:
    """A demo game whose decks have ``plane`` in place of their last card, on top: the starting plane."""
    deck = [*DEMO_DECK[:-1], plane]
    order = "order:" + ",".join(str(i) for i in [len(deck) - 1, *range(len(deck) - 1)])
    return client.ok({"cmd": "new", "config": demo_config() | {"decks": [deck, deck]}, "forced": [order] * 2})


# -- the schema ------------------------------------------------------------------------------------------


def test_schema_cast_effects_follow_the_engine() -> None:
    cast = [e.value for e in OtherEffect if e is not OtherEffect.DEPLOY]
    assert DEFS["action_cast"]["properties"]["effect"]["enum"] == cast
    assert DEFS["stack_item"]["properties"]["effect"]["enum"] == [*cast, OtherEffect.DEPLOY.value]
    assert "target_player" in DEFS["action_cast"]["properties"]


def test_schema_attack_permanent_and_view_follow_the_engine() -> None:
    assert DEFS["tracked_card"]["enum"] == list(TRACKED_CARDS)
    assert DEFS["skip_kind"]["enum"] == [k.value for k in SkipKind]
    assert DEFS["attack_pairs"]["maxItems"] == MAX_ATTACK_PAIRS
    assert DEFS["decision"]["properties"]["kind"]["enum"][-3:] == [
        DecisionKind.CHOOSE_DIE.value,
        DecisionKind.CHOOSE_OPTION.value,
        DecisionKind.ARRANGE_PLANAR_DECK.value,
    ]
    assert set(NEW_VIEW_FIELDS) <= set(DEFS["view"]["required"])


def test_a_new_game_shows_the_new_view_fields_empty(client: Client) -> None:
    view = client.new()["view"]
    assert {k: view[k] for k in NEW_VIEW_FIELDS} == {
        "extra_turns": [],
        "skips": [],
        "attacks": None,
        "permanents": [],
        "choices": [],
    }


# -- attack (508.1) ---------------------------------------------------------------------------------------


def test_508_1_legal_lists_attack_declarations_only_in_the_declare_attackers_step(client: Client) -> None:
    client.new()
    assert of_type(client.ok({"cmd": "legal"})["actions"], "attack") == []
    to_declare_attackers(client)
    assert of_type(client.ok({"cmd": "legal"})["actions"], "attack") == [
        {"type": "attack", "player": 0, "attacks": []},
        {"type": "attack", "player": 0, "attacks": [[0, 1]]},
    ]
    assert of_type(client.ok({"cmd": "legal", "player": 1})["actions"], "attack") == []


def test_508_1_an_attack_is_declared_over_the_protocol(client: Client) -> None:
    client.new()
    to_declare_attackers(client)
    reply = act(client, {"type": "attack", "player": 0, "attacks": [[0, 1]]})
    assert reply["events"] == [
        {
            "type": "attackers_declared",
            "rules": ["508.1"],
            "text": "Attackers are declared: Alice's creatures attack Bob.",
            "player": 0,
            "attacks": [[0, 1]],
        }
    ]
    assert reply["view"]["attacks"] == [[0, 1]]
    assert reply["status"]["priority"] == 0  # 508.2: the active player receives priority
    assert "declare_blockers" in reply["view"]["advance_to"]
    # Once declared, no more declarations are offered in this combat.
    assert of_type(client.ok({"cmd": "legal"})["actions"], "attack") == []


def test_508_8_declaring_no_attackers_skips_blockers_and_damage(client: Client) -> None:
    client.new()
    to_declare_attackers(client)
    reply = act(client, {"type": "attack", "player": 0, "attacks": []})
    assert [(e["type"], e["rules"], e["attacks"]) for e in reply["events"]] == [
        ("attackers_declared", ["508.1", "508.8"], [])
    ]
    assert reply["view"]["attacks"] == []
    assert reply["view"]["advance_to"] == ["end_of_combat", "postcombat_main", "end", "next_turn"]


def test_attacks_left_out_is_refused_rather_than_read_as_no_attackers(client: Client) -> None:
    client.new()
    to_declare_attackers(client)
    err = refused(client, {"type": "attack", "player": 0}, valid=False)
    assert err["code"] == "invalid_action" and "missing field 'attacks'" in err["message"]


def test_508_1_an_attack_out_of_its_step_is_refused_and_changes_nothing(client: Client) -> None:
    client.new()
    err = refused(client, {"type": "attack", "player": 0, "attacks": [[0, 1]]})
    assert err == {
        "code": "illegal_action",
        "message": "attackers are declared as the declare attackers step begins, not in the upkeep step",
        "rule": "508.1",
    }


@pytest.mark.parametrize(
    ("first", "action", "rule", "words"),
    [
        (None, {"type": "attack", "player": 1, "attacks": [[1, 0]]}, "508.1", "not the active player"),
        (None, {"type": "attack", "player": 0, "attacks": [[1, 0]]}, "508.1a", "not an attacking player"),
        (None, {"type": "attack", "player": 0, "attacks": [[0, 0]]}, "506.2", "only opponents"),
        ([], {"type": "attack", "player": 0, "attacks": [[0, 1]]}, "508.1", "already declared"),
        ([[0, 1]], {"type": "attack", "player": 0, "attacks": []}, "508.1", "already declared"),
    ],
)
def test_508_1_illegal_declarations_are_refused_with_their_rule(
    client: Client, first: list[list[int]] | None, action: dict[str, Any], rule: str, words: str
) -> None:
    client.new()
    to_declare_attackers(client)
    if first is not None:
        act(client, {"type": "attack", "player": 0, "attacks": first})
    err = refused(client, action)
    assert err["code"] == "illegal_action" and err["rule"] == rule and words in err["message"], err


def test_an_attack_on_a_seat_that_does_not_exist_is_an_invalid_action(client: Client) -> None:
    client.new()
    to_declare_attackers(client)
    err = refused(client, {"type": "attack", "player": 0, "attacks": [[0, 5]]})
    assert err == {"code": "invalid_action", "message": "there is no seat 5; seats are 0 to 1"}


def test_508_1c_prahv_refuses_an_attack_after_a_spell_and_legal_offers_only_no_attackers(client: Client) -> None:
    view = new_with_plane(client, "Prahv")["view"]
    assert view["face_up"][0]["name"] == "Prahv"
    client.to_main()
    act(client, {"type": "cast", "player": 0, "label": "Shock", "types": "red instant"})
    act(client, {"type": "resolve", "player": 0})
    to_declare_attackers(client)
    assert of_type(client.ok({"cmd": "legal"})["actions"], "attack") == [{"type": "attack", "player": 0, "attacks": []}]
    err = refused(client, {"type": "attack", "player": 0, "attacks": [[0, 1]]})
    assert err == {
        "code": "illegal_action",
        "message": "Prahv: Alice cast a spell this turn and can't attack with creatures",
        "rule": "508.1c",
    }
    assert act(client, {"type": "attack", "player": 0, "attacks": []})["view"]["attacks"] == []


def test_101_2_prahv_refuses_a_spell_after_an_attack_but_not_an_ability(client: Client) -> None:
    new_with_plane(client, "Prahv")
    to_declare_attackers(client)
    act(client, {"type": "attack", "player": 0, "attacks": [[0, 1]]})
    casts = of_type(client.ok({"cmd": "legal", "player": 0})["actions"], "cast")
    assert casts and all(a["spell"] is False for a in casts)
    err = refused(client, {"type": "cast", "player": 0, "label": "Shock"})
    assert err["code"] == "illegal_action" and err["rule"] == "101.2" and "Prahv" in err["message"]
    reply = act(client, {"type": "cast", "player": 0, "label": "Prodigal Sorcerer", "spell": False})
    assert reply["view"]["stack"][0]["text"] == "Prodigal Sorcerer"


def test_805_10b_a_player_of_the_active_team_declares_the_teams_attack(client: Client) -> None:
    config = demo_config() | {"players": ["A", "B", "C", "D"], "variant": "two_headed_giant"}
    config["decks"] = [config["decks"][0]] * 4
    client.ok({"cmd": "new", "config": config, "forced": [QUIET_SETUP[0]] * 4, "view": False})
    to_declare_attackers(client)
    offered = of_type(client.ok({"cmd": "legal"})["actions"], "attack")
    assert {"type": "attack", "player": 0, "attacks": [[0, 2], [0, 3], [1, 2], [1, 3]]} in offered
    reply = act(client, {"type": "attack", "player": 1, "attacks": [[0, 2], [1, 3]]})
    assert reply["events"][0]["rules"] == ["508.1", "805.10b"]
    assert reply["view"]["attacks"] == [[0, 2], [1, 3]]


# -- cast with a turn effect and target_player ----------------------------------------------------------


def test_614_10_a_cast_with_target_player_makes_that_player_skip_their_draw_step(client: Client) -> None:
    client.new()
    client.to_main()
    fatigue = {"type": "cast", "player": 0, "label": "Fatigue", "effect": "skip_draw_step", "target_player": 1}
    reply = act(client, fatigue)
    assert reply["events"][0]["type"] == "cast" and reply["events"][0]["target_player"] == 1
    assert reply["view"]["stack"][0]["targets"] == ["player:1"]
    assert reply["view"]["stack"][0]["effect"] == "skip_draw_step"
    reply = act(client, {"type": "resolve", "player": 0})
    assert reply["events"][-1] == {
        "type": "skip_added",
        "rules": ["614.10"],
        "text": "Fatigue: Bob will skip their next draw step.",
        "player": 1,
        "skip": "draw_step",
    }
    assert reply["view"]["skips"] == [{"player": 1, "skip": "draw_step", "source": "Fatigue"}]
    act(client, {"type": "advance", "player": 0, "to": "next_turn"})
    reply = act(client, {"type": "advance", "player": 1, "to": "precombat_main"})
    skipped = [e for e in reply["events"] if e["type"] == "step_skipped"]
    assert [(e["step"], e["player"], e["rules"]) for e in skipped] == [("draw", 1, ["614.10", "614.10a"])]
    assert reply["view"]["skips"] == []


def test_500_7_an_extra_turn_for_another_player_is_shown_and_taken(client: Client) -> None:
    client.new()
    client.to_main()
    act(client, {"type": "cast", "player": 0, "label": "Time Walk", "effect": "extra_turn", "target_player": 1})
    reply = act(client, {"type": "resolve", "player": 0})
    assert [e["player"] for e in reply["events"] if e["type"] == "extra_turn"] == [1]
    assert reply["view"]["extra_turns"] == [1]
    reply = act(client, {"type": "advance", "player": 0, "to": "next_turn"})
    began = [e for e in reply["events"] if e["type"] == "turn_began"]
    assert [(e["player"], e["extra"]) for e in began] == [(1, True)]
    assert reply["view"]["extra_turns"] == []


def test_614_10_a_skipped_turn_is_not_taken(client: Client) -> None:
    client.new()
    client.to_main()
    act(client, {"type": "cast", "player": 0, "label": "Skip", "effect": "skip_turn", "target_player": 1})
    assert act(client, {"type": "resolve", "player": 0})["view"]["skips"] == [
        {"player": 1, "skip": "turn", "source": "Skip"}
    ]
    reply = act(client, {"type": "advance", "player": 0, "to": "next_turn"})
    skipped = [e for e in reply["events"] if e["type"] == "turn_skipped"]
    assert [(e["player"], e["extra"], e["rules"]) for e in skipped] == [(1, False, ["614.10", "614.10a"])]
    assert reply["status"]["active"] == 0


def test_500_8_an_additional_combat_phase_shows_in_advance_to(client: Client) -> None:
    client.new()
    client.to_main()
    act(client, {"type": "cast", "player": 0, "label": "Relentless Assault", "effect": "additional_combat_and_main"})
    reply = act(client, {"type": "resolve", "player": 0})
    added = [e for e in reply["events"] if e["type"] == "phases_added"]
    combat = ["beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"]
    assert added[0]["steps"] == [*combat, "postcombat_main"]
    assert reply["view"]["advance_to"].count("declare_attackers") == 1  # named steps come once


def test_a_cast_left_without_target_player_is_for_the_caster(client: Client) -> None:
    client.new()
    client.to_main()
    act(client, {"type": "cast", "player": 0, "label": "Time Walk", "effect": "extra_turn", "target_player": None})
    assert act(client, {"type": "resolve", "player": 0})["view"]["extra_turns"] == [0]


def test_115_1_target_player_with_an_effect_that_names_no_player_is_refused(client: Client) -> None:
    client.new()
    client.to_main()
    err = refused(client, {"type": "cast", "player": 0, "label": "Shock", "effect": "none", "target_player": 1})
    assert err["code"] == "illegal_action" and err["rule"] == "115.1"


def test_801_4_target_player_outside_the_range_of_influence_is_refused(client: Client) -> None:
    config = {"players": ["A", "B", "C", "D", "E"], "planechase": False, "range_of_influence": 1, "seed": 1}
    client.ok({"cmd": "new", "config": config | {"starting_player": 0}, "view": False})
    err = refused(client, {"type": "cast", "player": 0, "effect": "skip_turn", "target_player": 2})
    assert err["code"] == "illegal_action" and err["rule"] == "801.4"
    reply = act(client, {"type": "cast", "player": 0, "effect": "skip_turn", "target_player": 1})
    assert reply["events"][0]["target_player"] == 1


# -- permanent (611.3a, 614.1a) ----------------------------------------------------------------------------


def test_a_permanent_is_tracked_shown_and_untracked(client: Client) -> None:
    client.new()
    reply = act(client, {"type": "permanent", "player": 1, "card": "Ichor Elixir"})
    assert [(e["type"], e["player"], e["card"], e["controls"]) for e in reply["events"]] == [
        ("permanent_tracked", 1, "Ichor Elixir", True)
    ]
    [shown] = reply["view"]["permanents"]
    assert shown["player"] == 1 and shown["card"] == "Ichor Elixir" and isinstance(shown["id"], int)
    assert reply["status"]["priority"] == 0  # bookkeeping: priority stays where it was
    assert of_type(client.ok({"cmd": "legal"})["actions"], "permanent") == []  # not listed, like life
    reply = act(client, {"type": "permanent", "player": 1, "card": "Ichor Elixir", "controls": False})
    assert reply["events"][0]["controls"] is False and reply["view"]["permanents"] == []


def test_611_3_giving_up_a_permanent_the_engine_was_not_told_of_is_refused(client: Client) -> None:
    client.new()
    err = refused(client, {"type": "permanent", "player": 0, "card": "Susan Foreman", "controls": False})
    assert err == {
        "code": "illegal_action",
        "message": "Alice controls no Susan Foreman the engine was told of",
        "rule": "611.3",
    }


def test_706_6_ichor_elixir_rolls_two_dice_and_the_roller_keeps_one(client: Client) -> None:
    client.new()
    client.to_main()
    act(client, {"type": "permanent", "player": 0, "card": "Ichor Elixir"})
    client.ok({"cmd": "force", "outcomes": ["blank", "planeswalker"]})
    reply = act(client, {"type": "roll", "player": 0})
    assert [(e["type"], e.get("result"), e.get("chance")) for e in reply["events"]] == [
        ("dice_rolled", None, None),
        ("die_result", "blank", "die:blank"),
        ("die_result", "planeswalker", "die:planeswalker"),
    ]
    decision = reply["status"]["decision"]
    assert decision["kind"] == "choose_die" and decision["rule"] == "706.6"
    assert [o["id"] for o in decision["options"]] == ["blank", "planeswalker"]
    choose = {"type": "choose", "player": 0, "decision": decision["id"], "option": "planeswalker"}
    events = act(client, choose)["events"]
    assert [e["type"] for e in events][:3] == ["choice", "roll_ignored", "die_rolled"]
    assert events[1]["kept"] == "planeswalker"
    assert events[2]["result"] == "planeswalker" and "chance" not in events[2]
    # The save replays: the dice's outcomes are in the die_result events.
    save = client.ok({"cmd": "save"})["save"]
    assert Client().ok({"cmd": "load", "save": save})["view"] == client.ok({"cmd": "view"})["view"]


def test_susan_foreman_names_the_top_cards_only_to_the_deciding_seat(client: Client) -> None:
    client.new()
    client.to_main()
    act(client, {"type": "permanent", "player": 0, "card": "Susan Foreman"})
    client.ok({"cmd": "force", "outcomes": ["planeswalker"]})
    order = act(client, {"type": "roll", "player": 0})["status"]["decision"]  # two abilities triggered
    act(client, {"type": "choose", "player": 0, "decision": order["id"], "option": order["options"][0]["id"]})
    reply = act(client, {"type": "resolve", "player": 0}, seat=1)
    decision = reply["status"]["decision"]
    assert decision["kind"] == "arrange_planar_deck" and decision["yours"] is False
    assert [o["id"] for o in decision["options"]] == ["first", "second"]
    top_two = ("Aretopolis", "Pompeii")
    for seat in (1, None):
        hidden = client.ok({"cmd": "view", "seat": seat})["view"]["decision"]
        assert not any(name in hidden["prompt"] for name in top_two), seat
        assert not any(name in o["label"] for o in hidden["options"] for name in top_two)
    mine = client.ok({"cmd": "view", "seat": 0})["view"]["decision"]
    assert mine["yours"] is True and all(name in mine["prompt"] for name in top_two)
    events = act(client, {"type": "choose", "player": 0, "decision": decision["id"], "option": "first"})["events"]
    arranged = [e for e in events if e["type"] == "planar_deck_arranged"]
    assert [e["player"] for e in arranged] == [0]
    assert not any(name in e["text"] for e in arranged for name in top_two)
    walked = [e["card"] for e in events if e["type"] == "planeswalked_to"]
    assert walked == ["Pompeii"]  # Aretopolis went to the bottom


def test_two_streams_facility_asks_each_player_and_the_view_shows_their_choices(client: Client) -> None:
    new_with_plane(client, "Two Streams Facility")
    decision = act(client, {"type": "resolve", "player": 0})["status"]["decision"]
    assert decision["kind"] == "choose_option" and decision["player"] == 0
    assert [o["id"] for o in decision["options"]] == ["green anchor", "red waterfall"]
    reply = act(client, {"type": "choose", "player": 0, "decision": decision["id"], "option": "green anchor"})
    decision = reply["status"]["decision"]
    assert decision["kind"] == "choose_option" and decision["player"] == 1
    reply = act(client, {"type": "choose", "player": 1, "decision": decision["id"], "option": "red waterfall"})
    chosen = [(e["player"], e["key"], e["value"]) for e in reply["events"] if e["type"] == "player_chose"]
    assert chosen == [(1, "two_streams", "red waterfall")]
    assert reply["view"]["choices"] == [
        {"player": 0, "key": "two_streams", "value": "green anchor"},
        {"player": 1, "key": "two_streams", "value": "red waterfall"},
    ]


# -- malformed actions ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        {"type": "attack", "player": 0, "attacks": {"0": 1}},
        {"type": "attack", "player": 0, "attacks": "0,1"},
        {"type": "attack", "player": 0, "attacks": [0, 1]},
        {"type": "attack", "player": 0, "attacks": [[0, True]]},
        {"type": "attack", "player": 0, "attacks": [[False, 1]]},
        {"type": "attack", "player": 0, "attacks": [[0, "1"]]},
        {"type": "attack", "player": 0, "attacks": [[0]]},
        {"type": "attack", "player": 0, "attacks": [[0, 1, 1]]},
        {"type": "attack", "player": 0, "attacks": [[0, -1]]},
        {"type": "attack", "player": 0, "attacks": [[0, 1]] * (MAX_ATTACK_PAIRS + 1)},
        {"type": "attack", "player": 0, "attacks": [], "defender": 1},
        {"type": "permanent", "player": 0, "card": "Sol Ring"},
        {"type": "permanent", "player": 0, "card": "susan foreman"},
        {"type": "permanent", "player": 0},
        {"type": "permanent", "player": 0, "card": "Ichor Elixir", "controls": "yes"},
        {"type": "permanent", "player": 0, "card": "Ichor Elixir", "controls": 1},
        {"type": "cast", "player": 0, "effect": "time_walk"},
        {"type": "cast", "player": 0, "effect": "skip_turn", "target_player": True},
        {"type": "cast", "player": 0, "effect": "skip_turn", "target_player": "1"},
        {"type": "cast", "player": 0, "effect": "skip_turn", "target_player": -1},
    ],
)
def test_malformed_attack_permanent_and_cast_get_invalid_action_and_no_change(
    client: Client, action: dict[str, Any]
) -> None:
    request = {"cmd": "act", "action": action}
    assert not REQUESTS.is_valid(request)
    client.new()
    to_declare_attackers(client)  # where a well-formed attack would be legal
    err = refused(client, action, valid=False)
    assert err["code"] == "invalid_action", err
    assert "rule" not in err


def test_a_seat_written_as_a_float_is_refused(client: Client) -> None:
    # JSON Schema counts 1.0 as an integer; the engine, like for every other integer field, does not.
    client.new()
    to_declare_attackers(client)
    err = refused(client, {"type": "attack", "player": 0, "attacks": [[0, 1.0]]}, valid=False)
    assert err["code"] == "invalid_action"


def test_the_most_attack_pairs_are_read_and_checked_by_the_rules(client: Client) -> None:
    client.new()
    to_declare_attackers(client)
    # 256 pairs are well formed (the schema agrees); listing a pair twice is what is wrong.
    err = refused(client, {"type": "attack", "player": 0, "attacks": [[0, 1]] * MAX_ATTACK_PAIRS})
    assert err == {"code": "invalid_action", "message": "attack: [0, 1] is listed twice"}


# -- undo, save and load ------------------------------------------------------------------------------------


def test_attacks_and_permanents_are_undone_saved_and_loaded(client: Client) -> None:
    client.new()
    act(client, {"type": "permanent", "player": 0, "card": "Susan Foreman"})
    to_declare_attackers(client)
    before = act(client, {"type": "attack", "player": 0, "attacks": [[0, 1]]})["view"]
    undone = client.ok({"cmd": "undo"})["view"]
    assert undone["attacks"] is None and undone["permanents"] == before["permanents"]
    view = act(client, {"type": "attack", "player": 0, "attacks": [[0, 1]]})["view"]
    assert view == before
    save = client.ok({"cmd": "save"})["save"]
    assert [r["action"]["type"] for r in save["log"][1:]] == ["permanent", "advance", "attack"]
    assert Client().ok({"cmd": "load", "save": save})["view"] == client.ok({"cmd": "view"})["view"]
