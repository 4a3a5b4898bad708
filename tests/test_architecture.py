"""The layering the architecture asks for: imports go one way, down.

Bottom to top: the errors; the variants' tables; the rules core (state, actions, events, chance, the run
context, the trigger vocabulary); planar mechanics; the card vocabulary, decks and catalog; the engine that
composes them (turns, leaving, legality, the reducer, views, the Game); the package's defaults (the standard
catalog supplied where nobody passed one); the interfaces (command line, protocol, simulation, web table).

A module may import, at run time, only from its own layer or a lower one. That holds for imports inside
functions too (a lazy import that reaches up is a cycle all the same). Imports under ``if TYPE_CHECKING:``
are annotations only; one that reaches up is allowed only where :data:`TYPE_ONLY_UPWARD` lists it, so each
is a choice someone made. The catalog is handed to the game: nothing in the engine imports the standard one.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import planechase

PACKAGE = Path(planechase.__file__).resolve().parent
CORE = ("engine", "planar", "cards")
INTERFACES = ("cli", "protocol", "sim", "server", "lab")

#: Each layer, bottom (0) to top, by the modules and packages it holds.
LAYERS: dict[str, int] = {
    "planechase.errors": 0,
    "planechase.variants": 1,
    "planechase.core": 2,
    "planechase.planar": 3,
    "planechase.cards": 4,
    "planechase.engine": 5,
    "planechase": 6,  # the package root: the public API
    "planechase.api": 6,  # the public API's defaults (the standard catalog)
    **{f"planechase.{name}": 7 for name in INTERFACES},
    "planechase.__main__": 7,
}

#: Imports under ``if TYPE_CHECKING:`` that name a type from a higher layer, by importing module: the module
#: imported and the names it may give. The core's run context, state and queries, and the map's planar code,
#: read ``run.catalog`` / ``state.catalog``, whose type is the card vocabulary's :class:`Catalog`.
TYPE_ONLY_UPWARD: dict[str, dict[str, frozenset[str]]] = {
    "planechase.core.context": {"planechase.cards.model": frozenset({"Catalog"})},
    "planechase.core.queries": {"planechase.cards.model": frozenset({"Catalog"})},
    "planechase.core.state": {"planechase.cards.model": frozenset({"Catalog"})},
    "planechase.planar.eternities": {"planechase.cards.model": frozenset({"Catalog"})},
}

#: The standard catalog, which the engine is handed rather than importing.
STANDARD_CATALOG = "planechase.cards.catalog"


@dataclass(frozen=True)
class Import:
    """One import statement's target: the module (relative imports resolved), the names taken from it,
    whether it only runs for the type checker, and its line."""

    module: str
    names: frozenset[str]
    type_only: bool
    line: int

    def reaches(self, target: str) -> bool:
        """Whether this imports ``target`` or something in it, also as ``from package import target``."""
        candidates = {self.module, *(f"{self.module}.{name}" for name in self.names)}
        return any(c == target or c.startswith(target + ".") for c in candidates)


def _module_parts(path: Path) -> list[str]:
    return list(path.relative_to(PACKAGE.parent).with_suffix("").parts)


def _module_name(parts: list[str]) -> str:
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imports_of(source: str, module_parts: list[str]) -> list[Import]:
    """Every import in ``source`` (module level, in functions and classes, and under ``if TYPE_CHECKING:``),
    with relative imports resolved against ``module_parts`` (``[..., "__init__"]`` for a package)."""
    found: list[Import] = []

    def visit(node: ast.AST, type_only: bool) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for statement in node.body:
                visit(statement, True)
            for statement in node.orelse:
                visit(statement, type_only)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append(Import(alias.name, frozenset(), type_only, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module_parts[: len(module_parts) - node.level]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append(Import(name, frozenset(alias.name for alias in node.names), type_only, node.lineno))
        for child in ast.iter_child_nodes(node):
            visit(child, type_only)

    visit(ast.parse(source), False)
    return found


def _imports(path: Path) -> set[str]:
    """Absolute module names a source file imports (relative imports resolved against its package)."""
    return {i.module for i in imports_of(path.read_text("utf-8"), _module_parts(path))}


def layer_of(module: str) -> int | None:
    """The layer of a module of the package (``None`` for one outside it or in no layer)."""
    best: tuple[int, int] | None = None
    for prefix, layer in LAYERS.items():
        if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[0]):
            best = (len(prefix), layer)
    return None if best is None else best[1]


def layering_violations(
    module: str, source: str, *, allowed: dict[str, dict[str, frozenset[str]]] = TYPE_ONLY_UPWARD
) -> list[str]:
    """What in ``source`` (the module ``module``, dotted; ``pkg.__init__`` for a package) breaks the layering."""
    parts = module.split(".")
    here = _module_name(parts)
    own = layer_of(here)
    if own is None:
        return [f"{here} is in no layer"]
    out: list[str] = []
    for imp in imports_of(source, parts):
        if not imp.module.startswith("planechase"):
            continue
        target = layer_of(imp.module)
        if target is None:
            out.append(f"{here}:{imp.line} imports {imp.module}, which is in no layer")
            continue
        if target <= own:
            continue
        if not imp.type_only:
            out.append(f"{here}:{imp.line} imports {imp.module} (layer {target}) at run time from layer {own}")
            continue
        permitted = allowed.get(here, {}).get(imp.module, frozenset())
        if not imp.names <= permitted:
            names = ", ".join(sorted(imp.names - permitted))
            out.append(f"{here}:{imp.line} names {names} from {imp.module} (layer {target}) for types, unlisted")
    return out


def catalog_violations(module: str, source: str) -> list[str]:
    """Imports of the standard catalog in the engine (any kind: it is handed to the game)."""
    parts = module.split(".")
    here = _module_name(parts)
    if not (here == "planechase.engine" or here.startswith("planechase.engine.")):
        return []
    return [
        f"{here}:{imp.line} imports {STANDARD_CATALOG}"
        for imp in imports_of(source, parts)
        if imp.reaches(STANDARD_CATALOG)
    ]


def _sources() -> list[tuple[str, str]]:
    return [(".".join(_module_parts(path)), path.read_text("utf-8")) for path in sorted(PACKAGE.rglob("*.py"))]


# -- the package keeps its layers ----------------------------------------------------------------------


def test_core_packages_never_import_the_interfaces() -> None:
    offenders: list[str] = []
    for package in CORE:
        for path in sorted((PACKAGE / package).rglob("*.py")):
            for name in _imports(path):
                if any(name == f"planechase.{i}" or name.startswith(f"planechase.{i}.") for i in INTERFACES):
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []


def test_every_module_imports_only_its_own_layer_or_lower_ones() -> None:
    offenders = [v for module, source in _sources() for v in layering_violations(module, source)]
    assert offenders == []


def test_the_engine_is_handed_its_catalog_and_never_imports_the_standard_one() -> None:
    offenders = [v for module, source in _sources() for v in catalog_violations(module, source)]
    assert offenders == []


def test_every_listed_type_only_upward_import_is_still_made() -> None:
    """The allowlist shrinks when an upward annotation goes away, so it never excuses more than it must."""
    made: dict[str, dict[str, set[str]]] = {}
    for module, source in _sources():
        here = _module_name(module.split("."))
        for imp in imports_of(source, module.split(".")):
            if imp.type_only and imp.module in TYPE_ONLY_UPWARD.get(here, {}):
                made.setdefault(here, {}).setdefault(imp.module, set()).update(imp.names)
    assert {m: {t: frozenset(n) for t, n in targets.items()} for m, targets in made.items()} == TYPE_ONLY_UPWARD


def test_every_module_of_the_package_has_a_layer() -> None:
    assert [m for m, _ in _sources() if layer_of(_module_name(m.split("."))) is None] == []


# -- the checker itself catches what it is for -------------------------------------------------------------


def test_the_import_checker_sees_relative_imports() -> None:
    names = _imports(PACKAGE / "engine" / "reducer.py")
    assert "planechase.engine.turns" in names
    assert "planechase.core.state" in names
    assert "planechase.cards.catalog" not in names


def test_the_checker_catches_a_planted_upward_import_at_module_level() -> None:
    source = "from ..engine.reducer import apply\nfrom .state import GameState\n"
    assert layering_violations("planechase.core.context", source) == [
        "planechase.core.context:1 imports planechase.engine.reducer (layer 5) at run time from layer 2"
    ]


def test_the_checker_catches_a_lazy_upward_import_inside_a_function() -> None:
    source = "def roll(run):\n    if run:\n        from ..cards.catalog import CATALOG\n        return CATALOG\n"
    assert layering_violations("planechase.planar.chaos", source) == [
        "planechase.planar.chaos:3 imports planechase.cards.catalog (layer 4) at run time from layer 3"
    ]


def test_the_checker_allows_only_listed_type_only_upward_imports() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from ..cards.model import Catalog, CardDef\n"
        "    from ..engine.reducer import StepResult\n"
        "else:\n"
        "    from ..engine import melee\n"
    )
    assert layering_violations("planechase.core.state", source) == [
        "planechase.core.state:3 names CardDef from planechase.cards.model (layer 4) for types, unlisted",
        "planechase.core.state:4 names StepResult from planechase.engine.reducer (layer 5) for types, unlisted",
        "planechase.core.state:6 imports planechase.engine (layer 5) at run time from layer 2",
    ]


def test_the_checker_places_the_package_root_and_its_init_modules() -> None:
    # ``from .. import __version__`` in a core package's __init__ reaches the package root, above it
    assert layering_violations("planechase.core.__init__", "from .. import __version__\n") == [
        "planechase.core:1 imports planechase (layer 6) at run time from layer 2"
    ]
    assert layering_violations("planechase.cli.main", "from .. import __version__\n") == []


def test_the_checker_catches_the_engine_importing_the_standard_catalog() -> None:
    assert catalog_violations("planechase.engine.views", "from ..cards.catalog import CATALOG\n") == [
        "planechase.engine.views:1 imports planechase.cards.catalog"
    ]
    assert catalog_violations("planechase.engine.views", "def f():\n    from ..cards import catalog\n") == [
        "planechase.engine.views:2 imports planechase.cards.catalog"
    ]
    assert catalog_violations("planechase.engine.views", "from ..cards.model import Catalog\n") == []
    assert catalog_violations("planechase.api", "from .cards.catalog import CATALOG\n") == []
