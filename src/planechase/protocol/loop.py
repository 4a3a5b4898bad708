"""The documented turn loop (docs/protocol.md, "The turn loop"): the next request's action from an answer's
``status`` alone (:func:`turn_loop_action`), or the rest of the turn and turns after it for one ``batch`` request
(:func:`turn_plan`). The examples in ``examples/`` write it out in JavaScript and Python for clients of their own.

>>> import random
>>> status = {"over": False, "decision": None, "stack": 1, "priority": 0}
>>> turn_loop_action(status, random.Random(1))
{'type': 'resolve', 'player': 0}
"""

from __future__ import annotations

import random
from typing import Any

__all__ = ["turn_loop_action", "turn_plan"]

_BEFORE_MAIN = frozenset({"untap", "upkeep", "draw"})
_MAIN = frozenset({"precombat_main", "postcombat_main"})


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


def turn_plan(status: dict[str, Any], rng: random.Random, turns: int = 1) -> list[dict[str, Any]] | None:
    """The rest of the turn as the turn loop would play it, and ``turns - 1`` whole turns after it, for one
    ``batch`` request (``None`` once the game is over): the loop's next action (a decision's choice, say), then
    what is left of advance to the main phase, the free roll and advance to the next turn; the turns after name
    their player by role (``"active"``). The engine resolves the stack after each action (``"auto":
    ["resolve"]``) and stops the batch where the loop could do something else (a refusal, a decision, an
    ``advance`` stopped early), so a guess that does not hold costs a request, never a different game.

    >>> status = {"over": False, "decision": None, "stack": 0, "step": "upkeep", "active": 1, "priority": 1,
    ...           "roll": {"player": 1, "cost": 0, "allowed": False}, "advance_to": ["precombat_main", "next_turn"]}
    >>> [(a["type"], a["player"]) for a in turn_plan(status, random.Random(1), turns=2)]
    [('advance', 1), ('roll', 1), ('advance', 1), ('advance', 'active'), ('roll', 'active'), ('advance', 'active')]
    """
    first = turn_loop_action(status, rng)
    if first is None:
        return None
    roll = {"type": "roll", "player": status["roll"]["player"]}
    to_main = {"type": "advance", "player": status["active"], "to": "precombat_main"}
    to_next = {"type": "advance", "player": status["active"], "to": "next_turn"}
    if first["type"] == "advance":
        plan = [first, roll, to_next] if first["to"] == "precombat_main" else [first]
    elif first["type"] == "roll":
        plan = [first, to_next]
    # a choice or a resolve: the rest of the turn from the step it is in (a pending decision leaves advance_to
    # empty; an advance the rules refuse after all stops the batch, and the loop goes on from the answer)
    elif status["step"] in _BEFORE_MAIN:
        plan = [first, to_main, roll, to_next]
    elif status["step"] in _MAIN and status["roll"]["cost"] == 0:
        plan = [first, roll, to_next]
    else:
        plan = [first, to_next]
    return plan + [dict(action) for _ in range(turns - 1) for action in _WHOLE_TURN]


_WHOLE_TURN = [
    {"type": "advance", "player": "active", "to": "precombat_main"},
    {"type": "roll", "player": "active"},
    {"type": "advance", "player": "active", "to": "next_turn"},
]
