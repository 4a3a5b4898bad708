"""bench/bench_protocol.py plays the documented turn loop the same way in process and through the pipe (a few
games: the timing belongs in docs/performance.md, not in a test)."""

from __future__ import annotations

import json
from pathlib import Path

from bench_scripts import load_bench


def test_the_turn_loop_plays_the_same_games_over_the_pipe_and_in_process(tmp_path: Path) -> None:
    module = load_bench("bench_protocol")
    out = tmp_path / "protocol.json"
    # main() exits with an error if the two sides' actions differ
    assert module.main(["--games", "4", "--max-actions", "60", "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["actions"] > 100 and result["protocol"] > 0 and result["in_process"] > 0
    assert module.main(["--games", "2", "--max-actions", "30", "--legal"]) == 0
