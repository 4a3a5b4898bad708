"""``planechase serve --workers N``: the front process routes every connection to a table's channel to the one
worker that holds the table's room, and everything else to worker 0; no worker outlives the front; a killed
server comes back with every acknowledged action (:mod:`planechase.server.workers`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planechase.cli.main import app
from planechase.server.workers import PEEK_LIMIT, REQUEST_LINE_TIMEOUT, owner, worker_for
from server.conftest import UNLIMITED
from server.live import TIMEOUT, Client, LiveServer, Table, free_port, run_async

HANDSHAKE = (
    "GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
SETS = b"GET /api/sets HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


@pytest.fixture
def start(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start ``planechase serve --workers N`` servers of the test's own (stopped after the test)."""
    started: list[LiveServer] = []
    pids: list[int] = []

    def run(workers: int = 2, *, create_limit: int = UNLIMITED) -> LiveServer:
        # These tests open thousands of connections from this one address, to one table: no limits here.
        args = ["--max-per-address", "100000", "--max-per-table", "100000"]
        live = LiveServer(tmp_path / "data", free_port(), create_limit=create_limit, workers=workers, args=args)
        started.append(live)
        live.start()
        pids.extend(server_workers(live, workers).values())
        return live

    try:
        yield run
    finally:
        for live in started:
            live.stop()
        for pid in pids:  # a test that failed may leave a worker behind: not for long
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


# -- /proc: the processes and who holds a connection ------------------------------------------------------


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/PID/stat`` after the command's name: state, parent, ..."""
    return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    try:
        return _stat(pid)[0] != "Z"
    except OSError:
        return False


def workers_of(front: int) -> dict[int, int]:
    """The front's worker processes: their pid by index (``--index`` on their command line)."""
    found: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int(_stat(int(entry.name))[1])
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except (OSError, IndexError):
            continue
        if parent == front and b"planechase.server.workers" in command:
            found[int(command[command.index(b"--index") + 1])] = int(entry.name)
    return found


def front(live: LiveServer) -> int:
    assert live.process is not None
    return live.process.pid


def server_workers(live: LiveServer, count: int) -> dict[int, int]:
    pids = workers_of(front(live))
    assert sorted(pids) == list(range(count)), pids
    return pids


def holders(port: int, client: socket.socket, pids: list[int]) -> list[int]:
    """Which of ``pids`` hold the server's end of ``client``'s TCP connection to ``port``."""
    peer = client.getsockname()[1]
    inodes = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].rsplit(":", 1)[1], 16) == port and int(fields[2].rsplit(":", 1)[1], 16) == peer:
            inodes.add(f"socket:[{fields[9]}]")
    assert len(inodes) == 1, inodes
    found = []
    for pid in pids:
        fds = Path("/proc") / str(pid) / "fd"
        if any(os.readlink(fd) in inodes for fd in fds.iterdir()):
            found.append(pid)
    return found


def ws_socket(client: Client) -> socket.socket:
    sock: socket.socket = client.ws.socket
    return sock


def tables_on_both(live: LiveServer, workers: int = 2) -> dict[int, Table]:
    """A table for each worker (tables are made until every worker owns one)."""
    tables: dict[int, Table] = {}
    for _ in range(40):
        table = live.create_table()
        tables.setdefault(owner(table.id, workers), table)
        if len(tables) == workers:
            return tables
    raise AssertionError(f"40 tables and no table for every worker: {sorted(tables)}")


def request(port: int, data: bytes, sock: socket.socket | None = None) -> bytes:
    """Send ``data`` and read the answer: its status line and headers, and its body if it says how long it is."""
    sock = sock or socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.sendall(data)
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(4096)
        assert chunk, answer
        answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].lower()
    length = re.search(rb"\r\ncontent-length: *(\d+)", head)
    while length and len(answer) < len(head) + 4 + int(length.group(1)):
        chunk = sock.recv(4096)
        assert chunk, answer
        answer += chunk
    return answer


# -- routing ----------------------------------------------------------------------------------------------


