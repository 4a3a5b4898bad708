"""Studies: the same report for any split of the games (processes, a local Dask cluster), paired comparisons,
the roll policies, the precision stop, and policies that fail."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from planechase.cards.catalog import CATALOG
from planechase.core.config import DEMO_DECK
from planechase.errors import ConfigError
from planechase.lab.play import GameSetup, PolicyError, game_seed, play_game
from planechase.lab.policies import LeaveBad, PlayerView, policy_from_spec, read_ratings
from planechase.lab.report import report_dict
from planechase.lab.study import Arm, StudySpec, run_study

from .test_lab_figures import QUIET_PLANES

SETUP = GameSetup(DEMO_DECK, players=3, turns=15)


def _bytes(result: object) -> str:
    return json.dumps(report_dict(result), sort_keys=True)  # type: ignore[arg-type]


def test_the_report_is_the_same_for_one_worker_two_workers_and_other_blocks() -> None:
    spec = StudySpec(arms=(Arm("demo", SETUP, "cost<=1"),), games=120, seed=11, block=25)
    one = run_study(spec, workers=1)
    two = run_study(spec, workers=2)
    assert _bytes(one) == _bytes(two)
    # a different cut into blocks plays the same games
    other = run_study(StudySpec(arms=spec.arms, games=120, seed=11, block=7), workers=2)
    assert _bytes(one).replace('"block"', "") == _bytes(other).replace('"block"', "")
    assert one.arms[0].to_dict() == other.arms[0].to_dict()
    # and another seed plays other games
    assert run_study(StudySpec(arms=spec.arms, games=120, seed=12, block=25), workers=1).arms[0].to_dict() != (
        one.arms[0].to_dict()
    )


def test_a_local_dask_cluster_gives_the_same_report() -> None:
    distributed = pytest.importorskip("distributed", reason="the cluster extra (installed by scripts/setup)")
    spec = StudySpec(arms=(Arm("demo", SETUP, "free"), Arm("never", SETUP, "never")), games=60, seed=4, block=10)
    here = run_study(spec, workers=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        there = run_study(spec, scheduler=cluster.scheduler_address)
    assert _bytes(here) == _bytes(there)


def test_a_study_that_cannot_reach_its_scheduler_says_so() -> None:
    spec = StudySpec(arms=(Arm("demo", SETUP),), games=10)
    with pytest.raises(ConfigError, match="Dask scheduler"):
        run_study(spec, scheduler="tcp://127.0.0.1:9")


# -- paired comparisons ------------------------------------------------------------------------------


def test_common_random_numbers_two_identical_arms_differ_by_exactly_nothing() -> None:
    spec = StudySpec(arms=(Arm("a", SETUP), Arm("b", SETUP)), games=80, seed=2, block=20)
    result = run_study(spec, workers=1)
    for num, den in (("planeswalks", "game"), ("chaos", "turns"), ("die.chaos", "die"), ("up:Naar Isle", "turns")):
        diff = result.difference(1, num, den)
        assert diff.value == 0 and diff.low == pytest.approx(0) and diff.high == pytest.approx(0), num


def test_paired_difference_interval_matches_the_per_game_differences() -> None:
    other = GameSetup(QUIET_PLANES, players=3, turns=15)
    spec = StudySpec(arms=(Arm("demo", SETUP), Arm("quiet", other)), games=90, seed=8, block=30)
    result = run_study(spec, workers=1)
    # recompute from the games themselves: for per-game means the paired difference is a plain mean
    a = [play_game(SETUP, policy_from_spec("free"), seed=game_seed(8, i)).quantities.get("chaos", 0) for i in range(90)]
    b = [play_game(other, policy_from_spec("free"), seed=game_seed(8, i)).quantities.get("chaos", 0) for i in range(90)]
    d = [y - x for x, y in zip(a, b, strict=True)]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1))
    diff = result.difference(1, "chaos")
    assert diff.value == pytest.approx(mean)
    assert diff.high - diff.value == pytest.approx(1.959963984540054 * sd / math.sqrt(len(d)))


# -- policies ----------------------------------------------------------------------------------------


def _rolls(policy: str, **kwargs: object) -> tuple[int, int, int]:
    tally = play_game(SETUP, policy_from_spec(policy, **kwargs), seed=game_seed(3, 0))  # type: ignore[arg-type]
    q = tally.quantities
    return q.get("rolls", 0), q.get("mana", 0), q["turns"]


def test_901_9_never_rolls_nothing_free_rolls_once_cost_limits_roll_more() -> None:
    assert _rolls("never")[0] == 0
    rolls, mana, turns = _rolls("free")
    assert rolls == turns and mana == 0
    rolls, mana, turns = _rolls("cost<=2")
    assert rolls == 3 * turns and mana == (0 + 1 + 2) * turns  # 901.9: each further roll costs {1} more
    assert _rolls("random:0")[0] == 0
    rolls, mana, turns = _rolls("random:0.5")
    assert rolls > 0 and mana > 0


def test_leave_bad_rolls_only_on_planes_rated_below_the_threshold() -> None:
    everything_bad = {name: 1.0 for name in DEMO_DECK}
    everything_good = {name: 5.0 for name in DEMO_DECK}
    assert _rolls("leave-bad", ratings=everything_good)[0] == 0
    rolls, mana, turns = _rolls("leave-bad:3:1", ratings=everything_bad)
    assert rolls == 2 * turns and mana == turns
    policy = policy_from_spec("leave-bad", ratings={"Naar Isle": 1.0})
    assert isinstance(policy, LeaveBad) and policy.threshold == 3.0


def test_ratings_file_is_read_and_checked(tmp_path: Path) -> None:
    good = tmp_path / "ratings.toml"
    good.write_text('"Naar Isle" = 1\n"sokenzan" = 4.5\n', encoding="utf-8")
    ratings = read_ratings(good)
    assert ratings["Naar Isle"] == 1.0 and ratings["Sokenzan"] == 4.5
    assert "Krosa" in ratings  # the rest keep their defaults
    typo = tmp_path / "typo.toml"
    typo.write_text('"Naar Ilse" = 1\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="Naar Isle"):
        read_ratings(typo)
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('"Naar Isle" = "bad"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="number"):
        read_ratings(wrong)


@pytest.mark.parametrize(
    "spec", ["", "sometimes", "cost<=99", "random:2", "random:x", "leave-bad:1:2:3", "nofile.py:Policy", "x" * 600]
)
def test_bad_policy_names_are_refused_clearly(spec: str) -> None:
    with pytest.raises(ConfigError):
        policy_from_spec(spec)


def test_a_users_policy_file_plays_and_answers_decisions(tmp_path: Path) -> None:
    source = tmp_path / "mine.py"
    source.write_text(
        "class TwiceOnNaar:\n"
        "    def act(self, view):\n"
        "        if view.decision is not None:\n"
        "            return view.choose(view.decision.options[-1].id)\n"
        "        limit = 1 if view.plane == 'Naar Isle' else 0\n"
        "        return view.roll() if view.roll_cost <= limit else None\n",
        encoding="utf-8",
    )
    spec = StudySpec(arms=(Arm("mine", SETUP, f"{source}:TwiceOnNaar"),), games=30, seed=5, block=10)
    result = run_study(spec, workers=2)
    acc = result.arms[0]
    assert acc.sums["turns"] < acc.sums["rolls"] < 2 * acc.sums["turns"]
    assert acc.sums["mana"] == acc.sums["rolls"] - acc.sums["turns"]


class _Raises:
    def act(self, view: PlayerView) -> None:
        if view.turn >= 3:
            raise RuntimeError("boom")


class _Illegal:
    def act(self, view: PlayerView) -> object:
        return view.roll() if view.decision is None else None  # None is no answer to a decision


class _WrongSeat:
    def act(self, view: PlayerView) -> object:
        from planechase.core.actions import Roll

        return Roll((view.seat + 1) % 3)


@pytest.mark.parametrize(
    ("policy", "words"),
    [
        (_Raises(), "raised RuntimeError: boom"),
        (_Illegal(), "answered None to a decision"),
        (_WrongSeat(), "is illegal (901.9"),
    ],
)
def test_a_failing_policy_stops_with_the_seed_to_replay(policy: object, words: str) -> None:
    seed = game_seed(3, 0)
    with pytest.raises(PolicyError) as caught:
        play_game(SETUP, policy, seed=seed)  # type: ignore[arg-type]
    assert caught.value.seed == seed
    assert words in str(caught.value)
    # the same seed fails the same way: the game can be replayed
    with pytest.raises(PolicyError) as again:
        play_game(SETUP, policy, seed=seed)  # type: ignore[arg-type]
    assert str(again.value) == str(caught.value)


def test_a_failing_policy_in_a_worker_stops_the_study(tmp_path: Path) -> None:
    source = tmp_path / "bad.py"
    source.write_text("class Bad:\n    def act(self, view):\n        return 'roll'\n", encoding="utf-8")
    spec = StudySpec(arms=(Arm("bad", SETUP, f"{source}:Bad"),), games=40, seed=1, block=10)
    with pytest.raises(PolicyError, match="answered 'roll'") as caught:
        run_study(spec, workers=2)
    assert caught.value.seed in {game_seed(1, i) for i in range(40)}


# -- precision ---------------------------------------------------------------------------------------


def test_without_games_the_study_stops_when_every_headline_interval_is_narrow_enough() -> None:
    spec = StudySpec(arms=(Arm("demo", SETUP),), games=None, precision=0.12, seed=3, block=40)
    result = run_study(spec, workers=2)
    assert result.stopped == "precision"
    widths = [f.width for *_, f in result.headline()]
    assert widths and max(widths) < 0.12
    # one block fewer was not enough
    fewer = run_study(StudySpec(arms=spec.arms, games=result.games - 40, seed=3, block=40), workers=1)
    assert max(f.width for *_, f in fewer.headline()) >= 0.12 or result.games == 80
    assert _bytes(result) == _bytes(run_study(spec, workers=1))


def test_a_precision_out_of_reach_stops_at_max_games() -> None:
    spec = StudySpec(arms=(Arm("demo", SETUP),), games=None, precision=0.001, max_games=60, seed=3, block=20)
    assert run_study(spec, workers=1).stopped == "max_games"


def test_interrupting_keeps_the_blocks_finished() -> None:
    calls = []

    def progress(done: int, target: int, result: object) -> None:
        calls.append(done)
        if done >= 40:
            raise KeyboardInterrupt

    spec = StudySpec(arms=(Arm("demo", SETUP),), games=200, seed=3, block=20)
    result = run_study(spec, workers=1, progress=progress)
    assert result.stopped == "interrupted" and result.games == 40 and calls == [20, 40]


# -- what the review found ---------------------------------------------------------------------------


class _RollsForever:
    def act(self, view: PlayerView) -> object:
        return view.roll() if view.decision is None else view.choose_at_random()


def test_a_turn_that_never_ends_stops_the_study_with_the_seed() -> None:
    setup = GameSetup(DEMO_DECK, players=2, turns=5, starting_life=1_000_000)
    with pytest.raises(PolicyError, match="the turn never ends") as caught:
        play_game(setup, _RollsForever(), seed=game_seed(1, 0))  # type: ignore[arg-type]
    assert caught.value.seed == game_seed(1, 0)


class _NoSuchSeat:
    def act(self, view: PlayerView) -> object:
        from planechase.core.actions import Roll

        return Roll(99)


def test_a_malformed_action_is_a_policy_error_too() -> None:
    with pytest.raises(PolicyError, match="malformed"):
        play_game(SETUP, _NoSuchSeat(), seed=game_seed(1, 0))  # type: ignore[arg-type]


def test_a_policy_whose_constructor_fails_or_whose_file_failed_to_load(tmp_path: Path) -> None:
    source = tmp_path / "ctor.py"
    source.write_text(
        "class Needs:\n    def __init__(self, x):\n        pass\n    def act(self, view):\n        return None\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match="cannot make the policy"):
        policy_from_spec(f"{source}:Needs")
    broken = tmp_path / "broken.py"
    broken.write_text("raise RuntimeError('not yet')\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="not yet"):
        policy_from_spec(f"{broken}:Fixed")
    broken.write_text("class Fixed:\n    def act(self, view):\n        return None\n", encoding="utf-8")
    assert policy_from_spec(f"{broken}:Fixed") is not None  # read again, not the half-loaded module


def test_a_ratings_file_that_is_not_a_table(tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    path.write_text("ratings = 3\n", encoding="utf-8")
    with pytest.raises(ConfigError, match="table"):
        read_ratings(path)


def test_807_4_grand_melee_counts_each_markers_planes_once() -> None:
    deck = tuple(card.name for card in CATALOG if card.is_plane)[:40]
    setup = GameSetup(deck, players=10, variant="grand_melee", shared=True, turns=20, starting_life=4)
    for index in range(12):
        tally = play_game(setup, policy_from_spec("free"), seed=game_seed(2, index))
        q = tally.quantities
        # one marker's turn begins at a time: its planes, and only its, are counted as face up
        assert sum(v for k, v in q.items() if k.startswith("up:")) == q["turns"]
        # every starting plane was seen, and every stay ended within the turns counted
        assert all(card in tally.first_seen for card, _ in tally.stays)
        assert all(1 <= length <= 20 for _, length in tally.stays)
        assert q["stays:" + tally.stays[0][0]] >= 1


def test_a_figure_with_too_few_games_of_data_has_no_interval() -> None:
    from planechase.lab.play import GameTally
    from planechase.lab.stats import Accumulator

    acc = Accumulator(turns=5)
    acc.add(GameTally({"turns": 5, "stay:Naar Isle": 3, "stays:Naar Isle": 1}))
    for _ in range(99):
        acc.add(GameTally({"turns": 5}))
    stay = acc.figure("stay:Naar Isle", "stays:Naar Isle")
    assert stay.value == 3 and stay.games == 1 and math.isnan(stay.low)


def test_the_failure_reported_is_the_earliest_games_whatever_the_workers(tmp_path: Path) -> None:
    source = tmp_path / "late.py"
    source.write_text(
        "class Late:\n"
        "    def act(self, view):\n"
        "        if view.decision is not None:\n"
        "            return view.choose_at_random()\n"
        "        if view.turn == 3 and view.rng.random() < 0.5:\n"
        "            raise ValueError('unlucky')\n"
        "        return view.roll() if view.roll_cost == 0 else None\n",
        encoding="utf-8",
    )
    spec = StudySpec(arms=(Arm("late", SETUP, f"{source}:Late"),), games=40, seed=6, block=5)
    seeds = []
    for workers in (1, 2):
        with pytest.raises(PolicyError) as caught:
            run_study(spec, workers=workers)
        seeds.append(caught.value.seed)
    first = next(i for i in range(40) if _fails(SETUP, f"{source}:Late", game_seed(6, i)))
    assert seeds == [game_seed(6, first)] * 2


def _fails(setup: GameSetup, policy: str, seed: int) -> bool:
    try:
        play_game(setup, policy_from_spec(policy), seed=seed)
    except PolicyError:
        return True
    return False
