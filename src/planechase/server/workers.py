"""``planechase serve --workers N``: the web table's server spread over N worker processes, one room per table.

A table's room (its game, its connections) lives in the memory of one process, so every WebSocket connection
to a table must reach the same process. The front process listens; for each connection it *peeks* at the HTTP
request line (``recv`` with ``MSG_PEEK``: nothing is consumed) and passes the connection's file descriptor over
a Unix socket pair (``SCM_RIGHTS``) to the worker that owns it (:func:`worker_for`): ``GET /ws/{table_id}`` to
worker ``crc32(table_id) % N``, everything else (pages, files, ``/api/...``, so table creation and its
per-address limit too) to worker 0. The worker adopts the socket into its uvicorn server, which reads the
request itself, so the connection is served exactly as by a single ``planechase serve``: the front never
speaks HTTP and is out of the way once the descriptor is passed. A worker also refuses a channel to a table it
does not own (:class:`OwnTablesOnly`), so a table's room can never be in two processes.

A worker stops when its socket pair reaches end of file: the front is gone (even killed with SIGKILL), so no
worker outlives it. The front stops every worker on SIGINT or SIGTERM, and if one worker dies on its own it
stops the others and exits with status 1 (a supervisor restarts the whole server).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import heapq
import itertools
import logging
import re
import resource
import selectors
import signal
import socket
import subprocess
import sys
import time
import zlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import FrameType
from urllib.parse import unquote

import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send

from .settings import ServerSettings

#: How long a new connection may take to send its request line before the front closes it, in seconds.
REQUEST_LINE_TIMEOUT = 10.0
#: The most the front peeks at; a request line that does not end within it is refused (connection closed).
PEEK_LIMIT = 8192
#: The listening socket's queue of connections not yet accepted.
BACKLOG = 2048
#: Descriptors passed to a worker in one message (Linux allows up to 253).
FDS_PER_MESSAGE = 64
#: How long a worker whose front is gone lets its connections close before it stops anyway, in seconds.
ORPHAN_GRACE = 1
#: The path of a table's channel as the app routes it (Starlette's ``{table_id}`` is ``[^/]+``).
_CHANNEL = re.compile(r"/ws/([^/]+)")
#: Errors of ``sendmsg`` that pass: too many descriptors in flight, or no buffer memory for now.
_RETRY_LATER = {errno.ENOBUFS, errno.ENOMEM, getattr(errno, "ETOOMANYREFS", errno.ENOBUFS)}


class WorkersError(RuntimeError):
    """This system can't pass connections between processes (no ``socket.send_fds``)."""


def owner(table_id: str, workers: int) -> int:
    """The worker whose memory holds table ``table_id``'s room.

    >>> owner("abc", 4) == zlib.crc32(b"abc") % 4
    True
    """
    return zlib.crc32(table_id.encode()) % workers


def worker_for(request_line: bytes, workers: int) -> int:
    """The worker that serves a connection whose HTTP request line is ``request_line`` (what follows its first
    CRLF is ignored): a table's channel goes to the table's :func:`owner`, any other request to worker 0. The
    path is read as the WebSocket handshake reads it: the query dropped, then percent-escapes decoded.

    >>> worker_for(b"GET /ws/abc HTTP/1.1\\r\\nHost: x\\r\\n", 4) == owner("abc", 4)
    True
    >>> worker_for(b"GET /ws/%61bc?lang=fr HTTP/1.1", 4) == owner("abc", 4)
    True
    >>> [worker_for(line, 4) for line in (b"GET /t/abc HTTP/1.1", b"POST /ws/abc HTTP/1.1", b"\\x16\\x03\\x01")]
    [0, 0, 0]
    """
    if workers <= 1:
        return 0
    parts = request_line.split(b"\r\n", 1)[0].split(b" ", 2)
    if len(parts) != 3 or parts[0] != b"GET":
        return 0
    try:
        target = parts[1].decode("ascii")
    except UnicodeDecodeError:
        return 0
    match = _CHANNEL.fullmatch(unquote(target.partition("?")[0]))
    return owner(match.group(1), workers) if match else 0


# -- a worker --------------------------------------------------------------------------------------------------


class OwnTablesOnly:
    """ASGI middleware of worker ``index`` of ``workers``: refuses (HTTP 403) a table channel it does not own, so
    a table's room can never exist in two processes, even for a connection that asks for one table after
    another (a kept-alive connection goes where its first request went)."""

    def __init__(self, app: ASGIApp, index: int, workers: int) -> None:
        self.app, self.index, self.workers = app, index, workers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            match = _CHANNEL.fullmatch(scope["path"])
            if match and owner(match.group(1), self.workers) != self.index:
                await send({"type": "websocket.close", "code": 1013, "reason": "reconnect on a new connection"})
                return
        await self.app(scope, receive, send)


