"""Fixtures for the web table's tests: a real server process per test module, or per test when the test kills
or limits it."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest

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
