"""The report's plots (matplotlib, the ``lab`` extra) as PNG and SVG, and one self-contained HTML page.

The plots are drawn from :func:`~planechase.lab.report.tables`, so they show exactly the numbers of the CSV
files. SVG files are written without dates and with a fixed id salt, so the same study draws the same bytes.
"""

from __future__ import annotations

import html
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .report import GAME_FIGURES, study_description

__all__ = ["PLOTS", "draw_all", "write_html"]

#: The plots, by file stem, with their titles.
PLOTS: dict[str, str] = {
    "planes": "Share of turns each plane is face up",
    "stays": "How long a stay on each plane lasts",
    "first_seen": "When each card is first seen",
    "compare": "The game figures side by side",
    "differences": "Differences from the first deck or policy, with their intervals",
}

_COLOURS = ("#3b6fb6", "#d9822b", "#3a9e5c", "#b33d3d", "#7d55b0", "#8c6d31", "#c2549d", "#5f6b73")
_PER_TURN_SHOWN = ("rolls", "mana", "planeswalks", "chaos", "phenomena")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'planechase[lab]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "planechase-lab"
    matplotlib.rcParams["font.size"] = 9
    import matplotlib.pyplot as plt

    return plt


def _err(rows: Sequence[dict[str, Any]]) -> list[list[float]]:
    low = [max(0.0, r["value"] - r["low"]) if r["low"] is not None else 0.0 for r in rows]
    high = [max(0.0, r["high"] - r["value"]) if r["high"] is not None else 0.0 for r in rows]
    return [low, high]


def _planes(plt: Any, data: dict[str, list[dict[str, Any]]], arms: list[str], level: str) -> Any:
    rows = [r for r in data["cards"] if r["figure"] == "turns face up" and r["value"] is not None]
    cards = sorted({r["card"] for r in rows})
    fig, ax = plt.subplots(figsize=(7, 1.2 + 0.32 * len(cards) * max(1, len(arms)) ** 0.5))
    height = 0.8 / max(1, len(arms))
    for k, arm in enumerate(arms):
        by_card = {r["card"]: r for r in rows if r["arm"] == arm}
        present = [c for c in cards if c in by_card]
        ys = [cards.index(c) + (k - (len(arms) - 1) / 2) * height for c in present]
        mine = [by_card[c] for c in present]
        ax.barh(
            ys,
            [100 * r["value"] for r in mine],
            height=height,
            color=_COLOURS[k % len(_COLOURS)],
            label=arm,
            xerr=[[100 * e for e in side] for side in _err(mine)],
            error_kw={"elinewidth": 0.8, "capsize": 2},
        )
    ax.set_yticks(range(len(cards)), cards)
    ax.invert_yaxis()
    ax.set_xlabel(f"% of turns face up as the turn begins (bars: {level} interval)")
    if len(arms) > 1:
        ax.legend(fontsize=8)
    ax.set_title(PLOTS["planes"])
    return fig


