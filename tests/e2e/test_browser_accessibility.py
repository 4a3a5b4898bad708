"""Accessibility (issue 17): axe-core (through axe-playwright-python) finds no serious or critical violation on
the create page, a seat's table page on a phone and a desktop, in English and Japanese, and the display."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from e2e.conftest import PHONE, Device
from e2e.test_browser_table import joined, page_form
from server.live import LiveServer

AXE = Axe()


def serious_violations(page: Page) -> list[str]:
    """The serious and critical violations axe finds on the page, each with the elements it found them on."""
    results: Any = AXE.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation.get("impact") in ("serious", "critical"):
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:5]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found


def test_the_create_page_has_no_serious_accessibility_violation(server: LiveServer, device: Device) -> None:
    page = device(server.base + "/")
    expect(page.get_by_test_id("set").first).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_page_has_no_serious_accessibility_violation(server: LiveServer, device: Device, lang: str) -> None:
    table = server.create_table(**page_form(3))
    for viewport in (PHONE, {"width": 1280, "height": 900}):
        page = device(table.created["seats"][0]["url"] + f"&lang={lang}", viewport=viewport)
        expect(page.get_by_test_id("state")).not_to_have_text("–")
        expect(page.get_by_test_id("plane")).to_be_visible()
        assert serious_violations(page) == []
    display = joined(device(table.created["display_url"]), "watching")
    assert serious_violations(display) == []
