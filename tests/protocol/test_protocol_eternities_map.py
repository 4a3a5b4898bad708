"""The Eternities Map over the engine protocol: the ``eternities_map`` config key, the view's
``eternities_map``, the ``choose_direction`` decision (701.31b: on the map, planeswalking is a move) and
``hello``'s list of profiles. Every reply (and every request the client calls valid) is checked against
the shipped JSON Schema by the client."""

from __future__ import annotations

import random
from typing import Any

import jsonschema
import pytest
from protocol_helpers import REQUESTS, Client

from planechase.cards.catalog import CATALOG
from planechase.core.state import DecisionKind
from planechase.protocol import Session, load_schema
from planechase.variants.eternities_map import (
    MAX_RADIUS,
    PROFILE_SUMMARIES,
    PROFILES,
    CountersRule,
    MapRules,
    PhenomenaRule,
    Visibility,
    around,
)

DEFS = load_schema()["$defs"]
CONFIGS = jsonschema.Draft202012Validator({"$ref": "#/$defs/config", "$defs": DEFS})
VIEWS = jsonschema.Draft202012Validator({"$ref": "#/$defs/view", "$defs": DEFS})
#: Every plane of the catalog, in catalog order: a shared deck for map games.
PLANES = [c.name for c in CATALOG if c.is_plane]
DIRECTIONS = ["north", "east", "south", "west", "northeast", "southeast", "southwest", "northwest"]
ORTHOGONAL = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}


@pytest.fixture
def client() -> Client:
    return Client()


def map_config(eternities_map: Any, *, seed: int = 1, **extra: Any) -> dict[str, Any]:
    return {"players": ["Alice", "Bob"], "seed": seed, "starting_player": 0, "eternities_map": eternities_map, **extra}


def new_map(client: Client, eternities_map: Any = "published", *, seed: int = 1, **extra: Any) -> dict[str, Any]:
    """A new map game; the reply's view."""
    view: dict[str, Any] = client.ok({"cmd": "new", "config": map_config(eternities_map, seed=seed, **extra)})["view"]
    return view


