"""The Eternities Map's house-rule profiles: the gaps of the 2010 article filled by name (phenomena from a
pile on hellrides or by chance, phenomena dealt onto the map, fog of war, counters lost by CR 901.7a, the map
radius), the ``map_rules`` event that announces them, and the configurations a map game refuses.

Decks are small shared decks kept in their listed order (``order:`` outcomes): the centre is the first plane,
its north, east, south and west neighbours the next four; with the ``pile`` rule the phenomena, in the order
listed, make the separate pile ``decks[1]``.
"""

from __future__ import annotations

from typing import Any

import pytest

from driving import (
    answer,
    brief,
    deck_names,
    face_up,
    life,
    of_type,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
    types,
)
from map_driving import QUIET, arriving, direction_options, layout, map_game, map_view, move, planes, position, walk
from planechase import CATALOG, ConfigError, DeckError, Game, GameConfig
from planechase.variants.eternities_map import PROFILES, MapRules, PhenomenaRule, planes_needed

# -- the map_rules event and the view name the profile -----------------------------------------------


@pytest.mark.parametrize("name", list(PROFILES))
def test_the_map_rules_event_lists_the_profile_at_setup(name: str) -> None:
    rules = PROFILES[name]
    game = map_game(None, rules)
    events = game.history[0].events
    (announced,) = of_type(events, "map_rules")
    assert announced.rules == ("901.1", "901.4")
    assert announced.data["map_rule"] == "house:profile"
    assert announced.data["settings"] == {"profile": name}
    assert announced.data["lines"] == rules.describe()
    assert announced.data["lines"][0].startswith(f"Profile: {name} (")
    # It comes before anything is dealt.
    assert types(events).index("map_rules") < types(events).index("map_dealt")
    view = map_view(game)
    assert view["settings"]["profile"] == name
    assert view["settings"]["phenomena"] == rules.phenomena.value
    assert view["description"] == rules.describe()


def test_the_map_rules_event_names_settings_changed_from_the_profile() -> None:
    rules = MapRules.from_dict({"profile": "chance", "move_chance": 10, "radius": 2})
    game = map_game(None, rules)
    (announced,) = of_type(game.history[0].events, "map_rules")
    assert announced.data["settings"] == {"profile": "chance", "move_chance": 10, "radius": 2}
    assert announced.data["lines"][:2] == [
        "Profile: chance (a hellride meets a phenomenon from a separate pile half the time; changed: move_chance, "
        "radius)",
        "Phenomena: a separate pile; a hellride meets one 50% of the time, an ordinary move 10%.",
    ]
    assert "Radius: planes more than 2 steps away are shuffled back into the deck." in announced.data["lines"]


@pytest.mark.parametrize("name", list(PROFILES))
def test_the_default_deck_holds_every_plane_and_phenomena_only_when_the_profile_uses_them(name: str) -> None:
    rules = PROFILES[name]
    game = map_game(None, rules)
    cards = [game.state.name_of(i) for i in range(len(game.state.cards))]
    all_planes = sorted(c.name for c in CATALOG if c.is_plane)
    all_phenomena = sorted(c.name for c in CATALOG if not c.is_plane)
    assert sorted(n for n in cards if CATALOG[n].is_plane) == all_planes
    assert sorted(n for n in cards if not CATALOG[n].is_plane) == (all_phenomena if rules.uses_phenomena else [])
    if rules.phenomena is PhenomenaRule.PILE:
        assert sorted(deck_names(game, 1)) == all_phenomena
        assert all(CATALOG[n].is_plane for n in deck_names(game, 0))
    else:
        assert len(game.state.decks) == 1


# -- hellride_phenomena: every hellride meets the pile's top phenomenon --------------------------------


HELLRIDE = {"profile": "hellride_phenomena", "radius": 2}
PILE = ("Time Distortion", "Planewide Disaster")


