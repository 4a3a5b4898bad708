"""A PostgreSQL server of the tests' own: a new cluster in a temporary folder, on a free port, stopped after.

It uses the system's PostgreSQL programs (``initdb``, ``pg_ctl``; Debian's ``postgresql`` package, which
``scripts/setup`` installs): nothing is installed or started by hand, and no container runtime is needed. Run as
root, the cluster belongs to the ``postgres`` user (PostgreSQL refuses to run as root). Without the programs the
tests that need it fail, saying how to install them: they are never skipped silently.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from server.live import free_port

#: What to do when PostgreSQL is missing.
INSTALL_HINT = (
    "PostgreSQL's server programs (initdb, pg_ctl) were not found: scripts/setup installs them "
    "(sudo apt-get install postgresql), or set PLANECHASE_PG_BIN to the folder holding them"
)


def postgres_programs() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl``: ``$PLANECHASE_PG_BIN``, Debian's newest, or the ``PATH``'s."""
    named = os.environ.get("PLANECHASE_PG_BIN")
    if named:
        return Path(named) if (Path(named) / "initdb").exists() else None
    debian = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    if debian:
        return debian[-1].parent
    found = shutil.which("initdb")
    return Path(found).parent if found else None


class TemporaryPostgres:
    """A cluster in a temporary folder, listening on 127.0.0.1:``port`` (trust authentication, user ``tests``)."""

    def __init__(self, programs: Path) -> None:
        self.programs = programs
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="planechase-pg-"))
        self.data = self.folder / "data"
        self._as: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL will not run as root: as its own user
            self._as = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.folder, "postgres", "postgres")
        self.folder.chmod(0o755)

    def _run(self, *command: str) -> None:
        result = subprocess.run([*self._as, *command], capture_output=True, text=True, timeout=120, check=False)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command[:2])} failed:\n{result.stdout}\n{result.stderr}")

    def start(self) -> TemporaryPostgres:
        self._run(str(self.programs / "initdb"), "-D", str(self.data), "-U", "tests", "--auth=trust", "-E", "UTF8")
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        log = self.folder / "server.log"
        self._run(str(self.programs / "pg_ctl"), "-D", str(self.data), "-l", str(log), "-o", options, "-w", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://tests@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        with_cluster = (self.data / "PG_VERSION").exists()
        if with_cluster:
            self._run(str(self.programs / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def temporary_postgres() -> Iterator[TemporaryPostgres]:
    """A running cluster for the block; raises ``RuntimeError`` (with :data:`INSTALL_HINT`) without PostgreSQL."""
    programs = postgres_programs()
    if programs is None:
        raise RuntimeError(INSTALL_HINT)
    cluster = TemporaryPostgres(programs).start()
    try:
        yield cluster
    finally:
        cluster.stop()
