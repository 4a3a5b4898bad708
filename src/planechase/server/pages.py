"""The pages as served, made for a phone on mobile data.

* The release's static files are addressed by the release (``/static/v/{release}/table.js``, a hash of every
  static file): cached by the browser for a year and never asked for again until a new release names new ones
  (``/static/`` itself stays, revalidated on every use, for what links to it directly).
* Each page's modules come as one script (:mod:`planechase.server.bundle`, at ``/static/v/{release}/bundle/``):
  one request instead of eighteen, which over HTTP/1.1's six connections saves round trips.
* The device's language comes with the page: its catalog is in the page (a JSON data block, which the page's
  script reads instead of asking for it; only the texts of that page's own files and of the server, see
  :func:`page_catalog`) and its card texts are preloaded; the page stays hidden until it is
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

from .bundle import evaluation_order
from .i18n import LANGUAGES, SOURCE_LANGUAGE, located_catalog

STATIC = Path(__file__).parent / "static"
#: The cookie in which a page remembers the language the device chose (static/i18n.js sets it).
LANG_COOKIE = "planechase_lang"
#: Each page and the module its script starts from.
ENTRY_MODULES = {
    "index.html": "create.js",
    "table.html": "table.js",
    "missing.html": "missing.js",
    "lab.html": "lab.js",
}
#: The address of a page's modules joined into one script, under the static files' prefix.
BUNDLED = "bundle/"
#: A page's small script that starts its work before the others arrive (it imports nothing).
BOOT_MODULES = {"table.html": "boot.js"}
#: Pages that show planar cards: their card texts are preloaded in the device's language.
CARD_PAGES = frozenset({"table.html"})
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
def page_catalog(name: str, lang: str) -> dict[str, str]:
    """The translations the page ``name`` comes with: the texts used in the page itself, in its scripts and in the
    server's Python code (what the server says reaches every page); not those of the other pages' scripts.

    >>> table, create = page_catalog("table.html", "ja"), page_catalog("index.html", "ja")
    >>> "Create the table" in create and "Create the table" not in table
    True
    """
    files = {name, *evaluation_order(ENTRY_MODULES[name])}
    return {
        msgid: text
        for msgid, (text, used_in) in located_catalog(lang).items()
        if any(file in files or file.endswith(".py") for file in used_in)
    }


@functools.cache
def page_etag(name: str, lang: str) -> str:
    """The page's entity tag: a hash of what it is in ``lang``."""
    return hashlib.sha256(page(name, lang)).hexdigest()[:20]


@functools.cache
def page(name: str, lang: str) -> bytes:
    """The page ``name`` (a file of ``static/``) as served in ``lang``."""
    html = (STATIC / name).read_text(encoding="utf-8")
    prefix = versioned_prefix()
    script = f'<script type="module" src="/static/{ENTRY_MODULES[name]}"></script>'
    joined = f'<script type="module" src="/static/{BUNDLED}{ENTRY_MODULES[name]}"></script>'
    if name in BOOT_MODULES:  # asked for first, and run as soon as it is here
        joined = f'<script type="module" async src="/static/{BOOT_MODULES[name]}"></script>\n  ' + joined
    if script not in html:
        raise ValueError(f"{name} does not load {ENTRY_MODULES[name]} as {script}")
    html = html.replace(script, joined, 1)
    html = html.replace('href="/static/', f'href="{prefix}').replace('src="/static/', f'src="{prefix}')
    head = []
    if lang != SOURCE_LANGUAGE:
        if name in CARD_PAGES:  # after the script: the plane shows its English name until they come
            head.append(
                f'<link rel="preload" href="/api/cards/{lang}" as="fetch" crossorigin="anonymous" fetchpriority="low">'
            )
        data = json.dumps(page_catalog(name, lang), ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        head.append(f'<script type="application/json" id="i18n-catalog" data-lang="{lang}">{data}</script>')
        html = html.replace('<html lang="en">', f'<html lang="{lang}" class="i18n-wait">', 1)
    return html.replace("</head>", "  " + "\n  ".join(head) + "\n</head>", 1).encode()
