"""508.1 attack declarations checked against the variants' attack rules (506.2, 801.3, 802, 803.1a,
805.10, 807.2b, 809.3c) and the planar cards' restrictions (508.1c: Agyrem's effect, Prahv); 101.2
"can't cast" effects (Eloren Wilds, Prahv); 514.1 and The Lux Foundation Library; 117.5 and the priority
line after a concession."""

from __future__ import annotations

from conftest import QUIET_PLANES, make_game
from driving import act, advance, answer, of_type, refused, resolve_stack, to_step
from planechase import Event, Game
from planechase.core.actions import Attack, Cast
from planechase.core.state import Step

QUIET = QUIET_PLANES
THREE = ("Alice", "Bob", "Carol")


def deck(top: str) -> tuple[str, ...]:
    return (top, *(c for c in QUIET if c != top))[:10]


def to_attacks(game: Game) -> None:
    resolve_stack(game)
    if game.state.step is not Step.DECLARE_ATTACKERS:
        advance(game, "declare_attackers")
    resolve_stack(game)
    assert game.state.step is Step.DECLARE_ATTACKERS and game.state.attacks is None


def next_turn(game: Game) -> list[Event]:
    resolve_stack(game)
    return advance(game, "next_turn")


# -- 508.1: declaring attackers ----------------------------------------------------------------------------


def test_508_1_the_active_player_declares_attackers_and_it_is_logged() -> None:
    game = make_game([QUIET] * 3, players=THREE)
    to_attacks(game)
    events = act(game, type="attack", player=0, attacks=[[0, 1], [0, 2]])
    declared = of_type(events, "attackers_declared")[0]
    assert (declared.rules, declared.data) == (("508.1",), {"player": 0, "attacks": [[0, 1], [0, 2]]})
    assert declared.text == "Attackers are declared: Alice's creatures attack Bob and Carol."
    assert game.state.attacks == ((0, 1), (0, 2)) and game.state.attacked == (0,)
    assert game.state.priority == 0  # 508.2: then the active player receives priority
    assert game.view()["attacks"] == [[0, 1], [0, 2]]


def test_508_8_no_attackers_skips_the_declare_blockers_and_combat_damage_steps() -> None:
    game = make_game([QUIET] * 2)
    to_attacks(game)
    events = act(game, type="attack", player=0, attacks=[])
    assert of_type(events, "attackers_declared")[0].rules == ("508.1", "508.8")
    events = advance(game, "postcombat_main")
    assert [e.data["step"] for e in of_type(events, "step_began")] == ["end_of_combat", "postcombat_main"]


def test_508_1_attackers_are_declared_once_per_combat_and_only_in_the_declare_attackers_step() -> None:
    game = make_game([QUIET] * 2)
    to_step(game)
    assert refused(game, Attack(0, attacks=((0, 1),))).rule == "508.1"
    to_attacks(game)
    assert refused(game, Attack(1, attacks=((1, 0),))).rule == "508.1"  # not the active player
    act(game, type="attack", player=0, attacks=[[0, 1]])
    assert refused(game, Attack(0, attacks=())).rule == "508.1"


def test_508_1_an_additional_combat_has_its_own_declaration() -> None:
    game = make_game([QUIET] * 2)
    to_step(game)
    act(game, type="cast", player=0, label="Relentless Assault", effect="additional_combat_and_main")
    resolve_stack(game)
    to_attacks(game)
    act(game, type="attack", player=0, attacks=[[0, 1]])
    advance(game, "postcombat_main")
    advance(game, "declare_attackers")
    assert game.state.attacks is None
    act(game, type="attack", player=0, attacks=[])
    assert game.state.attacked == (0,)


def test_506_2_a_player_can_attack_only_opponents() -> None:
    game = make_game([QUIET] * 4, players=("A1", "A2", "B1", "B2"), variant="two_headed_giant")
    to_attacks(game)
    assert refused(game, Attack(0, attacks=((0, 1),))).rule == "506.2"


def test_805_10b_the_active_team_declares_one_combined_attack() -> None:
    game = make_game([QUIET] * 4, players=("A1", "A2", "B1", "B2"), variant="two_headed_giant")
    to_attacks(game)
    events = act(game, type="attack", player=1, attacks=[[0, 2], [1, 3]])
    assert of_type(events, "attackers_declared")[0].rules == ("508.1", "805.10b")
    assert game.state.attacked == (0, 1)
    assert refused(game.state, Attack(2, attacks=())).rule in ("805.10b", "508.1")


def test_801_3_creatures_attack_only_opponents_within_range_of_influence() -> None:
    game = make_game([QUIET] * 5, players=("A", "B", "C", "D", "E"), range_of_influence=1)
    to_attacks(game)
    assert refused(game, Attack(0, attacks=((0, 2),))).rule == "801.3"
    act(game, type="attack", player=0, attacks=[[0, 1], [0, 4]])


