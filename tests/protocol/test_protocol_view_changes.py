"""``"view": "changes"``: an answer carries ``view_changes``, a JSON Patch from the last view the session sent for the
same seat and language, or the whole ``view`` when it sent none; the patch module's diff and apply agree."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from protocol_helpers import Client, demo_config

from planechase import DEMO_DECK
from planechase.cards.catalog import CATALOG
from planechase.protocol import Session
from planechase.protocol.patch import PatchError, apply_patch, diff

# -- the patch module ---------------------------------------------------------------------------

KEYS = st.sampled_from(["a", "b", "c", "", "x/y", "t~1", "~", "0", "-"])
SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.5, "", "a", "0", "true"])
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(KEYS, inner, max_size=4),
    max_leaves=25,
)


def exact(value: Any) -> str:
    """A value's JSON text with sorted keys: equal only for equal JSON (``1``, ``1.0`` and ``true`` differ)."""
    return json.dumps(value, sort_keys=True)


@settings(max_examples=400, deadline=None)
@given(JSON, JSON)
def test_applying_the_diff_of_two_json_values_gives_the_second(before: Any, after: Any) -> None:
    kept_before, kept_after = copy.deepcopy(before), copy.deepcopy(after)
    ops = diff(before, after)
    assert exact(apply_patch(before, ops)) == exact(after)
    assert exact(before) == exact(kept_before) and exact(after) == exact(kept_after)  # both left alone
    assert all(op["op"] in ("add", "remove", "replace") for op in ops)
    assert (ops == []) == (exact(before) == exact(after))


def test_the_diff_tells_json_types_apart() -> None:
    assert diff({"a": 1}, {"a": True}) == [{"op": "replace", "path": "/a", "value": True}]
    assert diff([0], [False]) == [{"op": "replace", "path": "/0", "value": False}]
    assert diff(1, 1.0) == [{"op": "replace", "path": "", "value": 1.0}]


def test_arrays_change_element_by_element_by_one_at_the_end_or_whole() -> None:
    assert diff([1, 2, 3], [1, 5, 3]) == [{"op": "replace", "path": "/1", "value": 5}]
    assert diff([1, 2], [1, 2, 3]) == [{"op": "add", "path": "/2", "value": 3}]
    assert diff([1, 2, 3], [1, 2]) == [{"op": "remove", "path": "/2"}]
    assert diff([1, 2, 3], [0, 1, 2, 3]) == [{"op": "replace", "path": "", "value": [0, 1, 2, 3]}]
    assert diff({"s": [1, 2, 3]}, {"s": [1]}) == [{"op": "replace", "path": "/s", "value": [1]}]


@pytest.mark.parametrize(
    "op",
    [
        {"op": "remove", "path": "/missing"},
        {"op": "replace", "path": "/list/2", "value": 0},
        {"op": "add", "path": "/list/01", "value": 0},
        {"op": "add", "path": "/n/x", "value": 0},
        {"op": "move", "from": "/n", "path": "/m"},
        {"op": "add", "path": "n", "value": 0},
    ],
)
def test_an_operation_that_does_not_apply_is_refused(op: dict[str, Any]) -> None:
    with pytest.raises(PatchError):
        apply_patch({"list": [1, 2], "n": 3}, [op])


# -- the protocol option ------------------------------------------------------------------------


def act(client: Client, **options: Any) -> dict[str, Any]:
    """Alice passes priority in the upkeep of the demo game (a change: Bob gets priority)."""
    reply = client.ok({"cmd": "act", "action": {"type": "pass", "player": 0}, **options})
    return reply


def test_the_first_answer_with_changes_carries_the_whole_view_then_only_changes() -> None:
    client = Client()
    first = client.new(view="changes")
    assert "view" in first and "view_changes" not in first
    second = act(client, view="changes")
    assert "view" not in second
    assert second["view_changes"], "priority moved: the view changed"
    assert {"op": "replace", "path": "/priority", "value": 1} in second["view_changes"]
    assert apply_patch(first["view"], second["view_changes"]) == client.session.game.view(None)  # type: ignore[union-attr]


def test_another_seat_or_language_gets_the_whole_view_and_becomes_the_base() -> None:
    client = Client()
    client.new(view="changes")
    other_seat = act(client, view="changes", seat=1)
    assert "view" in other_seat and "view_changes" not in other_seat
    again = client.ok({"cmd": "act", "action": {"type": "pass", "player": 1}, "view": "changes", "seat": 1})
    assert "view_changes" in again
    other_lang = client.ok({"cmd": "undo", "view": "changes", "seat": 1, "lang": "ru"})
    assert "view" in other_lang and "view_changes" not in other_lang


