"""Group commits: the entries of every table that acted in one turn of the server's loop are written in one
transaction, and nothing is acknowledged or broadcast before that transaction is committed."""

from __future__ import annotations

import asyncio
import itertools
import json
import multiprocessing
import sqlite3
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from psycopg.errors import UniqueViolation

from planechase.server.app import create_app
from planechase.server.store import Store, TableStore
from planechase.server.tables import COMMIT_WINDOW, Tables
from server.live import run_async

with warnings.catch_warnings():
    # Starlette suggests another HTTP client package for its in-process test client; httpx works.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect


def test_appended_entries_are_written_only_when_committed(open_store: Callable[..., TableStore]) -> None:
    store = open_store(group_commit=True)
    ann = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    cat = store.create_table({"players": ["Cat", "Dan"]}, {}, seats=2)
    store.append(ann.id, "action", {"type": "pass", "player": 0}, client_id="a1", seq=1)
    store.append(cat.id, "action", {"type": "pass", "player": 0}, client_id="c1", seq=1)
    store.append(ann.id, "action", {"type": "pass", "player": 1}, client_id="a2", seq=2)
    assert store.uncommitted
    other = open_store()  # another connection, as another process would have
    assert other.entries(ann.id) == [] and other.entries(cat.id) == []
    store.commit()
    assert not store.uncommitted
    assert [(e.seq, e.client_id) for e in other.entries(ann.id)] == [(1, "a1"), (2, "a2")]
    assert [(e.seq, e.client_id) for e in other.entries(cat.id)] == [(1, "c1")]


def test_a_failed_commit_keeps_none_of_its_entries(open_store: Callable[..., TableStore]) -> None:
    store = open_store(group_commit=True)
    table = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    store.append(table.id, "action", {"type": "pass", "player": 0}, client_id="a1", seq=1)
    store.commit()
    store.append(table.id, "action", {"type": "pass", "player": 1}, client_id="a2", seq=2)
    store.append(table.id, "action", {"type": "pass", "player": 0}, client_id="a3", seq=1)  # a number taken
    with pytest.raises((sqlite3.IntegrityError, UniqueViolation)):  # the database keeps each number unique
        store.commit()
    assert not store.uncommitted
    assert [e.client_id for e in store.entries(table.id)] == ["a1"]  # not a2 either: one transaction
    store.append(table.id, "action", {"type": "pass", "player": 1}, client_id="a2", seq=2)  # the store goes on
    store.commit()
    assert [e.client_id for e in store.entries(table.id)] == ["a1", "a2"]


def test_group_commits_need_the_entry_number(open_store: Callable[..., TableStore]) -> None:
    store = open_store(group_commit=True)
    table = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    with pytest.raises(ValueError, match="seq"):
        store.append(table.id, "action", {"type": "pass", "player": 0}, client_id="a1")


def _join(ws: Any, token: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "join", "tokens": [token]}))
    assert json.loads(ws.receive_text())["type"] == "welcome"
    state: dict[str, Any] = json.loads(ws.receive_text())
    assert state["type"] == "state"
    return state


def test_an_action_whose_commit_fails_is_never_acknowledged_and_the_table_is_rebuilt(tmp_path: Path) -> None:
    """If the store can't commit (a full disk, say), the action is not acknowledged or broadcast; the table's
    connections are closed (1011) and, joined again, the table is as the store has it."""
    app = create_app(tmp_path)
    store = app.state.store
    with TestClient(app) as http:
        created = http.post("/api/tables", json={"players": ["Ann", "Bob"], "seed": 3}).json()
        tokens = [seat["url"].split("#t=")[1] for seat in created["seats"]]
        url = f"/ws/{created['id']}"
        with http.websocket_connect(url) as ann:
            first = _join(ann, tokens[0])
            kept = {"type": "life", "player": 1, "amount": -4}
            ann.send_text(json.dumps({"type": "act", "id": "a1", "state": 0, "action": kept}))
            assert json.loads(ann.receive_text())["ack"] == "a1"

            store._db.execute("PRAGMA query_only = ON")  # SQLite refuses every write now, as a full disk would
            lost = {"type": "life", "player": 1, "amount": -6}
            ann.send_text(json.dumps({"type": "act", "id": "a2", "state": 1, "action": lost}))
            with pytest.raises(WebSocketDisconnect) as closed:
                ann.receive_text()
            assert closed.value.code == 1011
            store._db.execute("PRAGMA query_only = OFF")
        assert created["id"] not in app.state.tables.rooms
        with http.websocket_connect(url) as ann:
            again = _join(ann, tokens[0])
            assert again["state"] == 1
            assert again["view"]["players"][1]["life"] == first["view"]["players"][1]["life"] - 4
            ann.send_text(json.dumps({"type": "act", "id": "a3", "state": 1, "action": lost}))  # play goes on
            assert json.loads(ann.receive_text())["state"] == 2


