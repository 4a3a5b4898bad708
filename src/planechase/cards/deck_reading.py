"""Reading text deck lists, and picking the planar deck out of any list read into blocks of card lines.

Every reader (this module's text reader, and :mod:`planechase.cards.deck_files` for XML, CSV and JSON) turns a
file into :class:`Block` objects: card lines grouped by the section they stand in, each section marked
``planar`` (named for planar cards: ``Planes``, Forge's ``[Planes]``, Moxfield's ``planes`` board),
``ignored`` (never part of a deck: a maybeboard, tokens, metadata), ``other`` (a named part of a deck: the
commander, the main deck, the sideboard) or ``unlabelled``. :class:`Picker` then makes the planar deck (the
rule, also in docs/decks.md):

1. Planar sections are read whole: every line there must name a planar card.
2. Ignored sections are skipped (a planar card there is reported as left out).
3. When the file has a planar section, the other sections are skipped the same way.
4. Otherwise the planar cards are taken wherever they stand (a main deck, a sideboard, an unheaded block), a
   near miss of a planar card's name is an error with the closest names, and every other line is left out with
   a note: a whole Commander list gives its planar deck.
5. When no line names a planar card at all, every line is read, so each unknown name is reported with its line.

What a text line may be:

- a card: ``Aretopolis``, ``1 Aretopolis``, ``1x Aretopolis``, ``SB: 1 Aretopolis``, with what exports add
  stripped: ``(PCA) 12``, ``(Planechase 2012)``, ``[PC2]``, ``[OHOP:9]`` or ``[HOP]`` before the name (XMage,
  Magic Workstation), ``|HOP|1`` after it (Forge), ``*F*``, ``#tag``, Archidekt's ``[Plane,Planechase]`` and
  ``^Have,#37d67a^``, and a ``// comment``;
- a row of a pasted table: cells split by tabs or ``|`` (a header row names the columns);
- a section header: ``Planes``, ``PLANAR DECK:``, ``// Sideboard``, ``[main]``, ``Creatures (30)``;
- a line a program writes about the deck (``NAME:...``, ``Name=...``, ``LAYOUT MAIN:...``), a comment
  (``#`` or ``//``) or a blank line: not a card.

>>> from planechase.cards.catalog import CATALOG
>>> xmage = "NAME:Ann\\n1 [CMR:472] Sol Ring\\nSB: 1 [OHOP:9] Eloren Wilds\\nSB: 1 [OPC2:1] Aretopolis"
>>> deck = read_text(xmage, CATALOG, "ann.dck")
>>> deck.names, deck.format, deck.name
(('Eloren Wilds', 'Aretopolis'), 'xmage', 'Ann')
>>> print(deck.notes[0].text)
1 line names no planar card and was left out as the rest of the deck: 'Sol Ring' (line 2)
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field, replace

from ..errors import Param, Text
from .decklist_model import (
    MAX_CARDS,
    DeckEntry,
    DeckIssue,
    DeckList,
    Where,
    and_text,
    check_count,
    line_ranges,
    lookup_written,
    or_text,
    quoted_card,
    unknown_card,
)
from .model import Catalog, normalize_name

#: How many rows of a pasted table make a list a pasted article (words around the table are then not cards).
ARTICLE_ROWS = 3

#: How close (difflib ratio of normalized names) a name must be to a planar card to count as a typo of one.
NEAR_MISS = 0.8

#: The most left-out card names a note lists (beyond, it gives the lines only): for the rest of a deck, and for
#: the ordinary cards found among planar ones (a sideboard holding the planes), where each is worth a look.
NAMES_IN_NOTE = 5
MAX_NAMES_AMONG_PLANES = 20

#: The most unknown names reported one by one (with the closest cards); the rest are counted in one error.
MAX_UNKNOWN = 50

#: The longest block of lines whose names are compared for typos unless it is mostly planar.
NEAR_BLOCK = 150

# -- section kinds and names (compared after normalize_name) -------------------------------------

PLANAR = "planar"
OTHER = "other"
IGNORED = "ignored"
UNLABELLED = "unlabelled"


def _titles(names: str) -> frozenset[str]:
    return frozenset(normalize_name(n) for n in names.split("|"))


PLANAR_TITLES = _titles(
    "Planes|Plane|Planar|Planar Deck|Planar Decks|Planar Cards|Planar Card|Planechase|Planechase Deck|"
    "Planechase Cards|Phenomena|Phenomenon|Phenomenons|Planes and Phenomena|Planes & Phenomena"
)
#: Sections that hold words about the deck, not cards: their lines are not read (a card line there is a warning).
NOTES_TITLES = _titles("About|Metadata|General|Notes|Description")
IGNORED_TITLES = NOTES_TITLES | _titles(
    "Maybeboard|Maybe|Considering|Consider|Wishlist|Wishboard|Acquireboard|Acquire|Tokens|Token|About|"
    "Metadata|General|Notes|Description|Schemes|Scheme Deck|Scheme|Attractions|Stickers|Contraptions|Dungeons"
)
OTHER_TITLES = _titles(
    "Commander|Commanders|Companion|Companions|Deck|Main|Mainboard|Main Deck|Maindeck|Library|Sideboard|"
    "Side|SB|Creatures|Creature|Lands|Land|Instants|Instant|Sorceries|Sorcery|Artifacts|Artifact|"
    "Enchantments|Enchantment|Planeswalkers|Planeswalker|Battles|Battle|Spells|Other|Signature Spells|"
    "Background|Backgrounds|Partner"
)


def section_kind(title: str) -> str:
    """The kind of a section a structured file names (a Cockatrice zone, a CSV board, a JSON key): planar,
    ignored or other (a section name nobody lists is part of the deck).

    >>> section_kind("planes"), section_kind("maybeboard"), section_kind("side"), section_kind("Ramp")
    ('planar', 'ignored', 'other', 'other')
    """
    key = normalize_name(title)
    if key in PLANAR_TITLES:
        return PLANAR
    if key in IGNORED_TITLES:
        return IGNORED
    return OTHER


_COMMENT = re.compile(r"^(?://+|#+)\s*")
_TITLE_COUNT = re.compile(r"\s*(?:\(\s*\d+\s*\)|:\s*\d+)\s*$")  # "Planes (10)", "Sideboard: 15"
_SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
_COUNT = re.compile(r"^(\d+)\s*[xX×]?\s+(?=\S)|^(\d+)[xX×](?=\S)")
_TAGS = re.compile(r"\s+#.*$")  # Moxfield "#tag #!global tag", or a "# comment" after the card
_TRAILING_COMMENT = re.compile(r"\s+//(?:\s.*)?$")  # "Aretopolis  // a comment"
_COLOR_TAG = re.compile(r"\s+\^[^^]*\^\s*$")  # Archidekt "^Have,#37d67a^"
_SET_BRACKET = re.compile(r"\s*\[([A-Z0-9][A-Z0-9-]{1,7})(?::([^\[\]\s]*))?\]\s*$")  # "[PC2]", "[OHOP:9]"
# XMage "[OHOP:9] ", Magic Workstation "[HOP] ", deckstats "[PCA#5] "
_LEADING_SET = re.compile(r"^\[([A-Za-z0-9][A-Za-z0-9-]{0,7})(?:([:#])([^\[\]\s]*))?\]\s*")
_FORGE_SET = re.compile(r"\s*\|\s*([A-Za-z0-9][A-Za-z0-9-]*)?(?:\|[^|]*)*$")  # Forge "Name|HOP|1"
_CATEGORIES = re.compile(r"\s+\[([^\[\]]*)\]\s*$")  # Archidekt "[Plane,Planechase{noDeck}]"
_MARKER = re.compile(r"\s+\*[A-Za-z0-9-]+\*\s*$")  # "*F*", "*E*", "*CMDR*"
_PRINTING = re.compile(r"\s+\(([A-Za-z0-9][A-Za-z0-9_-]*)\)(?:\s+([^\s()]+))?\s*$")  # "(PCA) 12", "(pc2) 5a"
_PRINTING_WORDS = re.compile(r"\s+\(([^()]+)\)(?:\s+([^\s()]+))?\s*$")  # "(Planechase 2012)", "(WPN Promo) 7"
_FLAGS = re.compile(r"\{([^{}]*)\}")
# Lines programs write about the deck: XMage "NAME:..", "AUTHOR:..", "LAYOUT MAIN:(..)", Forge's "Name=..".
_XMAGE_FIELD = re.compile(r"^(?:NAME|AUTHOR|LAYOUT(?: [A-Z]+)?)\s*:")
_FORGE_FIELD = re.compile(r"^[A-Za-z][A-Za-z ]*=")
_DECK_NAME = re.compile(r"^(?:NAME\s*:|Name\s*=|//\s*NAME\s*:)\s*(.+)$")  # XMage, Forge, Magic Workstation
_TABLE_SEPARATOR = re.compile(r"^[\s|:+-]*-[\s|:+-]*$")  # "|---|:--:|"
_MARKDOWN_LINK = re.compile(r"\[([^\[\]]+)\]\([^()\s]*\)")  # "[Stairs to Infinity](https://...)"
_CARD_LINK = re.compile(r"\[\[([^\[\]]+)\]\]")  # Reddit, Discord bots: "[[Stairs to Infinity]]"

# Table columns (a pasted article's header row, or a CSV file's), compared after normalize_name.
NAME_COLUMNS = _titles("Name|Card|Card Name|Cardname|Card Title")
COUNT_COLUMNS = _titles("Count|Quantity|Qty|Amount|Copies|Number of Copies")
SECTION_COLUMNS = _titles("Board|Section|Zone|Category|Deck|List|Location")
SET_COLUMNS = _titles("Edition Code|Set Code|Set|Edition")
OTHER_COLUMNS = _titles(
    "Type|Card Type|Type Line|Tradelist Count|Edition|Set Name|Card Number|Collector Number|Condition|Language|"
    "Foil|Finish|Signed|Artist Proof|Altered Art|Misprint|Promo|Textless|Printing Id|Printing Note|Tags|"
    "My Price|Price|Last Modified|Date Added|Alter|Proxy|Purchase Price|Multiverse Id|Scryfall ID|Rarity|"
    "Mana Cost|Cost|CMC|Mana Value|Color|Colors|Notes"
)


# -- blocks ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """A card named on a line (or a CSV row, an XML element, a JSON item): ``number`` is the file's line, or
    ``None`` for JSON, where ``position`` counts the cards instead."""

    number: int | None
    name: str
    count: int | None
    set_code: str | None = None
    collector_number: str | None = None
    position: int = 0


@dataclass(eq=False)
class Block:
    """Card lines of one section of a file (or of one Archidekt category, or the ``SB:`` lines)."""

    title: str
    kind: str
    lines: list[CardLine] = field(default_factory=list)


@dataclass
class Blocks:
    """What a reader found: the blocks, the issues met while reading (bad counts, malformed rows), the layout it
    took the file for and the deck's name when the file gives one."""

    blocks: list[Block] = field(default_factory=list)
    issues: list[DeckIssue] = field(default_factory=list)
    format: str = "plain"
    name: str = ""

    def add(self, title: str, kind: str, line: CardLine, grouped: dict[tuple[str, str], Block]) -> None:
        """Put ``line`` in the block of that section, made on first use."""
        block = grouped.get((title, kind))
        if block is None:
            block = grouped[(title, kind)] = Block(title, kind)
            self.blocks.append(block)
        block.lines.append(line)


