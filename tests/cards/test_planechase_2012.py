"""Every ability of the Planechase 2012 planes and phenomena, triggered through the engine, with its
result checked: table instructions with their numbers, life changes, effects created and standing
reminders."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import make_game
from driving import (
    CARD_FILLER,
    CARD_OTHERS,
    act,
    answer,
    assert_reminders,
    brief,
    chaos_events,
    deck_maker,
    encounter,
    face_up,
    game_maker,
    instructions,
    life,
    next_turn,
    of_type,
    pass_once,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    triggered,
)
from planechase import Event, Game
from planechase.cards.sets.planechase_2012 import CARDS

# -- helpers -----------------------------------------------------------------------------------


FILLER = CARD_FILLER
OTHERS = CARD_OTHERS

deck_with = deck_maker(FILLER)


game_on = game_maker(FILLER, OTHERS)


NAMES = [card.name for card in CARDS]
PLANES = [card.name for card in CARDS if card.is_plane]


def test_the_module_scripts_the_planechase_2012_cards() -> None:
    assert sorted(NAMES) == sorted(
        [
            *("Akoum", "Astral Arena", "Bloodhill Bastion", "Edge of Malacol", "Furnace Layer", "Gavony"),
            *("Glen Elendra", "Grand Ossuary", "Grove of the Dreampods", "Hedron Fields of Agadeem", "Jund"),
            *("Kessig", "Kharasha Foothills", "Lair of the Ashen Idol", "Nephalia", "Norn's Dominion"),
            *("Onakke Catacomb", "Orochi Colony", "Orzhova", "Prahv", "Quicksilver Sea", "Selesnya Loft Gardens"),
            *("Stensia", "Takenuma", "Talon Gates", "The Zephyr Maze", "Trail of the Mage-Rings", "Truga Jungle"),
            *("Windriddle Palaces", "Morphic Tide", "Mutual Epiphany", "Reality Shaping"),
        ]
    )


# -- chaos abilities that are table instructions -------------------------------------------------

CHAOS_INSTRUCTIONS: dict[str, tuple[list[int], str]] = {
    "Akoum": ([0], "destroy target creature that isn't enchanted"),
    "Astral Arena": ([], "Astral Arena deals 2 damage to each creature"),
    "Bloodhill Bastion": (
        [0],
        "exile target nontoken creature you control, then return it to the battlefield under your control",
    ),
    "Edge of Malacol": ([0], "untap each creature you control"),
    "Furnace Layer": ([0], "you may destroy target nonland permanent"),
    "Glen Elendra": ([0], "gain control of target creature you own"),
    "Grove of the Dreampods": ([0], "return target creature card from your graveyard to the battlefield"),
    "Hedron Fields of Agadeem": ([0], "create a 7/7 colorless Eldrazi creature token with annihilator 1"),
    "Jund": ([0], "create two 1/1 red Goblin creature tokens"),
    "Kharasha Foothills": (
        [0],
        "you may sacrifice any number of creatures; if you do, Kharasha Foothills deals that much damage to "
        "target creature",
    ),
    "Nephalia": ([0], "return target card from your graveyard to your hand"),
    "Norn's Dominion": ([0], "you may put a fate counter on target permanent"),
    "Orochi Colony": ([0], "target creature can't be blocked this turn"),
    "Orzhova": ([0], "for each opponent, exile up to one target creature card from that player's graveyard"),
    "Quicksilver Sea": ([0], "reveal the top card of your library; you may play it without paying its mana cost"),
    "Takenuma": ([0], "return target creature you control to its owner's hand"),
    "Talon Gates": ([0], "remove two time counters from each suspended card you own"),
    "The Zephyr Maze": ([0], "target creature gains flying until end of turn"),
    "Trail of the Mage-Rings": (
        [0],
        "you may search your library for an instant or sorcery card, reveal it, put it into your hand, then shuffle",
    ),
    "Truga Jungle": (
        [0],
        "reveal the top three cards of your library; put all land cards revealed this way into your hand and the "
        "rest on the bottom of your library in any order",
    ),
    "Windriddle Palaces": ([0, 1], "mill a card"),
}

#: Planes whose upkeep trigger asks something as the game starts, with the answer that changes nothing
#: (Furnace Layer: the discarded card was not a land; Lair of the Ashen Idol: a creature was sacrificed).
STARTS_WITH_A_QUESTION = {"Furnace Layer": "no", "Lair of the Ashen Idol": "yes"}


def settle_upkeep(game: Game, plane: str) -> None:
    """Resolve the starting plane's own upkeep trigger, answering its question (no planeswalk). Furnace
    Layer asks the player selected at random as the game began, whoever that is."""
    if plane in STARTS_WITH_A_QUESTION:
        resolve_stack(game)
        answer(game, STARTS_WITH_A_QUESTION[plane])


@pytest.mark.parametrize("plane", sorted(CHAOS_INSTRUCTIONS))
def test_chaos_is_a_table_instruction(plane: str) -> None:
    game = game_on(plane)
    settle_upkeep(game, plane)
    events = chaos_events(game)
    index = len(game_plane(plane).abilities) - 1
    assert triggered(events)[-1] == (plane, index, ("311.7",))
    assert instructions(events) == [(plane, *CHAOS_INSTRUCTIONS[plane], None)]
    assert face_up(game) == [plane]
    assert life(game) == [20, 20]


def game_plane(name: str) -> Any:
    return next(card for card in CARDS if card.name == name)


def test_chaos_instruction_text_names_who_carries_it_out() -> None:
    game = game_on("Windriddle Palaces")
    events = chaos_events(game)
    assert [e.text for e in of_type(events, "instruction")] == ["Each player: mill a card."]
    game = game_on("Jund")
    events = chaos_events(game)
    assert [e.text for e in of_type(events, "instruction")] == ["Alice: create two 1/1 red Goblin creature tokens."]


# -- chaos abilities that create effects until end of turn ---------------------------------------

CHAOS_EFFECTS: dict[str, tuple[str, str]] = {
    "Gavony": ("creatures_gain_indestructible", "creatures Alice controls gain indestructible until end of turn"),
    "Kessig": (
        "creatures_become_werewolves",
        "each creature Alice controls gets +2/+2, gains trample, and becomes a Werewolf in addition to its other "
        "types until end of turn",
    ),
    "Onakke Catacomb": (
        "creatures_get_first_strike",
        "creatures Alice controls get +1/+0 and gain first strike until end of turn",
    ),
    "Selesnya Loft Gardens": (
        "lands_add_extra_mana",
        "until end of turn, whenever Alice taps a land for mana, Alice adds one mana of any type that land produced",
    ),
    "Stensia": (
        "creatures_gain_damage_ability",
        'each creature Alice controls has "{T}: This creature deals 1 damage to target player or planeswalker" '
        "until end of turn",
    ),
}


@pytest.mark.parametrize("plane", sorted(CHAOS_EFFECTS))
def test_chaos_creates_an_effect_until_end_of_turn(plane: str) -> None:
    game = game_on(plane)
    events = chaos_events(game)
    kind, text = CHAOS_EFFECTS[plane]
    assert brief(events, "effect_created")[0][2]["kind"] == kind
    assert [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects] == [
        (kind, "until_end_of_turn", 0, text)
    ]
    assert [e["text"] for e in game.view()["effects"]] == [text]
    next_turn(game)
    assert game.state.effects == ()


# -- static abilities: standing reminders -------------------------------------------------------

#: For each plane, the lines of its Oracle text that are static abilities (shown as reminders).
STATIC_LINES: dict[str, list[int]] = {
    "Akoum": [0],
    "Astral Arena": [0, 1],
    "Bloodhill Bastion": [0],
    "Edge of Malacol": [0],
    "Furnace Layer": [],
    "Gavony": [0],
    "Glen Elendra": [],
    "Grand Ossuary": [0],
    "Grove of the Dreampods": [],
    "Hedron Fields of Agadeem": [0],
    "Jund": [],
    "Kessig": [0],
    "Kharasha Foothills": [0],
    "Lair of the Ashen Idol": [],
    "Nephalia": [],
    "Norn's Dominion": [],
    "Onakke Catacomb": [0],
    "Orochi Colony": [0],
    "Orzhova": [],
    "Prahv": [0, 1],
    "Quicksilver Sea": [],
    "Selesnya Loft Gardens": [0, 1],
    "Stensia": [0],
    "Takenuma": [0],
    "Talon Gates": [0],
    "The Zephyr Maze": [0, 1],
    "Trail of the Mage-Rings": [0],
    "Truga Jungle": [0],
    "Windriddle Palaces": [0, 1],
}


def test_every_plane_is_listed_for_its_reminders() -> None:
    assert sorted(STATIC_LINES) == sorted(PLANES)


@pytest.mark.parametrize("plane", sorted(STATIC_LINES))
def test_static_abilities_show_as_reminders(plane: str) -> None:
    assert_reminders(game_on(plane), plane, STATIC_LINES[plane])


# -- Furnace Layer: a player selected at random --------------------------------------------------


def selection(events: list[Event]) -> tuple[int, int]:
    """(the player selected at random, the stack object whose target they are), checking that the
    selection is made as Furnace Layer's ability is put on the stack (603.3d), not as it resolves."""
    (selected,) = of_type(events, "selected_at_random")
    assert selected.rules == ("115.1", "603.3d")
    assert selected.data["chance"] == f"seat:{selected.data['player']}"
    (triggered_event,) = [e for e in of_type(events, "ability_triggered") if e.data.get("card") == "Furnace Layer"]
    item = triggered_event.data["item"]
    assert selected.data["item"] == item
    order = [(e.type, e.data.get("item")) for e in events]
    assert order.index(("selected_at_random", item)) < order.index(("put_on_stack", item))
    assert order.index(("put_on_stack", item)) < order.index(("resolves", item))
    return selected.data["player"], item