class _CountingStore:
    """A store stand-in that records when it commits (on the event loop's clock)."""

    def __init__(self) -> None:
        self.commits: list[float] = []

    def commit(self) -> None:
        self.commits.append(asyncio.get_running_loop().time())


def test_actions_waiting_together_share_one_commit_and_commits_are_a_window_apart() -> None:
    store = _CountingStore()
    tables = Tables(store)  # type: ignore[arg-type]

    async def play() -> None:
        await asyncio.gather(*(tables.committed() for _ in range(25)))  # 25 tables acting in one turn
        assert len(store.commits) == 1
        await asyncio.gather(*(tables.committed() for _ in range(3)))  # right after: waits for the window
        await tables.committed()

    run_async(play())
    assert len(store.commits) == 3
    assert all(b - a >= COMMIT_WINDOW * 0.99 for a, b in itertools.pairwise(store.commits))


def test_an_idle_server_commits_without_waiting_for_a_window() -> None:
    store = _CountingStore()
    tables = Tables(store)  # type: ignore[arg-type]
    order: list[str] = []

    async def play() -> None:
        loop = asyncio.get_running_loop()
        loop.call_later(COMMIT_WINDOW / 2, order.append, "half a window later")
        await tables.committed()
        order.append("committed")
        await asyncio.sleep(COMMIT_WINDOW)

    run_async(play())
    assert order == ["committed", "half a window later"]


def _open_store(path: str, barrier: Any, index: int) -> None:
    barrier.wait()
    store = Store(path, group_commit=True)
    table = store.create_table({"players": ["Ann", "Bob"]}, {"index": index}, seats=2)
    store.append(table.id, "action", {"type": "pass", "player": 0}, client_id=f"p{index}", seq=1)
    store.commit()
    store.close()


def test_several_processes_can_open_a_new_store_at_once_and_write_to_it(tmp_path: Path) -> None:
    """Server workers open the same new file together: none fails while another sets it up (WAL, schema)."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(6)
    path = str(tmp_path / "tables.sqlite3")
    processes = [context.Process(target=_open_store, args=(path, barrier, i)) for i in range(6)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(60)
    assert [process.exitcode for process in processes] == [0] * 6
    store = Store(path)
    rows = store._db.execute("SELECT COUNT(*) FROM entries").fetchone()
    assert rows == (6,)


def test_a_retried_client_id_is_not_written_twice_by_a_store_that_commits_at_once(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    table = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    other = store.create_table({"players": ["Cat", "Dan"]}, {}, seats=2)
    assert store.append(table.id, "action", {"type": "pass", "player": 0}, client_id="c1") == 1
    assert store.append(table.id, "action", {"type": "pass", "player": 1}, client_id="c1") is None
    assert store.append(other.id, "action", {"type": "pass", "player": 0}, client_id="c1") == 1  # ids are a table's
    assert [e.client_id for e in store.entries(table.id)] == ["c1"]
    assert store.entry_of_client(table.id, "c1") == store.entries(table.id)[0]


def test_a_store_made_with_the_old_client_id_index_drops_it(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("CREATE UNIQUE INDEX entries_by_client ON entries (table_id, client_id)")
    db.commit()
    db.close()
    store = Store(path)
    indexes = [row[0] for row in store._db.execute("SELECT name FROM sqlite_master WHERE type = 'index'")]
    assert "entries_by_client" not in indexes
