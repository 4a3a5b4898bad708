"""Grand Melee over the engine protocol (807.4, 807.5, 901.14): the view lists every turn marker with its
own turn, stack and planes, and actions name the marker whose stack they are for. Every reply (and every
request the client calls valid) is checked against the shipped JSON Schema by the client."""

from __future__ import annotations

import copy
import random
from typing import Any

import jsonschema
import pytest
from protocol_helpers import REQUESTS, Client

from planechase import DEMO_DECK
from planechase.engine import melee
from planechase.protocol import Session, load_schema

SEATS = 12
NAMES = [f"P{n}" for n in range(SEATS)]
#: The turn markers' holders in a twelve-player game started by seat 0 (807.4b: four seats apart).
HOLDERS = [0, 4, 8]
#: Which card of DEMO_DECK each holder's shuffle puts on top: their starting planes (901.14a).
TOPS = {0: 0, 4: 1, 8: 2}  # Aretopolis, Pompeii, Stairs to Infinity
#: The per-marker fields a view also has at its top level, for the focused marker.
TURN_FIELDS = ("turn", "active", "step", "priority", "planar_controller", "stack", "face_up", "roll", "advance_to")


def melee_config(*, planechase: bool = True) -> dict[str, Any]:
    config: dict[str, Any] = {"players": NAMES, "variant": "grand_melee", "starting_player": 0, "seed": 1}
    if planechase:
        config["decks"] = [list(DEMO_DECK)] * SEATS
    else:
        config["planechase"] = False
    return config


def forced_tops() -> list[str]:
    """One forced shuffle per deck: each holder's deck gets its card of TOPS on top, the others stay in order."""
    out = []
    for seat in range(SEATS):
        top = TOPS.get(seat, 0)
        out.append("order:" + ",".join(str(i) for i in [top, *(i for i in range(len(DEMO_DECK)) if i != top)]))
    return out


def new_melee(client: Client, *, planechase: bool = True) -> dict[str, Any]:
    """A new twelve-player Grand Melee game; the reply's view."""
    request: dict[str, Any] = {"cmd": "new", "config": melee_config(planechase=planechase)}
    if planechase:
        request["forced"] = forced_tops()
    view: dict[str, Any] = client.ok(request)["view"]
    return view


def act(client: Client, action: dict[str, Any]) -> dict[str, Any]:
    return client.ok({"cmd": "act", "action": action})