class Picker:
    """Makes the planar deck from a file's blocks (see the module documentation for the rule)."""

    def __init__(self, catalog: Catalog, source: Where) -> None:
        self.catalog = catalog
        self.source = source
        self._keys = [normalize_name(c.name) for c in catalog]
        self._exact: dict[str, bool] = {}  # a whole deck list asks of each name more than once
        self._near: dict[str, bool] = {}
        self._unknown_left = MAX_UNKNOWN
        self._unknown_more = 0

    def pick(self, found: Blocks) -> DeckList:
        blocks = found.blocks
        planar_section = any(b.kind == PLANAR for b in blocks)
        taken = {b for b in blocks if self._takes(b, planar_section)}
        strict = not taken and not planar_section
        if strict:
            taken = {b for b in blocks if b.kind in (UNLABELLED, OTHER)}
        self._unknown_left = MAX_UNKNOWN
        self._unknown_more = 0
        entries: list[DeckEntry] = []
        issues = [issue if str(issue.where) else replace(issue, where=self.source) for issue in found.issues]
        skipped: list[CardLine] = []  # the rest of a deck: lines of parts that are not planar
        strays: list[CardLine] = []  # ordinary cards among planar ones (a sideboard holding the planes)
        for block in blocks:
            mostly, near_ok = self._mostly_planar(block), self._near_ok(block)
            among_others: list[CardLine] = []
            for card_line in block.lines:
                name = card_line.name
                exact = bool(name) and self.is_planar(name)
                near = not exact and bool(name) and near_ok and self.is_near(name)
                if block in taken and (strict or block.kind == PLANAR or not name or exact or (near and mostly)):
                    self._entry(card_line, block, entries, issues)
                    if exact and not strict and block.kind != PLANAR and not mostly:
                        among_others.append(card_line)
                elif block in taken and near:
                    issues.append(self._near_miss(card_line))
                elif block not in taken and block.kind != UNLABELLED and (exact or near):
                    issues.append(self._left_out(card_line, block))
                elif card_line.count is not None and card_line.count < 0:
                    issues.append(self._bad_count_left_out(card_line))
                else:
                    (strays if block in taken and mostly else skipped).append(card_line)
            if among_others:
                issues.append(self._taken_among_others(block, among_others))
        if self._unknown_more:
            more = Text("and {count} more lines name no planar card", {"count": self._unknown_more})
            issues.append(DeckIssue("error", "unknown_card", more.template, where=self.source, params=more.params))
        if strays:
            issues.append(self._skipped_note(strays, MAX_NAMES_AMONG_PLANES))
        if skipped:
            issues.append(self._skipped_note(skipped, NAMES_IN_NOTE))
        entries.sort(key=lambda e: (e.line or 0, e.position))
        issues.sort(key=lambda i: (i.line if i.line is not None else 10**9, i.severity != "error"))
        return DeckList(
            source=self.source,
            entries=tuple(entries),
            issues=tuple(issues),
            format=found.format,
            skipped_lines=tuple(sorted(c.number for c in [*skipped, *strays] if c.number is not None)),
            name=found.name,
        )

    def _takes(self, block: Block, planar_section: bool) -> bool:
        if block.kind == PLANAR:
            return True
        if block.kind == IGNORED or (block.kind == OTHER and planar_section):
            return False
        names = [line.name for line in block.lines if line.name]
        if any(self.is_planar(name) for name in names):
            return True
        return self._near_ok(block) and any(self.is_near(name) for name in names)

    def _mostly_planar(self, block: Block) -> bool:
        """Whether at least half of a block's named lines name planar cards or typos of them (a planar list, or a
        sideboard holding the planes), where a name that is not a planar card is more likely a typo or a new card
        than the rest of a deck."""
        names = [line.name for line in block.lines if line.name]
        near_ok = len(block.lines) <= NEAR_BLOCK
        planar = sum(1 for name in names if self.is_planar(name) or (near_ok and self.is_near(name)))
        return planar > 0 and 2 * planar >= len(names)

    def _near_ok(self, block: Block) -> bool:
        """Whether names of ``block`` are compared for typos: a block of a deck's size, or one mostly planar (the
        comparison is the costly part of reading a long list)."""
        return len(block.lines) <= NEAR_BLOCK or self._mostly_planar(block)

    def is_planar(self, name: str) -> bool:
        """Whether ``name`` is a planar card's (as written, or with " (Plane)")."""
        known = self._exact.get(name)
        if known is None:
            known = self._exact[name] = lookup_written(self.catalog, name) is not None
        return known

    def is_near(self, name: str) -> bool:
        """Whether ``name`` is within a typo of a planar card's name."""
        known = self._near.get(name)
        if known is None:
            key = normalize_name(name)
            known = bool(key) and bool(difflib.get_close_matches(key, self._keys, n=1, cutoff=NEAR_MISS))
            self._near[name] = known
        return known

    def planar_or_near(self, name: str) -> bool:
        """Whether ``name`` is a planar card's, or within a typo of one."""
        return self.is_planar(name) or self.is_near(name)

    def _entry(self, card_line: CardLine, block: Block, entries: list[DeckEntry], issues: list[DeckIssue]) -> None:
        number = card_line.number
        position = card_line.position if number is None else None
        if not card_line.name:
            issues.append(DeckIssue("error", "no_name", "a count without a card name", where=self.source, line=number))
            return
        count = 1 if card_line.count is None else card_line.count
        bad = check_count(count, where=self.source, line=number, card=position)
        card = lookup_written(self.catalog, card_line.name)
        if card is None and self._unknown_left <= 0:
            self._unknown_more += 1  # told in one sentence: finding the closest names is the costly part
        elif card is None:
            self._unknown_left -= 1
            issues.append(unknown_card(self.catalog, card_line.name, where=self.source, line=number, card=position))
        if bad is not None:
            issues.append(bad)
            return
        entries.append(
            DeckEntry(
                written=card_line.name,
                card=card,
                count=count,
                line=number,
                position=card_line.position or len(entries) + 1,
                section=block.title,
                set_code=card_line.set_code,
                collector_number=card_line.collector_number,
            )
        )

    def _left_out(self, card_line: CardLine, block: Block) -> DeckIssue:
        card = lookup_written(self.catalog, card_line.name)
        shown: Param
        if card is not None:
            shown = quoted_card(card)
        else:
            typo = or_text(list(self.catalog.closest(card_line.name)))
            shown = Text("{name} (a typo of {names}?)", {"name": repr(card_line.name), "names": typo})
        if block.kind == IGNORED:
            text = Text(
                "{name} is under {section}, which is not part of the deck; it is not in the planar deck",
                {"name": shown, "section": repr(block.title)},
            )
        elif block.title:
            text = Text(
                "{name} is under {section}, outside the planar section; it is not in the planar deck",
                {"name": shown, "section": repr(block.title)},
            )
        else:
            text = Text("{name} is outside the planar section; it is not in the planar deck", {"name": shown})
        return self._warning("outside_planar_section", text, card_line)

    def _bad_count_left_out(self, card_line: CardLine) -> DeckIssue:
        """A line that is not a planar card and whose count is not a number: a warning (the file is malformed, the
        planar deck is not concerned)."""
        text = Text(
            "{name} has a count that is not a whole number; it is not a planar card and is left out",
            {"name": repr(card_line.name)},
        )
        return self._warning("bad_count", text, card_line)

    def _warning(self, code: str, text: Text, card_line: CardLine) -> DeckIssue:
        """A warning about one card line (cited by its line, or by its position in a JSON file)."""
        number = card_line.number
        return DeckIssue(
            "warning",
            code,
            text.template,
            where=self.source,
            line=number,
            card=card_line.position if number is None else None,
            lines=(number,) if number is not None else (),
            params=text.params,
        )

    def _near_miss(self, card_line: CardLine) -> DeckIssue:
        """A name within a typo of a planar card's among cards that are not planar (a land of a similar name, say):
        a warning, and the line is left out."""
        close = or_text([repr(c) for c in self.catalog.closest(card_line.name)])
        text = Text(
            "{name} is not a planar card, though it is close to {names}; it is left out with the rest of the deck",
            {"name": repr(card_line.name), "names": close},
        )
        return self._warning("near_miss", text, card_line)

    def _taken_among_others(self, block: Block, lines: list[CardLine]) -> DeckIssue:
        """Planar cards taken from a part of the list where most cards are not planar: a warning to check each is
        the planar card and not a card of the same name (Velis Vel is a plane and a land)."""
        names = and_text([repr(c.name) for c in lines[:MAX_NAMES_AMONG_PLANES]])
        numbers = sorted(c.number for c in lines if c.number is not None)
        where = line_ranges(numbers) if numbers else ""
        if block.title:
            text = Text(
                "{names} taken as planar cards from {section}, where most cards are not planar ({lines}); check"
                " that each is the planar card and not a card of the same name",
                {"names": names, "section": repr(block.title), "lines": where},
            )
        else:
            text = Text(
                "{names} taken as planar cards from among cards that are not planar ({lines}); check that each is"
                " the planar card and not a card of the same name",
                {"names": names, "lines": where},
            )
        return DeckIssue(
            "warning", "among_other_cards", text.template, where=self.source, lines=tuple(numbers), params=text.params
        )

    def _skipped_note(self, skipped: list[CardLine], most_names: int) -> DeckIssue:
        """The note listing what was left out as not planar: the names when there are few, and the lines."""
        count = len(skipped)
        numbers = sorted(c.number for c in skipped if c.number is not None)
        names = and_text([repr(c.name) for c in skipped]) if count <= most_names else ""
        lines = line_ranges(numbers) if numbers else ""
        if numbers and names and count == 1:
            note = Text(
                "{count} line names no planar card and was left out as the rest of the deck: {names} ({lines})",
                {"count": count, "names": names, "lines": lines},
            )
        elif numbers and names:
            note = Text(
                "{count} lines name no planar card and were left out as the rest of the deck: {names} ({lines})",
                {"count": count, "names": names, "lines": lines},
            )
        elif numbers:
            note = Text(
                "{count} lines name no planar card and were left out as the rest of the deck ({lines})",
                {"count": count, "lines": lines},
            )
        elif count == 1:
            note = Text(
                "{count} card is not a planar card and was left out as the rest of the deck: {names}",
                {"count": count, "names": names},
            )
        elif names:
            note = Text(
                "{count} cards are not planar cards and were left out as the rest of the deck: {names}",
                {"count": count, "names": names},
            )
        else:
            note = Text(
                "{count} cards are not planar cards and were left out as the rest of the deck", {"count": count}
            )
        return DeckIssue(
            "note", "skipped_lines", note.template, where=self.source, lines=tuple(numbers), params=note.params
        )