class AdoptingServer(uvicorn.Server):
    """A uvicorn server that does not listen: it serves the connections whose descriptors arrive on ``channel``
    (a Unix socket pair to the front), and stops when the channel reaches end of file. Near its limit of open
    files it stops taking connections for a moment (they wait in the front, then in the listening backlog), as
    uvicorn stops accepting: a descriptor sent to a process that can't open it is lost."""

    def __init__(self, config: uvicorn.Config, channel: socket.socket) -> None:
        super().__init__(config)
        self.channel = channel
        self.adopting: set[asyncio.Task[None]] = set()
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        self.capacity = (1 << 30) if soft == resource.RLIM_INFINITY else soft - FDS_PER_MESSAGE - 64
        self.front_gone = False

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """As :meth:`uvicorn.Server.startup`, with the channel in place of the listening sockets."""
        await self.lifespan.startup()
        if self.lifespan.should_exit:
            sys.exit(3)  # uvicorn's STARTUP_FAILURE
        config, self.loop = self.config, asyncio.get_running_loop()

        def create_protocol() -> asyncio.Protocol:
            return config.http_protocol_class(  # type: ignore[call-arg]
                config=config, server_state=self.server_state, app_state=self.lifespan.state, _loop=self.loop
            )

        self.factory, self.servers = create_protocol, []
        self.channel.setblocking(False)
        self.loop.add_reader(self.channel.fileno(), self._receive)
        self.started = True

    def _receive(self) -> None:
        while len(self.server_state.connections) + len(self.adopting) < self.capacity:
            try:
                data, fds, flags, _ = socket.recv_fds(self.channel, FDS_PER_MESSAGE, FDS_PER_MESSAGE)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                data, fds, flags = b"", [], 0
            if flags & socket.MSG_CTRUNC:  # the kernel closed the connections it could not give this process
                logging.getLogger("uvicorn.error").error("Out of file descriptors: connections were dropped.")
            if not data and not fds:  # the front is gone
                self.loop.remove_reader(self.channel.fileno())
                self.front_gone = True
                if self.should_exit:
                    self.force_exit = True
                else:
                    self.config.timeout_graceful_shutdown = ORPHAN_GRACE
                    self.should_exit = True
                return
            for fd in fds:
                sock = socket.socket(fileno=fd)
                if self.should_exit:
                    sock.close()
                    continue
                task = self.loop.create_task(self._adopt(sock))
                self.adopting.add(task)
                task.add_done_callback(self.adopting.discard)
        self.loop.remove_reader(self.channel.fileno())  # full: look again in a moment
        self.loop.call_later(0.1, self._resume)

    def _resume(self) -> None:
        if not self.front_gone:
            self.loop.add_reader(self.channel.fileno(), self._receive)

    async def _adopt(self, sock: socket.socket) -> None:
        try:
            await self.loop.connect_accepted_socket(self.factory, sock)
        except OSError:  # the client left while its connection was passed along
            sock.close()


def worker_main(argv: list[str] | None = None) -> int:
    """Run one worker (``python -m planechase.server.workers --channel FD --index I --workers N --settings JSON``);
    the front starts it."""
    parser = argparse.ArgumentParser(prog="planechase.server.workers")
    for name in ("--channel", "--index", "--workers"):
        parser.add_argument(name, type=int, required=True)
    parser.add_argument("--settings", required=True)
    args = parser.parse_args(argv)
    from .app import create_app
    from .guard import ConnectionGuard, raise_open_files, uvicorn_options
    from .settings import ServerSettings

    settings = ServerSettings.from_json(args.settings)
    raise_open_files()
    app = OwnTablesOnly(create_app(settings), args.index, args.workers)
    # The same settings as a single process (planechase.cli.serve_cmd).
    config = uvicorn.Config(app, **uvicorn_options(settings, ConnectionGuard(settings)))
    server = AdoptingServer(config, socket.socket(fileno=args.channel))
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    return 0 if server.started else 3


# -- the front -------------------------------------------------------------------------------------------------


def bind(host: str, port: int) -> list[socket.socket]:
    """Listening sockets for ``host``:``port``, one per address it names (as uvicorn binds them)."""
    listeners: list[socket.socket] = []
    try:
        for family, kind, proto, _, address in socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        ):
            if any(s.family == family and s.getsockname()[:2] == address[:2] for s in listeners):
                continue
            sock = socket.socket(family, kind, proto)
            listeners.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(BACKLOG)
            sock.setblocking(False)
    except OSError:
        for sock in listeners:
            sock.close()
        raise
    return listeners


