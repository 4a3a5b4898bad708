"""Every ability of the Planechase 2009 planes (src/planechase/cards/sets/planechase_2009.py), triggered
through the engine, with its result checked: table instructions with their players and numbers, life
changes, continuous effects and standing reminders."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from driving import (
    CARD_FILLER,
    act,
    answer,
    brief,
    encounter,
    face_up,
    game_maker,
    instructions,
    life,
    next_turn,
    of_type,
    option_for,
    pass_once,
    priority_holder,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
)
from planechase import Event, Game
from planechase.cards.catalog import CATALOG
from planechase.cards.model import TriggerKind
from planechase.cards.sets.planechase_2009 import CARDS

FILLER = CARD_FILLER
OTHERS = ("Otaria", *FILLER[2:], "Tazeem")

ALICE, BOB, CAROL = 0, 1, 2

# -- helpers -----------------------------------------------------------------------------------


game_on = game_maker(FILLER, OTHERS)


def triggered(events: Iterable[Event]) -> list[tuple[str, int]]:
    return [(e.data["card"], e.data["ability"]) for e in of_type(events, "ability_triggered") if "card" in e.data]


def settle(game: Game, target: str = "player:1", may: str = "yes") -> list[Event]:
    """Resolve everything, choosing ``target`` for targeted triggers and ``may`` for "you may"."""
    out: list[Event] = []
    for _ in range(20):
        out += resolve_stack(game)
        decision = game.decision
        if decision is None:
            return out
        kind = decision.kind.value
        out += answer(game, target if kind == "choose_target" else may if kind == "may" else decision.options[0].id)
    raise AssertionError("did not settle")


def make_chaos(game: Game) -> list[Event]:
    """The player with priority puts an ability (not a spell) on the stack that makes chaos ensue as it
    resolves: no "whenever a player casts a spell" ability of the plane joins in."""
    return act(game, type="cast", player=priority_holder(game), label="test chaos", effect="chaos", spell=False)


def cast_spell(game: Game, seat: int, types: str, *, effect: str = "none", spell: bool = True) -> list[Event]:
    """In a main phase with an empty stack, the players before ``seat`` pass and ``seat`` casts a spell
    (or, with ``spell`` false, puts an ability on the stack) described by the words ``types``."""
    out: list[Event] = []
    while priority_holder(game) != seat:
        out += pass_once(game)
    label = f"test {types or 'spell'}"
    return out + act(game, type="cast", player=seat, label=label, effect=effect, spell=spell, types=types)


def fire(game: Game, how: str) -> list[Event]:
    """Trigger the plane's abilities listening for ``how`` and resolve them."""
    if how == "chaos":  # what the start of the game triggers is resolved first, and not returned
        settle(game)
        to_step(game)
        return make_chaos(game) + settle(game)
    if how == "upkeep":  # the game begins in Alice's upkeep, her starting plane face up and triggered
        return list(game.events()) + settle(game)
    if how == "draw":  # Alice skips her first draw (103.8): Bob's draw step, Bob the planar controller
        out = settle(game) + next_turn(game) + settle(game)
        return out + to_step(game, "draw") + settle(game)
    raise ValueError(how)


def game_for(card: str, how: str) -> Game:
    if how == "planeswalk_to":
        return game_on("Tazeem", card)
    return game_on(card)


def fire_for(game: Game, how: str) -> list[Event]:
    if how == "planeswalk_to":
        out = to_step(game) + roll(game, "planeswalker")
        return out + settle(game)
    return fire(game, how)


# -- the table instructions ------------------------------------------------------------------------

