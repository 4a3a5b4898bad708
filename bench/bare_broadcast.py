"""A bare WebSocket broadcast server: the baseline that ``bench/bench_web.py`` measures the web table against.

Usage::

    .venv/bin/python bench/bare_broadcast.py [--host 127.0.0.1] [--port 8001] [--to-others]

It runs on the same stack as ``planechase serve`` (Starlette on uvicorn, the same uvicorn settings) with no
game, no storage and no JSON handling: a client connects to ``/ws/{group}``, its first message (a ``join``)
is answered with ``{"type":"welcome"}`` and ``{"type":"state","state":0}``, the shape of the web table's
answer, and every later message is broadcast as it came to every client of its group, the sender too: the
same fan-out as the web table, where each action's ``state`` message goes to every client, the actor's copy
acknowledging the action. With ``--to-others`` a message goes only to the other clients. Whatever the web
table costs beyond this is the game, the store and the messages it builds.
"""

from __future__ import annotations

import argparse
import contextlib
import resource
import sys
from collections import defaultdict

from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

WELCOME = '{"type":"welcome"}'
FIRST_STATE = '{"type":"state","state":0}'


def create_app(*, to_others: bool = False) -> Starlette:
    """The broadcast app: groups of connections in memory, nothing else; ``to_others``: not back to the sender."""
    groups: dict[str, list[WebSocket]] = defaultdict(list)

    async def channel(websocket: WebSocket) -> None:
        group = groups[websocket.path_params["group"]]
        await websocket.accept()
        joined = False
        group.append(websocket)
        try:
            while True:
                raw = await websocket.receive_text()
                if not joined:
                    joined = True
                    await websocket.send_text(WELCOME)
                    await websocket.send_text(FIRST_STATE)
                    continue
                for other in group:
                    if other is not websocket or not to_others:
                        with contextlib.suppress(Exception):  # a connection that went away: its handler cleans up
                            await other.send_text(raw)
        except WebSocketDisconnect:
            pass
        finally:
            group.remove(websocket)

    return Starlette(routes=[WebSocketRoute("/ws/{group}", channel)])


def raise_open_files_limit() -> int:
    """Raise the soft limit on open files to the hard limit (a connection is a file); the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        target = hard if hard != resource.RLIM_INFINITY else max(soft, 65_536)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    return soft


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8001)
    parser.add_argument("--to-others", action="store_true", help="don't send a message back to its sender")
    args = parser.parse_args(argv)
    raise_open_files_limit()
    import uvicorn

    # The same settings as `planechase serve` (planechase.cli.serve_cmd).
    uvicorn.run(
        create_app(to_others=args.to_others),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65_536,
        ws_per_message_deflate=False,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
