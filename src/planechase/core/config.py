"""Game configuration: who plays, with which planar decks, from which seed.

>>> cfg = GameConfig(players=("Alice", "Bob"), decks=(DEMO_DECK, DEMO_DECK), seed=7)
>>> GameConfig.from_dict(cfg.to_dict()) == cfg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..errors import ConfigError, Param, PlanechaseError
from ..variants.eternities_map import MapRules
from ..variants.seating import Role, Seating, Variant, seating

#: A legal ten-card planar deck of shipped cards, used by demos and examples.
DEMO_DECK: tuple[str, ...] = (
    "Aretopolis",
    "Pompeii",
    "Stairs to Infinity",
    "Temple of Atropos",
    "Norn's Seedcore",
    "Pools of Becoming",
    "Naar Isle",
    "Sokenzan",
    "Chaotic Aether",
    "Interplanar Tunnel",
)

#: The most players a game seats (Grand Melee tables are large, 807.1).
MAX_PLAYERS = 32


@dataclass(frozen=True)
class GameConfig:
    """How to start a game.

    ``players`` are listed in seating order, clockwise (teams sit together, one team after another).
    ``decks`` gives each player's planar deck (card names, top to bottom before shuffling);
    ``shared_deck`` instead gives one communal deck (901.15). ``starting_player`` is a seat, or
    ``None`` to choose at random from the seed (103.1; a random emperor in Emperor, 809.4; a random
    team's primary player in Two-Headed Giant, 805.3). ``check_decks=False`` allows decks that break
    901.3/901.15a (house rules, tests); the engine still survives them.

    ``variant`` is ``free_for_all`` (806), ``two_headed_giant`` (810), ``grand_melee`` (807) or
    ``emperor`` (809); ``team_size`` sets the size of teams (default 2 in Two-Headed Giant, 3 in
    Emperor); ``range_of_influence`` (801) and ``attack`` (``multiple``, ``left`` or ``right``, 802-803)
    are the Free-for-All options. ``planechase=False`` plays the variant without planar cards: no planar
    decks, die or planar controller (the engine still keeps turns, priority, life, teams and ranges).
    ``starting_life`` defaults to 20, or 30 for a Two-Headed Giant team
    (810.4) plus 15 for each player beyond the second (810.11). ``random_seating=True`` seats the players
    at random from the seed, as Free-for-All and Grand Melee say (806.3, 807.3); by default they sit as
    listed (the table where they already sit). A ``starting_player`` is then a seat after seating.

    ``eternities_map`` plays on the Eternities Map (:mod:`planechase.variants.eternities_map`) by the
    given rules (a profile and its settings). Its one deck is ``shared_deck`` if given, else one of every
    plane in the catalog (and every phenomenon when the profile uses phenomena); ``decks`` cannot be used.

    >>> GameConfig(players=("A", "B", "C", "D"), decks=(DEMO_DECK,) * 4, variant="two_headed_giant").life_total
    30
    """

    players: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...] | None = None
    shared_deck: tuple[str, ...] | None = None
    seed: int = 0
    starting_player: int | None = None
    starting_life: int | None = None
    check_decks: bool = True
    variant: str = field(default="free_for_all")
    team_size: int | None = None
    range_of_influence: int | None = None
    attack: str | None = None
    planechase: bool = True
    random_seating: bool = False
    eternities_map: MapRules | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        if self.decks is not None:
            object.__setattr__(self, "decks", tuple(tuple(d) for d in self.decks))
        if self.shared_deck is not None:
            object.__setattr__(self, "shared_deck", tuple(self.shared_deck))

    def validate(self) -> None:
        """Raise :class:`ConfigError` if the configuration cannot start a game (decks are checked by
        :func:`planechase.cards.decks.check_deck` and :func:`~planechase.cards.decks.check_shared_deck`
        when the game starts)."""
        n = len(self.players)
        if not 2 <= n <= MAX_PLAYERS:
            raise ConfigError("a game needs {low} to {high} players, not {count}", low=2, high=MAX_PLAYERS, count=n)
        names = [p.strip() for p in self.players]
        if any(not p for p in names):
            raise ConfigError("every player needs a name")
        if any(len(p) > 40 for p in names):
            raise ConfigError("player names are at most 40 characters")
        if len(set(names)) != n:
            raise ConfigError("player names must be different")
        if not self.planechase:
            if self.decks is not None or self.shared_deck is not None:
                raise ConfigError("a game without Planechase has no planar decks: leave out 'decks' and 'shared_deck'")
            if self.eternities_map is not None:
                raise ConfigError("the Eternities Map is a way to play Planechase: it needs 'planechase' on")
        elif self.eternities_map is not None:
            self._validate_map(self.eternities_map)
        elif (self.decks is None) == (self.shared_deck is None):
            raise ConfigError("give either 'decks' (one planar deck per player) or 'shared_deck' (901.15)")
        if self.decks is not None and len(self.decks) != n:
            raise ConfigError(
                "{players} players need {players} planar decks (901.3), not {decks}", players=n, decks=len(self.decks)
            )
        if self.starting_player is not None and not 0 <= self.starting_player < n:
            raise ConfigError("starting_player must be a seat from 0 to {last}", last=n - 1)
        if self.starting_life is not None and not 1 <= self.starting_life <= 1_000_000:
            raise ConfigError("starting_life must be between 1 and 1000000")
        table = self.seating()
        if self.random_seating and table.teams:
            raise ConfigError(
                "{variant} teams sit together as listed: random seating (806.3, 807.3) is for "
                "Free-for-All and Grand Melee",
                variant=table.variant.label_text,
            )
        starter = None if self.starting_player is None else table.seats[self.starting_player]
        if starter is not None and table.deploys_creatures and starter.role is not Role.EMPEROR:
            raise ConfigError("an emperor goes first (809.4): the starting player must be an emperor")
        if self.starting_player is not None and table.shared_team_turns:
            primary = table.leader(table.seats[self.starting_player].team or 0)
            if primary != self.starting_player:
                raise ConfigError(
                    "a team's turn starts with its primary player (805.2): seat {seat}, not a teammate", seat=primary
                )

    def _validate_map(self, rules: MapRules) -> None:
        if self.decks is not None:
            raise ConfigError("the Eternities Map uses one shared deck: give 'shared_deck' or nothing, not 'decks'")
        if self.variant == Variant.GRAND_MELEE.value:
            raise ConfigError(
                "the Eternities Map has one current position: it cannot be used in Grand Melee, where each turn "
                "marker has its own planes (901.14)"
            )
        rules.validate()  # raises ConfigError

    def seating(self) -> Seating:
        """The table this configuration seats (teams, roles, ranges); raises :class:`ConfigError`."""
        return seating(
            self.variant,
            len(self.players),
            team_size=self.team_size,
            range_of_influence=self.range_of_influence,
            attack=self.attack,
        )

    @property
    def life_total(self) -> int:
        """The starting life total: 20, or a Two-Headed Giant team's 30 (810.4, 810.11), unless set."""
        if self.starting_life is not None:
            return self.starting_life
        if self.variant == Variant.TWO_HEADED_GIANT.value:
            return 30 + 15 * ((self.team_size or 2) - 2)
        return 20

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": list(self.players), "seed": self.seed}
        if self.decks is not None:
            out["decks"] = [list(d) for d in self.decks]
        if self.shared_deck is not None:
            out["shared_deck"] = list(self.shared_deck)
        if self.starting_player is not None:
            out["starting_player"] = self.starting_player
        if self.starting_life is not None:
            out["starting_life"] = self.starting_life
        if not self.check_decks:
            out["check_decks"] = False
        if self.variant != "free_for_all":
            out["variant"] = self.variant
        if not self.planechase:
            out["planechase"] = False
        if self.random_seating:
            out["random_seating"] = True
        if self.eternities_map is not None:
            out["eternities_map"] = self.eternities_map.to_dict()
        for key in ("team_size", "range_of_influence", "attack"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> GameConfig:
        """Parse the JSON form, raising :class:`ConfigError` with what is wrong."""
        if not isinstance(raw, Mapping):
            raise ConfigError("a game config must be a JSON object")
        known = {
            "players",
            "decks",
            "shared_deck",
            "seed",
            "starting_player",
            "starting_life",
            "check_decks",
            "variant",
            "team_size",
            "range_of_influence",
            "attack",
            "planechase",
            "random_seating",
            "eternities_map",
        }
        unknown = set(raw) - known
        if unknown:
            raise ConfigError("unknown config fields: {fields}", fields=", ".join(sorted(unknown)))
        players = raw.get("players")
        if not _is_str_list(players):
            raise ConfigError("'players' must be a list of names")
        decks = raw.get("decks")
        if decks is not None and not (isinstance(decks, list) and all(_is_str_list(d) for d in decks)):
            raise ConfigError("'decks' must be a list of lists of card names")
        shared = raw.get("shared_deck")
        if shared is not None and not _is_str_list(shared):
            raise ConfigError("'shared_deck' must be a list of card names")
        for key, kind in (
            ("seed", int),
            ("starting_player", int),
            ("starting_life", int),
            ("team_size", int),
            ("range_of_influence", int),
        ):
            value = raw.get(key)
            if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
                raise ConfigError("'{field}' must be an integer", field=key)
        check = raw.get("check_decks", True)
        if not isinstance(check, bool):
            raise ConfigError("'check_decks' must be true or false")
        planechase = raw.get("planechase", True)
        if not isinstance(planechase, bool):
            raise ConfigError("'planechase' must be true or false")
        random_seating = raw.get("random_seating", False)
        if not isinstance(random_seating, bool):
            raise ConfigError("'random_seating' must be true or false")
        variant = raw.get("variant", "free_for_all")
        if not isinstance(variant, str):
            raise ConfigError("'variant' must be a string")
        attack = raw.get("attack")
        if attack is not None and not isinstance(attack, str):
            raise ConfigError("'attack' must be a string")
        eternities = raw.get("eternities_map")
        rules = None
        if eternities is not None and eternities is not False:
            try:
                rules = MapRules.from_dict("published" if eternities is True else eternities)
            except ValueError as exc:
                raise ConfigError("'eternities_map': {error}", error=_text_of(exc)) from None
        return cls(
            players=tuple(players),  # type: ignore[arg-type]
            decks=None if decks is None else tuple(tuple(d) for d in decks),
            shared_deck=None if shared is None else tuple(shared),
            seed=int(raw.get("seed") or 0),  # null is "left out", as for the other numbers
            starting_player=raw.get("starting_player"),
            starting_life=raw.get("starting_life"),
            check_decks=check,
            variant=variant,
            team_size=raw.get("team_size"),
            range_of_influence=raw.get("range_of_influence"),
            attack=attack,
            planechase=planechase,
            random_seating=random_seating,
            eternities_map=rules,
        )


def _text_of(exc: ValueError) -> Param:
    """An error's message for a message of our own: its :class:`~planechase.errors.Text`, or its English."""
    return exc.text if isinstance(exc, PlanechaseError) else str(exc)


def _is_str_list(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(x, str) for x in value)


def demo_config(players: Sequence[str] = ("Alice", "Bob"), seed: int = 0) -> GameConfig:
    """A ready-to-play configuration with the demo deck for everyone."""
    return GameConfig(players=tuple(players), decks=tuple(DEMO_DECK for _ in players), seed=seed)
