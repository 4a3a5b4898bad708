"""The ``batch`` command (issue 22: several actions per request): a turn's plan in one request plays the same game as
one action per request, stops where the plan may no longer hold (117.4's early stops, decisions, refusals with their
rule), names players by role, and every request and reply validates against the schema."""

from __future__ import annotations

import random
from typing import Any

import pytest
from protocol_helpers import Client, demo_config
from test_protocol_random_play_schema import SCENARIOS

from planechase.protocol import Session
from planechase.protocol.batch import MAX_BATCH
from planechase.protocol.loop import turn_loop_action, turn_plan

#: The variants a plan is checked on (the Eternities Map's planeswalks ask decisions of their own).
VARIANTS = [
    "free_for_all_2",
    "free_for_all_4_range",
    "shared_deck_3",
    "two_headed_giant_4",
    "emperor_6",
    "grand_melee_10",
    "eternities_map_2",
]
OPTIONS = {"view": False, "text": False}


def one_at_a_time(config: dict[str, Any], seed: int, cap: int) -> list[dict[str, Any]]:
    """The turn loop, one ``act`` per action: the actions taken."""
    client, rng = Client(), random.Random(seed)
    answer = client.ok({"cmd": "new", "config": config, **OPTIONS})
    taken: list[dict[str, Any]] = []
    while len(taken) < cap:
        action = turn_loop_action(answer["status"], rng)
        if action is None:
            break
        answer = client.ok({"cmd": "act", "action": action, **OPTIONS})
        taken.append(action)
    return taken


def batched(config: dict[str, Any], seed: int, cap: int, turns: int) -> tuple[list[dict[str, Any]], int]:
    """The same loop, a plan of ``turns`` turns per ``batch``: the actions the engine took and the requests sent."""
    client, rng = Client(), random.Random(seed)
    answer = client.ok({"cmd": "new", "config": config, **OPTIONS})
    taken: list[dict[str, Any]] = []
    requests = 0
    while len(taken) < cap:
        plan = turn_plan(answer["status"], rng, turns=turns)
        if plan is None:
            break
        answer = client.ok({"cmd": "batch", "actions": plan, "auto": ["resolve"], **OPTIONS})
        assert answer["actions_taken"] == len(taken) + len(answer["applied"])
        taken += answer["applied"]
        requests += 1
    return taken[:cap], requests


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("turns", [1, 5])
def test_117_4_a_plan_per_request_plays_the_same_game_as_an_action_per_request(name: str, turns: int) -> None:
    config = SCENARIOS[name]
    for seed in range(3):
        expected = one_at_a_time(config, seed, cap=150)
        taken, requests = batched(config, seed, cap=150, turns=turns)
        assert taken == expected[: len(taken)] and len(taken) == len(expected), (name, seed)
        assert requests < len(expected)  # the point: fewer round trips


def test_117_4_an_advance_stopped_by_a_trigger_ends_the_batch_after_the_resolves() -> None:
    client = Client()
    answer = client.new()  # upkeep, Stairs to Infinity face up: a roll in the main phase can planeswalk
    turn = [
        {"type": "advance", "player": "active", "to": "precombat_main"},
        {"type": "roll", "player": "active"},
        {"type": "advance", "player": "active", "to": "next_turn"},
    ]
    reasons = set()
    for _ in range(30):
        answer = client.ok({"cmd": "batch", "actions": turn * 3, "auto": ["resolve"], **OPTIONS})
        stopped = answer["stopped"]
        if stopped is None:
            continue
        reasons.add(stopped["reason"])
        assert 0 < stopped["index"] < len(turn) * 3 or stopped["reason"] == "refused"
        if stopped["reason"] == "decision":
            decision = answer["status"]["decision"]
            assert decision is not None
            option = decision["options"][0]["id"]
            choose = {"type": "choose", "player": decision["player"], "decision": decision["id"], "option": option}
            answer = client.ok({"cmd": "batch", "actions": [choose], "auto": ["resolve"], **OPTIONS})
        if answer["status"]["over"]:
            break
    assert "decision" in reasons or "advance_stopped" in reasons


