"""Optional card art (issue 17): when the table's creator allows it, each browser (never the server) loads the
face-up cards' pictures from Scryfall; otherwise no request leaves for it. Tested offline: the browser's requests
to Scryfall are answered here with a small picture of our own."""

from __future__ import annotations

from playwright.sync_api import Route, expect

from e2e.conftest import Device
from e2e.test_browser_table import game_of, joined, page_form
from planechase.server.pwa import icon_png
from server.live import LiveServer

SCRYFALL = "https://api.scryfall.com/**"


def test_card_art_is_loaded_by_the_browser_when_the_table_allows_it(server: LiveServer, device: Device) -> None:
    asked: list[str] = []

    def answer(route: Route) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=icon_png(64))

    form = {**page_form(4), "card_art": True}
    table = server.create_table(**form)
    plane = game_of(form).view()["face_up"][0]["name"]
    page = device("about:blank")
    page.route(SCRYFALL, answer)
    page.goto(table.created["seats"][0]["url"])
    joined(page, "Ann")
    art = page.get_by_test_id("card-art")
    expect(art).to_have_count(1)
    page.wait_for_function("document.querySelector('[data-testid=card-art]').naturalWidth > 0")
    assert asked and all("exact=" in url and "version=art_crop" in url for url in asked)
    assert any(plane.replace(" ", "%20") in url or plane.replace(" ", "+") in url for url in asked), asked


def test_no_request_for_card_art_leaves_unless_the_table_allows_it(server: LiveServer, device: Device) -> None:
    asked: list[str] = []

    def refuse(route: Route) -> None:
        asked.append(route.request.url)
        route.abort()

    table = server.create_table(**page_form(4))
    page = device("about:blank")
    page.route(SCRYFALL, refuse)
    page.goto(table.created["seats"][0]["url"])
    joined(page, "Ann")
    expect(page.get_by_test_id("plane")).to_be_visible()
    expect(page.get_by_test_id("card-art")).to_have_count(0)
    assert asked == []


def test_without_the_network_a_card_simply_has_no_art(server: LiveServer, device: Device) -> None:
    table = server.create_table(**{**page_form(4), "card_art": True})
    page = device("about:blank")
    page.route(SCRYFALL, lambda route: route.abort("internetdisconnected"))
    page.goto(table.created["seats"][0]["url"])
    joined(page, "Ann")
    expect(page.get_by_test_id("plane")).to_be_visible()
    expect(page.get_by_test_id("card-art")).to_have_count(0)  # removed when it could not load


def test_card_art_must_be_true_or_false(server: LiveServer) -> None:
    answer = server.post("/api/tables", json={**page_form(4), "card_art": "yes"})
    assert answer.status_code == 400 and "card_art" in answer.json()["error"]
