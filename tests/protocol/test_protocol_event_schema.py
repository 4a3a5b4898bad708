"""schema.json has a definition for every event type the engine emits (``$defs/event_<type>``), ``$defs/event`` chooses
between them by ``type``, and an event of a type the schema does not know still validates (``event_other``)."""

from __future__ import annotations

from typing import Any

import pytest
from protocol_helpers import validator
from test_protocol_event_reference import emitted_types

from planechase.protocol import load_schema

DEFS: dict[str, Any] = load_schema()["$defs"]
EVENT = validator("event")
PLAIN_EVENT = validator("event", fast=False)


def defined_types() -> set[str]:
    return {name.removeprefix("event_") for name in DEFS if name.startswith("event_") and "const" in _type(name)}


def _type(name: str) -> dict[str, Any]:
    type_schema: dict[str, Any] = DEFS[name].get("properties", {}).get("type", {})
    return type_schema


def test_every_event_type_the_engine_emits_has_a_definition_in_the_schema() -> None:
    emitted = emitted_types()
    missing = sorted(emitted - defined_types())
    assert not missing, f"event types with no $defs/event_<type> in schema.json: {missing}"
    stale = sorted(defined_types() - emitted)
    assert not stale, f"schema.json defines event types the engine never emits: {stale}"


def test_each_event_definition_names_its_own_type() -> None:
    for t in defined_types():
        assert _type(f"event_{t}")["const"] == t
        assert {"type", "rules"} <= set(DEFS[f"event_{t}"]["required"])
        assert DEFS[f"event_{t}"].get("additionalProperties", True) is not False, f"event_{t} must stay open"


def test_the_generic_event_chooses_among_every_definition_and_the_fallback() -> None:
    branches = [b["$ref"].removeprefix("#/$defs/") for b in DEFS["event"]["oneOf"]]
    assert sorted(branches) == sorted([f"event_{t}" for t in defined_types()] + ["event_other"])
    assert set(DEFS["event_type"]["enum"]) == defined_types()
    assert set(DEFS["event_other"]["properties"]["type"]["not"]["enum"]) == defined_types()


DIE = {"type": "die_rolled", "rules": ["901.9"], "player": 0, "result": "chaos", "special_action": True}


@pytest.mark.parametrize("check", [EVENT, PLAIN_EVENT], ids=["fast", "plain"])
def test_a_known_event_is_checked_against_its_own_definition(check: Any) -> None:
    assert check.is_valid(DIE)
    assert check.is_valid({**DIE, "text": "Ann rolls chaos.", "chance": "die:chaos", "added_later": [1]})
    assert not check.is_valid({k: v for k, v in DIE.items() if k != "special_action"})
    assert not check.is_valid({**DIE, "result": "tails"})
    assert not check.is_valid({**DIE, "player": "0"})


@pytest.mark.parametrize("check", [EVENT, PLAIN_EVENT], ids=["fast", "plain"])
def test_an_event_of_an_unknown_type_validates_as_the_fallback(check: Any) -> None:
    assert check.is_valid({"type": "portal_opened", "rules": ["901.9"], "anything": {"at": "all"}})
    assert not check.is_valid({"type": "portal_opened"})  # rules are still required
    assert not check.is_valid({"type": 7, "rules": []})
