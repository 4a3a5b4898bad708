"""``planechase seats``: seating, roles, ranges of influence, attacks, turn order and turn markers of the
multiplayer variants (CR 801-810), as JSON and in the terminal, and the errors for tables a variant
doesn't allow."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from planechase.cli.main import app
from planechase.cli.seats_cmd import BAD_TABLE, seat_diagram
from planechase.variants.seating import seating


def run(*args: str, columns: int = 160) -> Result:
    env = {"COLUMNS": str(columns), "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None}
    return CliRunner().invoke(app, ["seats", *args], env=env)


def run_json(*args: str) -> dict[str, Any]:
    result = run("--json", *args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def by_seat(data: dict[str, Any], key: str) -> list[Any]:
    return [seat[key] for seat in data["seats"]]


def fails(*args: str) -> str:
    """The one-line error of a refused table (exit code 2, nothing on stdout, no traceback)."""
    result = run(*args)
    assert result.exit_code == BAD_TABLE, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    return lines[0]


# -- Emperor (809) -------------------------------------------------------------------------------------


def test_809_6a_seats_for_teams_of_four_match_the_example() -> None:
    data = run_json("--variant", "emperor", "--teams", "2", "--team-size", "4")
    assert data["variant"] == "emperor" and data["rule"] == "809"
    assert by_seat(data, "team") == [0, 0, 0, 0, 1, 1, 1, 1]
    # 809.6a's example: general, emperor, general, general with ranges 1, 3, 2, 1.
    assert by_seat(data, "role") == ["general", "emperor", "general", "general"] * 2
    assert by_seat(data, "range") == [1, 3, 2, 1] * 2


def test_809_3a_teams_of_three_give_emperors_range_2_and_generals_range_1() -> None:
    data = run_json("--variant", "emperor", "--teams", "3")
    assert len(data["seats"]) == 9
    assert by_seat(data, "role") == ["general", "emperor", "general"] * 3
    assert by_seat(data, "range") == [1, 2, 1] * 3
    # 801.2, 801.2b: an emperor (seat 4) reaches two seats each way, itself included.
    assert data["seats"][4]["in_range"] == [2, 3, 4, 5, 6]
    assert data["seats"][3]["in_range"] == [2, 3, 4]


def test_809_6a_no_emperor_starts_within_another_emperors_range() -> None:
    for size in (3, 4, 5, 6):
        data = run_json("--variant", "emperor", "--team-size", str(size), "--teams", "3")
        emperors = [s["seat"] for s in data["seats"] if s["role"] == "emperor"]
        assert len(emperors) == 3
        for seat in emperors:
            assert not set(data["seats"][seat]["in_range"]) & (set(emperors) - {seat}), size


def test_809_3c_emperors_cannot_attack_at_the_start() -> None:
    data = run_json("--variant", "emperor")
    attacks = {s["seat"]: s["can_attack"] for s in data["seats"]}
    # Each emperor sits between two teammates: no opponent is immediately next to them.
    assert attacks[1] == [] and attacks[4] == []
    # The generals at the seams of the teams attack each other; around the table seat 5 meets seat 0.
    assert attacks[2] == [3] and attacks[3] == [2]
    assert attacks[5] == [0] and attacks[0] == [5]


def test_809_4_an_emperor_takes_the_first_turn() -> None:
    data = run_json("--variant", "emperor")
    assert data["starting"] == 1
    assert data["turn_order"] == [[1], [2], [3], [4], [5], [0]]
    assert run_json("--variant", "emperor", "--starting", "4")["turn_order"][0] == [4]
    assert "809.4" in fails("--variant", "emperor", "--starting", "0")


def test_804_emperor_uses_deploy_creatures_and_limited_range() -> None:
    options = run_json("--variant", "emperor")["options"]
    assert options["deploy_creatures"] is True
    assert options["limited_range_of_influence"] is True
    assert options["shared_team_turns"] is False
    assert options["attack"] == "adjacent" and options["attack_rule"] == "809.3c"


# -- Two-Headed Giant (810, 805) ----------------------------------------------------------------------


def test_810_two_headed_giant_seats_two_teams_with_primary_players() -> None:
    data = run_json("--variant", "two-headed-giant", "--name", "Ann", "--name", "Ben", "--name", "Cat", "--name", "Dan")
    assert data["variant"] == "two_headed_giant" and data["rule"] == "810"
    assert data["teams"] == [[0, 1], [2, 3]]
    assert by_seat(data, "player") == ["Ann", "Ben", "Cat", "Dan"]
    assert by_seat(data, "role") == ["primary", "teammate", "primary", "teammate"]
    assert by_seat(data, "range") == [None] * 4
    # 805.4: teams take turns; 805.10a: a team attacks the other team.
    assert data["turn_order"] == [[0, 1], [2, 3]]
    assert by_seat(data, "can_attack") == [[2, 3], [2, 3], [0, 1], [0, 1]]
    assert data["options"]["shared_team_turns"] is True and data["options"]["deploy_creatures"] is False


def test_810_11_six_players_make_three_headed_giant_teams() -> None:
    data = run_json("--variant", "two_headed_giant", "--players", "6")
    assert data["team_size"] == 3
    assert data["teams"] == [[0, 1, 2], [3, 4, 5]]
    assert run_json("--variant", "two_headed_giant", "-n", "6", "--starting", "3")["turn_order"] == [
        [3, 4, 5],
        [0, 1, 2],
    ]


def test_805_2_a_teammate_does_not_start_the_team_turn() -> None:
    assert "805.2" in fails("--variant", "two_headed_giant", "--starting", "1")


def test_810_1_two_headed_giant_has_two_teams() -> None:
    assert "810.1" in fails("--variant", "two_headed_giant", "--teams", "3")


# -- Grand Melee (807) ---------------------------------------------------------------------------------


def test_807_grand_melee_twelve_players_has_three_markers_four_seats_apart() -> None:
    data = run_json("--variant", "grand_melee", "--players", "12")
    assert data["turn_markers"] == [
        {"number": 1, "holder": 0},
        {"number": 2, "holder": 4},
        {"number": 3, "holder": 8},
    ]
    # 807.2a, 807.2b: range 1, attack left.
    assert by_seat(data, "range") == [1] * 12
    assert by_seat(data, "can_attack") == [[(seat + 1) % 12] for seat in range(12)]
    assert data["seats"][0]["in_range"] == [0, 1, 11]


def test_807_4b_markers_are_handed_out_from_the_starting_seat() -> None:
    data = run_json("--variant", "grand-melee", "--players", "13", "--starting", "11")
    assert [m["holder"] for m in data["turn_markers"]] == [11, 2, 6]
    assert data["turn_order"][0] == [11]


def test_807_1_grand_melee_needs_ten_players() -> None:
    assert "807.1" in fails("--variant", "grand_melee", "--players", "9")


def test_turn_markers_only_in_grand_melee() -> None:
    assert "turn_markers" not in run_json("--players", "12")


# -- Free-for-All (806) --------------------------------------------------------------------------------


def test_806_2a_free_for_all_range_option() -> None:
    data = run_json("--players", "7", "--range", "2")
    assert data["variant"] == "free_for_all"
    assert by_seat(data, "range") == [2] * 7
    assert data["seats"][0]["in_range"] == [0, 1, 2, 5, 6]
    # 802 (attack multiple, the default) limited by 801.3 to opponents within range.
    assert data["seats"][0]["can_attack"] == [1, 2, 5, 6]
    assert data["options"]["limited_range_of_influence"] is True


def test_806_free_for_all_defaults_to_unlimited_range_and_attack_multiple() -> None:
    data = run_json()
    assert len(data["seats"]) == 4
    assert by_seat(data, "range") == [None] * 4
    assert by_seat(data, "player") == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert data["attack"] == "multiple"
    assert data["seats"][2]["can_attack"] == [0, 1, 3]
    assert data["turn_order"] == [[0], [1], [2], [3]]


@pytest.mark.parametrize(
    ("option", "targets"), [("left", [[1], [2], [3], [4], [0]]), ("right", [[4], [0], [1], [2], [3]])]
)
def test_803_attack_left_and_right(option: str, targets: list[list[int]]) -> None:
    data = run_json("--players", "5", "--attack", option)
    assert data["attack"] == option
    assert by_seat(data, "can_attack") == targets


def test_103_1_turn_order_starts_at_the_starting_seat() -> None:
    assert run_json("--players", "5", "--starting", "3")["turn_order"] == [[3], [4], [0], [1], [2]]


# -- errors -------------------------------------------------------------------------------------------


def test_809_emperor_refuses_seven_players_in_teams_of_three() -> None:
    line = fails("--variant", "emperor", "--players", "7", "--team-size", "3")
    assert "7 players" in line and "809" in line


def test_unknown_variant_is_refused_with_the_known_ones() -> None:
    line = fails("--variant", "archenemy")
    assert "archenemy" in line and "two_headed_giant" in line


def test_809_range_option_is_refused_in_emperor() -> None:
    line = fails("--variant", "emperor", "--range", "2")
    assert "range of influence" in line and "809" in line


def test_807_2b_grand_melee_refuses_another_attack_option() -> None:
    assert "803.1a" in fails("--variant", "grand_melee", "--players", "10", "--attack", "multiple")


def test_806_1_free_for_all_has_no_teams() -> None:
    assert "806.1" in fails("--teams", "2")


def test_names_must_match_the_players() -> None:
    assert "names" in fails("--players", "3", "--name", "Ann", "--name", "Ben")
    assert "different" in fails("--name", "Ann", "--name", "Ann")


def test_teams_and_players_must_agree() -> None:
    assert "809.6" in fails("--variant", "emperor", "--players", "10", "--teams", "3")
    assert "not 8" in fails("--variant", "emperor", "--players", "8", "--teams", "2", "--team-size", "3")


def test_starting_seat_must_be_at_the_table() -> None:
    assert "0 to 3" in fails("--starting", "4")


# -- the terminal ---------------------------------------------------------------------------------------


def test_terminal_output_shows_variant_options_teams_roles_and_ranges() -> None:
    result = run(
        "--variant", "emperor", "--name", "Ann", "-p", "Bob", "-p", "Cy", "-p", "Dee", "-p", "Eve", "-p", "Fay"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Emperor (rule 809)" in out
    assert "deploy creatures (804)" in out and "809.3c" in out
    seating_rows = [line.split() for line in out.splitlines() if " emperor " in line or " general " in line]
    lines = {row[1]: row for row in seating_rows}
    assert lines["Bob"][:5] == ["1", "Bob", "A", "emperor", "2"]
    assert lines["Cy"][:5] == ["2", "Cy", "A", "general", "1"]
    assert "[1 Bob A E]" in out and "[3 Dee B G]" in out
    assert "Bob → Cy → Dee → Eve → Fay → Ann" in out


def test_terminal_output_for_two_headed_giant_names_shared_team_turns() -> None:
    result = run("--variant", "two_headed_giant")
    assert result.exit_code == 0, result.output
    assert "Two-Headed Giant (rule 810)" in result.stdout
    assert "shared team turns (805)" in result.stdout
    assert "Player 1 + Player 2 → Player 3 + Player 4" in result.stdout
    assert "unlimited" in result.stdout


def test_terminal_output_for_grand_melee_lists_the_turn_markers() -> None:
    result = run("--variant", "grand_melee", "--players", "12")
    assert result.exit_code == 0, result.output
    assert "Turn markers (807.4a, 807.4b)" in result.stdout
    rows = [line.split() for line in result.stdout.splitlines() if "taking a turn" in line]
    assert [(row[0], row[-4]) for row in rows] == [("1", "(0)"), ("2", "(4)"), ("3", "(8)")]


# -- the seat diagram ---------------------------------------------------------------------------------


def test_seat_diagram_reads_clockwise_round_the_ring() -> None:
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    lines = seat_diagram(seating("emperor", 8, team_size=4), names).splitlines()
    assert len(lines) == 4
    assert lines[0].split(" --> ") == ["[0 Ann A G]", "[1 Bob A E]", "[2 Cy  A G]", "[3 Dee A G]"]
    assert lines[3].split(" <-- ") == ["[7 Hal B G]", "[6 Gus B G]", "[5 Fay B E]", "[4 Eve B G]"]
    # The ring closes: up from seat 7 to seat 0 on the left, down from seat 3 to seat 4 on the right.
    assert lines[1].strip() == "^" + " " * (len(lines[1].strip()) - 2) + "|"
    assert lines[2].rstrip().endswith("v") and lines[2].lstrip().startswith("|")


def test_seat_diagram_of_an_odd_table_closes_with_a_corner() -> None:
    lines = seat_diagram(seating("free_for_all", 5), ["A", "B", "C", "D", "E"]).splitlines()
    assert lines[0].split(" --> ") == ["[0 A]", "[1 B]", "[2 C]"]
    assert lines[3].strip().startswith("+") and lines[3].endswith("[4 E] <-- [3 D]")


def test_seat_diagram_needs_a_name_per_seat() -> None:
    with pytest.raises(ValueError, match="5 seats need 5 names"):
        seat_diagram(seating("free_for_all", 5), ["A"])


def test_names_are_shown_as_written_not_as_rich_markup() -> None:
    result = run("--name", "[bold]Ann", "--name", "Bob")
    assert result.exit_code == 0, result.output
    assert "[bold]Ann (0)" in result.stdout
    assert "[0 [bold]Ann]" in result.stdout
