"""A room loaded from the store is the room that wrote it: from its newest snapshot or from the start, with the
same states an undo can reach, the same log and the same ids remembered; a table stored by an earlier version
is read and its log filled in; the log's pages leave out what was undone."""

from __future__ import annotations

import json
import random
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from planechase import Game, GameConfig
from planechase.core.state import PlayerStatus
from planechase.engine.reducer import legal_actions
from planechase.server.create import table_config
from planechase.server.rooms import CLIENT_IDS_KEPT, SNAPSHOT_EVERY, UNDO_DEPTH, Client, Room, public_event
from planechase.server.store import Store, TableStore
from planechase.server.wire import Act, Log, Undo, UndoVote
from server.conftest import raw_sql


def _table(store: TableStore, players: int = 3, seed: int = 5, *, planechase: bool = True) -> str:
    form = {"players": [f"P{n}" for n in range(players)], "seed": seed, "planechase": planechase}
    config, meta = table_config(form)
    return store.create_table(config, meta, seats=players).id


def _everyone(players: int) -> Client:
    return Client(send=lambda text: None, seats=tuple(range(players)), joined=True)


def _act(room: Room, client: Client, action: dict[str, Any], client_id: str) -> dict[str, Any]:
    return room.handle(client, Act(client_id, room.state, action))[0].message


def _undo(room: Room, client: Client) -> None:
    room.handle(client, Undo(room.state))
    answers = room.handle(client, UndoVote(True)) if room.undo is not None else []
    assert room.undo is None, answers


def _same(a: Room, b: Room) -> None:
    assert (a.state, a.undoable, a.live) == (b.state, b.undoable, b.live)
    assert a.states == b.states
    shared = min(len(a.tail), len(b.tail))
    assert list(a.tail)[-shared:] == list(b.tail)[-shared:]
    assert a._newest_events() == b._newest_events()


def _play(room: Room, client: Client, rng: random.Random, steps: int, start: int = 0) -> None:
    for step in range(start, start + steps):
        if room.undoable and rng.random() < 0.15:
            _undo(room, client)
            continue
        # Nobody concedes: the game goes on for as long as the test plays it.
        legal = [a for a in legal_actions(room.game_state) if a.type != "concede"]
        if not legal:
            return
        # Some bookkeeping too: life changes of a player still in the game (800.4a), which keep them in it.
        standing = [p for p in room.game_state.players if p.status is PlayerStatus.IN_GAME]
        if rng.random() >= 0.8 and standing:
            action = {"type": "life", "player": standing[0].seat, "amount": -1 if standing[0].life > 10 else 1}
        else:
            action = rng.choice(legal).to_dict()
        answer = _act(room, client, action, f"c{step}")
        assert answer["type"] == "state", answer