def act(client: Client, action: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return client.ok({"cmd": "act", "action": action, **extra})


def to_direction_decision(client: Client) -> dict[str, Any]:
    """From the start of Alice's first turn: on to her main phase (resolving whatever triggers on the way),
    a forced planeswalker roll, and the planeswalking ability resolves (901.9c); the reply whose status
    holds the choose_direction decision."""
    for _ in range(20):
        view = client.ok({"cmd": "view"})["view"]
        decision = view["decision"]
        if decision:
            answer = {"decision": decision["id"], "option": decision["options"][0]["id"]}
            act(client, {"type": "choose", "player": decision["player"], **answer})
        elif view["stack"]:
            act(client, {"type": "resolve", "player": 0})
        elif view["step"] != "precombat_main":
            act(client, {"type": "advance", "player": 0, "to": "precombat_main"})
        else:
            break
    client.ok({"cmd": "force", "outcomes": ["planeswalker"]})
    act(client, {"type": "roll", "player": 0})
    return act(client, {"type": "resolve", "player": 0})


def space_at(view: dict[str, Any], x: int, y: int) -> dict[str, Any] | None:
    return next((s for s in view["eternities_map"]["spaces"] if (s["x"], s["y"]) == (x, y)), None)


# -- the schema --------------------------------------------------------------------------------------


def test_schema_map_enums_follow_the_engine() -> None:
    assert DEFS["map_profile"]["enum"] == list(PROFILES)
    assert DEFS["map_phenomena"]["enum"] == [m.value for m in PhenomenaRule]
    assert DEFS["map_visibility"]["enum"] == [m.value for m in Visibility]
    assert DEFS["map_counters"]["enum"] == [m.value for m in CountersRule]
    assert (DEFS["map_radius"]["minimum"], DEFS["map_radius"]["maximum"]) == (1, MAX_RADIUS)
    assert (DEFS["map_chance"]["minimum"], DEFS["map_chance"]["maximum"]) == (0, 100)
    assert DEFS["decision"]["properties"]["kind"]["enum"] == [k.value for k in DecisionKind]
    assert "choose_direction" in DEFS["decision"]["properties"]["kind"]["enum"]
    assert DEFS["map_direction"]["enum"] == DIRECTIONS
    assert "eternities_map" in DEFS["view"]["required"]


@pytest.mark.parametrize(
    "value",
    [*PROFILES, True, {"profile": "chance", "radius": 2, "move_chance": 10}, {"radius": 8, "counters": "reset"}],
)
def test_schema_accepts_map_configs_the_engine_accepts(value: Any) -> None:
    assert CONFIGS.is_valid(map_config(value))
    assert Session().handle({"cmd": "new", "config": map_config(value), "view": False})["ok"] is True


@pytest.mark.parametrize(
    "value",
    [
        "nope",
        {"profile": "nope"},
        {"radius": 0},
        {"radius": 9},
        {"hellride_chance": 101},
        {"move_chance": -1},
        {"radius": "3"},
        {"colour": "red"},
        {"phenomena": "always"},
        {"visibility": "foggy"},
        {"counters": "forget"},
        5,
        [],
    ],
)
def test_schema_refuses_map_configs_the_engine_refuses(value: Any) -> None:
    assert not CONFIGS.is_valid(map_config(value))
    assert Session().handle({"cmd": "new", "config": map_config(value), "view": False})["ok"] is False


def test_schema_hides_a_face_down_spaces_name() -> None:
    view = new_map(Client(), "fog_of_war")
    assert VIEWS.is_valid(view)
    leaky = next(s for s in view["eternities_map"]["spaces"] if not s["face_up"])
    leaky["name"], leaky["kind"] = "Pompeii", "plane"
    assert not VIEWS.is_valid(view)


# -- hello ---------------------------------------------------------------------------------------------


def test_hello_lists_every_map_profile_with_its_summary_and_settings(client: Client) -> None:
    profiles = client.ok({"cmd": "hello"})["eternities_map_profiles"]
    assert [p["profile"] for p in profiles] == list(PROFILES)
    for listed in profiles:
        rules = PROFILES[listed["profile"]]
        assert listed["summary"] == PROFILE_SUMMARIES[listed["profile"]]
        settings = listed["settings"]
        assert settings["phenomena"] == rules.phenomena.value and settings["radius"] == rules.radius
        assert (settings["hellride_chance"], settings["move_chance"]) == (rules.hellride_chance, rules.move_chance)
        assert (settings["visibility"], settings["counters"]) == (rules.visibility.value, rules.counters.value)


@pytest.mark.parametrize("name", list(PROFILES))
def test_hello_settings_are_the_settings_a_game_started_with_the_profile_shows(client: Client, name: str) -> None:
    listed = {p["profile"]: p["settings"] for p in client.ok({"cmd": "hello"})["eternities_map_profiles"]}
    assert new_map(client, name)["eternities_map"]["settings"] == listed[name]


# -- starting a map game -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(PROFILES))
def test_each_profile_starts_with_five_spaces_in_a_plus(client: Client, name: str) -> None:
    view = new_map(client, name)
    m = view["eternities_map"]
    assert m["settings"]["profile"] == name and m["rules"] == {"profile": name}
    assert m["description"] == PROFILES[name].describe()
    assert m["position"] == [0, 0]
    assert sorted((s["x"], s["y"]) for s in m["spaces"]) == sorted([(0, 0), *around((0, 0))])
    centre = space_at(view, 0, 0)
    assert centre is not None and centre["current"] and centre["planeswalked_to"] and centre["face_up"]
    # The centre is the starting plane (103.7), the one face-up planar card (901.7).
    assert [f["name"] for f in view["face_up"]] == [centre["name"]] and centre["kind"] == "plane"
    neighbours = [s for s in m["spaces"] if (s["x"], s["y"]) != (0, 0)]
    assert all(s["distance"] == 1 and not s["current"] and not s["planeswalked_to"] for s in neighbours)
    if PROFILES[name].visibility is Visibility.CLASSIC_PLUS:
        assert all(s["face_up"] and s["name"] for s in neighbours)
    else:
        assert all(not s["face_up"] and s["name"] is None and s["kind"] is None for s in neighbours)
    if PROFILES[name].phenomena is PhenomenaRule.PILE:
        assert isinstance(m["phenomenon_pile"], int) and m["phenomenon_pile"] > 0
    else:
        assert m["phenomenon_pile"] is None
    assert m["arriving"] is False and m["tunnel"] is False and m["beside"] == []
    assert {mv["direction"] for mv in m["moves"]} == set(DIRECTIONS)


def test_true_plays_the_published_map_and_other_games_have_none(client: Client) -> None:
    assert new_map(client, True)["eternities_map"]["settings"]["profile"] == "published"
    assert new_map(client, None, shared_deck=PLANES[:20])["eternities_map"] is None


def test_a_changed_setting_shows_in_the_rules_and_settings(client: Client) -> None:
    m = new_map(client, {"profile": "chance", "radius": 2, "move_chance": 10})["eternities_map"]
    assert m["rules"] == {"profile": "chance", "radius": 2, "move_chance": 10}
    assert (m["settings"]["radius"], m["settings"]["move_chance"], m["settings"]["hellride_chance"]) == (2, 10, 50)
    assert m["description"] == MapRules.from_dict({"profile": "chance", "radius": 2, "move_chance": 10}).describe()
    assert "move_chance" in m["description"][0] and "radius" in m["description"][0]


def test_a_shared_deck_is_the_maps_deck(client: Client) -> None:
    # radius 3: 2r² + 2r + 2 = 26 planes; five are dealt at setup.
    m = new_map(client, "published", shared_deck=PLANES[:26])["eternities_map"]
    assert m["deck"] == 21
    assert {s["name"] for s in m["spaces"]} <= set(PLANES[:26])


# -- refused configurations -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "named"),
    [
        ("fog", "'fog'"),
        ({"profile": "nope"}, "'nope'"),
        ({"radius": 0}, "radius"),
        ({"profile": "fog_of_war", "radius": 9}, "radius"),
        ({"hellride_chance": 101}, "hellride_chance"),
        ({"move_chance": -5}, "move_chance"),
        ({"colour": "red"}, "colour"),
        ({"phenomena": "always"}, "phenomena"),
        ({"radius": True}, "radius"),
        (7, "profile name or an object"),
    ],
)
def test_a_bad_profile_or_setting_is_a_config_error_and_the_session_goes_on(
    client: Client, value: Any, named: str
) -> None:
    before = new_map(client, "published")
    state_id = client.replies[-1]["state_id"]
    request = {"cmd": "new", "config": map_config(value)}
    assert not REQUESTS.is_valid(request)
    reply = client.send(request, valid=False)
    assert reply["ok"] is False and reply["state_id"] == state_id
    assert reply["error"]["code"] == "config_error"
    assert "eternities_map" in reply["error"]["message"] and named in reply["error"]["message"]
    # The session goes on, with the game it had.
    assert client.ok({"cmd": "view"})["view"] == before
    assert client.ok({"cmd": "hello"})["state_id"] == state_id
    assert new_map(client, "strict_cr")["eternities_map"]["settings"]["profile"] == "strict_cr"


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"decks": [PLANES[:10], PLANES[10:20]]}, "shared_deck"),
        ({"shared_deck": PLANES[:25]}, "26 planes"),
        ({"planechase": False}, "planechase"),
        ({"players": [f"P{n}" for n in range(8)], "variant": "grand_melee"}, "Grand Melee"),
        ({"shared_deck": [*PLANES[:26], "Chaotic Aether"]}, "Chaotic Aether"),
    ],
)
def test_a_map_game_the_engine_cannot_set_up_is_a_config_error(
    client: Client, extra: dict[str, Any], named: str
) -> None:
    reply = client.send({"cmd": "new", "config": map_config("published") | extra})
    assert reply["ok"] is False and reply["error"]["code"] == "config_error", reply
    assert named in reply["error"]["message"]
    assert reply["state_id"] == 0 and reply["actions_taken"] is None


