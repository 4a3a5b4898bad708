"""The terminal table: keys drive real games, the screen shows what the table needs."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from rich.console import Console

from conftest import PLANES_10, make_game
from driving import resolve_stack, to_step
from planechase import CATALOG, Game
from planechase.cards.decks import check_deck, check_shared_deck
from planechase.cards.model import Catalog
from planechase.cli.keys import PipedKeys
from planechase.cli.play import TableController, make_config, start_game
from planechase.cli.render import CHAOS_SYMBOL, render
from planechase.core.state import MeleeTurn
from planechase.engine import melee
from prompts import Prompts


def table(game: Game, answers: Iterable[str] = (), tmp_path: Path | None = None) -> TableController:
    save = (tmp_path or Path(".")) / "save.json"
    return TableController(game, ask=Prompts(answers), save_path=save, seed=game.config.seed)


def screen(game: Game, controller: TableController | None = None, *, width: int = 120, height: int = 40) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(render(game, controller.chrome() if controller else None, width=width, height=height))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def decks(*top: str, players: int = 2) -> list[list[str]]:
    """Planar decks (one per player) with ``top`` first, then the usual ten planes."""
    return [[*top, *(p for p in PLANES_10 if p not in top)] for _ in range(players)]


def at_main(game: Game) -> TableController:
    """A controller on ``game`` moved on to the active player's first main phase."""
    t = table(game)
    while game.state.stack:  # Aretopolis's upkeep trigger
        assert t.handle_key("v").ok
    assert t.handle_key("m").ok
    assert game.state.step.value == "precombat_main"
    return t


# -- keys ---------------------------------------------------------------------------------------


def test_r_rolls_for_the_active_player() -> None:
    game = make_game(starting_player=1)
    t = at_main(game)
    game.force("chaos")
    message = t.handle_key("r")
    assert message.ok
    rolled = [e for e in game.history[-1].events if e.type == "die_rolled"]
    assert [(e.data["player"], e.data["result"]) for e in rolled] == [(1, "chaos")]
    assert "chaos" in message.text
    assert game.state.rolls_taken == (0, 1)


def test_rolling_in_the_upkeep_shows_rule_901_9_and_changes_nothing() -> None:
    game = make_game()
    t = table(game)
    before = game.state
    message = t.handle_key("r")
    assert not message.ok
    assert "901.9" in message.text and "main phase" in message.text
    assert game.state is before
    assert "901.9" in screen(game, t)


def test_a_second_roll_asks_to_pay_and_1_pays() -> None:
    game = make_game()
    t = at_main(game)
    game.force("blank")
    t.handle_key("r")
    assert "cost {1}" in screen(game, t)
    message = t.handle_key("r")
    assert game.decision is not None and game.decision.kind.value == "pay_roll_cost"
    assert "press 1-2" in message.text
    game.force("blank")
    assert t.handle_key("1").ok
    assert game.decision is None
    assert game.state.rolls_taken == (2, 0)
    assert "cost {2}" in screen(game, t)


def test_digits_answer_the_pending_decision_and_refuse_missing_options() -> None:
    game = make_game()
    t = at_main(game)
    game.force("blank")
    t.handle_key("r")
    t.handle_key("r")
    decision = game.decision
    assert decision is not None
    refused = t.handle_key("7")
    assert not refused.ok and "choose 1-2" in refused.text
    assert game.decision == decision
    assert t.handle_key("2").ok  # "Don't roll": the roll is cancelled
    assert game.decision is None
    assert game.state.rolls_taken == (1, 0)


def test_a_digit_without_a_decision_shows_rule_117_1() -> None:
    game = make_game()
    message = table(game).handle_key("1")
    assert not message.ok and "117.1" in message.text


def test_space_and_p_pass_priority_for_whoever_has_it() -> None:
    game = make_game()
    t = at_main(game)
    t.handle_key(" ")
    assert game.state.priority == 1
    t.handle_key("p")
    assert game.state.step.value == "beginning_of_combat"
    assert game.state.priority == 0