#: (card, trigger, ability index) -> the instructions it gives: (players, text, amount). Alice controls
#: the planes (seat 0); targeted players are Bob (seat 1). Chaos is ensued by a spell in her main phase.
INSTRUCTIONS: dict[tuple[str, str, int], list[tuple[list[int], str, Any]]] = {
    ("Bant", "chaos", 1): [
        (
            [ALICE],
            "put a divinity counter on target green, white, or blue creature; it has indestructible for as long "
            "as it has a divinity counter on it",
            None,
        )
    ],
    ("Cliffside Market", "chaos", 1): [
        ([ALICE], "exchange control of two target permanents that share a card type", None)
    ],
    ("Feeding Grounds", "chaos", 2): [
        ([ALICE], "put X +1/+1 counters on target creature, where X is that creature's mana value", None)
    ],
    ("Glimmervoid Basin", "chaos", 1): [
        (
            [],
            "Alice chooses target creature; each player except that creature's controller creates a token that's "
            "a copy of it",
            None,
        )
    ],
    ("Goldmeadow", "chaos", 1): [([ALICE], "create a 0/1 white Goat creature token", None)],
    ("Grixis", "chaos", 1): [
        ([ALICE], "put target creature card from a graveyard onto the battlefield under your control", None)
    ],
    ("Immersturm", "chaos", 1): [
        ([], "exile target creature, then return it to the battlefield under its owner's control", None)
    ],
    ("Isle of Vesuva", "chaos", 1): [
        ([], "destroy target creature and all other creatures with the same name as that creature", None)
    ],
    ("Krosa", "chaos", 1): [([ALICE], "you may add {W}{U}{B}{R}{G}", None)],
    ("Lethe Lake", "upkeep", 0): [([ALICE], "mill ten cards", None)],
    ("Lethe Lake", "chaos", 1): [([BOB], "mill ten cards", None)],
    ("Llanowar", "chaos", 1): [([ALICE], "untap all creatures you control", None)],
    ("Minamo", "chaos", 1): [([ALICE, BOB], "you may return a blue card from your graveyard to your hand", None)],
    ("Murasa", "chaos", 1): [([], "target land becomes a 4/4 creature that's still a land", None)],
    ("Naya", "chaos", 1): [
        (
            [ALICE],
            "target red, green, or white creature you control gets +1/+1 until end of turn for each land you control",
            None,
        )
    ],
    ("Panopticon", "planeswalk_to", 0): [([ALICE], "draw a card", None)],
    ("Panopticon", "draw", 1): [([BOB], "draw an additional card", None)],
    ("Panopticon", "chaos", 2): [([ALICE], "draw a card", None)],
    ("Raven's Run", "chaos", 1): [
        (
            [ALICE],
            "put a -1/-1 counter on target creature, two -1/-1 counters on another target creature, and three "
            "-1/-1 counters on a third target creature",
            None,
        )
    ],
    ("Sea of Sand", "chaos", 3): [([], "put target permanent on top of its owner's library", None)],
    ("Shiv", "chaos", 1): [([ALICE], "create a 5/5 red Dragon creature token with flying", None)],
    ("The Aether Flues", "upkeep", 0): [
        (
            [ALICE],
            "you may sacrifice a creature; if you do, reveal cards from the top of your library until you reveal "
            "a creature card, put that card onto the battlefield, then shuffle all other cards revealed this way "
            "into your library",
            None,
        )
    ],
    ("The Aether Flues", "chaos", 1): [
        ([ALICE], "you may put a creature card from your hand onto the battlefield", None)
    ],
    ("The Dark Barony", "chaos", 1): [([BOB], "discard a card", None)],
    ("The Fourth Sphere", "upkeep", 0): [([ALICE], "sacrifice a nonblack creature", None)],
    ("The Fourth Sphere", "chaos", 1): [([ALICE], "create a 2/2 black Zombie creature token", None)],
    ("The Hippodrome", "chaos", 1): [([ALICE], "you may destroy target creature if its power is 0 or less", None)],
    ("The Maelstrom", "upkeep", 0): [
        (
            [ALICE],
            "you may reveal the top card of your library; if it's a permanent card, you may put it onto the "
            "battlefield; if you revealed a card but didn't put it onto the battlefield, put it on the bottom "
            "of your library",
            None,
        )
    ],
    ("The Maelstrom", "chaos", 1): [
        ([ALICE], "return target permanent card from your graveyard to the battlefield", None)
    ],
    ("Turri Island", "chaos", 1): [
        (
            [ALICE],
            "reveal the top three cards of your library; put all creature cards revealed this way into your hand "
            "and the rest into your graveyard",
            None,
        )
    ],
    ("Velis Vel", "chaos", 1): [([], "target creature gains all creature types until end of turn", None)],
    ("Horizon Boughs", "chaos", 1): [
        (
            [ALICE],
            "you may search your library for up to three basic land cards, put them onto the battlefield tapped, "
            "then shuffle",
            None,
        )
    ],
    ("Mirrored Depths", "chaos", 1): [
        (
            [BOB],
            "reveal the top card of your library; if it's a nonland card, Alice may cast it without paying its "
            "mana cost",
            None,
        )
    ],
    ("Tember City", "chaos", 1): [([BOB], "sacrifice a nonland permanent of your choice", None)],
}