def test_a_tables_channel_goes_to_the_worker_of_its_ids_crc32() -> None:
    for table_id in ("abc", "Zx9_-kP0", "0123456789abcdef0123"):
        for workers in (2, 3, 8):
            expected = zlib.crc32(table_id.encode()) % workers
            assert worker_for(f"GET /ws/{table_id} HTTP/1.1\r\n".encode(), workers) == expected
            assert worker_for(f"GET /ws/{table_id}?lang=fr&x=/y HTTP/1.1".encode(), workers) == expected
            assert worker_for(f"GET /ws/{table_id} HTTP/1.0\r\nHost: a\r\n\r\n".encode(), workers) == expected
    ids = [f"t{n}" for n in range(200)]
    assert {worker_for(f"GET /ws/{i} HTTP/1.1".encode(), 4) for i in ids} == {0, 1, 2, 3}  # every worker has some


def test_the_channels_path_is_read_as_the_handshake_reads_it() -> None:
    assert worker_for(b"GET /ws/%41b%63 HTTP/1.1", 7) == owner("Abc", 7)  # percent-escapes decoded
    assert worker_for(b"GET /ws/abc#x HTTP/1.1", 7) == owner("abc#x", 7)  # no fragment in a request
    assert worker_for(b"GET /ws/caf%C3%A9 HTTP/1.1", 7) == owner("café", 7)
    assert owner("abc#x", 7) != owner("abc", 7)


def test_everything_but_a_tables_channel_goes_to_worker_0() -> None:
    table = next(f"t{n}" for n in range(100) if owner(f"t{n}", 5) != 0)  # a table not on worker 0
    for line in (
        f"GET /t/{table} HTTP/1.1",
        f"POST /ws/{table} HTTP/1.1",  # only GET upgrades
        f"get /ws/{table} HTTP/1.1",
        f"GET /ws/{table}/more HTTP/1.1",
        f"GET /ws/{table}/ HTTP/1.1",
        f"GET /api/ws/{table} HTTP/1.1",
        f"GET //ws/{table} HTTP/1.1",
        f"GET http://host/ws/{table} HTTP/1.1",  # the handshake reads no absolute form as the channel
        f"GET /ws/{table}",  # no protocol
        "GET /ws/ HTTP/1.1",
        "GET /ws/a%2Fb HTTP/1.1",  # a slash, once decoded: no table's channel
        "POST /api/tables HTTP/1.1",
        "GET /static/table.js HTTP/1.1",
        "",
    ):
        assert worker_for(line.encode() + b"\r\n", 5) == 0, line
    for garbage in (b"\x16\x03\x01\x02\x00\x01\x00", b"GET /ws/\xff\xfe HTTP/1.1\r\n", b"\r\n", b" " * PEEK_LIMIT):
        assert worker_for(garbage, 5) == 0
    assert worker_for(f"GET /ws/{table} HTTP/1.1".encode(), 1) == 0


# -- a server of two workers ------------------------------------------------------------------------------


def test_tables_on_both_workers_keep_both_their_screens_in_step(start: Callable[..., LiveServer]) -> None:
    live = start(2)
    pids = server_workers(live, 2)
    tables = tables_on_both(live)
    for index, table in tables.items():
        with table.seat(0) as ann, table.seat(1) as bob:
            for client in (ann, bob):  # the worker that owns the table serves it, and only that worker
                assert holders(live.port, ws_socket(client), [front(live), *pids.values()]) == [pids[index]]
            ann.do({"type": "life", "player": 1, "amount": -3})
            bob.expect("state")
            assert ann.state["state"] == bob.state["state"] == 1
            assert ann.state["view"] == bob.state["view"]
            assert bob.state["view"]["players"][1]["life"] == 17
            bob.do({"type": "life", "player": 0, "amount": 2})
            ann.expect("state")
            assert ann.state["state"] == 2 and ann.state["view"]["players"][0]["life"] == 22
        assert live.get(f"/t/{table.id}").status_code == 200
    assert live.get("/").status_code == 200
    assert live.get("/t/no-such-table").status_code == 404
    sets = live.get("/api/sets")
    assert sets.status_code == 200 and isinstance(sets.json(), list) and sets.json()
    assert live.get("/static/table.js").status_code == 200


