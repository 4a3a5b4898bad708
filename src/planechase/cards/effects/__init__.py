"""The effect vocabulary: each class is one kind of instruction a planar ability can give.

Effects on things the engine tracks (planar decks, face-up cards, counters, life, turn order,
phases, durations) are carried out; effects on things it does not track (cards in hand, creatures,
mana) become *table instructions*: structured events with the numbers filled in.

The vocabulary is grouped by what it acts on:

- :mod:`.common`: amounts computed on resolution, who an effect is about, shared helpers;
- :mod:`.life`: life gain and loss, damage to players, exchanging life totals;
- :mod:`.game`: counters, planeswalking, chaos, turn order, extra phases and turns, durations;
- :mod:`.planar_deck`: revealing and reordering the planar deck;
- :mod:`.table`: table instructions, questions to the table, "you may";
- :mod:`.players`: choices made on resolution (at random, an opponent, each opponent, repeats, choices the
  card remembers).

>>> from planechase.cards.effects import GainLife, CountersOnThis
>>> GainLife(CountersOnThis("charge"))
GainLife(n=CountersOnThis(kind='charge'), who='you')
"""

from .common import (
    EACH_OPPONENT,
    EACH_PLAYER,
    TABLE,
    TARGET,
    THAT_PLAYER,
    YOU,
    CountersOnThis,
    Reported,
    RollsThisTurn,
    amount,
    change_life,
    instruct,
    player_to_the_left,
    players_for,
    source_name,
    turn_order_from,
)
from .game import (
    AddCounters,
    AdditionalPhase,
    ChaosEnsues,
    CopyThatSpell,
    CreateEffect,
    CreateEffectOnTarget,
    EndTheTurn,
    ExtraTurn,
    FlipCoinOrCounterThatSpell,
    PlaneswalkedHereThisTurn,
    PlaneswalkEffect,
    ReverseTurnOrder,
)
from .life import DealDamage, ExchangeLifeWithTarget, GainLife, LoseLife, RedistributeLife, SetLife
from .planar_deck import RevealAndPlaneswalkTo, RevealChaosForEach, RevealPutOneOnTop, RevealTopMayBottom
from .players import ChooseCardAtRandom, EachChooses, ForEachOpponent, Repeat, RepeatWhileCoinLost, SwapChoices
from .table import AskTable, Instruct, InstructPlayerToLeft, InstructStartingWithYou, May

__all__ = [
    "EACH_OPPONENT",
    "EACH_PLAYER",
    "TABLE",
    "TARGET",
    "THAT_PLAYER",
    "YOU",
    "AddCounters",
    "AdditionalPhase",
    "AskTable",
    "ChaosEnsues",
    "ChooseCardAtRandom",
    "CopyThatSpell",
    "CountersOnThis",
    "CreateEffect",
    "CreateEffectOnTarget",
    "DealDamage",
    "EachChooses",
    "EndTheTurn",
    "ExchangeLifeWithTarget",
    "ExtraTurn",
    "FlipCoinOrCounterThatSpell",
    "ForEachOpponent",
    "GainLife",
    "Instruct",
    "InstructPlayerToLeft",
    "InstructStartingWithYou",
    "LoseLife",
    "May",
    "PlaneswalkEffect",
    "PlaneswalkedHereThisTurn",
    "RedistributeLife",
    "Repeat",
    "RepeatWhileCoinLost",
    "Reported",
    "RevealAndPlaneswalkTo",
    "RevealChaosForEach",
    "RevealPutOneOnTop",
    "RevealTopMayBottom",
    "ReverseTurnOrder",
    "RollsThisTurn",
    "SetLife",
    "SwapChoices",
    "amount",
    "change_life",
    "instruct",
    "player_to_the_left",
    "players_for",
    "source_name",
    "turn_order_from",
]
