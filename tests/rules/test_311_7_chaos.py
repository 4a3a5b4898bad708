"""Chaos ensues (311.7): from a chaos roll, from a resolving spell or ability, and for a particular object
(a revealed card still in the planar deck). Chaos abilities are controlled by the planar controller."""

from __future__ import annotations

from conftest import make_game
from driving import answer, deck_maker, names, resolve_stack, roll
from planechase import DecisionKind, Event, Game
from planechase.core.state import StackKind

FILL: tuple[str, ...] = (
    *("Tazeem", "The Eon Fog", "Sokenzan", "Fields of Summer", "Sanctum of Serra", "Otaria"),
    *("Temple of Atropos", "Naar Isle", "Academy at Tolaria West", "Mount Keralia", "Kilnspire District"),
)


#: Legal ten-card planar decks: the cards asked for on top, then planes whose chaos abilities are simple.
deck = deck_maker(FILL)


def game_in_main(alice: tuple[str, ...], bob: tuple[str, ...] | None = None) -> Game:
    """Alice's first precombat main phase with priority and an empty stack."""
    game = make_game([alice, bob or deck("The Eon Fog")])
    resolve_stack(game)
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    assert (game.state.step.value, game.state.priority, game.state.stack) == ("precombat_main", 0, ())
    return game


def chaos_triggers(events: list[Event] | tuple[Event, ...]) -> list[tuple[str, int]]:
    """(card, controller) of every chaos ability that triggered."""
    return [(e.data["card"], e.data["controller"]) for e in events if e.type == "ability_triggered"]


# -- chaos from the die and from effects ------------------------------------------------------------------


def test_311_7_a_chaos_roll_makes_chaos_ensue() -> None:
    game = game_in_main(deck("Tazeem"))
    events = roll(game, "chaos")
    (chaos,) = [e for e in events if e.type == "chaos_ensues"]
    assert chaos.rules == ("901.9b", "311.7")
    assert chaos_triggers(events) == [("Tazeem", 0)]
    (triggered,) = [e for e in events if e.type == "ability_triggered"]
    assert triggered.rules == ("311.7",)
    assert triggered.data["ability"] == 1
    (item,) = game.state.stack
    assert item.text == "Whenever chaos ensues, draw a card for each land you control."
    assert item.source == game.state.face_up[0].object_id


def test_311_7_a_resolving_ability_that_says_chaos_ensues() -> None:
    """Missy: "chaos ensues" as an effect."""
    game = game_in_main(deck("Tazeem"))
    cast = game.act({"type": "cast", "player": 0, "label": "Missy", "effect": "chaos"})
    assert [e.type for e in cast] == ["cast"]
    assert game.state.stack[0].kind is StackKind.OTHER
    events = resolve_stack(game, limit=1)
    (chaos,) = [e for e in events if e.type == "chaos_ensues"]
    assert chaos.rules == ("311.7",)
    assert chaos.data["cause"] == "Missy"
    assert chaos_triggers(events) == [("Tazeem", 0)]
    assert [i.kind for i in game.state.stack] == [StackKind.TRIGGERED]
    assert game.state.rolls_made == (0, 0)  # chaos without a roll


def test_311_7_a_planes_own_ability_that_says_chaos_ensues() -> None:
    """Norn's Seedcore: "When you planeswalk to Norn's Seedcore, chaos ensues.\""""
    game = game_in_main(deck("Tazeem", "Norn's Seedcore", "The Eon Fog"))
    roll(game, "planeswalker")
    events = resolve_stack(game, limit=2)  # the planeswalking ability, then the planeswalk-to trigger
    (chaos,) = [e for e in events if e.type == "chaos_ensues"]
    assert chaos.rules == ("311.7",)
    assert chaos.data["cause"] == "Norn's Seedcore"
    triggers = [e for e in events if e.type == "ability_triggered"]
    assert [(e.data["card"], e.data["ability"]) for e in triggers] == [("Norn's Seedcore", 0), ("Norn's Seedcore", 1)]


