"""The lab's figures against what the rules make certain, and its arithmetic against a plain recomputation.

901.3's planar die has one Planeswalker face, one chaos face and four blank faces (901.3, 901.9), so with
planes that roll no dice and planeswalk nowhere of their own, a sixth of the dice rolled show each symbol. With
each player's deck of the same ten such planes, no plane is favoured, so each is face up for a tenth of turns.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import pytest

from planechase.cards.catalog import CATALOG
from planechase.lab.play import GameSetup, GameTally, game_seed, play_game
from planechase.lab.policies import policy_from_spec
from planechase.lab.stats import Accumulator, z_for
from planechase.lab.study import Arm, StudySpec, run_study

#: Ten planes that roll no dice, planeswalk nowhere, change no turn and cannot end a game of 1,000 life.
QUIET_PLANES: tuple[str, ...] = (
    "Krosa",
    "Lethe Lake",
    "Llanowar",
    "Megaflora Jungle",
    "Naktamun",
    "Nyx",
    "Raven's Run",
    "The Cave of Skulls",
    "The Hippodrome",
    "Truga Jungle",
)

#: Twelve intervals are checked at once (two faces of the die, ten planes): each at 1 - 0.05/12 keeps the chance
#: that a correct lab fails any of them below 5% (Bonferroni), whatever the seed.
FAMILY = 1 - 0.05 / 12


def test_quiet_planes_say_nothing_of_dice_planeswalks_or_turns() -> None:
    for name in QUIET_PLANES:
        text = CATALOG[name].oracle_text.lower().replace("whenever chaos ensues", "")
        assert CATALOG[name].is_plane
        for word in ("planeswalk", "roll", "turn", "phase", "step", "planar", "extra"):
            assert word not in text, (name, word)


@pytest.fixture(scope="module")
def quiet_study() -> Accumulator:
    setup = GameSetup(QUIET_PLANES, players=2, turns=30, starting_life=1000)
    spec = StudySpec(arms=(Arm("quiet", setup, "free"),), games=1500, seed=901, block=250)
    result = run_study(spec, workers=2)
    assert result.games == 1500
    return result.arms[0]


def test_901_9_free_policy_rolls_once_a_turn(quiet_study: Accumulator) -> None:
    assert quiet_study.sums["rolls"] == quiet_study.sums["turns"] == 30 * 1500
    assert quiet_study.sums.get("mana", 0) == 0


def test_901_3_planeswalk_and_chaos_are_a_sixth_of_rolls_each(quiet_study: Accumulator) -> None:
    for face in ("die.planeswalker", "die.chaos"):
        share = quiet_study.figure(face, "die", level=FAMILY)
        assert share.contains(1 / 6), (face, share)
        assert share.width < 0.02
    # a die off by one face in thirty would be far outside
    assert not quiet_study.figure("die.planeswalker", "die", level=FAMILY).contains(1 / 6 + 1 / 30)


def test_901_3_every_plane_is_face_up_for_an_equal_share_of_turns(quiet_study: Accumulator) -> None:
    shares = [quiet_study.figure("up:" + name, "turns", level=FAMILY) for name in QUIET_PLANES]
    for name, share in zip(QUIET_PLANES, shares, strict=True):
        assert share.contains(0.1), (name, share)
    # exactly one plane is face up as each turn begins
    assert sum(quiet_study.sums["up:" + name] for name in QUIET_PLANES) == quiet_study.sums["turns"]


def test_701_31_planeswalks_follow_the_die(quiet_study: Accumulator) -> None:
    # every Planeswalker face planeswalks once; nothing else does with these planes
    assert quiet_study.sums["planeswalks"] == quiet_study.sums["die.planeswalker"]
    assert quiet_study.sums["chaos"] == quiet_study.sums["die.chaos"]


def test_stays_add_up_to_the_turns_the_planes_were_seen(quiet_study: Accumulator) -> None:
    # a stay counts every turn its plane was face up in: the turns it began face up, plus one for each stay
    # that began within a turn (every stay but the starting plane's)
    for name in QUIET_PLANES:
        stays = quiet_study.sums["stays:" + name]
        assert stays == sum(quiet_study.stay_lengths[name].values())
        assert quiet_study.sums["stay:" + name] == sum(k * v for k, v in quiet_study.stay_lengths[name].items())
    total_stay = sum(quiet_study.sums["stay:" + n] for n in QUIET_PLANES)
    total_visits = sum(quiet_study.sums["visits:" + n] for n in QUIET_PLANES)
    assert total_stay == quiet_study.sums["turns"] + total_visits - quiet_study.games


# -- the arithmetic ----------------------------------------------------------------------------------


def _tallies(n: int, policy: str = "free", deck: Sequence[str] = QUIET_PLANES, turns: int = 12) -> list[GameTally]:
    setup = GameSetup(tuple(deck), turns=turns)
    return [play_game(setup, policy_from_spec(policy), seed=game_seed(5, i)) for i in range(n)]


def test_ratio_interval_is_the_delta_method_over_games() -> None:
    tallies = _tallies(60)
    acc = Accumulator(turns=12)
    for tally in tallies:
        acc.add(tally)
    xs = [t.quantities.get("die.chaos", 0) for t in tallies]
    ys = [t.quantities.get("die", 0) for t in tallies]
    ratio = sum(xs) / sum(ys)
    residuals = [x - ratio * y for x, y in zip(xs, ys, strict=True)]
    se = statistics.stdev(residuals) / math.sqrt(len(xs)) / statistics.mean(ys)
    figure = acc.figure("die.chaos", "die")
    assert figure.value == pytest.approx(ratio)
    assert figure.low == pytest.approx(ratio - z_for(0.95) * se)
    assert figure.high == pytest.approx(ratio + z_for(0.95) * se)


def test_merging_accumulators_in_any_order_gives_the_same_sums() -> None:
    tallies = _tallies(30)
    whole = Accumulator(turns=12)
    for tally in tallies:
        whole.add(tally)
    parts = [Accumulator(turns=12) for _ in range(3)]
    for i, tally in enumerate(tallies):
        parts[i % 3].add(tally)
    merged = Accumulator(turns=12)
    for part in reversed(parts):
        merged.merge(part)
    assert merged.to_dict() == whole.to_dict()
    assert Accumulator.from_dict(whole.to_dict()).to_dict() == whole.to_dict()


def test_memory_does_not_grow_with_the_games() -> None:
    setup = GameSetup(QUIET_PLANES, turns=12)
    small = run_study(StudySpec(arms=(Arm("a", setup),), games=50, seed=1, block=50), workers=1).arms[0]
    large = run_study(StudySpec(arms=(Arm("a", setup),), games=400, seed=1, block=50), workers=1).arms[0]
    # the keys are bounded by the deck and the turns, not by the games
    bound = 8 * len(QUIET_PLANES) + 20
    assert len(large.sums) <= bound and len(small.sums) <= bound
    assert all(len(h) <= 12 for h in large.first_seen.values())
    assert all(len(h) <= 12 for h in large.stay_lengths.values())
    assert large.games == 400
