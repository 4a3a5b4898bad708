"""The face-up cards in the device's language (issue 17), in a real browser against a real server: the project's
translation of the card's name, type line and rules text, marked as such, with the English Oracle text one tap
away, on one device while another at the same table reads English."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.conftest import PHONE, Device, Screenshot
from e2e.test_browser_table import game_of, joined, page_form
from planechase import CATALOG
from planechase.cards.translations import TRANSLATED, card_text
from server.live import LiveServer


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_device_reads_the_plane_in_its_language_and_the_oracle_text_one_tap_away(
    server: LiveServer, device: Device, screenshot: Screenshot, lang: str
) -> None:
    form = page_form(11)
    table = server.create_table(**form)
    english = game_of(form).view()["face_up"][0]["name"]
    shown = card_text(CATALOG[english], lang)
    ann = device(table.created["seats"][0]["url"] + f"&lang={lang}", viewport=PHONE)
    expect(ann.get_by_test_id("state")).not_to_have_text("–")  # joined (the status line is in its language)
    bob = joined(device(table.created["seats"][1]["url"]), "Bob")

    plane = ann.get_by_test_id("plane")
    expect(ann.get_by_test_id("plane-name")).to_have_text(shown.name)
    expect(ann.get_by_test_id("type-line")).to_have_text(shown.type_line)
    first_line = shown.text.split("\n")[0].replace("{CHAOS}", "").strip()
    expect(plane.locator(".oracle")).to_contain_text(first_line[:20])
    expect(ann.get_by_test_id("translation-note")).to_be_visible()
    expect(plane).to_have_attribute("data-card", english)
    if CATALOG[english].static_texts():  # the reminders of what the plane does are in the device's language too
        expect(ann.get_by_test_id("reminder").first).to_contain_text(shown.name)
    screenshot(ann, f"translated-{lang}")

    # One tap shows the official English Oracle text; another brings the translation back.
    ann.get_by_test_id("oracle-toggle").click()
    expect(ann.get_by_test_id("plane-name")).to_have_text(english)
    expect(ann.get_by_test_id("type-line")).to_have_text(CATALOG[english].type_line)
    expect(ann.get_by_test_id("translation-note")).to_have_count(0)
    ann.get_by_test_id("oracle-toggle").click()
    expect(ann.get_by_test_id("plane-name")).to_have_text(shown.name)

    # Bob's device, in English, shows the Oracle text and offers no translation.
    expect(bob.get_by_test_id("plane-name")).to_have_text(english)
    expect(bob.get_by_test_id("oracle-toggle")).to_have_count(0)


def test_the_card_texts_endpoint_answers_every_card_in_a_language(server: LiveServer) -> None:
    answer = server.get("/api/cards/cs")
    assert answer.status_code == 200
    body = answer.json()
    assert body["lang"] == "cs" and body["by"] == "planechase" and len(body["cards"]) == len(CATALOG)
    assert body["cards"]["Chaotic Aether"]["name"] == card_text(CATALOG["Chaotic Aether"], "cs").name
    assert server.get("/api/cards/en").json()["cards"] == {}
    assert server.get("/api/cards/xx").status_code == 404
    # The Oracle text by which a quoted ability is found in a translation comes apart (not needed for the plane).
    assert "oracle" not in body["cards"]["Chaotic Aether"]
    oracle = server.get("/api/oracle").json()["cards"]
    assert len(oracle) == len(CATALOG) and oracle["Chaotic Aether"] == CATALOG["Chaotic Aether"].oracle_text
