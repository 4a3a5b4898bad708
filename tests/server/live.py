"""A real ``planechase serve`` process and real clients for it: httpx over HTTP, ``websockets`` over WebSockets.

The server runs as ``python -m planechase serve`` in a subprocess, exactly as a player starts it, so these
tests see what a browser sees: the HTTP status codes, the JSON on the wire, the order of messages, and what
survives the process being killed.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from planechase import Game, GameConfig
from planechase.server.create import table_config
from planechase.server.rooms import apply_changes

T = TypeVar("T")

#: How long any one wait (for the server to start, for a message) may take before the test fails.
TIMEOUT = 10.0


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LiveServer:
    """One ``planechase serve`` process on ``port``, keeping its tables in ``data``."""

    data: Path
    port: int
    create_limit: int | None = None
    workers: int | None = None
    #: More options of ``planechase serve`` (``--host``, ``--public-url``, ``--tune NAME=VALUE``...).
    args: Sequence[str] = ()
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table_id}"

    @property
    def log_path(self) -> Path:
        return self.data / "server.log"

    def start(self) -> LiveServer:
        """Start the process and wait until it answers HTTP."""
        assert self.process is None or self.process.poll() is not None, "already running"
        command = [sys.executable, "-m", "planechase", "serve", "--port", str(self.port), "--data", str(self.data)]
        if self.create_limit is not None:
            command += ["--create-limit", str(self.create_limit)]
        if self.workers is not None:
            command += ["--workers", str(self.workers)]
        command += ["--no-qr", *self.args]  # an option in args wins over the defaults before it
        self.data.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=_env())
        deadline = time.monotonic() + 3 * TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}:\n{self.log()}")
            try:
                if httpx.get(f"{self.base}/api/sets", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not answer within {3 * TIMEOUT} s:\n{self.log()}")

    def stop(self) -> None:
        """Stop the process: politely (SIGTERM), then by force."""
        process, self.process = self.process, None
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=TIMEOUT)

    def kill(self) -> None:
        """Kill the process at once (SIGKILL): no shutdown, no flushing, as in a crash."""
        process, self.process = self.process, None
        assert process is not None and process.poll() is None, "the server is not running"
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=TIMEOUT)
        assert process.returncode == -signal.SIGKILL

    def log(self) -> str:
        return self.log_path.read_text(encoding="utf-8", errors="replace") if self.log_path.exists() else ""

    def post(self, path: str, **kwargs: Any) -> httpx.Response:
        return httpx.post(f"{self.base}{path}", timeout=TIMEOUT, **kwargs)

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return httpx.get(f"{self.base}{path}", timeout=TIMEOUT, **kwargs)

    def create_table(self, **form: Any) -> Table:
        """Create a table from ``form`` (two players, seed 7, Ann starting, if not given) and return it."""
        form = {"players": ["Ann", "Bob"], "seed": 7, "starting_player": 0, **form}
        response = self.post("/api/tables", json=form)
        assert response.status_code == 201, response.text
        return Table(self, response.json(), form)

    def client(self, table_id: str) -> Client:
        return Client(self.ws_url(table_id))


def _env() -> dict[str, str]:
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[2] / "src")
    env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH", "")) if p)
    return env


def token_of(url: str) -> str:
    """The token in a table link: what follows ``#t=`` (up to any ``&``)."""
    assert "#t=" in url, url
    return url.split("#t=", 1)[1].split("&", 1)[0]


@dataclass
class Table:
    """A table created on a server: its id and the tokens its links carry."""

    server: LiveServer
    created: dict[str, Any]
    form: dict[str, Any]

    @property
    def id(self) -> str:
        return str(self.created["id"])

    @property
    def seat_tokens(self) -> list[str]:
        return [token_of(seat["url"]) for seat in self.created["seats"]]

    @property
    def spectator_token(self) -> str:
        return token_of(self.created["spectator_url"])

    @property
    def creator_token(self) -> str:
        return str(self.created["creator"])

    def game(self, actions: Sequence[dict[str, Any]] = ()) -> Game:
        """The table's game rebuilt in this process from the form (the seed makes the same decks and rolls),
        after ``actions``: what the server's table must match."""
        config, _ = table_config(self.form)
        game = Game(GameConfig.from_dict(config))
        for action in actions:
            game.act(action)
        return game

    def join(self, *tokens: str) -> Client:
        """A new connection to this table, joined with ``tokens`` (welcome and first state read)."""
        client = self.server.client(self.id)
        try:
            client.join(*tokens)
        except BaseException:
            client.close()
            raise
        return client

    def seat(self, *seats: int) -> Client:
        return self.join(*(self.seat_tokens[s] for s in seats))