def test_311_7_chaos_abilities_are_controlled_by_the_planar_controller_whoever_caused_chaos() -> None:
    game = game_in_main(deck("Tazeem"))
    game.act({"type": "pass", "player": 0})
    game.act({"type": "cast", "player": 1, "label": "Missy", "effect": "chaos"})  # Bob, in Alice's turn
    events = resolve_stack(game, limit=1)
    assert chaos_triggers(events) == [("Tazeem", 0)]
    (item,) = game.state.stack
    assert item.controller == 0


def test_311_7_in_the_other_players_turn_chaos_abilities_are_theirs() -> None:
    game = game_in_main(deck("Tazeem"))
    game.act({"type": "advance", "player": 0, "to": "next_turn"})
    game.act({"type": "advance", "player": 1, "to": "precombat_main"})
    events = roll(game, "chaos")
    assert chaos_triggers(events) == [("Tazeem", 1)]  # Alice owns Tazeem; Bob controls it
    assert game.state.owner_of(game.state.face_up[0].card) == 0
    (item,) = game.state.stack
    assert item.controller == 1
    resolved = resolve_stack(game)
    (draw,) = [e for e in resolved if e.type == "instruction"]
    assert draw.data["players"] == [1]


def test_311_7_chaos_with_no_face_up_plane_triggers_nothing() -> None:
    game = make_game([("Chaotic Aether", "Spatial Merging"), deck("Tazeem")], check_decks=False)
    assert game.state.face_up == ()
    game.act({"type": "advance", "player": 0, "to": "precombat_main"})
    events = roll(game, "chaos")
    assert [e.type for e in events] == ["die_rolled", "chaos_ensues"]
    assert game.state.stack == ()
    assert game.state.priority == 0


# -- two face-up planes: chaos ensues once, each chaos ability triggers once (Forge #4262) --------------------


def two_planes() -> Game:
    """Norn's Seedcore's chaos ability planeswalks to Tazeem without leaving Seedcore."""
    game = game_in_main(deck("Norn's Seedcore", "Chaotic Aether", "Tazeem", "The Eon Fog"))
    roll(game, "chaos")
    resolve_stack(game)
    assert names(game, tuple(fu.card for fu in game.state.face_up)) == ["Norn's Seedcore", "Tazeem"]
    assert names(game, game.state.decks[0])[-1] == "Chaotic Aether"
    assert (game.state.step.value, game.state.priority, game.state.stack) == ("precombat_main", 0, ())
    return game


def test_311_7_with_two_planes_chaos_ensues_once_and_each_chaos_ability_triggers_once() -> None:
    game = two_planes()
    events = roll(game, "chaos")
    assert [e.type for e in events].count("chaos_ensues") == 1
    assert sorted(chaos_triggers(events)) == [("Norn's Seedcore", 0), ("Tazeem", 0)]
    # Both are Alice's: she orders them (603.3b).
    decision = game.decision
    assert decision is not None
    assert decision.kind is DecisionKind.ORDER_TRIGGERS
    assert decision.rule == "603.3b"
    assert sorted(o.label.split(":")[0] for o in decision.options) == ["Norn's Seedcore", "Tazeem"]
    seedcore = next(o.id for o in decision.options if o.label.startswith("Norn's Seedcore"))
    answer(game, seedcore)
    stack = game.state.stack
    assert names(game, tuple(i.card or 0 for i in stack)) == ["Norn's Seedcore", "Tazeem"]  # Tazeem on top
    assert len({i.source for i in stack}) == 2
    assert all(i.controller == 0 for i in stack)


def test_901_8_with_two_planes_the_planeswalking_ability_triggers_once() -> None:
    game = two_planes()
    events = roll(game, "planeswalker")
    triggered = [e for e in events if e.type == "ability_triggered"]
    assert [e.rules for e in triggered] == [("901.9c", "901.8")]
    assert [i.kind for i in game.state.stack] == [StackKind.PLANESWALKING]


# -- chaos ensues for a particular object: revealed cards in the planar deck --------------------------------


