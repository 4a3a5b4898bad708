"""The web table in a real browser (Chromium driven by Playwright) against a real ``planechase serve`` process.

Every page is opened in a browser context of its own, as on another phone or computer. What the pages must
show is worked out by playing the same table in this process: the seed makes the same decks and die rolls
(901.9), so a seed is picked for which the first roll is the Planeswalker symbol, or the second roll of the
turn costs {1} (901.9b, a ``pay_roll_cost`` decision).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import PHONE, Device, Screenshot
from planechase import Event, Game, GameConfig
from planechase.server.create import CreateError, table_config
from server.live import LiveServer

MAIN = "precombat_main"

#: The first ten planes of Planechase (2009), one per line as a player pastes them: a legal planar deck.
TEN_PLANES = (
    "Academy at Tolaria West\nAgyrem\nBant\nCliffside Market\nEdge of Malacol\nEloren Wilds\nFeeding Grounds\n"
    "Fields of Summer\nGlimmervoid Basin\nGoldmeadow"
)


# ---------------------------------------------------------------- the same table, played in this process


def page_form(seed: int, players: Sequence[str] = ("Ann", "Bob")) -> dict[str, Any]:
    """The form the create page posts for ``players`` with random decks from every set, ``seed`` and the first
    player starting (checked against the request the page really sends)."""
    return {
        "name": "",
        "players": list(players),
        "variant": "free_for_all",
        "decks": "random",
        "seed": seed,
        "starting_player": 0,
    }


def game_of(form: dict[str, Any]) -> Game:
    """The table the server makes from ``form``, as a game in this process."""
    config, _ = table_config(form)
    return Game(GameConfig.from_dict(config))


def to_main(game: Game) -> bool:
    """Advance to the starting player's first main phase if nothing (a trigger, a decision) is in the way;
    whether the game is there with an empty stack and no decision, ready to roll (901.9)."""
    view = game.view()
    if view["stack"] or view["decision"] or MAIN not in view["advance_to"]:
        return False
    game.act({"type": "advance", "player": view["priority"], "to": MAIN})
    view = game.view()
    return not view["stack"] and view["decision"] is None


def die_roll(events: Sequence[Event]) -> Event:
    return next(event for event in events if event.type == "die_rolled")


def first_seed(found: Callable[[int], Any | None], what: str) -> Any:
    """The first result ``found`` gives for seeds 0, 1, 2, ..."""
    for seed in range(2000):
        result = found(seed)
        if result is not None:
            return result
    raise AssertionError(f"no seed below 2000 gives {what}")


@dataclass(frozen=True)
class Planeswalk:
    """A table whose first roll, in the starting player's first main phase, is the Planeswalker symbol."""

    seed: int
    game: Game  # after the planeswalk
    roller: int
    before: str
    after: str
    roll_events: tuple[Event, ...]
    resolver: int  # who holds priority with the planeswalking ability on the stack (117.3b)
    walk_events: tuple[Event, ...]


def planeswalk_on_first_roll(seed: int) -> Planeswalk | None:
    game = game_of(page_form(seed))
    if not to_main(game):
        return None
    roller, before = game.view()["active"], game.view()["face_up"][0]["name"]
    rolled = game.act({"type": "roll", "player": roller})
    view = game.view()
    if die_roll(rolled).data["result"] != "planeswalker":
        return None
    if [item["kind"] for item in view["stack"]] != ["planeswalking"]:
        return None
    resolver = view["priority"]
    walked = game.act({"type": "resolve", "player": resolver})
    view = game.view()
    if view["decision"] or view["stack"] or len(view["face_up"]) != 1:
        return None
    return Planeswalk(seed, game, roller, before, view["face_up"][0]["name"], rolled, resolver, walked)


@dataclass(frozen=True)
class SecondRoll:
    """A table whose first roll leaves nothing to do, so the roller may roll again at once for {1} (901.9b)."""

    seed: int
    roller: int
    first_roll: tuple[Event, ...]
    decision: dict[str, Any]
    paid: tuple[Event, ...]


def second_roll_for_a_mana(seed: int) -> SecondRoll | None:
    game = game_of(page_form(seed))
    if not to_main(game):
        return None
    roller = game.view()["active"]
    first = game.act({"type": "roll", "player": roller})
    view = game.view()
    if view["stack"] or view["decision"] or view["roll"] != {"player": roller, "cost": 1, "allowed": True}:
        return None
    game.act({"type": "roll", "player": roller})
    decision = game.view()["decision"]
    if decision is None or decision["kind"] != "pay_roll_cost" or decision["player"] != roller:
        return None
    paid = game.act({"type": "choose", "player": roller, "decision": decision["id"], "option": "pay"})
    view = game.view()
    if view["decision"] or view["stack"]:
        return None
    return SecondRoll(seed, roller, first, decision, paid)


