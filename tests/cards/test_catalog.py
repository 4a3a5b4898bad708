"""The shipped catalog against the reference list of official planar cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from planechase.cards.catalog import CATALOG
from planechase.cards.model import normalize_name

REQUIRED_BY_THE_ENGINE_ISSUE = (
    "Spatial Merging",
    "Interplanar Tunnel",
    "Chaotic Aether",
    "Stairs to Infinity",
    "Pools of Becoming",
    "Norn's Seedcore",
    "Aretopolis",
    "Fixed Point in Time",
    "Pompeii",
    "Temple of Atropos",
)


def test_catalog_ships_the_cards_the_rules_tests_need() -> None:
    for name in REQUIRED_BY_THE_ENGINE_ISSUE:
        assert name in CATALOG, name


def test_catalog_matches_reference_oracle_text_type_line_and_sets(shared_reference: Path) -> None:
    reference = {c["name"]: c for c in json.loads((shared_reference / "planar-cards.json").read_text("utf-8"))}
    for card in CATALOG:
        assert card.name in reference, f"{card.name} is not an official planar card"
        ref = reference[card.name]
        assert card.oracle_text == ref["oracle_text"], card.name
        assert card.type_line == ref["type_line"], card.name
        assert card.kind == ref["kind"], card.name
        assert list(card.sets) == ref["sets"], card.name


def test_each_ability_is_one_line_of_oracle_text() -> None:
    for card in CATALOG:
        assert [a.text for a in card.abilities] == card.oracle_text.split("\n"), card.name


def test_every_plane_has_a_chaos_ability_311_7() -> None:
    for card in CATALOG:
        if card.is_plane:
            assert any("chaos" in {t.value for t in a.triggers} for a in card.abilities), card.name


def test_every_phenomenon_has_an_encounter_ability_312_5() -> None:
    for card in CATALOG:
        if card.is_phenomenon:
            assert any("encounter" in {t.value for t in a.triggers} for a in card.abilities), card.name


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("Chaotic AEther", "Chaotic Aether"), ("norns seedcore", "Norn's Seedcore"), ("POMPEII", "Pompeii")],
)
def test_names_match_regardless_of_case_punctuation_and_ligatures(typed: str, expected: str) -> None:
    assert CATALOG.get(typed).name == expected
    assert normalize_name(typed) == normalize_name(expected)
