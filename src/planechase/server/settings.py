"""The web table server's settings: where tables are kept, which address links carry, whom to trust, and the
limits that keep one client from holding up the others.

>>> settings = ServerSettings(base_url="http://192.168.1.20:8000", allowed_origins=("https://example.org",))
>>> ServerSettings.from_json(settings.to_json()) == settings
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from urllib.parse import urlsplit


@dataclass(frozen=True)
class ServerSettings:
    """Everything a server process needs to know beyond its code (a worker process gets them as JSON)."""

    #: Where tables are kept (``tables.sqlite3`` is made there).
    data: Path = Path("planechase-data")
    #: A PostgreSQL database to keep the tables in (``postgresql://user:password@host/db``) instead of ``data``'s
    #: SQLite file: several servers, on several machines, may share it (see :mod:`planechase.server.pgstore`).
    database: str = ""
    #: A Redis server the servers sharing ``database`` tell each other through (``redis://host:6379/0``), so one
    #: table's screens may reach any of them (see :mod:`planechase.server.shared`).
    bus: str = ""
    #: How many tables one address may create per minute.
    create_limit: int = 20
    #: Processes that play the deck lab's studies ("analyse this deck"), beside the server's own.
    lab_workers: int = 1
    #: How many studies one address may start per minute.
    lab_limit: int = 10
    #: The address the server's links and QR codes carry when no public URL is set: what a phone can open.
    base_url: str = "http://127.0.0.1:8000"
    #: The server's public address (behind a proxy or a tunnel): then every link carries it.
    public_url: str = ""
    #: The proxies whose ``X-Forwarded-For``, ``-Proto`` and ``-Host`` headers are believed (addresses or
    #: networks, ``*`` for any); nobody's, by default.
    forwarded_allow_ips: tuple[str, ...] = ()
    #: Origins (``https://example.org``) whose pages may create tables and open channels, beside the server's
    #: own; ``*`` allows any.
    allowed_origins: tuple[str, ...] = ()
    #: Open connections from one address (TCP connections, and WebSocket channels).
    max_per_address: int = 200
    #: Open channels to one table.
    max_per_table: int = 64
    #: Seconds a new channel has to join its table.
    join_timeout: float = 15.0
    #: Seconds one message may take to be sent before its connection is dropped.
    send_timeout: float = 10.0
    #: Seconds a new connection (or a kept-alive one that began a new request) has to send its request's head.
    header_timeout: float = 10.0
    #: Seconds a table form's body has to arrive.
    body_timeout: float = 10.0
    #: Messages waiting to be sent to one connection before it is dropped, and their characters.
    queue_messages: int = 256
    queue_bytes: int = 4 * 1024 * 1024
    #: The kernel's send buffer for each connection, in bytes (what a client that stopped reading can hold there).
    send_buffer: int = 256 * 1024
    #: Messages one address may send per second, and in a burst (beyond them its messages wait to be read).
    messages_per_second: float = 100.0
    message_burst: float = 400.0

    @classmethod
    def tunable(cls) -> dict[str, str]:
        """The limits ``--tune NAME=VALUE`` may change, with their types' names (``int`` or ``float``)."""
        return {f.name: str(f.type) for f in fields(cls) if f.type in ("int", "float")}

    def tuned(self, assignments: Iterable[str]) -> ServerSettings:
        """These settings with ``NAME=VALUE`` assignments of :meth:`tunable` limits; raises ``ValueError``.

        >>> ServerSettings().tuned(["join_timeout=2", "max_per_table=8"]).join_timeout
        2.0
        """
        values: dict[str, int | float] = {}
        known = self.tunable()
        for assignment in assignments:
            name, _, text = assignment.partition("=")
            name = name.strip().replace("-", "_")
            if name not in known:
                raise ValueError(f"no limit {name!r} to tune; limits: {', '.join(sorted(known))}")
            try:
                value: int | float = int(text) if known[name] == "int" else float(text)
            except ValueError:
                raise ValueError(
                    f"{name} takes a {'whole ' if known[name] == 'int' else ''}number, not {text!r}"
                ) from None
            if not value > 0 or value == float("inf"):
                raise ValueError(f"{name} must be above 0")
            values[name] = value
        return replace(self, **values)  # type: ignore[arg-type]

    @property
    def where_kept(self) -> str:
        """Where the tables are kept, to tell the operator: the database's address without its password, or the
        SQLite file's folder.

        >>> ServerSettings(database="postgresql://planes:secret@db.example.org:5432/tables").where_kept
        'PostgreSQL at db.example.org:5432/tables'
        """
        if not self.database:
            return str(Path(self.data).resolve())
        parts = urlsplit(self.database)
        return f"PostgreSQL at {parts.hostname or 'localhost'}{f':{parts.port}' if parts.port else ''}{parts.path}"

    @property
    def link_base(self) -> str:
        """The address links carry unless a trusted proxy says otherwise: the public URL, else the announced one."""
        return (self.public_url or self.base_url).rstrip("/")

    def to_json(self) -> str:
        values = asdict(self)
        values["data"] = str(self.data)
        return json.dumps(values)

    @classmethod
    def from_json(cls, text: str) -> ServerSettings:
        raw = json.loads(text)
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in raw.items() if k in known}
        values["data"] = Path(values.get("data", "planechase-data"))
        for name in ("forwarded_allow_ips", "allowed_origins"):
            values[name] = tuple(values.get(name, ()))
        return cls(**values)
