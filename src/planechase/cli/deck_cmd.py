"""``planechase deck``: check planar deck lists and make random legal planar decks.

``deck check FILE`` reads a deck list (plain text, or a Moxfield, Archidekt or MTGO export; see
docs/decks.md) and reports whether it is a legal planar deck (901.3) or, with ``--shared``, a legal
single shared deck for ``--players`` players (901.15a). Exit codes: 0 legal, 1 not legal, 2 the file
could not be read (or the command line was wrong).

``deck convert FILE --to FORMAT`` writes the planar deck of any list ``deck check`` reads as a file for Forge,
XMage, Cockatrice, MTGO, as a text list or as JSON.

``deck random`` prints a random legal deck list that ``deck check`` accepts.
"""

from __future__ import annotations

import json
import secrets
import shlex
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..cards.catalog import CATALOG
from ..cards.deck_writing import DeckFormat, write_deck
from ..cards.decklists import (
    FORMATS,
    READING_ERRORS,
    UNREADABLE_ERRORS,
    DeckIssue,
    DeckListError,
    read_deck_list,
)
from ..cards.decks import DeckReport, validate
from ..cards.filters import FILTERS
from ..cards.random_decks import known_sets, random_decks, random_shared_deck
from ..errors import DeckError

#: Exit codes of ``deck check``.
LEGAL, ILLEGAL, UNREADABLE = 0, 1, 2

deck_app = typer.Typer(
    name="deck",
    help="Check planar deck lists (901.3, 901.15a) and make random legal planar decks.",
    epilog=(
        "Examples:\n\n  planechase deck check my-planes.txt\n\n"
        "  planechase deck check export.txt --shared --players 4\n\n"
        "  planechase deck convert moxfield-export.txt --to forge -o planes.dck\n\n"
        "  planechase deck random --seed 42 > my-planes.txt\n\n"
        "See docs/decks.md for the deck list formats and the rules."
    ),
    no_args_is_help=True,
    add_completion=False,
)


class OutputFormat(StrEnum):
    TEXT = "text"
    JSON = "json"


_CHECK_EXAMPLES = """Examples:

  planechase deck check my-planes.txt

  planechase deck check moxfield-export.txt --shared --players 4

  planechase deck check archidekt.txt --json

  planechase deck random --seed 7 | planechase deck check -
"""

_RANDOM_EXAMPLES = """Examples:

  planechase deck random --seed 42

  planechase deck random --shared --players 4 --sets PC2,MOC --seed 1

  planechase deck random -x "Chaotic Aether" -x Pompeii --phenomena 0

  planechase deck random --players 3 --size 12 --format json
"""


_CHECK_HELP = (
    "Check a planar deck list: at least ten cards, at most two phenomena, each with a different name (901.3); "
    "with --shared, the single shared deck for N players (901.15a).\n\n"
    "Reads plain lists (one card per line, optional counts, # and // comments) and the files of Forge, XMage, "
    "Magic Workstation, Cockatrice (.cod), MTGO (.txt, .dec, .dek), Arena, Moxfield, Archidekt, TappedOut and "
    "deckstats, CSV tables, MTGJSON and pasted article tables, told apart by their content. From a whole deck "
    "(a Commander list) it takes the planar cards and leaves the rest out with a note. "
    "Exit code 0: legal; 1: not legal; 2: unreadable."
)

_RANDOM_HELP = (
    "Print a random legal planar deck: for one player (901.3), one for each of several players with no card "
    "in two decks, or with --shared the single shared deck for N players (901.15a).\n\n"
    "Cards come from the chosen sets, less the excluded ones, and only those every --filter keeps (remote: planes "
    "for remote play; commander: planes for Commander games; 'planechase deck filters' lists what each leaves "
    "out); the same seed gives the same deck. The text "
    "output is a deck list that 'planechase deck check' accepts."
)


_FILTERS_HELP = (
    "List the deck filters that 'planechase deck random --filter' and the web table's form offer: what each "
    "keeps and the cards it leaves out, with why."
)


class FilterName(StrEnum):
    """The deck filters, as ``--filter`` takes them (see :mod:`planechase.cards.filters`)."""

    REMOTE = "remote"
    COMMANDER = "commander"