def test_n_moves_on_to_the_next_turn_and_e_to_the_end_step() -> None:
    game = make_game(decks("Stairs to Infinity"))
    t = table(game)
    assert t.handle_key("e").ok
    assert game.state.step.value == "end"
    again = t.handle_key("e")
    assert not again.ok and "press n" in again.text
    assert t.handle_key("n").ok
    assert (game.state.turn, game.state.active) == (2, 1)


def test_m_from_the_end_step_goes_to_the_next_turns_main_phase_and_u_undoes_it_as_one_key() -> None:
    game = make_game(decks("Stairs to Infinity"))
    t = table(game)
    t.handle_key("e")
    end_state = game.state
    assert t.handle_key("m").ok
    assert (game.state.turn, game.state.step.value) == (2, "precombat_main")
    assert t.handle_key("u").ok
    assert game.state is end_state


def test_a_moves_on_to_a_chosen_step() -> None:
    game = make_game(decks("Stairs to Infinity"))
    t = table(game, ["declare blockers"])
    assert t.handle_key("a").ok
    assert game.state.step.value == "declare_blockers"
    prompts = t.ask
    assert isinstance(prompts, Prompts) and "combat damage step" in prompts.asked[0]


def test_u_undoes_the_last_key_and_says_so_at_the_start() -> None:
    game = make_game(decks("Stairs to Infinity"))
    t = table(game)
    assert not t.handle_key("u").ok
    start = game.state
    t.handle_key("m")
    game.force("planeswalker")
    t.handle_key("r")
    assert "Undone: Alice's roll" in t.handle_key("u").text
    assert t.handle_key("u").ok
    assert game.state is start


def test_s_saves_a_file_that_game_load_reads_back(tmp_path: Path) -> None:
    game = make_game()
    t = table(game, tmp_path=tmp_path)
    t.handle_key("m")
    game.force("chaos")
    t.handle_key("r")
    message = t.handle_key("s")
    assert message.ok and str(tmp_path / "save.json") in message.text
    loaded = Game.load(json.loads((tmp_path / "save.json").read_text(encoding="utf-8")))
    assert loaded.log_lines() == game.log_lines()
    assert loaded.state.stack == game.state.stack


def test_c_casts_a_counter_at_the_top_of_the_stack() -> None:
    game = make_game()
    t = at_main(game)
    game.force("chaos")
    t.handle_key("r")
    top = game.state.stack[-1].id
    t.ask = Prompts(["counter", "", "Stifle"])
    assert t.handle_key("c").ok
    item = game.state.stack[-1]
    assert (item.label, item.effect.value, item.target_item, item.controller) == ("Stifle", "counter", top, 0)
    assert "Stifle" in screen(game, t)


def test_c_refuses_a_copy_of_a_spell_with_the_rule() -> None:
    game = make_game()
    t = at_main(game)
    t.ask = Prompts(["1", "Shock"])
    t.handle_key("c")
    t.ask = Prompts(["copy", ""])
    message = t.handle_key("c")
    assert not message.ok and "707.10" in message.text


def test_l_adjusts_life_by_an_amount_or_to_a_value_and_o_poison() -> None:
    game = make_game()
    t = table(game, ["Bob", "-3"])
    assert t.handle_key("l").ok
    assert game.state.players[1].life == 17
    t.ask = Prompts(["1", "=12"])
    t.handle_key("l")
    assert game.state.players[0].life == 12
    t.ask = Prompts(["2", "+4"])
    t.handle_key("o")
    assert game.state.players[1].poison == 4
    t.ask = Prompts(["Carol"])
    assert not t.handle_key("l").ok


def test_x_concedes_and_the_screen_shows_the_winner() -> None:
    game = make_game()
    t = table(game, ["Alice"])
    t.handle_key("x")
    assert game.state.over
    out = screen(game, t)
    assert "GAME OVER" in out and "Bob" in out
    refused = t.handle_key("r")
    assert not refused.ok and "104.1" in refused.text


