"""Nothing freezes a table: a client that stops reading only fills its own queue and is dropped; a connection
that never sends its request or never joins is closed; connections per address and per table are capped; a
long table loads from its snapshot; the log comes in pages; the limit on open files is raised in every mode
(issue 14, "Nothing freezes a table")."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from planechase import Game, GameConfig
from planechase.server.create import table_config
from planechase.server.rooms import SNAPSHOT_EVERY, public_event
from planechase.server.store import Store
from server.live import TIMEOUT, Client, LiveServer
from server.rawws import RawClient, frame


@pytest.mark.parametrize(
    "tuning",
    [
        ["--tune", "queue_messages=16"],  # its queue fills first
        ["--tune", "send_timeout=1"],  # a send waits past the timeout first
    ],
    ids=["queue-full", "send-stalled"],
)
def test_a_client_that_stops_reading_holds_up_nobody_and_is_dropped(
    new_server: Callable[..., LiveServer], tuning: list[str]
) -> None:
    live = new_server(args=tuning)
    table = live.create_table()
    staller = RawClient(live.port, f"/ws/{table.id}", receive_buffer=2048)
    assert staller.status == "HTTP/1.1 101 Switching Protocols"
    staller.send({"type": "join", "tokens": [table.spectator_token]})
    with table.seat(0) as ann:
        dropped = False
        for n in range(2000):  # the staller asks for the log again and again and never reads a word
            if not staller.try_send(b"".join(_log_request() for _ in range(10))):
                dropped = staller.wait_closed_by_server()
                break
            ann.do({"type": "life", "player": 1, "amount": 1 if n % 2 else -1})  # answered at once, every time
            if staller.tcp_state() != 1:
                dropped = True
                break
        assert dropped, "the stalled connection was never dropped"
        ann.do({"type": "life", "player": 1, "amount": -1})
        assert ann.ping()["state"] == ann.state["state"]
        last = ann.state
    staller.close()
    with table.seat(1) as bob:  # the table is whole
        assert (bob.state["state"], bob.state["view"]) == (last["state"], last["view"])


def _log_request() -> bytes:
    from server.rawws import text

    return text({"type": "log"})


def test_a_connection_that_never_sends_its_request_is_closed(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=["--tune", "header_timeout=1"])
    silent = socket.create_connection(("127.0.0.1", live.port), timeout=6 * TIMEOUT)
    partial = socket.create_connection(("127.0.0.1", live.port), timeout=6 * TIMEOUT)
    partial.sendall(b"GET /api/sets HTTP/1.1\r\nHost: x\r\n")  # and never the rest of its head
    assert silent.recv(1) == b""  # closed by the server (the timeout only ends a broken run)
    assert partial.recv(1) == b""
    assert live.get("/api/sets").status_code == 200


def test_a_channel_that_does_not_join_is_closed(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=["--tune", "join_timeout=1"])
    table = live.create_table()
    with live.client(table.id) as idle:
        error = idle.expect("error", timeout=6 * TIMEOUT)
        assert error["code"] == "join_timeout"
        with pytest.raises(ConnectionClosed) as closed:
            idle.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
    with table.seat(0) as ann:  # a joined channel is not timed out
        ann.do({"type": "life", "player": 0, "amount": -1})


def test_connections_from_one_address_are_capped(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=["--max-per-address", "5"])
    table = live.create_table()
    held = [socket.create_connection(("127.0.0.1", live.port), timeout=TIMEOUT) for _ in range(5)]
    try:
        refused = socket.create_connection(("127.0.0.1", live.port), timeout=TIMEOUT)
        assert refused.recv(1) == b""  # the sixth is closed at once
        refused.close()
        with pytest.raises((InvalidHandshake, OSError, ConnectionClosed)):
            live.client(table.id).join(table.seat_tokens[0])
    finally:
        for sock in held:
            sock.close()
    with table.seat(0) as ann:  # they closed: room again
        ann.do({"type": "life", "player": 0, "amount": -1})


def test_watchers_of_one_table_are_capped_and_players_always_get_in(new_server: Callable[..., LiveServer]) -> None:
    """The table's id is in every link, a TV's included: connections that show no token, or only a spectator's,
    can't keep its players out."""
    live = new_server(args=["--max-per-table", "2", "--tune", "join_timeout=30"])
    table, other = live.create_table(), live.create_table()
    idle = [live.client(table.id) for _ in range(5)]  # never joined: they count for nothing here
    watchers = [table.join(table.spectator_token), table.join(table.creator_token)]
    try:
        with live.client(table.id) as third:
            third.send({"type": "join", "tokens": [table.spectator_token]})
            assert third.expect("error")["code"] == "too_many"
            with pytest.raises(ConnectionClosed) as closed:
                third.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        with table.seat(0) as ann, table.seat(1) as bob:  # the players are let in
            ann.do({"type": "life", "player": 0, "amount": -1})
            assert bob.recv()["state"] == 1
        with other.join(other.spectator_token) as elsewhere:  # another table is not affected
            assert elsewhere.ping()["state"] == 0
    finally:
        for device in [*idle, *watchers]:
            device.close()


