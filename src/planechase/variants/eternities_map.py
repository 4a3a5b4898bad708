"""The Eternities Map (Wizards of the Coast, 2010): planes laid out on a grid around the current plane.

A pure, immutable model of the map and its house rules; :mod:`planechase.planar.eternities` plays it.
Positions are ``(x, y)`` grid points, the game starting at ``(0, 0)``; north is ``y + 1``, east ``x + 1``.
Distances are orthogonal steps (Manhattan distance). A space is *face up*, *face down* or *empty* (no
plane dealt there); face-down and empty spaces are *unknown*, the only ones a hellride may reach.

The published set-up deals five planes in a plus shape; the four around the centre are turned face up
once the game starts (here card numbers stand for planes):

>>> m = EternitiesMap(rules=profile("published"))
>>> m = m.deal((0, 0), 1).deal((0, 1), 2).deal((1, 0), 3).deal((0, -1), 4).deal((-1, 0), 5)
>>> m = m.turn_up((0, 0))
>>> [d.value for d, _ in m.moves(can_deal=True)]
['north', 'east', 'south', 'west', 'northeast', 'southeast', 'southwest', 'northwest']
>>> print(diagram(m, lambda card: f"P{card}"))
    +---+
    |P2?|
+---+---+---+
|P5?|[P1|P3?|
+---+---+---+
    |P4?|
    +---+

Face-down spaces end in ``?`` and the current one is in brackets. Once the neighbours are face up, the
diagonal spaces are still unknown (empty), so hellriding there is allowed; a face-up diagonal is not:

>>> m = m.turn_up((0, 1)).deal((1, 1), 6).turn_up((1, 1))
>>> "northeast" in [d.value for d, _ in m.moves(can_deal=True)]
False
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import Any

from ..errors import ConfigError, Text

Position = tuple[int, int]


class Direction(StrEnum):
    """A step on the map: four orthogonal moves and the four diagonal hellrides."""

    NORTH = "north"
    EAST = "east"
    SOUTH = "south"
    WEST = "west"
    NORTHEAST = "northeast"
    SOUTHEAST = "southeast"
    SOUTHWEST = "southwest"
    NORTHWEST = "northwest"

    @property
    def offset(self) -> Position:
        return _OFFSETS[self]

    @property
    def hellride(self) -> bool:
        """Whether this is a diagonal move: a hellride, allowed only onto an unknown space."""
        return self not in ORTHOGONAL


_OFFSETS: dict[Direction, Position] = {
    Direction.NORTH: (0, 1),
    Direction.EAST: (1, 0),
    Direction.SOUTH: (0, -1),
    Direction.WEST: (-1, 0),
    Direction.NORTHEAST: (1, 1),
    Direction.SOUTHEAST: (1, -1),
    Direction.SOUTHWEST: (-1, -1),
    Direction.NORTHWEST: (-1, 1),
}

ORTHOGONAL: tuple[Direction, ...] = (Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST)
DIAGONAL: tuple[Direction, ...] = (Direction.NORTHEAST, Direction.SOUTHEAST, Direction.SOUTHWEST, Direction.NORTHWEST)


def step(position: Position, direction: Direction) -> Position:
    dx, dy = direction.offset
    return (position[0] + dx, position[1] + dy)


def distance(a: Position, b: Position) -> int:
    """Orthogonal steps between two spaces (Manhattan distance)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def place_name(position: Position) -> str:
    """A space in words, from the centre.

    >>> place_name((0, 0)), place_name((2, -1))
    ('the centre', '1 south, 2 east of the centre')
    """
    x, y = position
    if (x, y) == (0, 0):
        return "the centre"
    parts = []
    if y:
        parts.append(f"{abs(y)} {'north' if y > 0 else 'south'}")
    if x:
        parts.append(f"{abs(x)} {'east' if x > 0 else 'west'}")
    return ", ".join(parts) + " of the centre"


def around(position: Position) -> tuple[Position, ...]:
    """The four spaces orthogonally next to ``position``: north, east, south, west."""
    return tuple(step(position, d) for d in ORTHOGONAL)


def spaces_within(radius: int) -> int:
    """How many spaces lie within ``radius`` steps of a space, itself included (2r² + 2r + 1)."""
    return 2 * radius * radius + 2 * radius + 1


# -- house rules ------------------------------------------------------------------------------------


class PhenomenaRule(StrEnum):
    """Where phenomena come from on the map (the 2010 article predates them)."""

    OFF = "off"  # kept out of the map entirely
    PILE = "pile"  # a separate pile; a move may meet one on the way (percent chances)
    DEALT = "dealt"  # shuffled into the deck, dealt onto the map, met when entered, then replaced


