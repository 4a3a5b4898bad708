"""Benchmark: random Planechase playouts against python-chess random playouts, in one run.

Usage::

    .venv/bin/python bench/bench_engine.py [--seconds 5] [--repeats 5] [--warmup 1] [--json out.json]
    .venv/bin/python bench/bench_engine.py --check [--floor bench/engine_floor.json]

The Planechase side plays seeded random games (:mod:`planechase.sim.random_play`: 2 to 16 players,
every variant, random decks, a weighted random agent, at most ``--max-actions`` actions per game) with
the pure core: at each step ``legal_actions(state)``, the agent's choice, then ``apply(state, action)``.
It reports games per second and actions per second, both for the whole loop (agent included) and
for the engine alone (the time spent in ``new_game``, ``legal_actions`` and ``apply``).

The python-chess side plays random games: ``list(board.legal_moves)``, a random move, ``board.push``,
until ``board.is_game_over()``; it reports moves per second. That is the pure-Python peer: the
issue's goal is at least as many engine actions per second as python-chess plays moves.

Each measurement runs for ``--seconds`` seconds and is repeated ``--repeats`` times, the two sides
alternating, after a warm-up; the table shows the median (and the range).

A second table splits the engine's figures by variant group (:data:`GROUPS`): each game counts in its
seating group (two-player, Free-for-All, Two-Headed Giant, Emperor, Grand Melee) and also, when it is
one, in "Eternities Map" and "shared deck" (the single shared deck of 901.15, off the map), so the groups
overlap. A group's rate and its ratio to python-chess are computed per repetition (the group's actions
over its engine time, against the chess rate of the same repetition), and the median is shown.

``--check`` compares the whole mix's engine ratio (and, if the floor file sets ``variant_ratio_min``,
each group's ratio) with the floor kept in ``bench/engine_floor.json`` (``--floor FILE`` for another),
and exits with 1 when a ratio is below its floor.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

import chess

from planechase import GameConfig, apply, compiled, legal_actions, new_game
from planechase.sim.random_play import RandomAgent, random_config

#: A Free-for-All of two players: the two-player game, apart from the multiplayer Free-for-All.
TWO_PLAYER = "two-player"
#: Games on the Eternities Map.
ETERNITIES_MAP = "Eternities Map"
#: Games with the single shared planar deck (901.15), off the map (the map always has one deck).
SHARED_DECK = "shared deck"
#: The seating group of each variant (``GameConfig.variant``) but a two-player game.
SEATING_GROUPS: dict[str, str] = {
    "free_for_all": "Free-for-All",
    "two_headed_giant": "Two-Headed Giant",
    "emperor": "Emperor",
    "grand_melee": "Grand Melee",
}
#: The variant groups, in the order of the table: the seating groups (exactly one per game), then the
#: two that cut across them. These names are the keys of the JSON output and of a floor file's
#: ``variant_ratio_min``.
GROUPS: tuple[str, ...] = (TWO_PLAYER, *SEATING_GROUPS.values(), ETERNITIES_MAP, SHARED_DECK)
#: The floor file kept in the repository, beside this script.
DEFAULT_FLOOR = Path(__file__).resolve().parent / "engine_floor.json"


def groups_of(config: GameConfig) -> tuple[str, ...]:
    """The variant groups a game belongs to: its seating group, then "Eternities Map" or "shared deck"."""
    if config.variant == "free_for_all" and len(config.players) == 2:
        seat = TWO_PLAYER
    else:  # a variant added later than this script gets a group of its own, after the known ones
        seat = SEATING_GROUPS.get(config.variant, config.variant)
    if config.eternities_map is not None:
        return (seat, ETERNITIES_MAP)
    if config.shared_deck is not None:
        return (seat, SHARED_DECK)
    return (seat,)


@dataclass(frozen=True)
class Tally:
    """What one group's games did in one repetition."""

    games: int
    actions: int
    engine_seconds: float

    @property
    def engine_actions_per_second(self) -> float:
        return self.actions / self.engine_seconds if self.engine_seconds > 0 else 0.0


@dataclass(frozen=True)
class Sample:
    """One timed repetition of one side."""

    seconds: float  # wall time of the repetition
    engine_seconds: float  # time inside the engine (legal moves/actions and applying them)
    games: int
    actions: int  # Planechase actions or chess moves
    over: int = 0  # Planechase games that ended (the others reached the action cap)
    groups: Mapping[str, Tally] = field(default_factory=dict)  # Planechase only, by variant group

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    @property
    def engine_actions_per_second(self) -> float:
        return self.actions / self.engine_seconds if self.engine_seconds else 0.0


