"""Seating, teams, roles, range of influence and who may attack whom (CR 800-810).

Seats are numbered clockwise from 0; play passes to the left, which is the next seat (103.1, 809.4).
Distances count only the players still in the game: when players leave, the circle closes (801.2c).

>>> table = seating(Variant.EMPEROR, 8, team_size=4)
>>> [(s.seat, s.team, s.role.value, s.range) for s in table.seats[:4]]
[(0, 0, 'general', 1), (1, 0, 'emperor', 3), (2, 0, 'general', 2), (3, 0, 'general', 1)]
>>> influence(table, range(8))[1]
(0, 1, 2, 3, 4, 6, 7)
>>> attackable(table, range(8), 3), attackable(table, range(8), 1)
((4,), ())
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ..errors import ConfigError, Text


class Variant(StrEnum):
    """The multiplayer variant a game follows (800.2: one variant per game)."""

    FREE_FOR_ALL = "free_for_all"  # 806 (and a two-player game)
    TWO_HEADED_GIANT = "two_headed_giant"  # 810
    GRAND_MELEE = "grand_melee"  # 807
    EMPEROR = "emperor"  # 809

    @property
    def label(self) -> str:
        return str(_VARIANT_LABELS[self])

    @property
    def label_text(self) -> Text:
        """The variant's name as a :class:`~planechase.errors.Text`, translated where it is shown."""
        return _VARIANT_LABELS[self]

    @property
    def rule(self) -> str:
        return _VARIANT_RULES[self]


_VARIANT_LABELS = {
    Variant.FREE_FOR_ALL: Text("Free-for-All"),
    Variant.TWO_HEADED_GIANT: Text("Two-Headed Giant"),
    Variant.GRAND_MELEE: Text("Grand Melee"),
    Variant.EMPEROR: Text("Emperor"),
}
_VARIANT_RULES = {
    Variant.FREE_FOR_ALL: "806",
    Variant.TWO_HEADED_GIANT: "810",
    Variant.GRAND_MELEE: "807",
    Variant.EMPEROR: "809",
}


class AttackOption(StrEnum):
    """Whom a player's creatures may attack."""

    MULTIPLE = "multiple"  # 802: any opponents (in range, 801.3)
    LEFT = "left"  # 803.1a: only the opponent seated immediately to the left
    RIGHT = "right"  # 803.1b: only the opponent seated immediately to the right
    TEAM = "team"  # 805.10a: the active team attacks the other team as a group
    ADJACENT = "adjacent"  # 809.3c: only an opponent seated immediately next to the player

    @property
    def rule(self) -> str:
        return {"multiple": "802", "left": "803.1a", "right": "803.1b", "team": "805.10a", "adjacent": "809.3c"}[
            self.value
        ]


