"""The table on a phone (issue 17): the active player sees the plane and the roll button with its cost in the
first screen, without scrolling, and everything to tap is at least 44 px high and wide."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from e2e.conftest import PHONE, Device, Screenshot
from e2e.test_browser_table import MAIN, first_seed, game_of, joined, page_form, to_main
from server.live import LiveServer

#: Every element of the face-up cards whose content overflows it, with its sizes and text.
OVERFLOWING = """() => [...document.querySelectorAll("#planes .card, #planes .card *")]
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map((el) => {
    const sizes = `${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`;
    return `${el.tagName}.${el.className}: ${sizes}: ${el.textContent.slice(0, 80)}`;
  })"""

#: Every visible control that can be tapped, with its size (the language menu and links included).
TAP_TARGETS = """() => [...document.querySelectorAll("button, select, summary, input, a[href]")]
  .filter((el) => el.offsetParent !== null && getComputedStyle(el).visibility !== "hidden")
  .map((el) => {
    // A checkbox or radio button is tapped through its label.
    const target = ["checkbox", "radio"].includes(el.type) ? el.closest("label") || el : el;
    const r = target.getBoundingClientRect();
    const what = (el.dataset.testid || el.id || el.textContent || el.tagName).trim().slice(0, 40);
    return { what, w: r.width, h: r.height };
  })"""


@pytest.mark.parametrize("lang", ["en", "ru", "it", "cs", "ja"])
def test_the_active_player_sees_the_plane_and_the_roll_in_the_first_screen(
    server: LiveServer, device: Device, screenshot: Screenshot, lang: str
) -> None:
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    table = server.create_table(**page_form(seed))
    ann = device(table.created["seats"][0]["url"] + f"&lang={lang}", viewport=PHONE)
    expect(ann.get_by_test_id("state")).not_to_have_text("–")
    if lang != "en":
        expect(ann.get_by_test_id("translation-note")).to_be_visible()
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect(ann.get_by_test_id("roll")).to_be_visible()
    ann.evaluate("window.scrollTo(0, 0)")
    for what in ("plane-name", "roll", "roll-cost"):
        box = ann.get_by_test_id(what).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (what, box)
    screenshot(ann, f"first-screen-{lang}")


def test_everything_to_tap_on_a_phone_is_at_least_44_px(server: LiveServer, device: Device) -> None:
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    table = server.create_table(**page_form(seed))
    ann = joined(device(table.created["seats"][0]["url"], viewport=PHONE), "Ann")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect(ann.get_by_test_id("roll")).to_be_visible()
    targets: list[dict[str, Any]] = ann.evaluate(TAP_TARGETS)
    assert targets
    small = [t for t in targets if t["h"] < 43.5 or t["w"] < 43.5]
    assert small == [], f"tap targets under 44 px: {small}"


#: Records the page's wake lock requests (the API is stubbed: a headless browser grants no real lock).
WAKE_LOCK_STUB = """(() => {
  window.__wakeLocks = [];
  const request = async (type) => {
    window.__wakeLocks.push(type);
    return { released: false, addEventListener() {}, release: async () => {} };
  };
  Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
})()"""


def test_the_screen_is_kept_awake_at_the_table(server: LiveServer, device: Device) -> None:
    table = server.create_table(**page_form(3))
    page = device("about:blank", viewport=PHONE)
    page.add_init_script(WAKE_LOCK_STUB)
    page.goto(table.created["seats"][0]["url"])
    joined(page, "Ann")
    page.wait_for_function("window.__wakeLocks.length >= 1")
    assert page.evaluate("window.__wakeLocks") == ["screen"]


def test_a_table_page_opens_without_the_network_once_it_was_opened(server: LiveServer, device: Device) -> None:
    table = server.create_table(**page_form(3))
    page = joined(device(table.created["seats"][0]["url"], viewport=PHONE), "Ann")
    page.wait_for_function("navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now under the worker, which keeps the page as it passes
    joined(page, "Ann")
    page.context.set_offline(True)
    try:
        page.reload()
        expect(page.get_by_test_id("plane")).to_have_count(0)  # no table without the network...
        expect(page.get_by_test_id("status")).not_to_have_text("connected · Ann")  # ...and it says so
        expect(page.locator("header.topbar")).to_be_visible()  # but the page itself opened
    finally:
        page.context.set_offline(False)
    joined(page, "Ann")  # and it reconnects by itself


@pytest.mark.parametrize("lang", ["en", "ru", "it", "cs", "ja"])
def test_the_longest_plane_fits_its_card_on_a_phone(server: LiveServer, device: Device, lang: str) -> None:
    from planechase import CATALOG
    from planechase.cards.translations import card_text

    planes = [card for card in CATALOG if card.is_plane]
    longest = max(planes, key=lambda card: len(card_text(card, lang).text))
    others = [card.name for card in planes if card.name != longest.name][:9]
    deck = "\n".join([longest.name, *others])

    def form(seed: int) -> dict[str, Any]:
        return {**page_form(seed), "decks": "pasted", "deck_lists": [deck, deck]}

    def starts_with_it(seed: int) -> int | None:
        return seed if game_of(form(seed)).view()["face_up"][0]["name"] == longest.name else None

    seed = first_seed(starts_with_it, f"{longest.name} as the starting plane")
    table = server.create_table(**form(seed))
    page = device(table.created["seats"][0]["url"] + f"&lang={lang}", viewport=PHONE)
    expect(page.get_by_test_id("plane-name")).to_have_text(card_text(longest, lang).name)
    overflow = page.evaluate(OVERFLOWING)
    card = page.get_by_test_id("plane").bounding_box()
    assert overflow == [], "\n".join(overflow)
    assert card is not None and card["x"] >= 0 and card["x"] + card["width"] <= PHONE["width"]
