"""The tables a server process holds in memory: loading them off the event loop, committing their entries in
groups, and setting aside a table that cannot be loaded.

A table's room is loaded from the store when a client first joins it (:meth:`Tables.open`), in a thread, so a
long table never stalls the other tables; its snapshots keep that load short (:mod:`planechase.server.rooms`).
Two clients joining at once share one load. A table whose entries do not replay is reported, set aside in the
store (:meth:`~planechase.server.store.Store.set_aside`) and refused from then on: it never takes the server
down, and never loads again and again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Callable, Coroutine
from typing import Any

from .rooms import CLIENT_IDS_KEPT, Room, TableLoadError
from .store import TableRecord, TableStore, Written

log = logging.getLogger("planechase.server")

#: The shortest time between two commits, in seconds: under load, entries arriving within it share one commit.
COMMIT_WINDOW = 0.002


class CommitError(Exception):
    """The store could not commit: the entries written since its last commit are lost."""


class TableUnavailableError(Exception):
    """A table that cannot be opened: ``code`` is ``no_table`` or ``broken``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class Tables:
    """The rooms in memory, loaded from the store when first needed, and the store's group commits."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        #: Each room's lock (a room that left memory keeps its own, and a new room of the table gets a new one).
        self._locks: weakref.WeakKeyDictionary[Room, asyncio.Lock] = weakref.WeakKeyDictionary()
        self._loading: dict[str, asyncio.Task[Room]] = {}
        self._commit_waiters: list[asyncio.Future[None]] = []
        self._last_commit = 0.0
        self._background: set[asyncio.Future[None]] = set()
        #: Tables this process could not load for a fault of its own, with why (tried again after a restart).
        self.unloadable: dict[str, str] = {}
        #: Told how long each commit took, in seconds (GET /metrics); commits that failed, and whether the last did.
        self.on_commit: Callable[[float], None] | None = None
        #: Told, after each commit, the entries it wrote, by table (servers sharing a database tell each other,
        #: see :mod:`planechase.server.shared`).
        self.on_written: Callable[[dict[str, list[Written]]], None] | None = None
        self.commit_failures = 0
        self.commit_conflicts = 0
        self.last_commit_failed = False

    # -- committing ------------------------------------------------------------------------------

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
        loop = asyncio.get_running_loop()
        self._last_commit = loop.time()
        started = time.perf_counter()
        try:
            written = self.store.commit() or {}
        except Exception as exc:  # a full disk, say: nothing written since the last commit is kept
            self._settled(waiters, started, {}, exc)
            return
        self._settled(waiters, started, written, None)

    def _settled(
        self,
        waiters: list[asyncio.Future[None]],
        started: float,
        written: dict[str, list[Written]],
        error: BaseException | None,
    ) -> None:
        """A commit ended: tell who waits for it (and the metrics, and the other servers)."""
        failure: CommitError | None = None
        if error is not None:
            failure = CommitError(f"{type(error).__name__}: {error}")
            if self.store.number_taken(error):  # another server wrote a table first: its rooms here are behind
                log.warning("Another server took an entry's number first; its tables are read again: %s", error)
                self.commit_conflicts += 1
            else:
                log.error("The store could not commit: %s", failure)
                self.commit_failures += 1
                self.last_commit_failed = True
        else:
            self.last_commit_failed = False
            if written and self.on_written is not None:
                self.on_written(written)
        if self.on_commit is not None:
            self.on_commit(time.perf_counter() - started)
        for waiter in waiters:
            if waiter.done():
                continue
            if failure is None:
                waiter.set_result(None)
            else:
                waiter.set_exception(failure)

    async def _commit_quietly(self) -> None:
        with contextlib.suppress(CommitError):  # logged; the snapshot is made again next time
            await self.committed()

    # -- rooms -----------------------------------------------------------------------------------

    def record(self, table_id: str) -> TableRecord | None:
        """The table's stored record (its tokens), without loading its game."""
        room = self.rooms.get(table_id)
        return room.record if room is not None else self.store.table(table_id)

    async def open(self, table_id: str) -> Room:
        """The table's room, loaded from the store if it is not in memory (in a thread; clients asking at once
        share one load). Raises :class:`TableUnavailableError`. The caller must connect to the room before it next
        awaits, or the room may leave memory meanwhile (:meth:`release`)."""
        while True:
            room = self.rooms.get(table_id)
            if room is not None:
                return room
            task = self._loading.get(table_id)
            if task is None:
                task = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
                task.add_done_callback(lambda _: self._loading.pop(table_id, None))
            await asyncio.shield(task)

    async def _load(self, table_id: str) -> Room:
        if self.store.uncommitted:  # what its room wrote before it left memory must be read back
            with contextlib.suppress(CommitError):  # its rooms were forgotten: the store has what it has
                await self.committed()
        if table_id in self.unloadable:
            raise TableUnavailableError("broken", self.unloadable[table_id])
        try:
            stored = await asyncio.to_thread(self.store.read_table, table_id, recent=CLIENT_IDS_KEPT)
        except Exception as exc:  # an unreadable file, say: this table can't be opened now
            log.exception("Table %s could not be read", table_id)
            raise TableUnavailableError("broken", f"the table could not be read ({type(exc).__name__})") from None
        if stored is None:
            raise TableUnavailableError("no_table", "no such table")
        if stored.record.broken:
            raise TableUnavailableError(
                "broken", f"this table was set aside: it could not be loaded ({stored.record.broken})"
            )
        try:
            room = await asyncio.to_thread(Room.load, stored, self.store)
        except TableLoadError as exc:  # its entries do not replay: set aside in the store, for good
            reason = f"this table was set aside: it could not be loaded ({exc})"
            log.error("Table %s could not be loaded and is set aside: %s", table_id, exc)
            try:
                self.store.set_aside(table_id, str(exc))
            except Exception:
                log.exception("Table %s could not be marked as set aside", table_id)
            raise TableUnavailableError("broken", reason) from None
        except Exception as exc:  # a fault of this program: reported, and not tried again until a restart
            log.exception("Table %s could not be loaded", table_id)
            reason = f"this table could not be loaded ({type(exc).__name__}); the server's log says why"
            self.unloadable[table_id] = reason
            raise TableUnavailableError("broken", reason) from None
        self.rooms[table_id] = room
        if room.snapshot_if_due():  # a long replay (no snapshot yet, or another version's): not again
            self._later(self._commit_quietly())
        return room

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` on its own, keeping a reference to it until it is done."""
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def lock(self, room: Room) -> asyncio.Lock:
        """The room's lock: one message at a time per table, answered in order."""
        lock = self._locks.get(room)
        if lock is None:
            lock = self._locks[room] = asyncio.Lock()
        return lock

    def release(self, room: Room) -> None:
        """A client left ``room``: a room nobody is connected to leaves memory (it is loaded again when someone
        comes back)."""
        if not room.clients and self.rooms.get(room.record.id) is room:
            del self.rooms[room.record.id]

    def forget(self, room: Room) -> None:
        """Drop a room whose game got ahead of the store; it is rebuilt from the store when next joined."""
        room.lost = True
        if self.rooms.get(room.record.id) is room:
            del self.rooms[room.record.id]
