"""``planechase db``: the tables' PostgreSQL database (:mod:`planechase.server.pgstore`): set up its schema, and
copy into it the tables of an SQLite data directory (moving a server from one machine's file to a database that
several servers share)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from .serve_cmd import ServeError, check_database

if TYPE_CHECKING:
    from ..server.pgstore import PostgresStore

db_app = typer.Typer(
    help="The tables' PostgreSQL database: set up its schema, copy an SQLite data directory's tables into it.",
    no_args_is_help=True,
)

_DATABASE = typer.Option(
    "--database",
    envvar="PLANECHASE_DATABASE",
    metavar="URL",
    help="The PostgreSQL database (postgresql://user:password@host/db).",
    show_envvar=True,
)


def _target(url: str) -> PostgresStore:
    from ..server.pgstore import PostgresStore

    try:
        return PostgresStore(check_database(url))
    except ServeError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    except Exception as exc:  # the database can't be reached, or psycopg is missing
        typer.echo(f"Error: the database can't be used: {type(exc).__name__}: {exc}", err=True)
        raise typer.Exit(1) from None


@db_app.command("migrate")
def migrate(database: Annotated[str, _DATABASE]) -> None:
    """Bring the database's schema up to date (a server does it when it starts; this does it now)."""
    store = _target(database)
    typer.echo(f"The database's schema is at version {store.schema_version}.")
    store.close()


@db_app.command("copy")
def copy(
    database: Annotated[str, _DATABASE],
    data: Annotated[
        Path,
        typer.Option(help="The data directory whose tables.sqlite3 to copy (as 'planechase serve --data')."),
    ] = Path("planechase-data"),
) -> None:
    """Copy every table of an SQLite data directory into the database (tables it has already are left alone)."""
    from ..server.pgstore import copy_tables
    from ..server.store import Store

    path = data / "tables.sqlite3"
    if not path.is_file():
        typer.echo(f"Error: no tables to copy: {path} does not exist", err=True)
        raise typer.Exit(1)
    target = _target(database)
    source = Store(path)
    try:
        copied, skipped = copy_tables(source, target)
    finally:
        source.close()
        target.close()
    typer.echo(f"Copied {copied} table{'s' if copied != 1 else ''}; {skipped} already there were left alone.")
