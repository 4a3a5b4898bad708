"""What passes between servers sharing a database: Redis publish/subscribe (``planechase serve --bus redis://...``).

Each server publishes on one channel, :data:`CHANNEL`, when it has committed entries (``{"kind": "entries",
"table", "seq", "entries"}``: the table's newest entry number and the entries themselves, left out when too
long) and when a table's undo proposal changed (``{"kind": "undo", ...}``, see
:func:`planechase.server.shared.proposal_message`), and hears the others'. Nothing on the bus is
needed for correctness: the database holds every entry and decides their order, and the servers also read it
every second (:data:`planechase.server.shared.POLL_EVERY`). So Redis going away only slows the screens of a table
spread over several servers (and an undo proposal waits for Redis to reach the others); the bus connects again
by itself, and ``/healthz`` keeps saying the server is healthy.

It needs the ``redis`` extra (``pip install 'planechase[redis]'``, redis-py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

log = logging.getLogger("planechase.server")

#: The Redis channel the servers talk on.
CHANNEL = "planechase:tables"
#: The largest message heard on the bus, in bytes (larger ones are ignored).
MAX_MESSAGE = 65_536
#: Messages waiting to be published; beyond it they are dropped (the others read the database meanwhile).
QUEUE_LIMIT = 10_000
#: Seconds between attempts to reach Redis again (doubling up to the last).
RETRY_DELAYS = (0.2, 0.5, 1.0, 2.0, 5.0)


class Bus:
    """This server's connection to Redis: :meth:`publish` to the others, and ``hear(message)`` called with
    each of theirs (never with this server's own)."""

    def __init__(self, url: str, hear: Callable[[dict[str, Any]], Awaitable[None]]) -> None:
        try:
            import redis.asyncio as redis
        except ImportError:  # pragma: no cover - the extra is not installed
            raise RuntimeError("--bus needs redis-py: pip install 'planechase[redis]'") from None
        self.url = url
        self.node = secrets.token_hex(8)
        self._redis = redis
        self._hear = hear
        self._client: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self._outbox: asyncio.Queue[bytes] = asyncio.Queue(QUEUE_LIMIT)
        #: Whether the bus is connected now; messages published while it is not are dropped.
        self.up = False
        self.published = 0
        self.dropped = 0
        self.heard = 0

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._listen()), asyncio.create_task(self._publish_in_order())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.aclose()

    def publish(self, message: dict[str, Any]) -> None:
        """Tell the other servers ``message``, in the order they were given (dropped while Redis is away, or when
        too many wait: the others read the database meanwhile)."""
        if not self.up:
            self.dropped += 1
            return
        data = orjson.dumps({**message, "node": self.node})
        if len(data) > MAX_MESSAGE and "entries" in message:  # too long to carry: the others read the database
            data = orjson.dumps({**{k: v for k, v in message.items() if k != "entries"}, "node": self.node})
        try:
            self._outbox.put_nowait(data)
        except asyncio.QueueFull:
            self.dropped += 1

    async def allow(self, key: str, limit: int, window: int) -> bool | None:
        """Whether one more event of ``key`` fits in ``limit`` per ``window`` seconds, counted by every server
        sharing the bus (fixed windows); ``None`` when Redis can't say (each server then counts alone)."""
        client = self._client
        if not self.up or client is None:
            return None
        bucket = f"planechase:limit:{key}:{int(time.time() // window)}"
        try:
            async with client.pipeline(transaction=True) as pipe:
                count, _ = await pipe.incr(bucket).expire(bucket, window * 2).execute()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.warning("The bus could not count %s (%s): this server counts alone", key, exc)
            return None
        return int(count) <= limit

    async def _publish_in_order(self) -> None:
        """Publish what waits, one message at a time on one connection (so in order, and never a connection per
        message under load)."""
        while True:
            data = await self._outbox.get()
            client = self._client
            if client is None or not self.up:
                self.dropped += 1
                continue
            try:
                await client.publish(CHANNEL, data)
                self.published += 1
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: the listener notices too, and connects again
                self.dropped += 1
                log.warning("The bus could not publish (%s): the other servers read the database meanwhile", exc)

    async def _listen(self) -> None:
        attempt = 0
        while True:
            try:
                # One connection for publishing (the listener's own is the subscription's).
                self._client = self._redis.from_url(
                    self.url, socket_connect_timeout=5, health_check_interval=10, max_connections=4
                )
                pubsub = self._client.pubsub(ignore_subscribe_messages=True)
                await pubsub.subscribe(CHANNEL)
                if attempt:
                    log.warning("The bus is connected again")
                self.up, attempt = True, 0
                async for raw in pubsub.listen():
                    await self._take(raw)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.up or not attempt:
                    log.warning("The bus is away (%s): the screens of shared tables follow the database", exc)
                self.up = False
                with contextlib.suppress(Exception):
                    await self._client.aclose()
                await asyncio.sleep(RETRY_DELAYS[min(attempt, len(RETRY_DELAYS) - 1)])
                attempt += 1

    async def _take(self, raw: Any) -> None:
        data = raw.get("data") if isinstance(raw, dict) else None
        if not isinstance(data, bytes | str) or len(data) > MAX_MESSAGE:
            return
        try:
            message = orjson.loads(data)
        except orjson.JSONDecodeError:
            return
        if not isinstance(message, dict) or message.get("node") == self.node:
            return
        self.heard += 1
        try:
            await self._hear(message)
        except Exception:  # a message this server could not use: the database still has the truth
            log.exception("A message from another server could not be used")
