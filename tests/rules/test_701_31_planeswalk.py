"""701.31 Planeswalk, 901.11 (durations and several face-up planes), 901.7a (a new object), 603.10g
(planeswalk-away abilities look back) and the history of visited planes."""

from __future__ import annotations

from collections.abc import Sequence

from conftest import identity_order, make_game
from driving import act, answer, brief, cast, deck_names, face_up, next_turn, of_type, resolve_stack, roll, to_step
from planechase import CATALOG, Game, GameConfig
from planechase.cards.effects import CreateEffect
from planechase.cards.model import Ability, CardDef, Catalog, TriggerKind
from planechase.core.state import Duration

# -- helpers -----------------------------------------------------------------------------------


def owners(game: Game, index: int) -> list[int | None]:
    return [game.state.cards[c].owner for c in game.state.decks[index]]


ALICE = (
    "Sokenzan",
    "Otaria",
    "Mount Keralia",
    "Sanctum of Serra",
    "Fields of Summer",
    "Kilnspire District",
    "Academy at Tolaria West",
    "Naar Isle",
    "Aretopolis",
    "Pompeii",
)
BOB = (
    "Spatial Merging",
    "Tazeem",
    "The Eon Fog",
    "Otaria",
    "Sokenzan",
    "Naar Isle",
    "Fields of Summer",
    "Academy at Tolaria West",
    "Sanctum of Serra",
    "Mount Keralia",
)


# -- 701.31b: owners' decks, then the top of your deck ------------------------------------------


def test_701_31b_face_up_cards_go_to_their_owners_decks_after_spatial_merging() -> None:
    game = make_game([ALICE, BOB])
    assert face_up(game) == ["Sokenzan"]
    next_turn(game)  # Bob's turn 2
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    # Bob planeswalks away from Alice's Sokenzan: it goes to the bottom of Alice's deck, not Bob's.
    assert deck_names(game, 0) == [*ALICE[1:], "Sokenzan"]
    # Spatial Merging (Bob's) is encountered, reveals Tazeem and The Eon Fog from Bob's deck; Bob
    # planeswalks to both, leaving Spatial Merging, which goes to the bottom of Bob's deck.
    assert face_up(game) == ["Tazeem", "The Eon Fog"]
    tazeem, fog = (fu.object_id for fu in game.state.face_up)
    assert brief(events, "planeswalked_to", "encountered") == [
        (
            "encountered",
            ("901.8", "701.31", "901.11", "312.5"),
            {"player": 1, "card": "Spatial Merging", "object": 3},
        ),
        ("planeswalked_to", ("701.31", "608.2c", "901.11"), {"player": 1, "card": "Tazeem", "object": tazeem}),
        ("planeswalked_to", ("701.31", "608.2c", "901.11"), {"player": 1, "card": "The Eon Fog", "object": fog}),
    ]
    assert deck_names(game, 1) == [*BOB[3:], "Spatial Merging"]

    next_turn(game)  # Alice's turn 3
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    # Both face-up planes are Bob's: Bob, their owner, orders them onto the bottom of his deck (401.4).
    decision = game.decision
    assert decision is not None
    assert (decision.kind.value, decision.player, decision.rule) == ("order_cards", 1, "701.31b")
    assert sorted(o.label for o in decision.options) == ["Tazeem", "The Eon Fog"]
    events += answer(game, next(o.id for o in decision.options if o.label == "The Eon Fog"))
    events += resolve_stack(game)
    assert deck_names(game, 1) == [*BOB[3:], "Spatial Merging", "The Eon Fog", "Tazeem"]
    assert owners(game, 1) == [1] * 10
    # Then the top card of Alice's own deck is turned face up.
    assert face_up(game) == ["Otaria"]
    assert deck_names(game, 0) == [*ALICE[2:], "Sokenzan"]
    assert owners(game, 0) == [0] * 9
    otaria = game.state.face_up[0].object_id
    assert brief(events, "planeswalked_away", "planeswalked_to") == [
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Tazeem", "object": tazeem}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "The Eon Fog", "object": fog}),
        ("planeswalked_to", ("901.8", "701.31", "901.11"), {"player": 0, "card": "Otaria", "object": otaria}),
    ]


SEEDCORE_FIRST = (
    "Norn's Seedcore",
    "Aretopolis",
    "Pompeii",
    "Stairs to Infinity",
    "Temple of Atropos",
    "Pools of Becoming",
    "Naar Isle",
    "Sokenzan",
    "Tazeem",
    "The Eon Fog",
)
BOB_PLANES = (
    "Sokenzan",
    "Tazeem",
    "Naar Isle",
    "Otaria",
    "Mount Keralia",
    "Sanctum of Serra",
    "Fields of Summer",
    "Kilnspire District",
    "The Eon Fog",
    "Academy at Tolaria West",
)


