"""Roll policies: when the active player rolls the planar die, and how players answer the decisions planes ask.

A policy is anything with an ``act(view)`` method (:class:`Policy`). The lab asks it in two situations:

- the active player holds priority in their precombat main phase with an empty stack, so they may roll the
  planar die as a special action (901.9): return ``view.roll()`` to roll, or ``None`` to move on to the next
  turn (the lab pays the roll's cost itself: the policy saw ``view.roll_cost``);
- a decision is pending (a plane asks a player to choose): return ``view.choose(option_id)``.

Anything else (an action of the wrong player, a roll the rules forbid, ``None`` for a decision) stops the
study with the game's seed, so the game can be replayed.

A policy in a few lines (save it as ``cautious.py`` and run ``planechase lab deck.txt --policy
cautious.py:Cautious``):

>>> class Cautious:
...     '''Roll while it is free, and once more (for {1}) on a plane called "... Wilds".'''
...     def act(self, view):
...         if view.decision is not None:
...             return view.choose(view.decision.options[0].id)
...         if view.roll_cost == 0 or (view.roll_cost == 1 and view.plane.endswith("Wilds")):
...             return view.roll()
...         return None
>>> policy_from_spec("cost<=1").describe()
'roll while a roll costs at most {1}'
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import random
import re
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..cards.catalog import CATALOG
from ..cards.model import Catalog
from ..core.actions import Action, Choose, Roll
from ..core.state import Decision, DecisionKind, GameState
from ..errors import ConfigError

__all__ = [
    "BUILT_IN",
    "DEFAULT_RATING",
    "CostAtMost",
    "LeaveBad",
    "Never",
    "PlayerView",
    "Policy",
    "RandomRolls",
    "default_ratings",
    "policy_from_spec",
    "read_ratings",
    "typical_number",
]


@dataclass(slots=True)
class PlayerView:
    """What a policy sees: the deciding player's seat, the turn, the planes face up, the roll's cost and
    the pending decision; ``state`` is the whole game state for policies that want more.

    ``rng`` is the policy's own generator for the game (seeded from the game's seed), so a policy that
    draws from it keeps the study reproducible.
    """

    seat: int
    turn: int
    turns: int
    face_up: tuple[str, ...]
    roll_cost: int
    decision: Decision | None
    rng: random.Random
    state: GameState = field(repr=False)

    @property
    def plane(self) -> str:
        """The first card face up (the plane, in most games), or ``""``."""
        return self.face_up[0] if self.face_up else ""

    @property
    def life(self) -> int:
        return self.state.players[self.seat].life

    def roll(self) -> Action:
        """The action of rolling the planar die (901.9)."""
        return Roll(self.seat)

    def choose(self, option: str) -> Action:
        """The action answering the pending decision with ``option`` (an option's ``id``)."""
        if self.decision is None:
            raise ValueError("there is no decision to answer")
        return Choose(self.decision.player, self.decision.id, option)

    def choose_at_random(self) -> Action:
        """An option of the pending decision drawn from :attr:`rng`."""
        if self.decision is None:
            raise ValueError("there is no decision to answer")
        options = self.decision.options
        return self.choose(options[self.rng.randrange(len(options))].id)


@runtime_checkable
class Policy(Protocol):
    """Decides for every player: ``act(view)`` returns an action or ``None`` (see the module docs)."""

    def act(self, view: PlayerView) -> Action | None: ...


#: How built-in policies answer a number only the table knows (608.2c: the engine asks the player): a draw from
#: what a typical Commander table would say, by the words of the question; any other number, from 0 to 3. The
#: players of a study cast nothing, so "the X you pay" is 0.
TYPICAL_NUMBERS: tuple[tuple[str, tuple[int, ...]], ...] = (
    ("mana value", (0, 0, 0, 0, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6)),  # a deck of 38 lands in 100 and its curve
    ("cards in your hand", (3, 4, 5, 5, 6, 6, 7)),
    ("artifacts", (0, 0, 1, 1, 2, 3)),
    ("the X you pay", (0,)),
)


def typical_number(view: PlayerView) -> Action:
    """The answer to a ``choose_number`` decision from :data:`TYPICAL_NUMBERS` (bounded by its options)."""
    decision = view.decision
    assert decision is not None
    prompt = decision.prompt.lower()
    choices = next((values for words, values in TYPICAL_NUMBERS if words in prompt), (0, 1, 2, 3))
    offered = {o.id for o in decision.options}
    wanted = str(choices[view.rng.randrange(len(choices))])
    return view.choose(wanted if wanted in offered else decision.options[0].id)


class _Base:
    """Built-in policies answer numbers by :func:`typical_number` and other decisions at random; subclasses say
    when to roll."""

    spec = ""

    def act(self, view: PlayerView) -> Action | None:
        if view.decision is not None:
            return self.decide(view)
        return view.roll() if self.rolls(view) else None

    def rolls(self, view: PlayerView) -> bool:
        raise NotImplementedError

    def decide(self, view: PlayerView) -> Action:
        assert view.decision is not None
        if view.decision.kind is DecisionKind.CHOOSE_NUMBER:
            return typical_number(view)
        return view.choose_at_random()

    def describe(self) -> str:
        raise NotImplementedError


@dataclass
class Never(_Base):
    """Never roll: planes change only by chaos, phenomena and the planes' own abilities."""

    spec: str = "never"

    def rolls(self, view: PlayerView) -> bool:
        return False

    def describe(self) -> str:
        return "never roll"


@dataclass
class CostAtMost(_Base):
    """Roll while the roll costs at most ``limit`` mana (901.9: the first roll of a turn is free, each
    further one costs one more). ``limit=0`` is the ``free`` policy: one roll a turn."""

    limit: int = 0
    spec: str = "free"

    def rolls(self, view: PlayerView) -> bool:
        return view.roll_cost <= self.limit

    def describe(self) -> str:
        if self.limit == 0:
            return "roll once a turn, while it is free"
        return f"roll while a roll costs at most {{{self.limit}}}"


@dataclass
class RandomRolls(_Base):
    """Each time a roll is possible, roll with probability ``chance`` (so further rolls get rarer)."""

    chance: float = 0.5
    spec: str = "random"

    def rolls(self, view: PlayerView) -> bool:
        return view.rng.random() < self.chance

    def describe(self) -> str:
        return f"roll with probability {self.chance:g} each time a roll is possible"


#: The rating of a card nobody rated (1 = leave at once, 5 = stay forever).
DEFAULT_RATING = 3.0


@dataclass
class LeaveBad(_Base):
    """Roll to leave a plane rated below ``threshold`` (while a roll costs at most ``max_cost``); never
    roll on a plane rated at or above it. When a plane asks which card to planeswalk to or keep, choose
    the best rated one."""

    threshold: float = DEFAULT_RATING
    max_cost: int = 2
    ratings: Mapping[str, float] = field(default_factory=dict)
    spec: str = "leave-bad"

    def rating(self, name: str) -> float:
        return self.ratings.get(name, DEFAULT_RATING)

    def rolls(self, view: PlayerView) -> bool:
        if view.roll_cost > self.max_cost or not view.face_up:
            return False
        return min(self.rating(name) for name in view.face_up) < self.threshold

    def decide(self, view: PlayerView) -> Action:
        decision = view.decision
        assert decision is not None
        if decision.kind is DecisionKind.CHOOSE_CARD and all(o.label in self.ratings for o in decision.options):
            best = max(decision.options, key=lambda o: self.rating(o.label))
            return view.choose(best.id)
        return super().decide(view)

    def describe(self) -> str:
        return f"roll to leave a plane rated below {self.threshold:g}, while a roll costs at most {{{self.max_cost}}}"


#: The built-in policies by name, as the command line spells them.
BUILT_IN: tuple[str, ...] = ("never", "free", "cost<=K", "leave-bad[:THRESHOLD[:MAX_COST]]", "random[:P]")

_COST = re.compile(r"cost\s*<=\s*(\d{1,2})")
_MAX_SPEC = 500


def policy_from_spec(spec: str, *, ratings: Mapping[str, float] | None = None, catalog: Catalog = CATALOG) -> Policy:
    """The policy a specification names: a built-in (``never``, ``free``, ``cost<=K``,
    ``leave-bad[:THRESHOLD[:MAX_COST]]``, ``random[:P]``) or ``FILE.py:NAME`` / ``module:NAME`` for a class
    (made with no arguments) or an object with an ``act`` method. Raises :class:`ConfigError`.

    >>> policy_from_spec("leave-bad:2.5:1").describe()
    'roll to leave a plane rated below 2.5, while a roll costs at most {1}'
    """
    text = spec.strip()
    if not text or len(text) > _MAX_SPEC:
        raise ConfigError("a policy is a name such as free or cost<=1 (at most {n} characters)", n=_MAX_SPEC)
    if text == "never":
        return Never()
    if text == "free":
        return CostAtMost(0, spec="free")
    match = _COST.fullmatch(text)
    if match:
        limit = int(match.group(1))
        if limit > 20:
            raise ConfigError("cost<=K takes K from 0 to 20, not {k}", k=limit)
        return CostAtMost(limit, spec=f"cost<={limit}")
    name, _, rest = text.partition(":")
    if name not in ("random", "leave-bad"):  # FILE.py:NAME, where FILE may hold a colon (C:\policies\my.py)
        name, _, rest = text.rpartition(":")
    if name == "random":
        chance = _number(rest or "0.5", "random:P", 0.0, 1.0)
        return RandomRolls(chance, spec=text)
    if name == "leave-bad":
        parts = rest.split(":") if rest else []
        if len(parts) > 2:
            raise ConfigError("leave-bad takes at most a threshold and a maximum cost: leave-bad:2.5:1")
        threshold = _number(parts[0], "leave-bad:THRESHOLD", 0.0, 10.0) if parts else DEFAULT_RATING
        max_cost = int(_number(parts[1], "leave-bad:THRESHOLD:MAX_COST", 0, 20)) if len(parts) > 1 else 2
        table = _default_ratings(catalog) if ratings is None else ratings
        return LeaveBad(threshold, max_cost, dict(table), spec=text)
    if rest and name:
        return _load_policy(name, rest)
    raise ConfigError(
        "unknown policy {policy}: use never, free, cost<=K, leave-bad, random, or FILE.py:NAME for your own",
        policy=text,
    )


def _number(text: str, where: str, low: float, high: float) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ConfigError("{where} needs a number, not {text}", where=where, text=text) from None
    if not low <= value <= high:
        raise ConfigError(
            "{where} takes a number from {low} to {high}, not {text}",
            where=where,
            low=f"{low:g}",
            high=f"{high:g}",
            text=text,
        )
    return value


def _load_policy(module: str, name: str) -> Policy:
    """A user's policy: ``name`` in the Python file or module ``module``."""
    try:
        if module.endswith(".py"):
            path = Path(module)
            key = "planechase_lab_policy_" + re.sub(r"\W", "_", str(path.resolve()))
            loaded = sys.modules.get(key)
            if loaded is None:
                spec = importlib.util.spec_from_file_location(key, path)
                if spec is None or spec.loader is None or not path.is_file():
                    raise ConfigError("cannot read the policy file {file}", file=module)
                loaded = importlib.util.module_from_spec(spec)
                sys.modules[key] = loaded
                try:
                    spec.loader.exec_module(loaded)
                except BaseException:
                    del sys.modules[key]  # a file that failed to load is read again next time
                    raise
        else:
            loaded = importlib.import_module(module)
    except ConfigError:
        raise
    except Exception as exc:  # the user's code: any error while importing it
        raise ConfigError(
            "cannot load the policy {policy}: {reason}",
            policy=f"{module}:{name}",
            reason=f"{type(exc).__name__}: {exc}",
        ) from None
    target = getattr(loaded, name, None)
    if target is None:
        raise ConfigError("{module} has no policy called {name}", module=module, name=name)
    try:
        policy = target() if isinstance(target, type) else target
    except Exception as exc:  # the user's constructor
        raise ConfigError(
            "cannot make the policy {policy}: {reason}",
            policy=f"{module}:{name}",
            reason=f"{type(exc).__name__}: {exc}",
        ) from None
    if not callable(getattr(policy, "act", None)):
        raise ConfigError("{name} in {module} has no act(view) method", module=module, name=name)
    return policy  # type: ignore[no-any-return]


# -- ratings for leave-bad ---------------------------------------------------------------------------

#: Words in a plane's text that make it worse (or better) for the player whose plane it is; the default
#: ratings start from 3 and move by these, to between 1 and 5. A table edits its own ratings file.
_WORSE = (
    "you lose",
    "sacrifice",
    "deals damage to you",
    "can't",
    "skip",
    "discard",
    "each player loses",
    "damage to each creature",
    "destroy all",
)
_BETTER = ("you gain", "draw", "create", "+1/+1", "untap", "add {", "additional", "extra turn")


def default_ratings(catalog: Catalog = CATALOG) -> dict[str, float]:
    """A rating from 1 to 5 for every plane: 3, minus one for each word of harm to its controller and plus
    one for each word of benefit in its text (see ``_WORSE`` and ``_BETTER``), bounded to 1-5. A rough
    start that ``planechase lab ratings`` writes out for a table to edit."""
    out: dict[str, float] = {}
    for card in catalog:
        if card.is_phenomenon:
            continue
        text = card.oracle_text.lower()
        score = DEFAULT_RATING + sum(w in text for w in _BETTER) - sum(w in text for w in _WORSE)
        out[card.name] = float(min(5, max(1, score)))
    return out


@functools.cache
def _default_ratings(catalog: Catalog) -> Mapping[str, float]:
    """:func:`default_ratings`, worked out once per catalog (a policy is made for every game)."""
    return default_ratings(catalog)


def read_ratings(path: str | Path, catalog: Catalog = CATALOG) -> dict[str, float]:
    """Ratings from a TOML file of ``"Card Name" = 2.5`` lines (as ``planechase lab ratings`` writes);
    cards not named keep their default. Raises :class:`ConfigError` naming the bad entry."""
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(1_000_001)
    except OSError as exc:
        raise ConfigError("cannot read {file}: {reason}", file=str(path), reason=exc.strerror or str(exc)) from None
    if len(raw) > 1_000_000:
        raise ConfigError("{file} is larger than 1 MB; that is not a ratings file", file=str(path))
    try:
        data = tomllib.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError("{file} is not a ratings file (TOML): {reason}", file=str(path), reason=str(exc)) from None
    table = data.get("ratings", data)
    if not isinstance(table, dict):
        raise ConfigError('{file}: the ratings must be a table of "Card Name" = number lines', file=str(path))
    ratings = default_ratings(catalog)
    for name, value in table.items():
        try:
            card = catalog.get(name)
        except KeyError:
            raise ConfigError(
                "{file}: unknown planar card {name}; did you mean {close}?",
                file=str(path),
                name=name,
                close=", ".join(catalog.closest(name)) or "-",
            ) from None
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 10:
            raise ConfigError("{file}: the rating of {name} must be a number from 0 to 10", file=str(path), name=name)
        ratings[card.name] = float(value)
    return ratings
