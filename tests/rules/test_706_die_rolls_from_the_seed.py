"""706, 901.3a: the planar die is rolled from the generator in the game state. A seed people type (below
2**64) keeps SplitMix64, so every seeded game, test and simulation replays as before; a seed from 2**64 up,
such as :func:`~planechase.core.rng.secure_seed` draws for a table nobody chose a seed for, runs a keyed
BLAKE2b generator whose outputs tell nothing of the next ones, and still replays exactly from its seed."""

from __future__ import annotations

import hashlib
from dataclasses import replace

from planechase import Game, demo_config
from planechase.core import rng
from rules.test_history_undo_save import play


def test_706_small_seeds_keep_splitmix64() -> None:
    # SplitMix64's published first output for seed 0 (Vigna's reference implementation).
    value, state = rng.next_u64(rng.seed_state(0))
    assert value == 0xE220A8397B1DCDAF
    assert state == 0x9E3779B97F4A7C15
    assert rng.seed_state(2**64 - 1) == 2**64 - 1


def test_706_large_seeds_draw_keyed_blake2b_of_a_counter() -> None:
    seed = rng.secure_seed()
    assert seed >= 2**256  # 256 bits from the operating system, with the flag that makes it large
    key = hashlib.blake2b(
        seed.to_bytes((seed.bit_length() + 7) // 8, "little"), digest_size=32, person=b"planechase-rng"
    )
    state = rng.seed_state(seed)
    for counter in range(5):
        value, state = rng.next_u64(state)
        expected = hashlib.blake2b(
            counter.to_bytes(8, "little"), digest_size=8, key=key.digest(), person=b"planechase-rng"
        ).digest()
        assert value == int.from_bytes(expected, "little")


def test_706_two_secure_seeds_differ_and_each_replays_exactly() -> None:
    first, second = rng.secure_seed(), rng.secure_seed()
    assert first != second
    config = replace(demo_config(["Ann", "Bob", "Cy"]), seed=first)
    states = play(Game(config), 60)
    assert play(Game(config), 60) == states
    again = Game.load(Game(config).save())
    assert again.state == Game(config).state


def test_706_secure_games_save_and_load_with_their_rolls() -> None:
    config = replace(demo_config(), seed=rng.secure_seed())
    game = Game(config)
    play(game, 40)
    loaded = Game.load(game.save())
    assert loaded.state == game.state
    assert [e.to_dict() for e in loaded.events()] == [e.to_dict() for e in game.events()]


def test_706_keyed_rolls_are_uniform_over_the_die() -> None:
    state = rng.seed_state(rng.secure_seed())
    counts = [0] * 6
    for _ in range(6000):
        face, state = rng.below(state, 6)
        counts[face] += 1
    assert all(800 <= count <= 1200 for count in counts), counts  # about 7 standard deviations either way
