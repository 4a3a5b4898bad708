"""One table's screens on several servers at once (issue 19): three servers share a PostgreSQL database and tell
each other over Redis what they wrote; every screen sees every action wherever it was taken, an undo is agreed
across servers, Redis going away only slows delivery, and a killed server's screens carry on at another."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from redisserver import TemporaryRedis
from server.live import Client, LiveServer, Table

LIFE = {"type": "life", "player": 0, "amount": -1}


@pytest.fixture
def nodes(
    new_server: Callable[..., LiveServer], database: str, redis_server: TemporaryRedis, tmp_path: Path
) -> list[LiveServer]:
    args = ["--database", database, "--bus", redis_server.url]
    return [new_server(data=tmp_path / f"node{n}", args=args) for n in range(3)]


def on(node: LiveServer, table: Table) -> Table:
    return Table(node, table.created, table.form)


@pytest.fixture
def spread(nodes: list[LiveServer]) -> Iterator[tuple[Table, Client, Client, Client]]:
    """A table whose screens are on three servers: Ann's on the first, Bob's on the second, a spectator's on the
    third."""
    table = nodes[0].create_table(players=["Ann", "Bob"], planechase=False)
    with ExitStack() as stack:
        ann = stack.enter_context(table.seat(0))
        bob = stack.enter_context(on(nodes[1], table).seat(1))
        watcher = stack.enter_context(on(nodes[2], table).join(table.spectator_token))
        yield table, ann, bob, watcher


def test_every_screen_sees_every_action_whichever_server_took_it(
    spread: tuple[Table, Client, Client, Client],
) -> None:
    table, ann, bob, watcher = spread
    taken = [LIFE, {"type": "life", "player": 1, "amount": -2}, {"type": "life", "player": 0, "amount": 3}]
    for actor, others, action in zip(
        (ann, bob, ann), ((bob, watcher), (ann, watcher), (bob, watcher)), taken, strict=True
    ):
        made = actor.do(action)
        for other in others:
            seen = other.expect("state")
            assert seen["state"] == made["state"] and "ack" not in seen  # the sender's screen alone is acknowledged
            assert seen["events"] == made["events"] and seen["view"] == made["view"]
    assert ann.state["view"] == bob.state["view"] == watcher.state["view"] == table.game(taken).view()
    assert ann.full_log() == bob.full_log() == watcher.full_log()


def test_an_undo_is_asked_on_one_server_and_agreed_on_another(spread: tuple[Table, Client, Client, Client]) -> None:
    _, ann, bob, watcher = spread
    ann.do(LIFE)
    bob.expect("state"), watcher.expect("state")
    ann.send({"type": "undo", "state": 1})
    asked = ann.expect("undo")["proposal"]
    assert bob.expect("undo")["proposal"] == asked == watcher.expect("undo")["proposal"]
    assert asked["agreed"] == [0] and asked["waiting"] == [1]
    bob.send({"type": "undo_vote", "agree": True})  # at the second server, which writes the undo
    for screen in (ann, bob, watcher):
        assert screen.expect("undo") == {"type": "undo", "proposal": None, "done": True}
        after = screen.expect("state")
        assert after["state"] == 2 and after["view"]["players"][0]["life"] == 20


def test_a_refused_undo_is_refused_on_every_server(spread: tuple[Table, Client, Client, Client]) -> None:
    _, ann, bob, watcher = spread
    ann.do(LIFE)
    bob.expect("state"), watcher.expect("state")
    bob.send({"type": "undo", "state": 1})
    for screen in (ann, bob, watcher):
        assert screen.expect("undo")["proposal"]["by"] == 1
    ann.send({"type": "undo_vote", "agree": False})
    for screen in (ann, bob, watcher):
        assert screen.expect("undo") == {"type": "undo", "proposal": None, "refused_by": [0]}


def test_with_redis_away_screens_still_follow_and_catch_up_faster_once_it_is_back(
    spread: tuple[Table, Client, Client, Client], redis_server: TemporaryRedis, nodes: list[LiveServer]
) -> None:
    _, ann, bob, watcher = spread
    redis_server.stop()
    wait_for_bus(nodes, "away")  # said, and not a failure: /healthz answers 200
    assert "planechase_bus_up 0.0" in nodes[0].get("/metrics").text
    made = ann.do(LIFE)  # taken and stored: the others read the database meanwhile
    assert bob.expect("state")["state"] == made["state"] == watcher.expect("state")["state"]
    redis_server.start()
    wait_for_bus(nodes, "up")  # connected again by itself
    heard = bus_messages(nodes[0], "heard")
    made = bob.do(LIFE)
    assert ann.expect("state")["state"] == made["state"] == watcher.expect("state")["state"]
    wait_until(lambda: bus_messages(nodes[0], "heard") > heard, "the first server to hear the second over Redis")


def bus_messages(node: LiveServer, fate: str) -> float:
    found = re.search(rf'^planechase_bus_messages_total{{fate="{fate}"}} ([0-9.e+]+)$', node.get("/metrics").text, re.M)
    assert found
    return float(found.group(1))


def wait_for_bus(nodes: list[LiveServer], state: str) -> None:
    for node in nodes:
        wait_until(lambda node=node: _bus(node) == state, f"every server's bus to be {state}")  # type: ignore[misc]


def _bus(node: LiveServer) -> str:
    answer = node.get("/healthz")
    assert answer.status_code == 200, answer.text
    return str(answer.json()["bus"])


def wait_until(check: Callable[[], bool], what: str, limit: float = 30.0) -> None:
    deadline = time.monotonic() + limit
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {limit:g} s for {what}")
        time.sleep(0.05)


def test_actions_from_two_servers_against_one_state_are_taken_once(
    spread: tuple[Table, Client, Client, Client], nodes: list[LiveServer]
) -> None:
    table, ann, bob, _ = spread
    ann.send({"type": "act", "id": "a", "state": 0, "action": LIFE})
    bob.send({"type": "act", "id": "b", "state": 0, "action": {"type": "life", "player": 1, "amount": -1}})
    answers = []
    for screen in (ann, bob):
        try:
            answers.append(screen.recv())
        except Exception:  # its server lost the race and has its screens join again
            answers.append({"type": "closed"})
    assert len([a for a in answers if a.get("ack")]) == 1, answers
    with table.seat(0) as again, on(nodes[1], table).seat(1) as bob_again:
        assert again.state["state"] == bob_again.state["state"] == 1
        assert again.state["view"] == bob_again.state["view"]


def test_a_killed_servers_screens_join_another_and_the_others_see_them_go_on(
    spread: tuple[Table, Client, Client, Client], nodes: list[LiveServer]
) -> None:
    table, ann, bob, watcher = spread
    ann.do(LIFE)
    bob.expect("state"), watcher.expect("state")
    nodes[0].kill()
    with on(nodes[1], table).seat(0) as ann_again:  # Ann's phone reconnects to another server
        assert ann_again.state["state"] == 1
        made = ann_again.do(LIFE)
        assert bob.expect("state")["state"] == made["state"] == watcher.expect("state")["state"] == 2


def test_servers_sharing_a_bus_count_an_addresss_new_tables_together(
    new_server: Callable[..., LiveServer], database: str, redis_server: TemporaryRedis, tmp_path: Path
) -> None:
    args = ["--database", database, "--bus", redis_server.url]
    first, second = (new_server(data=tmp_path / f"n{n}", create_limit=3, args=args) for n in range(2))
    wait_for_bus([first, second], "up")
    form = {"players": ["Ann", "Bob"], "planechase": False}
    answers = [node.post("/api/tables", json=form).status_code for node in (first, second, first, second)]
    assert answers == [201, 201, 201, 429]  # three a minute from one address, whichever server it reaches
