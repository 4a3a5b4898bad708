"""The deck lab's HTTP routes through a real server process: a study runs off the event loop and reports exactly
what the lab computes in-process; every bad form is refused with what is wrong; studies are bounded per address
and in all."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from conftest import PLANES_10
from planechase.lab.report import tables
from planechase.lab.study import run_study
from planechase.server.lab import LabJobs, LabRequestError, lab_spec
from server.live import LiveServer, free_port

TEN_PLANES = "\n".join(PLANES_10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server for the module, without the limit on studies started per minute (it has a test of its own)."""
    live = LiveServer(
        tmp_path_factory.mktemp("lab"), free_port(), create_limit=UNLIMITED, args=("--tune", f"lab_limit={UNLIMITED}")
    ).start()
    try:
        yield live
    finally:
        live.stop()


#: A limit on studies started per minute that the module's tests never meet.
UNLIMITED = 100_000
#: How long a test waits for a study to finish before failing (a busy machine is slow, not broken).
DEADLINE = 300.0


def _wait(server: LiveServer, job: str) -> dict[str, Any]:
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        body: dict[str, Any] = server.get(f"/api/lab/{job}").json()
        if body["state"] in ("done", "failed"):
            return body
        time.sleep(0.1)
    raise AssertionError(f"the study {job} did not finish")


def test_a_study_reports_what_the_lab_computes_for_its_seed(server: LiveServer) -> None:
    form = {"deck": TEN_PLANES, "players": 3, "turns": 8, "games": 300, "policy": "cost<=1", "seed": 1234}
    started = server.post("/api/lab", json=form)
    assert started.status_code == 202
    assert started.json()["state"] in ("queued", "running") and started.json()["games"] == 300
    body = _wait(server, started.json()["id"])
    assert body["state"] == "done" and body["done"] == 300
    report = body["report"]
    here = run_study(lab_spec(form), workers=1)
    expected = json.loads(json.dumps(tables(here)))
    for name in ("summary", "cards"):
        assert report[name] == expected[name], name
    # the curves and stays in the page's compact form: each card's shares by turn, its [length, share] pairs
    for row in expected["first_seen"]:
        assert report["first_seen"][row["card"]][row["turn"] - 1] == pytest.approx(row["value"], abs=1e-6)
    for row in expected["stays"]:
        assert [row["length"], pytest.approx(row["share"], abs=1e-6)] in report["stays"][row["card"]]
    assert sum(len(v) for v in report["stays"].values()) == len(expected["stays"])
    assert report["study"]["arms"][0]["policy"] == "cost<=1" and report["study"]["games"] == 300


def test_the_server_answers_other_requests_while_a_study_runs(server: LiveServer) -> None:
    started = server.post("/api/lab", json={"deck": TEN_PLANES, "turns": 60, "players": 4, "games": 2000})
    assert started.status_code == 202
    job = started.json()["id"]
    # a table is made and the pages are served while the games are played in another process
    assert server.post("/api/tables", json={"players": ["Ann", "Bob"]}).status_code == 201
    assert server.get("/healthz").status_code == 200
    assert server.get("/lab").status_code == 200
    assert server.get(f"/api/lab/{job}").json()["state"] in ("queued", "running")
    # one unfinished study per address
    again = server.post("/api/lab", json={"deck": TEN_PLANES, "games": 100})
    assert again.status_code == 429 and "still running" in again.json()["error"]
    assert _wait(server, job)["state"] == "done"
    assert server.post("/api/lab", json={"deck": TEN_PLANES, "games": 100}).status_code == 202


@pytest.mark.parametrize(
    ("form", "words"),
    [
        ({}, "paste a planar deck list"),
        ({"deck": ""}, "paste a planar deck list"),
        ({"deck": "x" * 20_001}, "longer than 20000"),
        ({"deck": TEN_PLANES, "players": 1}, "'players' must be a whole number from 2 to 8"),
        ({"deck": TEN_PLANES, "players": 9}, "'players' must be a whole number from 2 to 8"),
        ({"deck": TEN_PLANES, "players": "2"}, "'players' must be a whole number"),
        ({"deck": TEN_PLANES, "turns": 61}, "'turns' must be a whole number from 5 to 60"),
        ({"deck": TEN_PLANES, "turns": True}, "'turns' must be a whole number"),
        ({"deck": TEN_PLANES, "games": 2001}, "'games' must be a whole number from 100 to 2000"),
        ({"deck": TEN_PLANES, "games": 99}, "'games' must be a whole number from 100 to 2000"),
        ({"deck": TEN_PLANES, "policy": "file.py:Evil"}, "unknown policy"),
        ({"deck": TEN_PLANES, "shared": "yes"}, "'shared' must be true or false"),
        ({"deck": TEN_PLANES, "seed": -1}, "'seed' must be a whole number"),
        ({"deck": TEN_PLANES, "seed": 2**60}, "'seed' must be a whole number"),
    ],
)
def test_bad_forms_are_refused_naming_what_is_wrong(server: LiveServer, form: dict[str, Any], words: str) -> None:
    response = server.post("/api/lab", json=form)
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert response.json()["text"]["template"]


