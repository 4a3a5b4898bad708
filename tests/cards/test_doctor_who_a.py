"""Every ability of the first half of the Doctor Who planes, triggered through the engine, with its
result checked: table instructions, counters and life loss, effects created and ended, planeswalking
and standing reminders."""

from __future__ import annotations

import pytest

from driving import (
    CARD_FILLER,
    CARD_OTHERS,
    act,
    answer,
    assert_reminders,
    brief,
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
from planechase import IllegalActionError
from planechase.cards.sets.doctor_who_a import CARDS

# -- helpers -----------------------------------------------------------------------------------


FILLER = CARD_FILLER
OTHERS = CARD_OTHERS


game_on = game_maker(FILLER, OTHERS)


NAMES = [c.name for c in CARDS]


def test_the_module_scripts_the_first_half_of_the_doctor_who_planes() -> None:
    assert sorted(NAMES) == sorted(
        [
            *("Amy's Home", "Antarctic Research Base", "Aplan Mortarium", "Bad Wolf Bay"),
            *("Besieged Viking Village", "Bowie Base One", "City of the Daleks", "Coal Hill School"),
            *("Dalek Intensive Care", "Gardens of Tranquil Repose", "Hotel of Fears", "Kerblam! Warehouse"),
            *("Lake Silencio", "Mondassian Colony Ship", "New New York", "North Pole Research Base"),
            *("Ood Sphere", "Prime Minister's Cabinet Room", "Singing Towers of Darillium"),
        ]
    )
    assert all(c.is_plane and c.sets == ("WHO",) for c in CARDS)


# -- chaos abilities that are table instructions -------------------------------------------------

CHAOS_INSTRUCTIONS: dict[str, str] = {
    "Amy's Home": "time travel: for each suspended card you own and each permanent you control with a time counter "
    "on it, you may add or remove a time counter",
    "Antarctic Research Base": "put X +1/+1 counters on target creature you control, where X is the number of "
    "artifacts you control; it becomes a Plant in addition to its other types",
    "Aplan Mortarium": "create two 2/2 black Alien Angel artifact creature tokens with first strike, vigilance, and "
    '"Whenever an opponent casts a creature spell, this token isn\'t a creature until end of turn."',
    "Besieged Viking Village": "put an indestructible counter on target creature you control that attacked this turn",
    "Coal Hill School": "return target historic card from your graveyard to your hand",
    "Dalek Intensive Care": "target Dalek you control deals damage equal to its power to target creature you don't "
    "control",
    "Gardens of Tranquil Repose": "create X 3/3 black Dalek artifact creature tokens with menace, where X is one "
    "plus the number of cards exiled with Gardens of Tranquil Repose",
    "Lake Silencio": "Lake Silencio deals 6 damage to target creature an opponent controls; if a creature dealt "
    "damage this way would die this turn, exile it instead",
    "Mondassian Colony Ship": "turn target creature face down; it becomes a 2/2 Cyberman artifact creature",
    "New New York": "create a Treasure token and a 2/2 white Alien creature token",
}


@pytest.mark.parametrize("plane", sorted(CHAOS_INSTRUCTIONS))
def test_chaos_is_a_table_instruction(plane: str) -> None:
    game = game_on(plane)
    to_step(game)
    before = life(game)
    events = cast(game, "chaos") + resolve_stack(game)
    assert triggered(events) == [(plane, 1, ("311.7",))]
    assert instructions(events) == [(plane, [0], CHAOS_INSTRUCTIONS[plane], None)]
    assert game.state.effects == ()
    assert face_up(game) == [plane]
    assert life(game) == before


#: Chaos abilities of planes whose upkeep trigger asks for a decision: the game reaches them by planeswalking
#: in the main phase (neither has a planeswalk trigger), so no upkeep trigger waits.
CHAOS_INSTRUCTIONS_REACHED_BY_PLANESWALKING: dict[str, str] = {
    "Hotel of Fears": "choose a color; put X +1/+1 counters on target creature you control, where X is your "
    "devotion to that color; then sacrifice another creature",
    "North Pole Research Base": "create a 2/2 white Alien creature token; when you do, tap target nontoken creature "
    "an opponent controls and put a stun counter on it",
}


@pytest.mark.parametrize("plane", sorted(CHAOS_INSTRUCTIONS_REACHED_BY_PLANESWALKING))
def test_chaos_is_a_table_instruction_on_a_plane_reached_by_planeswalking(plane: str) -> None:
    game = game_on("Sokenzan", plane)
    to_step(game)
    arrival = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(arrival) == []
    assert face_up(game) == [plane]
    events = cast(game, "chaos") + resolve_stack(game)
    assert game.decision is None
    assert triggered(events) == [(plane, 1, ("311.7",))]
    assert instructions(events) == [(plane, [0], CHAOS_INSTRUCTIONS_REACHED_BY_PLANESWALKING[plane], None)]
    assert game.state.effects == ()
    assert life(game) == [20, 20]


# -- chaos abilities that create effects ----------------------------------------------------------

CHAOS_EFFECTS: dict[str, tuple[str, str, str]] = {
    "Kerblam! Warehouse": (
        "artifacts_gain_coin_flip_ability",
        "until_your_next_turn",
        "until Alice's next turn, noncreature artifacts Alice controls gain \"{T}, Sacrifice this artifact: Flip a "
        'coin. If you win the flip, this artifact deals 3 damage to any target."',
    ),
    "Singing Towers of Darillium": (
        "may_cast_foretold_free",
        "until_end_of_turn",
        "Alice may cast a foretold card they own from exile without paying its mana cost this turn",
    ),
}


@pytest.mark.parametrize("plane", sorted(CHAOS_EFFECTS))
def test_chaos_creates_an_effect(plane: str) -> None:
    game = game_on(plane)
    events = chaos_events(game)
    kind, duration, text = CHAOS_EFFECTS[plane]
    assert triggered(events) == [(plane, 1, ("311.7",))]
    assert instructions(events) == []
    assert [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects] == [(kind, duration, 0, text)]
    assert [e["text"] for e in game.view()["effects"]] == [text]
    next_turn(game)  # Bob's turn: an effect until Alice's next turn lasts on
    assert [e.kind for e in game.state.effects] == ([kind] if duration == "until_your_next_turn" else [])
    events = next_turn(game)
    assert game.state.effects == ()


def test_bowie_base_one_chaos_a_target_creature_gains_islandwalk_until_end_of_turn() -> None:
    game = game_on("Bowie Base One")
    events = chaos_events(game)
    assert triggered(events) == [("Bowie Base One", 1, ("311.7",))]
    assert instructions(events) == [("Bowie Base One", [0], "choose target creature", None)]
    assert [(e.kind, e.duration.value, e.text) for e in game.state.effects] == [
        (
            "creature_gains_islandwalk",
            "until_end_of_turn",
            "the creature Alice targeted gains islandwalk until end of turn",
        )
    ]
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == ["creature_gains_islandwalk"]


def test_ood_sphere_chaos_goads_and_the_goaded_creatures_cant_tap_until_your_next_turn() -> None:
    game = game_on("Ood Sphere")
    events = chaos_events(game)
    assert triggered(events) == [("Ood Sphere", 1, ("311.7",))]
    assert instructions(events) == [
        ("Ood Sphere", [0], "for each opponent, goad up to one target creature that opponent controls", None)
    ]
    text = (
        "until Alice's next turn, the creatures goaded by Ood Sphere can't become tapped unless they're being "
        "declared as attackers"
    )
    assert [(e.kind, e.duration.value, e.text) for e in game.state.effects] == [
        ("goaded_creatures_cant_tap", "until_your_next_turn", text)
    ]
    next_turn(game)
    assert len(game.state.effects) == 1
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == ["goaded_creatures_cant_tap"]


def test_bad_wolf_bay_chaos_stops_cards_entering_from_exile_then_planeswalks() -> None:
    game = game_on("Bad Wolf Bay")
    events = chaos_events(game)
    assert triggered(events)[0] == ("Bad Wolf Bay", 1, ("311.7",))
    assert [(e.kind, e.duration.value, e.text) for e in game.state.effects] == [
        ("cards_cant_enter_from_exile", "until_end_of_turn", "cards can't enter from exile this turn")
    ]
    assert face_up(game) == ["Tazeem"]
    kinds = [e.type for e in events]
    assert kinds[kinds.index("resolves", kinds.index("put_on_stack")) + 1 :] == [
        "effect_created",
        "planeswalk",
        "planeswalked_away",
        "planeswalked_to",
    ]  # first the effect, then planeswalk (608.2c: in the order written)
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == ["cards_cant_enter_from_exile"]


def test_city_of_the_daleks_chaos_creates_a_dalek_for_each_opponent() -> None:
    game = game_on("City of the Daleks", players=3)
    events = chaos_events(game)
    assert triggered(events) == [("City of the Daleks", 1, ("311.7",))]
    assert instructions(events) == [
        (
            "City of the Daleks",
            [0],
            f"create a 3/3 black Dalek artifact creature token with menace that attacks {name} this turn if able; "
            "it gains haste; sacrifice it at the beginning of the next end step",
            None,
        )
        for name in ("Bob", "Carol")
    ]


def test_prime_ministers_cabinet_room_chaos_will_of_the_council() -> None:
    game = game_on("Prime Minister's Cabinet Room", players=3)
    events = chaos_events(game)
    assert triggered(events) == [("Prime Minister's Cabinet Room", 1, ("311.7",))]
    assert instructions(events) == [
        ("Prime Minister's Cabinet Room", [0, 1, 2], "vote for a creature the planar controller doesn't control", None),
        ("Prime Minister's Cabinet Room", [], "exile each creature with the most votes or tied for most votes", None),
    ]
    assert of_type(events, "instruction")[0].text.startswith("In turn, starting with Alice, then Bob, then Carol: ")


# -- Aplan Mortarium: exposure counters and life loss ----------------------------------------------


def test_aplan_mortarium_upkeep_adds_an_exposure_counter_then_you_lose_that_much_life() -> None:
    game = game_on("Aplan Mortarium")
    assert triggered(game.events()) == [("Aplan Mortarium", 0, ("603.2",))]  # Alice's first upkeep
    events = to_step(game)
    assert brief(events, "counters_added")[0][2]["total"] == 1
    assert life(game) == [19, 20]
    events = next_turn(game) + to_step(game)  # Bob controls it now: his upkeep
    assert triggered(events) == [("Aplan Mortarium", 0, ("603.2",))]
    assert brief(events, "counters_added")[0][2]["total"] == 2
    assert life(game) == [19, 18]
    next_turn(game)
    to_step(game)
    assert life(game) == [16, 18]
    assert game.state.face_up[0].count("exposure") == 3


# -- "When you planeswalk to ~ and at the beginning of your upkeep" -------------------------------

PLANESWALK_TO_AND_UPKEEP: dict[str, str] = {
    "Amy's Home": "you may exile a nonland card from your hand with a number of time counters on it equal to its "
    "mana value; if it doesn't have suspend, it gains suspend",
    "Antarctic Research Base": "investigate",
    "Dalek Intensive Care": "exile a non-Dalek creature you control; if you do, create a 3/3 black Dalek artifact "
    "creature token with menace; it gains haste until end of turn",
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


# -- Hotel of Fears: exile the top card, lose life equal to its mana value, may play it ------------------


def test_hotel_of_fears_upkeep_asks_the_mana_value_and_you_lose_that_much_life() -> None:
    game = game_on("Hotel of Fears")  # the starting plane: it triggers in Alice's first upkeep
    assert triggered(game.events()) == [("Hotel of Fears", 0, ("603.2",))]
    events = resolve_stack(game)
    assert instructions(events) == [("Hotel of Fears", [0], "exile the top card of your library", None)]
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_number", 0, "608.2c")
    assert [o.id for o in decision.options] == [str(n) for n in range(100)]
    assert life(game) == [20, 20]  # nothing is lost before the table answers
    events = answer(game, "3")
    assert brief(events, "table_answer", "life_changed", "instruction") == [
        (
            "table_answer",
            ("608.2c",),
            {
                "player": 0,
                "question": "the mana value of the card you exiled",
                "answer": 3,
                "card": "Hotel of Fears",
            },
        ),
        ("life_changed", ("119.3",), {"player": 0, "delta": -3, "life": 17}),
        (
            "instruction",
            ("608.2c",),
            {
                "players": [0],
                "who": "you",
                "instruction": "you may play the exiled card this turn",
                "amount": None,
                "card": "Hotel of Fears",
                "instruction_text": {"template": "you may play the exiled card this turn", "params": {}},
            },
        ),
    ]
    assert life(game) == [17, 20]
    assert game.decision is None and game.state.stack == ()


def test_hotel_of_fears_upkeep_the_planar_controller_answers_and_a_mana_value_of_zero_costs_nothing() -> None:
    game = game_on("Sokenzan", "Hotel of Fears")
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == []  # no planeswalk-to trigger
    events = next_turn(game) + resolve_stack(game)  # Bob's upkeep: he is the planar controller
    assert triggered(events) == [("Hotel of Fears", 0, ("603.2",))]
    assert instructions(events) == [("Hotel of Fears", [1], "exile the top card of your library", None)]
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("choose_number", 1)
    events = answer(game, "0")  # a land
    assert [e.data["answer"] for e in of_type(events, "table_answer")] == [0]
    assert of_type(events, "life_changed") == []
    assert instructions(events) == [("Hotel of Fears", [1], "you may play the exiled card this turn", None)]
    assert life(game) == [20, 20]
    to_step(game)
    next_turn(game)  # Alice's upkeep: she answers for herself
    resolve_stack(game)
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("choose_number", 0)
    answer(game, "5")
    assert life(game) == [15, 20]


# -- at the beginning of combat and of the end step -------------------------------------------------


@pytest.mark.parametrize(
    ("plane", "text"),
    [
        (
            "Bad Wolf Bay",
            "exile up to one target creature; return it to the battlefield under its owner's control at the "
            "beginning of the next end step",
        ),
        (
            "Prime Minister's Cabinet Room",
            "up to one target creature you control becomes a copy of target creature an opponent controls",
        ),
    ],
)
def test_beginning_of_combat_instructions(plane: str, text: str) -> None:
    game = game_on(plane)
    events = to_step(game, "beginning_of_combat")
    assert triggered(events) == [(plane, 0, ("603.2",))]
    assert instructions(events) == [(plane, [0], text, None)]


def test_new_new_york_beginning_of_combat_artifacts_become_vehicles_until_end_of_turn() -> None:
    game = game_on("New New York")
    events = to_step(game, "beginning_of_combat")
    assert triggered(events) == [("New New York", 0, ("603.2",))]
    text = (
        "until end of turn, noncreature artifacts Alice controls become 3/3 Vehicles in addition to their other "
        "types and gain flying, haste, and crew 1"
    )
    assert [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects] == [
        ("artifacts_become_vehicles", "until_end_of_turn", 0, text)
    ]
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == ["artifacts_become_vehicles"]


def test_bowie_base_one_end_step_goads() -> None:
    game = game_on("Bowie Base One")
    events = to_step(game, "end")
    assert triggered(events) == [("Bowie Base One", 0, ("603.2",))]
    assert instructions(events) == [("Bowie Base One", [0], "goad target creature controlled by Bob", None)]
    assert of_type(events, "instruction")[0].rules == ("608.2c", "103.1")


def test_bowie_base_one_the_player_to_your_left_is_the_next_seat_still_in_the_game() -> None:
    game = game_on("Bowie Base One", players=3)
    to_step(game)
    game.act({"type": "concede", "player": 1})
    events = to_step(game, "end")
    assert instructions(events) == [("Bowie Base One", [0], "goad target creature controlled by Carol", None)]


# -- North Pole Research Base: target opponent draws and creates a Treasure ---------------------------

NORTH_POLE = "North Pole Research Base"
NORTH_POLE_TEXT = "draw a card and create a Treasure token"


def test_north_pole_research_base_upkeep_targets_an_opponent_as_it_is_put_on_the_stack() -> None:
    game = game_on("Sokenzan", NORTH_POLE)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == []  # no planeswalk-to trigger
    events = next_turn(game)  # Bob's upkeep: Bob controls it, Alice is his only opponent
    assert triggered(events) == [(NORTH_POLE, 0, ("603.2",))]
    assert [item.id for item in game.state.stack] == []  # the target is chosen before it is on the stack
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_target", 1, "603.3d")
    assert [o.id for o in decision.options] == ["player:0"]  # Bob, the controller, is not offered
    events = answer(game, "player:0")
    assert [item.targets for item in game.state.stack] == [("player:0",)]
    events += resolve_stack(game)
    assert instructions(events) == [(NORTH_POLE, [0], NORTH_POLE_TEXT, None)]
    assert of_type(events, "instruction")[0].text == f"Alice: {NORTH_POLE_TEXT}."


def test_north_pole_research_base_upkeep_only_opponents_are_offered() -> None:
    game = game_on(NORTH_POLE, players=3)  # the starting plane: it triggers in Alice's first upkeep
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("choose_target", 0)
    assert [(o.id, o.label) for o in decision.options] == [("player:1", "Bob"), ("player:2", "Carol")]
    with pytest.raises(IllegalActionError):
        answer(game, "player:0")  # the controller is not an opponent


def test_north_pole_research_base_upkeep_with_two_opponents_the_chosen_one_draws() -> None:
    game = game_on(NORTH_POLE, players=3)
    events = answer(game, "player:2") + resolve_stack(game)
    assert instructions(events) == [(NORTH_POLE, [2], NORTH_POLE_TEXT, None)]
    assert of_type(events, "instruction")[0].text == f"Carol: {NORTH_POLE_TEXT}."


def test_608_2b_north_pole_research_base_fizzles_if_the_target_opponent_leaves() -> None:
    game = game_on(NORTH_POLE, players=3)
    answer(game, "player:2")
    (item,) = game.state.stack
    events = act(game, type="concede", player=2)  # Carol leaves before the ability resolves
    events += resolve_stack(game)
    assert brief(events, "fizzles") == [("fizzles", ("608.2b",), {"item": item.id})]
    assert of_type(events, "resolves")[0].data["item"] == item.id
    assert instructions(events) == []  # nobody else is told to draw
    assert game.state.stack == ()


# -- Coal Hill School: whenever a player casts a historic spell, that player draws a card ----------------

COAL_HILL = "Coal Hill School"


@pytest.mark.parametrize("types", ["legendary creature", "artifact"])
def test_coal_hill_school_a_historic_spell_makes_its_caster_draw(types: str) -> None:
    game = game_on(COAL_HILL)
    to_step(game)
    pass_once(game)  # Bob has priority: the caster is not the planar controller
    events = act(game, type="cast", player=1, label="a historic spell", types=types)
    (spell,) = game.state.stack[:1]
    assert triggered(events) == [(COAL_HILL, 0, ("603.2", "601.2i"))]
    (ability,) = game.state.stack[1:]
    assert (ability.controller, ability.subject, ability.subject_item) == (0, 1, spell.id)
    events += resolve_stack(game)
    assert instructions(events) == [(COAL_HILL, [1], "draw a card", None)]
    assert of_type(events, "instruction")[0].text == "Bob: draw a card."


@pytest.mark.parametrize("types", ["red instant", ""])
def test_coal_hill_school_a_spell_that_is_not_historic_triggers_nothing(types: str) -> None:
    game = game_on(COAL_HILL)
    to_step(game)
    events = act(game, type="cast", player=0, label="a spell", types=types)
    assert triggered(events) == []
    assert len(game.state.stack) == 1
    assert instructions(events + resolve_stack(game)) == []


def test_coal_hill_school_an_ability_is_not_a_spell_and_triggers_nothing() -> None:
    game = game_on(COAL_HILL)
    to_step(game)
    events = act(game, type="cast", player=0, label="an artifact's ability", types="legendary artifact", spell=False)
    assert brief(events, "cast")[0][1] == ("602.2", "117.3c")
    assert triggered(events) == []
    assert instructions(events + resolve_stack(game)) == []


# -- static abilities: standing reminders -------------------------------------------------------

STATIC_LINES: dict[str, list[int]] = {
    "Amy's Home": [],
    "Antarctic Research Base": [],
    "Aplan Mortarium": [],
    "Bad Wolf Bay": [],
    "Besieged Viking Village": [0],
    "Bowie Base One": [],
    "City of the Daleks": [],  # its attack trigger is reported (tests/rules/test_603_2_reported_triggers.py)
    "Coal Hill School": [],  # its spell-cast trigger is carried out by the engine
    "Dalek Intensive Care": [],
    "Gardens of Tranquil Repose": [0],
    "Hotel of Fears": [],
    "Kerblam! Warehouse": [0],
    "Lake Silencio": [0],
    "Mondassian Colony Ship": [0],
    "New New York": [],
    "North Pole Research Base": [],
    "Ood Sphere": [0],
    "Prime Minister's Cabinet Room": [],
    "Singing Towers of Darillium": [0],
}


def test_every_plane_is_listed_for_its_reminders() -> None:
    assert sorted(STATIC_LINES) == sorted(NAMES)


@pytest.mark.parametrize("plane", sorted(STATIC_LINES))
def test_static_abilities_show_as_reminders(plane: str) -> None:
    assert_reminders(game_on(plane), plane, STATIC_LINES[plane])
