"""Every ability of the Secret Lair showcase planes, triggered through the engine, with its result
checked: table instructions with their numbers, life changes, effects created and standing reminders."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from driving import (
    CARD_FILLER,
    CARD_OTHERS,
    answer,
    brief,
    card,
    cast,
    chaos_events,
    face_up,
    game_maker,
    instructions,
    life,
    next_turn,
    resolve_stack,
    roll,
    to_step,
    triggered,
)
from planechase import Game
from planechase.cards.sets.secret_lair import CARDS, YARGLE_DAY_CARDS

FILLER = CARD_FILLER
OTHERS = CARD_OTHERS


game_on = game_maker(FILLER, OTHERS)


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
    "Deceptive Divination": "choose two target players; each of them searches their library for a card, then "
    "shuffles and puts that card on top",
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
    events = chaos_events(game)
    index = len(card(plane).abilities) - 1
    assert triggered(events)[-1] == (plane, index, ("311.7",))
    assert instructions(events)[-1] == (plane, [0], CHAOS_INSTRUCTIONS[plane], None)
    assert face_up(game) == [plane]
    assert life(game) == [20, 20]


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
    game = game_on(plane)
    lines = card(plane).oracle_text.split("\n")
    expected = [lines[i] for i in STATIC_LINES[plane]]
    (shown,) = game.view()["face_up"]
    assert shown["name"] == plane
    assert shown["reminders"] == expected
    assert game.view(1)["face_up"][0]["reminders"] == expected


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


def test_squirrels_each_players_upkeep() -> None:
    plane = "We Hope You Like Squirrels"
    game = game_on(plane)
    events = resolve_stack(game)
    assert instructions(events) == [(plane, [0], "create a 1/1 green Squirrel creature token", None)]
    events = next_turn(game) + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("603.2",))]
    assert instructions(events) == [(plane, [1], "create a 1/1 green Squirrel creature token", None)]


def test_happy_yargle_day_each_players_end_step() -> None:
    plane = "Happy Yargle Day!"
    text = (
        "if you don't control a creature named Yargle, Glutton of Urborg, put a bargle counter on a creature you "
        "control; it becomes a copy of Yargle, Glutton of Urborg, except it isn't legendary"
    )
    game = game_on(plane)
    events = to_step(game, "end")
    assert triggered(events) == [(plane, 0, ("603.2",))]
    assert instructions(events) == [(plane, [0], text, None)]
    next_turn(game)
    events = to_step(game, "end")
    assert instructions(events) == [(plane, [1], text, None)]


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


def test_mycosynthwave_chaos_next_spell_has_affinity_until_end_of_turn() -> None:
    game = game_on("Mycosynthwave")
    events = chaos_events(game)
    assert brief(events, "effect_created")[0][2]["kind"] == "next_spell_affinity_for_artifacts"
    text = "the next spell Alice casts this turn has affinity for artifacts"
    assert [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects] == [
        ("next_spell_affinity_for_artifacts", "until_end_of_turn", 0, text)
    ]
    assert [e["text"] for e in game.view()["effects"]] == [text]
    next_turn(game)
    assert game.state.effects == ()


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
