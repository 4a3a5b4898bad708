"""History: undo restores the identical state and never re-rolls, saves load back to the same state,
logs replay without the generator, the same seed and actions give the same log byte for byte, and an
edited log is refused."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from typing import Any

import pytest

from planechase import Game, GameState, ReplayError, demo_config, state_to_json
from planechase.core.actions import Cast, Pass, Resolve
from planechase.engine.game import CHECKPOINT_EVERY, RECENT_STATES

# -- a deterministic driver ------------------------------------------------------------------------


def next_action(game: Game) -> dict[str, Any]:
    """A fixed policy: answer decisions with the first option, resolve the stack, roll twice in each
    precombat main phase, and otherwise move on."""
    state = game.state
    decision = game.decision
    if decision is not None:
        return {"type": "choose", "player": decision.player, "decision": decision.id, "option": decision.options[0].id}
    assert state.priority is not None
    if state.stack:
        return {"type": "pass", "player": state.priority}
    if state.step.value == "precombat_main" and state.priority == state.active and state.rolls_taken[state.active] < 2:
        return {"type": "roll", "player": state.active}
    if state.step.value == "upkeep":
        return {"type": "advance", "player": state.priority, "to": "precombat_main"}
    return {"type": "advance", "player": state.priority, "to": "next_turn"}


def play(game: Game, actions: int) -> list[GameState]:
    """Take ``actions`` actions; return the states after the setup and after each action."""
    states = [game.state]
    for _ in range(actions):
        if game.state.over:
            break
        game.act(next_action(game))
        states.append(game.state)
    return states


def rolls(game: Game) -> list[str]:
    return [str(e.data["result"]) for e in game.events() if e.type == "die_rolled"]


SEEDS = (1, 2, 3, 4, 5)


# -- undo --------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_undo_to_any_earlier_point_restores_the_identical_state(seed: int) -> None:
    game = Game(demo_config(seed=seed))
    states = play(game, 60)
    assert len(states) == 61
    assert rolls(game)  # the game got far enough to roll the die
    snapshots = [state_to_json(s) for s in states]
    views = [game.view()]
    for index in (41, 17, 3, 0):
        game.undo_to(index)
        assert len(game.history) == index + 1
        assert game.state == states[index]
        assert state_to_json(game.state) == snapshots[index]
        views.append(game.view())
    assert views[-1]["turn"] == 1
    with pytest.raises(ValueError):
        game.undo()  # the setup cannot be undone


@pytest.mark.parametrize("seed", SEEDS)
def test_undo_one_action_at_a_time_walks_back_through_every_state(seed: int) -> None:
    game = Game(demo_config(seed=seed))
    states = play(game, 40)
    for index in range(len(states) - 2, -1, -1):
        game.undo()
        assert game.state == states[index]


def test_a_long_history_keeps_few_states_and_rebuilds_any_earlier_one_exactly() -> None:
    # The history keeps checkpoints and the latest states; undo far back rebuilds the state from the
    # checkpoint before it, forced outcomes included.
    game = Game(demo_config(("Alice", "Bob", "Carol"), seed=11))
    states = [game.state]
    for n in range(400):
        if game.state.over:
            break
        if n % 37 == 5:
            game.force("chaos" if n % 2 else "planeswalker")
        game.act(next_action(game))
        states.append(game.state)
    assert len(states) == 401
    assert game.states_kept <= 400 // CHECKPOINT_EVERY + 1 + RECENT_STATES
    for index in (399, 370, 250, 200, 128, 127, 65, 64, 63, 1):
        assert game.state_after(index) == states[index]
    for index in (300, 129, 40, 0):
        game.undo_to(index)
        assert game.state == states[index]
        assert state_to_json(game.state) == state_to_json(states[index])


def test_undo_then_play_on_then_undo_far_back_still_rebuilds_the_same_states() -> None:
    # An undo keeps the outcomes forced before the first action undone; what is played after it
    # (here with another outcome forced) is rebuilt exactly when undone past the latest states.
    game = Game(demo_config(seed=12))
    play(game, 150)
    game.undo_to(100)
    game.force("chaos")
    replayed = play(game, 120)  # replayed[k] is the state after action 100 + k
    for index in (200, 150, 101, 100):
        game.undo_to(index)
        assert game.state == replayed[index - 100]


@pytest.mark.parametrize("seed", SEEDS)
def test_undo_must_not_re_roll(seed: int) -> None:
    game = Game(demo_config(seed=seed))
    while not (game.state.step.value == "precombat_main" and game.state.priority == game.state.active):
        game.act(next_action(game))
    before = game.state
    first = game.act({"type": "roll", "player": game.state.active})
    after_first = game.state
    game.undo()
    assert game.state == before
    second = game.act({"type": "roll", "player": game.state.active})
    assert second == first
    assert game.state == after_first
    # The same holds for a whole stretch of play with several rolls in it.
    mark = len(game.history) - 1
    play(game, 40)
    later = rolls(game)
    log = game.log_lines()
    game.undo_to(mark)
    play(game, 40)
    assert rolls(game) == later
    assert game.log_lines() == log


def test_undo_keeps_a_forced_outcome_with_the_state_it_was_forced_on() -> None:
    game = Game(demo_config(seed=9))
    while game.state.step.value != "precombat_main":
        game.act(next_action(game))
    game.force("chaos")
    events = game.act({"type": "roll", "player": game.state.active})
    assert [e.data["result"] for e in events if e.type == "die_rolled"] == ["chaos"]
    game.undo()
    assert game.state.forced == ("die:chaos",)
    again = game.act({"type": "roll", "player": game.state.active})
    assert again == events


# -- save and load -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_save_then_load_reproduces_the_state(seed: int) -> None:
    game = Game(demo_config(("Alice", "Bob", "Carol"), seed=seed))
    play(game, 50)
    data = json.loads(json.dumps(game.save()))
    loaded = Game.load(data)
    assert loaded.state == game.state
    assert state_to_json(loaded.state) == state_to_json(game.state)
    assert loaded.history == game.history
    assert loaded.log_lines() == game.log_lines()
    assert loaded.view(0) == game.view(0)
    # The loaded game goes on exactly as the original does, drawing from the same generator.
    play(game, 30)
    play(loaded, 30)
    assert loaded.log_lines() == game.log_lines()
    assert loaded.state == game.state


def test_save_of_a_game_with_a_pending_decision_loads_with_the_decision_pending() -> None:
    game = Game(demo_config(seed=4))
    for _ in range(200):
        if game.decision is not None:
            break
        game.act(next_action(game))
    assert game.decision is not None
    loaded = Game.load(game.save())
    assert loaded.decision == game.decision
    assert loaded.state == game.state


# -- replay from the log -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_replay_from_the_log_needs_no_generator(seed: int) -> None:
    config = demo_config(seed=seed)
    game = Game(config)
    play(game, 60)
    records = game.history
    replayed = Game.replay(config, records)
    assert replayed.history == records
    assert replayed.state == game.state
    # Every chance outcome comes from the log: a different seed replays to the same events.
    other = Game.replay(replace(config, seed=seed + 1000), records)
    assert [r.events for r in other.history] == [r.events for r in records]
    assert other.state.face_up == game.state.face_up
    assert other.state.decks == game.state.decks
    assert other.state.rng != game.state.rng


# -- determinism -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_same_seed_and_actions_give_the_same_log_byte_for_byte(seed: int) -> None:
    first = Game(demo_config(("Alice", "Bob", "Carol"), seed=seed))
    second = Game(demo_config(("Alice", "Bob", "Carol"), seed=seed))
    play(first, 60)
    play(second, 60)
    one = "\n".join(first.log_lines()).encode("utf-8")
    two = "\n".join(second.log_lines()).encode("utf-8")
    assert one == two
    assert first.state == second.state


def test_different_seeds_give_different_logs() -> None:
    logs = set()
    for seed in SEEDS:
        game = Game(demo_config(seed=seed))
        play(game, 30)
        logs.add("\n".join(game.log_lines()))
    assert len(logs) == len(SEEDS)


# -- edited logs ---------------------------------------------------------------------------------


def _saved() -> dict[str, Any]:
    game = Game(demo_config(seed=3))
    play(game, 60)
    assert "chaos" in rolls(game) or "planeswalker" in rolls(game)
    return game.save()


def _edit_die(data: dict[str, Any]) -> None:
    for record in data["log"]:
        for event in record["events"]:
            if event["type"] == "die_rolled":
                new = "blank" if event["result"] != "blank" else "chaos"
                event["result"] = new
                event["chance"] = f"die:{new}"
                return
    raise AssertionError("no die roll in the log")


def _edit_text(data: dict[str, Any]) -> None:
    data["log"][-1]["events"][-1]["text"] += " (edited)"


def _edit_action(data: dict[str, Any]) -> None:
    for record in data["log"][1:]:
        if record["action"]["type"] == "roll":
            record["action"]["player"] = 1 - record["action"]["player"]
            return
    raise AssertionError("no roll in the log")


def _drop_setup_event(data: dict[str, Any]) -> None:
    del data["log"][0]["events"][0]


def _edit_shuffle(data: dict[str, Any]) -> None:
    for event in data["log"][0]["events"]:
        if event["type"] == "deck_shuffled":
            positions = event["chance"].removeprefix("order:").split(",")
            event["chance"] = "order:" + ",".join(reversed(positions))
            return
    raise AssertionError("no shuffle in the log")


def _wrong_format(data: dict[str, Any]) -> None:
    data["format"] = "something-else"


@pytest.mark.parametrize("edit", [_edit_die, _edit_text, _edit_action, _drop_setup_event, _edit_shuffle, _wrong_format])
def test_an_edited_log_fails_to_load(edit: Any) -> None:
    data = _saved()
    Game.load(copy.deepcopy(data))  # the unedited save loads
    edit(data)
    with pytest.raises(ReplayError):
        Game.load(data)


def test_undo_far_back_rebuilds_past_a_typed_action_its_json_reading_would_refuse() -> None:
    # A typed action may carry what action_from_dict bounds (a 250-character label); once it is older than
    # the latest states kept, undo rebuilds past it as it was taken, not by reading its JSON form again.
    game = Game(demo_config(seed=1))
    game.act(Cast(game.state.priority or 0, label="L" * 250))
    game.act(Resolve(game.state.priority or 0))
    states = [game.state]
    for _ in range(2 * RECENT_STATES):
        game.act(Cast(game.state.priority or 0, label="x"))
        game.act(Resolve(game.state.priority or 0))
        states.append(game.state)
    game.undo_to(2)
    assert game.state == states[0]


def test_an_action_of_a_subclass_is_checked_and_carried_out_as_its_action_class() -> None:
    class MyPass(Pass):
        pass

    game = Game(demo_config(seed=3))
    holder = game.state.priority or 0
    expected = Game(demo_config(seed=3))
    assert [e.type for e in game.act(MyPass(holder))] == [e.type for e in expected.act(Pass(holder))]
    assert game.state == expected.state