def test_hellride_phenomena_a_hellride_meets_the_top_phenomenon_of_the_pile() -> None:
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, HELLRIDE)
    assert deck_names(game, 1) == list(PILE)
    to_step(game)
    destination = deck_names(game)[0]
    events = move(game, "northeast")
    # 100%: no roll is drawn.
    assert of_type(events, "map_phenomenon_chance") == []
    assert brief(events, "map_phenomenon_met") == [
        ("map_phenomenon_met", ("312.5", "901.4"), {"card": "Time Distortion", "map_rule": "house:phenomena"})
    ]
    assert types(of_type(events, "map_moved", "map_phenomenon_met", "map_filled", "encountered")) == [
        "map_moved",
        "map_phenomenon_met",
        "map_filled",
        "encountered",
    ]
    assert [e.data["card"] for e in of_type(events, "encountered")] == ["Time Distortion"]
    assert of_type(events, "planeswalked_to") == []
    # The destination plane is face up on the map, but the game has not planeswalked to it.
    assert position(game) == (1, 1)
    assert layout(game)[(1, 1)] == (destination, True)
    assert arriving(game)
    assert face_up(game) == ["Time Distortion"]
    assert deck_names(game, 1) == ["Planewide Disaster"]
    view = map_view(game)
    assert (view["arriving"], view["moves"], view["phenomenon_pile"]) == (True, [], 1)
    (space,) = [s for s in view["spaces"] if s["current"]]
    assert (space["name"], space["face_up"], space["planeswalked_to"]) == (destination, True, False)


def test_hellride_phenomena_when_the_phenomenon_leaves_the_game_planeswalks_to_the_destination() -> None:
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, HELLRIDE)
    to_step(game)
    destination = deck_names(game)[0]
    move(game, "northeast")
    events = resolve_stack(game)  # Time Distortion's encounter ability, then 704.6f
    # No direction is asked: planeswalking away from the phenomenon finishes the move under way.
    assert game.decision is None
    assert brief(events, "state_based_action", "planeswalk", "planeswalked_away", "planeswalked_to") == [
        ("state_based_action", ("704.6f", "312.7"), {"cards": ["Time Distortion"]}),
        ("planeswalk", ("704.6f", "701.31"), {"player": 0}),
        ("planeswalked_away", ("701.31b", "901.7a"), {"card": "Time Distortion", "object": 3}),
        ("planeswalked_to", ("704.6f", "701.31", "901.11"), {"player": 0, "card": destination, "object": 5}),
    ]
    assert of_type(events, "map_moved", "map_shuffled_back", "map_filled") == []
    assert position(game) == (1, 1)
    assert not arriving(game)
    assert face_up(game) == [destination]
    # The phenomenon goes to the bottom of the pile, not into the map's deck.
    assert deck_names(game, 1) == ["Planewide Disaster", "Time Distortion"]
    assert "Time Distortion" not in deck_names(game, 0)


def test_hellride_phenomena_the_phenomenon_met_on_the_way_is_not_a_plane_beside_the_map() -> None:
    # The view's "beside" lists the face-up planes that are not on the map (Spatial Merging's second plane,
    # Norn's Seedcore's plane): a phenomenon met on the way is face up, but it is no plane beside the map.
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, HELLRIDE)
    to_step(game)
    move(game, "northeast")
    assert face_up(game) == ["Time Distortion"]
    assert map_view(game)["beside"] == []


def test_hellride_phenomena_ordinary_moves_meet_none() -> None:
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, HELLRIDE)
    to_step(game)
    events = walk(game, "north")
    assert of_type(events, "map_phenomenon_chance", "map_phenomenon_met", "encountered") == []
    assert face_up(game) == [deck[1]]
    assert not arriving(game)
    assert deck_names(game, 1) == list(PILE)


# -- chance: a percent roll on the way ----------------------------------------------------------------


