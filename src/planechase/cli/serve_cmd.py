"""``planechase serve``: run the web table's server (:mod:`planechase.server.app`) with uvicorn, and tell the
players where to find it: the address a phone on the same network can open, with a QR code in the terminal."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from urllib.parse import urlsplit

import typer

from ..server.net import ANY_ADDRESS, announced_url, lan_address
from ..server.settings import ServerSettings


class ServeError(ValueError):
    """An option that can't be used; the message says why."""


def check_public_url(url: str) -> str:
    """A public URL as links will carry it (``https://planes.example.org``, no path); raises :class:`ServeError`.

    >>> check_public_url("https://planes.example.org/")
    'https://planes.example.org'
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ServeError(f"--public-url must be an http:// or https:// address, not {url!r}")
    if parts.username is not None or parts.password is not None:
        raise ServeError("--public-url carries no user name or password: every link would show them")
    if parts.path.strip("/") or parts.query or parts.fragment:
        raise ServeError("--public-url is the server's address alone (the pages live at its root): no path")
    return f"{parts.scheme}://{parts.netloc}"


def check_database(url: str) -> str:
    """A PostgreSQL database's address as ``--database`` takes it; raises :class:`ServeError`.

    >>> check_database("postgresql://planes@db/tables")
    'postgresql://planes@db/tables'
    >>> try:
    ...     check_database("mysql://db/tables")
    ... except ServeError as error:
    ...     print(error)
    --database takes a PostgreSQL address (postgresql://user:password@host/db), not a mysql:// one
    """
    parts = urlsplit(url.strip())
    if parts.scheme not in ("postgresql", "postgres"):
        raise ServeError(
            "--database takes a PostgreSQL address (postgresql://user:password@host/db), "
            f"not a {parts.scheme or 'plain'}:// one"
        )
    return url.strip()


def check_bus(url: str, database: str | None) -> str:
    """A Redis server's address as ``--bus`` takes it (with ``--database``); raises :class:`ServeError`.

    >>> check_bus("redis://cache:6379/0", "postgresql://db/tables")
    'redis://cache:6379/0'
    """
    if not database:
        raise ServeError("--bus joins servers that share a --database: give the database too")
    if urlsplit(url.strip()).scheme not in ("redis", "rediss", "unix"):
        raise ServeError(f"--bus takes a Redis address (redis://host:6379/0), not {url!r}")
    return url.strip()


def server_settings(
    *,
    host: str,
    port: int,
    data: Path,
    create_limit: int | None = None,
    public_url: str | None = None,
    forwarded_allow_ips: str | None = None,
    allowed_origins: tuple[str, ...] = (),
    max_per_address: int | None = None,
    max_per_table: int | None = None,
    tune: tuple[str, ...] = (),
    lan: str | None = None,
    database: str | None = None,
    bus: str | None = None,
) -> ServerSettings:
    """The settings for ``planechase serve``'s options: links carry the public URL if given, else the address
    announced for ``host`` (this machine's address on the local network, ``lan`` or found now, when listening on
    every interface). Raises :class:`ServeError` for an option that can't be used."""
    defaults = ServerSettings()
    if host in ANY_ADDRESS and lan is None:
        lan = lan_address()
    base = announced_url(host, port, lan=lan if host in ANY_ADDRESS else None)
    trusted = tuple(ip.strip() for ip in (forwarded_allow_ips or "").split(",") if ip.strip())
    settings = ServerSettings(
        data=data,
        database=check_database(database) if database else "",
        bus=check_bus(bus, database) if bus else "",
        create_limit=defaults.create_limit if create_limit is None else create_limit,
        base_url=base,
        public_url=check_public_url(public_url) if public_url else "",
        forwarded_allow_ips=trusted,
        allowed_origins=tuple(allowed_origins),
        max_per_address=max_per_address or defaults.max_per_address,
        max_per_table=max_per_table or defaults.max_per_table,
    )
    try:
        return settings.tuned(tune)
    except ValueError as exc:
        raise ServeError(f"--tune: {exc}") from None


def run_server(*, host: str, port: int, settings: ServerSettings, workers: int = 1, qr: bool = True) -> int:
    """Start the server and block until it is stopped; prints the address to open (and its QR code, with
    ``qr``). With ``workers`` above 1 the tables are spread over that many processes
    (:mod:`planechase.server.workers`)."""
    if workers > 1:
        return _run_workers(host=host, port=port, settings=settings, workers=workers, qr=qr)
    import uvicorn

    from ..server.app import create_app
    from ..server.guard import ConnectionGuard, raise_open_files, uvicorn_options

    raise_open_files()
    try:
        app = create_app(settings)
    except Exception as exc:  # the database can't be reached, say: said plainly, not as a traceback
        if not settings.database:
            raise
        typer.echo(f"Error: the tables' database can't be used: {type(exc).__name__}: {exc}", err=True)
        return 1
    announce(host, port, settings, qr=qr)
    uvicorn.run(app, host=host, port=port, **uvicorn_options(settings, ConnectionGuard(settings)))
    return 0


def _run_workers(*, host: str, port: int, settings: ServerSettings, workers: int, qr: bool) -> int:
    from ..server.workers import WorkersError, serve_workers

    announce(host, port, settings, qr=qr)
    typer.echo(f"The tables are spread over {workers} worker processes.")
    try:
        return serve_workers(host=host, port=port, settings=settings, workers=workers)
    except (WorkersError, OSError) as exc:
        typer.echo(f"Error: {exc}", err=True)
        return 1


def announce(host: str, port: int, settings: ServerSettings, *, qr: bool = True) -> None:
    """Tell whoever started the server where players open it, with a QR code of that address."""
    open_at = settings.link_base + "/"
    local = announced_url("127.0.0.1" if host in ANY_ADDRESS else host, port) + "/"
    typer.echo(f"Planechase web table (tables are kept in {settings.where_kept})")
    if settings.public_url:
        typer.echo(f"  Players open:      {open_at}   (--public-url)")
        typer.echo(f"  On this machine:   {local}")
    elif host in ANY_ADDRESS and open_at != local:
        typer.echo(f"  On your network:   {open_at}   (phones and tablets: scan the code below)")
        typer.echo(f"  On this machine:   {local}")
    else:
        typer.echo(f"  Open:              {open_at}")
        if host in ANY_ADDRESS:
            typer.echo(
                "  No network address was found: other devices join at this machine's address on your network,\n"
                "  or give it with --public-url."
            )
        else:
            typer.echo(
                "  Only this machine can open it. To let phones on your network join, listen on every interface:\n"
                "  planechase serve --host 0.0.0.0 (each table is protected by the secret tokens in its links)."
            )
    if settings.forwarded_allow_ips:
        typer.echo(f"  Forwarded headers are believed from: {', '.join(settings.forwarded_allow_ips)}")
    if qr and (settings.public_url or host in ANY_ADDRESS):
        print_qr(open_at)


def print_qr(url: str) -> None:
    """Print a QR code of ``url`` in the terminal (nothing where the terminal can't show its blocks)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    try:
        sys.stdout.write(out.getvalue())
        sys.stdout.flush()
    except UnicodeEncodeError:
        pass
