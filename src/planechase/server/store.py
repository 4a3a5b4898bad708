"""Where the web table keeps its games: one SQLite file (the embedded default, nothing to install).

A table is its configuration, a token per seat (and one for the table's creator and one for spectators)
and the list of its accepted entries: engine actions and agreed undos, numbered from 1. The game is
rebuilt by replaying the entries from the configuration, which is deterministic from the seed, so an
entry written to disk is never lost: every entry is committed before it is acknowledged or broadcast.

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

import json
import secrets
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


def new_token() -> str:
    """An unguessable token (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True)
class TableRecord:
    """A stored table: its id, when it was made, its game configuration (JSON form), what the creator
    chose beside it (``meta``: a name, how decks were made, house rules), and its tokens."""

    id: str
    created: float
    config: dict[str, Any]
    meta: dict[str, Any]
    creator_token: str
    spectator_token: str
    seat_tokens: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """An accepted entry: ``kind`` is ``action`` (an engine action) or ``undo`` (an agreed undo)."""

    seq: int
    kind: str
    body: dict[str, Any]
    client_id: str | None


class Store:
    """The SQLite file of every table (WAL journal, so a killed server loses nothing it committed).

    Entries are committed at once, unless the store is made with ``group_commit``: then :meth:`append` only
    queues its entry, and whoever serves the tables calls :meth:`commit` before acknowledging any entry
    appended since the last commit. One short transaction for all the entries appended within a moment (the
    server makes one per 2 ms at most) costs much less than one per entry, and holds the write lock only while it
    writes, so several server processes can share the file. With group commits the store does not look for a
    retried client id itself: the caller knows the ids its tables used. A number taken twice makes the commit
    fail, and none of its entries is kept.

    >>> import tempfile, pathlib
    >>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "tables.sqlite3", group_commit=True)
    >>> record = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    >>> store.append(record.id, "action", {"type": "pass", "player": 0}, client_id="c1", seq=1), store.uncommitted
    (1, True)
    >>> len(store.entries(record.id))  # not written yet
    0
    >>> store.commit(); store.uncommitted, len(store.entries(record.id))
    (False, 1)
    """

    def __init__(self, path: Path | str, *, group_commit: bool = False) -> None:
        self.path = Path(path)
        self.group_commit = group_commit
        self._queued: list[tuple[str, int, str, str, str | None, float]] = []
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Another process writing (several server workers): wait for its short transaction to end.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=10.0)
        self._set_up()

    def _set_up(self) -> None:
        """The journal mode and the schema. Processes opening a new file at the same moment (server workers)
        can find it locked while one of them sets it up, which SQLite reports at once: try again for a while."""
        for attempt in range(100):
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute("PRAGMA synchronous=NORMAL")
                self._db.executescript(_SCHEMA)
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or attempt == 99:
                    raise
                time.sleep(0.05)

    def close(self) -> None:
        self._db.close()

    def create_table(self, config: Mapping[str, Any], meta: Mapping[str, Any], *, seats: int) -> TableRecord:
        """Store a new table with fresh tokens and return it (committing any entries written before)."""
        self.commit()
        table_id = secrets.token_urlsafe(6)
        record = TableRecord(
            id=table_id,
            created=time.time(),
            config=dict(config),
            meta=dict(meta),
            creator_token=new_token(),
            spectator_token=new_token(),
            seat_tokens=tuple(new_token() for _ in range(seats)),
        )
        with self._transaction():
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?)",
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
        return record

    def table(self, table_id: str) -> TableRecord | None:
        row = self._db.execute(
            "SELECT id, created, config, meta, creator_token, spectator_token FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        tokens = self._db.execute("SELECT token FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)).fetchall()
        return TableRecord(
            id=row[0],
            created=row[1],
            config=json.loads(row[2]),
            meta=json.loads(row[3]),
            creator_token=row[4],
            spectator_token=row[5],
            seat_tokens=tuple(t[0] for t in tokens),
        )

    def entries(self, table_id: str) -> list[Entry]:
        rows = self._db.execute(
            "SELECT seq, kind, body, client_id FROM entries WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        return [Entry(seq, kind, json.loads(body), client) for seq, kind, body, client in rows]

    def append(
        self, table_id: str, kind: str, body: Mapping[str, Any], *, client_id: str | None, seq: int | None = None
    ) -> int | None:
        """Write an entry after the table's last (number ``seq`` when the caller knows it); its number, or
        ``None`` if ``client_id`` was already used at this table (a retried message: nothing is written).
        Committed at once unless the store makes group commits (and then the caller, who knows the ids its
        tables used, must not give a used one)."""
        if seq is None:
            if self.group_commit:
                raise ValueError("with group commits, say which number the entry takes (seq)")
            last = self._db.execute("SELECT MAX(seq) FROM entries WHERE table_id = ?", (table_id,)).fetchone()[0]
            seq = (last or 0) + 1
        row = (table_id, seq, kind, orjson.dumps(dict(body)).decode(), client_id, time.time())
        if self.group_commit:
            self._queued.append(row)
            return seq
        if client_id is not None and self.entry_of_client(table_id, client_id) is not None:
            return None
        self._db.execute("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", row)
        return seq

    @property
    def uncommitted(self) -> bool:
        """Whether entries were appended since the last commit (only with ``group_commit``)."""
        return bool(self._queued)

    def commit(self) -> None:
        """Write and commit the entries appended since the last commit, in one transaction. If that fails
        (a full disk, a repeated client id) none of them is kept, and the error is raised."""
        if not self._queued:
            return
        rows, self._queued = self._queued, []
        with self._transaction():
            self._db.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", rows)

    def entry_of_client(self, table_id: str, client_id: str) -> Entry | None:
        """The entry a client stored under ``client_id`` at this table, if any."""
        row = self._db.execute(
            "SELECT seq, kind, body, client_id FROM entries WHERE table_id = ? AND client_id = ?", (table_id, client_id)
        ).fetchone()
        return None if row is None else Entry(row[0], row[1], json.loads(row[2]), row[3])

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        self._db.execute("COMMIT" if kind is None else "ROLLBACK")
