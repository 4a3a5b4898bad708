"""What the server says, in the device's language (issue 17: "no server-made text stays English"), in a real
browser against a real server: the engine's refusals of an action, the create form's errors (a deck list's line
and the card meant) and the Eternities Map's house rules, each sent as a sentence (``text``) the page translates
by the web table's catalogs, with the English words as they were for any page that can't."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Page, expect

from e2e.conftest import PHONE, Device, Screenshot
from e2e.test_browser_table import (
    MAIN,
    MISSPELT_LIST,
    TEN_PLANES,
    fill_pasted_decks,
    first_seed,
    game_of,
    joined,
    page_form,
    to_main,
)
from planechase import CATALOG, Game
from planechase.cards.effects.game import effect_templates
from planechase.cards.translations import TRANSLATED, card_text
from planechase.errors import CARD_PARAMS, PLACEHOLDER
from planechase.server.create import CreateError, house_rule_texts, table_config
from planechase.variants.eternities_map import PROFILES
from server.live import LiveServer

LOCALES = Path(__file__).resolve().parents[2] / "src" / "planechase" / "server" / "locales"

#: The page's i18n module in the page: each sentence in ``lang`` (card names as the page shows them).
READ_TEXTS = """async ([texts, lang]) => {
  const i18n = await import("/static/i18n.js");
  const cards = await import("/static/cardtext.js");
  if (!(await i18n.setLanguage(lang, { remember: false }))) throw new Error(`no catalog for ${lang}`);
  await cards.loadCardTexts(lang);
  return texts.map((text) => i18n.messageText(text, "?", { card: cards.cardName }));
}"""


def translated(text: dict[str, Any], lang: str) -> str:
    """A sentence in ``lang`` as the catalogs give it (the expected words, worked out here, not by the page)."""
    with (LOCALES / lang / "LC_MESSAGES" / "web.po").open("rb") as po:
        catalog = {str(m.id): str(m.string) for m in read_po(po) if m.id and m.string}
    params = {}
    for key, value in text["params"].items():
        if isinstance(value, dict):
            params[key] = translated(value, lang)
        elif key in CARD_PARAMS and value in CATALOG:
            params[key] = card_text(CATALOG[value], lang).name
        elif key in ("step", "variant"):  # the engine's fixed words, each a text of the catalog
            params[key] = catalog.get(str(value), str(value))
        elif key == "profile":  # a map profile's name, shown as a name
            params[key] = str(value).replace("_", " ")
        else:
            params[key] = str(value)
    template = catalog.get(text["template"], text["template"])
    return PLACEHOLDER.sub(lambda m: params.get(m.group(1), m.group(0)), template)


def refusals(server: LiveServer) -> list[dict[str, Any]]:
    """Real refusals of real actions: the engine's (with and without values) and the table's own."""
    table = server.create_table(**page_form(3))
    said = []
    with table.seat(0) as ann, table.seat(1) as bob:
        said.append(ann.act({"type": "roll", "player": 0}))  # 901.9: not in a main phase
        said.append(bob.act({"type": "pass", "player": 1}))  # 117.1: Ann has priority
        said.append(bob.act({"type": "pass", "player": 0}))  # that seat is not Bob's
        said.append(ann.act({"type": "attack", "player": 0, "attacks": [[0, 1]]}))  # 508.1: not in that step
    assert all(s["type"] == "refused" for s in said), said
    return [s["text"] for s in said]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_refusals_and_house_rules_read_in_the_devices_language(server: LiveServer, device: Device, lang: str) -> None:
    texts = refusals(server)
    texts += [
        line.to_dict() for rules in PROFILES.values() for line in house_rule_texts({"eternities_map": rules.to_dict()})
    ]
    table = server.create_table(**page_form(3))
    page = joined(device(table.created["seats"][0]["url"]), "Ann")
    shown = page.evaluate(READ_TEXTS, [texts, lang])
    assert shown == [translated(text, lang) for text in texts]
    english = page.evaluate(READ_TEXTS, [texts, "en"])
    untranslated = [line for line, english_line in zip(shown, english, strict=True) if line == english_line]
    assert not untranslated, f"{lang}: shown in English: {untranslated}"
    assert not [line for line in shown if PLACEHOLDER.search(line)], shown


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_bad_deck_list_is_explained_in_the_devices_language(
    server: LiveServer, device: Device, screenshot: Screenshot, lang: str
) -> None:
    page = device(f"{server.base}/?lang={lang}", viewport=PHONE)
    ann_list = MISSPELT_LIST
    fill_pasted_decks(page, [ann_list, TEN_PLANES])
    with pytest.raises(CreateError) as meant:
        table_config({"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": [ann_list, TEN_PLANES]})

    page.get_by_test_id("create").click()
    error = page.locator("#form-error")
    expected = translated(meant.value.text.to_dict(), lang)
    expect(error.locator("p")).to_have_text(expected)
    assert expected != str(meant.value)
    problems = [translated(issue.to_dict(), lang) for issue in meant.value.issues]
    expect(page.get_by_test_id("form-issues").locator("li")).to_have_text(problems)
    assert "Naar Isl" in problems[0] and "Naar Isle" in problems[0] and problems[0] != str(meant.value.issues[0])
    screenshot(page, f"deck-error-{lang}")


def test_the_house_rules_of_a_map_table_are_listed_in_the_devices_language(
    server: LiveServer, device: Device, screenshot: Screenshot
) -> None:
    table = server.create_table(**{**page_form(5), "eternities_map": "fog_of_war"})
    lines = table.created["house_rules"]
    page: Page = device(table.created["seats"][0]["url"] + "&lang=it")
    expect(page.get_by_test_id("state")).not_to_have_text("–")
    items = page.locator("#info .house-rules li")
    expect(items).to_have_count(len(lines))
    expected = [translated(text, "it") for text in table.created["house_rule_texts"]]
    expect(items).to_have_text(expected)
    assert expected != lines
    screenshot(page, "house-rules-it")


def rolled_and_resolved(seed: int) -> Game | None:
    """The game of a table whose first roll in the main phase triggers one ability of the plane, resolved with
    no decision asked (as :func:`roll_and_resolve_on_page` plays it), or None."""
    game = game_of(page_form(seed))
    if not to_main(game):
        return None
    game.act({"type": "roll", "player": 0})
    view = game.view()
    if len(view["stack"]) != 1 or view["decision"]:
        return None
    game.act({"type": "resolve", "player": view["priority"]})
    return None if game.view()["decision"] else game


def roll_and_resolve_on_page(server: LiveServer, device: Device, seed: int, lang: str) -> Page:
    """Ann's page in ``lang`` at the table of ``seed``, where she rolls in her main phase and resolves the trigger."""
    table = server.create_table(**page_form(seed))
    page = device(table.created["seats"][0]["url"] + f"&lang={lang}")
    expect(page.get_by_test_id("state")).not_to_have_text("–")
    page.get_by_test_id(f"advance-{MAIN}").click()
    page.get_by_test_id("roll").click()
    page.get_by_test_id("resolve").click()
    return page


