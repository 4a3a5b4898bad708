"""Rendering the table screen: a pure function of the game (and a little session chrome) to a Rich
renderable, kept apart from input so it can be tested by printing to a recording console.

In Grand Melee the screen shows the game from the current turn marker (``Chrome.marker``): its turn, stack,
priority and face-up planes, with a "Turn markers" table of every marker's (807.4, 807.5, 901.14).

>>> from io import StringIO
>>> from rich.console import Console
>>> from planechase import Game, demo_config
>>> console = Console(file=StringIO(), width=120, color_system=None)
>>> console.print(render(Game(demo_config(seed=5))))
>>> "Sokenzan" in console.file.getvalue()
True
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..api import Game
from ..core.actions import Roll
from ..core.state import DecisionKind, GameState, Step
from ..engine import melee
from ..engine.reducer import check_action, is_legal
from ..engine.views import view
from ..errors import IllegalActionError, PlanechaseError
from .map_render import map_panel

#: How the chaos symbol is shown: the cards' "{CHAOS}" and the start of every chaos ability.
CHAOS_SYMBOL = "🌀"

#: The most log lines the screen shows.
LOG_LINES = 12

#: The steps shown in the turn strip, with short names.
_STRIP: tuple[tuple[Step, str], ...] = (
    (Step.UNTAP, "Untap"),
    (Step.UPKEEP, "Upkeep"),
    (Step.DRAW, "Draw"),
    (Step.PRECOMBAT_MAIN, "Main 1"),
    (Step.BEGINNING_OF_COMBAT, "Combat"),
    (Step.DECLARE_ATTACKERS, "Attackers"),
    (Step.DECLARE_BLOCKERS, "Blockers"),
    (Step.COMBAT_DAMAGE, "Damage"),
    (Step.END_OF_COMBAT, "End combat"),
    (Step.POSTCOMBAT_MAIN, "Main 2"),
    (Step.END, "End"),
    (Step.CLEANUP, "Cleanup"),
)

#: The key legend at the bottom of the screen.
LEGEND: tuple[tuple[str, str], ...] = (
    ("r", "roll"),
    ("space/p", "pass"),
    ("v", "resolve"),
    ("n", "next turn"),
    ("m", "next main"),
    ("M", "next marker"),
    ("a", "go to step"),
    ("e", "end step"),
    ("1-9", "choose"),
    ("c", "cast"),
    ("d", "attack"),
    ("i", "look"),
    ("b", "permanent"),
    ("l", "life"),
    ("o", "poison"),
    ("x", "concede"),
    ("u", "undo"),
    ("s", "save"),
    ("h/?", "help"),
    ("q", "quit"),
)

#: The help screen: every key and what it does.
HELP: tuple[tuple[str, str], ...] = (
    (
        "r",
        "Roll the planar die (the active player's special action, 901.9). A second roll costs {1}, and so on. "
        "When more than one player of the active team may roll (Two-Headed Giant, 901.12d), it asks who.",
    ),
    (
        "space / p",
        "Pass priority for whoever has it (117.3d). When everyone passes, the stack resolves or the step ends.",
    ),
    ("v", "Resolve the top of the stack: every player passes in succession (117.4)."),
    ("n", "Move on to the next turn: everyone passes, stopping wherever a planar ability triggers."),
    ("m", "Move on to the next main phase (this turn's, or the next turn's first one)."),
    (
        "M",
        "Grand Melee: act on the next turn marker someone is taking a turn with. Each marker has its own turn, "
        "stack and planes (807.5); the keys act on the highlighted one.",
    ),
    ("a", "Move on to a step you choose from a numbered list (the declare attackers step: then d declares)."),
    ("e", "Move on to the end step."),
    (
        "1-9",
        "Answer the pending decision with that option (with more than nine options, type the number). On the "
        "Eternities Map, a planeswalk asks for a direction: the spaces it may go to show their numbers.",
    ),
    (
        "c",
        "Cast another spell or ability: its effect (none, chaos, planeswalk, roll, counter, copy, or a turn effect: "
        "an extra turn, an additional phase or step, a skip, ending the turn, reversing the turn order), the stack "
        "item it targets, and the player an extra turn or a skip is for (the caster unless you name another).",
    ),
    (
        "d",
        "Declare attackers (508.1): whom each attacking player's creatures attack, as names or numbers separated "
        "by commas; nothing for no attack (the blockers and damage steps are then skipped, 508.8).",
    ),
    (
        "i",
        "Look at a hidden decision's cards (Susan Foreman: the top two cards of the deciding player's planar "
        "deck): only that player looks; Enter hides them again.",
    ),
    (
        "b",
        "A player now controls, or no longer controls, Susan Foreman or Ichor Elixir (the ordinary permanents "
        "that change the planar game, 614.1a): a player, then the card.",
    ),
    ("t", "Report an event the engine does not see that triggers a face-up card (▶): which ability, which player."),
    ("l / o", "Adjust a player's life total / poison counters: a player, then +N, -N or =N."),
    ("x", "A player concedes (104.3a)."),
    ("u", "Undo the last key's actions. Chance is not re-drawn: a rolled die stays rolled the same way."),
    ("s", "Save the game to a JSON file (continue it with: planechase play --load FILE)."),
    ("h / ?", "Show or hide this help."),
    ("q", "Quit (asks first)."),
)


@dataclass(frozen=True)
class Message:
    """The message line: what the last key did, or why it was refused."""

    text: str
    ok: bool = True


@dataclass(frozen=True)
class Chrome:
    """Session facts shown around the game: the seed, a notice, the save path, the message line,
    whether the help is open, and how the chaos symbol is drawn (plain ``[CHAOS]`` on terminals
    that can't show the emoji)."""

    seed: int | None = None
    notice: str | None = None
    save_path: str | None = None
    message: Message | None = None
    show_help: bool = False
    chaos: str = CHAOS_SYMBOL
    marker: int | None = None  # Grand Melee: the turn marker the keys act on (807.5)
    #: The language the cards are shown in (the project's translation; ``en``: the Oracle text).
    lang: str = "en"


def chaos_text(text: str, symbol: str = CHAOS_SYMBOL) -> str:
    """Card text with the chaos symbol made visible."""
    return text.replace("{CHAOS}", symbol)


def seen(game: Game, marker: int | None) -> GameState:
    """The game as the screen shows it: in Grand Melee, from ``marker``'s turn and stack (807.5) when there
    is such a marker; otherwise the game's own state."""
    state = game.state
    if marker is None or all(t.marker != marker for t in melee.turns(state)):
        return state
    return melee.focused(state, marker)


def roll_status(game: Game, state: GameState | None = None) -> tuple[bool, str]:
    """Whether a player may roll the planar die now, and a line saying the cost or why not. ``state`` is
    the game as seen (a Grand Melee turn marker's part, :func:`seen`); it defaults to ``game.state``. With
    shared team turns, each player of the active team who may roll is listed (901.12d)."""
    state = state or game.state
    may = [seat for seat in state.active_players if is_legal(state, Roll(seat))]

    def cost_of(seat: int) -> str:
        cost = state.roll_cost(seat)
        return f"{{{cost}}}" + (" (free)" if cost == 0 else "")

    if len(may) > 1 and state.pending is None:
        costs = "; ".join(f"{state.players[seat].name} {cost_of(seat)}" for seat in may)
        return True, f"Roll the planar die: cost {costs}. r asks who rolls."
    if len(may) == 1 and may[0] != state.active and state.pending is None:
        return True, f"Roll the planar die ({state.players[may[0]].name}): cost {cost_of(may[0])}"
    name = state.players[state.active].name
    cost = state.roll_cost(state.active)
    if state.pending is not None and not state.over:
        decider = state.players[state.pending.decision.player].name
        return False, f"{name}'s next roll: cost {{{cost}}}. Waiting for {decider}'s decision."
    try:
        check_action(state, Roll(state.active))
    except IllegalActionError as exc:
        return False, f"{name}'s next roll: cost {{{cost}}}. Not now: [{exc.rule}] {exc.message}"
    except PlanechaseError as exc:
        return False, f"{name}'s next roll: cost {{{cost}}}. Not now: {exc}"
    free = " (free)" if cost == 0 else ""
    return True, f"Roll the planar die ({name}): cost {{{cost}}}{free}"


def hint(game: Game, state: GameState | None = None) -> str:
    """Who is expected to act and with which keys (``state``: the game as seen, see :func:`seen`)."""
    state = state or game.state
    if state.over:
        return "The game is over: u undoes, s saves, q quits."
    if state.pending is not None:
        d = state.pending.decision
        if d.kind is DecisionKind.CHOOSE_NUMBER:
            return f"{state.players[d.player].name} decides: type a number from 0 to {len(d.options) - 1}."
        look = " (i: they alone look at the cards first)" if d.kind is DecisionKind.ARRANGE_PLANAR_DECK else ""
        return f"{state.players[d.player].name} decides{look}: press 1-{min(9, len(d.options))}."
    others = " M: next turn marker." if len([t for t in melee.turns(state) if t.taking_turn]) > 1 else ""
    if state.priority is None:
        return f"Nobody has priority.{others}"
    who = state.players[state.priority].name
    if state.stack:
        return f"{who} has priority: space/p passes, v resolves the top of the stack, c responds.{others}"
    roll = "r rolls, " if any(is_legal(state, Roll(seat)) for seat in state.active_players) else ""
    if may_declare_attackers(state):
        roll = "d declares attackers, " + roll
    return (
        f"{who} has priority: {roll}space/p passes, m/e/n move on to the next main phase / end step / next turn."
        + others
    )


def render(game: Game, chrome: Chrome | None = None, *, width: int = 120, height: int = 40) -> RenderableType:
    """The whole table screen for ``game``, fitted to ``width`` x ``height`` where it can be: the cards
    get roomier when there is space, and the rules log gives up lines first when the screen is full."""
    chrome = chrome or Chrome()
    state = seen(game, chrome.marker)
    v = view(state, None, game.catalog, lang=None if chrome is None or chrome.lang == "en" else chrome.lang)
    sym = chrome.chaos
    shown = _keys_shown(state)
    bottom = Group(_message_line(chrome), Text(hint(game, state), style="italic"), _legend(width, shown))
    below = _measure(bottom, width)
    # Ever tighter layouts until one leaves room for the log: roomy cards, plain cards, a compact Eternities
    # Map (one line per space), one line per stack object.
    layouts = [(True, False, False), (False, False, False), (False, True, False)]
    if v["eternities_map"] is not None:
        layouts[2:] = [(False, False, True), (False, True, True)]
    for roomy, tight, compact in layouts:
        main = _main(game, state, v, width, sym, roomy, compact)
        top = Group(_header(v, state, chrome, width), main, *_middle(v, sym, tight, state.team_turns))
        used = _measure(top, width) + below
        if used + (LOG_LINES if roomy else 3) + 2 <= height:
            break
    if chrome.show_help:
        return Group(top, _help_panel(shown), bottom)
    log_room = min(LOG_LINES, height - used - 2)
    if log_room < 2:  # a small terminal: the log gives way to the table itself
        return Group(top, bottom)
    return Group(top, _log_panel(game, log_room, sym), bottom)


# -- pieces ---------------------------------------------------------------------------------------


def _measure(renderable: RenderableType, width: int) -> int:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))


