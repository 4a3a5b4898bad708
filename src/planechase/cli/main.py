"""The ``planechase`` command line: ``play`` (the terminal table) and ``engine`` (the JSON-lines
engine protocol)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import __version__
from .cards_cmd import cards
from .deck_cmd import deck_app

app = typer.Typer(
    name="planechase",
    help="A rules-exact Planechase engine and table companion.",
    no_args_is_help=True,
    add_completion=False,
)


@app.command()
def play(
    players: Annotated[
        list[str] | None, typer.Option("--player", "-p", help="A player's name (repeat per seat).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for shuffles and die rolls (random if omitted).")] = None,
    shared: Annotated[bool, typer.Option("--shared", help="Use one shared planar deck (901.15).")] = False,
    load: Annotated[Path | None, typer.Option(help="Continue a game saved with 's'.")] = None,
) -> None:
    """Play at the table: one shared screen, single keys to roll, pass, move on, choose and undo."""
    from .play import run_play

    raise typer.Exit(run_play(players=players or ["Alice", "Bob"], seed=seed, shared=shared, load=load))


@app.command()
def engine() -> None:
    """Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md)."""
    from ..protocol.stdio import serve_stdio

    raise typer.Exit(serve_stdio())


app.command("cards")(cards)
app.add_typer(deck_app, name="deck")


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


def main() -> None:
    app()
