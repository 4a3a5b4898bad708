"""A table nobody is connected to leaves the server's memory and comes back whole from the store."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

from planechase.server.app import create_app
from planechase.server.rooms import apply_changes

with warnings.catch_warnings():
    # Starlette suggests another HTTP client package for its in-process test client; this test needs the
    # in-process server to look at its memory, and httpx works.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


def test_a_table_left_by_everyone_is_dropped_from_memory_and_rebuilt_the_same(tmp_path: Path) -> None:
    app = create_app(tmp_path)
    with TestClient(app) as http:
        created = http.post("/api/tables", json={"players": ["Ann", "Bob"], "seed": 3}).json()
        token = created["seats"][0]["url"].split("#t=")[1]
        with http.websocket_connect(f"/ws/{created['id']}") as ws:
            ws.send_text(json.dumps({"type": "join", "tokens": [token]}))
            ws.receive_text()
            first = json.loads(ws.receive_text())
            action = {"type": "life", "player": 1, "amount": -4}
            ws.send_text(json.dumps({"type": "act", "id": "a1", "state": 0, "action": action}))
            before = json.loads(ws.receive_text())
            assert before["type"] == "state" and before["ack"] == "a1" and before["base"] == 0
            before["view"] = apply_changes(first["view"], before)
            assert created["id"] in app.state.tables.rooms
        assert created["id"] not in app.state.tables.rooms
        with http.websocket_connect(f"/ws/{created['id']}") as ws:
            ws.send_text(json.dumps({"type": "join", "tokens": [token]}))
            ws.receive_text()
            again = json.loads(ws.receive_text())
        assert again["state"] == before["state"] == 1
        assert again["view"] == before["view"]