@pytest.mark.parametrize(("value", "named"), [("nope", "'nope'"), ({"radius": 0}, "radius")])
def test_a_save_with_a_bad_map_setting_does_not_load(client: Client, value: Any, named: str) -> None:
    save = {
        "format": "planechase-save",
        "version": 1,
        "config": map_config(value),
        "log": [{"action": None, "events": []}],
    }
    reply = client.send({"cmd": "load", "save": save}, valid=False)
    assert reply["ok"] is False and reply["error"]["code"] == "replay_error"
    assert named in reply["error"]["message"] and reply["state_id"] == 0


@pytest.mark.parametrize("outcome", ["percent:1", "percent:50", "percent:100"])
def test_percent_outcomes_can_be_forced(client: Client, outcome: str) -> None:
    new_map(client, "chance")
    assert client.ok({"cmd": "force", "outcomes": [outcome]})["forced"] == [outcome]


@pytest.mark.parametrize("outcome", ["percent:0", "percent:101", "percent:", "percent:x", "percent:050"])
def test_a_percent_outcome_out_of_range_is_refused(client: Client, outcome: str) -> None:
    new_map(client, "chance")
    request = {"cmd": "force", "outcomes": [outcome]}
    assert not REQUESTS.is_valid(request)
    reply = client.send(request, valid=False)
    assert reply["ok"] is False and reply["error"]["code"] == "invalid_forced"
    assert outcome in reply["error"]["message"]


# -- choose_direction (701.31b) ------------------------------------------------------------------------


