"""What reading a deck list gives: :class:`DeckList` (the planar cards and where they were read), :class:`DeckIssue`
(an error, warning or note with its line) and the helpers that word them in translatable text.

The readers are in :mod:`planechase.cards.deck_reading` (text) and :mod:`planechase.cards.deck_files` (XML, CSV,
JSON); :mod:`planechase.cards.decklists` is the entry point.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import ConfigError, DeckError, Param, Text
from .model import Catalog

Severity = Literal["error", "warning", "note"]

#: What a deck list is called in messages: a name as it is (a file name), or words to translate ("Ann's planar
#: deck", as a :class:`~planechase.errors.Text`).
Where = str | Text

#: The largest deck list file read (a planar deck list is a few hundred bytes).
MAX_BYTES = 1_000_000

#: The layouts a deck list is read as (:attr:`DeckList.format`), with what they are called in reports.
FORMATS: dict[str, str] = {
    "plain": "a plain deck list",
    "moxfield": "a text export (Moxfield, Arena, TappedOut, deckstats and the like)",
    "archidekt": "an Archidekt export",
    "mtgo": "an MTGO or Apprentice deck list (.txt, .dec)",
    "mtgo-dek": "an MTGO deck file (.dek)",
    "forge": "a Forge deck (.dck)",
    "xmage": "an XMage deck (.dck)",
    "mws": "a Magic Workstation deck (.mwDeck)",
    "cockatrice": "a Cockatrice deck (.cod)",
    "csv": "a CSV table",
    "article": "a table pasted from a page",
    "json": "a JSON deck",
    "names": "a list of names",
}

#: The most card lines (rows, elements, items) a deck list may hold (a whole Commander deck is about 100).
MAX_CARDS = 5_000

#: The codes of the errors that keep a list from being read as a deck (the others are about the deck's legality):
#: a deck with one of them is not converted, and ``unreadable`` and ``several_decks`` make ``deck check`` exit 2.
READING_ERRORS = frozenset({"unreadable", "several_decks", "unknown_card", "bad_count", "no_name"})
UNREADABLE_ERRORS = frozenset({"unreadable", "several_decks"})

#: The largest count a line may give (anything above 1 is already illegal, see 901.3).
MAX_COUNT = 999


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
    def ruled_text(self) -> Text:
        """:attr:`located_text` after the rule it applies, when there is one: what a page lists."""
        located = self.located_text
        return Text("{rule}: {error}", {"rule": self.rule, "error": located}) if self.rule else located

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
    name it is reported under (``source``) and the layout it was read as (``format``, one of :data:`FORMATS`,
    or ``names`` for a list built by :func:`~planechase.cards.decklists.deck_list_from_names`; informative
    only)."""

    source: Where
    entries: tuple[DeckEntry, ...] = ()
    issues: tuple[DeckIssue, ...] = ()
    format: str = "plain"
    skipped_lines: tuple[int, ...] = field(default=(), compare=False)
    name: str = field(default="", compare=False)  # the deck's name, when the file gives one

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


# -- helpers --------------------------------------------------------------------------------------


def default_catalog(catalog: Catalog | None) -> Catalog:
    if catalog is not None:
        return catalog
    from .catalog import CATALOG

    return CATALOG


def lookup(catalog: Catalog, name: str) -> str | None:
    try:
        return catalog.get(name).name
    except KeyError:
        return None


def lookup_written(catalog: Catalog, name: str) -> str | None:
    """The card a deck list line names: as written, or with the " (Plane)" that tells the Secret Lair
    planes from cards of the same name ("Imaginary Friends" is "Imaginary Friends (Plane)")."""
    card = lookup(catalog, name)
    if card is None and not name.rstrip().endswith(")"):
        card = lookup(catalog, f"{name} (Plane)")
    return card


def unknown_card(
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


def check_count(count: int, *, where: Where, line: int | None, card: int | None) -> DeckIssue | None:
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


def line_ranges(numbers: list[int]) -> Text:
    """``[1, 2, 3, 7]`` -> ``"lines 1-3 and 7"``.

    >>> str(line_ranges([1, 2, 3, 7])), str(line_ranges([4]))
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
