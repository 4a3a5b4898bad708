"""Every ability of the second half of the Doctor Who planes and phenomena, triggered through the engine,
with its result checked: table instructions, life loss, planeswalking, effects created and ended,
encounters and standing reminders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import make_game
from driving import (
    CARD_FILLER,
    CARD_OTHERS,
    act,
    answer,
    assert_reminders,
    brief,
    card,
    cast,
    chaos_events,
    encounter,
    face_up,
    game_maker,
    instructions,
    life,
    next_turn,
    of_type,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    triggered,
    types,
)
from planechase import Event, Game
from planechase.cards.sets.doctor_who_b import CARDS

REFERENCE = Path("/work/shared/reference/planar-cards.json")

# -- helpers -----------------------------------------------------------------------------------


FILLER = CARD_FILLER
OTHERS = CARD_OTHERS


game_on = game_maker(FILLER, OTHERS)


NAMES = [c.name for c in CARDS]
PLANES = [c.name for c in CARDS if c.is_plane]


def test_the_module_scripts_the_second_half_of_the_doctor_who_cards() -> None:
    assert sorted(NAMES) == sorted(
        [
            *("Spectrox Mines", "Stormcage Containment Facility", "TARDIS Bay", "The Cave of Skulls"),
            *("The Cheetah Planet", "The Dining Car", "The Doctor's Childhood Barn", "The Doctor's Tomb"),
            *("The Drum, Mining Facility", "The Lux Foundation Library", "The Matrix of Time", "The Moonbase"),
            *("The Pyramid of Mars", "Two Streams Facility", "UNIT Headquarters"),
            *("Caught in a Parallel Universe", "Human—Time Lord Meta-Crisis", "Unleash the Flux"),
        ]
    )
    assert all(c.sets == ("WHO",) for c in CARDS)
    assert len(PLANES) == 15


@pytest.mark.skipif(not REFERENCE.exists(), reason="reference data not available")
def test_facts_match_the_reference() -> None:
    reference = {c["name"]: c for c in json.loads(REFERENCE.read_text(encoding="utf-8"))}
    for c in CARDS:
        ref = reference[c.name]
        assert (c.kind, c.type_line, c.planar_type, c.oracle_text, list(c.sets)) == (
            ref["kind"],
            ref["type_line"],
            ref["planar_type"],
            ref["oracle_text"],
            ref["sets"],
        )


# -- chaos abilities that are table instructions -------------------------------------------------

CHAOS_INSTRUCTIONS: dict[str, tuple[list[int], str]] = {
    "Spectrox Mines": ([0], "create a Food token and a 2/2 black Human Rogue creature token"),
    "Stormcage Containment Facility": ([0], "detain target creature an opponent controls"),
    "The Cave of Skulls": ([0], "create two 1/1 white Warrior creature tokens"),
    "The Lux Foundation Library": ([0], "put a shadow counter on target creature"),
    "The Matrix of Time": ([0], "create two Treasure tokens"),
    "The Moonbase": (
        [0],
        "for each opponent, choose up to one target creature card in that player's graveyard; put those cards onto "
        "the battlefield face down under your control; they're 2/2 Cyberman artifact creatures",
    ),
    "The Pyramid of Mars": ([0], "return target creature card from your graveyard to the battlefield"),
    "UNIT Headquarters": ([0], "put a +1/+1 counter on each creature you control"),
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
    assert life(game) == ([17, 20] if plane == "Spectrox Mines" else [20, 20])  # its first upkeep trigger


# -- chaos abilities that create effects -----------------------------------------------------------

CHAOS_EFFECTS: dict[str, tuple[str, str]] = {
    "The Cheetah Planet": ("cats_gain_provoke", "all Cats gain provoke until end of turn"),
    "The Dining Car": (
        "artifact_token_abilities_cost_less",
        "activated abilities of artifact tokens Alice controls cost {2} less to activate this turn",
    ),
}


@pytest.mark.parametrize("plane", sorted(CHAOS_EFFECTS))
def test_chaos_creates_an_effect_until_end_of_turn(plane: str) -> None:
    game = game_on(plane)
    events = chaos_events(game)
    kind, text = CHAOS_EFFECTS[plane]
    index = len(card(plane).abilities) - 1
    assert triggered(events) == [(plane, index, ("311.7",))]
    assert brief(events, "effect_created")[0][2]["kind"] == kind
    assert [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects] == [
        (kind, "until_end_of_turn", 0, text)
    ]
    assert [e["text"] for e in game.view()["effects"]] == [text]
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == [kind]
    assert game.state.effects == ()


def test_childhood_barn_chaos_phases_out_until_a_player_planeswalks() -> None:
    game = game_on("The Doctor's Childhood Barn")
    events = chaos_events(game)
    assert triggered(events) == [("The Doctor's Childhood Barn", 1, ("311.7",))]
    assert instructions(events) == [
        (
            "The Doctor's Childhood Barn",
            [0],
            "for each opponent, choose up to one target nonland permanent that opponent controls; untap those "
            "permanents; they phase out",
            None,
        )
    ]
    (effect,) = game.state.effects
    assert (effect.kind, effect.duration.value) == ("permanents_phased_out", "until_a_player_planeswalks")
    next_turn(game)
    assert [e.kind for e in game.state.effects] == ["permanents_phased_out"]
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == ["permanents_phased_out"]
    assert game.state.effects == ()


def test_tardis_bay_chaos_gains_control_then_planeswalks() -> None:
    game = game_on("TARDIS Bay")
    events = chaos_events(game)
    assert triggered(events) == [("TARDIS Bay", 1, ("311.7",))]
    assert instructions(events) == [("TARDIS Bay", [0], "gain control of target artifact", None)]
    assert [e.type for e in events][-3:] == ["planeswalk", "planeswalked_away", "planeswalked_to"]
    assert of_type(events, "planeswalk")[0].rules[0] == "701.31"
    assert face_up(game) == ["Tazeem"]


# -- planeswalk-to and upkeep triggers ------------------------------------------------------------


def test_spectrox_mines_lose_three_life_and_treasure_on_arrival_and_at_upkeep() -> None:
    game = game_on("Sokenzan", "Spectrox Mines")
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [("Spectrox Mines", 0, ("901.11",))]
    assert instructions(events) == [("Spectrox Mines", [0], "create a Treasure token", None)]
    assert life(game) == [17, 20]
    events = next_turn(game) + resolve_stack(game)  # Bob's upkeep: he is the planar controller
    assert triggered(events) == [("Spectrox Mines", 0, ("603.2",))]
    assert instructions(events) == [("Spectrox Mines", [1], "create a Treasure token", None)]
    assert life(game) == [17, 17]


PLANESWALK_TO_AND_UPKEEP: dict[str, str] = {
    "The Cheetah Planet": "put two +1/+1 counters on target non-Cat creature you control; it becomes a Cat in "
    "addition to its other types",
    "The Pyramid of Mars": "surveil 2",
    "UNIT Headquarters": "create a tapped 1/1 white Soldier creature token",
}


@pytest.mark.parametrize("plane", sorted(PLANESWALK_TO_AND_UPKEEP))
def test_planeswalk_to_and_upkeep_instructions(plane: str) -> None:
    text = PLANESWALK_TO_AND_UPKEEP[plane]
    game = game_on("Sokenzan", plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("901.11",))]
    assert instructions(events) == [(plane, [0], text, None)]
    events = next_turn(game) + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("603.2",))]
    assert instructions(events) == [(plane, [1], text, None)]


PLANESWALK_TO: dict[str, str] = {
    "The Dining Car": "create a Food token",
    "The Matrix of Time": "exile the top card of your library",
}


@pytest.mark.parametrize("plane", sorted(PLANESWALK_TO))
def test_planeswalk_to_each_player_instruction(plane: str) -> None:
    game = game_on("Sokenzan", plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("901.11",))]
    assert instructions(events) == [(plane, [0, 1], PLANESWALK_TO[plane], None)]
    assert of_type(events, "instruction")[0].text.startswith("Each player: ")


def test_dining_car_upkeep_sacrifice_then_investigate() -> None:
    game = game_on("The Dining Car")
    assert triggered(game.events()) == [("The Dining Car", 1, ("603.2",))]  # Alice's first upkeep
    assert [i[:2] for i in instructions(to_step(game))] == [("The Dining Car", [0])]
    events = next_turn(game) + resolve_stack(game)  # Bob's upkeep
    assert triggered(events) == [("The Dining Car", 1, ("603.2",))]
    assert instructions(events) == [
        (
            "The Dining Car",
            [1],
            "sacrifice a creature with the least toughness among creatures you control, then investigate",
            None,
        )
    ]


# -- The Drum: whenever you roll the planar die --------------------------------------------------


def test_the_drum_roll_gives_creatures_a_bonus_until_end_of_turn() -> None:
    game = game_on("The Drum, Mining Facility")
    to_step(game)
    events = roll(game, "blank") + resolve_stack(game)
    assert triggered(events) == [("The Drum, Mining Facility", 0, ("706.7", "901.9d"))]
    assert [(e.kind, e.duration.value, e.text) for e in game.state.effects] == [
        (
            "creatures_get_bonus_and_haste",
            "until_end_of_turn",
            "creatures Alice controls get +1/+1 and gain haste until end of turn",
        )
    ]
    events = next_turn(game)
    assert [e.data["kind"] for e in of_type(events, "effect_ended")] == ["creatures_get_bonus_and_haste"]


# -- The Drum: whenever chaos ensues, end the turn (723.1) ---------------------------------------------

DRUM = "The Drum, Mining Facility"


def test_723_1b_the_drum_chaos_exiles_the_spell_beneath_it_from_the_stack() -> None:
    game = game_on(DRUM)
    to_step(game)
    cast(game, "none")  # a spell waiting on the stack
    (spell,) = game.state.stack
    events = cast(game, "chaos") + resolve_top(game)  # the chaos spell resolves: the Drum triggers above the spell
    assert triggered(events) == [(DRUM, 1, ("311.7",))]
    below, drum = game.state.stack
    assert (below.id, drum.card) == (spell.id, game.state.face_up[0].card)
    events = resolve_top(game)
    assert brief(events, "turn_ending") == [
        ("turn_ending", ("723.1", "723.1b"), {"exiled": [f"{DRUM}'s ability (resolving)", "test none"]})
    ]
    assert [e.data["item"] for e in of_type(events, "resolves")] == [drum.id]  # the spell never resolves
    assert of_type(events, "resolved_other") == []
    assert game.state.stack == ()


def drum_and_bowie_base_one() -> Game:
    """Alice's precombat main phase with two planes face up (Spatial Merging): The Drum, and Bowie Base One,
    whose "at the beginning of your end step" ability is Alice's."""
    game = game_on("Sokenzan", "Spatial Merging", DRUM, "Bowie Base One")
    encounter(game)
    resolve_stack(game)
    assert face_up(game) == [DRUM, "Bowie Base One"]
    assert (game.state.step.value, game.state.stack) == ("precombat_main", ())
    return game