@pytest.mark.parametrize(("land", "expected"), [("yes", [20, 17]), ("no", [20, 20])])
def test_furnace_layer_planeswalk_to_random_player_discards_and_loses_3_for_a_land(
    land: str, expected: list[int]
) -> None:
    game = game_on("Sokenzan", "Furnace Layer")
    to_step(game)
    events = roll(game, "planeswalker", "seat:1") + resolve_stack(game)
    assert triggered(events) == [("Furnace Layer", 0, ("901.11",))]
    assert selection(events)[0] == 1
    assert instructions(events) == [("Furnace Layer", [1], "discard a card", None)]
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player) == ("may", 1)
    assert decision.prompt == "Furnace Layer: did you discard a land card?"
    events = answer(game, land)
    assert life(game) == expected
    if land == "yes":
        assert brief(events, "life_changed") == [("life_changed", ("119.3",), {"player": 1, "delta": -3, "life": 17})]
    else:
        assert of_type(events, "life_changed") == []


def test_furnace_layer_can_select_its_controller() -> None:
    game = game_on("Sokenzan", "Furnace Layer")
    to_step(game)
    events = roll(game, "planeswalker", "seat:0") + resolve_stack(game)
    assert selection(events)[0] == 0
    assert instructions(events) == [("Furnace Layer", [0], "discard a card", None)]
    answer(game, "yes")
    assert life(game) == [17, 20]
    game.force("seat:1")  # used as Bob's upkeep trigger is put on the stack: he is the planar controller now
    events = next_turn(game) + resolve_stack(game)
    assert triggered(events) == [("Furnace Layer", 0, ("603.2",))]
    assert selection(events)[0] == 1
    assert instructions(events) == [("Furnace Layer", [1], "discard a card", None)]
    decision = game.decision
    assert decision is not None and decision.player == 1
    answer(game, "no")
    assert life(game) == [17, 20]


