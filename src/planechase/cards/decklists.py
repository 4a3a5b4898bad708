"""Reading planar deck lists: plain text, and the planar part of Moxfield, Archidekt and MTGO exports.

A deck list becomes a :class:`DeckList`: the planar cards it names, each with the line it was read
from, and the issues found on the way (unknown names with the closest cards, lines left out). Reading
never raises for what a list says; :func:`read_deck_list` raises :class:`DeckListError` only when a
file cannot be read at all. Legality (901.3, 901.15a) is checked by :mod:`planechase.cards.decks`.

One reader takes every format; what it understands on a line:

- a card: ``Aretopolis``, ``1 Aretopolis``, ``1x Aretopolis``, ``SB: 1 Aretopolis`` (MTGO), with
  the tails exports add ignored: ``(PCA) 12`` (set and collector number), ``*F*`` (foil),
  ``#tag`` (Moxfield tags), ``[Plane,Planechase]`` (Archidekt categories), ``^Have,#37d67a^``,
  and a comment after the name (``  // ...`` or ``  # ...``);
- a section header: ``Planes``, ``PLANAR DECK:``, ``// Sideboard``, ``[main]``, ``Creatures (30)``;
- a comment: a line starting with ``#`` or ``//`` that is not a section header; blank lines.

Which lines make the planar deck (the rule, also in docs/decks.md):

1. Sections named for planar cards (``Planes``, ``Planar Deck``, ``Planechase``, ``Phenomena``,
   Archidekt's ``[Plane]`` category, ...) are read whole: every line there must name a planar card.
2. Sections that are never part of a deck (``Maybeboard``, ``Considering``, ``Tokens``, ``About``,
   Archidekt categories marked ``{noDeck}``) are skipped.
3. Any other section (``Commander``, ``Deck``, ``Sideboard``, ``SB:`` lines, ...), and the unheaded
   blocks of lines between blank lines, is read when it names a planar card (or something within a
   typo of one), and skipped when it names none: that is the main deck of an export. When the file
   has a planar section (rule 1), the other named sections are skipped, and a planar card found in
   one is reported as left out. When no block names a planar card at all, every block is read, so
   each unknown name is reported with its line.

>>> deck = parse_deck_list("Deck\\n4 Sol Ring\\n\\nPlanes\\n1 Aretopolis (PCA) 10\\n1x chaotic AEther")
>>> deck.names
('Aretopolis', 'Chaotic Aether')
>>> [entry.line for entry in deck.entries]
[5, 6]
>>> print(parse_deck_list("1 Aretopolis\\nPools of Becomming", source="mine.txt").errors[0].text)
mine.txt, line 2: unknown planar card 'Pools of Becomming'; did you mean 'Pools of Becoming'?
"""

from __future__ import annotations

import difflib
import json
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from ..errors import ConfigError, DeckError, Param, Text
from .model import Catalog, normalize_name

Severity = Literal["error", "warning", "note"]

#: What a deck list is called in messages: a name as it is (a file name), or words to translate ("Ann's planar
#: deck", as a :class:`~planechase.errors.Text`).
Where = str | Text

#: The largest deck list file read (a planar deck list is a few hundred bytes).
MAX_BYTES = 1_000_000

#: The largest count a line may give (anything above 1 is already illegal, see 901.3).
MAX_COUNT = 999

#: How close (difflib ratio of normalized names) a name must be to a planar card to count as a typo
#: of one when deciding whether a block of lines is the planar part of a file.
NEAR_MISS = 0.8

# -- section names (compared after normalize_name) -----------------------------------------------

PLANAR = "planar"
OTHER = "other"
IGNORED = "ignored"
UNLABELLED = "unlabelled"


def _titles(names: str) -> frozenset[str]:
    return frozenset(normalize_name(n) for n in names.split("|"))


