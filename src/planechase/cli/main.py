"""The ``planechase`` command line: ``play`` (the terminal table) and ``engine`` (the JSON-lines
engine protocol)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from .. import __version__
from .cards_cmd import cards
from .deck_cmd import deck_app
from .seats_cmd import seats

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
    variant: Annotated[
        str,
        typer.Option(
            help="free_for_all, two_headed_giant, emperor or grand_melee (10+ players); list players in seat "
            "order (teams together)."
        ),
    ] = "free_for_all",
    team_size: Annotated[
        int | None, typer.Option(help="Players per team (default 2 in Two-Headed Giant, 3 in Emperor).")
    ] = None,
) -> None:
    """Play at the table: one shared screen, single keys to roll, pass, move on, choose and undo."""
    from .play import run_play

    raise typer.Exit(
        run_play(
            players=players or ["Alice", "Bob"],
            seed=seed,
            shared=shared,
            load=load,
            variant=variant,
            team_size=team_size,
        )
    )


@app.command()
def engine() -> None:
    """Speak the JSON-lines engine protocol on stdin/stdout (see docs/protocol.md)."""
    from ..protocol.stdio import serve_stdio

    raise typer.Exit(serve_stdio())


app.command("cards")(cards)
app.command("seats")(seats)
app.add_typer(deck_app, name="deck")


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


def main() -> None:
    app()
