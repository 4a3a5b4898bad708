"""The planar cards in the players' languages: the project's own translations of every card's name, type
line and rules text, kept as gettext catalogs beside the card catalog.

The English Oracle text is the source (and what the rules engine reads); each language's translations are in
``locales/{lang}/LC_MESSAGES/cards.po``, made from the template ``locales/cards.pot``, which
:func:`template` builds from the catalog: one entry for each card's name (context ``name``), each planar type
(context ``planar type``), the two type-line patterns (context ``type line``) and each paragraph of each card's
rules text (context: the card's English name). Each language keeps a glossary of the game's terms
(``locales/{lang}/glossary.json``) that its card texts use consistently; the tests check it.

The translations are the project's, not Wizards of the Coast's: every screen that shows them marks them so
(:attr:`CardText.translated`) and keeps the English Oracle text one tap away.

>>> from planechase.cards.catalog import CATALOG
>>> card = CATALOG["Academy at Tolaria West"]
>>> english = card_text(card, "en")
>>> english.name, english.type_line, english.translated
('Academy at Tolaria West', 'Plane — Dominaria', False)
>>> card_text(card, "xx")
Traceback (most recent call last):
...
KeyError: 'xx'

After changing the catalog, update the template and the catalogs (new texts come in untranslated)::

    python -m planechase.cards.translations
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog as MessageCatalog
from babel.messages.pofile import read_po, write_po

from .model import CardDef, Catalog

#: Where the catalogs are: ``locales/cards.pot``, ``locales/{lang}/LC_MESSAGES/cards.po`` and
#: ``locales/{lang}/glossary.json``.
LOCALES = Path(__file__).parent / "locales"
#: The gettext domain of the card texts.
DOMAIN = "cards"
#: The language of the Oracle text (the source; it needs no catalog).
SOURCE_LANGUAGE = "en"
#: The languages the cards are translated into, by code.
TRANSLATED: tuple[str, ...] = ("ru", "it", "cs", "ja")
#: Every language cards can be shown in.
LANGUAGES: tuple[str, ...] = (SOURCE_LANGUAGE, *TRANSLATED)

#: The context of a card's name.
NAME = "name"
#: The context of a planar type (the world a plane is on: "Dominaria").
PLANAR_TYPE = "planar type"
#: The context of the two type-line patterns.
TYPE_LINE = "type line"
#: The type line of a plane, with its planar type in ``{type}``.
PLANE_TYPE_LINE = "Plane — {type}"
#: The type line of a phenomenon.
PHENOMENON_TYPE_LINE = "Phenomenon"

#: Symbols written in braces in the rules text (mana, tap, chaos): a translation keeps every one of them.
SYMBOL = re.compile(r"\{[^{}]+\}")

#: The game's terms every language's glossary gives a translation for, with the pattern that finds each in
#: English rules text (case does not matter). Where one of them is in a card's English text, the translation
#: uses one of the glossary's accepted forms.
TERMS: dict[str, str] = {
    "chaos ensues": r"\bchaos ensues\b",
    "planeswalk": r"\bplaneswalk(?:s|ed|ing)?\b",
    "plane": r"\bplanes?\b(?! card)",
    "phenomenon": r"\bphenomen(?:on|a)\b",
    "planar deck": r"\bplanar decks?\b",
    "planar die": r"\bplanar die\b",
    "planar controller": r"\bplanar controller\b",
    "encounter": r"\bencounter(?:s|ed)?\b",
    "creature": r"\bcreatures?\b",
    "spell": r"\bspells?\b",
    "permanent": r"\bpermanents?\b",
    "land": r"\blands?\b",
    "artifact": r"\bartifacts?\b",
    "enchantment": r"\benchantments?\b",
    "instant": r"\binstants?\b",
    "sorcery": r"\bsorcer(?:y|ies)\b",
    "token": r"\btokens?\b",
    "library": r"\blibrar(?:y|ies)\b",
    "graveyard": r"\bgraveyards?\b",
    "battlefield": r"\bbattlefield\b",
    "exile": r"\bexiled?\b",
    "sacrifice": r"\bsacrific(?:e|es|ed)\b",
    "opponent": r"\bopponents?\b",
    "target": r"\btarget\b",
    "mana": r"\bmana\b",
    "upkeep": r"\bupkeep\b",
    "end step": r"\bend step\b",
    "flying": r"\bflying\b",
    "haste": r"\bhaste\b",
    "trample": r"\btrample\b",
    "first strike": r"\bfirst strike\b",
    "vigilance": r"\bvigilance\b",
    "lifelink": r"\blifelink\b",
    "deathtouch": r"\bdeathtouch\b",
    "hexproof": r"\bhexproof\b",
    "indestructible": r"\bindestructible\b",
}


@dataclass(frozen=True)
class CardText:
    """A card's name, type line and rules text in one language (the English Oracle text for ``en``, and for
    any text not translated yet). ``translated`` says whether this is the project's translation (every
    field translated) rather than the Oracle text."""

    name: str
    type_line: str
    text: str
    lang: str
    translated: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type_line": self.type_line,
            "text": self.text,
            "lang": self.lang,
            "translated": self.translated,
        }


def paragraphs(card: CardDef) -> tuple[str, ...]:
    """The paragraphs of a card's Oracle text, each translated on its own."""
    return tuple(card.oracle_text.split("\n"))


