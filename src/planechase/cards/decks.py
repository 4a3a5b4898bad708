"""Planar deck legality: 901.3 for a player's own deck, 901.15a for the single shared deck.

:func:`validate_deck` and :func:`validate_shared_deck` return a :class:`DeckReport` with every error
and warning (each with its rule and, for a parsed deck list, its line); :func:`check_deck` and
:func:`check_shared_deck` raise the first error as a :class:`DeckError` (the engine uses them).

>>> report = validate_deck(["Aretopolis", "Tazeem", "aretopolis"])
>>> report.legal
False
>>> for issue in report.errors:
...     print(issue)
901.3: deck has 3 cards; a planar deck needs at least ten
901.3: deck has 'Aretopolis' more than once (cards 1 and 3); every card needs a different name
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from ..errors import Param, Text
from .decklist_model import default_catalog as _default_catalog
from .decklist_model import unknown_card as _unknown_card
from .decklists import (
    DeckEntry,
    DeckIssue,
    DeckList,
    IssuesBySeverity,
    Where,
    and_text,
    deck_list_from_names,
    quoted_card,
)
from .model import Catalog, normalize_name

#: The smallest personal planar deck (901.3) and its most phenomena.
MIN_DECK = 10
MAX_PHENOMENA = 2


def shared_minimum(players: int) -> int:
    """The fewest cards a single shared planar deck may have: forty or ten per player, whichever is
    smaller (901.15a)."""
    return min(40, 10 * players)


def resolve_names(names: Sequence[str], catalog: Catalog, *, where: Where = "deck") -> tuple[str, ...]:
    """Catalog names for ``names``; an unknown name raises :class:`~planechase.errors.DeckError` naming its
    position and the closest cards."""
    out: list[str] = []
    for i, name in enumerate(names, start=1):
        try:
            out.append(catalog.get(name).name)
        except KeyError:
            raise _unknown_card(catalog, name, where=where, card=i).to_error() from None
    return tuple(out)


def check_deck(names: Sequence[str], catalog: Catalog, *, where: Where = "deck") -> None:
    """Check one player's planar deck (901.3): at least ten cards, at most two phenomena, all with
    different English names. Raises the first problem as a :class:`~planechase.errors.DeckError`."""
    if not _plainly_legal(names, catalog, minimum=MIN_DECK, most=MAX_PHENOMENA):
        validate_deck(names, catalog, where=where).raise_for_errors()


def check_shared_deck(names: Sequence[str], players: int, catalog: Catalog) -> None:
    """Check the single communal planar deck (901.15a): at least min(40, 10 x players) cards, at most
    2 x players phenomena, all with different English names. Raises the first problem."""
    if players < 1 or not _plainly_legal(names, catalog, minimum=shared_minimum(players), most=2 * players):
        validate_shared_deck(names, players, catalog).raise_for_errors()


def _plainly_legal(names: Sequence[str], catalog: Catalog, *, minimum: int, most: int) -> bool:
    """A quick yes for the usual deck, as the full check would give it: every name exactly a card's name
    in ``catalog``, all different, at least ``minimum`` of them and at most ``most`` phenomena. Any other
    deck goes through the full check, which finds and words every problem."""
    if not isinstance(names, list | tuple) or len(names) < minimum:
        return False
    if not all(type(name) is str and catalog.has_exact(name) for name in names):
        return False
    if len({normalize_name(name) for name in names}) != len(names):
        return False
    return sum(1 for name in names if name not in catalog.planes) <= most


# -- reports ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DeckReport(IssuesBySeverity):
    """The legality of one planar deck: what it holds, what it needs and every issue found.

    ``mode`` is ``"individual"`` (901.3) or ``"shared"`` (901.15a, for ``players`` players);
    ``issues`` holds the deck list's reading issues (unknown names, lines left out) followed by the
    legality errors; ``suits_players`` is, for a shared deck with no naming errors, the range of
    player counts it is legal for (``None`` as the upper end means any number)."""

    where: str
    mode: Literal["individual", "shared"]
    rule: str
    players: int | None
    entries: tuple[DeckEntry, ...]
    size: int
    planes: int
    phenomena: int
    minimum: int
    max_phenomena: int
    issues: tuple[DeckIssue, ...]
    format: str
    suits_players: tuple[int, int | None] | None = None

    @property
    def cards(self) -> tuple[str, ...]:
        """The catalog names of the deck's known cards, in list order (counts repeated)."""
        return tuple(e.card for e in self.entries if e.card is not None for _ in range(e.count))

    @property
    def legal(self) -> bool:
        """Whether the deck may be played as checked: no errors (warnings and notes do not count)."""
        return not self.errors

    def raise_for_errors(self) -> None:
        """Raise the first error as a :class:`~planechase.errors.DeckError` (rule and message), if there is one."""
        if self.errors:
            raise self.errors[0].to_error()

    def summary(self) -> str:
        """One line, e.g. ``"10 cards: 9 planes and 1 phenomenon (901.3: at least 10, at most 2 phenomena)"``."""
        needs = f"at least {self.minimum}, at most {self.max_phenomena} phenomena"
        parts = [_count(self.planes, "plane"), _count(self.phenomena, "phenomenon", "phenomena")]
        unknown = self.size - self.planes - self.phenomena
        if unknown:
            parts.append(f"{unknown} unknown")
        return f"{_count(self.size, 'card')}: {_and(parts)} ({self.rule}: {needs})"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (what ``planechase deck check --json`` prints)."""
        return {
            "file": self.where,
            "legal": self.legal,
            "mode": self.mode,
            "rule": self.rule,
            "players": self.players,
            "format": self.format,
            "size": self.size,
            "planes": self.planes,
            "phenomena": self.phenomena,
            "minimum": self.minimum,
            "max_phenomena": self.max_phenomena,
            "suits_players": list(self.suits_players) if self.suits_players else None,
            "cards": [
                {"name": e.card, "written": e.written, "count": e.count, "line": e.line, "section": e.section or None}
                for e in self.entries
            ],
            "errors": [i.to_dict() for i in self.errors],
            "warnings": [i.to_dict() for i in self.warnings],
            "notes": [i.to_dict() for i in self.notes],
        }


def validate_deck(
    deck: DeckList | Sequence[str], catalog: Catalog | None = None, *, where: Where | None = None
) -> DeckReport:
    """Check one player's planar deck (901.3) and report every problem: at least ten cards, no more
    than two phenomena, each card with a different English name. ``deck`` is a parsed
    :class:`DeckList` (issues then cite lines) or a sequence of card names (issues cite positions)."""
    deck_list, where = _as_deck_list(deck, catalog, where)
    return _validate(deck_list, where, catalog, players=None)


def validate_shared_deck(
    deck: DeckList | Sequence[str], players: int, catalog: Catalog | None = None, *, where: Where | None = None
) -> DeckReport:
    """Check a single communal planar deck for ``players`` players (901.15a) and report every problem:
    at least forty cards or ten per player, whichever is fewer; no more phenomena than twice the
    number of players; each card with a different English name."""
    if players < 1:
        raise ValueError(f"a shared planar deck is for at least one player, not {players}")
    deck_list, where = _as_deck_list(deck, catalog, where, default="the shared planar deck")
    return _validate(deck_list, where, catalog, players=players)


def validate(
    deck: DeckList | Sequence[str],
    *,
    shared: bool = False,
    players: int | None = None,
    catalog: Catalog | None = None,
    where: Where | None = None,
) -> DeckReport:
    """:func:`validate_shared_deck` for ``players`` (2 when not given) if ``shared``, else
    :func:`validate_deck`."""
    if shared:
        return validate_shared_deck(deck, 2 if players is None else players, catalog, where=where)
    return validate_deck(deck, catalog, where=where)


def suits_players(size: int, phenomena: int) -> tuple[int, int | None] | None:
    """The player counts (two or more) a shared deck of ``size`` different cards with ``phenomena``
    phenomena is legal for under 901.15a, as ``(fewest, most)`` (``most`` is ``None`` from forty
    cards up), or ``None`` when there is none.

    >>> suits_players(30, 4)
    (2, 3)
    >>> suits_players(45, 2)
    (2, None)
    >>> suits_players(15, 0) is None
    True
    """
    fewest = max(2, -(-phenomena // 2))
    most = None if size >= 40 else size // 10
    if most is not None and most < fewest:
        return None
    return fewest, most


# -- the checks ------------------------------------------------------------------------------------


def _as_deck_list(
    deck: DeckList | Sequence[str], catalog: Catalog | None, where: Where | None, default: str = "deck"
) -> tuple[DeckList, Where]:
    if isinstance(deck, DeckList):
        return deck, where if where is not None and str(where) else deck.source
    if isinstance(deck, str):
        raise TypeError("give a sequence of card names or a DeckList, not one string")
    name = where if where is not None and str(where) else default
    return deck_list_from_names(deck, catalog, where=name), name


def _validate(deck: DeckList, where: Where, catalog: Catalog | None, *, players: int | None) -> DeckReport:
    cat = _default_catalog(catalog)
    shared = players is not None
    rule = "901.15a" if shared else "901.3"
    minimum = shared_minimum(players) if players is not None else MIN_DECK
    most = 2 * players if players is not None else MAX_PHENOMENA
    known = [e for e in deck.entries if e.card is not None]
    phenomena = [e for e in known if e.card is not None and cat[e.card].is_phenomenon]
    n_phenomena = sum(e.count for e in phenomena)
    n_planes = sum(e.count for e in known) - n_phenomena
    issues: list[DeckIssue] = list(deck.issues)
    size = deck.size

    def error(code: str, text: Text, line: int | None = None, lines: tuple[int, ...] = ()) -> None:
        issues.append(
            DeckIssue(
                "error",
                code,
                text.template,
                rule=rule,
                where=where,
                line=line,
                lines=lines,
                located=False,
                params=text.params,
            )
        )

    if size < minimum:
        if players is None and size == 1:
            need = Text("{where} has {count} card; a planar deck needs at least ten", {"where": where, "count": size})
        elif players is None:
            need = Text("{where} has {count} cards; a planar deck needs at least ten", {"where": where, "count": size})
        else:
            need = Text(
                "{where} has {count} cards; {players} players need at least {minimum}",
                {"where": where, "count": size, "players": players, "minimum": minimum},
            )
        error("too_few_cards", need)
    if n_phenomena > most:
        extra = phenomena[_index_past(phenomena, most)]
        error(
            "too_many_phenomena",
            Text(
                "{where} has {count} phenomena; at most {most} are allowed ({listed})",
                {"where": where, "count": n_phenomena, "most": most, "listed": and_text([_at(e) for e in phenomena])},
            ),
            line=extra.line,
            lines=tuple(e.line for e in phenomena if e.line is not None),
        )
    first: dict[str, DeckEntry] = {}
    for entry in known:
        assert entry.card is not None
        key = normalize_name(entry.card)
        earlier = first.get(key)
        if entry.count > 1:
            copies = (
                Text("{count} copies on line {line}", {"count": entry.count, "line": entry.line})
                if entry.line
                else Text("{count} copies", {"count": entry.count})
            )
            error(
                "duplicate",
                _twice(where, entry.card, copies),
                line=entry.line,
                lines=(entry.line,) if entry.line else (),
            )
        if earlier is not None:
            error(
                "duplicate",
                _twice(where, entry.card, _pair(earlier, entry)),
                line=entry.line,
                lines=tuple(x for x in (earlier.line, entry.line) if x is not None),
            )
        else:
            first[key] = entry
    if known and n_planes == 0:
        issues.append(
            DeckIssue(
                "warning",
                "no_planes",
                "{where} has no plane cards; a game needs one to start (901.5)",
                rule="901.5",
                where=where,
                params={"where": where},
            )
        )
    names_ok = not any(i.code in ("unknown_card", "duplicate", "bad_count", "no_name") for i in issues)
    fits = suits_players(size, n_phenomena) if shared and names_ok else None
    return DeckReport(
        where=str(where),
        mode="shared" if shared else "individual",
        rule=rule,
        players=players,
        entries=deck.entries,
        size=size,
        planes=n_planes,
        phenomena=n_phenomena,
        minimum=minimum,
        max_phenomena=most,
        issues=tuple(issues),
        format=deck.format,
        suits_players=fits,
    )


def _index_past(entries: Sequence[DeckEntry], most: int) -> int:
    """The index of the entry whose cards go past the ``most`` allowed."""
    total = 0
    for i, entry in enumerate(entries):
        total += entry.count
        if total > most:
            return i
    return len(entries) - 1


def _twice(where: Where, card: str, listed: Param) -> Text:
    return Text(
        "{where} has {name} more than once ({listed}); every card needs a different name",
        {"where": where, "name": quoted_card(card), "listed": listed},
    )


def _at(entry: DeckEntry) -> Param:
    if entry.line is not None:
        return Text("{card} on line {line}", {"card": str(entry.card), "line": entry.line})
    if entry.position:
        return Text("{card} (card {position})", {"card": str(entry.card), "position": entry.position})
    return str(entry.card)


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def _pair(a: DeckEntry, b: DeckEntry) -> Text:
    if a.line is not None and b.line is not None:
        return Text("lines {earlier} and {later}", {"earlier": a.line, "later": b.line})
    return Text("cards {earlier} and {later}", {"earlier": a.position, "later": b.position})


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"