#: Abilities carried out by the engine (tested one by one below): (card, ability index).
ENGINE = {
    ("Cliffside Market", 0),
    ("Eloren Wilds", 1),
    ("Izzet Steam Maze", 1),
    ("The Great Forest", 1),
    ("Undercity Reaches", 1),
    ("Celestine Reef", 1),
    ("Skybreen", 2),
    ("Stronghold Furnace", 1),
}

#: Abilities that trigger on an event the table reports (603.2): tested in
#: tests/rules/test_603_2_reported_triggers.py.
REPORTED = {("Sea of Sand", 1), ("Sea of Sand", 2), ("The Dark Barony", 0), ("Tember City", 0)}

#: "Whenever a player casts a spell" abilities (601.2i, 603.2): card -> (ability index, the words of a
#: spell that triggers it, the words of spells that don't). Each is tested for triggering below, and
#: what it does one by one.
SPELL_CAST: dict[str, tuple[int, str, tuple[str, ...]]] = {
    "Minamo": (0, "green creature", ()),
    "Mirrored Depths": (0, "", ()),
    "Izzet Steam Maze": (0, "red sorcery", ("red creature", "artifact")),
    "Glimmervoid Basin": (
        0,
        "blue instant single-target",
        ("blue instant", "creature single-target", "sorcery"),
    ),
}

#: Static abilities that change how the engine runs the game (tested one by one below).
RULE_CHANGES = {("Stronghold Furnace", 0)}


@pytest.mark.parametrize(("card", "how", "index"), sorted(INSTRUCTIONS))
def test_ability_gives_its_table_instruction(card: str, how: str, index: int) -> None:
    game = game_for(card, how)
    events = fire_for(game, how)
    assert (card, index) in triggered(events)
    expected = [(card, players, text, n) for players, text, n in INSTRUCTIONS[(card, how, index)]]
    assert [i for i in instructions(events) if i[0] == card] == expected
    assert of_type(events, "life_changed") == []


def test_the_maelstrom_and_the_aether_flues_also_trigger_on_planeswalking_to_them() -> None:
    for card in ("The Maelstrom", "The Aether Flues"):
        game = game_on("Tazeem", card)
        events = fire_for(game, "planeswalk_to")
        assert triggered(events) == [(card, 0)]
        assert [i[1:] for i in instructions(events)] == INSTRUCTIONS[(card, "upkeep", 0)]


def test_upkeep_triggers_only_in_the_planar_controllers_own_upkeep() -> None:
    game = game_on("Lethe Lake")
    events = settle(game) + next_turn(game) + settle(game)
    assert [i[:2] for i in instructions(events)] == [("Lethe Lake", [ALICE]), ("Lethe Lake", [BOB])]


# -- static abilities --------------------------------------------------------------------------------


def static_indices(card: str) -> list[int]:
    return [i for i, a in enumerate(CATALOG[card].abilities) if a.is_static]


@pytest.mark.parametrize("card", [c.name for c in CARDS])
def test_static_abilities_show_as_reminders(card: str) -> None:
    game = game_on(card)
    lines = CATALOG[card].oracle_text.split("\n")
    expected = [lines[i] for i in static_indices(card)]
    (face,) = game.view()["face_up"]
    assert face["name"] == card
    assert face["reminders"] == expected
    assert game.view(1)["face_up"][0]["reminders"] == expected


def test_every_ability_of_the_module_is_tested() -> None:
    """Each triggered ability is a table instruction, an ability the engine carries out or a spell-cast
    ability, tested above or below; each static ability is a reminder, and a static ability that changes
    what the engine does is also tested one by one."""
    spell_cast = {(card, index) for card, (index, _, _) in SPELL_CAST.items()}
    covered = {(card, index) for card, _, index in INSTRUCTIONS} | ENGINE | spell_cast | REPORTED
    rule_changes = set()
    for card in CARDS:
        for index, ability in enumerate(card.abilities):
            key = (card.name, index)
            assert ability.is_static or key in covered, key
            assert (key in spell_cast) == (TriggerKind.SPELL_CAST in ability.triggers), key
            if ability.rule_change is not None:
                rule_changes.add(key)
    assert rule_changes == RULE_CHANGES