def test_q_quits_only_when_confirmed() -> None:
    game = make_game()
    t = table(game, ["n"])
    t.handle_key("q")
    assert not t.quit
    t.ask = Prompts(["y"])
    t.handle_key("q")
    assert t.quit


def test_h_toggles_help_and_unknown_keys_point_to_it() -> None:
    game = make_game()
    t = table(game)
    t.handle_key("h")
    assert t.show_help and "Undo the last key" in screen(game, t)
    t.handle_key("?")
    assert not t.show_help
    message = t.handle_key("z")
    assert not message.ok and "press h" in message.text


# -- the screen ---------------------------------------------------------------------------------


def test_the_screen_shows_the_plane_oracle_text_roll_cost_and_log_rules() -> None:
    game = make_game()
    t = at_main(game)
    out = screen(game, t)
    assert "ARETOPOLIS" in out and "Plane — Kephalai" in out
    assert "put a scroll counter on Aretopolis" in out
    assert f"{CHAOS_SYMBOL} Whenever chaos ensues" in out
    assert "Roll the planar die (Alice): cost {0}" in out
    assert "[500.1] Precombat main phase (Alice's turn)." in " ".join(out.split())


def test_the_screen_shows_the_stack_with_ids_counters_and_the_roll_log() -> None:
    game = make_game()
    t = table(game)
    t.handle_key("v")  # Aretopolis's upkeep trigger resolves: a scroll counter
    t.handle_key("m")
    game.force("chaos")
    t.handle_key("r")
    out = screen(game, t)
    top = game.state.stack[-1].id
    assert "STACK" in out and f"#{top}" in out
    assert "Counters: 1 scroll" in out
    assert "[901.9, 116.2i, 706.7] Alice rolls the planar die as a special action: chaos." in out


def test_the_screen_numbers_the_decision_options() -> None:
    game = make_game()
    t = at_main(game)
    game.force("blank")
    t.handle_key("r")
    t.handle_key("r")
    out = screen(game, t)
    assert "DECISION: Alice decides" in out
    assert " 1  Pay 1 mana and roll" in out and " 2  Don't roll" in out


def test_the_screen_shows_static_reminders_and_chaos_symbols_in_card_text() -> None:
    game = make_game(decks("Sokenzan"))
    out = screen(game)
    assert "In effect" in out and "● Sokenzan: All creatures get +1/+1" in out
    aether = make_game(decks("Aretopolis", "Chaotic Aether"))
    t = at_main(aether)
    aether.force("planeswalker")
    t.handle_key("r")
    t.handle_key("v")  # planeswalk to Chaotic Aether: its encounter trigger waits on the stack
    assert f"a {CHAOS_SYMBOL} roll" in " ".join(screen(aether, t).split())


@pytest.mark.parametrize("players", [("Alice", "Bob"), ("Alice", "Bob", "Carol", "Dan", "Eve", "Frank")])
def test_the_screen_fits_120_by_40(players: tuple[str, ...]) -> None:
    game = make_game(players=players)
    t = at_main(game)
    game.force("blank")
    t.handle_key("r")
    t.handle_key("r")  # a decision
    lines = screen(game, t).rstrip("\n").split("\n")
    assert len(lines) <= 40
    assert max(len(line) for line in lines) <= 120


# -- decks, input and the command ---------------------------------------------------------------


def test_random_decks_are_legal_and_repeat_with_the_seed() -> None:
    config, notice = make_config(["Alice", "Bob", "Carol"], 11, shared=False)
    assert notice is None and config.decks is not None
    for deck in config.decks:
        check_deck(deck, CATALOG)
        assert len(deck) == 12
    assert make_config(["Alice", "Bob", "Carol"], 11, shared=False)[0] == config
    assert make_config(["Alice", "Bob", "Carol"], 12, shared=False)[0] != config


