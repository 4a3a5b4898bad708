"""The project's translations of the planar cards (issue 17): every card in every language, every symbol kept,
every game term as the language's glossary has it, and the catalogs in step with the card catalog."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from planechase.cards.catalog import CATALOG
from planechase.cards.translations import (
    LOCALES,
    NAME,
    PLANE_TYPE_LINE,
    SYMBOL,
    TERMS,
    TRANSLATED,
    TYPE_LINE,
    card_text,
    entries,
    glossary,
    messages,
    paragraphs,
    po_path,
    translated_names,
    untranslated,
)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_card_is_translated(lang: str) -> None:
    assert untranslated(CATALOG, lang) == []
    for card in CATALOG:
        shown = card_text(card, lang)
        assert shown.translated and shown.lang == lang, card.name
        assert shown.text.count("\n") == card.oracle_text.count("\n"), card.name


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogs_are_in_step_with_the_cards(lang: str) -> None:
    wanted = {(context, text) for context, text, _ in entries(CATALOG)}
    with po_path(lang).open("rb") as handle:
        po = read_po(handle, locale=lang)
    present = {(str(m.context), str(m.id)) for m in po if m.id}
    assert present == wanted
    assert not [m.id for m in po if m.id and m.fuzzy], "fuzzy entries: the English changed, check the translation"
    with (LOCALES / "cards.pot").open("rb") as handle:
        pot = read_po(handle)
    assert {(str(m.context), str(m.id)) for m in pot if m.id} == wanted, "run python -m planechase.cards.translations"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_symbols_and_placeholders_are_kept(lang: str) -> None:
    table = messages(lang)
    assert "{type}" in table[(TYPE_LINE, PLANE_TYPE_LINE)]
    for (context, english), value in table.items():
        assert sorted(SYMBOL.findall(value)) == sorted(SYMBOL.findall(english)), (context, english, value)
        assert value.strip() == value and value, (context, english)
        if context not in (NAME, TYPE_LINE) and context in CATALOG:
            assert value != english, f"{context}: not translated"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_glossary_gives_every_game_term(lang: str) -> None:
    terms = glossary(lang)
    assert set(TERMS) <= set(terms)
    for term in terms.values():
        assert term.translation and all(term.accept), term.en


@pytest.mark.parametrize("lang", TRANSLATED)
def test_card_texts_use_the_glossary(lang: str) -> None:
    terms = glossary(lang)
    table = messages(lang)
    problems = []
    for card in CATALOG:
        for paragraph in paragraphs(card):
            translated = table[(card.name, paragraph)].casefold()
            for en, pattern in TERMS.items():
                if re.search(pattern, paragraph, re.IGNORECASE) and not any(
                    form.casefold() in translated for form in terms[en].accept
                ):
                    problems.append(f"{card.name}: {en!r} is not {terms[en].translation!r} in {translated!r}")
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_card_names_inside_texts_are_the_translated_names(lang: str) -> None:
    names = translated_names(lang)
    table = messages(lang)
    problems = []
    for card in CATALOG:
        for paragraph in paragraphs(card):
            for other in CATALOG:
                mentioned = re.search(rf"(?<!\w){re.escape(other.name)}(?!\w)", paragraph)
                if mentioned and names[other.name].casefold() not in table[(card.name, paragraph)].casefold():
                    problems.append(f"{card.name}: {names[other.name]!r} missing")
    assert problems == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translated_names_are_distinct(lang: str) -> None:
    names = translated_names(lang)
    assert len(set(names.values())) == len(names)
