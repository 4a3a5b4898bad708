"""The compiled engine: the rules code compiled to C with mypyc, used when it has been built and matches the
sources, else the same code as pure Python.

The engine is written in typed Python (``mypy --strict``), which mypyc compiles as it is: the same source,
the same rules, the same events, about 1.4 times as fast. Nothing needs it: without a build (or with
``PLANECHASE_ENGINE=pure``) every module is the pure Python one. ``planechase build-engine`` builds it (it needs
mypy, which includes mypyc, and a C compiler: ``pip install 'planechase[fast]'``); ``scripts/setup`` does it
for the tests. A build is used only while every compiled module's source is the one it was built from: edit
one and the pure Python engine runs until the next build (``planechase build-engine --check`` says which).

The build goes to ``_compiled/`` beside this module (or ``PLANECHASE_COMPILED_DIR``): one extension file per
module and a ``manifest.json`` naming each one's source hash, the Python it was built for and the mypy that
built it. :func:`activate`, called as ``planechase`` is imported, puts a finder for those files in front of
the normal import system; it must run before any engine module is imported.

``PLANECHASE_ENGINE``: ``auto`` (the default: the build if it is usable), ``pure`` (never), ``compiled`` (the
build or an error).

>>> status().mode in ("compiled", "pure")
True
>>> "planechase.engine.turns" in COMPILED_MODULES
True
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: The modules compiled: the rules core's run context, events and generator, the planar mechanics and the
#: composition (the code every action passes through). The game state and the values it holds (seating, turn
#: markers, the map), actions, configuration and card catalog stay Python classes: the state keeps its memos in
#: its ``__dict__``, which compiled classes don't have, and saved states are read back into those classes.
COMPILED_MODULES: tuple[str, ...] = (
    "planechase.core.queries",
    "planechase.core.context",
    "planechase.core.events",
    "planechase.core.rng",
    "planechase.core.turn_changes",
    "planechase.planar.zones",
    "planechase.planar.triggers",
    "planechase.planar.chaos",
    "planechase.planar.planeswalk",
    "planechase.planar.eternities",
    "planechase.engine.restrictions",
    "planechase.engine.leave",
    "planechase.engine.stack",
    "planechase.engine.turns",
    "planechase.engine.melee",
    "planechase.engine.legality",
    "planechase.engine.perform",
    "planechase.engine.reducer",
)

#: The environment variable choosing the engine: ``auto``, ``pure`` or ``compiled``.
ENGINE_VARIABLE = "PLANECHASE_ENGINE"
#: The environment variable naming another directory for the build.
DIRECTORY_VARIABLE = "PLANECHASE_COMPILED_DIR"
MANIFEST = "manifest.json"
_PACKAGE_ROOT = Path(__file__).resolve().parent.parent


class CompiledEngineError(RuntimeError):
    """The compiled engine was asked for (``PLANECHASE_ENGINE=compiled``) and can't be used, or can't be built."""


@dataclass(frozen=True)
class Status:
    """Which engine runs, and why: ``mode`` is ``compiled`` or ``pure``; ``reason`` says why in a sentence."""

    mode: str
    reason: str
    directory: Path


def directory() -> Path:
    """Where the build is (or goes)."""
    override = os.environ.get(DIRECTORY_VARIABLE)
    return Path(override) if override else Path(__file__).resolve().parent / "_compiled"


def _package_sources(root: Path) -> dict[str, str]:
    """The hash of every Python source of the package under ``root`` (by path): a build depends on all of them,
    since mypyc compiles in the types and constants of the modules the compiled ones import."""
    package = root / "planechase"
    out: dict[str, str] = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(root)
        if "_compiled" in relative.parts or "__pycache__" in relative.parts:
            continue
        out[relative.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def _python_tag() -> str:
    """The interpreter and platform a build is for: its extension files' suffix names both (e.g.
    ``.cpython-311-x86_64-linux-gnu.so``)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0] if importlib.machinery.EXTENSION_SUFFIXES else ""
    return f"{sys.implementation.cache_tag}-{sys.platform}{suffix}"


