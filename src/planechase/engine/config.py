"""Game configuration: who plays, with which planar decks, from which seed.

>>> cfg = GameConfig(players=("Alice", "Bob"), decks=(DEMO_DECK, DEMO_DECK), seed=7)
>>> GameConfig.from_dict(cfg.to_dict()) == cfg
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import ConfigError

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

MAX_PLAYERS = 16


@dataclass(frozen=True)
class GameConfig:
    """How to start a game.

    ``decks`` gives each player's planar deck (card names, top to bottom before shuffling);
    ``shared_deck`` instead gives one communal deck (901.15). ``starting_player`` is a seat, or
    ``None`` to choose at random from the seed (103.1). ``check_decks=False`` allows decks that break
    901.3/901.15a (house rules, tests); the engine still survives them.
    """

    players: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...] | None = None
    shared_deck: tuple[str, ...] | None = None
    seed: int = 0
    starting_player: int | None = None
    starting_life: int = 20
    check_decks: bool = True
    variant: str = field(default="free_for_all")

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
            raise ConfigError(f"a game needs 2 to {MAX_PLAYERS} players, not {n}")
        names = [p.strip() for p in self.players]
        if any(not p for p in names):
            raise ConfigError("every player needs a name")
        if any(len(p) > 40 for p in names):
            raise ConfigError("player names are at most 40 characters")
        if len(set(names)) != n:
            raise ConfigError("player names must be different")
        if (self.decks is None) == (self.shared_deck is None):
            raise ConfigError("give either 'decks' (one planar deck per player) or 'shared_deck' (901.15)")
        if self.decks is not None and len(self.decks) != n:
            raise ConfigError(f"{n} players need {n} planar decks (901.3), not {len(self.decks)}")
        if self.starting_player is not None and not 0 <= self.starting_player < n:
            raise ConfigError(f"starting_player must be a seat from 0 to {n - 1}")
        if not 1 <= self.starting_life <= 1_000_000:
            raise ConfigError("starting_life must be between 1 and 1000000")
        if self.variant != "free_for_all":
            raise ConfigError(f"unknown variant {self.variant!r}; this version plays 'free_for_all'")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": list(self.players), "seed": self.seed}
        if self.decks is not None:
            out["decks"] = [list(d) for d in self.decks]
        if self.shared_deck is not None:
            out["shared_deck"] = list(self.shared_deck)
        if self.starting_player is not None:
            out["starting_player"] = self.starting_player
        if self.starting_life != 20:
            out["starting_life"] = self.starting_life
        if not self.check_decks:
            out["check_decks"] = False
        if self.variant != "free_for_all":
            out["variant"] = self.variant
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
        }
        unknown = set(raw) - known
        if unknown:
            raise ConfigError(f"unknown config fields: {', '.join(sorted(unknown))}")
        players = raw.get("players")
        if not _is_str_list(players):
            raise ConfigError("'players' must be a list of names")
        decks = raw.get("decks")
        if decks is not None and not (isinstance(decks, list) and all(_is_str_list(d) for d in decks)):
            raise ConfigError("'decks' must be a list of lists of card names")
        shared = raw.get("shared_deck")
        if shared is not None and not _is_str_list(shared):
            raise ConfigError("'shared_deck' must be a list of card names")
        for key, kind in (("seed", int), ("starting_player", int), ("starting_life", int)):
            value = raw.get(key)
            if value is not None and (not isinstance(value, kind) or isinstance(value, bool)):
                raise ConfigError(f"'{key}' must be an integer")
        check = raw.get("check_decks", True)
        if not isinstance(check, bool):
            raise ConfigError("'check_decks' must be true or false")
        variant = raw.get("variant", "free_for_all")
        if not isinstance(variant, str):
            raise ConfigError("'variant' must be a string")
        return cls(
            players=tuple(players),  # type: ignore[arg-type]
            decks=None if decks is None else tuple(tuple(d) for d in decks),
            shared_deck=None if shared is None else tuple(shared),
            seed=int(raw.get("seed", 0)),
            starting_player=raw.get("starting_player"),
            starting_life=int(raw.get("starting_life", 20)),
            check_decks=check,
            variant=variant,
        )


def _is_str_list(value: object) -> bool:
    return isinstance(value, list | tuple) and all(isinstance(x, str) for x in value)


def demo_config(players: Sequence[str] = ("Alice", "Bob"), seed: int = 0) -> GameConfig:
    """A ready-to-play configuration with the demo deck for everyone."""
    return GameConfig(players=tuple(players), decks=tuple(DEMO_DECK for _ in players), seed=seed)