def test_701_31b_the_planeswalker_chooses_a_direction_with_every_move_as_an_option(client: Client) -> None:
    start = new_map(client, "published")
    reply = to_direction_decision(client)
    decision = reply["status"]["decision"]
    assert decision is not None and decision == reply["view"]["decision"]
    assert decision["kind"] == "choose_direction" and decision["rule"] == "701.31b" and decision["player"] == 0
    assert [o["id"] for o in decision["options"]] == DIRECTIONS
    assert [o["id"] for o in decision["options"]] == [m["direction"] for m in reply["view"]["eternities_map"]["moves"]]
    for option in decision["options"]:
        if option["id"] in ORTHOGONAL:
            target = space_at(start, *ORTHOGONAL[option["id"]])
            assert target is not None
            assert option["label"] == f"{option['id'].capitalize()}: {target['name']}"
        else:
            assert option["label"].startswith(f"{option['id'].capitalize()} (hellride): an unknown space")
    legal = client.ok({"cmd": "legal", "player": 0})["actions"]
    chooses = [a for a in legal if a["type"] == "choose"]
    assert [a["option"] for a in chooses] == DIRECTIONS and {a["decision"] for a in chooses} == {decision["id"]}
    # The game waits for the answer: the position has not changed.
    assert reply["view"]["eternities_map"]["position"] == [0, 0]


def test_701_31b_answering_north_moves_the_game_to_the_northern_plane(client: Client) -> None:
    start = new_map(client, "published")
    north = space_at(start, 0, 1)
    centre = space_at(start, 0, 0)
    assert north is not None and centre is not None
    decision = to_direction_decision(client)["status"]["decision"]
    reply = act(client, {"type": "choose", "player": 0, "decision": decision["id"], "option": "north"})
    view = reply["view"]
    moved = [e for e in reply["events"] if e["type"] == "map_moved"]
    assert [(e["direction"], e["hellride"], e["position"], e["previous"]) for e in moved] == [
        ("north", False, [0, 1], [0, 0])
    ]
    assert view["eternities_map"]["position"] == [0, 1] and view["decision"] is None
    here = space_at(view, 0, 1)
    assert here is not None and here["current"] and here["planeswalked_to"] and here["name"] == north["name"]
    assert [f["name"] for f in view["face_up"]] == [north["name"]]
    assert [e["card"] for e in reply["events"] if e["type"] == "planeswalked_to"] == [north["name"]]
    # The plane the game left stays face up on the map (701.31b as the map reads it).
    left = space_at(view, 0, 0)
    assert left is not None and left["face_up"] and left["name"] == centre["name"] and not left["current"]
    # The empty spaces around the new position are dealt and, classic plus, turned face up.
    for x, y in around((0, 1)):
        space = space_at(view, x, y)
        assert space is not None and space["face_up"] and space["distance"] == 1


def test_701_31b_a_hellride_deals_a_card_onto_the_unknown_diagonal(client: Client) -> None:
    start = new_map(client, "published")
    assert space_at(start, 1, 1) is None
    decision = to_direction_decision(client)["status"]["decision"]
    view = act(client, {"type": "choose", "player": 0, "decision": decision["id"], "option": "northeast"})["view"]
    m = view["eternities_map"]
    assert m["position"] == [1, 1]
    here = space_at(view, 1, 1)
    assert here is not None and here["current"] and here["name"] == view["face_up"][0]["name"]
    assert m["deck"] == start["eternities_map"]["deck"] - 3  # the destination and two empty neighbours
    # 1 south and 1 west of the new position are face up now: no hellride back to the centre.
    assert "southwest" not in {mv["direction"] for mv in m["moves"]}


def test_701_31b_an_option_that_is_not_offered_is_refused_and_the_decision_stays(client: Client) -> None:
    new_map(client, "published")
    reply = to_direction_decision(client)
    decision = reply["status"]["decision"]
    refused = client.send(
        {"cmd": "act", "action": {"type": "choose", "player": 0, "decision": decision["id"], "option": "up"}}
    )
    assert refused["ok"] is False and refused["error"]["code"] in ("illegal_action", "invalid_action")
    assert refused["state_id"] == reply["state_id"]
    assert client.ok({"cmd": "view"})["view"]["decision"] == decision


def test_701_31b_undo_after_the_answer_goes_back_to_the_direction_decision(client: Client) -> None:
    new_map(client, "published")
    decision = to_direction_decision(client)["status"]["decision"]
    act(client, {"type": "choose", "player": 0, "decision": decision["id"], "option": "south"})
    view = client.ok({"cmd": "undo"})["view"]
    assert view["decision"] == decision and view["eternities_map"]["position"] == [0, 0]


