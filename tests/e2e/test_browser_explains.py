"""The page explains itself (issue 18): why the die can't be rolled now, in the device's language with its rule;
what an undo would take back, and the log's line once the table agreed to it; and the page itself loaded the way
a phone on mobile data needs (its modules side by side, its language inside it, nothing asked twice)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from e2e.conftest import PHONE, Device
from e2e.test_browser_table import MAIN, expect_state, joined, page_form
from planechase.server.pages import release
from server.live import LiveServer


def test_901_9_the_die_says_why_it_cant_be_rolled_now_in_the_devices_language(
    server: LiveServer, device: Device
) -> None:
    table = server.create_table(**page_form(4))
    bob = joined(device(table.created["seats"][1]["url"]), "Bob")  # Ann's upkeep: Bob can't roll
    why = bob.get_by_test_id("roll-why")
    expect(why).to_contain_text("not now: the planar die may be rolled only")
    expect(why.locator(".rule-tag")).to_have_text("901.9")
    italian = device(table.created["seats"][1]["url"] + "&lang=it")
    expect(italian.get_by_test_id("roll-why")).to_contain_text("il dado planare")
    expect(italian.get_by_test_id("roll-why")).not_to_contain_text("only")


def test_an_undo_proposal_says_what_it_takes_back_and_the_log_keeps_a_line(server: LiveServer, device: Device) -> None:
    table = server.create_table(**page_form(4))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect_state([ann, bob], 1)
    ann.get_by_test_id("undo-propose").click()
    what = bob.get_by_test_id("undo-what")
    expect(what).to_contain_text("It would take back:")
    expect(what).to_contain_text("Ann moves on to the precombat main phase")
    bob.get_by_test_id("undo-agree").click()
    expect_state([ann, bob], 2)
    for page in (ann, bob):
        expect(page.get_by_test_id("log-line").first).to_contain_text(
            "Undone, as Ann asked and the table agreed: Ann moves on to the precombat main phase"
        )


#: Records each request's start and end in the page's own clock (Resource Timing), after the page is ready.
TIMINGS = """() => performance.getEntriesByType("resource").map((r) => ({
  name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd, size: r.transferSize,
}))"""


def test_the_page_loads_its_modules_as_one_script_with_its_language_inside_and_keeps_them(
    server: LiveServer, device: Device
) -> None:
    table = server.create_table(**page_form(4))
    url = table.created["seats"][0]["url"].replace("#", "?lang=ja#", 1)
    page = device(url, viewport=PHONE)
    expect(page.get_by_test_id("status")).to_contain_text("Ann")
    expect(page.locator("html")).not_to_have_class("i18n-wait")
    loaded: list[dict[str, Any]] = page.evaluate(TIMINGS)
    scripts = sorted(r["name"].removeprefix(f"/static/v/{release()}/") for r in loaded if r["name"].endswith(".js"))
    # The page's modules as one script, beside the one that opens the connection (and the service worker's).
    assert [name for name in scripts if name != "/sw.js"] == ["boot.js", "bundle/table.js"], scripts
    assert not [r for r in loaded if r["name"].startswith("/api/i18n/")]  # the catalog came inside the page
    # Back again: the release's files are not asked for again (kept for good at their release's address).
    page.reload()
    expect(page.get_by_test_id("status")).to_contain_text("Ann")
    again: list[dict[str, Any]] = page.evaluate(TIMINGS)
    fetched = [r for r in again if "/static/v/" in r["name"] and r["size"] > 0]
    assert fetched == [], fetched