def check(where: Path | None = None) -> tuple[dict[str, Path] | None, str]:
    """The extension file of every module (compiled and shared) if the build in ``where`` is usable, with the
    reason it is or is not."""
    where = directory() if where is None else where
    manifest_file = where / MANIFEST
    if not manifest_file.exists():
        return None, f"no compiled engine is built (in {where}); build one with `planechase build-engine`"
    try:
        manifest = json.loads(manifest_file.read_text(encoding="utf-8"))
        files: dict[str, str] = dict(manifest["files"])
        sources: dict[str, str] = dict(manifest["sources"])
        python = str(manifest["python"])
    except (OSError, ValueError, KeyError, TypeError) as error:
        return None, f"the compiled engine's manifest is unreadable ({error}); build it again"
    if python != _python_tag():
        return None, f"the compiled engine was built for {python}, not {_python_tag()}; build it again"
    if not set(COMPILED_MODULES) <= set(files) or set(manifest.get("compiled", ())) != set(COMPILED_MODULES):
        return None, "the compiled engine was built from another list of modules; build it again"
    current = _package_sources(_PACKAGE_ROOT)
    changed = sorted(set(sources) ^ set(current) | {p for p in sources if p in current and sources[p] != current[p]})
    if changed:
        return None, f"the compiled engine is older than the source of {changed[0]}; build it again"
    paths = {name: where / file for name, file in files.items()}
    missing = [str(p) for p in paths.values() if not p.exists()]
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    if missing or not all(p.name.endswith(suffixes) for p in paths.values()):
        return None, "the compiled engine is incomplete; build it again"
    return paths, f"compiled with mypyc {manifest.get('mypy', '?')} ({len(COMPILED_MODULES)} modules)"


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the compiled engine's modules in the build directory, before the normal import system."""

    def __init__(self, files: Mapping[str, Path]) -> None:
        self.files = dict(files)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


_status: Status | None = None


def activate() -> Status:
    """Use the compiled engine if it is built, matches the sources and ``PLANECHASE_ENGINE`` allows it. Called
    once, as ``planechase`` is imported (later calls return the first answer)."""
    global _status
    if _status is not None:
        return _status
    where = directory()
    wanted = os.environ.get(ENGINE_VARIABLE, "auto").strip().lower() or "auto"
    if wanted not in ("auto", "pure", "compiled"):
        raise CompiledEngineError(f"{ENGINE_VARIABLE} must be auto, pure or compiled, not {wanted!r}")
    if wanted == "pure":
        _status = Status("pure", f"pure Python ({ENGINE_VARIABLE}=pure)", where)
        return _status
    early = [m for m in COMPILED_MODULES if m in sys.modules]
    files, reason = check(where)
    if files is not None and early:
        files, reason = None, f"{early[0]} was imported before the compiled engine could be used"
    if files is None:
        if wanted == "compiled":
            raise CompiledEngineError(f"{ENGINE_VARIABLE}=compiled, but {reason}")
        _status = Status("pure", f"pure Python: {reason}", where)
        return _status
    finder = _Finder(files)
    sys.meta_path.insert(0, finder)
    shared = [name for name in files if name not in COMPILED_MODULES]
    try:
        for name in shared:  # the library every compiled module needs: a broken one fails here, not later
            importlib.import_module(name)
    except Exception as error:  # any failure to load it means the pure Python engine runs
        sys.meta_path.remove(finder)
        for name in shared:
            sys.modules.pop(name, None)
        if wanted == "compiled":
            raise CompiledEngineError(f"{ENGINE_VARIABLE}=compiled, but the build does not load: {error}") from error
        _status = Status("pure", f"pure Python: the compiled engine does not load ({error}); build it again", where)
        return _status
    _status = Status("compiled", reason, where)
    return _status


def status() -> Status:
    """Which engine this process runs (see :func:`activate`)."""
    return activate()


