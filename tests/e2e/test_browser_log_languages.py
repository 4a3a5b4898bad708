"""The rules log in every language the page speaks, for the events logtext.js gained templates for last: the
Eternities Map, Grand Melee's turn markers, the variants' first lines, and what planar cards do that the table
has to be told (random choices, numbers and answers, life exchanged and redistributed, spells gone, abilities
that do nothing). Each event is made by playing the engine in this process (the helpers of ``driving`` and
``map_driving``, and the situations of the rules and card tests); the page's log module, in a real browser
against a real server, must give the engine's own line in English and a translated line in every other
language, with no placeholder left unfilled.

One event can't be reached by playing: no space of the Eternities Map can be entered only when the deck is empty
and no card lies around the current space, and every map keeps a card in its deck or around it (the deck always
holds more planes than the map has spaces within its radius). It is made, as
:func:`e2e.test_browser_turn_effects.turn_effect_events` makes its events, by the engine's own function (``Run``,
as the engine runs an effect) on a map emptied by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from playwright.sync_api import Page

from conftest import QUIET_PLANES, identity_order, make_game
from driving import (
    CARD_FILLER,
    CARD_OTHERS,
    act,
    advance,
    answer,
    cast,
    deck_names,
    encounter,
    game_maker,
    next_turn,
    option_for,
    pass_once,
    priority_holder,
    resolve_stack,
    resolve_top,
    roll,
    to_step,
)
from e2e.conftest import Device
from e2e.test_browser_table import joined, page_form
from e2e.test_browser_turn_effects import PLAYERS, READ_LOG, read_log
from map_driving import QUIET, map_game, move, planes, walk
from planechase import Event, Game, GameConfig
from planechase.core.context import Run
from planechase.engine import melee
from planechase.planar.eternities import planeswalk_on_map
from planechase.server.i18n import LANGUAGES, SOURCE_LANGUAGE
from planechase.server.rooms import public_event
from server.live import LiveServer

#: The event types whose every line must be translated.
NEW_TYPES = frozenset(
    {
        "ability_controller",
        "bottom_order",
        "cancelled",
        "chosen_at_random",
        "condition_false",
        "counters_lost",
        "effect_created",
        "effect_used",
        "extra_turn_later",
        "game_started",
        "illegal_targets",
        "left_on_top",
        "life_exchanged",
        "life_redistributed",
        "map_displaced",
        "map_joined",
        "map_no_move",
        "map_phenomenon_chance",
        "map_phenomenon_met",
        "map_revealed",
        "map_rules",
        "map_shuffled_back",
        "map_space_dealt",
        "map_tunnel",
        "map_tunnel_opened",
        "no_copy",
        "no_counter",
        "no_exchange",
        "no_player",
        "no_redistribution",
        "planar_card_bottomed",
        "process_iteration",
        "process_repeated",
        "put_on_bottom",
        "put_on_top",
        "range_of_influence",
        "removed_from_stack",
        "replaced",
        "seated_at_random",
        "selected_at_random",
        "table_answer",
        "turn_marker_designated",
        "turn_marker_kept",
        "turn_markers",
    }
)

#: The card tests' games, with the players the turn-effects test reads the log with.
game_on = game_maker(CARD_FILLER, CARD_OTHERS)
TWO = PLAYERS[:2]


@dataclass(frozen=True)
class Played:
    """A game's events, as a client is sent them, and the players' names by seat."""

    name: str
    names: tuple[str, ...]
    events: tuple[dict[str, Any], ...]


def played(name: str, game: Game) -> Played:
    """The events of ``game`` as the page is sent them (without their chance data)."""
    return Played(name, tuple(p.name for p in game.state.players), tuple(public_event(e) for e in game.events()))


# -- playing the engine


def chaos_ability(game: Game) -> list[Event]:
    """The player with priority puts an ability (not a spell) on the stack that makes chaos ensue."""
    return act(game, type="cast", player=priority_holder(game), label="test chaos", effect="chaos", spell=False)


def settle(game: Game, *picks: str) -> None:
    """Resolve the stack, answering every decision with the first of ``picks`` among its options (by id, or by
    label), else with its first option."""
    for _ in range(60):
        resolve_stack(game)
        decision = game.decision
        if decision is None:
            return
        ids = [o.id for o in decision.options]
        labels = {o.label: o.id for o in decision.options}
        chosen = next((p for p in picks if p in ids), None) or next((labels[p] for p in picks if p in labels), None)
        answer(game, chosen or ids[0])
    raise AssertionError("the game did not settle")


def random_choice_and_next_spell() -> Game:
    """Happy Yargle Day! chooses a card at random; Mycosynthwave's effect waits for Ann's next spell."""
    game = game_on("Happy Yargle Day!", "Mycosynthwave", players=TWO)
    to_step(game)
    chaos_ability(game)
    settle(game)
    roll(game, "planeswalker")
    settle(game)
    chaos_ability(game)
    settle(game)
    cast(game, "none", player=0)
    settle(game)
    return game


def repeated_process() -> Game:
    """sAnS mERcY: the process once for each of Ann's two rolls, Bob answering each time."""
    game = game_on("sAnS mERcY", players=TWO)
    to_step(game)
    roll(game, "blank")
    roll(game, "blank")
    chaos_ability(game)
    settle(game, "no")
    return game


