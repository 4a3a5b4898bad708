"""Nothing leaks: a table nobody chose a seed for gets a secret one of 256 bits and the keyed generator, so the
rolls players see tell nothing of the next ones, yet it replays exactly after a crash; pages of other sites
can't create tables or open channels; forwarded headers from anyone but a configured proxy change nothing
(issue 14, "Nothing leaks")."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from planechase.core.rng import KEYED_FROM, seed_state
from server.live import TIMEOUT, LiveServer
from server.rawws import RawClient


def _stored_config(live: LiveServer, table_id: str) -> dict[str, object]:
    db = sqlite3.connect(live.data / "tables.sqlite3")
    try:
        config: dict[str, object] = json.loads(
            db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
        )
    finally:
        db.close()
    return config


def test_an_unseeded_table_has_a_secret_seed_of_256_bits_and_replays_after_a_crash(
    new_server: Callable[..., LiveServer],
) -> None:
    live = new_server()
    made = [live.post("/api/tables", json={"players": ["Ann", "Bob"], "starting_player": 0}).json() for _ in range(2)]
    seeds = [_stored_config(live, table["id"])["seed"] for table in made]
    assert all(isinstance(seed, int) and seed >= 2**256 for seed in seeds)
    assert seeds[0] != seeds[1]
    assert all(seed_state(int(str(seed))) >> 64 >= KEYED_FROM for seed in seeds)  # the keyed generator's state
    assert all("seed" not in table for table in made)
    token = made[0]["seats"][0]["url"].split("#t=")[1]
    with connect(f"ws://127.0.0.1:{live.port}/ws/{made[0]['id']}", open_timeout=TIMEOUT) as ws:
        ws.send(json.dumps({"type": "join", "tokens": [token]}))
        welcome = json.loads(ws.recv(timeout=TIMEOUT))
        assert "seed" not in welcome["table"]["config"]
        state = json.loads(ws.recv(timeout=TIMEOUT))
        assert str(seeds[0]) not in json.dumps(state)
        for step, action in enumerate(
            [
                {"type": "resolve", "player": 0},
                {"type": "advance", "player": 0, "to": "precombat_main"},
                {"type": "roll", "player": 0},
            ]
        ):
            ws.send(json.dumps({"type": "act", "id": f"a{step}", "state": state["state"], "action": action}))
            while True:
                answer = json.loads(ws.recv(timeout=TIMEOUT))
                if answer["type"] in ("state", "refused"):
                    break
            if answer["type"] == "state":
                state = answer
        assert str(seeds[0]) not in json.dumps(answer)
    before = state["state"]
    live.kill()
    live.start()
    with connect(f"ws://127.0.0.1:{live.port}/ws/{made[0]['id']}", open_timeout=TIMEOUT) as ws:
        ws.send(json.dumps({"type": "join", "tokens": [token]}))
        ws.recv(timeout=TIMEOUT)
        again = json.loads(ws.recv(timeout=TIMEOUT))
    assert again["state"] == before


def test_a_chosen_seed_is_told_to_the_table_that_chose_it(server: LiveServer) -> None:
    created = server.post("/api/tables", json={"players": ["Ann", "Bob"], "seed": 7}).json()
    assert created["seed"] == 7
    assert _stored_config(server, created["id"])["seed"] == 7


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Content-Type": "text/plain"}, 415),  # what a cross-site form or a simple fetch can send
        ({"Content-Type": "application/x-www-form-urlencoded"}, 415),
        ({"Content-Type": "application/json", "Origin": "https://evil.example"}, 403),
        ({"Content-Type": "application/json", "Origin": "null"}, 403),
        ({"Content-Type": "application/json"}, 201),  # a program: no Origin
    ],
)
def test_tables_are_created_from_json_and_this_servers_pages_only(
    server: LiveServer, headers: dict[str, str], status: int
) -> None:
    response = server.post("/api/tables", content=json.dumps({"players": ["Ann", "Bob"]}), headers=headers)
    assert response.status_code == status, response.text


def test_this_servers_own_pages_and_allowed_origins_may_create_tables(new_server: Callable[..., LiveServer]) -> None:
    live = new_server(args=["--allowed-origin", "https://friends.example"])
    form = json.dumps({"players": ["Ann", "Bob"]})
    for origin, status in (
        (f"http://127.0.0.1:{live.port}", 201),  # the page this server served
        ("https://friends.example", 201),
        ("https://friends.example:8443", 403),
        ("https://evil.example", 403),
    ):
        response = live.post(
            "/api/tables", content=form, headers={"Content-Type": "application/json", "Origin": origin}
        )
        assert response.status_code == status, origin


def test_channels_from_other_sites_pages_are_refused(server: LiveServer) -> None:
    table = server.create_table()
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws_url(table.id), origin=Origin("https://evil.example"), open_timeout=TIMEOUT)
    assert refused.value.response.status_code == 403
    with RawClient(server.port, f"/ws/{table.id}", origin=f"http://127.0.0.1:{server.port}") as own:
        assert own.status == "HTTP/1.1 101 Switching Protocols"
    with RawClient(server.port, f"/ws/{table.id}") as program:  # no Origin: not a browser page
        assert program.status == "HTTP/1.1 101 Switching Protocols"


def test_forwarded_for_from_anyone_but_a_configured_proxy_does_not_escape_the_creation_limit(
    new_server: Callable[..., LiveServer],
) -> None:
    untrusting = new_server(create_limit=2)
    statuses = [
        untrusting.post(
            "/api/tables", json={"players": ["Ann", "Bob"]}, headers={"X-Forwarded-For": f"10.0.0.{n}"}
        ).status_code
        for n in range(3)
    ]
    assert statuses == [201, 201, 429]
    trusting = new_server(
        create_limit=2, args=["--forwarded-allow-ips", "127.0.0.1"], data=untrusting.data.parent / "b"
    )
    statuses = [
        trusting.post(
            "/api/tables", json={"players": ["Ann", "Bob"]}, headers={"X-Forwarded-For": f"10.0.0.{n}"}
        ).status_code
        for n in range(3)
    ]
    assert statuses == [201, 201, 201]  # three clients behind the proxy, each counted by its own address
