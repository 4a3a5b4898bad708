"""608.2h: an ability whose source has left uses the source's last known information: the counters it
had when it left, not when the ability triggered."""

from __future__ import annotations

from conftest import PLANES_10, make_game
from driving import advance, cast, resolve_stack, to_step


def deck(*top: str) -> tuple[str, ...]:
    return (*top, *(c for c in PLANES_10 if c not in top))[:10]


def test_608_2h_aretopolis_upkeep_trigger_counts_the_counters_it_had_when_it_left() -> None:
    game = make_game([deck("Tazeem", "Aretopolis"), deck("Sokenzan")])
    to_step(game)
    cast(game, "planeswalk")
    resolve_stack(game)  # Alice planeswalks to Aretopolis: 1 scroll counter, she gains 1
    advance(game, "next_turn")  # Bob's upkeep trigger waits on the stack (Aretopolis has 1 counter)
    assert len(game.state.stack) == 1
    bob_life = game.state.players[1].life
    cast(game, "planeswalk", player=1)
    cast(game, "chaos", player=1)
    for _ in range(3):  # chaos (a second counter, draw 2), its trigger, then the planeswalk away
        game.act({"type": "resolve", "player": 1})
    assert [game.state.name_of(fu.card) for fu in game.state.face_up] != ["Aretopolis"]
    events = game.act({"type": "resolve", "player": 1})  # the upkeep trigger, its source gone with 2 counters
    gained = [e.data["delta"] for e in events if e.type == "life_changed"]
    assert gained == [2]
    assert game.state.players[1].life == bob_life + 2
