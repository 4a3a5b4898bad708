"""The conformance kit (conformance/sessions) replays clean against the engine, and every request the engine
accepts and every answer in it validates against the shipped JSON Schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from protocol_helpers import validator

from planechase.protocol import Session

SESSIONS = Path(__file__).resolve().parents[2] / "conformance" / "sessions"
FILES = sorted(SESSIONS.glob("*.jsonl"))
#: Answers' fields another build of the engine may change without breaking conformance.
FREE = ("engine_version", "features")


REQUEST, REPLY = validator("request"), validator("reply")


def _free(answer: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in answer.items() if k not in FREE}


def test_the_kit_has_every_variant_and_the_errors() -> None:
    names = {path.stem for path in FILES}
    assert {"two_players", "two_headed_giant", "emperor", "grand_melee", "eternities_map", "errors"} <= names


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_recorded_session_replays_clean_and_validates(path: Path) -> None:
    session = Session()
    codes = set()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        exchange = json.loads(line)
        answer_line = session.handle_line(exchange["send"])
        assert answer_line is not None
        answer = json.loads(answer_line)
        assert _free(answer) == _free(exchange["expect"]), f"{path.name} line {number}: {exchange['send'][:80]}"
        REPLY.validate(answer)
        if answer["ok"]:
            REQUEST.validate(json.loads(exchange["send"]))
        else:
            codes.add(answer["error"]["code"])
    if path.stem == "errors":
        assert codes >= {
            "parse_error",
            "invalid_request",
            "unknown_command",
            "unsupported_protocol",
            "no_game",
            "config_error",
            "illegal_action",
            "invalid_action",
            "stale_state",
            "invalid_forced",
            "cannot_undo",
        }
