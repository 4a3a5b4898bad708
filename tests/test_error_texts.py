"""Every message the package makes for people is a translatable template (see :class:`planechase.errors.Text`).

The web table shows the engine's errors, deck issues and house rules in the player's language: each message is
an English template whose ``{name}`` placeholders are filled from values given at the call, and the template
is the message's translation id, extracted from the call itself. So, at every call that makes one:

- the template is a plain string literal (not an f-string, a variable, a concatenation or a conditional);
- its placeholders are plain lowercase names (no format spec or conversion: ``{x!r}``, ``{x:g}``);
- the values given are exactly its placeholders, none missing and none left over.

A call may pass on a template checked elsewhere: a :class:`~planechase.errors.Text`'s (or a deck issue's)
``template`` with its own ``params`` (``DeckError(rule, text.template, **text.params)``), or, in the
``__init__`` of one of these classes, the template and values its own caller gave (the caller is checked).

The test runs once per source file, so a file not converted yet fails on its own
(``pytest tests/test_error_texts.py -k cards/decks`` checks one).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import planechase

PACKAGE = Path(planechase.__file__).resolve().parent

#: A placeholder, as :data:`planechase.errors.PLACEHOLDER` reads it.
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
#: A ``str.format`` field that is not a plain placeholder: ``{}``, ``{0}``, ``{x!r}``, ``{x:g}``.
FORMAT_FIELD = re.compile(r"\{(?:\}|\d+\}|[a-z_][a-z0-9_]*(?:![rsa])?:[^{}]*\}|[a-z_][a-z0-9_]*![rsa]\})")


@dataclass(frozen=True)
class Maker:
    """How a callable takes its template: as the positional argument ``position`` (or the keyword ``keyword``),
    with its values as keyword arguments (``mapping=None``) or as one mapping, the positional argument
    ``mapping`` or the keyword ``mapping_keyword``. ``other`` are keywords that are not values."""

    position: int
    keyword: str = "message"
    mapping: int | None = None
    mapping_keyword: str | None = None
    other: frozenset[str] = frozenset()


#: Everything that makes a message from a template, by the name it is called by.
MAKERS: dict[str, Maker] = {
    "PlanechaseError": Maker(0),
    "InvalidActionError": Maker(0),
    "ConfigError": Maker(0),
    "ReplayError": Maker(0),
    "IllegalActionError": Maker(1),
    "DeckError": Maker(1),
    "DeckListError": Maker(0),
    "NotEnoughCardsError": Maker(0, other=frozenset({"available", "needed"})),
    "CreateError": Maker(0, other=frozenset({"issues"})),
    "ExportError": Maker(0, other=frozenset({"issues"})),
    "LabRequestError": Maker(0, other=frozenset({"issues", "status"})),
    # planechase.cards.decklists.DeckIssue(severity, code, template, ..., params={...})
    "DeckIssue": Maker(2, keyword="template", mapping=99, mapping_keyword="params"),
    # planechase.errors.Text(template, {...}); checked only where it is imported from planechase.errors.
    "Text": Maker(0, keyword="template", mapping=1, mapping_keyword="params"),
}

#: Names in :data:`MAKERS` that other libraries use too (``rich.text.Text``): checked only when imported from
#: ``planechase.errors`` (or in that module).
FROM_ERRORS_ONLY = frozenset({"Text"})


def source_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "__pycache__" not in p.parts)


def _relative(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def _imported_from_errors(tree: ast.Module, module: str) -> set[str]:
    """The local names bound to names of ``planechase.errors`` by ``from ... import`` in a module."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.ImportFrom)
            and (node.module or "").split(".")[-1] == "errors"
            and (node.level or (node.module or "").startswith("planechase"))
        ):
            out.update(alias.asname or alias.name for alias in node.names)
    if module == "errors.py":
        out.update(n.name for n in tree.body if isinstance(n, ast.ClassDef))
    return out


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _what(node: ast.expr) -> str:
    if isinstance(node, ast.JoinedStr):
        return "an f-string"
    if isinstance(node, ast.BinOp):
        return "a concatenation or % formatting"
    if isinstance(node, ast.Name):
        return f"the variable {node.id!r}"
    if isinstance(node, ast.IfExp):
        return "a conditional expression (make one call per template)"
    if isinstance(node, ast.Call):
        return "a call"
    return f"{type(node).__name__.lower()} {ast.unparse(node)!r}"


