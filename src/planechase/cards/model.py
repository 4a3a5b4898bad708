"""How planar cards are declared: a card is data, its abilities are triggers, an optional target and
a list of effects drawn from a shared vocabulary (see :mod:`planechase.cards.effects`).

>>> from planechase.cards.catalog import CATALOG
>>> CATALOG.get("chaotic aether").kind
'phenomenon'
"""

from __future__ import annotations

import functools
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ..core.vocabulary import STEP_TRIGGERS as STEP_TRIGGERS
from ..core.vocabulary import TriggerKind as TriggerKind

if TYPE_CHECKING:
    from ..core.context import Run
    from ..core.state import StackItem


class Effect(ABC):
    """One instruction of a resolving ability. Subclasses are the effect vocabulary."""

    @abstractmethod
    def apply(self, run: Run, item: StackItem) -> None:
        """Carry the instruction out for the resolving ``item``."""


class Amount(ABC):
    """A number an effect computes when it resolves (a counter count, a roll count, ...)."""

    @abstractmethod
    def value(self, run: Run, item: StackItem) -> int: ...

    @abstractmethod
    def describe(self) -> str: ...


Num = int | Amount


class RuleChange(StrEnum):
    """Static abilities that change how the engine runs the game (the rest are standing reminders)."""

    SKIP_UNTAP_STEPS = "skip_untap_steps"  # The Eon Fog (614.10: a skipped step doesn't happen)
    NO_MAXIMUM_HAND_SIZE = "no_maximum_hand_size"  # Stairs to Infinity (514.1 has nothing to do)
    DOUBLE_DAMAGE = "double_damage"  # Stronghold Furnace: damage a source would deal is doubled (614.1a)
    NO_ATTACKS_AFTER_CASTING = "no_attacks_after_casting"  # Prahv: if you cast a spell, you can't attack (508.1c)
    NO_CASTING_AFTER_ATTACKING = "no_casting_after_attacking"  # Prahv: if you attacked, you can't cast (101.2)


#: Kinds of continuous effects (created by resolving abilities) that change what the engine does.
NO_MAXIMUM_HAND_SIZE_EFFECT = "no_maximum_hand_size"  # Undercity Reaches: no discard in cleanup (514.1)
CANT_LOSE_EFFECT = "cant_lose_opponents_cant_win"  # Celestine Reef: 704.5a and 704.5c don't apply
CANT_ATTACK_YOU_EFFECT = "creatures_cant_attack_you"  # Agyrem: attacks on its controller are refused (508.1c)
CANT_CAST_SPELLS_EFFECT = "cant_cast_spells"  # Eloren Wilds: the named player's casts are refused (101.2)


class TargetKind(StrEnum):
    """What a planar ability targets (115), chosen as it is put on the stack (603.3d). Creatures,
    planeswalkers and battles are on the table, not in the engine: choosing one records that the
    target is "a permanent the table tracks"."""

    PLAYER = "player"  # "target player"
    PLAYER_OR_PLANESWALKER = "player_or_planeswalker"  # "target player or planeswalker"
    ANY = "any"  # "any target": a creature, player, planeswalker or battle (115.4)
    OPPONENT = "opponent"  # "target opponent"
    PLAYER_AT_RANDOM = "player_at_random"  # "select target player at random" (the engine selects)
    ANY_NUMBER_OF_PLAYERS = "any_number_of_players"  # "any number of target players" (zero or more)
    TWO_PLAYERS = "two_players"  # "two target players" (different players, 115.3)


class Condition(ABC):
    """An intervening "if" clause (603.4): checked as the ability would trigger, and again as it
    resolves; if it is false either time, nothing happens."""

    @abstractmethod
    def holds(self, run: Run, object_id: int | None) -> bool:
        """Whether the condition is true for the ability's source object ``object_id``."""

    @abstractmethod
    def describe(self) -> str: ...


