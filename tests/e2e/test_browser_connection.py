"""The connection tells the truth (issue 18): a phone that loses its network says so within a few seconds, marks
the taps made meanwhile as waiting, and sends each of them once when the network is back; the table's life and
poison stay at hand while a decision is pending, the taps waiting for its answer."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from e2e.conftest import PHONE, Device, Screenshot
from e2e.test_browser_table import MAIN, expect_state, first_seed, joined, page_form, second_roll_for_a_mana
from server.live import LiveServer

#: How soon a lost connection must be told (the issue's goal).
TOLD_WITHIN_MS = 5_000


def life_changes(server: LiveServer, table_id: str, seat_token: str) -> list[int]:
    """The life changes the table stored, in order (read by a client of its own)."""
    with server.client(table_id) as reader:
        reader.join(seat_token)
        return [e["delta"] for e in reader.full_log() if e["type"] == "life_adjusted"]


def test_an_offline_phone_says_so_and_its_waiting_tap_lands_once_on_return(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    table = server.create_table(**page_form(4))
    ann = joined(device(table.created["seats"][0]["url"], viewport=PHONE), "Ann")
    bob = joined(device(table.created["seats"][1]["url"]), "Bob")
    life = int(bob.get_by_test_id("life-0").inner_text())

    ann.context.set_offline(True)
    status = ann.get_by_test_id("status")
    expect(status).to_have_class(re.compile(r"\bbad\b"), timeout=TOLD_WITHIN_MS)
    expect(status).not_to_contain_text("connected ·")
    ann.get_by_test_id("life-0-minus1").click()
    expect(ann.get_by_test_id("pending")).to_be_visible()
    expect(ann.get_by_test_id("life-pending-0")).to_have_text("−1…")
    screenshot(ann, "offline-tap-waiting")
    expect(bob.get_by_test_id("life-0")).to_have_text(str(life))  # nothing reached the table

    ann.context.set_offline(False)
    for page in (ann, bob):
        expect(page.get_by_test_id("life-0")).to_have_text(str(life - 1))
    expect(ann.get_by_test_id("pending")).to_be_hidden()
    expect(status).to_contain_text("connected · Ann")
    assert life_changes(server, table.id, table.seat_tokens[1]) == [-1]  # sent again, applied once


#: The longest a page may take to join again once its network is back (static/table-connection.js: the backoff's
#: cap of 15 s with its jitter, and one silent attempt's 4.5 s), with room for a busy machine.
RECONNECT_WITHIN_MS = 30_000


def test_a_connection_that_goes_silent_is_told_lost_without_the_browser_saying_offline(
    server: LiveServer, device: Device
) -> None:
    """A network that drops everything (no "offline" event): the pings' deadline finds it."""
    table = server.create_table(**page_form(4))
    ann = joined(device(table.created["seats"][0]["url"], viewport=PHONE), "Ann")
    # The page's socket stops hearing anything: what it is sent is dropped, as on a dead network.
    ann.evaluate(
        """() => {
          const original = WebSocket.prototype.send;
          WebSocket.prototype.send = function () {};
          window.__restoreSend = () => { WebSocket.prototype.send = original; };
        }"""
    )
    status = ann.get_by_test_id("status")
    expect(status).to_have_class(re.compile(r"\bbad\b"), timeout=TOLD_WITHIN_MS + 1_000)
    ann.evaluate("window.__restoreSend()")
    # Back as soon as its next attempt is heard: after the page's backoff, at most 15 s (x 1.2 for the jitter),
    # plus the silence that ends an attempt made while nothing was heard.
    expect(status).to_contain_text("connected · Ann", timeout=RECONNECT_WITHIN_MS)


def test_life_and_poison_stay_at_hand_during_a_decision_and_wait_for_its_answer(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    second = first_seed(second_roll_for_a_mana, "a second roll for {1}")
    table = server.create_table(**page_form(second.seed))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    pages = [ann, bob]
    roller, other = pages[second.roller], pages[1 - second.roller]
    roller.get_by_test_id(f"advance-{MAIN}").click()
    roller.get_by_test_id("roll").click()
    expect_state(pages, 2)
    roller.get_by_test_id("roll").click()
    expect(roller.get_by_test_id("decision")).to_be_visible()  # "Pay {1}?" (901.9b)
    seat = 1 - second.roller
    life = int(other.get_by_test_id(f"life-{seat}").inner_text())

    minus = other.get_by_test_id(f"life-{seat}-minus1")
    expect(minus).to_be_enabled()  # the bookkeeping is not shut off by someone else's decision
    minus.click()
    expect(other.get_by_test_id("pending")).to_contain_text("waiting for the decision")
    expect(other.get_by_test_id(f"life-pending-{seat}")).to_have_text("−1…")
    screenshot(other, "life-waiting-for-decision")

    roller.locator("[data-testid='option'][data-option='pay']").click()
    for page in pages:
        expect(page.get_by_test_id(f"life-{seat}")).to_have_text(str(life - 1))
    expect(other.get_by_test_id("pending")).to_be_hidden()
