"""One script per page: the page's ES modules joined into one module, as they would run.

Over HTTP/1.1 a browser opens at most six connections to a server; a page of eighteen modules then waits three
round trips for them, which on mobile data (150 ms each) is most of the time it takes to show the plane. The
server therefore sends each page's modules as one module, made when first asked for:

* The modules are placed in the order the browser would run them (ECMAScript's module evaluation: a module's
  imports first, in the order it names them, each once, then the module itself; cycles are cut where the browser
  cuts them), so the joined script does what the separate modules do, top-level statement for statement.
* ``import ... from "./x.js"`` and ``export { ... } from "./x.js"`` lines are dropped (in one module every name
  is already in scope, and bindings stay live as ES imports are) and the ``export`` keyword is taken off
  declarations.
* Comments on lines of their own (``// ...`` and ``/* ... */`` blocks) and blank lines are left out: a third of
  the bytes, which a phone on mobile data waits for. That is safe only if no line starts inside a string or a
  template literal, so a module with a line of code with an odd number of backticks or ending in a backslash (a
  string going on to the next line) is refused.
* Nothing else is rewritten, so the joined script is only valid if no two modules declare the same top-level
  name and no other kind of import or export is used: :func:`bundle` refuses (:class:`BundleError`) rather than
  produce a script that would behave differently, and the test suite bundles every page.

The separate modules stay at their own addresses (``/static/table.js``) for reading and debugging.

>>> order = evaluation_order("table.js")
>>> order[-1], order.index("i18n.js") < order.index("logtext.js")
('table.js', True)
>>> b"\\nimport " in bundle("table.js")
False
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

STATIC = Path(__file__).parent / "static"
#: An import of a module of the same folder: ``import { a, b } from "./x.js";`` or ``import "./x.js";``.
_IMPORT = re.compile(r"""^import\s+(?:\{[^}]*\}\s+from\s+)?["']\./([\w.-]+\.js)["'];?[ \t]*$""", re.MULTILINE)
#: A re-export of a module of the same folder: ``export { a, b } from "./x.js";``.
_REEXPORT = re.compile(r"""^export\s+\{[^}]*\}\s+from\s+["']\./([\w.-]+\.js)["'];?[ \t]*$""", re.MULTILINE)
#: An exported declaration: the keyword taken off.
_EXPORTED = re.compile(r"^export\s+(?=(?:async\s+)?function\b|const\b|let\b|var\b|class\b)", re.MULTILINE)
#: Any other import or export at the top level (a default export, ``export {}``, ``import * as``, ...).
_OTHER = re.compile(r"^(?:import|export)\b.*$", re.MULTILINE)
#: A name declared at the top level (declarations start their line; code inside a block is indented).
_DECLARED = re.compile(
    r"^(?:export\s+)?(?:(?:async\s+)?function\*?\s+([\w$]+)|class\s+([\w$]+)|(?:const|let|var)\s+([\w$]+))",
    re.MULTILINE,
)
#: A renamed import or export (``{ a as b }``): the name it binds is not declared anywhere, so it is refused.
_RENAMED = re.compile(r"""^(?:import|export)\s+\{[^}]*\bas\b[^}]*\}""", re.MULTILINE)
#: Top-level destructuring (``const { a, b } = ...``): its names cannot be checked here, so it is refused.
_DESTRUCTURING = re.compile(r"^(?:export\s+)?(?:const|let|var)\s*[{\[]", re.MULTILINE)


class BundleError(ValueError):
    """The page's modules cannot be joined into one script without changing what they do."""


def _source(name: str) -> str:
    path = STATIC / name
    if not path.is_file():
        raise BundleError(f"{name}: no such module in {STATIC}")
    return path.read_text(encoding="utf-8")


def imports(name: str) -> tuple[str, ...]:
    """The modules ``name`` imports or re-exports from, in the order it names them."""
    source = _source(name)
    found = sorted(
        [(m.start(), m.group(1)) for m in _IMPORT.finditer(source)]
        + [(m.start(), m.group(1)) for m in _REEXPORT.finditer(source)]
    )
    return tuple(dict.fromkeys(module for _, module in found))


@functools.cache
def evaluation_order(entry: str) -> tuple[str, ...]:
    """The modules of ``entry``'s page in the order a browser runs them (``entry`` last)."""
    order: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in visiting or name in order:
            return  # already run, or being run further up (a cycle: the browser goes on without waiting)
        visiting.add(name)
        for module in imports(name):
            visit(module)
        order.append(name)

    visit(entry)
    return tuple(order)


def _joined(name: str, source: str) -> str:
    body = _IMPORT.sub("", source)
    body = _REEXPORT.sub("", body)
    body = _EXPORTED.sub("", body)
    other = _OTHER.search(body)
    if other:
        raise BundleError(f"{name}: {other.group(0)!r} cannot be joined (only named imports and exports)")
    return body


def _without_comments(name: str, source: str) -> str:
    """``source`` without its blank lines and the comments that take whole lines (see the module's notes)."""
    kept: list[str] = []
    in_block = False
    for number, line in enumerate(source.split("\n"), start=1):
        text = line.strip()
        if in_block or text.startswith("/*"):
            closed = text.find("*/", 0 if in_block else 2)
            in_block = closed < 0
            if not in_block and closed + 2 != len(text):
                raise BundleError(f"{name}:{number}: code after a comment block on the same line")
            continue
        if not text or text.startswith("//"):
            continue
        opened = text.rfind("/*")
        if opened >= 0 and text.find("*/", opened + 2) < 0:
            raise BundleError(f"{name}:{number}: a comment block opens after code on the line")
        if line.count("`") % 2 or text.endswith("\\"):
            raise BundleError(f"{name}:{number}: a string or template literal goes on to the next line")
        kept.append(line)
    if in_block:
        raise BundleError(f"{name}: a comment block is not closed")
    return "\n".join(kept)


@functools.cache
def bundle(entry: str) -> bytes:
    """The modules of ``entry``'s page joined into one module (see the module's notes)."""
    declared: dict[str, str] = {}
    parts = []
    for name in evaluation_order(entry):
        source = _source(name)
        if _RENAMED.search(source):
            raise BundleError(f"{name}: a renamed import or export ('as') cannot be joined")
        if _DESTRUCTURING.search(source):
            raise BundleError(f"{name}: a top-level destructuring declaration cannot be checked for clashes")
        for match in _DECLARED.finditer(source):
            declared_name = next(group for group in match.groups() if group)
            if declared.setdefault(declared_name, name) != name:
                raise BundleError(f"{name} and {declared[declared_name]} both declare {declared_name!r}")
        parts.append(f"// ---- {name}\n{_without_comments(name, _joined(name, source))}")
    return "\n".join(parts).encode()
