"""The deck filters (planechase.cards.filters): planes for remote play and planes for Commander games, kept in step
with the cards' Oracle text, and the random decks that use them."""

from __future__ import annotations

import re

import pytest

from planechase import CATALOG
from planechase.cards.decks import validate, validate_shared_deck
from planechase.cards.filters import COMMANDER_SETS, FILTERS, REMOTE_LEAVES_OUT, deck_filters
from planechase.cards.random_decks import card_pool, random_decks, random_shared_deck
from planechase.errors import DeckError

#: Words in a card's text that may move a card from one player's reach into another's (remote play).
REACHES_ACROSS = re.compile(
    r"gains? control|exchange control|under your control|from a graveyard|any player's|another player's"
    r"|that player's (?:graveyard|library)|opponents?'s? (?:graveyard|library)|target player reveals"
    r"|cards exiled with|from among",
    re.IGNORECASE,
)
#: Cards whose text has such words and that still work over a camera, with why.
REMOTE_EXEMPT = {
    "Bloodhill Bastion": "the creature it returns is your own, under your control again",
    "Orzhova": "each player returns their own creatures; the chaos ability only exiles",
    "Strixhaven": "the card returns to its owner's hand",
    "Interplanar Tunnel": "it looks through the planar deck, not a player's cards",
    "Gardens of Tranquil Repose": "it only counts the cards it exiled",
}


def test_the_remote_play_filter_leaves_out_each_card_that_moves_a_card_across_tables_and_no_other() -> None:
    flagged = {card.name for card in CATALOG if REACHES_ACROSS.search(card.oracle_text)}
    # Every card whose text may move a card across is left out or exempted with a reason; nothing else is left out.
    assert flagged == set(REMOTE_LEAVES_OUT) | set(REMOTE_EXEMPT), flagged ^ (
        set(REMOTE_LEAVES_OUT) | set(REMOTE_EXEMPT)
    )
    assert not set(REMOTE_LEAVES_OUT) & set(REMOTE_EXEMPT)
    remote = FILTERS["remote"]
    assert {card.name for card in CATALOG if not remote.keeps(card)} == set(REMOTE_LEAVES_OUT)
    for name, why in REMOTE_LEAVES_OUT.items():
        assert remote.why_not(name) == why and why
    assert remote.why_not("Naar Isle") == ""


def test_the_commander_filter_keeps_the_cards_printed_in_commander_decks() -> None:
    commander = FILTERS["commander"]
    kept = {card.name for card in CATALOG if commander.keeps(card)}
    assert kept == {card.name for card in CATALOG if {"MOC", "WHO"} & set(card.sets)}
    assert {"MOC", "WHO"} == COMMANDER_SETS
    assert "Krosa" in kept and "Sokenzan" in kept  # older planes reprinted in March of the Machine Commander
    assert "Naar Isle" not in kept and commander.why_not("Naar Isle").startswith("it was not printed")
    # Enough for a shared deck at a table of four (901.15a: 40 cards), and each of four players' own.
    assert len(kept) >= 40


@pytest.mark.parametrize("seed", range(12))
def test_random_decks_901_3_draw_only_the_cards_every_filter_keeps(seed: int) -> None:
    both = deck_filters(["remote", "commander"])
    decks = random_decks(4, seed, filters=["remote", "commander"])
    for deck in decks:
        assert validate(deck).legal
        assert all(f.keeps(CATALOG[name]) for name in deck for f in both), deck
    shared = random_shared_deck(4, seed, filters=["remote"])
    assert validate_shared_deck(shared, 4).legal
    assert not set(shared) & set(REMOTE_LEAVES_OUT)


def test_a_filtered_pool_says_so_and_an_unknown_filter_is_refused() -> None:
    pool = card_pool(sets=["HOP"], filters=["commander"], exclude=["Krosa"])
    assert pool.describe() == "set HOP, only the planes for Commander games less 1 excluded card"
    assert pool.filters == ("commander",)
    assert set(pool.planes) == {
        card.name for card in CATALOG if card.is_plane and "HOP" in card.sets and "MOC" in card.sets
    } - {"Krosa"}
    with pytest.raises(DeckError, match="unknown deck filter 'webcam'; the filters are remote, commander"):
        card_pool(filters=["webcam"])
    with pytest.raises(DeckError, match="not enough cards"):
        random_shared_deck(4, 1, sets=["HOP"], filters=["commander"])
