"""A study: the same seeded games played by one or more *arms* (a deck with a policy), in blocks, on this
machine's processes or a Dask cluster, merged in order.

Game ``i`` is seeded by :func:`~planechase.lab.play.game_seed` from the study's seed and ``i`` alone, and every
arm plays game ``i`` with that seed (common random numbers), so arms differ only by their deck or policy and
the difference of a figure between two arms has a narrower interval than either figure. Blocks of games are
merged in their order and only whole prefixes count, so the result is the same for one worker, eight, or a
cluster, and a study that stops at a precision stops at the same block everywhere.

>>> from planechase.core.config import DEMO_DECK
>>> spec = StudySpec(arms=(Arm("demo", GameSetup(DEMO_DECK, turns=10)),), games=40, seed=3, block=20)
>>> result = run_study(spec, workers=1)
>>> result.games, result.stopped
(40, 'games')
>>> round(result.figure(0, "rolls", "turns").value, 1)  # the free policy: a roll a turn
1.0
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..cards.catalog import CATALOG
from ..engine.reducer import new_game
from ..errors import ConfigError
from .play import GameSetup, GameTally, game_seed, play_game
from .policies import Policy, policy_from_spec
from .stats import GAME, Accumulator, Figure, denominator_of, is_denominator, z_for

__all__ = [
    "LIMITS",
    "Arm",
    "Pairing",
    "StudyResult",
    "StudySpec",
    "play_block",
    "run_study",
]


@dataclass(frozen=True)
class Limits:
    """The bounds a study's numbers must stay within (checked by :meth:`StudySpec.validate`)."""

    games: int = 10_000_000
    turns: int = 500
    players: tuple[int, int] = (2, 16)
    precision: tuple[float, float] = (0.0005, 0.5)
    arms: int = 8
    block: int = 100_000


LIMITS = Limits()


@dataclass(frozen=True)
class Arm:
    """One side of a study: a label, the games' setup (deck, players, turns, variant) and the policy's
    specification (see :func:`~planechase.lab.policies.policy_from_spec`)."""

    label: str
    setup: GameSetup
    policy: str = "free"
    ratings: tuple[tuple[str, float], ...] | None = None

    def make_policy(self) -> Policy:
        return policy_from_spec(self.policy, ratings=dict(self.ratings) if self.ratings is not None else None)


@dataclass(frozen=True)
class StudySpec:
    """What to play: the arms, the study's seed, and either a number of games or (``games=None``) a
    precision: play until every headline figure's interval is narrower than ``precision`` (a proportion:
    0.01 is one percentage point), at most ``max_games`` games."""

    arms: tuple[Arm, ...]
    seed: int = 0
    games: int | None = 1000
    precision: float = 0.01
    max_games: int = 1_000_000
    block: int = 250
    level: float = 0.95

    def validate(self) -> None:
        """Raise :class:`ConfigError` for numbers out of bounds or an unknown policy."""
        if not 1 <= len(self.arms) <= LIMITS.arms:
            raise ConfigError("a study compares 1 to {n} decks or policies", n=LIMITS.arms)
        if self.games is not None and not 1 <= self.games <= LIMITS.games:
            raise ConfigError("--games must be from 1 to {n}, not {games}", n=LIMITS.games, games=self.games)
        if not 1 <= self.max_games <= LIMITS.games:
            raise ConfigError("the most games must be from 1 to {n}", n=LIMITS.games)
        low, high = LIMITS.precision
        if not low <= self.precision <= high:
            raise ConfigError(
                "--precision must be from {low} to {high} percentage points, not {p}",
                low=f"{low * 100:g}",
                high=f"{high * 100:g}",
                p=f"{self.precision * 100:g}",
            )
        if not 1 <= self.block <= LIMITS.block:
            raise ConfigError("a block is 1 to {n} games", n=LIMITS.block)
        if not 0.5 <= self.level < 1:
            raise ConfigError("the confidence level must be from 0.5 to 0.999")
        if not 0 <= self.seed < 2**63:
            raise ConfigError("--seed must be from 0 to 2**63-1")
        for arm in self.arms:
            s = arm.setup
            if not 1 <= s.turns <= LIMITS.turns:
                raise ConfigError("--turns must be from 1 to {n}, not {turns}", n=LIMITS.turns, turns=s.turns)
            if not LIMITS.players[0] <= s.players <= LIMITS.players[1]:
                raise ConfigError(
                    "--players must be from {low} to {high}, not {players}",
                    low=LIMITS.players[0],
                    high=LIMITS.players[1],
                    players=s.players,
                )
            arm.make_policy()
            s.config(0).validate()
            if s.map_profile is not None:
                new_game(s.config(0), CATALOG)  # the map's deck is checked as the game is set up

    @property
    def target(self) -> int:
        """The most games this study plays."""
        return self.games if self.games is not None else self.max_games


