"""bench/bench_protocol.py plays the documented turn loop the same way in process and through the pipe (a few
games: the timing belongs in docs/performance.md, not in a test)."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_protocol.py"


def test_the_turn_loop_plays_the_same_games_over_the_pipe_and_in_process(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("bench_protocol", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_protocol"] = module
    spec.loader.exec_module(module)
    out = tmp_path / "protocol.json"
    # main() exits with an error if the two sides' actions differ
    assert module.main(["--games", "4", "--max-actions", "60", "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["actions"] > 100 and result["protocol"] > 0 and result["in_process"] > 0
    assert module.main(["--games", "2", "--max-actions", "30", "--legal"]) == 0
