"""The table's live channel (``WS /ws/{table}``) through real WebSocket clients: every screen sees the same
states, actions are stored once and in order, and no message a client sends can break the table."""

from __future__ import annotations

import json
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from planechase.server.rooms import public_event
from server.live import LiveServer

TO_MAIN = {"type": "advance", "player": 0, "to": "precombat_main"}


def life_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "life_adjusted"]


def as_broadcast(state: dict[str, Any]) -> dict[str, Any]:
    """A ``state`` message as every client gets it: without the actor's ``ack`` (and the test client's ``raw``)."""
    return {k: v for k, v in state.items() if k not in ("ack", "raw")}


# -- two screens, one table --------------------------------------------------------------------------


def test_an_action_reaches_every_seat_as_the_same_numbered_state(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann, table.seat(1) as bob:
        assert ann.welcome["you"] == {"seats": [0], "spectator": False, "creator": False}
        assert bob.welcome["you"] == {"seats": [1], "spectator": False, "creator": False}
        assert ann.state["state"] == bob.state["state"] == 0
        assert ann.state["view"] == bob.state["view"]
        assert ann.state["view"]["step"] == "upkeep"

        mine = ann.act(TO_MAIN)  # the actor's answer is the new state, carrying the ack of its action
        theirs = bob.expect("state")
        assert mine["ack"] == ann.state["ack"] and mine["state"] == 1 and "repeated" not in mine
        assert "ack" not in theirs
        assert as_broadcast(mine) == as_broadcast(theirs)
        assert mine["view"]["step"] == "precombat_main"
        assert [e["type"] for e in mine["events"]] == ["advance", "step_began"]

        ann.do({"type": "roll", "player": 0})  # 901.9: the die's result comes from the table's seed
        theirs = bob.expect("state")
        assert as_broadcast(ann.state) == as_broadcast(theirs) and theirs["state"] == 2
        game = table.game([TO_MAIN, {"type": "roll", "player": 0}])
        assert theirs["events"] == [public_event(e) for e in game.history[-1].events]
        assert theirs["events"][0]["type"] == "die_rolled"
        assert all("chance" not in e and "forced" not in e for e in theirs["events"])  # no hidden order leaks
        assert theirs["view"] == game.view(None)


def test_a_state_after_an_action_carries_only_the_view_fields_that_changed(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann, table.seat(1) as bob:
        before = bob.state["view"]
        ann.do({"type": "life", "player": 1, "amount": -2})
        theirs = bob.expect("state")
        sent = json.loads(theirs["raw"])
        assert sent["changes"] == {}  # only a life total changed
        assert sent["patch"] == {"players": {"1": {"life": before["players"][1]["life"] - 2}}}
        assert "view" not in sent and theirs["base"] == 0
        assert theirs["view"]["players"][1]["life"] == before["players"][1]["life"] - 2
        assert theirs["view"] == table.game([{"type": "life", "player": 1, "amount": -2}]).view(None)


def test_an_action_against_an_old_state_is_refused_as_stale(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann, table.seat(1) as bob:
        ann.do(TO_MAIN)
        bob.expect("state")
        refused = ann.act({"type": "roll", "player": 0}, state=0)
        assert refused == {
            "type": "refused",
            "id": refused["id"],
            "code": "stale",
            "message": "the table moved on to state 1 before this arrived",
            "text": {"template": "the table moved on to state {state} before this arrived", "params": {"state": 1}},
            "state": 1,
        }
        assert ann.ping()["state"] == 1
        assert bob.quiet()  # nothing was broadcast
        assert ann.full_log() == bob.full_log()
        assert "die_rolled" not in [e["type"] for e in ann.full_log()]


def test_a_resent_client_id_is_acknowledged_again_and_applied_once(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann, table.seat(1) as bob:
        life = {"type": "life", "player": 1, "amount": -3}
        done = ann.do(life, client_id="c-17")
        assert bob.expect("state")["state"] == done["state"] == 1
        again = ann.act(life, state=0, client_id="c-17")  # a retry, as after a lost connection
        assert again == {"type": "ack", "id": "c-17", "state": 1, "repeated": True}
        assert ann.ping()["state"] == 1  # no state message came between
        assert bob.quiet()
        ann.do(TO_MAIN)
        bob.expect("state")
        # Still the same answer after the table has moved on: the id was used, the action is not redone.
        assert ann.act(life, state=2, client_id="c-17") == {"type": "ack", "id": "c-17", "state": 1, "repeated": True}
        assert ann.ping()["state"] == 2
        assert ann.state["view"]["players"][1]["life"] == 17
        assert len(life_events(ann.full_log())) == 1


def test_a_used_client_id_with_another_action_is_refused_not_dropped(server: LiveServer) -> None:
    """Client ids are the table's: a second action under a used id is refused as such, never taken for a retry."""
    table = server.create_table()
    with table.seat(0) as ann, table.seat(1) as bob:
        ann.do({"type": "life", "player": 1, "amount": -3}, client_id="c-1")
        bob.expect("state")
        refused = bob.act({"type": "life", "player": 0, "amount": -2}, client_id="c-1")
        assert refused["type"] == "refused" and refused["code"] == "id_reused"
        assert bob.ping()["state"] == 1
        assert bob.state["view"]["players"][0]["life"] == 20


def test_joining_without_a_token_is_refused(server: LiveServer) -> None:
    table = server.create_table()
    with server.client(table.id) as nobody:
        nobody.send({"type": "join", "tokens": []})
        assert nobody.expect("error")["code"] == "bad_token"
        nobody.send({"type": "ping"})
        assert nobody.expect("error")["code"] == "not_joined"


def test_a_spectator_can_watch_but_not_act(server: LiveServer) -> None:
    table = server.create_table()
    with table.join(table.spectator_token) as watcher, table.seat(0) as ann:
        assert watcher.welcome["you"] == {"seats": [], "spectator": True, "creator": False}
        assert "tokens" not in watcher.welcome
        for action in (TO_MAIN, {"type": "life", "player": 0, "amount": 1}):
            refused = watcher.act(action)
            assert refused["type"] == "refused" and refused["code"] == "spectator"
        assert ann.ping()["state"] == 0
        ann.do(TO_MAIN)
        assert as_broadcast(watcher.expect("state")) == as_broadcast(ann.state)  # and it sees everything


def test_acting_for_another_seat_is_refused_but_life_for_any_seat_is_accepted(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann, table.seat(1) as bob:
        refused = bob.act(TO_MAIN)
        assert refused["type"] == "refused" and refused["code"] == "not_your_seat"
        assert refused["state"] == 0
        ann.quiet()
        # 119.3: life and poison are the table's bookkeeping; any seat may adjust any player's.
        bob.do({"type": "life", "player": 0, "amount": -5})
        seen = ann.expect("state")
        assert seen["view"]["players"][0]["life"] == 15
        assert life_events(seen["events"])[0]["player"] == 0
        bob.do({"type": "poison", "player": 0, "amount": 2}, state=1)
        assert ann.expect("state")["view"]["players"][0]["poison"] == 2


def test_901_9_rolling_in_the_upkeep_is_refused_as_illegal_naming_the_rule(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        refused = ann.act({"type": "roll", "player": 0})
        assert refused["type"] == "refused" and refused["code"] == "illegal"
        assert refused["rule"] == "901.9"
        assert refused["message"].startswith("901.9: ")
        assert refused["state"] == 0
        assert ann.ping()["state"] == 0


def test_a_malformed_action_is_refused_as_bad_action(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        refused = ann.act({"type": "dance", "player": 0})
        assert refused["code"] == "bad_action" and "unknown action type 'dance'" in refused["message"]
        refused = ann.act({"type": "pass", "player": "me"})
        assert refused["code"] == "bad_action"
        assert ann.ping()["state"] == 0


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("{not json", "bad_json"),
        ("[1, 2, 3]", "bad_json"),
        ('"just a string"', "bad_json"),
        (json.dumps({"type": "dance"}), "unknown_type"),
        (json.dumps({"type": "ping", "pad": "x" * 17_000}), "too_large"),
        (json.dumps({"type": "act", "state": 0, "action": {"type": "pass", "player": 0}}), "bad_message"),
        (json.dumps({"type": "join", "tokens": "not a list"}), "bad_message"),
        (b'{"type": "ping"}', "bad_message"),  # a binary frame
    ],
)
def test_a_message_that_is_not_understood_gets_an_error_and_the_connection_stays_usable(
    server: LiveServer, message: str | bytes, code: str
) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        ann.send(message)
        error = ann.expect("error")
        assert error["code"] == code and error["message"]
        assert ann.ping() == {"type": "pong", "state": 0}
        ann.do(TO_MAIN)  # and can still act


def test_a_client_must_join_before_anything_else(server: LiveServer) -> None:
    table = server.create_table()
    with server.client(table.id) as stranger:
        stranger.send({"type": "ping"})
        assert stranger.expect("error")["code"] == "not_joined"
        stranger.send({"type": "act", "id": "x", "state": 0, "action": TO_MAIN})
        assert stranger.expect("error")["code"] == "not_joined"


def test_a_bad_token_is_refused_and_a_good_one_still_joins(server: LiveServer) -> None:
    table, other = server.create_table(), server.create_table()
    with server.client(table.id) as client:
        for tokens in (["not-a-token"], [other.seat_tokens[0]], [table.seat_tokens[0], other.seat_tokens[1]]):
            client.send({"type": "join", "tokens": tokens})
            assert client.expect("error")["code"] == "bad_token"
        welcome, state = client.join(table.seat_tokens[1])
        assert welcome["you"]["seats"] == [1] and state["state"] == 0


def test_joining_a_missing_table_gives_no_table_and_closes(server: LiveServer) -> None:
    with server.client("no-such-table") as client:
        assert client.expect("error")["code"] == "no_table"
        with pytest.raises(ConnectionClosed) as closed:
            client.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


# -- several seats on one device, coming back, the creator --------------------------------------------


def test_pass_and_play_one_device_acts_for_both_its_seats(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0, 1) as device:
        assert device.welcome["you"]["seats"] == [0, 1]
        device.do({"type": "pass", "player": 0})
        assert device.state["view"]["priority"] == 1
        device.do({"type": "pass", "player": 1})  # 117.4: both passed with an empty stack, the upkeep ends
        assert device.state["view"]["step"] == "precombat_main"  # 103.8a: the starting player skips the draw
        device.do({"type": "life", "player": 1, "amount": 4})
        assert device.state["state"] == 3
        assert device.state["view"]["players"][1]["life"] == 24


def test_reconnecting_with_the_same_token_gets_the_same_state_and_view(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        ann.do(TO_MAIN)
        ann.do({"type": "roll", "player": 0})
        ann.do({"type": "life", "player": 1, "amount": -2})
        before, log = ann.state, ann.full_log()
    with table.seat(0) as again:
        assert again.welcome["you"]["seats"] == [0]
        assert again.state["state"] == before["state"] == 3
        assert again.state["view"] == before["view"]
        assert again.state["reset"] is True
        assert again.state["events"] == log
        again.do({"type": "life", "player": 1, "amount": -2})  # and acting goes on from there
        assert again.state["view"]["players"][1]["life"] == 16


def test_the_creators_welcome_holds_every_seats_token(server: LiveServer) -> None:
    table = server.create_table(players=["Ann", "Bob", "Cy"])
    with table.join(table.creator_token) as creator:
        assert creator.welcome["you"] == {"seats": [], "spectator": True, "creator": True}
        assert creator.welcome["tokens"] == {"seats": table.seat_tokens, "spectator": table.spectator_token}
        info = creator.welcome["table"]
        assert info["id"] == table.id
        assert [s["name"] for s in info["seats"]] == ["Ann", "Bob", "Cy"]
    with table.join(table.creator_token, table.seat_tokens[2]) as playing_creator:
        assert playing_creator.welcome["you"] == {"seats": [2], "spectator": False, "creator": True}
    with table.seat(1) as bob:
        assert "tokens" not in bob.welcome
