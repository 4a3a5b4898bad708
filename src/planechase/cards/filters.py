"""Deck filters players ask for when they draw a random planar deck: planes for remote play, planes for Commander.

Each filter keeps the cards that suit a way of playing and says why it leaves the others out, so a player can
disagree card by card (and put a card back by hand in a pasted deck):

* ``remote``: **for remote play**, each player at their own table in front of a webcam, holding only their own
  cards. It leaves out the cards that move a card from one player's reach into another's: gaining or exchanging
  control of another player's permanent, and putting onto the battlefield, casting or playing a card another
  player owns. Every other card works over a camera (revealing, choosing and voting are said aloud; tokens and
  counters are each player's own). ``tests/cards/test_filters.py`` keeps the list in step with the cards' Oracle
  text: any card whose text names such an effect is either left out here or exempted with the reason.
* ``commander``: **for Commander games**, the planes and phenomena printed in Commander decks (March of the
  Machine Commander and Doctor Who, MOC and WHO), which Wizards of the Coast made for four-player games at 40
  life, including the older planes reprinted there.

>>> remote = FILTERS["remote"]
>>> remote.keeps(CATALOG["Naar Isle"]), remote.keeps(CATALOG["Cliffside Market"])
(True, False)
>>> remote.why_not("Cliffside Market")
'its chaos ability exchanges control of two permanents, which may belong to players at different tables'
>>> FILTERS["commander"].keeps(CATALOG["Krosa"]), FILTERS["commander"].keeps(CATALOG["Naar Isle"])
(True, False)
>>> sorted(name for name in REMOTE_LEAVES_OUT if name not in CATALOG)
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from ..errors import DeckError, Text
from .catalog import CATALOG
from .model import CardDef

#: The cards the remote-play filter leaves out, with why: each moves a card from one player's reach into another's.
REMOTE_LEAVES_OUT: Mapping[str, str] = {
    "Cliffside Market": (
        "its chaos ability exchanges control of two permanents, which may belong to players at different tables"
    ),
    "Glen Elendra": "it exchanges control of creatures between players at the end of combat",
    "Grixis": "its chaos ability puts a creature card from any graveyard onto the battlefield under your control",
    "Mirrored Depths": "its chaos ability lets you cast the top card of another player's library",
    "Windriddle Palaces": "players may play lands and cast spells from the top of any player's library",
    "TARDIS Bay": "its chaos ability gains control of an artifact another player may control",
    "The Matrix of Time": "you may play and cast the cards it exiles from every player's library",
    "The Moonbase": "its chaos ability puts creature cards from opponents' graveyards onto your battlefield",
}
#: The sets of the Commander decks that included planar cards.
COMMANDER_SETS = frozenset({"MOC", "WHO"})


@dataclass(frozen=True)
class DeckFilter:
    """A way of playing and the cards that suit it: ``keeps(card)``, and ``why_not(name)`` for the others."""

    name: str
    #: What the filter keeps ("planes for remote play"), to translate.
    title: Text
    keeps: Callable[[CardDef], bool]
    reasons: Mapping[str, str]
    #: Why a card the filter leaves out for no reason of its own is left out.
    general_reason: str = ""

    def why_not(self, name: str) -> str:
        """Why the card ``name`` is left out (``""`` when it is kept)."""
        card = CATALOG[name]
        if self.keeps(card):
            return ""
        return self.reasons.get(card.name, self.general_reason)


FILTERS: Mapping[str, DeckFilter] = {
    "remote": DeckFilter(
        "remote",
        Text("planes for remote play"),
        lambda card: card.name not in REMOTE_LEAVES_OUT,
        REMOTE_LEAVES_OUT,
    ),
    "commander": DeckFilter(
        "commander",
        Text("planes for Commander games"),
        lambda card: bool(COMMANDER_SETS & set(card.sets)),
        {},
        "it was not printed in a Commander deck (MOC, WHO)",
    ),
}


def deck_filters(names: Iterable[str]) -> tuple[DeckFilter, ...]:
    """The filters named (each once, in order); an unknown name raises :class:`DeckError`.

    >>> [f.name for f in deck_filters(["commander", "remote", "commander"])]
    ['commander', 'remote']
    >>> deck_filters(["webcam"])
    Traceback (most recent call last):
    ...
    planechase.errors.DeckError: unknown deck filter 'webcam'; the filters are remote, commander
    """
    chosen: list[DeckFilter] = []
    for name in names:
        key = str(name).strip().lower()
        if key not in FILTERS:
            raise DeckError(
                "", "unknown deck filter {name}; the filters are {filters}", name=repr(key), filters=", ".join(FILTERS)
            )
        if FILTERS[key] not in chosen:
            chosen.append(FILTERS[key])
    return tuple(chosen)
