"""A decision whose prompt names hidden cards (Susan Foreman: "look at the top two cards of your planar deck") is
shown in full only on the devices holding the deciding seat: everyone's view carries a prompt without the cards,
and a ``private`` message after the ``state`` message gives the deciding seat's devices the whole prompt (after
the action that made the decision, and again when such a device joins)."""

from __future__ import annotations

from typing import Any

import pytest

from planechase import Game, GameConfig
from planechase.server.create import table_config
from server.live import Client, LiveServer

FORM: dict[str, Any] = {"players": ["Ann", "Bob"], "starting_player": 0}
SUSAN = {"type": "permanent", "player": 0, "card": "Susan Foreman"}
PORTAL = {"type": "cast", "player": 0, "label": "Planar Portal", "effect": "planeswalk"}


def susan_decision(seed: int) -> Game | None:
    """Ann controls Susan Foreman and casts a spell that makes her planeswalk: her decision is pending."""
    game = Game(GameConfig.from_dict(table_config({**FORM, "seed": seed})[0]))
    view = game.view()
    if view["priority"] != 0 or view["stack"] or view["decision"]:
        return None
    game.act(SUSAN)
    game.act(PORTAL)
    game.act({"type": "resolve", "player": game.view()["priority"]})
    decision = game.view()["decision"]
    return game if decision and decision["kind"] == "arrange_planar_deck" and decision["player"] == 0 else None


@pytest.fixture(scope="module")
def seed() -> int:
    return next(s for s in range(200) if susan_decision(s) is not None)


def _private(client: Client) -> dict[str, Any]:
    message = client.expect("private")
    assert set(message) == {"type", "state", "decision"}
    assert message["state"] == client.state["state"]  # it follows the state it is about
    return message


def test_only_the_deciding_seats_devices_see_the_cards(server: LiveServer, seed: int) -> None:
    game = susan_decision(seed)
    assert game is not None
    secret = game.view(0)["decision"]
    public = game.view(None)["decision"]
    assert secret["prompt"] != public["prompt"] and secret["id"] == public["id"]
    table = server.create_table(**FORM, seed=seed)
    with table.seat(0) as ann, table.seat(1) as bob, table.join(table.spectator_token) as watching:
        ann.do(SUSAN)
        for other in (bob, watching):
            other.expect("state")
        ann.do(PORTAL)
        for other in (bob, watching):
            other.expect("state")
        resolved = ann.do({"type": "resolve", "player": ann.state["view"]["priority"]})
        assert resolved["view"]["decision"] == public  # everyone's view: no card named
        assert _private(ann)["decision"] == {"id": secret["id"], "player": 0, "prompt": secret["prompt"]}
        for other in (bob, watching):
            assert other.expect("state")["view"]["decision"] == public
            assert other.quiet()  # no private message for the other seats or a spectator
        assert ann.quiet()

        # The engine's refusal quotes the pending decision as the acting seat may read it: for Bob's seat, as
        # the view shows it (whichever device sends it); for Ann's own seat, in full.
        refused = bob.act({"type": "life", "player": 1, "amount": -1})
        assert refused["type"] == "refused" and refused["code"] == "illegal", refused
        assert public["prompt"] in refused["message"] and secret["prompt"] not in refused["message"]
        refused = ann.act({"type": "life", "player": 1, "amount": -1})
        assert refused["type"] == "refused" and secret["prompt"] not in refused["message"], refused
        refused = ann.act({"type": "life", "player": 0, "amount": -1})
        assert refused["type"] == "refused" and secret["prompt"] in refused["message"], refused

        # A device of Ann's joining now is told again; Bob's is not.
        with table.seat(0) as again:
            assert again.state["view"]["decision"] == public
            assert _private(again)["decision"]["prompt"] == secret["prompt"]
        with table.seat(1) as bob_again:
            assert bob_again.quiet()

        # Once she has chosen, nobody is sent anything private.
        ann.do({"type": "choose", "player": 0, "decision": secret["id"], "option": "first"})
        assert ann.quiet()
        assert bob.expect("state")["view"]["decision"] is None
        assert bob.quiet()


def test_an_action_with_no_hidden_decision_sends_nothing_private(server: LiveServer) -> None:
    table = server.create_table(**FORM, seed=1)
    with table.seat(0) as ann:
        ann.do({"type": "life", "player": 1, "amount": -1})
        assert ann.quiet()
