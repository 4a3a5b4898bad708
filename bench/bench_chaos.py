"""Chaos run of the web table: clients that stall, disconnect and retry, long tables loading again and again, and
the server killed outright (SIGKILL) and restarted, while steady tables play on.

Usage::

    .venv/bin/python bench/bench_chaos.py                      # the default run (about a minute)
    .venv/bin/python bench/bench_chaos.py --seconds 60 --kills 5 --json chaos.json

One server (``python -m planechase serve``, a subprocess; ``--server-workers N`` for ``serve --workers N``) with
its limits per address as they are by default (each agent below connects from an address of its own in
127.0.0.0/8) and a send timeout of 2 s. Then:

* **Steady tables** (``--steady``, two clients each): one client adjusts a life total every ``--interval``
  seconds; the latency runs from sending the action until both clients have its state. These tables are the
  *unaffected* ones: the worst latency they see while everything else misbehaves is the figure that counts.
* **Stalled clients** (``--stallers``): a spectator of its own table that never reads a byte (a 2 KiB receive
  buffer) and keeps asking for the log, while its table's player acts: the server must drop it.
* **Flapping clients** (``--flappers``): a player that acts and, one time in three, drops its connection the
  moment it has sent the action, reconnects, joins again and sends the same action with the same id again.
* **Long tables** (``--long`` of ``--long-length`` entries, written into the store before the server starts):
  joined, read and left again and again, so that each is loaded from the store every time (from its snapshot).
* **Kills** (``--kills``): after the first window, the server is killed with SIGKILL and restarted on the same
  port, that many times, while every client acts; the clients reconnect and retry what was not acknowledged.

At the end every client's record is checked against the SQLite store: an action is *acknowledged* when the
server said so (a ``state`` with its ``ack``, or a repeated ``ack``), *lost* if acknowledged and not stored,
*duplicated* if stored more than once. Results, and the commands, are in docs/reliability.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import random
import socket
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench_web import Server, machine
from web_load import PLANECHASE
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

#: The table form of the steady, stalled and flapping tables: no planar deck, so a life adjustment is always
#: legal (a Planechase table's opening upkeep trigger would have to be answered first).
FORM = {"players": ["Ann", "Bob"], "planechase": False}


@dataclass
class Record:
    """What one client learned of the actions it sent."""

    table: str
    sent: dict[str, dict[str, Any]] = field(default_factory=dict)
    acked: dict[str, int] = field(default_factory=dict)  # id -> the state it made
    retries: int = 0
    reconnects: int = 0


class Player:
    """A client holding one seat (or a spectator): connects, joins, reads every message in a task of its own,
    and acts with retries across lost connections."""

    def __init__(self, port: int, table: str, token: str, address: str) -> None:
        self.url = f"ws://127.0.0.1:{port}/ws/{table}"
        self.token = token
        self.address = address
        self.ws: ClientConnection | None = None
        self.state = 0
        self.seen: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.answers: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.reader: asyncio.Task[None] | None = None
        self.record = Record(table)

    async def connect(self, deadline: float = 60.0) -> None:
        """(Re)connect and join, waiting out a server that is restarting."""
        give_up = time.monotonic() + deadline
        delay = 0.05
        while True:
            try:
                ws = await connect(
                    self.url, open_timeout=10, max_size=2**23, ping_interval=None, local_addr=(self.address, 0)
                )
                await ws.send(json.dumps({"type": "join", "tokens": [self.token]}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if message["type"] == "state":
                        break
                    if message["type"] == "error":
                        raise RuntimeError(f"join refused: {message}")
                self.ws = ws
                self._saw(message["state"])
                self.reader = asyncio.ensure_future(self._read(ws))
                return
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                if time.monotonic() > give_up:
                    raise
                await asyncio.sleep(delay)
                delay = min(delay * 2, 0.5)

    def _saw(self, state: int) -> None:
        self.state = max(self.state, state)
        self.seen.setdefault(state, time.perf_counter())
        self.changed.set()

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "state":
                    self._saw(message["state"])
                    if "ack" in message:
                        self._answer(message["ack"], message)
                elif kind in ("ack", "refused"):
                    self._answer(message["id"], message)
        except ConnectionClosed:
            pass
        finally:
            for future in self.answers.values():
                if not future.done():
                    future.set_exception(ConnectionError("the connection closed"))
            self.answers.clear()
            self.changed.set()

    def _answer(self, client_id: str, message: dict[str, Any]) -> None:
        future = self.answers.pop(client_id, None)
        if future is not None and not future.done():
            future.set_result(message)

    async def drop(self) -> None:
        """Close the connection at once (no closing handshake), as a phone losing its network."""
        if self.ws is not None:
            transport = self.ws.transport
            transport.abort()
            self.ws = None
        if self.reader is not None:
            with contextlib.suppress(BaseException):
                await self.reader

    async def act(self, client_id: str, action: dict[str, Any], *, flap: bool = False) -> int | None:
        """Send ``action`` under ``client_id`` until the server answers it (across reconnections); the state it
        made, or ``None`` if it was refused (then it was not stored)."""
        self.record.sent[client_id] = action
        made_against = self.state
        first = True
        while True:
            if self.ws is None:
                self.record.reconnects += 1
                await self.connect()
            assert self.ws is not None
            future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            future.add_done_callback(_seen)  # a connection lost before the answer: retried, not a stray error
            self.answers[client_id] = future
            message = {"type": "act", "id": client_id, "state": made_against, "action": action}
            try:
                await self.ws.send(json.dumps(message))
                if flap and first:
                    first = False
                    await self.drop()  # gone the moment it was sent: the retry must not do it twice
                    continue
                answer = await asyncio.wait_for(future, 30)
            except (ConnectionClosed, ConnectionError, TimeoutError, OSError):
                await self.drop()
                self.record.retries += 1
                continue
            if answer["type"] == "refused":
                return None
            self.record.acked[client_id] = int(answer["state"])
            return int(answer["state"])

    async def has(self, state: int) -> float:
        """Wait until this client has seen ``state`` (joining again if its connection was lost); when it did."""
        while state not in self.seen:
            if self.state > state:  # it joined again past it: it has the table as it is now
                return time.perf_counter()
            if self.reader is None or self.reader.done():
                self.ws = None
                self.record.reconnects += 1
                await self.connect()
                continue
            self.changed.clear()
            await self.changed.wait()
        return self.seen[state]

    async def close(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self.reader is not None:
            with contextlib.suppress(BaseException):
                await self.reader


def _seen(future: asyncio.Future[Any]) -> None:
    if not future.cancelled():
        future.exception()


def create(port: int, form: dict[str, Any]) -> tuple[str, list[str], str]:
    """A table made over HTTP: its id, its seat tokens and its spectator token."""
    import urllib.request

    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=json.dumps(form).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        created = json.loads(answer.read())
    tokens = [seat["url"].split("#t=", 1)[1] for seat in created["seats"]]
    return created["id"], tokens, created["spectator_url"].split("#t=", 1)[1]


def long_tables(data: Path, count: int, length: int) -> list[tuple[str, str]]:
    """Tables of ``length`` entries written into the store before the server starts: (id, a seat token)."""
    from planechase import Game, GameConfig
    from planechase.server.create import table_config
    from planechase.server.rooms import public_event
    from planechase.server.store import Store

    store = Store(data / "tables.sqlite3", group_commit=True)
    out = []
    for n in range(count):
        config, meta = table_config({**FORM, "seed": n})
        record = store.create_table(config, meta, seats=2)
        game = Game(GameConfig.from_dict(config))
        for seq in range(1, length + 1):
            action = {"type": "life", "player": seq % 2, "amount": 1 if (seq // 2) % 2 else -1}
            events = [public_event(e) for e in game.act(action)]
            store.append(record.id, "action", action, client_id=f"L{seq}", seq=seq, events=events)
        store.commit()
        out.append((record.id, record.seat_tokens[0]))
    store.close()
    return out


# -- the agents ----------------------------------------------------------------------------------------------


@dataclass
class Figures:
    steady_latencies: list[float] = field(default_factory=list)
    steady_during_kills: list[float] = field(default_factory=list)
    long_joins: list[float] = field(default_factory=list)
    stalled_dropped: int = 0
    stalled: int = 0
    stalled_after: list[float] = field(default_factory=list)
    recoveries: list[float] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)


async def steady(
    port: int, table: tuple[str, list[str], str], address: str, figures: Figures, stop: asyncio.Event, s: Any
) -> None:
    table_id, tokens, _ = table
    actor, watcher = Player(port, table_id, tokens[0], address), Player(port, table_id, tokens[1], address)
    figures.records.append(actor.record)
    await actor.connect()
    await watcher.connect()
    counter = itertools.count()
    try:
        while not stop.is_set():
            n = next(counter)
            began = time.perf_counter()
            made = await actor.act(f"s{n}", {"type": "life", "player": 1, "amount": 1 if n % 2 else -1})
            if made is not None:
                done = max(await actor.has(made), await watcher.has(made))
                (figures.steady_during_kills if s.killing else figures.steady_latencies).append(done - began)
            await asyncio.sleep(s.interval * random.uniform(0.5, 1.5))
    finally:
        await actor.close()
        await watcher.close()


async def flapper(
    port: int, table: tuple[str, list[str], str], address: str, figures: Figures, stop: asyncio.Event
) -> None:
    table_id, tokens, _ = table
    player = Player(port, table_id, tokens[0], address)
    figures.records.append(player.record)
    await player.connect()
    try:
        for n in itertools.count():
            if stop.is_set():
                break
            await player.act(f"f{n}", {"type": "life", "player": 0, "amount": 1 if n % 2 else -1}, flap=n % 3 == 0)
            await asyncio.sleep(random.uniform(0.02, 0.1))
    finally:
        await player.close()


async def staller(
    port: int, table: tuple[str, list[str], str], address: str, figures: Figures, stop: asyncio.Event
) -> None:
    """A spectator that never reads, asking for the log, while the table's player acts."""
    table_id, tokens, spectator = table
    figures.stalled += 1
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    sock.bind((address, 0))
    sock.setblocking(False)
    loop = asyncio.get_running_loop()
    await loop.sock_connect(sock, ("127.0.0.1", port))
    key = "dGhlIHNhbXBsZSBub25jZQ=="
    head = (
        f"GET /ws/{table_id} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    await loop.sock_sendall(sock, head.encode())
    answer = b""
    while b"\r\n\r\n" not in answer:  # a client speaks only once the handshake is answered
        answer += await loop.sock_recv(sock, 1)
    await loop.sock_sendall(sock, _frame({"type": "join", "tokens": [spectator]}))
    player = Player(port, table_id, tokens[0], address)
    await player.connect()
    dropped = False
    began = time.perf_counter()
    pending = b""  # what is still to be sent of whole frames (a frame sent in part is finished first)
    try:
        for n in itertools.count():
            if stop.is_set():
                break
            pending = pending or _frame({"type": "log"}) * 20
            with contextlib.suppress(BlockingIOError, OSError):
                pending = pending[sock.send(pending) :]
            await player.act(f"t{n}", {"type": "life", "player": 1, "amount": 1 if n % 2 else -1})
            state = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0]
            if state != 1:  # the server dropped it (a reset, or its close)
                dropped = True
                figures.stalled_after.append(time.perf_counter() - began)
                break
            await asyncio.sleep(0.05)
    finally:
        figures.stalled_dropped += dropped
        figures.records.append(player.record)
        sock.close()
        await player.close()