def numbers_and_doubled_damage() -> Game:
    """Skybreen: Bob tells the table how many cards are in his hand; Stronghold Furnace doubles its damage."""
    game = game_on("Skybreen", "Stronghold Furnace", players=TWO)
    to_step(game)
    chaos_ability(game)
    settle(game, "player:1", "4")
    roll(game, "planeswalker")
    settle(game)
    chaos_ability(game)
    settle(game, "player:1")
    return game


def fixed_point_in_time() -> Game:
    """Fixed Point in Time: the next planeswalk of a roll is chaos instead (its rules test)."""
    game = game_on("Sokenzan", "Fixed Point in Time", players=TWO)
    encounter(game)
    settle(game)
    roll(game, "planeswalker")
    settle(game)
    return game


def random_target_and_yes_or_no() -> Game:
    """Furnace Layer selects its target at random and asks whether the card discarded was a land."""
    game = game_on("Sokenzan", "Furnace Layer", players=PLAYERS)
    to_step(game)
    roll(game, "planeswalker")
    settle(game, "yes")
    return game


def no_player_to_instruct() -> Game:
    """Lair of the Ashen Idol asks Ann whether she sacrificed a creature; its chaos ability has no target player."""
    game = game_on("Lair of the Ashen Idol", players=PLAYERS)
    settle(game, "yes")
    to_step(game)
    chaos_ability(game)
    settle(game, "done")
    return game


def life_totals() -> Game:
    """Cliffside Market: Ann can't exchange life totals with herself; in his upkeep Bob exchanges with her (its card
    tests)."""
    game = game_on("Cliffside Market", players=TWO)
    settle(game, "player:0", "yes")
    act(game, type="life", player=0, amount=-8)
    next_turn(game)
    settle(game, "player:0", "yes")
    return game


def redistributed_life() -> Game:
    """The Doctor's Tomb: three life totals redistributed, then fewer than two players chosen."""
    game = game_on("The Doctor's Tomb", players=PLAYERS)
    to_step(game)
    act(game, type="life", player=0, amount=-5)
    chaos_ability(game)
    settle(game, "player:2", "player:0", "player:1", "total:0", "total:1")
    chaos_ability(game)
    settle(game, "done")
    return game


def top_and_bottom_of_the_deck() -> Game:
    """Stairs to Infinity puts the revealed card on the bottom, then leaves one on top; Interplanar Tunnel puts
    a plane on top and the rest on the bottom in a random order."""
    game = game_on("Stairs to Infinity", "Interplanar Tunnel", players=TWO)
    to_step(game)
    roll(game, "chaos")
    settle(game, "yes")
    roll(game, "chaos")
    settle(game, "no")
    roll(game, "planeswalker")
    settle(game)
    return game


