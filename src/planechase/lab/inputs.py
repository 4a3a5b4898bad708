"""Decks for a study: read from a file, standard input or a list of names, and checked (901.3, 901.15a).

>>> deck = checked_deck(read_deck("Naar Isle, Sokenzan, Aretopolis"))
Traceback (most recent call last):
...
planechase.lab.inputs.UnusableDeckError: 901.3: deck has 3 cards; a planar deck needs at least ten
"""

from __future__ import annotations

from pathlib import Path

from ..cards.catalog import CATALOG
from ..cards.decklists import DeckList, deck_list_from_names, read_deck_list
from ..cards.decks import DeckReport, validate

__all__ = ["UnusableDeckError", "checked_deck", "read_deck"]


class UnusableDeckError(ValueError):
    """A deck that cannot be studied: unreadable, an unknown card (with the closest names), or illegal
    (with the rule it breaks). ``report`` holds every issue (each a deck issue, translatable on its own)."""

    def __init__(self, report: DeckReport) -> None:
        first = report.errors[0]
        super().__init__(f"{first.rule}: {first.text}" if first.rule else first.text)
        self.report = report
        self.rule = first.rule


def read_deck(source: str) -> DeckList:
    """The deck list ``source`` names: a file (any format ``planechase deck check`` reads), ``-`` for
    standard input, or card names separated by commas. Raises
    :class:`~planechase.cards.decklists.DeckListError` for a file that cannot be read."""
    if source == "-" or Path(source).exists() or "," not in source:
        return read_deck_list(source, CATALOG)
    names = [name.strip() for name in source.split(",") if name.strip()]
    return deck_list_from_names(names[:200], CATALOG, where="deck")


def checked_deck(deck: DeckList, *, shared: bool = False, players: int = 2) -> tuple[str, ...]:
    """The deck's card names, if it reads cleanly and is legal (901.3; 901.15a when ``shared``); else
    :class:`UnusableDeckError` with every issue."""
    report = validate(deck, shared=shared, players=players, catalog=CATALOG)
    if not report.legal:
        raise UnusableDeckError(report)
    return deck.names
