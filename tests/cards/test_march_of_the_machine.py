"""Every ability of the March of the Machine Commander planes, triggered through the engine, with its
result checked: table instructions, questions to the table, effects created and ended, additional
phases and standing reminders."""

from __future__ import annotations

import pytest

from driving import (
    CARD_FILLER,
    CARD_OTHERS,
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
    resolve_stack,
    roll,
    to_step,
    triggered,
)
from planechase import Event, Game
from planechase.cards.sets.march_of_the_machine import CARDS

# -- helpers -----------------------------------------------------------------------------------


FILLER = CARD_FILLER
OTHERS = CARD_OTHERS


game_on = game_maker(FILLER, OTHERS)


NAMES = [c.name for c in CARDS]


def test_the_module_scripts_the_march_of_the_machine_commander_planes() -> None:
    assert sorted(NAMES) == sorted(
        [
            *("Enigma Ridges", "Esper", "Ghirapur", "Inys Haen", "Ketria", "Littjara", "Megaflora Jungle"),
            *("Naktamun", "New Argive", "Nyx", "Paliano", "Riptide Island", "Strixhaven", "The Caldaia"),
            *("The Golden City of Orazca", "The Great Aerie", "The Pit", "The Western Cloud", "The Wilds"),
            *("Towashi", "Unyaro", "Valor's Reach"),
        ]
    )
    assert all(c.is_plane and c.sets == ("MOC",) for c in CARDS)


# -- chaos abilities that are table instructions -------------------------------------------------

CHAOS_INSTRUCTIONS: dict[str, tuple[list[int], str]] = {
    "Enigma Ridges": ([0], "draw a card, then you may put a land card from your hand onto the battlefield"),
    "Ghirapur": ([0], "return target noncreature artifact card from your graveyard to your hand"),
    "Inys Haen": ([0], "return target nonland card from your graveyard to your hand"),
    "Ketria": (
        [0],
        "exile cards from the top of your library until you exile a nonland permanent card; put that card onto the "
        "battlefield or into your hand",
    ),
    "Littjara": ([0], "choose a creature type; put a +1/+1 counter on each creature you control of that type"),
    "Megaflora Jungle": ([0], "create a 1/1 green Insect creature token with flying named Butterfly"),
    "Naktamun": ([0], "you may discard a card; if you do, draw a card"),
    "New Argive": (
        [0],
        "reveal cards from the top of your library until you reveal a historic card; put that card into your hand "
        "and the rest on the bottom of your library in a random order",
    ),
    "Nyx": ([0], "choose a color; add an amount of mana of that color equal to your devotion to that color"),
    "Paliano": ([0], "create a 1/1 black Assassin creature token with deathtouch and haste"),
    "Strixhaven": ([0], "return up to one target instant or sorcery card from a graveyard to its owner's hand"),
    "The Caldaia": ([0], "return target creature card from your graveyard to your hand"),
    "The Golden City of Orazca": ([0], "you may put a permanent card from your hand onto the battlefield tapped"),
    "The Great Aerie": (
        [0],
        "choose up to one target creature you control and up to one target creature an opponent controls; each of "
        "those creatures deals damage equal to its toughness to the other",
    ),
    "The Pit": ([0, 1], "sacrifice a nonartifact creature of your choice"),
    "The Western Cloud": (
        [0],
        "create three tapped Treasure tokens; they each deal 1 damage to each creature and each planeswalker",
    ),
    "Towashi": ([0], "distribute three +1/+1 counters among one, two, or three target creatures you control"),
    "Unyaro": ([0], "create two 2/2 white and blue Knight creature tokens with vigilance"),
}


@pytest.mark.parametrize("plane", sorted(CHAOS_INSTRUCTIONS))
def test_chaos_is_a_table_instruction(plane: str) -> None:
    game = game_on(plane)
    events = chaos_events(game)
    index = len(card(plane).abilities) - 1
    assert triggered(events) == [(plane, index, ("311.7",))]
    assert instructions(events) == [(plane, *CHAOS_INSTRUCTIONS[plane], None)]
    assert game.state.effects == ()
    assert face_up(game) == [plane]
    assert life(game) == [20, 20]


