"""``planechase deck check`` and ``planechase deck random``, driven through Typer's ``CliRunner``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planechase import CATALOG
from planechase.cards.decklists import parse_deck_list
from planechase.cards.decks import validate_deck, validate_shared_deck
from planechase.cli.deck_cmd import ILLEGAL, LEGAL, UNREADABLE, deck_app

DATA = Path(__file__).parents[1] / "cards" / "data"

runner = CliRunner()


def deck(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(deck_app, list(args), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


# -- deck check --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["plain.txt", "moxfield.txt", "moxfield_mtgo.txt", "archidekt.txt", "mtgo.dec", "mtgo.txt"]
)
def test_901_3_check_accepts_every_sample_export_and_exits_0(name: str) -> None:
    code, out, _ = deck("check", str(DATA / name))
    assert code == LEGAL, out
    assert "Legal." in out
    assert "901.3" in out


def test_901_3_check_reports_each_mistake_with_its_rule_and_line_and_exits_1() -> None:
    code, out, _ = deck("check", str(DATA / "mistakes.txt"))
    assert code == ILLEGAL
    flat = " ".join(out.split())
    assert "line 4: unknown planar card 'Sokenzen'; did you mean 'Sokenzan'" in flat
    assert "901.3" in flat and "has 3 phenomena; at most 2 are allowed" in flat
    assert "'Naar Isle' more than once (2 copies on line 3)" in flat
    assert "'The Eon Fog' more than once (lines 6 and 7)" in flat
    assert "Not legal: 4 errors." in flat


def test_check_json_report_lists_cards_errors_and_warnings() -> None:
    code, out, _ = deck("check", str(DATA / "moxfield.txt"), "--json")
    assert code == LEGAL
    report = json.loads(out)
    assert report["legal"] is True and report["readable"] is True
    assert report["mode"] == "individual" and report["rule"] == "901.3"
    assert report["format"] == "moxfield"
    assert [c["line"] for c in report["cards"]][:2] == [15, 16]
    assert [w["code"] for w in report["warnings"]] == ["outside_planar_section"]
    assert report["errors"] == []


def test_check_json_errors_carry_rule_line_and_suggestions() -> None:
    code, out, _ = deck("check", str(DATA / "mistakes.txt"), "--json")
    assert code == ILLEGAL
    errors = json.loads(out)["errors"]
    assert errors[0]["line"] == 4 and errors[0]["rule"] is None and errors[0]["suggestions"][0] == "Sokenzan"
    assert [(e["code"], e["rule"]) for e in errors[1:]] == [
        ("too_many_phenomena", "901.3"),
        ("duplicate", "901.3"),
        ("duplicate", "901.3"),
    ]


def test_901_15a_check_shared_deck_for_n_players() -> None:
    path = str(DATA / "shared_two_players.txt")
    code, out, _ = deck("check", path, "--shared", "--players", "2")
    assert code == LEGAL
    assert "single shared planar deck for 2 players" in " ".join(out.split())
    code, out, _ = deck("check", path, "--shared", "--players", "3", "--json")
    assert code == ILLEGAL
    report = json.loads(out)
    assert report["rule"] == "901.15a" and report["minimum"] == 30 and report["suits_players"] == [2, 2]
    assert report["errors"][0]["message"].endswith("has 21 cards; 3 players need at least 30")


def test_901_15a_shared_check_defaults_to_two_players() -> None:
    code, out, _ = deck("check", str(DATA / "shared_two_players.txt"), "--shared", "--json")
    assert code == LEGAL and json.loads(out)["players"] == 2


def test_901_15a_a_twelve_card_deck_is_too_small_to_share_between_two_players() -> None:
    code, _, _ = deck("check", str(DATA / "archidekt.txt"), "--shared", "--players", "2")
    assert code == ILLEGAL  # 12 cards: fine for one player, too few for two players sharing


def test_players_without_shared_is_a_usage_error() -> None:
    code, _, err = deck("check", str(DATA / "plain.txt"), "--players", "3")
    assert code == 2
    assert "--shared" in err


def test_check_exits_2_when_the_file_cannot_be_read(tmp_path: Path) -> None:
    code, _, err = deck("check", str(tmp_path / "missing.txt"))
    assert code == UNREADABLE
    assert "Cannot check" in err and "missing.txt" in err
    (tmp_path / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    code, out, _ = deck("check", str(tmp_path / "image.png"), "--json")
    assert code == UNREADABLE
    assert json.loads(out) == {
        "file": str(tmp_path / "image.png"),
        "legal": False,
        "readable": False,
        "error": f"{tmp_path / 'image.png'} is not a text file",
    }


def test_check_reads_standard_input() -> None:
    names = "\n".join(c.name for c in CATALOG if c.is_plane)
    code, out, _ = deck("check", "-", stdin=names)
    assert code == LEGAL
    assert "<stdin>" in out


# -- deck random ---------------------------------------------------------------------------------------


def test_901_3_random_prints_a_deck_list_that_check_accepts(tmp_path: Path) -> None:
    code, out, _ = deck("random", "--seed", "42")
    assert code == 0
    assert out.startswith("# A random planar deck (901.3), seed 42.")
    assert "# Made with: planechase deck random --seed 42" in out
    parsed = parse_deck_list(out)
    assert parsed.ok and len(parsed.names) == 10
    assert validate_deck(parsed).legal
    (tmp_path / "deck.txt").write_text(out, "utf-8")
    assert deck("check", str(tmp_path / "deck.txt"))[0] == LEGAL


def test_random_with_the_same_seed_prints_the_same_deck() -> None:
    assert deck("random", "--seed", "9")[1] == deck("random", "--seed", "9")[1]


def test_random_without_a_seed_prints_the_command_that_repeats_it() -> None:
    _, out, _ = deck("random", "--phenomena", "0")
    command = next(line for line in out.splitlines() if line.startswith("# Made with: "))
    seed = command.rsplit("--seed ", 1)[1]
    assert deck("random", "--phenomena", "0", "--seed", seed)[1] == out


def test_901_15a_random_shared_deck_round_trips_through_check(tmp_path: Path) -> None:
    code, out, _ = deck("random", "--shared", "--players", "2", "--seed", "5")
    assert code == 0
    assert "shared planar deck for 2 players (901.15a)" in out
    (tmp_path / "shared.txt").write_text(out, "utf-8")
    assert deck("check", str(tmp_path / "shared.txt"), "--shared", "--players", "2")[0] == LEGAL
    parsed = parse_deck_list(out)
    assert len(parsed.names) == 20
    assert validate_shared_deck(parsed, 2).legal


def test_random_json_output_is_accepted_by_check() -> None:
    code, out, _ = deck("random", "--seed", "3", "--size", "12", "--phenomena", "2", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert (data["kind"], data["size"], data["planes"], data["phenomena"], data["seed"]) == ("individual", 12, 10, 2, 3)
    assert "--size 12" in data["command"]
    assert deck("check", "-", stdin=out)[0] == LEGAL


def test_random_options_sets_exclude_and_phenomena_are_honoured() -> None:
    code, out, _ = deck(
        "random", "--sets", "pca,hop", "--sets", "PC2", "-x", "aretopolis", "--exclude", "Chaotic AEther",
        "--phenomena", "2", "--size", "11", "--seed", "1", "--format", "json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["sets"] == ["pca", "hop", "PC2"]
    assert len(data["cards"]) == 11 and data["phenomena"] == 2
    assert "Aretopolis" not in data["cards"] and "Chaotic Aether" not in data["cards"]
    assert all({"PCA", "HOP", "PC2"} & set(CATALOG[name].sets) for name in data["cards"])
    assert "--exclude aretopolis --exclude 'Chaotic AEther'" in data["command"]


def test_random_for_several_players_prints_decks_that_share_no_card() -> None:
    code, out, _ = deck("random", "--players", "2", "--seed", "4", "--format", "json")
    assert code == 0
    first, second = (d["cards"] for d in json.loads(out)["decks"])
    assert len(first) == len(second) == 10 and not set(first) & set(second)
    _, text, _ = deck("random", "--players", "2", "--seed", "4")
    assert "# Deck 2 of 2: 10 cards" in text


def test_random_says_how_many_cards_are_available_when_too_few_and_exits_1() -> None:
    code, _, err = deck("random", "--sets", "PC2-promo", "--seed", "1")
    assert code == 1
    flat = " ".join(err.split())
    assert "No deck:" in flat and "available, 10 needed" in flat


def test_random_refuses_illegal_requests_citing_the_rule() -> None:
    code, _, err = deck("random", "--phenomena", "3", "--seed", "1")
    assert code == 1 and "901.3" in err
    code, _, err = deck("random", "--shared", "--players", "3", "--size", "20", "--seed", "1")
    assert code == 1 and "901.15a" in err
    code, _, err = deck("random", "--sets", "NOPE")
    assert code == 1 and "unknown set 'NOPE'" in " ".join(err.split())


# -- help ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("args", "example"), [([], "deck check"), (["check"], "--shared"), (["random"], "--seed")])
def test_every_command_has_help_with_examples(args: list[str], example: str) -> None:
    code, out, _ = deck(*args, "--help")
    assert code == 0
    assert "Examples:" in out
    assert f"planechase {'deck ' if args else ''}" in out and example in out


# -- deck check on other tools' files, deck convert ------------------------------------------------------

FORMATS_DIR = DATA / "formats"


def test_901_3_check_exits_1_on_a_deck_that_is_not_legal() -> None:
    code, out, _ = deck("check", str(FORMATS_DIR / "xmage_three_phenomena.dck"))
    assert code == ILLEGAL
    assert "an XMage deck (.dck)" in " ".join(out.split()) and "Not legal" in out


def test_check_exits_2_on_a_file_that_cannot_be_read_and_names_the_line() -> None:
    code, out, _ = deck("check", str(FORMATS_DIR / "cockatrice_broken.cod"))
    assert code == UNREADABLE
    assert "line 20: the XML is not well formed" in " ".join(out.split())


def test_check_reads_a_whole_commander_list_and_says_what_it_left_out() -> None:
    code, out, _ = deck("check", str(FORMATS_DIR / "mtgo_commander.txt"), "--json")
    report = json.loads(out)
    assert code == LEGAL and report["legal"] and report["size"] == 11
    assert [n["code"] for n in report["notes"]] == ["skipped_lines", "skipped_lines"]  # among the planes, the rest


@pytest.mark.parametrize("to", ["forge", "xmage", "cockatrice", "mtgo", "text", "json"])
def test_convert_writes_a_file_that_reads_back_as_the_same_deck(to: str, tmp_path: Path) -> None:
    target = tmp_path / f"deck.{to}"
    code, out, err = deck("convert", str(FORMATS_DIR / "mtgo_commander.txt"), "--to", to, "-o", str(target))
    assert code == 0, err
    assert out == ""
    assert "wrote 11 cards" in " ".join(err.split())
    again = parse_deck_list(target.read_text("utf-8"))
    expected = parse_deck_list((FORMATS_DIR / "mtgo_commander.txt").read_text("utf-8"))
    assert again.ok and sorted(again.names) == sorted(expected.names)


def test_convert_prints_to_standard_output_and_keeps_the_files_deck_name() -> None:
    code, out, _ = deck("convert", str(FORMATS_DIR / "cockatrice_planes_main.cod"), "--to", "forge")
    name = parse_deck_list((FORMATS_DIR / "cockatrice_planes_main.cod").read_text("utf-8")).name
    assert code == 0 and name and f"Name={name}\n[Planes]\n" in out


def test_convert_refuses_unknown_cards_with_exit_1_and_unreadable_files_with_exit_2() -> None:
    code, out, err = deck("convert", "-", "--to", "text", stdin="1 Aretopolis\n1 Pools of Becomming\n")
    assert code == ILLEGAL and out == ""
    assert "did you mean 'Pools of Becoming'" in " ".join(err.split())
    code, out, _ = deck("convert", str(FORMATS_DIR / "no_name_column.csv"), "--to", "text")
    assert code == UNREADABLE and out == ""


def test_convert_writes_a_deck_that_is_not_legal_with_a_warning() -> None:
    code, out, err = deck("convert", "-", "--to", "text", stdin="Aretopolis\nTazeem\n")
    assert code == 0 and "1 Aretopolis\n1 Tazeem\n" in out
    assert "not a legal planar deck" in err


def test_convert_rejects_an_unknown_format() -> None:
    code, _, err = deck("convert", "-", "--to", "pdf", stdin="Aretopolis\n")
    assert code == 2 and "pdf" in err


def test_convert_refuses_a_file_of_several_decks_and_a_list_with_no_planar_card() -> None:
    two = json.dumps({"decks": [{"cards": ["Aretopolis"]}, {"cards": ["Tazeem"]}]})
    code, out, _ = deck("convert", "-", "--to", "forge", stdin=two)
    assert code == UNREADABLE and out == ""
    code, _, _ = deck("check", "-", stdin=two)
    assert code == UNREADABLE
    code, out, err = deck("convert", "-", "--to", "forge", stdin="# nothing yet\n")
    assert code == ILLEGAL and out == "" and "no planar card" in err