def _frame(message: dict[str, Any]) -> bytes:
    payload = json.dumps(message).encode()
    assert len(payload) < 126
    mask = b"\x01\x02\x03\x04"
    return bytes([0x81, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def reloader(port: int, table: tuple[str, str], address: str, figures: Figures, stop: asyncio.Event) -> None:
    """Join a long table, read it, leave: its room leaves memory, and the next join loads it from the store."""
    table_id, token = table
    while not stop.is_set():
        began = time.perf_counter()
        visitor = Player(port, table_id, token, address)
        try:
            await visitor.connect(deadline=30)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError, RuntimeError):
            continue
        figures.long_joins.append(time.perf_counter() - began)
        await visitor.close()
        await asyncio.sleep(0.2)


# -- the run -------------------------------------------------------------------------------------------------


@dataclass
class Settings:
    seconds: float
    interval: float
    kills: int
    killing: bool = False


async def chaos(server: Server, args: argparse.Namespace, longs: list[tuple[str, str]], figures: Figures) -> None:
    port = server.port
    s = Settings(args.seconds, args.interval, args.kills)
    steady_tables = [create(port, {**FORM, "seed": n}) for n in range(args.steady)]
    flapper_tables = [create(port, {**FORM, "seed": 1000 + n}) for n in range(args.flappers)]
    staller_tables = [create(port, {**FORM, "seed": 2000 + n}) for n in range(args.stallers)]
    stop, stop_stallers = asyncio.Event(), asyncio.Event()
    # Each agent comes from an address of its own (127.0.0.0/8 is all this machine), so the server's limits per
    # address apply to each as they would to players and attackers on their own networks.
    addresses = (f"127.0.{n // 250}.{10 + n % 250}" for n in itertools.count())
    tasks = [asyncio.ensure_future(steady(port, t, next(addresses), figures, stop, s)) for t in steady_tables]
    tasks += [asyncio.ensure_future(flapper(port, t, next(addresses), figures, stop)) for t in flapper_tables]
    stallers = [
        asyncio.ensure_future(staller(port, t, next(addresses), figures, stop_stallers)) for t in staller_tables
    ]
    reloaders = [asyncio.ensure_future(reloader(port, t, next(addresses), figures, stop_stallers)) for t in longs]
    print(f"chaos: {args.seconds:g} s of stalls, flaps and long tables reloading...", file=sys.stderr)
    await asyncio.sleep(args.seconds)
    stop_stallers.set()
    await asyncio.gather(*stallers, *reloaders)
    s.killing = True
    for kill in range(args.kills):
        print(f"chaos: kill {kill + 1} of {args.kills} (SIGKILL), restart on the same port...", file=sys.stderr)
        server.kill()
        await asyncio.sleep(random.uniform(0.1, 0.5))
        began = time.perf_counter()
        await asyncio.to_thread(server.restart)
        figures.recoveries.append(time.perf_counter() - began)
        await asyncio.sleep(args.seconds / max(1, args.kills) / 2)
    stop.set()
    await asyncio.gather(*tasks)


def check(data: Path, records: list[Record]) -> dict[str, int]:
    """Every record against the store: acknowledged, lost, duplicated."""
    db = sqlite3.connect(data / "tables.sqlite3")
    stored: dict[str, Counter[str]] = {}
    bodies: dict[tuple[str, str], tuple[int, str]] = {}
    for table, seq, client_id, body in db.execute(
        "SELECT table_id, seq, client_id, body FROM entries WHERE client_id IS NOT NULL"
    ):
        stored.setdefault(table, Counter())[client_id] += 1
        bodies[(table, client_id)] = (seq, body)
    db.close()
    out = {"sent": 0, "acknowledged": 0, "lost": 0, "duplicated": 0, "refused, not stored": 0, "mismatched": 0}
    for record in records:
        counts = stored.get(record.table, Counter())
        for client_id, action in record.sent.items():
            out["sent"] += 1
            out["duplicated"] += counts[client_id] > 1
            if client_id in record.acked:
                out["acknowledged"] += 1
                if counts[client_id] == 0:
                    out["lost"] += 1
                elif bodies[(record.table, client_id)] != (
                    record.acked[client_id],
                    json.dumps(action, separators=(",", ":")),
                ):
                    out["mismatched"] += 1
            elif counts[client_id] == 0:
                out["refused, not stored"] += 1
    return out


def _compact(action: dict[str, Any]) -> str:
    return json.dumps(action, separators=(",", ":"))


def _ms(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=20, help="the chaos window before the kills (default 20)")
    parser.add_argument("--steady", type=int, default=20, help="steady tables, whose latency is measured (20)")
    parser.add_argument("--interval", type=float, default=0.25, help="seconds between a steady table's actions")
    parser.add_argument("--stallers", type=int, default=10, help="clients that stop reading (10)")
    parser.add_argument("--flappers", type=int, default=10, help="clients that drop and retry (10)")
    parser.add_argument("--long", type=int, default=3, help="long tables loaded again and again (3)")
    parser.add_argument("--long-length", type=int, default=20_000, help="entries of a long table (20,000)")
    parser.add_argument("--kills", type=int, default=3, help="SIGKILLs of the server, each followed by a restart")
    parser.add_argument("--server-workers", type=int, default=1, help="run serve --workers N")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args(argv)
    random.seed(7)
    with tempfile.TemporaryDirectory(prefix="planechase-chaos-") as folder:
        data = Path(folder)
        print(f"chaos: writing {args.long} tables of {args.long_length:,} entries...", file=sys.stderr)
        longs = long_tables(data, args.long, args.long_length)
        extra = ("--create-limit", "100000", "--tune", "send_timeout=2")
        server = Server(PLANECHASE, data, server_workers=args.server_workers, extra=extra, lift_address_limits=False)
        figures = Figures()
        try:
            asyncio.run(chaos(server, args, longs, figures))
        finally:
            server.stop()
        integrity = check(data, figures.records)
        log = server.log()
    report = {
        "machine": machine(),
        "settings": vars(args),
        "integrity": integrity,
        "steady": {
            "actions": len(figures.steady_latencies),
            "p50_ms": _ms(figures.steady_latencies, 0.5),
            "p99_ms": _ms(figures.steady_latencies, 0.99),
            "max_ms": _ms(figures.steady_latencies, 1.0),
        },
        "steady_during_kills": {
            "actions": len(figures.steady_during_kills),
            "p50_ms": _ms(figures.steady_during_kills, 0.5),
            "max_ms": _ms(figures.steady_during_kills, 1.0),
        },
        "stalled": {
            "clients": figures.stalled,
            "dropped": figures.stalled_dropped,
            "dropped_after_s_median": round(_ms(figures.stalled_after, 0.5) / 1000, 1),
            "dropped_after_s_max": round(_ms(figures.stalled_after, 1.0) / 1000, 1),
        },
        "long_tables": {
            "loads": len(figures.long_joins),
            "p50_ms": _ms(figures.long_joins, 0.5),
            "max_ms": _ms(figures.long_joins, 1.0),
        },
        "restarts_s": [round(r, 2) for r in figures.recoveries],
        "retries": sum(r.retries for r in figures.records),
        "reconnects": sum(r.reconnects for r in figures.records),
        "server_faults": log.count("Traceback"),
        "server_drops": log.count("Dropped a connection"),
    }
    print(json.dumps(report, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2))
    ok = integrity["lost"] == 0 and integrity["duplicated"] == 0 and integrity["mismatched"] == 0
    ok = ok and figures.stalled_dropped == figures.stalled and report["server_faults"] == 0
    print("verdict: " + ("nothing lost, duplicated or broken" if ok else "FAILED"), file=sys.stderr)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