def test_fog_of_war_labels_a_face_down_destination_without_its_name(client: Client) -> None:
    start = new_map(client, "fog_of_war")
    decision = to_direction_decision(client)["status"]["decision"]
    labels = {o["id"]: o["label"] for o in decision["options"]}
    assert labels["north"] == "North: a face-down card"
    assert client.session.game is not None and client.session.game.state.eternities is not None
    hidden = client.session.game.state.eternities.at((0, 1))
    assert hidden is not None
    name = client.session.game.state.name_of(hidden.card)
    assert all(name not in label for label in labels.values())
    before = space_at(start, 0, 1)
    assert before is not None and not before["face_up"] and before["name"] is None
    view = act(client, {"type": "choose", "player": 0, "decision": decision["id"], "option": "north"})["view"]
    here = space_at(view, 0, 1)
    assert here is not None and here["face_up"] and here["name"] == name  # turned face up on entering


def test_a_map_game_saves_and_loads_over_the_protocol(client: Client) -> None:
    new_map(client, {"profile": "chance", "radius": 2})
    decision = to_direction_decision(client)["status"]["decision"]
    view = act(client, {"type": "choose", "player": 0, "decision": decision["id"], "option": "west"})["view"]
    save = client.ok({"cmd": "save"})["save"]
    assert save["config"]["eternities_map"] == {"profile": "chance", "radius": 2}
    other = Client()
    assert other.ok({"cmd": "load", "save": save})["view"] == view


# -- random play -----------------------------------------------------------------------------------------


def check_view(client: Client, view: dict[str, Any]) -> None:
    """The view's map against the engine's: same position and cards, face-down names never shown, and a
    pending choose_direction decision offering exactly the view's moves."""
    VIEWS.validate(view)
    game = client.session.game
    assert game is not None and game.state.eternities is not None
    state = game.state
    m = state.eternities
    assert m is not None
    shown = view["eternities_map"]
    assert shown["position"] == list(m.position)
    assert [(s["x"], s["y"], s["face_up"]) for s in shown["spaces"]] == [(c.x, c.y, c.face_up) for c in m.cells]
    for space, cell in zip(shown["spaces"], m.cells, strict=True):
        if cell.face_up:
            assert space["name"] == state.name_of(cell.card)
        else:
            assert space["name"] is None and space["kind"] is None
    decision = view["decision"]
    if decision is not None and decision["kind"] == "choose_direction":
        assert [o["id"] for o in decision["options"]] == [mv["direction"] for mv in shown["moves"]]
        hidden = {state.name_of(c.card) for c in m.cells if not c.face_up}
        assert not any(name in o["label"] for o in decision["options"] for name in hidden)


def pick(actions: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A legal action that keeps the game moving on the map: mostly rolls (a forced planeswalker symbol
    more often than not), answers, resolutions and advances to the next main phase; now and then anything."""

    def of(kind: str) -> list[dict[str, Any]]:
        return [a for a in actions if a["type"] == kind]

    if rng.random() < 0.15:
        return rng.choice(actions)
    if of("choose"):
        return rng.choice(of("choose"))
    if of("roll") and rng.random() < 0.8:
        return of("roll")[0]
    if of("resolve"):
        return of("resolve")[0]
    advances = of("advance")
    main = [a for a in advances if a["to"] == "precombat_main"] or [a for a in advances if a["to"] == "next_turn"]
    return main[0] if main else rng.choice(actions)


@pytest.mark.parametrize(
    ("profile", "seed"),
    [
        ("published", 1),
        ("hellride_phenomena", 2),
        ("chance", 3),
        ("phenomena_on_map", 4),
        ("fog_of_war", 5),
        ("strict_cr", 6),
        ({"profile": "chance", "radius": 1, "move_chance": 50}, 7),
    ],
)
def test_random_map_play_keeps_views_valid_and_face_down_names_hidden(profile: Any, seed: int) -> None:
    client = Client()
    check_view(client, new_map(client, profile, seed=seed))
    rng = random.Random(seed)
    moves = 0
    for _ in range(100):
        actions = [a for a in client.ok({"cmd": "legal"})["actions"] if a["type"] != "concede"]
        if not actions:
            break
        action = pick(actions, rng)
        if action["type"] == "roll":
            client.ok({"cmd": "force", "outcomes": [rng.choice(["planeswalker", "planeswalker", "chaos", "blank"])]})
        reply = act(client, action, seat=rng.choice([0, 1, None]))
        moves += sum(e["type"] == "map_moved" for e in reply["events"])
        check_view(client, reply["view"])
    assert moves >= 3