@deck_app.command(
    "check", help=_CHECK_HELP, short_help="Check a planar deck list (901.3, 901.15a).", epilog=_CHECK_EXAMPLES
)
def check(
    file: Annotated[str, typer.Argument(metavar="FILE", help="The deck list file; '-' reads standard input.")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", min=1, help="How many players share the deck (with --shared; default 2)."),
    ] = None,
    shared: Annotated[
        bool, typer.Option("--shared", help="Check it as the single shared planar deck (901.15a).")
    ] = False,
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """``planechase deck check``: read the list, validate it, print the report (see ``_CHECK_HELP``)."""
    if players is not None and not shared:
        message = "--players is the number of players sharing the deck; add --shared"
        raise typer.BadParameter(message, param_hint="--players")
    try:
        deck = read_deck_list(file, CATALOG)
    except DeckListError as exc:
        if json_output:
            typer.echo(json.dumps({"file": file, "legal": False, "readable": False, "error": str(exc)}, indent=2))
        else:
            Console(stderr=True).print(f"[bold red]Cannot check {escape(file)}:[/] {escape(str(exc))}")
        raise typer.Exit(UNREADABLE) from None
    report = validate(deck, shared=shared, players=players, catalog=CATALOG)
    if json_output:
        typer.echo(json.dumps({**report.to_dict(), "readable": True}, indent=2, ensure_ascii=False))
    else:
        print_report(report, Console(highlight=False))
    if any(issue.code in UNREADABLE_ERRORS for issue in deck.errors):
        raise typer.Exit(UNREADABLE)
    raise typer.Exit(LEGAL if report.legal else ILLEGAL)


_CONVERT_HELP = (
    "Write the planar deck of a deck list (any file 'planechase deck check' reads: a whole Commander list gives "
    "its planar cards) as a file another program opens: forge (.dck, a [Planes] section), xmage (.dck), "
    "cockatrice (.cod), mtgo (.dek), text (a list any tool reads) or json (MTGJSON's layout, with a planes list). "
    "Every file written reads back as the same deck.\n\n"
    "A list with unknown cards, or with no planar card, is not converted (exit code 1); one that cannot be read "
    "exits with 2. A deck that is not legal (901.3) is written, with a warning."
)

_CONVERT_EXAMPLES = """Examples:

  planechase deck convert moxfield-export.txt --to forge -o planes.dck

  planechase deck convert planes.cod --to mtgo > planes.dek

  planechase deck random --seed 7 | planechase deck convert - --to cockatrice --name "Seed 7"
"""


@deck_app.command(
    "convert",
    help=_CONVERT_HELP,
    short_help="Write a planar deck for Forge, XMage, Cockatrice, MTGO, as text or JSON.",
    epilog=_CONVERT_EXAMPLES,
)
def convert(
    file: Annotated[str, typer.Argument(metavar="FILE", help="The deck list file; '-' reads standard input.")],
    to: Annotated[DeckFormat, typer.Option("--to", "-t", help="The format to write.", case_sensitive=False)],
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write to this file (default: standard output).")
    ] = None,
    name: Annotated[
        str | None,
        typer.Option("--name", help="The deck's name in the file (default: the name the list gives, else the file's)."),
    ] = None,
) -> None:
    """``planechase deck convert``: read, refuse unknown cards, write (see ``_CONVERT_HELP``)."""
    errors = Console(stderr=True, highlight=False)
    try:
        deck = read_deck_list(file, CATALOG)
    except DeckListError as exc:
        errors.print(f"[bold red]Cannot convert {escape(file)}:[/] {escape(str(exc))}")
        raise typer.Exit(UNREADABLE) from None
    reading = [i for i in deck.errors if i.code in READING_ERRORS]
    if reading:
        errors.print(f"[bold red]Cannot convert {escape(file)}:[/] {_plural(len(reading), 'problem')} reading it.")
        for issue in reading:
            errors.print(_issue_line(issue))
        unreadable = any(i.code in UNREADABLE_ERRORS for i in reading)
        raise typer.Exit(UNREADABLE if unreadable else ILLEGAL)
    if not deck.names:
        errors.print(f"[bold red]Cannot convert {escape(file)}:[/] it names no planar card.")
        for issue in deck.notes:
            errors.print(_issue_line(issue))
        raise typer.Exit(ILLEGAL)
    report = validate(deck, catalog=CATALOG)
    title = name or deck.name or _stem(file)
    text = write_deck(deck.names, to, name=title, catalog=CATALOG)
    if out is None:
        typer.echo(text, nl=False)
    else:
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            errors.print(f"[bold red]Cannot write {escape(str(out))}:[/] {escape(exc.strerror or str(exc))}")
            raise typer.Exit(1) from None
    for issue in [*deck.notes, *deck.warnings]:
        errors.print(_issue_line(issue))
    if not report.legal:
        errors.print(f"[yellow]Written, but not a legal planar deck ({report.rule}):[/]")
        for issue in report.errors:
            errors.print(_issue_line(issue))
    where = f" to {escape(str(out))}" if out is not None else ""
    read_as = FORMATS.get(deck.format, deck.format)
    errors.print(
        f"[dim]Read {escape(file)} as {read_as}; wrote {_plural(len(deck.names), 'card')} as {to.value}{where}.[/]"
    )


