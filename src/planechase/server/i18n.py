"""The web table's languages: the gettext catalogs of the pages' interface text.

The pages are written in English. Their scripts mark every interface text as ``t("English text", {name})``
(or ``N_("...")``), and the HTML marks its static text with ``data-i18n="English text"`` (and
``data-i18n-placeholder``, ``data-i18n-title``, ... for attributes). ``pybabel extract`` (see ``babel.cfg`` and
``scripts/update_translations.sh``) collects them into ``locales/web.pot``, with Babel's JavaScript extractor for
the scripts and :func:`extract_html` for the pages; each language's translations are in
``locales/{lang}/LC_MESSAGES/web.po``. The server answers a language's catalog as JSON (``GET /api/i18n/{lang}``,
read by :func:`catalog`), and the page translates itself on the device. The cards' own texts are translated
apart, beside the card catalog (:mod:`planechase.cards.translations`, ``GET /api/cards/{lang}``).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel.messages.pofile import read_po

#: Where the catalogs are: ``locales/web.pot`` and ``locales/{lang}/LC_MESSAGES/web.po``.
LOCALES = Path(__file__).parent / "locales"
#: The catalogs' gettext domain.
DOMAIN = "web"
#: The language the pages are written in; it needs no catalog.
SOURCE_LANGUAGE = "en"
#: The languages the pages offer, by code.
LANGUAGES: tuple[str, ...] = (SOURCE_LANGUAGE, "ru", "it", "cs", "ja")
#: The attribute marking an element's text for translation; ``data-i18n-{attribute}`` marks an attribute.
MARK = "data-i18n"


def po_path(lang: str) -> Path:
    """The ``.po`` file of a language.

    >>> po_path("ja").relative_to(LOCALES).as_posix()
    'ja/LC_MESSAGES/web.po'
    """
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def located_catalog(lang: str) -> dict[str, tuple[str, frozenset[str]]]:
    """A language's translations with the files each text is used in: ``{msgid: (msgstr, {file name, ...})}``
    (the file names without their folders, as ``table.js`` or ``rooms.py``), read from its ``.po`` file once.

    English, the pages' own language, has none; entries not translated yet (or fuzzy) are left out, so the
    page shows their English. A language that isn't offered raises ``KeyError``.

    >>> text, files = located_catalog("ru")["Create the table"]
    >>> text, sorted(files)
    ('Создать стол', ['create.js', 'index.html'])
    """
    if lang not in LANGUAGES:
        raise KeyError(lang)
    if lang == SOURCE_LANGUAGE:
        return {}
    with po_path(lang).open("rb") as po:
        messages = read_po(po, locale=lang, domain=DOMAIN)
    return {
        str(message.id): (str(message.string), frozenset(Path(file).name for file, _ in message.locations))
        for message in messages
        if message.id and isinstance(message.id, str) and isinstance(message.string, str) and message.string
        if not message.fuzzy
    }


@functools.cache
def catalog(lang: str) -> dict[str, str]:
    """A language's translations, ``{msgid: msgstr}`` (see :func:`located_catalog`).

    >>> catalog("ru")["Create the table"]
    'Создать стол'
    >>> catalog("en")
    {}
    >>> catalog("xx")
    Traceback (most recent call last):
    ...
    KeyError: 'xx'
    """
    return {msgid: text for msgid, (text, _) in located_catalog(lang).items()}


class _Marks(HTMLParser):
    """Collects the ``data-i18n`` texts of a page, with their line numbers."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        line = self.getpos()[0]
        for name, value in attrs:
            if (name == MARK or name.startswith(MARK + "-")) and value and value.strip():
                self.found.append((line, normalise(value)))


def normalise(text: str) -> str:
    """A marked text as a msgid: its runs of white space made single spaces, as the page's script does.

    >>> normalise("  Planes, the die and\\n      the stack ")
    'Planes, the die and the stack'
    """
    return " ".join(text.split())


def extract_html(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction method for the pages: every ``data-i18n`` and ``data-i18n-*`` attribute's text.

    Registered in ``babel.cfg`` as ``[planechase.server.i18n:extract_html: **.html]``.

    >>> import io
    >>> page = b'<h1 data-i18n="No such table">No such table</h1>\\n<input data-i18n-placeholder="random">'
    >>> list(extract_html(io.BytesIO(page), (), (), {}))
    [(1, None, 'No such table', []), (2, None, 'random', [])]
    """
    parser = _Marks()
    parser.feed(fileobj.read().decode(str(options.get("encoding", "utf-8"))))
    parser.close()
    for line, text in parser.found:
        yield line, None, text, []
