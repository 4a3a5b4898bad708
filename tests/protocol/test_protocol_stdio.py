"""The engine protocol over streams: in-process with byte buffers, and end to end against
``python -m planechase engine`` and the ``planechase engine`` console script as subprocesses."""

from __future__ import annotations

import io
import json
import select
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import pytest
from protocol_helpers import QUIET_SETUP, REPLIES, demo_config

from planechase.protocol import MAX_LINE_BYTES, Session
from planechase.protocol.stdio import serve, serve_stdio

TIMEOUT = 60
SCRIPT = Path(sys.executable).with_name("planechase")


def run_lines(data: bytes) -> tuple[int, list[dict[str, Any]]]:
    """Serve ``data`` in-process; return the exit code and the replies, each checked against the schema."""
    out = io.BytesIO()
    code = serve_stdio(io.BytesIO(data), out)
    replies = [json.loads(line) for line in out.getvalue().decode("utf-8").splitlines()]
    for reply in replies:
        REPLIES.validate(reply)
    return code, replies


def req(**fields: Any) -> bytes:
    return json.dumps(fields).encode() + b"\n"


# -- in process --------------------------------------------------------------------------------


def test_serve_stdio_answers_each_line_in_order_and_exits_0_at_eof() -> None:
    code, replies = run_lines(req(cmd="hello", id=1) + b"\n" + req(cmd="view", id=2) + req(cmd="cards", id=3))
    assert code == 0
    assert [r["id"] for r in replies] == [1, 2, 3]
    assert [r["ok"] for r in replies] == [True, False, True]


def test_empty_input_exits_0_without_replies() -> None:
    assert run_lines(b"") == (0, [])


def test_last_line_without_newline_is_answered() -> None:
    assert run_lines(b'{"cmd": "hello", "id": "last"}')[1][0]["id"] == "last"


def test_crlf_line_endings_are_accepted() -> None:
    assert run_lines(b'{"cmd": "hello"}\r\n{"cmd": "hello"}\r\n')[1][1]["ok"] is True


def test_line_over_one_mebibyte_is_skipped_and_the_next_line_answered() -> None:
    huge = b'{"cmd": "hello", "id": "' + b"x" * (MAX_LINE_BYTES + 10) + b'"}\n'
    code, replies = run_lines(huge + req(cmd="hello", id="after"))
    assert code == 0
    assert replies[0]["error"]["code"] == "line_too_long" and replies[0]["id"] is None
    assert replies[1]["id"] == "after" and replies[1]["ok"] is True


def test_line_of_exactly_the_limit_is_read() -> None:
    body = b'{"cmd": "hello", "id": "'
    line = body + b"x" * (MAX_LINE_BYTES - len(body) - 2) + b'"}'
    assert len(line) == MAX_LINE_BYTES
    # The id is too long to echo, but the line itself is read and answered as a request.
    assert run_lines(line + b"\n")[1][0]["error"]["code"] == "invalid_request"


def test_small_limit_skips_the_rest_of_a_long_line() -> None:
    out = io.BytesIO()
    data = b"y" * 100 + b"\n" + req(cmd="hello", id=2)
    assert serve(Session(), io.BytesIO(data), out, limit=40) == 0
    codes = [json.loads(line).get("error", {}).get("code") for line in out.getvalue().splitlines()]
    assert codes == ["line_too_long", None]


def test_quit_replies_and_stops_reading() -> None:
    code, replies = run_lines(req(cmd="quit", id="q") + req(cmd="hello", id="never"))
    assert code == 0 and [r["id"] for r in replies] == ["q"]


def test_client_that_closes_its_end_ends_the_session_with_0() -> None:
    class Closed(io.BytesIO):
        def write(self, data: Any, /) -> int:
            raise BrokenPipeError

    assert serve_stdio(io.BytesIO(req(cmd="hello")), Closed()) == 0


# -- end to end --------------------------------------------------------------------------------