def _stem(file: str) -> str:
    return "Planar deck" if file == "-" else Path(file).stem


def print_report(report: DeckReport, console: Console) -> None:
    """Print a deck report for people: the cards, a summary, every issue and the verdict."""
    shared = report.mode == "shared"
    what = f"a single shared planar deck for {report.players} players" if shared else "a planar deck"
    read_as = FORMATS.get(report.format, report.format)
    console.print(f"[bold]{escape(report.where)}[/]: {read_as}, checked as {what} ({report.rule})")
    if report.entries:
        table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
        table.add_column("Line", justify="right", style="dim")
        table.add_column("Card")
        table.add_column("Type", style="dim")
        for entry in report.entries:
            where = str(entry.line) if entry.line is not None else f"#{entry.position}"
            count = f"{entry.count} x " if entry.count != 1 else ""
            if entry.card is None:
                table.add_row(where, f"[red]{count}{escape(entry.written)} (unknown)[/]", "")
            else:
                table.add_row(where, escape(count + entry.card), CATALOG[entry.card].type_line)
        console.print(table)
    console.print(report.summary())
    for issue in report.issues:
        console.print(_issue_line(issue))
    if report.legal:
        verdict = "[bold green]Legal.[/]"
        if report.warnings:
            verdict += f" ({_plural(len(report.warnings), 'warning')})"
    else:
        verdict = f"[bold red]Not legal:[/] {_plural(len(report.errors), 'error')}."
    if report.mode == "shared" and report.suits_players is not None:
        low, high = report.suits_players
        span = f"{low} or more" if high is None else (str(low) if low == high else f"{low} to {high}")
        verdict += f" As a shared deck it suits {span} players (901.15a)."
    console.print(verdict)


def _issue_line(issue: DeckIssue) -> str:
    mark = {"error": "[red]✗[/]", "warning": "[yellow]![/]", "note": "[dim]·[/]"}[issue.severity]
    rule = f"[bold]{issue.rule}[/] " if issue.rule else ""
    text = escape(issue.text)
    return f"{mark} {rule}{text if issue.severity != 'note' else f'[dim]{text}[/]'}"


@deck_app.command(
    "random", help=_RANDOM_HELP, short_help="Print a random legal planar deck list.", epilog=_RANDOM_EXAMPLES
)
def random_command(
    players: Annotated[
        int,
        typer.Option("--players", "-n", min=1, help="Players: with --shared, who share the deck; else, one deck each."),
    ] = 1,
    shared: Annotated[bool, typer.Option("--shared", help="Make the single shared planar deck (901.15a).")] = False,
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--sets",
            help=f"Only cards from these sets, comma-separated or repeated: {', '.join(known_sets(CATALOG))}.",
        ),
    ] = None,
    exclude: Annotated[
        list[str] | None, typer.Option("--exclude", "-x", help="A card to leave out (repeat for more).")
    ] = None,
    deck_filter: Annotated[
        list[FilterName] | None,
        typer.Option(
            "--filter",
            help="Only the cards this filter keeps (repeat for more): remote (remote play), commander (Commander).",
        ),
    ] = None,
    phenomena: Annotated[
        int | None, typer.Option("--phenomena", min=0, help="How many phenomena (default: one per ten cards).")
    ] = None,
    size: Annotated[
        int | None,
        typer.Option("--size", min=1, help="Cards per deck (default: 10, or min(40, 10 x players) shared)."),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed; the same seed gives the same deck.")] = None,
    output_format: Annotated[OutputFormat, typer.Option("--format", help="text (a deck list) or json.")] = (
        OutputFormat.TEXT
    ),
) -> None:
    """``planechase deck random``: draw the decks and print them (see ``_RANDOM_HELP``)."""
    set_codes = [code for value in sets or () for code in value.split(",") if code.strip()] if sets else None
    excluded = list(exclude or ())
    filters = list(dict.fromkeys(f.value for f in deck_filter or ()))
    chosen_seed = secrets.randbelow(1_000_000) if seed is None else seed
    try:
        if shared:
            decks: tuple[tuple[str, ...], ...] = (
                random_shared_deck(
                    players,
                    chosen_seed,
                    size=size,
                    phenomena=phenomena,
                    sets=set_codes,
                    exclude=excluded,
                    filters=filters,
                    catalog=CATALOG,
                ),
            )
        else:
            decks = random_decks(
                players,
                chosen_seed,
                size=10 if size is None else size,
                phenomena=phenomena,
                sets=set_codes,
                exclude=excluded,
                filters=filters,
                catalog=CATALOG,
            )
    except DeckError as exc:
        Console(stderr=True).print(f"[bold red]No deck:[/] {escape(str(exc))}")
        raise typer.Exit(1) from None
    command = _command(players, shared, set_codes, excluded, filters, phenomena, size, chosen_seed)
    if output_format is OutputFormat.JSON:
        answer = _as_json(decks, players, shared, set_codes, excluded, chosen_seed, command)
        answer["filters"] = filters
        typer.echo(json.dumps(answer, indent=2))
    else:
        typer.echo(_as_text(decks, players, shared, chosen_seed, command), nl=False)


