"""The pages as served for a phone on mobile data (issue 18): compressed, the release's files at addresses of
their own that browsers keep for good, every module preloaded at once, and the device's language delivered with
the page (its catalog inside, its card texts preloaded), so nothing is shown in English first."""

from __future__ import annotations

import gzip
import json
import re

import httpx

from planechase.server.i18n import catalog
from planechase.server.pages import module_graph, release
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
    assert lang == "ja" and shipped == catalog("ja") and shipped["Create the table"] != "Create the table"
    english = server.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
    assert '<html lang="en">' in english and "i18n-catalog" not in english


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


def test_every_module_is_preloaded_at_its_release_address(server: LiveServer) -> None:
    table = server.create_table()
    html = server.get(f"/t/{table.id}").text
    prefix = f"/static/v/{release()}/"
    modules = module_graph("table.js")
    assert {"table.js", "table-connection.js", "i18n.js", "logtext.js", "cardtext.js", "sound.js"} <= set(modules)
    for module in modules:
        assert f'<link rel="modulepreload" href="{prefix}{module}">' in html, module
    unversioned = html.replace(prefix, "")
    assert 'src="/static/' not in unversioned and 'href="/static/' not in unversioned
    assert f'<script type="module" src="{prefix}table.js"></script>' in html
    # The connection is opened by a script of its own, before the others.
    assert html.index(f'<script type="module" async src="{prefix}boot.js"></script>') < html.index("modulepreload")


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
    assert f'"/static/v/{release()}/table.js"' in worker and '  "/static/table.js"' not in worker


def test_pages_scripts_and_answers_are_compressed(server: LiveServer) -> None:
    with httpx.Client(base_url=server.base, headers={"Accept-Encoding": "gzip"}) as client:
        for path in (f"/static/v/{release()}/logtemplates-play.js", "/", "/api/i18n/ja", "/api/cards/ja"):
            raw = client.get(path)
            assert raw.status_code == 200 and raw.headers["content-encoding"] == "gzip", path
        with client.stream("GET", f"/static/v/{release()}/logtemplates-play.js") as raw:
            body = b"".join(raw.iter_raw())
        assert len(body) * 3 < len(gzip.decompress(body))  # a third or less of its size on the wire
