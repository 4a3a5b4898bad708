"""Planar cards first printed in Doctor Who (Commander), second half."""

from __future__ import annotations

from ..model import CardDef

CARDS: tuple[CardDef, ...] = ()
