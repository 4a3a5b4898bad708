"""104.3a: a player may concede at any time, also while an action waits for a decision. What the leaver
was deciding for ceases to exist (800.4a, 800.4d); a cost they would pay is not paid (800.4f); the
rest of the game goes on from where it stood."""

from __future__ import annotations

from conftest import make_game
from driving import act, answer, cast, face_up, next_turn, of_type, resolve_stack, roll, to_step
from planechase import Game, PlayerStatus, state_from_dict, state_to_dict

FILL = (
    "Aretopolis",
    "Pompeii",
    "Sokenzan",
    "Naar Isle",
    "Tazeem",
    "Otaria",
    "The Eon Fog",
    "Agyrem",
    "Temple of Atropos",
    "Fields of Summer",
    "Norn's Seedcore",
    "Stairs to Infinity",
)


def table(top: tuple[str, ...], players: int = 3) -> Game:
    deck = (*top, *(c for c in FILL if c not in top))[:10]
    game = make_game([deck] * players, players=("Alice", "Bob", "Carol", "Dave")[:players])
    to_step(game)
    return game


def cards_everywhere(game: Game) -> int:
    s = game.state
    return sum(len(d) for d in s.decks) + len(s.face_up) + len(s.removed)


def test_104_3a_a_concession_stands_when_the_roller_then_declines_to_pay() -> None:
    game = table(("Tazeem",))
    roll(game, "blank")
    act(game, type="roll", player=0)  # the second roll costs {1}: a decision
    act(game, type="concede", player=1)
    events = answer(game, "cancel")
    assert game.state.players[1].status is PlayerStatus.LOST
    assert events[0].type == "cancelled" and of_type(events, "player_left")
    assert game.state.roll_cost(0) == 1


def test_800_4f_the_roller_conceding_during_the_cost_decision_rolls_nothing_and_triggers_go_on_the_stack() -> None:
    game = table(("Aretopolis",))
    roll(game, "blank")
    act(game, type="roll", player=0)
    act(game, type="concede", player=0)
    s = game.state
    assert s.pending is None and not s.pending_triggers
    assert s.priority == 1
    assert [game.state.name_of(i.card) for i in s.stack if i.card is not None] == ["Aretopolis"]  # Bob's turn-up
    assert not [e for e in game.events() if e.type == "die_rolled" and e.data["player"] == 0][1:]


def test_800_4a_the_planar_controller_conceding_while_ordering_the_cards_left_takes_their_cards_along() -> None:
    game = table(("Norn's Seedcore", "Aretopolis"))
    total = cards_everywhere(game)
    cast(game, "chaos")
    resolve_stack(game)
    assert face_up(game) == ["Norn's Seedcore", "Aretopolis"]
    cast(game, "planeswalk")
    act(game, type="resolve", player=0)
    assert game.decision is not None and game.decision.kind.value == "order_cards"
    assert len(game.state.face_up) == 2  # the cards stay face up while their order is chosen
    act(game, type="concede", player=0)
    s = game.state
    assert s.pending is None
    assert all(s.owner_of(fu.card) != 0 for fu in s.face_up)
    assert cards_everywhere(game) == total
    assert all(s.cards[c].owner == 0 for c in s.removed) and len(s.removed) == 10


def test_800_4d_a_trigger_whose_controller_concedes_while_choosing_its_target_ceases_to_exist() -> None:
    game = table(("Naar Isle",), players=4)
    cast(game, "chaos")
    act(game, type="resolve", player=0)
    assert game.decision is not None and game.decision.kind.value == "choose_target"
    events = act(game, type="concede", player=0)
    assert all(item.controller != 0 for item in game.state.stack)
    assert of_type(events, "ability_ceased")


def test_104_3a_two_concessions_during_one_decision_are_both_logged() -> None:
    game = table(("Naar Isle",), players=4)
    cast(game, "chaos")
    act(game, type="resolve", player=0)
    first = act(game, type="concede", player=2)
    second = act(game, type="concede", player=3)
    assert [e.data["player"] for e in of_type(first, "player_left")] == [2]
    assert [e.data["player"] for e in of_type(second, "player_left")] == [3]
    assert game.decision is not None and game.decision.player == 0


def test_save_at_a_pending_decision_after_a_roll_loads_to_the_identical_state() -> None:
    """A save made while an action that rolled the die waits for a decision (Stairs to Infinity's two
    triggers to order) loads to the very same state, pending action included."""
    game = table(("Stairs to Infinity",), players=2)
    game.force("planeswalker")
    act(game, type="roll", player=0)  # Stairs' roll trigger and the planeswalking ability, to order
    assert game.decision is not None and game.decision.kind.value == "order_triggers"
    loaded = Game.load(game.save())
    assert loaded.state == game.state
    assert state_from_dict(state_to_dict(loaded.state)) == game.state


def test_901_10_a_revealed_card_turned_up_after_a_concession_is_not_also_put_on_the_bottom() -> None:
    """Carol's Pools of Becoming reveals Alice's top three cards; while Alice orders them, Carol concedes:
    Pools leaves with her and Alice turns up her top card, one of the revealed ones (901.10). That card
    stays face up; the others still go to the bottom, and every card is in exactly one place."""
    alice = ("Mount Keralia", "Tazeem", "Sanctum of Serra", *(c for c in FILL if c not in ("Tazeem",)))[:10]
    carol = ("Pools of Becoming", *(c for c in FILL if c != "Pools of Becoming"))[:10]
    game = make_game([alice, carol, carol], players=("Alice", "Bob", "Carol"), starting_player=2)
    next_turn(game)  # Carol's turn (Pools' end step trigger on the way), then Alice's
    to_step(game)
    assert face_up(game) == ["Pools of Becoming"] and game.state.owner_of(game.state.face_up[0].card) == 2
    total = cards_everywhere(game)
    cast(game, "chaos")
    act(game, type="resolve", player=0)
    act(game, type="resolve", player=0)  # Pools reveals Mount Keralia, Tazeem, Sanctum of Serra: order them
    assert game.decision is not None and game.decision.kind.value == "order_cards"
    act(game, type="concede", player=2)
    assert face_up(game) == ["Mount Keralia"]
    while game.decision is not None and game.decision.kind.value == "order_cards":
        answer(game, game.decision.options[0].id)
    s = game.state
    places = [c for d in s.decks for c in d] + [fu.card for fu in s.face_up] + list(s.removed)
    assert sorted(places) == list(range(len(s.cards)))
    assert cards_everywhere(game) == total
    assert [s.name_of(c) for c in s.decks[0][-2:]] in (["Tazeem", "Sanctum of Serra"], ["Sanctum of Serra", "Tazeem"])
