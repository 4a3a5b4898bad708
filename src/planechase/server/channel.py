"""A table's live channel, ``WS /ws/{table}``: each connection's reading, its own outgoing queue, and the limits
that keep one client from holding up anyone else.

The table's lock covers deciding and storing, never sending: a message's answers go into each connection's
bounded queue (:class:`Connection`), and a task of the connection's own sends them. A client that stops
reading (a phone that slept, a hostile script) only fills its own queue: when the queue is full, or one send
waits longer than the send timeout, the connection is dropped, and the client, once back, joins again and gets
the table as it is now. A connection must join within the join timeout; a table and an address have a cap on
their connections; each address has a budget of messages per second, beyond which its messages wait to be
read.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket

from .net import Origins, client_address, link_base
from .rooms import Client, Outgoing, Room
from .settings import ServerSettings
from .tables import CommitError, Tables, TableUnavailableError
from .wire import BadMessageError, Join, Log, Message, decode, encode, parse

log = logging.getLogger("planechase.server")

#: The largest message a client may send, in bytes; a larger one (up to the frame limit) is answered ``too_large``.
MAX_MESSAGE = 16_384
#: The largest WebSocket message the server reads at all: a larger one closes the connection (1009).
MAX_FRAME = 65_536
#: The longest table id in a channel's path.
MAX_TABLE_ID = 64
#: What a page of the log costs from an address's budget of messages, counted in messages: a page is read from
#: the store and is up to 400 events long, so an address gets at most a tenth as many pages as messages.
LOG_COST = 10

#: Close codes the server uses (4000-4999 are the application's own).
CLOSE_NO_TABLE = 4404
CLOSE_FORBIDDEN = 4403
CLOSE_JOIN_TIMEOUT = 4408
CLOSE_TOO_MANY = 4429
CLOSE_BROKEN = 4500
CLOSE_BEHIND = 4001


@dataclass
class Budget:
    """A token bucket: ``rate`` messages a second, up to ``burst`` at once. A reader that finds it empty waits
    for its next token (the client's messages wait in the network meanwhile): nothing is dropped, but no address
    gets more than its share of the server."""

    rate: float
    burst: float
    tokens: float = 0.0
    at: float = 0.0

    def __post_init__(self) -> None:
        self.tokens, self.at = self.burst, time.monotonic()

    def try_take(self, cost: float) -> bool:
        """Take ``cost`` tokens if there are that many now; whether it did."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    async def take(self, cost: float = 1.0) -> None:
        """Take ``cost`` tokens, waiting for them if need be."""
        cost = min(cost, self.burst)
        while not self.try_take(cost):
            await asyncio.sleep((cost - self.tokens) / self.rate)


class Connection:
    """One WebSocket connection's sending side: a bounded queue of texts (and at most one close), drained by a
    task of its own. ``abort`` closes the connection at once, whatever is buffered; ``send_now`` sends a text at
    once if the connection takes it without waiting, which is what happens almost always, so the queue and its
    task work only for a client that falls behind (either may be ``None``: not available)."""

    def __init__(
        self,
        websocket: WebSocket,
        settings: ServerSettings,
        abort: Callable[[], None] | None,
        on_drop: Callable[[Connection], None],
        send_now: Callable[[str], bool] | None = None,
    ) -> None:
        self.websocket = websocket
        self.settings = settings
        self.abort = abort
        self.send_now = send_now
        #: The sending task is in the middle of a send (a text sent at once now would overtake it).
        self.sending = False
        self.on_drop = on_drop
        self.queue: deque[str | int] = deque()
        self.queued_bytes = 0
        self.closing = False
        self.dropped = False
        self._ready = asyncio.Event()
        self.task = asyncio.ensure_future(self._send_all())
        self.client = Client(send=self.send, close=self.close)
        #: The table's room, once the connection joined it, and whether it watches (holds no seat).
        self.room: Room | None = None
        self.watching = False
        self.closer: asyncio.Future[None] | None = None

    def send(self, text: str) -> None:
        """Send a text: at once when nothing waits before it and the connection takes it without waiting (the
        server's ``planechase.send_now``), else through the queue. A full queue drops the connection (the client
        rejoins when it is back)."""
        if self.closing or self.dropped:
            return
        if not self.queue and not self.sending and self.send_now is not None and self.send_now(text):
            return
        limits = self.settings
        if len(self.queue) >= limits.queue_messages or self.queued_bytes + len(text) > limits.queue_bytes:
            self.drop("it fell behind (its queue is full)")
            return
        self.queue.append(text)
        self.queued_bytes += len(text)
        self._ready.set()

    def close(self, code: int) -> None:
        """Close the connection with ``code`` once what is queued before has been sent."""
        if self.closing or self.dropped:
            return
        self.closing = True
        self.queue.append(code)
        self._ready.set()

    async def _send_all(self) -> None:
        timeout = self.settings.send_timeout
        try:
            while True:
                while not self.queue:
                    self._ready.clear()
                    await self._ready.wait()
                item = self.queue.popleft()
                self.sending = True
                async with asyncio.timeout(timeout):
                    if isinstance(item, int):
                        await self.websocket.close(item)
                        return
                    self.queued_bytes -= len(item)
                    await self.websocket.send_text(item)
                self.sending = False
        except TimeoutError:
            self.drop(f"a send waited more than {timeout:g} s")
        except asyncio.CancelledError:
            raise
        except Exception:  # the connection went away: its reading side ends too
            self.drop("")

    def drop(self, why: str) -> None:
        """Stop serving this connection at once: it leaves its table, and its socket is closed."""
        if self.dropped:
            return
        self.dropped = True
        self.queue.clear()
        self.queued_bytes = 0
        if why:
            log.warning("Dropped a connection: %s", why)
        self.on_drop(self)
        if not self.task.done() and asyncio.current_task() is not self.task:
            self.task.cancel()
        if self.abort is not None:
            self.abort()
        else:  # no transport to abort (an in-process test client): ask for a close instead
            self.closer = asyncio.ensure_future(self._close_quietly())

    async def _close_quietly(self) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.websocket.close(CLOSE_BEHIND), self.settings.send_timeout)

    async def stop(self) -> None:
        """The reading side ended: send what is queued up to a close asked for (within the send timeout), then
        stop sending."""
        if self.closing and not self.dropped and not self.task.done():
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.task), self.settings.send_timeout)
        if not self.task.done():
            self.task.cancel()
        await asyncio.gather(self.task, return_exceptions=True)  # a cancellation of the caller still goes through