class Client:
    """A WebSocket connection to a table that speaks the channel's JSON messages; every wait times out."""

    def __init__(self, url: str) -> None:
        self._stack = contextlib.ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(connect(url, open_timeout=TIMEOUT, close_timeout=2))
        self.welcome: dict[str, Any] = {}
        self.state: dict[str, Any] = {}
        self._ids = 0

    def __enter__(self) -> Client:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()

    def send(self, message: dict[str, Any] | str | bytes) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message (fails the test after ``timeout`` seconds). A ``state`` message that carries only
        the view's ``changes`` is completed as the page completes it: it must follow the state it is based on,
        and it is given the whole ``view`` that results (``raw`` keeps the message as it came)."""
        raw = self.ws.recv(timeout=timeout)
        message = json.loads(raw)
        assert isinstance(message, dict), raw
        if message.get("type") == "state":
            if "view" not in message:
                assert set(message) >= {"base", "changes"}, message
                assert message["base"] == self.state["state"] == message["state"] - 1, (message, self.state)
                message = {**message, "view": apply_changes(self.state["view"], message), "raw": raw}
            self.state = message
        return message

    def expect(self, kind: str, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The next message, which must be of type ``kind``."""
        message = self.recv(timeout)
        assert message["type"] == kind, f"expected {kind}, got {message}"
        return message

    def quiet(self, wait: float = 0.3) -> bool:
        """Whether nothing arrives for ``wait`` seconds."""
        try:
            message = self.ws.recv(timeout=wait)
        except TimeoutError:
            return True
        raise AssertionError(f"unexpected message: {message!r}")

    def join(self, *tokens: str) -> tuple[dict[str, Any], dict[str, Any]]:
        """Join with ``tokens``: the ``welcome`` and the first ``state`` message."""
        self.send({"type": "join", "tokens": list(tokens)})
        self.welcome = self.expect("welcome")
        return self.welcome, self.expect("state")

    def next_id(self) -> str:
        self._ids += 1
        return f"{id(self):x}-{self._ids}"

    def act(self, action: dict[str, Any], *, state: int | None = None, client_id: str | None = None) -> dict[str, Any]:
        """Send an action against ``state`` (the last state seen, by default); the answer (the ``state`` message
        with the ``ack``, an ``ack`` of a repeated id, ``refused`` or ``error``)."""
        message = {
            "type": "act",
            "id": client_id or self.next_id(),
            "state": self.state["state"] if state is None else state,
            "action": action,
        }
        self.send(message)
        return self.recv()

    def do(self, action: dict[str, Any], *, state: int | None = None, client_id: str | None = None) -> dict[str, Any]:
        """Act and require it to be accepted: the ``state`` message it made, which acknowledges it."""
        client_id = client_id or self.next_id()
        answer = self.act(action, state=state, client_id=client_id)
        assert answer["type"] == "state" and answer.get("ack") == client_id, answer
        return answer

    def ping(self) -> dict[str, Any]:
        self.send({"type": "ping"})
        return self.expect("pong")

    def full_log(self) -> list[dict[str, Any]]:
        self.send({"type": "log"})
        events: list[dict[str, Any]] = self.expect("log")["events"]
        return events


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end in a new event loop on a thread of its own: the browser tests' Playwright
    keeps an event loop running on the main thread for the rest of the session, where ``asyncio.run`` fails."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def connection_refused(url: str) -> bool:
    """Whether nothing accepts a WebSocket connection at ``url`` now."""
    try:
        with connect(url, open_timeout=2):
            return False
    except (OSError, ConnectionClosed):
        return True