def test_furnace_layer_unforced_selection_is_a_player_in_the_game() -> None:
    selected: set[int] = set()
    for seed in range(12):
        game = make_game(
            [deck_with("Sokenzan", "Furnace Layer"), OTHERS, OTHERS], players=("Alice", "Bob", "Carol"), seed=seed
        )
        act(game, type="concede", player=2)
        to_step(game)
        events = roll(game, "planeswalker") + resolve_stack(game)
        seat, _ = selection(events)
        decision = game.decision
        assert decision is not None and decision.player == seat
        selected.add(seat)
    assert selected == {0, 1}  # never Carol, who left the game; both the others in a dozen seeds


# -- Lair of the Ashen Idol: sacrifice a creature, or planeswalk --------------------------------


def test_lair_of_the_ashen_idol_upkeep_sacrifice_or_planeswalk() -> None:
    game = game_on("Lair of the Ashen Idol")
    events = resolve_stack(game)
    assert instructions(events) == [("Lair of the Ashen Idol", [0], "sacrifice a creature", None)]
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("may", 0)
    assert decision.prompt == "Lair of the Ashen Idol: did you sacrifice a creature?"
    mark = len(game.history) - 1
    events = answer(game, "yes") + resolve_stack(game)
    assert of_type(events, "planeswalk") == []
    assert face_up(game) == ["Lair of the Ashen Idol"]
    game.undo_to(mark)
    events = answer(game, "no") + resolve_stack(game)
    assert brief(events, "planeswalk") == [("planeswalk", ("701.31",), {"player": 0})]
    assert face_up(game) == ["Tazeem"]