def test_809_3c_an_emperor_game_attacks_only_the_players_seated_next_to_you() -> None:
    game = make_game([QUIET] * 6, players=tuple("ABCDEF"), variant="emperor", starting_player=1)
    to_attacks(game)
    attacker = game.state.active
    allowed = game.state.can_attack(attacker)
    others = [s for s in range(6) if s not in allowed and game.state.seating.are_opponents(attacker, s)]
    for seat in others:
        assert refused(game, Attack(attacker, attacks=((attacker, seat),))).rule in ("809.3c", "801.3")
    for seat in allowed:
        assert Attack(attacker, attacks=((attacker, seat),)) in game.legal_actions()
    # The emperor in seat 1 reaches seat 3 (range 2, 809.3a) but sits next to teammates only.
    assert (attacker, allowed) == (1, ())
    assert refused(game, Attack(1, attacks=((1, 3),))).rule == "809.3c"
    next_turn(game)  # seat 2, a general next to seat 3
    to_attacks(game)
    assert game.state.can_attack(2) == (3,)
    act(game, type="attack", player=2, attacks=[[2, 3]])


def test_803_1a_807_2b_grand_melee_attacks_only_the_player_to_the_left() -> None:
    players = tuple(f"P{n}" for n in range(12))
    game = make_game([QUIET] * 12, players=players, variant="grand_melee", starting_player=0)
    to_attacks(game)
    assert game.state.can_attack(0) == (1,)
    assert refused(game, Attack(0, attacks=((0, 11),), marker=1)).rule in ("803.1a", "801.3")
    act(game, type="attack", player=0, attacks=[[0, 1]], marker=1)
    assert game.state.attacks == ((0, 1),)


# -- 508.1c: restrictions of the face-up cards ----------------------------------------------------------------


def test_508_1c_agyrem_creatures_cant_attack_its_controller_until_a_player_planeswalks() -> None:
    game = make_game([deck("Agyrem"), QUIET, QUIET], players=THREE)
    to_step(game)
    act(game, type="cast", player=0, label="Chaos", effect="chaos")
    resolve_stack(game)  # Agyrem: creatures can't attack Alice until a player planeswalks
    next_turn(game)  # Bob's turn
    to_attacks(game)
    error = refused(game, Attack(1, attacks=((1, 0),)))
    assert error.rule == "508.1c" and "Alice" in error.message
    assert Attack(1, attacks=((1, 0),)) not in game.legal_actions()
    act(game, type="attack", player=1, attacks=[[1, 2]])  # Carol can be attacked


def test_508_1c_prahv_if_you_cast_a_spell_this_turn_you_cant_attack() -> None:
    game = make_game([deck("Prahv"), QUIET], players=("Alice", "Bob"))
    to_step(game)
    act(game, type="cast", player=0, label="Divination", types="blue sorcery")
    resolve_stack(game)
    to_attacks(game)
    error = refused(game, Attack(0, attacks=((0, 1),)))
    assert error.rule == "508.1c" and "Prahv" in error.message
    act(game, type="attack", player=0, attacks=[])  # declaring no attackers is fine


def test_508_1c_prahv_an_ability_is_not_a_spell() -> None:
    game = make_game([deck("Prahv"), QUIET], players=("Alice", "Bob"))
    to_step(game)
    act(game, type="cast", player=0, label="Mind Stone", spell=False)
    resolve_stack(game)
    to_attacks(game)
    act(game, type="attack", player=0, attacks=[[0, 1]])


def test_101_2_prahv_if_you_attacked_this_turn_you_cant_cast_spells() -> None:
    game = make_game([deck("Prahv"), QUIET], players=("Alice", "Bob"))
    to_attacks(game)
    act(game, type="attack", player=0, attacks=[[0, 1]])
    error = refused(game, Cast(0, label="Lightning Bolt", types="red instant"))
    assert error.rule == "101.2" and "Prahv" in error.message
    act(game, type="cast", player=0, label="Prodigal Pyromancer", spell=False)  # abilities are fine
    resolve_stack(game)
    assert all(not (isinstance(a, Cast) and a.player == 0 and a.spell) for a in game.legal_actions())
    # Bob, who is not Prahv's controller, still may cast spells; and the next turn it is over.
    act(game, type="pass", player=0)
    act(game, type="cast", player=1, label="Lightning Bolt", types="red instant")


