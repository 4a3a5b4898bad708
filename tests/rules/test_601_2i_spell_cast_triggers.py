"""601.2i: once a spell becomes cast, abilities that trigger when a spell is cast trigger; they are put
on the stack the next time a player would receive priority (603.3), above the spell, so they resolve
first. The ``cast`` action says whether it is a spell (``spell``) and what kind of spell (``types``)."""

from __future__ import annotations

from typing import Any

import pytest

from driving import CARD_FILLER, CARD_OTHERS, act, answer, brief, game_maker, of_type, resolve_stack, to_step, triggered
from planechase import Cast, InvalidActionError, action_from_dict, state_to_dict

game_on = game_maker(CARD_FILLER, CARD_OTHERS)


# -- the cast action's JSON form --------------------------------------------------------------------


@pytest.mark.parametrize("value", ["yes", "true", 1, 0, None])
def test_cast_spell_must_be_true_or_false(value: Any) -> None:
    raw = {"type": "cast", "player": 0, "spell": value}
    with pytest.raises(InvalidActionError, match="cast: field 'spell' must be true or false"):
        action_from_dict(raw)
    game = game_on("Fields of Summer")
    to_step(game)
    before = state_to_dict(game.state)
    with pytest.raises(InvalidActionError):
        game.act(raw)
    assert state_to_dict(game.state) == before


def test_cast_types_at_most_200_characters_and_a_string() -> None:
    longest = "x" * 200
    assert action_from_dict({"type": "cast", "player": 0, "spell": False, "types": longest}) == Cast(
        0, spell=False, types=longest
    )
    with pytest.raises(InvalidActionError, match="cast: 'types' is longer than 200 characters"):
        action_from_dict({"type": "cast", "player": 0, "types": longest + "x"})
    with pytest.raises(InvalidActionError, match="cast: field 'types' must be a string"):
        action_from_dict({"type": "cast", "player": 0, "types": ["red", "instant"]})


def test_cast_is_a_spell_unless_told_otherwise() -> None:
    assert action_from_dict({"type": "cast", "player": 0}) == Cast(0, spell=True, types="")


# -- the trigger goes on the stack above the spell ----------------------------------------------------


def test_601_2i_spell_cast_trigger_goes_above_the_spell_and_resolves_first() -> None:
    game = game_on("Fields of Summer")
    to_step(game)
    events = act(game, type="cast", player=0, label="Lightning Bolt", types="red instant single-target")
    assert brief(events, "cast")[0][:2] == ("cast", ("601.2", "117.3c"))
    assert triggered(events) == [("Fields of Summer", 0, ("603.2", "601.2i"))]
    spell, trigger = game.state.stack
    assert (spell.label, spell.spell, spell.spell_types) == ("Lightning Bolt", True, "red instant single-target")
    assert (trigger.card, trigger.subject, trigger.subject_item) == (game.state.face_up[0].card, 0, spell.id)
    assert game.state.priority == 0  # the caster had priority, so gets it again (601.2i)
    events = resolve_stack(game)  # stops at the trigger's "may" question
    assert [e.data["item"] for e in of_type(events, "resolves")] == [trigger.id]
    events = answer(game, "yes") + resolve_stack(game)
    assert [e.data["item"] for e in of_type(events, "resolves")] == [spell.id]
    assert game.state.stack == ()


def test_602_2_an_ability_put_on_the_stack_triggers_nothing() -> None:
    game = game_on("Fields of Summer")
    to_step(game)
    events = act(game, type="cast", player=0, label="an activated ability", spell=False)
    assert brief(events, "cast")[0][:2] == ("cast", ("602.2", "117.3c"))
    assert triggered(events) == []
    assert len(game.state.stack) == 1