def test_bowie_base_one_beside_the_drum_triggers_in_an_ordinary_end_step() -> None:
    game = drum_and_bowie_base_one()
    events = to_step(game, "end")
    assert triggered(events) == [("Bowie Base One", 0, ("603.2",))]


def test_723_1d_723_1e_the_drum_chaos_skips_to_cleanup_and_end_step_abilities_do_not_trigger() -> None:
    game = drum_and_bowie_base_one()
    events = cast(game, "chaos") + resolve_top(game)
    assert sorted(triggered(events)) == [("Bowie Base One", 1, ("311.7",)), (DRUM, 1, ("311.7",))]
    decision = game.decision
    assert decision is not None and decision.kind.value == "order_triggers"
    answer(game, next(o.id for o in decision.options if o.label.startswith("Bowie Base One")))  # the Drum on top
    drum = game.state.stack[-1]
    assert drum.card == game.state.face_up[0].card
    events = resolve_stack(game)
    (ending,) = of_type(events, "turn_ending")
    resolving, exiled = ending.data["exiled"]
    assert resolving.endswith("'s ability (resolving)")
    assert exiled == card("Bowie Base One").oracle_text.split("\n")[1]  # Bowie's chaos ability, beneath the Drum
    assert [e.data["item"] for e in of_type(events, "resolves")] == [drum.id]
    assert game.state.effects == () and instructions(events) == []  # Bowie's chaos ability never resolved
    (ends,) = brief(events, "turn_ends")
    assert ends[1] == ("723.1c", "723.1d", "723.1e")
    assert ends[2]["skipped"] == [
        "beginning of combat step",
        "declare attackers step",
        "declare blockers step",
        "combat damage step",
        "end of combat step",
        "postcombat main phase",
        "end step",
    ]
    began = [e.data["step"] for e in of_type(events, "step_began") if e.data["turn"] == 1]
    assert began == ["cleanup"]  # no combat step, no postcombat main phase and no end step
    assert triggered(events) == []  # Bowie Base One's end step ability does not trigger
    assert game.state.turn == 2