def test_chaos_instruction_text_names_who_carries_it_out() -> None:
    game = game_on("The Pit")
    events = chaos_events(game)
    assert [e.text for e in of_type(events, "instruction")] == [
        "Each player: sacrifice a nonartifact creature of your choice."
    ]


# -- chaos abilities that create effects until end of turn ---------------------------------------

CHAOS_EFFECTS: dict[str, tuple[str, str]] = {
    "Esper": (
        "creatures_become_artifacts",
        "creatures Alice controls that are white, blue, and/or black become artifacts in addition to their other "
        "types until end of turn; then each artifact creature Alice controls gains vigilance, menace, and lifelink "
        "until end of turn",
    ),
    "Riptide Island": (
        "slivers_get_haste_and_bonus",
        "Slivers Alice controls gain haste and get +X/+X until end of turn, where X is the number of Slivers Alice "
        "controlled as the ability resolved",
    ),
}


@pytest.mark.parametrize("plane", sorted(CHAOS_EFFECTS))
def test_chaos_creates_an_effect_until_end_of_turn(plane: str) -> None:
    game = game_on(plane)
    events = chaos_events(game)
    kind, text = CHAOS_EFFECTS[plane]
    assert triggered(events) == [(plane, 1, ("311.7",))]
    assert brief(events, "effect_created")[0][2]["kind"] == kind
    assert [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects] == [
        (kind, "until_end_of_turn", 0, text)
    ]
    assert [e["text"] for e in game.view()["effects"]] == [text]
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == [kind]
    assert game.state.effects == ()


# -- The Wilds: target player sacrifices, you create Food -------------------------------------


def test_the_wilds_chaos_target_player_sacrifices_and_you_create_food() -> None:
    game = game_on("The Wilds")
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)
    decision = game.decision
    assert decision is not None and decision.kind.value == "choose_target" and decision.player == 0
    assert sorted(o.id for o in decision.options) == ["player:0", "player:1"]
    events += answer(game, "player:1") + resolve_stack(game)
    assert triggered(events) == [("The Wilds", 1, ("311.7",))]
    assert instructions(events) == [
        ("The Wilds", [1], "sacrifice a creature of your choice", None),
        (
            "The Wilds",
            [0],
            "if Bob sacrificed a creature this way, create a Food token; create two Food tokens instead if the "
            "sacrificed creature's toughness was 4 or greater",
            None,
        ),
    ]
    assert of_type(events, "instruction")[0].text == "Bob: sacrifice a creature of your choice."
    assert life(game) == [20, 20]


# -- Valor's Reach: untap, then an additional combat and main phase ------------------------------


def test_valors_reach_chaos_in_a_main_phase_adds_a_combat_and_a_main_phase() -> None:
    game = game_on("Valor's Reach")
    events = chaos_events(game)
    assert triggered(events) == [("Valor's Reach", 1, ("311.7",))]
    assert instructions(events) == [("Valor's Reach", [0], "untap up to two target creatures your team controls", None)]
    (added,) = of_type(events, "phases_added")
    assert added.rules == ("500.8",)
    assert added.data["steps"] == [
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "combat_damage",
        "end_of_combat",
        "postcombat_main",
    ]
    assert game.state.step.value == "precombat_main"
    combat_then_main = added.data["steps"]
    assert [s.value for s in game.state.step_queue] == [*combat_then_main, *combat_then_main, "end", "cleanup"]
    assert steps_until_end(game) == ["precombat_main", *combat_then_main, *combat_then_main]


def steps_until_end(game: Game) -> list[str]:
    """Everyone passes with an empty stack; the steps the turn goes through until its end step."""
    seen: list[str] = []
    while game.state.step.value != "end":
        seen.append(game.state.step.value)
        before = (game.state.step, len(game.state.step_queue))
        while (game.state.step, len(game.state.step_queue)) == before:
            pass_once(game)
    return seen


def test_valors_reach_chaos_outside_a_main_phase_adds_no_phase() -> None:
    game = game_on("Valor's Reach")
    to_step(game, "beginning_of_combat")
    events = cast(game, "chaos") + resolve_stack(game)
    assert instructions(events) == [("Valor's Reach", [0], "untap up to two target creatures your team controls", None)]
    assert brief(events, "no_extra_phase") == [
        ("no_extra_phase", ("500.8",), {}),
    ]
    assert of_type(events, "phases_added") == []


