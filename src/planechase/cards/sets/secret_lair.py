"""The Secret Lair showcase planes (see the catalog for cards printed earlier)."""

from __future__ import annotations

from ..model import CardDef

CARDS: tuple[CardDef, ...] = ()
