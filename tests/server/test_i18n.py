"""The web table's languages: the gettext catalogs (``locales/``) are complete, agree with the template and the
pages' sources, keep every placeholder, and are served as JSON at ``GET /api/i18n/{lang}``."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from planechase.core.state import Step
from planechase.server.i18n import LANGUAGES, LOCALES, SOURCE_LANGUAGE, extract_html, po_path
from server.live import LiveServer

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "planechase"
STATIC = PACKAGE / "server" / "static"
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE]
#: The keywords babel.cfg and scripts/update_translations.sh extract from the scripts.
KEYWORDS: dict[str, None] = {"t": None, "tx": None, "N_": None}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
UPDATE = "scripts/update_translations.sh"


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=lang)


def msgids(catalog: Catalog) -> set[str]:
    return {str(message.id) for message in catalog if message.id}


def extracted() -> set[str]:
    """What ``pybabel extract`` finds in the pages' sources now, by babel.cfg (the same mapping and keywords)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    found: set[str] = set()
    for _filename, _line, message, _comments, _context in extract_from_dir(
        PACKAGE, method_map, options_map, keywords=KEYWORDS
    ):
        assert isinstance(message, str), message
        found.add(message)
    return found


# -- the catalogs


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_parses_with_no_untranslated_or_fuzzy_entry(lang: str) -> None:
    catalog = read(po_path(lang), lang)
    assert str(catalog.locale) == lang
    assert not catalog.fuzzy
    untranslated = [message.id for message in catalog if message.id and not message.string]
    fuzzy = [message.id for message in catalog if message.id and message.fuzzy]
    assert not untranslated, f"{lang}: translate {untranslated[:5]} (and the rest) in {po_path(lang)}"
    assert not fuzzy, f"{lang}: check the fuzzy entries {fuzzy[:5]} and remove their fuzzy flag"
    assert len(msgids(catalog)) > 400


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_has_exactly_the_templates_msgids(lang: str) -> None:
    template = msgids(read(LOCALES / "web.pot"))
    catalog = msgids(read(po_path(lang), lang))
    assert not template - catalog, f"{lang} lacks {sorted(template - catalog)[:5]}: run {UPDATE}"
    assert not catalog - template, f"{lang} has stale {sorted(catalog - template)[:5]}: run {UPDATE}"


def test_the_template_is_up_to_date_with_the_pages_sources() -> None:
    """A text added to the pages (or changed) and not extracted fails here, before it can go untranslated."""
    template = msgids(read(LOCALES / "web.pot"))
    found = extracted()
    assert not found - template, f"not in web.pot: {sorted(found - template)[:5]}; run scripts/update_translations.sh"
    assert not template - found, f"no longer in the pages: {sorted(template - found)[:5]}; run the script"


def test_extraction_finds_the_scripts_and_the_pages_marked_text() -> None:
    found = extracted()
    assert "Create the table" in found  # create.js t(), index.html data-i18n
    assert "Turn {turn}: {player}'s turn begins." in found  # logtemplates-play.js N_()
    assert "Planar controller: {player}" in found  # table.js tx()
    assert "Friday night" in found  # index.html data-i18n-placeholder
    assert "No such table" in found  # missing.html data-i18n
    assert "Turn the card to face another seat" in found  # table.html data-i18n-title


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_exactly_its_placeholders(lang: str) -> None:
    wrong = [
        (message.id, message.string)
        for message in read(po_path(lang), lang)
        if message.id
        and isinstance(message.id, str)
        and isinstance(message.string, str)
        and set(PLACEHOLDER.findall(message.string)) != set(PLACEHOLDER.findall(message.id))
    ]
    assert not wrong, f"{lang}: placeholders differ in {wrong[:3]}"


@pytest.mark.parametrize("lang", ["ru", "ja"])
def test_russian_and_japanese_catalogs_are_really_translated(lang: str) -> None:
    strings = [str(m.string) for m in read(po_path(lang), lang) if m.id]
    in_script = [s for s in strings if any(ord(ch) > 127 for ch in s)]
    assert len(in_script) >= 0.95 * len(strings)
    translations = {str(m.id): str(m.string) for m in read(po_path(lang), lang) if m.id}
    assert translations["Create the table"] == {"ru": "Создать стол", "ja": "テーブルを作成"}[lang]