def test_tables_are_created_by_worker_0_alone_so_the_limit_per_address_is_exact(
    start: Callable[..., LiveServer],
) -> None:
    live = start(2, create_limit=2)
    form = {"players": ["Ann", "Bob"], "seed": 7, "starting_player": 0}
    statuses = [live.post("/api/tables", json=form).status_code for _ in range(6)]
    assert statuses == [201, 201, 429, 429, 429, 429]


def test_a_channel_asked_for_on_another_workers_connection_is_refused(start: Callable[..., LiveServer]) -> None:
    live = start(2)
    tables = tables_on_both(live)
    for index, table in tables.items():
        with socket.create_connection(("127.0.0.1", live.port), timeout=TIMEOUT) as sock:
            assert request(live.port, SETS, sock).startswith(b"HTTP/1.1 200")  # this connection is worker 0's
            answer = request(live.port, HANDSHAKE.format(table=table.id).encode(), sock)
            # worker 0 serves its own tables; another's would make a second room for it: refused
            assert answer.startswith(b"HTTP/1.1 101" if index == 0 else b"HTTP/1.1 403"), answer
    with tables[1].seat(0) as ann:  # a new connection reaches the table
        assert ann.state["state"] == 0


def test_slow_clients_hold_up_nobody_and_are_closed_after_the_timeout(start: Callable[..., LiveServer]) -> None:
    live = start(2)
    tables = tables_on_both(live)
    address = ("127.0.0.1", live.port)
    silent = [socket.create_connection(address, timeout=TIMEOUT) for _ in range(50)]
    began = time.monotonic()
    handshake = HANDSHAKE.format(table=tables[1].id).encode()
    slow = socket.create_connection(address, timeout=TIMEOUT)
    for byte in handshake[:12]:  # "GET /ws/t..." a byte at a time: no line yet
        slow.send(bytes([byte]))
        time.sleep(0.02)
    with tables[1].seat(0) as ann, tables[0].seat(1) as bob:  # meanwhile everyone else is served at once
        ann.do({"type": "life", "player": 0, "amount": 5})
        bob.do({"type": "life", "player": 1, "amount": 5})
        assert live.get("/api/sets").status_code == 200
        slow.sendall(handshake[12:])  # the line is complete: passed on, and the worker reads it whole
        assert request(live.port, b"", slow).startswith(b"HTTP/1.1 101")
        assert holders(live.port, slow, [front(live), *server_workers(live, 2).values()]) == [
            server_workers(live, 2)[1]
        ]
    slow.close()
    for sock in silent:  # nothing sent: closed by the front after the timeout, not before
        sock.settimeout(max(1.0, REQUEST_LINE_TIMEOUT + 6 * TIMEOUT - (time.monotonic() - began)))
        assert sock.recv(1) == b""
        sock.close()
    assert (
        time.monotonic() - began >= REQUEST_LINE_TIMEOUT - 0.5
    )  # not before (the ceiling above only ends a broken run)
    assert live.get("/api/sets").status_code == 200


def test_a_thousand_connections_at_once_are_all_served(start: Callable[..., LiveServer]) -> None:
    live = start(2)
    tables = tables_on_both(live)

    async def one(n: int) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", live.port)
        try:
            writer.write(HANDSHAKE.format(table=tables[n % 2].id).encode() if n % 3 else SETS)
            return await reader.readuntil(b"\r\n\r\n")
        finally:
            writer.close()

    async def all_at_once() -> list[bytes]:
        return await asyncio.wait_for(asyncio.gather(*(one(n) for n in range(1000))), 6 * TIMEOUT)

    answers = run_async(all_at_once())
    assert [a.split(b"\r\n", 1)[0] for a in answers] == [
        b"HTTP/1.1 101 Switching Protocols" if n % 3 else b"HTTP/1.1 200 OK" for n in range(1000)
    ]