@deck_app.command("filters", help=_FILTERS_HELP, short_help="List the deck filters and what each leaves out.")
def filters_command() -> None:
    """``planechase deck filters``: each filter, what it keeps and the cards it leaves out, with why."""
    console = Console(highlight=False)
    for deck_filter in FILTERS.values():
        left_out = [card for card in CATALOG if not deck_filter.keeps(card)]
        kept = len(CATALOG) - len(left_out)
        console.print(f"[bold]{deck_filter.name}[/]: the {deck_filter.title} ({kept} of {len(CATALOG)} cards kept)")
        if deck_filter.reasons:
            for card in left_out:
                console.print(f"  leaves out {escape(card.name)}: {escape(deck_filter.why_not(card.name))}")
        else:
            console.print(f"  leaves out {len(left_out)} cards: {escape(deck_filter.general_reason)}")


def _described(deck: tuple[str, ...]) -> dict[str, Any]:
    phenomena = sum(CATALOG[name].is_phenomenon for name in deck)
    return {"size": len(deck), "planes": len(deck) - phenomena, "phenomena": phenomena, "cards": list(deck)}


def _as_json(
    decks: tuple[tuple[str, ...], ...],
    players: int,
    shared: bool,
    sets: list[str] | None,
    exclude: list[str],
    seed: int,
    command: str,
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "kind": "shared" if shared else "individual",
        "players": players,
        "seed": seed,
        "sets": sets,
        "exclude": exclude,
        "command": command,
    }
    if len(decks) == 1:
        out.update(_described(decks[0]))
    else:
        out["decks"] = [_described(deck) for deck in decks]
    return out


def _as_text(decks: tuple[tuple[str, ...], ...], players: int, shared: bool, seed: int, command: str) -> str:
    lines: list[str] = []
    if shared:
        lines.append(f"# A random single shared planar deck for {players} players (901.15a), seed {seed}.")
    elif len(decks) == 1:
        lines.append(f"# A random planar deck (901.3), seed {seed}.")
    else:
        lines.append(f"# {len(decks)} random planar decks (901.3) that share no card, seed {seed}.")
        lines.append("# Each list below is one player's deck: save each to its own file to check it.")
    lines.append(f"# Made with: {command}")
    for number, deck in enumerate(decks, start=1):
        info = _described(deck)
        counts = f"{_plural(info['planes'], 'plane')} and {_plural(info['phenomena'], 'phenomenon', 'phenomena')}"
        if len(decks) > 1:
            lines += ["", f"# Deck {number} of {len(decks)}: {info['size']} cards, {counts}"]
        else:
            lines.append(f"# {info['size']} cards: {counts}.")
        planes = [name for name in deck if CATALOG[name].is_plane]
        phenomena = [name for name in deck if CATALOG[name].is_phenomenon]
        lines.append("# Planes")
        lines += [f"1 {name}" for name in planes]
        if phenomena:
            lines.append("# Phenomena")
            lines += [f"1 {name}" for name in phenomena]
    return "\n".join(lines) + "\n"


def _command(
    players: int,
    shared: bool,
    sets: list[str] | None,
    exclude: list[str],
    filters: list[str],
    phenomena: int | None,
    size: int | None,
    seed: int,
) -> str:
    """The command that makes the same deck again."""
    words = ["planechase", "deck", "random"]
    if shared:
        words.append("--shared")
    if players != 1 or shared:
        words += ["--players", str(players)]
    if sets:
        words += ["--sets", ",".join(sets)]
    for name in exclude:
        words += ["--exclude", name]
    for name in filters:
        words += ["--filter", name]
    if phenomena is not None:
        words += ["--phenomena", str(phenomena)]
    if size is not None:
        words += ["--size", str(size)]
    words += ["--seed", str(seed)]
    return " ".join(shlex.quote(w) for w in words)


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"
