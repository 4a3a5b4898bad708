"""Every ability of the Secret Lair showcase planes, triggered through the engine, with its result
checked: table instructions with their numbers, life changes, effects created and standing reminders."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from driving import (
    CARD_FILLER,
    CARD_OTHERS,
    act,
    advance,
    answer,
    assert_reminders,
    brief,
    card,
    cast,
    chaos_events,
    face_up,
    game_maker,
    instructions,
    life,
    next_turn,
    of_type,
    pass_once,
    refused,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    triggered,
)
from planechase import Choose, Event, Game
from planechase.cards.sets.secret_lair import CARDS, YARGLE_DAY_CARDS

FILLER = CARD_FILLER
OTHERS = CARD_OTHERS


game_on = game_maker(FILLER, OTHERS)


def ability(game: Game, effect: str, *, player: int | None = None) -> list[Event]:
    """``player`` (by default the one with priority) puts a test ability with ``effect`` on the stack: an
    activated ability, not a spell, so "whenever a player casts a spell" does not trigger (601.2i)."""
    seat = game.state.priority if player is None else player
    return act(game, type="cast", player=seat, label=f"test {effect} ability", effect=effect, spell=False)


def chaos_ability_events(game: Game) -> list[Event]:
    """Reach the main phase, then a test ability (not a spell) makes chaos ensue; the events from it on."""
    to_step(game)
    return ability(game, "chaos") + resolve_stack(game)


def test_the_module_scripts_the_secret_lair_planes() -> None:
    assert sorted(c.name for c in CARDS) == sorted(
        [
            "Deceptive Divination",
            "Fblthp: Completely, Utterly, Totally Lost",
            "Finally! Left-Handed Magic Cards",
            "Happy Yargle Day!",
            "Imaginary Friends (Plane)",
            "Li'l Giri Saves the Day",
            "Math is for Blockers (Plane)",
            "Mycosynthwave",
            "We Hope You Like Squirrels",
            "sAnS mERcY",
        ]
    )
    assert {c.type_line for c in CARDS} == {"Plane — Secret Lair"}


# -- chaos abilities that are table instructions -------------------------------------------------

CHAOS_INSTRUCTIONS: dict[str, str] = {
    "Fblthp: Completely, Utterly, Totally Lost": "draw two cards, then discard two cards; untap up to three lands",
    "Finally! Left-Handed Magic Cards": "draw a card from the bottom of your library",
    "Imaginary Friends (Plane)": "exile cards from the top of your library until you reveal a nonland card; you may "
    "cast that card without paying its mana cost, but only as another card following this plane's first ability; "
    "put the rest on the bottom of your library in a random order",
    "Math is for Blockers (Plane)": "goad target creature (until your next turn, it attacks each combat if able and "
    "attacks a player other than you if able)",
    "We Hope You Like Squirrels": "put a +1/+1 counter on each Squirrel you control",
}


@pytest.mark.parametrize("plane", sorted(CHAOS_INSTRUCTIONS))
def test_chaos_is_a_table_instruction(plane: str) -> None:
    game = game_on(plane)
    events = chaos_ability_events(game)
    index = len(card(plane).abilities) - 1
    assert triggered(events) == [(plane, index, ("311.7",))]
    assert instructions(events) == [(plane, [0], CHAOS_INSTRUCTIONS[plane], None)]
    assert face_up(game) == [plane]
    assert life(game) == [20, 20]


# -- Deceptive Divination: two target players ---------------------------------------------------

DIVINATION = "Deceptive Divination"
SEARCH = "search your library for a card, then shuffle and put that card on top"


def divination_targets(players: int) -> Game:
    """Chaos ensues on Deceptive Divination in a game of ``players``; its ability waits for its targets."""
    game = game_on(DIVINATION, players=players)
    to_step(game)
    ability(game, "chaos")
    resolve_top(game)
    return game


def test_deceptive_divination_chaos_instructs_the_two_target_players() -> None:
    game = divination_targets(3)
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_target", 0, "603.3d")
    assert [(o.id, o.label) for o in decision.options] == [
        ("player:0", "Alice"),
        ("player:1", "Bob"),
        ("player:2", "Carol"),
    ]
    answer(game, "player:2")
    answer(game, "player:0")
    assert game.decision is None
    assert game.state.stack[-1].targets == ("player:2", "player:0")
    events = resolve_stack(game)
    assert triggered(events) == []
    [(name, players, text, amount)] = instructions(events)
    assert (name, sorted(players), text, amount) == (DIVINATION, [0, 2], SEARCH, None)
    assert life(game) == [20, 20, 20]


def test_deceptive_divination_the_same_player_cant_be_chosen_twice() -> None:
    """115.3: the second target player is a different player; the first is not offered again."""
    game = divination_targets(3)
    answer(game, "player:1")
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("choose_target", 0)
    assert [o.id for o in decision.options] == ["player:0", "player:2"]
    error = refused(game, Choose(player=0, decision=decision.id, option="player:1"))
    assert str(error).startswith("603.3d")


def test_deceptive_divination_with_two_players_both_are_the_targets() -> None:
    game = divination_targets(2)
    answer(game, "player:1")
    decision = game.decision
    assert decision is not None and [o.id for o in decision.options] == ["player:0"]
    answer(game, "player:0")
    events = resolve_stack(game)
    [(_, players, text, _)] = instructions(events)
    assert (sorted(players), text) == ([0, 1], SEARCH)


def test_deceptive_divination_a_target_who_left_is_unaffected_the_other_still_searches() -> None:
    """608.2b: one of the two target players left the game; the ability resolves for the other."""
    game = divination_targets(3)
    answer(game, "player:1")
    answer(game, "player:2")
    item = game.state.stack[-1].id
    act(game, type="concede", player=2)
    events = resolve_stack(game)
    assert brief(events, "illegal_targets", "fizzles") == [
        ("illegal_targets", ("608.2b",), {"item": item, "players": [2]})
    ]
    assert "Carol" in of_type(events, "illegal_targets")[0].text
    assert instructions(events) == [(DIVINATION, [1], SEARCH, None)]


def test_deceptive_divination_both_targets_left_the_ability_does_not_resolve() -> None:
    """608.2b: every target is illegal, so the ability doesn't resolve and nobody is instructed."""
    game = divination_targets(4)
    answer(game, "player:2")
    answer(game, "player:3")
    item = game.state.stack[-1].id
    act(game, type="concede", player=2)
    act(game, type="concede", player=3)
    events = resolve_stack(game)
    assert brief(events, "illegal_targets", "fizzles") == [("fizzles", ("608.2b",), {"item": item})]
    assert instructions(events) == []


