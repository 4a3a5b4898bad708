"""Reading deck files that are not text lists: XML (Cockatrice ``.cod``, MTGO ``.dek``), CSV tables (Deckbox,
Moxfield, Archidekt and any table with a name column) and JSON (MTGJSON decks, Moxfield's boards, lists of names).

Each reader turns the file into blocks of card lines, one per section (a Cockatrice zone, the MTGO sideboard, a
CSV board column, an MTGJSON ``planes`` list), and :class:`~planechase.cards.deck_reading.Picker` makes the planar
deck from them as it does for text. A file that cannot be read (XML that is not well formed, a CSV table with no
column of names, broken JSON) gives a deck list with one ``unreadable`` error naming the line.

>>> from planechase.cards.catalog import CATALOG
>>> cod = '''<?xml version="1.0" encoding="UTF-8"?>
... <cockatrice_deck version="1"><deckname>Ann</deckname>
...   <zone name="main"><card number="1" name="Sol Ring"/></zone>
...   <zone name="side"><card number="1" name="Aretopolis"/></zone>
... </cockatrice_deck>'''
>>> deck = read_structured(cod, CATALOG, "ann.cod")
>>> deck.format, deck.name, deck.names
('cockatrice', 'Ann', ('Aretopolis',))
>>> read_structured("Quantity,Name\\n1,Aretopolis\\n", CATALOG, "d.csv").names
('Aretopolis',)
>>> read_structured("1 Aretopolis", CATALOG, "d.txt") is None
True
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any
from xml.parsers import expat

from ..errors import Text
from .deck_reading import (
    COUNT_COLUMNS,
    IGNORED,
    NAME_COLUMNS,
    OTHER,
    OTHER_COLUMNS,
    PLANAR,
    SECTION_COLUMNS,
    SET_COLUMNS,
    UNLABELLED,
    Block,
    Blocks,
    CardLine,
    Picker,
    section_kind,
    strip_printing,
)
from .decklist_model import MAX_CARDS, DeckIssue, DeckList, Where
from .model import Catalog, normalize_name

_KNOWN_COLUMNS = NAME_COLUMNS | COUNT_COLUMNS | SECTION_COLUMNS | SET_COLUMNS | OTHER_COLUMNS
_NOT_A_HEADER = re.compile(r"^(?://|#|\[|NAME\s*:|AUTHOR\s*:|LAYOUT\b|SB:)")  # a text list's first line
_JSON_LIST = re.compile(r'^\[[\s\[]*[{"\]\d-]')  # '["Aretopolis"', '[{"name"', '[]', '[[1', not "[main]"
#: How many lines of a CSV file are compared with its header row (a header's cells, a row's cells).
_HEADER_CHECK_ROWS = 5


def read_structured(text: str, catalog: Catalog, source: Where) -> DeckList | None:
    """The deck list in ``text`` when it is XML, JSON or a CSV table; ``None`` for a text list."""
    stripped = text.replace("\ufeff", "", 1).strip()
    if stripped.startswith("<"):
        return _picked(_read_xml(stripped, catalog), catalog, source)
    if _looks_like_json(stripped):
        return _picked(_read_json(stripped, source), catalog, source)
    header = _csv_header(stripped)
    if header is not None:
        return _picked(_read_csv(stripped, header, catalog), catalog, source)
    return None


def _looks_like_json(text: str) -> bool:
    """An object, or a list that parses or opens like JSON (``["..."``, ``[{``, ``[]``): not ``[main]``,
    ``[[Aretopolis]]`` or ``[PC2] Aretopolis``."""
    if text.startswith("{"):
        return True
    if not text.startswith("["):
        return False
    if _JSON_LIST.match(text):
        return True
    try:
        json.loads(text)
    except (ValueError, RecursionError):
        return False
    return True


def _picked(found: Blocks, catalog: Catalog, source: Where) -> DeckList:
    """The planar deck from what a reader found (its issues told where they are)."""
    found.issues = [replace(issue, where=source) for issue in found.issues]
    return Picker(catalog, source).pick(found)


def _unreadable(found: Blocks, text: Text, line: int | None = None) -> Blocks:
    found.issues.append(
        DeckIssue(
            "error",
            "unreadable",
            text.template,
            line=line,
            lines=(line,) if line is not None else (),
            params=text.params,
        )
    )
    return found


def _too_many(found: Blocks, line: int | None = None) -> Blocks:
    return _unreadable(found, Text("more than {limit} cards; that is not a deck list", {"limit": MAX_CARDS}), line)


def _count(value: object) -> int | None:
    """A count as written: ``None`` when none is given, ``-1`` when it is not a whole number."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        return -1
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value.strip())
    return -1


# -- XML ------------------------------------------------------------------------------------------


def _read_xml(text: str, catalog: Catalog) -> Blocks:
    """A Cockatrice ``.cod`` (``<zone name="main"><card number="1" name="..."/>``) or an MTGO ``.dek``
    (``<Cards Quantity="1" Sideboard="false" Name="..."/>``)."""
    found = Blocks()
    declaration = re.search(r"<!(?:DOCTYPE|ENTITY)", text, re.IGNORECASE)
    if declaration:
        line = text.count("\n", 0, declaration.start()) + 1
        return _unreadable(found, Text("an XML file with a document type declaration is not read"), line)
    parser = expat.ParserCreate(encoding="utf-8")
    grouped: dict[tuple[str, str], Block] = {}
    state: dict[str, Any] = {"root": None, "zone": None, "in_name": False, "name": [], "cards": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        line = parser.CurrentLineNumber
        if state["root"] is None:
            state["root"] = tag
            if tag not in ("cockatrice_deck", "Deck"):
                raise _NotADeckError(tag)
            found.format = "cockatrice" if tag == "cockatrice_deck" else "mtgo-dek"
        if found.format == "cockatrice":
            if tag == "zone":
                state["zone"] = attrs.get("name", "")
            elif tag == "deckname":
                state["in_name"] = True
            elif tag == "card":
                zone = state["zone"] or ""
                title = {"main": "Main", "side": "Sideboard", "tokens": "Tokens"}.get(zone, zone)
                kind = IGNORED if zone == "tokens" else section_kind(title) if zone else UNLABELLED
                _add(found, grouped, (title, kind), line, attrs.get("name"), attrs.get("number"), attrs, state, catalog)
        elif tag == "Cards":
            side = attrs.get("Sideboard", "false").strip().lower() == "true"
            title = "Sideboard" if side else "Main"
            _add(found, grouped, (title, OTHER), line, attrs.get("Name"), attrs.get("Quantity"), attrs, state, catalog)

    def end(tag: str) -> None:
        if tag == "zone":
            state["zone"] = None
        elif tag == "deckname":
            state["in_name"] = False

    def chars(data: str) -> None:
        if state["in_name"]:
            state["name"].append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as exc:
        reason = expat.ErrorString(exc.code) if exc.code is not None else str(exc)
        broken = Blocks(format=found.format if state["root"] is not None else "plain")
        return _unreadable(broken, Text("the XML is not well formed: {reason}", {"reason": reason}), exc.lineno)
    except _NotADeckError as exc:
        return _unreadable(
            Blocks(),
            Text(
                "an XML file whose root is {tag}: neither a Cockatrice deck (.cod) nor an MTGO deck (.dek)",
                {"tag": repr(exc.tag)},
            ),
            1,
        )
    except _TooManyCardsError as exc:
        return _too_many(Blocks(), exc.line)
    found.name = "".join(state["name"]).strip()[:200]
    return found


class _NotADeckError(Exception):
    def __init__(self, tag: str) -> None:
        super().__init__(tag)
        self.tag = tag[:60]


class _TooManyCardsError(Exception):
    def __init__(self, line: int | None) -> None:
        super().__init__(line)
        self.line = line


def _add(
    found: Blocks,
    grouped: dict[tuple[str, str], Block],
    section: tuple[str, str],
    line: int | None,
    name: str | None,
    count: object,
    attrs: dict[str, str],
    state: dict[str, Any],
    catalog: Catalog,
) -> None:
    """One card element: a line of the block of its section (title, kind)."""
    state["cards"] += 1
    if state["cards"] > MAX_CARDS:
        raise _TooManyCardsError(line)
    title, kind = section
    written, set_code, number, _ = strip_printing(name or "", catalog)
    set_code = attrs.get("setShortName") or set_code
    number = attrs.get("collectorNumber") or number
    found.add(title, kind, CardLine(line, written, _count(count), set_code, number), grouped)


# -- CSV ------------------------------------------------------------------------------------------


def _csv_header(text: str) -> tuple[str, list[str]] | None:
    """The delimiter and the column names when ``text`` starts with a CSV header row (two or more cells, one
    of them a column deck tables use), else ``None``."""
    lines = [line.strip() for line in text.split("\n", _HEADER_CHECK_ROWS + 1)[: _HEADER_CHECK_ROWS + 1]]
    first, rows = lines[0], [line for line in lines[1:] if line]
    if _NOT_A_HEADER.match(first):
        return None
    for delimiter in (",", ";"):
        if delimiter not in first:
            continue
        try:
            cells = next(csv.reader([first], delimiter=delimiter))
        except (csv.Error, StopIteration):
            continue
        keys = [normalize_name(c) for c in cells]
        wanted = NAME_COLUMNS | COUNT_COLUMNS
        if len(cells) < 2 or not any(k and k in wanted for k in keys):
            continue
        # The rows under a header have as many cells ("Deck, by Ann" over "1 Aretopolis" is a title).
        if not all(delimiter in row for row in rows):
            continue
        return delimiter, cells
    return None


def _read_csv(text: str, header: tuple[str, list[str]], catalog: Catalog) -> Blocks:
    delimiter, columns = header
    found = Blocks(format="csv")
    keys = [normalize_name(c) for c in columns]

    def column(names: frozenset[str]) -> int | None:
        return next((i for i, k in enumerate(keys) if k and k in names), None)

    name_col = column(NAME_COLUMNS)
    if name_col is None:
        listed = ", ".join(repr(c.strip()) for c in columns[:12])
        return _unreadable(
            found,
            Text(
                "a table with no column of card names (Name or Card); its columns are {columns}",
                {"columns": listed},
            ),
            1,
        )
    count_col, section_col = column(COUNT_COLUMNS), column(SECTION_COLUMNS)
    set_col = next((i for i, k in enumerate(keys) if k in ("editioncode", "setcode")), column(SET_COLUMNS))
    grouped: dict[tuple[str, str], Block] = {}
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=delimiter)
    rows = 0
    try:
        next(reader)
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            if any("\n" in cell for cell in row):  # a quote never closed swallows the lines after it
                start = reader.line_num - sum(cell.count("\n") for cell in row)
                return _unreadable(
                    Blocks(format="csv"), Text("a quoted cell is not closed; the table cannot be read"), start
                )
            rows += 1
            if rows > MAX_CARDS:
                return _too_many(Blocks(format="csv"), reader.line_num)
            cell = _cells(row)
            name, set_code, number, _ = strip_printing(cell(name_col), catalog)
            count = _count(cell(count_col)) if count_col is not None else None
            section = cell(section_col)
            kind = section_kind(section) if section else UNLABELLED
            card_line = CardLine(reader.line_num, name, count, cell(set_col) or set_code or None, number)
            found.add(section, kind, card_line, grouped)
    except csv.Error as exc:
        return _unreadable(
            found, Text("the table cannot be read: {reason}", {"reason": str(exc)[:200]}), reader.line_num
        )
    if not rows:
        return _unreadable(found, Text("a table with a header row and no cards"), 1)
    return found


def _cells(row: list[str]) -> Callable[[int | None], str]:
    """A row's cell by column (``""`` for no column, or one the row is too short to have)."""

    def cell(index: int | None) -> str:
        return row[index].strip() if index is not None and index < len(row) else ""

    return cell


# -- JSON -----------------------------------------------------------------------------------------

# MTGJSON's deck lists and Moxfield's boards, by section name (compared after normalize_name).
_JSON_SECTIONS = {
    "commander": OTHER,
    "commanders": OTHER,
    "mainboard": OTHER,
    "sideboard": OTHER,
    "companions": OTHER,
    "signaturespells": OTHER,
    "attractions": IGNORED,
    "stickers": IGNORED,
    "displaycommander": IGNORED,  # MTGJSON: the commander again, as shown
    "maybeboard": IGNORED,
    "schemes": IGNORED,
    "tokens": IGNORED,
    "contraptions": IGNORED,
    "planes": PLANAR,
    "planechase": PLANAR,
    "phenomena": PLANAR,
}


def _read_json(text: str, source: Where) -> Blocks:
    found = Blocks(format="json")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        reason = Text("the JSON cannot be read: {reason} (column {column})", {"reason": exc.msg, "column": exc.colno})
        return _unreadable(found, reason, exc.lineno)
    except RecursionError:
        return _unreadable(found, Text("the JSON is nested too deeply to be a deck list"))
    sections = _json_sections(data, found, source)
    if sections is None:
        if not found.issues:
            _unreadable(
                found,
                Text(
                    "JSON that is not a deck list (a list of card names, an object with 'cards', or an MTGJSON or"
                    " Moxfield deck)"
                ),
                1,
            )
        return found
    grouped: dict[tuple[str, str], Block] = {}
    position = 0
    for title, kind, items in sections:
        for item in items:
            position += 1
            if position > MAX_CARDS:
                return _too_many(Blocks(format="json"))
            name, count, set_code, number = _json_card(item)
            if name is None:
                found.issues.append(DeckIssue("error", "unreadable", "not a card name", card=position))
                continue
            card_line = CardLine(None, name, count, set_code, number, position=position)
            found.add(title, kind, card_line, grouped)
    return found


def _json_sections(data: Any, found: Blocks, source: Where) -> list[tuple[str, str, list[Any]]] | None:
    """The JSON's card lists with their section titles and kinds; ``None`` when it holds no deck list."""
    if isinstance(data, list):
        return [("", UNLABELLED, data)]
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("data"), dict):  # MTGJSON: {"meta": ..., "data": deck}
        data = data["data"]
    if isinstance(data.get("name"), str):
        found.name = data["name"].strip()[:200]
    if isinstance(data.get("cards"), list):
        return [("", UNLABELLED, data["cards"])]
    if isinstance(data.get("shared_deck"), list):
        return [("", UNLABELLED, data["shared_deck"])]
    if isinstance(data.get("decks"), list):
        decks = data["decks"]
        if len(decks) != 1:
            found.issues.append(
                DeckIssue(
                    "error",
                    "several_decks",
                    "{source} holds {count} decks; check them one at a time",
                    params={"source": source, "count": len(decks)},
                )
            )
            return None
        return _json_sections(decks[0], found, source)
    boards = data.get("boards") if isinstance(data.get("boards"), dict) else data
    sections = []
    for key, value in boards.items():
        kind = _JSON_SECTIONS.get(normalize_name(str(key)))
        if kind is None:
            continue
        items = _board_items(value)
        if items is not None:
            sections.append((str(key), kind, items))
    return sections or None


def _board_items(value: Any) -> list[Any] | None:
    """A section's cards: MTGJSON's list, or Moxfield's ``{"cards": {id: {"quantity": 1, "card": {...}}}}``
    (or the older ``{name: {"quantity": 1, ...}}``)."""
    if isinstance(value, list):
        return value
    if not isinstance(value, dict):
        return None
    cards = value.get("cards", value)
    if isinstance(cards, list):
        return cards
    if isinstance(cards, dict):
        items = []
        for key, item in cards.items():
            if isinstance(item, dict):
                card = item["card"] if isinstance(item.get("card"), dict) else {}
                items.append({"name": card.get("name", key), "count": item.get("quantity"), "set": card.get("set")})
        return items
    return None


def _json_card(item: Any) -> tuple[str | None, int | None, str | None, str | None]:
    """A JSON card: a name, or an object with ``name`` (and ``count`` or ``quantity``, ``setCode`` or ``set``,
    ``number``)."""
    if isinstance(item, str):
        return item, None, None, None
    if not isinstance(item, dict) or not isinstance(item.get("name"), str):
        return None, None, None, None
    count = _count(item.get("count", item.get("quantity")))
    set_code = item.get("setCode", item.get("set"))
    number = item.get("number", item.get("collector_number"))
    return (
        item["name"],
        count,
        set_code if isinstance(set_code, str) else None,
        number if isinstance(number, str) else None,
    )
