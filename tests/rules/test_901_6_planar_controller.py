"""The planar controller (901.6, 311.5): normally the active player; it controls the face-up planar cards
and their abilities, whoever owns them. Owners (901.6) and the shared deck (901.15b, 901.15c)."""

from __future__ import annotations

from conftest import make_game
from driving import deck_maker, names, next_turn, resolve_stack

FILL: tuple[str, ...] = (
    *("Tazeem", "The Eon Fog", "Sokenzan", "Fields of Summer", "Sanctum of Serra", "Stairs to Infinity"),
    *("Temple of Atropos", "Pools of Becoming", "Naar Isle", "Aretopolis", "Pompeii"),
)

SHARED = (
    "Tazeem",
    "Aretopolis",
    "The Eon Fog",
    *("Sokenzan", "Otaria", "Fields of Summer", "Sanctum of Serra", "Stairs to Infinity", "Temple of Atropos"),
    *("Pools of Becoming", "Naar Isle", "Pompeii", "Academy at Tolaria West", "Kilnspire District"),
    *("Mount Keralia", "Norn's Seedcore", "The Fertile Lands of Saulvinia"),
    *("Chaotic Aether", "Time Distortion", "Spatial Merging"),
)


#: Legal ten-card planar decks: the cards asked for on top, then quiet planes.
deck = deck_maker(FILL)


# -- 901.6 / 311.5: who the planar controller is ------------------------------------------------------------


def test_901_6_the_planar_controller_is_the_active_player() -> None:
    game = make_game([deck("Tazeem"), deck("The Eon Fog")])
    assert (game.state.turn, game.state.active, game.state.planar_controller) == (1, 0, 0)
    seen = []
    for _ in range(4):
        events = next_turn(game)
        changes = [e for e in events if e.type == "planar_controller"]
        assert [(e.rules, e.data["player"]) for e in changes] == [(("901.6",), game.state.active)]
        seen.append((game.state.turn, game.state.active, game.state.planar_controller))
    assert seen == [(2, 1, 1), (3, 0, 0), (4, 1, 1), (5, 0, 0)]


def test_901_6_planar_controller_follows_turn_order_with_three_players() -> None:
    quiet = deck("Tazeem")
    game = make_game([quiet, quiet, quiet], players=("Alice", "Bob", "Carol"), starting_player=1)
    controllers = [game.state.planar_controller]
    for _ in range(4):
        next_turn(game)
        assert game.state.planar_controller == game.state.active
        controllers.append(game.state.planar_controller)
    assert controllers == [1, 2, 0, 1, 2]
    assert game.view()["planar_controller"] == 2


def test_311_5_the_designation_stays_when_the_same_player_takes_the_next_turn() -> None:
    game = make_game([deck("Otaria"), deck("Tazeem")])
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    game.force("chaos")
    game.act({"type": "roll", "player": 0})
    events = resolve_stack(game)  # Otaria: take an extra turn after this one
    assert [e.type for e in events if e.type == "extra_turn"] == ["extra_turn"]
    events = next_turn(game)
    assert (game.state.turn, game.state.active, game.state.planar_controller) == (2, 0, 0)
    assert not [e for e in events if e.type == "planar_controller"]
    next_turn(game)
    assert (game.state.turn, game.state.active, game.state.planar_controller) == (3, 1, 1)


# -- 901.6: owner and controller ----------------------------------------------------------------------------


def test_901_6_owner_is_who_started_with_the_card_controller_is_the_planar_controller() -> None:
    game = make_game([deck("Tazeem"), deck("The Eon Fog")])
    (plane,) = game.state.face_up
    assert game.state.cards[plane.card].owner == 0
    next_turn(game)
    assert game.state.active == 1
    assert game.state.owner_of(plane.card) == 0
    view = game.view()
    assert view["planar_controller"] == 1
    assert [(c["name"], c["owner"]) for c in view["face_up"]] == [("Tazeem", 0)]


def test_901_6_abilities_of_a_plane_are_controlled_by_the_planar_controller_not_the_owner() -> None:
    game = make_game([deck("Aretopolis"), deck("The Eon Fog")])
    resolve_stack(game)  # Alice's upkeep trigger
    events = next_turn(game)
    (triggered,) = [e for e in events if e.type == "ability_triggered"]
    assert triggered.data["card"] == "Aretopolis"
    assert triggered.data["controller"] == 1
    (item,) = game.state.stack
    assert item.controller == 1
    assert game.state.owner_of(item.card or 0) == 0
    events = resolve_stack(game)
    gained = [(e.data["player"], e.data["delta"]) for e in events if e.type == "life_changed"]
    assert gained == [(1, 2)]  # "you gain life": Bob, the controller
    assert [p.life for p in game.state.players] == [21, 22]


