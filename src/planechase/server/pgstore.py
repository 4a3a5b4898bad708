"""Where the web table keeps its games on PostgreSQL: :class:`PostgresStore`, the same store as the SQLite one
(:class:`planechase.server.store.Store`) on a database several server processes and machines share.

``planechase serve --database postgresql://user:password@host/db`` (or ``PLANECHASE_DATABASE``) keeps the tables
there instead of in ``DIR/tables.sqlite3``. The server sets up the schema itself when it starts: plain versioned
SQL (:data:`MIGRATIONS`), each version applied once, in order, in a transaction holding an advisory lock, so
servers starting at the same moment don't race; ``planechase_schema`` records the version. An entry's number is
unique per table (the primary key ``(table_id, seq)``): the database decides the order of a table's entries, and
a commit that would take a number already taken fails whole, keeping none of its writes, as with SQLite.

It needs the ``postgres`` extra (``pip install 'planechase[postgres]'``: psycopg 3 with its own libpq).
``planechase db copy`` copies an SQLite data directory's tables into a database (:func:`copy_tables`).

The store's own connection serves the thread that serves the tables (the event loop); other threads read through
connections of their own, as with SQLite.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import orjson

from .store import (
    SNAPSHOTS_KEPT,
    Pending,
    SqlStore,
    Store,
    StoredTable,
    TableRecord,
    Written,
    new_record,
    written_by_table,
)

try:
    import psycopg
except ImportError:  # pragma: no cover - the extra is not installed
    psycopg = None  # type: ignore[assignment]

#: The schema, by version: each applied once, in order (``planechase_schema`` holds the version reached).
MIGRATIONS: dict[int, str] = {
    1: """
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    created DOUBLE PRECISION NOT NULL,
    config TEXT NOT NULL,
    meta TEXT NOT NULL,
    creator_token TEXT NOT NULL,
    spectator_token TEXT NOT NULL,
    broken TEXT
);
CREATE TABLE seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    client_id TEXT,
    created DOUBLE PRECISION NOT NULL,
    events TEXT,
    undone BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE snapshots (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    body BYTEA NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
""",
}
#: The advisory lock the migrations take (any number that is the project's own).
_MIGRATION_LOCK = 0x706C616E


def _psycopg() -> Any:
    if psycopg is None:
        raise RuntimeError(
            "keeping tables in PostgreSQL needs psycopg: pip install 'planechase[postgres]' (or psycopg[binary])"
        )
    return psycopg


class PostgresStore(SqlStore):
    """The tables on PostgreSQL, with :class:`~planechase.server.store.Store`'s methods and guarantees (see the
    module's notes): writes are queued and written by :meth:`commit` in one transaction (at once unless
    ``group_commit``), and a commit that fails keeps none of its writes."""

    _placeholder = "%s"

    def __init__(self, url: str, *, group_commit: bool = False, connect_timeout: float = 10.0) -> None:
        self.url = url
        self.group_commit = group_commit
        self.connect_timeout = connect_timeout
        self._start_queue()
        self._db = self._connect()
        self._readers = threading.local()
        self._owner = threading.get_ident()
        self._set_up()

    def _connect(self) -> Any:
        return _psycopg().connect(self.url, autocommit=True, connect_timeout=max(1, round(self.connect_timeout)))

    def _set_up(self) -> None:
        """Apply the migrations this database has not had yet (one server at a time: an advisory lock)."""
        with self._db.transaction():
            self._db.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            self._db.execute("CREATE TABLE IF NOT EXISTS planechase_schema (version INTEGER NOT NULL)")
            row = self._db.execute("SELECT MAX(version) FROM planechase_schema").fetchone()
            version = row[0] or 0
            for number in sorted(n for n in MIGRATIONS if n > version):
                self._db.execute(MIGRATIONS[number])
                self._db.execute("INSERT INTO planechase_schema VALUES (%s)", (number,))

    @property
    def schema_version(self) -> int:
        """The version of the schema this database has."""
        return int(self._db.execute("SELECT MAX(version) FROM planechase_schema").fetchone()[0] or 0)

    def close(self) -> None:
        self._db.close()
        reader = getattr(self._readers, "db", None)
        if reader is not None:
            reader.close()

    def _reader(self) -> Any:
        """A connection for reading: the store's own on its thread, else one per thread."""
        if threading.get_ident() == self._owner:
            return self._db
        db = getattr(self._readers, "db", None)
        if db is None or db.closed:
            db = self._readers.db = self._connect()
        return db

    # -- tables ----------------------------------------------------------------------------------

    def create_table(self, config: Mapping[str, Any], meta: Mapping[str, Any], *, seats: int) -> TableRecord:
        """Store a new table with fresh tokens and return it, in a transaction of its own."""
        record = new_record(config, meta, seats)
        with self._db.transaction():
            self._db.execute("INSERT INTO tables VALUES (%s, %s, %s, %s, %s, %s, %s)", _table_row(record))
            with self._db.cursor() as cursor:
                cursor.executemany(
                    self._q("INSERT INTO seats VALUES (?, ?, ?)"),
                    [(record.id, seat, token) for seat, token in enumerate(record.seat_tokens)],
                )
        self.created += 1
        return record

    def set_aside(self, table_id: str, reason: str) -> None:
        """Mark a table that cannot be loaded (it is kept, and reported instead of being loaded again)."""
        self._db.execute(self._q("UPDATE tables SET broken = ? WHERE id = ?"), (reason[:500] or "?", table_id))

    # -- entries ---------------------------------------------------------------------------------

    def read_table(self, table_id: str, *, recent: int) -> StoredTable | None:
        """Everything loading a table needs, from one consistent read (a repeatable-read transaction)."""
        db = self._reader()
        with _read_only(db):
            return self._read_in(db, table_id, recent=recent)

    def fill_in_events(
        self, table_id: str, events: Sequence[tuple[int, list[dict[str, Any]]]], undone: Sequence[int]
    ) -> None:
        """Store the events of entries written before the store kept them (see :meth:`Store.fill_in_events`)."""
        db = self._reader()
        with db.transaction(), db.cursor() as cursor:
            cursor.executemany(
                self._q("UPDATE entries SET events = ? WHERE table_id = ? AND seq = ?"),
                [(orjson.dumps(shown).decode(), table_id, seq) for seq, shown in events],
            )
            cursor.executemany(
                self._q("UPDATE entries SET undone = TRUE WHERE table_id = ? AND seq = ?"),
                [(table_id, seq) for seq in undone],
            )

    def _write(self, pending: Pending) -> dict[str, list[Written]]:
        # On the server's event loop, as with SQLite: a round trip to the database per commit (measured faster here
        # than on a thread or awaiting an asyncio connection, docs/performance.md).
        db = self._db
        if db.closed or db.broken:  # the database went away and came back: a new connection
            self._db = db = self._connect()
        with db.transaction(), db.cursor() as cursor:
            for statement, rows in _write_steps(pending):
                cursor.executemany(statement, rows)
        return written_by_table(pending[0])

    @staticmethod
    def number_taken(error: BaseException) -> bool:
        """Whether a failed :meth:`commit` failed because an entry's number was taken already (another server
        wrote the table first): the database keeps each table's numbers unique."""
        return psycopg is not None and isinstance(error, psycopg.errors.UniqueViolation)