class Channel:
    """The ``/ws/{table}`` endpoint of one server process."""

    def __init__(
        self, tables: Tables, settings: ServerSettings, origins: Origins, activity: Callable[[], None] = lambda: None
    ) -> None:
        self.tables = tables
        self.settings = settings
        self.origins = origins
        #: Called for every message read (the server is not quiet: see :mod:`planechase.server.collector`).
        self.activity = activity
        self.per_address: dict[str, int] = {}
        #: The connections watching each table (joined with no seat: spectators, displays, a creator).
        self.watchers: dict[str, int] = {}
        #: Each address's budget of messages, shared by its connections.
        self.budgets: dict[str, Budget] = {}
        #: Told when a table's undo proposal changed without a new entry (servers sharing a database tell each
        #: other, see :mod:`planechase.server.shared`), with the seats that refused it, if any.
        self.on_proposal: Callable[[Room, list[int]], None] | None = None

    async def serve(self, websocket: WebSocket) -> None:
        """Serve one connection, from its handshake to its close."""
        table_id = websocket.path_params["table_id"]
        if not self.origins.allowed(websocket.scope):
            await websocket.close(code=CLOSE_FORBIDDEN)  # before accepting: the handshake is refused (403)
            return
        address = client_address(websocket.scope)
        await websocket.accept()
        record = self.tables.record(table_id) if len(table_id) <= MAX_TABLE_ID else None
        if record is None:
            await self._refuse(websocket, CLOSE_NO_TABLE, "no_table", "no such table")
            return
        if self.per_address.get(address, 0) >= self.settings.max_per_address:
            limit = self.settings.max_per_address
            await self._refuse(websocket, CLOSE_TOO_MANY, "too_many", f"at most {limit} connections from one address")
            return
        self.per_address[address] = self.per_address.get(address, 0) + 1
        extensions = websocket.scope.get("extensions", {})
        abort, send_now = extensions.get("planechase.abort"), extensions.get("planechase.send_now")
        connection = Connection(websocket, self.settings, abort, self._leave, send_now)
        connection.client.link_base = link_base(websocket.scope, self.settings)
        try:
            await self._serve(websocket, table_id, connection, self._budget(address))
        finally:
            self._leave(connection)
            await connection.stop()
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]

    def _budget(self, address: str) -> Budget:
        """The address's budget of messages. It outlives the address's connections until it would be full again,
        so that connecting anew never refills it."""
        if len(self.budgets) > 2 * len(self.per_address) + 100:
            now = time.monotonic()
            self.budgets = {
                key: budget
                for key, budget in self.budgets.items()
                if key in self.per_address or budget.tokens + (now - budget.at) * budget.rate < budget.burst
            }
        budget = self.budgets.get(address)
        if budget is None:
            budget = self.budgets[address] = Budget(self.settings.messages_per_second, self.settings.message_burst)
        return budget

    def _leave(self, connection: Connection) -> None:
        room, connection.room = connection.room, None
        if room is not None:
            room.disconnect(connection.client)
            if connection.watching:
                connection.watching = False
                self.watchers[room.record.id] -= 1
                if not self.watchers[room.record.id]:
                    del self.watchers[room.record.id]
            self.tables.release(room)

    async def _refuse(self, websocket: WebSocket, code: int, error: str, message: str) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                websocket.send_text(encode({"type": "error", "code": error, "message": message})),
                self.settings.send_timeout,
            )
            await asyncio.wait_for(websocket.close(code=code), self.settings.send_timeout)

    async def _serve(self, websocket: WebSocket, table_id: str, connection: Connection, budget: Budget) -> None:
        """Read the connection's messages until it closes."""
        client = connection.client
        deadline = asyncio.get_running_loop().time() + self.settings.join_timeout
        while not connection.dropped:
            try:
                if not client.joined:
                    remaining = deadline - asyncio.get_running_loop().time()
                    frame = await asyncio.wait_for(websocket.receive(), max(0.0, remaining))
                else:
                    frame = await websocket.receive()
            except TimeoutError:
                limit = self.settings.join_timeout
                connection.send(encode(_error("join_timeout", f"join within {limit:g} s of connecting")))
                connection.close(CLOSE_JOIN_TIMEOUT)
                break
            if frame["type"] == "websocket.disconnect":
                break
            self.activity()
            message = _read(frame)
            # A page of the log, or a join (the whole table and its log), costs what ten messages do.
            cost = LOG_COST if isinstance(message, Log | Join) else 1
            if not budget.try_take(cost):
                await budget.take(cost)
            if connection.dropped:
                break
            if isinstance(message, dict):
                connection.send(encode(message))
                continue
            if isinstance(message, Join):
                if not await self._join(table_id, connection, message):
                    break
                if connection.room is None:  # its tokens are not the table's: answered already
                    continue
            room = connection.room
            if room is None:
                connection.send(encode(_error("not_joined", "send a join message with your token first")))
                continue
            if room.lost:  # its game got ahead of the store: reconnecting rebuilds it from the store
                connection.close(1011)
                break
            if not await self._handle(room, connection, message):
                break

    async def _join(self, table_id: str, connection: Connection, message: Join) -> bool:
        """Open the table's room for a join whose tokens are the table's (the join itself is answered by the room);
        ``False`` if the connection must end."""
        if connection.room is not None:
            return True  # joined already: the room answers a join again (other seats, say)
        record = self.tables.record(table_id)
        if record is None or any(t not in _tokens(record) for t in message.tokens):
            connection.send(encode(_error("bad_token", "a token is not one of this table's")))
            return True
        watching = all(t not in record.seat_tokens for t in message.tokens)
        if watching and self.watchers.get(table_id, 0) >= self.settings.max_per_table:
            limit = self.settings.max_per_table
            connection.send(encode(_error("too_many", f"at most {limit} devices may watch one table")))
            connection.close(CLOSE_TOO_MANY)
            return False
        try:
            room = await self.tables.open(table_id)
        except TableUnavailableError as exc:
            connection.send(encode(_error(exc.code, str(exc))))
            connection.close(CLOSE_NO_TABLE if exc.code == "no_table" else CLOSE_BROKEN)
            return False
        room.connect(connection.client)  # at once, before anything else awaits: the room stays in memory
        connection.room = room
        if watching:
            connection.watching = True
            self.watchers[table_id] = self.watchers.get(table_id, 0) + 1
        return True

    async def _handle(self, room: Room, connection: Connection, message: Message) -> bool:
        """Answer one message under the table's lock (stored before anything is sent); ``False`` if the
        connection must end (it was dropped meanwhile, or the table's store failed)."""
        client = connection.client
        async with self.tables.lock(room):  # one message at a time per table, answered in order
            if connection.dropped or client not in room.clients:  # dropped while it waited: not answered
                return False
            if room.lost:
                connection.close(1011)
                return False
            state, proposal = room.state, _proposal_key(room)
            try:
                answer = room.handle(client, message)
            except Exception:  # a fault of this program: the table goes on
                log.exception("A message to table %s could not be handled", room.record.id)
                answer = [Outgoing(_error("server_error", "the message could not be handled"), client)]
            if room.state != state:  # stored before it is acknowledged or broadcast
                try:
                    await self.tables.committed()
                except CommitError:
                    self.lost(room)
                    return False
                except asyncio.CancelledError:  # the server is stopping: whether it was stored is not known
                    self.lost(room)
                    raise
            elif self.on_proposal is not None and _proposal_key(room) != proposal:
                refused = [seat for out in answer for seat in out.message.get("refused_by") or ()]
                self.on_proposal(room, refused)
            if not client.joined and isinstance(message, Join):  # refused (too many tokens, say): not in the room
                self._leave(connection)
            deliver(room, answer)
        return True

    def lost(self, room: Room) -> None:
        """The room's game got ahead of its store (or behind another server's): it leaves memory and its clients
        join again."""
        self.tables.forget(room)
        for other in list(room.clients):
            if other.close is not None:
                other.close(1011)