def test_a_stopped_worker_holds_up_only_its_own_tables(start: Callable[..., LiveServer]) -> None:
    live = start(2)
    pids = server_workers(live, 2)
    tables = tables_on_both(live)

    async def handshake(table: Table) -> tuple[bytes, asyncio.StreamWriter]:
        reader, writer = await asyncio.open_connection("127.0.0.1", live.port)
        writer.write(HANDSHAKE.format(table=table.id).encode())
        return (await reader.readuntil(b"\r\n\r\n")).split(b"\r\n", 1)[0], writer

    async def run() -> None:
        # More than the socket pair holds (a few hundred here): the rest wait in the front till the pair has room.
        waiting = [asyncio.ensure_future(handshake(tables[1])) for _ in range(2000)]
        # Wait for the front to hold them (however busy the machine is; the ceiling only ends a broken run).
        deadline = time.monotonic() + 12 * TIMEOUT
        while len(os.listdir(f"/proc/{front(live)}/fd")) < 200 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        others = await asyncio.wait_for(asyncio.gather(*(handshake(tables[0]) for _ in range(100))), TIMEOUT)
        assert {line for line, _ in others} == {b"HTTP/1.1 101 Switching Protocols"}
        assert not [task for task in waiting if task.done()]
        assert len(os.listdir(f"/proc/{front(live)}/fd")) >= 200  # the front holds what the pair can't
        os.kill(pids[1], signal.SIGCONT)
        served = await asyncio.wait_for(asyncio.gather(*waiting), 3 * TIMEOUT)
        assert {line for line, _ in served} == {b"HTTP/1.1 101 Switching Protocols"}
        for _, writer in [*others, *served]:
            writer.close()

    os.kill(pids[1], signal.SIGSTOP)
    try:
        run_async(run())
    finally:
        os.kill(pids[1], signal.SIGCONT)
    with tables[1].seat(0) as ann:
        ann.do({"type": "life", "player": 0, "amount": 1})


# -- stopping -----------------------------------------------------------------------------------------------


def test_a_front_killed_outright_leaves_no_worker_and_loses_no_acknowledged_action(
    start: Callable[..., LiveServer],
) -> None:
    live = start(2)
    pids = server_workers(live, 2)
    tables = tables_on_both(live)
    seen: dict[int, tuple[int, dict[str, object]]] = {}
    clients = [table.seat(0, 1) for table in tables.values()]
    try:
        for n, (index, device) in enumerate(zip(tables, clients, strict=True)):
            for amount in (-1, -2, -3 - n):
                device.do({"type": "life", "player": 1, "amount": amount})
            seen[index] = (device.state["state"], device.state["view"])
        live.kill()  # SIGKILL: the workers learn it from their socket pair's end of file
        deadline = time.monotonic() + 3.0
        while any(alive(pid) for pid in pids.values()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not [pid for pid in pids.values() if alive(pid)]
    finally:
        for client in clients:
            client.close()

    live.start()
    for index, table in tables.items():
        with table.seat(0, 1) as device:
            assert (device.state["state"], device.state["view"]) == seen[index]
            assert device.state["state"] == 3
            assert device.state["view"]["players"][1]["life"] == 20 - 6 - list(tables).index(index)


def test_sigterm_stops_the_front_and_every_worker(start: Callable[..., LiveServer]) -> None:
    live = start(3)
    pids = server_workers(live, 3)
    process = live.process
    assert process is not None
    with tables_on_both(live, 3)[2].seat(0) as ann:  # a connection open on a worker: closed by its shutdown
        process.terminate()
        process.wait(timeout=TIMEOUT)
        with contextlib.suppress(Exception):
            ann.recv(timeout=2)
    assert process.returncode in (0, -signal.SIGTERM)
    assert not [pid for pid in pids.values() if alive(pid)]  # the front waited for them


def test_a_worker_that_dies_stops_the_server_with_an_error(start: Callable[..., LiveServer]) -> None:
    live = start(2)
    pids = server_workers(live, 2)
    process = live.process
    assert process is not None
    os.kill(pids[1], signal.SIGKILL)
    assert process.wait(timeout=TIMEOUT) == 1
    assert not [pid for pid in pids.values() if alive(pid)]
    assert f"worker 1 (pid {pids[1]}) stopped on its own" in live.log()


def test_no_workers_is_refused() -> None:
    result = CliRunner().invoke(app, ["serve", "--workers", "0"], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    assert "Invalid value for '--workers'" in result.output and "greater than or equal to 1" in result.output
