"""``planechase cards``: the catalog as JSON, searches by name, text, type and set, the card view and
the suggestions for a query nothing matches."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner, Result

from planechase.cards.catalog import CATALOG
from planechase.cards.coverage import handled_by
from planechase.cards.model import Catalog
from planechase.cli.cards_cmd import CardQuery, cards, search
from planechase.cli.render import CHAOS_SYMBOL

REQUIRED_KEYS = {"name", "kind", "type_line", "oracle_text", "sets", "planar_type", "abilities"}


def _app() -> typer.Typer:
    app = typer.Typer()
    app.command("cards")(cards)

    @app.callback()
    def root() -> None:
        """Makes ``cards`` a subcommand, as in ``planechase cards``."""

    return app


def run(*args: str, columns: int = 200) -> Result:
    env = {"COLUMNS": str(columns), "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None}
    return CliRunner().invoke(_app(), ["cards", *args], env=env)


def run_json(*args: str) -> list[dict[str, Any]]:
    result = run("--json", *args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, list)
    return data


def names(*args: str) -> list[str]:
    return [card["name"] for card in run_json(*args)]


def flat(output: str) -> str:
    """Terminal output with panel borders removed and whitespace collapsed, so wrapped text reads whole."""
    return " ".join(re.sub(r"[│╭╮╰╯─|+]", " ", output).split())


# -- --json ----------------------------------------------------------------------------------------


def test_json_lists_every_catalog_card_with_the_required_keys() -> None:
    data = run_json()
    assert sorted(card["name"] for card in data) == sorted(card.name for card in CATALOG)
    for card in data:
        assert set(card) >= REQUIRED_KEYS, card["name"]
        ours = CATALOG.get(card["name"])
        assert card["kind"] == ours.kind
        assert card["type_line"] == ours.type_line
        assert card["oracle_text"] == ours.oracle_text
        assert card["sets"] == list(ours.sets)
        assert card["planar_type"] == ours.planar_type


def test_json_matches_the_reference_names_type_lines_and_oracle_text(shared_reference: Path) -> None:
    reference = {c["name"]: c for c in json.loads((shared_reference / "planar-cards.json").read_text("utf-8"))}
    for card in run_json():
        assert card["name"] in reference, card["name"]
        ref = reference[card["name"]]
        assert card["type_line"] == ref["type_line"], card["name"]
        assert card["oracle_text"] == ref["oracle_text"], card["name"]
        assert card["sets"] == ref["sets"], card["name"]


def test_json_abilities_give_their_text_triggers_and_how_they_are_handled() -> None:
    for card in run_json():
        ours = CATALOG.get(card["name"])
        assert [a["text"] for a in card["abilities"]] == [a.text for a in ours.abilities]
        for data, ability in zip(card["abilities"], ours.abilities, strict=True):
            assert data["triggers"] == [t.value for t in ability.triggers]
            assert data["handled_by"] == handled_by(ability)
            assert data["handled_by"] in {"engine", "table instruction", "reminder"}
    tazeem = run_json("tazeem")[0]["abilities"]
    assert [a["handled_by"] for a in tazeem] == ["reminder", "table instruction"]
    assert tazeem[1]["effects"][0]["effect"] == "Instruct"
    eon_fog = run_json("eon fog")[0]["abilities"]
    assert eon_fog[0] == {**eon_fog[0], "handled_by": "engine", "rule_change": "skip_untap_steps", "triggers": []}


def test_json_is_the_matching_cards_only_when_searching() -> None:
    assert names("aretopolis") == ["Aretopolis"]
    assert names("--kind", "phenomenon") == sorted(c.name for c in CATALOG if c.is_phenomenon)


# -- searching -------------------------------------------------------------------------------------


def test_name_search_ignores_case_punctuation_diacritics_and_word_order() -> None:
    assert names("CHAOTIC", "ÆTHER") == ["Chaotic Aether"]
    assert names("norns", "seed-core") == ["Norn's Seedcore"]
    assert names("west", "tolaria") == ["Academy at Tolaria West"]


def test_name_search_by_part_of_a_name_finds_every_card_containing_it() -> None:
    expected = sorted(c.name for c in CATALOG if "of" in c.name.lower().replace("'", ""))
    assert len(expected) > 1
    assert names("of") == expected


def test_a_whole_name_finds_that_card_alone_even_inside_longer_names() -> None:
    tazeem = CATALOG.get("Tazeem")
    catalog = Catalog([tazeem, replace(tazeem, name="Tazeem Deeps")])
    assert search(catalog, CardQuery(name=("tazeem",))) == [tazeem]
    assert len(search(catalog, CardQuery(name=("taze",)))) == 2


def test_text_search_matches_phrases_regardless_of_case_and_punctuation() -> None:
    assert names("--text", "SCROLL COUNTERS on it") == ["Aretopolis"]
    assert names("--text", "{chaos} roll") == ["Chaotic Aether"]
    ensues = names("--text", "chaos ensues")
    assert sorted(ensues) == sorted(c.name for c in CATALOG if "chaos ensues" in c.oracle_text.lower())
    assert names("--text", "chaos ensues", "--text", "counter") == sorted(
        c.name for c in CATALOG if "chaos ensues" in c.oracle_text.lower() and "counter" in c.oracle_text.lower()
    )


def test_type_search_matches_planar_type_and_type_line() -> None:
    assert names("--type", "ravnica") == sorted(c.name for c in CATALOG if c.planar_type == "Ravnica")
    assert names("--type", "bolas") == ["Pools of Becoming"]
    assert names("--type", "phenomenon") == sorted(c.name for c in CATALOG if c.is_phenomenon)


def test_set_search_matches_set_codes_in_any_case() -> None:
    assert names("--set", "who") == sorted(c.name for c in CATALOG if "WHO" in c.sets)
    assert names("--set", "PC2", "--set", "MOC") == sorted(c.name for c in CATALOG if {"PC2", "MOC"} & set(c.sets))
    assert "Stairs to Infinity" not in names("--set", "PC2")


def test_search_filters_combine() -> None:
    found = names("--set", "PCA", "--kind", "plane", "--text", "counter", "is")
    assert found == sorted(
        c.name
        for c in CATALOG
        if "PCA" in c.sets and c.is_plane and "counter" in c.oracle_text and "is" in c.name.lower()
    )
    assert found


def test_limit_caps_the_list_and_the_table_says_how_many_there_are() -> None:
    assert len(run_json("--limit", "3")) == 3
    result = run("--limit", "3")
    assert result.exit_code == 0
    assert f"3 of {len(CATALOG)} cards" in result.stdout


def test_several_matches_show_a_table_with_names_type_lines_sets_and_first_lines() -> None:
    result = run("--type", "ravnica")
    assert result.exit_code == 0, result.output
    for card in search(CATALOG, CardQuery(types=("ravnica",))):
        row = next(line for line in result.stdout.splitlines() if card.name in line)
        assert card.type_line in row
        assert ", ".join(card.sets) in row
        assert card.oracle_text.split("\n")[0][:30] in row


def test_the_table_fits_a_narrow_terminal() -> None:
    result = run(columns=60)
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 60


# -- one card --------------------------------------------------------------------------------------


def test_single_card_view_shows_name_type_line_oracle_text_and_sets() -> None:
    result = run("aretopolis")
    assert result.exit_code == 0, result.output
    card = CATALOG.get("Aretopolis")
    shown = flat(result.stdout)
    assert card.name in shown
    assert card.type_line in shown
    for line in card.oracle_text.split("\n"):
        assert line in shown
    assert "Sets: PC2, PCA" in shown


def test_single_card_view_shows_the_chaos_symbol() -> None:
    result = run("chaotic aether")
    assert result.exit_code == 0, result.output
    shown = flat(result.stdout)
    assert CATALOG.get("Chaotic Aether").oracle_text.replace("{CHAOS}", CHAOS_SYMBOL) in shown
    assert "{CHAOS}" not in shown


def test_single_card_view_marks_chaos_abilities_with_the_symbol() -> None:
    result = run("aretopolis")
    line = next(line for line in result.stdout.splitlines() if "Whenever chaos ensues" in line)
    assert CHAOS_SYMBOL in line


def test_ascii_view_writes_chaos_as_a_word_and_nothing_outside_ascii() -> None:
    result = run("--ascii", "chaotic aether")
    assert result.exit_code == 0, result.output
    assert "[CHAOS] roll" in flat(result.stdout)
    assert result.stdout.isascii()
    assert run("--ascii", "--type", "ravnica").stdout.isascii()


def test_single_card_view_says_how_the_engine_handles_each_ability() -> None:
    shown = flat(run("tazeem").stdout)
    assert "reminder while face up" in shown
    assert 'table instruction: Instruct("draw a card for each land you control")' in shown
    shown = flat(run("the eon fog").stdout)
    assert "engine: rule change skip_untap_steps" in shown


# -- nothing found ---------------------------------------------------------------------------------


def test_unknown_name_suggests_close_names_and_exits_1() -> None:
    result = run("Chaotic", "Ather")
    assert result.exit_code == 1
    assert "No card matches" in result.stderr
    assert "Did you mean: Chaotic Aether?" in result.stderr
    result = run("Aretopolus")
    assert result.exit_code == 1
    assert "Aretopolis" in result.stderr


def test_unknown_name_with_json_prints_an_empty_list_and_exits_1() -> None:
    result = run("--json", "no such plane")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == []


def test_a_name_outside_the_filters_is_named_in_the_hint() -> None:
    result = run("pompeii", "--set", "HOP")
    assert result.exit_code == 1
    assert "Matching the name but not the rest: Pompeii" in result.stderr


def test_a_word_found_in_oracle_text_suggests_searching_the_text() -> None:
    result = run("planeswalker")
    assert result.exit_code == 1
    assert '--text "planeswalker"' in result.stderr


def test_unknown_set_lists_the_known_sets() -> None:
    result = run("--set", "XYZ")
    assert result.exit_code == 1
    assert "Known sets:" in result.stderr and "PC2" in result.stderr


def test_misspelt_type_and_text_get_close_suggestions() -> None:
    result = run("--type", "Ravnca")
    assert result.exit_code == 1
    assert "did you mean: Ravnica" in result.stderr
    result = run("--text", "chaos ensuse")
    assert result.exit_code == 1
    assert "ensues" in result.stderr


@pytest.mark.parametrize("bad", [["--kind", "planet"], ["--limit", "0"]])
def test_bad_options_are_usage_errors(bad: list[str]) -> None:
    assert run(*bad).exit_code == 2


# -- the cards in the players' languages (issue 17) ----------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "it", "cs", "ja"])
def test_lang_shows_the_translation_with_the_oracle_text_beside_it(lang: str) -> None:
    from planechase.cards.translations import card_text

    def flat(text: str) -> str:  # the panel's text without its frame and line breaks
        return re.sub(r"[\s│╭╮╰╯─]+", "", text)

    shown = card_text(CATALOG["Cliffside Market"], lang)
    result = run("--lang", lang, "cliffside market", columns=400)
    assert result.exit_code == 0, result.output
    assert flat(shown.name) in flat(result.stdout) and flat(shown.type_line) in flat(result.stdout)
    assert flat(shown.text.split("\n")[1]) in flat(result.stdout)
    assert flat("Oracle: Whenever chaos ensues, exchange control of two target permanents") in flat(result.stdout)
    assert flat("Translation by the planechase project") in flat(result.stdout)


def test_names_and_texts_match_in_the_chosen_language() -> None:
    assert [c.name for c in search(CATALOG, CardQuery(name=("утесный", "рынок")), "ru")] == ["Cliffside Market"]
    assert [c.name for c in search(CATALOG, CardQuery(name=("混沌の霊気",)), "ja")] == ["Chaotic Aether"]
    assert search(CATALOG, CardQuery(name=("утесный",))) == []  # not in English
    chaos = search(CATALOG, CardQuery(texts=("nastane chaos",)), "cs")
    assert len(chaos) == len(search(CATALOG, CardQuery(texts=("chaos ensues",))))


def test_a_name_in_another_script_without_lang_suggests_lang() -> None:
    result = run("утесный")
    assert result.exit_code == 1
    assert "--lang" in result.stderr and "mention" not in result.stderr


def test_json_with_lang_adds_the_translation() -> None:
    listed = json.loads(run("--json", "--lang", "ja", "pompeii").stdout)
    assert listed[0]["name"] == "Pompeii" and listed[0]["translation"]["lang"] == "ja"
    assert listed[0]["translation"]["name"] != "Pompeii"


def test_the_table_in_japanese_fits_its_columns() -> None:
    from rich.cells import cell_len

    result = run("--lang", "ja", "--type", "ravnica", columns=80)
    assert result.exit_code == 0
    assert all(cell_len(line) <= 80 for line in result.stdout.splitlines())
    assert "次元" in result.stdout


def test_lang_on_an_ascii_terminal_falls_back_to_english() -> None:
    result = run("--ascii", "--lang", "ru", "cliffside market")
    assert result.stdout.isascii() and "Cliffside Market" in result.stdout
    assert "English" in result.stderr
