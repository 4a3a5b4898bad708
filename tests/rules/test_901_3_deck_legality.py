"""Planar deck legality: 901.3 (a player's own planar deck) and 901.15a (the single shared deck), and how
card names are matched."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from conftest import PLANES_10, make_game
from planechase import CATALOG, ConfigError, DeckError, GameConfig, new_game
from planechase.cards.model import Ability, CardDef, Catalog

PLANES = tuple(c.name for c in CATALOG if c.is_plane)
PHENOMENA = tuple(c.name for c in CATALOG if c.is_phenomenon)


def plain(name: str, kind: str) -> CardDef:
    """A made-up plane or phenomenon with one static ability that does nothing."""
    text = "Players have no maximum hand size."
    planar_type = "Dominaria" if kind == "plane" else None
    return CardDef(name, kind, planar_type, text, ("TST",), (Ability(text=text),))


#: The shipped catalog is small; 901.15a decks for three or more players need more
#: different names, so these tests add plain planes and phenomena to a copy of it.
BIG = Catalog(
    (
        *CATALOG,
        *(plain(f"Test Plane {i}", "plane") for i in range(60)),
        *(plain(f"Test Phenomenon {i}", "phenomenon") for i in range(20)),
    )
)


def test_catalog_fixture_sizes() -> None:
    assert len(PLANES) >= 17
    assert len(PHENOMENA) >= 6


def shared(planes: int, phenomena: int) -> tuple[str, ...]:
    """A shared deck of ``planes`` plane cards followed by ``phenomena`` phenomena, all different names."""
    plane_names = [*PLANES, *(f"Test Plane {i}" for i in range(60))][:planes]
    phenomenon_names = [*PHENOMENA, *(f"Test Phenomenon {i}" for i in range(20))][:phenomena]
    assert (len(plane_names), len(phenomenon_names)) == (planes, phenomena)
    return (*plane_names, *phenomenon_names)


def start_shared(deck: Sequence[str], players: int) -> None:
    config = GameConfig(players=tuple(f"P{i}" for i in range(players)), shared_deck=tuple(deck), seed=1)
    new_game(config, BIG)


def deck_error(decks: Sequence[Sequence[str]]) -> DeckError:
    with pytest.raises(DeckError) as info:
        make_game(decks)
    return info.value


# -- 901.3: each player's planar deck ---------------------------------------------------------------


def test_901_3_ten_cards_is_legal() -> None:
    game = make_game([PLANES_10, PLANES_10])
    assert [len(d) for d in game.state.decks] == [9, 10]  # Alice's starting plane is face up
    assert len(game.state.face_up) == 1


def test_901_3_more_than_ten_cards_is_legal() -> None:
    game = make_game([PLANES, PLANES_10])
    assert len(game.state.cards) == len(PLANES) + 10


def test_901_3_nine_cards_is_refused_naming_the_rule() -> None:
    err = deck_error([PLANES_10[:9], PLANES_10])
    assert err.rule == "901.3"
    assert str(err).startswith("901.3: ")
    assert "Alice's planar deck" in err.message
    assert "9 cards" in err.message
    assert "at least ten" in err.message


def test_901_3_checks_every_players_deck() -> None:
    err = deck_error([PLANES_10, PLANES_10[:5]])
    assert err.rule == "901.3"
    assert "Bob's planar deck" in err.message


def test_901_3_deck_error_is_a_config_error() -> None:
    err = deck_error([PLANES_10[:9], PLANES_10])
    assert isinstance(err, ConfigError)
    assert isinstance(err, ValueError)


def test_901_3_two_phenomena_is_legal() -> None:
    deck = (*PLANES_10[:8], "Chaotic Aether", "Spatial Merging")
    game = make_game([deck, PLANES_10])
    assert [game.state.name_of(c) for c in game.state.decks[0][-2:]] == ["Chaotic Aether", "Spatial Merging"]


def test_901_3_three_phenomena_is_refused() -> None:
    deck = (*PLANES_10, "Chaotic Aether", "Spatial Merging", "Time Distortion")  # 13 cards
    err = deck_error([deck, PLANES_10])
    assert err.rule == "901.3"
    assert "3 phenomena" in err.message
    assert "at most 2" in err.message


def test_901_3_duplicate_names_are_refused() -> None:
    deck = (*PLANES_10, "Aretopolis")
    err = deck_error([deck, PLANES_10])
    assert err.rule == "901.3"
    assert "'Aretopolis' more than once" in err.message


def test_901_3_duplicates_are_found_through_spelling_variants() -> None:
    deck = (*PLANES_10, "ARETOPOLIS")
    err = deck_error([deck, PLANES_10])
    assert err.rule == "901.3"
    assert "Aretopolis" in err.message


def test_901_3_duplicate_phenomena_are_refused() -> None:
    deck = (*PLANES_10[:8], "Chaotic Aether", "chaotic aether")
    err = deck_error([deck, PLANES_10])
    assert err.rule == "901.3"
    assert "Chaotic Aether" in err.message


def test_901_3_check_decks_false_allows_illegal_decks() -> None:
    deck = ("Aretopolis", "Aretopolis", "Chaotic Aether", "Spatial Merging", "Time Distortion")
    game = make_game([deck, PLANES_10[:3]], check_decks=False)
    assert game.state.name_of(game.state.face_up[0].card) == "Aretopolis"
    assert len(game.state.decks[0]) == 4


# -- 901.15a: the single shared planar deck -----------------------------------------------------------


@pytest.mark.parametrize(("players", "need"), [(2, 20), (3, 30), (4, 40), (5, 40), (8, 40)])
def test_901_15a_shared_deck_needs_min_40_or_10_per_player(players: int, need: int) -> None:
    start_shared(shared(need, 0), players)  # exactly enough is legal
    with pytest.raises(DeckError) as info:
        start_shared(shared(need - 1, 0), players)
    err = info.value
    assert err.rule == "901.15a"
    assert str(err).startswith("901.15a: ")
    assert f"{need - 1} cards" in err.message
    assert f"at least {need}" in err.message


@pytest.mark.parametrize("players", [2, 3, 5])
def test_901_15a_at_most_twice_the_players_in_phenomena(players: int) -> None:
    need = min(40, 10 * players)
    most = 2 * players
    start_shared(shared(need - most, most), players)
    with pytest.raises(DeckError) as info:
        start_shared(shared(need - most - 1, most + 1), players)
    assert info.value.rule == "901.15a"
    assert f"{most + 1} phenomena" in info.value.message
    assert f"at most {most}" in info.value.message


def test_901_15a_shared_deck_is_not_held_to_the_two_phenomena_limit_of_901_3() -> None:
    deck = shared(16, 4)  # 4 phenomena: illegal for one player's deck, legal shared by two
    game = make_game(shared_deck=deck)
    assert game.state.shared_deck
    assert len(game.state.decks) == 1


def test_901_15a_shared_deck_needs_different_names() -> None:
    deck = (*shared(19, 0), shared(19, 0)[0].upper())  # the first card again, spelled another way
    with pytest.raises(DeckError) as info:
        start_shared(deck, 2)
    assert info.value.rule == "901.15a"
    assert shared(19, 0)[0] in info.value.message


def test_901_15a_shared_deck_with_check_decks_false() -> None:
    config = GameConfig(players=("Alice", "Bob"), shared_deck=PLANES_10[:4], check_decks=False)
    state = new_game(config).state
    assert len(state.decks) == 1
    assert len(state.decks[0]) == 3


# -- card names ---------------------------------------------------------------------------------------


def test_unknown_card_suggests_the_closest_card() -> None:
    deck = (*PLANES_10[:2], "Aretopols", *PLANES_10[3:])
    with pytest.raises(DeckError) as info:
        make_game([deck, PLANES_10])
    err = info.value
    assert "Alice's planar deck, card 3" in err.message
    assert "unknown planar card 'Aretopols'" in err.message
    assert "did you mean 'Aretopolis'?" in err.message


def test_unknown_card_in_the_shared_deck_suggests_the_closest_card() -> None:
    deck = (*shared(19, 0), "Interplanar Tunel")
    with pytest.raises(DeckError) as info:
        start_shared(deck, 2)
    assert "the shared planar deck, card 20" in info.value.message
    assert "did you mean 'Interplanar Tunnel'" in info.value.message  # the closest comes first


def test_unknown_card_with_nothing_close_has_no_suggestion() -> None:
    deck = (*PLANES_10[:9], "xyzzy")
    with pytest.raises(DeckError) as info:
        make_game([deck, PLANES_10])
    assert "unknown planar card 'xyzzy'" in info.value.message
    assert "did you mean" not in info.value.message


def test_unknown_card_is_refused_even_without_deck_checks() -> None:
    with pytest.raises(DeckError) as info:
        make_game([("Aretopolis", "Pompei"), PLANES_10], check_decks=False)
    assert "did you mean 'Pompeii'" in info.value.message


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("Chaotic AEther", "Chaotic Aether"),
        ("Chaotic Æther", "Chaotic Aether"),
        ("chaotic aether", "Chaotic Aether"),
        ("norns seedcore", "Norn's Seedcore"),
        ("Norn’s Seedcore", "Norn's Seedcore"),
        ("NORN'S SEEDCORE", "Norn's Seedcore"),
        ("Pompéii", "Pompeii"),
        ("the-eon-fog", "The Eon Fog"),
        ("  Stairs to  Infinity ", "Stairs to Infinity"),
    ],
)
def test_names_match_regardless_of_case_punctuation_and_diacritics(typed: str, card: str) -> None:
    base = (*PLANES_10[:7], "The Eon Fog", "Chaotic Aether", "Time Distortion")
    deck = [typed if name == card else name for name in base]
    assert typed in deck
    game = make_game([deck, PLANES_10])
    assert game.state.name_of(base.index(card)) == card  # the catalog's spelling is stored
    assert [game.state.name_of(c) for c in range(len(base))] == list(base)


def test_901_3_a_deck_given_as_any_iterable_is_checked_like_a_list() -> None:
    # The quick path for plain decks takes lists and tuples; anything else gets the full check, the same answer.
    from planechase.cards.decks import check_deck, check_shared_deck

    check_deck(iter(PLANES_10), CATALOG)  # type: ignore[arg-type]
    with pytest.raises(DeckError) as too_few:
        check_deck(iter(PLANES_10[:9]), CATALOG)  # type: ignore[arg-type]
    assert too_few.value.rule == "901.3"
    with pytest.raises(DeckError) as too_few_shared:
        check_shared_deck((name for name in PLANES_10), 2, CATALOG)  # type: ignore[arg-type]
    assert too_few_shared.value.rule == "901.15a"
