"""The web table's server: a Starlette app served by uvicorn.

Routes:

* ``GET /``: the page to create a table; ``GET /t/{id}``: a table's page (its token in the URL fragment).
* ``POST /api/tables``: create a table (see :func:`planechase.server.create.table_config`); answers every
  seat's link, the spectator and display links, and the creator's token. Rate-limited per address.
* ``GET /api/qr.svg?text=...``: a QR code of a link to this server, for joining from another device.
* ``GET /api/profiles``: the Eternities Map's house-rule profiles; ``GET /api/sets``: the sets for random
  decks.
* ``GET /api/rules/{number}``: a Comprehensive Rules rule's text (``{"number", "text"}``), for the rules the
  engine cites and the multiplayer and Planechase sections (``rules.json``, made by ``scripts/extract_rules.py``).
* ``GET /api/i18n/{lang}``: the pages' translations into a language, ``{msgid: msgstr}`` (see
  :mod:`planechase.server.i18n`); English, the pages' own language, answers ``{}``.
* ``WS /ws/{id}``: the table's live channel; messages are JSON objects (see :mod:`planechase.server.rooms`).

Every message is size-limited and must be a JSON object; a bad one gets an ``error`` answer and never stops
the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import json
import re
import time
from collections import defaultdict, deque
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import segno
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..cards.random_decks import known_sets
from ..variants.eternities_map import PROFILE_SUMMARIES, PROFILES
from .collector import TICK_EVERY, Collector, CountConnections
from .create import CreateError, table_config
from .i18n import LANGUAGES, catalog
from .rooms import Client, Outgoing, Room, decode, encode
from .store import Store

STATIC = Path(__file__).parent / "static"
RULES = Path(__file__).parent / "rules.json"
#: A rule number: a section (``901``), a rule (``901.9``) or a subrule (``901.9a``).
RULE_NUMBER = re.compile(r"\d{3}(\.\d+[a-z]?)?")

#: The largest message a client may send, in bytes.
MAX_MESSAGE = 16_384
#: The largest table form, in bytes.
MAX_FORM = 200_000
#: How many tables one address may create per minute.
CREATE_PER_MINUTE = 20


@functools.cache
def rule_texts() -> dict[str, str]:
    """The rules' texts by number, read from ``rules.json`` once.

    >>> rule_texts()["901.9"].startswith("Any time the active player has priority")
    True
    """
    texts: dict[str, str] = json.loads(RULES.read_text(encoding="utf-8"))
    return texts


#: The shortest time between two commits, in seconds: under load, entries arriving within it share one commit.
COMMIT_WINDOW = 0.002


class CommitError(Exception):
    """The store could not commit: the entries written since its last commit are lost."""


class Tables:
    """The rooms in memory, loaded from the store when first needed, and the store's group commits."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.locks: dict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._commit_waiters: list[asyncio.Future[None]] = []
        self._last_commit = 0.0

    async def committed(self) -> None:
        """Return once the store has committed what was written so far; raises :class:`CommitError`.

        The first caller schedules the commit: after everything already waiting to run in this turn of the
        event loop, so the entries of every table that acted in that turn are committed together, and, when
        the last commit was less than :data:`COMMIT_WINDOW` ago (a busy server), at the end of that window,
        so that under load one commit serves many actions while an idle server adds no delay."""
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[None] = loop.create_future()
        self._commit_waiters.append(waiter)
        if len(self._commit_waiters) == 1:
            delay = self._last_commit + COMMIT_WINDOW - loop.time()
            if delay > 0:
                loop.call_later(delay, self._commit)
            else:
                loop.call_soon(self._commit)
        await waiter

    def _commit(self) -> None:
        waiters, self._commit_waiters = self._commit_waiters, []
        self._last_commit = asyncio.get_running_loop().time()
        failure: CommitError | None = None
        try:
            self.store.commit()
        except Exception as exc:  # a full disk, say: nothing appended since the last commit was acknowledged
            failure = CommitError(f"{type(exc).__name__}: {exc}")
        for waiter in waiters:
            if waiter.done():
                continue
            if failure is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(failure)

    def forget(self, room: Room) -> None:
        """Drop a room whose game got ahead of the store; it is rebuilt from the store when next joined."""
        room.lost = True
        if self.rooms.get(room.record.id) is room:
            del self.rooms[room.record.id]

    def room(self, table_id: str) -> Room | None:
        room = self.rooms.get(table_id)
        if room is None:
            record = self.store.table(table_id)
            if record is None:
                return None
            room = self.rooms[table_id] = Room(record, self.store)
        return room


