"""The engine protocol over standard input and output: one JSON request per line in, one JSON reply
per line out, flushed after each reply. Blank lines are skipped; end of input ends the session."""

from __future__ import annotations

import os
import sys
import traceback
from typing import IO

from .messages import MAX_LINE_BYTES, ErrorCode, ProtocolError, Session

#: How much of an over-long line is read at a time while skipping it.
_SKIP_CHUNK = 1 << 16


def read_request_line(stream: IO[bytes], limit: int = MAX_LINE_BYTES) -> bytes | None:
    """Read one line (without its line ending). Return ``None`` at end of input; raise
    :class:`ProtocolError` (``line_too_long``) after skipping the rest of a line longer than ``limit``."""
    raw = stream.readline(limit + 1)
    if not raw:
        return None
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    elif len(raw) > limit:
        while True:
            chunk = stream.readline(_SKIP_CHUNK)
            if not chunk or chunk.endswith(b"\n"):
                break
        raise ProtocolError(ErrorCode.LINE_TOO_LONG, f"a request line may be at most {limit} bytes")
    return raw[:-1] if raw.endswith(b"\r") else raw


def serve(session: Session, stdin: IO[bytes], stdout: IO[bytes], *, limit: int = MAX_LINE_BYTES) -> int:
    """Answer requests from ``stdin`` on ``stdout`` until end of input or ``quit``; return 0."""
    while not session.closed:
        try:
            line = read_request_line(stdin, limit)
        except ProtocolError as err:
            reply: str | None = session.error_line(err)
        else:
            if line is None:
                break
            reply = session.handle_line(line)
        if reply is not None:
            stdout.write(reply.encode("utf-8") + b"\n")
            stdout.flush()
    return 0


def _report(exc: BaseException) -> None:
    """Internal errors go to standard error with their traceback; the protocol reply stays short."""
    traceback.print_exception(exc, file=sys.stderr)
    sys.stderr.flush()


def serve_stdio(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> int:
    """Run the protocol on the process's standard streams (or the given binary streams); return the
    exit code: 0 at end of input or after ``quit``, also if the client closes its end early."""
    session = Session(on_internal_error=_report)
    try:
        return serve(session, stdin or sys.stdin.buffer, stdout or sys.stdout.buffer)
    except BrokenPipeError:
        if stdout is None:
            # Python flushes standard output again at exit; point it somewhere that cannot fail.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        return 130
