"""bench/bench_lab.py runs (a few games: the timing itself belongs in docs/performance.md, not in a test)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_lab.py"


def test_bench_lab_reports_rates_scaling_and_where_the_time_goes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("bench_lab", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_lab"] = module
    spec.loader.exec_module(module)
    out = tmp_path / "lab.json"
    assert module.main(["--games", "30", "--turns", "5", "--workers", "1,2", "--profile", "5", "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert [run["workers"] for run in result["runs"]] == [1, 2]
    assert all(run["games"] == 30 and run["games_per_s"] > 0 for run in result["runs"])
    assert abs(sum(result["profile"].values()) - 100) < 0.5
    assert "games/s/core" in capsys.readouterr().out
