"""The web table's controls for what ordinary cards do to the turn and to the planar game, in a real browser
against a real server: declaring attackers (508.1), casting a spell that gives a player an extra turn (500.7)
with its target player, the reminders of what the table must remember, and the rules log of these events in
every language the page speaks.

As in :mod:`e2e.test_browser_table`, what the pages must show is worked out by playing the same table in this
process (the seed makes the same decks and rolls).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page, expect

from e2e.conftest import PHONE, Device, Screenshot
from e2e.test_browser_table import expect_newest_log, expect_state, first_seed, game_of, joined, page_form
from planechase import Event, Game, GameConfig, new_game
from planechase.cards.effects.players import remember_choice
from planechase.core.context import Run
from planechase.core.state import SkipKind
from planechase.core.turn_changes import add_extra_turn, add_phases, add_skip, add_upkeep_step, reverse_turn_order
from planechase.server.create import table_config
from planechase.server.i18n import LANGUAGES, SOURCE_LANGUAGE
from server.live import LiveServer
from server.test_private_decisions import FORM as SUSAN_FORM
from server.test_private_decisions import susan_decision

PLAYERS = ("Ann", "Bob", "Cy")
ATTACKERS = "declare_attackers"


@dataclass(frozen=True)
class Combat:
    """A three-player table whose starting player, Ann, can move on to her declare attackers step with nothing in
    the way, attack Bob, and cast a spell giving Bob an extra turn that resolves at once."""

    seed: int
    attack: dict[str, Any]
    attack_events: tuple[Event, ...]
    cast: dict[str, Any]
    cast_events: tuple[Event, ...]
    resolve_events: tuple[Event, ...]
    view: dict[str, Any]  # after the spell resolved


def combat_at_start(seed: int) -> Combat | None:
    game = game_of(page_form(seed, PLAYERS))
    view = game.view()
    if view["stack"] or view["decision"] or view["priority"] != 0 or ATTACKERS not in view["advance_to"]:
        return None
    game.act({"type": "advance", "player": 0, "to": ATTACKERS})
    view = game.view()
    if view["step"] != ATTACKERS or view["stack"] or view["decision"] or view["attacks"] is not None:
        return None
    if view["players"][0]["can_attack"] != [1, 2]:
        return None
    attack = {"type": "attack", "player": 0, "attacks": [[0, 1]]}
    attacked = game.act(attack)
    # What the page sends: the form's label and effect, its empty type line, and Bob as the target player.
    cast = {"type": "cast", "player": 0, "label": "Time Walk", "effect": "extra_turn", "spell": True, "types": ""}
    cast["target_player"] = 1
    cast_events = game.act(cast)
    if game.view()["priority"] != 0:
        return None
    resolved = game.act({"type": "resolve", "player": 0})
    view = game.view()
    if view["stack"] or view["decision"] or view["extra_turns"] != [1]:
        return None
    return Combat(seed, attack, attacked, cast, cast_events, resolved, view)


#: Record the messages the page sends from now on (in ``window.sentMessages``).
RECORD_SENT = """() => {
  window.sentMessages = [];
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    window.sentMessages.push(String(data));
    return send.call(this, data);
  };
}"""


def reminders(page: Page, kind: str) -> Any:
    return page.get_by_test_id(f"reminder-{kind}")


def test_attackers_are_declared_and_an_extra_turn_is_cast_through_the_page(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    combat: Combat = first_seed(combat_at_start, "a declare attackers step reached at once")
    table = server.create_table(**page_form(combat.seed, PLAYERS))
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    pages = [ann, bob]
    for page in pages:
        expect(page.get_by_test_id("attack-panel")).to_be_hidden()  # not the declare attackers step yet

    ann.get_by_test_id(f"advance-{ATTACKERS}").click()
    expect_state(pages, 1)
    # Only the active player's device declares attackers (508.1); Ann may attack Bob or Cy.
    panel = ann.get_by_test_id("attack-panel")
    expect(panel).to_be_visible()
    expect(bob.get_by_test_id("attack-panel")).to_be_hidden()
    expect(panel.locator("input[type=checkbox]")).to_have_count(2)
    expect(panel.get_by_test_id("attacker-0")).to_contain_text("Ann's creatures attack:")
    screenshot(ann, "declaring")
    ann.get_by_test_id("declare-attackers").click()  # nothing ticked: the page asks first, nothing is sent
    expect(ann.locator(".toast")).to_contain_text("Tick the players to attack")
    expect_state(pages, 1)
    ann.get_by_test_id("attack-0-1").check()
    ann.get_by_test_id("declare-attackers").click()

    expect_state(pages, 2)
    expect_newest_log(pages, combat.attack_events)
    for page in pages:
        expect(page.get_by_test_id("attack-panel")).to_be_hidden()  # declared: not again in this combat
        expect(reminders(page, "attacks")).to_have_text("⚔ Attackers are declared: Ann's creatures attack Bob.")

    # The cast form: an extra turn is for a player, chosen among those in the caster's range (801.4).
    ann.locator("#cast-details > summary").click()
    expect(ann.locator("#cast-player-field")).to_be_hidden()
    ann.locator("#cast-label").fill("Time Walk")
    ann.locator("#cast-effect").select_option("extra_turn")
    expect(ann.locator("#cast-player-field")).to_be_visible()
    expect(ann.get_by_test_id("cast-player").locator("option")).to_have_text(["Ann (the caster)", "Bob", "Cy"])
    ann.get_by_test_id("cast-player").select_option("1")
    ann.evaluate(RECORD_SENT)
    ann.get_by_test_id("cast").click()
    expect(ann.locator("#cast-label")).to_have_value("")  # the form is cleared once the action is sent
    sent = [json.loads(text) for text in ann.evaluate("() => window.sentMessages")]
    assert [m["action"] for m in sent if m["type"] == "act"] == [combat.cast]  # Bob is the target player

    expect_state(pages, 3)
    expect_newest_log(pages, combat.cast_events)
    for page in pages:
        item = page.get_by_test_id("stack-item")
        expect(item).to_have_count(1)
        expect(item).to_contain_text("an extra turn")
        expect(item).to_contain_text("target Bob")
    ann.get_by_test_id("resolve").click()

    expect_state(pages, 4)
    expect_newest_log(pages, combat.resolve_events)
    assert any(e.text == "Time Walk: Bob will take an extra turn after this one." for e in combat.resolve_events)
    for page in pages:
        expect(page.get_by_test_id("stack-item")).to_have_count(0)
        expect(reminders(page, "extra-turn")).to_have_text(["↻ Bob will take an extra turn after this one."])
    screenshot(ann, "ann-extra-turn")
    screenshot(bob, "bob-extra-turn")

    # A skip is for a player too: Cy will skip their next turn (614.10).
    ann.locator("#cast-label").fill("Eater of Days")
    ann.locator("#cast-effect").select_option("skip_turn")
    ann.get_by_test_id("cast-player").select_option("2")
    ann.get_by_test_id("cast").click()
    expect_state(pages, 5)
    ann.get_by_test_id("resolve").click()
    expect_state(pages, 6)
    for page in pages:
        expect(reminders(page, "skip")).to_have_text(["↷ Eater of Days: Cy will skip their next turn."])

    # The server's table is the one played here: the attack, the extra turn and the skip are in its view.
    with table.seat(2) as cy:
        view = cy.state["view"]
    assert view["attacks"] == combat.view["attacks"] == [[0, 1]]
    assert view["extra_turns"] == combat.view["extra_turns"] == [1]
    assert view["skips"] == [{"player": 2, "skip": "turn", "source": "Eater of Days"}]

    # The page speaks the other languages too: Bob's device in Russian shows the reminders and the log translated.
    bob.get_by_test_id("language").select_option("ru")
    expect(reminders(bob, "extra-turn")).to_have_text(["↻ Bob сделает дополнительный ход после этого."])
    expect(reminders(bob, "skip")).to_have_text(["↷ Eater of Days: Cy пропустит свой следующий ход."])
    expect(bob.get_by_test_id("log-line").first).to_have_text("614.10Eater of Days: Cy пропустит свой следующий ход.")


def test_the_cards_that_change_the_planar_game_are_told_and_susan_foremans_look_is_private(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    seed = next(s for s in range(200) if susan_decision(s) is not None)
    game = susan_decision(seed)
    assert game is not None
    secret, public = game.view(0)["decision"], game.view(None)["decision"]
    table = server.create_table(**SUSAN_FORM, seed=seed)
    ann = joined(device(table.created["seats"][0]["url"]), "Ann")
    bob = joined(device(table.created["seats"][1]["url"], viewport=PHONE), "Bob")
    pages = [ann, bob]

    # Bob's device tells the table he controls an Ichor Elixir, then that he no longer does.
    bob.locator("#permanents-details > summary").click()
    expect(bob.get_by_test_id("lose-ichor-elixir")).to_have_count(0)  # Bob controls none yet
    bob.get_by_test_id("gain-ichor-elixir").click()
    expect_state(pages, 1)
    for page in pages:
        expect(reminders(page, "permanent")).to_have_text(
            [
                "■ Bob controls Ichor Elixir: If you would roll one or more planar dice, instead roll that many planar "
                "dice plus one and ignore one."
            ]
        )
    bob.get_by_test_id("lose-ichor-elixir").click()
    expect_state(pages, 2)
    for page in pages:
        expect(reminders(page, "permanent")).to_have_count(0)
    expect(bob.get_by_test_id("lose-ichor-elixir")).to_have_count(0)

    # Ann controls Susan Foreman and planeswalks: only her device sees the top two cards of her planar deck.
    ann.locator("#permanents-details > summary").click()
    ann.get_by_test_id("gain-susan-foreman").click()
    expect_state(pages, 3)
    expect(reminders(bob, "permanent")).to_contain_text(["Ann controls Susan Foreman: If you would planeswalk"])
    ann.locator("#cast-details > summary").click()
    ann.locator("#cast-label").fill("Planar Portal")
    ann.locator("#cast-effect").select_option("planeswalk")
    expect(ann.locator("#cast-player-field")).to_be_hidden()
    ann.get_by_test_id("cast").click()
    expect_state(pages, 4)
    ann.get_by_test_id("resolve").click()
    expect_state(pages, 5)
    expect(ann.get_by_test_id("decision")).to_contain_text(secret["prompt"])
    expect(ann.get_by_test_id("option")).to_have_text([o["label"] for o in secret["options"]])
    expect(bob.get_by_test_id("waiting")).to_contain_text(public["prompt"])
    expect(bob.locator("body")).not_to_contain_text(secret["prompt"])
    screenshot(ann, "susan-foreman")
    ann.reload()  # a device that joins again is told again
    joined(ann, "Ann")
    expect(ann.get_by_test_id("decision")).to_contain_text(secret["prompt"])
    ann.locator("[data-testid='option'][data-option='first']").click()
    expect_state(pages, 6)
    for page in pages:
        expect(page.get_by_test_id("decision")).to_have_count(0)
        expect(page.get_by_test_id("waiting")).to_have_count(0)


# ---------------------------------------------------------------- the log of these events in every language


def _event_dict(event: Event) -> dict[str, Any]:
    return {"type": event.type, "rules": list(event.rules), "text": event.text, **event.data}


class Played:
    """A game played in this process, answering every decision with its first option and resolving the stack
    after each action, keeping the events and the decisions as each player saw them."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.events: list[Event] = []
        self.decisions: list[dict[str, Any]] = []

    def act(self, action: dict[str, Any]) -> None:
        self.events.extend(self.game.act(action))
        for _ in range(50):
            view = self.game.view()
            decision = view["decision"]
            if decision is not None:
                self.decisions.append(self.game.view(decision["player"])["decision"])
                self.decisions.append(decision)  # as everyone else sees it
                first = decision["options"][0]["id"]
                choice = {"type": "choose", "player": decision["player"], "decision": decision["id"], "option": first}
                self.events.extend(self.game.act(choice))
            elif view["stack"]:
                self.events.extend(self.game.act({"type": "resolve", "player": view["priority"]}))
            else:
                return
        raise AssertionError("the game did not settle")

    def advance(self, to: str) -> None:
        """Move on to the step ``to`` (or the next turn) of the turn in progress."""
        turn = self.game.view()["turn"]
        for _ in range(20):
            view = self.game.view()
            if (view["step"] == to and view["turn"] == turn) or (to == "next_turn" and view["turn"] > turn):
                return
            self.act({"type": "advance", "player": view["priority"], "to": to})
        raise AssertionError(f"the game did not reach {to}")