def _name(v: dict[str, Any], seat: int | None) -> str:
    return "nobody" if seat is None else str(v["players"][seat]["name"])


def _header(v: dict[str, Any], state: GameState, chrome: Chrome, width: int) -> RenderableType:
    title = Text(no_wrap=True, overflow="ellipsis")
    title.append(" PLANECHASE ", style="bold white on purple")
    if chrome.seed is not None:
        title.append(f" seed {chrome.seed}", style="dim")
    if state.grand_melee:
        title.append(f"  marker {state.focus}", style="bold black on cyan")
        if not state.taking_turn:
            title.append(" (waiting)", style="dim")
    title.append(f"  Turn {v['turn']}: ", style="bold")
    title.append(f"{_name(v, v['active'])}'s turn", style="bold cyan")
    title.append("  │  priority: ")
    title.append(_name(v, v["priority"]), style="bold yellow")
    title.append("  │  planar controller: ")
    title.append(_name(v, v["planar_controller"]), style="bold magenta")
    arrow = "↻" if v["turn_order"] == "clockwise" else "↺"
    title.append(f"  │  turn order {arrow} {v['turn_order']}")
    if v["over"]:
        winners = [_name(v, s) for s in v["winners"]]
        result = f"the winner is {', '.join(winners)}" if winners else "nobody wins (a draw)"
        return Group(title, Text(f" GAME OVER: {result} ", style="bold white on red"))
    strip = Text(no_wrap=True, overflow="ellipsis")
    current = Step(v["step"])
    for i, (step, label) in enumerate(_STRIP):
        if i:
            strip.append(" › ", style="dim")
        if step is current:
            strip.append(f" {label} ", style="bold black on yellow")
        else:
            strip.append(label, style="dim")
    full = f"   {current.label.capitalize()}"
    if strip.cell_len + len(full) <= width:
        strip.append(full, style="bold")
    return Group(title, strip)