def _write_steps(pending: Pending) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The statements that write ``pending``, each with its rows (in order: entries, undos, snapshots)."""
    inserts, undone, snapshots = pending
    steps: list[tuple[str, list[tuple[Any, ...]]]] = [
        ("INSERT INTO entries VALUES (%s, %s, %s, %s, %s, %s, %s, FALSE)", list(inserts)),
        ("UPDATE entries SET undone = TRUE WHERE table_id = %s AND seq = %s", list(undone)),
    ]
    for table_id, seq, body, created in snapshots:
        steps.append(
            (
                "INSERT INTO snapshots VALUES (%s, %s, %s, %s) ON CONFLICT (table_id, seq) "
                "DO UPDATE SET body = EXCLUDED.body, created = EXCLUDED.created",
                [(table_id, seq, body, created)],
            )
        )
        steps.append(
            (
                "DELETE FROM snapshots WHERE table_id = %s AND seq NOT IN "
                "(SELECT seq FROM snapshots WHERE table_id = %s ORDER BY seq DESC LIMIT %s)",
                [(table_id, table_id, SNAPSHOTS_KEPT)],
            )
        )
    return [(statement, rows) for statement, rows in steps if rows]


def _table_row(record: TableRecord) -> tuple[object, ...]:
    """A table's row of ``tables``, as its columns come."""
    config, meta = json.dumps(record.config), json.dumps(record.meta)  # a drawn seed has 256 bits: not orjson
    return (
        record.id,
        record.created,
        config,
        meta,
        record.creator_token,
        record.spectator_token,
        record.broken or None,
    )


@contextmanager
def _read_only(db: Any) -> Iterator[None]:
    """One consistent read (repeatable read), rolled back after."""
    with db.transaction(force_rollback=True):
        db.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def copy_tables(source: Store, target: PostgresStore) -> tuple[int, int]:
    """Copy every table of an SQLite store into a PostgreSQL one (each table in a transaction of its own, its
    record, seats, entries and snapshots as they are); tables the target has already are left alone. Returns
    ``(copied, skipped)``."""
    copied = skipped = 0
    for table_id in source.table_ids():
        record = source.table(table_id)
        stored = source.read_table(table_id, recent=0)
        if record is None or stored is None:
            continue
        db = target._db
        with db.transaction(), db.cursor() as cursor:
            cursor.execute(
                "INSERT INTO tables VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING", _table_row(record)
            )
            if cursor.rowcount == 0:
                skipped += 1
                continue
            cursor.executemany(
                "INSERT INTO seats VALUES (%s, %s, %s)",
                [(record.id, seat, token) for seat, token in enumerate(record.seat_tokens)],
            )
            cursor.executemany(
                "INSERT INTO entries VALUES (%s, %s, %s, %s, %s, %s, %s, %s)", source.raw_entries(table_id)
            )
            cursor.executemany(
                "INSERT INTO snapshots VALUES (%s, %s, %s, %s)",
                [(table_id, s.seq, s.body, record.created) for s in stored.snapshots],
            )
        copied += 1
    return copied, skipped