@pytest.mark.parametrize(("roll_of", "met"), [(1, True), (50, True), (51, False), (100, False)])
def test_chance_a_hellride_meets_a_phenomenon_when_the_percent_roll_is_at_most_50(roll_of: int, met: bool) -> None:
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, {"profile": "chance", "radius": 2})
    to_step(game)
    events = move(game, "southeast", f"percent:{roll_of}")
    assert brief(events, "map_phenomenon_chance") == [
        (
            "map_phenomenon_chance",
            ("901.4",),
            {"chance": f"percent:{roll_of}", "percent": 50, "met": met, "map_rule": "house:phenomena"},
        )
    ]
    assert len(of_type(events, "map_phenomenon_met")) == int(met)
    assert arriving(game) is met
    assert face_up(game) == (["Time Distortion"] if met else [layout(game)[(1, -1)][0]])
    assert deck_names(game, 1) == (["Planewide Disaster"] if met else list(PILE))


def test_chance_ordinary_moves_meet_no_phenomenon_and_draw_no_roll_by_default() -> None:
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, {"profile": "chance", "radius": 2})
    to_step(game)
    # A forced 1 would meet a phenomenon if any roll were drawn; the move chance is 0, so none is.
    events = walk(game, "west", "percent:1")
    assert of_type(events, "map_phenomenon_chance", "map_phenomenon_met", "encountered") == []
    assert face_up(game) == [deck[4]]


@pytest.mark.parametrize(("roll_of", "met"), [(30, True), (31, False)])
def test_chance_the_move_chance_setting_applies_to_orthogonal_moves(roll_of: int, met: bool) -> None:
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, {"profile": "chance", "radius": 2, "move_chance": 30})
    to_step(game)
    events = move(game, "north", f"percent:{roll_of}")
    (chance,) = of_type(events, "map_phenomenon_chance")
    assert (chance.data["percent"], chance.data["met"]) == (30, met)
    assert "A move meets a phenomenon 30% of the time" in chance.text
    assert [e.data["card"] for e in of_type(events, "encountered")] == (["Time Distortion"] if met else [])
    assert arriving(game) is met
    assert layout(game)[(0, 1)] == (deck[1], True)


def test_chance_an_unforced_roll_comes_from_the_seed_and_replays_from_the_log() -> None:
    deck = (*planes(radius=2), *PILE)
    game = map_game(deck, {"profile": "chance", "radius": 2}, seed=3, keep_order=False)
    to_step(game)
    events = move(game, "northwest")
    (chance,) = of_type(events, "map_phenomenon_chance")
    drawn = int(str(chance.data["chance"]).removeprefix("percent:"))
    assert 1 <= drawn <= 100
    assert chance.data["met"] is (drawn <= 50)
    assert arriving(game) is (drawn <= 50)
    loaded = Game.load(game.save())
    assert loaded.state.eternities == game.state.eternities
    assert loaded.state.decks == game.state.decks


# -- phenomena_on_map: phenomena dealt like planes --------------------------------------------------------


ON_MAP = {"profile": "phenomena_on_map", "radius": 2}


def test_phenomena_on_map_a_phenomenon_is_encountered_when_the_game_enters_its_space_then_replaced() -> None:
    deck = (QUIET[0], "Planewide Disaster", *planes(radius=2)[1:])
    game = map_game(deck, ON_MAP)
    # Dealt north of the centre and turned face up with the other neighbours.
    assert layout(game)[(0, 1)] == ("Planewide Disaster", True)
    assert direction_label_after_roll(game, "north") == "North: Planewide Disaster"
    events = answer(game, "north")
    assert [e.data["card"] for e in of_type(events, "encountered")] == ["Planewide Disaster"]
    assert of_type(events, "planeswalked_to") == []
    assert face_up(game) == ["Planewide Disaster"]
    assert position(game) == (0, 1)
    top = deck_names(game)[0]
    events = resolve_stack(game)  # the encounter ability, then 704.6f
    assert game.decision is None
    assert of_type(events, "map_moved") == []
    assert [e.data["card"] for e in of_type(events, "planeswalked_to")] == [top]
    # The top card of the deck takes the phenomenon's space; the phenomenon goes to the bottom of the deck.
    assert position(game) == (0, 1)
    assert layout(game)[(0, 1)] == (top, True)
    assert face_up(game) == [top]
    assert deck_names(game)[-1] == "Planewide Disaster"
    assert "Planewide Disaster" not in [name for name, _ in layout(game).values()]