def _main(
    game: Game, state: GameState, v: dict[str, Any], width: int, sym: str, roomy: bool, compact_map: bool = False
) -> RenderableType:
    """The cards beside the players, the die and what is in effect; several face-up cards (Spatial
    Merging, Norn's Seedcore) take the whole width, with the rest in a row below. In Grand Melee the turn
    markers' table goes under the cards. The Eternities Map goes under the cards (drawn compact, one line
    per space, when ``compact_map``)."""
    several = len(v["face_up"]) > 1
    planes = _planes(v, sym, roomy, per_row=4 if several and width >= 100 else 2)
    if state.grand_melee:
        planes = Group(planes, _markers_panel(game.state, state.focus))
    emap = v["eternities_map"]
    board = None if emap is None else map_panel(emap, decision=v["decision"], compact=compact_map)
    elsewhere = {t.active for t in melee.turns(game.state) if t.taking_turn and t.marker != state.focus}
    players = _players(v, elsewhere)
    if width < 100:
        return Group(planes, *([board] if board else []), players, _roll_panel(game, state), _in_effect(v, sym))
    grid = Table.grid(expand=True, padding=(0, 1))
    if several:
        grid.add_column(ratio=1, overflow="fold")
        grid.add_column(ratio=1, overflow="fold")
        grid.add_row(players, Group(_roll_panel(game, state), _in_effect(v, sym, reminders=False)))
        return Group(planes, grid, *([board] if board else []))
    if board is not None:
        planes = Group(planes, board)
    grid.add_column(ratio=3, overflow="fold")
    grid.add_column(ratio=2, overflow="fold")
    grid.add_row(planes, Group(players, _roll_panel(game, state), _in_effect(v, sym)))
    return grid