def lair_chaos(game: Game) -> list[Event]:
    """Lair of the Ashen Idol as the starting plane of a three-player game: its upkeep trigger is
    answered (a creature was sacrificed), then chaos ensues and its ability waits for its targets."""
    settle_upkeep(game, "Lair of the Ashen Idol")
    events = chaos_events(game)
    assert triggered(events) == [("Lair of the Ashen Idol", 1, ("311.7",))]
    return events


def target_options(game: Game) -> list[str]:
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player, decision.rule) == (
        "choose_target",
        0,
        "603.3d",
    )
    return [o.id for o in decision.options]


def test_lair_of_the_ashen_idol_chaos_any_number_of_target_players_each_create_a_zombie() -> None:
    game = game_on("Lair of the Ashen Idol", players=3)
    events = lair_chaos(game)
    assert target_options(game) == ["player:0", "player:1", "player:2", "done"]
    events += answer(game, "player:2")
    assert target_options(game) == ["player:0", "player:1", "done"]  # 115.3: a player is chosen once
    events += answer(game, "player:0")
    assert target_options(game) == ["player:1", "done"]
    events += answer(game, "done") + resolve_stack(game)
    assert game.state.stack == () and game.decision is None
    ((card, players, text, n),) = instructions(events)
    assert (card, sorted(players), text, n) == (
        "Lair of the Ashen Idol",
        [0, 2],
        "create a 2/2 black Zombie creature token",
        None,
    )
    assert life(game) == [20, 20, 20]


def test_lair_of_the_ashen_idol_chaos_with_no_target_player_instructs_nobody() -> None:
    game = game_on("Lair of the Ashen Idol", players=3)
    lair_chaos(game)
    events = answer(game, "done") + resolve_stack(game)
    assert of_type(events, "fizzles") == []  # no target was chosen, so none is illegal (608.2b)
    assert brief(events, "no_player") == [("no_player", ("608.2c",), {})]
    assert instructions(events) == []
    assert game.state.stack == () and game.decision is None


# -- Prahv: a number only the table knows ------------------------------------------------------