def test_phenomena_on_map_a_phenomenon_dealt_as_the_replacement_is_encountered_too() -> None:
    # After the move north, the fill takes the next three cards; Time Distortion is then on top.
    deck = (QUIET[0], "Planewide Disaster", *QUIET[1:7], "Time Distortion", *QUIET[7:14])
    game = map_game(deck, ON_MAP)
    to_step(game)
    move(game, "north")
    assert deck_names(game)[0] == "Time Distortion"
    events = resolve_stack(game)
    assert [e.data["card"] for e in of_type(events, "encountered", "planeswalked_to")] == [
        "Time Distortion",
        QUIET[7],
    ]
    assert layout(game)[(0, 1)] == (QUIET[7], True)
    assert deck_names(game)[-2:] == ["Planewide Disaster", "Time Distortion"]
    assert game.state.direction == -1  # Time Distortion's encounter ability resolved


def direction_label_after_roll(game: Game, direction: str) -> str:
    """Reach the main phase, roll the Planeswalker symbol and let it resolve: the label of ``direction``."""
    to_step(game)
    roll(game, "planeswalker")
    resolve_top(game)
    return dict(direction_options(game))[direction]


# -- fog_of_war: planes stay face down until entered ----------------------------------------------------


FOG = {"profile": "fog_of_war", "radius": 2}


def test_fog_of_war_the_neighbours_stay_face_down_and_views_show_no_name() -> None:
    deck = planes(radius=2)
    game = map_game(deck, FOG)
    assert of_type(game.history[0].events, "map_revealed") == []
    assert layout(game) == {
        (0, 0): (deck[0], True),
        (0, 1): (deck[1], False),
        (1, 0): (deck[2], False),
        (0, -1): (deck[3], False),
        (-1, 0): (deck[4], False),
    }
    for seat in (None, 0, 1):
        spaces = game.view(seat)["eternities_map"]["spaces"]
        assert {(s["x"], s["y"]): (s["name"], s["kind"]) for s in spaces if not s["current"]} == {
            (0, 1): (None, None),
            (1, 0): (None, None),
            (0, -1): (None, None),
            (-1, 0): (None, None),
        }
    assert direction_label_after_roll(game, "north") == "North: a face-down card"
    # The label of the pending question names no face-down card either.
    assert not any(name in label for _, label in direction_options(game) for name in deck[1:])


def test_fog_of_war_visited_planes_stay_face_up_and_new_neighbours_are_dealt_face_down() -> None:
    deck = planes(radius=2)
    game = map_game(deck, FOG)
    to_step(game)
    events = walk(game, "north")
    assert of_type(events, "map_revealed") == []
    (filled,) = of_type(events, "map_filled")
    assert [tuple(s) for s in filled.data["spaces"]] == [(0, 2), (1, 1), (-1, 1)]
    assert all(not layout(game)[space][1] for space in ((0, 2), (1, 1), (-1, 1)))
    # The centre, entered before, and the current plane are the only face-up ones.
    assert sorted(name for name, up in layout(game).values() if up) == sorted([deck[0], deck[1]])
    # A face-down diagonal is unknown: the hellride is offered, and the plane turns face up on arrival.
    roll(game, "planeswalker")
    resolve_top(game)
    options = dict(direction_options(game))
    assert options["southeast"] == "Southeast (hellride): a face-down card"
    assert options["south"] == f"South: {deck[0]}"
    events = answer(game, "southeast")
    assert position(game) == (1, 0)
    assert layout(game)[(1, 0)] == (deck[2], True)
    assert face_up(game) == [deck[2]]
    # The plane left behind stays face up.
    assert layout(game)[(0, 1)] == (deck[1], True)


# -- strict_cr: counters lost when the game leaves a plane (901.7a) --------------------------------------