def _markers_panel(state: GameState, current: int) -> RenderableType:
    """Grand Melee: every turn marker, who holds it, its step (or that its holder waits, 807.4d), who has
    priority for its stack, the stack's size and its planar controller's face-up cards (807.5, 901.14);
    the marker the keys act on is highlighted."""
    names = [p.name for p in state.players]
    steps = dict(_STRIP)
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False, expand=True)
    table.add_column("", no_wrap=True, width=1)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Holder", no_wrap=True, overflow="ellipsis", max_width=14)
    table.add_column("Step", no_wrap=True)
    table.add_column("Priority", no_wrap=True, overflow="ellipsis", max_width=14)
    table.add_column("Stack", justify="right", no_wrap=True)
    table.add_column("Face up", ratio=1, overflow="ellipsis", no_wrap=True)
    held = {m.number: m for m in state.markers.markers} if state.markers is not None else {}
    for t in melee.turns(state):
        marker = held.get(t.marker)
        holder = marker.holder if marker is not None else t.active
        step = steps.get(t.step, t.step.label) if t.taking_turn else "waiting"
        if marker is not None and marker.removals:
            step += " (to go)"
        here = t.marker == current
        table.add_row(
            Text("▶" if here else "", style="bold cyan"),
            Text(str(t.marker), style="bold"),
            Text(names[holder]),
            Text(step, style="" if t.taking_turn else "dim"),
            Text(names[t.priority] if t.taking_turn and t.priority is not None else "-"),
            Text(str(len(t.stack)), style="bold" if t.stack else "dim"),
            Text(", ".join(state.name_of(fu.card) for fu in t.face_up) or "-", style="magenta"),
            style="bold reverse" if here else None,
        )
    title = Text.assemble(("Turn markers", "bold"), f" (keys act on marker {current}; M: next)")
    return Panel(table, title=title, title_align="left", border_style="cyan")


def _planes(v: dict[str, Any], sym: str, roomy: bool, per_row: int) -> RenderableType:
    cards = v["face_up"]
    if not cards:
        return Panel(Text("No face-up plane.", style="dim"), title="Command zone", border_style="magenta")
    panels = [_card_panel(c, v, sym, roomy and len(cards) == 1) for c in cards]
    if len(panels) == 1:
        return panels[0]
    columns = min(per_row, len(panels))
    grid = Table.grid(expand=True, padding=(0, 1))
    for _ in range(columns):
        grid.add_column(ratio=1, overflow="fold")
    for i in range(0, len(panels), columns):
        row = panels[i : i + columns]
        grid.add_row(*row, *([""] * (columns - len(row))))
    return grid


def _is_chaos_line(line: str) -> bool:
    lowered = line.lower()
    return lowered.startswith(("whenever chaos ensues", "when chaos ensues", "whenever you roll {chaos}"))


