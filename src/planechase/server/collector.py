"""When the web table's server collects reference cycles: rarely, on a timer, never in the middle of a message.

Python frees most objects at once by reference counting; its cycle collector exists for the rest, objects that
refer to each other in a loop. Left automatic, it runs after every few thousand allocations and walks the young
objects each time, then again as they age. A busy server makes many long-lived objects for each action (the
engine's new state and its history, the stored entry) and holds thousands more (connections, rooms), so the
automatic collector took about a fifth of the server's time, in pauses spread over the messages being handled.

Yet playing makes no cyclic garbage: the engine's states are immutable and acyclic, and a table's messages,
views and events are freed by reference counting (a test checks this over a real server). Cycles come from
connections (a few dozen objects each, once closed). So the :class:`Collector` turns the automatic collector
off, and once a second only *freezes* the objects that exist (``gc.freeze``: no collection will look at them
again), which costs nothing however many there are. A *full* collection, which unfreezes everything first and
frees every cycle, is made only when connections came and went since the last one: when the server has been
quiet (no message for a couple of seconds) a minute or more after the last one, or, on a server never quiet,
after :data:`FULL_AFTER_CONNECTIONS` connections (a few dozen megabytes of cycles at most), and once a day as a
safety net. A full collection stops every table while it walks the heap: about 2 s for 1,000 tables that
played 200 actions each (2.6 million objects), which is why it waits for a quiet moment when it can.

>>> clock = [0.0]
>>> collector = Collector(clock=lambda: clock[0])
>>> clock[0] = 1.0; collector.due()  # the server has just started: freeze what exists
'freeze'
>>> clock[0] = 120.0; collector.due()  # quiet for two minutes, but no connection came: nothing to free
'freeze'
>>> collector.note_connection(); clock[0] = 130.0; collector.due()  # one came and went: a full collection
'full'
>>> collector.note_activity(); clock[0] = 131.0; collector.due()  # busy: it waits for a quiet moment
'freeze'
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send

#: Seconds between two ticks (a freeze, or a full collection when one is due).
TICK_EVERY = 1.0
#: Seconds without any message after which the server counts as quiet.
QUIET_AFTER = 2.0
#: The least time between two full collections, in seconds: one is made when the server is quiet after that.
FULL_AFTER = 60.0
#: Connections since the last full collection after which one is made, quiet or not.
FULL_AFTER_CONNECTIONS = 10_000
#: The most time between two full collections, in seconds: one is made then, quiet or not (a safety net).
FULL_AT_LEAST = 86_400.0


class Collector:
    """The server's cycle-collection policy (see the module's text). ``clock`` gives seconds (monotonic)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last_activity = clock()
        self.last_full = clock()
        self.freezes = 0
        self.full = 0
        self.connections = 0  # since the last full collection
        self._was_enabled = gc.isenabled()
        self._started = False

    def start(self) -> None:
        """Turn the automatic collector off, collect once and freeze what is left (the modules, the app)."""
        self._was_enabled = gc.isenabled()
        gc.disable()
        gc.collect()
        gc.freeze()
        self._started = True
        self.last_full = self.clock()

    def stop(self) -> None:
        """Give the process its automatic collector back (for a server run inside another program, or tests)."""
        if not self._started:
            return
        self._started = False
        gc.unfreeze()
        if self._was_enabled:
            gc.enable()

    def note_activity(self) -> None:
        """A message came in: the server is not quiet."""
        self.last_activity = self.clock()

    def note_connection(self) -> None:
        """A connection (HTTP or WebSocket) came: once it closes, its cycles wait for a full collection."""
        self.connections += 1

    def due(self) -> str:
        """What to do now: ``'full'`` (a full collection) or ``'freeze'`` (freeze what exists)."""
        now = self.clock()
        since_full = now - self.last_full
        quiet = now - self.last_activity >= QUIET_AFTER
        if since_full >= FULL_AT_LEAST or self.connections >= FULL_AFTER_CONNECTIONS:
            return "full"
        return "full" if self.connections and quiet and since_full >= FULL_AFTER else "freeze"

    def tick(self) -> str:
        """Do what is :meth:`due`; which it was."""
        kind = self.due()
        if kind == "full":
            gc.unfreeze()
            gc.collect()
            self.last_full = self.clock()
            self.full += 1
            self.connections = 0
        else:
            self.freezes += 1
        gc.freeze()
        return kind


class CountConnections:
    """ASGI middleware telling the :class:`Collector` of every connection (HTTP request or WebSocket)."""

    def __init__(self, app: ASGIApp, collector: Collector) -> None:
        self.app = app
        self.collector = collector

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            self.collector.note_connection()
        await self.app(scope, receive, send)