def test_a_view_request_sets_the_base_and_answers_without_a_view_keep_it() -> None:
    client = Client()
    client.new(view=False)
    base = client.ok({"cmd": "view", "seat": 0})["view"]
    act(client, view=False)
    refused = client.send({"cmd": "act", "action": {"type": "pass", "player": 0}, "view": "changes", "seat": 0})
    assert refused["ok"] is False  # Bob holds priority: nothing sent, nothing changes
    answer = client.ok({"cmd": "act", "action": {"type": "pass", "player": 1}, "view": "changes", "seat": 0})
    assert apply_patch(base, answer["view_changes"]) == client.session.game.view(0)  # type: ignore[union-attr]


def test_new_and_load_always_answer_the_whole_view() -> None:
    client = Client()
    client.new(view="changes")
    act(client, view="changes")
    save = client.ok({"cmd": "save"})["save"]
    loaded = client.ok({"cmd": "load", "save": save, "view": "changes"})
    assert "view" in loaded and "view_changes" not in loaded
    renewed = client.new(view="changes")
    assert "view" in renewed and "view_changes" not in renewed


@pytest.mark.parametrize("value", ["change", "CHANGES", 1, None, ["changes"]])
def test_other_view_values_are_refused(value: Any) -> None:
    reply = Client().send({"cmd": "new", "config": demo_config(), "view": value}, valid=False)
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_request"
    assert 'true, false or "changes"' in reply["error"]["message"]


def test_hello_names_the_feature() -> None:
    assert "view_changes" in Session().handle({"cmd": "hello"})["features"]


# -- property: over random games, the changes rebuild exactly the views sent whole -----------------

PLANES = [card.name for card in CATALOG if card.is_plane]
VARIANTS: list[dict[str, Any]] = [
    demo_config(3),
    {"players": ["A", "B", "C", "D"], "decks": [list(DEMO_DECK)] * 4, "variant": "two_headed_giant", "seed": 4},
    {"players": ["A", "B", "C", "D", "E", "F"], "decks": [list(DEMO_DECK)] * 6, "variant": "emperor", "seed": 5},
    {"players": [f"P{i}" for i in range(10)], "shared_deck": PLANES[:60], "variant": "grand_melee", "seed": 6},
    {"players": ["A", "B", "C"], "eternities_map": {"profile": "hellride_phenomena"}, "seed": 7},
]


#: The kinds of action the games favour, so that they move on.
PROGRESS = {"choose": 3.0, "roll": 6.0, "advance": 3.0, "resolve": 4.0, "pass": 1.0, "cast": 0.5}


def _progress(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A random legal action, by the weights of :data:`PROGRESS` (other kinds, like conceding, rarely)."""
    weights = [PROGRESS.get(action["type"], 0.02) for action in actions]
    return rng.choices(actions, weights=weights)[0]


@pytest.mark.parametrize("config", VARIANTS, ids=["two_players", "2hg", "emperor", "grand_melee", "map"])
@pytest.mark.parametrize("seed", [1, 2])
def test_applying_every_view_changes_gives_the_view_the_engine_sends_whole(config: dict[str, Any], seed: int) -> None:
    """Two sessions get the same requests, one asking for changes and one for whole views (with a random seat and
    language now and then, and undos): each patch applied to the last view rebuilds the other's view exactly."""
    rng = random.Random(seed)
    changes, whole = Session(), Session()
    base: dict[tuple[int | None, str | None], Any] = {}
    last_key: tuple[int | None, str | None] | None = None
    players = len(config["players"])
    request: dict[str, Any] = {"cmd": "new", "config": config}
    patched = 0
    for _ in range(80):
        a = changes.handle({**request, "view": "changes", "legal": True})
        b = whole.handle({**request, "view": True, "legal": True})
        assert a["ok"] and b["ok"], (a, b)
        key = (request.get("seat"), request.get("lang"))
        if "view_changes" in a:
            assert key == last_key and request["cmd"] not in ("new", "load")
            rebuilt = apply_patch(base[key], a["view_changes"])
            patched += 1
        else:
            rebuilt = a["view"]
        assert exact(rebuilt) == exact(b["view"])
        base, last_key = {key: rebuilt}, key
        if b["status"]["over"]:
            break
        request = {"cmd": "act", "action": _progress(b["actions"], rng)}
        if rng.random() < 0.1:
            request = {"cmd": "undo"}
        if rng.random() < 0.15:
            request["seat"] = rng.choice([None, *range(players)])
        if rng.random() < 0.05:
            request["lang"] = rng.choice(["ru", "ja"])
        if "seat" not in request and last_key is not None and last_key[0] is not None and rng.random() < 0.8:
            request["seat"] = last_key[0]  # mostly the same seat: changes are sent
    assert patched > 10
