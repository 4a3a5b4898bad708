"""Random legal planar decks: seeded, for one player (901.3), several players with no card shared, or a
single shared deck for N players (901.15a), from chosen sets, without excluded cards."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from planechase import CATALOG, DeckError, Game, GameConfig
from planechase.cards.decks import shared_minimum, validate_deck, validate_shared_deck
from planechase.cards.model import Ability, CardDef, Catalog
from planechase.cards.random_decks import (
    CardPool,
    NotEnoughCardsError,
    card_pool,
    default_phenomena,
    draw,
    known_sets,
    random_deck,
    random_decks,
    random_shared_deck,
)


def plain(name: str, kind: str, sets: tuple[str, ...] = ("TST",)) -> CardDef:
    """A made-up plane or phenomenon with one static ability that does nothing."""
    text = "Players have no maximum hand size."
    return CardDef(name, kind, "Dominaria" if kind == "plane" else None, text, sets, (Ability(text=text),))


#: The shipped catalog plus made-up cards, so 901.15a decks for many players can be drawn.
BIG = Catalog(
    (
        *CATALOG,
        *(plain(f"Test Plane {i}", "plane") for i in range(60)),
        *(plain(f"Test Phenomenon {i}", "phenomenon") for i in range(20)),
    )
)


def phenomena_in(deck: tuple[str, ...], catalog: Catalog = CATALOG) -> int:
    return sum(catalog[name].is_phenomenon for name in deck)


# -- one player's deck (901.3) ---------------------------------------------------------------------


def test_901_3_random_deck_has_ten_different_cards_and_one_phenomenon_by_default() -> None:
    deck = random_deck(seed=3)
    assert len(deck) == 10 and len(set(deck)) == 10
    assert phenomena_in(deck) == 1
    assert validate_deck(deck).legal


def test_random_deck_lists_planes_then_phenomena_alphabetically() -> None:
    deck = random_deck(seed=5, size=12, phenomena=2)
    planes, phenomena = deck[:10], deck[10:]
    assert list(planes) == sorted(planes) and list(phenomena) == sorted(phenomena)
    assert all(CATALOG[p].is_plane for p in planes) and all(CATALOG[p].is_phenomenon for p in phenomena)


@pytest.mark.parametrize("seed", range(60))
def test_901_3_random_decks_are_always_legal(seed: int) -> None:
    rng = random.Random(seed)
    size, k = rng.randint(10, 17), rng.randint(0, 2)
    deck = random_deck(seed=seed, size=size, phenomena=k)
    assert len(deck) == size and phenomena_in(deck) == k
    assert validate_deck(deck).legal


def test_the_same_seed_gives_the_same_deck_and_another_seed_another() -> None:
    assert random_deck(seed=11) == random_deck(seed=11) == random_deck(rng=random.Random(11))
    assert len({random_deck(seed=s) for s in range(10)}) > 1


def test_a_seed_and_a_generator_are_not_both_given() -> None:
    with pytest.raises(ValueError, match="not both"):
        random_deck(1, rng=random.Random(1))


def test_901_3_a_deck_below_ten_cards_is_refused() -> None:
    with pytest.raises(DeckError) as info:
        random_deck(seed=1, size=9)
    assert info.value.rule == "901.3"
    assert "at least 10" in info.value.message


def test_901_3_more_than_two_phenomena_is_refused() -> None:
    with pytest.raises(DeckError) as info:
        random_deck(seed=1, phenomena=3)
    assert info.value.rule == "901.3"
    assert "at most 2 phenomena, not 3" in info.value.message


def test_zero_phenomena_gives_only_planes() -> None:
    assert phenomena_in(random_deck(seed=2, phenomena=0)) == 0


# -- sets and exclusions --------------------------------------------------------------------------


def test_known_sets_come_from_the_catalog() -> None:
    sets = known_sets()
    assert {"HOP", "PC2", "PCA", "MOC", "WHO"} <= set(sets)
    assert list(sets) == sorted(sets, key=str.upper)


def test_cards_come_only_from_the_chosen_sets_in_any_case() -> None:
    pool = card_pool(BIG, sets=["tst", "moc"])
    assert pool.sets == ("TST", "MOC")
    deck = random_deck(seed=4, sets=["tst", "MOC"], size=30, catalog=BIG)
    assert all({"TST", "MOC"} & set(BIG[name].sets) for name in deck)


def test_an_unknown_set_is_an_error_naming_the_known_sets() -> None:
    with pytest.raises(DeckError, match=r"unknown set 'XYZ'; the catalog's sets are .*PCA"):
        random_deck(seed=1, sets=["PCA", "XYZ"])


def test_excluded_cards_are_matched_loosely_and_never_drawn() -> None:
    exclude = ["chaotic aether", "ARETOPOLIS", "Norns Seedcore"]
    pool = card_pool(exclude=exclude)
    assert pool.excluded == ("Chaotic Aether", "Aretopolis", "Norn's Seedcore")
    for seed in range(30):
        deck = random_deck(seed=seed, exclude=exclude, size=12, phenomena=2)
        assert not {"Chaotic Aether", "Aretopolis", "Norn's Seedcore"} & set(deck)


def test_an_unknown_excluded_name_is_an_error_with_suggestions() -> None:
    with pytest.raises(DeckError, match=r"cannot exclude 'Aretopols'.*did you mean 'Aretopolis'"):
        random_deck(seed=1, exclude=["Aretopols"])


def test_too_few_cards_in_the_chosen_sets_says_how_many_are_available_and_needed() -> None:
    pool = card_pool(sets=["PC2-promo"])
    with pytest.raises(NotEnoughCardsError) as info:
        random_deck(seed=1, sets=["PC2-promo"])
    err = info.value
    assert (err.available, err.needed) == (len(pool), 10)
    assert f"set PC2-promo has {pool.holds()}: {len(pool)} card" in str(err)
    assert str(err).endswith(" available, 10 needed")


def test_too_few_phenomena_for_the_number_asked_is_an_error() -> None:
    small = Catalog(plain(f"Plane {i}", "plane") for i in range(12))
    with pytest.raises(NotEnoughCardsError, match=r"not enough phenomena .* with 1 phenomenon"):
        random_deck(seed=1, phenomena=1, catalog=small)
    assert phenomena_in(random_deck(seed=1, catalog=small), small) == 0  # the default adapts


def test_default_phenomena_is_one_per_ten_cards_more_when_planes_run_short() -> None:
    pool = card_pool(BIG)
    assert default_phenomena(10, 2, pool) == 1
    assert default_phenomena(40, 8, pool) == 4
    assert default_phenomena(25, 2, pool) == 2
    short = CardPool(planes=tuple(f"P{i}" for i in range(25)), phenomena=tuple(f"F{i}" for i in range(10)))
    assert default_phenomena(30, 6, short) == 5  # 25 planes: 5 phenomena fill the deck
    assert default_phenomena(30, 4, short) == 4  # never more than the rules allow
    assert default_phenomena(10, 2, CardPool(planes=short.planes, phenomena=())) == 0


# -- several players' decks ----------------------------------------------------------------------


def test_several_players_decks_share_no_card() -> None:
    decks = random_decks(2, seed=8)
    assert len(decks) == 2
    assert not set(decks[0]) & set(decks[1])
    assert all(validate_deck(d).legal for d in decks)
    assert random_decks(2, seed=8) == decks


def test_several_players_decks_need_enough_different_cards() -> None:
    with pytest.raises(NotEnoughCardsError) as info:
        random_decks(3, seed=1, size=10, catalog=Catalog(plain(f"P{i}", "plane") for i in range(25)))
    assert (info.value.available, info.value.needed) == (25, 30)


# -- the single shared deck (901.15a) --------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_901_15a_shared_deck_has_min_40_or_10_per_player_cards_by_default(players: int) -> None:
    deck = random_shared_deck(players, seed=players, catalog=BIG)
    assert len(deck) == shared_minimum(players) == min(40, 10 * players)
    assert phenomena_in(deck, BIG) == min(40, 10 * players) // 10
    assert validate_shared_deck(deck, players, BIG).legal


def test_901_15a_shared_deck_may_have_up_to_twice_the_players_in_phenomena() -> None:
    deck = random_shared_deck(3, seed=1, phenomena=6, catalog=BIG)
    assert phenomena_in(deck, BIG) == 6
    with pytest.raises(DeckError) as info:
        random_shared_deck(3, seed=1, phenomena=7, catalog=BIG)
    assert info.value.rule == "901.15a"
    assert "at most 6 phenomena, not 7" in info.value.message


def test_901_15a_shared_deck_below_the_minimum_is_refused() -> None:
    with pytest.raises(DeckError) as info:
        random_shared_deck(4, seed=1, size=39, catalog=BIG)
    assert info.value.rule == "901.15a"
    assert "at least 40 cards" in info.value.message


def test_shared_deck_larger_than_the_catalog_allows_says_the_numbers() -> None:
    pool = card_pool()
    needed = max(len(pool) + 1, 40)
    with pytest.raises(NotEnoughCardsError) as info:
        random_shared_deck(16, seed=1, size=needed)
    assert info.value.needed == needed
    assert f"{needed} needed" in str(info.value)


def test_draw_takes_exact_numbers_without_checking_rules() -> None:
    pool = card_pool()
    deck = draw(random.Random(1), pool, planes=3, phenomena=len(pool.phenomena))
    assert len(deck) == 3 + len(pool.phenomena)
    with pytest.raises(NotEnoughCardsError):
        draw(random.Random(1), pool, planes=len(pool.planes) + 1, phenomena=0)


# -- decks play ------------------------------------------------------------------------------------


def test_random_decks_start_games() -> None:
    decks = random_decks(2, seed=2)
    game = Game(GameConfig(players=("Alice", "Bob"), decks=decks, seed=2))
    assert game.state.face_up
    shared = random_shared_deck(2, seed=2)
    assert Game(GameConfig(players=("Alice", "Bob"), shared_deck=shared, seed=2)).state.face_up


def test_random_decks_from_every_official_set(shared_reference: Path) -> None:
    """With every official card (name, kind and sets from the reference list), a deck can be drawn from
    each core set alone, and a four-player shared deck from each set with forty or more cards."""
    cards = json.loads((shared_reference / "planar-cards.json").read_text("utf-8"))
    catalog = Catalog(CardDef(c["name"], c["kind"], c["planar_type"], "", tuple(c["sets"]), ()) for c in cards)
    for code in ("HOP", "PC2", "PCA", "MOC", "WHO", "PSSC"):
        deck = random_deck(seed=1, sets=[code], catalog=catalog)
        assert validate_deck(deck, catalog).legal, code
    for code in ("HOP", "PC2", "PCA", "MOC", "WHO"):
        deck = random_shared_deck(4, seed=1, sets=[code], catalog=catalog)
        assert validate_shared_deck(deck, 4, catalog).legal, code
    everything = random_shared_deck(8, seed=1, size=161, phenomena=12, catalog=catalog)
    assert len(everything) == 161