# -- static abilities: standing reminders -------------------------------------------------------

#: For each plane, the lines of its Oracle text that are static abilities or triggered abilities on events
#: the engine does not see (shown as reminders).
STATIC_LINES: dict[str, list[int]] = {
    "Enigma Ridges": [],
    "Esper": [0],
    "Ghirapur": [],
    "Inys Haen": [],
    "Ketria": [],
    "Littjara": [],
    "Megaflora Jungle": [0],
    "Naktamun": [0],
    "New Argive": [0],
    "Nyx": [0],  # constellation is reported (tests/rules/test_603_2_reported_triggers.py)
    "Paliano": [0],
    "Riptide Island": [],
    "Strixhaven": [0],
    "The Caldaia": [0],
    "The Golden City of Orazca": [0, 1],
    "The Great Aerie": [],
    "The Pit": [],
    "The Western Cloud": [0],
    "The Wilds": [],
    "Towashi": [0],
    "Unyaro": [],
    "Valor's Reach": [0],
}


def test_every_plane_is_listed_for_its_reminders() -> None:
    assert sorted(STATIC_LINES) == sorted(NAMES)


@pytest.mark.parametrize("plane", sorted(STATIC_LINES))
def test_static_abilities_show_as_reminders(plane: str) -> None:
    assert_reminders(game_on(plane), plane, STATIC_LINES[plane])


# -- "When you planeswalk to ~ and at the beginning of your upkeep" -------------------------------

PLANESWALK_TO_AND_UPKEEP: dict[str, str] = {
    "Inys Haen": "mill three cards",
    "Ketria": "put your choice of a vigilance, menace, or trample counter on target creature you control",
    "Littjara": "create a 2/2 blue Shapeshifter creature token with changeling",
    "Riptide Island": "create two 1/1 colorless Sliver creature tokens",
    "The Great Aerie": "bolster 3",
    "The Wilds": "create a Food token",
}


@pytest.mark.parametrize("plane", sorted(PLANESWALK_TO_AND_UPKEEP))
def test_planeswalk_to_and_upkeep_instructions(plane: str) -> None:
    text = PLANESWALK_TO_AND_UPKEEP[plane]
    game = game_on("Sokenzan", plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("901.11",))]
    assert instructions(events) == [(plane, [0], text, None)]
    events = next_turn(game) + resolve_stack(game)  # Bob's upkeep: he is the planar controller
    assert triggered(events) == [(plane, 0, ("603.2",))]
    assert instructions(events) == [(plane, [1], text, None)]


# -- "When you planeswalk to ~" only ---------------------------------------------------------------

PLANESWALK_TO: dict[str, str] = {
    "Enigma Ridges": "if you control fewer lands than the player who controls the most lands, search your library "
    "for a number of basic land cards less than or equal to the difference, reveal them, put them into your hand, "
    "then shuffle",
    "The Pit": "create your choice of a 3/3 white Angel creature token with flying or a 6/6 black Demon creature "
    "token with flying, trample, and \"At the beginning of your upkeep, sacrifice another creature. If you can't, "
    'this token deals 6 damage to you."',
}


@pytest.mark.parametrize("plane", sorted(PLANESWALK_TO))
def test_planeswalk_to_each_player_instruction_and_nothing_at_upkeep(plane: str) -> None:
    game = game_on("Sokenzan", plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("901.11",))]
    assert instructions(events) == [(plane, [0, 1], PLANESWALK_TO[plane], None)]
    assert of_type(events, "instruction")[0].text.startswith("Each player: ")
    events = next_turn(game) + to_step(game)
    assert triggered(events) == []
    assert instructions(events) == []


# -- Inys Haen: planeswalking away -----------------------------------------------------------------


def test_inys_haen_planeswalk_away_each_player_returns_lands() -> None:
    game = game_on("Inys Haen")
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events)[0][:2] == ("Inys Haen", 1)
    assert instructions(events)[0] == (
        "Inys Haen",
        [0, 1],
        "return all land cards from your graveyard to the battlefield tapped",
        None,
    )
    assert face_up(game) == ["Tazeem"]


# -- Ghirapur: at the beginning of combat on your turn ---------------------------------------------


