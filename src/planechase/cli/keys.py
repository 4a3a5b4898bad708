"""Reading keys for ``planechase play``: single keys from a terminal, or keys and prompt answers from
lines of a pipe (tests and scripts)."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from rich.console import Console


class PipedKeys:
    """Keys and prompt answers from lines of text (tests, pipes): a line of one character is a key,
    a blank line of spaces is the space key, a line of digits chooses that option, and a longer line
    is read as its characters in turn. Prompts take the next whole line."""

    def __init__(self, stream: TextIO, console: Console) -> None:
        self.stream = stream
        self.console = console
        self._queue: list[str] = []

    def key(self) -> str | None:
        """The next key, or ``None`` at the end of the input."""
        while not self._queue:
            line = self.stream.readline()
            if not line:
                return None
            text = line.rstrip("\r\n")
            if not text:
                continue
            if not text.strip() or text.strip().lower() == "space":
                self._queue.append(" ")
            elif text.strip().isdigit():
                self._queue.append(text.strip())
            else:
                self._queue.extend(text.strip())
        return self._queue.pop(0)

    def ask(self, prompt: str) -> str | None:
        """The next line as the answer to ``prompt`` (echoed so a transcript reads well)."""
        line = self.stream.readline()
        answer = None if not line else line.rstrip("\r\n")
        self.console.print(f"{prompt}{answer if answer is not None else '(end of input)'}", markup=False)
        return answer


class TtyKeys:
    """Single keys from a terminal in cbreak mode (after :meth:`open`); prompts read a line in the normal
    mode. :meth:`close` restores the terminal settings (call it in a ``finally``)."""

    def __init__(self, console: Console) -> None:
        import termios

        self.console = console
        self.fd = sys.stdin.fileno()
        self._saved = termios.tcgetattr(self.fd)
        self._queue: list[str] = []

    def open(self) -> None:
        """Switch the terminal to single keys (cbreak: no echo, no line editing; Ctrl-C still works)."""
        import tty

        tty.setcbreak(self.fd)

    def key(self) -> str | None:
        """The next key press; escape sequences (arrows and so on) are ignored."""
        while not self._queue:
            data = os.read(self.fd, 64)
            if not data:
                return None
            text = data.decode("utf-8", errors="ignore")
            if text.startswith("\x1b"):
                continue
            self._queue.extend(ch for ch in text if ch not in "\r\n")
        key = self._queue.pop(0)
        return "q" if key == "\x04" else key

    def ask(self, prompt: str) -> str | None:
        """A line typed after ``prompt``; ``None`` for Ctrl-C or Ctrl-D (the prompt is cancelled)."""
        import termios
        import tty

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        try:
            return self.console.input(prompt, markup=False)
        except (EOFError, KeyboardInterrupt):
            return None
        finally:
            tty.setcbreak(self.fd)

    def close(self) -> None:
        """Give the terminal its settings back."""
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