class Role(StrEnum):
    """A player's role in the variant."""

    PLAYER = "player"
    PRIMARY = "primary"  # 805.2: the rightmost player of a team sharing turns
    TEAMMATE = "teammate"
    EMPEROR = "emperor"  # 809.2
    GENERAL = "general"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat: its team (``None`` outside team variants), role and range of influence (``None``:
    unlimited)."""

    seat: int
    team: int | None
    role: Role
    range: int | None


@dataclass(frozen=True, slots=True)
class Seating:
    """The table of a variant: every seat's team, role and range, and the attack option in use."""

    variant: Variant
    seats: tuple[SeatInfo, ...]
    attack: AttackOption
    team_size: int | None = None
    #: Worked out once from ``seats`` (not part of the value): each seat's teammates, and its team's leader
    #: (``None`` where its team has none).
    mates: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    leaders: tuple[int | None, ...] = field(init=False, repr=False, compare=False)
    limited_range: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_team: dict[int | None, int] = {}
        for info in self.seats:
            if info.role in (Role.EMPEROR, Role.PRIMARY) and info.team not in by_team:
                by_team[info.team] = info.seat
        object.__setattr__(self, "mates", tuple(self._teammates(info.seat) for info in self.seats))
        object.__setattr__(self, "leaders", tuple(by_team.get(info.team or 0) for info in self.seats))
        # Whether the limited range of influence option is in use (801.1).
        object.__setattr__(self, "limited_range", any(info.range is not None for info in self.seats))

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def shared_team_turns(self) -> bool:
        """Teams take turns together (805, used by Two-Headed Giant, 810.2)."""
        return self.variant is Variant.TWO_HEADED_GIANT

    @property
    def deploys_creatures(self) -> bool:
        """The deploy creatures option is used (804.1: always in Emperor)."""
        return self.variant is Variant.EMPEROR

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team, in team order (empty outside team variants)."""
        count = 1 + max((s.team for s in self.seats if s.team is not None), default=-1)
        return tuple(tuple(s.seat for s in self.seats if s.team == t) for t in range(count))

    def team_of(self, seat: int) -> int | None:
        return self.seats[seat].team

    def teammates(self, seat: int) -> tuple[int, ...]:
        """The other players on ``seat``'s team."""
        return self.mates[seat]

    def _teammates(self, seat: int) -> tuple[int, ...]:
        team = self.seats[seat].team
        if team is None:
            return ()
        return tuple(s.seat for s in self.seats if s.team == team and s.seat != seat)

    def are_opponents(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` are opponents (102.3: in team games, players not on one's team)."""
        if a == b:
            return False
        team = self.seats[a].team
        return team is None or team != self.seats[b].team

    def leader(self, team: int) -> int:
        """The player whose fate is the team's: the emperor (809.5) or the primary player (805.2)."""
        for s in self.seats:
            if s.team == team and s.role in (Role.EMPEROR, Role.PRIMARY):
                return s.seat
        raise ValueError(f"team {team} has no emperor or primary player")

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "variant": self.variant.value,
            "attack": self.attack.value,
            "seats": [{"seat": s.seat, "team": s.team, "role": s.role.value, "range": s.range} for s in self.seats],
        }
        if self.team_size is not None:
            out["team_size"] = self.team_size
        return out


#: Players in a game: at least two, at most this many (Grand Melee tables can be large).
MAX_SEATS = 32


def seating(
    variant: Variant | str,
    players: int,
    *,
    team_size: int | None = None,
    range_of_influence: int | None = None,
    attack: AttackOption | str | None = None,
) -> Seating:
    """The table for ``players`` players of ``variant``, seated in the order given (teams sit together,
    809.2, 810.3, one team after another). Raises :class:`ConfigError` for a table the variant does not
    allow.

    >>> seating("two_headed_giant", 4).teams
    ((0, 1), (2, 3))
    >>> [s.range for s in seating("grand_melee", 10).seats][:3]
    [1, 1, 1]
    """
    try:
        kind = Variant(variant)
    except ValueError:
        known = ", ".join(v.value for v in Variant)
        raise ConfigError(
            "unknown variant {variant}; choose one of {known}", variant=repr(variant), known=known
        ) from None
    try:
        option = None if attack is None else AttackOption(attack)
    except ValueError:
        known = ", ".join(a.value for a in AttackOption)
        raise ConfigError(
            "unknown attack option {option}; choose one of {known}", option=repr(attack), known=known
        ) from None
    if not 2 <= players <= MAX_SEATS:
        raise ConfigError("a game needs {low} to {high} players, not {count}", low=2, high=MAX_SEATS, count=players)
    if range_of_influence is not None and not 1 <= range_of_influence <= MAX_SEATS:
        raise ConfigError("a range of influence is a number of seats from 1 up (801.2)")
    if kind is Variant.FREE_FOR_ALL:
        return _free_for_all(players, team_size, range_of_influence, option)
    if range_of_influence is not None:
        raise ConfigError(
            "{variant} sets the range of influence itself ({rule}); leave it out",
            variant=kind.label_text,
            rule=kind.rule,
        )
    if kind is Variant.GRAND_MELEE:
        return _grand_melee(players, team_size, option)
    if kind is Variant.TWO_HEADED_GIANT:
        return _two_headed_giant(players, team_size, option)
    return _emperor(players, team_size, option)


def _fixed_attack(kind: Variant, wanted: AttackOption | None, fixed: AttackOption) -> AttackOption:
    if wanted is not None and wanted is not fixed:
        raise ConfigError(
            "{variant} uses the {option} attack option ({rule}), not {wanted}",
            variant=kind.label_text,
            option=fixed.value,
            rule=fixed.rule,
            wanted=wanted.value,
        )
    return fixed


def _free_for_all(players: int, team_size: int | None, range_: int | None, attack: AttackOption | None) -> Seating:
    if team_size is not None:
        raise ConfigError("Free-for-All players compete as individuals (806.1): there are no teams")
    if attack in (AttackOption.TEAM, AttackOption.ADJACENT):
        raise ConfigError("Free-for-All uses exactly one of the attack multiple, left or right options (806.2b)")
    seats = tuple(SeatInfo(seat, None, Role.PLAYER, range_) for seat in range(players))
    return Seating(Variant.FREE_FOR_ALL, seats, attack or AttackOption.MULTIPLE)


def _grand_melee(players: int, team_size: int | None, attack: AttackOption | None) -> Seating:
    if team_size is not None:
        raise ConfigError("Grand Melee players compete as individuals (807.1): there are no teams")
    if players < 10:
        raise ConfigError("Grand Melee is played by ten or more players (807.1), not {count}", count=players)
    option = _fixed_attack(Variant.GRAND_MELEE, attack, AttackOption.LEFT)  # 807.2b
    seats = tuple(SeatInfo(seat, None, Role.PLAYER, 1) for seat in range(players))  # 807.2a
    return Seating(Variant.GRAND_MELEE, seats, option)


def _teams(kind: Variant, players: int, size: int, minimum: int) -> int:
    if size < minimum:
        raise ConfigError(
            "{variant} teams have at least {minimum} players, not {size}",
            variant=kind.label_text,
            minimum=minimum,
            size=size,
        )
    if players % size:
        raise ConfigError(
            "{players} players can't form {variant} teams of {size}: teams are equally sized",
            players=players,
            variant=kind.label_text,
            size=size,
        )
    return players // size


def _two_headed_giant(players: int, team_size: int | None, attack: AttackOption | None) -> Seating:
    size = 2 if team_size is None else team_size
    if _teams(Variant.TWO_HEADED_GIANT, players, size, 2) != 2:
        raise ConfigError(
            "Two-Headed Giant is played by two teams (810.1): {players} players in teams of {size} are not two teams",
            players=players,
            size=size,
        )
    option = _fixed_attack(Variant.TWO_HEADED_GIANT, attack, AttackOption.TEAM)
    # 805.2: the primary player sits in the team's rightmost seat from the team's perspective, which is
    # the team's first seat clockwise (the next seat is to each player's left).
    seats = tuple(
        SeatInfo(seat, seat // size, Role.PRIMARY if seat % size == 0 else Role.TEAMMATE, None)
        for seat in range(players)
    )
    return Seating(Variant.TWO_HEADED_GIANT, seats, option, size)


def _emperor(players: int, team_size: int | None, attack: AttackOption | None) -> Seating:
    size = 3 if team_size is None else team_size
    if _teams(Variant.EMPEROR, players, size, 3) < 2:
        raise ConfigError(
            "Emperor is played by two or more teams (809.1): {players} players make one team", players=players
        )
    option = _fixed_attack(Variant.EMPEROR, attack, AttackOption.ADJACENT)
    middle = (size - 1) // 2  # 809.2: the emperor sits in the middle (809.6a's example for teams of four)
    roles = [Role.EMPEROR if seat % size == middle else Role.GENERAL for seat in range(players)]
    teams = [seat // size for seat in range(players)]
    everyone = range(players)
    ranges: list[int] = []
    for seat in everyone:
        # 809.6a: the smallest range reaching one opposing general (a general) or two (an emperor). With
        # teams of three this is 1 for generals and 2 for emperors (809.3a).
        wanted = 2 if roles[seat] is Role.EMPEROR else 1
        generals = sorted(
            distance(seat, other, everyone)
            for other in everyone
            if teams[other] != teams[seat] and roles[other] is Role.GENERAL
        )
        ranges.append(generals[wanted - 1])
    emperors = [seat for seat in everyone if roles[seat] is Role.EMPEROR]
    for seat in emperors:
        close = [e for e in emperors if e != seat and distance(seat, e, everyone) <= ranges[seat]]
        if close:
            raise ConfigError(
                "with teams of {size}, the emperor in seat {seat} would begin within range of the emperor in "
                "seat {other} (809.6a)",
                size=size,
                seat=seat,
                other=close[0],
            )
    seats = tuple(SeatInfo(seat, teams[seat], roles[seat], ranges[seat]) for seat in everyone)
    return Seating(Variant.EMPEROR, seats, option, size)


# -- distances, range of influence and attacks ------------------------------------------------------


def distance(a: int, b: int, in_game: Iterable[int]) -> int:
    """Seats between ``a`` and ``b`` the short way round, counting only players in ``in_game``
    (801.2: range is measured in player seats; a player who left no longer has a seat).

    >>> distance(0, 5, range(6)), distance(0, 5, [0, 5])
    (1, 1)
    >>> distance(0, 2, [0, 2, 4, 5])
    1
    """
    order = sorted(set(in_game) | {a, b})
    i, j = order.index(a), order.index(b)
    around = (j - i) % len(order)
    return min(around, len(order) - around)


def influence(table: Seating, in_game: Iterable[int]) -> dict[int, tuple[int, ...]]:
    """For each player in ``in_game``, the players within their range of influence (801.2, 801.2b);
    everyone in the game when the range is unlimited."""
    return dict(_influence(table, tuple(sorted(set(in_game)))))


@functools.lru_cache(maxsize=1024)
def _influence(table: Seating, present: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """:func:`influence` for the sorted seats ``present``, worked out once for each table and set of seats
    (the caller copies the answer). Distances are counted as :func:`distance` counts them."""
    out: dict[int, tuple[int, ...]] = {}
    n = len(present)
    for i, seat in enumerate(present):
        reach = table.seats[seat].range
        if reach is None:
            out[seat] = present
            continue
        out[seat] = tuple(o for j, o in enumerate(present) if min((j - i) % n, (i - j) % n) <= reach)
    return out


def within_range(table: Seating, in_game: Iterable[int], seat: int, other: int) -> bool:
    """Whether ``other`` is within ``seat``'s range of influence (801.2)."""
    return other in influence(table, in_game).get(seat, ())


def _neighbour(present: Sequence[int], seat: int, step: int) -> int | None:
    if len(present) < 2:
        return None
    return present[(present.index(seat) + step) % len(present)]


def attackable(
    table: Seating, in_game: Iterable[int], seat: int, reach: Sequence[int] | None = None
) -> tuple[int, ...]:
    """The players ``seat``'s creatures may attack: opponents allowed by the attack option (802, 803,
    805.10a, 809.3c) and within ``seat``'s range of influence (801.3). ``reach`` is who was within that
    range as the turn began (801.2c); by default it is worked out from ``in_game``."""
    present = sorted(set(in_game))
    if seat not in present:
        return ()
    if reach is None:
        reach = influence(table, present)[seat]
    option = table.attack
    if option is AttackOption.LEFT:
        candidates: list[int | None] = [_neighbour(present, seat, 1)]
    elif option is AttackOption.RIGHT:
        candidates = [_neighbour(present, seat, -1)]
    elif option is AttackOption.ADJACENT:
        candidates = [_neighbour(present, seat, 1), _neighbour(present, seat, -1)]
    else:
        candidates = list(present)
    out = sorted({c for c in candidates if c is not None and table.are_opponents(seat, c) and c in reach})
    return tuple(out)


def turn_order(table: Seating, starting: int) -> tuple[tuple[int, ...], ...]:
    """Who takes each turn of the first round, from ``starting``: one player per turn, or, with shared
    team turns, one team per turn (805.4)."""
    n = table.players
    order = [(starting + k) % n for k in range(n)]
    if not table.shared_team_turns:
        return tuple((seat,) for seat in order)
    rounds: list[tuple[int, ...]] = []
    for seat in order:
        team = table.seats[seat].team
        members = tuple(s.seat for s in table.seats if s.team == team)
        if members not in rounds:
            rounds.append(members)
    return tuple(rounds)
