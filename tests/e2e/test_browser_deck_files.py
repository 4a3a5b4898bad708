"""The create page's deck bar downloads a pasted deck as another program's file (issue 23), and a whole Commander
list pasted into the form gives its planar deck, in a real browser."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from e2e.conftest import Device
from e2e.test_browser_table import TEN_PLANES, fill_pasted_decks
from planechase.cards.decklists import parse_deck_list
from server.live import LiveServer

#: A Moxfield export in MTGO form: the commander deck, a blank line, the planes beside sideboard cards.
COMMANDER_LIST = "1 Sol Ring\n1 Command Tower\n1 Llanowar Elves\n\n1 Pithing Needle\n" + "\n".join(
    f"1 {name}" for name in TEN_PLANES.splitlines()
)


@pytest.mark.parametrize(("to", "suffix"), [("forge", ".dck"), ("cockatrice", ".cod"), ("json", ".json")])
def test_the_deck_bar_downloads_the_planar_deck_as_a_file_that_reads_back(
    server: LiveServer, device: Device, tmp_path: Path, to: str, suffix: str
) -> None:
    page = device(f"{server.base}/")
    fill_pasted_decks(page, [COMMANDER_LIST, TEN_PLANES])
    page.get_by_test_id("deck-name-0").fill("Ann's planes")
    page.get_by_test_id("deck-format-0").select_option(to)
    with page.expect_download() as info:
        page.get_by_test_id("download-deck-0").click()
    download = info.value
    assert download.suggested_filename == f"Ann-s-planes{suffix}"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    deck = parse_deck_list(saved.read_text("utf-8"))
    assert deck.ok and sorted(deck.names) == sorted(TEN_PLANES.splitlines())
    assert deck.name == "Ann's planes"


def test_a_list_that_cannot_be_downloaded_shows_every_problem_in_the_devices_language(
    server: LiveServer, device: Device
) -> None:
    page = device(f"{server.base}/?lang=it")
    bad = TEN_PLANES.replace("Agyrem", "Agyrm").replace("Goldmeadow", "Goldmeadw")
    fill_pasted_decks(page, [bad, TEN_PLANES])
    page.get_by_test_id("download-deck-0").click()
    problems = page.get_by_test_id("deck-problems-0").locator("li")
    expect(problems).to_have_count(2)
    expect(problems.first).to_contain_text("carta planare sconosciuta: 'Agyrm'")


def test_a_whole_commander_list_pasted_makes_a_table(server: LiveServer, device: Device) -> None:
    page = device(f"{server.base}/")
    fill_pasted_decks(page, [COMMANDER_LIST, TEN_PLANES])
    page.get_by_test_id("create").click()
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator("#form-error")).to_be_empty()
    notes = page.get_by_test_id("deck-notes").locator("li")
    expect(notes).to_have_count(2)  # the ordinary card among the planes, and the rest of the deck
    expect(notes.first).to_contain_text("'Pithing Needle'")
    expect(notes.last).to_contain_text("'Sol Ring', 'Command Tower' and 'Llanowar Elves'")