class RateLimit:
    """At most ``limit`` events per address in any ``window`` seconds."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self.seen: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        times = self.seen[key]
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True


def create_app(data: Path | str, *, create_limit: int = CREATE_PER_MINUTE) -> Starlette:
    """The server app, keeping its tables in ``data``/tables.sqlite3."""
    store = Store(Path(data) / "tables.sqlite3", group_commit=True)
    tables = Tables(store)
    limiter = RateLimit(create_limit)
    collector = Collector()

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def table_page(request: Request) -> Response:
        if store.table(request.path_params["table_id"]) is None:
            return FileResponse(STATIC / "missing.html", status_code=404)
        return FileResponse(STATIC / "table.html")

    async def create(request: Request) -> Response:
        client = request.client.host if request.client else "?"
        if not limiter.allow(client):
            return JSONResponse({"error": "too many tables created from here; wait a minute"}, status_code=429)
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > MAX_FORM:
            return JSONResponse({"error": "the form is too large"}, status_code=413)
        body = await request.body()
        if len(body) > MAX_FORM:
            return JSONResponse({"error": "the form is too large"}, status_code=413)
        try:
            form = json.loads(body)
            config, meta = table_config(form)
        except json.JSONDecodeError:
            return JSONResponse({"error": "the form must be JSON"}, status_code=400)
        except CreateError as exc:
            return JSONResponse({"error": str(exc)}, status_code=400)
        record = store.create_table(config, meta, seats=len(config["players"]))
        base = str(request.base_url).rstrip("/")
        page = f"{base}/t/{record.id}"
        return JSONResponse(
            {
                "id": record.id,
                "creator": record.creator_token,
                "creator_url": f"{page}#t={record.creator_token}",
                "seats": [
                    {"seat": seat, "name": name, "url": f"{page}#t={token}"}
                    for seat, (name, token) in enumerate(zip(config["players"], record.seat_tokens, strict=True))
                ],
                "spectator_url": f"{page}#t={record.spectator_token}",
                "display_url": f"{page}#t={record.spectator_token}&display=1",
                "house_rules": meta["house_rules"],
                **({"seed": config["seed"]} if meta.get("seed_given") else {}),
            },
            status_code=201,
        )

    async def qr(request: Request) -> Response:
        text = request.query_params.get("text", "")
        base = str(request.base_url)
        if not text.startswith(base) or len(text) > 512:
            return JSONResponse({"error": "a QR code is made only for a link to this server"}, status_code=400)
        out = io.BytesIO()
        segno.make(text, error="m").save(out, kind="svg", scale=6, border=2)
        return Response(out.getvalue(), media_type="image/svg+xml")

    async def profiles(request: Request) -> Response:
        return JSONResponse(
            [
                {"profile": name, "summary": PROFILE_SUMMARIES[name], "rules": rules.describe()}
                for name, rules in PROFILES.items()
            ]
        )

    async def sets(request: Request) -> Response:
        return JSONResponse(list(known_sets()))

    async def rule(request: Request) -> Response:
        number = request.path_params["number"]
        text = rule_texts().get(number) if RULE_NUMBER.fullmatch(number) else None
        if text is None:
            return JSONResponse({"error": f"no rule {number[:20]!r} here"}, status_code=404)
        return JSONResponse({"number": number, "text": text})

    async def translations(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            return JSONResponse({"error": f"no language {lang[:20]!r} here; try one of {', '.join(LANGUAGES)}"}, 404)
        return JSONResponse(catalog(lang), headers={"Cache-Control": "no-cache"})

    async def channel(websocket: WebSocket) -> None:
        table_id = websocket.path_params["table_id"]
        await websocket.accept()
        room = tables.room(table_id)
        if room is None:
            await websocket.send_text(encode({"type": "error", "code": "no_table", "message": "no such table"}))
            await websocket.close(code=4404)
            return
        client = Client(send=websocket.send_text, close=websocket.close)
        room.connect(client)
        try:
            while True:
                frame = await websocket.receive()
                collector.note_activity()
                if frame["type"] == "websocket.disconnect":
                    break
                if room.lost:  # its game got ahead of the store: reconnecting rebuilds it from the store
                    await websocket.close(code=1011)
                    break
                raw = frame.get("text")
                if raw is None:  # a binary frame: answered, not a reason to drop the connection
                    answer = [_error(client, "bad_message", "messages are JSON text, not binary frames")]
                elif len(raw.encode()) > MAX_MESSAGE:
                    answer = [_error(client, "too_large", f"messages are at most {MAX_MESSAGE} bytes")]
                else:
                    async with tables.locks[table_id]:  # one message at a time per table, delivered in order
                        state = room.state
                        answer = _answer(room, client, raw)
                        if room.state != state:  # stored before it is acknowledged or broadcast
                            try:
                                await tables.committed()
                            except CommitError:
                                tables.forget(room)
                                await _close_all(room, code=1011)
                                break
                        await _deliver(room, answer)
                    continue
                await _deliver(room, answer)
        except WebSocketDisconnect:
            pass
        finally:
            room.disconnect(client)
            if not room.clients and tables.rooms.get(table_id) is room:
                del tables.rooms[table_id]  # rebuilt from the store when someone comes back

    routes = [
        Route("/", index),
        Route("/t/{table_id}", table_page),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/qr.svg", qr),
        Route("/api/profiles", profiles),
        Route("/api/sets", sets),
        Route("/api/rules/{number}", rule),
        Route("/api/i18n/{lang}", translations),
        WebSocketRoute("/ws/{table_id}", channel),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(CountConnections, collector=collector), Middleware(SecurityHeaders)]
    app = Starlette(routes=routes, middleware=middleware, lifespan=_lifespan)
    app.state.store = store
    app.state.tables = tables
    app.state.collector = collector
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """Collect reference cycles on a timer rather than in the middle of the tables' messages (see
    :mod:`planechase.server.collector`)."""
    collector: Collector = app.state.collector
    collector.start()

    async def collect_regularly() -> None:
        while True:
            await asyncio.sleep(TICK_EVERY)
            collector.tick()

    task = asyncio.create_task(collect_regularly())
    try:
        yield
    finally:
        task.cancel()
        collector.stop()


#: The pages load nothing from elsewhere and run no inline script: names and card text can't become code.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


class SecurityHeaders:
    """Adds the content security policy and related headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
            await send(message)

        await self.app(scope, receive, with_headers)