# -- static abilities: standing reminders -------------------------------------------------------

STATIC_LINES: dict[str, list[int]] = {
    "Deceptive Divination": [0],
    "Fblthp: Completely, Utterly, Totally Lost": [],
    "Finally! Left-Handed Magic Cards": [0, 1],
    "Happy Yargle Day!": [],
    "Imaginary Friends (Plane)": [0],
    "Li'l Giri Saves the Day": [0],
    "Math is for Blockers (Plane)": [0],
    "Mycosynthwave": [0, 1, 2],
    "We Hope You Like Squirrels": [],
    "sAnS mERcY": [],
}


def test_every_plane_is_listed_for_its_reminders() -> None:
    assert sorted(STATIC_LINES) == sorted(c.name for c in CARDS)


@pytest.mark.parametrize("plane", sorted(STATIC_LINES))
def test_static_abilities_show_as_reminders(plane: str) -> None:
    assert_reminders(game_on(plane), plane, STATIC_LINES[plane])


# -- planeswalk-to and step triggers ---------------------------------------------------------------


def test_fblthp_map_token_on_planeswalk_to_and_each_upkeep() -> None:
    plane = "Fblthp: Completely, Utterly, Totally Lost"
    game = game_on("Sokenzan", plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("901.11",))]
    assert instructions(events) == [(plane, [0], "create a Map token", None)]
    events = next_turn(game) + resolve_stack(game)  # Bob's upkeep: he is the planar controller
    assert triggered(events) == [(plane, 0, ("603.2",))]
    assert instructions(events) == [(plane, [1], "create a Map token", None)]


SQUIRRELS = "We Hope You Like Squirrels"
SQUIRREL = "create a 1/1 green Squirrel creature token"
YARGLE_DAY = "Happy Yargle Day!"
YARGLE = (
    "if you don't control a creature named Yargle, Glutton of Urborg, put a bargle counter on a creature you "
    "control; it becomes a copy of Yargle, Glutton of Urborg, except it isn't legendary"
)


