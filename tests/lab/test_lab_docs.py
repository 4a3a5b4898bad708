"""docs/lab.md and the README keep up with the lab: every option, figure, table, plot and policy is described."""

from __future__ import annotations

from pathlib import Path

import typer

from planechase.cli.main import app
from planechase.lab.plots import PLOTS
from planechase.lab.policies import TYPICAL_NUMBERS
from planechase.lab.report import GAME_FIGURES, TABLES

ROOT = Path(__file__).resolve().parents[2]
LAB = (ROOT / "docs" / "lab.md").read_text(encoding="utf-8")


def _options() -> list[str]:
    command = typer.main.get_command(app).commands["lab"]  # type: ignore[attr-defined]
    return sorted(opt for param in command.params for opt in param.opts if opt.startswith("--"))


def test_every_option_of_planechase_lab_is_in_the_docs() -> None:
    options = _options()
    assert "--games" in options and "--scheduler" in options
    for option in options:
        if option != "--help":
            assert f"`{option}" in LAB or f"{option} " in LAB, option


def test_every_figure_table_and_plot_is_defined_in_the_docs() -> None:
    for quantity, _ in GAME_FIGURES:
        assert f"`{quantity}`" in LAB, quantity
    for table in TABLES:
        assert f"`{table}.csv`" in LAB, table
    for plot in PLOTS:
        assert f"`{plot}.png`" in LAB, plot
    for figure in ("turns face up", "visits", "stay", "encounters", "seen", "first seen", "die.planeswalker"):
        assert f"`{figure}`" in LAB or f"**`{figure}`**" in LAB, figure
    for words, _ in TYPICAL_NUMBERS:
        assert words.split()[-1] in LAB


def test_every_policy_is_described_and_the_worked_example_has_its_plots() -> None:
    for policy in ("`never`", "`free`", "`cost<=K`", "`leave-bad", "`random", "`FILE.py:NAME`"):
        assert policy in LAB, policy
    for image in ("planes", "first_seen", "stays", "differences", "policies"):
        assert f"images/lab/{image}.png" in LAB
        assert (ROOT / "docs" / "images" / "lab" / f"{image}.png").is_file()


def test_the_readme_names_the_lab_with_an_example() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "planechase lab my-deck.txt" in readme and "docs/lab.md" in readme