_PLANAR_TITLES = _titles(
    "Planes|Plane|Planar|Planar Deck|Planar Decks|Planar Cards|Planar Card|Planechase|Planechase Deck|"
    "Planechase Cards|Phenomena|Phenomenon|Phenomenons|Planes and Phenomena|Planes & Phenomena"
)
_IGNORED_TITLES = _titles(
    "Maybeboard|Maybe|Considering|Consider|Wishlist|Wishboard|Acquireboard|Acquire|Tokens|Token|About|"
    "Metadata|General|Notes|Description"
)
_OTHER_TITLES = _titles(
    "Commander|Commanders|Companion|Companions|Deck|Main|Mainboard|Main Deck|Maindeck|Library|Sideboard|"
    "Side|SB|Attractions|Stickers|Contraptions|Schemes|Scheme Deck|Dungeons|Creatures|Creature|Lands|Land|"
    "Instants|Instant|Sorceries|Sorcery|Artifacts|Artifact|Enchantments|Enchantment|Planeswalkers|"
    "Planeswalker|Battles|Battle|Spells|Other"
)

_COMMENT = re.compile(r"^(?://+|#+)\s*")
_TITLE_COUNT = re.compile(r"\s*(?:\(\s*\d+\s*\)|:\s*\d+)\s*$")  # "Planes (10)", "Sideboard: 15"
_SIDEBOARD_PREFIX = re.compile(r"^SB:\s*", re.IGNORECASE)
_COUNT = re.compile(r"^(\d+)\s*[xX×]?\s+(?=\S)|^(\d+)[xX×](?=\S)")
_TAGS = re.compile(r"\s+#.*$")  # Moxfield "#tag #!global tag", or a "# comment" after the card
_TRAILING_COMMENT = re.compile(r"\s+//(?:\s.*)?$")  # "Aretopolis  // a comment"
_COLOR_TAG = re.compile(r"\s+\^[^^]*\^\s*$")  # Archidekt "^Have,#37d67a^"
_CATEGORIES = re.compile(r"\s+\[([^\[\]]*)\]\s*$")  # Archidekt "[Plane,Planechase{noDeck}]"
_MARKER = re.compile(r"\s+\*[A-Za-z0-9-]+\*\s*$")  # "*F*", "*E*", "*CMDR*"
_PRINTING = re.compile(r"\s+\(([A-Za-z0-9][A-Za-z0-9_-]*)\)(?:\s+([^\s()]+))?\s*$")  # "(PCA) 12", "(pc2) 5a"
_FLAGS = re.compile(r"\{([^{}]*)\}")