# -- text -----------------------------------------------------------------------------------------


def read_text(text: str, catalog: Catalog, source: Where) -> DeckList:
    """Read a text deck list (any of the layouts in the module documentation) and pick its planar deck."""
    return Picker(catalog, source).pick(_TextBlocks(catalog).read(text))


def _section_title(line: str) -> tuple[str, str] | None:
    """``(title, kind)`` if ``line`` is a section header, else ``None``."""
    commented = bool(_COMMENT.match(line))
    body = _COMMENT.sub("", line, count=1).strip()
    bracketed = len(body) > 2 and body.startswith("[") and body.endswith("]")
    if bracketed:
        body = body[1:-1].strip()
    counted = bool(_TITLE_COUNT.search(body))
    body = _TITLE_COUNT.sub("", body)
    colon = body.endswith(":")
    title = body.rstrip(":").strip()
    key = normalize_name(title)
    if not key:
        return None
    if key in PLANAR_TITLES:
        return title, PLANAR
    if key in IGNORED_TITLES:
        return title, IGNORED
    if key in OTHER_TITLES:
        return title, OTHER
    if commented or _COUNT.match(title) or _SIDEBOARD_PREFIX.match(title):
        return None
    if bracketed or colon or (counted and not title[:1].isdecimal()):
        return title, OTHER  # a section of its own: "[Ramp]", "Custom:", "Ramp (10)"
    return None


