"""The web table's server: a Starlette app served by uvicorn.

Routes:

* ``GET /``: the page to create a table; ``GET /t/{id}``: a table's page (its token in the URL fragment).
* ``POST /api/tables``: create a table (see :func:`planechase.server.create.table_config`); answers every
  seat's link, the spectator and display links, and the creator's token. Rate-limited per address.
* ``POST /api/qr.svg`` (``{"text": link}``, as the pages ask: the link's token stays out of URLs and logs) or
  ``GET /api/qr.svg?text=...``: a QR code of a link to this server, for joining from another device.
* ``GET /api/profiles``: the Eternities Map's house-rule profiles; ``GET /api/sets``: the sets for random
  decks.
* ``GET /api/rules/{number}``: a Comprehensive Rules rule's text (``{"number", "text"}``), for the rules the
  engine cites and the multiplayer and Planechase sections (``rules.json``, made by ``scripts/extract_rules.py``).
* ``GET /api/i18n/{lang}``: the pages' translations into a language, ``{msgid: msgstr}`` (see
  :mod:`planechase.server.i18n`); English, the pages' own language, answers ``{}``.
* ``GET /api/cards/{lang}``: the project's translations of the planar cards into a language (``{"lang", "by",
  "cards": {English name: {"name", "type_line", "text"}}}``, see :mod:`planechase.cards.translations`);
  English answers no cards. ``GET /api/oracle``: every card's Oracle text (``{"cards": {name: text}}``), by
  which a page finds a quoted ability's line in the translation.
* ``GET /static/bundle/{script}`` (and ``/static/v/{release}/bundle/{script}``): a page's modules joined into one
  script (:mod:`planechase.server.bundle`).
* ``GET /manifest.webmanifest``, ``GET /icons/icon-{192,512}.png`` and ``GET /sw.js``: the installable app's
  manifest, icons and service worker (:mod:`planechase.server.pwa`).
* ``GET /healthz`` and ``GET /metrics``: whether this process can serve its tables, and its figures in the
  Prometheus text format (see :mod:`planechase.server.metrics`).
* ``WS /ws/{id}``: the table's live channel (see :mod:`planechase.server.channel` and
  :mod:`planechase.server.rooms`).

Every message is size-limited and read strictly (:mod:`planechase.server.wire`); a bad one gets an ``error``
answer and never stops the server. Links are built from the server's own address, never from a request's
``Host`` header (:mod:`planechase.server.net`).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import io
import json
import logging
import re
import time
from collections import deque
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import segno
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..cards.catalog import CATALOG
from ..cards.effects.game import effect_templates
from ..cards.random_decks import known_sets
from ..cards.translations import LANGUAGES as CARD_LANGUAGES
from ..cards.translations import card_text
from ..errors import Text
from ..variants.eternities_map import PROFILE_SUMMARIES, PROFILE_SUMMARY_TEXTS, PROFILES
from .bundle import bundle
from .bus import Bus
from .channel import MAX_TABLE_ID, Channel
from .collector import TICK_EVERY, Collector, CountConnections
from .create import CreateError, house_rule_texts, table_config
from .deck_export import DOWNLOADS_PER_MINUTE, ExportError, export_deck
from .i18n import LANGUAGES, catalog
from .lab import LabJobs, LabRequestError, lab_spec
from .metrics import CONTENT_TYPE, ServerMetrics, health
from .net import Origins, TrustedProxies, client_address, link_base
from .pages import ENTRY_MODULES, page, page_etag, page_language, release, versioned_prefix
from .pwa import ICON_SIZES, icon_png, manifest
from .rooms import table_links
from .settings import ServerSettings
from .shared import Follower, poll_forever
from .store import open_store
from .tables import Tables

log = logging.getLogger("planechase.server")

STATIC = Path(__file__).parent / "static"
RULES = Path(__file__).parent / "rules.json"
#: A rule number: a section (``901``), a rule (``901.9``) or a subrule (``901.9a``).
RULE_NUMBER = re.compile(r"\d{3}(\.\d+[a-z]?)?")

#: The smallest answer worth compressing, in bytes.
GZIP_MINIMUM = 600
#: The largest table form, in bytes.
MAX_FORM = 200_000
#: How many tables one address may create per minute.
CREATE_PER_MINUTE = ServerSettings.create_limit


@functools.cache
def rule_texts() -> dict[str, str]:
    """The rules' texts by number, read from ``rules.json`` once.

    >>> rule_texts()["901.9"].startswith("Any time the active player has priority")
    True
    """
    texts: dict[str, str] = json.loads(RULES.read_text(encoding="utf-8"))
    return texts


class RevalidatedFiles(StaticFiles):
    """The pages' files, checked with the server (by their ETag) every time they are used: after an upgrade a
    browser never runs a new script with an old module it kept."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


