"""The web table as an installable app (issue 17): the manifest, its icons and the service worker, served by a
real server process, and the content security policy that lets them load."""

from __future__ import annotations

import json
import re
import struct
import zlib

from server.live import LiveServer


def test_the_manifest_names_the_app_and_its_icons(server: LiveServer) -> None:
    answer = server.get("/manifest.webmanifest")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/manifest+json")
    body = json.loads(answer.content)
    assert body["start_url"] == "/" and body["display"] == "standalone" and body["name"]
    sizes = {icon["sizes"] for icon in body["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        assert server.get(icon["src"]).status_code == 200, icon


def test_the_icons_are_pngs_of_their_size(server: LiveServer) -> None:
    for size in (192, 512):
        png = server.get(f"/icons/icon-{size}.png").content
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert (width, height) == (size, size)
        # The picture decodes: one filter byte and RGBA pixels per row, not all of one colour.
        start = png.index(b"IDAT") + 4
        length = struct.unpack(">I", png[start - 8 : start - 4])[0]
        pixels = zlib.decompress(png[start : start + length])
        assert len(pixels) == size * (1 + 4 * size)
        row = 1 + 4 * size
        colours = {pixels[r * row + 1 + 4 * x : r * row + 5 + 4 * x] for r in range(size) for x in range(size)}
        assert len(colours) == 3  # transparent corners, the dark square and the spiral
    assert server.get("/icons/icon-100.png").status_code == 404


def test_the_service_worker_is_served_from_the_root(server: LiveServer) -> None:
    answer = server.get("/sw.js")
    assert answer.status_code == 200 and "javascript" in answer.headers["content-type"]
    assert answer.headers["cache-control"] == "no-cache"
    assert 'addEventListener("fetch"' in answer.text


def test_the_pages_link_the_manifest_and_the_policy_lets_it_and_the_worker_load(server: LiveServer) -> None:
    page = server.get("/")
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page.text
    policy = page.headers["content-security-policy"]
    assert "manifest-src 'self'" in policy and "worker-src 'self'" in policy


def test_the_pages_files_are_checked_again_on_every_use(server: LiveServer) -> None:
    # After an upgrade a browser must not run a new script with an old module it kept.
    for path in ("/static/table.js", "/static/table-common.js", "/static/style.css"):
        answer = server.get(path)
        assert answer.status_code == 200 and answer.headers["cache-control"] == "no-cache", path
        assert answer.headers.get("etag")


def test_the_workers_cache_is_named_after_the_release(server: LiveServer) -> None:
    body = server.get("/sw.js").text
    assert "planechase-pages-v1" not in body
    assert re.search(r'const CACHE = "planechase-pages-[0-9a-f]{16}";', body)