def test_901_7a_strict_cr_profile_resets_counters_when_the_game_leaves_a_plane() -> None:
    deck = planes(QUIET[0], "Aretopolis", radius=2)
    game = map_game(deck, {"profile": "strict_cr", "radius": 2})
    to_step(game)
    walk(game, "north")  # Aretopolis: a scroll counter
    assert game.state.face_up[0].counters == (("scroll", 1),)
    events = walk(game, "south")
    assert brief(events, "counters_lost") == [
        ("counters_lost", ("901.7a", "122.2"), {"card": "Aretopolis", "map_rule": "house:counters"})
    ]
    m = game.state.eternities
    assert m is not None
    cell = m.at((0, 1))
    assert cell is not None and (cell.counters, cell.face_up) == ((), True)
    events = walk(game, "north")
    # A new object: its planeswalk-to trigger puts the first scroll counter on it again.
    assert brief(events, "counters_added") == [
        ("counters_added", ("122.1",), {"card": "Aretopolis", "counter": "scroll", "added": 1, "total": 1})
    ]
    assert life(game) == [22, 20]


def test_901_7a_strict_cr_no_counters_lost_event_for_a_plane_without_counters() -> None:
    deck = planes(radius=2)
    game = map_game(deck, {"profile": "strict_cr", "radius": 2})
    to_step(game)
    events = walk(game, "north") + walk(game, "south")
    assert of_type(events, "counters_lost") == []


# -- the radius setting -----------------------------------------------------------------------------------


def test_radius_1_shuffles_back_cards_2_steps_away() -> None:
    deck = planes(radius=1)
    game = map_game(deck, {"profile": "published", "radius": 1})
    to_step(game)
    events = walk(game, "north")
    (back,) = of_type(events, "map_shuffled_back")
    assert {tuple(s) for s in back.data["spaces"]} == {(1, 0), (0, -1), (-1, 0)}
    assert all(name in back.text for name in deck[2:5])
    # The centre, 1 step away, stays.
    assert layout(game)[(0, 0)] == (deck[0], True)
    assert set(layout(game)) == {(0, 0), (0, 1), (0, 2), (1, 1), (-1, 1)}


@pytest.mark.parametrize(("radius", "needed"), [(1, 6), (2, 14), (3, 26), (8, 146)])
def test_planes_needed_one_per_space_within_the_radius_and_one_more(radius: int, needed: int) -> None:
    assert planes_needed(MapRules(radius=radius)) == needed


# -- configurations a map game refuses ----------------------------------------------------------------


def test_config_the_map_refuses_one_deck_per_player() -> None:
    deck = planes(radius=1)
    config = GameConfig(
        players=("Alice", "Bob"), decks=(deck, deck), eternities_map=MapRules(radius=1), starting_player=0
    )
    with pytest.raises(ConfigError, match="the Eternities Map uses one shared deck: give 'shared_deck' or nothing"):
        Game(config)


def test_config_the_map_refuses_grand_melee() -> None:
    config = GameConfig(
        players=tuple(f"P{i}" for i in range(10)), variant="grand_melee", eternities_map=MapRules(), starting_player=0
    )
    with pytest.raises(ConfigError, match="cannot be used in Grand Melee"):
        Game(config)


def test_config_the_map_needs_planechase_on() -> None:
    config = GameConfig(players=("Alice", "Bob"), planechase=False, eternities_map=MapRules())
    with pytest.raises(ConfigError, match="the Eternities Map is a way to play Planechase: it needs 'planechase' on"):
        Game(config)


@pytest.mark.parametrize("radius", [1, 2, 3])
def test_config_a_deck_with_too_few_planes_is_refused(radius: int) -> None:
    rules = MapRules(radius=radius)
    needed = planes_needed(rules)
    deck = QUIET[: needed - 1]
    config = GameConfig(players=("Alice", "Bob"), shared_deck=deck, eternities_map=rules)
    with pytest.raises(DeckError) as info:
        Game(config)
    assert info.value.message == (
        f"the Eternities Map deck: a map of radius {radius} needs at least {needed} planes (one for every space "
        f"within {radius} steps, and one more), not {needed - 1}"
    )
    # Phenomena do not count towards it.
    with pytest.raises(DeckError, match=f"needs at least {needed} planes"):
        chance = MapRules.from_dict({"profile": "chance", "radius": radius})
        Game(GameConfig(players=("Alice", "Bob"), shared_deck=(*deck, *PILE), eternities_map=chance))
    Game(GameConfig(players=("Alice", "Bob"), shared_deck=QUIET[:needed], eternities_map=rules))


