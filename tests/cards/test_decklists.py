"""Reading planar deck lists (plain text, Moxfield, Archidekt, MTGO, JSON) and reporting their legality
(901.3 for a player's deck, 901.15a for the single shared deck) with the lines at fault."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planechase import CATALOG, DeckError
from planechase.cards.decklists import DeckList, DeckListError, parse_deck_bytes, parse_deck_list, read_deck_list
from planechase.cards.decks import validate, validate_deck, validate_shared_deck
from planechase.cards.model import CardDef, Catalog

DATA = Path(__file__).parent / "data"

PLANES_10 = (
    "Aretopolis",
    "Naar Isle",
    "Sokenzan",
    "Tazeem",
    "The Eon Fog",
    "Pools of Becoming",
    "Norn's Seedcore",
    "Academy at Tolaria West",
    "Sanctum of Serra",
    "Otaria",
)


def read(name: str) -> DeckList:
    return read_deck_list(DATA / name)


def codes(deck: DeckList) -> list[str]:
    return [i.code for i in deck.issues]


# -- plain lists ----------------------------------------------------------------------------------


def test_plain_list_reads_names_counts_comments_and_blank_lines() -> None:
    deck = read("plain.txt")
    assert deck.ok, deck.issues
    assert deck.format == "plain"
    assert deck.names == (
        "Aretopolis",
        "Naar Isle",
        "Sokenzan",
        "Tazeem",
        "The Eon Fog",
        "Pools of Becoming",
        "Norn's Seedcore",
        "Academy at Tolaria West",
        "Sanctum of Serra",
        "Chaotic Aether",
    )
    assert [e.line for e in deck.entries] == [4, 5, 6, 7, 8, 9, 10, 11, 12, 15]
    assert validate_deck(deck).legal


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("Chaotic AEther", "Chaotic Aether"),
        ("chaotic æther", "Chaotic Aether"),
        ("CHAOTIC AETHER", "Chaotic Aether"),
        ("Norns Seedcore", "Norn's Seedcore"),
        ("norn’s seedcore", "Norn's Seedcore"),
        ("the-eon-fog", "The Eon Fog"),
        ("Tazéem", "Tazeem"),
    ],
)
def test_names_match_regardless_of_case_punctuation_and_diacritics(written: str, card: str) -> None:
    deck = parse_deck_list(f"1 {written}")
    assert deck.names == (card,)
    assert deck.entries[0].written == written


@pytest.mark.parametrize("line", ["1 Aretopolis", "1x Aretopolis", "1X Aretopolis", "1xAretopolis", "Aretopolis"])
def test_counts_may_be_written_with_or_without_x(line: str) -> None:
    assert parse_deck_list(line).names == ("Aretopolis",)


def test_comments_after_a_card_name_are_ignored() -> None:
    deck = parse_deck_list("Aretopolis  // the library plane\nTazeem # lands matter\n# Otaria\n// Sokenzan")
    assert deck.names == ("Aretopolis", "Tazeem")


def test_unknown_name_cites_the_file_and_line_and_suggests_the_closest_cards() -> None:
    deck = parse_deck_list("Aretopolis\nTazeem\nSokenzen", source="mine.txt")
    (issue,) = deck.errors
    assert issue.code == "unknown_card"
    assert issue.line == 3
    assert issue.suggestions[0] == "Sokenzan"
    assert issue.text.startswith("mine.txt, line 3: unknown planar card 'Sokenzen'; did you mean 'Sokenzan'")
    assert deck.names == ("Aretopolis", "Tazeem")


def test_901_3_count_above_one_is_reported_with_its_line_number() -> None:
    deck = parse_deck_list("\n".join(["2 Aretopolis", *PLANES_10[1:]]), source="two.txt")
    assert deck.names.count("Aretopolis") == 2
    report = validate_deck(deck)
    (issue,) = report.errors
    assert (issue.code, issue.rule, issue.line) == ("duplicate", "901.3", 1)
    assert "'Aretopolis' more than once (2 copies on line 1)" in issue.message
    assert str(issue).startswith("901.3: two.txt has 'Aretopolis' more than once")


def test_901_15a_count_above_one_in_a_shared_deck_cites_901_15a() -> None:
    planes = [c.name for c in CATALOG if c.is_plane]
    deck = parse_deck_list("\n".join(["3 Aretopolis", *planes]))
    report = validate_shared_deck(deck, 2)
    second = 2 + planes.index("Aretopolis")  # the second Aretopolis, listed with the other planes
    assert [(i.code, i.rule, i.line) for i in report.errors] == [
        ("duplicate", "901.15a", 1),
        ("duplicate", "901.15a", second),
    ]


def test_901_3_duplicate_line_is_reported_with_its_line_number() -> None:
    deck = parse_deck_list("\n".join([*PLANES_10, "ARETOPOLIS"]))
    (issue,) = validate_deck(deck).errors
    assert (issue.rule, issue.line, issue.lines) == ("901.3", 11, (1, 11))
    assert "'Aretopolis' more than once (lines 1 and 11)" in issue.message


def test_count_of_zero_is_an_error_on_its_line() -> None:
    deck = parse_deck_list("Aretopolis\n0 Tazeem")
    (issue,) = deck.errors
    assert (issue.code, issue.line) == ("bad_count", 2)
    assert deck.names == ("Aretopolis",)


def test_a_count_without_a_name_is_an_error() -> None:
    deck = parse_deck_list("Aretopolis\n3")
    assert [(i.code, i.line) for i in deck.errors] == [("no_name", 2)]


def test_require_raises_the_first_reading_error_as_a_deck_error() -> None:
    with pytest.raises(DeckError, match="line 2: unknown planar card 'Tazem'"):
        parse_deck_list("Aretopolis\nTazem").require()
    assert parse_deck_list("Aretopolis").require() == ("Aretopolis",)


# -- sections ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "header",
    ["Planes", "PLANES:", "// Planes", "[Planes]", "Planar Deck (10)", "## Phenomena", "Planechase", "planar deck:"],
)
def test_planar_section_headers_are_recognized(header: str) -> None:
    deck = parse_deck_list(f"Deck\n4 Lightning Bolt\n{header}\n1 Aretopolis\n1 Sol Ring")
    assert deck.names == ("Aretopolis",)
    assert [(i.code, i.line) for i in deck.errors] == [("unknown_card", 5)]  # Sol Ring is not planar


def test_non_planar_card_in_a_planar_section_is_an_error() -> None:
    deck = parse_deck_list("Planes\nAretopolis\nSol Ring\n")
    (issue,) = deck.errors
    assert (issue.code, issue.line) == ("unknown_card", 3)
    assert "'Sol Ring'" in issue.message


def test_planar_card_outside_the_planar_section_is_reported_and_left_out() -> None:
    deck = parse_deck_list("Sideboard\n1 Tazeem\n1 Pithing Needle\n\nPlanes\n1 Aretopolis")
    assert deck.names == ("Aretopolis",)
    (warning,) = deck.warnings
    assert (warning.code, warning.line) == ("outside_planar_section", 2)
    assert "'Tazeem' is under 'Sideboard', outside the planar section" in warning.message


def test_cards_in_a_maybeboard_are_never_part_of_the_deck() -> None:
    deck = parse_deck_list("Aretopolis\nTazeem\n\nMaybeboard\nOtaria\nMana Crypt")
    assert deck.names == ("Aretopolis", "Tazeem")
    assert [(i.code, i.line) for i in deck.warnings] == [("outside_planar_section", 5)]


def test_main_deck_block_without_planar_cards_is_skipped_with_a_note() -> None:
    deck = parse_deck_list("4 Lightning Bolt\n20 Mountain\n\n1 Aretopolis\n1 Tazeem")
    assert deck.names == ("Aretopolis", "Tazeem")
    assert deck.errors == ()
    (note,) = deck.issues
    assert (note.severity, note.code, note.lines) == ("note", "skipped_lines", (1, 2))
    assert "lines 1-2" in note.message


def test_a_typo_of_a_planar_card_keeps_its_block_in_the_deck() -> None:
    deck = parse_deck_list("Aretopolsi\n\nTazeem\nOtaria")
    assert [(i.code, i.line, i.suggestions[:1]) for i in deck.errors] == [("unknown_card", 1, ("Aretopolis",))]


def test_a_list_naming_no_planar_card_reports_every_line() -> None:
    deck = parse_deck_list("Foo\n\nBar Baz")
    assert [(i.code, i.line) for i in deck.errors] == [("unknown_card", 1), ("unknown_card", 3)]


def test_a_sideboard_mixing_planes_and_other_cards_takes_the_planes_and_leaves_the_others_out() -> None:
    deck = parse_deck_list("4 Lightning Bolt\nSideboard\n1 Aretopolis\n1 Pithing Needle")
    assert deck.ok and deck.names == ("Aretopolis",)
    among_planes, rest = deck.notes
    assert among_planes.lines == (4,) and "'Pithing Needle'" in among_planes.message
    assert rest.lines == (1,) and "'Lightning Bolt'" in rest.message


# -- the export formats (sample files in tests/cards/data) ------------------------------------------


def test_moxfield_export_reads_only_the_planes_section() -> None:
    deck = read("moxfield.txt")
    assert deck.format == "moxfield"
    assert deck.ok
    assert deck.names[:2] == ("Agyrem", "Aretopolis")
    assert len(deck.names) == 11
    assert deck.entries[1].set_code == "PCA" and deck.entries[1].collector_number == "2"
    assert {e.section for e in deck.entries} == {"Planes"}
    # Time Distortion is in the Maybeboard: reported and left out
    assert [(i.code, i.line) for i in deck.warnings] == [("outside_planar_section", 28)]
    assert validate_deck(deck).legal


def test_moxfield_mtgo_export_takes_the_planar_sideboard_and_skips_the_commander_after_it() -> None:
    deck = read("moxfield_mtgo.txt")
    assert deck.ok
    assert deck.names[0] == "Academy at Tolaria West" and deck.names[-1] == "Fixed Point in Time"
    assert len(deck.names) == 11
    assert 20 in deck.skipped_lines  # "1 Atraxa, Praetors' Voice" after a blank line
    assert validate_deck(deck).legal


def test_archidekt_export_reads_plane_and_phenomenon_categories_and_skips_no_deck_ones() -> None:
    deck = read("archidekt.txt")
    assert deck.format == "archidekt"
    assert deck.ok
    assert len(deck.names) == 12
    assert deck.names[-2:] == ("Planewide Disaster", "Chaotic Aether")
    assert {e.section for e in deck.entries} == {"Plane", "Phenomenon"}
    assert deck.entries[0].set_code == "pca"
    # Time Distortion is in the Maybeboard{noDeck} as well as Phenomenon: not in the deck
    assert [(i.code, i.line) for i in deck.warnings] == [("outside_planar_section", 19)]
    assert validate_deck(deck).legal


def test_mtgo_dec_reads_the_sb_lines() -> None:
    deck = read("mtgo.dec")
    assert deck.format == "mtgo"
    assert deck.ok
    assert len(deck.names) == 10 and deck.names[-1] == "Time Distortion"
    assert deck.skipped_lines == (3, 4, 5, 6)
    assert validate_deck(deck).legal


def test_mtgo_txt_reads_the_sideboard_after_the_blank_line() -> None:
    deck = read("mtgo.txt")  # Windows line ends
    assert deck.format == "mtgo"
    assert deck.ok
    assert len(deck.names) == 12
    assert deck.entries[0].line == 5
    assert validate_deck(deck).legal


def test_901_15a_shared_deck_file_is_legal_for_two_players_but_not_three() -> None:
    deck = read("shared_two_players.txt")
    assert len(deck.names) == 21
    two = validate_shared_deck(deck, 2)
    assert two.legal and two.suits_players == (2, 2)
    three = validate(deck, shared=True, players=3)
    assert [(i.code, i.rule) for i in three.errors] == [("too_few_cards", "901.15a")]
    assert "21 cards; 3 players need at least 30" in three.errors[0].message


def test_901_3_mistakes_file_reports_every_mistake_with_its_line() -> None:
    report = validate_deck(read("mistakes.txt"))
    assert [(i.code, i.rule, i.line) for i in report.errors] == [
        ("unknown_card", "", 4),
        ("too_many_phenomena", "901.3", 10),
        ("duplicate", "901.3", 3),
        ("duplicate", "901.3", 7),
    ]
    assert report.size == 10 and report.planes == 6 and report.phenomena == 3
    with pytest.raises(DeckError) as info:
        report.raise_for_errors()
    assert "line 4: unknown planar card 'Sokenzen'" in str(info.value)


# -- JSON and files ----------------------------------------------------------------------------------


def test_json_lists_of_names_and_objects_are_read_by_position() -> None:
    deck = parse_deck_list(json.dumps(["Aretopolis", {"name": "tazeem", "count": 1}, 3]))
    assert deck.format == "json"
    assert deck.names == ("Aretopolis", "Tazeem")
    assert [(i.code, i.card) for i in deck.errors] == [("unreadable", 3)]
    shared = parse_deck_list(json.dumps({"players": ["A", "B"], "shared_deck": ["Otaria"]}))
    assert shared.names == ("Otaria",)


def test_json_with_several_decks_is_an_error() -> None:
    deck = parse_deck_list(json.dumps({"decks": [{"cards": ["Otaria"]}, {"cards": ["Tazeem"]}]}))
    assert [i.code for i in deck.errors] == ["several_decks"]


def test_apprentice_style_bracket_sections_are_not_mistaken_for_json() -> None:
    deck = parse_deck_list("[main]\n4 Lightning Bolt\n[sideboard]\n1 Aretopolis")
    assert deck.names == ("Aretopolis",)


def test_byte_order_mark_and_windows_1252_files_are_read() -> None:
    assert parse_deck_bytes("\ufeffAretopolis\n".encode()).names == ("Aretopolis",)
    assert parse_deck_bytes("Chaotic Æther\r\n".encode("cp1252")).names == ("Chaotic Aether",)


def test_unreadable_files_raise_a_deck_list_error(tmp_path: Path) -> None:
    with pytest.raises(DeckListError, match="cannot read"):
        read_deck_list(tmp_path / "missing.txt")
    (tmp_path / "binary.dat").write_bytes(b"\x00\x01\x02")
    with pytest.raises(DeckListError, match="not a text file"):
        read_deck_list(tmp_path / "binary.dat")
    (tmp_path / "big.txt").write_bytes(b"1 Aretopolis\n" * 100_000)
    with pytest.raises(DeckListError, match="larger than"):
        read_deck_list(tmp_path / "big.txt")


def test_an_empty_list_is_read_and_is_too_small() -> None:
    report = validate_deck(parse_deck_list("# nothing yet\n", source="empty.txt"))
    assert [(i.code, i.rule) for i in report.errors] == [("too_few_cards", "901.3")]
    assert report.errors[0].message == "empty.txt has 0 cards; a planar deck needs at least ten"


# -- names from the program ----------------------------------------------------------------------------


def test_901_3_report_lists_every_problem_where_check_deck_raises_the_first() -> None:
    names = ["Aretopols", "Chaotic Aether", "Spatial Merging", "Time Distortion", "tazeem", "Tazeem"]
    report = validate_deck(names, where="Alice's planar deck")
    assert [i.code for i in report.errors] == ["unknown_card", "too_few_cards", "too_many_phenomena", "duplicate"]
    assert report.errors[0].text.startswith("Alice's planar deck, card 1: unknown planar card 'Aretopols'")
    assert "(cards 5 and 6)" in report.errors[3].message
    with pytest.raises(TypeError):
        validate_deck("Aretopolis")


# -- every official card name (the reference list, when present) -----------------------------------


def reference_catalog(shared_reference: Path) -> Catalog:
    """A catalog with every official planar card's name and kind (no abilities: parsing only)."""
    cards = json.loads((shared_reference / "planar-cards.json").read_text("utf-8"))
    return Catalog(CardDef(c["name"], c["kind"], c["planar_type"], "", tuple(c["sets"]), ()) for c in cards)


