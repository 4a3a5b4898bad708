"""The load generator of ``bench/bench_web.py``: what runs in its generator processes.

``bench_web.py`` starts ``--workers`` processes (multiprocessing's *spawn* context) with ``worker_main`` as
their target, each with a ``WorkerSpec``: the server's port and kind, its share of the tables (their ids and
seat tokens) and the run's settings. A process connects one WebSocket client per seat (the ``websockets``
client on an asyncio loop, uvloop when installed), says ``("ready", None)`` over its pipe, waits for the
moment to start, then acts at each of its tables (``choose_action``), one action in flight per table, until
the end of the measured window, timing each action until every client of the table has the resulting
``state`` message. It sends back ``("done", WorkerResult)``, or ``("failed", message)``; ``bench_web.py``
merges the processes' results, measures the CPU and writes the report.

The kinds of server (``PLANECHASE``, ``BARE``, ``BARE_OTHERS``) are defined here, and imported by
``bench_web.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import re
import resource
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

import orjson

from planechase.server.rooms import apply_changes

#: The start of every ``state`` message, from the web table and from the bare server alike.
STATE_PREFIX = re.compile(r'\{"type":"state","state":(\d+)')

#: The kinds of server a run measures: the web table (``planechase serve``) and the bare baseline.
PLANECHASE = "planechase"
BARE = "bare"
#: The bare server relaying each message only to the other clients of its group (the baseline before 2026-11-21).
BARE_OTHERS = "bare-others"


# -- choosing actions ---------------------------------------------------------------------------------------


def choose_action(
    view: dict[str, Any] | None, turn: int, rng: random.Random, game_share: float
) -> tuple[int, dict[str, Any]]:
    """The next action of a table and the seat whose client sends it, from the table's current ``view``.

    ``turn`` is the seat whose turn it is to act; a pending decision is answered by its player instead, and
    the game's own moves are made by the player with priority. Without a view (the bare server) it is a life
    adjustment by ``turn``.

    >>> choose_action(None, 2, random.Random(0), 0.25)
    (2, {'type': 'life', 'player': 2, 'amount': -1})
    >>> view = {"over": False, "decision": None, "priority": 1, "stack": [], "advance_to": ["end", "next_turn"],
    ...         "roll": {"player": 1, "allowed": False}, "players": [{"seat": 0, "life": 19, "status": "in_game"}]}
    >>> choose_action(view, 0, random.Random(0), 0.0)
    (0, {'type': 'life', 'player': 0, 'amount': 1})
    >>> choose_action(view, 0, random.Random(0), 1.0)[1]["type"]
    'advance'
    """
    if view is None:
        return turn, {"type": "life", "player": turn, "amount": -1 if turn % 2 == 0 else 1}
    decision = view.get("decision")
    if decision is not None:
        who = int(decision["player"])
        return who, {
            "type": "choose",
            "player": who,
            "decision": decision["id"],
            "option": decision["options"][0]["id"],
        }
    priority = view.get("priority")
    if priority is not None and rng.random() < game_share:
        if view["stack"]:
            return priority, {"type": "resolve", "player": priority}
        roll = view.get("roll") or {}
        if roll.get("allowed") and roll.get("player") == priority and rng.random() < 0.3:
            return priority, {"type": "roll", "player": priority}
        if view["advance_to"]:
            to = "next_turn" if rng.random() < 0.5 else view["advance_to"][0]
            return priority, {"type": "advance", "player": priority, "to": to}
        return priority, {"type": "pass", "player": priority}
    players = [p for p in view["players"] if p["status"] == "in_game"]
    target = next((p for p in players if p["seat"] == turn), None) or rng.choice(players)
    # A player who left the game keeps no score any more (800.4a): a seat still in it adjusts the total.
    actor = turn if any(p["seat"] == turn for p in players) else target["seat"]
    return actor, {"type": "life", "player": target["seat"], "amount": 1 if target["life"] < 20 else -1}


# -- the load generator (one process) -----------------------------------------------------------------------


@dataclass(frozen=True)
class WorkerSpec:
    """What one load-generator process does."""

    index: int
    kind: str  # PLANECHASE, BARE or BARE_OTHERS
    port: int
    tables: list[tuple[str, list[str]]]  # (table id, seat tokens)
    mode: str
    interval: float
    warmup: float
    seconds: float
    timeout: float
    game_share: float
    compression: bool
    connect_concurrency: int
    seed: int
    #: More servers sharing the tables (--nodes): a table's seats connect to ``port`` and these in turn.
    more_ports: tuple[int, ...] = ()


@dataclass
class WorkerResult:
    """What one load-generator process measured."""

    latencies: list[float] = field(default_factory=list)  # seconds, actions sent after the warm-up
    sent: int = 0  # actions sent after the warm-up
    completed_in_window: int = 0  # of those, completed before the end of the measured window
    late: int = 0  # rate mode: actions sent more than 10 ms after their time
    refused: dict[str, int] = field(default_factory=dict)
    timeouts: int = 0
    actions: dict[str, int] = field(default_factory=dict)  # completed actions by type
    ended: int = 0  # tables whose game ended (no legal actions left for the generator)
    setup: list[float] = field(default_factory=list)  # seconds per client
    connect_failures: dict[str, int] = field(default_factory=dict)
    connect_started: float = 0.0
    connect_finished: float = 0.0
    errors: dict[str, int] = field(default_factory=dict)  # unexpected messages or exceptions


class Table:
    """One table's clients in the generator: the state they have seen, and the action in flight."""

    def __init__(self, kind: str, table_id: str, tokens: list[str]) -> None:
        self.kind = kind
        self.id = table_id
        self.tokens = tokens
        self.conns: list[Any] = []
        self.joined = [asyncio.Event() for _ in tokens]
        self.state = 0
        self.view: dict[str, Any] | None = None
        self.view_state = -1
        self.expect = -1
        self.action_id = ""
        self.waiting: set[int] = set()
        self.future: asyncio.Future[tuple[str, float]] | None = None

    def on_message(self, client: int, raw: str | bytes, result: WorkerResult) -> None:
        now = time.monotonic()
        text = raw if isinstance(raw, str) else raw.decode()
        match = STATE_PREFIX.match(text)
        if match is not None:
            state = int(match.group(1))
            if self.kind == PLANECHASE and state > self.view_state:  # one full parse per state and table
                message = orjson.loads(text)
                if "view" in message:
                    self.view = message["view"]
                elif self.view is not None and message.get("base") == self.view_state:
                    self.view = apply_changes(self.view, message)
                else:  # a state missed by every client of this table: can't happen on ordered connections
                    _count(result.errors, "state_out_of_step")
                self.view_state = state
            self.joined[client].set()
            future = self.future
            if future is not None and not future.done() and state >= self.expect and client in self.waiting:
                self.waiting.discard(client)
                if not self.waiting:
                    future.set_result(("ok", now))
            return
        message = orjson.loads(text)
        kind = message.get("type")
        if kind in ("ack", "welcome", "pong", "undo"):
            return
        future = self.future
        if kind == "refused" and message.get("id") == self.action_id and future is not None and not future.done():
            self.state = int(message.get("state", self.state))
            future.set_result((f"refused:{message.get('code')}", now))
        elif kind == "error" and future is not None and not future.done():
            future.set_result((f"error:{message.get('code')}", now))
        else:
            _count(result.errors, f"message:{kind}")