def test_every_problem_of_an_illegal_deck_is_listed_with_its_rule(server: LiveServer) -> None:
    response = server.post("/api/lab", json={"deck": "Naar Ilse\nSokenzan\nAretopolis"})
    assert response.status_code == 400
    issues = response.json()["issues"]
    assert len(issues) == 2
    unknown, short = issues
    assert "Naar Isle" in json.dumps(unknown)  # the card meant
    assert short["params"]["rule"] == "901.3"
    shared = server.post("/api/lab", json={"deck": TEN_PLANES, "shared": True, "players": 4})
    assert shared.status_code == 400
    assert shared.json()["issues"][0]["params"]["rule"] == "901.15a"


def test_the_form_must_be_json_from_this_servers_pages_and_small(server: LiveServer) -> None:
    assert server.post("/api/lab", content=b"deck=x", headers={"content-type": "text/plain"}).status_code == 415
    bad = server.post("/api/lab", content=b"{not json", headers={"content-type": "application/json"})
    assert bad.status_code == 400 and "JSON" in bad.json()["error"]
    assert server.post("/api/lab", json=["a", "list"]).status_code == 400
    huge = server.post(
        "/api/lab", content=b'{"deck": "' + b"x" * 300_000 + b'"}', headers={"content-type": "application/json"}
    )
    assert huge.status_code == 413
    foreign = server.post("/api/lab", json={"deck": TEN_PLANES}, headers={"origin": "https://evil.example"})
    assert foreign.status_code == 403
    assert server.get("/api/lab/no-such-study").status_code == 404
    assert server.get("/api/lab/" + "x" * 5000).status_code == 404


def test_studies_are_bounded_in_all() -> None:
    async def run() -> list[int]:
        jobs = LabJobs(workers=1, capacity=2)
        spec = lab_spec({"deck": TEN_PLANES, "games": 100, "turns": 5})
        statuses = []
        try:
            for address in ("10.0.0.1", "10.0.0.2", "10.0.0.3"):
                try:
                    jobs.start(spec, address)
                    statuses.append(202)
                except LabRequestError as exc:
                    statuses.append(exc.status)
        finally:
            await jobs.close()
        return statuses

    # on a thread of its own: a browser test of the same process may hold this thread's event loop
    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, run()).result() == [202, 202, 503]


def test_an_address_starts_at_most_lab_limit_studies_a_minute(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=("--tune", "lab_limit=3"))
    answers = [live.post("/api/lab", json={"deck": "not a deck"}).status_code for _ in range(4)]
    assert answers == [400, 400, 400, 429]  # refused forms count too: reading them is the work limited


def test_a_long_list_is_refused_before_it_is_read_and_its_problems_are_bounded(server: LiveServer) -> None:
    long = server.post("/api/lab", json={"deck": "x\n" * 300})
    assert long.status_code == 400 and "at most 300 lines" in long.json()["error"]
    many = server.post("/api/lab", json={"deck": "\n".join(f"Naar Isl {i}" for i in range(250))})
    assert many.status_code == 400 and len(many.json()["issues"]) == 20


def test_the_lab_page_is_served_with_its_script(server: LiveServer) -> None:
    page = server.get("/lab")
    assert page.status_code == 200
    assert "lab-analyse" in page.text and "/bundle/lab.js" in page.text


def test_a_worker_that_dies_fails_its_study_and_the_next_one_gets_a_new_process() -> None:
    async def run() -> tuple[str, str]:
        jobs = LabJobs(workers=1, capacity=4)
        try:
            doomed = jobs.start(lab_spec({"deck": TEN_PLANES, "games": 2000, "turns": 60, "players": 6}), "10.0.0.1")
            while jobs._pool is None or not getattr(jobs._pool, "_processes", None):
                await asyncio.sleep(0.05)
            for process in list(jobs._pool._processes.values()):
                assert process.pid is not None
                os.kill(process.pid, signal.SIGKILL)  # the out-of-memory killer, say
            while doomed.state not in ("done", "failed"):
                await asyncio.sleep(0.05)
            healthy = jobs.start(lab_spec({"deck": TEN_PLANES, "games": 100, "turns": 5}), "10.0.0.2")
            while healthy.state not in ("done", "failed"):
                await asyncio.sleep(0.05)
            return doomed.state, healthy.state
        finally:
            await jobs.close()

    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, run()).result(timeout=DEADLINE) == ("failed", "done")