def test_a_refused_action_stops_the_batch_with_its_rule_and_changes_nothing_of_it() -> None:
    client = Client()
    answer = client.new()
    before = answer["actions_taken"]
    plan = [{"type": "roll", "player": 0}, {"type": "advance", "player": 0, "to": "precombat_main"}]
    answer = client.ok({"cmd": "batch", "actions": plan, **OPTIONS})
    assert answer["applied"] == [] and answer["actions_taken"] == before
    assert answer["stopped"] == {
        "index": 0,
        "reason": "refused",
        "error": {
            "code": "illegal_action",
            "message": "the planar die may be rolled only during a main phase",
            "rule": "901.9",
        },
    }
    assert answer["state_id"] == 1  # nothing changed: the state is the one `new` made


def test_a_malformed_action_later_in_a_batch_stops_it_there() -> None:
    client = Client()
    client.new()
    plan = [{"type": "advance", "player": 0, "to": "precombat_main"}, {"type": "pas", "player": 0}]
    answer = client.ok({"cmd": "batch", "actions": plan, **OPTIONS})
    assert [a["type"] for a in answer["applied"]][:1] == ["advance"]
    stopped = answer["stopped"]
    assert stopped["reason"] in ("refused", "decision", "advance_stopped")
    if stopped["reason"] == "refused":
        assert stopped["index"] == 1 and stopped["error"]["code"] == "invalid_action"


def test_roles_name_the_seat_holding_them_when_the_action_is_taken() -> None:
    client = Client()
    answer = client.new()
    active = answer["status"]["active"]
    plan = [{"type": "advance", "player": "priority", "to": "precombat_main"}]
    answer = client.ok({"cmd": "batch", "actions": plan, **OPTIONS})
    assert answer["applied"][0] == {"type": "advance", "player": active, "to": "precombat_main"}


def test_undo_steps_back_through_a_batch_one_action_at_a_time() -> None:
    client = Client()
    start = client.new()["actions_taken"]
    plan = [{"type": "advance", "player": 0, "to": "precombat_main"}, {"type": "roll", "player": 0}]
    answer = client.ok({"cmd": "batch", "actions": plan, "auto": ["resolve"], **OPTIONS})
    taken = len(answer["applied"])
    assert answer["actions_taken"] == start + taken
    answer = client.ok({"cmd": "undo", "steps": 1, "view": False})
    assert answer["actions_taken"] == start + taken - 1


@pytest.mark.parametrize(
    ("request_", "code"),
    [
        ({"cmd": "batch", "actions": []}, "invalid_request"),
        ({"cmd": "batch", "actions": [{"type": "pass", "player": 0}] * (MAX_BATCH + 1)}, "invalid_request"),
        ({"cmd": "batch", "actions": [{"type": "pass", "player": 0}], "auto": ["win"]}, "invalid_request"),
        ({"cmd": "batch", "actions": ["pass"]}, "invalid_request"),
        ({"cmd": "batch", "actions": [{"type": "life", "player": 0, "amount": 2**60}]}, "invalid_action"),
        ({"cmd": "batch", "actions": [{"type": "pass", "player": 0}], "state_id": 99}, "stale_state"),
    ],
)
def test_a_malformed_batch_request_is_refused_whole(request_: dict[str, Any], code: str) -> None:
    session = Session()
    session.handle({"cmd": "new", "config": demo_config(1)})
    reply = session.handle(request_)
    assert not reply["ok"] and reply["error"]["code"] == code
    assert reply["actions_taken"] == 0


def test_hello_names_the_batch_command_and_feature() -> None:
    reply = Client().ok({"cmd": "hello"})
    assert "batch" in reply["commands"] and "batch" in reply["features"]


def test_events_false_leaves_the_events_out_of_new_act_and_batch_answers() -> None:
    client = Client()
    new = client.ok({"cmd": "new", "config": demo_config(2), "events": False, "view": False})
    assert "events" not in new and new["status"]["step"] == "upkeep"
    act = client.ok({"cmd": "act", "action": {"type": "advance", "player": 0, "to": "precombat_main"}, "events": False})
    assert "events" not in act and "view" in act
    plan = [{"type": "roll", "player": "active"}]
    batch = client.ok({"cmd": "batch", "actions": plan, "auto": ["resolve"], "events": False, "view": False})
    assert "events" not in batch and batch["applied"][0]["type"] == "roll"
    with_events = client.ok({"cmd": "act", "action": {"type": "concede", "player": 1}, "view": False})
    assert with_events["events"]  # the default still lists them