@dataclass(frozen=True)
class _Parsed:
    line: CardLine
    sideboard: bool
    categories: tuple[str, ...]
    no_deck: bool
    marker: str  # "forge", "xmage", "mws", "code", "words" or "": what the line says of the program that wrote it


def strip_printing(name: str, catalog: Catalog) -> tuple[str, str | None, str | None, str]:
    """``name`` without the printing an export adds after it, the set code and collector number it gave, and
    which kind of marker it was (``"forge"``, ``"code"``, ``"words"`` or ``""``). A name the catalog knows as
    written is kept whole ("Imaginary Friends (Plane)").

    >>> from planechase.cards.catalog import CATALOG
    >>> strip_printing("Aretopolis (Planechase 2012)", CATALOG)
    ('Aretopolis', None, None, 'words')
    >>> strip_printing("Eloren Wilds|HOP|1", CATALOG)
    ('Eloren Wilds', 'HOP', None, 'forge')
    """
    rest = name.strip()
    set_code = collector = None
    marker = ""
    if "|" in rest:
        forge = _FORGE_SET.search(rest)
        if forge:
            set_code, rest, marker = forge.group(1), rest[: forge.start()].strip(), "forge"
    while _MARKER.search(rest):
        rest = _MARKER.sub("", rest)
    for _ in range(3):  # "Name (PCA) 12 *F*", "Name [PC2]", "Name (WPN Promo) (Foil)"
        if rest in catalog:
            break
        bracket = _SET_BRACKET.search(rest)
        code = _PRINTING.search(rest)
        words = _PRINTING_WORDS.search(rest)
        if bracket:
            set_code, collector, rest = bracket.group(1), bracket.group(2) or None, rest[: bracket.start()]
            marker = marker or "code"
        elif code:
            set_code, collector, rest = code.group(1), code.group(2), rest[: code.start()]
            marker = marker or "code"
        elif words:
            rest, marker = rest[: words.start()], marker or "words"
        else:
            break
        rest = _MARKER.sub("", rest).strip()
    return rest.strip(), set_code, collector, marker