class VersionedFiles(StaticFiles):
    """The static files under ``/static/v/{release}/``: this release's are kept by browsers for a year and never
    asked for again (a new release has a new address); another release's address gets today's files, revalidated."""

    def get_path(self, scope: Scope) -> str:
        path = super().get_path(scope)
        named, _, rest = path.replace("\\", "/").partition("/")
        scope["planechase.current"] = named == release()
        return rest

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        scope = kwargs.get("scope", args[2] if len(args) > 2 else {})
        current = bool(scope.get("planechase.current"))
        response.headers["Cache-Control"] = "public, max-age=31536000, immutable" if current else "no-cache"
        return response


@functools.cache
def _service_worker() -> bytes:
    """``static/sw.js`` with its cache named after this release's static files, which it keeps at their release's
    addresses: a new release installs a new worker, which keeps the new pages and drops the old ones."""
    source = (STATIC / "sw.js").read_text(encoding="utf-8")
    source = source.replace('  "/static/', f'  "{versioned_prefix()}')
    return source.replace("planechase-pages-v1", f"planechase-pages-{release()}").encode()


def _page(request: Request, name: str, status_code: int = 200) -> Response:
    """A page in the device's language (see :mod:`planechase.server.pages`)."""
    lang = page_language(request.query_params, request.cookies, request.headers.get("accept-language", "")[:512])
    body = page(name, lang)
    # Checked on every visit, sent again only when it changed (a return visit gets "304 Not Modified").
    etag = f'"{page_etag(name, lang)}"'
    headers = {"Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language", "Content-Language": lang, "ETag": etag}
    if status_code == 200 and etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, status_code=status_code, media_type="text/html", headers=headers)


@functools.cache
def _card_texts(lang: str) -> bytes:
    """The translations of the standard catalog's cards into ``lang``, as the JSON ``/api/cards/{lang}`` answers
    (made once per language)."""
    cards: dict[str, dict[str, str]] = {}
    for card in CATALOG:
        shown = card_text(card, lang)
        if shown.translated:
            cards[card.name] = {"name": shown.name, "type_line": shown.type_line, "text": shown.text}
    # The continuous effects' words (CreateEffect), as the engine writes them with {you} and {target}: a page reads
    # an effect's text by them and shows it in its language (the web catalogs translate each).
    body = {"lang": lang, "by": "planechase", "cards": cards, "effects": list(effect_templates(CATALOG))}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


@functools.cache
def _oracle_texts() -> bytes:
    """The standard catalog's cards' Oracle text, as the JSON ``/api/oracle`` answers: the pages show an ability
    quoted in the log or on the stack in the device's language by its line (the same line of the translation).
    Apart from the translations, so that a page on mobile data has what it needs to show the plane sooner."""
    body = {"cards": {card.name: card.oracle_text for card in CATALOG}}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