def turn_effect_events() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Events of every new kind, as the engine writes them, and the decisions of the cards that change the
    planar game: made by the engine's own functions on a three-player game (``Run``, as the engine runs an
    effect) and by playing one."""
    config = GameConfig.from_dict(table_config(page_form(1, PLAYERS))[0])
    state = new_game(config).state
    run = Run(state.copy(), state.catalog)
    add_extra_turn(run, 1, "Time Walk")
    add_extra_turn(run, 2, "a spell or ability")
    for kind in SkipKind:
        add_skip(run, 2, kind, "Eater of Days")
    for phases in ("combat", "combat_and_main", "beginning"):
        add_phases(run, phases, "Relentless Assault")
    add_upkeep_step(run, "Paradox Haze")
    reverse_turn_order(run, "Inverter of Truth")
    reverse_turn_order(run, "Inverter of Truth")
    remember_choice(run, 0, "two_streams", "green anchor", "Two Streams Facility")
    events = [_event_dict(e) for e in run.events]

    play = Played(Game(config))
    for action in (
        {"type": "permanent", "player": 0, "card": "Ichor Elixir"},
        {"type": "permanent", "player": 0, "card": "Ichor Elixir"},
        {"type": "permanent", "player": 0, "card": "Susan Foreman"},
        {"type": "permanent", "player": 0, "card": "Ichor Elixir", "controls": False},
        {"type": "cast", "player": 0, "label": "Planar Portal", "effect": "planeswalk"},  # Susan Foreman's look
        {"type": "cast", "player": 0, "label": "Stasis", "effect": "skip_untap_step"},
        {"type": "cast", "player": 0, "label": "a spell or ability", "effect": "skip_turn", "target_player": 2},
    ):
        play.act(action)
    play.advance("precombat_main")
    play.act({"type": "roll", "player": 0})  # two planar dice: Ichor Elixir
    play.advance(ATTACKERS)
    play.act({"type": "attack", "player": 0, "attacks": [[0, 1], [0, 2]]})
    play.act({"type": "cast", "player": 0, "label": "Time Stop", "effect": "end_turn"})
    play.advance(ATTACKERS)
    assert play.game.view()["active"] == 1
    play.act({"type": "attack", "player": 1, "attacks": []})
    play.advance("next_turn")
    events.extend(_event_dict(e) for e in play.events)
    return events, play.decisions


#: The event types whose every line must be translated.
NEW_TYPES = {
    "extra_turn",
    "skip_added",
    "turn_skipped",
    "step_skipped",
    "attackers_declared",
    "permanent_tracked",
    "phases_added",
    "turn_ending",
    "turn_ends",
    "turn_order_reversed",
    "player_chose",
    "cast",
    "dice_rolled",
    "die_result",
    "roll_ignored",
    "planar_deck_arranged",
    "choice",
}

#: The page's log module in the page: each event's line in the chosen language (names as the table has them).
READ_LOG = """async ([events, texts, names, lang]) => {
  const i18n = await import("/static/i18n.js");
  const log = await import("/static/logtext.js");
  if (!(await i18n.setLanguage(lang, { remember: false }))) throw new Error(`no catalog for ${lang}`);
  const ctx = {
    name: (seat) => names[seat],
    team: (seat) => [seat],
    namePattern: () => names.join("|"),
  };
  return [
    events.map((event) => log.eventText(event, ctx)),
    texts.map((text) => log.decisionText(text, ctx)),
  ];
}"""


def read_log(page: Page, events: Sequence[dict[str, Any]], texts: Sequence[str], lang: str) -> tuple[Any, Any]:
    lines, decisions = page.evaluate(READ_LOG, [list(events), list(texts), list(PLAYERS), lang])
    return lines, decisions


def test_the_log_and_decisions_of_turn_effects_read_in_every_language(server: LiveServer, device: Device) -> None:
    made, decisions = turn_effect_events()
    events = [e for e in made if e["type"] in NEW_TYPES]
    assert {e["type"] for e in events} == NEW_TYPES
    kinds = {d["kind"] for d in decisions}
    assert kinds >= {"arrange_planar_deck"}, kinds
    # The prompts and options of the decisions (the Susan Foreman one as its player and as the others see it).
    texts = list(dict.fromkeys(text for d in decisions for text in (d["prompt"], *(o["label"] for o in d["options"]))))
    table = server.create_table(**page_form(1, PLAYERS))
    page = joined(device(table.created["seats"][0]["url"]), "Ann")
    assert read_log(page, events, texts, SOURCE_LANGUAGE) == ([e["text"] for e in events], texts)
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        lines, shown = read_log(page, events, texts, lang)
        untranslated = [line for line, event in zip(lines, events, strict=True) if line == event["text"]]
        assert not untranslated, f"{lang}: these lines are shown in English: {untranslated}"
        assert not [text for text, english in zip(shown, texts, strict=True) if text == english], (lang, shown)
        assert not [line for line in [*lines, *shown] if "{" in line], (lines, shown)