def test_514_the_drum_chaos_then_cleanup_discards_and_ends_until_end_of_turn_effects() -> None:
    game = game_on(DRUM)
    to_step(game)
    roll(game, "blank")  # the Drum's roll ability: creatures get +1/+1 and haste until end of turn
    resolve_stack(game)
    (bonus,) = game.state.effects
    assert bonus.kind == "creatures_get_bonus_and_haste"
    events = cast(game, "chaos") + resolve_stack(game)
    kinds = types(events)
    cleanup = kinds.index("step_began", kinds.index("turn_ends"))
    assert of_type(events, "step_began")[0].data == {"step": "cleanup", "turn": 1, "player": 0}
    assert brief(events[cleanup + 1 : cleanup + 3], "turn_based_action", "effect_ended") == [
        (
            "turn_based_action",
            ("514.1",),
            {"player": 0, "instruction": "discard_to_hand_size"},
        ),
        (
            "effect_ended",
            ("514.2",),
            {"effect": bonus.id, "kind": "creatures_get_bonus_and_haste"},
        ),
    ]
    assert game.state.effects == ()


def test_the_drum_chaos_then_the_next_players_turn_begins() -> None:
    game = game_on(DRUM)
    events = chaos_events(game)
    assert (game.state.turn, game.state.active, game.state.step.value) == (2, 1, "upkeep")
    assert game.state.priority == 1 and game.state.planar_controller == 1
    assert brief(events, "turn_began") == [("turn_began", ("500.1", "102.1"), {"turn": 2, "player": 1, "extra": False})]
    assert face_up(game) == [DRUM]


