"""The pages as served for a phone on mobile data (issue 18): compressed, the release's files at addresses of
their own that browsers keep for good, each page's modules joined into one script, and the device's language
delivered with the page (its catalog inside, its card texts preloaded), so nothing is shown in English first."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import httpx
import pytest

from planechase.server.bundle import BundleError, bundle, evaluation_order
from planechase.server.i18n import catalog, located_catalog
from planechase.server.pages import ENTRY_MODULES, page_catalog, release
from server.live import LiveServer

IMMUTABLE = "public, max-age=31536000, immutable"


def embedded_catalog(html: str) -> tuple[str, dict[str, str]]:
    found = re.search(r'<script type="application/json" id="i18n-catalog" data-lang="(\w+)">(.*?)</script>', html, re.S)
    assert found, "no catalog in the page"
    return found.group(1), json.loads(found.group(2))


def test_a_page_comes_in_the_language_the_browser_asks_for_with_its_catalog_inside(server: LiveServer) -> None:
    answer = server.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"})
    assert answer.status_code == 200 and answer.headers["content-language"] == "ja"
    assert "Accept-Language" in answer.headers["vary"] and "Cookie" in answer.headers["vary"]
    html = answer.text
    assert '<html lang="ja" class="i18n-wait">' in html  # hidden until translated: no English first
    lang, shipped = embedded_catalog(html)
    assert lang == "ja" and shipped == page_catalog("index.html", "ja")
    assert shipped["Create the table"] != "Create the table"
    english = server.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
    assert '<html lang="en">' in english and "i18n-catalog" not in english


def test_each_page_comes_with_the_texts_of_its_own_files_and_of_the_server_only() -> None:
    for lang in ("ru", "ja"):
        table, create = page_catalog("table.html", lang), page_catalog("index.html", lang)
        for msgid, (text, files) in located_catalog(lang).items():
            in_table = bool(files & {"table.html", *evaluation_order("table.js")}) or any(
                f.endswith(".py") for f in files
            )
            in_create = bool(files & {"index.html", *evaluation_order("create.js")}) or any(
                f.endswith(".py") for f in files
            )
            assert (msgid in table) == in_table and (msgid in create) == in_create, (msgid, files)
            assert table.get(msgid, text) == text == create.get(msgid, text)
        # The server's texts (a refusal, a card's instruction) reach both; each page's own stay with it.
        assert "Create the table" in create and "Create the table" not in table
        assert "Steps of the turn" in table and "Steps of the turn" not in create
        assert "{player} has left the game" in table and "{player} has left the game" in create
        assert len(table) + len(create) > len(catalog(lang))


def test_a_return_visit_gets_the_page_again_only_if_it_changed(server: LiveServer) -> None:
    first = server.get("/", headers={"Accept-Language": "ja"})
    etag = first.headers["etag"]
    again = server.get("/", headers={"Accept-Language": "ja", "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    other = server.get("/", headers={"Accept-Language": "it", "If-None-Match": etag})
    assert other.status_code == 200 and other.headers["etag"] != etag  # another language is another page


def test_the_devices_own_choice_and_the_address_come_before_the_browsers_languages(server: LiveServer) -> None:
    table = server.create_table()
    page = f"/t/{table.id}"
    chosen = server.get(page, headers={"Accept-Language": "ru", "Cookie": "planechase_lang=cs"})
    assert chosen.headers["content-language"] == "cs"
    assert '<link rel="preload" href="/api/cards/cs" as="fetch" crossorigin="anonymous"' in chosen.text
    asked = server.get(page + "?lang=it", headers={"Cookie": "planechase_lang=cs"})
    assert asked.headers["content-language"] == "it" and embedded_catalog(asked.text)[0] == "it"
    nonsense = server.get(page, headers={"Cookie": "planechase_lang=<script>", "Accept-Language": "x" * 5000})
    assert nonsense.status_code == 200 and nonsense.headers["content-language"] == "en"


def test_the_pages_modules_come_as_one_script_at_its_release_address(server: LiveServer) -> None:
    table = server.create_table()
    html = server.get(f"/t/{table.id}").text
    prefix = f"/static/v/{release()}/"
    unversioned = html.replace(prefix, "")
    assert 'src="/static/' not in unversioned and 'href="/static/' not in unversioned
    assert f'<script type="module" src="{prefix}bundle/table.js"></script>' in html
    assert "modulepreload" not in html
    # The connection is opened by a script of its own, before the others.
    assert html.index(f'<script type="module" async src="{prefix}boot.js"></script>') < html.index("bundle/table.js")
    joined = server.get(f"{prefix}bundle/table.js")
    assert joined.status_code == 200 and joined.headers["cache-control"] == IMMUTABLE
    assert joined.headers["content-type"].startswith("text/javascript")
    assert joined.text == bundle("table.js").decode() == server.get("/static/bundle/table.js").text
    assert server.get("/static/bundle/table.js").headers["cache-control"] == "no-cache"
    assert server.get("/static/v/0123456789abcdef/bundle/table.js").headers["cache-control"] == "no-cache"
    for missing in ("bundle/app.py", "bundle/dom.js", "bundle/..%2Fapp.py"):
        assert server.get(f"{prefix}{missing}").status_code == 404, missing


def test_every_page_joins_its_modules_in_the_order_the_browser_runs_them() -> None:
    order = evaluation_order("table.js")
    # A module's imports run before it, in the order it names them; every module once; the entry last.
    assert order[-1] == "table.js" and len(set(order)) == len(order)
    assert (
        order.index("i18n.js") < order.index("logwords.js") < order.index("logtext.js") < order.index("table-common.js")
    )
    for entry in ENTRY_MODULES.values():
        joined = bundle(entry).decode()
        assert not re.search(r"^(import|export)\b", joined, re.MULTILINE), entry
        for name in evaluation_order(entry):
            assert f"// ---- {name}\n" in joined
        # Without the comments and blank lines: only the line naming each module is a comment.
        comments = re.findall(r"^\s*(?://|/\*).*$", joined, re.MULTILINE)
        assert len(comments) == len(evaluation_order(entry)) and "\n\n" not in joined, comments[:3]
    assert "create.js" not in evaluation_order("table.js") and "table.js" not in evaluation_order("create.js")


def test_modules_that_could_not_be_joined_safely_are_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import planechase.server.bundle as bundling

    monkeypatch.setattr(bundling, "STATIC", tmp_path)
    (tmp_path / "a.js").write_text(
        'import { x } from "./b.js";\nconst y = 1;\nexport function f() {\n  return x + y;\n}\n'
    )
    (tmp_path / "b.js").write_text("export const x = 1;\nlet y = 2;\n")
    (tmp_path / "c.js").write_text('import "./b.js";\nexport default 3;\n')
    (tmp_path / "d.js").write_text('import { x } from "./b.js";\nconst { z } = { z: x };\n')
    (tmp_path / "f.js").write_text("const text = `one\n// two`;\n")
    (tmp_path / "g.js").write_text("/* a */ const z = 1;\n")
    (tmp_path / "h.js").write_text("/**\n * Never closed.\n")
    (tmp_path / "i.js").write_text('import { x as y } from "./b.js";\n')
    (tmp_path / "j.js").write_text("foo(); /* a note\n// inner */\nbar();\n")
    (tmp_path / "e.js").write_text('import { x } from "./nowhere.js";\n')
    for entry, why in [
        ("a.js", "both declare 'y'"),
        ("c.js", "export default"),
        ("d.js", "destructuring"),
        ("e.js", "nowhere.js"),
        ("f.js", "template literal"),
        ("g.js", "code after a comment block"),
        ("h.js", "not closed"),
        ("i.js", "renamed import"),
        ("j.js", "opens after code"),
    ]:
        with pytest.raises(BundleError, match=why):
            bundling.bundle.__wrapped__(entry)
    bundling.evaluation_order.cache_clear()


def test_a_releases_files_are_kept_for_good_and_other_addresses_are_revalidated(server: LiveServer) -> None:
    current = server.get(f"/static/v/{release()}/table.js")
    assert current.status_code == 200 and current.headers["cache-control"] == IMMUTABLE
    assert current.text == server.get("/static/table.js").text
    older = server.get("/static/v/0123456789abcdef/table.js")
    assert older.status_code == 200 and older.headers["cache-control"] == "no-cache"
    assert server.get("/static/table.js").headers["cache-control"] == "no-cache"
    assert server.get(f"/static/v/{release()}/../app.py").status_code == 404
    assert server.get(f"/static/v/{release()}/no-such.js").status_code == 404
    worker = server.get("/sw.js").text
    assert f'"/static/v/{release()}/bundle/table.js"' in worker and '  "/static/bundle/table.js"' not in worker


def test_pages_scripts_and_answers_are_compressed(server: LiveServer) -> None:
    with httpx.Client(base_url=server.base, headers={"Accept-Encoding": "gzip"}) as client:
        for path in (f"/static/v/{release()}/bundle/table.js", "/", "/api/i18n/ja", "/api/cards/ja", "/api/oracle"):
            raw = client.get(path)
            assert raw.status_code == 200 and raw.headers["content-encoding"] == "gzip", path
        with client.stream("GET", f"/static/v/{release()}/logtemplates-play.js") as raw:
            body = b"".join(raw.iter_raw())
        assert len(body) * 3 < len(gzip.decompress(body))  # a third or less of its size on the wire