def test_every_official_card_name_reads_back_in_every_format(shared_reference: Path) -> None:
    catalog = reference_catalog(shared_reference)
    names = [c.name for c in catalog]
    assert len(names) == 161
    plain = parse_deck_list("\n".join(names), catalog)
    moxfield = parse_deck_list("Deck\n1 Sol Ring\n\nPlanes\n" + "\n".join(f"1 {n} (PCA) 1 *F*" for n in names), catalog)
    archidekt = parse_deck_list("\n".join(f"1x {n} (pca) 1 [Plane] ^Have,#37d67a^" for n in names), catalog)
    mtgo = parse_deck_list("4 Lightning Bolt\n" + "\n".join(f"SB: 1 {n}" for n in names), catalog)
    for deck in (plain, moxfield, archidekt, mtgo):
        assert deck.ok, deck.errors[:3]
        assert list(deck.names) == names


def test_every_official_card_name_matches_loosely(shared_reference: Path) -> None:
    catalog = reference_catalog(shared_reference)
    for card in catalog:
        loose = card.name.upper().replace("'", "").replace(",", "").replace("—", " ")
        assert parse_deck_list(loose, catalog).names == (card.name,), card.name


def test_shipped_catalog_names_are_official_names(shared_reference: Path) -> None:
    official = {c.name for c in reference_catalog(shared_reference)}
    assert {c.name for c in CATALOG} <= official


def test_secret_lair_planes_named_with_plane_in_parentheses_match_with_or_without_it() -> None:
    catalog = CATALOG
    for line in ("Imaginary Friends (Plane)", "1 Imaginary Friends", "1 Imaginary Friends (Plane) (SLD) 1 *F*"):
        assert parse_deck_list(line, catalog).names == ("Imaginary Friends (Plane)",), line
    assert parse_deck_list("1 Aretopolis (PCA) 2", catalog).entries[0].set_code == "PCA"


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("Aretopolis Tazeem\n#/[]{}()*^:0123456789xSB,")), max_size=200))
def test_reading_any_text_never_raises(text: str) -> None:
    deck = parse_deck_list(text)
    report = validate_deck(deck)
    assert report.size == sum(e.count for e in deck.entries)
    assert all(i.severity in ("error", "warning", "note") for i in report.issues)
