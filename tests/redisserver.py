"""A Redis server of the tests' own, on a free port, keeping nothing on disk; it can be stopped and started again
on the same port (as Redis restarting). It uses the system's ``redis-server`` (Debian's ``redis-server`` package,
which ``scripts/setup`` installs); without it the tests that need it fail, saying how to install it."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from pathlib import Path

from server.live import free_port

INSTALL_HINT = "redis-server was not found: scripts/setup installs it (sudo apt-get install redis-server)"


def redis_program() -> str | None:
    return shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


class TemporaryRedis:
    """``redis-server`` on 127.0.0.1:``port``, no persistence."""

    def __init__(self, program: str) -> None:
        self.program = program
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> TemporaryRedis:
        command = [self.program, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait(timeout=10)
