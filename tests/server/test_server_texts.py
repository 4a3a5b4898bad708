"""What the server says reaches a page as a sentence it can translate: every refusal, error and house rule
carries its English words (``message``, ``error``, ``house_rules``) and ``text``, the template (its msgid in the
web table's catalogs) with its values, a sentence value in the same form. Filled in, ``text`` is the English."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from conftest import PLANES_10
from planechase.errors import PLACEHOLDER
from server.live import LiveServer

POT = Path(__file__).resolve().parents[2] / "src" / "planechase" / "server" / "locales" / "web.pot"


def filled(text: Any) -> str:
    """A ``text`` as English, filled in as a page without a catalog does (every placeholder from its value)."""
    assert set(text) == {"template", "params"}, text
    params = {k: filled(v) if isinstance(v, dict) else str(v) for k, v in text["params"].items()}
    assert set(PLACEHOLDER.findall(text["template"])) == set(params), text
    return PLACEHOLDER.sub(lambda m: params[m.group(1)], text["template"])


def templates(text: Any) -> set[str]:
    """Every template in a ``text``, nested ones too."""
    return {text["template"]} | {t for v in text["params"].values() if isinstance(v, dict) for t in templates(v)}


def catalog_ids() -> set[str]:
    with POT.open("rb") as pot:
        return {str(m.id) for m in read_po(pot) if m.id}


def test_901_9_a_refusal_carries_the_rules_sentence_to_translate(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(0) as ann:
        refused = ann.act({"type": "roll", "player": 0})
        assert refused["code"] == "illegal" and refused["rule"] == "901.9"
        assert refused["text"] == {"template": "the planar die may be rolled only during a main phase", "params": {}}
        assert refused["message"] == "901.9: " + filled(refused["text"])
        assert refused["text"]["template"] in catalog_ids()


def test_117_1_a_refusal_names_the_players_as_values_not_in_its_template(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(1) as bob:
        refused = bob.act({"type": "pass", "player": 1})
        assert refused["code"] == "illegal" and refused["rule"] == "117.1"
        assert refused["text"] == {
            "template": "{player} does not have priority ({holder} has)",
            "params": {"player": "Bob", "holder": "Ann"},
        }
        assert refused["message"] == "117.1: Bob does not have priority (Ann has)"
        assert refused["text"]["template"] in catalog_ids()


def test_the_tables_own_refusals_and_errors_carry_their_sentence(server: LiveServer) -> None:
    table = server.create_table()
    with table.seat(1) as bob, table.join(table.spectator_token) as watching:
        refused = bob.act({"type": "pass", "player": 0})
        assert refused["code"] == "not_your_seat" and refused["text"]["template"] == "that seat is not yours"
        refused = bob.act({"type": "pass", "player": 1}, state=7)
        assert refused["code"] == "stale"
        assert refused["text"] == {
            "template": "the table moved on to state {state} before this arrived",
            "params": {"state": 0},
        }
        assert refused["message"] == filled(refused["text"])
        refused = watching.act({"type": "pass", "player": 0})
        assert refused["code"] == "spectator" and refused["message"] == filled(refused["text"])
        refused = bob.act({"type": "dance", "player": 1})
        assert refused["code"] == "bad_action" and refused["message"] == filled(refused["text"])
        bob.send({"type": "undo_vote", "agree": True})
        error = bob.recv()
        assert error["type"] == "error" and error["text"]["template"] == "no undo is waiting for votes"
        for said in (refused, error):
            assert templates(said["text"]) <= catalog_ids() | {"{error}"}


def test_a_form_error_is_a_sentence_with_the_deck_lists_sentence_inside(server: LiveServer) -> None:
    bob = "\n".join(PLANES_10).replace("Naar Isle", "Naar Isl")
    response = server.post(
        "/api/tables", json={"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": ["\n".join(PLANES_10), bob]}
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"].startswith("Bob's planar deck, line 7: unknown planar card 'Naar Isl'")
    assert filled(body["text"]) == body["error"]
    assert len(templates(body["text"])) > 2  # the error, where it is, and what is wrong there, each translated
    assert templates(body["text"]) <= catalog_ids() | {"{error}"}
    # The request's own faults too.
    response = server.post("/api/tables", json={"players": ["Ann"]})
    assert response.status_code == 400
    body = response.json()
    assert body["text"] == {
        "template": "a game needs {low} to {high} players, not {count}",
        "params": {"low": 2, "high": 32, "count": 1},
    }
    assert body["error"] == filled(body["text"])


def test_the_eternities_maps_house_rules_are_sentences_on_creation_and_at_the_table(server: LiveServer) -> None:
    response = server.post("/api/tables", json={"players": ["Ann", "Bob"], "eternities_map": "fog_of_war", "seed": 1})
    assert response.status_code == 201
    created = response.json()
    lines, texts = created["house_rules"], created["house_rule_texts"]
    assert len(lines) > 3 and [filled(t) for t in texts] == lines
    assert set().union(*(templates(t) for t in texts)) <= catalog_ids()
    with server.client(created["id"]) as creator:
        welcome, _ = creator.join(created["creator"])
        assert welcome["table"]["house_rules"] == lines
        assert welcome["table"]["house_rule_texts"] == texts