# -- The Doctor's Tomb: whenever chaos ensues, redistribute any number of players' life totals ----------

TOMB = "The Doctor's Tomb"


def tomb_with_three_life_totals() -> Game:
    """Alice (15), Bob (18) and Carol (20); the Tomb's chaos ability is resolving and asks Alice to choose the
    players."""
    game = game_on(TOMB, players=3)
    to_step(game)
    act(game, type="life", player=0, amount=-5)
    act(game, type="life", player=1, amount=-2)
    assert life(game) == [15, 18, 20]
    events = cast(game, "chaos") + resolve_stack(game)
    assert triggered(events) == [(TOMB, 1, ("311.7",))]
    return game


def choices(game: Game) -> tuple[str, int, list[str]]:
    decision = game.decision
    assert decision is not None
    return decision.kind.value, decision.player, [o.id for o in decision.options]


def test_the_doctors_tomb_chaos_redistributes_three_life_totals() -> None:
    game = tomb_with_three_life_totals()
    assert choices(game) == ("choose_player", 0, ["player:0", "player:1", "player:2", "done"])
    answer(game, "player:2")
    assert choices(game)[2] == ["player:0", "player:1", "done"]  # a player is chosen once
    answer(game, "player:0")
    answer(game, "player:1")  # every player chosen: no "done" is asked for
    assert choices(game) == ("choose_player", 0, ["total:2", "total:0", "total:1"])
    events = answer(game, "total:0")  # Carol gets Alice's 15
    assert choices(game)[2] == ["total:2", "total:1"]  # a life total is given once
    events += answer(game, "total:1")  # Alice gets Bob's 18; Bob gets the one left, Carol's 20
    assert life(game) == [18, 20, 15]
    assert brief(events, "life_redistributed")[0][2] == {
        "players": [2, 0, 1],
        "before": [20, 15, 18],
        "after": [15, 18, 20],
    }
    assert brief(events, "life_changed") == [
        ("life_changed", ("119.5",), {"player": 2, "delta": -5, "life": 15}),
        ("life_changed", ("119.5",), {"player": 0, "delta": 3, "life": 18}),
        ("life_changed", ("119.5",), {"player": 1, "delta": 2, "life": 20}),
    ]
    assert game.decision is None and game.state.stack == ()