def test_a_shared_deck_is_the_biggest_legal_one_and_flagged_when_the_catalog_is_too_small() -> None:
    small = Catalog([*[c for c in CATALOG if c.is_plane][:16], *[c for c in CATALOG if c.is_phenomenon][:5]])
    two, notice = make_config(["Alice", "Bob"], 1, shared=True, catalog=small)
    assert notice is None and two.check_decks and two.shared_deck is not None
    assert len(two.shared_deck) == 16 + 4  # every plane and two phenomena per player
    check_shared_deck(two.shared_deck, 2, small)
    three, notice = make_config(["Alice", "Bob", "Carol"], 1, shared=True, catalog=small)
    assert not three.check_decks and notice is not None and "901.15a" in notice and "demo catalog" in notice
    assert three.shared_deck is not None and len(three.shared_deck) == 16 + 5
    Game(three)


def test_quitting_says_how_to_continue_or_set_the_game_up_again(tmp_path: Path) -> None:
    game = Game(make_config(["Ann Lee", "Bo"], 9, shared=True)[0])
    t = table(game, tmp_path=tmp_path)
    assert t.farewell() == "Not saved. The same setup again: planechase play --seed 9 -p 'Ann Lee' -p Bo --shared"
    t.handle_key("s")
    assert t.farewell().startswith(f"Saved to {tmp_path / 'save.json'}.")
    t.handle_key("p")
    assert "not saved" in t.farewell()


def test_piped_keys_read_one_key_per_line_and_prompts_take_whole_lines() -> None:
    out = io.StringIO()
    keys = PipedKeys(io.StringIO("m\n\n \n12\nBob\nrp\n"), Console(file=out, width=120))
    assert keys.key() == "m"
    assert keys.key() == " "
    assert keys.key() == "12"
    assert keys.ask("Who? ") == "Bob"
    assert [keys.key(), keys.key(), keys.key()] == ["r", "p", None]
    assert "Who? Bob" in out.getvalue()


def test_start_game_loads_a_save_and_refuses_a_broken_file(tmp_path: Path) -> None:
    game = make_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.save()), encoding="utf-8")
    loaded, _seed, notice, save_path = start_game(["Alice", "Bob"], None, False, path)
    assert loaded.log_lines() == game.log_lines() and save_path == path and notice is not None
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ValueError, match="not a JSON save"):
        start_game(["Alice", "Bob"], None, False, tmp_path / "bad.json")