def markers_of(view: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {m["marker"]: m for m in view["turn_markers"]}


@pytest.fixture
def client() -> Client:
    return Client()


# -- the view ----------------------------------------------------------------------------------------


def test_807_5_view_lists_each_turn_marker_with_its_stack(client: Client) -> None:
    view = new_melee(client)
    markers = view["turn_markers"]
    assert [m["marker"] for m in markers] == [1, 2, 3]
    assert [m["holder"] for m in markers] == HOLDERS
    for m, holder in zip(markers, HOLDERS, strict=True):
        assert m["taking_turn"] is True and m["removals"] == 0
        assert m["active"] == m["priority"] == holder and m["step"] == "upkeep"
        roll = m["roll"]
        assert {k: roll[k] for k in ("player", "cost", "allowed")} == {"player": holder, "cost": 0, "allowed": False}
        assert roll["why"]["rule"] == "901.9" and "main phase" in roll["why"]["message"]  # not in the upkeep
        # 901.14a: each player starting with a turn marker set a starting plane and is a planar controller.
        assert m["planar_controller"] == holder
        assert [(f["name"], f["owner"]) for f in m["face_up"]] == [(DEMO_DECK[TOPS[holder]], holder)]
    # 807.5: each stack holds its own marker's upkeep trigger; Stairs to Infinity has none.
    assert [[(i["source"], i["controller"]) for i in m["stack"]] for m in markers] == [
        [("Aretopolis", 0)],
        [("Pompeii", 4)],
        [],
    ]
    # The turns are numbered in the order they began.
    assert [m["turn"] for m in markers] == [1, 2, 3]


def test_807_5_view_turn_markers_are_the_engines_turns(client: Client) -> None:
    view = new_melee(client)
    assert client.session.game is not None
    state = client.session.game.state
    turns = melee.turns(state)
    assert [m["marker"] for m in view["turn_markers"]] == [t.marker for t in turns]
    for m, t in zip(view["turn_markers"], turns, strict=True):
        assert [i["id"] for i in m["stack"]] == [i.id for i in reversed(t.stack)]
        assert [f["object"] for f in m["face_up"]] == [fu.object_id for fu in t.face_up]


def test_807_5_top_level_turn_fields_describe_the_focused_marker(client: Client) -> None:
    view = new_melee(client)
    assert view["focus"] == 1
    focused = markers_of(view)[1]
    assert {k: view[k] for k in TURN_FIELDS} == {k: focused[k] for k in TURN_FIELDS}
    # Another marker's part differs: it is not the top level's.
    assert markers_of(view)[2]["active"] != view["active"]


def test_807_5_outside_grand_melee_there_are_no_turn_markers(client: Client) -> None:
    view = client.new()["view"]
    assert view["focus"] is None and view["turn_markers"] == []


def test_807_4d_a_waiting_marker_has_no_turn_step_or_roll(client: Client) -> None:
    new_melee(client, planechase=False)
    view = act(client, {"type": "advance", "player": 0, "marker": 1, "to": "next_turn"})["view"]
    # 807.4c, 807.4d: seat 0's turn ends and marker 1 passes to seat 1, who waits (seat 4 holds a marker).
    waiting = markers_of(view)[1]
    assert waiting["holder"] == 1 and waiting["taking_turn"] is False
    assert waiting["turn"] is None and waiting["active"] is None and waiting["step"] is None
    assert waiting["roll"] is None and waiting["priority"] is None
    assert waiting["stack"] == [] and waiting["advance_to"] == []
    # The view focuses on a marker someone is taking a turn with.
    assert view["focus"] != 1 and markers_of(view)[view["focus"]]["taking_turn"] is True
    legal = client.ok({"cmd": "legal", "player": 1})["actions"]
    assert legal == [{"type": "concede", "player": 1}]


def test_807_4e_view_counts_designations_for_removal(client: Client) -> None:
    new_melee(client, planechase=False)
    # 807.4e: with eleven players left there is room for two markers; marker 2 (seat 4's), the one
    # immediately to the right of seat 7, is designated for removal.
    view = act(client, {"type": "concede", "player": 7})["view"]
    assert [(m["marker"], m["holder"], m["removals"]) for m in view["turn_markers"]] == [
        (1, 0, 0),
        (2, 4, 1),
        (3, 8, 0),
    ]
    assert markers_of(view)[2]["taking_turn"] is True  # 807.4g: it goes when seat 4's turn ends
    view = act(client, {"type": "advance", "player": 4, "marker": 2, "to": "next_turn"})["view"]
    assert [m["marker"] for m in view["turn_markers"]] == [1, 3]


# -- actions naming the marker (807.5b) -------------------------------------------------------------


def test_807_5b_actions_name_the_marker_over_the_protocol(client: Client) -> None:
    before = markers_of(new_melee(client))
    reply = act(client, {"type": "pass", "player": 4, "marker": 2})
    assert [(e["type"], e["player"], e["marker"]) for e in reply["events"]] == [("passed", 4, 2)]
    after = markers_of(reply["view"])
    # Only marker 2's part changes: priority passes to the next player within range (807.5a, 117.3d).
    assert after[1] == before[1] and after[3] == before[3]
    assert before[2]["priority"] == 4 and after[2]["priority"] == 5
    assert {k: v for k, v in after[2].items() if k != "priority"} == {
        k: v for k, v in before[2].items() if k != "priority"
    }
    # The view and the status now describe marker 2.
    assert reply["view"]["focus"] == 2
    assert reply["status"]["priority"] == 5 and reply["status"]["active"] == 4
    # Seat 5's legal actions are all for marker 2's stack.
    actions = client.ok({"cmd": "legal", "player": 5})["actions"]
    assert {"type": "pass", "player": 5, "marker": 2} in actions
    assert {a.get("marker") for a in actions if a["type"] != "concede"} == {2}


def test_807_5b_resolve_names_the_marker_and_resolves_only_that_stack(client: Client) -> None:
    before = markers_of(new_melee(client))
    reply = act(client, {"type": "resolve", "player": 0, "marker": 1})
    after = markers_of(reply["view"])
    assert before[1]["stack"] and after[1]["stack"] == []
    assert after[1]["face_up"][0]["counters"] == {"scroll": 1}  # Aretopolis's upkeep trigger resolved
    assert after[2] == before[2] and after[3] == before[3]
    assert all(e["marker"] == 1 for e in reply["events"])


def test_807_5b_a_player_with_priority_for_two_stacks_must_name_one(client: Client) -> None:
    new_melee(client, planechase=False)
    # 807.5a: seat 3 gets priority for marker 1's stack once seat 2, within its range, controls a spell there,
    # and for marker 2's stack (seat 4) as the player to its right.
    for action in (
        {"type": "pass", "player": 0},
        {"type": "cast", "player": 1, "label": "Shock", "marker": 1},
        {"type": "pass", "player": 1},
        {"type": "cast", "player": 2, "label": "Shock"},
        {"type": "pass", "player": 2},
        {"type": "pass", "player": 4},
        {"type": "pass", "player": 5},
    ):
        reply = act(client, action)
    assert [m["priority"] for m in reply["view"]["turn_markers"][:2]] == [3, 3]
    for unnamed in (
        {"type": "pass", "player": 3},
        {"type": "resolve", "player": 3},
        {"type": "advance", "player": 3, "to": "end"},
        {"type": "cast", "player": 3, "label": "Shock"},
    ):
        refused = client.send({"cmd": "act", "action": unnamed})
        assert refused["ok"] is False and refused["state_id"] == reply["state_id"], unnamed
        assert refused["error"]["code"] == "illegal_action" and refused["error"]["rule"] == "807.5b", unnamed
    view = act(client, {"type": "pass", "player": 3, "marker": 1})["view"]
    assert markers_of(view)[1]["priority"] != 3 and markers_of(view)[2]["priority"] == 3


def test_807_5_marker_is_refused_outside_grand_melee(client: Client) -> None:
    client.new()
    reply = client.send({"cmd": "act", "action": {"type": "pass", "player": 0, "marker": 1}})
    assert reply["ok"] is False
    assert reply["error"]["code"] == "illegal_action" and reply["error"]["rule"] == "807.5"


def test_807_5_naming_a_marker_not_in_play_is_refused(client: Client) -> None:
    new_melee(client, planechase=False)
    reply = client.send({"cmd": "act", "action": {"type": "pass", "player": 0, "marker": 4}})
    assert reply["ok"] is False and reply["error"]["rule"] == "807.4"


# -- the schema ------------------------------------------------------------------------------------------


def test_807_5_grand_melee_view_matches_the_schema(client: Client) -> None:
    view = new_melee(client)
    defs = load_schema()["$defs"]
    views = jsonschema.Draft202012Validator({"$ref": "#/$defs/view", "$defs": defs})
    views.validate(view)
    broken = copy.deepcopy(view)
    del broken["turn_markers"][1]["holder"]
    assert not views.is_valid(broken)
    broken = copy.deepcopy(view)
    broken["turn_markers"][0]["step"] = "lunch"
    assert not views.is_valid(broken)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "pass", "player": 0, "marker": 0},
        {"type": "pass", "player": 0, "marker": "1"},
        {"type": "roll", "player": 0, "marker": 1},
        {"type": "concede", "player": 0, "marker": 1},
    ],
)
def test_807_5_schema_and_session_both_refuse_a_bad_marker(action: dict[str, Any]) -> None:
    request = {"cmd": "act", "action": action}
    assert not REQUESTS.is_valid(request)
    client = Client(Session())
    new_melee(client, planechase=False)
    assert client.send(request, valid=False)["ok"] is False