def planechase_playouts(seconds: float, *, first_seed: int, max_actions: int) -> tuple[Sample, int]:
    """Play random Planechase games for about ``seconds``; return the sample and the next seed."""
    clock = time.perf_counter
    games = actions = over = 0
    engine = 0.0
    tallies: dict[str, list[float]] = {}  # group -> [games, actions, engine seconds]
    seed = first_seed
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        rng = random.Random(seed)
        config = random_config(rng, seed=seed)
        agent = RandomAgent(rng)
        game_actions = 0
        t0 = clock()
        state = new_game(config).state
        game_engine = clock() - t0
        for _ in range(max_actions):
            t0 = clock()
            legal = legal_actions(state)
            t1 = clock()
            if not legal:
                game_engine += t1 - t0
                break
            action = agent.choose(state, legal)
            t2 = clock()
            state = apply(state, action).state
            game_engine += (t1 - t0) + (clock() - t2)
            game_actions += 1
        engine += game_engine
        actions += game_actions
        games += 1
        over += state.over
        seed += 1
        for group in groups_of(config):
            tally = tallies.get(group)
            if tally is None:
                tallies[group] = [1, game_actions, game_engine]
            else:
                tally[0] += 1
                tally[1] += game_actions
                tally[2] += game_engine
    groups = {g: Tally(int(t[0]), int(t[1]), t[2]) for g, t in tallies.items()}
    return Sample(clock() - start, engine, games, actions, over, groups), seed


def chess_playouts(seconds: float, *, seed: int) -> Sample:
    """Play random chess games with python-chess for about ``seconds``."""
    clock = time.perf_counter
    rng = random.Random(seed)
    games = moves = 0
    start = clock()
    deadline = start + seconds
    while clock() < deadline:
        board = chess.Board()
        while not board.is_game_over():
            legal = list(board.legal_moves)
            board.push(legal[rng.randrange(len(legal))])
            moves += 1
        games += 1
    elapsed = clock() - start
    return Sample(elapsed, elapsed, games, moves)


@dataclass(frozen=True)
class Summary:
    """The median of several samples, with the range."""

    name: str
    unit: str
    games_per_second: float
    actions_per_second: float
    engine_actions_per_second: float
    actions_per_second_min: float
    actions_per_second_max: float
    engine_actions_per_second_min: float
    engine_actions_per_second_max: float
    games: int
    actions: int
    over: int
    seconds: float
    repeats: int


def summarize(name: str, unit: str, samples: list[Sample]) -> Summary:
    per = [s.actions_per_second for s in samples]
    eng = [s.engine_actions_per_second for s in samples]
    return Summary(
        name=name,
        unit=unit,
        games_per_second=statistics.median(s.games_per_second for s in samples),
        actions_per_second=statistics.median(per),
        engine_actions_per_second=statistics.median(eng),
        actions_per_second_min=min(per),
        actions_per_second_max=max(per),
        engine_actions_per_second_min=min(eng),
        engine_actions_per_second_max=max(eng),
        games=sum(s.games for s in samples),
        actions=sum(s.actions for s in samples),
        over=sum(s.over for s in samples),
        seconds=sum(s.seconds for s in samples),
        repeats=len(samples),
    )


@dataclass(frozen=True)
class GroupSummary:
    """One variant group over the repetitions: medians (and ranges) of its per-repetition figures.

    The rate and ratio fields are ``None`` when no game of the group was played in any repetition.
    """

    name: str
    games: int
    actions: int
    engine_seconds: float
    repeats: int  # repetitions in which the group had a game with actions
    engine_actions_per_second: float | None
    engine_actions_per_second_min: float | None
    engine_actions_per_second_max: float | None
    ratio_to_chess: float | None  # median of (group rate / chess rate) over the same repetitions
    ratio_to_chess_min: float | None
    ratio_to_chess_max: float | None


