"""Where the web table keeps its games: one SQLite file (the embedded default, nothing to install).

A table is its configuration, a token per seat (and one for the table's creator and one for spectators)
and the list of its accepted entries: engine actions and agreed undos, numbered from 1. The game is
rebuilt by replaying the entries from the configuration, which is deterministic from the seed, so an
entry written to disk is never lost: every entry is committed before it is acknowledged or broadcast.

Beside each action the store keeps the events it made, as the table's clients saw them, so that any page of a
long table's log is one query; an action taken back by an agreed undo is marked ``undone`` and leaves the log.
Every so often the table's room also stores a *snapshot* (:meth:`Store.put_snapshot`): the states a table needs
at one entry, so that loading a long table replays only the entries after its newest snapshot.

>>> import tempfile, pathlib
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "tables.sqlite3")
>>> record = store.create_table({"players": ["Ann", "Bob"]}, {"name": "Friday"}, seats=2)
>>> store.append(record.id, "action", {"type": "pass", "player": 0}, client_id="c1")
1
>>> [(e.seq, e.kind, e.body) for e in store.entries(record.id)]
[(1, 'action', {'type': 'pass', 'player': 0})]
>>> store.append(record.id, "action", {"type": "pass", "player": 1}, client_id="c1") is None  # a retry
True
"""

from __future__ import annotations

import contextlib
import json
import secrets
import sqlite3
import threading
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import orjson

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    config TEXT NOT NULL,
    meta TEXT NOT NULL,
    creator_token TEXT NOT NULL,
    spectator_token TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS entries (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    client_id TEXT,
    created REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
-- Client ids were once kept unique by an index; the table's room keeps them unique (it knows every id its
-- table used), and the index doubled the cost of writing an entry.
DROP INDEX IF EXISTS entries_by_client;
"""

#: Changes to the schema above, by the version each makes (SQLite's ``user_version``).
_MIGRATIONS: dict[int, str] = {
    1: """