def test_807_5_every_legal_grand_melee_action_matches_the_schema_and_is_accepted(client: Client) -> None:
    new_melee(client)
    actions = client.ok({"cmd": "legal"})["actions"]
    assert {a["marker"] for a in actions if "marker" in a} == {1, 2, 3}
    for action in actions:
        client.ok({"cmd": "act", "action": action, "view": False})  # the client validates the request
        client.ok({"cmd": "undo", "view": False})


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_807_5_random_grand_melee_play_keeps_views_in_line_with_the_engine(seed: int) -> None:
    client = Client()
    new_melee(client)
    rng = random.Random(seed)
    for _ in range(40):
        actions = [a for a in client.ok({"cmd": "legal"})["actions"] if a["type"] != "concede"]
        if not actions:
            break
        view = act(client, rng.choice(actions))["view"]
        assert client.session.game is not None
        turns = melee.turns(client.session.game.state)
        assert [m["marker"] for m in view["turn_markers"]] == [t.marker for t in turns]
        for m, t in zip(view["turn_markers"], turns, strict=True):
            assert [i["id"] for i in m["stack"]] == [i.id for i in reversed(t.stack)]
            assert m["priority"] == t.priority and m["taking_turn"] == t.taking_turn
        focused = markers_of(view)[view["focus"]]
        assert {k: view[k] for k in TURN_FIELDS} == {k: focused[k] for k in TURN_FIELDS}
