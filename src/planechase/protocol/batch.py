"""The ``batch`` command: several actions in one request, so that one round trip carries a client's plan (the
rest of a turn of the turn loop, or several turns: advance to the main phase, the free roll, advance to the next
turn) instead of one action.

The actions are read and taken in order, each exactly as ``act`` would take it: the same checks, one history entry
each (``undo`` steps back one action at a time). An action's ``player`` may also be ``"active"`` or
``"priority"``: the seat holding that role when the action is taken, so that a plan can reach into turns to come.
With ``"auto": ["resolve"]``, after each action the stack is resolved while nothing else is needed: ``resolve``
from the player with priority, as the turn loop sends it (117.4), until the stack is empty, a decision is pending
or the game is over. The batch stops, and says why and at which of its actions, as soon as the plan may no longer
be what the client would do:

- ``refused``: an action that is malformed (``invalid_action``) or that the rules forbid now (``illegal_action``,
  with its rule); ``error`` says which, and nothing of it was done;
- ``decision``: a decision is pending (the client chooses);
- ``advance_stopped``: an ``advance`` stopped before its step or the next turn, where something triggered or a
  decision is needed (117.4); one that got there with triggers on arriving goes on once they are resolved;
- ``over``: the game has ended (104.2, 104.3a).

>>> from planechase import Game, demo_config
>>> game = Game(demo_config(seed=3))
>>> plan = [{"type": "advance", "player": 0, "to": "precombat_main"}, {"type": "roll", "player": 0}]
>>> done = run_batch(game, plan, auto=frozenset({"resolve"}))
>>> [a["type"] for a in done.applied][:2], done.stopped is None or done.stopped["reason"]
(['advance', 'roll'], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..api import Game
from ..core.actions import NEXT_TURN, Action, Advance, action_from_dict
from ..core.events import Event
from ..core.state import GameState
from ..errors import IllegalActionError, InvalidActionError

#: The most actions one ``batch`` request may hold.
MAX_BATCH = 256
#: What ``auto`` may ask for: ``resolve`` (resolve the stack while nothing else is needed).
AUTO_OPTIONS = ("resolve",)
#: The roles a batched action may name its player by, read when it is taken: the active player (of the focused
#: turn marker in Grand Melee), or the player with priority. A plan for turns to come names who plays them so.
ROLES = ("active", "priority")
#: The most automatic resolves after one action (a loop of triggers would otherwise never end).
MAX_AUTO_RESOLVES = 1_000


@dataclass
class BatchResult:
    """What a batch did: the events in order, every action taken (the request's and the automatic resolves, as
    JSON), and why it stopped before its end (``None`` when every action was taken)."""

    events: list[Event] = field(default_factory=list)
    applied: list[dict[str, Any]] = field(default_factory=list)
    stopped: dict[str, Any] | None = None


def parse_action(item: dict[str, Any], game: Game) -> Parsed:
    """A batched action as ``game`` takes it now: a ``player`` named by role (``"active"``, ``"priority"``) is the
    seat holding it at this moment. Raises :class:`~planechase.errors.InvalidActionError`."""
    player = item.get("player")
    if player in ROLES:
        seat = game.state.active if player == "active" else game.state.priority
        item = {**item, "player": -1 if seat is None else seat}  # no one with priority: refused as no seat
    return _parsed(item)


#: An action and its JSON form (what ``applied`` lists).
Parsed = tuple[Action, dict[str, Any]]

#: Actions already parsed, by their JSON form (a plan repeats the same few: advance, roll, advance).
_PARSED: dict[tuple[tuple[str, type, Any], ...], Parsed] = {}
_MOST_PARSED = 4096


def _parsed(item: dict[str, Any]) -> Parsed:
    """``action_from_dict(item)`` and its JSON form, remembered for the actions made only of strings, numbers and
    nulls (keyed by the fields in the order given, with their types: ``True`` is not ``1`` here)."""
    try:
        key = tuple((k, v.__class__, v) for k, v in item.items())
        parsed = _PARSED.get(key)
    except TypeError:  # a list (attacks, cards): parsed every time
        action = action_from_dict(item)
        return action, action.to_dict()
    if parsed is None:
        action = action_from_dict(item)
        parsed = (action, action.to_dict())
        if len(_PARSED) >= _MOST_PARSED:
            _PARSED.clear()
        _PARSED[key] = parsed
    return parsed


def run_batch(game: Game, raw: Sequence[dict[str, Any]], auto: frozenset[str]) -> BatchResult:
    """Take the actions ``raw`` on ``game`` in order (see the module documentation for when it stops)."""
    done = BatchResult()
    for index, item in enumerate(raw):
        try:  # read when reached: a plan's later actions often go unused (a decision stops it first)
            action, form = parse_action(item, game)
        except InvalidActionError as exc:
            done.stopped = {
                "index": index,
                "reason": "refused",
                "error": {"code": "invalid_action", "message": str(exc)},
            }
            return done
        if game.state.over:
            done.stopped = {"index": index, "reason": "over"}
            return done
        turn, focus = game.state.turn, game.state.focus
        try:
            done.events.extend(game.act(action))
        except IllegalActionError as exc:
            error: dict[str, Any] = {"code": "illegal_action", "message": exc.message}
            if exc.rule:
                error["rule"] = exc.rule
            done.stopped = {"index": index, "reason": "refused", "error": error}
            return done
        except InvalidActionError as exc:  # well formed, but naming what the game does not have (a seat, say)
            done.stopped = {
                "index": index,
                "reason": "refused",
                "error": {"code": "invalid_action", "message": str(exc)},
            }
            return done
        done.applied.append(dict(form))
        state = game.state
        stopped_early = isinstance(action, Advance) and not _reached(action, state, turn, focus)
        if "resolve" in auto:
            _resolve_while_nothing_else(game, done)
            state = game.state
        reason = None
        if state.pending is not None:
            reason = "decision"
        elif stopped_early:
            reason = "advance_stopped"
        elif state.over:
            reason = "over"
        if reason is not None:
            if index + 1 < len(raw):
                done.stopped = {"index": index + 1, "reason": reason}
            return done
    return done


def _reached(action: Advance, state: GameState, turn: int, focus: int | None) -> bool:
    """Whether an ``advance`` got where it was going (the next turn began, or the step came) rather than stopping
    early (117.4): something triggered on the way, a decision came, the turn marker in focus changed, the game
    ended. Triggers when it arrives do not count: the loop resolves them and goes on as planned."""
    if state.over or state.focus != focus:
        return False
    if action.to is None or action.to == NEXT_TURN:
        return state.turn != turn
    return state.step.value == action.to


def _resolve_while_nothing_else(game: Game, done: BatchResult) -> None:
    """Resolve the top of the stack, from the player with priority (what the turn loop sends), while the stack is
    not empty, no decision is pending and the game goes on."""
    for _ in range(MAX_AUTO_RESOLVES):
        state = game.state
        if state.over or state.pending is not None or not state.stack or state.priority is None:
            return
        resolve, form = _parsed({"type": "resolve", "player": state.priority})
        done.events.extend(game.act(resolve))
        done.applied.append(dict(form))
