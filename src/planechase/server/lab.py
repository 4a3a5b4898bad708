"""The web table's deck lab: "analyse this deck" runs a quick study off the event loop and shows its figures.

``POST /api/lab`` takes a deck list and a few settings and answers a job id at once (202); ``GET
/api/lab/{id}`` answers the job's progress and, when it is done, the report's tables (as ``planechase lab``
writes them). The games are played in a separate process, one block at a time, so the server keeps serving
tables meanwhile; the blocks are merged here, in order, so the page shows how far the study has come.

Bounds: one unfinished study per address, at most :attr:`LabJobs.capacity` studies waiting or running at once
(beyond that the server answers 503), a finished study is kept for :data:`KEEP_SECONDS` and there are at most
:data:`MAX_KEPT` of them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import secrets
import time
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any

from ..cards.catalog import CATALOG
from ..cards.decklists import parse_deck_list
from ..cards.decks import validate
from ..errors import PlanechaseError, Text
from ..lab.play import GameSetup
from ..lab.report import study_description, tables
from ..lab.study import Arm, StudyResult, StudySpec, play_block

__all__ = ["LAB_POLICIES", "LabJobs", "LabRequestError", "lab_spec"]

log = logging.getLogger(__name__)

#: The policies the page offers.
LAB_POLICIES = ("free", "cost<=1", "cost<=2", "never", "leave-bad", "random")
#: The most games a page's study plays (and the default), the fewest, and its block.
QUICK_GAMES, FEWEST_GAMES, BLOCK = 2000, 100, 250
#: How long a finished study is kept for its page, and how many are kept.
KEEP_SECONDS, MAX_KEPT = 600.0, 64
#: Longest deck list, in characters and in lines; the most problems of a deck list answered.
MAX_DECK_TEXT, MAX_DECK_LINES, MAX_ISSUES = 20_000, 300, 20
#: Finished studies kept for one address (its oldest go first).
KEPT_PER_ADDRESS = 4


class LabRequestError(PlanechaseError):
    """A study the page asked for that cannot run; ``issues`` are every problem of its deck list."""

    def __init__(self, message: str, /, issues: list[Text] | None = None, status: int = 400, **params: Any) -> None:
        super().__init__(message, **params)
        self.issues = issues or []
        self.status = status


def _number(form: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    value = form.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LabRequestError("'{name}' must be a whole number from {low} to {high}", name=name, low=low, high=high)
    return value


def lab_spec(form: Mapping[str, Any]) -> StudySpec:
    """The quick study a page's form asks for; raises :class:`LabRequestError` naming what is wrong (and every
    problem of the deck list, with the rule it breaks).

    >>> spec = lab_spec({"deck": "\\n".join(["Naar Isle"] * 2), "players": 2})
    Traceback (most recent call last):
    ...
    planechase.server.lab.LabRequestError: the deck cannot be studied
    """
    if not isinstance(form, Mapping):
        raise LabRequestError("the form must be a JSON object")
    deck = form.get("deck")
    if not isinstance(deck, str) or not deck.strip():
        raise LabRequestError("paste a planar deck list to analyse")
    if len(deck) > MAX_DECK_TEXT:
        raise LabRequestError("'{name}' is longer than {limit} characters", name="deck", limit=MAX_DECK_TEXT)
    if deck.count("\n") >= MAX_DECK_LINES:
        raise LabRequestError("a deck list has at most {limit} lines", limit=MAX_DECK_LINES)
    players = _number(form, "players", 2, 2, 8)
    turns = _number(form, "turns", 30, 5, 60)
    games = _number(form, "games", QUICK_GAMES, FEWEST_GAMES, QUICK_GAMES)
    shared = form.get("shared", False)
    if not isinstance(shared, bool):
        raise LabRequestError("'{name}' must be true or false", name="shared")
    policy = form.get("policy", "free")
    if policy not in LAB_POLICIES:
        raise LabRequestError("unknown policy {policy}", policy=str(policy)[:40])
    listed = parse_deck_list(deck, CATALOG, source=Text("the deck"))
    report = validate(listed, shared=shared, players=players, catalog=CATALOG)
    if not report.legal:
        issues = [issue.ruled_text for issue in report.errors[:MAX_ISSUES]]
        raise LabRequestError("the deck cannot be studied", issues=issues)
    setup = GameSetup(listed.names, players=players, turns=turns, shared=shared)
    return StudySpec(arms=(Arm("deck", setup, str(policy)),), games=games, seed=_seed(form), block=BLOCK)


def _seed(form: Mapping[str, Any]) -> int:
    seed = form.get("seed")
    if seed is None:
        return secrets.randbelow(2**53)  # a seed the page could send back (JavaScript's safe integers)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
        raise LabRequestError(
            "'{name}' must be a whole number from {low} to {high}", name="seed", low=0, high=2**53 - 1
        )
    return seed


@dataclass
class LabJob:
    """One study for a page: its spec, progress, and the report once done."""

    id: str
    address: str
    spec: StudySpec
    state: str = "queued"  # queued, running, done, failed
    done: int = 0
    report: dict[str, Any] | None = None
    error: Text | None = None
    finished_at: float = 0.0
    task: asyncio.Task[None] | None = field(default=None, repr=False)
    #: The finished job's answer, made once (a page polling a big report costs its serialization only once).
    body: bytes | None = field(default=None, repr=False)

    def answer(self) -> bytes:
        """The JSON answer to ``GET /api/lab/{id}``; kept once the job is finished."""
        if self.body is not None:
            return self.body
        data = json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":")).encode()
        if self.state in ("done", "failed"):
            self.body, self.report = data, None
        return data

    def to_dict(self) -> dict[str, Any]:
        """The job as ``GET /api/lab/{id}`` answers it."""
        out: dict[str, Any] = {"id": self.id, "state": self.state, "done": self.done, "games": self.spec.target}
        if self.report is not None:
            out["report"] = self.report
        if self.error is not None:
            out["error"] = str(self.error)
            out["text"] = self.error.to_dict()
        return out


class LabJobs:
    """The studies pages asked for, played on ``workers`` processes of their own."""

    def __init__(self, *, workers: int = 1, capacity: int = 4) -> None:
        self.workers = workers
        self.capacity = capacity
        self.jobs: dict[str, LabJob] = {}
        self._pool: ProcessPoolExecutor | None = None
        self._running = asyncio.Semaphore(workers)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("forkserver")  # the server has threads: never fork it
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    def _forget_old(self, address: str) -> None:
        now = time.monotonic()
        finished = [j for j in self.jobs.values() if j.state in ("done", "failed")]
        for job in finished:
            if now - job.finished_at > KEEP_SECONDS:
                del self.jobs[job.id]
        finished = sorted((j for j in self.jobs.values() if j.state in ("done", "failed")), key=lambda j: j.finished_at)
        mine = [j for j in finished if j.address == address]
        for job in mine[: max(0, len(mine) - KEPT_PER_ADDRESS + 1)]:  # room for the one about to start
            del self.jobs[job.id]
        finished = [j for j in finished if j.id in self.jobs]
        for job in finished[: max(0, len(finished) - MAX_KEPT)]:
            del self.jobs[job.id]

    def start(self, spec: StudySpec, address: str) -> LabJob:
        """Queue a study; raises :class:`LabRequestError` when this address has one unfinished or the server is
        full."""
        self._forget_old(address)
        unfinished = [j for j in self.jobs.values() if j.state in ("queued", "running")]
        if any(j.address == address for j in unfinished):
            raise LabRequestError("a study from here is still running; wait for it to finish", status=429)
        if len(unfinished) >= self.capacity:
            raise LabRequestError("the server is busy with other studies; try again in a minute", status=503)
        job = LabJob(secrets.token_urlsafe(12), address, spec)
        self.jobs[job.id] = job
        job.task = asyncio.get_running_loop().create_task(self._run(job))
        return job

    async def _run(self, job: LabJob) -> None:
        spec = job.spec
        result = StudyResult.empty(spec)
        loop = asyncio.get_running_loop()
        try:
            async with self._running:
                job.state = "running"
                for start in range(0, spec.target, spec.block):
                    stop = min(start + spec.block, spec.target)
                    block = await loop.run_in_executor(self._executor(), play_block, spec, start, stop)
                    result.merge(block)
                    job.done = result.games
            job.report = {"study": study_description(result), **_page_tables(result)}
            job.state = "done"
            job.answer()  # made now, and the report dropped: only the answer is kept
        except asyncio.CancelledError:
            job.state, job.error = "failed", Text("the server stopped before the study finished")
            raise
        except BrokenProcessPool:  # a worker died (killed, out of memory): the next study gets a new pool
            log.exception("A lab study's worker process died")
            self._stop_pool()
            job.state, job.error = "failed", Text("the study failed; try again")
        except Exception as exc:  # a broken worker, say: the page is told, the server carries on
            log.exception("A lab study failed")
            job.state = "failed"
            job.error = exc.text if isinstance(exc, PlanechaseError) else Text("the study failed; try again")
        finally:
            job.finished_at = time.monotonic()

    def get(self, job_id: str) -> LabJob | None:
        return self.jobs.get(job_id)

    async def close(self) -> None:
        for job in list(self.jobs.values()):
            if job.task is not None and not job.task.done():
                job.task.cancel()
        self._stop_pool()

    def _stop_pool(self) -> None:
        """Stop the worker processes now (a study they are playing is not wanted any more): a worker left waiting
        would outlive the server."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        processes = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)


def _page_tables(result: StudyResult) -> dict[str, Any]:
    """What the page draws: the game and card figures (the report's rows), the first-seen curves as each card's
    shares by turn, and the stay lengths as each card's [length, share] pairs (6 digits: a chart's worth)."""
    data = tables(result)
    first_seen: dict[str, list[float | None]] = {}
    for row in data["first_seen"]:
        first_seen.setdefault(row["card"], []).append(None if row["value"] is None else round(row["value"], 6))
    stays: dict[str, list[list[float]]] = {}
    for row in data["stays"]:
        stays.setdefault(row["card"], []).append([row["length"], round(row["share"], 6)])
    return {"summary": data["summary"], "cards": data["cards"], "first_seen": first_seen, "stays": stays}