def test_module_has_the_planechase_2009_planes() -> None:
    assert len(CARDS) == 35
    assert all(card.is_plane and card.name in CATALOG for card in CARDS)


# -- abilities the engine carries out ----------------------------------------------------------------


def test_cliffside_market_planeswalk_to_exchanges_life_totals_with_the_target_player() -> None:
    game = game_on("Tazeem", "Cliffside Market")
    act(game, type="life", player=ALICE, amount=-8)
    to_step(game)
    roll(game, "planeswalker")
    events = resolve_top(game)
    assert triggered(events) == [("Cliffside Market", 0)]
    decision = game.decision
    assert decision is not None and decision.kind.value == "choose_target" and decision.rule == "603.3d"
    assert [o.id for o in decision.options] == ["player:0", "player:1"]
    events = settle(game, target="player:1", may="yes")
    assert brief(events, "life_exchanged", "life_changed") == [
        ("life_exchanged", ("701.12a", "701.12c", "608.2c"), {"players": [0, 1], "before": [12, 20]}),
        ("life_changed", ("701.12c", "119.3"), {"player": 0, "delta": 8, "life": 20}),
        ("life_changed", ("701.12c", "119.3"), {"player": 1, "delta": -8, "life": 12}),
    ]


def test_cliffside_market_upkeep_you_may_decline() -> None:
    game = game_on("Cliffside Market")
    assert triggered(game.events()) == [("Cliffside Market", 0)]
    answer(game, "player:1")
    act(game, type="life", player=BOB, amount=5)
    events = settle(game, may="no")
    assert of_type(events, "life_exchanged", "life_changed") == []
    assert life(game) == [20, 25]


def test_cliffside_market_targeting_yourself_exchanges_nothing() -> None:
    game = game_on("Cliffside Market")
    answer(game, "player:0")
    act(game, type="life", player=BOB, amount=5)
    events = settle(game, may="yes")
    assert [e.rules for e in of_type(events, "no_exchange")] == [("701.12a", "608.2c")]
    assert life(game) == [20, 25]


def test_cliffside_market_target_gone_does_nothing() -> None:
    game = game_on("Cliffside Market", players=("Alice", "Bob", "Carol"))
    answer(game, "player:2")
    act(game, type="life", player=CAROL, amount=5)
    act(game, type="concede", player=CAROL)
    events = settle(game)
    assert of_type(events, "life_exchanged", "life_changed") == []
    assert life(game)[:2] == [20, 20]


def effects(game: Game) -> list[tuple[str, str, int, str]]:
    return [(e.kind, e.duration.value, e.controller, e.text) for e in game.state.effects]


def test_eloren_wilds_target_player_cant_cast_spells_until_a_player_planeswalks() -> None:
    game = game_on("Eloren Wilds")
    events = fire(game, "chaos")
    assert triggered(events) == [("Eloren Wilds", 1)]
    assert effects(game) == [
        ("cant_cast_spells", "until_a_player_planeswalks", ALICE, "Bob can't cast spells until a player planeswalks")
    ]
    assert [e.data["players"] for e in of_type(events, "effect_created")] == [[BOB]]
    roll(game, "planeswalker")
    settle(game)
    assert effects(game) == []


@pytest.mark.parametrize(
    ("card", "kind", "text"),
    [
        (
            "Izzet Steam Maze",
            "instants_sorceries_cost_less",
            "instant and sorcery spells Alice casts this turn cost {3} less to cast",
        ),
        (
            "The Great Forest",
            "creatures_get_0_2_trample",
            "creatures Alice controls get +0/+2 and gain trample until end of turn",
        ),
    ],
)
def test_until_end_of_turn_effects_end_in_the_cleanup_step(card: str, kind: str, text: str) -> None:
    game = game_on(card)
    events = fire(game, "chaos")
    assert triggered(events) == [(card, 1)]
    assert effects(game) == [(kind, "until_end_of_turn", ALICE, text)]
    next_turn(game)
    assert effects(game) == []