def test_101_2_eloren_wilds_the_target_player_cant_cast_spells_until_a_player_planeswalks() -> None:
    game = make_game([deck("Eloren Wilds"), QUIET], players=("Alice", "Bob"))
    to_step(game)
    act(game, type="cast", player=0, label="Chaos", effect="chaos")
    resolve_stack(game)
    if game.decision is not None:  # the chaos ability's target
        answer(game, next(o.id for o in game.decision.options if o.id.endswith("1")))
        resolve_stack(game)
    effect = next(e for e in game.state.effects if e.kind == "cant_cast_spells")
    assert effect.players == (1,)
    act(game, type="pass", player=0)
    error = refused(game, Cast(1, label="Counterspell", types="blue instant"))
    assert error.rule == "101.2" and "Bob can't cast spells" in error.message
    act(game, type="cast", player=1, label="Stifle-like ability", spell=False)
    resolve_stack(game)
    # Once a player planeswalks, the effect ends and Bob may cast spells again.
    act(game, type="cast", player=0, label="Planeswalk", effect="planeswalk")
    resolve_stack(game)
    assert not any(e.kind == "cant_cast_spells" for e in game.state.effects)


# -- 514.1: no maximum hand size; 117.5: the priority line after a concession ---------------------------------


def test_514_1_the_lux_foundation_library_players_have_no_maximum_hand_size() -> None:
    game = make_game([deck("The Lux Foundation Library"), QUIET], players=("Alice", "Bob"))
    events = next_turn(game)
    discards = [e for e in of_type(events, "turn_based_action") if e.data["instruction"] == "discard_to_hand_size"]
    assert discards == []
    other = make_game([QUIET, QUIET], players=("Alice", "Bob"))
    events = next_turn(other)
    assert [
        e.data["player"]
        for e in of_type(events, "turn_based_action")
        if e.data["instruction"] == "discard_to_hand_size"
    ] == [0]


def test_117_5_after_a_concession_the_priority_line_comes_after_the_triggers() -> None:
    """Alice, the active player and planar controller, concedes: her plane leaves; Bob, the new planar
    controller, turns up Aretopolis, whose planeswalk-to ability triggers and goes on the stack before
    anyone receives priority (117.5)."""
    game = make_game([QUIET, deck("Aretopolis"), QUIET], players=THREE)
    to_step(game)
    events = act(game, type="concede", player=0)
    kinds = [e.type for e in events]
    assert "ability_triggered" in kinds and "priority" in kinds
    assert kinds.index("priority") > max(i for i, k in enumerate(kinds) if k == "ability_triggered")
    assert of_type(events, "priority")[0].rules == ("800.4j", "117.5")
    assert game.state.stack  # the trigger is on the stack when Bob receives priority


def test_901_12c_prahv_binds_both_players_of_the_planar_controllers_team() -> None:
    game = make_game([deck("Prahv"), QUIET, QUIET, QUIET], players=("A1", "A2", "B1", "B2"), variant="two_headed_giant")
    to_step(game)
    act(game, type="cast", player=1, label="Divination", types="blue sorcery")  # A2, A1's teammate
    resolve_stack(game)
    to_attacks(game)
    error = refused(game, Attack(0, attacks=((0, 2), (1, 3))))
    assert error.rule == "508.1c" and "A2" in error.message
    act(game, type="attack", player=0, attacks=[[0, 2]])  # A1 cast nothing: A1's creatures may attack
    error = refused(game, Cast(0, label="Shock", types="red instant"))
    assert error.rule == "101.2"  # and now A1 attacked, A1 can't cast spells


def test_807_5_prahv_in_grand_melee_binds_the_planar_controller_of_its_marker() -> None:
    players = tuple(f"P{n}" for n in range(12))
    decks = [deck("Prahv")] + [QUIET] * 11
    game = make_game(decks, players=players, variant="grand_melee", starting_player=0)
    to_step(game)
    act(game, type="cast", player=0, label="Divination", types="blue sorcery", marker=1)
    resolve_stack(game)
    to_attacks(game)
    assert refused(game, Attack(0, attacks=((0, 1),), marker=1)).rule == "508.1c"


def test_508_1_attackers_are_declared_before_anyone_acts_in_the_step() -> None:
    game = make_game([QUIET] * 3, players=THREE)
    to_attacks(game)
    act(game, type="pass", player=0)
    assert refused(game, Attack(0, attacks=((0, 1),))).rule == "508.1"
    game.undo()
    act(game, type="cast", player=0, label="Giant Growth", types="green instant")
    assert refused(game, Attack(0, attacks=((0, 1),))).rule == "508.1"


def test_117_4_the_view_says_who_passed_so_a_client_knows_attacks_are_closed() -> None:
    game = make_game([QUIET] * 3, players=THREE)
    to_attacks(game)
    assert game.view()["passed"] == []
    act(game, type="pass", player=0)
    assert game.view()["passed"] == [0]
    assert not any(isinstance(a, Attack) for a in game.legal_actions())