def test_701_31b_planeswalking_away_puts_the_card_under_its_owners_deck() -> None:
    game = make_game([deck("Tazeem"), deck("The Eon Fog", "Sokenzan")])
    next_turn(game)
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    game.force("planeswalker")
    game.act({"type": "roll", "player": 1})
    resolve_stack(game)
    assert names(game, game.state.decks[0])[-1] == "Tazeem"  # Alice's deck: Alice owns Tazeem
    assert len(game.state.decks[0]) == 10
    (plane,) = game.state.face_up
    assert game.state.name_of(plane.card) == "The Eon Fog"  # the top of Bob's deck: Bob planeswalked
    assert game.state.owner_of(plane.card) == 1
    assert len(game.state.decks[1]) == 9


# -- 901.15b / 901.15c: the shared planar deck ------------------------------------------------------------


def test_901_15b_the_planar_controller_owns_every_card_of_the_shared_deck() -> None:
    game = make_game(shared_deck=SHARED)
    assert all(card.owner is None for card in game.state.cards)
    (plane,) = game.state.face_up
    assert game.state.owner_of(plane.card) == 0
    assert game.view()["face_up"][0]["owner"] == 0
    next_turn(game)
    assert game.state.owner_of(plane.card) == 1
    assert game.view()["face_up"][0]["owner"] == 1
    assert game.state.owner_of(game.state.decks[0][0]) == 1  # cards in the deck too


def test_901_15b_cards_go_back_to_the_shared_deck() -> None:
    game = make_game(shared_deck=SHARED)
    assert len(game.state.decks) == 1
    assert game.state.deck_of(0) == game.state.deck_of(1)  # 901.15c: "your planar deck" is the shared deck
    next_turn(game)
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    game.force("planeswalker")
    game.act({"type": "roll", "player": 1})
    events = resolve_stack(game)
    (away,) = [e for e in events if e.type == "planeswalked_away"]
    assert away.data["card"] == "Tazeem"
    (walked,) = [e for e in events if e.type == "planeswalked_to"]
    assert walked.data["card"] == "Aretopolis"  # the top of the shared deck
    assert walked.data["player"] == 1
    assert names(game, game.state.decks[0])[-1] == "Tazeem"
    assert len(game.state.decks[0]) == 19
    assert game.state.removed == ()


# -- counters stay on the object when control changes (Forge #4381) ------------------------------------------


def test_901_6_counters_stay_on_the_plane_when_the_planar_controller_changes() -> None:
    game = make_game([deck("Aretopolis"), deck("The Eon Fog")])
    (plane,) = game.state.face_up
    resolve_stack(game)
    assert game.state.face_up[0].counters == (("scroll", 1),)
    expected = [(2, 1, 2), (3, 0, 3), (4, 1, 4)]  # (turn, gainer, scroll counters)
    for turn, gainer, scrolls in expected:
        events = next_turn(game)
        assert game.state.turn == turn
        events += resolve_stack(game)
        (fu,) = game.state.face_up
        assert fu.object_id == plane.object_id  # still the same object
        assert fu.counters == (("scroll", scrolls),)
        (added,) = [e for e in events if e.type == "counters_added"]
        assert (added.data["counter"], added.data["total"]) == ("scroll", scrolls)
        (gained,) = [e for e in events if e.type == "life_changed"]
        assert (gained.data["player"], gained.data["delta"]) == (gainer, scrolls)
    assert [p.life for p in game.state.players] == [20 + 1 + 3, 20 + 2 + 4]
    assert game.view()["face_up"][0]["counters"] == {"scroll": 4}


def test_901_6_counters_stay_when_the_other_player_adds_one_by_chaos() -> None:
    game = make_game([deck("Aretopolis"), deck("The Eon Fog")])
    resolve_stack(game)  # 1 scroll counter, Alice's upkeep
    next_turn(game)
    resolve_stack(game)  # 2, Bob's upkeep
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    game.force("chaos")
    game.act({"type": "roll", "player": 1})
    events = resolve_stack(game)
    assert game.state.face_up[0].counters == (("scroll", 3),)
    (draw,) = [e for e in events if e.type == "instruction"]
    assert draw.data["players"] == [1]
    assert draw.data["amount"] == 3