def test_ghirapur_beginning_of_combat_artifacts_become_vehicles_until_end_of_turn() -> None:
    game = game_on("Ghirapur")
    events = to_step(game, "beginning_of_combat")
    assert triggered(events) == [("Ghirapur", 0, ("603.2",))]
    text = (
        "until end of turn, each noncreature, non-Vehicle artifact Alice controls becomes a 5/3 Vehicle in addition "
        "to its other types and gains trample, haste, and crew 2"
    )
    assert [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects] == [
        ("artifacts_become_vehicles", "until_end_of_turn", 0, text)
    ]
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == ["artifacts_become_vehicles"]
    events = to_step(game, "beginning_of_combat")  # Bob's turn: he controls Ghirapur now
    assert triggered(events) == [("Ghirapur", 0, ("603.2",))]
    assert [e.controller for e in game.state.effects] == [1]


# -- Unyaro: at the beginning of your end step, if you planeswalked to it this turn ----------------


def test_unyaro_end_step_after_planeswalking_there_untaps_and_phases_out_until_a_planeswalk() -> None:
    game = game_on("Sokenzan", "Unyaro")
    to_step(game)
    roll(game, "planeswalker")
    resolve_stack(game)
    assert face_up(game) == ["Unyaro"]
    assert [(fu.arrived_turn, game.state.turn) for fu in game.state.face_up] == [(1, 1)]
    events = to_step(game, "end")
    assert triggered(events) == [("Unyaro", 0, ("603.2",))]
    assert of_type(events, "not_triggered", "condition_false") == []
    assert game.decision is None  # the engine knows the arrival turn: nobody is asked
    assert instructions(events) == [("Unyaro", [], "untap all creatures; they phase out", None)]
    text = "the creatures Unyaro untapped are phased out until a player planeswalks"
    assert [(e.kind, e.duration.value, e.text) for e in game.state.effects] == [
        ("creatures_phased_out", "until_a_player_planeswalks", text)
    ]
    next_turn(game)
    to_step(game)
    assert [e.kind for e in game.state.effects] == ["creatures_phased_out"]  # a new turn does not end it
    events = roll(game, "planeswalker") + resolve_stack(game)  # Bob planeswalks: to the top of his deck
    assert face_up(game) == ["Otaria"]
    assert [(e.data["kind"], e.rules) for e in of_type(events, "effect_ended")] == [
        ("creatures_phased_out", ("901.11",))
    ]
    assert game.state.effects == ()


def assert_not_triggered(events: list[Event]) -> None:
    """Unyaro's end-step ability did not trigger: its intervening "if" was false (603.4)."""
    assert triggered(events) == []
    assert brief(events, "not_triggered") == [("not_triggered", ("603.4",), {"card": "Unyaro", "ability": 0})]
    assert of_type(events, "put_on_stack") == []
    assert instructions(events) == []


def test_603_4_unyaro_as_the_starting_plane_does_not_trigger_at_the_end_step() -> None:
    game = game_on("Unyaro")
    assert [fu.arrived_turn for fu in game.state.face_up] == [None]  # nobody planeswalked to it
    events = to_step(game, "end")
    assert_not_triggered(events)
    assert game.decision is None and game.state.stack == ()
    assert game.state.effects == ()


def test_603_4_unyaro_planeswalked_to_on_an_earlier_turn_does_not_trigger() -> None:
    game = game_on("Sokenzan", "Unyaro")
    to_step(game)
    roll(game, "planeswalker")
    resolve_stack(game)
    events = to_step(game, "end")  # turn 1: it triggers, creating the phase-out effect
    assert triggered(events) == [("Unyaro", 0, ("603.2",))]
    events = next_turn(game) + to_step(game, "end")  # turn 2: Bob's end step, Bob the planar controller
    assert (game.state.turn, game.state.active, face_up(game)) == (2, 1, ["Unyaro"])
    assert_not_triggered(events)
    events = next_turn(game) + to_step(game, "end")  # turn 3: Alice's end step again
    assert (game.state.turn, game.state.active, face_up(game)) == (3, 0, ["Unyaro"])
    assert_not_triggered(events)
    assert [e.kind for e in game.state.effects] == ["creatures_phased_out"]  # only the one from turn 1