def _shown_card(card: dict[str, Any]) -> tuple[str, list[str]]:
    """A face-up card's name and text lines as the screen shows them: its translation when the view has one
    (``--lang``), else its Oracle text."""
    english: list[str] = card["oracle_text"].split("\n")
    translation = card.get("translation")
    if translation:
        lines: list[str] = translation["text"].split("\n")
        if len(lines) == len(english):
            return str(translation["name"]), lines
    return str(card["name"]), english


def _card_panel(card: dict[str, Any], v: dict[str, Any], sym: str, roomy: bool = False) -> Panel:
    is_plane = card["kind"] == "plane"
    translation = card.get("translation")
    english = card["oracle_text"].split("\n")
    lines = translation["text"].split("\n") if translation else english
    if len(lines) != len(english):
        translation, lines = None, english
    name = translation["name"] if translation else card["name"]
    body = Text(overflow="fold")
    body.append(f" {name.upper()} ", style="bold white on magenta" if is_plane else "bold white on red")
    body.append("\n")
    body.append(
        translation["type_line"] if translation else card["type_line"],
        style="italic magenta" if is_plane else "italic red",
    )
    body.append("\n")
    for line, shown in zip(english, lines, strict=True):
        body.append("\n")
        if _is_chaos_line(line):
            body.append(f"{sym} ", style="bold magenta")
            body.append(chaos_text(shown, sym), style="bold")
        elif line in card["reminders"]:
            body.append("● ", style="bold green")
            body.append(chaos_text(shown, sym), style="green")
        elif any(r["text"] == line for r in card["reported"]):
            body.append("▶ ", style="bold yellow")
            body.append(chaos_text(shown, sym), style="yellow")
            body.append(" (t reports it)", style="dim")
        else:
            body.append(chaos_text(shown, sym))
    if translation:
        body.append("\n\n")
        body.append(f"{card['name']}: the planechase project's translation (O: Oracle text)", style="dim")
    if card["counters"]:
        body.append("\n\n")
        body.append("Counters: ", style="bold")
        body.append(", ".join(f"{n} {kind}" for kind, n in sorted(card["counters"].items())), style="bold yellow")
    return Panel(
        body,
        title=Text("PLANE" if is_plane else "PHENOMENON", style="bold"),
        title_align="left",
        subtitle=Text(f"owned by {_name(v, card['owner'])}", style="dim"),
        subtitle_align="right",
        border_style="magenta" if is_plane else "red",
        box=box.HEAVY,
        padding=(1, 2) if roomy else (0, 1),
    )


