"""A WebSocket client made of a bare socket, for the clients a library would not let us be: one that never reads,
one that sends what it likes (any frame size, any header), one whose receive buffer is tiny."""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import time
from typing import Any

from server.live import TIMEOUT

#: ``TCP_INFO``'s state of a connection the peer reset or closed (``TCP_CLOSE``), and of an open one.
TCP_ESTABLISHED = 1


def frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """A client's frame (masked, as a client must), final, of ``opcode`` (text by default)."""
    head = bytes([0x80 | opcode])
    size = len(payload)
    if size < 126:
        head += bytes([0x80 | size])
    elif size < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", size)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", size)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def text(message: dict[str, Any] | str) -> bytes:
    return frame((message if isinstance(message, str) else json.dumps(message)).encode())


class RawClient:
    """A WebSocket connection on a bare socket: the handshake by hand, frames sent as they are, nothing read
    unless asked."""

    def __init__(self, port: int, path: str, *, origin: str | None = None, receive_buffer: int | None = None) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if receive_buffer is not None:  # before connecting, so the window the server sees is small from the start
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.sock.settimeout(TIMEOUT)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: 127.0.0.1:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        if origin is not None:
            lines.append(f"Origin: {origin}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        self.status = head.split(b"\r\n", 1)[0].decode("latin-1")

    def send(self, message: dict[str, Any] | str) -> None:
        self.sock.sendall(text(message))

    def try_send(self, data: bytes) -> bool:
        """Send without waiting; whether the connection took it all (``False`` once it is closed or full)."""
        try:
            self.sock.setblocking(False)
            sent = self.sock.send(data)
            return sent == len(data)
        except OSError:
            return False
        finally:
            self.sock.settimeout(TIMEOUT)

    def tcp_state(self) -> int:
        """The connection's TCP state as this side's kernel sees it (``TCP_ESTABLISHED`` while open)."""
        return int(self.sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0])

    def wait_closed_by_server(self, timeout: float = 6 * TIMEOUT) -> bool:
        """Wait, without reading, until the server closed or reset the connection; whether it did."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.tcp_state() != TCP_ESTABLISHED:
                return True
            time.sleep(0.05)
        return False

    def read_frames(self, timeout: float = TIMEOUT) -> list[tuple[int, bytes]]:
        """Read frames until the connection ends or ``timeout`` passes: ``[(opcode, payload), ...]``."""
        self.sock.settimeout(timeout)
        data = b""
        try:
            while True:
                chunk = self.sock.recv(65536)
                if not chunk:
                    break
                data += chunk
        except (TimeoutError, ConnectionResetError):
            pass
        frames = []
        while len(data) >= 2:
            opcode, size, at = data[0] & 0x0F, data[1] & 0x7F, 2
            if size == 126:
                size, at = struct.unpack("!H", data[2:4])[0], 4
            elif size == 127:
                size, at = struct.unpack("!Q", data[2:10])[0], 10
            if len(data) < at + size:
                break
            frames.append((opcode, data[at : at + size]))
            data = data[at + size :]
        return frames

    def close(self) -> None:
        self.sock.close()

    def __enter__(self) -> RawClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
