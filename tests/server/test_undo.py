"""Undo at the web table is agreed by the table: every player still in the game must agree, and one refusal
cancels the proposal. Checked through real clients, one per seat."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from server.live import Client, LiveServer, Table

TO_MAIN = {"type": "advance", "player": 0, "to": "precombat_main"}


@contextmanager
def seated(table: Table, seats: int) -> Iterator[list[Client]]:
    with ExitStack() as stack:
        yield [stack.enter_context(table.seat(s)) for s in range(seats)]


def everyone_gets(clients: list[Client], kind: str) -> dict[str, Any]:
    """The next message of every client, the same for all and of type ``kind``."""
    messages = [c.expect(kind) for c in clients]
    assert all(m == messages[0] for m in messages), messages
    return messages[0]


def test_an_undo_waits_for_every_player_and_one_refusal_cancels_it(server: LiveServer) -> None:
    table = server.create_table(players=["Ann", "Bob", "Cy"])
    with seated(table, 3) as clients:
        ann, bob, cy = clients
        moved = ann.do(TO_MAIN)["events"]
        everyone_gets([bob, cy], "state")

        ann.send({"type": "undo", "state": 1})
        proposal = everyone_gets(clients, "undo")["proposal"]
        # It says what it would take back: the last action's first lines.
        assert proposal == {"by": 0, "state": 1, "agreed": [0], "waiting": [1, 2], "undoes": moved[:3]}
        assert proposal["undoes"][0]["type"] == "advance"
        bob.send({"type": "undo_vote", "agree": True})
        proposal = everyone_gets(clients, "undo")["proposal"]
        assert proposal["agreed"] == [0, 1] and proposal["waiting"] == [2]  # one vote missing: still open

        cy.send({"type": "undo_vote", "agree": False})
        assert everyone_gets(clients, "undo") == {"type": "undo", "proposal": None, "refused_by": [2]}
        assert ann.ping()["state"] == 1  # nothing was undone
        assert ann.state["view"]["step"] == "precombat_main"
        bob.send({"type": "undo_vote", "agree": True})
        assert bob.expect("error")["code"] == "no_undo"


def test_an_undo_all_agree_to_resets_every_screen_to_the_previous_view(server: LiveServer) -> None:
    table = server.create_table(players=["Ann", "Bob", "Cy"])
    with seated(table, 3) as clients:
        ann, bob, cy = clients
        before, log_before = ann.state["view"], ann.full_log()
        ann.do(TO_MAIN)
        everyone_gets([bob, cy], "state")
        assert ann.state["view"] != before

        ann.send({"type": "undo", "state": 1})
        everyone_gets(clients, "undo")
        bob.send({"type": "undo_vote", "agree": True})
        everyone_gets(clients, "undo")
        cy.send({"type": "undo_vote", "agree": True})
        assert everyone_gets(clients, "undo") == {"type": "undo", "proposal": None, "done": True}
        reset = everyone_gets(clients, "state")
        assert reset["reset"] is True
        assert reset["state"] == 2  # an undo is an entry of its own: states only count up
        assert reset["view"] == before
        assert reset["view"]["step"] == "upkeep"
        # The action's lines leave the log; a line says the table took it back.
        *kept, undone = reset["events"]
        assert kept == log_before
        assert undone["type"] == "undone" and undone["player"] == 0 and undone["entry"] == 1
        assert undone["text"].startswith("Undone, as Ann asked and the table agreed: Ann moves on to")
        assert reset["undo"] is None
        assert ann.full_log() == reset["events"]  # the log as the store keeps it
        with table.seat(1) as again:  # and as a device joining later reads it
            assert again.state["events"] == reset["events"]

        ann.do(TO_MAIN)  # play goes on from the new state
        assert ann.state["state"] == 3 and ann.state["view"]["step"] == "precombat_main"


def test_an_undo_asked_against_an_old_state_or_by_a_spectator_is_an_error(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann, table.join(table.spectator_token) as watcher:
        ann.send({"type": "undo", "state": 0})
        assert ann.expect("error")["code"] == "nothing_to_undo"
        ann.do(TO_MAIN)
        watcher.expect("state")
        ann.send({"type": "undo", "state": 0})
        assert ann.expect("error")["code"] == "stale"
        watcher.send({"type": "undo", "state": 1})
        assert watcher.expect("error")["code"] == "spectator"
        assert ann.quiet()


def test_an_action_taken_while_an_undo_is_waiting_cancels_the_proposal(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann, table.seat(1) as bob:
        ann.do(TO_MAIN)
        bob.expect("state")
        ann.send({"type": "undo", "state": 1})
        assert everyone_gets([ann, bob], "undo")["proposal"]["waiting"] == [1]
        ann.do({"type": "life", "player": 1, "amount": -1})
        assert bob.expect("state")["undo"] is None
        bob.send({"type": "undo_vote", "agree": True})
        assert bob.expect("error")["code"] == "no_undo"
        assert bob.ping()["state"] == 2