def _stays(plt: Any, data: dict[str, list[dict[str, Any]]], arms: list[str], level: str) -> Any:
    cards = sorted({r["card"] for r in data["stays"]})
    columns = 4
    rows_n = max(1, math.ceil(len(cards) / columns))
    fig, axes = plt.subplots(rows_n, columns, figsize=(8, 1.6 * rows_n + 0.6), squeeze=False, sharex=True)
    for index, card in enumerate(cards):
        ax = axes[index // columns][index % columns]
        for k, arm in enumerate(arms):
            mine = [r for r in data["stays"] if r["card"] == card and r["arm"] == arm]
            if mine:
                ax.bar(
                    [r["length"] for r in mine],
                    [100 * r["share"] for r in mine],
                    width=0.9,
                    alpha=0.6,
                    color=_COLOURS[k % len(_COLOURS)],
                    label=arm,
                )
        ax.set_title(card if len(card) <= 26 else card[:25] + "…", fontsize=8)
        ax.tick_params(labelsize=7)
    for index in range(len(cards), rows_n * columns):
        axes[index // columns][index % columns].axis("off")
    fig.supxlabel("turns on the plane per stay", fontsize=8)
    fig.supylabel("% of stays", fontsize=8)
    fig.suptitle(PLOTS["stays"])
    fig.tight_layout()
    return fig


def _first_seen(plt: Any, data: dict[str, list[dict[str, Any]]], arms: list[str], level: str) -> Any:
    arm = arms[0]
    rows = [r for r in data["first_seen"] if r["arm"] == arm]
    cards = sorted({r["card"] for r in rows})
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for k, card in enumerate(cards):
        mine = [r for r in rows if r["card"] == card]
        style = "--" if any(r["figure"] == "encounters" and r["card"] == card for r in data["cards"]) else "-"
        ax.plot(
            [r["turn"] for r in mine],
            [100 * (r["value"] or 0) for r in mine],
            style,
            linewidth=1.2,
            color=_COLOURS[k % len(_COLOURS)] if k < len(_COLOURS) else None,
            label=card,
        )
    ax.set_xlabel("turn")
    ax.set_ylabel("% of games seen by this turn")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.set_title(PLOTS["first_seen"] + (f" ({arm})" if len(arms) > 1 else ""))
    return fig


def _compare(plt: Any, data: dict[str, list[dict[str, Any]]], arms: list[str], level: str) -> Any:
    names = [q for q in _PER_TURN_SHOWN]
    fig, ax = plt.subplots(figsize=(7, 3.4))
    width = 0.8 / len(arms)
    for k, arm in enumerate(arms):
        by = {r["figure"]: r for r in data["summary"] if r["arm"] == arm and r["unit"] == "per turn"}
        mine = [by[n] for n in names if n in by]
        xs = [names.index(r["figure"]) + (k - (len(arms) - 1) / 2) * width for r in mine]
        ax.bar(
            xs,
            [r["value"] for r in mine],
            width=width,
            yerr=_err(mine),
            capsize=2,
            color=_COLOURS[k % len(_COLOURS)],
            label=arm,
        )
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel(f"per turn (bars: {level} interval)")
    ax.legend(fontsize=8)
    ax.set_title(PLOTS["compare"])
    return fig


def _differences(plt: Any, data: dict[str, list[dict[str, Any]]], arms: list[str], level: str) -> Any:
    """A forest plot: one row per figure, each on its own scale (the figures' units differ), with 0 marked."""
    rows = [
        r
        for r in data["differences"]
        if r["value"] is not None
        and r["low"] is not None
        and ((not r["card"] and r["unit"] in ("per turn", "share of dice rolled")) or r["figure"] == "turns face up")
        and not (r["low"] == r["high"] == 0)
    ]
    fig, axes = plt.subplots(max(1, len(rows)), 1, figsize=(7, 0.9 + 0.42 * len(rows)), squeeze=False)
    for (ax,), r in zip(axes, rows, strict=False):
        scale = 100 if r["unit"].startswith("share") else 1
        real = r["low"] > 0 or r["high"] < 0
        colour = "#b33d3d" if real else "#5f6b73"
        value, low, high = scale * r["value"], scale * r["low"], scale * r["high"]
        ax.errorbar([value], [0], xerr=[[value - low], [high - value]], fmt="o", color=colour, markersize=4, capsize=3)
        span = max(abs(low), abs(high), 1e-9) * 1.15
        ax.set_xlim(-span, span)
        ax.axvline(0, color="#222", linewidth=0.8)
        ax.set_yticks([])
        ax.tick_params(axis="x", labelsize=6, length=2, pad=1)
        unit = "pp" if scale == 100 else r["unit"]
        what = f"{r['card']}: turns face up" if r["card"] else r["figure"]
        prefix = f"{r['arm']} - {r['versus']}: " if len(arms) > 2 else ""
        ax.set_ylabel(f"{prefix}{what} ({unit})", rotation=0, ha="right", va="center", fontsize=7)
        for side in ("top", "right", "left"):
            ax.spines[side].set_visible(False)
    fig.suptitle(PLOTS["differences"], fontsize=10)
    fig.supxlabel(
        f"{arms[1]} minus {arms[0]}; red: the interval leaves out 0"
        if len(arms) == 2
        else "each minus the first; red: the interval leaves out 0",
        fontsize=8,
    )
    fig.tight_layout(h_pad=0.3, rect=(0, 0.01, 1, 0.97))
    return fig


_DRAW = {
    "planes": _planes,
    "stays": _stays,
    "first_seen": _first_seen,
    "compare": _compare,
    "differences": _differences,
}


def draw_all(
    data: dict[str, list[dict[str, Any]]], arms: list[str], folder: Path, *, level: float = 0.95
) -> dict[str, str]:
    """Draw every plot that has data into ``folder`` as ``NAME.png`` and ``NAME.svg``; returns each plot's SVG
    text by name (for the HTML page). ``level`` is the intervals' (the labels name it)."""
    plt = _pyplot()
    svgs: dict[str, str] = {}
    for name, draw in _DRAW.items():
        if name in ("compare", "differences") and len(arms) < 2:
            continue
        if name == "stays" and not data["stays"]:
            continue
        fig = draw(plt, data, arms, f"{100 * level:g}%")
        try:
            fig.savefig(folder / f"{name}.png", dpi=120, bbox_inches="tight", metadata={"Software": None})
            buffer = io.StringIO()
            fig.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None, "Creator": None})
        finally:
            plt.close(fig)
        svg = buffer.getvalue()
        (folder / f"{name}.svg").write_text(svg, encoding="utf-8")
        svgs[name] = svg[svg.find("<svg") :]
    return svgs