def test_prahv_chaos_you_report_the_cards_in_your_hand_and_gain_that_much_life() -> None:
    game = game_on("Prahv")
    events = chaos_events(game)
    assert triggered(events) == [("Prahv", 2, ("311.7",))]
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_number", 0, "608.2c")
    assert decision.prompt == "Prahv: what is the number of cards in your hand?"
    events = answer(game, "5") + resolve_stack(game)
    assert brief(events, "table_answer", "life_changed") == [
        (
            "table_answer",
            ("608.2c",),
            {"player": 0, "question": "the number of cards in your hand", "answer": 5, "card": "Prahv"},
        ),
        ("life_changed", ("119.3",), {"player": 0, "delta": 5, "life": 25}),
    ]
    assert life(game) == [25, 20]
    assert instructions(events) == []


# -- Jund: whenever a player casts a black, red or green creature spell ----------------------------


def cast_by_bob(game: Game, types: str, *, spell: bool = True) -> list[Event]:
    """In Alice's main phase she passes, and Bob casts a spell (or puts an ability on the stack)
    described by ``types``."""
    to_step(game)
    events = pass_once(game)
    return events + act(game, type="cast", player=1, label=f"test {types}", types=types, spell=spell)


@pytest.mark.parametrize("types", ["red creature", "black artifact creature", "green, white creature"])
def test_jund_a_black_red_or_green_creature_spell_gains_devour_5(types: str) -> None:
    game = game_on("Jund")
    events = cast_by_bob(game, types)
    assert triggered(events) == [("Jund", 0, ("603.2", "601.2i"))]
    spell, ability = game.state.stack
    assert (ability.controller, ability.subject, ability.subject_item) == (0, 1, spell.id)
    events = resolve_top(game)
    assert instructions(events) == [("Jund", [1], "the creature spell you cast gains devour 5", None)]
    assert [item.id for item in game.state.stack] == [spell.id]


@pytest.mark.parametrize("types", ["white creature", "blue artifact creature", "red instant", "green sorcery", ""])
def test_jund_does_not_trigger_for_other_spells(types: str) -> None:
    game = game_on("Jund")
    events = cast_by_bob(game, types)
    assert of_type(events, "ability_triggered") == []
    assert len(game.state.stack) == 1


def test_jund_does_not_trigger_for_an_ability() -> None:
    game = game_on("Jund")
    events = cast_by_bob(game, "red creature", spell=False)
    assert of_type(events, "ability_triggered") == []


# -- step triggers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plane", "text"),
    [
        ("Quicksilver Sea", "scry 4"),
        (
            "Grove of the Dreampods",
            "reveal cards from the top of your library until you reveal a creature card; put that card onto the "
            "battlefield and the rest on the bottom of your library in a random order",
        ),
    ],
)
def test_planeswalk_to_and_upkeep_instructions(plane: str, text: str) -> None:
    game = game_on("Sokenzan", plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events) == [(plane, 0, ("901.11",))]
    assert instructions(events) == [(plane, [0], text, None)]
    events = next_turn(game) + resolve_stack(game)  # Bob's upkeep: he is the planar controller
    assert triggered(events) == [(plane, 0, ("603.2",))]
    assert instructions(events) == [(plane, [1], text, None)]


def test_nephalia_end_step_mill_and_return() -> None:
    game = game_on("Nephalia")
    events = to_step(game, "end")
    assert triggered(events) == [("Nephalia", 0, ("603.2",))]
    assert instructions(events) == [
        ("Nephalia", [0], "mill seven cards, then return a card at random from your graveyard to your hand", None)
    ]


# -- planeswalking away --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("plane", "players", "text"),
    [
        (
            "Norn's Dominion",
            [],
            "destroy each nonland permanent without a fate counter on it, then remove all fate counters from all "
            "permanents",
        ),
        ("Orzhova", [0, 1], "return all creature cards from your graveyard to the battlefield"),
    ],
)
def test_planeswalk_away_instructions(plane: str, players: list[int], text: str) -> None:
    game = game_on(plane)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert triggered(events)[0][:2] == (plane, 0)
    assert instructions(events)[0] == (plane, players, text, None)
    assert face_up(game) == ["Tazeem"]