@dataclass(eq=False)
class _Waiting:
    """An accepted connection whose request line has not fully arrived."""

    sock: socket.socket
    deadline: float
    delay: float = 0.005  # until the next look at a partial line (it doubles, up to 0.1 s)
    watched: bool = False  # registered with the selector
    done: bool = False  # passed on or closed


@dataclass(eq=False)
class _Worker:
    index: int
    process: subprocess.Popen[bytes]
    channel: socket.socket
    outbox: deque[socket.socket] = field(default_factory=deque)
    blocked_until: float = 0.0  # the channel is full (inf: until it is writable) or the kernel asked to wait


class Front:
    """The front process's loop: accept, peek, route, pass on; see the module's description."""

    def __init__(self, listeners: list[socket.socket], workers: list[_Worker]) -> None:
        self.listeners, self.workers = listeners, workers
        self.selector = selectors.DefaultSelector()
        self.waiting: deque[_Waiting] = deque()  # in the order accepted, so in the order of their deadlines
        self.looks: list[tuple[float, int, _Waiting]] = []  # partial lines to peek at again (a heap)
        self._order = itertools.count()
        self.listening_again = 0.0  # out of descriptors: accept nothing until then
        self.signals: list[int] = []
        self.dead: _Worker | None = None

    def run(self) -> None:
        """Serve until a signal arrives or a worker dies."""
        for sock in self.listeners:
            self.selector.register(sock, selectors.EVENT_READ, self._accept)
        for worker in self.workers:
            self.selector.register(worker.channel, selectors.EVENT_READ, self._channel_event(worker))
        while not self.signals and self.dead is None:
            now = time.monotonic()
            for key, mask in self.selector.select(self._timeout(now)):
                key.data(mask)
            now = time.monotonic()
            while self.waiting and (self.waiting[0].done or self.waiting[0].deadline <= now):
                self._close(self.waiting.popleft())  # too slow to send its request line
            while self.looks and self.looks[0][0] <= now:
                waiting = heapq.heappop(self.looks)[2]
                if not waiting.done:
                    self._look(waiting)
            if self.listening_again and self.listening_again <= now:
                self.listening_again = 0.0
                for sock in self.listeners:
                    self.selector.register(sock, selectors.EVENT_READ, self._accept)
            for worker in self.workers:
                if worker.outbox and worker.blocked_until <= now:
                    self._pass_on(worker, now)

    def _timeout(self, now: float) -> float:
        times = [now + 1.0, self.listening_again or now + 1.0, *(w.blocked_until for w in self.workers if w.outbox)]
        times += [self.waiting[0].deadline] if self.waiting else []
        times += [self.looks[0][0]] if self.looks else []
        return max(0.0, min(times) - now)

    def _accept(self, mask: int) -> None:
        for listener in self.listeners:
            for _ in range(256):  # then let the other events have their turn
                try:
                    sock, _ = listener.accept()
                except (BlockingIOError, InterruptedError):
                    break
                except OSError as exc:
                    if exc.errno in (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM):
                        for s in self.listeners:  # the queued connections wait in the backlog meanwhile
                            self.selector.unregister(s)
                        self.listening_again = time.monotonic() + 0.1
                        return
                    break  # the client left before its connection was accepted
                sock.setblocking(False)
                waiting = _Waiting(sock, time.monotonic() + REQUEST_LINE_TIMEOUT)
                self.waiting.append(waiting)
                self._look(waiting)  # the request line has often arrived already

    def _look(self, waiting: _Waiting) -> None:
        try:
            head = waiting.sock.recv(PEEK_LIMIT, socket.MSG_PEEK)
        except (BlockingIOError, InterruptedError):
            if not waiting.watched:
                waiting.watched = True
                self.selector.register(waiting.sock, selectors.EVENT_READ, lambda mask: self._look(waiting))
            return
        except OSError:
            head = b""
        if b"\r\n" in head:
            self._close(waiting, self.workers[worker_for(head, len(self.workers))])
        elif not head or len(head) >= PEEK_LIMIT:
            self._close(waiting)  # gone, or no HTTP request line
        else:  # part of the line: the socket stays readable while it waits, so look again soon instead
            if waiting.watched:
                waiting.watched = False
                self.selector.unregister(waiting.sock)
            heapq.heappush(self.looks, (time.monotonic() + waiting.delay, next(self._order), waiting))
            waiting.delay = min(2 * waiting.delay, 0.1)

    def _close(self, waiting: _Waiting, to: _Worker | None = None) -> None:
        """Done waiting: pass the connection on to worker ``to``, or close it."""
        if waiting.done:
            return
        waiting.done = True
        if waiting.watched:
            self.selector.unregister(waiting.sock)
        if to is None:
            waiting.sock.close()
        else:
            to.outbox.append(waiting.sock)

    def _pass_on(self, worker: _Worker, now: float) -> None:
        while worker.outbox:
            batch = [worker.outbox[i] for i in range(min(FDS_PER_MESSAGE, len(worker.outbox)))]
            try:
                socket.send_fds(worker.channel, [b"c" * len(batch)], [s.fileno() for s in batch])
            except (BlockingIOError, InterruptedError):
                worker.blocked_until = float("inf")
                self.selector.modify(
                    worker.channel, selectors.EVENT_READ | selectors.EVENT_WRITE, self._channel_event(worker)
                )
                return
            except OSError as exc:
                if exc.errno in _RETRY_LATER:
                    worker.blocked_until = now + 0.01
                else:
                    self.dead = worker
                return
            for _ in batch:
                worker.outbox.popleft().close()  # the worker has its own copy now

    def _channel_event(self, worker: _Worker) -> Callable[[int], None]:
        def event(mask: int) -> None:
            if mask & selectors.EVENT_WRITE:
                worker.blocked_until = 0.0
                self.selector.modify(worker.channel, selectors.EVENT_READ, event)
            if mask & selectors.EVENT_READ:  # a worker never writes: this is its end
                try:
                    worker.channel.recv(16)
                except (BlockingIOError, InterruptedError):
                    return
                except OSError:
                    pass
                self.dead = worker

        return event

    def stop(self) -> None:
        """Close what the front holds and stop the workers (SIGTERM: uvicorn's graceful shutdown), waiting for
        them; one more signal forwards SIGINT (uvicorn's forced shutdown), a third kills them."""
        held = [*self.listeners, *(w.sock for w in self.waiting if not w.done)]
        for sock in held + [sock for worker in self.workers for sock in worker.outbox]:
            sock.close()
        self.selector.close()
        escalation = iter([signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
        while alive := [w.process for w in self.workers if w.process.poll() is None]:
            sig, seen = next(escalation, signal.SIGKILL), len(self.signals)
            for process in alive:
                process.send_signal(sig)
            while any(p.poll() is None for p in alive) and len(self.signals) == seen:
                time.sleep(0.05)
        for worker in self.workers:
            worker.process.wait()
            worker.channel.close()


def _spawn(index: int, workers: int, settings: ServerSettings) -> _Worker:
    front_end, worker_end = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    with worker_end:
        command = [sys.executable, "-m", "planechase.server.workers", "--channel", str(worker_end.fileno())]
        command += ["--index", str(index), "--workers", str(workers), "--settings", settings.to_json()]
        process = subprocess.Popen(command, pass_fds=[worker_end.fileno()])
    front_end.setblocking(False)
    return _Worker(index, process, front_end)


def serve_workers(*, host: str, port: int, settings: ServerSettings, workers: int) -> int:
    """Listen on ``host``:``port`` and serve with ``workers`` processes until SIGINT or SIGTERM (then 0), or until
    a worker dies (then 1). Raises :class:`WorkersError` without ``socket.send_fds``, :class:`OSError` if
    it can't listen."""
    if not hasattr(socket, "send_fds") or not hasattr(socket, "SOCK_SEQPACKET"):
        raise WorkersError("--workers needs a system that can pass connections between processes (Linux)")
    from .guard import raise_open_files
    from .store import open_store

    raise_open_files()
    # The store set up (the file's WAL and tables, or the database's schema) once, here, before the workers.
    open_store(settings.data, settings.database, group_commit=False).close()
    listeners = bind(host, port)
    front = Front(listeners, [])
    wake_reader, wake_writer = socket.socketpair()
    wake_reader.setblocking(False)
    wake_writer.setblocking(False)

    def on_signal(sig: int, frame: FrameType | None) -> None:
        front.signals.append(sig)

    handlers = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
    wakeup = signal.set_wakeup_fd(wake_writer.fileno(), warn_on_full_buffer=False)
    try:
        for index in range(workers):
            front.workers.append(_spawn(index, workers, settings))
        front.selector.register(wake_reader, selectors.EVENT_READ, lambda mask: wake_reader.recv(512))
        front.run()
    finally:
        front.stop()
        signal.set_wakeup_fd(wakeup)
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        wake_reader.close()
        wake_writer.close()
    if front.dead is not None and not front.signals:
        dead = front.dead
        print(
            f"planechase: worker {dead.index} (pid {dead.process.pid}) stopped on its own "
            f"(exit status {dead.process.returncode}); the other workers were stopped",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(worker_main())