class Engine:
    """A running ``planechase engine`` process, spoken to one line at a time."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.state_id = 0

    @property
    def stdin(self) -> IO[bytes]:
        assert self.proc.stdin is not None
        return self.proc.stdin

    def send_raw(self, line: bytes) -> dict[str, Any]:
        """Write one line and wait (with a timeout, so an unflushed reply fails the test) for the reply."""
        self.stdin.write(line)
        self.stdin.flush()
        assert self.proc.stdout is not None
        ready, _, _ = select.select([self.proc.stdout], [], [], TIMEOUT)
        assert ready, f"no reply to {line[:80]!r} within {TIMEOUT}s"
        reply: dict[str, Any] = json.loads(self.proc.stdout.readline())
        REPLIES.validate(reply)
        self.state_id = reply["state_id"]
        return reply

    def send(self, **fields: Any) -> dict[str, Any]:
        return self.send_raw(req(**fields))

    def close(self) -> tuple[int, bytes]:
        """Close standard input (EOF) and wait for the exit code."""
        self.stdin.close()
        code = self.proc.wait(TIMEOUT)
        assert self.proc.stderr is not None
        return code, self.proc.stderr.read()


@pytest.fixture
def engine() -> Any:
    proc = Engine([sys.executable, "-m", "planechase", "engine"])
    yield proc
    if proc.proc.poll() is None:
        proc.proc.kill()
        proc.proc.wait(TIMEOUT)


def test_engine_subprocess_plays_a_scripted_session(engine: Engine) -> None:
    hello = engine.send(cmd="hello", id=1, protocol="planechase-engine/1")
    assert hello["ok"] and hello["protocol"] == "planechase-engine/1"

    # Malformed lines get error replies and the process keeps going.
    assert engine.send_raw(b"this is not json\n")["error"]["code"] == "parse_error"
    assert engine.send_raw(b"[1, 2, 3]\n")["error"]["code"] == "invalid_request"
    assert engine.send_raw(b'{"cmd": "dance", "id": 2}\n')["error"]["code"] == "unknown_command"
    assert engine.send_raw(b'{"cmd": "new", "id": 3}\n')["error"]["message"] == "new: missing field 'config'"
    assert engine.send_raw(b'{"cmd": "hello", "id": "\xc3\x28"}\n')["error"]["code"] == "parse_error"

    new = engine.send(cmd="new", id=4, config=demo_config(), forced=QUIET_SETUP, view=False)
    assert new["ok"] and new["state_id"] == 1 and new["status"]["step"] == "upkeep"

    # An illegal roll names rule 901.9 and leaves the state id where it was.
    illegal = engine.send(cmd="act", id=5, action={"type": "roll", "player": 0})
    assert illegal["error"]["code"] == "illegal_action" and illegal["error"]["rule"] == "901.9"
    assert illegal["state_id"] == 1 and illegal["actions_taken"] == 0

    main = engine.send(cmd="act", id=6, state_id=1, action={"type": "advance", "player": 0, "to": "precombat_main"})
    assert main["ok"] and main["state_id"] == 2 and main["status"]["step"] == "precombat_main"
    stale = engine.send(cmd="act", id=7, state_id=1, action={"type": "roll", "player": 0})
    assert stale["error"]["code"] == "stale_state" and stale["state_id"] == 2

    assert engine.send(cmd="force", id=8, outcomes=["chaos"])["forced"] == ["die:chaos"]
    rolled = engine.send(cmd="act", id=9, action={"type": "roll", "player": 0}, view=False)
    assert rolled["events"][0]["result"] == "chaos"
    decision = rolled["status"]["decision"]
    assert decision["kind"] == "order_triggers"
    legal = [a for a in engine.send(cmd="legal", id=10, player=0)["actions"] if a["type"] != "concede"]
    assert {a["option"] for a in legal} == {o["id"] for o in decision["options"]}
    chosen = engine.send(cmd="act", id=11, action=legal[0], view=False)
    assert chosen["ok"] and chosen["status"]["decision"] is None

    undone = engine.send(cmd="undo", id=12, steps=2)
    assert undone["undone"] == 2 and undone["actions_taken"] == 1 and undone["view"]["stack"] == []
    save = engine.send(cmd="save", id=13)["save"]
    loaded = engine.send(cmd="load", id=14, save=save, view=False)
    assert loaded["ok"] and loaded["actions_taken"] == 1

    assert engine.send(cmd="quit", id=15)["ok"]
    code, stderr = engine.close()
    assert code == 0 and b"Traceback" not in stderr


def test_engine_subprocess_exits_0_at_eof(engine: Engine) -> None:
    engine.send(cmd="hello")
    assert engine.close()[0] == 0


def test_engine_subprocess_survives_an_overlong_line(engine: Engine) -> None:
    reply = engine.send_raw(b"{" + b" " * (MAX_LINE_BYTES + 1) + b"}\n")
    assert reply["error"]["code"] == "line_too_long"
    assert engine.send(cmd="hello", id="still here")["id"] == "still here"
    assert engine.close()[0] == 0


@pytest.mark.skipif(not SCRIPT.exists(), reason="the planechase console script is not installed beside Python")
def test_console_script_speaks_the_protocol() -> None:
    result = subprocess.run(
        [str(SCRIPT), "engine"], input=req(cmd="hello", id=1) + req(cmd="quit"), capture_output=True, timeout=TIMEOUT
    )
    assert result.returncode == 0
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["type"] for r in replies] == ["hello", "quit"]


def test_engine_subprocess_whose_reader_goes_away_exits_0_quietly() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "planechase", "engine"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None
    proc.stdout.close()
    _, stderr = proc.communicate(req(cmd="hello") * 50, timeout=TIMEOUT)
    assert proc.returncode == 0
    assert stderr == b""


def test_engine_schema_prints_the_shipped_schema() -> None:
    import json
    import subprocess
    import sys

    from planechase.protocol import load_schema

    done = subprocess.run([sys.executable, "-m", "planechase", "engine", "--schema"], capture_output=True, timeout=120)
    assert done.returncode == 0
    assert json.loads(done.stdout) == load_schema()