class Visibility(StrEnum):
    CLASSIC_PLUS = "classic_plus"  # the four spaces around the current one are turned face up (published)
    FOG_OF_WAR = "fog_of_war"  # every plane stays face down until the game enters it


class CountersRule(StrEnum):
    KEEP = "keep"  # the article: counters stay on a plane while it stays on the map
    RESET = "reset"  # CR 901.7a: a plane turned face down becomes a new object, without counters


#: The largest map radius accepted (the deck must still hold more planes than the map has spaces).
MAX_RADIUS = 8


@dataclass(frozen=True)
class MapRules:
    """The rules a map game is played by: a named profile, possibly with settings changed.

    ``hellride_chance`` and ``move_chance`` are the percent chances, with ``phenomena="pile"``, that a
    hellride or an ordinary move meets a phenomenon from the separate pile on the way.

    >>> rules = MapRules.from_dict({"profile": "chance", "move_chance": 10})
    >>> rules.phenomena.value, rules.hellride_chance, rules.move_chance, rules.radius
    ('pile', 50, 10, 3)
    >>> MapRules.from_dict(rules.to_dict()) == rules
    True
    """

    profile: str = "published"
    phenomena: PhenomenaRule = PhenomenaRule.OFF
    hellride_chance: int = 0
    move_chance: int = 0
    visibility: Visibility = Visibility.CLASSIC_PLUS
    radius: int = 3
    counters: CountersRule = CountersRule.KEEP

    def validate(self) -> None:
        """Raise :class:`~planechase.errors.ConfigError` (a :class:`ValueError`) naming a setting that is out of
        range."""
        if not 1 <= self.radius <= MAX_RADIUS:
            raise ConfigError(
                "the map radius must be from 1 to {high}, not {radius}", high=MAX_RADIUS, radius=self.radius
            )
        for name in ("hellride_chance", "move_chance"):
            value = getattr(self, name)
            if not 0 <= value <= 100:
                raise ConfigError("'{setting}' is a percentage from 0 to 100, not {value}", setting=name, value=value)

    @property
    def uses_phenomena(self) -> bool:
        return self.phenomena is not PhenomenaRule.OFF

    @property
    def changed(self) -> tuple[str, ...]:
        """The settings that differ from the named profile's."""
        base = PROFILES.get(self.profile)
        if base is None:
            return ()
        return tuple(
            f.name for f in fields(self) if f.name != "profile" and getattr(self, f.name) != getattr(base, f.name)
        )

    def describe(self) -> list[str]:
        """One line per rule, for the game log and the table (in English: :meth:`describe_texts` in words
        that can be translated).

        >>> profile("fog_of_war").describe()[0]
        'Profile: fog_of_war (the published map, but every plane stays face down until the game enters it)'
        """
        return [str(line) for line in self.describe_texts()]

    def describe_texts(self) -> list[Text]:
        """:meth:`describe`'s lines, each a :class:`~planechase.errors.Text` (a profile's summary is a sentence
        of its own; profile and setting names stay as they are).

        >>> profile("chance").describe_texts()[1].to_dict()["params"]
        {'hellride': 50, 'move': 0}
        """
        summary = PROFILE_SUMMARY_TEXTS.get(self.profile)
        if summary is None:
            head = Text("Profile: {profile}", {"profile": self.profile})
        elif self.changed:
            head = Text(
                "Profile: {profile} ({summary}; changed: {settings})",
                {"profile": self.profile, "summary": summary, "settings": ", ".join(self.changed)},
            )
        else:
            head = Text("Profile: {profile} ({summary})", {"profile": self.profile, "summary": summary})
        if self.phenomena is PhenomenaRule.OFF:
            phenomena = Text("Phenomena: none on the map (the deck holds only planes).")
        elif self.phenomena is PhenomenaRule.PILE:
            phenomena = Text(
                "Phenomena: a separate pile; a hellride meets one {hellride}% of the time, an ordinary move {move}%.",
                {"hellride": self.hellride_chance, "move": self.move_chance},
            )
        else:
            phenomena = Text(
                "Phenomena: shuffled into the deck and dealt onto the map; one is encountered when the game "
                "enters its space, then replaced by the top card of the deck."
            )
        visibility = (
            Text("Visibility: the four planes around the current one are face up (classic plus).")
            if self.visibility is Visibility.CLASSIC_PLUS
            else Text("Visibility: fog of war (planes stay face down until the game enters them).")
        )
        radius = (
            Text("Radius: planes more than 1 step away are shuffled back into the deck.")
            if self.radius == 1
            else Text(
                "Radius: planes more than {radius} steps away are shuffled back into the deck.", {"radius": self.radius}
            )
        )
        counters = (
            Text("Counters: a plane keeps its counters while it stays on the map (the article).")
            if self.counters is CountersRule.KEEP
            else Text("Counters: a plane the game leaves loses its counters (it is a new object, CR 901.7a).")
        )
        return [head, phenomena, visibility, radius, counters]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"profile": self.profile}
        for name in self.changed:
            value = getattr(self, name)
            out[name] = value.value if isinstance(value, StrEnum) else value
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any] | str) -> MapRules:
        """A profile by name, or ``{"profile": name, setting: value, ...}``; raises
        :class:`~planechase.errors.ConfigError` (a :class:`ValueError`)."""
        if isinstance(raw, str):
            raw = {"profile": raw}
        if not isinstance(raw, Mapping):
            raise ConfigError("the Eternities Map setting must be a profile name or an object")
        name = raw.get("profile", "published")
        if not isinstance(name, str) or name not in PROFILES:
            raise ConfigError(
                "unknown Eternities Map profile {profile}; choose one of {known}",
                profile=repr(name),
                known=", ".join(PROFILES),
            )
        base = PROFILES[name]
        known = {f.name for f in fields(cls)}
        unknown = set(raw) - known
        if unknown:
            raise ConfigError("unknown Eternities Map settings: {settings}", settings=", ".join(sorted(unknown)))
        changes: dict[str, Any] = {}
        kinds: dict[str, type] = {"phenomena": PhenomenaRule, "visibility": Visibility, "counters": CountersRule}
        for key, value in raw.items():
            if key == "profile":
                continue
            if key in kinds:
                try:
                    changes[key] = kinds[key](value)
                except ValueError:
                    options = ", ".join(m.value for m in kinds[key])  # type: ignore[attr-defined]
                    raise ConfigError(
                        "'{setting}' must be one of {options}, not {value}",
                        setting=key,
                        options=options,
                        value=repr(value),
                    ) from None
            elif not isinstance(value, int) or isinstance(value, bool):
                raise ConfigError("'{setting}' must be an integer", setting=key)
            else:
                changes[key] = value
        rules = replace(base, **changes)
        rules.validate()
        return rules


