"""Every kind of event the engine writes has a sentence template in the page's log (logtext.js ``TEMPLATES``), so
no line of the rules log is left in English in another language because nobody gave it one.

The event types are read from the package's source with :mod:`ast`: the first argument of every ``.emit(...)``
call and of every ``Event(...)`` built directly. A type that is not a string literal can't be checked this way:
those sites are listed here with the types they make, and a new one fails until it is listed too.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "planechase"
LOGTEXT = PACKAGE / "server" / "static" / "logtext.js"
#: The files of the log's templates, and the object each exports.
TEMPLATE_FILES = {"logtemplates-play.js": "PLAY_TEMPLATES", "logtemplates-cards.js": "CARD_TEMPLATES"}

#: The sites whose event type is computed, by file (relative to the package) and the type's source, with the
#: types each can make. ``Run.emit`` builds the ``Event`` of every ``emit`` call: its types are those calls'.
COMPUTED_TYPES: dict[tuple[str, str], frozenset[str]] = {
    ("engine/perform.py", "f'{kind}_adjusted'"): frozenset({"life_adjusted", "poison_adjusted"}),
    ("core/context.py", "type_"): frozenset(),
}


@dataclass(frozen=True)
class Site:
    """Where an event is made: the file (relative to the package), the line and the type's source."""

    path: str
    line: int
    source: str


def _event_calls(tree: ast.AST) -> list[ast.Call]:
    """The calls that make an event: ``<anything>.emit(type, ...)`` and ``Event(type, ...)``."""
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        emit = isinstance(node.func, ast.Attribute) and node.func.attr == "emit"
        built = isinstance(node.func, ast.Name) and node.func.id == "Event"
        if emit or built:
            calls.append(node)
    return calls


def emitted() -> tuple[dict[str, list[Site]], list[Site]]:
    """The event types written as string literals, with where; and the sites whose type is computed."""
    literal: dict[str, list[Site]] = {}
    computed: list[Site] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for call in _event_calls(tree):
            first = call.args[0]
            site = Site(relative, call.lineno, ast.unparse(first))
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                literal.setdefault(first.value, []).append(site)
            else:
                computed.append(site)
    return literal, computed


def template_types() -> set[str]:
    """The keys of the log's templates (logtext.js merges ``PLAY_TEMPLATES`` and ``CARD_TEMPLATES``, each in a file
    of its own): the objects' entries at their first level of indentation."""
    found: set[str] = set()
    for name, table in TEMPLATE_FILES.items():
        source = (LOGTEXT.parent / name).read_text(encoding="utf-8")
        start = source.index(f"export const {table} = {{")
        end = source.index("\n};\n", start)
        found |= set(re.findall(r"^  (\w+): ", source[start:end], flags=re.MULTILINE))
    assert f"...{', ...'.join(TEMPLATE_FILES.values())}" in LOGTEXT.read_text(encoding="utf-8")
    return found


def test_the_source_is_read() -> None:
    literal, _ = emitted()
    assert {"die_rolled", "planeswalk", "game_started", "cancelled", "map_rules"} <= set(literal)
    assert len(literal) > 100
    assert {"turn_began", "die_rolled", "map_rules"} <= template_types()


def test_the_computed_event_types_are_the_known_ones() -> None:
    _, computed = emitted()
    found = {(site.path, site.source) for site in computed}
    unknown = sorted(f"{s.path}:{s.line}: {s.source}" for s in computed if (s.path, s.source) not in COMPUTED_TYPES)
    assert not unknown, (
        "events whose type is not a string literal; list them and the types they make in COMPUTED_TYPES: "
        + "; ".join(unknown)
    )
    assert found == set(COMPUTED_TYPES), f"no longer in the source: {sorted(set(COMPUTED_TYPES) - found)}"


def test_every_event_type_has_a_log_template() -> None:
    literal, _ = emitted()
    types = set(literal).union(*COMPUTED_TYPES.values())
    missing = sorted(types - template_types())
    where = {t: ", ".join(f"{s.path}:{s.line}" for s in literal.get(t, [])) for t in missing}
    assert not missing, "event types without a template in logtext.js's TEMPLATES:\n" + "\n".join(
        f"  {t} ({where[t] or 'computed'})" for t in missing
    )


def test_every_template_is_for_an_event_the_engine_writes() -> None:
    """A template for a type nothing writes any more is dead: its sentences are translated for nothing."""
    literal, _ = emitted()
    types = set(literal).union(*COMPUTED_TYPES.values())
    assert not sorted(template_types() - types)
