"""806.3, 807.3: in Free-for-All and Grand Melee the players are seated at random (an option: by default
the engine seats them as listed, where they already sit)."""

from __future__ import annotations

import pytest

from planechase import GameConfig, new_game
from planechase.core.config import DEMO_DECK
from planechase.errors import ConfigError

DECKS = tuple(tuple(DEMO_DECK[k:] + DEMO_DECK[:k]) for k in range(6))  # a different deck order per player
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay")


def seated(seed: int, **options: object) -> tuple[list[str], object]:
    config = GameConfig(players=NAMES, decks=DECKS, seed=seed, random_seating=True, **options)  # type: ignore[arg-type]
    result = new_game(config)
    return [p.name for p in result.state.players], result


def test_806_3_players_are_seated_at_random_from_the_seed() -> None:
    orders = {tuple(seated(seed)[0]) for seed in range(12)}
    assert len(orders) > 1  # the seed decides the seating
    assert all(sorted(order) == sorted(NAMES) for order in orders)
    assert seated(5)[0] == seated(5)[0]  # the same seed, the same table
    names, result = seated(5)
    event = result.events[0]  # type: ignore[attr-defined]
    assert event.type == "seated_at_random" and event.rules == ("806.3",)
    assert event.data["players"] == names


def test_806_3_each_player_keeps_their_own_planar_deck_in_their_new_seat() -> None:
    names, result = seated(7)
    state = result.state  # type: ignore[attr-defined]
    for seat, name in enumerate(names):
        listed = NAMES.index(name)
        owned = sorted(state.name_of(c) for c in state.decks[seat]) + [
            state.name_of(fu.card) for fu in state.face_up if state.cards[fu.card].owner == seat
        ]
        assert sorted(owned) == sorted(DECKS[listed])
        assert all(state.cards[c].owner == seat for c in state.decks[seat])


def test_807_3_grand_melee_seats_at_random_too() -> None:
    players = tuple(f"P{n}" for n in range(10))
    config = GameConfig(players=players, variant="grand_melee", planechase=False, seed=1, random_seating=True)
    result = new_game(config)
    assert result.events[0].rules == ("807.3",)
    assert sorted(p.name for p in result.state.players) == sorted(players)


def test_806_3_without_the_option_players_sit_as_listed() -> None:
    result = new_game(GameConfig(players=NAMES, decks=DECKS, seed=5))
    assert [p.name for p in result.state.players] == list(NAMES)
    assert all(e.type != "seated_at_random" for e in result.events)


def test_805_2_809_2_teams_sit_together_as_listed() -> None:
    config = GameConfig(players=NAMES, decks=DECKS, variant="emperor", random_seating=True)
    with pytest.raises(ConfigError, match="random seating"):
        config.validate()


def test_random_seating_round_trips_through_the_config_json() -> None:
    config = GameConfig(players=NAMES, decks=DECKS, random_seating=True)
    assert GameConfig.from_dict(config.to_dict()) == config
    with pytest.raises(ConfigError, match="random_seating"):
        GameConfig.from_dict({**config.to_dict(), "random_seating": "yes"})