def abilities_that_do_nothing() -> Game:
    """Unyaro's end step ability after Ann planeswalked away (603.4); Aretopolis's counter with Aretopolis gone
    (608.2h); Mirrored Depths and Izzet Steam Maze after the spell was countered."""
    game = game_on("Sokenzan", "Unyaro", "Aretopolis", "Mirrored Depths", "Izzet Steam Maze", players=TWO)
    to_step(game)
    roll(game, "planeswalker")
    settle(game)
    advance(game, "end")
    assert game.state.stack, "Unyaro's ability did not trigger"
    cast(game, "planeswalk")  # in response: Ann planeswalks to Aretopolis
    settle(game)
    next_turn(game)
    next_turn(game)
    settle(game)
    to_step(game)
    chaos_ability(game)
    resolve_top(game)  # Aretopolis's chaos ability waits on the stack ...
    cast(game, "planeswalk")  # ... while Ann planeswalks to Mirrored Depths
    settle(game)
    for types in ("", "instant"):  # a spell, then an instant on Izzet Steam Maze
        act(game, type="cast", player=0, label="Opt", effect="none", types=types)
        spell = game.state.stack[0].id
        act(game, type="cast", player=0, label="Counterspell", effect="counter", target=spell, spell=False)
        resolve_top(game)
        if not types:
            game.force("coin:lose")
            settle(game)
            roll(game, "planeswalker")
        settle(game)
    return game


def players_leaving() -> Game:
    """Ann leaves with Time Distortion's ability on the stack (901.10b); Deceptive Divination's second target
    leaves before it resolves (608.2b)."""
    game = game_on("Sokenzan", "Time Distortion", players=("Ann", "Bob", "Cy", "Dee"))
    to_step(game)
    roll(game, "planeswalker")
    while game.state.stack[-1].kind.value == "planeswalking":
        pass_once(game)
    act(game, type="concede", player=0)
    settle(game)
    return game


def target_gone() -> Game:
    game = game_on("Deceptive Divination", players=PLAYERS)
    to_step(game)
    chaos_ability(game)
    resolve_top(game)
    answer(game, "player:1")
    answer(game, "player:2")
    act(game, type="concede", player=2)
    settle(game)
    return game


def action_reversed() -> Game:
    """Ann doesn't pay for her second roll (901.9): the roll is reversed."""
    game = game_on("Tazeem", players=TWO)
    to_step(game)
    roll(game, "blank")
    roll(game, "blank", pay=False)
    answer(game, "cancel")
    return game


# -- the variants

TWELVE = tuple(f"P{n}" for n in range(12))


def grand_melee(*first: str) -> Game:
    """Twelve players in Grand Melee (807): turn markers 1, 2 and 3 with seats 0, 4 and 8; seat 0's planar deck
    begins with ``first``."""
    quiet = QUIET_PLANES[:10]
    return make_game([(*first, *quiet[: 10 - len(first)]), *([quiet] * 11)], players=TWELVE, variant="grand_melee")


def resolve_marker(game: Game, marker: int) -> None:
    """The players pass until turn marker ``marker``'s stack is empty."""
    for _ in range(50):
        turn = melee.turn_of(game.state, marker)
        assert turn is not None, marker
        if not turn.stack or game.decision is not None:
            return
        act(game, type="pass", player=turn.priority, marker=marker)
    raise AssertionError(f"turn marker {marker}'s stack did not empty")