def test_undercity_reaches_no_maximum_hand_size_lasts_the_rest_of_the_game() -> None:
    game = game_on("Undercity Reaches")
    events = fire(game, "chaos")
    assert triggered(events) == [("Undercity Reaches", 1)]
    expected = [("no_maximum_hand_size", "this_game", ALICE, "Alice has no maximum hand size for the rest of the game")]
    assert effects(game) == expected
    roll(game, "planeswalker")
    settle(game)
    next_turn(game)
    assert effects(game) == expected


def test_celestine_reef_you_cant_lose_until_a_player_planeswalks() -> None:
    game = game_on("Celestine Reef")
    events = fire(game, "chaos")
    assert triggered(events) == [("Celestine Reef", 1)]
    assert effects(game) == [
        (
            "cant_lose_opponents_cant_win",
            "until_a_player_planeswalks",
            ALICE,
            "until a player planeswalks, Alice can't lose the game and Alice's opponents can't win the game",
        )
    ]
    roll(game, "planeswalker")
    settle(game)
    assert effects(game) == []


def test_704_5a_celestine_reef_player_at_zero_life_does_not_lose_until_a_player_planeswalks() -> None:
    game = game_on("Celestine Reef")
    fire(game, "chaos")
    act(game, type="life", player=ALICE, amount=-20)
    assert game.state.players[ALICE].in_game
    act(game, type="cast", player=ALICE, effect="planeswalk")
    resolve_stack(game)  # the effect ends: the state-based action now applies
    assert not game.state.players[ALICE].in_game


def test_514_1_undercity_reaches_no_discard_to_hand_size_in_cleanup() -> None:
    game = game_on("Undercity Reaches")
    fire(game, "chaos")
    events = next_turn(game)
    assert [
        e for e in of_type(events, "turn_based_action") if e.data.get("instruction") == "discard_to_hand_size"
    ] == []


def test_each_opponent_instructions_name_every_other_player_in_multiplayer() -> None:
    for card, text in (
        ("The Dark Barony", "discard a card"),
        ("Tember City", "sacrifice a nonland permanent of your choice"),
    ):
        game = game_on(card, players=("Alice", "Bob", "Carol"))
        events = fire(game, "chaos")
        assert instructions(events) == [(card, [BOB, CAROL], text, None)]
        assert of_type(events, "instruction")[0].text == f"Bob, Carol: {text}."


# -- numbers only the table knows ------------------------------------------------------------------


def test_skybreen_chaos_target_player_reports_the_cards_in_their_hand_and_loses_that_much_life() -> None:
    game = game_on("Skybreen")
    to_step(game)
    events = make_chaos(game) + resolve_stack(game)
    assert triggered(events) == [("Skybreen", 2)]
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("choose_target", ALICE)
    assert [o.id for o in decision.options] == ["player:0", "player:1"]
    events = answer(game, "player:1") + resolve_stack(game)
    decision = game.decision
    assert decision is not None  # Bob, the target, is asked; not Alice, who controls the ability
    assert (decision.kind.value, decision.player, decision.rule) == ("choose_number", BOB, "608.2c")
    assert decision.prompt == "Skybreen: what is the number of cards in your hand?"
    assert [o.id for o in decision.options] == [str(n) for n in range(100)]
    events = answer(game, "4") + resolve_stack(game)
    assert brief(events, "table_answer", "life_changed") == [
        (
            "table_answer",
            ("608.2c",),
            {"player": BOB, "question": "the number of cards in your hand", "answer": 4, "card": "Skybreen"},
        ),
        ("life_changed", ("119.3",), {"player": BOB, "delta": -4, "life": 16}),
    ]
    assert life(game) == [20, 16]
    assert instructions(events) == []


# -- Stronghold Furnace: any target, and damage doubled ----------------------------------------------


def stronghold_furnace_chaos(game: Game, target: str) -> list[Event]:
    """Chaos ensues on Stronghold Furnace; its ability (any target, 115.4) targets ``target``."""
    to_step(game)
    events = make_chaos(game) + resolve_stack(game)
    assert triggered(events) == [("Stronghold Furnace", 1)]
    decision = game.decision
    assert decision is not None and (decision.kind.value, decision.player) == ("choose_target", ALICE)
    assert [o.id for o in decision.options] == ["player:0", "player:1", "permanent"]
    return events + answer(game, target) + resolve_stack(game)


