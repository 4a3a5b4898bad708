"""A server killed outright (SIGKILL, as in a crash) comes back with every table as it was: every acknowledged
action is on disk before its ack is sent, and a client's retry after the restart is applied exactly once."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed

from planechase.server.rooms import public_event
from server.live import LiveServer, connection_refused

TO_MAIN = {"type": "advance", "player": 0, "to": "precombat_main"}


def life_changes(events: list[dict[str, Any]]) -> list[tuple[int, int]]:
    return [(e["player"], e["delta"]) for e in events if e["type"] == "life_adjusted"]


def test_a_killed_server_comes_back_with_the_same_state_view_and_log(new_server: Callable[..., LiveServer]) -> None:
    live = new_server()
    table = live.create_table()
    actions = [
        TO_MAIN,
        {"type": "roll", "player": 0},
        {"type": "life", "player": 1, "amount": -4},
        {"type": "poison", "player": 0, "amount": 1},
    ]
    with table.seat(0, 1) as device:
        log = list(device.state["events"])
        for action in actions:
            state = device.do(action)
            log += state["events"]
        assert state["state"] == 4
        view = device.state["view"]
        live.kill()  # right after the last ack and its state message: no shutdown at all

    live.start()  # a new process on the same data directory
    with table.seat(0, 1) as device:
        assert device.state["state"] == 4
        assert device.state["view"] == view
        assert device.state["reset"] is True
        assert device.state["events"] == log
        assert device.full_log() == log
        state = device.do({"type": "life", "player": 1, "amount": -1})  # play goes on from there
        assert state["state"] == 5
        assert state["view"]["players"][1]["life"] == 15


def test_an_action_is_kept_when_the_server_is_killed_the_moment_it_acks(new_server: Callable[..., LiveServer]) -> None:
    live = new_server()
    table = live.create_table()
    last = {"type": "life", "player": 0, "amount": 3}
    with table.seat(0) as ann:
        ann.do(TO_MAIN)
        ann.do({"type": "roll", "player": 0})
        ack = ann.act(last)
        assert ack["type"] == "state" and ack["state"] == 3 and "ack" in ack, ack
        live.kill()  # the instant the ack is read

    game = table.game([TO_MAIN, {"type": "roll", "player": 0}, last])  # what the acknowledged actions make
    live.start()
    with table.seat(0) as ann:
        assert ann.state["state"] == 3
        assert ann.state["view"] == game.view(None)
        assert ann.state["view"]["players"][0]["life"] == 23
        assert ann.state["events"] == [public_event(e) for e in game.events()]


def test_an_action_retried_after_a_crash_is_applied_exactly_once(new_server: Callable[..., LiveServer]) -> None:
    live = new_server()
    table = live.create_table()
    lost: dict[str, Any] = {"type": "life", "player": 1, "amount": -7}
    with table.seat(0) as ann:
        ann.do(TO_MAIN)
        ann.send({"type": "act", "id": "r-1", "state": 1, "action": lost})
        live.kill()  # the action may or may not have been stored: the client can't tell

    live.start()
    with table.seat(0) as ann:
        ack = ann.act(lost, state=1, client_id="r-1")  # the retry, with the same id
        if ack["type"] == "state":  # it was not stored before the crash: stored now
            assert ack["ack"] == "r-1" and ack["state"] == 2, ack
        else:  # it was: acknowledged again, not applied twice
            assert ack == {"type": "ack", "id": "r-1", "state": 2, "repeated": True}
        assert ann.act(lost, state=1, client_id="r-1") == {
            "type": "ack",
            "id": "r-1",
            "state": 2,
            "repeated": True,
        }
        assert ann.ping()["state"] == 2
        assert life_changes(ann.full_log()) == [(1, -7)]

        live.kill()
        with contextlib.suppress(ConnectionClosed, OSError):  # sent while the server is dead: lost, or refused
            ann.send({"type": "act", "id": "r-2", "state": 2, "action": {"type": "life", "player": 0, "amount": -2}})
            ann.recv(timeout=2)
        assert connection_refused(live.ws_url(table.id))

    live.start()
    with table.seat(0) as ann:
        assert ann.state["state"] == 2
        retry = {"type": "life", "player": 0, "amount": -2}
        state = ann.do(retry, state=2, client_id="r-2")
        assert state["state"] == 3 and state["ack"] == "r-2"
        assert ann.act(retry, state=2, client_id="r-2") == {"type": "ack", "id": "r-2", "state": 3, "repeated": True}
        assert ann.ping()["state"] == 3
        assert state["view"]["players"][0]["life"] == 18
        assert state["view"]["players"][1]["life"] == 13
        assert life_changes(ann.full_log()) == [(1, -7), (0, -2)]