#: The named house-rule profiles. ``published`` is the 2010 article; the others fill its gaps.
PROFILES: dict[str, MapRules] = {
    "published": MapRules(),
    "hellride_phenomena": MapRules(profile="hellride_phenomena", phenomena=PhenomenaRule.PILE, hellride_chance=100),
    "chance": MapRules(profile="chance", phenomena=PhenomenaRule.PILE, hellride_chance=50),
    "phenomena_on_map": MapRules(profile="phenomena_on_map", phenomena=PhenomenaRule.DEALT),
    "fog_of_war": MapRules(profile="fog_of_war", visibility=Visibility.FOG_OF_WAR),
    "strict_cr": MapRules(profile="strict_cr", counters=CountersRule.RESET),
}

#: What each profile plays, a sentence to translate (the profile's name stays as it is).
PROFILE_SUMMARY_TEXTS: dict[str, Text] = {
    "published": Text("the 2010 article as published, without phenomena"),
    "hellride_phenomena": Text("every hellride meets a phenomenon from a separate pile"),
    "chance": Text("a hellride meets a phenomenon from a separate pile half the time"),
    "phenomena_on_map": Text("phenomena are dealt onto the map and met when the game enters them"),
    "fog_of_war": Text("the published map, but every plane stays face down until the game enters it"),
    "strict_cr": Text("the published map, but a plane the game leaves loses its counters (CR 901.7a)"),
}

#: :data:`PROFILE_SUMMARY_TEXTS` in English.
PROFILE_SUMMARIES: dict[str, str] = {name: str(text) for name, text in PROFILE_SUMMARY_TEXTS.items()}


def profile(name: str) -> MapRules:
    """The named profile's rules; raises :class:`KeyError` for an unknown name."""
    return PROFILES[name]


def planes_needed(rules: MapRules) -> int:
    """The fewest planes a map deck needs: one for every space within the radius, and one more, so a
    plane can always be dealt where the game goes."""
    return spaces_within(rules.radius) + 1


# -- the map ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MapCell:
    """A space holding a card: where, which card (an index into the game's cards), whether it is face up,
    and the counters a plane kept there when the game left it (``keep`` counters rule)."""

    x: int
    y: int
    card: int
    face_up: bool = False
    counters: tuple[tuple[str, int], ...] = ()

    @property
    def position(self) -> Position:
        return (self.x, self.y)


