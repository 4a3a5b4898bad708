"""bench/bench_lab.py runs (a few games: the timing itself belongs in docs/performance.md, not in a test)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench_scripts import load_bench


def test_bench_lab_reports_rates_scaling_and_where_the_time_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    module = load_bench("bench_lab")
    out = tmp_path / "lab.json"
    assert module.main(["--games", "30", "--turns", "5", "--workers", "1,2", "--profile", "5", "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert [run["workers"] for run in result["runs"]] == [1, 2]
    assert all(run["games"] == 30 and run["games_per_s"] > 0 for run in result["runs"])
    assert abs(sum(result["profile"].values()) - 100) < 0.5
    assert "games/s/core" in capsys.readouterr().out
