"""The planar cards by first printing, one module a group; the catalog gathers them."""

from __future__ import annotations

from ..model import CardDef
from . import planechase_2009, planechase_2012

CARDS: tuple[CardDef, ...] = (*planechase_2009.CARDS, *planechase_2012.CARDS)