def test_the_doctors_tomb_chaos_swaps_two_chosen_life_totals_and_leaves_the_others() -> None:
    game = tomb_with_three_life_totals()
    answer(game, "player:0")
    answer(game, "player:2")
    events = answer(game, "done")
    assert choices(game) == ("choose_player", 0, ["total:0", "total:2"])
    events += answer(game, "total:2")  # Alice gets Carol's 20; Carol gets Alice's 15
    assert life(game) == [20, 18, 15]
    assert [(e.rules, e.data["player"]) for e in of_type(events, "life_changed")] == [
        (("119.5",), 0),
        (("119.5",), 2),
    ]


def test_the_doctors_tomb_chaos_a_player_may_keep_their_own_life_total() -> None:
    game = tomb_with_three_life_totals()
    answer(game, "player:0")
    answer(game, "player:1")
    answer(game, "done")
    events = answer(game, "total:0")  # Alice keeps her 15, so Bob keeps his 18
    assert life(game) == [15, 18, 20]
    assert of_type(events, "life_changed") == []


@pytest.mark.parametrize("chosen", [[], ["player:1"]])
def test_the_doctors_tomb_chaos_fewer_than_two_players_changes_nothing(chosen: list[str]) -> None:
    game = tomb_with_three_life_totals()
    events: list[Event] = []
    for option in [*chosen, "done"]:
        events += answer(game, option)
    assert brief(events, "no_redistribution") == [
        ("no_redistribution", ("608.2c",), {"players": [int(o.split(":")[1]) for o in chosen]})
    ]
    assert of_type(events, "life_changed", "life_redistributed") == []
    assert life(game) == [15, 18, 20]
    assert game.decision is None and game.state.stack == ()


# -- static abilities: standing reminders -------------------------------------------------------

STATIC_LINES: dict[str, list[int]] = {
    "Spectrox Mines": [],
    "Stormcage Containment Facility": [0],
    "TARDIS Bay": [0],
    "The Cave of Skulls": [0],
    "The Cheetah Planet": [],
    "The Dining Car": [],
    "The Doctor's Childhood Barn": [0],
    "The Doctor's Tomb": [0],
    "The Drum, Mining Facility": [],
    "The Lux Foundation Library": [0, 1],
    "The Matrix of Time": [1],  # its third ability is reported (see below)
    "The Moonbase": [0],
    "The Pyramid of Mars": [],
    "Two Streams Facility": [1, 2],
    "UNIT Headquarters": [],
}


def test_every_plane_is_listed_for_its_reminders() -> None:
    assert sorted(STATIC_LINES) == sorted(PLANES)


@pytest.mark.parametrize("plane", sorted(STATIC_LINES))
def test_static_abilities_show_as_reminders(plane: str) -> None:
    assert_reminders(game_on(plane), plane, STATIC_LINES[plane])


# -- phenomena ------------------------------------------------------------------------------------

