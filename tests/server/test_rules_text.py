"""The rules' text behind the log ("tap a rule to read it"): ``GET /api/rules/{number}`` answers from
``rules.json``, which must hold every rule the engine cites (``scripts/extract_rules.py`` makes it)."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from server.live import LiveServer

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "planechase"
RULES = PACKAGE / "server" / "rules.json"
RULE_NUMBER = re.compile(r"\d{3}(\.\d+[a-z]?)?")


def cited_in_source() -> set[str]:
    """Every string literal in the package's source that is exactly a rule number."""
    cited: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_NUMBER.fullmatch(node.value):
                cited.add(node.value)
    return cited


def shipped() -> dict[str, str]:
    rules: dict[str, str] = json.loads(RULES.read_text(encoding="utf-8"))
    return rules


def test_every_rule_the_engine_cites_has_its_text_in_rules_json() -> None:
    cited = cited_in_source()
    assert {"901.9", "704.6f", "800.4a", "117.4"} <= cited  # the scan finds the engine's citations
    missing = sorted(cited - shipped().keys())
    assert not missing, f"run scripts/extract_rules.py: rules.json lacks {missing}"


def test_rules_json_holds_every_multiplayer_and_planechase_rule_by_number() -> None:
    rules = shipped()
    assert all(RULE_NUMBER.fullmatch(number) for number in rules)
    assert all(text.strip() == text and text for text in rules.values())
    assert rules["901"] == "Planechase"
    assert rules["800"] == "General"
    assert rules["901.15"] == "Single Planar Deck Option"
    # Each rule and subrule of 901 is there, in order, none skipped (the CR skips the letters l and o).
    assert [n for n in rules if n.startswith("901.9")] == ["901.9", "901.9a", "901.9b", "901.9c", "901.9d"]
    assert {f"901.{n}" for n in range(1, 16)} <= rules.keys()
    assert {f"{section}" for section in range(800, 812)} <= rules.keys()
    assert rules["810.1"].startswith("Two-Headed Giant")  # 810 is Two-Headed Giant
    assert "Example:" in rules["800.4a"]  # a rule's examples come with it, on lines of their own
    assert not any(re.match(r"\d{3}\.\d+", line) for text in rules.values() for line in text.splitlines())


@pytest.mark.parametrize(
    ("number", "start"),
    [
        ("901.9", "Any time the active player has priority and the stack is empty"),
        ("704.6f", "In a Planechase game, if a phenomenon card is face up in the command zone"),
        ("901", "Planechase"),
    ],
)
def test_a_cited_rule_has_its_text(server: LiveServer, number: str, start: str) -> None:
    response = server.get(f"/api/rules/{number}")
    assert response.status_code == 200
    answer = response.json()
    assert answer["number"] == number
    assert answer["text"].startswith(start)
    assert answer["text"] == shipped()[number]


@pytest.mark.parametrize("number", ["999.9", "901.99", "abc", "901.9.1", "9019", "100.1zz"])
def test_a_rule_number_it_does_not_hold_is_a_404(server: LiveServer, number: str) -> None:
    response = server.get(f"/api/rules/{number}")
    assert response.status_code == 404
    assert "error" in response.json()
