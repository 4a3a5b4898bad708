"""Events: what happened, in order, each naming the rules that made it happen.

>>> e = Event("die_rolled", ("901.9",), "Alice rolls the planar die: blank.", {"player": 0, "result": "blank"})
>>> e.to_dict()["rules"]
['901.9']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """One line of the rules log.

    ``type`` is a stable machine-readable kind, ``rules`` the CR rules behind it, ``text`` an English
    sentence and ``data`` the structured details (seats, card names, numbers). Treat events as read-only
    values (they are not frozen only because the engine makes many of them: a frozen one costs three times
    as much to make).
    """

    type: str
    rules: tuple[str, ...]
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "rules": list(self.rules), "text": self.text, **dict(self.data)}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Event:
        data = {k: v for k, v in raw.items() if k not in ("type", "rules", "text")}
        return cls(str(raw["type"]), tuple(raw["rules"]), str(raw["text"]), data)
