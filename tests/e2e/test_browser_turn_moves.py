"""Moving the turn on (issue 18): it is the active player's call (the others pass), and moving past what the active
player may still want this turn (the free roll of the planar die, declaring attackers, the rest of the turn)
takes a second tap, so a slip of the finger ends nothing and needs no undo."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e.conftest import PHONE, Device, Screenshot
from e2e.test_browser_table import MAIN, expect_state, first_seed, game_of, joined, page_form, to_main
from server.live import LiveServer


def test_next_turn_from_the_main_phase_with_the_free_roll_unused_takes_a_second_tap(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    table = server.create_table(**page_form(seed))
    ann = joined(device(table.created["seats"][0]["url"], viewport=PHONE), "Ann")
    bob = joined(device(table.created["seats"][1]["url"]), "Bob")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect_state([ann, bob], 1)

    next_turn = ann.get_by_test_id("advance-next_turn")
    next_turn.click()
    expect(next_turn).to_contain_text("Tap again")
    expect(next_turn).to_contain_text("free roll")
    screenshot(ann, "next-turn-armed")
    assert ann.get_by_test_id("state").inner_text() == "1"  # nothing was sent
    next_turn.click()
    expect_state([ann, bob], 2)
    expect(bob.get_by_test_id("priority")).to_have_text("Bob")  # Bob's turn now


def test_a_player_holding_priority_in_someone_elses_turn_may_pass_but_not_move_the_turn_on(
    server: LiveServer, device: Device
) -> None:
    table = server.create_table(**page_form(4))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    expect(ann.get_by_test_id("advance")).to_be_visible()  # the active player may move on
    ann.get_by_test_id("pass").click()
    expect_state([ann, bob], 1)
    expect(bob.get_by_test_id("priority")).to_have_text("Bob")
    expect(bob.get_by_test_id("pass")).to_be_visible()
    expect(bob.get_by_test_id("advance")).to_have_count(0)  # Ann's upkeep: moving it on is Ann's call


def test_810_9_a_two_headed_giant_team_shows_its_one_life_total_once(server: LiveServer, device: Device) -> None:
    table = server.create_table(
        **{**page_form(6, ("Ann", "Bob", "Cy", "Dee")), "variant": "two_headed_giant", "random_seating": False}
    )
    teams = table.game().view()["teams"]
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    for first, second in teams:
        expect(ann.get_by_test_id(f"life-{first}")).to_be_visible()
        expect(ann.get_by_test_id(f"life-{second}")).to_have_count(0)  # the teammate's card names the team's total
        expect(ann.get_by_test_id(f"life-shared-{second}")).to_be_visible()
        expect(ann.get_by_test_id(f"life-{second}-minus1")).to_have_count(0)
    first = teams[0][0]
    life = int(ann.get_by_test_id(f"life-{first}").inner_text())
    ann.get_by_test_id(f"life-{first}-minus1").click()
    expect(ann.get_by_test_id(f"life-{first}")).to_have_text(str(life - 1))


def test_a_device_holding_several_seats_acts_as_the_one_that_must_act(server: LiveServer, device: Device) -> None:
    table = server.create_table(**page_form(4, ("Ann", "Bob", "Cy")))
    tokens = table.seat_tokens
    page_url = table.created["seats"][0]["url"].split("#")[0]
    both = joined(device(f"{page_url}#t={tokens[0]}&t={tokens[1]}"), "Ann, Bob")
    expect(both.get_by_test_id("acting-0")).to_have_attribute("aria-pressed", "true")
    both.get_by_test_id("pass").click()  # Ann passes in her upkeep: Bob has priority
    expect(both.get_by_test_id("priority")).to_have_text("Bob")
    expect(both.get_by_test_id("acting-1")).to_have_attribute("aria-pressed", "true")
    expect(both.get_by_test_id("acting-0")).to_have_attribute("aria-pressed", "false")


def test_an_instruction_carried_out_leaves_the_panel(server: LiveServer, device: Device) -> None:
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    table = server.create_table(**page_form(seed))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    setup = ann.get_by_test_id("instruction").filter(has_text="draw seven cards")
    expect(setup).to_have_count(1)  # the game's setup, in the first turn's first steps
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect(setup).to_have_count(0)  # carried out: it stays in the log only
    expect(ann.get_by_test_id("log-line").filter(has_text="draw seven cards")).to_have_count(1)
