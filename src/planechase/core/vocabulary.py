"""The trigger events planar abilities listen for: the words the rules core, planar mechanics and the card
vocabulary share. :mod:`planechase.cards.model` re-exports them, so cards are still declared from there."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["STEP_TRIGGERS", "TriggerKind"]


class TriggerKind(StrEnum):
    """The trigger events planar abilities listen for."""

    PLANESWALK_TO = "planeswalk_to"  # "When you planeswalk to ~" (901.11)
    PLANESWALK_AWAY = "planeswalk_away"  # "When you planeswalk away from ~" (603.10g looks back)
    CHAOS = "chaos"  # "Whenever chaos ensues" (311.7)
    ENCOUNTER = "encounter"  # "When you encounter ~" (312.5)
    UPKEEP = "upkeep"  # "At the beginning of your upkeep"
    DRAW_STEP = "draw_step"  # "At the beginning of your draw step"
    PRECOMBAT_MAIN = "precombat_main"  # "At the beginning of your precombat (first) main phase"
    BEGINNING_OF_COMBAT = "beginning_of_combat"  # "At the beginning of combat on your turn"
    POSTCOMBAT_MAIN = "postcombat_main"  # "At the beginning of each of your postcombat main phases"
    END_STEP = "end_step"  # "At the beginning of your end step"
    ROLL = "roll"  # "Whenever you roll the planar die" (706.7, 901.9d)
    ROLL_BLANK = "roll_blank"  # "Whenever you roll a blank on the planar die"
    COUNTERS_AT_LEAST = "counters_at_least"  # "When ~ has N or more <kind> counters on it" (603.8)
    FIRST_UPKEEP_OF_GAME = "first_upkeep_of_game"  # "At the beginning of the first upkeep of the game"
    END_OF_COMBAT = "end_of_combat"  # "At end of combat" (every combat, whoever's turn it is)
    EACH_UPKEEP = "each_upkeep"  # "At the beginning of each player's upkeep" ("that player": the active one)
    EACH_END_STEP = "each_end_step"  # "At the beginning of each player's end step"
    SPELL_CAST = "spell_cast"  # "Whenever a player casts a spell" (601.2i; "that player": the caster)
    # Events the engine does not track (a land tapped for mana, a card drawn, an attack): the table reports
    # them with a ``report`` action naming the player the event is about.
    REPORTED = "reported"  # "Whenever a player ..." ("that player": the reporting player)
    REPORTED_BY_YOU = "reported_by_you"  # "Whenever you ..." (only the planar controller reports it)


#: Triggers that fire at the beginning of a step of the planar controller's own turn.
STEP_TRIGGERS: frozenset[TriggerKind] = frozenset(
    {
        TriggerKind.UPKEEP,
        TriggerKind.DRAW_STEP,
        TriggerKind.PRECOMBAT_MAIN,
        TriggerKind.BEGINNING_OF_COMBAT,
        TriggerKind.POSTCOMBAT_MAIN,
        TriggerKind.END_STEP,
    }
)