def run_play(*args: str, keys: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run the installed ``planechase play`` command with ``keys`` piped in (one key or answer a line)."""
    command = [str(Path(sys.executable).with_name("planechase")), "play", *args]
    return subprocess.run(command, input=keys, capture_output=True, text=True, timeout=60, cwd=cwd)


def test_play_runs_from_piped_keys_and_prints_the_plane(tmp_path: Path) -> None:
    expected = Game(make_config(["Alice", "Bob"], 3, shared=False)[0]).view()["face_up"][0]["name"]
    done = run_play("--seed", "3", keys="m\nr\n1\nq\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert expected.upper() in done.stdout
    assert "seed 3" in done.stdout and "Traceback" not in done.stdout + done.stderr


def test_play_saves_and_loads_through_the_command(tmp_path: Path) -> None:
    first = run_play("--seed", "4", keys="m\ns\nq\ny\n", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    (save,) = tmp_path.glob("planechase-seed4-*.json")
    second = run_play("--load", str(save), keys="q\ny\n")
    assert second.returncode == 0, second.stderr
    assert "Continuing" in second.stdout and "Main 1" in second.stdout
    missing = run_play("--load", str(tmp_path / "nope.json"), keys="")
    assert missing.returncode == 2 and "Can't start the game" in missing.stdout


def test_render_shows_the_object_resolving_while_its_choice_is_open() -> None:
    """608.2: while Interplanar Tunnel's ability waits for its choice, the screen says what is resolving."""
    deck = (
        "Pompeii",
        "Interplanar Tunnel",
        "Aretopolis",
        "Naar Isle",
        "Sokenzan",
        "Tazeem",
        "Otaria",
        "Agyrem",
        "The Eon Fog",
        "Temple of Atropos",
    )
    game = make_game([deck, deck])
    to_step(game)
    game.force("planeswalker")
    game.act({"type": "roll", "player": 0})
    resolve_stack(game)
    assert game.decision is not None and game.decision.kind.value == "choose_card"
    console = Console(record=True, width=120, file=io.StringIO())
    console.print(render(game))
    text = console.export_text()
    assert "Resolving: Interplanar Tunnel" in text


# -- numbers and spells ---------------------------------------------------------------------------


def test_a_number_decision_is_answered_with_the_number_itself_prahv_608_2c() -> None:
    game = make_game(decks("Prahv"))
    t = at_main(game)
    game.force("chaos")
    t.handle_key("r")
    while game.decision is None:
        assert t.handle_key("v").ok
    assert game.decision.kind.value == "choose_number"
    assert "type a number from 0 to 99" in screen(game, t).replace("Type", "type")
    t.ask = Prompts(["2"])  # "1" then "2": twelve cards in hand
    message = t.handle_key("1")
    assert message.ok, message.text
    assert game.state.players[0].life == 32


def test_a_number_out_of_range_is_refused_and_changes_nothing() -> None:
    game = make_game(decks("Prahv"))
    t = at_main(game)
    game.force("chaos")
    t.handle_key("r")
    while game.decision is None:
        t.handle_key("v")
    before = game.state
    t.ask = Prompts(["00"])  # 100
    message = t.handle_key("1")
    assert not message.ok and "0-99" in message.text
    assert game.state is before


def test_c_casts_a_spell_with_its_types_or_an_ability_601_2() -> None:
    game = make_game()
    t = at_main(game)
    t.ask = Prompts(["", "Lightning Bolt", "red  instant"])
    assert t.handle_key("c").ok
    bolt = game.state.stack[-1]
    assert (bolt.label, bolt.spell, bolt.spell_types) == ("Lightning Bolt", True, "red instant")
    t.ask = Prompts(["", "Prodigal Sorcerer", "ability"])
    assert t.handle_key("c").ok
    ping = game.state.stack[-1]
    assert (ping.label, ping.spell, ping.spell_types) == ("Prodigal Sorcerer", False, "")


def test_809_the_table_shows_teams_roles_and_ranges_in_emperor() -> None:
    game, _, _, _ = start_game(list("ABCDEF"), 3, False, None, variant="emperor")
    shown = screen(game)
    assert " Tm " in shown
    cells = [line.split() for line in shown.splitlines() if any(f" {t} " in line for t in ("AE", "Ag", "BE", "Bg"))]
    assert [row[row.index(next(c for c in row if c[:1] in "AB" and c[1:] in ("E", "g"))) :][:2] for row in cells] == [
        ["Ag", "1"],
        ["AE", "2"],
        ["Ag", "1"],
        ["Bg", "1"],
        ["BE", "2"],
        ["Bg", "1"],
    ]


def test_810_two_headed_giant_starts_from_the_command_line_options() -> None:
    game, _, _, _ = start_game(list("ABCD"), 3, False, None, variant="two-headed-giant")
    assert [p.life for p in game.state.players] == [30] * 4
    assert " A1 " in screen(game) and " B1 " in screen(game)


# -- Grand Melee and Two-Headed Giant at the table ------------------------------------------------------


def grand_melee(players: int = 10, seed: int = 3) -> tuple[Game, TableController]:
    game, _, _, _ = start_game([f"P{n}" for n in range(players)], seed, False, None, variant="grand_melee")
    return game, table(game)


def part(game: Game, marker: int) -> MeleeTurn:
    """Turn marker ``marker``'s part of the game (its turn, stack and planes)."""
    found = melee.turn_of(game.state, marker)
    assert found is not None
    return found


def test_807_5_play_switches_between_turn_markers() -> None:
    game, t = grand_melee()
    one, two = melee.turns(game.state)
    assert t.marker == game.state.focus == 1
    assert one.taking_turn and two.taking_turn and one.active != two.active
    assert t.handle_key("m").ok  # marker 1's turn moves on to its main phase; marker 2's stays in its upkeep
    assert part(game, 1).step.value == "precombat_main"
    assert melee.turn_of(game.state, 2) == two
    switched = t.handle_key("M")
    assert switched.ok and t.marker == 2 and "Turn marker 2" in switched.text
    first = melee.turn_of(game.state, 1)
    assert t.handle_key("p").ok  # passes on marker 2's stack, for its active player
    assert game.history[-1].action == {"type": "pass", "player": two.active, "marker": 2}
    after = melee.turn_of(game.state, 2)
    assert after is not None and after.priority != two.priority and after.passed == (two.active,)
    assert melee.turn_of(game.state, 1) == first
    assert t.handle_key("M").ok and t.marker == 1  # round again
    game.force("blank")
    assert t.handle_key("r").ok  # marker 1's active player rolls in their main phase
    rolled = [e.data["player"] for e in game.history[-1].events if e.type == "die_rolled"]
    assert rolled == [one.active]
    assert melee.turn_of(game.state, 2) == after


def test_807_4c_keys_follow_the_current_marker_as_its_turn_ends() -> None:
    game, t = grand_melee()
    one, two = melee.turns(game.state)
    t.handle_key("M")
    for _ in range(20):  # marker 2's turn ends (n, stopping for triggers) and the marker passes on (807.4c)
        now = melee.turn_of(game.state, 2)
        if now is None or now.active != two.active:
            break
        assert t.handle_key("v" if now.stack else "n").ok
    after = melee.turn_of(game.state, 2)
    assert after is not None and after.active != two.active and after.taking_turn
    assert t.marker == 2 and game.state.players[after.active].name in screen(game, t).split("Turn markers")[0]
    assert melee.turn_of(game.state, 1) == one
    refused = table(make_game()).handle_key("M")
    assert not refused.ok and "807.4" in refused.text


def test_807_5_render_lists_the_turn_markers() -> None:
    game, t = grand_melee()
    state = game.state
    turns = melee.turns(state)
    out = screen(game, t)
    assert "Turn markers" in out
    rows = [" ".join(line.split()) for line in out.splitlines() if "Upkeep" in line and "│" in line]
    for turn in turns:
        holder = state.players[turn.active].name
        plane = state.name_of(turn.face_up[0].card)
        assert any(f"{turn.marker} {holder} Upkeep {holder} 0 {plane}" in row for row in rows), (turn, rows)
    assert any(f"▶ 1 {state.players[turns[0].active].name}" in row for row in rows)
    assert state.name_of(turns[0].face_up[0].card).upper() in out
    t.handle_key("M")
    t.handle_key("p")
    switched = screen(game, t)
    two = melee.turn_of(game.state, 2)
    assert two is not None and two.priority is not None
    assert state.name_of(turns[1].face_up[0].card).upper() in switched  # the main area: marker 2's plane
    assert state.name_of(turns[0].face_up[0].card).upper() not in switched
    holder, prio = game.state.players[two.active].name, game.state.players[two.priority].name
    assert any(f"▶ 2 {holder} Upkeep {prio} 0" in " ".join(line.split()) for line in switched.splitlines())
    assert "M next marker" in switched and "M next marker" not in screen(make_game())


@pytest.mark.parametrize("players", [10, 16])
def test_807_grand_melee_screen_fits_120_by_40(players: int) -> None:
    game, t = grand_melee(players)
    lines = screen(game, t).rstrip("\n").split("\n")
    assert len(lines) <= 40
    assert max(len(line) for line in lines) <= 120


def test_807_play_runs_grand_melee_from_piped_keys(tmp_path: Path) -> None:
    names = [f"P{n}" for n in range(10)]
    game, _, _, _ = start_game(names, 3, False, None, variant="grand_melee")
    second = game.state.players[melee.turns(game.state)[1].active].name
    args = ["--seed", "3", "--variant", "grand_melee", *(a for name in names for a in ("-p", name))]
    done = run_play(*args, keys="M\np\nq\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Turn markers" in done.stdout and "Traceback" not in done.stdout + done.stderr
    assert f"[117.3d]              {second} passes." in done.stdout
    assert "--variant grand_melee" in done.stdout


def test_901_12d_teammate_rolls_from_the_table() -> None:
    game, _, _, _ = start_game(list("ABCD"), 3, False, None, variant="two-headed-giant")
    t = table(game)
    while game.state.stack or not game.state.step.is_main:
        assert t.handle_key("v" if game.state.stack else "m").ok
    team = game.state.active_players
    assert len(team) == 2
    primary, mate = team
    assert "Roll the planar die: cost" in screen(game, t) and "r asks who rolls" in screen(game, t)
    game.force("blank")
    t.ask = Prompts([str(mate + 1)])
    message = t.handle_key("r")
    assert message.ok, message.text
    assert isinstance(t.ask, Prompts) and t.ask.asked[0].startswith("Who rolls the planar die?")
    assert f"{primary + 1} {game.state.players[primary].name}" in t.ask.asked[0]
    rolled = [e.data["player"] for e in game.history[-1].events if e.type == "die_rolled"]
    assert rolled == [mate]
    assert game.state.rolls_taken[mate] == 1 and game.state.rolls_taken[primary] == 0
    other = next(seat for seat in range(4) if seat not in team)
    before = game.state
    t.ask = Prompts([str(other + 1)])  # a player of the other team can't roll: nothing happens
    assert not t.handle_key("r").ok and game.state is before
    game.force("blank")
    t.ask = Prompts([""])  # the default: the primary player, whose roll is still free
    assert t.handle_key("r").ok
    assert [e.data["player"] for e in game.history[-1].events if e.type == "die_rolled"] == [primary]


def test_807_4d_a_waiting_marker_is_shown_waiting_and_the_keys_act_on_a_marker_in_use() -> None:
    game, t = grand_melee()  # markers 1 and 2 four seats apart: marker 1's next holder must wait (807.4d)
    holder = game.state.markers.holder_of(1) if game.state.markers else None
    for _ in range(20):
        if not part(game, 1).taking_turn:
            break
        assert t.handle_key("v" if part(game, 1).stack else "n").ok
    assert not part(game, 1).taking_turn and holder is not None
    assert t.marker == 2  # the keys act on the marker someone is taking a turn with
    refused = t.handle_key("M")
    assert not refused.ok and "only one" in refused.text and t.marker == 2
    waiting = game.state.players[holder + 1].name
    rows = [" ".join(line.split()) for line in screen(game, t).splitlines()]
    assert any(f"1 {waiting} waiting -" in row for row in rows)
    assert t.handle_key("p").ok
    assert game.history[-1].action == {"type": "pass", "player": part(game, 2).active, "marker": 2}


def test_play_with_lang_shows_the_plane_translated_and_o_shows_the_oracle_text(tmp_path: Path) -> None:
    from planechase import CATALOG
    from planechase.cards.translations import card_text

    english = Game(make_config(["Alice", "Bob"], 3, shared=False)[0]).view()["face_up"][0]["name"]
    shown = card_text(CATALOG[english], "ru")
    done = run_play("--seed", "3", "--lang", "ru", keys="O\nq\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    screens = done.stdout.split("key O")
    assert shown.name.upper() in screens[0] and shown.type_line in screens[0]
    assert "the planechase project's translation" in " ".join(screens[0].split())
    # After O, the English Oracle text.
    assert english.upper() in screens[1] and shown.name.upper() not in screens[1]
    assert "English Oracle text" in screens[1]
    refused = run_play("--lang", "xx", keys="")
    assert refused.returncode == 2 and "xx" in refused.stderr
