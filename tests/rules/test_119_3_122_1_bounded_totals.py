"""119.3, 122.1: the table's life and poison bookkeeping, within this program's bounds. Every number an action
carries has a range (an adjustment at most 1,000,000 either way, an index at most 2**31 - 1), and a life total
or poison count stays within 1,000,000,000 either way, so that every total can be stored and shown (a page's
JavaScript number is exact only up to 2**53). A refusal names the bound and changes nothing."""

from __future__ import annotations

import pytest

from planechase import AdjustLife, AdjustPoison, Game, InvalidActionError, action_from_dict, demo_config, state_to_dict
from planechase.core.actions import MAX_ADJUSTMENT, MAX_INDEX
from planechase.engine.reducer import MAX_TOTAL


@pytest.mark.parametrize("amount", [2**64 - 1, -(2**63), MAX_ADJUSTMENT + 1, -MAX_ADJUSTMENT - 1])
def test_119_3_an_adjustment_beyond_its_bound_is_refused_naming_it(amount: int) -> None:
    with pytest.raises(InvalidActionError, match="'amount' must be from -1,000,000 to 1,000,000"):
        action_from_dict({"type": "life", "player": 0, "amount": amount})
    game = Game(demo_config())
    before = state_to_dict(game.state)
    with pytest.raises(InvalidActionError, match="from -1,000,000 to 1,000,000"):
        game.act(AdjustLife(0, amount))  # built in Python, past the parser: the reducer checks it too
    assert state_to_dict(game.state) == before


def test_119_3_a_life_total_stays_within_its_bound() -> None:
    game = Game(demo_config())
    steps = (MAX_TOTAL - 20) // MAX_ADJUSTMENT
    for _ in range(steps):
        game.act(AdjustLife(1, MAX_ADJUSTMENT))
    life = game.state.players[1].life
    assert life == 20 + steps * MAX_ADJUSTMENT <= MAX_TOTAL
    before = state_to_dict(game.state)
    with pytest.raises(InvalidActionError, match="a life total stays from -1,000,000,000 to 1,000,000,000"):
        game.act(AdjustLife(1, MAX_ADJUSTMENT))
    assert state_to_dict(game.state) == before
    game.act(AdjustLife(1, MAX_TOTAL - life))  # up to the bound itself
    assert game.state.players[1].life == MAX_TOTAL


def test_122_1_a_poison_adjustment_beyond_its_bound_is_refused() -> None:
    game = Game(demo_config())
    with pytest.raises(InvalidActionError, match="'amount' must be from -1,000,000 to 1,000,000"):
        game.act(AdjustPoison(0, MAX_ADJUSTMENT + 1))
    game.act(AdjustPoison(0, 3))
    assert game.state.players[0].poison == 3


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"type": "pass", "player": 2**31}, "'player' must be from 0 to 2,147,483,647"),
        ({"type": "pass", "player": -1}, "'player' must be from 0 to 2,147,483,647"),
        ({"type": "report", "player": 0, "source": 2**70, "ability": 0}, "'source' must be from 0"),
        ({"type": "pass", "player": True}, "'player' must be an integer"),
        ({"type": "pass", "player": 1.0}, "'player' must be an integer"),
        ({"type": "lose", "player": 0, "reason": "x" * 201}, "'reason' is longer than 200 characters"),
        ({"type": ["life"], "player": 0}, "unknown action type"),
        ({"type": {"a": 1}, "player": 0}, "unknown action type"),
        ({"type": "pass", "player": 0, "x" * 5000: 1}, "unexpected field 'xxxxxxxx"),
    ],
)
def test_every_field_of_an_action_is_typed_and_bounded(raw: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidActionError, match=message) as refused:
        action_from_dict(raw)
    assert len(str(refused.value)) < 300  # an error never echoes a whole input
    assert MAX_INDEX == 2**31 - 1
