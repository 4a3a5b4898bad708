"""Helpers for the engine protocol tests: a schema-checking client around a :class:`Session`."""

from __future__ import annotations

from typing import Any

import jsonschema

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


def validator(direction: str) -> Any:
    """A draft 2020-12 validator for ``$defs/request`` or ``$defs/reply`` of the shipped schema."""
    schema = load_schema()
    return jsonschema.Draft202012Validator({"$ref": f"#/$defs/{direction}", "$defs": schema["$defs"]})


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
