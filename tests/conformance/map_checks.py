"""Invariants of the Eternities Map, checked after every action of the random map games.

Every plane is in exactly one place (a deck, the map or face up: see
:func:`tests.conformance.random_play.check_planar_cards_conserved`, which counts the map's cards), no
space holds two cards, and the current space is always face up on the map.
"""

from __future__ import annotations

from planechase import GameState
from planechase.cards.catalog import CATALOG
from planechase.variants.eternities_map import CountersRule, PhenomenaRule, Visibility, around, distance


def cards_on_map(state: GameState) -> list[int]:
    """The cards lying on the map that are not face-up objects (the current plane is counted face up)."""
    m = state.eternities
    if m is None:
        return []
    up = {fu.card for fu in state.face_up}
    return [c.card for c in m.cells if c.card not in up]


def _is_plane(state: GameState, card: int) -> bool:
    return bool(CATALOG[state.name_of(card)].is_plane)


def check_eternities_map_consistent(state: GameState) -> None:
    """No space holds two cards and no card lies on two spaces; the current space holds a card, face up;
    outside a move under way its card is the face-up plane; the map reaches no further than its radius;
    phenomena are where the profile puts them; counters wait on the map only with the ``keep`` rule; with
    classic-plus visibility the spaces around the current one are face up."""
    m = state.eternities
    if m is None:
        return
    positions = [c.position for c in m.cells]
    doubled = sorted({p for p in positions if positions.count(p) > 1})
    assert not doubled, f"spaces holding two cards: {doubled}"
    cards = [c.card for c in m.cells]
    assert len(cards) == len(set(cards)), "a card lies on two spaces"
    current = m.current
    assert current is not None, f"the current space {m.position} holds no card"
    assert current.face_up, f"the current space {m.position} is face down"
    far = [c.position for c in m.cells if distance(c.position, m.position) > m.rules.radius]
    assert not far, f"cards more than {m.rules.radius} steps from {m.position}: {far}"
    up = [fu.card for fu in state.face_up]
    phenomena_up = [c for c in up if not _is_plane(state, c)]
    if state.pending is None and not state.over:
        if m.arriving:
            assert current.card not in up, "the plane of a space the game is still arriving at is face up as an object"
            assert phenomena_up, "the game is arriving at a space but meets no phenomenon"
        else:
            assert current.card in up, (
                f"{state.name_of(current.card)} lies on the current space but is not the face-up plane"
            )
        beside = [c for c in up if c != current.card and _is_plane(state, c)]
        assert not set(beside) & set(cards), "a plane beside the map also lies on the map"
    rules = m.rules
    if rules.phenomena is PhenomenaRule.OFF:
        everywhere = [*state.decks[0], *cards, *up]
        assert all(_is_plane(state, c) for c in everywhere), "a phenomenon in a map game without phenomena"
    if rules.phenomena is PhenomenaRule.PILE:
        assert all(_is_plane(state, c) for c in [*state.decks[0], *cards]), "a phenomenon in the map's deck or on it"
        assert not any(_is_plane(state, c) for c in state.decks[1]), "a plane in the phenomenon pile"
    if rules.counters is CountersRule.RESET:
        assert not any(c.counters for c in m.cells), "counters kept on the map with the reset (901.7a) rule"
    assert not any(c.counters for c in m.cells if c.card in up), "a face-up plane's counters are also on the map"
    if rules.visibility is Visibility.CLASSIC_PLUS and state.pending is None:
        hidden = [p for p in around(m.position) if (c := m.at(p)) is not None and not c.face_up]
        assert not hidden, f"face-down spaces next to the current one with classic-plus visibility: {hidden}"
