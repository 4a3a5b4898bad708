"""``planechase lab`` from the command line: the report's files, its options, and every bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from planechase.cards.catalog import CATALOG
from planechase.cli.lab_cmd import BAD_INPUT, INTERRUPTED, POLICY_FAILED
from planechase.cli.main import app
from planechase.core.config import DEMO_DECK

runner = CliRunner()


def lab(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["lab", *args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def deck_file(tmp_path: Path) -> Path:
    path = tmp_path / "demo.txt"
    path.write_text("\n".join(f"1 {name}" for name in DEMO_DECK) + "\n", encoding="utf-8")
    return path


def test_help_names_every_option() -> None:
    code, out, _ = lab("--help")
    assert code == 0
    for option in (
        "--vs",
        "--games",
        "--precision",
        "--seed",
        "--players",
        "--turns",
        "--shared",
        "--policy",
        "--policies",
        "--workers",
        "--scheduler",
        "--out",
        "--json",
        "--ratings",
        "--print-ratings",
        "--variant",
        "--max-games",
        "leave-bad",
        "cost<=K",
        "Examples",
    ):
        assert option in out, option


def test_a_study_writes_json_csv_parquet_plots_and_a_self_contained_page(deck_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    code, stdout, stderr = lab(str(deck_file), "--games", "40", "--turns", "8", "--workers", "1", "--out", str(out))
    assert code == 0, stderr
    names = {p.name for p in out.iterdir()}
    for stem in ("summary", "cards", "first_seen", "stays"):
        assert f"{stem}.csv" in names and f"{stem}.parquet" in names
    for plot in ("planes", "stays", "first_seen"):
        assert f"{plot}.png" in names and f"{plot}.svg" in names
    assert (out / "planes.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    page = (out / "report.html").read_text(encoding="utf-8")
    assert page.count("<svg") >= 3
    for external in ("<script src", "<link", 'src="http', 'href="http', "@import", "url(http"):
        assert external not in page
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["study"]["games"] == 40 and report["study"]["arms"][0]["policy"] == "free"
    assert "Naar Isle" in stdout and "40 games" in stderr
    header = (out / "summary.csv").read_text(encoding="utf-8").splitlines()[0]
    assert header == "arm,figure,unit,value,low,high,games"


def test_the_report_is_byte_for_byte_the_same_for_one_and_two_workers(deck_file: Path, tmp_path: Path) -> None:
    outs = []
    for workers in ("1", "2"):
        out = tmp_path / f"w{workers}"
        code, _, stderr = lab(
            str(deck_file), "--games", "50", "--turns", "6", "--workers", workers, "--out", str(out), "--seed", "77"
        )
        assert code == 0, stderr
        outs.append(out)
    for name in ("report.json", "summary.csv", "cards.csv", "first_seen.csv", "stays.csv", "planes.svg"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name


def test_json_on_standard_output_and_two_decks_compared(deck_file: Path, tmp_path: Path) -> None:
    code, out, stderr = lab(
        str(deck_file),
        "--vs",
        "Krosa, Lethe Lake, Llanowar, Megaflora Jungle, Naktamun, Nyx, "
        "Raven's Run, The Cave of Skulls, The Hippodrome, Truga Jungle",
        "--games",
        "30",
        "--turns",
        "6",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "r"),
        "--json",
    )
    assert code == 0, stderr
    report = json.loads(out)
    assert [a["label"] for a in report["study"]["arms"]] == ["demo", "deck"]
    assert {row["versus"] for row in report["differences"]} == {"demo"}
    assert (tmp_path / "r" / "differences.png").exists()


def test_policies_compared_on_one_deck(deck_file: Path, tmp_path: Path) -> None:
    code, _, stderr = lab(
        str(deck_file),
        "--policies",
        "free,cost<=1,never",
        "--games",
        "20",
        "--turns",
        "5",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "p"),
    )
    assert code == 0, stderr
    summary = (tmp_path / "p" / "summary.csv").read_text(encoding="utf-8")
    assert "cost<=1,rolls,per turn,2.0," in summary and "never,rolls,per turn,0.0," in summary
    assert (tmp_path / "p" / "compare.svg").exists()


def test_print_ratings_writes_a_file_ratings_reads(tmp_path: Path, deck_file: Path) -> None:
    code, out, _ = lab("--print-ratings")
    assert code == 0
    ratings = tomllib.loads(out)
    assert all(1 <= value <= 5 for value in ratings.values()) and "Naar Isle" in ratings
    path = tmp_path / "ratings.toml"
    path.write_text(out.replace('"Naar Isle" = ', '"Naar Isle" = 1 #'), encoding="utf-8")
    code, _, stderr = lab(
        str(deck_file),
        "--policy",
        "leave-bad",
        "--ratings",
        str(path),
        "--games",
        "10",
        "--turns",
        "5",
        "--workers",
        "1",
        "--out",
        str(tmp_path / "lb"),
    )
    assert code == 0, stderr


def test_a_study_on_the_eternities_map(tmp_path: Path) -> None:
    planes = [card.name for card in CATALOG if card.is_plane]
    deck = tmp_path / "map.txt"
    deck.write_text("\n".join(planes) + "\n", encoding="utf-8")
    out = tmp_path / "map"
    code, _, stderr = lab(
        str(deck), "--map", "published", "--games", "20", "--turns", "6", "--workers", "1", "--out", str(out)
    )
    assert code == 0, stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["study"]["arms"][0]["map"] == "published"
    rolls = [r for r in report["summary"] if r["figure"] == "rolls" and r["unit"] == "per turn"]
    assert rolls[0]["value"] == 1.0
    # a phenomenon in the deck of a profile that keeps them off the map is refused by the engine's check
    with_phenomenon = tmp_path / "phenomenon.txt"
    with_phenomenon.write_text("\n".join([*planes, "Chaotic Aether"]) + "\n", encoding="utf-8")
    code, out_text, err = lab(str(with_phenomenon), "--map", "published", "--out", str(tmp_path / "x"))
    assert code == BAD_INPUT and "phenomena off the map" in " ".join((out_text + err).split())
    code, out_text, err = lab(str(deck), "--map", "nowhere", "--out", str(tmp_path / "x"))
    assert code == BAD_INPUT and "unknown map profile nowhere" in out_text + err


# -- bad input ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["Naar Ilse, Sokenzan, Aretopolis"], "did you mean 'Naar Isle'"),
        (["Naar Isle, Sokenzan, Aretopolis"], "901.3"),
        (["--games", "0"], "--games must be from 1"),
        (["--games", "10000001"], "--games must be from 1"),
        (["--turns", "0"], "--turns must be from 1 to 500"),
        (["--turns", "501"], "--turns must be from 1 to 500"),
        (["--players", "1"], "--players must be from 2 to 16"),
        (["--players", "17"], "--players must be from 2 to 16"),
        (["--precision", "0"], "--precision must be from"),
        (["--precision", "51"], "--precision must be from"),
        (["--workers", "0", "--games", "5"], "--workers must be from 1"),
        (["--seed", "-1"], "--seed must be from 0"),
        (["--policy", "sometimes"], "unknown policy sometimes"),
        (["--policies", "free,free"], "names a policy twice"),
        (["--variant", "chess"], "variant"),
        (["--ratings", "/nonexistent/ratings.toml", "--policy", "leave-bad"], "cannot read"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message_and_exit_2(
    args: list[str], words: str, deck_file: Path, tmp_path: Path
) -> None:
    deck = [] if args[0][:1] != "-" else [str(deck_file)]
    code, out, err = lab(*deck, *args, "--out", str(tmp_path / "x"))
    assert code == BAD_INPUT, (out, err)
    assert words in " ".join((out + err).split()), out + err
    assert not (tmp_path / "x").exists()


def test_901_15a_a_shared_deck_too_small_for_the_players_is_refused(deck_file: Path, tmp_path: Path) -> None:
    code, out, err = lab(str(deck_file), "--shared", "--players", "4", "--out", str(tmp_path / "x"))
    assert code == BAD_INPUT and "901.15a" in out + err


def test_no_deck_and_both_comparisons_are_usage_errors(deck_file: Path) -> None:
    assert lab()[0] == 2
    code, out, err = lab(str(deck_file), "--vs", str(deck_file), "--policies", "free,never")
    assert code == 2 and "not both" in out + err


def test_a_failing_policy_exits_1_naming_the_seed(deck_file: Path, tmp_path: Path) -> None:
    source = tmp_path / "bad.py"
    source.write_text("class Bad:\n    def act(self, view):\n        raise ValueError('no idea')\n", encoding="utf-8")
    code, _, err = lab(
        str(deck_file), "--policy", f"{source}:Bad", "--games", "5", "--workers", "1", "--out", str(tmp_path / "x")
    )
    assert code == POLICY_FAILED
    assert "raised ValueError: no idea" in err and "game seed" in err


def test_ctrl_c_writes_what_was_finished_and_exits_130(deck_file: Path, tmp_path: Path) -> None:
    # The policy presses Ctrl-C itself (a real SIGINT) once about 400 games are under way (it is asked twice a
    # turn); the first block of 250 games is finished by then.
    source = tmp_path / "interrupt.py"
    source.write_text(
        "import os, signal\n"
        "class Interrupt:\n"
        "    calls = 0\n"
        "    def act(self, view):\n"
        "        if view.decision is not None:\n"
        "            return view.choose_at_random()\n"
        "        Interrupt.calls += 1\n"
        "        if Interrupt.calls == 2400:\n"
        "            os.kill(os.getpid(), signal.SIGINT)\n"
        "        return view.roll() if view.roll_cost == 0 else None\n",
        encoding="utf-8",
    )
    out = tmp_path / "partial"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "planechase",
            "lab",
            str(deck_file),
            "--policy",
            f"{source}:Interrupt",
            "--turns",
            "3",
            "--games",
            "100000",
            "--workers",
            "1",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert done.returncode == INTERRUPTED, done.stderr
    assert "Interrupted" in done.stderr and "250 games" in done.stderr
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["study"]["games"] == 250 and report["study"]["stopped"] == "interrupted"
