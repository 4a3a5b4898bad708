"""The pure reducer: ``new_game(config, catalog)`` and ``apply(state, action)`` return a new state and the
events that happened; the input state is never changed.

The catalog of planar cards is handed to the game: ``new_game`` keeps it with the state, and ``apply``,
``legal_actions`` and the rest use the state's catalog unless given one. Nothing here imports the standard
catalog; :mod:`planechase` (the package) supplies it by default.

>>> from planechase.cards.catalog import CATALOG
>>> from planechase.core.actions import Advance
>>> from planechase.core.config import demo_config
>>> result = new_game(demo_config(seed=1), CATALOG)
>>> result.state.step.value, len(result.state.face_up)
('upkeep', 1)
>>> after = apply(result.state, Advance(player=result.state.priority, to="precombat_main"))
>>> after.state.step.value
'precombat_main'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..cards.decks import check_deck, check_shared_deck, resolve_names
from ..cards.model import Catalog
from ..core import rng
from ..core.actions import Action, Choose, Concede, Lose, action_from_dict, rebuilt_action
from ..core.config import GameConfig
from ..core.context import LEAVE_ANSWER, Cancelled, GameEnded, Run, Suspend
from ..core.events import Event
from ..core.queries import catalog_for, copy_state, table_of
from ..core.state import CardRef, Decision, DieFace, GameState, Pending, Player
from ..errors import DeckError, Text
from ..planar import eternities
from ..planar.zones import is_plane, turn_face_up
from ..variants.eternities_map import EternitiesMap, MapRules, PhenomenaRule, planes_needed
from ..variants.seating import Variant
from . import melee
from .legality import MAX_TOTAL, advance_targets, check_action, check_focused, focus_for, is_legal, legal_actions
from .perform import perform, perform_leaves, replay_leave
from .turns import begin_step, begin_turn, note_priority, proceed

__all__ = [
    "MAX_TOTAL",
    "StepResult",
    "advance_targets",
    "apply",
    "check_action",
    "force",
    "is_legal",
    "legal_actions",
    "map_deck",
    "new_game",
    "set_starting_plane",
]


@dataclass(slots=True)
class StepResult:
    """What applying an action gave: the new state and the events, in order."""

    state: GameState
    events: tuple[Event, ...] = field(default=())

    @property
    def decision(self) -> Decision | None:
        return self.state.pending.decision if self.state.pending else None


# -- starting a game ---------------------------------------------------------------------------


def new_game(config: GameConfig, catalog: Catalog, *, forced: Sequence[str] = ()) -> StepResult:
    """Set up a game (103) played with the planar cards of ``catalog`` (kept with the state): shuffle the
    planar decks, choose the starting player, set the starting plane and begin the first turn. Raises
    :class:`~planechase.errors.ConfigError` for a bad configuration or illegal decks. ``forced`` fixes
    chance outcomes of the setup (see :func:`force`), e.g. ``("order:0,1,2,3,4,5,6,7,8,9",)`` keeps the
    first deck in its listed order."""
    config.validate()
    players = tuple(Player(seat=i, name=name.strip(), life=config.life_total) for i, name in enumerate(config.players))
    cards: list[CardRef] = []
    decks: list[tuple[int, ...]] = []
    if config.eternities_map is not None and config.planechase:
        map_cards, map_decks = map_deck(config, config.eternities_map, catalog)
        cards.extend(map_cards)
        decks.extend(map_decks)
    elif config.decks is not None:
        for seat, names in enumerate(config.decks):
            where = Text("{player}'s planar deck", {"player": players[seat].name})
            if config.check_decks:
                check_deck(names, catalog, where=where)
            resolved = resolve_names(names, catalog, where=where)
            decks.append(tuple(range(len(cards), len(cards) + len(resolved))))
            cards.extend(CardRef(name, seat) for name in resolved)
    elif config.shared_deck is not None:
        if config.check_decks:
            check_shared_deck(config.shared_deck, len(players), catalog)
        resolved = resolve_names(config.shared_deck, catalog, where=Text("the shared planar deck"))
        decks.append(tuple(range(len(resolved))))
        cards.extend(CardRef(name, None) for name in resolved)
    else:  # no Planechase: an empty planar deck for everyone, so every query about decks still answers
        decks.extend(() for _ in players)
    zeros = tuple(0 for _ in players)
    base = GameState(
        players=players,
        cards=tuple(cards),
        decks=tuple(decks),
        shared_deck=config.shared_deck is not None or config.eternities_map is not None,
        rng=rng.seed_state(config.seed),
        planechase=config.planechase,
        rolls_taken=zeros,
        rolls_made=zeros,
        forced=tuple(forced),
        table=config.seating(),
        eternities=None if config.eternities_map is None else EternitiesMap(rules=config.eternities_map),
    )
    start = {"type": "start", "starting_player": config.starting_player, "random_seating": config.random_seating}
    return _run(base, start, (), catalog, skip=0)


def map_deck(config: GameConfig, rules: MapRules, catalog: Catalog) -> tuple[list[CardRef], list[tuple[int, ...]]]:
    """The map's cards and decks: ``config.shared_deck``, or one of every plane in ``catalog`` (and every
    phenomenon when ``rules`` use phenomena). With the ``pile`` rule, phenomena make a second deck.
    Raises :class:`DeckError` for a deck the map cannot be played with."""
    if config.shared_deck is None:
        names: tuple[str, ...] = tuple(c.name for c in catalog if c.is_plane or rules.uses_phenomena)
    else:
        names = resolve_names(config.shared_deck, catalog, where=Text("the Eternities Map deck"))
    where = Text("the Eternities Map deck")
    if config.check_decks:
        seen: set[str] = set()
        for index, name in enumerate(names, start=1):
            if name in seen:
                raise DeckError(
                    "",
                    "{where}, card {index}: {card} is already in the deck (one of each card)",
                    where=where,
                    index=index,
                    card=name,
                )
            seen.add(name)
    planes = [n for n in names if catalog[n].is_plane]
    phenomena = [n for n in names if not catalog[n].is_plane]
    if phenomena and not rules.uses_phenomena:
        raise DeckError(
            "",
            "{where}: profile {profile} keeps phenomena off the map, but the deck holds {names}; remove them or choose "
            "a profile with phenomena",
            where=where,
            profile=repr(rules.profile),
            names=", ".join(phenomena[:3]) + ("..." if len(phenomena) > 3 else ""),
        )
    needed = planes_needed(rules)
    if len(planes) < needed:
        raise DeckError(
            "",
            "{where}: a map of radius {radius} needs at least {needed} planes (one for every space within {radius} "
            "steps, and one more), not {count}",
            where=where,
            radius=rules.radius,
            needed=needed,
            count=len(planes),
        )
    if rules.phenomena is PhenomenaRule.PILE:
        ordered = [*planes, *phenomena]
        cards = [CardRef(name, None) for name in ordered]
        return cards, [tuple(range(len(planes))), tuple(range(len(planes), len(ordered)))]
    cards = [CardRef(name, None) for name in names]
    return cards, [tuple(range(len(names)))]


def _setup(run: Run, starting_player: int | None) -> None:
    s = run.s
    table = table_of(s)
    multiplayer = len(s.players) > 2 or table.variant.value != "free_for_all"  # 800.1
    kind = "Planechase game" if s.planechase else "game (without Planechase)"
    rules = ("103.1", "901.1") if s.planechase else ("103.1",)
    run.emit(
        "game_started",
        (*rules, table.variant.rule) if multiplayer else rules,
        (
            f"{_article(table.variant.label)} {table.variant.label} {kind} begins: "
            if multiplayer
            else f"A {kind} begins: "
        )
        + _seating_text(run)
        + ".",
        players=[p.name for p in s.players],
        shared_deck=s.shared_deck,
        variant=table.variant.value,
        **({} if s.planechase else {"planechase": False}),
    )
    for index, deck in enumerate(s.decks if s.planechase else ()):
        order = run.shuffle(deck)
        run.set_deck(index, order)
        whose = "The shared planar deck" if s.shared_deck else f"{run.name(index)}'s planar deck"
        if s.eternities is not None:
            whose = "The Eternities Map deck" if index == 0 else "The phenomenon pile"
        run.emit(
            "deck_shuffled",
            ("103.3a", "901.4"),
            f"{whose} is shuffled.",
            deck=index,
            chance="order:" + ",".join(str(deck.index(c)) for c in order),
        )
    if starting_player is None:
        # 809.4: a random emperor goes first; 805.3: a random team starts, led by its primary player.
        candidates = [seat.seat for seat in table.seats if seat.role.value in ("emperor", "primary")]
        rule, whom = {"emperor": ("809.4", " (an emperor goes first)"), "two_headed_giant": ("805.3", "'s team")}.get(
            table.variant.value, ("103.1", "")
        )
        starting_player = run.random_seat(candidates or list(range(len(s.players))))
        run.emit(
            "starting_player",
            rule,
            f"{run.name(starting_player)}{whom} is chosen at random to start.",
            player=starting_player,
            chance=f"seat:{starting_player}",
        )
    else:
        run.emit("starting_player", "103.1", f"{run.name(starting_player)} starts.", player=starting_player)
    s.starting_player = starting_player
    if s.eternities is not None:
        eternities.set_up(run)  # the map is laid out; only its centre is face up during mulligans
    run.emit(
        "instruction",
        ("103.5", "800.6"),
        "Each player: draw seven cards; take mulligans now.",
        players=list(range(len(s.players))),
        who="each_player",
        instruction="draw an opening hand of seven cards",
        amount=7,
        card=None,
    )
    if table.variant is Variant.GRAND_MELEE:
        melee.set_up(run, starting_player)  # 807.4b, 901.14a
        return
    if s.eternities is not None:
        s.planar_controller = starting_player
        eternities.start(run)  # the neighbours are turned face up as the game starts
    elif s.planechase:
        s.planar_controller = starting_player
        set_starting_plane(run, starting_player)
    begin_turn(run)
    if not begin_step(run):
        proceed(run)


def _seat_at_random(run: Run) -> None:
    """806.3, 807.3: the players are seated at random. Seat ``i`` goes to the ``order[i]``-th listed player,
    who keeps their name, life and planar deck."""
    s = run.s
    order = run.shuffle(tuple(range(len(s.players))))
    seat_of = {listed: seat for seat, listed in enumerate(order)}
    s.players = tuple(replace(s.players[listed], seat=seat) for seat, listed in enumerate(order))
    s.cards = tuple(CardRef(c.name, None if c.owner is None else seat_of[c.owner]) for c in s.cards)
    if not s.shared_deck:
        s.decks = tuple(s.decks[listed] for listed in order)
    rule = "807.3" if table_of(s).variant is Variant.GRAND_MELEE else "806.3"
    run.emit(
        "seated_at_random",
        rule,
        "The players are seated at random, clockwise: " + ", ".join(p.name for p in s.players) + ".",
        players=[p.name for p in s.players],
        chance="order:" + ",".join(str(listed) for listed in order),
    )


def _article(word: str) -> str:
    return "An" if word[0].lower() in "aeiou" else "A"


def _seating_text(run: Run) -> str:
    table = table_of(run.s)
    if not table.teams:
        return ", ".join(p.name for p in run.s.players)
    return "; ".join(
        f"team {index + 1}: " + ", ".join(f"{run.name(seat)} ({table.seats[seat].role.value})" for seat in team)
        for index, team in enumerate(table.teams)
    )


def set_starting_plane(run: Run, seat: int) -> None:
    """103.7 / 901.5: turn up the top card; a phenomenon goes to the bottom and the process repeats
    until a plane is face up. Nothing triggers. A deck with no plane stops after one pass."""
    s = run.s
    index = s.deck_index(seat)
    for _ in range(len(s.decks[index])):
        top = s.decks[index][0]
        name = run.card_name(top)
        if is_plane(run, top):
            turn_face_up(run, top)
            s.visited = (*s.visited, top)
            run.emit("starting_plane", ("103.7", "901.5"), f"{name} is the starting plane.", card=name)
            return
        run.set_deck(index, (*s.decks[index][1:], top))
        run.emit(
            "starting_plane_phenomenon",
            ("103.7", "901.5"),
            f"{name} is a phenomenon: it goes to the bottom and nothing triggers.",
            card=name,
        )
    run.emit("no_starting_plane", "901.5", "The planar deck has no plane card: there is no starting plane.")


# -- applying actions --------------------------------------------------------------------------


def apply(
    state: GameState,
    action: Action | dict[str, Any],
    catalog: Catalog | None = None,
    *,
    default: Catalog | None = None,
) -> StepResult:
    """Apply ``action`` to ``state``, with the state's catalog (or ``catalog``, which the new state then
    keeps; or ``default`` for a state that has none). An illegal action raises
    :class:`~planechase.errors.IllegalActionError` naming the rule; ``state`` is unchanged.

    ``action`` is parsed once, here, if it comes as its JSON form; the typed action is checked and
    carried out (:mod:`planechase.engine.perform` dispatches on its type)."""
    if isinstance(action, dict):
        action = action_from_dict(action)
    cards = catalog_for(state, catalog, default)
    if state.__dict__.get("_catalog") is not cards:
        state = state.with_catalog(cards)
    original = state
    if state.markers is not None and state.pending is None:
        state = focus_for(state, action)  # 807.5b: the stack the action is for
    check_focused(state, action, cards)
    pending = state.pending
    if pending is not None:
        if isinstance(action, Concede | Lose):
            # 104.3a: a player may concede at any time, even in the middle of an action; the action
            # goes on from where it stood (the concession is replayed at that point).
            reason = "concedes" if isinstance(action, Concede) else action.reason
            answer = f"{LEAVE_ANSWER}:{action.type}:{action.player}:{reason}"
        else:
            assert isinstance(action, Choose)
            answer = action.option
        return _run(pending.base, pending.action, (*pending.answers, answer), cards, skip=pending.emitted)
    result = _run(state, action, (), cards, skip=0)
    if result.state is state and state is not original:
        return StepResult(original, result.events)  # nothing changed (the action was cancelled)
    return result


def _run(
    base: GameState, action: Action | dict[str, Any], answers: Sequence[str], catalog: Catalog, *, skip: int
) -> StepResult:
    """Carry out ``action`` (typed, or the JSON form of a resumed one) on a copy of ``base``, replaying
    ``answers`` to the decisions it asks for; events before ``skip`` were already reported."""
    if base.__dict__.get("_catalog") is not catalog:  # a state loaded from JSON keeps its pending base without one
        base = base.with_catalog(catalog)
    run = Run(copy_state(base), catalog, answers, leave=replay_leave)
    try:
        if isinstance(action, dict):
            _perform_stored(run, action)
        else:
            perform(run, action)
    except Suspend as suspended:
        state = run.s
        stored = action if isinstance(action, dict) else action.to_dict()
        state.pending = Pending(
            decision=suspended.decision, base=base, action=stored, answers=tuple(answers), emitted=len(run.events)
        )
        return StepResult(state, tuple(run.events[skip:]))
    except GameEnded:
        pass
    except Cancelled:
        event = Event(
            "cancelled",
            ("732.1", "116.2i"),
            "The action is reversed: its cost was not paid; nothing changes.",
            {"action": action.get("type") if isinstance(action, dict) else action.type},
        )
        leaves = [a for a in answers if a.startswith(LEAVE_ANSWER + ":")]
        if not leaves:
            return StepResult(base, (event,))
        # Concessions made while the cost was being decided stand (104.3a): replay just them.
        kept = _run(base, {"type": "leaves", "leaves": leaves}, (), catalog, skip=0)
        return StepResult(kept.state, (event, *kept.events))
    if run.priority_moved:
        note_priority(run)
    state = run.s
    state.pending = None
    state.actions_taken = base.actions_taken + 1
    if state.markers is not None:
        melee.refocus(state)
    return StepResult(state, tuple(run.events[skip:]) if skip else tuple(run.events))


def _perform_stored(run: Run, action: dict[str, Any]) -> None:
    """Carry out an action kept in its JSON form: the game's start, concessions replayed on their own, or
    an action resumed after a decision (kept in :class:`~planechase.core.state.Pending`)."""
    kind = action["type"]
    if kind == "start":
        if action.get("random_seating"):
            _seat_at_random(run)
        _setup(run, action.get("starting_player"))
    elif kind == "leaves":
        perform_leaves(run, tuple(action["leaves"]))
    else:
        perform(run, rebuilt_action(action))  # checked when it was first taken


def force(state: GameState, *outcomes: str | DieFace) -> GameState:
    """A copy of ``state`` whose next chance draws are forced, for tests and replays: die faces
    (``"chaos"`` or :class:`DieFace`), ``"order:2,0,1"`` for a shuffle, ``"seat:1"`` for a random seat.

    >>> from planechase import demo_config, new_game
    >>> s = force(new_game(demo_config()).state, "planeswalker")
    >>> s.forced
    ('die:planeswalker',)
    """
    new = copy_state(state)
    extra = tuple(f"die:{DieFace(o).value}" if isinstance(o, DieFace) or ":" not in o else o for o in outcomes)
    new.forced = (*new.forced, *extra)
    if new.pending is not None:
        # The pending action resumes by replaying from its base state: the outcomes go there too.
        new.pending = replace(new.pending, base=force(new.pending.base, *extra))
    return new