# -- Grand Ossuary: then planeswalk ------------------------------------------------------------


def test_grand_ossuary_chaos_exile_saprolings_then_planeswalk() -> None:
    game = game_on("Grand Ossuary")
    events = chaos_events(game)
    assert instructions(events)[0] == (
        "Grand Ossuary",
        [0, 1],
        "exile all creatures you control and create X 1/1 green Saproling creature tokens, where X is the total "
        "power of the creatures you exiled this way",
        None,
    )
    assert brief(events, "planeswalk") == [("planeswalk", ("701.31",), {"player": 0})]
    assert face_up(game) == ["Tazeem"]


# -- phenomena -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("phenomenon", "text"),
    [
        ("Mutual Epiphany", "draw four cards"),
        (
            "Morphic Tide",
            "shuffle all permanents you own into your library, then reveal that many cards from the top of your "
            "library; put all artifact, creature, land, and planeswalker cards revealed this way onto the "
            "battlefield, then do the same for enchantment cards, then put all cards revealed this way that weren't "
            "put onto the battlefield on the bottom of your library in any order",
        ),
    ],
)
def test_phenomenon_encounter_each_player_instruction(phenomenon: str, text: str) -> None:
    game = game_on("Sokenzan", phenomenon)
    events = encounter(game) + resolve_stack(game)
    assert triggered(events)[0] == (phenomenon, 0, ("312.5",))
    assert instructions(events) == [(phenomenon, [0, 1], text, None)]
    assert face_up(game) == ["Tazeem"]  # 704.6f: then planeswalk away from the phenomenon


def test_reality_shaping_each_player_in_turn_starting_with_the_encountering_player() -> None:
    game = make_game(
        [deck_with("Sokenzan"), deck_with("Otaria", "Reality Shaping"), OTHERS],
        players=("Alice", "Bob", "Carol"),
    )
    next_turn(game)  # Bob's turn: he planeswalks to Otaria, then encounters Reality Shaping
    resolve_stack(game)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert face_up(game) == ["Otaria"]
    events = roll(game, "planeswalker") + resolve_stack(game)
    text = "you may put a permanent card from your hand onto the battlefield"
    assert instructions(events) == [("Reality Shaping", [1, 2, 0], text, None)]
    (event,) = of_type(events, "instruction")
    assert event.text == f"In turn, starting with Bob, then Carol, then Alice: {text}."
    assert event.rules == ("608.2c", "101.4")


def test_reality_shaping_order_follows_a_reversed_turn_order() -> None:
    game = make_game(
        [deck_with("Sokenzan", "Time Distortion", "Reality Shaping"), OTHERS, OTHERS],
        players=("Alice", "Bob", "Carol"),
    )
    events = encounter(game) + resolve_stack(game)  # Time Distortion, then Reality Shaping turns up
    assert game.state.direction == -1
    assert instructions(events)[-1][:2] == ("Reality Shaping", [0, 2, 1])
    assert face_up(game) == ["Tazeem"]


def test_603_2_glen_elendra_triggers_at_each_end_of_combat() -> None:
    from conftest import make_game
    from driving import advance, of_type, resolve_stack

    deck = (
        "Glen Elendra",
        *(c for c in ("Akoum", "Jund", "Kessig", "Gavony", "Stensia", "Prahv", "Orzhova", "Nephalia", "Truga Jungle")),
    )
    game = make_game([deck, deck])
    resolve_stack(game)
    events = advance(game, "end_of_combat")
    assert game.state.step.value == "end_of_combat"
    assert [e.data["card"] for e in of_type(events, "ability_triggered")] == ["Glen Elendra"]
    events = resolve_stack(game)
    first = of_type(events, "instruction")[0]
    assert first.data["instruction"].startswith("you may exchange control")
