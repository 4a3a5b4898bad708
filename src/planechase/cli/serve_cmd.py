"""``planechase serve``: run the web table's server (:mod:`planechase.server.app`) with uvicorn."""

from __future__ import annotations

from pathlib import Path

import typer


def run_server(*, host: str, port: int, data: Path, create_limit: int | None = None, workers: int = 1) -> int:
    """Start the server and block until it is stopped; prints the address to open. ``create_limit`` is how many
    tables one address may create per minute (:data:`planechase.server.app.CREATE_PER_MINUTE` if ``None``).
    With ``workers`` above 1 the tables are spread over that many processes (:mod:`planechase.server.workers`)."""
    import uvicorn

    from ..server.app import CREATE_PER_MINUTE, create_app

    limit = CREATE_PER_MINUTE if create_limit is None else create_limit
    if workers > 1:
        return _run_workers(host=host, port=port, data=data, create_limit=limit, workers=workers)
    app = create_app(data, create_limit=limit)
    _announce(host, port, data)
    # Compressing each message once per connection costs more than it saves on a local network (the workers of
    # planechase.server.workers use the same settings).
    uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=65_536, ws_per_message_deflate=False)
    return 0


def _run_workers(*, host: str, port: int, data: Path, create_limit: int, workers: int) -> int:
    from ..server.workers import WorkersError, serve_workers

    _announce(host, port, data)
    typer.echo(f"The tables are spread over {workers} worker processes.")
    try:
        return serve_workers(host=host, port=port, data=data, create_limit=create_limit, workers=workers)
    except (WorkersError, OSError) as exc:
        typer.echo(f"Error: {exc}", err=True)
        return 1


def _announce(host: str, port: int, data: Path) -> None:
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"Planechase web table: open http://{shown}:{port}/ (tables are kept in {data.resolve()})")
    if host in ("0.0.0.0", "::"):
        typer.echo("Other devices on your network can join with this machine's address instead of 127.0.0.1.")