def summarize_groups(ours: list[Sample], theirs: list[Sample]) -> dict[str, GroupSummary]:
    """Every group of :data:`GROUPS`, from the paired repetitions of the two sides."""
    out: dict[str, GroupSummary] = {}
    others = sorted({g for s in ours for g in s.groups} - set(GROUPS))
    for name in (*GROUPS, *others):
        tallies = [(s.groups[name], c) for s, c in zip(ours, theirs, strict=True) if name in s.groups]
        measured = [(t, c) for t, c in tallies if t.actions and t.engine_seconds > 0 and c.actions_per_second > 0]
        rates = [t.engine_actions_per_second for t, _ in measured]
        ratios = [t.engine_actions_per_second / c.actions_per_second for t, c in measured]
        out[name] = GroupSummary(
            name=name,
            games=sum(t.games for t, _ in tallies),
            actions=sum(t.actions for t, _ in tallies),
            engine_seconds=sum(t.engine_seconds for t, _ in tallies),
            repeats=len(measured),
            engine_actions_per_second=statistics.median(rates) if rates else None,
            engine_actions_per_second_min=min(rates, default=None),
            engine_actions_per_second_max=max(rates, default=None),
            ratio_to_chess=statistics.median(ratios) if ratios else None,
            ratio_to_chess_min=min(ratios, default=None),
            ratio_to_chess_max=max(ratios, default=None),
        )
    return out


