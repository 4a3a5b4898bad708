"""docs/protocol.md lists every event type the engine can emit: each ``run.emit("type", ...)`` (and the one event
built directly) in the source has its row in the reference, and the reference names no type the engine lacks."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import planechase

PACKAGE = Path(planechase.__file__).resolve().parent
DOC = (PACKAGE.parents[1] / "docs" / "protocol.md").read_text(encoding="utf-8")
#: Events whose type is not a string literal at the emit site, by the types it makes (an adjustment's type is
#: its action's: ``f"{kind}_adjusted"``).
DYNAMIC = {"life_adjusted", "poison_adjusted"}


def emitted_types() -> set[str]:
    found = set(DYNAMIC)
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            named = (isinstance(func, ast.Attribute) and func.attr == "emit") or (
                isinstance(func, ast.Name) and func.id == "Event"
            )
            first = node.args[0]
            if named and isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.add(first.value)
    return found


def documented_types() -> set[str]:
    start = DOC.index("## Event types")
    section = DOC[start : DOC.index("\n## ", start + 5)]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.MULTILINE))


def test_every_event_type_the_engine_emits_is_in_the_reference() -> None:
    emitted, documented = emitted_types(), documented_types()
    assert len(emitted) > 100
    assert not emitted - documented, f"event types missing from docs/protocol.md: {sorted(emitted - documented)}"
    assert not documented - emitted, f"documented event types the engine never emits: {sorted(documented - emitted)}"
