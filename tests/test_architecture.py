"""The layering the architecture asks for: interfaces import the engine, never the other way round."""

from __future__ import annotations

import ast
from pathlib import Path

import planechase

PACKAGE = Path(planechase.__file__).resolve().parent
CORE = ("engine", "planar", "cards")
INTERFACES = ("cli", "protocol", "sim", "server")


def _imports(path: Path) -> set[str]:
    """Absolute module names a source file imports (relative imports resolved against its package)."""
    module_parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module_parts[: len(module_parts) - node.level]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.add(name)
    return found


def test_core_packages_never_import_the_interfaces() -> None:
    offenders: list[str] = []
    for package in CORE:
        for path in sorted((PACKAGE / package).rglob("*.py")):
            for name in _imports(path):
                if any(name == f"planechase.{i}" or name.startswith(f"planechase.{i}.") for i in INTERFACES):
                    offenders.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offenders == []


def test_the_import_checker_sees_relative_imports() -> None:
    names = _imports(PACKAGE / "engine" / "reducer.py")
    assert "planechase.engine.turns" in names
    assert "planechase.cards.catalog" in names
