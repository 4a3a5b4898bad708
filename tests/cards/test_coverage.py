"""How each ability is carried out (engine, table instruction, reminder) and the generated coverage
table in docs/cards.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from planechase.cards.catalog import CATALOG
from planechase.cards.coverage import (
    BEGIN,
    END,
    ENGINE,
    REMINDER,
    TABLE_INSTRUCTION,
    ability_coverage,
    card_to_dict,
    coverage_markdown,
    effect_handled_by,
    effect_label,
    handled_by,
    how_carried_out,
    main,
    render_document,
    update_text,
)
from planechase.cards.effects import AddCounters, CountersOnThis, GainLife, Instruct, May, PlaneswalkEffect
from planechase.cards.model import Ability, RuleChange, TriggerKind

DOCS_CARDS = Path(__file__).resolve().parents[2] / "docs" / "cards.md"

CHAOS = (TriggerKind.CHAOS,)


def test_docs_cards_md_is_up_to_date_with_the_catalog() -> None:
    current = DOCS_CARDS.read_text("utf-8")
    assert BEGIN in current and END in current
    assert render_document(current) == current, (
        "docs/cards.md is out of date: run python -m planechase.cards.coverage --update docs/cards.md"
    )


def test_instruct_effects_are_table_instructions() -> None:
    ability = Ability("Whenever chaos ensues, discard your hand.", CHAOS, (Instruct("discard your hand"),))
    assert effect_handled_by(Instruct("x")) == TABLE_INSTRUCTION
    assert handled_by(ability) == TABLE_INSTRUCTION


def test_other_effects_are_carried_out_by_the_engine() -> None:
    ability = Ability("...", CHAOS, (AddCounters("scroll"), GainLife(CountersOnThis("scroll"))))
    assert handled_by(ability) == ENGINE
    assert effect_handled_by(PlaneswalkEffect()) == ENGINE


def test_an_ability_with_both_kinds_of_effect_is_engine_and_names_its_instructions() -> None:
    ability = Ability("...", CHAOS, (AddCounters("scroll"), Instruct("draw {n} cards", n=CountersOnThis("scroll"))))
    assert handled_by(ability) == ENGINE
    assert [e["handled_by"] for e in ability_coverage(ability)["effects"]] == [ENGINE, TABLE_INSTRUCTION]
    assert how_carried_out(ability).startswith("engine + table instruction: ")


def test_may_is_handled_like_what_it_offers() -> None:
    assert effect_handled_by(May("gain 10 life", (GainLife(10),))) == ENGINE
    assert effect_handled_by(May("draw a card", (Instruct("draw a card"),))) == TABLE_INSTRUCTION


def test_static_abilities_are_reminders_unless_they_change_a_rule() -> None:
    assert handled_by(Ability("Creatures can't block.")) == REMINDER
    changes = Ability("Players skip their untap steps.", rule_change=RuleChange.SKIP_UNTAP_STEPS)
    assert handled_by(changes) == ENGINE
    assert ability_coverage(changes)["rule_change"] == "skip_untap_steps"


def test_catalog_cards_are_classified_as_their_data_says() -> None:
    assert [handled_by(a) for a in CATALOG.get("Tazeem").abilities] == [REMINDER, TABLE_INSTRUCTION]
    assert [handled_by(a) for a in CATALOG.get("Stairs to Infinity").abilities] == [ENGINE, TABLE_INSTRUCTION, ENGINE]
    assert handled_by(CATALOG.get("Aretopolis").abilities[1]) == ENGINE


def test_effect_labels_name_the_effect_and_its_arguments() -> None:
    assert effect_label(PlaneswalkEffect()) == "PlaneswalkEffect"
    assert effect_label(AddCounters("flame", 2)) == 'AddCounters("flame", n=2)'
    assert effect_label(Instruct("add {{R}} {n} times", n=CountersOnThis("charge"))) == (
        'Instruct("add {R} {n} times", n=the number of charge counters)'
    )
    assert effect_label(May("gain 10 life", (GainLife(10),))) == 'May("gain 10 life", [GainLife(10)])'


def test_card_to_dict_has_the_printed_facts_and_the_abilities() -> None:
    data = card_to_dict(CATALOG.get("Naar Isle"))
    assert data["type_line"] == "Plane — Wildfire"
    assert data["abilities"][1]["target"] == "player_or_planeswalker"
    assert data["abilities"][0]["triggers"] == ["upkeep"]


def test_the_table_lists_every_card_and_every_ability() -> None:
    table = coverage_markdown(CATALOG)
    for card in CATALOG:
        assert f"| **{card.name}** | {card.type_line} |" in table
        for ability in card.abilities:
            assert ability.text.replace("|", "\\|") in table, (card.name, ability.text)
    rows = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| Card ")]
    assert len(rows) == sum(len(card.abilities) for card in CATALOG)
    assert f"{len(CATALOG)} cards" in table


def test_the_table_names_thresholds_targets_and_rule_changes() -> None:
    table = coverage_markdown(CATALOG)
    assert "10 or more scroll counters" in table
    assert "chaos ensues (target: player or planeswalker)" in table
    assert "rule change `no_maximum_hand_size`" in table


def test_update_text_replaces_only_the_generated_part() -> None:
    text = f"# Intro\n\nhand-written\n\n{BEGIN}\n\nold table\n\n{END}\n\nafterword\n"
    updated = update_text(text, "new table\n")
    assert updated == f"# Intro\n\nhand-written\n\n{BEGIN}\n\nnew table\n\n{END}\n\nafterword\n"
    assert update_text(updated, "new table\n") == updated


def test_update_text_appends_the_markers_when_missing() -> None:
    assert update_text("# Intro\n", "table\n") == f"# Intro\n\n{BEGIN}\n\ntable\n\n{END}\n"


def test_check_entry_point_exits_1_when_out_of_date(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.md"
    path.write_text(f"# Cards\n\n{BEGIN}\n\nstale\n\n{END}\n", "utf-8")
    assert main(["--check", str(path)]) == 1
    assert "--update" in capsys.readouterr().err


def test_update_entry_point_regenerates_the_table(tmp_path: Path) -> None:
    path = tmp_path / "cards.md"
    path.write_text("# Cards\n\nIntro.\n", "utf-8")
    assert main(["--update", str(path)]) == 0
    text = path.read_text("utf-8")
    assert text.startswith("# Cards\n\nIntro.\n")
    assert coverage_markdown(CATALOG).strip() in text
    assert main(["--check", str(path)]) == 0


def test_entry_point_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert capsys.readouterr().out == coverage_markdown(CATALOG)