# -- results ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckIssue:
    """Something wrong or worth knowing about a deck list.

    ``severity`` is ``"error"`` (the list is not a legal deck), ``"warning"`` (legal, but look) or
    ``"note"``; ``code`` names the kind (see docs/decks.md); ``rule`` is the Comprehensive Rules
    number when one applies (``""`` otherwise); ``where`` names the list (a file name, or "Alice's
    planar deck", which may be a :class:`~planechase.errors.Text` to translate); ``line`` is the line in
    that file, or ``card`` the position in a list of names; ``lines`` every line involved; ``suggestions``
    the closest card names for an unknown one.

    The message is the English ``template`` filled with ``params`` (see :class:`~planechase.errors.Text`):
    :attr:`message` in English, :attr:`message_text` to translate; :attr:`text` and :attr:`located_text`
    add where it applies.

    >>> issue = DeckIssue("error", "no_name", "a count of {count}", where="deck.txt", line=3, params={"count": 0})
    >>> issue.text
    'deck.txt, line 3: a count of 0'
    >>> issue.located_text.template
    '{where}, line {line}: {message}'
    """

    severity: Severity
    code: str
    template: str
    rule: str = ""
    where: Where = ""
    line: int | None = None
    card: int | None = None
    lines: tuple[int, ...] = ()
    suggestions: tuple[str, ...] = ()
    located: bool = True  # prefix the message with the line (False when the message names it)
    params: Mapping[str, Param] = field(default_factory=dict)

    @property
    def message_text(self) -> Text:
        """The message, to translate."""
        return Text(self.template, self.params)

    @property
    def message(self) -> str:
        """The message in English."""
        return str(self.message_text)

    @property
    def location_text(self) -> Param:
        """:attr:`location`, to translate."""
        named = str(self.where) != ""
        if self.line is not None:
            if named:
                return Text("{where}, line {line}", {"where": self.where, "line": self.line})
            return Text("line {line}", {"line": self.line})
        if self.card is not None:
            if named:
                return Text("{where}, card {position}", {"where": self.where, "position": self.card})
            return Text("card {position}", {"position": self.card})
        return self.where

    @property
    def location(self) -> str:
        """``"deck.txt, line 3"``, ``"Alice's planar deck, card 3"``, or just the list's name."""
        return str(self.location_text)

    @property
    def located_text(self) -> Text:
        """:attr:`text`, to translate."""
        message = self.message_text
        if not self.located:
            return message
        named = str(self.where) != ""
        if self.line is not None:
            if named:
                return Text(
                    "{where}, line {line}: {message}", {"where": self.where, "line": self.line, "message": message}
                )
            return Text("line {line}: {message}", {"line": self.line, "message": message})
        if self.card is not None:
            if named:
                return Text(
                    "{where}, card {position}: {message}",
                    {"where": self.where, "position": self.card, "message": message},
                )
            return Text("card {position}: {message}", {"position": self.card, "message": message})
        return message

    @property
    def text(self) -> str:
        """The message with where it applies, as shown to people."""
        return str(self.located_text)

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}" if self.rule else self.text

    def to_error(self) -> DeckError:
        """This issue as the :class:`DeckError` the raising checks throw (its ``text`` is :attr:`located_text`)."""
        text = self.located_text
        return DeckError(self.rule, text.template, **text.params)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "severity": self.severity,
            "code": self.code,
            "rule": self.rule or None,
            "line": self.line,
            "card": self.card,
            "lines": list(self.lines),
            "message": self.message,
            "text": self.text,
            "suggestions": list(self.suggestions),
        }


class IssuesBySeverity:
    """The ``errors``, ``warnings`` and ``notes`` of anything holding a tuple of :class:`DeckIssue`."""

    issues: tuple[DeckIssue, ...]

    @property
    def errors(self) -> tuple[DeckIssue, ...]:
        return tuple(i for i in self.issues if i.severity == "error")

    @property
    def warnings(self) -> tuple[DeckIssue, ...]:
        return tuple(i for i in self.issues if i.severity == "warning")

    @property
    def notes(self) -> tuple[DeckIssue, ...]:
        return tuple(i for i in self.issues if i.severity == "note")


@dataclass(frozen=True)
class DeckEntry:
    """One card line of a deck list: the name as written and the catalog card it names (``None`` when
    no planar card has that name), the count written (1 when none), the line (or ``None`` for a list
    of names) and the section it was read under."""

    written: str
    card: str | None
    count: int = 1
    line: int | None = None
    position: int = 0
    section: str = ""
    set_code: str | None = None
    collector_number: str | None = None


@dataclass(frozen=True)
class DeckList(IssuesBySeverity):
    """A parsed deck list: its planar card entries in file order, the issues found while reading, the
    name it is reported under (``source``) and a guess at the export it came from (``format``:
    ``plain``, ``moxfield``, ``archidekt``, ``mtgo``, ``json``, or ``names`` for a list built by
    :func:`deck_list_from_names`; informative only)."""

    source: Where
    entries: tuple[DeckEntry, ...] = ()
    issues: tuple[DeckIssue, ...] = ()
    format: str = "plain"
    skipped_lines: tuple[int, ...] = field(default=(), compare=False)

    @property
    def names(self) -> tuple[str, ...]:
        """The catalog names of the cards, each as many times as its line counts; unknown names are
        left out (they are errors in :attr:`issues`)."""
        return tuple(e.card for e in self.entries if e.card is not None for _ in range(e.count))

    @property
    def size(self) -> int:
        """How many cards the list names, counting unknown names and repeated counts."""
        return sum(e.count for e in self.entries)

    @property
    def ok(self) -> bool:
        """Whether every line was read without an error (legality is checked separately)."""
        return not self.errors

    def require(self) -> tuple[str, ...]:
        """The card names, or the first reading error raised as a :class:`DeckError`."""
        if self.errors:
            raise self.errors[0].to_error()
        return self.names