# ---------------------------------------------------------------- reading and driving the pages


def on_screen(text: str) -> str:
    """Card or log text as the page shows it: {CHAOS} as the chaos symbol (titled "chaos"), mana symbols as
    pills holding the symbol."""
    return re.sub(r"\{([^{}]{1,10})\}", lambda m: "chaos" if m[1] == "CHAOS" else m[1], text)


def expect_state(pages: Sequence[Page], state: int) -> None:
    """Every page shows the table's state ``state`` (the count of entries accepted)."""
    for page in pages:
        expect(page.get_by_test_id("state")).to_have_text(str(state))


def expect_newest_log(pages: Sequence[Page], events: Sequence[Event]) -> None:
    """The newest lines of every page's log (newest first) are ``events``."""
    for page in pages:
        lines = page.get_by_test_id("log-line")
        for i, event in enumerate(reversed(events)):
            expect(lines.nth(i)).to_contain_text(on_screen(event.text))


def joined(page: Page, who: str) -> Page:
    """Wait until ``page`` has joined its table as ``who`` and drawn the table."""
    expect(page.get_by_test_id("status")).to_have_text(f"connected · {who}")
    expect(page.get_by_test_id("state")).not_to_have_text("–")
    return page


def create_on_page(page: Page, players: Sequence[str], *, seed: int | None = None) -> dict[str, Any]:
    """Fill the create page for ``players`` (random decks from every set), the seed and the first player
    starting when ``seed`` is given, and create the table; the form the page posted."""
    expect(page.get_by_test_id("set").first).to_be_visible()  # the sets have loaded
    rows = page.get_by_test_id("player-name")
    while rows.count() > len(players):
        page.get_by_role("button", name="Remove this player").last.click()
    for i, name in enumerate(players):
        rows.nth(i).fill(name)
    if seed is not None:
        page.locator("summary", has_text="More options").click()
        page.locator("#seed").fill(str(seed))
        page.locator("#starting-player").select_option("0")
    with page.expect_request(lambda r: r.url.endswith("/api/tables") and r.method == "POST") as posted:
        page.get_by_test_id("create").click()
    expect(page.get_by_test_id("seat-link-0")).to_be_visible()
    form = posted.value.post_data_json
    assert isinstance(form, dict), form
    return form


def seat_links(page: Page, seats: int) -> list[str]:
    links = [page.get_by_test_id(f"seat-link-{seat}").get_attribute("href") for seat in range(seats)]
    assert all(link and "#t=" in link for link in links), links
    return [str(link) for link in links]


def bold_bo_count(page: Page) -> int:
    """How many <b> elements hold exactly "Bo" (what a name ``<b>Bo</b>`` parsed as HTML would make)."""
    count: int = page.evaluate("[...document.querySelectorAll('b')].filter((b) => b.textContent === 'Bo').length")
    return count


# ---------------------------------------------------------------- the tests