def test_stronghold_furnace_chaos_deals_1_damage_to_target_player_doubled_to_2() -> None:
    game = game_on("Stronghold Furnace")
    events = stronghold_furnace_chaos(game, "player:1")
    assert brief(events, "replaced", "life_changed") == [
        ("replaced", ("614.1a", "101.1"), {"card": "Stronghold Furnace", "before": 1, "after": 2}),
        ("life_changed", ("120.3a",), {"player": BOB, "delta": -2, "life": 18}),
    ]
    assert life(game) == [20, 18]
    assert instructions(events) == []


def test_stronghold_furnace_chaos_at_a_permanent_instructs_the_table_with_2_damage() -> None:
    game = game_on("Stronghold Furnace")
    events = stronghold_furnace_chaos(game, "permanent")
    assert [e.type for e in of_type(events, "replaced")] == ["replaced"]
    assert instructions(events) == [
        (
            "Stronghold Furnace",
            [],
            "Stronghold Furnace deals 2 damage to the chosen creature, planeswalker or battle",
            2,
        )
    ]
    assert life(game) == [20, 20]


def naar_isle_chaos_at_bob(game: Game) -> list[Event]:
    """Chaos ensues; the abilities that trigger are put on the stack Naar Isle's last (so it resolves
    first), Naar Isle targeting Bob and Stronghold Furnace, if face up, a permanent."""
    events = make_chaos(game) + resolve_stack(game)
    for _ in range(5):
        decision = game.decision
        if decision is None:
            return events
        if decision.kind.value == "order_triggers":
            events += answer(game, option_for(game, "Stronghold Furnace"))
        elif decision.prompt.startswith("Choose a target for Naar Isle"):
            events += answer(game, "player:1")
        else:
            events += answer(game, "permanent")
        events += resolve_stack(game)
    raise AssertionError("chaos did not settle")


def test_614_1a_stronghold_furnace_doubles_the_damage_another_face_up_plane_deals() -> None:
    game = game_on("Sokenzan", "Spatial Merging", "Stronghold Furnace", "Naar Isle")
    encounter(game)
    resolve_stack(game)  # Spatial Merging: planeswalk to both planes
    assert face_up(game) == ["Stronghold Furnace", "Naar Isle"]
    events = naar_isle_chaos_at_bob(game)
    assert triggered(events) == [("Stronghold Furnace", 1), ("Naar Isle", 1)]
    assert brief(events, "replaced", "life_changed") == [
        ("replaced", ("614.1a", "101.1"), {"card": "Stronghold Furnace", "before": 3, "after": 6}),
        ("life_changed", ("120.3a",), {"player": BOB, "delta": -6, "life": 14}),
        ("replaced", ("614.1a", "101.1"), {"card": "Stronghold Furnace", "before": 1, "after": 2}),
    ]
    assert [e.text for e in of_type(events, "replaced")] == [
        "Stronghold Furnace: Naar Isle deals double that damage instead (6, not 3).",
        "Stronghold Furnace: Stronghold Furnace deals double that damage instead (2, not 1).",
    ]
    assert life(game) == [20, 14]


def test_naar_isle_without_stronghold_furnace_deals_its_damage_undoubled() -> None:
    game = game_on("Naar Isle")
    settle(game)  # Naar Isle's own upkeep trigger
    to_step(game)
    events = naar_isle_chaos_at_bob(game)
    assert of_type(events, "replaced") == []
    assert brief(events, "life_changed") == [("life_changed", ("120.3a",), {"player": BOB, "delta": -3, "life": 17})]


# -- "Whenever a player casts a spell" -----------------------------------------------------------------


@pytest.mark.parametrize("card", sorted(SPELL_CAST))
def test_601_2i_spell_cast_ability_triggers_when_a_player_casts_a_matching_spell(card: str) -> None:
    index, words, _ = SPELL_CAST[card]
    game = game_on(card)
    to_step(game)
    events = cast_spell(game, BOB, words)
    assert brief(events, "cast")[0][1] == ("601.2", "117.3c")
    assert [
        (e.rules, e.data["card"], e.data["ability"], e.data["controller"]) for e in of_type(events, "ability_triggered")
    ] == [(("603.2", "601.2i"), card, index, ALICE)]
    spell, ability = game.state.stack  # the ability, above the spell, resolves first
    assert (spell.controller, spell.spell, ability.card is not None) == (BOB, True, True)
    assert (ability.controller, ability.subject, ability.subject_item) == (ALICE, BOB, spell.id)


