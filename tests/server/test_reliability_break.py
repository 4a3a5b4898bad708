"""Nothing breaks a table: every number an action carries is bounded and nothing is stored that could not be
shown; players who left only watch; messages are read strictly; a form is refused while it arrives; frame
limits are what the docs say; nothing is acknowledged that was not committed; a table that cannot load is set
aside (issue 14, "Nothing breaks a table")."""

from __future__ import annotations

import contextlib
import json
import socket
import sqlite3
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from planechase.core.actions import MAX_ADJUSTMENT
from planechase.engine.views import view
from planechase.server.app import MAX_FORM, create_app
from planechase.server.channel import MAX_FRAME, MAX_MESSAGE
from planechase.server.create import table_config
from planechase.server.rooms import Client, Room
from planechase.server.store import Store
from planechase.server.tables import CommitError, Tables
from planechase.server.wire import Act, Undo
from server.live import TIMEOUT, LiveServer, run_async
from server.rawws import RawClient, frame

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # Starlette's advice about its test client's HTTP package
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect


def test_a_huge_life_amount_is_refused_naming_its_bound_and_the_table_shows_after_a_restart(
    new_server: Callable[..., LiveServer],
) -> None:
    live = new_server()
    table = live.create_table()
    with table.seat(1) as bob:
        refused = bob.act({"type": "life", "player": 0, "amount": 2**64 - 1})
        assert refused["type"] == "refused" and refused["code"] == "bad_action"
        assert "from -1,000,000 to 1,000,000" in refused["message"]
        for _ in range(3):  # totals that grow stay within theirs
            bob.do({"type": "life", "player": 0, "amount": MAX_ADJUSTMENT})
        seen = bob.state
    live.stop()
    live.start()
    with table.seat(0) as ann:
        assert (ann.state["state"], ann.state["view"]) == (seen["state"], seen["view"])


def test_players_who_left_the_game_can_only_watch_800_4a(server: LiveServer) -> None:
    table = server.create_table(players=["Ann", "Bob", "Cy"])
    with table.seat(0) as ann, table.seat(1) as bob, table.seat(2) as cy:
        cy.do({"type": "concede", "player": 2})
        for device in (ann, bob):
            device.recv()  # the concession's state
        refused = cy.act({"type": "life", "player": 0, "amount": -5})
        assert (refused["code"], refused["rule"]) == ("left_game", "800.4a")
        cy.send({"type": "undo", "state": cy.state["state"]})
        assert cy.expect("error")["code"] == "left_game"
        ann.send({"type": "undo", "state": ann.state["state"]})
        proposal = ann.expect("undo")["proposal"]
        assert proposal["waiting"] == [1]  # not Cy: they left the game
        cy.recv()
        cy.send({"type": "undo_vote", "agree": False})  # a veto from outside the game is not one
        assert cy.expect("error")["code"] == "left_game"
        bob.recv()
        bob.send({"type": "undo_vote", "agree": True})
        assert bob.expect("undo")["done"] is True


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "act", "id": "x1", "state": True, "action": {"type": "pass", "player": 0}}, "bad_message"),
        ({"type": "act", "id": "x2", "state": 0.0, "action": {"type": "pass", "player": 0}}, "bad_message"),
        ({"type": "act", "id": "x3", "state": "0", "action": {"type": "pass", "player": 0}}, "bad_message"),
        ({"type": "act", "id": "x4", "state": -1, "action": {"type": "pass", "player": 0}}, "bad_message"),
        ({"type": "act", "id": "x5", "state": 0, "action": [1]}, "bad_message"),
        ({"type": "act", "id": "x6", "state": 0, "action": {"type": ["pass"], "player": 0}}, "bad_action"),
        ({"type": "act", "id": "x7", "state": 0, "action": {"type": "pass", "player": 0}, "extra": 1}, None),
        ({"type": "undo_vote", "agree": 1}, "bad_message"),
        ({"type": "undo", "state": 1e3}, "bad_message"),
        ({"type": ["join"]}, "unknown_type"),
        ({"type": "ping", "tokens": []}, "bad_message"),
    ],
)
def test_every_message_is_read_strictly(server: LiveServer, message: dict[str, Any], code: str | None) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        ann.send(message)
        answer = ann.recv()
        assert answer["type"] in ("refused", "error"), answer
        assert answer["code"] == (code or "bad_message"), answer
        if message.get("type") == "act" and isinstance(message.get("id"), str):
            assert answer["type"] == "refused" and answer["id"] == message["id"]  # the page learns which
        assert ann.ping()["state"] == 0  # nothing changed