def melee_markers_removed() -> Game:
    """Seat 1 leaves: marker 1 is designated for removal (807.4e); seat 11 leaves too, so nobody else is within
    seat 0's range and Deceptive Divination's ability has no legal targets (603.3d); seat 0's turn ends and
    marker 1 is removed with its plane (807.4g)."""
    game = grand_melee("Deceptive Divination")
    act(game, type="advance", player=0, to="precombat_main", marker=1)
    act(game, type="concede", player=1)
    act(game, type="concede", player=11)
    act(game, type="cast", player=0, label="test chaos", effect="chaos", spell=False, marker=1)
    resolve_marker(game, 1)
    act(game, type="advance", player=0, to="next_turn", marker=1)
    return game


def melee_extra_turns() -> Game:
    """Seat 8's extra turn comes before its next turn, seat 5 waiting with marker 2 close on its right (807.4i,
    807.4j); seat 1 keeps its marker for its extra turn."""
    game = grand_melee()
    act(game, type="advance", player=0, to="next_turn", marker=1)
    act(game, type="advance", player=4, to="next_turn", marker=2)
    for seat, marker in ((8, 3), (1, 1)):
        act(game, type="cast", player=seat, label="Time Walk", effect="extra_turn", marker=marker)
        resolve_marker(game, marker)
        act(game, type="advance", player=seat, to="next_turn", marker=marker)
    return game


def two_headed_giant() -> Game:
    """Cliffside Market: Ann can't exchange life totals with her teammate (810.9e)."""
    decks = [("Cliffside Market", *QUIET_PLANES[:9]), *([QUIET_PLANES] * 3)]
    game = make_game(decks, players=("Ann", "Bob", "Cy", "Dee"), variant="two_headed_giant")
    settle(game, "player:1", "yes")
    return game


def emperor() -> Game:
    return make_game(
        [QUIET_PLANES] * 6, players=("Ann", "Bob", "Cy", "Dee", "Eve", "Fay"), variant="emperor", starting_player=None
    )


def without_planechase() -> Game:
    return Game(GameConfig(players=TWO, planechase=False, starting_player=0))


def seated_at_random() -> Game:
    players = ("Ann", "Bob", "Cy", "Dee")
    return Game(GameConfig(players=players, decks=tuple([QUIET_PLANES] * 4), seed=5, random_seating=True))


def ranges_of_influence() -> Game:
    """801.2c's example: Rob leaves; ranges are determined again as the next turn begins."""
    players = ("Carissa", "Rob", "Alex", "Dana", "Eli")
    game = make_game([QUIET_PLANES] * 5, players=players, range_of_influence=1)
    act(game, type="concede", player=1)
    next_turn(game)
    return game


# -- the Eternities Map


def map_tunnel() -> Game:
    """Interplanar Tunnel met on a hellride (hellride_phenomena): its plane takes the destination space."""
    game = map_game((*planes(), "Interplanar Tunnel"), {"profile": "hellride_phenomena", "radius": 2}, players=TWO)
    to_step(game)
    move(game, "northeast")
    resolve_top(game)
    game.force(identity_order(4))
    answer(game, option_for(game, deck_names(game)[2]))
    settle(game)
    return game


def map_seedcore() -> Game:
    """Norn's Seedcore: the revealed plane joins it beside the map."""
    game = map_game(planes(QUIET[0], "Norn's Seedcore"), {"profile": "published", "radius": 2}, players=TWO)
    to_step(game)
    move(game, "north")
    settle(game)
    return game


def map_chances() -> Game:
    """The chance profile: a move meets no phenomenon, then a hellride meets Time Distortion."""
    deck = (*planes(radius=2), "Time Distortion", "Planewide Disaster")
    game = map_game(deck, {"profile": "chance", "radius": 2, "move_chance": 30}, players=TWO)
    to_step(game)
    move(game, "north", "percent:31")
    settle(game)
    move(game, "northeast", "percent:7")
    settle(game)
    return game


