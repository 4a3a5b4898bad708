"""The deck lab page in a real browser against a real server: a deck opened from the create page's deck bar,
analysed by the server off its event loop, drawn as charts and tables in the device's language; a bad deck's
every problem listed, translated."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from e2e.conftest import PHONE, Device, Screenshot
from e2e.test_browser_table import TEN_PLANES
from planechase import CATALOG
from planechase.cards.translations import TRANSLATED, card_text
from server.live import LiveServer

#: Few games keep the test quick; the page's own default is 2,000.
GAMES = 150


def test_analyse_a_deck_from_the_create_page_and_see_its_charts(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    page = device(f"{server.base}/")
    page.locator("input[name=decks][value=pasted_shared]").check()
    page.locator("#shared-list").fill(TEN_PLANES)
    link = page.get_by_test_id("analyse-deck-shared")
    with page.context.expect_page() as opened:
        link.click()
    lab = opened.value
    lab.wait_for_load_state()
    expect(lab.get_by_test_id("lab-deck")).to_have_value(TEN_PLANES)
    # the page's study: few games (the page passes ?games= on), two players, the free policy
    lab.goto(lab.url.replace("/lab#", f"/lab?games={GAMES}#"))
    expect(lab.get_by_test_id("lab-deck")).to_have_value(TEN_PLANES)
    lab.get_by_test_id("lab-turns").fill("12")
    lab.get_by_test_id("lab-analyse").click()
    results = lab.get_by_test_id("lab-results")
    expect(results).to_be_visible(timeout=120_000)
    expect(results.locator("h2")).to_contain_text(f"{GAMES} games of 12 turns")
    # a bar for each plane of the deck, a small chart of stays for each, a line for each card
    planes = TEN_PLANES.splitlines()
    chart = lab.get_by_test_id("lab-chart-planes")
    expect(chart.locator("rect")).to_have_count(len(planes))
    for name in planes:
        expect(chart).to_contain_text(name)
    expect(lab.get_by_test_id("lab-chart-first-seen").locator("polyline")).to_have_count(len(planes))
    assert lab.get_by_test_id("lab-chart-stays").locator("svg").count() == len(planes)
    summary = lab.get_by_test_id("lab-summary")
    expect(summary).to_contain_text("Planar die rolls")
    expect(summary).to_contain_text("1.000 ± 0.000")  # the free policy: one roll every turn
    expect(lab.get_by_test_id("lab-cards").locator("tbody tr")).to_have_count(len(planes))
    screenshot(lab, "lab-results")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_lab_speaks_the_devices_language(
    server: LiveServer, device: Device, screenshot: Screenshot, lang: str
) -> None:
    page = device(f"{server.base}/lab?lang={lang}&games={GAMES}", viewport=PHONE)
    english = page.get_by_test_id("lab-analyse").inner_text()
    assert english != "Analyse this deck"
    page.get_by_test_id("lab-deck").fill("1 Naar Ilse\n1 Sokenzan\n1 Aretopolis\n")
    page.get_by_test_id("lab-analyse").click()
    issues = page.get_by_test_id("lab-issues").locator("li")
    expect(issues).to_have_count(2)  # the unknown card and 901.3, both, with the card meant
    expect(issues.first).to_contain_text("'Naar Isle'")  # the card meant, as the create page names it
    assert "unknown planar card" not in issues.first.inner_text()  # and the sentence in the device's language
    expect(issues.nth(1)).to_contain_text("901.3")
    page.get_by_test_id("lab-deck").fill(TEN_PLANES)
    page.get_by_test_id("lab-turns").fill("6")
    page.get_by_test_id("lab-analyse").click()
    results = page.get_by_test_id("lab-results")
    expect(results).to_be_visible(timeout=120_000)
    first_plane = TEN_PLANES.splitlines()[0]
    expect(page.get_by_test_id("lab-cards")).to_contain_text(card_text(CATALOG[first_plane], lang).name)
    assert "Planar die rolls" not in page.get_by_test_id("lab-summary").inner_text()
    screenshot(page, f"lab-{lang}")


def test_one_study_at_a_time_from_one_address(server: LiveServer, device: Device) -> None:
    page = device(f"{server.base}/lab?games=2000")
    answers = page.evaluate(
        """async (deck) => {
          const post = () => fetch("/api/lab", {method: "POST", headers: {"Content-Type": "application/json"},
            body: JSON.stringify({deck, turns: 60})});
          const first = await post();
          const second = await post();
          return [first.status, second.status, (await second.json()).error];
        }""",
        TEN_PLANES,
    )
    assert answers[0] == 202
    assert answers[1] == 429 and "still running" in answers[2]
    assert all(name in CATALOG for name in TEN_PLANES.splitlines())