def _error(client: Client, code: str, message: str) -> Outgoing:
    return Outgoing({"type": "error", "code": code, "message": message}, client)


def _answer(room: Room, client: Client, raw: str) -> list[Outgoing]:
    try:
        message: Any = decode(raw)
    except ValueError:
        return [_error(client, "bad_json", "a message must be a JSON object")]
    if not isinstance(message, dict):
        return [_error(client, "bad_json", "a message must be a JSON object")]
    try:
        return room.handle(client, message)
    except Exception as exc:  # never let one message stop the table
        return [_error(client, "server_error", f"the message could not be handled ({type(exc).__name__})")]


async def _close_all(room: Room, *, code: int) -> None:
    for client in list(room.clients):
        if client.close is not None:
            with contextlib.suppress(Exception):
                await client.close(code)


async def _deliver(room: Room, answer: list[Outgoing]) -> None:
    for out in answer:
        text = encode(out.message)
        targets = [out.client] if out.client is not None else [c for c in room.clients if c.joined]
        for target in targets:
            try:
                if target is out.ack_client:  # the same object with the ack as its last member
                    await target.send(f'{text[:-1]},"ack":{encode(out.ack_id)}}}')
                else:
                    await target.send(text)
            except Exception:  # a connection that went away; its own handler cleans it up
                room.disconnect(target)
