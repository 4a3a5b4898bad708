"""The server's cycle-collection policy: the automatic collector is off, what exists is frozen once a second, and
a full collection frees the cycles now and then. It rests on one fact, checked here over a real server: playing
makes no cyclic garbage, so nothing is lost between two full collections but the cycles of closed connections."""

from __future__ import annotations

import gc
import json
import socket
import tempfile
import threading
import time
import weakref
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from websockets.sync.client import connect

from planechase.server.app import create_app
from planechase.server.collector import FULL_AFTER, FULL_AFTER_CONNECTIONS, FULL_AT_LEAST, QUIET_AFTER, Collector
from planechase.server.settings import ServerSettings


class _Node:
    """An object that can be part of a reference cycle."""

    def __init__(self) -> None:
        self.other: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    """A two-object cycle nobody refers to: only a cycle collection frees it."""
    a, b = _Node(), _Node()
    a.other, b.other = b, a
    return weakref.ref(a)


@pytest.fixture
def collector() -> Iterator[tuple[Collector, list[float]]]:
    clock = [0.0]
    collector = Collector(clock=lambda: clock[0])
    collector.start()
    try:
        yield collector, clock
    finally:
        collector.stop()


def test_the_automatic_collector_is_off_while_serving_and_given_back_after() -> None:
    was = gc.isenabled()
    collector = Collector()
    collector.start()
    try:
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        collector.stop()
    assert gc.isenabled() is was
    assert gc.get_freeze_count() == 0


def test_a_tick_only_freezes_and_a_full_collection_frees_frozen_cycles(
    collector: tuple[Collector, list[float]],
) -> None:
    policy, clock = collector
    dropped = _cycle()  # as a closed connection leaves
    policy.note_connection()
    clock[0] = 1.0
    policy.note_activity()
    assert policy.tick() == "freeze"
    assert dropped() is not None  # frozen, not collected
    clock[0] = FULL_AFTER + QUIET_AFTER + 1.0  # quiet since the last message, a minute after the start
    assert policy.tick() == "full"
    assert dropped() is None
    assert (policy.freezes, policy.full, policy.connections) == (1, 1, 0)


def test_a_quiet_server_that_no_connection_reached_makes_no_full_collection(
    collector: tuple[Collector, list[float]],
) -> None:
    policy, clock = collector
    for minute in range(1, 60):
        clock[0] = minute * 60.0
        assert policy.tick() == "freeze"  # nothing can have made cycles: no pause for nothing


def test_a_busy_server_collects_fully_after_many_connections(collector: tuple[Collector, list[float]]) -> None:
    policy, clock = collector
    dropped = _cycle()
    for n in range(FULL_AFTER_CONNECTIONS - 1):
        policy.note_connection()
        if n % 100 == 0:
            clock[0] += 1.0
            policy.note_activity()  # a message every second: never quiet
            assert policy.due() == "freeze"
    assert dropped() is not None
    policy.note_connection()
    assert policy.tick() == "full"
    assert dropped() is None
    clock[0] += FULL_AT_LEAST  # and once a day, connections or not
    policy.note_activity()
    assert policy.due() == "full"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_playing_makes_no_cyclic_garbage() -> None:
    """Two thousand actions over a real server (uvicorn, Starlette, the room, the engine, the store) leave no
    cycle to collect: with the automatic collector off, playing loses no memory between full collections."""
    port = _free_port()
    # As fast as the client can: no budget of messages per second holds it back.
    app = create_app(ServerSettings(data=Path(tempfile.mkdtemp()), messages_per_second=1e9, message_burst=1e9))
    config = uvicorn.Config(
        app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False, lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    was_enabled = gc.isenabled()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.02)
        counted = app.state.collector.connections
        created = httpx.post(f"http://127.0.0.1:{port}/api/tables", json={"players": ["Ann", "Bob"], "seed": 1})
        assert app.state.collector.connections == counted + 1  # every connection is counted
        table = created.json()
        token = table["seats"][0]["url"].split("#t=")[1]
        with connect(f"ws://127.0.0.1:{port}/ws/{table['id']}") as ws:
            ws.send(json.dumps({"type": "join", "tokens": [token]}))
            ws.recv()
            state = json.loads(ws.recv())["state"]
            for warm in range(20):  # the first messages fill caches that live on
                action = {"type": "life", "player": 1, "amount": 1 if warm % 2 else -1}
                ws.send(json.dumps({"type": "act", "id": f"w{warm}", "state": state, "action": action}))
                state = json.loads(ws.recv())["state"]
            gc.disable()
            gc.collect()
            for n in range(2000):
                action = {"type": "life", "player": 1, "amount": 1 if n % 2 else -1}
                if n % 10 == 0:
                    action = {"type": "pass", "player": 0}
                ws.send(json.dumps({"type": "act", "id": f"a{n}", "state": state, "action": action}))
                answer = json.loads(ws.recv())
                state = answer.get("state", state)
            time.sleep(0.2)  # the commit timer and the server's thread settle
            assert gc.collect() == 0
    finally:
        if was_enabled:
            gc.enable()
        server.should_exit = True
        thread.join(10)
