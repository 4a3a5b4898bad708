"""Writing a planar deck in the files other tools read: Forge and XMage ``.dck``, Cockatrice ``.cod``, MTGO
``.dek``, a text list and MTGJSON-style JSON. Every file written here reads back as the same deck
(:func:`planechase.cards.decklists.parse_deck_list`; the tests check each format).

What each tool keeps of a planar deck:

- **Forge** reads a ``[Planes]`` section for its Planechase games: the cards go there.
- **XMage** wants ``[SET:NUMBER]`` before each name; the catalog keeps no collector numbers, so the number is
  written as ``0`` and XMage finds the card by its name (it says it replaced the number).
- **Cockatrice** and **MTGO** have no planar zone: the cards are the deck's main zone (``main``, or
  ``Sideboard="false"``). MTGO's ``CatID`` is its own catalog number, unknown here: it is written as ``0``.

>>> print(write_deck(["Aretopolis", "Chaotic Aether"], "forge", name="Ann's planes"), end="")
[metadata]
Name=Ann's planes
[Planes]
1 Aretopolis|PCA
1 Chaotic Aether|PCA
"""

from __future__ import annotations

import json
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from enum import StrEnum
from xml.sax.saxutils import quoteattr

from .decklist_model import default_catalog
from .model import Catalog

#: The longest deck name written (longer names are cut).
MAX_NAME = 100

#: The set codes preferred when a card was printed in several (the first one the card has is written).
_SET_ORDER = ("PCA", "PC2", "HOP", "MOC", "WHO")


class DeckFormat(StrEnum):
    """The formats :func:`write_deck` writes (``planechase deck convert --to``)."""

    FORGE = "forge"
    XMAGE = "xmage"
    COCKATRICE = "cockatrice"
    MTGO = "mtgo"
    TEXT = "text"
    JSON = "json"


#: Each format's file name extension and media type.
FILE_TYPES: dict[DeckFormat, tuple[str, str]] = {
    DeckFormat.FORGE: (".dck", "text/plain; charset=utf-8"),
    DeckFormat.XMAGE: (".dck", "text/plain; charset=utf-8"),
    DeckFormat.COCKATRICE: (".cod", "application/xml; charset=utf-8"),
    DeckFormat.MTGO: (".dek", "application/xml; charset=utf-8"),
    DeckFormat.TEXT: (".txt", "text/plain; charset=utf-8"),
    DeckFormat.JSON: (".json", "application/json; charset=utf-8"),
}


def write_deck(
    cards: Sequence[str], to: DeckFormat | str, *, name: str = "Planar deck", catalog: Catalog | None = None
) -> str:
    """The planar deck ``cards`` (catalog names, any order; a repeated name is written with its count) as the
    text of a file in format ``to``. Raises :class:`KeyError` for a name the catalog does not know and
    :class:`ValueError` for an unknown format.

    >>> print(write_deck(["Pompeii"], "text"), end="")
    // Planar deck
    Planes
    1 Pompeii
    """
    cat = default_catalog(catalog)
    fmt = DeckFormat(to)
    counted = Counter(cat.get(card).name for card in cards)
    title = " ".join(name.split())[:MAX_NAME] or "Planar deck"
    rows = [(count, card, _set_code(cat, card)) for card, count in counted.items()]
    return _WRITERS[fmt](title, rows)


def file_name(name: str, to: DeckFormat | str, *, ascii_only: bool = False) -> str:
    """A file name for the deck ``name`` in format ``to``: letters, digits, ``-`` and ``_`` kept; with
    ``ascii_only``, accents dropped and other letters left out (what an HTTP header's plain ``filename`` holds).

    >>> file_name("Ann's planes!", "cockatrice")
    'Ann-s-planes.cod'
    >>> file_name("Колода Ани", "forge"), file_name("Колода Ани", "forge", ascii_only=True)
    ('Колода-Ани.dck', 'planar-deck.dck')
    >>> file_name("Plánů", "text", ascii_only=True)
    'Planu.txt'
    """
    if ascii_only:
        name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = "".join(c if c.isalnum() or c in "-_" else "-" for c in name.strip())
    stem = "-".join(part for part in stem.split("-") if part)[:MAX_NAME] or "planar-deck"
    return stem + FILE_TYPES[DeckFormat(to)][0]


def _set_code(catalog: Catalog, card: str) -> str:
    sets = catalog.get(card).sets
    return next((code for code in _SET_ORDER if code in sets), sets[0] if sets else "")


Row = tuple[int, str, str]  # count, catalog name, set code


def _forge(name: str, rows: list[Row]) -> str:
    lines = ["[metadata]", f"Name={name}", "[Planes]"]
    lines += [f"{count} {card}|{code}" if code else f"{count} {card}" for count, card, code in rows]
    return "\n".join(lines) + "\n"


def _xmage(name: str, rows: list[Row]) -> str:
    lines = [f"NAME:{name}"]
    lines += [f"{count} [{code or 'PCA'}:0] {card}" for count, card, code in rows]
    return "\n".join(lines) + "\n"


def _cockatrice(name: str, rows: list[Row]) -> str:
    cards = "\n".join(
        f"        <card number={quoteattr(str(count))} name={quoteattr(card)}/>" for count, card, _ in rows
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<cockatrice_deck version="1">\n'
        f"    <deckname>{_escape(name)}</deckname>\n"
        "    <comments>A planar deck (Planechase)</comments>\n"
        '    <zone name="main">\n'
        f"{cards}\n"
        "    </zone>\n"
        "</cockatrice_deck>\n"
    )


def _mtgo(name: str, rows: list[Row]) -> str:
    cards = "\n".join(
        f'  <Cards CatID="0" Quantity="{count}" Sideboard="false" Name={quoteattr(card)} Annotation="0" />'
        for count, card, _ in rows
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n'
        '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
        "  <NetDeckID>0</NetDeckID>\n"
        "  <PreconstructedDeckID>0</PreconstructedDeckID>\n"
        f"{cards}\n"
        "</Deck>\n"
    )


def _text(name: str, rows: list[Row]) -> str:
    lines = [f"// {name}", "Planes", *(f"{count} {card}" for count, card, _ in rows)]
    return "\n".join(lines) + "\n"


def _json(name: str, rows: list[Row]) -> str:
    deck = {
        "data": {
            "name": name,
            "type": "Planar Deck",
            "commander": [],
            "mainBoard": [],
            "sideBoard": [],
            "planes": [{"name": card, "count": count, "setCode": code} for count, card, code in rows],
        }
    }
    return json.dumps(deck, indent=2, ensure_ascii=False) + "\n"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


_WRITERS: dict[DeckFormat, Callable[[str, list[Row]], str]] = {
    DeckFormat.FORGE: _forge,
    DeckFormat.XMAGE: _xmage,
    DeckFormat.COCKATRICE: _cockatrice,
    DeckFormat.MTGO: _mtgo,
    DeckFormat.TEXT: _text,
    DeckFormat.JSON: _json,
}
