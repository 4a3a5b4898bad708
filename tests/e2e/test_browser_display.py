"""The display (TV) mode fits one 16:9 screen (issue 17): at 1920×1080 and 1280×720, for 2 to 16 players, the
page never scrolls, every player's life and poison and every face-up plane are on the screen, no card's text
overflows its card, and the last roll shows as a big die face."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from e2e.conftest import Device, Screenshot
from e2e.test_browser_table import MAIN, first_seed, game_of, joined, page_form, to_main
from server.live import LiveServer

SCREENS: tuple[ViewportSize, ...] = ({"width": 1920, "height": 1080}, {"width": 1280, "height": 720})

#: What the display shows, measured in the page: the scroll height, the viewport, and every player tile, plane
#: card and the log panel with their boxes (and whether a card's content overflows it).
MEASURE = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {
    scroll: document.documentElement.scrollHeight,
    width: window.innerWidth,
    height: window.innerHeight,
    players: [...document.querySelectorAll("#players .player")].map(box),
    clipped: [...document.querySelectorAll("#players .player")].filter((p) => p.scrollWidth > p.clientWidth + 1).length,
    cards: [...document.querySelectorAll("#planes .card")].map((c) => ({
      box: box(c),
      over: c.scrollHeight - c.clientHeight,
    })),
    log: box(document.querySelector("#log-panel")),
    playersPanel: box(document.querySelector("#players-panel")),
  };
}"""


def _on_screen(rect: list[float], width: int, height: int) -> bool:
    left, top, right, bottom = rect
    return left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1 and bottom > top


def assert_fits(page: Page, players: int, planes: int) -> None:
    """The display at this size shows everything without scrolling."""
    expect(page.locator("#planes .card")).to_have_count(planes)
    expect(page.locator("#players .player")).to_have_count(players)
    shown: dict[str, Any] = page.evaluate(MEASURE)
    width, height = shown["width"], shown["height"]
    assert shown["scroll"] <= height, f"the display scrolls: {shown['scroll']} > {height}"
    panel = shown["playersPanel"]
    for rect in shown["players"]:
        assert _on_screen(rect, width, height), f"a player is off the screen: {rect}"
        assert rect[3] <= panel[3] + 1, f"a player is cut off at the bottom of the players' panel: {rect}, {panel}"
    assert shown["clipped"] == 0, "a player's life or poison does not fit its tile"
    for card in shown["cards"]:
        assert _on_screen(card["box"], width, height), f"a plane is off the screen: {card['box']}"
        assert card["over"] <= 1, f"a card's text overflows it by {card['over']} px"
    assert _on_screen(shown["log"], width, height)


@pytest.mark.parametrize(
    ("players", "variant", "lang"),
    [
        (2, "free_for_all", "en"),
        (6, "free_for_all", "en"),
        *((16, "grand_melee", lang) for lang in ("en", "ru", "it", "cs", "ja")),
    ],
)
def test_the_display_fits_one_screen_without_scrolling(
    server: LiveServer, device: Device, screenshot: Screenshot, players: int, variant: str, lang: str
) -> None:
    form = {**page_form(5, [f"Player {n + 1}" for n in range(players)]), "variant": variant}
    table = server.create_table(**form)
    view = game_of(form).view()
    planes = sum(len(m["face_up"]) for m in view["turn_markers"]) if view["turn_markers"] else len(view["face_up"])
    for size in SCREENS:
        display = device(table.created["display_url"] + f"&lang={lang}", viewport=size)
        expect(display.get_by_test_id("state")).not_to_have_text("–")
        if lang != "en":  # the cards in the screen's language
            expect(display.get_by_test_id("translation-note").first).to_be_visible()
        assert_fits(display, players, planes)
        screenshot(display, f"{players}-{lang}-{size['width']}x{size['height']}")


