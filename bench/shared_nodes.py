"""The shared mode of the web benchmark (``bench_web.py --shared``, ``--nodes N``): the tables in a PostgreSQL
database and the servers telling each other over Redis, both of the benchmark's own (started with the tests'
helpers, ``tests/pgserver.py`` and ``tests/redisserver.py``: the system's PostgreSQL and Redis programs, on
temporary ports and folders)."""

from __future__ import annotations

import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from pgserver import temporary_postgres
from redisserver import TemporaryRedis, redis_program


@dataclass(frozen=True)
class Backend:
    """The running PostgreSQL (its administration address and its postmaster's pid) and Redis (address, pid)."""

    admin_url: str
    postgres_pid: int
    bus: str
    redis_pid: int

    def fresh_database(self) -> str:
        """A new, empty database for one run: its address."""
        import psycopg

        name = f"bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(self.admin_url, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.admin_url.rsplit("/", 1)[0] + f"/{name}"

    @property
    def pids(self) -> list[int]:
        return [self.postgres_pid, self.redis_pid]


@contextmanager
def shared_backend() -> Iterator[Backend]:
    """PostgreSQL and Redis running for the block."""
    program = redis_program()
    if program is None:
        raise SystemExit("--shared needs redis-server (scripts/setup installs it)")
    with temporary_postgres() as postgres:
        redis = TemporaryRedis(program).start()
        try:
            postmaster = int((postgres.data / "postmaster.pid").read_text().split()[0])
            assert redis.process is not None
            yield Backend(postgres.url(), postmaster, redis.url, redis.process.pid)
        finally:
            redis.stop()
