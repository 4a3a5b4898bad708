"""Where the web table is on the network: the address its links carry, the proxies it trusts, the pages it lets
create tables, and the address a client is counted by.

Links (and their QR codes) are never made from a request's ``Host`` header, which any client can set: they carry
the server's public URL when one is given (``--public-url``), else the forwarded host a trusted proxy reports
(``--forwarded-allow-ips``), else the address the server announced at start-up (this machine's address on the
local network when it listens on every interface, so that a phone can open it).

>>> announced_url("127.0.0.1", 8000)
'http://127.0.0.1:8000'
>>> announced_url("::1", 8080)
'http://[::1]:8080'
>>> origin_of("HTTPS://Example.org:443/t/abc")
'https://example.org'
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from .settings import ServerSettings

#: Where the original peer and a trusted proxy's forwarded host are kept in the ASGI scope.
PEER = "planechase.peer"
FORWARDED_HOST = "planechase.forwarded_host"
#: A host as a ``Host`` or ``X-Forwarded-Host`` header may name it: a name or an address, and a port.
_HOST = re.compile(r"(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253})(:[0-9]{1,5})?")
#: Addresses that mean "every interface" when listening.
ANY_ADDRESS = ("0.0.0.0", "::", "")


def lan_address() -> str | None:
    """This machine's address on its local network (the one its default route leaves from), or ``None``
    without a network. Nothing is sent: connecting a UDP socket only picks the route."""
    for family, target in ((socket.AF_INET, ("192.0.2.1", 9)), (socket.AF_INET6, ("2001:db8::1", 9))):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect(target)
                address = str(probe.getsockname()[0])
        except OSError:
            continue
        ip = ipaddress.ip_address(address)
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            return address
    return None


def url_host(host: str) -> str:
    """A host as a URL writes it (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def announced_url(host: str, port: int, *, lan: str | None = None) -> str:
    """The address a server listening on ``host``:``port`` tells players to open: its local-network address
    ``lan`` when it listens on every interface, else the address it listens on."""
    shown = (lan or "127.0.0.1") if host in ANY_ADDRESS else host
    return f"http://{url_host(shown)}:{port}"


def origin_of(url: str) -> str:
    """The origin (``scheme://host[:port]``, lower case, default ports left out) of a URL; ``null`` for what is
    not a URL (a port out of range, a broken address).

    >>> origin_of("http://a:99999"), origin_of("http://[::1")
    ('null', 'null')
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return "null"
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    default = {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(scheme)
    shown = url_host(host) + (f":{port}" if port is not None and port != default else "")
    return f"{scheme}://{shown}"


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1").strip()
    return None


class TrustedProxies:
    """ASGI middleware believing ``X-Forwarded-For`` and ``X-Forwarded-Proto`` (uvicorn's
    :class:`~uvicorn.middleware.proxy_headers.ProxyHeadersMiddleware`) and ``X-Forwarded-Host`` only from the
    configured proxies; from anyone else they are ignored. The connecting peer is kept in the scope
    (:data:`PEER`) and a trusted forwarded host too (:data:`FORWARDED_HOST`)."""

    def __init__(self, app: ASGIApp, trusted: Iterable[str]) -> None:
        listed = list(trusted)
        self.inner = ProxyHeadersMiddleware(app, trusted_hosts=listed) if listed else None  # type: ignore[arg-type]
        self.app = app

    def trusts(self, host: str | None) -> bool:
        return self.inner is not None and host in self.inner.trusted_hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        peer = scope.get("client")
        scope[PEER] = peer
        if self.inner is None or not self.trusts(peer[0] if peer else None):
            await self.app(scope, receive, send)
            return
        forwarded = _header(scope, b"x-forwarded-host")
        if forwarded:
            first = forwarded.split(",")[0].strip()
            if _HOST.fullmatch(first):
                scope[FORWARDED_HOST] = first
        await self.inner(scope, receive, send)  # type: ignore[arg-type]


def link_base(scope: Scope, settings: ServerSettings) -> str:
    """The address this request's links carry (see the module's text): never its ``Host`` header."""
    if settings.public_url:
        return settings.public_url.rstrip("/")
    forwarded = scope.get(FORWARDED_HOST)
    if forwarded:
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        return f"{scheme}://{forwarded}"
    return settings.base_url.rstrip("/")


def address_key(host: str) -> str:
    """An address as clients are counted (creation limits, connections): an IPv4 address as it is, an IPv6
    address by its /64 network, which one subscriber usually holds whole.

    >>> address_key("2001:db8:1:2:3:4:5:6"), address_key("::ffff:10.0.0.1"), address_key("10.0.0.2")
    ('2001:db8:1:2::/64', '10.0.0.1', '10.0.0.2')
    """
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return host


def client_address(scope: Scope) -> str:
    """The address a request's client is counted by (:func:`address_key`; a trusted proxy's client by the
    address the proxy forwarded)."""
    client = scope.get("client")
    return address_key(client[0] if client else "?")


class Origins:
    """Which pages may create tables and open channels: a request without ``Origin`` (a program, not a browser
    page) or from the server's own origin (the origin of the address the request was made to, or of its links),
    or from an origin in ``allowed_origins`` (``*``: any)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.any = "*" in settings.allowed_origins
        self.listed = {origin_of(o) for o in settings.allowed_origins if o != "*"}
        self.listed |= {origin_of(u) for u in (settings.base_url, settings.public_url) if u}

    def allowed(self, scope: Scope) -> bool:
        origin = _header(scope, b"origin")
        if origin is None or self.any:
            return True
        if origin == "null" or len(origin) > 300:
            return False
        seen = origin_of(origin)
        if seen == "null":
            return False
        if seen in self.listed or seen == origin_of(link_base(scope, self.settings)):
            return True
        host = scope.get(FORWARDED_HOST) or _header(scope, b"host")
        if not host or not _HOST.fullmatch(host):
            return False
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        return seen == origin_of(f"{scheme}://{host}")