def test_squirrels_each_players_upkeep_that_player_creates_a_squirrel() -> None:
    game = game_on(SQUIRRELS, players=3)
    events = resolve_stack(game)  # Alice's upkeep of turn 1
    assert instructions(events) == [(SQUIRRELS, [0], SQUIRREL, None)]
    for seat in (1, 2, 0):
        events = next_turn(game) + resolve_stack(game)
        assert game.state.active == seat
        assert triggered(events) == [(SQUIRRELS, 0, ("603.2",))]
        assert instructions(events) == [(SQUIRRELS, [seat], SQUIRREL, None)]


@pytest.mark.parametrize("caster", [0, 1, 2])
def test_squirrels_whenever_a_player_casts_a_spell_that_player_creates_a_squirrel(caster: int) -> None:
    game = game_on(SQUIRRELS, players=3)
    to_step(game)  # Alice's turn: she is the planar controller
    while game.state.priority != caster:
        pass_once(game)
    events = cast(game, "none", player=caster)
    assert triggered(events) == [(SQUIRRELS, 0, ("603.2", "601.2i"))]
    spell, trigger = game.state.stack
    assert (trigger.controller, trigger.subject, trigger.subject_item) == (0, caster, spell.id)
    events = resolve_top(game)
    assert instructions(events) == [(SQUIRRELS, [caster], SQUIRREL, None)]
    assert [item.id for item in game.state.stack] == [spell.id]


def test_squirrels_an_ability_is_not_a_spell_no_squirrel() -> None:
    game = game_on(SQUIRRELS)
    to_step(game)
    events = ability(game, "none")
    assert triggered(events) == []
    assert len(game.state.stack) == 1
    events += resolve_stack(game)
    assert instructions(events) == []


def test_happy_yargle_day_each_players_end_step_instructs_that_player() -> None:
    game = game_on(YARGLE_DAY, players=3)
    for seat in (0, 1, 2):
        assert game.state.active == seat
        events = to_step(game, "end")
        assert triggered(events) == [(YARGLE_DAY, 0, ("603.2",))]
        assert instructions(events) == [(YARGLE_DAY, [seat], YARGLE, None)]
        next_turn(game)


def test_happy_yargle_day_does_not_trigger_before_the_end_step() -> None:
    game = game_on(YARGLE_DAY)
    events = resolve_stack(game) + to_step(game, "postcombat_main")
    assert triggered(events) == []
    assert instructions(events) == []


@pytest.mark.parametrize("position", range(5))
def test_happy_yargle_day_chaos_chooses_a_card_at_random(position: int) -> None:
    plane = "Happy Yargle Day!"
    game = game_on(plane)
    to_step(game)
    order = [position, *(i for i in range(5) if i != position)]
    game.force("order:" + ",".join(map(str, order)))
    events = cast(game, "chaos") + resolve_stack(game)
    chosen = YARGLE_DAY_CARDS[position]
    assert triggered(events)[-1] == (plane, 1, ("311.7",))
    assert brief(events, "chosen_at_random")[0][2]["choice"] == chosen
    assert instructions(events) == [
        (plane, [0], f"copy {chosen}; you may cast the copy without paying its mana cost", None)
    ]


def test_happy_yargle_day_unforced_choice_is_one_of_the_five() -> None:
    game = game_on("Happy Yargle Day!")
    events = chaos_events(game)
    assert brief(events, "chosen_at_random")[0][2]["choice"] in YARGLE_DAY_CARDS