def _table(rows: Sequence[dict[str, Any]], columns: Sequence[str]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = []
    for row in rows:
        cells = []
        for c in columns:
            v = row.get(c)
            text = "" if v is None else (f"{v:.4g}" if isinstance(v, float) else str(v))
            cells.append(f"<td>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def write_html(result: Any, data: dict[str, list[dict[str, Any]]], svgs: dict[str, str], path: Path) -> Path:
    """One HTML page with every plot inline and the summary tables; it loads nothing from the network."""
    study = study_description(result)
    arms = "".join(
        f"<li><b>{html.escape(a['label'])}</b>: {len(a['deck'])} cards, policy {html.escape(a['policy'])}, "
        f"{a['players']} players, {a['turns']} turns{', shared deck' if a['shared'] else ''}</li>"
        for a in study["arms"]
    )
    figures = "".join(f"<section><h2>{html.escape(PLOTS[name])}</h2>{svg}</section>" for name, svg in svgs.items())
    meaning = "".join(f"<li><code>{q}</code>: {html.escape(text)}</li>" for q, text in GAME_FIGURES)
    columns = ["arm", "figure", "unit", "value", "low", "high"]
    card_columns = ["arm", "card", "figure", "unit", "value", "low", "high"]
    diff_columns = ["arm", "versus", "card", "figure", "unit", "value", "low", "high"]
    diff = f"<h2>Differences</h2>{_table(data['differences'], diff_columns)}" if data["differences"] else ""
    page = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Planar deck lab report</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font:14px/1.45 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#1b1f24}}
table{{border-collapse:collapse;margin:1em 0;font-size:12px}}
td,th{{border:1px solid #ccd;padding:2px 6px;text-align:left}}
th{{background:#eef}}svg{{max-width:100%;height:auto}}section{{margin:2em 0}}</style></head>
<body><h1>Planar deck lab report</h1>
<p>{result.games} games, seed {study["seed"]}, stopped by {html.escape(result.stopped)};
intervals at {round(100 * study["level"])}%.</p><ul>{arms}</ul>
{figures}
<h2>Game figures</h2>{_table(data["summary"], columns)}
<h2>Cards</h2>{_table(data["cards"], card_columns)}
{diff}
<h2>What the game figures count</h2><ul>{meaning}</ul>
<p>Definitions: docs/lab.md in the planechase project.</p>
</body></html>
"""
    path.write_text(page, encoding="utf-8")
    return path