def _card_line(text: str, number: int, catalog: Catalog) -> _Parsed:
    """The card named on a line, whether it had an ``SB:`` prefix, its Archidekt categories and whether one of
    them is marked ``{noDeck}``."""
    rest = text
    sideboard = bool(_SIDEBOARD_PREFIX.match(rest))
    rest = _SIDEBOARD_PREFIX.sub("", rest)
    count: int | None = None
    match = _COUNT.match(rest)
    if rest.isdecimal():
        count, rest = int(rest), ""
    elif match:
        count = int(match.group(1) or match.group(2))
        rest = rest[match.end() :]
    marker = ""
    leading = _LEADING_SET.match(rest)
    set_code = collector = None
    if leading:
        set_code, collector, rest = leading.group(1), leading.group(3), rest[leading.end() :]
        marker = {":": "xmage", "#": "code"}.get(leading.group(2) or "", "mws")
    rest = _TRAILING_COMMENT.sub("", _TAGS.sub("", rest))
    rest = _COLOR_TAG.sub("", rest)
    categories: tuple[str, ...] = ()
    no_deck = False
    cats = _CATEGORIES.search(rest)
    if cats and not _SET_BRACKET.search(rest):
        raw = [c.strip() for c in cats.group(1).split(",") if c.strip()]
        no_deck = any("nodeck" in f.lower() for c in raw for f in _FLAGS.findall(c))
        categories = tuple(_FLAGS.sub("", c).strip() for c in raw)
        rest = rest[: cats.start()]
    name, code, number_written, kind = strip_printing(rest, catalog)
    line = CardLine(number, name, count, code or set_code, number_written or collector)
    return _Parsed(line, sideboard, categories, no_deck, marker or kind)