@dataclass
class Pairing:
    """Cross sums between arm ``k`` and the first arm over the same games, for the intervals of the
    differences: per quantity Σ x_k x_0, Σ x_k y_0, Σ y_k x_0 (``y`` being the quantity's denominator) and
    per denominator Σ y_k y_0."""

    xx: dict[str, int] = field(default_factory=dict)
    xy: dict[str, int] = field(default_factory=dict)
    yx: dict[str, int] = field(default_factory=dict)
    yy: dict[str, int] = field(default_factory=dict)

    def add(self, mine: GameTally, first: GameTally) -> None:
        a, b = mine.quantities, first.quantities
        for name in a.keys() | b.keys():
            xa, xb = a.get(name, 0), b.get(name, 0)
            for den in _dens(name):
                key = name + "|" + den
                ya, yb = (1, 1) if den == GAME else (a.get(den, 0), b.get(den, 0))
                if xa and xb:
                    self.xx[key] = self.xx.get(key, 0) + xa * xb
                if xa and yb:
                    self.xy[key] = self.xy.get(key, 0) + xa * yb
                if ya and xb:
                    self.yx[key] = self.yx.get(key, 0) + ya * xb
        for den in a.keys() & b.keys():  # once a game for each denominator both arms have
            if is_denominator(den):
                self.yy[den] = self.yy.get(den, 0) + a[den] * b[den]

    def merge(self, other: Pairing) -> None:
        for mine, theirs in ((self.xx, other.xx), (self.xy, other.xy), (self.yx, other.yx), (self.yy, other.yy)):
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value


def _dens(name: str) -> tuple[str, ...]:
    from .stats import denominators_of

    den = denominator_of(name)
    return (GAME, *denominators_of(name)) if den == GAME else (den,)


@dataclass
class BlockResult:
    """The games ``start`` to ``stop`` of a study: each arm's accumulator and each later arm's pairing with
    the first."""

    start: int
    stop: int
    arms: list[Accumulator]
    pairings: list[Pairing]


class StudyInterruptedError(Exception):
    """A block stopped before its last game (Ctrl-C): its games are dropped, the blocks before it kept."""


def play_block(spec: StudySpec, start: int, stop: int, *, stop_now: Callable[[], bool] | None = None) -> BlockResult:
    """Play games ``start`` to ``stop - 1`` of ``spec`` in every arm (in this process). Each game gets its own
    policies (made afresh), so no policy carries anything from one game to the next; ``stop_now`` is asked
    between games and raises :class:`StudyInterruptedError` when it answers true."""
    arms = [Accumulator(turns=arm.setup.turns) for arm in spec.arms]
    pairings = [Pairing() for _ in spec.arms[1:]]
    for index in range(start, stop):
        if stop_now is not None and stop_now():
            raise StudyInterruptedError
        seed = game_seed(spec.seed, index)
        tallies = [play_game(arm.setup, arm.make_policy(), seed=seed, catalog=CATALOG) for arm in spec.arms]
        for acc, tally in zip(arms, tallies, strict=True):
            acc.add(tally)
        for pairing, tally in zip(pairings, tallies[1:], strict=True):
            pairing.add(tally, tallies[0])
    return BlockResult(start, stop, arms, pairings)