def map_strict_cr() -> Game:
    """strict_cr with radius 1: Aretopolis loses its counters (901.7a); cards are shuffled back; a hellride is
    dealt its space."""
    game = map_game(planes(QUIET[0], "Aretopolis", radius=1), {"profile": "strict_cr", "radius": 1}, players=TWO)
    to_step(game)
    for direction in ("north", "south", "southwest"):
        walk(game, direction)
    return game


def map_fog_of_war() -> Game:
    """Fog of war: the face-down cards far away are shuffled back."""
    game = map_game(planes(radius=1), {"profile": "fog_of_war", "radius": 1}, players=TWO)
    to_step(game)
    walk(game, "north")
    return game


def map_no_move() -> Played:
    """No space can be entered: the map holds only the current space and the deck is empty (see the module)."""
    game = map_game(planes(radius=1), {"profile": "published", "radius": 1}, players=TWO)
    to_step(game)
    state = game.state
    run = Run(state.copy(), state.catalog)
    on_map = run.s.eternities
    assert on_map is not None
    run.s.eternities = replace(on_map, cells=tuple(c for c in on_map.cells if c.position == on_map.position))
    run.set_deck(0, ())
    planeswalk_on_map(run, 0, rules=("701.31",), cause="the planeswalking ability", to_cards=None)
    return Played("map_no_move", TWO, tuple(public_event(e) for e in run.events))


GAMES: tuple[Callable[[], Game], ...] = (
    random_choice_and_next_spell,
    repeated_process,
    numbers_and_doubled_damage,
    fixed_point_in_time,
    random_target_and_yes_or_no,
    no_player_to_instruct,
    life_totals,
    redistributed_life,
    top_and_bottom_of_the_deck,
    abilities_that_do_nothing,
    players_leaving,
    target_gone,
    action_reversed,
    melee_markers_removed,
    melee_extra_turns,
    two_headed_giant,
    emperor,
    without_planechase,
    seated_at_random,
    ranges_of_influence,
    map_tunnel,
    map_seedcore,
    map_chances,
    map_strict_cr,
    map_fog_of_war,
)


def all_played() -> list[Played]:
    return [*(played(make.__name__, make()) for make in GAMES), map_no_move()]


# -- the page


def log_lines(page: Page, game: Played, lang: str) -> list[str]:
    """The page's lines for the game's events in ``lang``: by the turn-effects test's ``read_log`` when the
    players are its own, else by its script with these players' names."""
    events = list(game.events)
    if game.names == PLAYERS[: len(game.names)]:
        lines, _ = read_log(page, events, [], lang)
    else:
        lines, _ = page.evaluate(READ_LOG, [events, [], list(game.names), lang])
    assert isinstance(lines, list)
    return [str(line) for line in lines]


def test_every_new_kind_of_event_is_made_by_playing() -> None:
    made = {e["type"] for game in all_played() for e in game.events}
    assert made >= NEW_TYPES, f"not made: {sorted(NEW_TYPES - made)}"


def test_the_log_of_every_new_kind_of_event_reads_in_every_language(server: LiveServer, device: Device) -> None:
    games = all_played()
    table = server.create_table(**page_form(1, PLAYERS))
    page = joined(device(table.created["seats"][0]["url"]), "Ann")
    for game in games:
        assert log_lines(page, game, SOURCE_LANGUAGE) == [e["text"] for e in game.events], game.name
    for lang in LANGUAGES:
        if lang == SOURCE_LANGUAGE:
            continue
        untranslated: list[str] = []
        unfilled: list[str] = []
        for game in games:
            for line, event in zip(log_lines(page, game, lang), game.events, strict=True):
                if event["type"] not in NEW_TYPES:
                    continue
                if line == event["text"]:
                    untranslated.append(f"{game.name}: {event['type']}: {line}")
                if "{" in line:
                    unfilled.append(f"{game.name}: {event['type']}: {line}")
        assert not untranslated, f"{lang}: these lines are shown in English:\n" + "\n".join(untranslated)
        assert not unfilled, f"{lang}: these lines have a placeholder left:\n" + "\n".join(unfilled)
