"""Usable by everyone (issue 18): keyboard focus stays where the player acted, a roll is said to screen readers,
the plane is not re-read after every change, and everything to tap is at least 44 px on every screen, a
four-player table on a desktop too."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from e2e.conftest import DESKTOP, Device
from e2e.test_browser_phone import TAP_TARGETS
from e2e.test_browser_table import MAIN, TEN_PLANES, create_on_page, first_seed, game_of, joined, page_form, to_main
from planechase import CATALOG
from planechase.cards.filters import FILTERS
from planechase.cards.translations import card_text
from planechase.server.create import table_config
from server.live import LiveServer

PLAYERS = ("Ann", "Bob", "Cy", "Dee")


def test_focus_stays_on_the_control_the_player_used(server: LiveServer, device: Device) -> None:
    table = server.create_table(**page_form(4, PLAYERS))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    minus = ann.get_by_test_id("life-1-minus1")
    minus.focus()
    ann.keyboard.press("Enter")
    expect(ann.get_by_test_id("life-1")).to_have_text("19")
    expect(ann.get_by_test_id("life-1-minus1")).to_be_focused()  # drawn again, and focused again
    ann.keyboard.press("Enter")
    expect(ann.get_by_test_id("life-1")).to_have_text("18")


def test_a_roll_is_said_to_screen_readers_and_the_plane_is_no_live_region(server: LiveServer, device: Device) -> None:
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    table = server.create_table(**page_form(seed))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    assert ann.get_by_test_id("plane").evaluate("el => el.closest('[aria-live]')") is None
    ann.get_by_test_id(f"advance-{MAIN}").click()
    ann.get_by_test_id("roll").click()
    announcer = ann.get_by_test_id("announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    expect(announcer).to_contain_text(re.compile(r"rolls the planar die|Planeswalk|Chaos ensues"))


def test_every_control_of_a_four_player_table_on_a_desktop_is_at_least_44_px(
    server: LiveServer, device: Device
) -> None:
    seed: int = first_seed(
        lambda s: s if to_main(game_of(page_form(s, PLAYERS))) else None, "an empty stack at the start"
    )
    table = server.create_table(**page_form(seed, PLAYERS))
    ann = joined(device(table.created["seats"][0]["url"], viewport=DESKTOP), "Ann")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect(ann.get_by_test_id("roll")).to_be_visible()
    targets: list[dict[str, Any]] = ann.evaluate(TAP_TARGETS)
    assert len(targets) > 24
    small = [t for t in targets if t["h"] < 43.5 or t["w"] < 43.5]
    assert small == [], f"tap targets under 44 px: {small}"


#: The system share sheet, recorded (a headless browser has none).
SHARE_STUB = "navigator.share = async (data) => { window.__shared = (window.__shared || []).concat([data]); };"


def test_a_seats_link_is_shared_through_the_systems_share_sheet(server: LiveServer, device: Device) -> None:
    page = device(f"{server.base}/")
    page.add_init_script(SHARE_STUB)
    page.reload()
    create_on_page(page, ["Ann", "Bob"])
    link = page.get_by_test_id("seat-link-1").get_attribute("href")
    page.get_by_test_id("share-seat-link-1").click()
    page.wait_for_function("() => (window.__shared || []).length === 1")
    shared = page.evaluate("window.__shared[0]")
    assert shared["url"] == link and "Bob" in shared["title"]


def test_the_create_page_names_the_sets_as_players_know_them(server: LiveServer, device: Device) -> None:
    page = device(f"{server.base}/")
    sets = page.locator("label.choice", has=page.get_by_test_id("set"))
    expect(sets.filter(has_text="Planechase 2012 (PC2)")).to_have_count(1)
    expect(sets.filter(has_text="March of the Machine Commander (MOC)")).to_have_count(1)


def test_the_create_page_deals_random_decks_with_the_deck_filters_chosen(server: LiveServer, device: Device) -> None:
    italian = device(f"{server.base}/?lang=it")
    expect(italian.get_by_test_id("deck-filters")).to_contain_text("per il gioco a distanza")  # in its language
    page = device(f"{server.base}/")
    expect(page.get_by_test_id("deck-filters")).to_contain_text("for remote play")
    page.get_by_test_id("filter-remote").check()
    page.get_by_test_id("filter-commander").check()
    form = create_on_page(page, ["Ann", "Bob"], seed=4)
    assert form["filters"] == ["remote", "commander"]
    config, _ = table_config(form)
    cards = [name for deck in config["decks"] for name in deck]
    assert all(f.keeps(CATALOG[name]) for name in cards for f in FILTERS.values()), cards


def chaos_with_a_trigger(seed: int) -> tuple[int, str] | None:
    """A table whose first roll in the main phase is chaos, putting the plane's chaos ability on the stack."""
    game = game_of(page_form(seed))
    if not to_main(game):
        return None
    game.act({"type": "roll", "player": game.view()["active"]})
    events = game.history[-1].events
    triggered = [e for e in events if e.type == "ability_triggered" and "card" in e.data]
    if not any(e.type == "chaos_ensues" for e in events) or len(triggered) != 1:
        return None
    return seed, str(triggered[0].data["card"])


