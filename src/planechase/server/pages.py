"""The pages as served, made for a phone on mobile data.

* The release's static files are addressed by the release (``/static/v/{release}/table.js``, a hash of every
  static file): cached by the browser for a year and never asked for again until a new release names new ones
  (``/static/`` itself stays, revalidated on every use, for what links to it directly).
* Each page preloads every module its script imports (``<link rel="modulepreload">``), so they load at once,
  side by side, instead of one after another as the imports are found.
* The device's language comes with the page: its catalog is in the page (a JSON data block, which the page's
  script reads instead of asking for it) and its card texts are preloaded; the page stays hidden until it is
  translated (for 1.5 s at most, by the style sheet alone), so English is never shown first. The language is
  the address's ``?lang=``, else the one the device chose (the ``planechase_lang`` cookie the page sets), else
  the browser's (``Accept-Language``).

>>> page_language({"lang": "ja"}, {}, "")
'ja'
>>> page_language({}, {"planechase_lang": "cs"}, "ru,en;q=0.8")
'cs'
>>> page_language({}, {}, "de-DE,it;q=0.9,en;q=0.8")
'it'
>>> page_language({}, {}, "")
'en'
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path

from .i18n import LANGUAGES, SOURCE_LANGUAGE, catalog

STATIC = Path(__file__).parent / "static"
#: The cookie in which a page remembers the language the device chose (static/i18n.js sets it).
LANG_COOKIE = "planechase_lang"
#: Each page and the module its script starts from.
ENTRY_MODULES = {"index.html": "create.js", "table.html": "table.js", "missing.html": "missing.js"}
#: A page's small script that starts its work before the others arrive (it imports nothing).
BOOT_MODULES = {"table.html": "boot.js"}
#: Pages that show planar cards: their card texts are preloaded in the device's language.
CARD_PAGES = frozenset({"table.html"})
_IMPORT = re.compile(r"""^\s*import\s+(?:[^"';]*?\s+from\s+)?["']\./([\w.-]+\.js)["']""", re.MULTILINE)
_QUALITY = re.compile(r"^\s*q\s*=\s*([0-9.]+)\s*$")


@functools.cache
def release() -> str:
    """The release of the static files: a hash of each file's name and content (16 hex digits)."""
    digest = hashlib.sha256()
    for path in sorted(STATIC.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(STATIC).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def versioned_prefix() -> str:
    """Where this release's static files are served, cached for good: ``/static/v/{release}/``."""
    return f"/static/v/{release()}/"


@functools.cache
def module_graph(entry: str) -> tuple[str, ...]:
    """Every module ``entry`` imports, directly or not, in the order they are first found (``entry`` first)."""
    seen: list[str] = []
    todo = [entry]
    while todo:
        name = todo.pop(0)
        if name in seen or not (STATIC / name).is_file():
            continue
        seen.append(name)
        todo.extend(_IMPORT.findall((STATIC / name).read_text(encoding="utf-8")))
    return tuple(seen)


def page_language(query: Mapping[str, str], cookies: Mapping[str, str], accept_language: str) -> str:
    """The language a page is served in (see the module's notes)."""
    asked = query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    chosen = cookies.get(LANG_COOKIE, "")
    if chosen in LANGUAGES:
        return chosen
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.partition(";")
        quality = _QUALITY.match(params)
        try:
            weight = float(quality.group(1)) if quality else 1.0
        except ValueError:
            continue
        code = tag.strip().lower().split("-")[0]
        if code in LANGUAGES and weight > 0:
            wanted.append((-weight, index, code))
    return min(wanted)[2] if wanted else SOURCE_LANGUAGE


@functools.cache
def page_etag(name: str, lang: str) -> str:
    """The page's entity tag: a hash of what it is in ``lang``."""
    return hashlib.sha256(page(name, lang)).hexdigest()[:20]


@functools.cache
def page(name: str, lang: str) -> bytes:
    """The page ``name`` (a file of ``static/``) as served in ``lang``."""
    html = (STATIC / name).read_text(encoding="utf-8")
    prefix = versioned_prefix()
    html = html.replace('href="/static/', f'href="{prefix}').replace('src="/static/', f'src="{prefix}')
    head = []
    if name in BOOT_MODULES:  # first, and run as soon as it is here
        head.append(f'<script type="module" async src="{prefix}{BOOT_MODULES[name]}"></script>')
    head += [f'<link rel="modulepreload" href="{prefix}{module}">' for module in module_graph(ENTRY_MODULES[name])]
    if lang != SOURCE_LANGUAGE:
        if name in CARD_PAGES:  # after the modules: the plane shows its English name until they come
            head.append(
                f'<link rel="preload" href="/api/cards/{lang}" as="fetch" crossorigin="anonymous" fetchpriority="low">'
            )
        data = json.dumps(catalog(lang), ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        head.append(f'<script type="application/json" id="i18n-catalog" data-lang="{lang}">{data}</script>')
        html = html.replace('<html lang="en">', f'<html lang="{lang}" class="i18n-wait">', 1)
    return html.replace("</head>", "  " + "\n  ".join(head) + "\n</head>", 1).encode()
