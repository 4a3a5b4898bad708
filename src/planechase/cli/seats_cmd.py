"""``planechase seats``: the table of a multiplayer variant (CR 800-810) before a game begins.

Shows who sits where (teams, roles, ranges of influence), the first round's turn order, who is within
whose range of influence (801.2), whom each player may attack (801.3, 802, 803, 805.10a, 809.3c) and,
in Grand Melee, where the turn markers start (807.4b); as Rich tables or, with ``--json``, as JSON.

The seat diagram is a ring read clockwise: the top row left to right, then the bottom row right to left.
Play passes to the left, the next seat.

>>> from planechase.variants.seating import seating
>>> print(seat_diagram(seating("emperor", 6), ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]))
[0 Ann A G] --> [1 Bob A E] --> [2 Cy  A G]
  ^                                     |
  |                                     v
[5 Fay B G] <-- [4 Eve B E] <-- [3 Dee B G]
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..errors import ConfigError
from ..variants.seating import Role, Seating, Variant, attackable, influence, seating, turn_order
from ..variants.turn_markers import TurnMarkers, describe, hand_out

#: The exit code for a table the variant doesn't allow (as for a usage error).
BAD_TABLE = 2

#: Players seated when ``--players`` is left out of a variant played by individuals.
DEFAULT_PLAYERS = {Variant.FREE_FOR_ALL: 4, Variant.GRAND_MELEE: 10}
#: Teams seated when neither ``--teams`` nor ``--players`` is given.
DEFAULT_TEAMS = 2
#: Team size when ``--team-size`` is left out (810.1, 809.1).
DEFAULT_TEAM_SIZE = {Variant.TWO_HEADED_GIANT: 2, Variant.EMPEROR: 3}

_ROLE_INITIALS = {Role.EMPEROR: "E", Role.GENERAL: "G", Role.PRIMARY: "P", Role.TEAMMATE: "T"}
_RULE_NUMBER = re.compile(r"\b\d{3}(\.\d+[a-z]?)?\b")


def team_letter(team: int | None) -> str:
    """A team's letter: A for the first team (team 0), B for the next; "-" outside team variants.

    >>> team_letter(0), team_letter(2), team_letter(None)
    ('A', 'C', '-')
    """
    return "-" if team is None else chr(ord("A") + team)


def _cell(table: Seating, seat: int, names: Sequence[str], name_width: int) -> str:
    info = table.seats[seat]
    name = names[seat].ljust(name_width)
    seat_text = str(seat).rjust(len(str(table.players - 1)))
    if info.team is None:
        return f"[{seat_text} {name}]"
    return f"[{seat_text} {name} {team_letter(info.team)} {_ROLE_INITIALS.get(info.role, '?')}]"


def seat_diagram(table: Seating, names: Sequence[str]) -> str:
    """The seats as a ring around the table, clockwise: the top row from left to right, then the bottom
    row from right to left; arrows show the way play passes (to the left, the next seat). Each seat shows
    its number, player and, in team variants, the team letter and role initial (E emperor, G general,
    P primary player, T teammate).

    >>> from planechase.variants.seating import seating
    >>> print(seat_diagram(seating("free_for_all", 5), ["A", "B", "C", "D", "E"]))
    [0 A] --> [1 B] --> [2 C]
      ^                   |
      |                   v
      +------ [4 E] <-- [3 D]
    """
    n = table.players
    if len(names) != n:
        raise ValueError(f"{n} seats need {n} names, not {len(names)}")
    name_width = max(len(name) for name in names)
    cells = [_cell(table, seat, names, name_width) for seat in range(n)]
    width = len(cells[0])
    top_count = (n + 1) // 2
    top = cells[:top_count]
    bottom = list(reversed(cells[top_count:]))  # right to left: the last seat sits under seat 0
    up, down = 2, width - 3  # columns of the arrows inside the first and the last cell
    if len(bottom) < top_count:  # an odd table: a corner closes the ring under seat 0
        bottom.insert(0, " " * up + "+" + "-" * (width - up - 1))
        bottom_line = bottom[0] + "---- " + " <-- ".join(bottom[1:])
    else:
        bottom_line = " <-- ".join(bottom)
    top_line = " --> ".join(top)
    span = len(top_line)
    rows = [top_line]
    for left, right in (("^", "|"), ("|", "v")):
        line = [" "] * span
        line[up] = left
        line[span - width + down] = right
        rows.append("".join(line).rstrip())
    rows.append(bottom_line)
    return "\n".join(rows)


# -- building the table -----------------------------------------------------------------------------


def parse_variant(text: str) -> Variant:
    """A variant from its name, with hyphens, spaces or underscores (``two-headed-giant``); raises
    :class:`ConfigError` naming the known variants.

    >>> parse_variant("Two-Headed-Giant"), parse_variant("grand melee")
    (<Variant.TWO_HEADED_GIANT: 'two_headed_giant'>, <Variant.GRAND_MELEE: 'grand_melee'>)
    """
    key = re.sub(r"[-\s]+", "_", text.strip().lower())
    try:
        return Variant(key)
    except ValueError:
        known = ", ".join(v.value for v in Variant)
        raise ConfigError(
            "unknown variant {variant}; choose one of {known} (800.2)", variant=repr(text), known=known
        ) from None


def build_table(
    variant: Variant,
    *,
    players: int | None = None,
    teams: int | None = None,
    team_size: int | None = None,
    range_of_influence: int | None = None,
    attack: str | None = None,
) -> Seating:
    """The table for the command's options: ``players`` defaults to ``teams`` × ``team_size`` in team
    variants (2 teams of 2 in Two-Headed Giant, of 3 in Emperor), 4 in Free-for-All and 10 in Grand Melee.
    Raises :class:`ConfigError` for a table the variant does not allow.

    >>> [s.role.value for s in build_table(Variant.EMPEROR, teams=3).seats][:3]
    ['general', 'emperor', 'general']
    >>> build_table(Variant.TWO_HEADED_GIANT, players=6).team_size
    3
    """
    for name, value in (("--players", players), ("--teams", teams), ("--team-size", team_size)):
        if value is not None and value < 1:
            raise ConfigError("{option} must be a positive number, not {value}", option=name, value=value)
    if variant in DEFAULT_PLAYERS:
        if teams is not None:
            raise ConfigError(
                "{variant} players compete as individuals ({rule}): there are no teams",
                variant=variant.label_text,
                rule=f"{variant.rule}.1",
            )
        count = DEFAULT_PLAYERS[variant] if players is None else players
        return seating(variant, count, team_size=team_size, range_of_influence=range_of_influence, attack=attack)
    if players is not None and team_size is None:
        if teams is not None:
            if players % teams:
                equal = "810.11" if variant is Variant.TWO_HEADED_GIANT else "809.6"
                raise ConfigError(
                    "{players} players can't form {teams} {variant} teams: teams are equally sized ({rule})",
                    players=players,
                    teams=teams,
                    variant=variant.label_text,
                    rule=equal,
                )
            team_size = players // teams
        elif variant is Variant.TWO_HEADED_GIANT and players % 2 == 0:
            team_size = players // 2  # 810.1, 810.11: always two teams
    size = DEFAULT_TEAM_SIZE[variant] if team_size is None else team_size
    count = (DEFAULT_TEAMS if teams is None else teams) * size if players is None else players
    if teams is not None and count != teams * size:
        raise ConfigError(
            "{teams} teams of {size} are {total} players, not {count}",
            teams=teams,
            size=size,
            total=teams * size,
            count=count,
        )
    return seating(variant, count, team_size=size, range_of_influence=range_of_influence, attack=attack)


def default_starting(table: Seating) -> int:
    """The seat shown taking the first turn when none is given: the first emperor (809.4 chooses one at
    random), otherwise seat 0 (in Two-Headed Giant the first team's primary player, 805.3)."""
    if table.variant is Variant.EMPEROR:
        return next(s.seat for s in table.seats if s.role is Role.EMPEROR)
    return 0


def check_starting(table: Seating, starting: int) -> None:
    """Raise :class:`ConfigError` unless ``starting`` may take the first turn: a seat at the table, an
    emperor in Emperor (809.4), a team's primary player with shared team turns (805.2, 805.3)."""
    if not 0 <= starting < table.players:
        raise ConfigError(
            "the starting seat must be from 0 to {last}, not {seat}", last=table.players - 1, seat=starting
        )
    info = table.seats[starting]
    if table.variant is Variant.EMPEROR and info.role is not Role.EMPEROR:
        emperors = ", ".join(str(s.seat) for s in table.seats if s.role is Role.EMPEROR)
        raise ConfigError(
            "an emperor goes first (809.4): seat {emperors}, not general {seat}", emperors=emperors, seat=starting
        )
    if table.shared_team_turns and info.role is not Role.PRIMARY:
        primary = table.leader(info.team or 0)
        raise ConfigError(
            "a team's turn starts with its primary player (805.2): seat {primary}, not {seat}",
            primary=primary,
            seat=starting,
        )


def options_in_force(table: Seating) -> list[str]:
    """The multiplayer options the table uses, each with its rule.

    >>> options_in_force(build_table(Variant.EMPEROR))
    ['limited range of influence (801, 809.3a)', 'attack adjacent only (809.3c)', 'deploy creatures (804)']
    """
    out: list[str] = []
    if table.limited_range:
        source = {
            Variant.FREE_FOR_ALL: "806.2a",
            Variant.GRAND_MELEE: "807.2a",
            Variant.EMPEROR: "809.6a" if (table.team_size or 3) > 3 else "809.3a",
        }.get(table.variant)
        out.append(f"limited range of influence (801{', ' + source if source else ''})")
    attack = {
        "multiple": "attack multiple players",
        "left": "attack left",
        "right": "attack right",
        "team": "teams attack as a group",
        "adjacent": "attack adjacent only",
    }[table.attack.value]
    out.append(f"{attack} ({table.attack.rule})")
    if table.deploys_creatures:
        out.append("deploy creatures (804)")
    if table.shared_team_turns:
        out.append("shared team turns (805)")
    return out


def table_report(table: Seating, names: Sequence[str], starting: int) -> dict[str, Any]:
    """Everything ``planechase seats --json`` prints."""
    everyone = range(table.players)
    reach = influence(table, everyone)
    out: dict[str, Any] = {
        "variant": table.variant.value,
        "label": table.variant.label,
        "rule": table.variant.rule,
        "attack": table.attack.value,
        "options": {
            "limited_range_of_influence": table.limited_range,
            "attack": table.attack.value,
            "attack_rule": table.attack.rule,
            "deploy_creatures": table.deploys_creatures,
            "shared_team_turns": table.shared_team_turns,
        },
        "players": table.players,
        "team_size": table.team_size,
        "teams": [list(team) for team in table.teams],
        "starting": starting,
        "turn_order": [list(turn) for turn in turn_order(table, starting)],
        "seats": [
            {
                "seat": s.seat,
                "player": names[s.seat],
                "team": s.team,
                "role": s.role.value,
                "range": s.range,
                "in_range": list(reach[s.seat]),
                "can_attack": list(attackable(table, everyone, s.seat)),
            }
            for s in table.seats
        ],
    }
    if table.variant is Variant.GRAND_MELEE:
        out["turn_markers"] = [{"number": m.number, "holder": m.holder} for m in _markers(table, starting).markers]
    return out


def _markers(table: Seating, starting: int) -> TurnMarkers:
    return hand_out(table.players, starting)


# -- showing it ---------------------------------------------------------------------------------------


def _is_utf(stream: object) -> bool:
    return str(getattr(stream, "encoding", "") or "").lower().replace("-", "").startswith("utf")


def _people(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(f"{names[s]} ({s})" for s in seats) or "nobody"


def _summary(table: Seating) -> str:
    if table.teams:
        count = len(table.teams)
        return f"{table.players} players in {count} teams of {table.team_size}"
    return f"{table.players} players"


def show_table(console: Console, table: Seating, names: Sequence[str], starting: int, *, ascii_only: bool) -> None:
    """Print the table as the terminal shows it: title, options, seat diagram and tables."""
    kind = box.ASCII2 if ascii_only else box.SIMPLE_HEAD
    arrow = " -> " if ascii_only else " → "
    everyone = range(table.players)
    reach = influence(table, everyone)
    console.print(Text(f"{table.variant.label} (rule {table.variant.rule}): {_summary(table)}", style="bold"))
    console.print(Text("Options: " + "; ".join(options_in_force(table)), style="dim"))
    console.print()
    console.print(Text(seat_diagram(table, names)), soft_wrap=True)
    console.print()

    rounds = turn_order(table, starting)
    turn_of = {seat: number for number, turn in enumerate(rounds, start=1) for seat in turn}
    first = "805.3" if table.shared_team_turns else "809.4" if table.variant is Variant.EMPEROR else "103.1"
    seats = Table(title="Seating (clockwise; play passes to the left)", box=kind, title_justify="left")
    for header in ("Seat", "Player", "Team", "Role", "Range of influence", "Turn"):
        seats.add_column(header, justify="right" if header in ("Seat", "Turn") else "left")
    for s in table.seats:
        seats.add_row(
            str(s.seat),
            Text(names[s.seat]),
            team_letter(s.team),
            s.role.value,
            "unlimited" if s.range is None else str(s.range),
            str(turn_of[s.seat]),
        )
    console.print(seats)
    order = arrow.join(" + ".join(names[s] for s in turn) for turn in rounds)
    console.print(Text(f"First round ({first}), from seat {starting}: {order}"))
    console.print()

    reach_table = Table(
        title="Range of influence (801.2) and attacks (801.3)", box=kind, title_justify="left", show_lines=False
    )
    for header in ("Seat", "Player", "Others within range", "May attack"):
        reach_table.add_column(header, justify="right" if header == "Seat" else "left", overflow="fold")
    for s in table.seats:
        others = [o for o in reach[s.seat] if o != s.seat]
        within = "everyone" if s.range is None else _people(others, names)
        attacks = _people(attackable(table, everyone, s.seat), names)
        reach_table.add_row(str(s.seat), Text(names[s.seat]), Text(within), Text(attacks))
    console.print(reach_table)

    if table.variant is Variant.GRAND_MELEE:
        markers = _markers(table, starting)
        marks = Table(title="Turn markers (807.4a, 807.4b)", box=kind, title_justify="left")
        marks.add_column("Marker", justify="right")
        marks.add_column("Holder")
        marks.add_column("State")
        for marker, line in zip(markers.markers, describe(markers), strict=True):
            state = line.split("(", 1)[1].rstrip(")") if "(" in line else ""
            marks.add_row(str(marker.number), Text(f"{names[marker.holder]} ({marker.holder})"), state)
        console.print(marks)


def _error(message: str, variant: Variant | None) -> None:
    """One line on stderr; a message without a rule number is followed by the variant's rule."""
    if variant is not None and not _RULE_NUMBER.search(message):
        message += f" ({variant.label}, {variant.rule})"
    typer.echo(f"Error: {message}", err=True)


def seats(
    variant: Annotated[
        str,
        typer.Option(
            "--variant",
            "-v",
            metavar="VARIANT",
            help="free_for_all, two_headed_giant, grand_melee or emperor (hyphens are fine too).",
        ),
    ] = "free_for_all",
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-n", metavar="N", help="Players (default: teams × team size; 4 Free-for-All, 10 Grand Melee)."
        ),
    ] = None,
    teams: Annotated[int | None, typer.Option("--teams", metavar="N", help="Teams (team variants; default 2).")] = None,
    team_size: Annotated[
        int | None,
        typer.Option("--team-size", metavar="N", help="Players per team (default 2 Two-Headed Giant, 3 Emperor)."),
    ] = None,
    range_of_influence: Annotated[
        int | None,
        typer.Option("--range", metavar="N", help="Free-for-All: everyone's range of influence (801, 806.2a)."),
    ] = None,
    attack: Annotated[
        str | None,
        typer.Option("--attack", metavar="OPTION", help="Free-for-All: multiple, left or right (802, 803)."),
    ] = None,
    names: Annotated[
        list[str] | None,
        typer.Option("--name", "-p", metavar="NAME", help="A player's name, in seat order (repeat per seat)."),
    ] = None,
    starting: Annotated[
        int | None,
        typer.Option(
            "--starting", metavar="SEAT", help="The seat taking the first turn (default 0; the first emperor)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
) -> None:
    """Show a multiplayer table: seats, teams, roles, ranges of influence, the first round's turn order,
    who may attack whom and (Grand Melee) the turn markers."""
    kind: Variant | None = None
    try:
        kind = parse_variant(variant)
        if players is None and names:
            players = len(names)
        table = build_table(
            kind,
            players=players,
            teams=teams,
            team_size=team_size,
            range_of_influence=range_of_influence,
            attack=None if attack is None else attack.strip().lower(),
        )
        given = [name.strip() for name in names or ()]
        if given and len(given) != table.players:
            raise ConfigError(
                "{players} players need {players} names, not {count}", players=table.players, count=len(given)
            )
        if any(not name for name in given) or len(set(given)) != len(given):
            raise ConfigError("player names must be different and not empty")
        shown = given or [f"Player {seat + 1}" for seat in range(table.players)]
        first = default_starting(table) if starting is None else starting
        check_starting(table, first)
    except ConfigError as err:
        _error(str(err), kind)
        raise typer.Exit(BAD_TABLE) from None
    if as_json:
        typer.echo(json.dumps(table_report(table, shown, first), indent=2, ensure_ascii=not _is_utf(sys.stdout)))
        return
    console = Console(highlight=False, emoji=False, safe_box=True)
    show_table(console, table, shown, first, ascii_only=not _is_utf(sys.stdout))