def deliver(room: Room, answer: list[Outgoing]) -> None:
    """Queue each answer for its client, or for every joined client of the table (never waiting for one)."""
    for out in answer:
        text = out.encoded()
        targets = [out.client] if out.client is not None else [c for c in room.clients if c.joined]
        for target in targets:
            if target is out.ack_client:  # the same object with the ack as its last member
                target.send(f'{text[:-1]},"ack":{encode(out.ack_id)}}}')
            else:
                target.send(text)


def _proposal_key(room: Room) -> tuple[int, int, frozenset[int]] | None:
    """The room's undo proposal, to tell whether a message changed it."""
    undo = room.undo
    return None if undo is None else (undo.by, undo.state, frozenset(undo.agreed))


def _tokens(record: Any) -> set[str]:
    return {*record.seat_tokens, record.creator_token, record.spectator_token}


def _error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def _read(frame: Any) -> Message | dict[str, Any]:
    """A frame's message, or the error to answer it with."""
    raw = frame.get("text")
    if raw is None:  # a binary frame: answered, not a reason to drop the connection
        return _error("bad_message", "messages are JSON text, not binary frames")
    if len(raw) > MAX_MESSAGE or len(raw.encode()) > MAX_MESSAGE:
        return _error("too_large", f"messages are at most {MAX_MESSAGE} bytes")
    try:
        return parse(decode(raw))
    except BadMessageError as exc:
        if exc.id:  # an action the client will wait to hear about: refused, as any action is
            return {"type": "refused", "id": exc.id, "code": exc.code, "message": str(exc)}
        return _error(exc.code, str(exc))
    except ValueError:
        return _error("bad_json", "a message must be a JSON object")
