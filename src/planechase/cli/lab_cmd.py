"""``planechase lab``: play many seeded games of a planar deck and report what happens, with plots."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from ..cards.catalog import CATALOG
from ..cards.decklists import DeckListError
from ..errors import ConfigError
from ..lab.inputs import UnusableDeckError, checked_deck, read_deck
from ..lab.play import GameSetup, PolicyError
from ..lab.policies import BUILT_IN, default_ratings, read_ratings
from ..lab.report import report_dict, tables, write_csv, write_json, write_parquet
from ..lab.study import LIMITS, Arm, StudyResult, StudySpec, run_study
from ..variants.eternities_map import PROFILES
from .deck_cmd import print_report

#: Exit codes: 1 a policy failed, 2 bad input (deck, numbers), 130 interrupted (Ctrl-C), as shells count it.
POLICY_FAILED, BAD_INPUT, INTERRUPTED = 1, 2, 130

_HELP = (
    "Play many seeded games of a planar deck and report what happens: how often each plane is face up, how long "
    "a stay lasts, when each card is first seen, rolls, mana, planeswalks, chaos, phenomena and what the planes do "
    "to the players, each with a 95% confidence interval.\n\n"
    "The active player rolls the planar die as the policy says (--policy); nobody casts spells or attacks, so the "
    "figures measure the planar deck itself. Game i's seed comes from --seed and i alone: the report is the same "
    "for any number of workers, and on a Dask cluster (--scheduler).\n\n"
    "--vs DECK plays the same games with a second deck and reports every difference with its interval; --policies "
    "free,cost<=1,leave-bad compares policies on one deck. Without --games, the study plays until every headline "
    "figure's interval (each plane's share of turns, the die's planeswalk and chaos shares) is narrower than "
    "--precision.\n\n"
    "Policies: never; free (one roll a turn, while it costs nothing); cost<=K (roll while a roll costs at most K); "
    "leave-bad[:THRESHOLD[:MAX_COST]] (roll to leave a plane rated below the threshold, 3 by default, while a roll "
    "costs at most 2; --ratings FILE, see --print-ratings); random[:P]; or FILE.py:NAME for your own (docs/lab.md)."
    "\n\n"
    "Writes to --out: report.json, a CSV and a Parquet file per table, the plots as PNG and SVG, and report.html "
    "(self-contained). Plots and Parquet need the lab extra: pip install 'planechase\\[lab]'. Exit code 0: done; "
    "1: a policy failed; 2: bad input; 130: interrupted (the report holds the games finished)."
)

_EXAMPLES = (
    "Examples:\n\n"
    "planechase lab my-deck.txt --games 10000 --out report/\n\n"
    "planechase lab my-deck.txt --vs their-deck.txt --games 5000\n\n"
    "planechase lab my-deck.txt --policies free,cost<=1,leave-bad --precision 0.5\n\n"
    "planechase lab shared.txt --shared --players 4 --turns 40 --json > report.json"
)


def lab(
    deck: Annotated[
        str | None,
        typer.Argument(
            metavar="DECK",
            help="The planar deck: a deck list file (any format 'planechase deck check' reads), '-' for standard "
            "input, or card names separated by commas.",
            show_default=False,
        ),
    ] = None,
    versus: Annotated[
        str | None, typer.Option("--vs", metavar="DECK", help="A second deck, played with the same seeds.")
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(help=f"Games to play (1 to {LIMITS.games:,}); without it, play until --precision is met."),
    ] = None,
    precision: Annotated[
        float,
        typer.Option(
            help="Without --games: stop when every headline interval is narrower than this many percentage "
            "points (0.05 to 50)."
        ),
    ] = 1.0,
    max_games: Annotated[int, typer.Option(help="Without --games: play at most this many games.")] = 1_000_000,
    seed: Annotated[int, typer.Option(help="The study's seed (0 to 2**63-1): the same seed plays the same games.")] = 0,
    players: Annotated[int, typer.Option("--players", "-n", help="Players per game (2 to 16).")] = 2,
    turns: Annotated[int, typer.Option(help=f"Turns per game (1 to {LIMITS.turns}).")] = 30,
    shared: Annotated[bool, typer.Option("--shared", help="One shared planar deck for everyone (901.15).")] = False,
    variant: Annotated[
        str, typer.Option(help="free_for_all, two_headed_giant, emperor or grand_melee.")
    ] = "free_for_all",
    team_size: Annotated[int | None, typer.Option(help="Players per team (Two-Headed Giant, Emperor).")] = None,
    map_profile: Annotated[
        str | None,
        typer.Option(
            "--map",
            metavar="PROFILE",
            help=f"Play on the Eternities Map by a profile ({', '.join(PROFILES)}); DECK is then the map's one deck.",
        ),
    ] = None,
    policy: Annotated[
        str, typer.Option(help="The roll policy: " + ", ".join(BUILT_IN) + ", or FILE.py:NAME.")
    ] = "free",
    policies: Annotated[
        str | None, typer.Option(metavar="LIST", help="Compare policies on one deck: names separated by commas.")
    ] = None,
    ratings: Annotated[
        Path | None, typer.Option(help="Plane ratings for leave-bad: a TOML file as --print-ratings writes.")
    ] = None,
    workers: Annotated[
        int | None, typer.Option(help="Processes to play on (default: every core; 1 plays in this process).")
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS", help="Play on a Dask.distributed cluster (tcp://host:8786; the cluster extra)."
        ),
    ] = None,
    out: Annotated[Path, typer.Option(help="The folder the report goes to.")] = Path("lab-report"),
    json_output: Annotated[bool, typer.Option("--json", help="Print the report as JSON on standard output.")] = False,
    print_ratings: Annotated[
        bool, typer.Option("--print-ratings", help="Print the default plane ratings (TOML) to edit, and stop.")
    ] = False,
) -> None:
    """``planechase lab`` (see ``_HELP``)."""
    err = Console(stderr=True, highlight=False)
    if print_ratings:
        typer.echo("# Plane ratings for the leave-bad policy: 1 (leave at once) to 5 (stay). Edit and pass --ratings.")
        for name, value in sorted(default_ratings(CATALOG).items()):
            typer.echo(f"{json.dumps(name, ensure_ascii=False)} = {value:g}")
        return
    if deck is None:
        raise typer.BadParameter(
            "name the deck to study (a file, '-', or card names separated by commas)", param_hint="DECK"
        )
    if versus is not None and policies is not None:
        raise typer.BadParameter(
            "compare either two decks (--vs) or policies (--policies), not both", param_hint="--vs"
        )
    try:
        spec = _spec(
            deck,
            versus,
            games,
            precision,
            max_games,
            seed,
            players,
            turns,
            shared,
            variant,
            team_size,
            policy,
            policies,
            ratings,
            map_profile,
        )
        spec.validate()
    except UnusableDeckError as refused:
        print_report(refused.report, err)
        raise typer.Exit(BAD_INPUT) from None
    except (DeckListError, ConfigError) as exc:
        err.print(f"[bold red]Cannot run the study:[/] {escape(str(exc))}")
        raise typer.Exit(BAD_INPUT) from None
    started = time.perf_counter()
    try:
        result = _run(spec, workers, scheduler, err)
    except PolicyError as exc:
        err.print(f"[bold red]The policy stopped the study:[/] {escape(str(exc))}")
        err.print(f'Replay that game: it is game seed {exc.seed} (see docs/lab.md, "Bad input, failures, Ctrl-C").')
        raise typer.Exit(POLICY_FAILED) from None
    except ConfigError as exc:
        err.print(f"[bold red]Cannot run the study:[/] {escape(str(exc))}")
        raise typer.Exit(BAD_INPUT) from None
    elapsed = time.perf_counter() - started
    if result.games == 0:
        err.print("[bold red]Interrupted before any game finished:[/] nothing to report.")
        raise typer.Exit(INTERRUPTED)
    try:
        written = _write(result, out, err)
        if json_output:
            typer.echo(json.dumps(report_dict(result), ensure_ascii=False, sort_keys=True, indent=1))
        else:
            _print_summary(result, Console(highlight=False))
    except KeyboardInterrupt:
        err.print("[bold yellow]Interrupted while writing the report:[/] its files may be incomplete.")
        raise typer.Exit(INTERRUPTED) from None
    rate = result.games / elapsed if elapsed > 0 else 0.0
    err.print(
        f"{result.games:,} games in {elapsed:.1f} s ({rate:,.0f} games/s); report in {escape(str(out))}/ "
        f"({len(written)} files)."
    )
    if result.interrupted:
        err.print(f"[bold yellow]Interrupted:[/] the report holds the {result.games:,} games finished.")
        raise typer.Exit(INTERRUPTED)
    if result.stopped == "max_games":
        err.print(f"[yellow]Stopped at --max-games {spec.max_games:,} before every interval met --precision.[/]")


def _spec(
    deck: str,
    versus: str | None,
    games: int | None,
    precision: float,
    max_games: int,
    seed: int,
    players: int,
    turns: int,
    shared: bool,
    variant: str,
    team_size: int | None,
    policy: str,
    policies: str | None,
    ratings_file: Path | None,
    map_profile: str | None = None,
) -> StudySpec:
    if not LIMITS.players[0] <= players <= LIMITS.players[1]:
        raise ConfigError(
            "--players must be from {low} to {high}, not {players}",
            low=LIMITS.players[0],
            high=LIMITS.players[1],
            players=players,
        )
    ratings = tuple(sorted(read_ratings(ratings_file, CATALOG).items())) if ratings_file is not None else None

    if map_profile is not None and map_profile not in PROFILES:
        raise ConfigError(
            "unknown map profile {profile}: use {profiles}", profile=map_profile, profiles=", ".join(PROFILES)
        )

    def setup(source: str) -> GameSetup:
        listed = read_deck(source)
        # On the map the deck is the map's one deck: the engine checks it for the profile as the game is set up.
        names = listed.require() if map_profile is not None else checked_deck(listed, shared=shared, players=players)
        return GameSetup(
            names,
            players=players,
            turns=turns,
            shared=shared,
            variant=variant,
            team_size=team_size,
            map_profile=map_profile,
        )

    first = setup(deck)
    warn = Console(stderr=True, highlight=False)
    if policies is not None and policy != "free":
        warn.print("[yellow]--policy is not used with --policies (each arm plays its own policy).[/]")
    used = [p.strip() for p in policies.split(",")] if policies is not None else [policy]
    if ratings_file is not None and not any(p.startswith("leave-bad") for p in used):
        warn.print("[yellow]--ratings is used only by the leave-bad policy; no arm plays it.[/]")
    if policies is not None:
        names = [p.strip() for p in policies.split(",") if p.strip()]
        if not 1 <= len(names) <= LIMITS.arms:
            raise ConfigError("--policies takes 1 to {n} policies separated by commas", n=LIMITS.arms)
        if len(set(names)) != len(names):
            raise ConfigError("--policies names a policy twice")
        arms = tuple(Arm(name, first, name, ratings) for name in names)
    else:
        arms = (Arm(_label(deck), first, policy, ratings),)
        if versus is not None:
            label = _label(versus)
            arms += (Arm(label if label != arms[0].label else label + " (2)", setup(versus), policy, ratings),)
    return StudySpec(arms=arms, seed=seed, games=games, precision=precision / 100, max_games=max_games)


def _label(source: str) -> str:
    if source == "-":
        return "deck"
    path = Path(source)
    if path.exists():
        return path.stem[:40]
    return "deck"


def _run(spec: StudySpec, workers: int | None, scheduler: str | None, err: Console) -> StudyResult:
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    goal = f"{spec.games:,} games" if spec.games is not None else f"±{spec.precision * 50:g} pp"
    with Progress(*columns, console=err, transient=False, disable=not err.is_terminal) as bar:
        task = bar.add_task(f"Playing ({goal})", total=spec.target)

        def progress(done: int, target: int, result: StudyResult) -> None:
            if spec.games is None:
                widest = max((f.width for *_, f in result.headline()), default=float("nan"))
                bar.update(task, description=f"Playing (widest interval {widest * 100:.2f} pp)")
            bar.update(task, completed=done)

        return run_study(spec, workers=workers, scheduler=scheduler, progress=progress)


def _write(result: StudyResult, out: Path, err: Console) -> list[Path]:
    try:
        return _write_files(result, out, err)
    except OSError as exc:
        err.print(f"[bold red]Cannot write the report to {escape(str(out))}:[/] {escape(exc.strerror or str(exc))}")
        raise typer.Exit(BAD_INPUT) from None


def _write_files(result: StudyResult, out: Path, err: Console) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    data = tables(result)
    written = [write_json(result, out / "report.json"), *write_csv(data, out)]
    try:
        written += write_parquet(data, out)
    except ImportError:
        err.print("[yellow]No Parquet files: they need pyarrow (pip install 'planechase\\[lab]').[/]")
    try:
        from ..lab.plots import draw_all, write_html

        svgs = draw_all(data, [a.label for a in result.spec.arms], out, level=result.spec.level)
        written += sorted(out.glob("*.png")) + sorted(out.glob("*.svg"))
        written.append(write_html(result, data, svgs, out / "report.html"))
    except ImportError:
        err.print("[yellow]No plots: they need matplotlib (pip install 'planechase\\[lab]').[/]")
    return written


def _print_summary(result: StudyResult, console: Console) -> None:
    data = tables(result)
    for arm in result.spec.arms:
        table = Table(
            title=f"{escape(arm.label)}: {escape(arm.policy)}, {result.games:,} games of {arm.setup.turns} turns",
            title_justify="left",
            header_style="bold",
        )
        table.add_column("Figure")
        table.add_column("Per game", justify="right")
        table.add_column("Per turn", justify="right")
        rows: dict[str, dict[str, Any]] = {}
        for row in data["summary"]:
            if row["arm"] == arm.label:
                rows.setdefault(row["figure"], {})[row["unit"]] = row
        for figure, units in rows.items():
            if "per game" not in units:
                continue
            table.add_row(figure, *(_cell(units.get(unit)) for unit in ("per game", "per turn")))
        for face in ("die.planeswalker", "die.chaos"):
            share = rows.get(face, {}).get("share of dice rolled")
            if share is not None:
                table.add_row(f"{face} (% of dice)", _cell(share, 100), "")
        console.print(table)
        planes = Table(header_style="bold", title_justify="left")
        planes.add_column("Card", no_wrap=True, overflow="ellipsis", max_width=24)
        planes.add_column("% turns up", justify="right")
        planes.add_column("Visits/game", justify="right")
        planes.add_column("Turns/stay", justify="right")
        planes.add_column("Seen % games", justify="right")
        by_card: dict[str, dict[str, dict[str, Any]]] = {}
        for row in data["cards"]:
            if row["arm"] == arm.label:
                by_card.setdefault(row["card"], {})[row["figure"]] = row
        for card, figs in by_card.items():
            planes.add_row(
                escape(card),
                _cell(figs.get("turns face up"), 100),
                _cell(figs.get("visits") or figs.get("encounters")),
                _cell(figs.get("stay")),
                _cell(figs.get("seen"), 100),
            )
        console.print(planes)
    if data["differences"]:
        diffs = Table(title="Differences (paired over the same games)", title_justify="left", header_style="bold")
        for column in ("Arm", "Card", "Figure", "Unit", "Difference"):
            diffs.add_column(column)
        for row in data["differences"]:
            if row["card"] and row["figure"] != "turns face up":
                continue
            real = row["low"] is not None and (row["low"] > 0 or row["high"] < 0)
            scale = 100 if row["unit"].startswith("share") else 1
            cell = _cell(row, scale)
            diffs.add_row(
                escape(f"{row['arm']} - {row['versus']}"),
                escape(row["card"]),
                row["figure"],
                row["unit"],
                f"[bold]{cell}[/]" if real else f"[dim]{cell}[/]",
            )
        console.print(diffs)
        console.print("[dim]Bold: the interval leaves out 0 (a real difference); dim: within the noise.[/]")


def _cell(row: dict[str, Any] | None, scale: float = 1) -> str:
    if row is None or row["value"] is None:
        return "-"
    value = row["value"] * scale
    if row["low"] is None:
        return f"{value:.3g}"
    half = (row["high"] - row["low"]) * scale / 2
    return f"{value:.3g} ± {half:.2g}"
