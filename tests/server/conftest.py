"""Fixtures for the web table's tests: a real server process per test module, or per test when the test kills
or limits it."""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

from pgserver import INSTALL_HINT, TemporaryPostgres, postgres_programs
from planechase.server.store import TableStore
from planechase.server.store import open_store as open_store_of
from redisserver import INSTALL_HINT as REDIS_HINT
from redisserver import TemporaryRedis, redis_program
from server.live import LiveServer, free_port

#: A limit high enough that the tests sharing a server never meet it (the rate limit has its own test).
UNLIMITED = 100_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One running server for the module's tests; each test makes its own table."""
    live = LiveServer(tmp_path_factory.mktemp("server"), free_port(), create_limit=UNLIMITED).start()
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture
def new_server(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    """Start servers of the test's own (stopped after the test): ``new_server(create_limit=..., args=[...])``
    (``args``: more ``planechase serve`` options); a server started again on the same data directory keeps its
    tables."""
    started: list[LiveServer] = []

    def start(
        *, create_limit: int | None = UNLIMITED, data: Path | None = None, args: Sequence[str] = ()
    ) -> LiveServer:
        live = LiveServer(data or tmp_path / "data", free_port(), create_limit=create_limit, args=args)
        started.append(live)
        return live.start()

    try:
        yield start
    finally:
        for live in started:
            live.stop()


@pytest.fixture(scope="session")
def postgres() -> Iterator[TemporaryPostgres]:
    """A PostgreSQL cluster of the tests' own for the whole run (see tests/pgserver.py); a test that needs it
    fails, saying how to install PostgreSQL, where it is missing."""
    programs = postgres_programs()
    if programs is None:
        pytest.fail(INSTALL_HINT)
    cluster = TemporaryPostgres(programs).start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def database(postgres: TemporaryPostgres) -> Iterator[str]:
    """A new, empty database of the test's own (dropped after it): its address."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres.url(), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield postgres.url(name)
    finally:
        with psycopg.connect(postgres.url(), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(params=["sqlite", "postgresql"])
def open_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[..., TableStore]]:
    """Open a store of the test's own, on SQLite and (a second run) on PostgreSQL: ``open_store(group_commit=...)``;
    each call is another connection to the same tables, as another process would have."""
    opened: list[TableStore] = []
    url = request.getfixturevalue("database") if request.param == "postgresql" else ""

    def make(*, group_commit: bool = False) -> TableStore:
        store = open_store_of(tmp_path, url, group_commit=group_commit)
        opened.append(store)
        return store

    try:
        yield make
    finally:
        for store in opened:
            with contextlib.suppress(Exception):
                store.close()


def raw_sql(store: TableStore, statement: str, params: Sequence[object] = ()) -> list[tuple[object, ...]]:
    """Run ``statement`` (with ``?`` placeholders) on the store's own connection, SQLite's or PostgreSQL's."""
    db = store._db  # type: ignore[attr-defined]
    if store.__class__.__name__ == "PostgresStore":
        statement = statement.replace("?", "%s")
    cursor = db.execute(statement, tuple(params))
    return list(cursor.fetchall()) if cursor.description else []


@pytest.fixture
def redis_server() -> Iterator[TemporaryRedis]:
    """A Redis server of the test's own (see tests/redisserver.py)."""
    program = redis_program()
    if program is None:
        pytest.fail(REDIS_HINT)
    server = TemporaryRedis(program).start()
    try:
        yield server
    finally:
        server.stop()
