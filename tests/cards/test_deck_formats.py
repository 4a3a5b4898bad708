"""Deck files from the other tools players keep decks in (Forge, XMage, Magic Workstation, Apprentice, Cockatrice,
MTGO, Arena, Moxfield, Archidekt, TappedOut, deckstats, CSV tables, MTGJSON, pasted articles), and the files
written for them: the planar deck is taken wherever it stands (901.3), the rest left out with a note, malformed
files refused with their line, and every written file read back as the same deck.

The fixtures in tests/cards/data/formats were written from each format's documented layout; manifest.json says
what each holds (see its README.md)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planechase import CATALOG
from planechase.cards.deck_writing import DeckFormat, file_name, write_deck
from planechase.cards.decklists import FORMATS, DeckList, parse_deck_bytes, parse_deck_list, read_deck_list
from planechase.cards.decks import validate

FORMATS_DIR = Path(__file__).parent / "data" / "formats"
PLANES = ["Aretopolis", "Tazeem", "Naar Isle", "Sokenzan", "Otaria", "Pompeii", "Krosa", "Naya", "Bant", "Agyrem"]
MANIFEST: list[dict[str, Any]] = json.loads((FORMATS_DIR / "manifest.json").read_text("utf-8"))

#: The fixtures' format names, as the reader names the layout: the text exports of the deck sites share one
#: layout (headings, "1 Name (SET) 12"), and Apprentice's .dec is MTGO's.
FAMILY = {"apprentice": "mtgo", "arena": "moxfield", "tappedout": "moxfield", "deckstats": "moxfield"}

#: What reading the files written in each format is reported as.
READ_AS = {
    DeckFormat.FORGE: "forge",
    DeckFormat.XMAGE: "xmage",
    DeckFormat.COCKATRICE: "cockatrice",
    DeckFormat.MTGO: "mtgo-dek",
    DeckFormat.JSON: "json",
    DeckFormat.TEXT: "plain",
}


def left_out(deck: DeckList) -> int:
    """How many ordinary cards the note says were left out."""
    notes = [i for i in deck.issues if i.code == "skipped_lines"]
    return sum(len(i.lines) or int(str(i.params["count"])) for i in notes)


def fixture_id(entry: dict[str, Any]) -> str:
    return str(entry["file"])


def test_the_manifest_lists_every_fixture_and_every_format() -> None:
    files = {p.name for p in FORMATS_DIR.iterdir()} - {"manifest.json", "README.md"}
    assert files == {m["file"] for m in MANIFEST}
    read_as = {FAMILY.get(m["format"], m["format"]) for m in MANIFEST}
    assert read_as >= set(FORMATS) - {"names", "plain"}


@pytest.mark.parametrize("entry", MANIFEST, ids=fixture_id)
def test_901_3_each_fixture_gives_its_planar_deck_and_leaves_the_rest_out(entry: dict[str, Any]) -> None:
    deck = read_deck_list(FORMATS_DIR / entry["file"])
    assert list(deck.names) == entry["planar"]
    assert left_out(deck) == entry["left_out"]
    assert validate(deck).legal == entry["legal"]


@pytest.mark.parametrize("entry", [m for m in MANIFEST if not m["error"]], ids=fixture_id)
def test_each_layout_is_told_from_the_content_and_named(entry: dict[str, Any]) -> None:
    data = (FORMATS_DIR / entry["file"]).read_bytes()
    deck = parse_deck_bytes(data, source="pasted")  # no file name to go by
    expected = FAMILY.get(entry["format"], entry["format"])
    if entry["format"] == "plain":
        assert deck.format in ("plain", "moxfield")  # printings like "(PC2) 12" are the deck sites' mark
    else:
        assert deck.format == expected
    assert deck.format in FORMATS


@pytest.mark.parametrize("entry", [m for m in MANIFEST if m["error"]], ids=fixture_id)
def test_a_malformed_file_is_reported_with_its_line(entry: dict[str, Any]) -> None:
    deck = read_deck_list(FORMATS_DIR / entry["file"])
    problems = [i for i in deck.issues if i.severity in ("error", "warning") and i.code != "too_few_cards"]
    if "line" in entry["error"]:
        assert problems, entry["error"]
        assert all(i.line is not None for i in problems)
    else:  # a CSV file with a header and no rows: no cards, so not a legal deck
        assert not deck.entries and not validate(deck).legal


def test_the_commander_list_from_moxfield_in_mtgo_form_gives_its_planar_deck() -> None:
    deck = read_deck_list(FORMATS_DIR / "mtgo_commander.txt")
    assert deck.ok and deck.format == "mtgo" and len(deck.names) == 11
    assert "Llanowar" in deck.names  # the plane, while the main deck's Llanowar Elves is left out
    among_planes, rest = deck.notes
    assert "'Pithing Needle'" in among_planes.message or "'" in among_planes.message
    assert all(n.severity == "note" and "left out" in n.message for n in (among_planes, rest))
    assert len(among_planes.lines) < 10 < len(rest.lines)  # the sideboard's few ordinary cards, then the main deck


@pytest.mark.parametrize(
    "line",
    [
        "1 Aretopolis (Launch Party)",
        "1 Aretopolis (WPN Promo)",
        "1 Aretopolis (Planechase 2012)",
        "1 Aretopolis (PC2) 12",
        "1 Aretopolis [PC2]",
        "1 Aretopolis *F*",
        "1 Aretopolis (Foil)",
        "1 Aretopolis|PC2|1",
        "SB: 1 [OHOP:9] Aretopolis",
        "SB:  1 [HOP] Aretopolis",
        "1x Aretopolis (pca) 12 *F* #planes",
    ],
)
def test_printing_markers_of_every_kind_are_stripped(line: str) -> None:
    deck = parse_deck_list(line)
    assert deck.ok and deck.names == ("Aretopolis",)


def test_a_name_with_parentheses_in_the_catalog_keeps_them() -> None:
    deck = parse_deck_list("1 Imaginary Friends (Plane) (SLD) 1234")
    assert deck.names == ("Imaginary Friends (Plane)",)


def test_a_typo_in_a_mostly_planar_part_is_an_error_with_the_closest_names() -> None:
    deck = parse_deck_list("1 Sol Ring\n1 Aretopolls\n1 Tazeem")
    (error,) = deck.errors
    assert error.code == "unknown_card" and error.line == 2 and error.suggestions[0] == "Aretopolis"


def test_a_name_close_to_a_planar_card_among_ordinary_cards_is_a_warning_and_left_out() -> None:
    main = "\n".join(["1 Glimmervoid", "1 Sol Ring", "1 Arcane Signet", "1 Command Tower", "1 Island"])
    deck = parse_deck_list(main + "\n\n" + "\n".join(f"1 {p}" for p in PLANES))
    assert deck.ok and sorted(deck.names) == sorted(PLANES)
    (warning,) = deck.warnings
    assert (warning.code, warning.line) == ("near_miss", 1) and "'Glimmervoid Basin'" in warning.message


def test_a_planar_card_taken_from_among_ordinary_cards_is_a_warning_to_check_it() -> None:
    deck = parse_deck_list("Deck\n1 Velis Vel\n1 Sol Ring\n1 Island\n\nSideboard\n1 Aretopolis\n1 Tazeem")
    assert deck.names == ("Velis Vel", "Aretopolis", "Tazeem")
    (warning,) = deck.warnings
    assert warning.code == "among_other_cards" and warning.lines == (2,) and "'Velis Vel'" in warning.message


def test_a_long_list_of_unknown_names_reports_fifty_and_counts_the_rest() -> None:
    deck = parse_deck_list("\n".join(f"Nothing Here {i}" for i in range(80)))
    assert len(deck.errors) == 51 and all(e.code == "unknown_card" for e in deck.errors)
    assert deck.errors[-1].message == "and 30 more lines name no planar card"


def test_xml_with_a_document_type_declaration_is_refused() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Deck><Cards Name="&a;" Quantity="1"/></Deck>'
    deck = parse_deck_list(bomb)
    (error,) = deck.errors
    assert error.code == "unreadable" and "document type" in error.message


def test_xml_of_another_kind_is_named_as_such() -> None:
    deck = parse_deck_list('<?xml version="1.0"?>\n<playlist><song/></playlist>')
    (error,) = deck.errors
    assert error.code == "unreadable" and error.line == 1 and "'playlist'" in error.message


def test_broken_json_is_reported_with_its_line_and_column() -> None:
    deck = parse_deck_list('{"cards": [\n  "Aretopolis",\n  "Tazeem"\n  "Naya"\n]}')
    (error,) = deck.errors
    assert error.code == "unreadable" and error.line == 4 and "column" in error.message


def test_deeply_nested_json_is_refused_not_crashed_on() -> None:
    deck = parse_deck_list("[" * 100_000 + "]" * 100_000)
    assert [i.code for i in deck.errors] == ["unreadable"]


def test_moxfield_json_boards_give_the_planes_board() -> None:
    data = {
        "name": "Ann",
        "boards": {
            "mainboard": {"cards": {"a1": {"quantity": 1, "card": {"name": "Sol Ring", "set": "cmr"}}}},
            "planes": {"cards": {"p1": {"quantity": 1, "card": {"name": "Aretopolis", "set": "opca"}}}},
            "maybeboard": {"cards": {"m1": {"quantity": 1, "card": {"name": "Tazeem"}}}},
        },
    }
    deck = parse_deck_list(json.dumps(data))
    assert deck.names == ("Aretopolis",) and deck.name == "Ann"
    assert [i.code for i in deck.warnings] == ["outside_planar_section"]  # Tazeem, in the maybeboard


def test_a_file_of_too_many_cards_is_refused() -> None:
    rows = "\n".join(f"1,Card {i}" for i in range(6_000))
    deck = parse_deck_list("Quantity,Name\n" + rows)
    assert [i.code for i in deck.errors] == ["unreadable"]


def test_a_csv_quantity_that_is_not_a_number_is_an_error_for_a_planar_card() -> None:
    deck = parse_deck_list("Count,Name\nfour,Aretopolis\n1,Tazeem")
    assert [(i.code, i.line) for i in deck.errors] == [("bad_count", 2)]


# -- writing ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("to", list(DeckFormat))
@pytest.mark.parametrize("entry", [m for m in MANIFEST if m["legal"] and not m["error"]], ids=fixture_id)
def test_every_format_written_reads_back_as_the_same_deck(entry: dict[str, Any], to: DeckFormat) -> None:
    deck = read_deck_list(FORMATS_DIR / entry["file"])
    written = write_deck(deck.names, to, name="Round trip")
    again = parse_deck_list(written, source=file_name("Round trip", to))
    assert again.ok, again.errors
    assert Counter(again.names) == Counter(deck.names)
    assert again.format == READ_AS[to]
    assert not again.notes and not again.warnings
    if to not in (DeckFormat.TEXT, DeckFormat.MTGO):  # MTGO's .dek keeps no name; the text list has it as a comment
        assert again.name == "Round trip"


@settings(max_examples=60, deadline=None)
@given(
    cards=st.lists(st.sampled_from([c.name for c in CATALOG]), min_size=1, max_size=30, unique=True),
    name=st.text(min_size=1, max_size=40).filter(lambda s: s.strip() and s.isprintable()),
    to=st.sampled_from(list(DeckFormat)),
)
def test_any_deck_and_name_round_trips_through_every_format(cards: list[str], name: str, to: DeckFormat) -> None:
    written = write_deck(cards, to, name=name)
    again = parse_deck_list(written)
    assert again.ok, again.errors
    assert Counter(again.names) == Counter(cards)


def test_writing_an_unknown_card_or_format_is_refused() -> None:
    with pytest.raises(KeyError):
        write_deck(["Not A Plane"], "text")
    with pytest.raises(ValueError):
        write_deck(["Aretopolis"], "pdf")


def test_the_written_files_are_the_tools_layouts() -> None:
    deck = ["Aretopolis", "Aretopolis", "Chaotic Aether"]
    assert "[Planes]\n2 Aretopolis|PCA\n" in write_deck(deck, "forge")
    assert "\n2 [PCA:0] Aretopolis\n" in write_deck(deck, "xmage")
    assert '<card number="2" name="Aretopolis"/>' in write_deck(deck, "cockatrice")
    assert 'Quantity="2" Sideboard="false" Name="Aretopolis"' in write_deck(deck, "mtgo")
    planes = json.loads(write_deck(deck, "json"))["data"]["planes"]
    assert planes[0] == {"name": "Aretopolis", "count": 2, "setCode": "PCA"}
    assert write_deck(["Pompeii"], "text", name="a <b> & c").startswith("// a <b> & c\n")
    assert "<deckname>a &lt;b&gt; &amp; c</deckname>" in write_deck(["Pompeii"], "cockatrice", name="a <b> & c")


@settings(max_examples=300, deadline=None)
@given(
    head=st.sampled_from(
        ["<", '<?xml version="1.0"?><Deck>', "<cockatrice_deck>", "{", "[", "Name,Count\n", "a;Card\n"]
    ),
    body=st.text(max_size=300),
)
def test_reading_any_structured_looking_text_never_raises(head: str, body: str) -> None:
    deck = parse_deck_list(head + body)
    assert all(i.severity in ("error", "warning", "note") for i in deck.issues)
    assert deck.format in FORMATS


# -- what a review found ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Planes\n[[Aretopolis]]\n[[Tazeem]]",
        "[[Aretopolis]]\n[[Tazeem]]",
        "[Aretopolis](https://example.org/aretopolis)\n[Tazeem](https://example.org/tazeem)",
        "[PC2] Aretopolis\n[PC2] Tazeem",
        "[Aretopolis]\n[Tazeem]",
        "//Sideboard\n1 [PCA#5] Aretopolis\n1 [PCA#10] Tazeem",
    ],
)
def test_names_wrapped_the_way_chats_pages_and_exports_wrap_them_are_read(text: str) -> None:
    deck = parse_deck_list(text)
    assert deck.ok and deck.names == ("Aretopolis", "Tazeem"), deck.issues


def test_planar_lines_beside_a_pasted_table_are_read_and_only_words_are_left() -> None:
    text = "My planes:\n1\tAretopolis\tPCA\n1\tAgyrem\tPCA\n1\tTazeem\tPCA\nBant\nNaya\nGreat night!"
    deck = parse_deck_list(text)
    assert deck.names == ("Aretopolis", "Agyrem", "Tazeem", "Bant", "Naya") and deck.format == "article"
    assert not deck.notes


@pytest.mark.parametrize(
    "text", ["Deck, by Ann\n1 Aretopolis\n1 Tazeem", "Title, planes for Ann\n1 The Drum, Mining Facility\n1 Tazeem"]
)
def test_a_plain_list_whose_first_line_has_a_comma_is_not_a_csv_table(text: str) -> None:
    deck = parse_deck_list(text)
    assert deck.format != "csv"
    assert "Tazeem" in deck.names and not [e for e in deck.errors if e.code == "unreadable"]


def test_a_csv_quote_never_closed_is_refused_at_its_line() -> None:
    deck = parse_deck_list('Name,Count\n"Aretopolis,1\nAgyrem,1\nTazeem,1\n')
    (error,) = deck.errors
    assert (error.code, error.line) == ("unreadable", 2) and "not closed" in error.message


def test_utf16_files_and_strings_with_a_byte_order_mark_are_read() -> None:
    assert parse_deck_bytes("1 Aretopolis\r\n1 Tazeem\r\n".encode("utf-16")).names == ("Aretopolis", "Tazeem")
    assert parse_deck_list('\ufeff["Aretopolis", "Tazeem"]').names == ("Aretopolis", "Tazeem")


def test_a_text_list_of_too_many_lines_is_refused_without_reading_them_all() -> None:
    deck = parse_deck_list("\n".join(f"1 Card Number {i}" for i in range(6_000)))
    assert [(e.code, e.line) for e in deck.errors] == [("unreadable", 5_001)]