def test_a_tablet_shows_the_table_in_portrait_and_landscape(server: LiveServer, device: Device) -> None:
    table = server.create_table(**page_form(5, ["Ann", "Bob", "Cy", "Di"]))
    for size in ({"width": 768, "height": 1024}, {"width": 1024, "height": 768}):
        page = joined(device(table.created["seats"][0]["url"], viewport=size), "Ann")
        shown = page.evaluate(MEASURE)
        assert shown["scroll"] > 0 and not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        card = page.get_by_test_id("plane").bounding_box()
        assert card is not None and card["y"] < size["height"] and card["x"] + card["width"] <= size["width"]
        assert page.evaluate(
            "() => [...document.querySelectorAll('#planes .card *')]"
            ".every((el) => el.scrollWidth <= el.clientWidth + 1)"
        )


def test_the_last_roll_shows_as_a_big_die_face(server: LiveServer, device: Device, screenshot: Screenshot) -> None:
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    table = server.create_table(**page_form(seed))
    game = game_of(page_form(seed))
    to_main(game)
    game.act({"type": "roll", "player": 0})
    face = next(e.data["result"] for e in reversed(game.history[-1].events) if e.type == "die_rolled")
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    display = joined(device(table.created["display_url"], viewport=SCREENS[1]), "watching")
    die = display.locator("#die").get_by_test_id("die-face")
    expect(die).to_have_count(0)  # nothing rolled yet
    ann.get_by_test_id(f"advance-{MAIN}").click()
    ann.get_by_test_id("roll").click()
    expect(die).to_have_attribute("data-face", face)
    expect(die).to_be_in_viewport()
    expect(ann.locator("#die").get_by_test_id("die-face")).to_have_count(0)  # a seat's device: the compact panel
    screenshot(display, f"rolled-{face}")


def first_roll_moment() -> tuple[int, str, str]:
    """A table whose first player may roll at once in the main phase: its seed, the face the roll shows and the
    moment the screens show for it (a planeswalk, chaos, or the face)."""
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    game = game_of(page_form(seed))
    to_main(game)
    game.act({"type": "roll", "player": 0})
    events = game.history[-1].events
    face = next(e.data["result"] for e in reversed(events) if e.type == "die_rolled")
    kinds = {e.type for e in events}
    return seed, face, "planeswalk" if "planeswalked_to" in kinds else "chaos" if "chaos_ensues" in kinds else face


def test_a_roll_is_shown_for_a_moment_on_every_screen(server: LiveServer, device: Device) -> None:
    seed, _, expected = first_roll_moment()
    table = server.create_table(**page_form(seed))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=SCREENS[1]), "Bob")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect(bob.get_by_test_id("moment")).to_be_hidden()  # moving on is no moment
    ann.get_by_test_id("roll").click()
    for page in (ann, bob):
        expect(page.get_by_test_id("moment")).to_have_attribute("data-kind", expected)
    expect(bob.get_by_test_id("moment")).to_be_hidden()  # it goes by itself


def test_a_device_that_turned_sounds_on_plays_the_rolls_moment_and_the_others_stay_silent(
    server: LiveServer, device: Device
) -> None:
    seed, face, moment = first_roll_moment()
    expected = moment if moment in ("planeswalk", "chaos") else f"roll:{face}"
    table = server.create_table(**page_form(seed))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"]), "Bob")
    switch = ann.get_by_test_id("sound")
    expect(switch).to_have_attribute("aria-pressed", "false")  # off unless the device asks
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    ann.get_by_test_id("roll").click()
    expect(ann.locator("html")).to_have_attribute("data-sound", expected)
    expect(bob.get_by_test_id("moment")).to_have_attribute("data-kind", expected.removeprefix("roll:"))
    assert bob.evaluate("document.documentElement.dataset.sound") is None  # Bob's device did not turn them on
    ann.reload()  # the choice is remembered on the device
    expect(ann.get_by_test_id("sound")).to_have_attribute("aria-pressed", "true")
