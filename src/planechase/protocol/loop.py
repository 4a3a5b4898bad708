"""The documented turn loop (docs/protocol.md, "The turn loop"): the next request's action from an answer's
``status`` alone. The examples in ``examples/`` write it out in JavaScript and Python for clients of their own.

>>> import random
>>> status = {"over": False, "decision": None, "stack": 1, "priority": 0}
>>> turn_loop_action(status, random.Random(1))
{'type': 'resolve', 'player': 0}
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["turn_loop_action"]

_BEFORE_MAIN = frozenset({"untap", "upkeep", "draw"})


def turn_loop_action(status: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The loop's next action (``None`` once the game is over): a pending decision's option drawn from ``rng``,
    else ``resolve`` while the stack is not empty, else the free roll of the main phase (901.9), else ``advance``
    to the precombat main phase or to the next turn."""
    if status["over"]:
        return None
    decision = status["decision"]
    if decision is not None:
        option = decision["options"][rng.randrange(len(decision["options"]))]
        return {"type": "choose", "player": decision["player"], "decision": decision["id"], "option": option["id"]}
    if status["stack"]:
        return {"type": "resolve", "player": status["priority"]}
    roll = status["roll"]
    if roll["allowed"] and roll["cost"] == 0:
        return {"type": "roll", "player": roll["player"]}
    early = status["step"] in _BEFORE_MAIN and "precombat_main" in status["advance_to"]
    return {"type": "advance", "player": status["priority"], "to": "precombat_main" if early else "next_turn"}