class DeckListError(ConfigError):
    """A deck list that cannot be read at all: a missing file, binary data, an unknown encoding."""


# -- reading ---------------------------------------------------------------------------------------


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
    """Decode a deck list (UTF-8 with or without a byte order mark, else Windows-1252) and parse it.
    Raises :class:`DeckListError` for data that is not a text deck list."""
    if len(data) > MAX_BYTES:
        raise DeckListError(
            "{source} is larger than {limit} bytes; that is not a planar deck list", source=source, limit=MAX_BYTES
        )
    if b"\x00" in data:
        raise DeckListError("{source} is not a text file", source=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError:
            raise DeckListError("{source} is neither UTF-8 nor Windows-1252 text", source=source) from None
    head = text.lstrip()[:200].lower()
    if head.startswith("<?xml") or head.startswith("<deck"):
        raise DeckListError(
            "{source} looks like an MTGO .dek (XML) file, which is not read; export the deck as text (.txt or .dec)",
            source=source,
        )
    return parse_deck_list(text, catalog, source=source)


def parse_deck_list(text: str, catalog: Catalog | None = None, *, source: Where = "<deck list>") -> DeckList:
    """Parse a deck list in any accepted format (see the module documentation for the rules)."""
    cat = _catalog(catalog)
    stripped = text.strip()
    if stripped[:1] in ("[", "{"):
        try:
            data = json.loads(stripped)
        except ValueError:
            pass  # not JSON: "[main]" starts an Apprentice-style list
        else:
            return _from_json(data, cat, source)
    return _TextReader(cat, source).read(text)


def deck_list_from_names(names: Iterable[str], catalog: Catalog | None = None, *, where: Where = "deck") -> DeckList:
    """A :class:`DeckList` for card names given in a program (no lines: issues cite ``card i``).

    >>> issue = deck_list_from_names(["aretopolis", "Tazem"]).errors[0]
    >>> issue.location, issue.code, issue.suggestions[0]
    ('deck, card 2', 'unknown_card', 'Tazeem')
    """
    cat = _catalog(catalog)
    entries: list[DeckEntry] = []
    issues: list[DeckIssue] = []
    for position, name in enumerate(names, start=1):
        card = _lookup(cat, name)
        entries.append(DeckEntry(written=name, card=card, position=position))
        if card is None:
            issues.append(_unknown(cat, name, where=where, card=position))
    return DeckList(source=where, entries=tuple(entries), issues=tuple(issues), format="names")


def _catalog(catalog: Catalog | None) -> Catalog:
    if catalog is not None:
        return catalog
    from .catalog import CATALOG

    return CATALOG


def _lookup(catalog: Catalog, name: str) -> str | None:
    try:
        return catalog.get(name).name
    except KeyError:
        return None


def _lookup_written(catalog: Catalog, name: str) -> str | None:
    """The card a deck list line names: as written, or with the " (Plane)" that tells the Secret Lair
    planes from cards of the same name ("Imaginary Friends" is "Imaginary Friends (Plane)")."""
    card = _lookup(catalog, name)
    if card is None and not name.rstrip().endswith(")"):
        card = _lookup(catalog, f"{name} (Plane)")
    return card


def _unknown(
    catalog: Catalog, name: str, *, where: Where, line: int | None = None, card: int | None = None
) -> DeckIssue:
    close = tuple(catalog.closest(name))
    if close:
        text = Text(
            "unknown planar card {name}; did you mean {names}?",
            {"name": repr(name), "names": or_text([repr(c) for c in close])},
        )
    else:
        text = Text("unknown planar card {name}", {"name": repr(name)})
    return DeckIssue(
        "error",
        "unknown_card",
        text.template,
        where=where,
        line=line,
        card=card,
        lines=(line,) if line is not None else (),
        suggestions=close,
        params=text.params,
    )


def quoted_card(card: str) -> Param:
    """A card's name in quotes as ``repr`` writes it (``'Pompeii'``, ``"Norn's Seedcore"``), the name a
    ``card`` param a screen translates.

    >>> print(quoted_card("Norn's Seedcore"), quoted_card("Pompeii"))
    "Norn's Seedcore" 'Pompeii'
    >>> quoted_card("Pompeii").to_dict()
    {'template': "'{card}'", 'params': {'card': 'Pompeii'}}
    """
    if repr(card) == f"'{card}'":
        return Text("'{card}'", {"card": card})
    if repr(card) == f'"{card}"':
        return Text('"{card}"', {"card": card})
    return repr(card)


def and_text(items: Sequence[Param]) -> Param:
    """``"A, B and C"``: ``items`` listed in words that can be translated (one item is itself).

    >>> str(and_text(["Aretopolis on line 2", "Pompeii on line 5", "Sokenzan on line 7"]))
    'Aretopolis on line 2, Pompeii on line 5 and Sokenzan on line 7'
    """
    if len(items) < 2:
        return items[0] if items else ""
    return Text("{items} and {last}", {"items": _listed(items[:-1]), "last": items[-1]})


def or_text(items: Sequence[Param]) -> Param:
    """``"A, B or C"``: ``items`` as alternatives, in words that can be translated (one item is itself).

    >>> str(or_text(["'Naar Isle'", "'Naya'"]))
    "'Naar Isle' or 'Naya'"
    """
    if len(items) < 2:
        return items[0] if items else ""
    return Text("{items} or {last}", {"items": _listed(items[:-1]), "last": items[-1]})


def _listed(items: Sequence[Param]) -> Param:
    """``"A, B, C"``: the items before a list's last one, with the language's commas."""
    head = items[0]
    for item in items[1:]:
        head = Text("{items}, {item}", {"items": head, "item": item})
    return head


# -- JSON ------------------------------------------------------------------------------------------


def _from_json(data: Any, catalog: Catalog, source: Where) -> DeckList:
    """A JSON list of names (or of ``{"name": ..., "count": ...}``), or an object with ``cards``, a
    one-deck ``decks`` list, or ``shared_deck`` (a game configuration)."""
    cards: Any = data
    if isinstance(data, dict):
        if "cards" in data:
            cards = data["cards"]
        elif "shared_deck" in data and data["shared_deck"] is not None:
            cards = data["shared_deck"]
        elif isinstance(data.get("decks"), list):
            decks = data["decks"]
            if len(decks) != 1:
                issue = DeckIssue(
                    "error",
                    "several_decks",
                    "{source} holds {count} decks; check them one at a time",
                    where=source,
                    params={"source": source, "count": len(decks)},
                )
                return DeckList(source=source, issues=(issue,), format="json")
            cards = decks[0]["cards"] if isinstance(decks[0], dict) and "cards" in decks[0] else decks[0]
        else:
            cards = None
    if not isinstance(cards, list):
        issue = DeckIssue(
            "error",
            "unreadable",
            "{source} is JSON but not a deck list (a list of card names, or an object with 'cards')",
            where=source,
            params={"source": source},
        )
        return DeckList(source=source, issues=(issue,), format="json")
    entries: list[DeckEntry] = []
    issues: list[DeckIssue] = []
    for position, item in enumerate(cards, start=1):
        name, count = _json_card(item)
        if name is None:
            issues.append(DeckIssue("error", "unreadable", "not a card name", where=source, card=position, lines=()))
            continue
        card = _lookup(catalog, name)
        if card is None:
            issues.append(_unknown(catalog, name, where=source, card=position))
        bad = _check_count(count, where=source, line=None, card=position)
        if bad is not None:
            issues.append(bad)
            continue
        entries.append(DeckEntry(written=name, card=card, count=count, position=position))
    return DeckList(source=source, entries=tuple(entries), issues=tuple(issues), format="json")


def _json_card(item: Any) -> tuple[str | None, int]:
    if isinstance(item, str):
        return item, 1
    if isinstance(item, dict) and isinstance(item.get("name"), str):
        count = item.get("count", item.get("quantity", 1))
        return item["name"], count if isinstance(count, int) and not isinstance(count, bool) else -1
    return None, 1


def _check_count(count: int, *, where: Where, line: int | None, card: int | None) -> DeckIssue | None:
    if 1 <= count <= MAX_COUNT:
        return None
    if count >= 0:
        text = Text("a count of {count}; list each planar card once", {"count": count})
    else:
        text = Text("a count that is not a number; list each planar card once")
    return DeckIssue(
        "error",
        "bad_count",
        text.template,
        where=where,
        line=line,
        card=card,
        lines=(line,) if line is not None else (),
        params=text.params,
    )


# -- text ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _CardLine:
    number: int
    name: str
    count: int | None
    set_code: str | None
    collector_number: str | None


@dataclass(eq=False)
class _Block:
    """Consecutive card lines of one section (or of one Archidekt category, or the ``SB:`` lines)."""

    title: str
    kind: str
    lines: list[_CardLine] = field(default_factory=list)


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
    if key in _PLANAR_TITLES:
        return title, PLANAR
    if key in _IGNORED_TITLES:
        return title, IGNORED
    if key in _OTHER_TITLES:
        return title, OTHER
    if commented or _COUNT.match(title) or _SIDEBOARD_PREFIX.match(title):
        return None
    if bracketed or colon or (counted and not title[:1].isdigit()):
        return title, OTHER  # a section of its own: "[Ramp]", "Custom:", "Ramp (10)"
    return None


def _card_line(text: str, number: int, catalog: Catalog) -> tuple[_CardLine, bool, tuple[str, ...], bool]:
    """The card named on a line, whether it had an ``SB:`` prefix, its Archidekt categories and whether
    one of them is marked ``{noDeck}``."""
    rest = text
    sideboard = bool(_SIDEBOARD_PREFIX.match(rest))
    rest = _SIDEBOARD_PREFIX.sub("", rest)
    count: int | None = None
    match = _COUNT.match(rest)
    if rest.isdigit():
        count, rest = int(rest), ""
    elif match:
        count = int(match.group(1) or match.group(2))
        rest = rest[match.end() :]
    rest = _TRAILING_COMMENT.sub("", _TAGS.sub("", rest))
    rest = _COLOR_TAG.sub("", rest)
    categories: tuple[str, ...] = ()
    no_deck = False
    cats = _CATEGORIES.search(rest)
    if cats:
        raw = [c.strip() for c in cats.group(1).split(",") if c.strip()]
        no_deck = any("nodeck" in f.lower() for c in raw for f in _FLAGS.findall(c))
        categories = tuple(_FLAGS.sub("", c).strip() for c in raw)
        rest = rest[: cats.start()]
    while _MARKER.search(rest):
        rest = _MARKER.sub("", rest)
    set_code = collector = None
    printing = _PRINTING.search(rest)
    if printing and rest.strip() not in catalog:  # "Imaginary Friends (Plane)" is a name, not a printing
        set_code, collector = printing.group(1), printing.group(2)
        rest = rest[: printing.start()]
        rest = _MARKER.sub("", rest)
    line = _CardLine(number, rest.strip(), count, set_code, collector)
    return line, sideboard, categories, no_deck


class _TextReader:
    """Reads a text deck list into blocks, then decides which blocks make the planar deck."""

    def __init__(self, catalog: Catalog, source: Where) -> None:
        self.catalog = catalog
        self.source = source
        self._keys = [normalize_name(c.name) for c in catalog]

    def read(self, text: str) -> DeckList:
        blocks, planar_section, hints = self._blocks(text)
        chosen = [b for b in blocks if self._takes(b, planar_section)]
        if not chosen and not planar_section:
            chosen = [b for b in blocks if b.kind in (UNLABELLED, OTHER)]
        entries: list[DeckEntry] = []
        issues: list[DeckIssue] = []
        skipped: list[int] = []
        for block in blocks:
            if block in chosen:
                for card_line in block.lines:
                    self._entry(card_line, block, entries, issues)
                continue
            for card_line in block.lines:
                if block.kind != UNLABELLED and self._planar_or_near(card_line.name):
                    issues.append(self._left_out(card_line, block))
                else:
                    skipped.append(card_line.number)
        if skipped:
            count, lines = len(skipped), _ranges(sorted(skipped))
            if count == 1:
                note = Text(
                    "{count} line names no planar card and was left out as the rest of the deck ({lines})",
                    {"count": count, "lines": lines},
                )
            else:
                note = Text(
                    "{count} lines name no planar card and were left out as the rest of the deck ({lines})",
                    {"count": count, "lines": lines},
                )
            issues.append(
                DeckIssue(
                    "note",
                    "skipped_lines",
                    note.template,
                    where=self.source,
                    lines=tuple(sorted(skipped)),
                    params=note.params,
                )
            )
        entries.sort(key=lambda e: e.line or 0)
        issues.sort(key=lambda i: (i.line if i.line is not None else 10**9, i.severity != "error"))
        if skipped and any(b.kind == UNLABELLED and b not in chosen for b in blocks):
            hints.add("skipped_block")
        return DeckList(
            source=self.source,
            entries=tuple(entries),
            issues=tuple(issues),
            format=_guess_format(hints),
            skipped_lines=tuple(sorted(skipped)),
        )

    def _blocks(self, text: str) -> tuple[list[_Block], bool, set[str]]:
        blocks: list[_Block] = []
        grouped: dict[tuple[str, str], _Block] = {}
        title, kind = "", UNLABELLED
        current: _Block | None = None
        planar_section = False
        hints: set[str] = set()
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.replace("\ufeff", "").replace("\xa0", " ").replace("\t", " ").strip()
            if not line:
                if kind != PLANAR:
                    current = None  # a blank line ends a block (MTGO: main deck, blank line, sideboard)
                continue
            header = _section_title(line)
            if header is not None:
                title, kind = header
                current = None
                planar_section = planar_section or kind == PLANAR
                if line.startswith("["):
                    hints.add("bracket")  # Apprentice / MTGO-style "[Sideboard]"
                elif not _COMMENT.match(line):
                    hints.add("header")  # Moxfield / Arena "Commander", "Deck", "Sideboard"
                continue
            if _COMMENT.match(line):
                continue
            card_line, sideboard, categories, no_deck = _card_line(line, number, self.catalog)
            if card_line.set_code is not None:
                hints.add("printing")
            if card_line.count is not None:
                hints.add("counts")
            if categories or no_deck:
                hints.add("categories")
                cat_title, cat_kind = _category_kind(categories, no_deck)
                planar_section = planar_section or cat_kind == PLANAR
                block = grouped.setdefault(("category", cat_title), _Block(cat_title, cat_kind))
            elif sideboard and kind != PLANAR:
                hints.add("sb")
                block = grouped.setdefault(("sb", ""), _Block("Sideboard", OTHER))
            else:
                if current is None:
                    current = _Block(title, kind)
                    blocks.append(current)
                block = current
            if block not in blocks:
                blocks.append(block)
            block.lines.append(card_line)
        return blocks, planar_section, hints

    def _takes(self, block: _Block, planar_section: bool) -> bool:
        if block.kind == PLANAR:
            return True
        if block.kind == IGNORED or (block.kind == OTHER and planar_section):
            return False
        return any(self._planar_or_near(line.name) for line in block.lines)

    def _planar_or_near(self, name: str) -> bool:
        if _lookup_written(self.catalog, name) is not None:
            return True
        key = normalize_name(name)
        return bool(key) and bool(difflib.get_close_matches(key, self._keys, n=1, cutoff=NEAR_MISS))

    def _entry(self, card_line: _CardLine, block: _Block, entries: list[DeckEntry], issues: list[DeckIssue]) -> None:
        number = card_line.number
        if not card_line.name:
            issues.append(DeckIssue("error", "no_name", "a count without a card name", where=self.source, line=number))
            return
        count = 1 if card_line.count is None else card_line.count
        bad = _check_count(count, where=self.source, line=number, card=None)
        card = _lookup_written(self.catalog, card_line.name)
        if card is None:
            issue = _unknown(self.catalog, card_line.name, where=self.source, line=number)
            if block.kind == OTHER:
                hinted = Text(
                    "{message} (the {section} section is read as the planar deck because it names planar cards;"
                    " put them under a 'Planes' heading to leave the other cards out)",
                    {"message": issue.message_text, "section": repr(block.title)},
                )
                issue = replace(issue, template=hinted.template, params=hinted.params)
            issues.append(issue)
        if bad is not None:
            issues.append(bad)
            return
        entries.append(
            DeckEntry(
                written=card_line.name,
                card=card,
                count=count,
                line=number,
                position=len(entries) + 1,
                section=block.title,
                set_code=card_line.set_code,
                collector_number=card_line.collector_number,
            )
        )

    def _left_out(self, card_line: _CardLine, block: _Block) -> DeckIssue:
        card = _lookup_written(self.catalog, card_line.name)
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
        return DeckIssue(
            "warning",
            "outside_planar_section",
            text.template,
            where=self.source,
            line=card_line.number,
            lines=(card_line.number,),
            params=text.params,
        )


def _category_kind(categories: tuple[str, ...], no_deck: bool) -> tuple[str, str]:
    """An Archidekt line's section: left out of the deck (a ``{noDeck}`` category such as the
    Maybeboard) before planar (a category named for planar cards) before any other."""
    keys = [normalize_name(c) for c in categories]
    first = categories[0] if categories else ""
    if no_deck or any(k in _IGNORED_TITLES for k in keys):
        ignored = [c for c, k in zip(categories, keys, strict=True) if k in _IGNORED_TITLES]
        return (ignored[0] if ignored else first), IGNORED
    for category, key in zip(categories, keys, strict=True):
        if key in _PLANAR_TITLES:
            return category, PLANAR
    return first, OTHER


def _guess_format(hints: set[str]) -> str:
    if "categories" in hints:
        return "archidekt"
    if "sb" in hints or "bracket" in hints:
        return "mtgo"
    if "printing" in hints or "header" in hints:
        return "moxfield"
    if "counts" in hints and "skipped_block" in hints:
        return "mtgo"  # MTGO .txt: the main deck, a blank line, the sideboard
    return "plain"


def _ranges(numbers: list[int]) -> Text:
    """``[1, 2, 3, 7]`` -> ``"lines 1-3 and 7"``.

    >>> str(_ranges([1, 2, 3, 7])), str(_ranges([4]))
    ('lines 1-3 and 7', 'line 4')
    """
    if len(numbers) == 1:
        return Text("line {line}", {"line": numbers[0]})
    parts: list[Param] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], None]:
        if n is not None and n == prev + 1:
            prev = n
            continue
        parts.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return Text("lines {ranges}", {"ranges": and_text(parts)})