@dataclass(frozen=True)
class Ability:
    """A planar card's ability.

    A triggered ability lists its ``triggers`` (one or more: "When you planeswalk to ~ and at the
    beginning of your upkeep" has two) and ``effects``; ``target`` is chosen as it is put on the stack
    (603.3d). ``threshold`` is the counter kind and number of a state trigger (603.8); ``condition`` an
    intervening "if" (603.4); ``spell_filter`` what a cast spell must be to trigger a ``spell_cast``
    ability ("an instant or sorcery spell"), as groups of words of which each needs one. An ability with
    no triggers is static: the engine shows it as a standing reminder while the card is face up, and
    applies it where it changes something the engine runs (``rule_change``: ``skip_untap_steps``,
    ``no_maximum_hand_size``).
    """

    text: str
    triggers: tuple[TriggerKind, ...] = ()
    effects: tuple[Effect, ...] = ()
    target: TargetKind | None = None
    threshold: tuple[str, int] | None = None
    rule_change: RuleChange | None = None
    condition: Condition | None = None
    spell_filter: tuple[frozenset[str], ...] = ()

    def spell_matches(self, words: frozenset[str]) -> bool:
        """Whether a spell described by ``words`` meets the trigger's ``spell_filter``: for each group,
        one of its words ("instant" or "sorcery"; "black", "red" or "green")."""
        return all(group & words for group in self.spell_filter)

    @property
    def is_static(self) -> bool:
        return not self.triggers


@dataclass(frozen=True)
class CardDef:
    """A plane or phenomenon card: its printed facts and its scripted abilities."""

    name: str
    kind: str  # "plane" or "phenomenon"
    planar_type: str | None
    oracle_text: str
    sets: tuple[str, ...]
    abilities: tuple[Ability, ...]

    @property
    def type_line(self) -> str:
        return "Phenomenon" if self.kind == "phenomenon" else f"Plane — {self.planar_type}"

    @property
    def is_plane(self) -> bool:
        return self.kind == "plane"

    @property
    def is_phenomenon(self) -> bool:
        return self.kind == "phenomenon"

    def static_texts(self) -> tuple[str, ...]:
        return tuple(a.text for a in self.abilities if a.is_static)


@functools.lru_cache(maxsize=4096)
def normalize_name(name: str) -> str:
    """The key cards are matched by: case, punctuation, diacritics and "Æ" do not matter.

    >>> normalize_name("Chaotic AEther") == normalize_name("chaotic æther") == normalize_name("Chaotic Aether")
    True
    """
    text = name.replace("Æ", "AE").replace("æ", "ae").replace("’", "'")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return re.sub(r"[^a-z0-9]+", "", text.lower())


class Catalog:
    """The planar cards the engine knows, looked up by name regardless of case and punctuation."""

    def __init__(self, cards: Iterable[CardDef]) -> None:
        self._cards: dict[str, CardDef] = {}
        self._keys: dict[str, str] = {}
        for card in cards:
            if card.name in self._cards:
                raise ValueError(f"duplicate card {card.name!r}")
            self._cards[card.name] = card
            self._keys[normalize_name(card.name)] = card.name
        #: The names of the plane cards (the others are phenomena), for the engine's most frequent question.
        self.planes: frozenset[str] = frozenset(card.name for card in self._cards.values() if card.is_plane)
        #: For each card, every kind of event one of its abilities triggers on (to skip cards quickly).
        self.listens: dict[str, frozenset[TriggerKind]] = {
            card.name: frozenset(kind for ability in card.abilities for kind in ability.triggers)
            for card in self._cards.values()
        }

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and (name in self._cards or normalize_name(name) in self._keys)

    def __getitem__(self, name: str) -> CardDef:
        return self._cards[name]

    def has_exact(self, name: str) -> bool:
        """Whether ``name`` is exactly the name of a card here (no loose matching)."""
        return name in self._cards

    def get(self, name: str) -> CardDef:
        """The card with this name (matched loosely); ``KeyError`` if there is none."""
        exact = self._cards.get(name)
        if exact is not None:
            return exact
        key = normalize_name(name)
        if key not in self._keys:
            raise KeyError(name)
        return self._cards[self._keys[key]]

    def closest(self, name: str, n: int = 3) -> list[str]:
        """The names closest to ``name``, for "did you mean" messages."""
        import difflib

        keys = difflib.get_close_matches(normalize_name(name), list(self._keys), n=n, cutoff=0.5)
        return [self._keys[k] for k in keys]