def _players(v: dict[str, Any], elsewhere: Collection[int] = ()) -> RenderableType:
    """The players' table; ``elsewhere``: players taking a turn with another turn marker (Grand Melee),
    marked ▷ beside the ▶ of the turn shown."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False, show_edge=False)
    table.add_column("", no_wrap=True, width=1)
    table.add_column("Player", no_wrap=True, overflow="ellipsis", max_width=16)
    table.add_column("Life", justify="right", no_wrap=True)
    table.add_column("Psn", justify="right", no_wrap=True)
    if not v["shared_deck"]:
        table.add_column("Deck", justify="right", no_wrap=True)
    teams = bool(v.get("teams"))
    limited = any(p.get("range") is not None for p in v["players"])
    if teams:
        table.add_column(
            "Tm", no_wrap=True, min_width=2
        )  # team letter and role: E emperor, g general, 1 primary (805.2, 809.2)
    if limited:
        table.add_column("R", justify="right", no_wrap=True)  # range of influence (801.2)
    table.add_column("Now", no_wrap=True, overflow="ellipsis")
    decider = v["decision"]["player"] if v["decision"] else None
    for p in v["players"]:
        seat = p["seat"]
        out = p["status"] != "in_game"
        now = Text()
        if out:
            now.append(
                p["status"].replace("_", " ").upper(), style="bold red" if p["status"] == "lost" else "bold green"
            )
        elif decider == seat:
            now.append("DECIDES", style="bold black on yellow")
        elif v["priority"] == seat and decider is None:
            now.append("priority", style="bold yellow")
        if not out and v["planar_controller"] == seat and v["planar_controller"] != v["active"]:
            now.append(" planar", style="bold magenta")
        active = v["active"] == seat
        row = [
            Text("▶" if active else "▷" if seat in elsewhere else "", style="bold cyan"),
            Text(f"{seat + 1} {p['name']}", style="dim strike" if out else ("bold cyan" if active else "")),
            Text(str(p["life"]), style="bold red" if p["life"] <= 5 else "bold"),
            Text(str(p["poison"]), style="bold green" if p["poison"] else "dim"),
        ]
        if not v["shared_deck"]:
            row.append(Text(str(p["planar_deck"]), style="dim" if out else ""))
        if teams:
            role = {"emperor": "E", "general": "g", "primary": "1"}.get(p["role"], "")
            row.append(Text(f"{chr(ord('A') + p['team'])}{role}", style="bold" if p["role"] == "emperor" else ""))
        if limited:
            row.append(Text("-" if p["range"] is None else str(p["range"])))
        row.append(now)
        table.add_row(*row)
    if v["shared_deck"]:
        return Group(table, Text(f"Shared planar deck: {v['planar_deck_sizes'][0]} cards", style="dim"))
    return table


def _roll_panel(game: Game, state: GameState) -> RenderableType:
    allowed, line = roll_status(game, state)
    text = Text(overflow="fold")
    if allowed:
        text.append(" r ", style="bold black on green")
        text.append(f" {line}", style="bold green")
    else:
        text.append(" r ", style="bold white on grey35")
        text.append(f" {line}", style="dim")
    return Panel(text, title="Planar die", title_align="left", border_style="green" if allowed else "grey50")


def _in_effect(v: dict[str, Any], sym: str, *, reminders: bool = True) -> RenderableType:
    lines = Text(overflow="fold")
    for card in v["face_up"] if reminders else ():
        name, shown_lines = _shown_card(card)
        english = card["oracle_text"].split("\n")
        for reminder in card["reminders"]:
            if lines:
                lines.append("\n")
            lines.append("● ", style="bold green")
            lines.append(f"{name}: ", style="bold")
            lines.append(chaos_text(shown_lines[english.index(reminder)] if reminder in english else reminder, sym))
    for effect in v["effects"]:
        if lines:
            lines.append("\n")
        lines.append("◆ ", style="bold cyan")
        lines.append(f"{_name(v, effect['controller'])}: ", style="bold")
        lines.append(chaos_text(effect["text"], sym))
        duration = effect["duration"].replace("_", " ")
        if duration not in effect["text"].lower():
            lines.append(f" ({duration})", style="italic cyan")
    visited = v["visited"]
    shown = visited[-5:]
    history = Text(overflow="fold")
    history.append(f"Visited ({len(visited)}): ", style="bold")
    if len(visited) > len(shown):
        history.append("… → ", style="dim")
    history.append(" → ".join(shown), style="magenta")
    body: list[RenderableType] = []
    if lines:
        body.append(Panel(lines, title="In effect", title_align="left", border_style="green"))
    body.append(history)
    return Group(*body)


#: The card each remembered choice is for (``choices`` in the view), by its key.
_CHOICE_CARDS = {"two_streams": "Two Streams Facility"}


def _table_status(v: dict[str, Any], team_turns: bool = False) -> list[tuple[str, str]]:
    """Lines (a heading, its text) for the extra turns to come (500.7) and the skips (614.10), this combat's
    declared attacks (508.1), the ordinary permanents the engine was told of (Susan Foreman, Ichor Elixir)
    and what players last chose for a card (Two Streams Facility). With shared team turns, an extra turn or a
    skip is the team's (805.8)."""

    def whose(seat: int) -> str:
        return f"{_name(v, seat)}'s team" if team_turns else _name(v, seat)

    out: list[tuple[str, str]] = []
    if v["extra_turns"]:
        out.append(("Extra turns (500.7)", ", then ".join(whose(seat) for seat in v["extra_turns"])))
    if v["skips"]:
        skips = [
            f"{whose(k['player'])} skips their next {k['skip'].replace('_', ' ')}"
            + (f" ({k['source']})" if k["source"] else "")
            for k in v["skips"]
        ]
        out.append(("Skips (614.10)", "; ".join(skips)))
    attacks = v["attacks"]
    if attacks is not None:
        by_attacker: dict[int, list[str]] = {}
        for attacker, defender in attacks:
            by_attacker.setdefault(attacker, []).append(_name(v, defender))
        said = "; ".join(f"{_name(v, a)}'s creatures attack {' and '.join(d)}" for a, d in by_attacker.items())
        out.append(("Attacks (508.1)", said or "no creatures attack this combat (508.8)"))
    held: dict[tuple[int, str], int] = {}
    for permanent in v["permanents"]:
        mine = (permanent["player"], permanent["card"])
        held[mine] = held.get(mine, 0) + 1
    if held:
        said = "; ".join(
            f"{_name(v, seat)} controls {card}{f' ×{n}' if n > 1 else ''}" for (seat, card), n in held.items()
        )
        out.append(("Permanents", said))
    chosen: dict[str, list[str]] = {}
    for choice in v["choices"]:
        chosen.setdefault(choice["key"], []).append(f"{_name(v, choice['player'])} {choice['value']}")
    for key, said_by in chosen.items():
        out.append((_CHOICE_CARDS.get(key, key.replace("_", " ").capitalize()), ", ".join(said_by)))
    return out