def test_a_table_created_on_the_page_is_joined_by_two_seats_and_a_roll_and_planeswalk_show_on_both(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    walk: Planeswalk = first_seed(planeswalk_on_first_roll, "the Planeswalker symbol on the first roll")
    creator = device(f"{server.base}/")
    assert create_on_page(creator, ["Ann", "Bob"], seed=walk.seed) == page_form(walk.seed)
    screenshot(creator, "created")
    ann_link, bob_link = seat_links(creator, 2)
    ann = joined(device(ann_link), "Ann")
    bob = joined(device(bob_link, viewport=PHONE), "Bob")
    pages = [ann, bob]
    expect_state(pages, 0)
    for page in pages:
        expect(page.get_by_test_id("plane-name")).to_have_text(walk.before)

    roller = pages[walk.roller]
    roller.get_by_test_id(f"advance-{MAIN}").click()
    expect_state(pages, 1)
    roller.get_by_test_id("roll").click()
    expect_state(pages, 2)
    assert die_roll(walk.roll_events).data["result"] == "planeswalker"
    expect_newest_log(pages, walk.roll_events)
    for page in pages:
        expect(page.get_by_test_id("stack-item")).to_have_count(1)
        expect(page.get_by_test_id("plane-name")).to_have_text(walk.before)
    # Only the priority holder's device can resolve the planeswalking ability (117.3b, 901.8).
    expect(pages[1 - walk.resolver].get_by_test_id("resolve")).to_have_count(0)
    pages[walk.resolver].get_by_test_id("resolve").click()

    expect_state(pages, 3)
    assert walk.after != walk.before
    expect_newest_log(pages, walk.walk_events)
    every_event = list(walk.game.events())
    for page in pages:
        expect(page.get_by_test_id("plane-name")).to_have_text(walk.after)
        expect(page.get_by_test_id("stack-item")).to_have_count(0)
        expect(page.get_by_test_id("log-line")).to_have_count(len(every_event))
    screenshot(ann, "ann")
    screenshot(bob, "bob")


def test_a_decision_appears_only_on_the_deciding_seats_device(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    second: SecondRoll = first_seed(second_roll_for_a_mana, "a first roll that leaves nothing to do")
    table = server.create_table(**page_form(second.seed))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    pages = [ann, bob]
    roller, other = pages[second.roller], pages[1 - second.roller]

    roller.get_by_test_id(f"advance-{MAIN}").click()
    expect_state(pages, 1)
    roller.get_by_test_id("roll").click()
    expect_state(pages, 2)
    expect_newest_log(pages, second.first_roll)
    expect(roller.get_by_test_id("roll-cost")).to_have_text(on_screen("cost {1}"))  # the next roll costs {1} (901.9b)
    roller.get_by_test_id("roll").click()

    expect_state(pages, 3)
    dialog = roller.get_by_test_id("decision")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(on_screen(second.decision["prompt"]))
    options = roller.get_by_test_id("option")
    expect(options).to_have_text([on_screen(option["label"]) for option in second.decision["options"]])
    assert [options.nth(i).get_attribute("data-option") for i in range(options.count())] == [
        option["id"] for option in second.decision["options"]
    ]
    expect(roller.get_by_test_id("waiting")).to_have_count(0)
    expect(other.get_by_test_id("waiting")).to_be_visible()
    expect(other.get_by_test_id("waiting")).to_contain_text(f"Waiting for {['Ann', 'Bob'][second.roller]}")
    expect(other.get_by_test_id("option")).to_have_count(0)
    expect(other.get_by_test_id("decision")).to_have_count(0)
    screenshot(roller, "deciding")
    screenshot(other, "waiting")

    roller.locator("[data-testid='option'][data-option='pay']").click()
    expect_state(pages, 4)
    expect_newest_log(pages, second.paid)
    for page in pages:
        expect(page.get_by_test_id("decision")).to_have_count(0)
        expect(page.get_by_test_id("waiting")).to_have_count(0)
        expect(page.get_by_test_id("option")).to_have_count(0)
    screenshot(roller, "paid")


def test_a_reloaded_page_comes_back_to_the_same_seat(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    table = server.create_table(players=["Ann", "Bob"])
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    with table.seat(0) as ann:
        ann.do({"type": "life", "player": 1, "amount": -3})
    expect_state([bob], 1)

    def is_bob(page: Page) -> None:
        joined(page, "Bob")
        expect_state([page], 1)
        expect(page.get_by_test_id("life-1")).to_have_text("17")
        expect(page.get_by_test_id("player-1")).to_have_class(re.compile(r"\bmine\b"))
        expect(page.get_by_test_id("player-0")).not_to_have_class(re.compile(r"\bmine\b"))
        expect(page.locator("#info")).to_contain_text("this device holds Bob")

    bob.reload()
    is_bob(bob)
    bare = f"{server.base}/t/{table.id}"
    bob.goto(bare)  # no token in the address: the device remembers its seat
    assert "#" not in bob.url
    is_bob(bob)
    screenshot(bob, "bare-address")

    stranger = device(bare)  # another device, which never had the link, holds no seat
    expect(stranger.get_by_test_id("fatal")).to_be_visible()
    expect(stranger.get_by_test_id("status")).to_have_text("not connected")
    expect(stranger.locator(".player.mine")).to_have_count(0)


def test_life_buttons_update_every_screen(server: LiveServer, device: Device, screenshot: Screenshot) -> None:
    table = server.create_table(players=["Ann", "Bob"])
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    display = joined(device(table.created["display_url"]), "watching")
    pages = [ann, bob, display]
    start = int(str(ann.get_by_test_id("state").text_content()))
    life = table.game().view()["players"][1]["life"]

    ann.get_by_test_id("life-1-minus1").click()  # Ann keeps Bob's life total: any seat may (the table's book)
    expect_state(pages, start + 1)
    for page in pages:
        expect(page.get_by_test_id("life-1")).to_have_text(str(life - 1))
    bob.get_by_test_id("life-0-plus5").click()
    expect_state(pages, start + 2)
    for page in pages:
        expect(page.get_by_test_id("life-0")).to_have_text(str(life + 5))
        expect(page.get_by_test_id("life-1")).to_have_text(str(life - 1))
    screenshot(ann, "ann")
    screenshot(bob, "bob")


#: A deck list with a misspelt card on its second line.
MISSPELT_LIST = "1 Sokenzan\n1 Naar Isl"


def fill_pasted_decks(page: Page, lists: Sequence[str]) -> None:
    """Fill the create page for Ann and Bob with pasted deck lists ``lists``."""
    expect(page.get_by_test_id("set").first).to_be_visible()
    rows = page.get_by_test_id("player-name")
    while rows.count() > 2:
        page.get_by_test_id("remove-player").last.click()
    rows.nth(0).fill("Ann")
    rows.nth(1).fill("Bob")
    page.locator("input[name='decks'][value='pasted']").check()
    for i, text in enumerate(lists):
        page.get_by_test_id(f"deck-list-{i}").fill(text)


def test_a_bad_deck_list_shows_the_line_and_the_card_meant(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    page = device(f"{server.base}/")
    ann_list = MISSPELT_LIST
    fill_pasted_decks(page, [ann_list, TEN_PLANES])
    with pytest.raises(CreateError) as meant:
        table_config({"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": [ann_list, TEN_PLANES]})
    assert "line 2" in str(meant.value.issues[0]) and "'Naar Isle'" in str(meant.value.issues[0])

    page.get_by_test_id("create").click()
    error = page.locator("#form-error")
    expect(error.locator("p")).to_have_text(str(meant.value))  # "... cannot be played: 2 problems"
    problems = page.get_by_test_id("form-issues").locator("li")
    expect(problems).to_have_text([str(issue) for issue in meant.value.issues])
    expect(problems.first).to_contain_text("Ann's planar deck, line 2")
    expect(problems.first).to_contain_text("did you mean 'Naar Isle'")
    expect(problems.last).to_contain_text("901.3: Ann's planar deck has 2 cards")
    expect(page.locator("#created")).to_be_hidden()
    screenshot(page, "error")


def test_the_display_link_shows_the_plane_without_controls(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    seed: int = first_seed(lambda s: s if to_main(game_of(page_form(s))) else None, "an empty stack at the start")
    table = server.create_table(**page_form(seed))
    plane = table.game().view()["face_up"][0]["name"]
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    display = joined(device(table.created["display_url"]), "watching")
    ann.get_by_test_id(f"advance-{MAIN}").click()
    expect_state([ann, display], 1)

    # Ann's device may roll and pass now; the display shows the same table with no control at all.
    expect(ann.get_by_test_id("roll")).to_be_visible()
    expect(ann.get_by_test_id("pass")).to_be_visible()
    expect(display.locator("body")).to_have_class(re.compile(r"\bdisplay\b"))
    expect(display.get_by_test_id("plane-name")).to_have_text(plane)
    expect(display.get_by_test_id("plane")).to_be_visible()
    for control in ("roll", "roll-0", "pass", "resolve", f"advance-{MAIN}", "option", "life-0-minus1", "report"):
        expect(display.get_by_test_id(control)).to_have_count(0)
    expect(display.locator("button.act")).to_have_count(0)
    expect(ann.locator("#tools-panel")).to_be_visible()  # undo, concede, cast
    expect(display.locator("#tools-panel")).to_be_hidden()
    screenshot(display, "display")


def test_player_names_are_shown_as_text_never_as_markup(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    creator = device(f"{server.base}/")
    form = create_on_page(creator, ["Ann", "<b>Bo</b>"])
    assert form["players"] == ["Ann", "<b>Bo</b>"]
    expect(creator.locator("#seat-links .who").nth(1)).to_have_text("2. <b>Bo</b>")
    assert bold_bo_count(creator) == 0
    bo = joined(device(seat_links(creator, 2)[1]), "<b>Bo</b>")
    expect(bo.get_by_test_id("player-1").locator(".pname")).to_have_text("2. <b>Bo</b>")
    expect(bo.locator("#info")).to_contain_text("this device holds <b>Bo</b>")
    assert bold_bo_count(bo) == 0
    screenshot(bo, "escaped")