def entries(catalog: Catalog) -> list[tuple[str, str, str]]:
    """Every text to translate, as (context, English text, translator's note), in catalog order."""
    out: list[tuple[str, str, str]] = [
        (TYPE_LINE, PLANE_TYPE_LINE, "A plane's type line; keep {type}, the planar type, which is translated apart."),
        (TYPE_LINE, PHENOMENON_TYPE_LINE, "A phenomenon's type line."),
    ]
    types: list[str] = []
    for card in catalog:
        out.append((NAME, card.name, f"The name of a {card.kind}."))
        if card.planar_type is not None and card.planar_type not in types:
            types.append(card.planar_type)
    out.extend((PLANAR_TYPE, t, "A planar type: the world a plane is on.") for t in types)
    for card in catalog:
        texts = paragraphs(card)
        for index, text in enumerate(texts, 1):
            out.append((card.name, text, f"{card.name}: rules text, paragraph {index} of {len(texts)}."))
    return out


def template(catalog: Catalog) -> MessageCatalog:
    """The template (``cards.pot``) of every text of ``catalog`` to translate."""
    pot = MessageCatalog(project="planechase", copyright_holder="planechase contributors", domain=DOMAIN, fuzzy=False)
    for context, text, note in entries(catalog):
        pot.add(text, context=context, auto_comments=[note])
    return pot


@functools.cache
def messages(lang: str) -> Mapping[tuple[str, str], str]:
    """A language's translations, ``{(context, English): translation}``, read once; fuzzy and empty entries are
    left out. English has none; a language that isn't offered raises ``KeyError``."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    if lang == SOURCE_LANGUAGE:
        return {}
    path = po_path(lang)
    if not path.exists():
        return {}
    with path.open("rb") as handle:
        po = read_po(handle, locale=lang, domain=DOMAIN)
    return {
        (str(m.context), str(m.id)): str(m.string)
        for m in po
        if m.id and m.string and not m.fuzzy and m.context is not None
    }


def po_path(lang: str) -> Path:
    """The ``.po`` file of a language.

    >>> po_path("ja").relative_to(LOCALES).as_posix()
    'ja/LC_MESSAGES/cards.po'
    """
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def glossary_path(lang: str) -> Path:
    return LOCALES / lang / "glossary.json"


@dataclass(frozen=True)
class Term:
    """One entry of a language's glossary: the English term, its translation, and the forms that count as
    using it (stems, for languages whose words change with their role in a sentence)."""

    en: str
    translation: str
    accept: tuple[str, ...]
    note: str = ""


@functools.cache
def glossary(lang: str) -> dict[str, Term]:
    """A language's glossary, by English term (``locales/{lang}/glossary.json``)."""
    if lang not in TRANSLATED:
        raise KeyError(lang)
    raw = json.loads(glossary_path(lang).read_text(encoding="utf-8"))
    out: dict[str, Term] = {}
    for entry in raw["terms"]:
        accept = tuple(str(a) for a in entry.get("accept") or [entry["translation"]])
        out[str(entry["en"])] = Term(str(entry["en"]), str(entry["translation"]), accept, str(entry.get("note", "")))
    return out


def card_text(card: CardDef, lang: str) -> CardText:
    """``card`` in ``lang``: the project's translation where every part of it is translated, else the English
    Oracle text (a card is never shown half translated). Raises ``KeyError`` for a language not offered."""
    table = messages(lang)
    english = CardText(card.name, card.type_line, card.oracle_text, SOURCE_LANGUAGE, False)
    if not table:
        return english
    name = table.get((NAME, card.name))
    if card.planar_type is None:
        type_line = table.get((TYPE_LINE, PHENOMENON_TYPE_LINE))
    else:
        pattern, planar_type = table.get((TYPE_LINE, PLANE_TYPE_LINE)), table.get((PLANAR_TYPE, card.planar_type))
        type_line = None if pattern is None or planar_type is None else pattern.replace("{type}", planar_type)
    texts = [table.get((card.name, p)) for p in paragraphs(card)]
    if name is None or type_line is None or any(t is None for t in texts):
        return english
    return CardText(name, type_line, "\n".join(t for t in texts if t is not None), lang, True)


def untranslated(catalog: Catalog, lang: str) -> list[tuple[str, str]]:
    """The (context, English) entries of ``catalog`` that ``lang`` has no translation for."""
    table = messages(lang)
    return [(context, text) for context, text, _ in entries(catalog) if (context, text) not in table]


def translated_names(lang: str) -> dict[str, str]:
    """Each card's translated name in ``lang``, by English name (for search and for names inside texts)."""
    return {english: value for (context, english), value in messages(lang).items() if context == NAME}


def update(catalog: Catalog, languages: Iterable[str] = TRANSLATED) -> None:
    """Write the template from ``catalog`` and merge it into each language's catalog: new texts come in
    untranslated, changed ones fuzzy, and texts no card has any more are dropped."""
    pot = template(catalog)
    LOCALES.mkdir(parents=True, exist_ok=True)
    with (LOCALES / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, pot, width=0, omit_header=False)
    for lang in languages:
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as handle:
                po = read_po(handle, locale=lang, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            po = MessageCatalog(
                locale=lang,
                domain=DOMAIN,
                project="planechase",
                copyright_holder="planechase contributors",
                last_translator="planechase contributors",
                language_team=f"planechase contributors ({lang})",
                fuzzy=False,
            )
        po.update(pot, no_fuzzy_matching=False)
        po.obsolete.clear()
        with path.open("wb") as handle:
            write_po(handle, po, width=0, ignore_obsolete=True)
    messages.cache_clear()


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    from .catalog import CATALOG

    update(CATALOG)
    for code in TRANSLATED:
        print(f"{code}: {len(untranslated(CATALOG, code))} texts to translate")