def _status_panel(v: dict[str, Any], tight: bool, team_turns: bool) -> RenderableType | None:
    """:func:`_table_status` as a panel across the screen, one line a heading (cut short when ``tight``);
    ``None`` when there is nothing to show."""
    lines = _table_status(v, team_turns)
    if not lines:
        return None
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True, style="bold cyan")
    table.add_column(ratio=1, overflow="ellipsis" if tight else "fold", no_wrap=tight)
    for heading, text in lines:
        table.add_row(f"{heading}:", text)
    return Panel(table, title=Text("Turns, attacks, permanents", style="bold"), title_align="left", border_style="cyan")


def _middle(v: dict[str, Any], sym: str, tight: bool, team_turns: bool = False) -> list[RenderableType]:
    out: list[RenderableType] = []
    if v["decision"]:
        out.append(_decision_panel(v, sym))
    if v["stack"] or v["revealed"] or v.get("resolving"):
        out.append(_stack_panel(v, sym, tight))
    status = _status_panel(v, tight, team_turns)
    if status is not None:
        out.append(status)
    return out


def _decision_panel(v: dict[str, Any], sym: str) -> RenderableType:
    d = v["decision"]
    body = Text(overflow="fold")
    body.append(chaos_text(d["prompt"], sym), style="bold")
    count = len(d["options"])
    keys = f"1-{count}" if count <= 9 else "a number"
    if d["kind"] == DecisionKind.CHOOSE_NUMBER.value:
        body.append(f"\n Type a number from 0 to {count - 1}.")
        keys = "a number"
    else:
        for i, option in enumerate(d["options"], start=1):
            body.append("\n")
            body.append(f" {i} ", style="bold black on yellow")
            body.append(f" {chaos_text(option['label'], sym)}")
    if d["kind"] == DecisionKind.ARRANGE_PLANAR_DECK.value:
        body.append(
            f"\n Only {_name(v, d['player'])} may see the cards: i shows them to {_name(v, d['player'])} alone."
        )
    title = Text.assemble((f"DECISION: {_name(v, d['player'])} decides", "bold"), f" [{d['rule']}], press {keys}")
    return Panel(body, title=title, title_align="left", border_style="yellow", box=box.DOUBLE)


def _stack_panel(v: dict[str, Any], sym: str, tight: bool) -> RenderableType:
    """The stack, top first; when the screen is full (``tight``) each object takes one line."""
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True, justify="right", style="bold")
    table.add_column(ratio=1, overflow="ellipsis" if tight else "fold", no_wrap=tight)
    for i, item in enumerate(v["stack"]):
        what = Text(overflow="ellipsis" if tight else "fold", no_wrap=tight)
        details = [f"{_name(v, item['controller'])}'s {_KINDS.get(item['kind'], item['kind'])}"]
        if item.get("effect") and item["effect"] != "none":
            details.append(
                EFFECT_LABELS.get(item["effect"], item["effect"]) + (f" #{item['target']}" if "target" in item else "")
            )
        if item.get("targets"):
            details.append("target " + ", ".join(_target(v, t) for t in item["targets"]))
        if item.get("copy"):
            details.append("a copy")
        what.append(f"[{'; '.join(details)}] ", style="cyan")
        if item["source"]:
            what.append(f"{item['source']}: ", style="bold magenta")
        what.append(chaos_text(item["text"], sym), style="" if i else "bold")
        table.add_row(Text(f"#{item['id']}"), what)
    resolving = v.get("resolving")
    if resolving:
        label = f"{resolving['source']}: " if resolving["source"] else ""
        table.add_row(Text("…"), Text(f"Resolving: {label}{chaos_text(resolving['text'], sym)}", style="italic"))
    if v["revealed"]:
        table.add_row(Text("↑"), Text("Revealed: " + ", ".join(v["revealed"]), style="bold"))
    title = (
        Text.assemble(("STACK", "bold"), " top first") if v["stack"] or resolving else Text("Revealed", style="bold")
    )
    return Panel(table, title=title, title_align="left", border_style="blue")


