"""The table channel's messages on the wire: their JSON text, the strict reading of what clients send, and the
changes a ``state`` message carries.

Every message a client sends is read once, here, into a typed value (:func:`parse`), or refused with a
:class:`BadMessageError` that says what is wrong; nothing a client sends reaches a table unread.

>>> parse({"type": "act", "id": "c-1", "state": 3, "action": {"type": "pass", "player": 0}})
Act(id='c-1', state=3, action={'type': 'pass', 'player': 0})
>>> try:
...     parse({"type": "act", "id": "c-1", "state": True, "action": {}})
... except BadMessageError as error:
...     print(error.code, error)
bad_message 'state' must be a whole number from 0 to 9,007,199,254,740,991
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson

#: The largest whole number a message may carry: the largest a JavaScript number holds exactly.
MAX_NUMBER = 2**53 - 1
#: The longest client id of an action.
MAX_ID = 64
#: The longest token.
MAX_TOKEN = 64
#: The most tokens one join may carry (a device may hold every seat of a large table).
MAX_TOKENS = 40
#: The most events one page of the log holds.
LOG_PAGE = 400


class BadMessageError(ValueError):
    """A message the server can't read; ``code`` is the error code sent back (``bad_json``, ``bad_message``,
    ``unknown_type``, ``bad_token``). ``id`` is the client id of an ``act`` message whose id could be read: it is
    answered as a refusal of that action."""

    def __init__(self, code: str, message: str, id: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.id = id


@dataclass(frozen=True, slots=True)
class Join:
    """Join the table with seat, spectator or creator tokens."""

    tokens: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Act:
    """Take an engine action (its JSON form, read by the engine) against state ``state``, under client id ``id``."""

    id: str
    state: int
    action: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Undo:
    """Propose undoing the last action, at state ``state``."""

    state: int


@dataclass(frozen=True, slots=True)
class UndoVote:
    """Agree with the undo proposal, or refuse it."""

    agree: bool


@dataclass(frozen=True, slots=True)
class Log:
    """A page of the log: the newest events of the actions numbered below ``before`` (``None``: all), at most
    ``limit`` of them (whole actions: one action's events are never split)."""

    before: int | None = None
    limit: int = LOG_PAGE


@dataclass(frozen=True, slots=True)
class Ping:
    """Ask for a ``pong`` with the table's state number."""


Message = Join | Act | Undo | UndoVote | Log | Ping

#: Each message type's fields (beside ``type``), and whether each is required.
_FIELDS: dict[str, dict[str, bool]] = {
    "join": {"tokens": True},
    "act": {"id": True, "state": True, "action": True},
    "undo": {"state": True},
    "undo_vote": {"agree": True},
    "log": {"before": False, "limit": False},
    "ping": {},
}


def _number(raw: Mapping[str, Any], name: str, low: int = 0, high: int = MAX_NUMBER) -> int:
    value = raw[name]
    if type(value) is not int or not low <= value <= high:
        raise BadMessageError("bad_message", f"'{name}' must be a whole number from {low:,} to {high:,}")
    return value


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def parse(raw: object) -> Message:
    """Read a message a client sent (already decoded from JSON); raises :class:`BadMessageError`. Every field must be
    of its type and within its bounds (``True`` is not a number, ``3.0`` is not a whole number), and no other
    field may be present."""
    if not isinstance(raw, dict):
        raise BadMessageError("bad_json", "a message must be a JSON object")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise BadMessageError("unknown_type", f"unknown message type {_shown(kind)}")
    client_id = raw.get("id") if kind == "act" else None
    if isinstance(client_id, str) and 1 <= len(client_id) <= MAX_ID:
        try:  # an action's refusal names it, whatever else is wrong
            return _parse(kind, raw)
        except BadMessageError as exc:
            raise BadMessageError(exc.code, str(exc), client_id) from None
    return _parse(kind, raw)


def _parse(kind: str, raw: dict[str, Any]) -> Message:
    fields = _FIELDS[kind]
    for name in raw:
        if name != "type" and name not in fields:
            raise BadMessageError("bad_message", f"{kind}: unexpected field {_shown(name)}")
    for name, required in fields.items():
        if required and name not in raw:
            raise BadMessageError("bad_message", f"{kind}: missing field '{name}'")
    if kind == "join":
        tokens = raw["tokens"]
        if tokens == []:
            raise BadMessageError("bad_token", "join with a seat, spectator or creator token")
        if (
            not isinstance(tokens, list)
            or not 1 <= len(tokens) <= MAX_TOKENS
            or not all(isinstance(t, str) and 1 <= len(t) <= MAX_TOKEN for t in tokens)
        ):
            raise BadMessageError("bad_message", f"'tokens' must be a list of 1 to {MAX_TOKENS} token strings")
        return Join(tuple(tokens))
    if kind == "act":
        client_id = raw["id"]
        if not isinstance(client_id, str) or not 1 <= len(client_id) <= MAX_ID:
            raise BadMessageError("bad_message", f"'id' must be a string of 1 to {MAX_ID} characters")
        action = raw["action"]
        if not isinstance(action, dict):
            raise BadMessageError("bad_message", "'action' must be an object")
        return Act(client_id, _number(raw, "state"), action)
    if kind == "undo":
        return Undo(_number(raw, "state"))
    if kind == "undo_vote":
        if not isinstance(raw["agree"], bool):
            raise BadMessageError("bad_message", "'agree' must be true or false")
        return UndoVote(raw["agree"])
    if kind == "log":
        before = _number(raw, "before", 1) if "before" in raw else None
        return Log(before, _number(raw, "limit", 1, LOG_PAGE) if "limit" in raw else LOG_PAGE)
    return Ping()


def encode(message: object) -> str:
    """A message's JSON text: compact, UTF-8 characters as they are. Raises ``TypeError`` for what JSON can't
    hold as the pages read it (a number beyond 64 bits, say).

    >>> encode({"type": "pong", "state": 3, "name": "Zoë"})
    '{"type":"pong","state":3,"name":"Zoë"}'
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def decode(text: str) -> Any:
    """A message from its JSON text; raises ``ValueError`` (a ``json.JSONDecodeError``) if it is not JSON."""
    return orjson.loads(text)


def view_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What changed from view ``before`` to view ``after``: ``changes``, the top-level fields with a new value,
    and ``patch``, for a list of objects that kept its length and its items' fields (the players, the face-up
    cards...), only the fields that changed, by item index. A client applies ``changes`` over its view, then
    for each ``patch[field][index]`` updates those fields of that item.

    >>> before = {"turn": 3, "players": [{"seat": 0, "life": 20}, {"seat": 1, "life": 20}], "stack": []}
    >>> after = {"turn": 3, "players": [{"seat": 0, "life": 20}, {"seat": 1, "life": 17}], "stack": [{"id": 1}]}
    >>> view_changes(before, after)
    ({'stack': [{'id': 1}]}, {'players': {'1': {'life': 17}}})
    """
    changes: dict[str, Any] = {}
    patch: dict[str, Any] = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value:
            continue
        items = _item_changes(old, value)
        if items is None:
            changes[key] = value
        else:
            patch[key] = items
    return changes, patch


def apply_changes(view: Mapping[str, Any], message: Mapping[str, Any]) -> dict[str, Any]:
    """The view a client has after a ``state`` message that carries only what changed (the inverse of
    :func:`view_changes`): ``changes`` replaces whole fields, then ``patch`` updates fields of a list's items.

    >>> apply_changes({"turn": 3, "players": [{"seat": 0, "life": 20}]}, {"changes": {"turn": 4},
    ...               "patch": {"players": {"0": {"life": 18}}}})
    {'turn': 4, 'players': [{'seat': 0, 'life': 18}]}
    """
    after = {**view, **message["changes"]}
    for key, items in message.get("patch", {}).items():
        updated = list(after[key])
        for index, fields in items.items():
            updated[int(index)] = {**updated[int(index)], **fields}
        after[key] = updated
    return after


def _item_changes(old: object, new: object) -> dict[str, dict[str, Any]] | None:
    """The changed fields of each changed item of two lists of objects, or ``None`` if the lists differ in
    length or an item in its fields (then the whole list is sent)."""
    if not isinstance(old, list) or not isinstance(new, list) or len(old) != len(new):
        return None
    items: dict[str, dict[str, Any]] = {}
    for index, (was, now) in enumerate(zip(old, new, strict=True)):
        if was == now:
            continue
        if not isinstance(was, dict) or not isinstance(now, dict) or was.keys() != now.keys():
            return None
        items[str(index)] = {field: value for field, value in now.items() if was[field] != value}
    return items
