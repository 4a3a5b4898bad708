"""docs/protocol.md shows real engine output: its transcripts are replayed here and must match.

Transcripts are fenced blocks whose info string starts with ``jsonl``: ``→`` lines are sent as they
are, each ``←`` reply (which may span several lines) must equal the engine's reply. Blocks marked
``jsonl session=NAME`` share one session, in document order; other blocks get a fresh one. Only
the ``errors`` session's requests may fail.

After a deliberate change to the engine's output, rewrite the replies from the requests with::

    .venv/bin/python tests/protocol/test_protocol_docs.py --update
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from planechase.protocol import Session

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
SEND, RECEIVE = "→ ", "← "
WIDTH = 110
_FENCE = re.compile(r"^```(\S*)(.*)$")


@dataclass
class Block:
    """One transcript block: where it is in the document, its session name and its exchanges."""

    start: int  # index of the first line inside the fence
    end: int  # index of the closing fence
    session: str | None
    exchanges: list[tuple[str, Any]] = field(default_factory=list)  # (request line, expected reply or None)


def parse(lines: list[str]) -> list[Block]:
    """The transcript blocks of the document's lines."""
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = _FENCE.match(lines[i])
        if not match or not match.group(1):
            i += 1
            continue
        end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
        if match.group(1) == "jsonl":
            name = re.search(r"session=(\S+)", match.group(2))
            block = Block(i + 1, end, name.group(1) if name else None)
            pending: list[str] = []
            for line in [*lines[i + 1 : end], SEND]:  # a final SEND flushes the last reply
                if line.startswith((SEND, RECEIVE)) and pending:
                    block.exchanges[-1] = (block.exchanges[-1][0], json.loads("\n".join(pending)))
                    pending = []
                if line.startswith(SEND) and line != SEND:
                    block.exchanges.append((line[len(SEND) :], None))
                elif line.startswith(RECEIVE):
                    pending = [line[len(RECEIVE) :]]
                elif pending:
                    pending.append(line)
            blocks.append(block)
        i = end + 1
    return blocks


def run(blocks: list[Block], *, refresh_loads: bool = False) -> list[list[tuple[str, Any]]]:
    """Each block's requests with the engine's replies (``None`` where it gives none). With
    ``refresh_loads``, a ``load`` of a version-1 save is first rewritten to load the session's last
    ``save`` reply, so the example keeps loading a real save when the engine's events change."""
    sessions: dict[str, Session] = {}
    saves: dict[int, Any] = {}
    out = []
    for block in blocks:
        session = sessions.setdefault(block.session, Session()) if block.session else Session()
        exchanges = []
        for request, _ in block.exchanges:
            if refresh_loads and id(session) in saves and '"cmd": "load"' in request:
                parsed = json.loads(request)
                if parsed["save"].get("version") == 1:
                    request = json.dumps(parsed | {"save": saves[id(session)]}, ensure_ascii=False)
            line = session.handle_line(request)
            reply = None if line is None else json.loads(line)
            if reply is not None and reply["type"] == "save" and reply["ok"]:
                saves[id(session)] = reply["save"]
            exchanges.append((request, reply))
        out.append(exchanges)
    return out


def render(value: Any, indent: int = 0) -> str:
    """Readable JSON: flat objects on one line, bigger values broken over lines up to ``WIDTH``."""
    compact = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or len(compact) + indent <= WIDTH or _flat(value):
        return compact
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {render(v, indent + 2)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    return "[\n" + ",\n".join(pad + render(v, indent + 2) for v in value) + "\n" + " " * indent + "]"


def _flat(value: dict[str, Any] | list[Any]) -> bool:
    """A list of scalars, or an event-like object: no nested objects, at most lists of scalars."""
    if isinstance(value, list):
        return not any(isinstance(x, dict | list) for x in value)
    return all(
        not isinstance(v, dict) and not (isinstance(v, list) and any(isinstance(x, dict | list) for x in v))
        for v in value.values()
    )


def render_reply(reply: dict[str, Any]) -> list[str]:
    """A reply as transcript lines: the envelope on the first line, the rest below it."""
    keys = list(reply)
    head = ", ".join(f"{json.dumps(k)}: {json.dumps(reply[k])}" for k in keys[:5])
    rest = keys[5:]
    if not rest:
        return [RECEIVE + "{" + head + "}"]
    body = [f"  {json.dumps(k)}: {render(reply[k], 2)}" for k in rest]
    text = "{" + head + ",\n" + ",\n".join(body) + "}"
    lines = text.split("\n")
    return [RECEIVE + lines[0], *("  " + line for line in lines[1:])]


def update() -> None:
    """Rewrite the document's replies from its requests."""
    lines = DOC.read_text(encoding="utf-8").split("\n")
    blocks = parse(lines)
    for block, exchanges in reversed(list(zip(blocks, run(blocks, refresh_loads=True), strict=True))):
        new: list[str] = []
        for request, reply in exchanges:
            new.append(SEND + request)
            if reply is not None:
                new.extend(render_reply(reply))
        lines[block.start : block.end] = new
    DOC.write_text("\n".join(lines), encoding="utf-8")


def test_protocol_doc_transcripts_match_the_engine() -> None:
    blocks = parse(DOC.read_text(encoding="utf-8").split("\n"))
    assert len(blocks) >= 5
    for block, exchanges in zip(blocks, run(blocks), strict=True):
        for (request, expected), (_, actual) in zip(block.exchanges, exchanges, strict=True):
            assert actual == expected, f"docs/protocol.md line {block.start}: reply to {request[:80]}"
            if block.session != "errors":  # the examples outside the errors section all succeed
                assert actual is None or actual["ok"], f"docs/protocol.md line {block.start}: {actual}"


def test_protocol_doc_python_client_example_runs(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    examples = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    client = next(e for e in examples if "subprocess" in e)
    script = tmp_path / "client.py"
    script.write_text(client, encoding="utf-8")
    result = subprocess.run([sys.executable, str(script)], capture_output=True, timeout=60, text=True)
    assert result.returncode == 0, result.stderr
    assert "Alice" in result.stdout


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        sys.exit(__doc__)
    update()
