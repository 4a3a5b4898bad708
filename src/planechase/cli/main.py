"""The ``planechase`` command line: ``play`` (the terminal table) and ``engine`` (the JSON-lines
engine protocol)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from .. import __version__
from ..variants.eternities_map import PROFILES, CountersRule, PhenomenaRule, Visibility
from .cards_cmd import Language, cards
from .db_cmd import db_app
from .deck_cmd import deck_app
from .lab_cmd import _EXAMPLES as _LAB_EXAMPLES
from .lab_cmd import _HELP as _LAB_HELP
from .lab_cmd import lab
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
    map_profile: Annotated[
        str | None,
        typer.Option(
            "--map",
            metavar="PROFILE",
            help=f"Play on the Eternities Map by a house-rule profile: {', '.join(PROFILES)}. The map has one "
            "deck (one of every plane, and every phenomenon if the profile uses them); not in Grand Melee.",
        ),
    ] = None,
    map_radius: Annotated[
        int | None,
        typer.Option("--map-radius", metavar="N", help="Map: planes more than N steps away go back (1-8; default 3)."),
    ] = None,
    phenomena: Annotated[
        str | None,
        typer.Option(
            metavar="|".join(p.value for p in PhenomenaRule),
            help="Map: phenomena kept off the map, met from a separate pile on a move, or dealt onto the map.",
        ),
    ] = None,
    hellride_chance: Annotated[
        int | None,
        typer.Option(metavar="PCT", help="Map with a phenomenon pile: % chance a hellride meets a phenomenon."),
    ] = None,
    move_chance: Annotated[
        int | None,
        typer.Option(metavar="PCT", help="Map with a phenomenon pile: % chance an ordinary move meets a phenomenon."),
    ] = None,
    visibility: Annotated[
        str | None,
        typer.Option(
            metavar="|".join(v.value for v in Visibility),
            help="Map: the four planes around the current one face up, or every plane face down until entered.",
        ),
    ] = None,
    map_counters: Annotated[
        str | None,
        typer.Option(
            "--map-counters",
            metavar="|".join(c.value for c in CountersRule),
            help="Map: a plane keeps its counters while on the map, or loses them when left (CR 901.7a).",
        ),
    ] = None,
    lang: Annotated[
        Language,
        typer.Option(
            "--lang",
            "-l",
            help="Show the cards in this language (the planechase project's translation; O shows the English "
            "Oracle text).",
        ),
    ] = Language.EN,
) -> None:
    """Play at the table: one shared screen, single keys to roll, pass, move on, choose and undo. Any map
    option without --map plays the published Eternities Map with that change."""
    from .play import MapOptionError, map_rules, run_play

    try:
        rules = map_rules(
            map_profile,
            radius=map_radius,
            phenomena=phenomena,
            hellride_chance=hellride_chance,
            move_chance=move_chance,
            visibility=visibility,
            counters=map_counters,
        )
    except MapOptionError as exc:
        raise typer.BadParameter(str(exc), param_hint=f"'{exc.option}'") from None
    raise typer.Exit(
        run_play(
            players=players or ["Alice", "Bob"],
            seed=seed,
            shared=shared,
            load=load,
            variant=variant,
            team_size=team_size,
            eternities_map=rules,
            lang=str(lang.value),
        )
    )


@app.command()
def engine(
    schema: Annotated[
        bool,
        typer.Option(
            "--schema",
            help="Print the protocol's JSON Schema (draft 2020-12: every request and answer) and stop, to save it "
            "and generate a client's types from it.",
        ),
    ] = False,
) -> None:
    """Speak the JSON-lines engine protocol on stdin/stdout: one request per line in, one answer per line out
    (see docs/protocol.md). `hello` names the protocol, its version and features; `--schema` prints the JSON
    Schema that ships with the package."""
    if schema:
        from ..protocol import load_schema

        typer.echo(json.dumps(load_schema(), indent=2, ensure_ascii=False))
        return
    from ..protocol.stdio import serve_stdio

    raise typer.Exit(serve_stdio())


@app.command()
def serve(
    host: Annotated[
        str,
        typer.Option(
            help="The address to listen on. 127.0.0.1: only this machine can open the table. 0.0.0.0: every "
            "network interface, so phones and tablets on your network can join (scripts/serve does this); each "
            "table is protected by the secret tokens in its links, and anyone who can reach the server can "
            "create tables (--create-limit)."
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")] = 8000,
    data: Annotated[
        Path, typer.Option(help="Where tables are kept (an SQLite file is made there).", file_okay=False)
    ] = Path("planechase-data"),
    create_limit: Annotated[
        int | None,
        typer.Option("--create-limit", min=1, metavar="N", help="Tables one address may create per minute (20)."),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            metavar="N",
            help="Spread the tables over N processes (one per core is a good choice for a busy server).",
        ),
    ] = 1,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            metavar="URL",
            help="The address players open when the server is behind a reverse proxy or a tunnel "
            "(https://planes.example.org): every link and QR code carries it.",
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            metavar="IPS",
            help="Comma-separated addresses or networks of reverse proxies whose X-Forwarded-For, -Proto and -Host "
            "headers are believed (client addresses for the limits, and the host links carry when there is no "
            "--public-url); '*' believes anyone. By default nobody's.",
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            metavar="ORIGIN",
            help="A web origin (https://example.org) whose pages may create tables and join them, beside this "
            "server's own (repeat for more; '*' for any).",
        ),
    ] = None,
    max_per_address: Annotated[
        int | None,
        typer.Option("--max-per-address", min=1, metavar="N", help="Open connections allowed from one address (200)."),
    ] = None,
    max_per_table: Annotated[
        int | None,
        typer.Option("--max-per-table", min=1, metavar="N", help="Open connections allowed to one table (64)."),
    ] = None,
    tune: Annotated[
        list[str] | None,
        typer.Option(
            "--tune",
            metavar="NAME=VALUE",
            help="Change one of the server's limits (repeat for more): join_timeout, send_timeout, header_timeout "
            "and body_timeout (seconds), queue_messages and queue_bytes (what waits to be sent to one connection "
            "before it is dropped), send_buffer (bytes), messages_per_second and message_burst (what one address "
            "may send), max_per_address, max_per_table, create_limit, lab_workers and lab_limit (the deck lab's "
            "processes, and the studies one address may start per minute). See docs/web.md.",
        ),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            envvar="PLANECHASE_DATABASE",
            metavar="URL",
            help="Keep the tables in this PostgreSQL database (postgresql://user:password@host/db) instead of "
            "--data's SQLite file; several servers may share it. Needs pip install 'planechase\\[postgres]'.",
            show_envvar=True,
        ),
    ] = None,
    bus: Annotated[
        str | None,
        typer.Option(
            "--bus",
            envvar="PLANECHASE_BUS",
            metavar="URL",
            help="A Redis server (redis://host:6379/0) through which the servers sharing --database tell each other "
            "what they wrote, so one table's screens may reach any of them. Needs pip install 'planechase\\[redis]'.",
            show_envvar=True,
        ),
    ] = None,
    qr: Annotated[bool, typer.Option("--qr/--no-qr", help="Print a QR code of the address to open.")] = True,
) -> None:
    """Serve the web table: one Planechase table on every phone, tablet and TV, kept in SQLite (or in PostgreSQL,
    shared by several servers). It prints the address to open (with a QR code when other devices can reach it)."""
    from .serve_cmd import ServeError, run_server, server_settings

    try:
        settings = server_settings(
            host=host,
            port=port,
            data=data,
            create_limit=create_limit,
            public_url=public_url,
            forwarded_allow_ips=forwarded_allow_ips,
            allowed_origins=tuple(allowed_origin or ()),
            max_per_address=max_per_address,
            max_per_table=max_per_table,
            tune=tuple(tune or ()),
            database=database,
            bus=bus,
        )
    except ServeError as exc:
        typer.echo(f"Error: {exc}", err=True)
        raise typer.Exit(2) from None
    raise typer.Exit(run_server(host=host, port=port, settings=settings, workers=workers, qr=qr))


app.command("cards")(cards)
app.command("seats")(seats)
app.command(
    "lab",
    help=_LAB_HELP,
    short_help="Play many games of a planar deck: figures, intervals, plots.",
    epilog=_LAB_EXAMPLES,
)(lab)
app.add_typer(deck_app, name="deck")
app.add_typer(db_app, name="db")


@app.command("build-engine")
def build_engine(
    check: Annotated[
        bool, typer.Option("--check", help="Only say which engine runs and why; exit 1 if it is not the compiled one.")
    ] = False,
) -> None:
    """Compile the engine with mypyc (about 1.4 times as fast; needs mypy and a C compiler:
    pip install 'planechase[fast]'). Without a build, or with PLANECHASE_ENGINE=pure, the same engine runs as
    pure Python."""
    from .. import compiled

    if check:
        usable, reason = compiled.check()
        state = compiled.status()
        typer.echo(f"this process: {state.mode} ({state.reason})")
        typer.echo(f"the build in {compiled.directory()}: {'usable' if usable else 'not usable'}: {reason}")
        raise typer.Exit(0 if usable is not None else 1)
    try:
        compiled.build(say=typer.echo)
    except compiled.CompiledEngineError as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(1) from None
    typer.echo("New processes use it; PLANECHASE_ENGINE=pure turns it off.")


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


def main() -> None:
    app()
