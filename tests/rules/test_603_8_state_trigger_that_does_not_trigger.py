"""603.8 with 603.4: a state trigger ("when ~ has N or more counters") whose intervening "if" is false does
not trigger, and the game goes on (the check must not count it as having triggered, or state-based
actions and triggers would be checked again and again)."""

from __future__ import annotations

from dataclasses import replace

from planechase import GameConfig, new_game
from planechase.cards.model import Ability, CardDef, Catalog, Condition, TriggerKind
from planechase.core.actions import Advance
from planechase.core.context import Run
from planechase.engine.reducer import apply


class Never(Condition):
    """An intervening "if" that is never true."""

    def holds(self, run: Run, object_id: int | None) -> bool:
        return False

    def describe(self) -> str:
        return "pigs fly"


def threshold_plane(name: str) -> CardDef:
    text = "When ~ has one or more test counters on it, if pigs fly, nothing happens."
    ability = Ability(text=text, triggers=(TriggerKind.COUNTERS_AT_LEAST,), threshold=("test", 1), condition=Never())
    return CardDef(name, "plane", "Test", text, ("TST",), (ability,))


def test_603_8_603_4_a_state_trigger_whose_condition_is_false_does_not_stop_the_game() -> None:
    names = [f"Threshold Plane {i}" for i in range(10)]
    catalog = Catalog(threshold_plane(name) for name in names)
    config = GameConfig(players=("Alice", "Bob"), decks=(tuple(names), tuple(names)), seed=3, starting_player=0)
    state = new_game(config, catalog).state
    # The face-up plane gets a counter: its state trigger's condition is checked, and it doesn't trigger.
    counted = state.copy()
    counted.face_up = tuple(replace(fu, counters=(("test", 1),)) for fu in state.face_up)
    assert counted.priority is not None
    result = apply(counted, Advance(counted.priority, "precombat_main"), catalog)
    declined = [e for e in result.events if e.type == "not_triggered"]
    assert declined and declined[0].rules == ("603.4",)
    assert not result.state.stack and not result.state.pending_triggers
    assert result.state.step.value == "precombat_main"
