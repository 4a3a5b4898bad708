"""The engine benchmark's bookkeeping: variant groups, per-group figures and ``--check`` against the floor.

No timing is asserted: the checks use fabricated samples and results, or a very short playout whose
numbers are only compared with each other.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bench_scripts import BENCH, load_bench
from planechase import GameConfig
from planechase.sim.random_play import map_config, random_config

bench = load_bench("bench_engine")


def configs(n: int = 400) -> Iterator[GameConfig]:
    for seed in range(n):
        yield random_config(random.Random(seed), seed=seed)


# -- groups --------------------------------------------------------------------------------------


def test_a_two_player_free_for_all_is_two_player_only() -> None:
    config = GameConfig(players=("A", "B"))
    assert bench.groups_of(config) == ("two-player",)
    assert bench.groups_of(replace(config, players=("A", "B", "C"))) == ("Free-for-All",)


def test_seating_groups_of_the_other_variants() -> None:
    four = ("A", "B", "C", "D", "E", "F")
    assert bench.groups_of(GameConfig(players=four[:4], variant="two_headed_giant")) == ("Two-Headed Giant",)
    assert bench.groups_of(GameConfig(players=four, variant="emperor", team_size=3)) == ("Emperor",)
    melee = tuple(f"P{i}" for i in range(10))
    assert bench.groups_of(GameConfig(players=melee, variant="grand_melee")) == ("Grand Melee",)


def test_map_and_shared_deck_games_are_in_their_groups_too() -> None:
    shared = GameConfig(players=("A", "B", "C", "D"), shared_deck=("Pompeii",) * 40)
    assert bench.groups_of(shared) == ("Free-for-All", "shared deck")
    base = GameConfig(players=("A", "B", "C", "D", "E", "F"), variant="emperor", team_size=3)
    on_map = map_config(random.Random(1), base)
    assert bench.groups_of(on_map) == ("Emperor", "Eternities Map")
    # The map's own deck, given or not, does not make a map game a shared-deck game.
    assert bench.groups_of(replace(on_map, shared_deck=("Pompeii",) * 20)) == ("Emperor", "Eternities Map")


def test_random_games_fall_in_exactly_one_seating_group_and_every_group_is_met() -> None:
    seen: set[str] = set()
    seating = set(bench.GROUPS) - {"Eternities Map", "shared deck"}
    for config in configs():
        groups = bench.groups_of(config)
        assert len(set(groups) & seating) == 1
        assert groups[0] in seating
        assert ("two-player" in groups) == (config.variant == "free_for_all" and len(config.players) == 2)
        assert ("Free-for-All" in groups) == (config.variant == "free_for_all" and len(config.players) > 2)
        assert ("Eternities Map" in groups) == (config.eternities_map is not None)
        assert ("shared deck" in groups) == (config.eternities_map is None and config.shared_deck is not None)
        assert set(groups) <= set(bench.GROUPS)
        seen.update(groups)
    assert seen == set(bench.GROUPS)


def test_a_short_playout_counts_every_game_in_its_groups() -> None:
    sample, next_seed = bench.planechase_playouts(0.02, first_seed=0, max_actions=40)
    assert sample.games >= 1 and next_seed == sample.games
    seating = [g for g in bench.GROUPS if g not in ("Eternities Map", "shared deck")]
    tallies = [sample.groups[g] for g in seating if g in sample.groups]
    assert sum(t.games for t in tallies) == sample.games
    assert sum(t.actions for t in tallies) == sample.actions
    assert sum(t.engine_seconds for t in tallies) == pytest.approx(sample.engine_seconds)
    expected: dict[str, int] = {}
    for config in configs(sample.games):
        for group in bench.groups_of(config):
            expected[group] = expected.get(group, 0) + 1
    assert {g: t.games for g, t in sample.groups.items()} == expected


# -- per-group figures -----------------------------------------------------------------------------


def test_group_figures_are_medians_of_per_repetition_rates_and_ratios() -> None:
    tally = bench.Tally
    ours = [
        bench.Sample(1.0, 0.5, 3, 300, groups={"Emperor": tally(2, 200, 0.2), "shared deck": tally(1, 100, 0.3)}),
        bench.Sample(1.0, 0.5, 2, 300, groups={"Emperor": tally(2, 300, 0.5)}),
        bench.Sample(1.0, 0.5, 2, 300, groups={"Emperor": tally(1, 100, 0.2)}),
    ]
    theirs = [bench.Sample(1.0, 1.0, 1, 1000), bench.Sample(1.0, 1.0, 1, 500), bench.Sample(1.0, 1.0, 1, 250)]
    groups = bench.summarize_groups(ours, theirs)
    assert list(groups) == list(bench.GROUPS)
    emperor = groups["Emperor"]
    assert (emperor.games, emperor.actions, emperor.repeats) == (5, 600, 3)
    assert emperor.engine_actions_per_second == pytest.approx(600)  # rates 1000, 600, 500
    assert (emperor.engine_actions_per_second_min, emperor.engine_actions_per_second_max) == pytest.approx((500, 1000))
    assert emperor.ratio_to_chess == pytest.approx(1.2)  # ratios 1.0, 1.2, 2.0: not 600 / 500
    assert (emperor.ratio_to_chess_min, emperor.ratio_to_chess_max) == pytest.approx((1.0, 2.0))
    shared = groups["shared deck"]
    assert shared.repeats == 1 and shared.ratio_to_chess == pytest.approx(100 / 0.3 / 1000)
    grand = groups["Grand Melee"]
    assert grand.games == 0 and grand.engine_actions_per_second is None and grand.ratio_to_chess is None


def test_results_have_a_variants_section_and_both_tables_render() -> None:
    ours = [bench.Sample(1.0, 0.5, 2, 300, 1, {"two-player": bench.Tally(2, 300, 0.5)})]
    theirs = [bench.Sample(1.0, 1.0, 1, 1000)]
    results = bench.results_of(ours, theirs, {"seconds": 1.0, "repeats": 1, "warmup": 0.0, "max_actions": 300})
    json.dumps(results)
    assert results["ratio_engine_actions_to_chess_moves"] == pytest.approx(0.6)
    assert set(results["variants"]) == set(bench.GROUPS)
    assert results["variants"]["two-player"]["ratio_to_chess"] == pytest.approx(0.6)
    assert "engine actions per chess move: 0.60x" in bench.table(results)
    text = bench.variants_table(results)
    assert "two-player" in text and "0.60x" in text and "Grand Melee" in text


# -- the floor and --check ---------------------------------------------------------------------------


def results(whole: float, groups: dict[str, float | None] | None = None) -> dict[str, Any]:
    """Fabricated results: the whole mix's engine ratio and some groups' ratios."""
    variants = {name: {"ratio_to_chess": ratio} for name, ratio in (groups or {}).items()}
    return {"ratio_engine_actions_to_chess_moves": whole, "variants": variants}


def test_the_floor_kept_in_the_repository_parses() -> None:
    raw = json.loads((BENCH / "engine_floor.json").read_text())
    floor = bench.load_floor(BENCH / "engine_floor.json")
    assert floor == bench.load_floor(bench.DEFAULT_FLOOR)
    assert floor.whole_mix_ratio == raw["whole_mix_ratio"] > 0
    assert floor.note
    assert set(floor.variant_ratio_min) <= set(bench.GROUPS)


def test_the_pure_python_engine_has_its_own_floor() -> None:
    raw = {"whole_mix_ratio": 1.9, "variant_ratio_min": 1.2, "pure": {"whole_mix_ratio": 1.2, "note": "pure"}}
    compiled_floor = bench.parse_floor(raw, "floor.json")
    pure_floor = bench.parse_floor(raw, "floor.json", "pure")
    assert compiled_floor.whole_mix_ratio == 1.9 and compiled_floor.variant_ratio_min["Grand Melee"] == 1.2
    assert pure_floor.whole_mix_ratio == 1.2 and pure_floor.variant_ratio_min == {} and pure_floor.note == "pure"
    assert "pure" in pure_floor.source
    kept = json.loads((BENCH / "engine_floor.json").read_text())
    assert bench.load_floor(BENCH / "engine_floor.json", "pure").whole_mix_ratio == kept["pure"]["whole_mix_ratio"]
    assert kept["pure"]["whole_mix_ratio"] < kept["whole_mix_ratio"]


def test_check_fails_below_the_floor_and_passes_at_or_above_it() -> None:
    floor = bench.parse_floor({"whole_mix_ratio": 0.55, "note": "x"}, "floor.json")
    status, lines = bench.check(results(0.5), floor)
    assert status == 1
    assert "FAILED" in lines[0] and "floor.json" in lines[0]
    assert "0.500x" in "\n".join(lines) and "0.550x" in "\n".join(lines)
    assert bench.check(results(0.55), floor)[0] == 0
    status, lines = bench.check(results(0.9), floor)
    assert status == 0 and "passed" in lines[0]


def test_check_per_variant_minimum() -> None:
    floor = bench.parse_floor({"whole_mix_ratio": 0.5, "variant_ratio_min": {"Grand Melee": 0.4}})
    assert floor.variant_ratio_min == {"Grand Melee": 0.4}
    assert bench.check(results(0.9, {"Grand Melee": 0.45, "Emperor": 0.1}), floor)[0] == 0
    status, lines = bench.check(results(0.9, {"Grand Melee": 0.3}), floor)
    assert status == 1 and any("Grand Melee" in line and "0.300x" in line for line in lines)
    # A group the floor names must have been measured.
    assert bench.check(results(0.9, {"Grand Melee": None}), floor)[0] == 1
    everyone = bench.parse_floor({"whole_mix_ratio": 0.5, "variant_ratio_min": 0.2})
    assert set(everyone.variant_ratio_min) == set(bench.GROUPS)
    all_groups: dict[str, float | None] = dict.fromkeys(bench.GROUPS, 0.3)
    assert bench.check(results(0.9, all_groups), everyone)[0] == 0
    assert bench.check(results(0.9, {**all_groups, "two-player": 0.1}), everyone)[0] == 1
    assert bench.check(results(0.9, {"two-player": 0.3}), everyone)[0] == 1  # the others not measured


@pytest.mark.parametrize(
    "raw",
    [
        [],
        {},
        {"whole_mix_ratio": 0},
        {"whole_mix_ratio": "0.5"},
        {"whole_mix_ratio": True},
        {"whole_mix_ratio": 0.5, "note": 3},
        {"whole_mix_ratio": 0.5, "variant_ratio_min": {"Planechase": 0.3}},
        {"whole_mix_ratio": 0.5, "variant_ratio_min": -1},
        {"whole_mix_ratio": 0.5, "variant_ratio": 0.3},
        {"whole_mix_ratio": 0.5, "pure": {"whole_mix_ratio": 0}},
        {"whole_mix_ratio": 0.5, "pure": 1.2},
    ],
)
def test_malformed_floors_are_refused(raw: object) -> None:
    with pytest.raises(bench.FloorError):
        bench.parse_floor(raw)


def test_a_missing_or_broken_floor_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(bench.FloorError, match="cannot read"):
        bench.load_floor(tmp_path / "nope.json")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    with pytest.raises(bench.FloorError, match="not valid JSON"):
        bench.load_floor(broken)


def test_main_exits_with_the_check_status(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = {"seconds": 1.0, "repeats": 1, "warmup": 0.0, "max_actions": 300}
    theirs = [bench.Sample(1.0, 1.0, 1, 1000)]
    # Far above any floor the repository keeps: 3x whole mix, 3x in every group measured.
    fast = [bench.Sample(1.0, 0.1, 2, 300, 1, {group: bench.Tally(2, 300, 0.1) for group in bench.GROUPS})]
    fast_results = bench.results_of(fast, theirs, settings)
    monkeypatch.setattr(bench, "run", lambda *args: dict(fast_results))
    assert bench.main(["--quiet", "--check"]) == 0
    assert "check passed" in capsys.readouterr().out
    ours = [bench.Sample(1.0, 0.5, 2, 300, 1, {"Grand Melee": bench.Tally(2, 300, 1.0)})]
    fabricated = bench.results_of(ours, theirs, settings)
    monkeypatch.setattr(bench, "run", lambda *args: dict(fabricated))  # 0.6x whole mix, 0.3x Grand Melee
    assert bench.main(["--quiet", "--check"]) == 1  # below the repository's floor
    capsys.readouterr()
    floor = tmp_path / "floor.json"
    floor.write_text(json.dumps({"whole_mix_ratio": 0.5, "variant_ratio_min": {"Grand Melee": 0.4}}))
    out = tmp_path / "out.json"
    assert bench.main(["--quiet", "--floor", str(floor), "--json", str(out)]) == 1
    text = capsys.readouterr().out
    assert "check FAILED" in text and "Grand Melee engine ratio 0.300x is below the floor 0.400x" in text
    assert json.loads(out.read_text())["check"]["passed"] is False
    assert bench.main(["--quiet"]) == 0  # no check without --check or --floor
    assert "check" not in capsys.readouterr().out


def test_main_refuses_a_missing_floor_before_measuring(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_info:
        bench.main(["--floor", str(tmp_path / "nope.json")])
    assert exit_info.value.code == 2