def cpu_name() -> str:
    """The processor's model name (from /proc/cpuinfo where there is one)."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    """What the numbers were measured on."""
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": cpu_name(),
        "cores": os.cpu_count(),
        "planechase": _version("planechase"),
        "engine": compiled.status().mode,
        "engine_detail": compiled.status().reason,
        "chess": _version("chess"),
    }


def _version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "unknown"


def run(seconds: float, repeats: int, warmup: float, max_actions: int, log: Callable[[str], None]) -> dict[str, Any]:
    """Warm up, then alternate the two sides ``repeats`` times; return the results as JSON-ready data."""
    log(f"warm-up ({warmup:g} s each)...")
    _, seed = planechase_playouts(warmup, first_seed=0, max_actions=max_actions)
    chess_playouts(warmup, seed=0)
    ours: list[Sample] = []
    theirs: list[Sample] = []
    for i in range(repeats):
        sample, seed = planechase_playouts(seconds, first_seed=seed, max_actions=max_actions)
        ours.append(sample)
        theirs.append(chess_playouts(seconds, seed=i + 1))
        log(
            f"repetition {i + 1}/{repeats}: planechase {sample.engine_actions_per_second:,.0f} engine actions/s, "
            f"chess {theirs[-1].actions_per_second:,.0f} moves/s"
        )
    return results_of(
        ours, theirs, {"seconds": seconds, "repeats": repeats, "warmup": warmup, "max_actions": max_actions}
    )


def results_of(ours: list[Sample], theirs: list[Sample], settings: dict[str, Any]) -> dict[str, Any]:
    """The JSON-ready results of paired repetitions (``ours[i]`` was measured with ``theirs[i]``)."""
    pc = summarize("planechase", "actions", ours)
    ch = summarize("python-chess", "moves", theirs)
    return {
        "machine": machine(),
        "settings": settings,
        "planechase": asdict(pc),
        "chess": asdict(ch),
        "ratio_engine_actions_to_chess_moves": pc.engine_actions_per_second / ch.actions_per_second,
        "ratio_loop_actions_to_chess_moves": pc.actions_per_second / ch.actions_per_second,
        "variants": {name: asdict(g) for name, g in summarize_groups(ours, theirs).items()},
    }


def _align(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as text columns: the first left-aligned, the others right-aligned, a rule under the header."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(cell.rjust(w) if i else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths, strict=True)))
        for r in rows
    ]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines


def table(results: dict[str, Any]) -> str:
    """A plain-text table of the medians."""
    pc, ch, m = results["planechase"], results["chess"], results["machine"]
    rows = [
        ("", "games/s", "steps/s (loop)", "steps/s (engine)", "range (engine)"),
        (
            "planechase (actions)",
            f"{pc['games_per_second']:,.1f}",
            f"{pc['actions_per_second']:,.0f}",
            f"{pc['engine_actions_per_second']:,.0f}",
            f"{pc['engine_actions_per_second_min']:,.0f}-{pc['engine_actions_per_second_max']:,.0f}",
        ),
        (
            "python-chess (moves)",
            f"{ch['games_per_second']:,.1f}",
            f"{ch['actions_per_second']:,.0f}",
            f"{ch['engine_actions_per_second']:,.0f}",
            f"{ch['actions_per_second_min']:,.0f}-{ch['actions_per_second_max']:,.0f}",
        ),
    ]
    lines = _align(rows)
    lines.append("")
    lines.append(
        f"engine actions per chess move: {results['ratio_engine_actions_to_chess_moves']:.2f}x "
        f"(whole loop, agent included: {results['ratio_loop_actions_to_chess_moves']:.2f}x)"
    )
    s = results["settings"]
    lines.append(
        f"planechase: {pc['games']:,} games, {pc['actions'] / max(pc['games'], 1):.0f} actions per game on average, "
        f"{pc['over'] / max(pc['games'], 1):.0%} ended before the cap of {s['max_actions']} actions"
    )
    lines.append(
        f"median of {s['repeats']} x {s['seconds']:g} s; Python {m['python']} ({m['implementation']}), "
        f"{m['cores']} cores, {m['cpu']}; python-chess {m['chess']}"
    )
    if "engine" in m:
        lines.append(f"engine: {m['engine_detail']}")
    return "\n".join(lines)


def variants_table(results: dict[str, Any]) -> str:
    """A plain-text table of the variant groups: engine rates and ratios to python-chess (medians)."""
    rows: list[tuple[str, ...]] = [
        ("variant group", "games", "actions/game", "engine actions/s", "range (engine)", "x chess", "range (x chess)")
    ]
    for name, g in results["variants"].items():
        if g["engine_actions_per_second"] is None:
            rows.append((name, f"{g['games']:,}", "-", "-", "-", "-", "-"))
            continue
        rows.append(
            (
                name,
                f"{g['games']:,}",
                f"{g['actions'] / g['games']:.0f}",
                f"{g['engine_actions_per_second']:,.0f}",
                f"{g['engine_actions_per_second_min']:,.0f}-{g['engine_actions_per_second_max']:,.0f}",
                f"{g['ratio_to_chess']:.2f}x",
                f"{g['ratio_to_chess_min']:.2f}-{g['ratio_to_chess_max']:.2f}x",
            )
        )
    lines = _align(rows)
    lines.append("")
    lines.append("a game counts in its seating group and, when it is one, in Eternities Map or shared deck (901.15);")
    lines.append("medians of per-repetition figures, each ratio against the chess rate of the same repetition")
    return "\n".join(lines)


# -- the floor -------------------------------------------------------------------------------


class FloorError(ValueError):
    """The floor file is missing or malformed."""


@dataclass(frozen=True)
class Floor:
    """The lowest engine-to-chess ratios ``--check`` accepts, as read from a floor file.

    The file is a JSON object: ``whole_mix_ratio`` (a positive number, required), ``note`` (text,
    optional) and ``variant_ratio_min`` (optional): either one number, the floor of every group, or an
    object from group names (:data:`GROUPS`) to floors. These are the compiled engine's floors; an optional
    ``pure`` object with the same keys gives the pure Python engine's (``PLANECHASE_ENGINE=pure``, or no
    build), used when that engine runs.
    """

    whole_mix_ratio: float
    variant_ratio_min: Mapping[str, float] = field(default_factory=dict)
    note: str = ""
    source: str = ""


_FLOOR_KEYS = ("whole_mix_ratio", "variant_ratio_min", "note")
#: The key of the pure Python engine's floors in a floor file.
PURE = "pure"


def _ratio(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
        raise FloorError(f"{what} must be a positive number, not {value!r}")
    return float(value)


def parse_floor(raw: object, source: str = "", engine: str = "compiled") -> Floor:
    """A :class:`Floor` for ``engine`` (``compiled`` or ``pure``) from a floor file's decoded JSON; raises
    :class:`FloorError`."""
    where = f" in {source}" if source else ""
    if not isinstance(raw, dict):
        raise FloorError(f"the floor{where} must be a JSON object")
    if PURE in raw:
        pure = parse_floor(raw[PURE], f"{source} ({PURE})" if source else PURE)
        if engine == PURE:
            return pure
        raw = {k: v for k, v in raw.items() if k != PURE}
    unknown = sorted(set(raw) - set(_FLOOR_KEYS))
    if unknown:
        known = ", ".join((*_FLOOR_KEYS, PURE))
        raise FloorError(f"unknown key(s){where}: {', '.join(unknown)} (known: {known})")
    if "whole_mix_ratio" not in raw:
        raise FloorError(f"'whole_mix_ratio' is missing{where}")
    whole = _ratio(raw["whole_mix_ratio"], f"'whole_mix_ratio'{where}")
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise FloorError(f"'note'{where} must be text")
    per = raw.get("variant_ratio_min")
    minima: dict[str, float] = {}
    if isinstance(per, dict):
        for name, value in per.items():
            if name not in GROUPS:
                raise FloorError(f"unknown variant group {name!r}{where} (groups: {', '.join(GROUPS)})")
            minima[name] = _ratio(value, f"'variant_ratio_min' of {name!r}{where}")
    elif per is not None:
        minimum = _ratio(per, f"'variant_ratio_min'{where}")
        minima = dict.fromkeys(GROUPS, minimum)
    return Floor(whole, minima, note, source)


def load_floor(path: Path, engine: str = "compiled") -> Floor:
    """The floor kept in ``path`` for ``engine``; raises :class:`FloorError`."""
    try:
        raw = json.loads(path.read_text())
    except OSError as exc:
        raise FloorError(f"cannot read the floor file {path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise FloorError(f"the floor file {path} is not valid JSON: {exc}") from None
    return parse_floor(raw, str(path), engine)


def check(results: Mapping[str, Any], floor: Floor) -> tuple[int, list[str]]:
    """Compare measured ratios with ``floor``: the exit status (0 passed, 1 failed) and what to print.

    The whole mix's engine ratio must be at least ``floor.whole_mix_ratio``, and each group named in
    ``floor.variant_ratio_min`` must have been measured and reach its minimum.
    """
    where = f" (floor from {floor.source})" if floor.source else ""
    failures: list[str] = []
    passes: list[str] = []

    def compare(what: str, measured: float, minimum: float) -> None:
        if measured < minimum:
            failures.append(f"{what} {measured:.3f}x is below the floor {minimum:.3f}x")
        else:
            passes.append(f"{what} {measured:.3f}x is at or above the floor {minimum:.3f}x")

    compare("whole-mix engine ratio", float(results["ratio_engine_actions_to_chess_moves"]), floor.whole_mix_ratio)
    variants: Mapping[str, Any] = results.get("variants", {})
    for name, minimum in floor.variant_ratio_min.items():
        measured = variants.get(name, {}).get("ratio_to_chess")
        if measured is None:
            failures.append(
                f"{name} engine ratio not measured (no game of it in this run; run longer), floor {minimum:.3f}x"
            )
        else:
            compare(f"{name} engine ratio", float(measured), minimum)
    if failures:
        return 1, [f"check FAILED{where}:", *(f"  FAIL {f}" for f in failures), *(f"  ok   {p}" for p in passes)]
    return 0, [f"check passed{where}:", *(f"  ok   {p}" for p in passes)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each timed repetition (default 5)")
    parser.add_argument("--repeats", type=int, default=5, help="repetitions of each side (default 5)")
    parser.add_argument("--warmup", type=float, default=1.0, help="warm-up per side in seconds (default 1)")
    parser.add_argument("--max-actions", type=int, default=300, help="action cap per Planechase game (default 300)")
    parser.add_argument("--json", type=Path, help="also write the results to this JSON file")
    parser.add_argument("--quiet", action="store_true", help="print only the tables (and the check)")
    parser.add_argument(
        "--check",
        action="store_true",
        help="exit with 1 when the whole-mix engine ratio to python-chess (or a group's, if the floor file "
        "sets variant_ratio_min) is below the floor",
    )
    parser.add_argument(
        "--floor",
        type=Path,
        help=f"the floor file for --check (default {DEFAULT_FLOOR.parent.name}/{DEFAULT_FLOOR.name}); implies --check",
    )
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or args.warmup < 0:
        parser.error("--seconds must be positive, --repeats at least 1, --warmup not negative")
    floor: Floor | None = None
    if args.check or args.floor is not None:
        try:
            floor = load_floor(args.floor if args.floor is not None else DEFAULT_FLOOR, compiled.status().mode)
        except FloorError as exc:
            parser.error(str(exc))

    def log(message: str) -> None:
        if not args.quiet:
            print(message, file=sys.stderr)

    results = run(args.seconds, args.repeats, args.warmup, args.max_actions, log)
    print(table(results))
    print()
    print(variants_table(results))
    status = 0
    if floor is not None:
        status, lines = check(results, floor)
        results["check"] = {"floor": asdict(floor), "passed": status == 0, "report": lines}
        print()
        print("\n".join(lines))
    if args.json is not None:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
