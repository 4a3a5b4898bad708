"""The cards in the players' languages over the engine protocol (issue 17): ``lang`` on ``view``, on the commands
that answer with a view, and on ``cards``, adding the project's translations beside the English Oracle fields.
Every reply (and every request the client calls valid) is checked against the shipped JSON Schema."""

from __future__ import annotations

import pytest
from protocol_helpers import Client

from planechase import CATALOG
from planechase.cards.translations import TRANSLATED, card_text


@pytest.fixture
def client() -> Client:
    return Client()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_view_with_lang_adds_each_face_up_cards_translation(client: Client, lang: str) -> None:
    client.new()
    plain = client.ok({"cmd": "view"})["view"]
    view = client.ok({"cmd": "view", "lang": lang})["view"]
    card = view["face_up"][0]
    expected = card_text(CATALOG[card["name"]], lang)
    assert card["translation"] == {"name": expected.name, "type_line": expected.type_line, "text": expected.text}
    # The English Oracle fields stay as they are: the name is the card's identifier.
    assert {k: v for k, v in card.items() if k != "translation"} == plain["face_up"][0]
    assert view["translations"]["lang"] == lang and view["translations"]["by"] == "planechase"
    assert view["translations"]["cards"][card["name"]] == card["translation"]
    assert "translations" not in plain and "translation" not in plain["face_up"][0]


def test_english_adds_nothing_and_an_unknown_language_is_refused(client: Client) -> None:
    client.new()
    assert client.ok({"cmd": "view", "lang": "en"})["view"] == client.ok({"cmd": "view"})["view"]
    reply = client.send({"cmd": "view", "lang": "xx"}, valid=False)
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_request"
    assert "ru" in reply["error"]["message"]


def test_act_and_new_answer_with_a_translated_view(client: Client) -> None:
    reply = client.new(lang="ja")
    assert reply["view"]["translations"]["lang"] == "ja"
    acted = client.ok({"cmd": "act", "action": {"type": "pass", "player": 0}, "lang": "cs"})
    assert (
        acted["view"]["face_up"][0]["translation"]["name"]
        == card_text(CATALOG[acted["view"]["face_up"][0]["name"]], "cs").name
    )


def test_cards_with_lang_names_the_translation(client: Client) -> None:
    reply = client.ok({"cmd": "cards", "names": ["Chaotic Aether", "Cliffside Market"], "lang": "it"})
    for card in reply["cards"]:
        shown = card_text(CATALOG[card["name"]], "it")
        assert card["translation"] == {
            "lang": "it",
            "name": shown.name,
            "type_line": shown.type_line,
            "text": shown.text,
        }
        assert card["oracle_text"] == CATALOG[card["name"]].oracle_text
    assert "translation" not in client.ok({"cmd": "cards", "names": ["Chaotic Aether"]})["cards"][0]