def test_the_log_quotes_an_abilitys_text_once_and_names_it_after(server: LiveServer, device: Device) -> None:
    seed, card = first_seed(chaos_with_a_trigger, "a first roll of chaos that triggers the plane")
    table = server.create_table(**page_form(seed))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    ann.get_by_test_id("roll").click()
    lines = ann.get_by_test_id("log-line")
    triggered = lines.filter(has_text=f"{card}'s ability triggers")
    expect(triggered).to_have_count(1)
    stacked = lines.filter(has_text="Put on the stack:").first
    expect(stacked).to_be_visible()
    shown = stacked.inner_text()  # what is on the screen: the card's name, not its text again
    assert f"Put on the stack: {card}'s ability (#" in shown, shown
    assert "Whenever chaos ensues" not in shown
    stacked.click()  # opened: the whole line
    expect(stacked.locator(".full-line")).to_be_visible()
    expect(stacked.locator(".full-line")).to_contain_text("chaos ensues")


def test_a_deck_is_saved_on_the_device_shared_by_link_and_played_from_the_link(
    server: LiveServer, device: Device
) -> None:
    page = device(f"{server.base}/")
    expect(page.get_by_test_id("set").first).to_be_visible()
    page.locator("input[name='decks'][value='pasted']").check()
    page.get_by_test_id("deck-list-0").fill(TEN_PLANES)
    page.get_by_test_id("deck-name-0").fill("Friday decks")
    page.get_by_test_id("save-deck-0").click()
    # Saved on this device: every deck list may use it now, and after a reload.
    page.reload()
    page.locator("input[name='decks'][value='pasted']").check()
    page.get_by_test_id("saved-decks-1").select_option("Friday decks")
    expect(page.get_by_test_id("deck-list-1")).to_have_value(TEN_PLANES)

    page.get_by_test_id("deck-name-1").fill("Friday decks")
    page.get_by_test_id("share-deck-1").click()
    link = page.get_by_test_id("deck-link-1").get_attribute("href")
    assert link and link.startswith(f"{server.base}/#deck=")

    friend = device(link)  # another device opens the link
    expect(friend.get_by_test_id("shared-deck")).to_contain_text("Friday decks")
    friend.get_by_test_id("use-shared-deck").click()
    expect(friend.locator("#shared-list")).to_have_value(TEN_PLANES)
    friend.get_by_test_id("keep-shared-deck").click()
    expect(friend.get_by_test_id("saved-decks-shared").locator("option", has_text="Friday decks")).to_have_count(1)


def test_an_ability_quoted_in_the_log_and_on_the_stack_reads_in_the_devices_language(
    server: LiveServer, device: Device
) -> None:
    seed, card = first_seed(chaos_with_a_trigger, "a first roll of chaos that triggers the plane")
    english = CATALOG[card].oracle_text.split("\n")
    chaos = next(i for i, a in enumerate(CATALOG[card].abilities) if "chaos ensues" in a.text.lower())
    local = card_text(CATALOG[card], "ru").text.split("\n")
    assert len(local) == len(english)
    line = next(local[i] for i, text in enumerate(english) if text.startswith(CATALOG[card].abilities[chaos].text))
    table = server.create_table(**page_form(seed))
    ann = device(table.created["seats"][0]["url"] + "&lang=ru")
    expect(ann.get_by_test_id("status")).to_have_text("подключено · Ann")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    ann.get_by_test_id("roll").click()
    expect(ann.get_by_test_id("stack-item").first).to_contain_text(line.replace("{CHAOS}", "").strip()[:30])
    triggered = ann.get_by_test_id("log-line").filter(has_text=line.replace("{CHAOS}", "").strip()[:30])
    expect(triggered).to_have_count(1)
