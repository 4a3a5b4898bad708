"""``GET /healthz`` and ``GET /metrics`` (issue 19): what a load balancer and Prometheus ask a server process."""

from __future__ import annotations

import re
import sqlite3
import tempfile

import pytest
from starlette.testclient import TestClient

from planechase.server.app import create_app
from planechase.server.pages import release
from server.live import LiveServer

TO_MAIN = {"type": "advance", "player": 0, "to": "precombat_main"}


def metric(text: str, name: str) -> float:
    """The value of the sample ``name`` (with its labels, if any) in a Prometheus exposition."""
    found = re.search(rf"^{re.escape(name)} ([0-9.e+-]+)$", text, re.MULTILINE)
    assert found, f"{name} not in:\n{text}"
    return float(found.group(1))


def test_healthz_says_the_process_can_serve_its_tables(server: LiveServer) -> None:
    answer = server.get("/healthz")
    assert answer.status_code == 200 and answer.headers["cache-control"] == "no-store"
    body = answer.json()
    assert body["status"] == "ok" and body["release"] == release() and body["store_read_ms"] >= 0


def test_metrics_count_the_tables_connections_actions_and_commits(server: LiveServer) -> None:
    before = server.get("/metrics")
    assert before.status_code == 200 and before.headers["content-type"].startswith("text/plain; version=0.0.4")
    created = metric(before.text, "planechase_tables_created_total")
    assert f'planechase_info{{release="{release()}"}} 1.0' in before.text
    table = server.create_table(players=["Ann", "Bob"])
    with table.seat(0) as ann, table.seat(1):
        ann.do(TO_MAIN)
        during = server.get("/metrics").text
        assert metric(during, "planechase_tables_created_total") == created + 1
        assert metric(during, "planechase_tables_in_memory") >= 1
        assert metric(during, "planechase_connections") >= 2
        assert metric(during, 'planechase_entries_total{kind="action"}') >= 1
        # Every action was committed before it was acknowledged: the commits were timed.
        assert metric(during, "planechase_commit_seconds_count") >= 1
        assert metric(during, "planechase_commit_failures_total") == 0


def test_a_process_whose_store_failed_to_commit_or_cannot_be_read_is_reported_failing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = create_app(tempfile.mkdtemp())
    with TestClient(app) as client:
        assert client.get("/healthz").status_code == 200
        app.state.tables.last_commit_failed = True
        failing = client.get("/healthz")
        assert failing.status_code == 503
        assert failing.json()["status"] == "failing" and "commit" in failing.json()["why"]
        app.state.tables.last_commit_failed = False

        def unreadable(table_id: str) -> None:
            raise sqlite3.DatabaseError("database disk image is malformed")

        monkeypatch.setattr(app.state.store, "table", unreadable)
        broken = client.get("/healthz")
        assert broken.status_code == 503 and "cannot be read" in broken.json()["why"]