def test_lil_giri_token_on_planeswalk_to() -> None:
    plane = "Li'l Giri Saves the Day"
    game = game_on("Sokenzan", plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [(plane, 1, ("901.11",))]
    assert instructions(events) == [
        (plane, [0], "create Li'l Giri, a legendary 1/1 colorless Food Warrior artifact creature token", None)
    ]


@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_lil_giri_chaos_counters_equal_rolls_this_turn(rolls: int) -> None:
    plane = "Li'l Giri Saves the Day"
    game = game_on(plane)
    to_step(game)
    for _ in range(rolls - 1):
        roll(game, "blank")
        resolve_stack(game)
    events = roll(game, "chaos") + resolve_stack(game)
    assert triggered(events)[-1] == (plane, 2, ("311.7",))
    assert instructions(events) == [
        (plane, [0], f"put {rolls} +1/+1 counters on target legendary artifact creature you control", rolls)
    ]


def test_lil_giri_chaos_without_a_roll_puts_zero_counters() -> None:
    plane = "Li'l Giri Saves the Day"
    events = chaos_events(game_on(plane))
    assert instructions(events)[-1][3] == 0


MYCOSYNTHWAVE_TEXT = "the next spell Alice casts this turn has affinity for artifacts"


def test_mycosynthwave_chaos_next_spell_has_affinity_until_that_spell_is_cast() -> None:
    game = game_on("Mycosynthwave")
    events = chaos_events(game)
    assert brief(events, "effect_created")[0][2]["kind"] == "next_spell_affinity_for_artifacts"
    [effect] = game.state.effects
    assert (effect.kind, effect.duration.value, effect.controller, effect.text) == (
        "next_spell_affinity_for_artifacts",
        "until_your_next_spell_this_turn",
        0,
        MYCOSYNTHWAVE_TEXT,
    )
    assert [e["text"] for e in game.view()["effects"]] == [MYCOSYNTHWAVE_TEXT]
    # Another player's spell, and an ability of Alice's, leave it waiting for Alice's next spell.
    pass_once(game)
    events = cast(game, "none", player=1) + resolve_stack(game)
    events += ability(game, "none", player=0) + resolve_stack(game)
    assert of_type(events, "effect_used", "effect_ended") == []
    assert [e.id for e in game.state.effects] == [effect.id]
    # Alice's next spell has affinity for artifacts: the effect is used up as it is cast.
    events = cast(game, "none", player=0)
    spell = game.state.stack[-1].id
    assert brief(events, "effect_used") == [
        (
            "effect_used",
            ("611.2a", "601.2"),
            {"effect": effect.id, "kind": "next_spell_affinity_for_artifacts", "item": spell},
        )
    ]
    assert game.state.effects == ()
    assert game.view()["effects"] == []
    events = resolve_stack(game) + cast(game, "none", player=0)
    assert of_type(events, "effect_used") == []


def test_mycosynthwave_chaos_effect_ends_at_cleanup_without_a_spell() -> None:
    """514.2: a "this turn" effect ends in the cleanup step if Alice casts no spell."""
    game = game_on("Mycosynthwave")
    chaos_events(game)
    [effect] = game.state.effects
    to_step(game, "end")
    assert [e.id for e in game.state.effects] == [effect.id]
    events = advance(game, "next_turn")
    assert brief(events, "effect_ended") == [
        ("effect_ended", ("514.2",), {"effect": effect.id, "kind": "next_spell_affinity_for_artifacts"})
    ]
    assert game.state.effects == ()
    assert game.state.active == 1


# -- sAnS mERcY ---------------------------------------------------------------------------------


def test_sans_mercy_planeswalk_to_each_player_destroys_a_nonblack_creature() -> None:
    game = game_on("Sokenzan", "sAnS mERcY")
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [("sAnS mERcY", 0, ("901.11",))]
    assert instructions(events) == [
        ("sAnS mERcY", [0, 1], "choose a nonblack creature you control; then the chosen creatures are destroyed", None)
    ]


def test_sans_mercy_chaos_without_a_roll_does_nothing() -> None:
    game = game_on("sAnS mERcY")
    events = chaos_events(game)
    assert brief(events, "process_repeated")[0][2]["times"] == 0
    assert game.decision is None
    assert life(game) == [20, 20]


def sans_mercy_after_rolls(rolls: int, players: Sequence[str] = ("Alice", "Bob")) -> Game:
    game = game_on("sAnS mERcY", players=players)
    to_step(game)
    for _ in range(rolls - 1):
        roll(game, "blank")
        resolve_stack(game)
    roll(game, "chaos")
    resolve_stack(game)
    return game


@pytest.mark.parametrize(("answers", "bob"), [(["no", "no"], 14), (["yes", "no"], 17), (["yes", "yes"], 20)])
def test_sans_mercy_chaos_repeats_x_times_each_opponent_loses_3_unless(answers: list[str], bob: int) -> None:
    game = sans_mercy_after_rolls(2)
    for reply in answers:
        decision = game.decision
        assert decision is not None and decision.player == 1
        assert decision.prompt == (
            "sAnS mERcY: do you sacrifice a nonland permanent or discard a card (if not, you lose 3 life)?"
        )
        answer(game, reply)
    assert game.decision is None
    assert life(game) == [20, bob]


def test_sans_mercy_chaos_asks_each_opponent_in_turn() -> None:
    game = sans_mercy_after_rolls(1, players=("Alice", "Bob", "Carol"))
    asked = []
    for reply in ("no", "yes"):
        decision = game.decision
        assert decision is not None
        asked.append(decision.player)
        events = answer(game, reply)
    assert asked == [1, 2]
    assert game.decision is None
    assert life(game) == [20, 17, 20]
    assert brief(events, "table_answer")[0][2]["player"] == 2