ALTER TABLE entries ADD COLUMN events TEXT;
ALTER TABLE entries ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN broken TEXT;
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    body BLOB NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
""",
}

#: How many snapshots of a table are kept (the newest ones; an older one serves if the newest can't be read).
SNAPSHOTS_KEPT = 2


def new_token() -> str:
    """An unguessable token (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def new_record(config: Mapping[str, Any], meta: Mapping[str, Any], seats: int) -> TableRecord:
    """A new table's record: a fresh id, and a fresh token for each seat, the creator and the spectators."""
    return TableRecord(
        id=secrets.token_urlsafe(6),
        created=time.time(),
        config=dict(config),
        meta=dict(meta),
        creator_token=new_token(),
        spectator_token=new_token(),
        seat_tokens=tuple(new_token() for _ in range(seats)),
    )


#: What waits for the next commit: entries to insert, entries undone, snapshots (see :meth:`WriteQueue.commit`).
Pending = tuple[
    list[tuple[str, int, str, str, "str | None", float, "str | None"]],
    list[tuple[str, int]],
    list[tuple[str, int, bytes, float]],
]
#: An entry as a commit wrote it: ``(seq, kind, body JSON, client id, events JSON)``.
Written = tuple[int, str, str, "str | None", "str | None"]


def written_by_table(inserts: Sequence[tuple[Any, ...]]) -> dict[str, list[Written]]:
    """The rows a commit inserted (``(table_id, seq, kind, body, client_id, created, events)``), by table, in order."""
    written: dict[str, list[Written]] = {}
    for table_id, seq, kind, body, client_id, _, events in inserts:
        written.setdefault(table_id, []).append((seq, kind, body, client_id, events))
    return written


def entry_of_written(row: Sequence[Any]) -> Entry:
    """An :class:`Entry` from a written row (as :func:`written_by_table` gives it, or a bus message carries it)."""
    seq, kind, body, client_id, events = row
    return _entry((seq, kind, body, client_id, events))


def log_page_of(
    rows: Sequence[Sequence[Any]], *, limit: int, min_entries: int, wanted: int
) -> tuple[list[tuple[int, list[dict[str, Any]]]], bool]:
    """A page of the log from the rows ``(seq, events JSON)`` a store read, newest first (at most ``wanted``):
    the fewest that hold ``limit`` events and number at least ``min_entries``, and whether older ones remain."""
    page: list[tuple[int, list[dict[str, Any]]]] = []
    count = 0
    for seq, events in rows:
        if count >= limit and len(page) >= min_entries:
            return page, True
        shown = [] if events is None else orjson.loads(events)
        page.append((seq, shown))
        count += len(shown)
    return page, len(rows) == wanted


@dataclass(frozen=True)
class TableRecord:
    """A stored table: its id, when it was made, its game configuration (JSON form), what the creator
    chose beside it (``meta``: a name, how decks were made, house rules), and its tokens. ``broken`` says why
    the table was set aside (it could not be loaded), or is empty."""

    id: str
    created: float
    config: dict[str, Any]
    meta: dict[str, Any]
    creator_token: str
    spectator_token: str
    seat_tokens: tuple[str, ...]
    broken: str = ""


@dataclass(frozen=True)
class Entry:
    """An accepted entry: ``kind`` is ``action`` (an engine action) or ``undo`` (an agreed undo). ``events`` is
    what the action showed the table (``None`` where it was stored before the store kept events)."""

    seq: int
    kind: str
    body: dict[str, Any]
    client_id: str | None
    events: list[dict[str, Any]] | None = None


@dataclass(frozen=True)
class Snapshot:
    """A stored snapshot: the table's states at entry ``seq``, in the room's own (opaque) form."""

    seq: int
    body: bytes


@dataclass(frozen=True)
class StoredTable:
    """What loading a table needs, read in one go (see :meth:`Store.read_table`)."""

    record: TableRecord
    #: The newest snapshots first.
    snapshots: list[Snapshot]
    #: The entries after the oldest snapshot's number (all of them if there is none), in order.
    entries: list[Entry]
    #: The newest entries that carry a client id, up to the number asked for, in order.
    recent: list[Entry]


class TableStore(Protocol):
    """What the web table needs of a store: :class:`Store` (SQLite) and
    :class:`~planechase.server.pgstore.PostgresStore` (PostgreSQL) both are one."""

    group_commit: bool
    created: int
    appended: Counter[str]

    def close(self) -> None: ...
    def create_table(self, config: Mapping[str, Any], meta: Mapping[str, Any], *, seats: int) -> TableRecord: ...
    def table(self, table_id: str) -> TableRecord | None: ...
    def table_ids(self) -> list[str]: ...
    def set_aside(self, table_id: str, reason: str) -> None: ...
    def broken_tables(self) -> list[tuple[str, str]]: ...
    def entries(self, table_id: str, *, after: int = 0) -> list[Entry]: ...
    def entries_at(self, table_id: str, seqs: Sequence[int]) -> list[Entry]: ...
    def read_table(self, table_id: str, *, recent: int) -> StoredTable | None: ...
    def log_page(
        self, table_id: str, *, before: int, limit: int, min_entries: int = 0
    ) -> tuple[list[tuple[int, list[dict[str, Any]]]], bool]: ...
    def append(
        self,
        table_id: str,
        kind: str,
        body: Mapping[str, Any],
        *,
        client_id: str | None,
        seq: int | None = None,
        events: Sequence[Mapping[str, Any]] | str | None = None,
    ) -> int | None: ...
    def mark_undone(self, table_id: str, seq: int) -> None: ...
    def put_snapshot(self, table_id: str, seq: int, body: bytes) -> None: ...
    def fill_in_events(
        self, table_id: str, events: Sequence[tuple[int, list[dict[str, Any]]]], undone: Sequence[int]
    ) -> None: ...
    @property
    def uncommitted(self) -> bool: ...

    def commit(self) -> dict[str, list[Written]]: ...
    def newest_entries(self, table_ids: Sequence[str]) -> dict[str, int]: ...
    def entry_of_client(self, table_id: str, client_id: str) -> Entry | None: ...
    def number_taken(self, error: BaseException) -> bool: ...


_ENTRY_COLUMNS = "seq, kind, body, client_id, events"


def _entry(row: Sequence[Any]) -> Entry:
    return Entry(row[0], row[1], orjson.loads(row[2]), row[3], None if row[4] is None else orjson.loads(row[4]))


class WriteQueue:
    """The writes a store queues until its next commit, the same for both stores (:class:`Store` and
    :class:`~planechase.server.pgstore.PostgresStore`, which write them each in their own way)."""

    group_commit: bool

    def _start_queue(self) -> None:
        self._inserts: list[tuple[str, int, str, str, str | None, float, str | None]] = []
        self._undone: list[tuple[str, int]] = []
        self._snapshots: list[tuple[str, int, bytes, float]] = []
        #: What this store was asked to write since it was opened (for GET /metrics): tables, entries by kind.
        self.created = 0
        self.appended: Counter[str] = Counter()

    def _last_seq(self, table_id: str) -> int:
        """The table's newest entry number (0 without entries)."""
        raise NotImplementedError

    def entry_of_client(self, table_id: str, client_id: str) -> Entry | None:
        raise NotImplementedError

    def append(
        self,
        table_id: str,
        kind: str,
        body: Mapping[str, Any],
        *,
        client_id: str | None,
        seq: int | None = None,
        events: Sequence[Mapping[str, Any]] | str | None = None,
    ) -> int | None:
        """Write an entry after the table's last (number ``seq`` when the caller knows it), with the events it
        showed (a list, or its JSON text); its number, or ``None`` if ``client_id`` was already used at this table
        (a retried message: nothing is written). Committed at once unless the store makes group commits (and then
        the caller, who knows the ids its tables used, must not give a used one)."""
        if seq is None:
            if self.group_commit:
                raise ValueError("with group commits, say which number the entry takes (seq)")
            seq = self._last_seq(table_id) + 1
        if not self.group_commit and client_id is not None and self.entry_of_client(table_id, client_id):
            return None
        shown = events if events is None or isinstance(events, str) else orjson.dumps(list(events)).decode()
        self._inserts.append((table_id, seq, kind, orjson.dumps(dict(body)).decode(), client_id, time.time(), shown))
        self.appended[kind] += 1
        self._written()
        return seq

    def mark_undone(self, table_id: str, seq: int) -> None:
        """Mark action ``seq`` as taken back by an undo: it leaves the log (written with the next commit)."""
        self._undone.append((table_id, seq))
        self._written()

    def put_snapshot(self, table_id: str, seq: int, body: bytes) -> None:
        """Keep a snapshot of the table at entry ``seq`` (written with the next commit, after the entries; only the
        newest :data:`SNAPSHOTS_KEPT` are kept)."""
        self._snapshots.append((table_id, seq, body, time.time()))
        self._written()

    def commit(self) -> dict[str, list[Written]]:
        """Write and commit what was written since the last commit, in one transaction; the entries it wrote,
        by table (each ``(seq, kind, body JSON, client id, events JSON)``). If that fails (a full disk, a number
        taken already) none of it is kept, and the error is raised."""
        pending = (self._inserts, self._undone, self._snapshots)
        self._inserts, self._undone, self._snapshots = [], [], []
        return self._write(pending) if any(pending) else {}

    def _write(self, pending: Pending) -> dict[str, list[Written]]:
        """Write ``pending`` in one transaction and commit it (each store in its own way)."""
        raise NotImplementedError

    def _written(self) -> None:
        if not self.group_commit:
            self.commit()

    @property
    def uncommitted(self) -> bool:
        """Whether anything was written since the last commit (only with ``group_commit``)."""
        return bool(self._inserts or self._undone or self._snapshots)


class SqlStore(WriteQueue):
    """What both stores read the same way, in SQL both databases take (written with ``?`` placeholders, which
    :meth:`_q` turns into the database's own)."""

    _placeholder = "?"

    def _q(self, statement: str) -> str:
        return statement if self._placeholder == "?" else statement.replace("?", self._placeholder)

    def _reader(self) -> Any:
        raise NotImplementedError

    def table(self, table_id: str) -> TableRecord | None:
        return self._record(self._reader(), table_id)

    def _record(self, db: Any, table_id: str) -> TableRecord | None:
        row = db.execute(
            self._q(
                "SELECT id, created, config, meta, creator_token, spectator_token, broken FROM tables WHERE id = ?"
            ),
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        tokens = db.execute(self._q("SELECT token FROM seats WHERE table_id = ? ORDER BY seat"), (table_id,)).fetchall()
        return TableRecord(
            id=row[0],
            created=row[1],
            # json, not orjson: a seed the server drew has 256 bits, which orjson would read as a float.
            config=json.loads(row[2]),
            meta=json.loads(row[3]),
            creator_token=row[4],
            spectator_token=row[5],
            seat_tokens=tuple(t[0] for t in tokens),
            broken=row[6] or "",
        )

    def broken_tables(self) -> list[tuple[str, str]]:
        """The tables set aside, with why: ``[(id, reason), ...]``."""
        rows = (
            self._reader().execute("SELECT id, broken FROM tables WHERE broken IS NOT NULL ORDER BY created").fetchall()
        )
        return [(row[0], row[1]) for row in rows]

    def table_ids(self) -> list[str]:
        """Every table's id, oldest first."""
        return [row[0] for row in self._reader().execute("SELECT id FROM tables ORDER BY created").fetchall()]

    def entries(self, table_id: str, *, after: int = 0) -> list[Entry]:
        """The table's entries after number ``after``, in order."""
        rows = (
            self._reader()
            .execute(
                self._q(f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE table_id = ? AND seq > ? ORDER BY seq"),
                (table_id, after),
            )
            .fetchall()
        )
        return [_entry(row) for row in rows]

    def entries_at(self, table_id: str, seqs: Sequence[int]) -> list[Entry]:
        """The table's entries of the given numbers (those that exist), in order."""
        if not seqs:
            return []
        marks = ",".join("?" * len(seqs))
        rows = (
            self._reader()
            .execute(
                self._q(f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE table_id = ? AND seq IN ({marks}) ORDER BY seq"),
                (table_id, *seqs),
            )
            .fetchall()
        )
        return [_entry(row) for row in rows]

    def _read_in(self, db: Any, table_id: str, *, recent: int) -> StoredTable | None:
        """Everything loading a table needs, read in ``db``'s transaction: its record, its snapshots, the entries
        after its oldest snapshot, and the ``recent`` newest entries with a client id. Its cost does not grow with
        the table's length, once the table has a snapshot."""
        record = self._record(db, table_id)
        if record is None:
            return None
        rows = db.execute(self._q("SELECT seq, body FROM snapshots WHERE table_id = ? ORDER BY seq DESC"), (table_id,))
        snapshots = [Snapshot(seq, bytes(body)) for seq, body in rows.fetchall()]
        after = snapshots[-1].seq if snapshots else 0
        entries = db.execute(
            self._q(f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE table_id = ? AND seq > ? ORDER BY seq"),
            (table_id, after),
        ).fetchall()
        newest = db.execute(
            self._q(
                f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE table_id = ? AND client_id IS NOT NULL "
                "ORDER BY seq DESC LIMIT ?"
            ),
            (table_id, recent),
        ).fetchall()
        return StoredTable(record, snapshots, [_entry(row) for row in entries], [_entry(row) for row in newest[::-1]])

    def log_page(
        self, table_id: str, *, before: int, limit: int, min_entries: int = 0
    ) -> tuple[list[tuple[int, list[dict[str, Any]]]], bool]:
        """The events of the table's actions numbered below ``before`` that were not undone (and the line each agreed
        undo left in the log), newest first:
        ``([(seq, events), ...], more)``, the fewest newest actions that hold ``limit`` events and number at least
        ``min_entries`` (or all there are), and whether older ones remain."""
        wanted = max(limit, min_entries) + 1
        rows = (
            self._reader()
            .execute(
                self._q(
                    "SELECT seq, events FROM entries WHERE table_id = ? AND seq < ? AND NOT undone "
                    "AND (kind = 'action' OR (kind = 'undo' AND events IS NOT NULL)) ORDER BY seq DESC LIMIT ?"
                ),
                (table_id, before, wanted),
            )
            .fetchall()
        )
        return log_page_of(rows, limit=limit, min_entries=min_entries, wanted=wanted)

    def newest_entries(self, table_ids: Sequence[str]) -> dict[str, int]:
        """The newest entry number of each of the tables (those with entries)."""
        if not table_ids:
            return {}
        marks = ",".join("?" * len(table_ids))
        rows = (
            self._reader()
            .execute(
                self._q(f"SELECT table_id, MAX(seq) FROM entries WHERE table_id IN ({marks}) GROUP BY table_id"),
                tuple(table_ids),
            )
            .fetchall()
        )
        return {row[0]: row[1] for row in rows}

    def _last_seq(self, table_id: str) -> int:
        row = self._reader().execute(self._q("SELECT MAX(seq) FROM entries WHERE table_id = ?"), (table_id,)).fetchone()
        return int(row[0] or 0)

    def entry_of_client(self, table_id: str, client_id: str) -> Entry | None:
        """The entry a client stored under ``client_id`` at this table, if any."""
        row = (
            self._reader()
            .execute(
                self._q(f"SELECT {_ENTRY_COLUMNS} FROM entries WHERE table_id = ? AND client_id = ?"),
                (table_id, client_id),
            )
            .fetchone()
        )
        return None if row is None else _entry(row)


class Store(SqlStore):
    """The SQLite file of every table (WAL journal, so a killed server loses nothing it committed).

    Writes are queued and written by :meth:`commit`, in one transaction, in the order they were made. A store
    made without ``group_commit`` commits every write at once; with ``group_commit``, whoever serves the tables
    calls :meth:`commit` before acknowledging anything written since the last commit. One short transaction for
    all the entries written within a moment (the server makes one per 2 ms at most) costs much less than one per
    entry, and holds the write lock only while it writes, so several server processes can share the file. With
    group commits the store does not look for a retried client id itself: the caller knows the ids its tables
    used. A number taken twice makes the commit fail, and none of its writes is kept.

    The store's own connection belongs to the thread that serves the tables (the event loop); :meth:`read_table`
    and :meth:`log_page` may also be called from other threads, which read through connections of their own.

    >>> import tempfile, pathlib
    >>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "tables.sqlite3", group_commit=True)
    >>> record = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    >>> store.append(record.id, "action", {"type": "pass", "player": 0}, client_id="c1", seq=1), store.uncommitted
    (1, True)
    >>> len(store.entries(record.id))  # not written yet
    0
    >>> written = store.commit(); store.uncommitted, len(store.entries(record.id)), list(written.values())[0][0][:2]
    (False, 1, (1, 'action'))
    """

    def __init__(self, path: Path | str, *, group_commit: bool = False, busy_timeout: float = 10.0) -> None:
        self.path = Path(path)
        self.group_commit = group_commit
        self.busy_timeout = busy_timeout
        self._start_queue()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Another process writing (several server workers): wait for its short transaction to end.
        self._db = self._connect()
        self._readers = threading.local()
        self._owner = threading.get_ident()
        self._set_up()

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=self.busy_timeout)

    def _set_up(self) -> None:
        """The journal mode, the schema and its migrations. Processes opening a new file at the same moment
        (server workers) can find it locked while one of them sets it up, which SQLite reports at once: try
        again for a while."""
        for attempt in range(100):
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
                self._db.executescript(_SCHEMA)
                with self._transaction():
                    version = self._db.execute("PRAGMA user_version").fetchone()[0]
                    for number in sorted(n for n in _MIGRATIONS if n > version):
                        for statement in filter(str.strip, _MIGRATIONS[number].split(";")):
                            self._db.execute(statement)
                        self._db.execute(f"PRAGMA user_version = {number:d}")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or attempt == 99:
                    raise
                time.sleep(0.05)

    def close(self) -> None:
        self._db.close()

    def _reader(self) -> sqlite3.Connection:
        """A connection for reading: the store's own on its thread, else one per thread."""
        if threading.get_ident() == self._owner:
            return self._db
        db: sqlite3.Connection | None = getattr(self._readers, "db", None)
        if db is None:
            db = self._readers.db = self._connect()
        return db

    # -- tables ----------------------------------------------------------------------------------

    def create_table(self, config: Mapping[str, Any], meta: Mapping[str, Any], *, seats: int) -> TableRecord:
        """Store a new table with fresh tokens and return it, in a transaction of its own (entries queued for a
        group commit are not written by it: they wait for their own commit)."""
        record = new_record(config, meta, seats)
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, created, config, meta, creator_token, spectator_token) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    record.id,
                    record.created,
                    json.dumps(record.config),
                    json.dumps(record.meta),
                    record.creator_token,
                    record.spectator_token,
                ),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?)",
                [(record.id, seat, token) for seat, token in enumerate(record.seat_tokens)],
            )
        self.created += 1
        return record

    def set_aside(self, table_id: str, reason: str) -> None:
        """Mark a table that cannot be loaded (it is kept, and reported instead of being loaded again)."""
        with self._transaction():
            self._db.execute("UPDATE tables SET broken = ? WHERE id = ?", (reason[:500] or "?", table_id))

    def raw_entries(self, table_id: str) -> list[tuple[Any, ...]]:
        """The table's entries as stored, every column (``undone`` as a bool), in order: to copy them elsewhere."""
        rows = (
            self._reader()
            .execute(
                "SELECT table_id, seq, kind, body, client_id, created, events, undone FROM entries "
                "WHERE table_id = ? ORDER BY seq",
                (table_id,),
            )
            .fetchall()
        )
        return [(*row[:7], bool(row[7])) for row in rows]

    # -- entries ---------------------------------------------------------------------------------

    def read_table(self, table_id: str, *, recent: int) -> StoredTable | None:
        """Everything loading a table needs, from one consistent read (see :meth:`SqlStore._read_in`)."""
        db = self._reader()
        _roll_back(db)  # a read a fault left open
        db.execute("BEGIN")
        try:
            return self._read_in(db, table_id, recent=recent)
        finally:
            _roll_back(db)  # it only read

    def fill_in_events(
        self, table_id: str, events: Sequence[tuple[int, list[dict[str, Any]]]], undone: Sequence[int]
    ) -> None:
        """Store the events of entries written before the store kept them, and which of them were undone (a table
        stored by an earlier version, replayed once). Written in short transactions of their own."""
        rows = [(orjson.dumps(shown).decode(), table_id, seq) for seq, shown in events]
        db = self._reader()
        for start in range(0, max(len(rows), len(undone)), 500):
            with _Transaction(db):
                db.executemany(
                    "UPDATE entries SET events = ? WHERE table_id = ? AND seq = ?", rows[start : start + 500]
                )
                db.executemany(
                    "UPDATE entries SET undone = 1 WHERE table_id = ? AND seq = ?",
                    [(table_id, seq) for seq in undone[start : start + 500]],
                )

    def _write(self, pending: Pending) -> dict[str, list[Written]]:
        inserts, undone, snapshots = pending
        with self._transaction():
            self._db.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, 0)", inserts)
            self._db.executemany("UPDATE entries SET undone = 1 WHERE table_id = ? AND seq = ?", undone)
            for table_id, seq, body, created in snapshots:
                self._db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)", (table_id, seq, body, created))
                self._db.execute(
                    "DELETE FROM snapshots WHERE table_id = ? AND seq NOT IN "
                    "(SELECT seq FROM snapshots WHERE table_id = ? ORDER BY seq DESC LIMIT ?)",
                    (table_id, table_id, SNAPSHOTS_KEPT),
                )
        return written_by_table(inserts)

    @staticmethod
    def number_taken(error: BaseException) -> bool:
        """Whether a failed :meth:`commit` failed because an entry's number was taken already (another process
        wrote the table first), not because the store is failing."""
        return isinstance(error, sqlite3.IntegrityError)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """A write transaction that ends either way: committed, or rolled back (also when the commit itself fails,
    which SQLite may leave open), so the connection can always begin the next one."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is None:
            try:
                self._db.execute("COMMIT")
                return
            except BaseException:
                _roll_back(self._db)
                raise
        _roll_back(self._db)


def _roll_back(db: sqlite3.Connection) -> None:
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def open_store(data: Path | str, database: str = "", *, group_commit: bool = True) -> TableStore:
    """The store a server keeps its tables in: the PostgreSQL ``database`` when one is given, else the SQLite
    file ``tables.sqlite3`` in the folder ``data``."""
    if database:
        from .pgstore import PostgresStore

        return PostgresStore(database, group_commit=group_commit)
    return Store(Path(data) / "tables.sqlite3", group_commit=group_commit)
