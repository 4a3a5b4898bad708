"""The compiled engine (issue 15): used only when it is built from the current sources, and playing exactly
the games the pure Python engine plays."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from planechase import compiled

#: Plays seeded random games and prints one digest of every legal-action list, event and final state.
DIGEST = """
import hashlib, json, random, sys
from planechase import apply, legal_actions, new_game, compiled
from planechase.sim.random_play import RandomAgent, random_config
first, count = int(sys.argv[1]), int(sys.argv[2])
digest = hashlib.sha256()
for seed in range(first, first + count):
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    result = new_game(random_config(rng, seed=seed))
    state = result.state
    for _ in range(300):
        for event in result.events:
            digest.update(json.dumps(event.to_dict(), sort_keys=True, default=str).encode())
        legal = legal_actions(state)
        digest.update(repr(legal).encode())
        if not legal:
            break
        result = apply(state, agent.choose(state, legal))
        state = result.state
    digest.update(repr(state).encode())
print(compiled.status().mode, digest.hexdigest())
"""


def _digest(engine: str, first: int, count: int) -> tuple[str, str]:
    env = {**os.environ, compiled.ENGINE_VARIABLE: engine}
    done = subprocess.run(
        [sys.executable, "-c", DIGEST, str(first), str(count)], env=env, capture_output=True, text=True, check=True
    )
    mode, digest = done.stdout.split()
    return mode, digest


def _require_build() -> None:
    usable, reason = compiled.check()
    if usable is None:
        if os.environ.get("PLANECHASE_REQUIRE_COMPILED") == "1":
            pytest.fail(f"scripts/test needs the compiled engine: {reason}")
        pytest.skip(reason)


def test_compiled_engine_plays_the_same_games_as_pure_python() -> None:
    """Every legal-action list, event (type, rules, text, data) and final state of 150 seeded random games of
    every variant is the same on both engines."""
    _require_build()
    assert _digest("compiled", 0, 150) == ("compiled", _digest("pure", 0, 150)[1])


SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _fake_build(where: Path, **changes: object) -> None:
    """A build's layout with empty extension files: a manifest that matches the sources, one file per module and
    the shared library."""
    files = {m: f"{m}{SUFFIX}" for m in (*compiled.COMPILED_MODULES, "abc123__mypyc")}
    manifest: dict[str, object] = {
        "python": compiled._python_tag(),
        "mypy": "test",
        "compiled": list(compiled.COMPILED_MODULES),
        "sources": compiled._package_sources(compiled._PACKAGE_ROOT),
        "files": files,
    }
    manifest.update(changes)
    where.mkdir(parents=True, exist_ok=True)
    for file in files.values():
        (where / file).write_bytes(b"")
    (where / compiled.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")


def test_a_build_of_the_current_sources_is_usable(tmp_path: Path) -> None:
    _fake_build(tmp_path)
    files, reason = compiled.check(tmp_path)
    assert files is not None and set(compiled.COMPILED_MODULES) <= set(files), reason


def test_a_build_older_than_any_source_of_the_package_is_not_used(tmp_path: Path) -> None:
    # Not only the compiled modules: mypyc compiles in the types and constants of the modules they import.
    sources = compiled._package_sources(compiled._PACKAGE_ROOT)
    sources["planechase/core/state.py"] = "0" * 64
    _fake_build(tmp_path, sources=sources)
    files, reason = compiled.check(tmp_path)
    assert files is None and "planechase/core/state.py" in reason
    del sources["planechase/core/state.py"]
    _fake_build(tmp_path, sources=sources)
    assert compiled.check(tmp_path)[0] is None  # a module the build never saw


def test_a_build_for_another_python_or_machine_is_not_used(tmp_path: Path) -> None:
    _fake_build(tmp_path, python="cpython-39-plan9.cpython-39-plan9.so")
    files, reason = compiled.check(tmp_path)
    assert files is None and "plan9" in reason


def test_an_incomplete_or_missing_build_is_not_used(tmp_path: Path) -> None:
    assert compiled.check(tmp_path / "nothing")[0] is None
    _fake_build(tmp_path)
    (tmp_path / f"planechase.engine.reducer{SUFFIX}").unlink()
    files, reason = compiled.check(tmp_path)
    assert files is None and "incomplete" in reason
    (tmp_path / compiled.MANIFEST).write_text("{not json", encoding="utf-8")
    assert "unreadable" in compiled.check(tmp_path)[1]


def test_building_never_replaces_a_directory_that_is_not_a_build(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(compiled.CompiledEngineError, match="not a build"):
        compiled.build(tmp_path, say=lambda _: None)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def _status_in_child(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    code = "import planechase; s = planechase.compiled.status(); print(s.mode); print(s.reason)"
    return subprocess.run([sys.executable, "-c", code], env={**os.environ, **env}, capture_output=True, text=True)


def test_engine_variable_chooses_the_engine(tmp_path: Path) -> None:
    pure = _status_in_child({compiled.ENGINE_VARIABLE: "pure"})
    assert pure.stdout.split("\n")[0] == "pure"
    missing = {compiled.ENGINE_VARIABLE: "compiled", compiled.DIRECTORY_VARIABLE: str(tmp_path / "none")}
    refused = _status_in_child(missing)
    assert refused.returncode != 0 and "PLANECHASE_ENGINE=compiled" in refused.stderr
    fallback = _status_in_child({compiled.ENGINE_VARIABLE: "auto", compiled.DIRECTORY_VARIABLE: str(tmp_path)})
    assert fallback.stdout.startswith("pure\npure Python: no compiled engine is built")
    wrong = _status_in_child({compiled.ENGINE_VARIABLE: "fastest"})
    assert wrong.returncode != 0 and "must be auto, pure or compiled" in wrong.stderr


def test_a_build_that_does_not_load_leaves_the_pure_engine(tmp_path: Path) -> None:
    _fake_build(tmp_path)  # every file is there, but empty: the shared library can't load
    auto = _status_in_child({compiled.ENGINE_VARIABLE: "auto", compiled.DIRECTORY_VARIABLE: str(tmp_path)})
    assert auto.returncode == 0, auto.stderr
    assert auto.stdout.startswith("pure\npure Python: the compiled engine does not load")
    forced = _status_in_child({compiled.ENGINE_VARIABLE: "compiled", compiled.DIRECTORY_VARIABLE: str(tmp_path)})
    assert forced.returncode != 0 and "does not load" in forced.stderr