@pytest.mark.parametrize("seed", range(4))
def test_a_room_loaded_from_the_store_is_the_room_that_wrote_it(
    open_store: Callable[..., TableStore], seed: int
) -> None:
    store = open_store()
    table = _table(store, seed=seed)
    room = Room.open(store, table)
    assert room is not None
    client = _everyone(3)
    rng = random.Random(seed)
    played = 0
    for _ in range(6):
        _play(room, client, rng, SNAPSHOT_EVERY // 2 + 13, start=played)
        played += SNAPSHOT_EVERY // 2 + 13
        again = Room.open(store, table)
        assert again is not None
        _same(room, again)
        assert again.replayed < SNAPSHOT_EVERY + UNDO_DEPTH  # from its snapshot, not from the start
        kept = raw_sql(store, "SELECT * FROM snapshots")
        raw_sql(store, "DELETE FROM snapshots")  # and replayed from the start: the same room again
        whole = Room.open(store, table)
        assert whole is not None
        _same(room, whole)
        for row in kept:  # the snapshots back, for the next load (a long game goes on past one)
            raw_sql(store, f"INSERT INTO snapshots VALUES ({', '.join('?' * len(row))})", row)
        room = again  # play on with the loaded room
        room.snapshot_if_due()


def test_an_undo_reaches_back_undo_depth_actions_and_no_further(open_store: Callable[..., TableStore]) -> None:
    store = open_store()
    table = _table(store, players=2, planechase=False)  # nothing to decide: every adjustment is taken
    room = Room.open(store, table)
    assert room is not None
    client = _everyone(2)
    for n in range(UNDO_DEPTH + 5):
        assert _act(room, client, {"type": "life", "player": 1, "amount": 1}, f"a{n}")["type"] == "state"
    for _ in range(UNDO_DEPTH):
        _undo(room, client)
    assert room.game_state.players[1].life == 20 + 5
    refused = room.handle(client, Undo(room.state))[0].message
    assert refused["code"] == "nothing_to_undo" and f"last {UNDO_DEPTH}" in refused["message"]
    again = Room.open(store, table)
    assert again is not None and again.undoable == 0 and again.game_state == room.game_state


def test_the_newest_client_ids_are_remembered_and_an_older_retry_is_stale_not_done_twice(
    open_store: Callable[..., TableStore],
) -> None:
    store = open_store()
    table = _table(store, players=2, planechase=False)
    room = Room.open(store, table)
    assert room is not None
    client = _everyone(2)
    for n in range(CLIENT_IDS_KEPT + 5):
        action = {"type": "life", "player": 1, "amount": 1 if n % 2 else -1}
        assert _act(room, client, action, f"id{n}")["type"] == "state"
    newest = room.handle(
        client, Act(f"id{CLIENT_IDS_KEPT + 4}", room.state - 1, {"type": "life", "player": 1, "amount": -1})
    )
    assert newest[0].message["type"] == "ack" and newest[0].message["repeated"]
    oldest = room.handle(client, Act("id0", 0, {"type": "life", "player": 1, "amount": -1}))[0].message
    assert oldest["code"] == "stale"
    assert len(room.by_client) == CLIENT_IDS_KEPT
    again = Room.open(store, table)
    assert again is not None and again.by_client.keys() == room.by_client.keys()


def test_log_pages_leave_out_what_was_undone_and_end_with_the_setup(open_store: Callable[..., TableStore]) -> None:
    store = open_store()
    table = _table(store, players=2, seed=9, planechase=False)
    room = Room.open(store, table)
    assert room is not None
    client = _everyone(2)
    config, _ = table_config({"players": ["P0", "P1"], "seed": 9, "planechase": False})
    game = Game(GameConfig.from_dict(config))
    undos = 0
    for n in range(900):
        action = {"type": "life", "player": n % 2, "amount": -1 if n % 3 else 2}
        assert _act(room, client, action, f"a{n}")["type"] == "state"
        game.act(action)
        if n % 97 == 5:
            _undo(room, client)
            game.undo()
            undos += 1
    room = Room.open(store, table)  # the older pages come from the store
    assert room is not None
    events: list[dict[str, Any]] = []
    before = None
    while True:
        page = room.handle(client, Log(before, 150))[0].message
        assert 0 < len(page["events"]) <= 150
        events[:0] = page["events"]
        if not page["more"]:
            break
        before = page["before"]
    # The game's lines, and in their places a line for each agreed undo (the undone action's lines left).
    assert [e for e in events if e["type"] != "undone"] == [public_event(e) for e in game.events()]
    lines = [e for e in events if e["type"] == "undone"]
    assert len(lines) == undos and all(line["text"].startswith("Undone, as P0 asked") for line in lines)


_OLD_SCHEMA = """
CREATE TABLE tables (id TEXT PRIMARY KEY, created REAL NOT NULL, config TEXT NOT NULL, meta TEXT NOT NULL,
    creator_token TEXT NOT NULL, spectator_token TEXT NOT NULL);
CREATE TABLE seats (table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, token TEXT NOT NULL UNIQUE,
    PRIMARY KEY (table_id, seat));
CREATE TABLE entries (table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, kind TEXT NOT NULL,
    body TEXT NOT NULL, client_id TEXT, created REAL NOT NULL, PRIMARY KEY (table_id, seq));
"""


def test_a_table_stored_by_an_earlier_version_loads_and_its_log_is_filled_in(tmp_path: Path) -> None:
    """The file of a server before snapshots and stored events: the schema is brought up to date, the table is
    replayed from the start (undos further back than a room now reaches included), and its log is whole."""
    path = tmp_path / "tables.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(_OLD_SCHEMA)
    config, meta = table_config({"players": ["Ann", "Bob"], "seed": 4, "planechase": False})
    db.execute(
        "INSERT INTO tables VALUES ('OLD1', ?, ?, ?, 'c', 's')", (time.time(), json.dumps(config), json.dumps(meta))
    )
    db.executemany("INSERT INTO seats VALUES ('OLD1', ?, ?)", [(0, "t0"), (1, "t1")])
    game = Game(GameConfig.from_dict(config))
    seq = 0
    rows: list[tuple[str, int, str, str, str | None, float]] = []
    for n in range(UNDO_DEPTH + 10):
        action = {"type": "life", "player": 1, "amount": 1 + n % 3}
        game.act(action)
        seq += 1
        rows.append(("OLD1", seq, "action", json.dumps(action), f"c{n}", time.time()))
    for _ in range(UNDO_DEPTH + 3):  # a run of undos an earlier version allowed
        game.undo()
        seq += 1
        rows.append(("OLD1", seq, "undo", json.dumps({"steps": 1}), None, time.time()))
    db.executemany("INSERT INTO entries VALUES (?, ?, ?, ?, ?, ?)", rows)
    db.commit()
    db.close()

    store = Store(path)
    room = Room.open(store, "OLD1")
    assert room is not None and room.state == seq and room.game_state == game.state
    page = room.handle(_everyone(2), Log())[0].message
    assert page["events"] == [public_event(e) for e in game.events()] and not page["more"]
    undone = store._db.execute("SELECT COUNT(*) FROM entries WHERE undone = 1").fetchone()[0]
    assert undone == UNDO_DEPTH + 3


def test_a_seed_the_server_drew_is_kept_whole_by_every_store(open_store: Callable[..., TableStore]) -> None:
    """A table created with no seed gets one of 256 bits (planechase.core.rng.secure_seed): each store keeps it
    as the same whole number, so the table replays the same game (a float would replay another)."""
    store = open_store()
    config, meta = table_config({"players": ["Ann", "Bob"]})
    assert isinstance(config["seed"], int) and config["seed"] >= 2**64
    record = store.create_table(config, meta, seats=2)
    kept = store.table(record.id)
    assert kept is not None and kept.config["seed"] == config["seed"] and isinstance(kept.config["seed"], int)
    room = Room.open(store, record.id)
    assert room is not None and room.game_state == Game(GameConfig.from_dict(config)).state