def test_701_31b_planes_of_two_owners_each_go_home_and_the_planeswalker_turns_up_their_own_top_card() -> None:
    game = make_game([SEEDCORE_FIRST, BOB_PLANES])
    next_turn(game)  # Bob's turn: Bob controls Alice's Norn's Seedcore
    to_step(game)
    roll(game, "chaos")
    resolve_stack(game)
    # Norn's Seedcore's chaos ability, controlled by Bob, reveals from Bob's deck: Bob's Sokenzan.
    assert face_up(game) == ["Norn's Seedcore", "Sokenzan"]
    assert [game.state.owner_of(fu.card) for fu in game.state.face_up] == [0, 1]
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert brief(events, "planeswalked_away", "planeswalked_to") == [
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Norn's Seedcore", "object": 1}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Sokenzan", "object": 3}),
        ("planeswalked_to", ("901.8", "701.31", "901.11"), {"player": 1, "card": "Tazeem", "object": 5}),
    ]
    assert deck_names(game, 0) == [*SEEDCORE_FIRST[1:], "Norn's Seedcore"]
    assert deck_names(game, 1) == [*BOB_PLANES[2:], "Sokenzan"]
    assert face_up(game) == ["Tazeem"]


# -- 701.31a: only the planar controller planeswalks ---------------------------------------------


def test_701_31a_only_the_planar_controller_planeswalks() -> None:
    game = make_game([ALICE, BOB_PLANES])
    to_step(game)
    act(game, type="pass", player=0)
    assert game.state.priority == 1
    cast(game, "planeswalk", player=1)
    events = resolve_stack(game)
    assert brief(events, "planeswalk_refused", "planeswalk", "planeswalked_away", "planeswalked_to") == [
        ("planeswalk_refused", ("701.31a",), {"player": 1}),
    ]
    assert face_up(game) == ["Sokenzan"]
    assert game.state.face_up[0].object_id == 1
    assert deck_names(game, 0) == list(ALICE[1:])
    assert deck_names(game, 1) == list(BOB_PLANES)
    # The same spell controlled by the planar controller does planeswalk.
    cast(game, "planeswalk", player=0)
    events = resolve_stack(game)
    assert brief(events, "planeswalk") == [("planeswalk", ("701.31",), {"player": 0})]
    assert face_up(game) == ["Otaria"]


# -- planeswalk-to and planeswalk-away triggers --------------------------------------------------


def test_901_11_planeswalk_to_trigger_aretopolis_counter_and_life() -> None:
    decks = (("Sokenzan", "Aretopolis", *ALICE[1:8], "Pompeii"), BOB_PLANES)
    game = make_game(decks)
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert brief(events, "planeswalked_to", "ability_triggered", "counters_added", "life_changed") == [
        ("ability_triggered", ("901.9c", "901.8"), {"item": 2, "controller": 0}),
        ("planeswalked_to", ("901.8", "701.31", "901.11"), {"player": 0, "card": "Aretopolis", "object": 3}),
        (
            "ability_triggered",
            ("901.11",),
            {"card": "Aretopolis", "ability": 0, "item": 4, "controller": 0},
        ),
        ("counters_added", ("122.1",), {"card": "Aretopolis", "counter": "scroll", "added": 1, "total": 1}),
        ("life_changed", ("119.3",), {"player": 0, "delta": 1, "life": 21}),
    ]
    assert game.state.face_up[0].counters == (("scroll", 1),)
    assert game.view()["face_up"][0]["counters"] == {"scroll": 1}
    assert game.state.players[0].life == 21


MOUNT_KERALIA_FIRST = ("Mount Keralia", *(c for c in ALICE if c != "Mount Keralia"))