@dataclass(frozen=True)
class EternitiesMap:
    """The map in a game: its rules, the current position and the cards on it.

    ``arriving`` is set while the game meets a phenomenon from the pile on its way into the current
    space (the plane there is face up on the map but not yet planeswalked to). ``tunnel`` is set by
    Interplanar Tunnel: the next move's destination gets the top card of the deck.
    """

    rules: MapRules = field(default_factory=MapRules)
    position: Position = (0, 0)
    cells: tuple[MapCell, ...] = ()
    arriving: bool = False
    tunnel: bool = False

    def at(self, position: Position) -> MapCell | None:
        for cell in self.cells:
            if cell.position == position:
                return cell
        return None

    def card_at(self, position: Position) -> int | None:
        cell = self.at(position)
        return None if cell is None else cell.card

    def where(self, card: int) -> Position | None:
        for cell in self.cells:
            if cell.card == card:
                return cell.position
        return None

    @property
    def current(self) -> MapCell | None:
        return self.at(self.position)

    def unknown(self, position: Position) -> bool:
        """Whether the space's plane is unknown: face down, or not dealt yet."""
        cell = self.at(position)
        return cell is None or not cell.face_up

    def moves(self, *, can_deal: bool) -> list[tuple[Direction, Position]]:
        """The legal moves from the current position: any orthogonal step, and a diagonal hellride onto an
        unknown space. An empty space can be entered only if a card can be dealt there (``can_deal``)."""
        out: list[tuple[Direction, Position]] = []
        for direction in (*ORTHOGONAL, *DIAGONAL):
            target = step(self.position, direction)
            if direction.hellride and not self.unknown(target):
                continue
            if self.at(target) is None and not can_deal:
                continue
            out.append((direction, target))
        return out

    def beyond(self, radius: int) -> tuple[MapCell, ...]:
        """The cells more than ``radius`` steps from the current position."""
        return tuple(c for c in self.cells if distance(c.position, self.position) > radius)

    # -- changes (each returns a new map) --------------------------------------------------------

    def deal(self, position: Position, card: int, *, face_up: bool = False) -> EternitiesMap:
        """Put ``card`` on the empty space ``position``."""
        if self.at(position) is not None:
            raise ValueError(f"space {position} already holds a card")
        cells = (*self.cells, MapCell(position[0], position[1], card, face_up))
        return replace(self, cells=tuple(sorted(cells, key=lambda c: (-c.y, c.x))))

    def remove(self, position: Position) -> EternitiesMap:
        return replace(self, cells=tuple(c for c in self.cells if c.position != position))

    def turn_up(self, position: Position) -> EternitiesMap:
        return self._change(position, face_up=True)

    def keep_counters(self, position: Position, counters: tuple[tuple[str, int], ...]) -> EternitiesMap:
        return self._change(position, counters=counters)

    def move_to(self, position: Position) -> EternitiesMap:
        return replace(self, position=position)

    def _change(self, position: Position, **changes: Any) -> EternitiesMap:
        cells = tuple(replace(c, **changes) if c.position == position else c for c in self.cells)
        return replace(self, cells=cells)


def diagram(m: EternitiesMap, label: Callable[[int], str], *, width: int = 3) -> str:
    """A text drawing of the map: each card's label cut to ``width`` characters, face-down cards ending
    in ``?`` (their names hidden unless ``label`` shows them), the current space in brackets."""
    if not m.cells:
        return "(empty map)"
    xs = [c.x for c in m.cells] + [m.position[0]]
    ys = [c.y for c in m.cells] + [m.position[1]]
    left, right, bottom, top = min(xs), max(xs), min(ys), max(ys)
    columns = range(left, right + 1)

    def box(x: int, y: int) -> str | None:
        cell = m.at((x, y))
        if cell is None:
            return None
        text = label(cell.card)
        if not cell.face_up:
            text = text[: width - 1] + "?"
        text = text[:width].ljust(width)
        if (x, y) == m.position:
            text = "[" + text[: width - 1]
        return text

    def border(row_a: int | None, row_b: int | None) -> str:
        line = []
        for x in columns:
            filled = any(r is not None and m.at((x, r)) is not None for r in (row_a, row_b))
            corner_left = filled or any(r is not None and m.at((x - 1, r)) is not None for r in (row_a, row_b))
            line.append(("+" if corner_left else " ") + ("-" * width if filled else " " * width))
        last = any(r is not None and m.at((right, r)) is not None for r in (row_a, row_b))
        return ("".join(line) + ("+" if last else "")).rstrip()

    lines = [border(top, None)]
    for y in range(top, bottom - 1, -1):
        row = []
        for x in columns:
            text = box(x, y)
            edge = text is not None or m.at((x - 1, y)) is not None
            row.append(("|" if edge else " ") + (text if text is not None else " " * width))
        row.append("|" if m.at((right, y)) is not None else "")
        lines.append("".join(row).rstrip())
        lines.append(border(y, y - 1 if y > bottom else None))
    return "\n".join(lines)