@dataclass(frozen=True)
class Scope:
    """Where a call is: the enclosing class and function, if any."""

    cls: str | None
    function: ast.FunctionDef | ast.AsyncFunctionDef | None


def _calls(tree: ast.Module) -> Iterator[tuple[ast.Call, Scope]]:
    def visit(node: ast.AST, scope: Scope) -> Iterator[tuple[ast.Call, Scope]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                inner = Scope(child.name, None)
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = Scope(scope.cls if scope.function is None else None, child)
            else:
                inner = scope
            if isinstance(child, ast.Call):
                yield child, scope
            yield from visit(child, inner)

    yield from visit(tree, Scope(None, None))


def _argument(call: ast.Call, position: int | None, keyword: str | None) -> ast.expr | None:
    for kw in call.keywords:
        if kw.arg is not None and kw.arg == keyword:
            return kw.value
    if position is None:
        return None
    positional = call.args
    if any(isinstance(a, ast.Starred) for a in positional[: position + 1]):
        return None
    return positional[position] if position < len(positional) else None


def _same(a: ast.expr, b: ast.expr) -> bool:
    return ast.dump(a) == ast.dump(b)


def _passes_on(message: ast.expr, values: ast.expr | None, scope: Scope) -> bool:
    """Whether a call passes on a template and values checked elsewhere: ``x.template`` with ``x.params``,
    or, in the ``__init__`` of one of :data:`MAKERS`, its own template parameter and ``**params``."""
    if values is None:
        return False
    if isinstance(message, ast.Attribute) and message.attr == "template":
        return isinstance(values, ast.Attribute) and values.attr == "params" and _same(values.value, message.value)
    function = scope.function
    if function is None or function.name != "__init__" or scope.cls not in MAKERS:
        return False
    positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
    varkw = function.args.kwarg
    return (
        isinstance(message, ast.Name)
        and message.id in positional
        and varkw is not None
        and isinstance(values, ast.Name)
        and values.id == varkw.arg
    )


def check_call(call: ast.Call, maker: Maker, scope: Scope) -> str | None:
    """What is wrong with one call making a message, or ``None``."""
    message = _argument(call, maker.position, maker.keyword)
    if message is None:
        return "gives no template"
    # The values: keyword arguments, or one mapping.
    names: set[str] = set()
    splat: ast.expr | None = None
    if maker.mapping is None:
        for kw in call.keywords:
            if kw.arg is None:
                if splat is not None:
                    return "gives its values with more than one ** splat"
                splat = kw.value
            elif kw.arg != maker.keyword and kw.arg not in maker.other:
                names.add(kw.arg)
        if splat is not None and names:
            return "gives its values both by keyword and with a ** splat"
    else:
        mapping = _argument(call, maker.mapping, maker.mapping_keyword)
        if isinstance(mapping, ast.Dict):
            for key in mapping.keys:
                if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                    return f"has a values key that is not a string literal: {ast.unparse(key) if key else '**'}"
                names.add(key.value)
        elif mapping is not None:
            splat = mapping
    if not (isinstance(message, ast.Constant) and isinstance(message.value, str)):
        if _passes_on(message, splat, scope):
            return None
        return f"makes its template from {_what(message)}, not a string literal"
    if splat is not None:
        return f"gives its values as {ast.unparse(splat)!r}, not by name (the template's placeholders can't be checked)"
    template = message.value
    bad = FORMAT_FIELD.findall(template)
    if bad:
        return f"has format fields that are not plain placeholders: {', '.join(bad)} (pass a formatted value)"
    wanted = set(PLACEHOLDER.findall(template))
    missing, extra = sorted(wanted - names), sorted(names - wanted)
    if missing or extra:
        parts = [f"no value for {', '.join(missing)}" if missing else "", f"unused {', '.join(extra)}" if extra else ""]
        return f"template {template!r}: " + "; ".join(p for p in parts if p)
    return None


def problems(path: Path) -> list[str]:
    """Every call in a source file that makes a message not in the translatable form, as ``file:line: what``."""
    module = _relative(path)
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    from_errors = _imported_from_errors(tree, module)
    out: list[str] = []
    for call, scope in _calls(tree):
        name = _callee(call)
        if name not in MAKERS or (name in FROM_ERRORS_ONLY and name not in from_errors):
            continue
        if isinstance(call.func, ast.Attribute) and name in FROM_ERRORS_ONLY:
            continue
        problem = check_call(call, MAKERS[name], scope)
        if problem is not None:
            out.append(f"src/planechase/{module}:{call.lineno}: {name}(...) {problem}")
    return out


@pytest.mark.parametrize("path", source_files(), ids=_relative)
def test_every_message_is_a_literal_template_with_its_values(path: Path) -> None:
    found = problems(path)
    assert not found, "messages that can't be translated:\n" + "\n".join(found)


def test_every_error_class_is_known() -> None:
    """A new subclass of one of :data:`MAKERS` is added there, so its calls are checked too."""
    unknown = []
    for path in source_files():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name not in MAKERS:
                bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", None) for b in node.bases}
                if bases & (set(MAKERS) - FROM_ERRORS_ONLY - {"DeckIssue"}):
                    unknown.append(f"src/planechase/{_relative(path)}:{node.lineno}: {node.name}")
    assert not unknown, "error classes missing from MAKERS:\n" + "\n".join(unknown)


# -- the checker itself -------------------------------------------------------------------------------


def _check(source: str) -> list[str]:
    tree = ast.parse(source)
    return [
        problem
        for call, scope in _calls(tree)
        if (name := _callee(call)) in MAKERS
        for problem in [check_call(call, MAKERS[name], scope)]
        if problem is not None
    ]


@pytest.mark.parametrize(
    "source",
    [
        'ConfigError("a game needs {low} to {high} players", low=2, high=n)',
        'DeckError("901.3", "{where} has {count} cards", where=w, count=3)',
        'DeckError("", text.template, **text.params)',
        'Text("{player} rolls", {"player": name})',
        'Text("no values")',
        'DeckIssue("error", "code", "{source} holds {count} decks", where=s, params={"source": s, "count": 2})',
        'NotEnoughCardsError("not enough {cards}", cards=c, available=1, needed=2)',
        'ConfigError("a line " "split in two: {x}", x=1)',
        "class DeckError(ConfigError):\n    def __init__(self, rule, message, /, **params):\n"
        "        text = Text(message, params)",
    ],
)
def test_the_checker_accepts(source: str) -> None:
    assert _check(source) == []


@pytest.mark.parametrize(
    ("source", "complaint"),
    [
        ('ConfigError(f"a game needs {n} players")', "an f-string"),
        ('ConfigError("a game needs " + str(n))', "a concatenation"),
        ("ConfigError(message)", "the variable 'message'"),
        ('ConfigError("a" if x else "b")', "conditional"),
        ('ConfigError("a game needs {count} players")', "no value for count"),
        ('ConfigError("a game", count=2)', "unused count"),
        ('ConfigError("{x!r} is bad", x=1)', "format fields"),
        ('ConfigError("{x:g} is bad", x=1.0)', "format fields"),
        ('ConfigError("{x} is bad", **values)', "not by name"),
        ('DeckError("", message, **params)', "the variable 'message'"),
        ('Text("{a}", {"b": 1})', "no value for a; unused b"),
        ('Text("{a}", values)', "not by name"),
        ('DeckIssue("error", "code", f"{n} lines")', "an f-string"),
        ("def f(message, **params):\n    ConfigError(message, **params)", "the variable 'message'"),
    ],
)
def test_the_checker_refuses(source: str, complaint: str) -> None:
    found = _check(source)
    assert len(found) == 1 and complaint in found[0], found
