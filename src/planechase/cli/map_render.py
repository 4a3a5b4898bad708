"""Drawing the Eternities Map on the table screen: the view's ``eternities_map`` dict as a grid of spaces, north
up, with the profile's rules, the deck counts and notes beside or under it.

Each space shows its plane's name (cut to fit), ``?`` when it is face down (the view hides the name), the
current space highlighted and marked ``◆``, the counters a plane kept on the map (``scroll 3``), and the spaces
the game can move to now with their direction (``N``, ``NE hellride``); while the planeswalker chooses a
direction (701.31b), each of them also shows the number that chooses it. Nothing depends on colour: a plain
console shows the same marks.

>>> from io import StringIO
>>> from rich.console import Console
>>> emap = {
...     "settings": {"profile": "fog_of_war", "phenomena": "off", "hellride_chance": 0, "move_chance": 0,
...                  "visibility": "fog_of_war", "radius": 3, "counters": "keep"},
...     "description": ["Profile: fog_of_war"], "position": [0, 0], "deck": 20, "phenomenon_pile": None,
...     "arriving": False, "tunnel": False, "beside": [],
...     "spaces": [
...         {"x": 0, "y": 0, "face_up": True, "name": "Naar Isle", "kind": "plane", "current": True, "counters": {}},
...         {"x": 0, "y": 1, "face_up": False, "name": None, "kind": None, "current": False, "counters": {}},
...     ],
...     "moves": [{"direction": "north", "x": 0, "y": 1, "hellride": False}],
... }
>>> console = Console(file=StringIO(), width=60, color_system=None)
>>> console.print(map_panel(emap))
>>> out = console.file.getvalue()
>>> "◆ Naar Isle" in out, " ? " in out, "N " in out
(True, True, True)
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..variants.eternities_map import place_name

#: Short names of the map's directions, as the spaces show them.
DIRECTION_ABBREVIATIONS: dict[str, str] = {
    "north": "N",
    "east": "E",
    "south": "S",
    "west": "W",
    "northeast": "NE",
    "southeast": "SE",
    "southwest": "SW",
    "northwest": "NW",
}

#: The widest and narrowest a space is drawn (characters inside its box).
CELL_WIDTH = 14
MIN_CELL_WIDTH = 8

#: The mark of the current space (besides its highlight, which a plain console can't show).
CURRENT_MARK = "◆"

#: The decision kind whose options are directions on the map (numbered on the spaces while it is pending).
CHOOSE_DIRECTION = "choose_direction"

#: The least room, in characters, for the rules beside the grid (else they go under it).
_BESIDE = 36


def map_panel(
    emap: Mapping[str, Any], *, decision: Mapping[str, Any] | None = None, compact: bool = False
) -> RenderableType:
    """The map as a panel that fits the width it is given. ``decision``: the view's pending decision; when it
    is a ``choose_direction`` one, each space it offers shows its option number. ``compact`` draws each space
    on one line and the rules as one summary line (for a full screen)."""
    return _MapPanel(emap, decision, compact)


class _MapPanel:
    """A renderable that lays the map out for the width Rich gives it (a column of the table screen, or
    the whole screen)."""

    def __init__(self, emap: Mapping[str, Any], decision: Mapping[str, Any] | None, compact: bool) -> None:
        self.emap = emap
        self.decision = decision
        self.compact = compact

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield build_panel(self.emap, self.decision, compact=self.compact, width=options.max_width)


def build_panel(
    emap: Mapping[str, Any], decision: Mapping[str, Any] | None = None, *, compact: bool = False, width: int = 120
) -> Panel:
    """The map panel laid out for ``width`` characters (see :func:`map_panel`)."""
    numbers = direction_numbers(decision)
    inner = max(width - 4, 20)  # the panel's border and padding
    columns, rows = _extent(emap)
    cell = max(MIN_CELL_WIDTH, min(CELL_WIDTH, (inner - 1) // len(columns) - 1))
    grid = _grid(emap, numbers, columns, rows, cell, compact)
    info = _info(emap, compact)
    grid_width = len(columns) * (cell + 1) + 1
    body: RenderableType
    if inner - grid_width - 2 >= _BESIDE:
        layout = Table.grid(padding=(0, 2))
        layout.add_column(no_wrap=True)
        layout.add_column(ratio=1, overflow="fold")
        layout.add_row(grid, info)
        body = layout
    else:
        body = Group(grid, info)
    title = Text.assemble(("ETERNITIES MAP", "bold"), " north ↑")
    x, y = emap["position"]
    title.append(f"  at {place_name((x, y))}")
    if numbers:
        title.append(f"  choose a direction: 1-{len(numbers)}", style="bold yellow")
    return Panel(body, title=title, title_align="left", border_style="cyan", padding=(0, 1))


def direction_numbers(decision: Mapping[str, Any] | None) -> dict[str, int]:
    """The option number of each direction offered by a pending ``choose_direction`` decision (empty for any
    other decision, or none)."""
    if not decision or decision.get("kind") != CHOOSE_DIRECTION:
        return {}
    return {str(option["id"]): i for i, option in enumerate(decision["options"], start=1)}


def _extent(emap: Mapping[str, Any]) -> tuple[list[int], list[int]]:
    """The columns (west to east) and rows (north to south) that hold a space, a move or the position."""
    points = [(s["x"], s["y"]) for s in emap["spaces"]] + [(m["x"], m["y"]) for m in emap["moves"]]
    points.append((emap["position"][0], emap["position"][1]))
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return list(range(min(xs), max(xs) + 1)), list(range(max(ys), min(ys) - 1, -1))


def _grid(
    emap: Mapping[str, Any],
    numbers: Mapping[str, int],
    columns: Sequence[int],
    rows: Sequence[int],
    cell: int,
    compact: bool,
) -> Table:
    spaces = {(s["x"], s["y"]): s for s in emap["spaces"]}
    moves = {(m["x"], m["y"]): m for m in emap["moves"]}
    arriving = bool(emap.get("arriving"))
    table = Table(
        box=box.SQUARE,
        show_header=False,
        show_lines=not compact,
        padding=(0, 0),
        pad_edge=False,
        expand=False,
    )
    for _ in columns:
        table.add_column(width=cell, min_width=cell, max_width=cell, no_wrap=True, overflow="crop")
    for y in rows:
        cells = []
        for x in columns:
            space, move = spaces.get((x, y)), moves.get((x, y))
            if compact:
                cells.append(_compact_cell(space, move, numbers, cell, arriving))
            else:
                cells.append(_cell(space, move, numbers, cell, arriving))
        table.add_row(*cells)
    return table


def _fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(width - 1, 0)] + "…"


def _name_lines(name: str, width: int, lines: int = 2) -> list[str]:
    """``name`` wrapped to ``width`` in at most ``lines`` lines, the last cut with ``…`` if it runs over."""
    wrapped = textwrap.wrap(name, width, break_long_words=True) or [""]
    if len(wrapped) <= lines:
        return wrapped
    head = wrapped[: lines - 1]
    rest = " ".join(wrapped[lines - 1 :])
    return [*head, _fit(rest, width)]


def _move_tag(move: Mapping[str, Any], numbers: Mapping[str, int], width: int) -> str:
    """``N``, ``NE hellride``, or with an option number ``1 N``, ``5 NE hellride`` (``hr`` when narrow)."""
    direction = str(move["direction"])
    tag = DIRECTION_ABBREVIATIONS.get(direction, direction)
    number = numbers.get(direction)
    if number is not None:
        tag = f"{number} {tag}"
    if move["hellride"]:
        tag += " hellride" if len(tag) + 9 <= width else " hr"
    return tag


def _counters(space: Mapping[str, Any]) -> str:
    return ", ".join(f"{kind} {n}" for kind, n in sorted(space.get("counters", {}).items()))


def _cell(
    space: Mapping[str, Any] | None,
    move: Mapping[str, Any] | None,
    numbers: Mapping[str, int],
    width: int,
    arriving: bool,
) -> Text:
    """A space in full: its name (two lines at most, ``◆`` first if it is the current space), then its marks:
    arriving, a move, counters."""
    text = Text(no_wrap=True, overflow="crop")
    current = space is not None and space["current"]
    if space is None:
        lines = ["·" if move is not None else ""]
        style = "dim"
    elif not space["face_up"] or space["name"] is None:
        lines = ["?"]
        style = "bold"
    else:
        lines = _name_lines(f"{CURRENT_MARK} {space['name']}" if current else str(space["name"]), width)
        style = "bold reverse" if current else ("red" if space.get("kind") == "phenomenon" else "")
    lines += [""] * (2 - len(lines))  # the marks start on the same line in every space
    for i, line in enumerate(lines):
        if i:
            text.append("\n")
        text.append(line.center(width) if line in ("?", "·") else line.ljust(width), style=style)
    marks: list[tuple[str, str]] = []
    if current and arriving:
        marks.append(("arriving", "bold cyan"))
    if move is not None:
        marks.append((_move_tag(move, numbers, width), "bold yellow"))
    counters = _counters(space) if space is not None else ""
    if counters:
        marks.append((counters, "yellow"))
    for mark, mark_style in marks:
        text.append("\n")
        text.append(_fit(mark, width), style=mark_style)
    return text


def _compact_cell(
    space: Mapping[str, Any] | None,
    move: Mapping[str, Any] | None,
    numbers: Mapping[str, int],
    width: int,
    arriving: bool,
) -> Text:
    """A space on one line: a mark (``◆`` here, ``◆!`` arriving, a move's number and direction), then the name,
    ``?`` or ``·``."""
    text = Text(no_wrap=True, overflow="crop")
    current = space is not None and space["current"]
    if space is None:
        name, style = ("·" if move is not None else ""), "dim"
    elif not space["face_up"] or space["name"] is None:
        name, style = "?", "bold"
    else:
        name = str(space["name"])
        style = "bold reverse" if current else ("red" if space.get("kind") == "phenomenon" else "")
    if current:
        text.append(CURRENT_MARK + ("!" if arriving else ""), style="bold cyan")
    elif move is not None:
        direction = str(move["direction"])
        number = numbers.get(direction)
        tag = DIRECTION_ABBREVIATIONS.get(direction, direction)
        text.append(f"{number}{tag}" if number is not None else tag, style="bold yellow")
    if text.cell_len:
        text.append(" ")
    text.append(_fit(name, width - text.cell_len), style=style)
    return text


def summary(settings: Mapping[str, Any]) -> str:
    """The profile and its settings on one line.

    >>> summary({"profile": "chance", "phenomena": "pile", "hellride_chance": 50, "move_chance": 0,
    ...          "visibility": "classic_plus", "radius": 3, "counters": "keep"})
    'chance: phenomena pile (hellride 50%, move 0%) · classic plus · radius 3 · counters keep'
    """
    phenomena = f"phenomena {settings['phenomena']}"
    if settings["phenomena"] == "pile":
        phenomena += f" (hellride {settings['hellride_chance']}%, move {settings['move_chance']}%)"
    visibility = str(settings["visibility"]).replace("_", " ")
    return (
        f"{settings['profile']}: {phenomena} · {visibility} · radius {settings['radius']} · "
        f"counters {settings['counters']}"
    )


def _info(emap: Mapping[str, Any], compact: bool) -> Text:
    """The rules (every description line, or a summary line when compact), the deck counts and the notes."""
    text = Text(overflow="fold")
    if compact:
        text.append(summary(emap["settings"]), style="italic")
    else:
        for i, line in enumerate(emap["description"]):
            if i:
                text.append("\n")
            text.append(str(line), style="bold" if i == 0 else "italic")
    text.append("\n")
    text.append(f"Deck: {emap['deck']} cards", style="bold")
    if emap.get("phenomenon_pile") is not None:
        text.append(f" · phenomenon pile: {emap['phenomenon_pile']}", style="bold")
    if emap.get("arriving"):
        text.append("\n")
        text.append(
            "Arriving: a phenomenon is met on the way; the plane here is face up but not planeswalked to yet.",
            style="yellow",
        )
    if emap.get("tunnel"):
        text.append("\n")
        text.append("Tunnel: the next move puts the top card of the deck on its destination.", style="yellow")
    if emap.get("beside"):
        text.append("\n")
        text.append("Beside the map: " + ", ".join(emap["beside"]), style="magenta")
    if compact:
        kept = [s for s in emap["spaces"] if s.get("counters")]
        for space in kept:
            name = space["name"] if space["face_up"] and space["name"] else "?"
            text.append("\n")
            text.append(
                f"Counters on {name} ({place_name((space['x'], space['y']))}): {_counters(space)}", style="yellow"
            )
    return text