def test_311_7_pools_of_becoming_revealed_cards_chaos_abilities_trigger_in_the_planar_deck() -> None:
    game = game_in_main(deck("Pools of Becoming", "Aretopolis", "Chaotic Aether", "Tazeem", "Sokenzan"))
    roll(game, "chaos")
    events = resolve_stack(game)
    (revealed,) = [e for e in events if e.type == "revealed"]
    assert revealed.data["cards"] == ["Aretopolis", "Chaotic Aether", "Tazeem"]
    chaos = [e for e in events if e.type == "chaos_ensues"]
    assert [(e.data["card"], e.rules) for e in chaos] == [
        ("Aretopolis", ("311.7", "608.2c")),
        ("Tazeem", ("311.7", "608.2c")),  # the phenomenon has no chaos ability
    ]
    assert chaos_triggers(events) == [("Aretopolis", 0), ("Tazeem", 0)]
    # The abilities triggered while the cards were revealed in the planar deck, never face up.
    assert [e.type for e in events][-5:] == [
        "revealed",
        "chaos_ensues",
        "ability_triggered",
        "chaos_ensues",
        "ability_triggered",
    ]
    assert names(game, tuple(fu.card for fu in game.state.face_up)) == ["Pools of Becoming"]
    # Then the revealed cards go on the bottom in any order (Alice chooses).
    decision = game.decision
    assert decision is not None
    assert decision.kind is DecisionKind.ORDER_CARDS
    assert [o.label for o in decision.options] == ["Aretopolis", "Chaotic Aether", "Tazeem"]
    answer(game, decision.options[2].id)  # Tazeem first
    decision = game.decision
    assert decision is not None
    answer(game, decision.options[1].id)  # then Chaotic Aether, Aretopolis last
    # Two triggers of Alice's: she orders them.
    decision = game.decision
    assert decision is not None
    assert decision.kind is DecisionKind.ORDER_TRIGGERS
    answer(game, decision.options[0].id)
    assert game.decision is None
    assert names(game, game.state.decks[0]) == [
        "Sokenzan",
        *deck("Pools of Becoming", "Aretopolis", "Chaotic Aether", "Tazeem", "Sokenzan")[5:],
        "Tazeem",
        "Chaotic Aether",
        "Aretopolis",
    ]
    stack = game.state.stack
    assert names(game, tuple(i.card or 0 for i in stack)) == ["Aretopolis", "Tazeem"]
    assert all(i.source is None and i.controller == 0 for i in stack)  # no face-up source object
    assert game.state.revealed == ()


def test_311_7_a_revealed_planes_chaos_ability_resolves_from_the_deck() -> None:
    game = game_in_main(deck("Pools of Becoming", "Aretopolis", "Tazeem", "Sokenzan"))
    roll(game, "chaos")
    resolve_stack(game)
    while game.decision is not None:  # bottom order, then trigger order: take the first options
        answer(game, game.decision.options[0].id)
    events = resolve_stack(game)
    # Aretopolis is not face up: no scroll counter; it draws for 0 counters.
    assert "no_counter" in [e.type for e in events]
    assert [e.data["amount"] for e in events if e.type == "instruction" and e.data["card"] == "Aretopolis"] == [0]
    assert names(game, tuple(fu.card for fu in game.state.face_up)) == ["Pools of Becoming"]


def test_311_7_the_fertile_lands_of_saulvinia_chaos_ensues_on_the_revealed_plane() -> None:
    alice = deck("The Fertile Lands of Saulvinia", "Chaotic Aether", "Tazeem", "The Eon Fog")
    game = game_in_main(alice)
    roll(game, "chaos")
    events = resolve_stack(game)
    (revealed,) = [e for e in events if e.type == "revealed"]
    assert revealed.data["cards"] == ["Chaotic Aether", "Tazeem"]  # until a plane card
    chaos = [e for e in events if e.type == "chaos_ensues"]
    assert [e.data["card"] for e in chaos] == ["Tazeem"]
    assert chaos_triggers(events) == [("Tazeem", 0)]
    decision = game.decision
    assert decision is not None
    assert decision.kind is DecisionKind.ORDER_CARDS
    answer(game, decision.options[0].id)  # Chaotic Aether, then Tazeem
    assert game.decision is None
    assert names(game, game.state.decks[0]) == ["The Eon Fog", *alice[4:], "Chaotic Aether", "Tazeem"]
    (item,) = game.state.stack
    assert game.state.name_of(item.card or 0) == "Tazeem"
    assert (item.source, item.controller) == (None, 0)
    assert names(game, tuple(fu.card for fu in game.state.face_up)) == ["The Fertile Lands of Saulvinia"]