@pytest.mark.parametrize(
    ("card", "words"), [(card, words) for card in sorted(SPELL_CAST) for words in SPELL_CAST[card][2]]
)
def test_spell_cast_ability_does_not_trigger_for_a_spell_it_does_not_look_for(card: str, words: str) -> None:
    game = game_on(card)
    to_step(game)
    events = cast_spell(game, ALICE, words)
    assert of_type(events, "ability_triggered") == []
    assert [item.label for item in game.state.stack] == [f"test {words}"]


@pytest.mark.parametrize("card", sorted(SPELL_CAST))
def test_spell_cast_ability_does_not_trigger_for_an_activated_or_triggered_ability(card: str) -> None:
    game = game_on(card)
    to_step(game)
    events = cast_spell(game, ALICE, SPELL_CAST[card][1], spell=False)
    assert brief(events, "cast")[0][1] == ("602.2", "117.3c")
    assert of_type(events, "ability_triggered") == []
    assert len(game.state.stack) == 1


def test_minamo_the_player_who_casts_a_spell_may_draw_a_card() -> None:
    game = game_on("Minamo")
    to_step(game)
    events = cast_spell(game, BOB, "blue instant") + resolve_top(game)
    assert instructions(events) == [("Minamo", [BOB], "you may draw a card", None)]
    assert of_type(events, "instruction")[0].text == "Bob: you may draw a card."
    assert [item.label for item in game.state.stack] == ["test blue instant"]  # the spell still waits


def test_glimmervoid_basin_the_player_who_casts_a_single_target_instant_copies_it_for_each_other_target() -> None:
    game = game_on("Glimmervoid Basin")
    to_step(game)
    events = cast_spell(game, BOB, "red instant single-target") + resolve_top(game)
    assert instructions(events) == [
        (
            "Glimmervoid Basin",
            [BOB],
            "copy that spell for each other spell, permanent, card not on the battlefield and/or player it could "
            "target; each copy targets a different one of them",
            None,
        )
    ]


@pytest.mark.parametrize(("coin", "countered"), [("coin:lose", True), ("coin:win", False)])
def test_mirrored_depths_the_caster_flips_a_coin_and_a_lost_flip_counters_the_spell(coin: str, countered: bool) -> None:
    game = game_on("Mirrored Depths")
    to_step(game)
    cast_spell(game, BOB, "green sorcery")
    spell = game.state.stack[0].id
    game.force(coin)
    events = resolve_top(game)
    assert brief(events, "coin_flipped") == [  # Bob, who cast the spell, flips: not Alice, the controller
        ("coin_flipped", ("705.1", "705.2"), {"player": BOB, "won": not countered, "chance": coin})
    ]
    if countered:
        assert brief(events, "countered") == [("countered", ("701.6a", "608.2c"), {"item": spell})]
        assert game.state.stack == ()
    else:
        assert of_type(events, "countered") == []
        assert [item.id for item in game.state.stack] == [spell]
        assert [e.data["item"] for e in of_type(resolve_stack(game), "resolves")] == [spell]


def test_izzet_steam_maze_the_caster_copies_an_instant_and_both_make_chaos_ensue() -> None:
    game = game_on("Izzet Steam Maze")
    to_step(game)
    events = cast_spell(game, BOB, "instant", effect="chaos")
    spell = game.state.stack[0]
    assert triggered(events) == [("Izzet Steam Maze", 0)]
    events = resolve_top(game)
    (copied,) = of_type(events, "copied")
    assert copied.rules == ("707.10", "608.2c") and copied.data["original"] == spell.id
    assert instructions(events) == [("Izzet Steam Maze", [BOB], "you may choose new targets for the copy", None)]
    original, copy = game.state.stack
    assert (original.id, original.is_copy) == (spell.id, False)
    assert (copy.id, copy.controller, copy.is_copy, copy.effect.value) == (copied.data["item"], BOB, True, "chaos")
    events = resolve_stack(game)  # the copy, then the spell: chaos ensues twice
    assert [e.data["item"] for e in of_type(events, "resolves") if e.data["item"] in (spell.id, copy.id)] == [
        copy.id,
        spell.id,
    ]
    assert len(of_type(events, "chaos_ensues")) == 2
    assert triggered(events) == [("Izzet Steam Maze", 1), ("Izzet Steam Maze", 1)]  # the copy was not cast
