"""How soon a phone on mobile data can read the plane: the table page loaded over an emulated slow 4G network.

Usage::

    .venv/bin/python bench/bench_page_load.py                      # 5 loads of each kind, this checkout
    .venv/bin/python bench/bench_page_load.py --runs 9 --src /tmp/before/src   # another checkout's server

Each run starts its own ``planechase serve`` (a subprocess, a fresh data directory; ``--src`` puts another
checkout's ``src`` first on its ``PYTHONPATH`` to measure an older release the same way), creates a table and
opens a seat's page in Debian's Chromium (Playwright) with the network throttled as Lighthouse's "slow 4G":
150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up (Chrome DevTools Protocol, ``Network.emulateNetworkConditions``;
the CPU is not throttled). The page is ready when the plane's name is on the screen in the page's language (for a
language other than English: once the page is translated). Measured from the start of the navigation
(``performance.now()`` in the page), for: English and Japanese on a first visit (a new browser context: nothing
cached) and Japanese again on a return visit (the same context, reloaded). Also the bytes and requests the first
visit took. The results are in docs/performance.md, "The table page on mobile data".
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
#: Lighthouse's "slow 4G" (its mobile default): round trip, download and upload in bytes per second.
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_638_400 // 8, "uploadThroughput": 750_000 // 8}
#: Records when the plane's name is shown in the page's language (a page kept hidden to be translated is not ready).
READY = """(() => {
  const check = () => {
    if (window.__readyAt) return;
    const name = document.querySelector('[data-testid="plane-name"]');
    if (!name || !name.textContent || document.documentElement.classList.contains("i18n-wait")) return;
    if (getComputedStyle(document.body).visibility === "hidden") return;
    window.__readyAt = performance.now();
  };
  const watching = { subtree: true, childList: true, attributes: true, characterData: true };
  new MutationObserver(check).observe(document, watching);
})();"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(src: Path | None, data: Path, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src) + os.pathsep + env.get("PYTHONPATH", "")
    command = [sys.executable, "-m", "planechase", "serve", "--port", str(port), "--data", str(data), "--no-qr"]
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/sets", timeout=1).read()
            return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def create_table(port: int) -> str:
    form = json.dumps({"players": ["Ann", "Bob"], "seed": 11, "starting_player": 0}).encode()
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables",
        data=form,
        headers={"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        body: dict[str, Any] = json.loads(answer.read())
    return str(body["seats"][0]["url"])


def load(browser: Browser, url: str, lang: str, *, again: bool) -> dict[str, float]:
    """One load of ``url`` in ``lang`` (a first visit, then the return visit if ``again``): ready times, bytes."""
    context = browser.new_context(locale="ja-JP" if lang == "ja" else "en-US", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.add_init_script(READY)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    received = {"bytes": 0.0, "requests": 0.0}

    def count(event: dict[str, Any]) -> None:
        received["bytes"] += float(event.get("encodedDataLength", 0))
        received["requests"] += 1

    cdp.on("Network.loadingFinished", count)
    address = url.replace("#", f"?lang={lang}#", 1)
    page.goto(address, wait_until="commit")
    page.wait_for_function("() => window.__readyAt", timeout=60_000)
    out = {"first": float(page.evaluate("() => window.__readyAt")), **received}
    if again:
        page.reload(wait_until="commit")
        page.wait_for_function("() => window.__readyAt", timeout=60_000)
        out["again"] = float(page.evaluate("() => window.__readyAt"))
    context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="loads of each kind (default 5)")
    parser.add_argument("--src", type=Path, default=None, help="another checkout's src directory to serve")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    chromium = os.environ.get("PLANECHASE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    with tempfile.TemporaryDirectory() as data:
        port = free_port()
        server = start_server(args.src, Path(data), port)
        try:
            url = create_table(port)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"], headless=True)
                en = [load(browser, url, "en", again=False) for _ in range(args.runs)]
                ja = [load(browser, url, "ja", again=True) for _ in range(args.runs)]
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    results = {
        "english_first_ms": statistics.median(r["first"] for r in en),
        "japanese_first_ms": statistics.median(r["first"] for r in ja),
        "japanese_return_ms": statistics.median(r["again"] for r in ja),
        "first_visit_kib": statistics.median(r["bytes"] for r in ja) / 1024,
        "first_visit_requests": statistics.median(r["requests"] for r in ja),
        "runs": args.runs,
    }
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print(f"slow 4G (150 ms, 1.6 Mbit/s), median of {args.runs}:")
    print(f"  English, first visit:   plane readable at {results['english_first_ms']:.0f} ms")
    print(f"  Japanese, first visit:  plane readable at {results['japanese_first_ms']:.0f} ms")
    print(f"  Japanese, return visit: plane readable at {results['japanese_return_ms']:.0f} ms")
    print(f"  first visit: {results['first_visit_kib']:.0f} KiB in {results['first_visit_requests']:.0f} requests")


if __name__ == "__main__":
    main()
