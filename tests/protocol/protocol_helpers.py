"""Helpers for the engine protocol tests: a schema-checking client around a :class:`Session`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import jsonschema
from jsonschema import validators

from planechase import DEMO_DECK
from planechase.protocol import Session, load_schema

#: A forced setup for the demo decks: Stairs to Infinity (which does nothing at upkeep) on top, then
#: Aretopolis, Pompeii and the rest in their listed order.
QUIET_SETUP = ["order:2,0,1," + ",".join(str(i) for i in range(3, len(DEMO_DECK)))] * 2


def demo_config(seed: int = 1) -> dict[str, Any]:
    """A two-player configuration with the demo deck (as JSON), seat 0 starting."""
    return {
        "players": ["Alice", "Bob"],
        "decks": [list(DEMO_DECK), list(DEMO_DECK)],
        "seed": seed,
        "starting_player": 0,
    }


#: The properties whose ``const`` tells the branches of a ``oneOf`` apart: an event's or a reply's ``type``, a
#: request's ``cmd``, a reply's ``ok``.
TAGS = ("type", "cmd", "ok")
_DEFS: dict[str, Any] = load_schema()["$defs"]
_BASE_ONE_OF = jsonschema.Draft202012Validator.VALIDATORS["oneOf"]
_TAGS_BY_ONE_OF: dict[int, tuple[Sequence[Any], list[dict[str, Any]]]] = {}


def _tags(subschema: Any) -> dict[str, Any]:
    """The tag properties ``subschema`` (or the definition it refers to) pins to a constant."""
    if not isinstance(subschema, dict):
        return {}
    target = subschema
    ref = subschema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        target = _DEFS.get(ref.removeprefix("#/$defs/"), subschema)
    props = target.get("properties", {})
    return {k: props[k]["const"] for k in TAGS if isinstance(props.get(k), dict) and "const" in props[k]}


def _one_of(validator: Any, subschemas: Sequence[Any], instance: Any, schema: Any) -> Iterator[Any]:
    """Draft 2020-12's ``oneOf``, skipping the branches whose tag constant the instance does not have (they cannot
    match: Python's ``!=`` is looser than JSON equality, so nothing valid is skipped). It decides exactly what the
    plain keyword decides; it only saves Python's jsonschema validating a whole view against every reply type and an
    event against every event type."""
    cached = _TAGS_BY_ONE_OF.get(id(subschemas))
    if cached is None or cached[0] is not subschemas:
        cached = _TAGS_BY_ONE_OF[id(subschemas)] = (subschemas, [_tags(sub) for sub in subschemas])
    if isinstance(instance, dict):
        subschemas = [
            sub
            for sub, tags in zip(subschemas, cached[1], strict=True)
            if all(k not in instance or instance[k] == v for k, v in tags.items())
        ]
    yield from _BASE_ONE_OF(validator, subschemas, instance, schema)


#: Draft 2020-12 with the tag-dispatching ``oneOf`` (see :func:`_one_of`).
FastValidator: Any = validators.extend(jsonschema.Draft202012Validator, {"oneOf": _one_of})


def validator(direction: str, *, fast: bool = True) -> Any:
    """A draft 2020-12 validator for a definition of the shipped schema (``request``, ``reply``, ``event``...): by
    default one with the tag-dispatching ``oneOf``, which gives the same answers faster."""
    cls = FastValidator if fast else jsonschema.Draft202012Validator
    return cls({"$ref": f"#/$defs/{direction}", "$defs": _DEFS})


REQUESTS = validator("request")
REPLIES = validator("reply")


class Client:
    """Sends requests to a session and checks every reply (and every valid request) against the schema."""

    def __init__(self, session: Session | None = None) -> None:
        self.session = session or Session()
        self.replies: list[dict[str, Any]] = []

    def send(self, request: Any, *, valid: bool = True) -> dict[str, Any]:
        if valid:
            REQUESTS.validate(request)
        reply = self.session.handle(request)
        REPLIES.validate(reply)
        self.replies.append(reply)
        return reply

    def ok(self, request: dict[str, Any]) -> dict[str, Any]:
        reply = self.send(request)
        assert reply["ok"], reply
        return reply

    def new(self, seed: int = 1, **extra: Any) -> dict[str, Any]:
        """A demo game in the upkeep of Alice's first turn, with Stairs to Infinity face up."""
        return self.ok({"cmd": "new", "config": demo_config(seed), "forced": QUIET_SETUP, **extra})

    def pass_around(self) -> dict[str, Any]:
        """Alice then Bob pass: the top of the stack resolves."""
        self.ok({"cmd": "act", "action": {"type": "pass", "player": 0}, "view": False})
        return self.ok({"cmd": "act", "action": {"type": "pass", "player": 1}, "view": False})

    def to_main(self) -> dict[str, Any]:
        return self.ok({"cmd": "act", "action": {"type": "advance", "player": 0, "to": "precombat_main"}})