@dataclass
class StudyResult:
    """What a study found: each arm's sums, the pairings with the first arm, the games merged and why the
    study stopped (``games``, ``precision``, ``max_games`` or ``interrupted``)."""

    spec: StudySpec
    arms: list[Accumulator]
    pairings: list[Pairing]
    games: int = 0
    stopped: str = "games"

    @classmethod
    def empty(cls, spec: StudySpec) -> StudyResult:
        """A result with no games yet, for blocks to be merged into."""
        return cls(spec, [Accumulator(turns=a.setup.turns) for a in spec.arms], [Pairing() for _ in spec.arms[1:]])

    @property
    def interrupted(self) -> bool:
        return self.stopped == "interrupted"

    def figure(self, arm: int, numerator: str, denominator: str = GAME) -> Figure:
        return self.arms[arm].figure(numerator, denominator, level=self.spec.level)

    def difference(self, arm: int, numerator: str, denominator: str = GAME) -> Figure:
        """Arm ``arm``'s figure minus the first arm's, with the interval of the paired difference."""
        a, b = self.arms[arm], self.arms[0]
        fa, fb = a.figure(numerator, denominator), b.figure(numerator, denominator)
        n = self.games
        value = fa.value - fb.value
        if n < 2 or math.isnan(value):
            return Figure(value, math.nan, math.nan, n, self.spec.level)
        p = self.pairings[arm - 1]
        key = numerator + "|" + denominator
        ra, rb = fa.value, fb.value
        if denominator == GAME:
            ya_sum = yb_sum = n
            syy_a = syy_b = n
            yy = n
        else:
            ya_sum, yb_sum = a.sums.get(denominator, 0), b.sums.get(denominator, 0)
            syy_a, syy_b = a.squares.get(denominator, 0), b.squares.get(denominator, 0)
            yy = p.yy.get(denominator, 0)
        sxy_a = a.sums.get(numerator, 0) if denominator == GAME else a.products.get(key, 0)
        sxy_b = b.sums.get(numerator, 0) if denominator == GAME else b.products.get(key, 0)
        ssa = a.squares.get(numerator, 0) - 2 * ra * sxy_a + ra * ra * syy_a
        ssb = b.squares.get(numerator, 0) - 2 * rb * sxy_b + rb * rb * syy_b
        cross = p.xx.get(key, 0) - rb * p.xy.get(key, 0) - ra * p.yx.get(key, 0) + ra * rb * yy
        mean_a, mean_b = ya_sum / n, yb_sum / n
        total = ssa / mean_a**2 + ssb / mean_b**2 - 2 * cross / (mean_a * mean_b)
        se = math.sqrt(max(total, 0.0) / (n - 1) / n)
        z = z_for(self.spec.level)
        return Figure(value, value - z * se, value + z * se, n, self.spec.level)

    def headline(self) -> Iterator[tuple[int, str, str, Figure]]:
        """The headline figures: each arm's share of turns of each plane of its deck and the die's
        planeswalk and chaos shares of the dice rolled (when any were)."""
        for i, arm in enumerate(self.spec.arms):
            acc = self.arms[i]
            if acc.sums.get("die", 0):
                for face in ("die.planeswalker", "die.chaos"):
                    yield i, face, "die", acc.figure(face, "die", level=self.spec.level)
            for card in sorted(set(arm.setup.deck)):
                if card not in _phenomena(arm.setup.deck):
                    yield i, "up:" + card, "turns", acc.figure("up:" + card, "turns", level=self.spec.level)

    def precise(self) -> bool:
        """Whether every headline figure's interval is narrower than the spec's precision."""
        widths = [f.width for _, _, _, f in self.headline()]
        return bool(widths) and all(not math.isnan(w) and w < self.spec.precision for w in widths)

    def merge(self, block: BlockResult) -> None:
        for mine, theirs in zip(self.arms, block.arms, strict=True):
            mine.merge(theirs)
        for mine_p, theirs_p in zip(self.pairings, block.pairings, strict=True):
            mine_p.merge(theirs_p)
        self.games += block.stop - block.start


def _phenomena(deck: Sequence[str]) -> frozenset[str]:
    return frozenset(name for name in deck if CATALOG.get(name).is_phenomenon)


# -- running -----------------------------------------------------------------------------------------

#: Called after each block is merged: games merged so far, the most the study plays, and the result so far.
Progress = Callable[[int, int, StudyResult], None]


class Backend(Protocol):
    """Where blocks are played: submit them, wait for any to finish, and close (cancelling the rest)."""

    def submit(self, spec: StudySpec, start: int, stop: int) -> Any: ...
    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]: ...
    def close(self, futures: set[Any]) -> None: ...


def _ignore_interrupts() -> None:
    # Ctrl-C goes to the whole process group: the parent decides, the workers carry on until told.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class _Processes:
    """This machine's cores: one process each (the forkserver context, safe inside a threaded server)."""

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("forkserver")
        self.pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_interrupts)

    def submit(self, spec: StudySpec, start: int, stop: int) -> Future[BlockResult]:
        return self.pool.submit(play_block, spec, start, stop)

    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]:
        done, pending = wait(futures, timeout=_POLL_SECONDS, return_when=FIRST_COMPLETED)
        return set(done), set(pending)

    def close(self, futures: set[Any]) -> None:
        if futures:  # stopped early (Ctrl-C, a failure): what the workers are playing is not wanted
            for process in list(getattr(self.pool, "_processes", {}).values()):
                process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=True)