def test_config_phenomena_in_the_deck_are_refused_by_a_profile_without_phenomena() -> None:
    deck = (*planes(radius=1), "Time Distortion")
    config = GameConfig(players=("Alice", "Bob"), shared_deck=deck, eternities_map=MapRules(radius=1))
    with pytest.raises(DeckError) as info:
        Game(config)
    assert info.value.message == (
        "the Eternities Map deck: profile 'published' keeps phenomena off the map, but the deck holds "
        "Time Distortion; remove them or choose a profile with phenomena"
    )


def test_config_one_of_each_plane_in_the_map_deck() -> None:
    deck = (*planes(radius=1), QUIET[0])
    config = GameConfig(players=("Alice", "Bob"), shared_deck=deck, eternities_map=MapRules(radius=1))
    with pytest.raises(DeckError, match=r"card 7: Tazeem is already in the deck \(one of each card\)"):
        Game(config)


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ({"profile": "published", "radius": 0}, "the map radius must be from 1 to 8, not 0"),
        ({"profile": "published", "radius": 9}, "the map radius must be from 1 to 8, not 9"),
        ({"profile": "chance", "hellride_chance": 101}, "'hellride_chance' is a percentage from 0 to 100, not 101"),
        ({"profile": "chance", "move_chance": -1}, "'move_chance' is a percentage from 0 to 100, not -1"),
        ({"profile": "published", "radius": "3"}, "'radius' must be an integer"),
        ({"profile": "published", "radius": True}, "'radius' must be an integer"),
        ({"profile": "published", "visibility": "dark"}, "'visibility' must be one of classic_plus, fog_of_war, not"),
        ({"profile": "published", "size": 7}, "unknown Eternities Map settings: size"),
        (
            {"profile": "maze"},
            "unknown Eternities Map profile 'maze'; choose one of published, hellride_phenomena, chance, "
            "phenomena_on_map, fog_of_war, strict_cr",
        ),
        ("maze", "unknown Eternities Map profile 'maze'"),
        (7, "the Eternities Map setting must be a profile name or an object"),
    ],
)
def test_config_bad_map_settings_are_refused_with_a_clear_message(setting: object, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        MapRules.from_dict(setting)  # type: ignore[arg-type]
    raw = {"players": ["Alice", "Bob"], "eternities_map": setting}
    with pytest.raises(ConfigError) as info:
        GameConfig.from_dict(raw)
    assert str(info.value).startswith("'eternities_map': ")
    assert message in str(info.value)


def test_config_settings_built_out_of_range_are_refused_when_the_game_starts() -> None:
    for rules, message in (
        (MapRules(radius=9), "the map radius must be from 1 to 8, not 9"),
        (MapRules(hellride_chance=150), "'hellride_chance' is a percentage from 0 to 100, not 150"),
    ):
        with pytest.raises(ConfigError, match=message):
            Game(GameConfig(players=("Alice", "Bob"), eternities_map=rules))


def test_config_json_forms_of_the_map_setting() -> None:
    base: dict[str, Any] = {"players": ["Alice", "Bob"]}
    assert GameConfig.from_dict({**base, "eternities_map": True}).eternities_map == PROFILES["published"]
    assert GameConfig.from_dict({**base, "eternities_map": False}).eternities_map is None
    assert GameConfig.from_dict({**base, "eternities_map": "fog_of_war"}).eternities_map == PROFILES["fog_of_war"]
    config = GameConfig.from_dict({**base, "eternities_map": {"profile": "chance", "radius": 2}})
    assert config.eternities_map == MapRules.from_dict({"profile": "chance", "radius": 2})
    assert GameConfig.from_dict(config.to_dict()) == config
    assert config.to_dict()["eternities_map"] == {"profile": "chance", "radius": 2}
