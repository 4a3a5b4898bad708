"""The planar cards by first printing, one module a group; the catalog gathers them."""

from __future__ import annotations

from ..model import CardDef
from . import doctor_who_a, doctor_who_b, march_of_the_machine, planechase_2009, planechase_2012, secret_lair

CARDS: tuple[CardDef, ...] = (
    *planechase_2009.CARDS,
    *planechase_2012.CARDS,
    *march_of_the_machine.CARDS,
    *doctor_who_a.CARDS,
    *doctor_who_b.CARDS,
    *secret_lair.CARDS,
)
