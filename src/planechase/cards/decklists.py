"""Reading planar deck lists from the files other tools write: plain text, the text exports of Moxfield,
Archidekt, Arena, MTGO, TappedOut and deckstats, Forge and XMage ``.dck``, Magic Workstation ``.mwDeck``,
Apprentice and MTGO ``.dec``, Cockatrice ``.cod``, MTGO ``.dek``, CSV tables, MTGJSON and Moxfield JSON, and
tables pasted from articles. The layout is told from the content, never from the file's name.

A deck list becomes a :class:`DeckList`: the planar cards it names, each with the line it was read from, and
the issues found on the way (unknown names with the closest cards, cards left out). Reading never raises for
what a list says; :func:`read_deck_list` raises :class:`DeckListError` only when a file cannot be read at all.
Legality (901.3, 901.15a) is checked by :mod:`planechase.cards.decks`; :mod:`planechase.cards.deck_writing`
writes decks out in the other tools' formats.

The planar deck is taken from a whole deck list: a section named for planar cards (``Planes``, Forge's
``[Planes]``, Moxfield's ``planes`` board) is read whole; without one, the planar cards are taken wherever they
stand and the other cards are left out with a note (see :mod:`planechase.cards.deck_reading` for the rule).

>>> deck = parse_deck_list("Deck\\n4 Sol Ring\\n\\nPlanes\\n1 Aretopolis (PCA) 10\\n1x chaotic AEther")
>>> deck.names
('Aretopolis', 'Chaotic Aether')
>>> [entry.line for entry in deck.entries]
[5, 6]
>>> print(parse_deck_list("1 Aretopolis\\nPools of Becomming", source="mine.txt").errors[0].text)
mine.txt, line 2: unknown planar card 'Pools of Becomming'; did you mean 'Pools of Becoming'?
>>> moxfield = "1 Sol Ring\\n1 Command Tower\\n\\n1 Aretopolis\\n1 Lightning Bolt\\n"
>>> deck = parse_deck_list(moxfield)
>>> deck.names, deck.format
(('Aretopolis',), 'mtgo')
>>> for note in deck.notes:
...     print(note.text)
1 line names no planar card and was left out as the rest of the deck: 'Lightning Bolt' (line 5)
2 lines name no planar card and were left out as the rest of the deck: 'Sol Ring' and 'Command Tower' (lines 1-2)
"""

from __future__ import annotations

import codecs
import sys
from collections.abc import Iterable
from pathlib import Path

from .deck_files import read_structured
from .deck_reading import read_text
from .decklist_model import (
    FORMATS,
    MAX_BYTES,
    MAX_COUNT,
    READING_ERRORS,
    UNREADABLE_ERRORS,
    DeckEntry,
    DeckIssue,
    DeckList,
    DeckListError,
    IssuesBySeverity,
    Severity,
    Where,
    and_text,
    default_catalog,
    lookup,
    or_text,
    quoted_card,
    unknown_card,
)
from .model import Catalog

__all__ = [
    "FORMATS",
    "MAX_BYTES",
    "MAX_COUNT",
    "READING_ERRORS",
    "UNREADABLE_ERRORS",
    "DeckEntry",
    "DeckIssue",
    "DeckList",
    "DeckListError",
    "IssuesBySeverity",
    "Severity",
    "Where",
    "and_text",
    "deck_list_from_names",
    "or_text",
    "parse_deck_bytes",
    "parse_deck_list",
    "quoted_card",
    "read_deck_list",
]


def read_deck_list(path: str | Path, catalog: Catalog | None = None, *, source: Where | None = None) -> DeckList:
    """Read the deck list file at ``path`` (``"-"`` reads standard input). Raises
    :class:`DeckListError` if the file cannot be read or is not text."""
    name = source if source is not None else ("<stdin>" if str(path) == "-" else str(path))
    try:
        data = sys.stdin.buffer.read(MAX_BYTES + 1) if str(path) == "-" else _read_bytes(Path(path))
    except OSError as exc:
        raise DeckListError("cannot read {file}: {reason}", file=name, reason=exc.strerror or str(exc)) from None
    return parse_deck_bytes(data, catalog, source=name)


def _read_bytes(path: Path) -> bytes:
    with path.open("rb") as handle:
        return handle.read(MAX_BYTES + 1)


def parse_deck_bytes(data: bytes, catalog: Catalog | None = None, *, source: Where = "<deck list>") -> DeckList:
    """Decode a deck list (UTF-8 with or without a byte order mark, UTF-16 with one, else Windows-1252) and parse it.
    Raises :class:`DeckListError` for data that is not a text deck list."""
    if len(data) > MAX_BYTES:
        raise DeckListError(
            "{source} is larger than {limit} bytes; that is not a planar deck list", source=source, limit=MAX_BYTES
        )
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # Windows "Unicode" text
        try:
            return parse_deck_list(data.decode("utf-16"), catalog, source=source)
        except UnicodeDecodeError:
            raise DeckListError("{source} is neither UTF-8 nor Windows-1252 text", source=source) from None
    if b"\x00" in data:
        raise DeckListError("{source} is not a text file", source=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise DeckListError("{source} is neither UTF-8 nor Windows-1252 text", source=source) from None
    return parse_deck_list(text, catalog, source=source)


def parse_deck_list(text: str, catalog: Catalog | None = None, *, source: Where = "<deck list>") -> DeckList:
    """Parse a deck list in any accepted layout, told from the content (see the module documentation).

    >>> parse_deck_list("Count,Name\\n1,Aretopolis\\n1,Sol Ring").format
    'csv'
    """
    cat = default_catalog(catalog)
    structured = read_structured(text, cat, source)
    return structured if structured is not None else read_text(text, cat, source)


def deck_list_from_names(names: Iterable[str], catalog: Catalog | None = None, *, where: Where = "deck") -> DeckList:
    """A :class:`DeckList` for card names given in a program (no lines: issues cite ``card i``).

    >>> issue = deck_list_from_names(["aretopolis", "Tazem"]).errors[0]
    >>> issue.location, issue.code, issue.suggestions[0]
    ('deck, card 2', 'unknown_card', 'Tazeem')
    """
    cat = default_catalog(catalog)
    entries: list[DeckEntry] = []
    issues: list[DeckIssue] = []
    for position, name in enumerate(names, start=1):
        card = lookup(cat, name)
        entries.append(DeckEntry(written=name, card=card, position=position))
        if card is None:
            issues.append(unknown_card(cat, name, where=where, card=position))
    return DeckList(source=where, entries=tuple(entries), issues=tuple(issues), format="names")
