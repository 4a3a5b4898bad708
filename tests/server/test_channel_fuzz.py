"""Fuzzing the channel of a real server process (Hypothesis): whatever sequence of messages a client sends
(well-formed or not, of every type, with numbers, texts and structures of any kind), the server goes on
answering other tables, acknowledges exactly what it stored, and the table joined afterwards is the game that
the acknowledged actions and agreed undos make."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from planechase.core.actions import ACTION_TYPES
from planechase.core.state import Step
from planechase.engine.reducer import legal_actions
from planechase.server.channel import MAX_FRAME
from server.live import LiveServer, Table, free_port

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)

_server: LiveServer | None = None


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    global _server
    unlimited = ["--max-per-address", "100000", "--max-per-table", "100000"]
    unlimited += ["--tune", "messages_per_second=1000000", "--tune", "message_burst=1000000"]
    live = LiveServer(tmp_path_factory.mktemp("fuzz"), free_port(), create_limit=100_000, args=unlimited).start()
    _server = live
    try:
        yield live
    finally:
        live.stop()
        _server = None


# -- what a client may send ----------------------------------------------------------------------------------

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
)
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
number = st.one_of(
    st.integers(min_value=-3, max_value=40),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.booleans(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=5),
    st.none(),
)
seat = st.one_of(st.integers(min_value=-1, max_value=3), number)
action = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["pass", "resolve", "roll"]), "player": seat},
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("advance"),
            "player": seat,
            "to": st.sampled_from([s.value for s in Step] + ["next_turn", "nowhere"]),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["life", "poison"]),
            "player": seat,
            "amount": st.one_of(st.integers(-30, 30), st.integers(-(2**70), 2**70), number),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("cast"), "player": seat},
        optional={"label": st.text(max_size=300), "effect": st.sampled_from(["none", "chaos", "counter", "x"])},
    ),
    st.fixed_dictionaries({"type": st.sampled_from(sorted(ACTION_TYPES)), "player": seat}, optional={"x": json_value}),
    st.dictionaries(st.sampled_from(["type", "player", "amount", "to", "decision", "option"]), json_value),
    json_value,
)


def message(tokens: list[str]) -> st.SearchStrategy[Any]:
    token = st.one_of(st.sampled_from(tokens), st.text(max_size=70))
    return st.one_of(
        st.fixed_dictionaries(
            {"type": st.just("act"), "id": st.one_of(st.text(min_size=1, max_size=8), json_value), "state": number},
            optional={"action": action},
        ),
        st.fixed_dictionaries({"type": st.just("act"), "id": st.text(min_size=1, max_size=3), "action": action}).map(
            lambda m: {**m, "state": "CURRENT"}  # against the state the table is at: these are often taken
        ),
        st.fixed_dictionaries({"type": st.just("join"), "tokens": st.one_of(st.lists(token, max_size=5), json_value)}),
        st.fixed_dictionaries({"type": st.just("undo"), "state": number}),
        st.just({"type": "undo", "state": "CURRENT"}),
        st.fixed_dictionaries({"type": st.just("undo_vote"), "agree": st.one_of(st.booleans(), json_value)}),
        st.fixed_dictionaries({"type": st.just("log")}, optional={"before": number, "limit": number}),
        st.dictionaries(st.text(max_size=8), json_value).map(lambda m: {"type": "ping", **m}),
        json_value,
        st.text(max_size=60).map(lambda text: ("raw", text)),
        st.binary(max_size=40).map(lambda data: ("binary", data)),
        st.integers(min_value=16_000, max_value=MAX_FRAME - 100).map(lambda size: ("raw", "x" * size)),
    )


# -- the checks ----------------------------------------------------------------------------------------------


def _send(device: Any, item: Any, state: int) -> None:
    if isinstance(item, tuple):
        _, payload = item
        device.ws.send(payload)  # text as it is, or a binary frame
        return
    if isinstance(item, dict) and item.get("state") == "CURRENT":
        item = {**item, "state": state}
    device.ws.send(json.dumps(item))


def _drain(device: Any, log: list[dict[str, Any]], step: int) -> None:
    """Read up to the answer to a marker sent after the last message (a field no message has, refused with its
    name): every answer to that message has come by then."""
    marker = f"drained-{step}"
    device.ws.send(json.dumps({"type": "ping", marker: 1}))
    while True:
        answer = json.loads(device.ws.recv(timeout=30))
        if answer.get("type") == "error" and marker in answer.get("message", ""):
            return
        log.append(answer)


@SETTINGS
@given(data=st.data())
def test_no_sequence_of_messages_breaks_a_table_or_holds_up_another(fuzzed: LiveServer, data: st.DataObject) -> None:
    table: Table = fuzzed.create_table(players=["Ann", "Bob"], seed=data.draw(st.integers(0, 50)))
    other: Table = fuzzed.create_table()
    tokens = [*table.seat_tokens, table.spectator_token, table.creator_token]
    mirror = table.game()  # the game the stored entries make, kept in step with every acknowledgement
    stored = 0
    with table.seat(0, 1) as device, other.seat(0) as sentinel:
        answers: list[dict[str, Any]] = []
        state = device.state["state"]
        for step in range(data.draw(st.integers(min_value=1, max_value=15), label="messages")):
            item: Any
            if data.draw(st.booleans(), label="a legal action?") and legal_actions(mirror.state):
                # An action the rules allow now, from a player this device holds: these are stored.
                chosen = data.draw(st.sampled_from(legal_actions(mirror.state)), label="legal")
                item = {"type": "act", "id": f"legal-{step}", "state": state, "action": chosen.to_dict()}
            else:
                item = data.draw(message(tokens), label="message")
            acting = item.get("action") if isinstance(item, dict) else None
            _send(device, item, state)
            before = len(answers)
            _drain(device, answers, step)
            for answer in answers[before:]:
                assert answer.get("type") in {"welcome", "state", "ack", "refused", "error", "undo", "log", "pong"}, (
                    answer
                )
                assert answer.get("code") not in ("server_error", "unshowable"), answer
                if answer.get("type") == "state":
                    if "ack" in answer:  # the action just sent was stored
                        assert isinstance(item, dict) and answer["ack"] == item["id"]
                        assert answer["state"] == state + 1
                        mirror.act(acting)  # type: ignore[arg-type]
                        stored += 1
                    elif answer.get("reset") and answer["state"] > state:  # an agreed undo
                        assert answer["state"] == state + 1
                        mirror.undo()
                        stored += 1
                    state = answer["state"]
            assert sentinel.ping()["state"] == 0  # another table answers at once, whatever this one got
    event(f"stored {stored} entries" if stored < 3 else "stored 3 or more entries")
    with table.seat(0) as again:  # the table as stored: exactly what was acknowledged
        assert again.state["state"] == state
        assert again.state["view"] == mirror.view(None)


def test_the_fuzzed_server_logged_no_fault(fuzzed: LiveServer) -> None:
    log = Path(fuzzed.log_path).read_text(encoding="utf-8", errors="replace") if fuzzed.log_path.exists() else ""
    assert "Traceback" not in log and "Exception in ASGI application" not in log
