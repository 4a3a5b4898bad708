"""Extract the Comprehensive Rules text the web table shows when a player taps a rule in the log.

Writes ``src/planechase/server/rules.json``: ``{number: text}`` for every rule number the engine cites (a string
literal in ``src/planechase/**/*.py`` that is exactly a rule number, such as ``"901.9"`` or ``"704.6f"``) and for
every rule and subrule of the multiplayer rules (800-811) and Planechase (901). A bare section number (``"901"``)
gets the section's title; a rule's text is its paragraph as in the CR, with the examples that follow it.

Run it from anywhere after changing the engine's citations or the CR edition::

    .venv/bin/python scripts/extract_rules.py [--cr PATH] [--out PATH]
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The CR edition the engine follows, beside the project.
CR = ROOT.parent / "shared" / "reference" / "comprehensive-rules-2026-01-16.txt"
SOURCE = ROOT / "src" / "planechase"
OUT = SOURCE / "server" / "rules.json"

#: A rule number as the engine writes it: a section ("901"), a rule ("901.9") or a subrule ("901.9a").
RULE_NUMBER = re.compile(r"\d{3}(\.\d+[a-z]?)?")
#: Sections whose every rule is kept: the multiplayer rules and Planechase.
WHOLE_SECTIONS = (*range(800, 812), 901)

_SECTION = re.compile(r"(\d{3})\. (.+)")
_RULE = re.compile(r"(\d{3}\.\d+)\. (.+)")
_SUBRULE = re.compile(r"(\d{3}\.\d+[a-z]) (.+)")


def parse_rules(text: str) -> dict[str, str]:
    """Every section title, rule and subrule of the CR's body, keyed by number; a rule's text includes the
    lines under it (its examples), one per line.

    >>> parse_rules("1. Game\\n100. General\\n1. Game\\n100. General\\n\\n100.1. Rules.\\nExample: One.\\n"
    ...             "100.1a More.\\nGlossary\\nA\\n")
    {'100': 'General', '100.1': 'Rules.\\nExample: One.', '100.1a': 'More.'}
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    # The body runs from the second "1. Game ..." heading (the first is in the contents) to the glossary.
    starts = [i for i, line in enumerate(lines) if re.fullmatch(r"1\. \S.*", line.strip())]
    start = starts[1] if len(starts) > 1 else 0
    end = next((i for i in range(start, len(lines)) if lines[i].strip() == "Glossary"), len(lines))
    rules: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in lines[start:end]:
        line = raw.strip()
        if not line:
            continue
        match = _RULE.fullmatch(line) or _SUBRULE.fullmatch(line) or _SECTION.fullmatch(line)
        if match:
            current = rules.setdefault(match.group(1), [])
            current.append(match.group(2).strip())
        elif current is not None and not re.fullmatch(r"\d+\. .+", line):
            current.append(line)
        else:
            current = None  # a chapter heading ("9. Casual Variants"): nothing follows it
    return {number: "\n".join(parts) for number, parts in rules.items()}


def cited_rules(source: Path = SOURCE) -> set[str]:
    """The rule numbers quoted in the package's source: string literals that are exactly a rule number."""
    found: set[str] = set()
    for path in sorted(source.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found.update(
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_NUMBER.fullmatch(node.value)
        )
    return found


def _in_sections(number: str, sections: Iterable[int]) -> bool:
    return int(number[:3]) in set(sections)


def select(rules: dict[str, str], cited: set[str]) -> tuple[dict[str, str], list[str]]:
    """The rules to ship (cited ones and whole sections) and the cited numbers the CR doesn't have."""
    chosen = {n: t for n, t in rules.items() if n in cited or _in_sections(n, WHOLE_SECTIONS)}
    return dict(sorted(chosen.items())), sorted(cited - rules.keys())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cr", type=Path, default=CR, help="the Comprehensive Rules text file")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the JSON")
    args = parser.parse_args(argv)
    rules = parse_rules(Path(args.cr).read_text(encoding="utf-8-sig"))
    chosen, missing = select(rules, cited_rules())
    Path(args.out).write_text(json.dumps(chosen, indent=1, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {len(chosen)} rules to {args.out}")
    if missing:
        print(f"the engine cites rules the CR doesn't have: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
