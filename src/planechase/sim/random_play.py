"""Seeded random games: random configurations, a weighted random agent and a playout loop.

Used by the conformance suite (``tests/conformance``), which checks invariants at every step, and by
the benchmark (``bench/bench_engine.py``), which times playouts. Everything is driven by one
:class:`random.Random` per game, so a seed names a whole game: its players, decks, starting life and
every action.

>>> playout = random_game(7, max_actions=50)
>>> playout == random_game(7, max_actions=50)
True
>>> 2 <= len(playout.config.players) <= 16
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..cards.catalog import CATALOG
from ..cards.decks import shared_minimum
from ..cards.model import Catalog
from ..cards.random_decks import card_pool, draw, random_deck, random_shared_deck
from ..core.actions import (
    NEXT_TURN,
    TRACKED_CARDS,
    Action,
    AdjustLife,
    AdjustPoison,
    Advance,
    Cast,
    TrackPermanent,
)
from ..core.config import GameConfig
from ..core.state import GameState, OtherEffect
from ..engine.reducer import StepResult, apply, legal_actions, new_game
from ..variants.eternities_map import PROFILES, CountersRule, MapRules, PhenomenaRule, Visibility, planes_needed

#: Seat names for random games (up to sixteen players, for Grand Melee).
PLAYER_NAMES: tuple[str, ...] = (
    "Alice",
    "Bob",
    "Carol",
    "Dave",
    "Eve",
    "Frank",
    "Grace",
    "Heidi",
    "Ivan",
    "Judy",
    "Ken",
    "Liam",
    "Mallory",
    "Niaj",
    "Olivia",
    "Peggy",
)

#: Called after every applied action with the state before it, the legal actions offered there, the
#: action chosen and the result.
Observer = Callable[[GameState, Sequence[Action], Action, StepResult], None]


@dataclass(frozen=True)
class Weights:
    """How often the random agent picks each kind of action, as relative weights.

    The defaults make games progress: the active player rolls often in main phases, players advance,
    resolve and pass often, "other" spells with planar effects appear now and then, and conceding is rare.
    ``life`` and ``poison`` weigh the table's adjustments (not in ``legal_actions``), which make
    players lose by state-based actions (704.5a, 704.5c).
    """

    choose: float = 1.0
    roll: float = 6.0
    advance: float = 3.0
    pass_priority: float = 2.0
    resolve: float = 4.0
    cast_none: float = 0.2
    cast_chaos: float = 0.5
    cast_planeswalk: float = 0.4
    cast_roll: float = 0.4
    counter: float = 0.3
    copy: float = 0.3
    #: Every effect on the turn structure together (extra turns, additional phases, skips, ending the turn).
    cast_turn: float = 0.15
    attack: float = 1.0
    #: The table telling the engine about Susan Foreman or Ichor Elixir (not in ``legal_actions``).
    permanent: float = 0.03
    concede: float = 0.02
    lose: float = 0.0
    life: float = 0.6
    poison: float = 0.1
    life_deltas: tuple[int, ...] = (-8, -6, -5, -4, -3, -2, -1, 2)
    poison_deltas: tuple[int, ...] = (1, 2, 3, -1)

    def by_kind(self) -> dict[str, float]:
        """The weight of each kind of action (see :func:`kind_of`). A kind offered several times at
        once (advancing to each later step, countering or copying each stack object, each player
        conceding) shares its weight among them, so a tall stack does not make countering crowd out
        everything else."""
        return {
            "choose": self.choose,
            "pass": self.pass_priority,
            "roll": self.roll,
            "resolve": self.resolve,
            "advance": self.advance,
            "concede": self.concede,
            "lose": self.lose,
            "cast:" + OtherEffect.NONE.value: self.cast_none,
            "cast:" + OtherEffect.CHAOS.value: self.cast_chaos,
            "cast:" + OtherEffect.PLANESWALK.value: self.cast_planeswalk,
            "cast:" + OtherEffect.ROLL.value: self.cast_roll,
            "cast:" + OtherEffect.COUNTER.value: self.counter,
            "cast:" + OtherEffect.COPY.value: self.copy,
            "cast:turn": self.cast_turn,
            "attack": self.attack,
        }


def kind_of(action: Action) -> str:
    """The kind of an action for weighting: its type, or ``cast:<effect>`` for a cast."""
    return _CAST_KINDS[action.effect] if type(action) is Cast else action.type


_CAST_KINDS: dict[str, str] = {e.value: "cast:turn" if e.changes_turn else "cast:" + e.value for e in OtherEffect}


# -- random configurations ---------------------------------------------------------------------


def legal_deck(rng: random.Random, catalog: Catalog = CATALOG, *, sizes: tuple[int, int] = (10, 13)) -> tuple[str, ...]:
    """A random planar deck that follows 901.3: 10 to 13 different cards, at most two phenomena."""
    pool = card_pool(catalog)
    size = rng.randint(*sizes)
    low = max(0, size - len(pool.planes))
    k = rng.randint(low, max(low, min(2, len(pool.phenomena))))
    return random_deck(rng=rng, size=size, phenomena=k, catalog=catalog)


def shared_deck(rng: random.Random, players: int, catalog: Catalog = CATALOG) -> tuple[tuple[str, ...], bool]:
    """A random single shared planar deck (901.15) and whether it is legal (901.15a).

    The legal minimum is the smaller of 40 and ten times the number of players. One deck in five (and
    every deck when the catalog is too small) is a "house" deck of any size and mix, marked illegal
    (``check_decks=False``), so that games also run on decks 901.15a would refuse.
    """
    pool = card_pool(catalog)
    need = shared_minimum(players)
    max_phenomena = min(2 * players, len(pool.phenomena))
    legal = len(pool.planes) + max_phenomena >= need and rng.random() < 0.8
    size = rng.randint(need, len(pool.planes) + max_phenomena) if legal else rng.randint(10, len(pool))
    top = max_phenomena if legal else len(pool.phenomena)
    low = max(0, size - len(pool.planes))
    k = rng.randint(low, max(low, min(top, size)))
    if legal:
        return random_shared_deck(players, rng=rng, size=size, phenomena=k, catalog=catalog), True
    return draw(rng, pool, planes=size - k, phenomena=k), False


def house_deck(rng: random.Random, catalog: Catalog = CATALOG) -> tuple[str, ...]:
    """A deliberately illegal deck for stress: 0 to 6 cards, any mix (repeats and all-phenomena decks
    included), to exercise empty and exhausted planar decks."""
    names = sorted(c.name for c in catalog)
    return tuple(rng.choices(names, k=rng.randint(0, 6)))


def random_config(rng: random.Random, *, seed: int = 0, catalog: Catalog = CATALOG) -> GameConfig:
    """A random game configuration: a random variant (Free-for-All for 2 to 6 players, sometimes with a
    limited range of influence or an attack option; Two-Headed Giant; Emperor with teams of three or
    four; Grand Melee for 10 to 16 players), a random starting life and starting player, and either legal
    individual planar decks (most games), the single shared deck (901.15), tiny "house" decks that break
    901.3 (``check_decks=False``), or (now and then) no Planechase at all."""
    kind = rng.random()
    variant, team_size, reach, attack = "free_for_all", None, None, None
    random_seating = False
    starting_life: int | None = rng.choice((20, 20, 20, 10, 5))
    if kind < 0.55:
        n = rng.randint(2, 6)
        if n > 2 and rng.random() < 0.4:
            reach = rng.choice((1, 2))
        if n > 2 and rng.random() < 0.4:
            attack = rng.choice(("multiple", "left", "right"))
        random_seating = n > 2 and rng.random() < 0.3  # 806.3
    elif kind < 0.72:
        variant, team_size = "two_headed_giant", 3 if rng.random() < 0.2 else 2
        n = 2 * team_size
        starting_life = rng.choice((None, None, 10, 5))
    elif kind < 0.9:
        team_size, teams = rng.choice(((3, 2), (3, 2), (4, 2), (3, 3)))
        variant, n = "emperor", team_size * teams
    else:
        variant, n = "grand_melee", rng.randint(10, 16)
        starting_life = rng.choice((10, 5, 5, 3))  # big tables: short games
        random_seating = rng.random() < 0.3  # 807.3
    starting_player = rng.randrange(n) if rng.random() < 0.5 else None
    if variant == "two_headed_giant" and starting_player is not None and team_size is not None:
        starting_player -= starting_player % team_size  # 805.2: a team starts with its primary player
    if variant == "emperor" and starting_player is not None and team_size is not None:
        starting_player += (team_size - 1) // 2 - starting_player % team_size  # 809.4: an emperor starts
    base = GameConfig(
        players=PLAYER_NAMES[:n],
        seed=seed,
        starting_player=starting_player,
        starting_life=starting_life,
        variant=variant,
        team_size=team_size,
        range_of_influence=reach,
        attack=attack,
        random_seating=random_seating,
    )
    mode = rng.random()
    if mode < 0.08:
        return replace(base, planechase=False)
    if variant != "grand_melee" and rng.random() < 0.15:
        return map_config(rng, base, catalog)
    if mode < 0.2:
        deck, legal = shared_deck(rng, n, catalog)
        return replace(base, shared_deck=deck, check_decks=legal)
    if mode < 0.3:
        return replace(base, decks=tuple(house_deck(rng, catalog) for _ in range(n)), check_decks=False)
    return replace(base, decks=tuple(legal_deck(rng, catalog) for _ in range(n)))


def map_config(rng: random.Random, base: GameConfig, catalog: Catalog = CATALOG) -> GameConfig:
    """``base`` played on the Eternities Map: a random profile, sometimes with changed settings (a small
    radius, other phenomenon chances, visibility or counters), and either the whole catalog or a random deck
    with just enough planes for the radius, so that decks run low."""
    settings: dict[str, object] = {"profile": rng.choice(sorted(PROFILES))}
    if rng.random() < 0.5:
        settings["radius"] = rng.randint(1, 4)
    if rng.random() < 0.25:
        settings["phenomena"] = rng.choice([p.value for p in PhenomenaRule])
    if rng.random() < 0.3:
        settings["hellride_chance"] = rng.choice((0, 25, 50, 100))
        settings["move_chance"] = rng.choice((0, 10, 50, 100))
    if rng.random() < 0.25:
        settings["visibility"] = rng.choice([v.value for v in Visibility])
    if rng.random() < 0.25:
        settings["counters"] = rng.choice([c.value for c in CountersRule])
    rules = MapRules.from_dict(settings)
    if rng.random() < 0.5:
        return replace(base, eternities_map=rules)
    pool = card_pool(catalog)
    planes = rng.sample(sorted(pool.planes), min(len(pool.planes), planes_needed(rules) + rng.randint(0, 8)))
    phenomena = rng.sample(sorted(pool.phenomena), rng.randint(1, len(pool.phenomena))) if rules.uses_phenomena else []
    deck = [*planes, *phenomena]
    rng.shuffle(deck)
    return replace(base, eternities_map=rules, shared_deck=tuple(deck))


# -- the agent -------------------------------------------------------------------------------


@dataclass
class RandomAgent:
    """Picks a weighted random action: one of ``legal_actions`` by :class:`Weights`, or a life or
    poison adjustment for a random player."""

    rng: random.Random
    weights: Weights = field(default_factory=Weights)
    _kind_weights: dict[str, float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._kind_weights = self.weights.by_kind()

    def choose(self, state: GameState, legal: Sequence[Action]) -> Action:
        """An action for ``state``, where ``legal`` is ``legal_actions(state)`` (not empty).

        First a kind of action is drawn by weight (or a life or poison adjustment, when no decision
        is pending), then one action of that kind uniformly; for advancing, "next turn" gets half of
        the chances. With a decision pending, that means one of its options, or now and then a
        concession (104.3a allows one at any time)."""
        if not legal:
            raise ValueError("there is no legal action to choose from (is the game over?)")
        rng = self.rng
        groups: dict[str, list[Action]] = {}
        for action in legal:
            key = _CAST_KINDS[action.effect] if type(action) is Cast else action.type
            group = groups.get(key)
            if group is None:
                groups[key] = [action]
            else:
                group.append(action)
        weights = self._kind_weights
        total = 0.0
        for key in groups:
            total += weights.get(key, 1.0)
        # The table's adjustments are possible whenever no decision is pending.
        extra_life = extra_poison = extra_permanent = 0.0
        if state.pending is None:
            extra_life, extra_poison = self.weights.life, self.weights.poison
            extra_permanent = self.weights.permanent
            total += extra_life + extra_poison + extra_permanent
        if total <= 0:
            return legal[rng.randrange(len(legal))]
        pick = rng.random() * total
        for key, group in groups.items():
            weight = weights.get(key, 1.0)
            if pick < weight:
                chosen = _pick_in_group(rng, key, group)
                return _describe_cast(rng, chosen) if type(chosen) is Cast else chosen
            pick -= weight
        adjust = state.seats_in_game
        seat = adjust[rng.randrange(len(adjust))]
        if pick < extra_life:
            return AdjustLife(seat, rng.choice(self.weights.life_deltas))
        pick -= extra_life
        if pick < extra_permanent:
            held = [p.card for p in state.permanents if p.controller == seat]
            if held and rng.random() < 0.5:
                return TrackPermanent(seat, card=rng.choice(held), controls=False)
            return TrackPermanent(seat, card=rng.choice(sorted(TRACKED_CARDS)))
        return AdjustPoison(seat, rng.choice(self.weights.poison_deltas))


#: What random casts are, so that spell-cast abilities with a filter (Jund, Izzet Steam Maze) trigger too.
SPELL_DESCRIPTIONS: tuple[str, ...] = (
    "",
    "red instant single-target",
    "blue sorcery",
    "black creature",
    "legendary artifact",
    "green enchantment",
)


def _describe_cast(rng: random.Random, cast: Cast) -> Cast:
    """A cast made a spell of a random description, or (one time in five) an ability."""
    if rng.random() < 0.2:
        return replace(cast, spell=False)
    return replace(cast, types=rng.choice(SPELL_DESCRIPTIONS))


def _pick_in_group(rng: random.Random, key: str, group: list[Action]) -> Action:
    if len(group) == 1:
        return group[0]
    if key == "advance":
        # Half of the chances go to "next turn", half to the steps of this turn.
        later = [a for a in group if not (isinstance(a, Advance) and a.to == NEXT_TURN)]
        if len(later) < len(group) and rng.random() < 0.5:
            return next(a for a in group if a not in later)
        if later:
            return later[rng.randrange(len(later))]
    return group[rng.randrange(len(group))]


# -- playing ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Playout:
    """A finished (or capped) random game: its configuration, the actions taken and the final state."""

    config: GameConfig
    actions: tuple[Action, ...]
    final: GameState
    events: int

    @property
    def over(self) -> bool:
        """Whether the game ended (rather than hitting the action cap)."""
        return self.final.over


def play_random_game(
    config: GameConfig,
    agent: RandomAgent,
    *,
    max_actions: int = 300,
    observer: Observer | None = None,
    catalog: Catalog = CATALOG,
) -> Playout:
    """Play ``config`` with ``agent`` until the game is over or ``max_actions`` actions were applied,
    using only the pure core (``legal_actions`` then ``apply`` at each step)."""
    result = new_game(config, catalog)
    state = result.state
    events = len(result.events)
    actions: list[Action] = []
    for _ in range(max_actions):
        legal = legal_actions(state)
        if not legal:
            break
        action = agent.choose(state, legal)
        step = apply(state, action, catalog)
        if observer is not None:
            observer(state, legal, action, step)
        actions.append(action)
        events += len(step.events)
        state = step.state
    return Playout(config, tuple(actions), state, events)


def random_game(
    seed: int,
    *,
    max_actions: int = 300,
    weights: Weights | None = None,
    observer: Observer | None = None,
    catalog: Catalog = CATALOG,
) -> Playout:
    """Play the random game named by ``seed``: its configuration and every action come from
    ``random.Random(seed)``, and the engine's own generator is seeded with ``seed`` too."""
    rng = random.Random(seed)
    config = random_config(rng, seed=seed, catalog=catalog)
    agent = RandomAgent(rng, weights or Weights())
    return play_random_game(config, agent, max_actions=max_actions, observer=observer, catalog=catalog)