def test_a_join_refused_after_its_tokens_were_read_still_times_out(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=["--tune", "join_timeout=1"])
    table = live.create_table()
    with live.client(table.id) as greedy:
        greedy.send({"type": "join", "tokens": [table.seat_tokens[0]] * 10})  # more tokens than the table has
        assert greedy.expect("error")["message"] == "too many tokens"
        assert greedy.expect("error", timeout=6 * TIMEOUT)["code"] == "join_timeout"


def test_pings_that_are_never_read_end_the_connection(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=["--tune", "send_buffer=16384"])
    table = live.create_table()
    with RawClient(live.port, f"/ws/{table.id}", receive_buffer=2048) as flooder:
        assert flooder.status == "HTTP/1.1 101 Switching Protocols"
        ping = frame(b"p" * 125, opcode=0x9)
        for _ in range(20_000):
            if not flooder.try_send(ping * 10):
                break
        assert flooder.wait_closed_by_server()
    with table.seat(0) as ann:
        ann.do({"type": "life", "player": 0, "amount": -1})


#: A long table: many snapshots' worth of entries, and three pages of log.
LONG = 12 * SNAPSHOT_EVERY + 7


def _long_table(live: LiveServer, length: int) -> tuple[str, list[str], Game]:
    """A table of ``length`` entries written straight into the store (with the events each made), the server
    stopped meanwhile: its id, its seat tokens and the game it must be."""
    created = live.create_table(seed=11)
    live.stop()
    config, _ = table_config(created.form)
    game = Game(GameConfig.from_dict(config))
    store = Store(live.data / "tables.sqlite3", group_commit=True)
    for seq in range(1, length + 1):
        action = {"type": "life", "player": seq % 2, "amount": 1 if seq % 3 else -2}
        events = [public_event(e) for e in game.act(action)]
        store.append(created.id, "action", action, client_id=f"c{seq}", seq=seq, events=events)
    store.commit()
    store.close()
    live.start()
    return created.id, created.seat_tokens, game


def test_a_long_table_loads_from_a_snapshot_and_its_log_comes_in_pages(new_server: Callable[..., LiveServer]) -> None:
    live = new_server()
    table_id, tokens, game = _long_table(live, LONG)
    log = [public_event(e) for e in game.events()]
    with live.client(table_id) as ann:
        _, state = ann.join(tokens[0])
        assert state["state"] == LONG
        assert state["events"] == log[-len(state["events"]) :] and state["log_truncated"]
        events: list[dict[str, object]] = []
        before = None
        pages = 0
        while True:  # every page bounded, the whole log in order at the end
            ann.send({"type": "log"} if before is None else {"type": "log", "before": before})
            page = ann.expect("log")
            assert 0 < len(page["events"]) <= 400
            events[:0] = page["events"]
            pages += 1
            if not page["more"]:
                break
            before = page["before"]
        assert events == log and pages >= 3
        ann.do({"type": "life", "player": 0, "amount": 5})
        game.act({"type": "life", "player": 0, "amount": 5})
    # The load stored a snapshot at the table's end: the next load replays only what came after it.
    snapshots = (
        Store(live.data / "tables.sqlite3")
        ._db.execute("SELECT seq FROM snapshots WHERE table_id = ?", (table_id,))
        .fetchall()
    )
    assert (LONG,) in snapshots
    live.stop()
    live.start()
    with live.client(table_id) as again:
        _, state = again.join(tokens[1])
        assert state["state"] == LONG + 1
        assert state["view"] == game.view(None)


def test_a_log_request_beyond_the_table_is_refused_or_empty_not_costly(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        for raw in ({"type": "log", "limit": 0}, {"type": "log", "limit": 401}, {"type": "log", "before": 0}):
            ann.send(raw)
            assert ann.expect("error")["code"] == "bad_message"
        ann.send({"type": "log", "before": 10**15, "limit": 5})
        page = ann.expect("log")
        assert page["events"] and page["before"] == 0 and page["more"] is False  # the setup, whole


def _limits(pid: int) -> tuple[int, int]:
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            soft, hard = line.split()[3:5]
            return int(soft), int(hard)
    raise AssertionError("no open-files line")


def test_the_open_files_limit_is_raised_in_every_mode(new_server: Callable[..., LiveServer], tmp_path: Path) -> None:
    single = new_server()
    assert single.process is not None
    soft, hard = _limits(single.process.pid)
    assert soft == hard
    several = LiveServer(tmp_path / "workers", _free(), workers=2)
    several.start()
    try:
        assert several.process is not None
        soft, hard = _limits(several.process.pid)
        assert soft == hard
    finally:
        several.stop()


def _free() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_a_joined_client_after_a_restart_resynchronises_from_the_table(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        ann.do({"type": "life", "player": 1, "amount": -2})
        seen = ann.state["state"]
    with Client(server.ws_url(table.id)) as back:
        _, state = back.join(table.seat_tokens[0])
        assert state["state"] == seen and state["reset"]
