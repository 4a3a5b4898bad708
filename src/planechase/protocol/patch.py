"""JSON Patch (RFC 6902) for the engine protocol's ``"view": "changes"``: :func:`diff` gives the operations that
turn one JSON document (a view) into another, :func:`apply_patch` applies them.

The diff is small, not minimal: objects are compared key by key (``remove`` for a key that went, ``add`` for a
new one, recursing into the keys both have); arrays of the same length element by element; an array whose length
changed gets one ``add`` (or ``remove``) at its end when that is the only difference, else a ``replace`` of the
whole array; anything else that differs is a ``replace``. Only ``add``, ``remove`` and ``replace`` occur, and JSON
types count: ``1`` and ``true`` differ.

>>> before = {"turn": 3, "players": [{"life": 20}, {"life": 20}], "stack": [], "decision": None}
>>> after = {"turn": 3, "players": [{"life": 17}, {"life": 20}], "stack": [{"id": 9}], "winner": 0}
>>> ops = diff(before, after)
>>> for op in ops:
...     print(op)
{'op': 'replace', 'path': '/players/0/life', 'value': 17}
{'op': 'add', 'path': '/stack/0', 'value': {'id': 9}}
{'op': 'remove', 'path': '/decision'}
{'op': 'add', 'path': '/winner', 'value': 0}
>>> apply_patch(before, ops) == after
True
>>> diff(after, after)
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["PatchError", "apply_patch", "diff", "pointer"]


class PatchError(ValueError):
    """A patch operation that does not apply to the document."""


def pointer(parts: Sequence[str | int]) -> str:
    """The JSON Pointer (RFC 6901) to a place: ``~`` is written ``~0`` and ``/`` is written ``~1``.

    >>> pointer(["players", 0, "a/b~c"])
    '/players/0/a~1b~0c'
    >>> pointer([])
    ''
    """
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def diff(before: Any, after: Any) -> list[dict[str, Any]]:
    """The operations that turn the JSON value ``before`` into ``after`` (both left alone). The values in the
    operations are ``after``'s own objects, not copies: copy them before changing them."""
    ops: list[dict[str, Any]] = []
    _diff(before, after, [], ops)
    return ops


def _diff(a: Any, b: Any, path: list[str | int], ops: list[dict[str, Any]]) -> None:
    if a is b:
        return
    ta, tb = type(a), type(b)
    if ta is dict and tb is dict:
        for key, value in a.items():
            if key not in b:
                ops.append({"op": "remove", "path": pointer([*path, key])})
            else:
                _diff(value, b[key], [*path, key], ops)
        for key, value in b.items():
            if key not in a:
                ops.append({"op": "add", "path": pointer([*path, key]), "value": value})
    elif ta is list and tb is list:
        if len(a) == len(b):
            for index, (x, y) in enumerate(zip(a, b, strict=True)):
                _diff(x, y, [*path, index], ops)
            return
        mine: list[dict[str, Any]] = []
        common = min(len(a), len(b))
        for index in range(common):
            _diff(a[index], b[index], [*path, index], mine)
        for index in range(common, len(b)):
            mine.append({"op": "add", "path": pointer([*path, index]), "value": b[index]})
        for index in range(len(a) - 1, common - 1, -1):
            mine.append({"op": "remove", "path": pointer([*path, index])})
        if len(mine) == 1:  # one element added or removed at the end
            ops.extend(mine)
        else:
            ops.append({"op": "replace", "path": pointer(path), "value": b})
    elif ta is not tb or a != b:
        ops.append({"op": "replace", "path": pointer(path), "value": b})


def _parts(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise PatchError(f"a JSON Pointer starts with '/': {path!r}")
    return [part.replace("~1", "/").replace("~0", "~") for part in path[1:].split("/")]


def _index(container: list[Any], part: str, *, adding: bool) -> int:
    if adding and part == "-":
        return len(container)
    if not part.isdigit() or (part != "0" and part.startswith("0")):
        raise PatchError(f"not an array index: {part!r}")
    index = int(part)
    if index > len(container) or (index == len(container) and not adding):
        raise PatchError(f"array index {index} is out of range")
    return index


def _copy(value: Any) -> Any:
    """A copy of a JSON value sharing nothing, not even between its own parts (as parsing its text would give)."""
    if type(value) is dict:
        return {key: _copy(item) for key, item in value.items()}
    if type(value) is list:
        return [_copy(item) for item in value]
    return value


def apply_patch(document: Any, ops: Sequence[dict[str, Any]]) -> Any:
    """``document`` with the ``add``, ``remove`` and ``replace`` operations of ``ops`` applied in order, as a new
    value (``document`` is left alone); raises :class:`PatchError` if an operation does not apply.

    >>> apply_patch({"a": [1, 2]}, [{"op": "add", "path": "/a/-", "value": 3}, {"op": "remove", "path": "/a/0"}])
    {'a': [2, 3]}
    """
    doc = _copy(document)
    for op in ops:
        kind, parts = op.get("op"), _parts(op["path"])
        value = _copy(op.get("value"))
        if kind not in ("add", "remove", "replace"):
            raise PatchError(f"unsupported operation {kind!r}")
        if not parts:
            if kind == "remove":
                raise PatchError("cannot remove the whole document")
            doc = value
            continue
        parent = doc
        for part in parts[:-1]:
            if isinstance(parent, dict):
                if part not in parent:
                    raise PatchError(f"no member {part!r} in {op['path']!r}")
                parent = parent[part]
            elif isinstance(parent, list):
                parent = parent[_index(parent, part, adding=False)]
            else:
                raise PatchError(f"{op['path']!r} goes through a {type(parent).__name__}")
        last = parts[-1]
        if isinstance(parent, dict):
            if kind != "add" and last not in parent:
                raise PatchError(f"no member {last!r} to {kind} at {op['path']!r}")
            if kind == "remove":
                del parent[last]
            else:
                parent[last] = value
        elif isinstance(parent, list):
            index = _index(parent, last, adding=kind == "add")
            if kind == "add":
                parent.insert(index, value)
            elif kind == "remove":
                del parent[index]
            else:
                parent[index] = value
        else:
            raise PatchError(f"{op['path']!r} goes into a {type(parent).__name__}")
    return doc