class RateLimit:
    """At most ``limit`` events per address in any ``window`` seconds. Addresses not seen for a window are
    forgotten, so the memory it takes is bounded by the addresses active in one window."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self.seen: dict[str, deque[float]] = {}
        self._swept = time.monotonic()

    def allow(self, key: str) -> bool:
        now = time.monotonic()
        if now - self._swept > self.window:
            self.seen = {k: times for k, times in self.seen.items() if times and now - times[-1] <= self.window}
            self._swept = now
        times = self.seen.setdefault(key, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True


def create_app(settings: ServerSettings | Path | str, *, create_limit: int | None = None) -> Starlette:
    """The server app, keeping its tables in ``settings.data``/tables.sqlite3, or in the PostgreSQL database
    ``settings.database`` (``settings`` may be just that folder, for the defaults)."""
    if not isinstance(settings, ServerSettings):
        settings = ServerSettings(data=Path(settings))
    if create_limit is not None:
        settings = dataclasses.replace(settings, create_limit=create_limit)
    store = open_store(settings.data, settings.database)
    tables = Tables(store)
    limiter = RateLimit(settings.create_limit)
    lab_limiter = RateLimit(settings.lab_limit)
    download_limiter = RateLimit(DOWNLOADS_PER_MINUTE)
    collector = Collector()
    origins = Origins(settings)

    async def index(request: Request) -> Response:
        return _page(request, "index.html")

    async def table_page(request: Request) -> Response:
        table_id = request.path_params["table_id"]
        if len(table_id) > MAX_TABLE_ID or tables.record(table_id) is None:
            return _page(request, "missing.html", status_code=404)
        return _page(request, "table.html")

    async def lab_page(request: Request) -> Response:
        return _page(request, "lab.html")

    async def lab_start(request: Request) -> Response:
        if not origins.allowed(request.scope):
            return _refusal(403, Text("studies are started from this server's own pages"))
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return _refusal(415, Text("the form must be sent as JSON (Content-Type: application/json)"))
        address = client_address(request.scope)
        if not lab_limiter.allow(address):
            return _refusal(429, Text("too many studies started from here; wait a minute"))
        form = await _read_form(request, MAX_FORM, settings.body_timeout)
        if isinstance(form, Response):
            return form
        jobs: LabJobs = request.app.state.lab
        try:
            spec = await asyncio.to_thread(lab_spec, form)  # reading a long list is work: not on the event loop
            job = jobs.start(spec, address)
        except LabRequestError as exc:
            issues = {"issues": [i.to_dict() for i in exc.issues]} if exc.issues else {}
            return JSONResponse({"error": str(exc.text), "text": exc.text.to_dict(), **issues}, status_code=exc.status)
        return JSONResponse(job.to_dict(), status_code=202, headers={"Cache-Control": "no-store"})

    async def lab_status(request: Request) -> Response:
        jobs: LabJobs = request.app.state.lab
        job = jobs.get(request.path_params["job_id"][:40])
        if job is None:
            return _refusal(404, Text("no such study (studies are kept for ten minutes)"))
        return Response(job.answer(), media_type="application/json", headers={"Cache-Control": "no-store"})

    async def create(request: Request) -> Response:
        if not origins.allowed(request.scope):
            return _refusal(403, Text("tables are created from this server's own pages"))
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return _refusal(415, Text("the form must be sent as JSON (Content-Type: application/json)"))
        address = client_address(request.scope)
        bus: Bus | None = request.app.state.bus
        # Servers sharing a bus count an address's tables together (each server alone while Redis is away).
        shared = await bus.allow(f"create:{address}", settings.create_limit, 60) if bus is not None else None
        if not (limiter.allow(address) if shared is None else shared):
            return _refusal(429, Text("too many tables created from here; wait a minute"))
        form = await _read_form(request, MAX_FORM, settings.body_timeout)
        if isinstance(form, Response):
            return form
        try:
            config, meta = await asyncio.to_thread(table_config, form)  # long pasted lists are work: off the loop
        except CreateError as exc:
            issues = {"issues": [i.to_dict() for i in exc.issues]} if exc.issues else {}
            return JSONResponse({"error": str(exc.text), "text": exc.text.to_dict(), **issues}, status_code=400)
        deck_notes: list[Text] = meta.pop("deck_notes", [])
        try:
            record = store.create_table(config, meta, seats=len(config["players"]))
        except Exception:  # a full disk or a database gone, say: nothing was created
            log.exception("A table could not be stored")
            return _refusal(503, Text("the table could not be stored; try again later"))
        links = table_links(record, link_base(request.scope, settings))
        return JSONResponse(
            {
                "id": record.id,
                "creator": record.creator_token,
                "creator_url": links["creator"],
                "seats": [
                    {"seat": seat, "name": name, "url": url}
                    for seat, (name, url) in enumerate(zip(config["players"], links["seats"], strict=True))
                ],
                "spectator_url": links["spectator"],
                "display_url": links["display"],
                "house_rules": meta["house_rules"],
                "house_rule_texts": [line.to_dict() for line in house_rule_texts(config)],
                **({"seed": config["seed"]} if meta.get("seed_given") else {}),
                **({"deck_notes": [note.to_dict() for note in deck_notes]} if deck_notes else {}),
            },
            status_code=201,
        )

    async def deck_file(request: Request) -> Response:
        if not origins.allowed(request.scope):
            return _refusal(403, Text("decks are downloaded from this server's own pages"))
        if not download_limiter.allow(client_address(request.scope)):
            return _refusal(429, Text("too many decks downloaded from here; wait a minute"))
        if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
            return _refusal(415, Text("the form must be sent as JSON (Content-Type: application/json)"))
        form = await _read_form(request, MAX_FORM, settings.body_timeout)
        if isinstance(form, Response):
            return form
        try:
            file = await asyncio.to_thread(export_deck, form)
        except ExportError as exc:
            issues = {"issues": [i.to_dict() for i in exc.issues]} if exc.issues else {}
            return JSONResponse({"error": str(exc.text), "text": exc.text.to_dict(), **issues}, status_code=400)
        disposition = f"attachment; filename=\"{file.ascii_name}\"; filename*=UTF-8''{quote(file.name)}"
        headers = {"Content-Disposition": disposition, "Cache-Control": "no-store"}
        return Response(file.body, media_type=file.media_type, headers=headers)

    async def qr(request: Request) -> Response:
        if request.method == "POST":  # the pages' way: the link and its token stay out of the URL
            if not origins.allowed(request.scope):
                return _refusal(403, Text("QR codes are made for this server's own pages"))
            declared = request.headers.get("content-length", "")
            if not declared.isdigit() or int(declared) > 2048:
                return _refusal(413, Text("send the link as a JSON object of at most 2048 bytes"))
            try:
                async with asyncio.timeout(settings.body_timeout):
                    sent = json.loads(await request.body())
            except (ValueError, TimeoutError, ClientDisconnect, RecursionError):
                return _refusal(400, Text('send the link as {"text": "..."}'))
            text = sent.get("text") if isinstance(sent, dict) else None
            if not isinstance(text, str):
                return _refusal(400, Text('send the link as {"text": "..."}'))
        else:
            text = request.query_params.get("text", "")
        base = link_base(request.scope, settings) + "/"
        if not text.startswith(base) or len(text) > 512:
            return _refusal(400, Text("a QR code is made only for a link to this server"))
        out = io.BytesIO()
        segno.make(text, error="m").save(out, kind="svg", scale=6, border=2)
        return Response(out.getvalue(), media_type="image/svg+xml")

    async def profiles(request: Request) -> Response:
        return JSONResponse(
            [
                {
                    "profile": name,
                    "summary": PROFILE_SUMMARIES[name],
                    "rules": rules.describe(),
                    # The same as sentences the page shows in its language.
                    "summary_text": PROFILE_SUMMARY_TEXTS[name].to_dict(),
                    "rules_texts": [line.to_dict() for line in rules.describe_texts()],
                }
                for name, rules in PROFILES.items()
            ]
        )

    async def sets(request: Request) -> Response:
        return JSONResponse(list(known_sets()))

    async def rule(request: Request) -> Response:
        number = request.path_params["number"]
        text = rule_texts().get(number) if RULE_NUMBER.fullmatch(number) else None
        if text is None:
            return JSONResponse({"error": f"no rule {number[:20]!r} here"}, status_code=404)
        return JSONResponse({"number": number, "text": text})

    async def translations(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in LANGUAGES:
            return JSONResponse({"error": f"no language {lang[:20]!r} here; try one of {', '.join(LANGUAGES)}"}, 404)
        return JSONResponse(catalog(lang), headers={"Cache-Control": "no-cache"})

    async def card_texts(request: Request) -> Response:
        lang = request.path_params["lang"]
        if lang not in CARD_LANGUAGES:
            listed = ", ".join(CARD_LANGUAGES)
            return JSONResponse({"error": f"no card language {lang[:20]!r} here; try one of {listed}"}, 404)
        return Response(_card_texts(lang), media_type="application/json", headers={"Cache-Control": "no-cache"})

    async def oracle_texts(request: Request) -> Response:
        return Response(_oracle_texts(), media_type="application/json", headers={"Cache-Control": "no-cache"})

    async def web_manifest(request: Request) -> Response:
        return Response(manifest(), media_type="application/manifest+json", headers={"Cache-Control": "no-cache"})

    async def icon(request: Request) -> Response:
        size = request.path_params["size"]
        if size not in ICON_SIZES:
            return JSONResponse({"error": f"no icon of size {size}; sizes: {', '.join(map(str, ICON_SIZES))}"}, 404)
        png = await asyncio.to_thread(icon_png, size)  # drawn once per process, off the event loop
        return Response(png, media_type="image/png", headers={"Cache-Control": "public, max-age=86400"})

    async def bundled(request: Request) -> Response:
        # A page's modules as one script (planechase.server.bundle): this release's kept for good, others checked.
        entry = request.path_params["entry"]
        if entry not in ENTRY_MODULES.values():
            return PlainTextResponse("Not Found", status_code=404)
        current = request.path_params.get("release") == release()
        cache = "public, max-age=31536000, immutable" if current else "no-cache"
        return Response(bundle(entry), media_type="text/javascript", headers={"Cache-Control": cache})

    async def healthz(request: Request) -> Response:
        healthy, body = await asyncio.to_thread(health, tables)
        body["release"] = release()
        bus: Bus | None = request.app.state.bus
        if bus is not None:  # away only slows a spread table's screens: not a failure
            body["bus"] = "up" if bus.up else "away"
        return JSONResponse(body, status_code=200 if healthy else 503, headers={"Cache-Control": "no-store"})

    async def metrics(request: Request) -> Response:
        return Response(measured.exposition(), media_type=CONTENT_TYPE, headers={"Cache-Control": "no-store"})

    async def service_worker(request: Request) -> Response:
        # From the root, so that it looks after every page; always checked for a new version.
        return Response(_service_worker(), media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    channel = Channel(tables, settings, origins, collector.note_activity)
    measured = ServerMetrics(tables, release=release())

    routes = [
        Route("/", index),
        Route("/t/{table_id}", table_page),
        Route("/lab", lab_page),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/lab", lab_start, methods=["POST"]),
        Route("/api/lab/{job_id}", lab_status),
        Route("/api/qr.svg", qr, methods=["GET", "POST"]),
        Route("/api/decks/file", deck_file, methods=["POST"]),
        Route("/api/profiles", profiles),
        Route("/api/sets", sets),
        Route("/api/rules/{number}", rule),
        Route("/api/i18n/{lang}", translations),
        Route("/api/cards/{lang}", card_texts),
        Route("/api/oracle", oracle_texts),
        Route("/manifest.webmanifest", web_manifest),
        Route("/icons/icon-{size:int}.png", icon),
        Route("/sw.js", service_worker),
        Route("/healthz", healthz),
        Route("/metrics", metrics),
        WebSocketRoute("/ws/{table_id}", channel.serve),
        Route("/static/v/{release}/bundle/{entry}", bundled),
        Route("/static/bundle/{entry}", bundled),
        Mount("/static/v", VersionedFiles(directory=STATIC), name="versioned"),
        Mount("/static", RevalidatedFiles(directory=STATIC), name="static"),
    ]
    middleware = [
        Middleware(TrustedProxies, trusted=settings.forwarded_allow_ips),
        # Pages, scripts and JSON answers compressed for phones on mobile data (the WebSocket is not concerned).
        Middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM),
        Middleware(CountConnections, collector=collector),
        Middleware(SecurityHeaders),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=_lifespan)
    app.state.settings = settings
    app.state.store = store
    app.state.tables = tables
    app.state.collector = collector
    app.state.lab = LabJobs(workers=settings.lab_workers)
    app.state.channel = channel
    # Servers sharing a database follow each other's writes (told over Redis when there is a bus).
    follower = Follower(tables, channel) if settings.database else None
    app.state.follower = follower
    app.state.bus = None
    if follower is not None and settings.bus:
        app.state.bus = follower.bus = measured.bus = Bus(settings.bus, follower.hear)
    return app


def _refusal(status: int, message: Text) -> JSONResponse:
    """A refused request: ``error`` in English and ``text``, the sentence the page shows in its language."""
    return JSONResponse({"error": str(message), "text": message.to_dict()}, status_code=status)


async def _read_form(request: Request, limit: int, timeout: float) -> Any:
    """A form's JSON body, read no further than ``limit`` bytes and for no longer than ``timeout`` seconds; or
    the refusal to answer."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return _refusal(413, Text("the form is too large"))
    body = bytearray()
    try:
        async with asyncio.timeout(timeout):
            async for chunk in request.stream():
                body += chunk
                if len(body) > limit:  # read no further: the form is refused as it arrives
                    return _refusal(413, Text("the form is too large"))
    except TimeoutError:
        return _refusal(408, Text("the form did not arrive within {seconds} s", {"seconds": f"{timeout:g}"}))
    except ClientDisconnect:
        return _refusal(400, Text("the form did not arrive"))
    try:
        return json.loads(body)
    except (ValueError, RecursionError):  # not JSON, not UTF-8, too deep, a number too long
        return _refusal(400, Text("the form must be JSON"))


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """Collect reference cycles on a timer rather than in the middle of the tables' messages (see
    :mod:`planechase.server.collector`); with a shared database, follow the other servers' writes."""
    collector: Collector = app.state.collector
    collector.start()

    async def collect_regularly() -> None:
        while True:
            await asyncio.sleep(TICK_EVERY)
            collector.tick()

    tasks = [asyncio.create_task(collect_regularly())]
    follower: Follower | None = getattr(app.state, "follower", None)
    bus: Bus | None = getattr(app.state, "bus", None)
    if follower is not None:  # the tables are in a shared database: follow the other servers' writes
        tasks.append(asyncio.create_task(poll_forever(follower.poll)))
    if bus is not None:
        bus.start()
    try:
        yield
    finally:
        for task in tasks:
            task.cancel()
        if bus is not None:
            await bus.stop()
        await app.state.lab.close()
        collector.stop()


#: The pages load nothing from elsewhere and run no inline script: names and card text can't become code.
CONTENT_SECURITY_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; "
    # Card art, when a table's creator allows it, comes from Scryfall to the browser (never through the server).
    "img-src 'self' blob: https://api.scryfall.com https://cards.scryfall.io; connect-src 'self'; "
    "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)


class SecurityHeaders:
    """Adds the content security policy and related headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
                headers["X-Content-Type-Options"] = "nosniff"
                headers["Referrer-Policy"] = "no-referrer"
            await send(message)

        await self.app(scope, receive, with_headers)