def test_603_10g_mount_keralia_counts_its_pressure_counters_after_it_left() -> None:
    game = make_game([MOUNT_KERALIA_FIRST, BOB_PLANES])
    to_step(game, "end")
    resolve_stack(game)
    assert game.state.face_up[0].counters == (("pressure", 1),)
    next_turn(game)  # Bob's turn: the counters stay on the object although its controller changed
    to_step(game, "end")
    resolve_stack(game)
    assert game.state.face_up[0].counters == (("pressure", 2),)
    next_turn(game)  # Alice's turn 3
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert brief(events, "planeswalked_away", "ability_triggered", "instruction") == [
        ("ability_triggered", ("901.9c", "901.8"), {"item": 4, "controller": 0}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Mount Keralia", "object": 1}),
        (
            "ability_triggered",
            ("603.10g", "901.11b"),
            {"card": "Mount Keralia", "ability": 1, "item": 5, "controller": 0},
        ),
        (
            "instruction",
            ("608.2c",),
            {
                "players": [],
                "who": "table",
                "instruction": "Mount Keralia deals 2 damage to each creature and each planeswalker",
                "amount": 2,
                "card": "Mount Keralia",
                "instruction_text": {
                    "template": "Mount Keralia deals {n} damage to each creature and each planeswalker",
                    "params": {"n": 2},
                },
            },
        ),
    ]
    assert face_up(game) == ["Sokenzan"]


def test_603_10g_sanctum_of_serra_triggers_when_left() -> None:
    game = make_game([("Sanctum of Serra", *(c for c in ALICE if c != "Sanctum of Serra")), BOB_PLANES])
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert brief(events, "ability_triggered", "instruction") == [
        ("ability_triggered", ("901.9c", "901.8"), {"item": 2, "controller": 0}),
        (
            "ability_triggered",
            ("603.10g", "901.11b"),
            {"card": "Sanctum of Serra", "ability": 0, "item": 3, "controller": 0},
        ),
        (
            "instruction",
            ("608.2c",),
            {
                "players": [],
                "who": "table",
                "instruction": "destroy all nonland permanents",
                "amount": None,
                "card": "Sanctum of Serra",
                "instruction_text": {"template": "destroy all nonland permanents", "params": {}},
            },
        ),
    ]


# -- 901.11c: several face-up planes are all left ------------------------------------------------


def test_901_11c_planeswalking_leaves_both_planes_of_spatial_merging() -> None:
    alice = ("Sokenzan", "Spatial Merging", "Tazeem", "The Eon Fog", *ALICE[1:7])
    game = make_game([alice, BOB_PLANES])
    to_step(game)
    roll(game, "planeswalker")
    resolve_stack(game)
    assert face_up(game) == ["Tazeem", "The Eon Fog"]
    events = cast(game, "planeswalk") + resolve_stack(game)
    assert game.decision is not None and game.decision.player == 0  # Alice orders her two planes
    events += answer(game, next(o.id for o in game.decision.options if o.label == "Tazeem"))
    assert brief(events, "planeswalk", "planeswalked_away", "planeswalked_to") == [
        ("planeswalk", ("701.31",), {"player": 0}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Tazeem", "object": 5}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "The Eon Fog", "object": 6}),
        ("planeswalked_to", ("701.31", "901.11"), {"player": 0, "card": "Otaria", "object": 8}),
    ]
    assert face_up(game) == ["Otaria"]
    assert deck_names(game, 0)[-3:] == ["Spatial Merging", "Tazeem", "The Eon Fog"]


def test_901_11c_planeswalking_leaves_norns_seedcore_and_the_plane_it_added() -> None:
    game = make_game([SEEDCORE_FIRST, BOB_PLANES])
    to_step(game)
    roll(game, "chaos")
    resolve_stack(game)
    assert face_up(game) == ["Norn's Seedcore", "Aretopolis"]
    events = cast(game, "planeswalk") + resolve_stack(game)
    decision = game.decision
    assert decision is not None and decision.kind.value == "order_cards"
    events += answer(game, decision.options[0].id)
    assert [e.data["card"] for e in of_type(events, "planeswalked_away")] == ["Norn's Seedcore", "Aretopolis"]
    assert face_up(game) == ["Pompeii"]


# -- 901.11: durations ---------------------------------------------------------------------------

#: A test-only plane shaped like Agyrem (its chaos effect lasts "until a player planeswalks"), with a
#: name of its own so the test does not depend on the shipped catalog.
AGYREM = CardDef(
    name="Test Realm of Durations",
    kind="plane",
    planar_type="Ravnica",
    oracle_text=(
        "Whenever a white creature dies, return it to the battlefield under its owner's control at the beginning "
        "of the next end step.\n"
        "Whenever a nonwhite creature dies, return it to its owner's hand at the beginning of the next end step.\n"
        "Whenever chaos ensues, creatures can't attack you until a player planeswalks."
    ),
    sets=("HOP",),
    abilities=(
        Ability(
            "Whenever a white creature dies, return it to the battlefield under its owner's control at the "
            "beginning of the next end step."
        ),
        Ability(
            "Whenever a nonwhite creature dies, return it to its owner's hand at the beginning of the next end step."
        ),
        Ability(
            "Whenever chaos ensues, creatures can't attack you until a player planeswalks.",
            triggers=(TriggerKind.CHAOS,),
            effects=(CreateEffect("creatures_cant_attack_you", Duration.PLANESWALK, "creatures can't attack you"),),
        ),
    ),
)


def _agyrem_game(alice: Sequence[str], bob: Sequence[str]) -> Game:
    catalog = Catalog([*CATALOG, AGYREM])
    config = GameConfig(players=("Alice", "Bob"), decks=(tuple(alice), tuple(bob)), seed=0, starting_player=0)
    return Game(config, catalog, forced=[identity_order(len(alice)), identity_order(len(bob))])


def test_901_11_until_a_player_planeswalks_effects_end_when_any_player_planeswalks() -> None:
    game = _agyrem_game(("Test Realm of Durations", *ALICE[:9]), BOB_PLANES)
    to_step(game)
    roll(game, "chaos")
    resolve_stack(game)
    assert [(e.kind, e.duration.value, e.controller) for e in game.state.effects] == [
        ("creatures_cant_attack_you", "until_a_player_planeswalks", 0)
    ]
    next_turn(game)  # the effect survives the turn change
    assert len(game.state.effects) == 1
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    assert not game.state.effects
    ended = of_type(events, "effect_ended")
    assert [(e.rules, e.data["kind"]) for e in ended] == [(("901.11",), "creatures_cant_attack_you")]
    # It ends as the new plane is turned face up, after the old one is left.
    order = [e.type for e in of_type(events, "planeswalked_away", "planeswalked_to", "effect_ended")]
    assert order == ["planeswalked_away", "planeswalked_to", "effect_ended"]


CHAOTIC_AETHER_DECK = ("Sokenzan", "Chaotic Aether", "Tazeem", "Otaria", *ALICE[2:8])


def test_901_11_chaotic_aether_lasts_until_a_player_planeswalks_away_from_a_plane() -> None:
    game = make_game([CHAOTIC_AETHER_DECK, BOB_PLANES])
    to_step(game)
    events = roll(game, "planeswalker") + resolve_stack(game)
    # The planeswalk away from Chaotic Aether itself (a phenomenon) does not end its effect.
    assert [e.data["card"] for e in of_type(events, "planeswalked_away")] == ["Sokenzan", "Chaotic Aether"]
    assert face_up(game) == ["Tazeem"]
    assert [(e.kind, e.duration.value) for e in game.state.effects] == [
        ("blank_rolls_are_chaos", "until_a_player_planeswalks_away_from_a_plane")
    ]
    assert of_type(events, "effect_ended") == []
    events = roll(game, "blank")
    assert [e.type for e in events if e.type in ("roll_replaced", "chaos_ensues", "blank")] == [
        "roll_replaced",
        "chaos_ensues",
    ]
    resolve_stack(game)
    # The next planeswalk away from a plane ends it.
    events = cast(game, "planeswalk") + resolve_stack(game)
    assert [(e.rules, e.data["kind"]) for e in of_type(events, "effect_ended")] == [
        (("901.11",), "blank_rolls_are_chaos")
    ]
    assert game.state.effects == ()
    events = roll(game, "blank")
    assert [e.type for e in events if e.type in ("roll_replaced", "chaos_ensues", "blank")] == ["blank"]


# -- 901.7a: a new object --------------------------------------------------------------------------


def test_901_7a_aretopolis_loses_its_counters_when_it_leaves_and_comes_back() -> None:
    game = make_game([("Aretopolis", "Sokenzan"), ("Tazeem", "Otaria")], check_decks=False)
    resolve_stack(game)  # upkeep: 1 scroll counter, 21 life
    to_step(game)
    cast(game, "chaos")
    resolve_stack(game)  # chaos: 2 scroll counters
    first = game.state.face_up[0]
    assert (game.state.name_of(first.card), first.object_id, first.counters) == ("Aretopolis", 1, (("scroll", 2),))
    cast(game, "planeswalk")
    resolve_stack(game)
    assert face_up(game) == ["Sokenzan"]
    assert deck_names(game, 0) == ["Aretopolis"]
    cast(game, "planeswalk")
    events = resolve_stack(game)
    again = game.state.face_up[0]
    assert game.state.name_of(again.card) == "Aretopolis"
    assert again.card == first.card
    assert again.object_id != first.object_id
    assert again.timestamp > first.timestamp
    # A new object: the planeswalk-to ability puts one counter on it, not a third.
    assert again.counters == (("scroll", 1),)
    assert [e.data["total"] for e in of_type(events, "counters_added")] == [1]
    assert game.state.players[0].life == 20 + 1 + 1


# -- the history of visited planes ---------------------------------------------------------------


def test_visited_planes_history_in_state_and_view() -> None:
    game = make_game([("Aretopolis", "Time Distortion", "Sokenzan"), ("Tazeem", "Otaria")], check_decks=False)
    to_step(game)
    cast(game, "planeswalk")
    resolve_stack(game)  # Time Distortion: encountered, then left by the state-based action
    assert face_up(game) == ["Sokenzan"]
    cast(game, "planeswalk")
    resolve_stack(game)
    assert face_up(game) == ["Aretopolis"]
    names = [game.state.name_of(c) for c in game.state.visited]
    # Phenomena are not planes: only the planes visited, in order, repeats included.
    assert names == ["Aretopolis", "Sokenzan", "Aretopolis"]
    assert game.view()["visited"] == ["Aretopolis", "Sokenzan", "Aretopolis"]