_KINDS = {"triggered": "triggered ability", "planeswalking": "planeswalking ability", "other": "spell or ability"}
#: What each effect of an "other" spell or ability is called on the stack and at the cast prompt.
EFFECT_LABELS: dict[str, str] = {
    "chaos": "chaos ensues",
    "planeswalk": "planeswalks",
    "roll": "rolls the planar die",
    "counter": "counters",
    "copy": "copies",
    "deploy": "deploys",
    "extra_turn": "extra turn",
    "additional_combat_and_main": "additional combat and main phase",
    "additional_combat": "additional combat phase",
    "additional_upkeep": "additional upkeep step",
    "additional_beginning_phase": "additional beginning phase",
    "skip_turn": "skip next turn",
    "skip_untap_step": "skip next untap step",
    "skip_upkeep_step": "skip next upkeep step",
    "skip_draw_step": "skip next draw step",
    "skip_combat_phase": "skip next combat phase",
    "end_turn": "end the turn",
    "reverse_turn_order": "reverse turn order",
}


def _target(v: dict[str, Any], target: str) -> str:
    if target.startswith("player:"):
        return _name(v, int(target.split(":", 1)[1]))
    return target


def _log_panel(game: Game, lines: int, sym: str) -> RenderableType:
    table = Table.grid(padding=(0, 1), expand=True)
    table.add_column(no_wrap=True, style="cyan")
    table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    for event in deque(game.events(), maxlen=lines):
        table.add_row(f"[{', '.join(event.rules)}]", chaos_text(event.text, sym))
    return Panel(table, title="Rules log", title_align="left", border_style="grey50", padding=(0, 1))


def _message_line(chrome: Chrome) -> RenderableType:
    text = Text(overflow="fold")
    msg = chrome.message
    if msg is not None:
        text.append("✔ " if msg.ok else "✘ ", style="bold green" if msg.ok else "bold red")
        text.append(msg.text, style="green" if msg.ok else "bold red")
    elif chrome.notice:
        text.append(chrome.notice, style="yellow")
    else:
        text.append("Welcome to the table. Press h for help.", style="dim")
    return text


#: Keys the legend and the help offer only when they are of use: ``M`` (turn markers, Grand Melee), ``d``
#: (attackers to declare) and ``i`` (a hidden decision to look at).
_WHEN_USEFUL = frozenset({"M", "d", "i"})


def may_declare_attackers(state: GameState) -> bool:
    """Whether attackers may be declared now (508.1): the declare attackers step has begun and nobody has
    declared them yet."""
    return state.taking_turn and not state.over and state.step is Step.DECLARE_ATTACKERS and state.attacks is None


def _keys_shown(state: GameState) -> frozenset[str]:
    """The keys of :data:`_WHEN_USEFUL` that are of use now."""
    hidden = state.pending is not None and state.pending.decision.kind is DecisionKind.ARRANGE_PLANAR_DECK
    useful = (("M", state.grand_melee), ("d", may_declare_attackers(state)), ("i", hidden))
    return frozenset(key for key, now in useful if now)


def _legend(width: int, shown: Collection[str] = ()) -> RenderableType:
    """The key legend; the keys of :data:`_WHEN_USEFUL` only when ``shown``."""
    lines: list[Text] = [Text()]
    for key, what in LEGEND:
        if key in _WHEN_USEFUL and key not in shown:
            continue
        item = Text.assemble((key, "bold reverse"), (f" {what}", "dim"))
        if lines[-1].cell_len and lines[-1].cell_len + 2 + item.cell_len > width:
            lines.append(Text())
        if lines[-1].cell_len:
            lines[-1].append("  ")
        lines[-1].append_text(item)
    return Group(*lines)


def _help_panel(shown: Collection[str] = ()) -> RenderableType:
    """The help: every key, but ``d`` and ``i`` only when they are of use (``shown``)."""
    table = Table.grid(padding=(0, 2))
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    for key, what in HELP:
        if key in ("d", "i") and key not in shown:
            continue
        table.add_row(key, what)
    return Panel(table, title="Keys (h closes)", title_align="left", border_style="cyan")


def event_lines(events: Iterable[Any], symbol: str = CHAOS_SYMBOL) -> list[str]:
    """Events as log lines with their rule numbers, e.g. ``[901.9] Alice rolls the planar die: chaos.``"""
    return [f"[{', '.join(e.rules)}] {chaos_text(e.text, symbol)}" for e in events]