ENCOUNTERS: dict[str, list[tuple[list[int], str]]] = {
    "Caught in a Parallel Universe": [
        (
            [0, 1],
            "choose a creature controlled by the player to your left; create a token that's a copy of it, except "
            "it has menace",
        )
    ],
    "Human—Time Lord Meta-Crisis": [
        (
            [0, 1],
            "choose one or two creatures you control; create a token that's a copy of the first, except it isn't "
            "legendary; if you chose a second creature, put a number of +1/+1 counters on that token equal to the "
            "second creature's power",
        )
    ],
}


@pytest.mark.parametrize("phenomenon", sorted(ENCOUNTERS))
def test_phenomenon_encounter(phenomenon: str) -> None:
    game = game_on("Sokenzan", phenomenon)
    events = encounter(game) + resolve_stack(game)
    assert triggered(events)[0] == (phenomenon, 0, ("312.5",))
    assert instructions(events) == [(phenomenon, *i, None) for i in ENCOUNTERS[phenomenon]]
    assert face_up(game) == ["Tazeem"]  # 704.6f: then planeswalk away from the phenomenon


def test_603_2_two_streams_facility_as_starting_plane_triggers_at_the_first_upkeep_only() -> None:
    """ "At the beginning of the first upkeep of the game": once, in the first upkeep, even for the
    starting plane (which never triggers when it is turned up, 901.5)."""
    from driving import answer, next_turn, of_type

    deck = (
        "Two Streams Facility",
        "Spectrox Mines",
        "TARDIS Bay",
        "The Moonbase",
        "The Cave of Skulls",
        "The Cheetah Planet",
        "The Dining Car",
        "UNIT Headquarters",
        "The Pyramid of Mars",
        "Stormcage Containment Facility",
    )
    game = make_game([deck, deck])
    setup = game.history[0].events
    assert [e.data["card"] for e in of_type(setup, "ability_triggered")] == ["Two Streams Facility"]
    resolve_stack(game)
    while game.decision is not None:  # each player chooses (see tests/rules/test_614_1a_...)
        answer(game, "red waterfall")
        resolve_stack(game)
    assert [c.value for c in game.state.choices] == ["red waterfall", "red waterfall"]
    later = next_turn(game) + next_turn(game)
    assert [e for e in of_type(later, "ability_triggered") if e.data["card"] == "Two Streams Facility"] == []


# -- coin flips and reported events ----------------------------------------------------------------


@pytest.mark.parametrize(("flips", "rounds"), [(("coin:win",), 1), (("coin:lose", "coin:lose", "coin:win"), 3)])
def test_705_unleash_the_flux_repeats_the_sacrifice_until_the_coin_flip_is_won(
    flips: tuple[str, ...], rounds: int
) -> None:
    game = game_on("Sokenzan", "Unleash the Flux")
    game.force(*flips)
    events = encounter(game) + resolve_stack(game)
    sacrifice = ("Unleash the Flux", [0, 1], "sacrifice a nonland permanent of your choice", None)
    assert instructions(events) == [sacrifice] * rounds
    coins = [e for e in events if e.type == "coin_flipped"]
    assert [(e.data["won"], e.data["round"], e.data["player"]) for e in coins] == [
        (i == rounds, i, 0) for i in range(1, rounds + 1)
    ]
    assert all(e.rules == ("705.1", "705.2", "608.2c") for e in coins)
    assert face_up(game) == ["Tazeem"]  # 704.6f: then planeswalk away from the phenomenon


def test_603_2_the_matrix_of_time_a_reported_play_costs_the_cards_owner_3_life() -> None:
    game = game_on("The Matrix of Time")
    to_step(game)
    source = game.state.face_up[0].object_id
    act(game, type="report", player=1, source=source, ability=2)  # Alice casts a spell Bob owns
    events = resolve_stack(game)
    assert [(e.data["player"], e.data["delta"]) for e in events if e.type == "life_changed"] == [(1, -3)]
    assert instructions(events) == [("The Matrix of Time", [1], "exile the top card of your library", None)]