class _Inline:
    """One worker: the blocks run here, one at a time (a Ctrl-C stops the block between two games)."""

    def __init__(self, stop_now: Callable[[], bool]) -> None:
        self.stop_now = stop_now

    def submit(self, spec: StudySpec, start: int, stop: int) -> Future[BlockResult]:
        future: Future[BlockResult] = Future()
        try:
            future.set_result(play_block(spec, start, stop, stop_now=self.stop_now))
        except Exception as exc:
            future.set_exception(exc)
        return future

    def wait_any(self, futures: set[Any]) -> tuple[set[Any], set[Any]]:
        return set(futures), set()

    def close(self, futures: set[Any]) -> None:
        return None


#: How often the study looks at Ctrl-C while it waits for blocks, in seconds.
_POLL_SECONDS = 0.2


@contextlib.contextmanager
def _interrupts() -> Iterator[threading.Event]:
    """Ctrl-C (SIGINT) sets the event instead of raising in the middle of a merge; a second one does too. (Off the
    main thread, where no handler can be set, a ``KeyboardInterrupt`` still stops the study.)"""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield pressed
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: pressed.set())
    try:
        yield pressed
    finally:
        signal.signal(signal.SIGINT, previous)


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def run_study(
    spec: StudySpec,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> StudyResult:
    """Play ``spec`` on ``workers`` processes (every core by default; 1 plays here) or on the Dask cluster
    whose scheduler is at ``scheduler``. Ctrl-C (``KeyboardInterrupt``) stops it: the result holds the games
    merged so far, with ``stopped == "interrupted"``. A :class:`~planechase.lab.play.PolicyError` from any game
    stops the study and is raised."""
    spec.validate()
    if workers is not None and not 1 <= workers <= 256:
        raise ConfigError("--workers must be from 1 to 256, not {workers}", workers=workers)
    count = workers or default_workers()
    with _interrupts() as pressed:
        backend: Backend
        if scheduler is not None:
            from .cluster import DaskBackend

            backend, window = DaskBackend(scheduler), 64
        elif count == 1:
            backend, window = _Inline(pressed.is_set), 1
        else:
            backend, window = _Processes(count), 2 * count
        return _run_blocks(spec, backend, window, pressed, progress)


def _run_blocks(
    spec: StudySpec, backend: Backend, window: int, pressed: threading.Event, progress: Progress | None
) -> StudyResult:
    """Submit the blocks (at most ``window`` at a time) and merge them in order; stop at the precision, on
    Ctrl-C, or at the first failure, which is the earliest block's whatever the workers' timing."""
    result = StudyResult.empty(spec)
    target = spec.target
    blocks = [(s, min(s + spec.block, target)) for s in range(0, target, spec.block)]
    pending: dict[Any, int] = {}
    finished: dict[int, BlockResult] = {}
    failures: dict[int, BaseException] = {}
    next_block = merged = 0
    try:
        while merged < len(blocks):
            if pressed.is_set():
                result.stopped = "interrupted"
                return result
            while next_block < len(blocks) and len(pending) < window and not failures:
                pending[backend.submit(spec, *blocks[next_block])] = blocks[next_block][0]
                next_block += 1
            if not pending:
                break
            done, _ = backend.wait_any(set(pending))
            for future in done:
                start = pending.pop(future)
                try:
                    finished[start] = future.result()
                except StudyInterruptedError:
                    result.stopped = "interrupted"
                    return result
                except Exception as exc:
                    failures[start] = exc
            while merged < len(blocks) and blocks[merged][0] in finished:
                result.merge(finished.pop(blocks[merged][0]))
                merged += 1
                if progress is not None:
                    progress(result.games, target, result)
                if spec.games is None and merged >= 2 and result.precise():
                    result.stopped = "precision"
                    return result
            if failures and all(start > min(failures) for start in pending.values()):
                raise failures[min(failures)]  # no earlier block can fail any more
        if failures:
            raise failures[min(failures)]
        result.stopped = "games" if spec.games is not None else "max_games"
        return result
    except KeyboardInterrupt:
        result.stopped = "interrupted"
        return result
    finally:
        backend.close(set(pending))
