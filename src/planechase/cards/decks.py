"""Planar deck legality: 901.3 for a player's own deck, 901.15a for the single shared deck."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import DeckError
from .model import Catalog, normalize_name


def resolve_names(names: Sequence[str], catalog: Catalog, *, where: str = "deck") -> tuple[str, ...]:
    """Catalog names for ``names``; an unknown name raises :class:`DeckError` naming its position and
    the closest cards."""
    out: list[str] = []
    for i, name in enumerate(names, start=1):
        try:
            out.append(catalog.get(name).name)
        except KeyError:
            close = catalog.closest(name)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise DeckError("", f"{where}, card {i}: unknown planar card {name!r}{hint}") from None
    return tuple(out)


def check_deck(names: Sequence[str], catalog: Catalog, *, where: str = "deck") -> None:
    """Check one player's planar deck (901.3): at least ten cards, at most two phenomena, all with
    different English names."""
    cards = resolve_names(names, catalog, where=where)
    if len(cards) < 10:
        raise DeckError("901.3", f"{where} has {len(cards)} cards; a planar deck needs at least ten")
    _check_common(cards, catalog, max_phenomena=2, where=where, rule="901.3")


def check_shared_deck(names: Sequence[str], players: int, catalog: Catalog) -> None:
    """Check the single communal planar deck (901.15a): at least min(40, 10 x players) cards, at most
    2 x players phenomena, all with different English names."""
    where = "the shared planar deck"
    cards = resolve_names(names, catalog, where=where)
    need = min(40, 10 * players)
    if len(cards) < need:
        raise DeckError("901.15a", f"{where} has {len(cards)} cards; {players} players need at least {need}")
    _check_common(cards, catalog, max_phenomena=2 * players, where=where, rule="901.15a")


def _check_common(cards: Sequence[str], catalog: Catalog, *, max_phenomena: int, where: str, rule: str) -> None:
    phenomena = [c for c in cards if catalog[c].is_phenomenon]
    if len(phenomena) > max_phenomena:
        raise DeckError(rule, f"{where} has {len(phenomena)} phenomena; at most {max_phenomena} are allowed")
    seen: set[str] = set()
    for card in cards:
        key = normalize_name(card)
        if key in seen:
            raise DeckError(rule, f"{where} has {card!r} more than once; every card needs a different name")
        seen.add(key)
