"""Paths every part of the engine must survive: empty and exhausted planar decks, everyone but one
player leaving, decks with nothing but phenomena."""

from __future__ import annotations

from conftest import make_game
from driving import cast, face_up, of_type, resolve_stack, roll, to_step
from planechase import Event, Game, state_from_dict, state_to_dict


def resolve_all(game: Game) -> list[Event]:
    """Resolve the stack, answering every decision with its first option."""
    events = resolve_stack(game)
    while game.decision is not None:
        decision = game.decision
        events += game.act(
            {"type": "choose", "player": decision.player, "decision": decision.id, "option": decision.options[0].id}
        )
        events += resolve_stack(game)
    return events


def test_701_31b_norns_seedcore_with_an_empty_planar_deck_turns_nothing_up() -> None:
    """Seedcore's chaos ability reveals from an empty deck: nothing is revealed, nothing is turned up, no crash."""
    game = make_game([["Norn's Seedcore", "Aretopolis"], ["Pompeii", "Tazeem"]], check_decks=False)
    to_step(game)
    events = cast(game, "chaos") + resolve_stack(game)  # Aretopolis joins Seedcore; Alice's deck is now empty
    assert face_up(game) == ["Norn's Seedcore", "Aretopolis"]
    assert game.state.deck_of(0) == ()
    events = cast(game, "chaos") + resolve_all(game)  # both chaos abilities trigger: Alice orders them
    assert face_up(game) == ["Norn's Seedcore", "Aretopolis"]
    revealed = of_type(events, "revealed")
    assert revealed and all(e.data["cards"] == [] for e in revealed if e.data["player"] == 0)
    assert not of_type(events, "planeswalked_to")


def test_701_31b_planeswalking_back_to_the_only_card_makes_a_new_object() -> None:
    """A one-card planar deck: planeswalking puts the plane on the bottom and turns the same card up again,
    as a new object (901.7a) with none of its counters."""
    game = make_game([["Aretopolis"], ["Pompeii"]], check_decks=False)
    resolve_stack(game)
    to_step(game)
    before = game.state.face_up[0]
    assert before.count("scroll") == 1
    roll(game, "planeswalker")
    resolve_stack(game)
    after = game.state.face_up[0]
    assert game.state.name_of(after.card) == "Aretopolis"
    assert after.object_id != before.object_id
    assert after.count("scroll") == 1  # only the new planeswalk-to counter


def test_901_5_a_deck_of_only_phenomena_leaves_no_plane_and_play_goes_on() -> None:
    game = make_game([["Chaotic Aether", "Interplanar Tunnel"], ["Pompeii"] * 1], check_decks=False)
    assert game.state.face_up == ()
    to_step(game)
    events = roll(game, "chaos") + resolve_stack(game)
    assert of_type(events, "chaos_ensues") and not of_type(events, "ability_triggered")


def test_104_2a_everyone_but_one_leaving_one_by_one_ends_the_game() -> None:
    game = make_game(players=("Ann", "Ben", "Cy", "Di"))
    for seat in (1, 2, 3):
        game.act({"type": "concede", "player": seat})
    assert game.state.over
    assert [p.status.value for p in game.state.players] == ["won", "lost", "lost", "lost"]
    assert game.legal_actions() == []
    assert state_from_dict(state_to_dict(game.state)) == game.state


def test_901_10_every_owner_leaving_empties_the_command_zone_without_a_crash() -> None:
    """With individual decks, the planar cards of players who leave leave with them; the game goes on
    with the cards that remain and ends cleanly."""
    game = make_game(players=("Ann", "Ben", "Cy"))
    total = len(game.state.cards)
    game.act({"type": "concede", "player": 0})  # Ann owns the face-up plane: Ben turns up his top card
    state = game.state
    assert face_up(game) and all(state.owner_of(fu.card) == 1 for fu in state.face_up)
    assert len(state.removed) == 10
    assert sum(len(d) for d in state.decks) + len(state.face_up) + len(state.removed) == total
    game.act({"type": "concede", "player": 2})
    assert game.state.over


def test_a_game_survives_a_long_random_looking_sequence_of_forced_rolls() -> None:
    """Many rolls in a row through every face, with the stack resolved each time: the planar cards are
    conserved and every state round-trips."""
    game: Game = make_game()
    to_step(game)
    total = len(game.state.cards)
    for face in ["planeswalker", "chaos", "blank"] * 6:
        if game.state.over or game.state.step.value not in ("precombat_main", "postcombat_main"):
            break
        roll(game, face)
        resolve_all(game)
        s = game.state
        assert sum(len(d) for d in s.decks) + len(s.face_up) + len(s.removed) == total
        assert state_from_dict(state_to_dict(s)) == s