def build(where: Path | None = None, *, say: Callable[[str], None] = print) -> Path:
    """Compile :data:`COMPILED_MODULES` with mypyc into ``where`` (by default :func:`directory`) and write its
    manifest; returns the directory. Needs mypy (with mypyc and setuptools) and a C compiler; raises
    :class:`CompiledEngineError` saying what is missing or what failed. The sources are compiled from a copy,
    so nothing is written beside them."""
    where = directory() if where is None else where
    try:
        import mypy.version
    except ImportError as error:
        raise CompiledEngineError(
            "building the compiled engine needs mypy (which includes mypyc): pip install 'planechase[fast]'"
        ) from error
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        raise CompiledEngineError("building the compiled engine needs a C compiler (cc or gcc) and Python's headers")
    _check_replaceable(where)
    with tempfile.TemporaryDirectory(prefix="planechase-build-") as temp:
        tree = Path(temp)
        shutil.copytree(
            _PACKAGE_ROOT / "planechase",
            tree / "planechase",
            ignore=shutil.ignore_patterns("__pycache__", "_compiled", "static", "locales", "*.so", "*.pyd"),
        )
        hashes = _package_sources(tree)  # what this build is made from, whatever changes in the tree meanwhile
        files = [str(Path(*m.split(".")).with_suffix(".py")) for m in COMPILED_MODULES]
        say(f"Compiling {len(files)} modules with mypyc {mypy.version.__version__} (about a minute)...")
        command = [sys.executable, "-m", "mypyc", *files]
        env = {**os.environ, "MYPYC_OPT_LEVEL": os.environ.get("MYPYC_OPT_LEVEL", "3")}
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
            raise CompiledEngineError(f"mypyc failed (exit {done.returncode}):\n{tail}")
        suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
        built: dict[str, str] = {}
        staging = Path(tempfile.mkdtemp(prefix=".compiled-", dir=_ensure(where.parent)))
        try:
            for path in tree.rglob("*"):
                if not path.name.endswith(suffixes) or "build" in path.relative_to(tree).parts[:1]:
                    continue
                stem = path.name.split(".", 1)[0]
                relative = path.relative_to(tree).parent.parts
                module = ".".join((*relative, stem))
                shutil.copy2(path, staging / path.name if not relative else staging / f"{module}{_suffix(path)}")
                built[module] = path.name if not relative else f"{module}{_suffix(path)}"
            missing = [m for m in COMPILED_MODULES if m not in built]
            if missing:
                raise CompiledEngineError(f"mypyc built no extension for {', '.join(missing)}")
            manifest = {
                "python": _python_tag(),
                "mypy": mypy.version.__version__,
                "compiled": list(COMPILED_MODULES),
                "sources": hashes,
                "files": built,
            }
            (staging / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            staging.chmod(0o755)  # readable by a server running as another user
            # The old build is set aside, the new one put in place, then the old one removed.
            old = where.with_name(f".{where.name}-old-{os.getpid()}")
            if where.exists():
                where.rename(old)
            staging.rename(where)
            if old.exists():
                shutil.rmtree(old)
        finally:
            if staging.exists():
                shutil.rmtree(staging)
    say(f"Built the compiled engine in {where}.")
    return where


def _check_replaceable(where: Path) -> None:
    """Refuse to build over a directory that is not a build (``PLANECHASE_COMPILED_DIR`` naming a home or a
    project by mistake): it must be missing, empty, or hold only a manifest and extension files."""
    if not where.exists():
        return
    if not where.is_dir():
        raise CompiledEngineError(f"{where} is not a directory: name another place for the compiled engine")
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    strangers = [p.name for p in where.iterdir() if p.name != MANIFEST and not p.name.endswith(suffixes)]
    if strangers:
        raise CompiledEngineError(
            f"{where} holds other files ({', '.join(sorted(strangers)[:3])}): it is not a build of the compiled "
            "engine, and building would replace it; name another place with PLANECHASE_COMPILED_DIR"
        )


def _suffix(path: Path) -> str:
    return "." + path.name.split(".", 1)[1]


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path
