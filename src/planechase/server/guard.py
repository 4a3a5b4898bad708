"""Connections the server does not wait for: a limit on the connections from one address, a deadline for a
request's head, a way to close a WebSocket at once, and enough open files.

uvicorn serves each connection with a protocol object; :func:`guarded_protocols` makes subclasses of the ones
it would use that:

* refuse a connection beyond ``max_per_address`` open ones from the same address (a trusted proxy's
  connections are not counted: each carries many clients, whom the channel counts by their forwarded address);
* close a connection that has not sent its request's head within ``header_timeout`` seconds of connecting, or
  of beginning the next request on a kept-alive connection (an idle kept-alive connection is closed by
  uvicorn's own keep-alive timeout);
* give the app, in the WebSocket scope's ``extensions``, ``planechase.abort``: a function that closes the
  connection at once, whatever is still buffered for a client that stopped reading (a polite close would wait
  for that buffer to drain, which it never does).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol
from uvicorn.protocols.websockets.auto import AutoWebSocketsProtocol

from .net import TrustedProxies, address_key
from .settings import ServerSettings

try:
    import resource
except ImportError:  # not on Windows, where the limit on open files is the C runtime's
    resource = None  # type: ignore[assignment]

log = logging.getLogger("planechase.server")


class ConnectionGuard:
    """The open connections by address, and the limits on them."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.proxies = TrustedProxies(_nothing, settings.forwarded_allow_ips)
        self.open: dict[str, set[asyncio.BaseTransport]] = {}
        self.refused = 0
        self._warned = 0.0

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection; ``False`` if its address has too many open already."""
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else ""
        if not host or self.proxies.trusts(host):
            return True
        key = address_key(host)
        held = self.open.setdefault(key, set())
        if transport not in held and len(held) >= self.settings.max_per_address:
            self.refused += 1
            now = time.monotonic()
            if now - self._warned > 10:
                self._warned = now
                log.warning(
                    "Refused connections from %s: it has %d open (--max-per-address)",
                    key,
                    self.settings.max_per_address,
                )
            return False
        held.add(transport)
        return True

    def leave(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else ""
        key = address_key(host) if host else ""
        held = self.open.get(key)
        if held is not None:
            held.discard(transport)
            if not held:
                del self.open[key]


async def _nothing(scope: Any, receive: Any, send: Any) -> None:  # the proxies' trust is all the guard needs
    return None


def guarded_protocols(guard: ConnectionGuard) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """The HTTP and WebSocket protocol classes for uvicorn's ``http`` and ``ws`` settings (see the module)."""
    if AutoWebSocketsProtocol is None:  # uvicorn[standard] brings websockets
        raise RuntimeError("the web table needs the websockets package")
    http_base: Any = AutoHTTPProtocol
    ws_base: Any = AutoWebSocketsProtocol
    timeout = guard.settings.header_timeout

    class GuardedHTTP(http_base):  # type: ignore[misc]
        """uvicorn's HTTP protocol, with the address limit and the deadline for a request's head."""

        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            if not guard.admit(transport):
                transport.abort()  # type: ignore[attr-defined]
                return
            sock = transport.get_extra_info("socket")
            if sock is not None and guard.settings.send_buffer:
                # A fixed kernel send buffer: a client that stops reading holds that much of this process's
                # memory at most, and fills it soon, so its own queue (see channel.Connection) notices.
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, guard.settings.send_buffer)
            self._head_timer = self.loop.call_later(timeout, self._head_late)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                self._stop_timer()  # closed, or now a WebSocket
            elif self._waiting_for_head():
                if self._head_timer is None:
                    self._head_timer = self.loop.call_later(timeout, self._head_late)
            else:
                self._stop_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_timer()
            guard.leave(self.transport)
            super().connection_lost(exc)

        def _waiting_for_head(self) -> bool:
            cycle = getattr(self, "cycle", None)
            return cycle is None or bool(getattr(cycle, "response_complete", False))

        def _stop_timer(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_late(self) -> None:
            self._head_timer = None
            if self.transport.get_protocol() is self and self._waiting_for_head() and not self.transport.is_closing():
                self.transport.abort()

    class GuardedWebSocket(ws_base):  # type: ignore[misc]
        """uvicorn's WebSocket protocol, counted by address and abortable by the app."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            guard.admit(transport)  # counted already, as the HTTP connection it was

        def connection_lost(self, exc: Exception | None) -> None:
            guard.leave(self.transport)
            super().connection_lost(exc)

        def handle_ping(self) -> None:
            # A client that sends pings and reads nothing would pile the pongs up here, past the app's queue.
            if self.transport.get_write_buffer_size() > guard.settings.send_buffer:
                self.transport.abort()
                return
            super().handle_ping()

        def handle_connect(self, event: Any) -> None:
            super().handle_connect(event)
            scope = getattr(self, "scope", None)
            if scope is not None:
                extensions = scope.setdefault("extensions", {})
                extensions["planechase.abort"] = self.transport.abort
                extensions["planechase.send_now"] = self.send_now

        def send_now(self, text: str) -> bool:
            """Send a text frame at once, as uvicorn's ``send`` would without waiting, if the connection is open and
            its transport not paused; whether it did (if not, the app sends it the usual way)."""
            try:
                if not self.writable.is_set() or self.close_sent or self.disconnected or not self.handshake_complete:
                    return False
                if self.initial_response is not None or self.transport.is_closing():
                    return False
                self.conn.send_text(text.encode())
                self.transport.write(b"".join(self.conn.data_to_send()))
            except AttributeError:  # another uvicorn's protocol: the usual way then
                return False
            return True

    return GuardedHTTP, GuardedWebSocket


def raise_open_files() -> int:
    """Raise this process's soft limit on open files to its hard limit (every connection is a file); the limit
    it has now."""
    if resource is None:
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = 1 << 20 if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def uvicorn_options(settings: ServerSettings, guard: ConnectionGuard) -> dict[str, Any]:
    """The uvicorn settings every server process uses (one process, or each worker)."""
    http, ws = guarded_protocols(guard)
    return {
        "http": http,
        "ws": ws,
        "log_level": "warning",
        "ws_max_size": 65_536,
        # Compressing each message once per connection costs more than it saves on a local network.
        "ws_per_message_deflate": False,
        # Forwarded headers are read by the app's TrustedProxies, from the configured proxies only.
        "proxy_headers": False,
        "server_header": False,
        "timeout_keep_alive": 5,
    }