def resolved_instruction(seed: int) -> tuple[int, dict[str, Any]] | None:
    """A table whose trigger, resolved, gives the table an instruction made from the card's words (608.2c)."""
    game = rolled_and_resolved(seed)
    if game is None:
        return None
    told = [e.to_dict() for e in game.history[-1].events if e.type == "instruction" and "instruction_text" in e.data]
    return (seed, told[0]) if len(told) == 1 else None


@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_608_2c_a_cards_instruction_to_the_table_reads_in_the_devices_language(
    server: LiveServer, device: Device, lang: str
) -> None:
    seed, told = first_seed(resolved_instruction, "a roll whose trigger resolves into a table instruction")
    expected = translated(told["instruction_text"], lang).replace("{{", "{").replace("}}", "}")
    assert expected != told["instruction"]
    page = roll_and_resolve_on_page(server, device, seed, lang)
    # The instruction's own line (the ability that gave it may be quoted in the same words just before).
    expect(page.locator("[data-testid='log-line'].instruction").filter(has_text=expected[:25])).to_have_count(1)
    expect(page.get_by_test_id("instruction").first).to_contain_text(expected[:25])


def resolved_effect(seed: int) -> tuple[int, str] | None:
    """A table whose trigger, resolved, creates a continuous effect the table is reminded of (611.2a): the seed
    and the effect's English words."""
    game = rolled_and_resolved(seed)
    if game is None:
        return None
    effects = game.view()["effects"]
    return (seed, str(effects[0]["text"])) if len(effects) == 1 else None


def test_611_2a_a_continuous_effects_reminder_reads_in_the_devices_language(server: LiveServer, device: Device) -> None:
    seed, english = first_seed(resolved_effect, "a roll whose trigger resolves into a continuous effect")
    template = next(t for t in effect_templates(CATALOG) if re.fullmatch(effect_pattern(t), english))
    names = re.fullmatch(effect_pattern(template), english)
    assert names is not None
    keys = re.findall(r"\{(you|target)\}", template)
    expected = translated({"template": template, "params": dict(zip(keys, names.groups(), strict=True))}, "ru")
    page = roll_and_resolve_on_page(server, device, seed, "ru")
    shown = page.get_by_test_id("effect").first
    expect(shown).to_contain_text(expected[:25])
    assert english[:25] not in shown.inner_text()


def effect_pattern(template: str) -> str:
    """A continuous effect's words as a pattern: {you} and {target} stand for names."""
    return "".join(
        "(.+?)" if part in ("{you}", "{target}") else re.escape(part)
        for part in re.split(r"(\{you\}|\{target\})", template)
    )
