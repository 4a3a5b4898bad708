"""``python -m planechase``: the command line."""

from __future__ import annotations

from planechase.cli.main import main

if __name__ == "__main__":
    main()