class _TextBlocks:
    """Reads a text deck list into blocks."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.hints: set[str] = set()
        self.columns: tuple[int, int | None] | None = None  # a pasted table's (name, count) columns

    def read(self, text: str) -> Blocks:
        found = Blocks()
        grouped: dict[tuple[str, str], Block] = {}
        title, kind = "", UNLABELLED
        current: Block | None = None
        lines = [_clean(raw) for raw in text.splitlines()]
        # A pasted article: its table's rows are the deck; the words around them are not, unless a line names a
        # planar card.
        article = sum(1 for line in lines if _is_table_row(line)) >= ARTICLE_ROWS
        cards = 0
        for number, line in enumerate(lines, start=1):
            if not line:
                if kind != PLANAR:
                    current = None  # a blank line ends a block (MTGO: main deck, blank line, sideboard)
                continue
            if "\t" in line or line.startswith("|"):
                row = self._table_row(line)
                if row is None:
                    continue
                line = row
            elif article and _section_title(line) is None and not self._names_planar_card(line, number):
                continue
            line = line.replace("\t", " ")
            field_name = _DECK_NAME.match(line)
            if field_name and not found.name:
                found.name = field_name.group(1).strip()[:200]
            if _XMAGE_FIELD.match(line) or _FORGE_FIELD.match(line):
                self.hints.add("xmage" if _XMAGE_FIELD.match(line) else "forge")
                continue
            header = _section_title(line)
            if header is not None and line.startswith("[") and header[1] == OTHER and self._planar(header[0]):
                line = header[0]  # "[Aretopolis]": a card in brackets, not a section
                header = None
            if header is not None:
                title, kind = header
                current = None
                if line.startswith("["):
                    self.hints.add("bracket")  # Forge, Apprentice "[Sideboard]"
                elif kind != PLANAR:
                    self.hints.add("header")  # Moxfield / Arena "Commander", "Deck", deckstats "//Sideboard"
                continue
            if _COMMENT.match(line):
                continue
            if normalize_name(title) in NOTES_TITLES:
                if _COUNT.match(line):
                    found.issues.append(_card_in_notes(line, title, number))
                continue
            cards += 1
            if cards > MAX_CARDS:
                return _too_many_lines(number)
            parsed = _card_line(line, number, self.catalog)
            self._hint(parsed)
            if parsed.categories or parsed.no_deck:
                self.hints.add("categories")
                cat_title, cat_kind = _category_kind(parsed.categories, parsed.no_deck)
                found.add(cat_title, cat_kind, parsed.line, grouped)
            elif parsed.sideboard and kind != PLANAR:
                self.hints.add("sb")
                found.add("Sideboard", OTHER, parsed.line, grouped)
            else:
                if current is None:
                    current = Block(title, kind)
                    found.blocks.append(current)
                current.lines.append(parsed.line)
        found.format = self._format(found)
        return found

    def _hint(self, parsed: _Parsed) -> None:
        if parsed.marker == "forge":
            self.hints.add("forge")
        elif parsed.marker in ("xmage", "mws"):
            self.hints.add(parsed.marker)
        elif parsed.line.set_code is not None:
            self.hints.add("printing")
        if parsed.line.count is not None:
            self.hints.add("counts")

    def _table_row(self, line: str) -> str | None:
        """A pasted table's row as a card line (``"1 Aretopolis"``), or ``None`` for a header or separator row.
        The name is the column a header row named, else the first cell naming a planar card, else the first
        cell that is not a number; the count is the header's count column, else the first whole number."""
        if _TABLE_SEPARATOR.match(line):
            return None
        cells = [_MARKDOWN_LINK.sub(r"\1", c).strip().strip("*_").strip() for c in re.split(r"\t|\|", line)]
        if line.startswith("|"):
            cells = cells[1:-1] if line.endswith("|") and len(cells) > 2 else cells[1:]
        if len(cells) > 2 or line.startswith("|"):
            self.hints.add("table")
        keys = [normalize_name(c) for c in cells]
        if any(k and k in NAME_COLUMNS for k in keys) and not any(self._planar(c) for c in cells):
            name_col = next(i for i, k in enumerate(keys) if k and k in NAME_COLUMNS)
            count_col = next(
                (i for i, (c, k) in enumerate(zip(cells, keys, strict=True)) if c == "#" or (k and k in COUNT_COLUMNS)),
                None,
            )
            self.columns = (name_col, count_col)
            return None
        name: str | None = None
        count: str | None = None
        if self.columns is not None:
            name_col, count_col = self.columns
            name = cells[name_col] if name_col < len(cells) else None
            count = cells[count_col] if count_col is not None and count_col < len(cells) else None
        if name is None:
            planar = [c for c in cells if self._planar(c)]
            texts = [c for c in cells if c and not _is_count(c)]
            name = planar[0] if planar else (texts[0] if texts else "")
        if count is None or not _is_count(count):
            count = next((c for c in cells if _is_count(c)), None)
        return f"{count.rstrip('xX×')} {name}" if count is not None else name

    def _names_planar_card(self, line: str, number: int) -> bool:
        return lookup_written(self.catalog, _card_line(line, number, self.catalog).line.name) is not None

    def _planar(self, cell: str) -> bool:
        return bool(cell) and lookup_written(self.catalog, strip_printing(cell, self.catalog)[0]) is not None

    def _format(self, found: Blocks) -> str:
        hints = self.hints
        if "table" in hints:
            return "article"
        if "forge" in hints:
            return "forge"
        if "xmage" in hints:
            return "xmage"
        if "mws" in hints:
            return "mws"
        if "xmage" in hints:
            return "xmage"
        if "categories" in hints:
            return "archidekt"
        if "sb" in hints or "bracket" in hints:
            return "mtgo"  # "SB: 1 Name" (MTGO and Apprentice .dec), "[Sideboard]"
        if "printing" in hints or "header" in hints:
            return "moxfield"
        if "counts" in hints and len([b for b in found.blocks if b.kind == UNLABELLED]) > 1:
            return "mtgo"  # MTGO .txt: the main deck, a blank line, the sideboard
        return "plain"


