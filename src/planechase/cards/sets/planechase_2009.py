"""Planar cards first printed in Planechase 2009 (and its promos), not yet elsewhere in the catalog."""

from __future__ import annotations

from ..model import CardDef

CARDS: tuple[CardDef, ...] = ()
