"""The terminal table and the turn: turn effects of ordinary cards cast with ``c`` (500.7, 614.10), attack
declarations with ``d`` (508.1), the tracked permanents with ``b`` (Susan Foreman, Ichor Elixir), the new
decisions (706.6, 608.2d, 614.1a) and what the screen shows of them."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from conftest import PLANES_10, make_game
from driving import to_step
from planechase import Game
from planechase.cli.play import TableController, start_game
from planechase.cli.render import render
from planechase.core.state import DecisionKind, SkipKind
from prompts import Prompts

THREE = ("Alice", "Bob", "Carol")


def table(game: Game) -> TableController:
    return TableController(game, ask=Prompts(), save_path=Path("save.json"), seed=game.config.seed)


def answer(t: TableController, key: str, *answers: str) -> tuple[bool, str, list[str]]:
    """Press ``key`` with ``answers`` to its prompts: whether it was taken, the message and the prompts."""
    prompts = Prompts(answers)
    t.ask = prompts
    message = t.handle_key(key)
    return message.ok, message.text, prompts.asked


def screen(game: Game, t: TableController, width: int = 96) -> str:
    """The screen as one line of words, without the panels' borders, so that wrapped lines read as one (below
    100 columns the panels are stacked, one above the other)."""
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(render(game, t.chrome(), width=width, height=60))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return " ".join(out.translate(str.maketrans("", "", "│┃║")).split())


def legend(game: Game, t: TableController) -> str:
    """The key legend: the last lines of the screen."""
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render(game, t.chrome(), width=120, height=40))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return " ".join(out.rstrip("\n").split("\n")[-2:])


def main_phase(game: Game) -> TableController:
    to_step(game)
    return table(game)


# -- c: turn effects -------------------------------------------------------------------------------


def test_500_7_c_casts_an_extra_turn_for_a_named_player_who_takes_it_next() -> None:
    game = make_game(decks("Stairs to Infinity", players=3), players=THREE)
    t = main_phase(game)
    ok, text, asked = answer(t, "c", "7", "1", "Carol", "Time Walk", "blue sorcery")
    assert ok, text
    assert "7 a turn effect" in asked[0] and "1 extra turn" in asked[1] and "12 reverse turn order" in asked[1]
    assert asked[2].startswith("Who takes the extra turn? 1 Alice, 2 Bob, 3 Carol [Alice]")
    walk = game.state.stack[-1]
    assert (walk.label, walk.effect.value, walk.targets, walk.controller) == (
        "Time Walk",
        "extra_turn",
        ("player:2",),
        0,
    )
    assert "extra turn; target Carol" in screen(game, t)
    assert t.handle_key("v").ok
    assert game.state.extra_turns == (2,)
    assert "Extra turns (500.7): Carol" in screen(game, t)
    assert t.handle_key("n").ok
    assert (game.state.turn, game.state.active) == (2, 2)  # Carol's extra turn comes before Bob's turn
    assert not game.state.extra_turns  # taken


def test_614_10_a_turn_effect_named_at_once_is_for_the_caster_by_default() -> None:
    game = make_game(decks(players=3), players=THREE)
    t = main_phase(game)
    ok, text, asked = answer(t, "c", "skip draw", "", "Fatigue", "black sorcery")
    assert ok, text
    assert asked[1].startswith("Who skips their next draw step?")
    assert game.state.stack[-1].targets == ()  # the caster, the engine's default: no target named
    t.handle_key("v")
    assert [(k.seat, k.kind) for k in game.state.skips] == [(0, SkipKind.DRAW_STEP)]
    assert "Skips (614.10): Alice skips their next draw step (Fatigue)" in screen(game, t)


def test_801_4_c_refuses_a_player_outside_the_range_of_influence_before_asking_more() -> None:
    game = make_game(decks(players=5), players=("Alice", "Bob", "Carol", "Dan", "Eve"), range_of_influence=1)
    t = main_phase(game)
    before = game.state
    ok, text, asked = answer(t, "c", "extra turn", "Carol", "Time Walk")
    assert not ok and "[801.4]" in text and "Carol" in text
    assert len(asked) == 2 and game.state is before  # the name of the spell was never asked


def test_c_refuses_an_unknown_effect_and_lists_them() -> None:
    game = make_game()
    t = main_phase(game)
    ok, text, _ = answer(t, "c", "teleport")
    assert not ok and "'teleport' is not an effect" in text and "reverse_turn_order" in text
    assert "deploy" not in text  # the deploy ability is not cast this way (804.2)
    ok, text, _ = answer(t, "c", "9")
    assert not ok and "'9' is not an effect" in text


def test_101_2_a_player_who_cant_cast_spells_still_activates_abilities_with_c() -> None:
    game = make_game(decks("Eloren Wilds"))
    t = main_phase(game)
    game.force("chaos")
    t.handle_key("r")
    assert t.handle_key("1").ok  # Eloren Wilds' chaos ability targets Alice
    assert t.handle_key("v").ok
    ok, text, _ = answer(t, "c", "", "Prodigal Sorcerer", "ability")
    assert ok and text == "Alice puts Prodigal Sorcerer on the stack."
    before = game.state
    ok, text, _ = answer(t, "c", "", "Shock", "red instant")
    assert not ok and text.startswith("[101.2] Alice can't cast spells") and game.state is before


# -- d: declaring attackers --------------------------------------------------------------------


def test_508_1_d_declares_whom_the_attacking_player_attacks() -> None:
    game = make_game(decks(players=3), players=THREE)
    to_step(game, "declare_attackers")
    t = table(game)
    assert "d attack" in legend(game, t) and "d declares attackers" in screen(game, t)
    ok, text, asked = answer(t, "d", "Bob, 3")
    assert ok and text == "Attackers are declared: Alice's creatures attack Bob and Carol."
    assert "Whom do Alice's creatures attack?" in asked[0] and "2 Bob, 3 Carol" in asked[0]
    assert game.state.attacks == ((0, 1), (0, 2))
    assert "Alice's creatures attack Bob and Carol" in screen(game, t)
    assert "d attack" not in legend(game, t)  # declared: nothing more to declare this combat
    again = t.handle_key("d")
    assert not again.ok and "[508.1]" in again.text and "already declared" in again.text
    assert t.handle_key("u").text == "Undone: Alice's attack declaration."
    assert game.state.attacks is None


def test_508_1_d_shows_the_rule_of_a_refused_attack_and_changes_nothing() -> None:
    game = make_game(decks(players=3), players=THREE, attack="left")
    to_step(game, "declare_attackers")
    t = table(game)
    before = game.state
    ok, text, asked = answer(t, "d", "Carol")
    assert "they may attack: 2 Bob)" in asked[0]
    assert not ok and text == "[803.1a] with the left attack option, Alice can attack only: Bob"
    assert game.state is before
    ok, text, _ = answer(t, "d", "alice")
    assert not ok and text.startswith("[506.2]")
    ok, text, _ = answer(t, "d", "Bob, Zed")
    assert not ok and "'Zed' is not a player" in text and game.state is before


def test_508_8_d_with_no_answer_declares_no_attackers() -> None:
    game = make_game()
    to_step(game, "declare_attackers")
    t = table(game)
    ok, text, _ = answer(t, "d", "")
    assert ok and "declares no attackers" in text
    assert game.state.attacks == ()
    assert "Attacks (508.1): no creatures attack this combat (508.8)" in screen(game, t)


def test_d_outside_the_declare_attackers_step_says_how_to_get_there() -> None:
    game = make_game()
    t = main_phase(game)
    assert "d attack" not in legend(game, t)
    t.handle_key("h")
    assert "Declare attackers (508.1)" not in screen(game, t)  # the help offers d only when it is of use
    ok, text, asked = answer(t, "d")
    assert not ok and text.startswith("[508.1]") and "press a" in text and asked == []


def test_805_10b_d_asks_each_player_of_the_active_team() -> None:
    game, _, _, _ = start_game(list("ABCD"), 3, False, None, variant="two-headed-giant")
    to_step(game, "declare_attackers")
    t = table(game)
    ok, text, asked = answer(t, "d", "C", "4")
    assert ok, text
    assert [a.split("?")[0] for a in asked] == ["Whom do A's creatures attack", "Whom do B's creatures attack"]
    assert game.state.attacks == ((0, 2), (1, 3))
    assert game.history[-1].action == {"type": "attack", "player": 0, "attacks": [[0, 2], [1, 3]]}


# -- b: Susan Foreman and Ichor Elixir ---------------------------------------------------------------


def test_b_toggles_a_tracked_permanent() -> None:
    game = make_game()
    t = table(game)
    ok, text, asked = answer(t, "b", "Bob", "ichor")
    assert ok and text.startswith("Bob controls Ichor Elixir:")
    assert len(asked) == 2 and "1 Susan Foreman, 2 Ichor Elixir" in asked[1]
    assert [(p.controller, p.card) for p in game.state.permanents] == [(1, "Ichor Elixir")]
    assert "Bob controls Ichor Elixir" in screen(game, t)
    ok, text, asked = answer(t, "b", "2", "2", "2")  # Bob now controls a second one
    assert ok and "Bob controls Ichor Elixir. 1 one leaves Bob's control" in asked[2]
    assert "Bob controls Ichor Elixir ×2" in screen(game, t)
    ok, text, _ = answer(t, "b", "2", "Ichor Elixir", "")  # the default: one leaves
    assert ok and text == "Bob no longer controls Ichor Elixir: its effect ends."
    answer(t, "b", "2", "2", "1")
    assert game.state.permanents == ()
    assert "controls Ichor Elixir" not in screen(game, t).split("Rules log")[0]
    assert t.handle_key("u").text == "Undone: Bob losing control of Ichor Elixir."
    ok, text, _ = answer(t, "b", "Alice", "Sol Ring")
    assert not ok and "not a card the engine tracks" in text


def test_b_works_from_piped_keys_through_the_command(tmp_path: Path) -> None:
    command = [str(Path(sys.executable).with_name("planechase")), "play", "--seed", "3"]
    keys = "b\nBob\nichor\nq\ny\n"
    done = subprocess.run(command, input=keys, capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Which card does Bob now control or no longer control? 1 Susan Foreman, 2 Ichor Elixir: ichor" in done.stdout
    assert "Bob controls Ichor Elixir" in done.stdout and "Traceback" not in done.stdout + done.stderr


def test_706_6_ichor_elixir_rolls_two_dice_and_a_digit_keeps_one() -> None:
    game = make_game()
    t = main_phase(game)
    answer(t, "b", "Alice", "2")
    game.force("chaos")
    game.force("blank")
    message = t.handle_key("r")
    assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE_DIE
    assert "press 1-2" in message.text
    shown = screen(game, t)
    assert "1 Keep chaos" in shown and "2 Keep blank" in shown
    kept = t.handle_key("1")
    assert kept.ok and "chaos" in kept.text and game.decision is None


def test_614_1a_susan_foreman_the_decider_alone_looks_with_i_then_chooses() -> None:
    game = make_game()
    t = main_phase(game)
    answer(t, "b", "Alice", "Susan")
    answer(t, "c", "planeswalk", "Start the TARDIS", "ability")
    message = t.handle_key("v")
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.ARRANGE_PLANAR_DECK
    assert "press 1-2" in message.text
    shown = screen(game, t)
    assert "Pompeii" not in shown.split("Rules log")[0]  # the screen, seen by all, does not name the cards
    assert "i shows them to Alice alone" in shown and "i look" in legend(game, t)
    ok, text, asked = answer(t, "i", "")
    assert ok and "Alice looked" in text
    assert asked[0].startswith("Only Alice looks.") and "Pompeii (first) and Stairs to Infinity (second)" in asked[0]
    moved = t.handle_key("2")  # Stairs to Infinity goes to the bottom: Pompeii is on top
    assert moved.ok and moved.text == "Alice planeswalks to Pompeii."
    assert game.state.name_of(game.state.face_up[0].card) == "Pompeii"
    assert not t.handle_key("i").ok


def test_608_2d_two_streams_facility_choices_are_answered_with_digits_and_shown() -> None:
    game = make_game(decks("Two Streams Facility", players=3), players=THREE)
    t = table(game)
    assert t.handle_key("v").ok  # the first upkeep's trigger resolves: each player in turn chooses
    for key in ("1", "2", "1"):
        assert game.decision is not None and game.decision.kind is DecisionKind.CHOOSE_OPTION
        assert t.handle_key(key).ok
    assert game.decision is None
    shown = screen(game, t)
    assert "Two Streams Facility: Alice green anchor, Bob red waterfall, Carol green anchor" in shown


def test_the_screen_with_turns_permanents_and_choices_fits_120_by_40() -> None:
    players = (*THREE, "Dan", "Eve", "Frank")
    game = make_game(decks("Two Streams Facility", players=6), players=players)
    t = table(game)
    t.handle_key("v")
    for _ in players:
        t.handle_key("2")
    t.handle_key("m")
    for who in ("Bob", "Carol", "Dan"):
        answer(t, "c", "extra turn", who, "Time Walk", "")
        answer(t, "c", "skip untap", who, "Stasis", "")
        answer(t, "b", who, "Ichor")
    while game.state.stack:
        assert t.handle_key("v").ok
    assert "Extra turns (500.7): Bob, then Carol, then Dan" in screen(game, t)
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render(game, t.chrome(), width=120, height=40))
    lines = console.file.getvalue().rstrip("\n").split("\n")  # type: ignore[attr-defined]
    assert len(lines) <= 40
    assert max(len(line) for line in lines) <= 120


def decks(*top: str, players: int = 2) -> list[list[str]]:
    """Planar decks (one per player) with ``top`` first, then the usual ten planes."""
    return [[*top, *(p for p in PLANES_10 if p not in top)] for _ in range(players)]