def _count(counter: dict[str, int], key: str, n: int = 1) -> None:
    counter[key] = counter.get(key, 0) + n


async def _connect_client(
    spec: WorkerSpec, table: Table, seat: int, gate: asyncio.Semaphore, result: WorkerResult
) -> Any:
    from websockets.asyncio.client import connect

    ports = (spec.port, *spec.more_ports)
    url = f"ws://127.0.0.1:{ports[seat % len(ports)]}/ws/{table.id}"  # a table's seats spread over the servers
    async with gate:
        start = time.monotonic()
        for attempt in range(3):
            try:
                ws = await connect(
                    url,
                    compression="deflate" if spec.compression else None,
                    proxy=None,
                    ping_interval=None,
                    open_timeout=60,
                    close_timeout=2,
                    max_size=2**20,
                )
                break
            except Exception as exc:
                _count(result.connect_failures, type(exc).__name__)
                if attempt == 2:
                    raise
                await asyncio.sleep(0.5)
        asyncio.get_running_loop().create_task(_read(ws, table, seat, result))
        await ws.send(json.dumps({"type": "join", "tokens": [table.tokens[seat]]}))
        await asyncio.wait_for(table.joined[seat].wait(), 60)
        result.setup.append(time.monotonic() - start)
        return ws


async def _read(ws: Any, table: Table, seat: int, result: WorkerResult) -> None:
    from websockets.exceptions import ConnectionClosed

    try:
        async for raw in ws:
            table.on_message(seat, raw, result)
    except ConnectionClosed:
        pass
    except Exception as exc:  # keep measuring; report it
        _count(result.errors, f"reader:{type(exc).__name__}")