def test_the_log_templates_name_the_steps_as_the_engine_does() -> None:
    """A log line is translated only when its template, filled in English, is the engine's own sentence; the
    steps' names in logwords.js must be the engine's ``Step.label`` for the step templates ever to match."""
    source = (STATIC / "logwords.js").read_text(encoding="utf-8")
    block = source[source.index("export const STEP_NAMES") :]
    block = block[: block.index("};")]
    names = dict(re.findall(r'(\w+): N_\("([^"]+)"\)', block))
    assert names == {step.value: step.label for step in Step}


def test_the_language_menu_offers_the_servers_languages() -> None:
    source = (STATIC / "i18n.js").read_text(encoding="utf-8")
    block = source[source.index("export const LANGUAGES") :]
    block = block[: block.index("];")]
    assert tuple(re.findall(r'\["(\w+)", "[^"]+"\]', block)) == LANGUAGES


# -- the pages' marks


class _Marked(HTMLParser):
    """Each data-i18n element's mark and its text, and each data-i18n-{attribute} mark and the attribute."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[tuple[str, str, list[str]]] = []
        self.text_marks: list[tuple[str, str]] = []
        self.attribute_marks: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if name.startswith("data-i18n-"):
                self.attribute_marks.append((value or "", values.get(name.removeprefix("data-i18n-"))))
        if tag in ("input", "meta", "link", "br", "img"):
            return
        self.open.append((tag, values.get("data-i18n") or "", []))

    def handle_data(self, data: str) -> None:
        for _, _, texts in self.open:
            texts.append(data)

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            name, mark, texts = self.open.pop()
            if mark:
                self.text_marks.append((mark, " ".join("".join(texts).split())))
            if name == tag:
                break


@pytest.mark.parametrize("page", ["index.html", "table.html", "missing.html"])
def test_marked_html_keeps_its_english_as_the_fallback(page: str) -> None:
    """The English in the page is what shows before the script runs (and what English shows): it must be the
    mark's text."""
    parser = _Marked()
    parser.feed((STATIC / page).read_text(encoding="utf-8"))
    assert parser.text_marks
    for mark, text in parser.text_marks:
        assert " ".join(mark.split()) == text, f"{page}: data-i18n={mark!r} but the element says {text!r}"
    for mark, value in parser.attribute_marks:
        assert value is not None and " ".join(mark.split()) == " ".join(value.split()), (page, mark, value)


def test_extract_html_reads_every_mark_with_its_line() -> None:
    page = (
        b'<h1 data-i18n="No such table">No such table</h1>\n'
        b'<p data-i18n="Two lines\n   of text">Two lines of text</p>\n'
        b'<input placeholder="x" data-i18n-placeholder="random"><span data-i18n="">ignored</span>'
    )
    assert list(extract_html(io.BytesIO(page), (), (), {})) == [
        (1, None, "No such table", []),
        (2, None, "Two lines of text", []),
        (4, None, "random", []),
    ]


# -- GET /api/i18n/{lang}


def test_a_languages_catalog_is_served_as_json(server: LiveServer) -> None:
    response = server.get("/api/i18n/ru")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    answer = response.json()
    expected = {str(m.id): str(m.string) for m in read(po_path("ru"), "ru") if m.id}
    assert answer == expected
    assert answer["Create the table"] == "Создать стол"
    assert answer["{player} passes."] == "{player} пасует."


def test_english_needs_no_catalog(server: LiveServer) -> None:
    response = server.get("/api/i18n/en")
    assert response.status_code == 200
    assert response.json() == {}


@pytest.mark.parametrize("lang", ["xx", "de", "RU", "ru-RU", "web"])
def test_a_language_the_server_does_not_offer_is_a_404(server: LiveServer, lang: str) -> None:
    response = server.get(f"/api/i18n/{lang}")
    assert response.status_code == 404
    assert "error" in response.json()