def _clean(raw: str) -> str:
    """A line without what pages and chats wrap names in: byte order marks, no-break spaces, ``[[card]]`` and
    Markdown links."""
    line = raw.replace("\ufeff", "").replace("\xa0", " ").strip()
    if "[" in line:
        line = _MARKDOWN_LINK.sub(r"\1", _CARD_LINK.sub(r"\1", line))
    return line


def _too_many_lines(number: int) -> Blocks:
    text = Text("more than {limit} cards; that is not a deck list", {"limit": MAX_CARDS})
    issue = DeckIssue("error", "unreadable", text.template, line=number, lines=(number,), params=text.params)
    return Blocks(issues=[issue])


def _is_table_row(line: str) -> bool:
    """Whether a line is a row of a pasted table: Markdown (``| 1 | Aretopolis |``) or three tab-separated cells."""
    return line.startswith("|") or line.count("\t") >= 2


def _card_in_notes(line: str, title: str, number: int) -> DeckIssue:
    text = Text(
        "a card line under {section}, which holds no cards; it is left out: {line}",
        {"section": repr(title), "line": repr(line[:80])},
    )
    return DeckIssue("warning", "card_in_notes", text.template, line=number, lines=(number,), params=text.params)


def _is_count(cell: str) -> bool:
    """Whether a table cell is a count: ``1``, ``1x``."""
    return cell.rstrip("xX×").isdecimal()


def _category_kind(categories: tuple[str, ...], no_deck: bool) -> tuple[str, str]:
    """An Archidekt line's section: left out of the deck (a ``{noDeck}`` category such as the Maybeboard) before
    planar (a category named for planar cards) before any other."""
    keys = [normalize_name(c) for c in categories]
    first = categories[0] if categories else ""
    if no_deck or any(k in IGNORED_TITLES for k in keys):
        ignored = [c for c, k in zip(categories, keys, strict=True) if k in IGNORED_TITLES]
        return (ignored[0] if ignored else first), IGNORED
    for category, key in zip(categories, keys, strict=True):
        if key in PLANAR_TITLES:
            return category, PLANAR
    return first, OTHER