def test_a_chunked_form_over_the_limit_is_refused_while_it_arrives(server: LiveServer) -> None:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT)
    sock.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    )
    chunk = b"x" * 65_536
    sent = 0
    answer = b""
    sock.setblocking(False)
    deadline = time.monotonic() + 6 * TIMEOUT
    while b"\r\n\r\n" not in answer and time.monotonic() < deadline and sent < 300_000_000:
        try:
            sock.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
            sent += len(chunk)
        except (BlockingIOError, BrokenPipeError, ConnectionResetError):
            time.sleep(0.01)
        with contextlib.suppress(BlockingIOError):
            answer += sock.recv(4096)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 413"), answer[:100]
    assert sent < 40 * MAX_FORM  # refused long before the 300 MB were sent


def test_message_and_frame_limits_are_as_documented(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        ann.send("x" * (MAX_MESSAGE + 1))
        assert ann.expect("error")["code"] == "too_large"  # answered; the connection stays open
        assert ann.ping()["state"] == 0
        ann.send("x" * (MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ann.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    docs = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text()
    assert f"{MAX_MESSAGE // 1024} KiB" in docs and f"{MAX_FRAME // 1024} KiB" in docs and "1009" in docs


def test_binary_and_fragmentary_frames_are_answered_not_fatal(server: LiveServer) -> None:
    table = server.create_table()
    with RawClient(server.port, f"/ws/{table.id}") as raw:
        raw.send({"type": "join", "tokens": [table.seat_tokens[0]]})
        raw.sock.sendall(frame(b"\x00\x01", opcode=0x2) + frame(b"{not json") + frame(b"[]"))
        raw.send({"type": "ping"})
        kinds = []
        for _, payload in raw.read_frames(timeout=2):
            kinds.append(json.loads(payload)["type"])
        assert kinds == ["welcome", "state", "error", "error", "error", "pong"]


# -- commits that fail -------------------------------------------------------------------------------------


def _join(ws: Any, token: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "join", "tokens": [token]}))
    assert json.loads(ws.receive_text())["type"] == "welcome"
    state: dict[str, Any] = json.loads(ws.receive_text())
    return state


def test_an_action_whose_commit_fails_is_never_acknowledged_even_beside_a_table_creation(tmp_path: Path) -> None:
    """A commit that fails (the disk refuses writes) loses the entries queued for it, and none of them is
    acknowledged: their tables' channels close (1011) and come back as the store has them. Creating a table
    meanwhile writes only the table, so it can't take another table's entries down with it."""
    app = create_app(tmp_path)
    store: Store = app.state.store
    with TestClient(app) as http:
        created = http.post("/api/tables", json={"players": ["Ann", "Bob"], "seed": 3}).json()
        token = created["seats"][0]["url"].split("#t=")[1]
        with http.websocket_connect(f"/ws/{created['id']}") as ann:
            _join(ann, token)
            ann.send_text(json.dumps({"type": "act", "id": "a1", "state": 0, "action": _life(-4)}))
            assert json.loads(ann.receive_text())["ack"] == "a1"
            store._db.execute("PRAGMA query_only = ON")  # SQLite refuses every write, as a full disk would
            refused = http.post("/api/tables", json={"players": ["Cat", "Dan"]})
            assert refused.status_code == 503 and "could not be stored" in refused.json()["error"]
            ann.send_text(json.dumps({"type": "act", "id": "a2", "state": 1, "action": _life(-6)}))
            with pytest.raises(WebSocketDisconnect) as closed:
                ann.receive_text()
            assert closed.value.code == 1011
            store._db.execute("PRAGMA query_only = OFF")
        with http.websocket_connect(f"/ws/{created['id']}") as ann:
            again = _join(ann, token)
            assert again["state"] == 1  # a1 kept, a2 never acknowledged and not kept
            ann.send_text(json.dumps({"type": "act", "id": "a2", "state": 1, "action": _life(-6)}))
            assert json.loads(ann.receive_text())["ack"] == "a2"


def test_a_failed_table_creation_leaves_another_tables_queued_entry_to_its_own_commit(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite3", group_commit=True)
    table = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    tables = Tables(store)

    async def play() -> None:
        store.append(table.id, "action", _life(-1), client_id="a1", seq=1)
        store._db.execute("PRAGMA query_only = ON")
        with pytest.raises(sqlite3.OperationalError):
            store.create_table({"players": ["Cat", "Dan"]}, {}, seats=2)
        with pytest.raises(CommitError):
            await tables.committed()  # the entry's own commit fails: never acknowledged
        store._db.execute("PRAGMA query_only = OFF")
        store.append(table.id, "action", _life(-1), client_id="a2", seq=1)
        await tables.committed()

    run_async(play())
    assert [e.client_id for e in store.entries(table.id)] == ["a2"]


def test_an_action_whose_result_cannot_be_shown_is_never_stored(tmp_path: Path, monkeypatch: Any) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    config, meta = table_config({"players": ["Ann", "Bob"], "seed": 1})
    record = store.create_table(config, meta, seats=2)
    room = Room.open(store, record.id)
    assert room is not None
    client = Client(send=lambda text: None, seats=(0, 1), joined=True)
    monkeypatch.setattr("planechase.server.rooms.view", lambda *a: {**view(*a), "huge": 2**70})
    answer = room.handle(client, Act("c1", 0, _life(-1)))
    assert answer[0].message["type"] == "refused" and answer[0].message["code"] == "unshowable"
    assert room.state == 0 and store.entries(record.id) == []


# -- tables that cannot load ---------------------------------------------------------------------------------


def test_a_table_that_cannot_load_is_reported_and_set_aside(new_server: Callable[..., LiveServer]) -> None:
    live = new_server()
    broken, sound = live.create_table(), live.create_table()
    with broken.seat(0) as ann:
        ann.do({"type": "life", "player": 1, "amount": -1})
    live.stop()
    db = sqlite3.connect(live.data / "tables.sqlite3")
    db.execute("UPDATE entries SET body = ? WHERE table_id = ?", (json.dumps(_life(2**80)), broken.id))
    db.commit()
    db.close()
    live.start()
    for _ in range(2):  # reported each time, replayed once
        with live.client(broken.id) as device:
            device.send({"type": "join", "tokens": [broken.seat_tokens[0]]})
            error = device.expect("error")
            assert error["code"] == "broken" and "entry 1 does not replay" in error["message"]
            with pytest.raises(ConnectionClosed) as closed:
                device.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4500
    with sound.seat(0) as cat:
        cat.do({"type": "life", "player": 1, "amount": -1})
    set_aside = sqlite3.connect(live.data / "tables.sqlite3").execute(
        "SELECT broken FROM tables WHERE id = ?", (broken.id,)
    )
    assert "does not replay" in set_aside.fetchone()[0]
    assert "could not be loaded and is set aside" in live.log()


def _life(amount: int) -> dict[str, Any]:
    return {"type": "life", "player": 1, "amount": amount}


# -- what the review of this hardening found ---------------------------------------------------------------


def test_a_message_of_a_connection_dropped_while_it_waited_is_not_answered(tmp_path: Path) -> None:
    """A connection dropped (it fell behind) while its message waited for the table: the message is not handled,
    so a table whose room left memory meanwhile is never written by its old room."""
    from planechase.server.channel import Channel, Connection
    from planechase.server.net import Origins
    from planechase.server.settings import ServerSettings

    store = Store(tmp_path / "tables.sqlite3", group_commit=True)
    config, meta = table_config({"players": ["Ann", "Bob"], "seed": 2, "planechase": False})
    record = store.create_table(config, meta, seats=2)
    tables = Tables(store)
    settings = ServerSettings(data=tmp_path)

    async def play() -> None:
        room = await tables.open(record.id)
        channel = Channel(tables, settings, Origins(settings))
        connection = Connection.__new__(Connection)  # the sending side is not needed here
        connection.client = Client(send=lambda text: None, seats=(0, 1), joined=True)
        connection.dropped, connection.room, connection.watching = True, room, False
        room.connect(connection.client)
        assert await channel._handle(room, connection, Act("c1", 0, _life(-1))) is False
        assert room.state == 0 and not store.uncommitted
        assert tables.lock(room) is tables.lock(room)
        tables.forget(room)
        again = await tables.open(record.id)
        assert again is not room and tables.lock(again) is not tables.lock(room)  # a new room, a lock of its own

    run_async(play())


def test_an_address_budget_outlives_its_connections() -> None:
    from planechase.server.channel import Channel
    from planechase.server.net import Origins
    from planechase.server.settings import ServerSettings

    settings = ServerSettings(messages_per_second=1, message_burst=5)
    channel = Channel(Tables.__new__(Tables), settings, Origins(settings))
    budget = channel._budget("10.0.0.1")
    budget.tokens = 0  # spent, then the connection closes
    assert channel._budget("10.0.0.1") is budget  # connecting again does not refill it


def test_a_commit_that_fails_at_commit_time_leaves_the_store_usable(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite3", group_commit=True)
    table = store.create_table({"players": ["Ann", "Bob"]}, {}, seats=2)
    store._db.execute("PRAGMA foreign_keys = ON")
    store._db.execute("PRAGMA defer_foreign_keys = ON")  # the bad row is refused by COMMIT itself
    store.append("no-such-table", "action", _life(-1), client_id="x", seq=1)
    with pytest.raises(sqlite3.IntegrityError):
        store.commit()
    assert not store._db.in_transaction
    store.append(table.id, "action", _life(-1), client_id="a1", seq=1)
    store.commit()
    assert [e.client_id for e in store.entries(table.id)] == ["a1"]


def test_a_table_with_an_undo_is_not_taken_for_one_of_an_earlier_version(tmp_path: Path, monkeypatch: Any) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    config, meta = table_config({"players": ["Ann", "Bob"], "seed": 2, "planechase": False})
    record = store.create_table(config, meta, seats=2)
    room = Room.open(store, record.id)
    assert room is not None
    everyone = Client(send=lambda text: None, seats=(0, 1), joined=True)
    room.handle(everyone, Act("c1", 0, _life(-1)))
    room.handle(everyone, Undo(1))
    assert room.state == 2

    def no_writes(*args: object) -> None:
        raise AssertionError("a table of this version's entries needs no filling in")

    monkeypatch.setattr(store, "fill_in_events", no_writes)
    again = Room.open(store, record.id)
    assert again is not None and again.state == 2 and again.game_state == room.game_state


@pytest.mark.parametrize("origin", ["http://a:99999", "http://[::1", "https://" + "x" * 400])
def test_a_malformed_origin_is_refused_not_a_fault(server: LiveServer, origin: str) -> None:
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"]}, headers={"Origin": origin})
    assert response.status_code == 403
    assert "Traceback" not in server.log()