async def _drive(spec: WorkerSpec, table: Table, go: float, rng: random.Random, result: WorkerResult) -> None:
    """Act at one table until the end of the measured window, one action in flight at a time."""
    loop = asyncio.get_running_loop()
    n = len(table.conns)
    measure_from = go + spec.warmup
    end = measure_from + spec.seconds
    next_at = go + rng.random() * spec.interval
    turn = rng.randrange(n)
    count = 0
    while True:
        now = time.monotonic()
        if spec.mode == "rate":
            if next_at >= end:
                return
            if next_at > now:
                await asyncio.sleep(next_at - now)
            elif now - next_at > 0.010 and next_at >= measure_from:
                result.late += 1
            next_at += spec.interval
        elif now >= end:
            return
        view = table.view if table.kind == PLANECHASE else None
        if view is not None and view.get("over"):
            result.ended += 1
            return
        actor, action = choose_action(view, turn, rng, spec.game_share)
        turn = (turn + 1) % n
        count += 1
        table.action_id = f"w{spec.index}-{count}"
        table.expect = table.state + 1
        if table.kind == PLANECHASE:
            message = {"type": "act", "id": table.action_id, "state": table.state, "action": action}
            table.waiting = set(range(n))
        else:  # the bare server passes the message on as it is: make it the next state
            message = {"type": "state", "state": table.expect, "id": table.action_id, "action": action}
            table.waiting = set(range(n)) - {actor} if table.kind == BARE_OTHERS else set(range(n))
        future: asyncio.Future[tuple[str, float]] = loop.create_future()
        table.future = future
        sent = time.monotonic()
        measured = sent >= measure_from
        try:
            await table.conns[actor].send(orjson.dumps(message).decode())
            outcome, done = await asyncio.wait_for(future, spec.timeout)
        except TimeoutError:
            outcome, done = "timeout", time.monotonic()
        except Exception as exc:
            outcome, done = f"send:{type(exc).__name__}", time.monotonic()
        table.future = None
        if outcome == "ok":
            table.state = table.expect
        elif outcome == "timeout":
            table.state = max(table.state, table.view_state)
        if not measured:
            continue
        result.sent += 1
        if outcome == "ok":
            result.latencies.append(done - sent)
            _count(result.actions, str(action["type"]))
            if done <= end:
                result.completed_in_window += 1
        elif outcome == "timeout":
            result.timeouts += 1
        elif outcome.startswith("refused:"):
            _count(result.refused, outcome.removeprefix("refused:"))
        else:
            _count(result.errors, outcome)


async def _worker_async(spec: WorkerSpec, pipe: Connection) -> WorkerResult:
    result = WorkerResult()
    tables = [Table(spec.kind, table_id, tokens) for table_id, tokens in spec.tables]
    gate = asyncio.Semaphore(spec.connect_concurrency)
    result.connect_started = time.monotonic()
    connections = [
        asyncio.gather(*(_connect_client(spec, table, seat, gate, result) for seat in range(len(table.tokens))))
        for table in tables
    ]
    for table, conns in zip(tables, await asyncio.gather(*connections), strict=True):
        table.conns = list(conns)
    result.connect_finished = time.monotonic()
    # The generator's connections are long-lived objects, and each state message parsed makes short-lived
    # ones: keep the cycle collector out of the measured window as the server does (planechase.server.
    # collector, which also explains why nothing is lost), so that the generator measures the server, not
    # its own collector.
    gc.disable()
    gc.collect()
    gc.freeze()

    async def collect_regularly() -> None:
        while True:
            await asyncio.sleep(1.0)
            gc.freeze()

    collecting = asyncio.get_running_loop().create_task(collect_regularly())
    loop = asyncio.get_running_loop()
    pipe.send(("ready", None))
    go = await loop.run_in_executor(None, pipe.recv)
    rng = random.Random(spec.seed)
    await asyncio.gather(*(_drive(spec, t, go, random.Random(rng.random()), result) for t in tables))
    collecting.cancel()
    pipe.send(("done", result))
    with contextlib.suppress(Exception):
        await asyncio.wait_for(asyncio.gather(*(ws.close() for t in tables for ws in t.conns)), 10)
    return result


def worker_main(spec: WorkerSpec, pipe: Connection) -> None:
    """The entry point of a load-generator process."""
    raise_open_files_limit()
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    try:
        asyncio.run(_worker_async(spec, pipe))
    except Exception as exc:
        pipe.send(("failed", f"{type(exc).__name__}: {exc}"))


def raise_open_files_limit() -> int:
    """Raise the soft limit on open files to the hard limit (a connection is a file); the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        soft = hard
    return soft
