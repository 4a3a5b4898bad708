"""Playing on the Eternities Map (the 2010 variant; the map itself is :mod:`planechase.variants.eternities_map`).

The map replaces "the top card of your planar deck" when the game planeswalks (701.31b): instead the game
moves one step on the map, in a direction the planeswalker chooses, or diagonally onto an unknown space
(a hellride). The plane at the current position is the face-up plane in the command zone (901.7); every
other plane on the map is a card lying on the table, face up or face down, and not an object of the game.
The map's one deck is ``decks[0]`` (a single shared deck, 901.15b, 901.15c); with the ``pile`` phenomena
rule, the separate phenomenon pile is ``decks[1]``.

How the planar cards that move the game read on the map (documented in docs/variants/eternities-map.md):

* **Planeswalk** (the die, 704.6f, "planeswalk" on a card): a move. While a phenomenon is face up, the move
  is already under way: planeswalking away from it finishes it, without a new direction.
* **Planeswalk to named planes** (Spatial Merging): a move, and the first plane is put on the destination
  space (the card there goes to the bottom of the deck); the others join it, face up beside the map, and
  go to the bottom of the deck when the game moves on. Such a move meets no phenomenon on the way.
* **Don't planeswalk away** (Norn's Seedcore): no move; the plane joins the current one beside the map.
* **Interplanar Tunnel**: the chosen plane goes on top of the deck; the next move puts it on the
  destination space (the card there goes to the bottom of the deck).
* **The top of the planar deck** (Stairs to Infinity, Pools of Becoming, The Fertile Lands of Saulvinia):
  the map's deck, whose top card is the next one dealt onto the map.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.context import Run
from ..core.state import DecisionKind, Duration, FaceUpCard, GameState
from ..variants.eternities_map import (
    Direction,
    EternitiesMap,
    PhenomenaRule,
    Position,
    Visibility,
    around,
    place_name,
)
from .zones import deck_holding, is_plane, take_from_deck

if TYPE_CHECKING:
    from ..cards.model import Catalog

#: The CR rules a move on the map stands in for: planeswalking (701.31) and its results (901.11).
MOVE_RULES: tuple[str, ...] = ("701.31b", "901.11")


# -- set-up ------------------------------------------------------------------------------------------


def _map(run: Run) -> EternitiesMap:
    m = run.s.eternities
    assert m is not None
    return m


def set_up(run: Run) -> None:
    """Lay out the map (the article's set-up): deal five cards face down in a plus shape and turn the
    centre face up as the starting plane (103.7: a phenomenon there goes to the bottom and the next card
    takes its place). The neighbours stay face down until the game starts (:func:`start`)."""
    s = run.s
    m = _map(run)
    run.emit(
        "map_rules",
        ("901.1", "901.4"),
        "The game is played on the Eternities Map. "
        + " ".join(line if line.endswith(".") else line + "." for line in m.rules.describe()),
        map_rule="house:profile",
        settings=m.rules.to_dict(),
        lines=m.rules.describe(),
    )
    for _ in range(len(s.decks[0])):
        top = s.decks[0][0]
        if is_plane(run, top):
            break
        run.set_deck(0, (*s.decks[0][1:], top))
        run.emit(
            "starting_plane_phenomenon",
            ("103.7", "901.5"),
            f"{run.card_name(top)} is a phenomenon: it goes to the bottom and nothing triggers.",
            card=run.card_name(top),
        )
    centre = s.decks[0][0]
    take_from_deck(run, centre)
    s.eternities = m.deal((0, 0), centre)
    for space in around((0, 0)):
        _deal(run, space)
    run.emit(
        "map_dealt",
        ("103.7", "901.4"),
        "Five cards are dealt face down in a plus shape: the centre and the four spaces around it.",
        map_rule="article:setup",
        spaces=[list(c.position) for c in _map(run).cells],
    )
    s.eternities = _map(run).turn_up((0, 0))
    from .zones import turn_face_up

    turn_face_up(run, centre)
    s.visited = (*s.visited, centre)
    run.emit(
        "starting_plane",
        ("103.7", "901.5"),
        f"{run.card_name(centre)}, the centre of the map, is the starting plane; only it is face up during mulligans.",
        card=run.card_name(centre),
        position=[0, 0],
        map_rule="article:setup",
    )


def start(run: Run) -> None:
    """The game starts (103.8): with classic-plus visibility, the four planes around the centre are turned
    face up."""
    _reveal_around(run, "The game starts: the four planes around the centre are turned face up.", "article:setup")


def _reveal_around(run: Run, text: str, map_rule: str) -> None:
    s = run.s
    m = _map(run)
    if m.rules.visibility is not Visibility.CLASSIC_PLUS:
        return
    hidden = [p for p in around(m.position) if (c := m.at(p)) is not None and not c.face_up]
    if not hidden:
        return
    for space in hidden:
        m = m.turn_up(space)
    s.eternities = m
    run.emit(
        "map_revealed",
        "901.4",
        text + " " + "; ".join(f"{run.card_name(m.card_at(p) or 0)} ({place_name(p)})" for p in hidden) + ".",
        map_rule=map_rule,
        spaces=[list(p) for p in hidden],
        cards=[run.card_name(m.card_at(p) or 0) for p in hidden],
    )


def _deal(run: Run, space: Position, *, face_up: bool = False) -> int | None:
    """Deal the top card of the deck onto the empty ``space``; ``None`` if the deck is empty."""
    deck = run.s.decks[0]
    if not deck:
        return None
    card = deck[0]
    take_from_deck(run, card)
    run.s.eternities = _map(run).deal(space, card, face_up=face_up)
    return card


# -- leaving a plane ---------------------------------------------------------------------------------


def stays_on_map(run: Run, fu: FaceUpCard) -> bool:
    """Whether a face-up card the game planeswalks away from stays on the map: the plane of the current
    space does (it is turned face down only in the CR's sense, 901.7a); phenomena and planes beside the
    map (Spatial Merging, Norn's Seedcore) go to the bottom of the deck (701.31b)."""
    m = run.s.eternities
    return m is not None and m.card_at(m.position) == fu.card and is_plane(run, fu.card)


def left_on_map(run: Run, fu: FaceUpCard) -> None:
    """The plane ``fu`` stays on the map as the game leaves it: with the ``keep`` counters rule it keeps
    its counters there; with ``reset`` (901.7a) they are gone."""
    m = _map(run)
    position = m.where(fu.card)
    if position is None:
        return
    keep = m.rules.counters.value == "keep"
    run.s.eternities = m.keep_counters(position, fu.counters if keep else ())
    if fu.counters and not keep:
        run.emit(
            "counters_lost",
            ("901.7a", "122.2"),
            f"{run.card_name(fu.card)} loses its counters: the plane the game left is a new object (901.7a).",
            card=run.card_name(fu.card),
            map_rule="house:counters",
        )


def off_map(run: Run, card: int) -> None:
    """``card`` leaves the map (a phenomenon the game met on its space goes to the bottom of the deck)."""
    m = _map(run)
    position = m.where(card)
    if position is not None:
        run.s.eternities = m.remove(position)


def home_deck(run: Run, card: int) -> int:
    """The deck a card of the map game goes back to: the phenomenon pile (``decks[1]``) for a phenomenon
    with the ``pile`` rule, else the map's deck."""
    m = _map(run)
    if m.rules.phenomena is PhenomenaRule.PILE and not is_plane(run, card):
        return 1
    return 0


# -- moving ------------------------------------------------------------------------------------------


def _direction_label(run: Run, direction: Direction, target: Position) -> str:
    m = _map(run)
    cell = m.at(target)
    if cell is None:
        what = "an unknown space (a card is dealt there)"
    elif cell.face_up:
        what = run.card_name(cell.card)
    else:
        what = "a face-down card"
    name = direction.value.capitalize()
    return f"{name} (hellride): {what}" if direction.hellride else f"{name}: {what}"


def choose_direction(run: Run, seat: int) -> tuple[Direction, Position] | None:
    """Ask the planeswalker where the game goes: any orthogonal step, or a hellride onto an unknown diagonal
    space. ``None`` if no space can be entered (an empty deck and empty spaces all around)."""
    moves = _map(run).moves(can_deal=bool(run.s.decks[0]))
    if not moves:
        return None
    if len(moves) == 1:
        return moves[0]
    answer = run.decide(
        DecisionKind.CHOOSE_DIRECTION,
        seat,
        "Choose where the game planeswalks on the Eternities Map",
        [(d.value, _direction_label(run, d, target)) for d, target in moves],
        "701.31b",
    )
    return next((d, target) for d, target in moves if d.value == answer)


def move_under_way(state: GameState, catalog: Catalog) -> bool:
    """Whether the game is in the middle of a move on the map: arriving at a space, or a phenomenon is face
    up (met on the way with the ``pile`` rule, or dealt on the current space). Planeswalking then finishes
    the move instead of choosing a direction."""
    m = state.eternities
    if m is None:
        return False
    return m.arriving or any(not catalog[state.name_of(fu.card)].is_plane for fu in state.face_up)


def planeswalk_on_map(
    run: Run, seat: int, *, rules: tuple[str, ...], cause: str, to_cards: Sequence[int] | None
) -> None:
    """``seat`` planeswalks on the map: chooses a direction (unless a move is under way), planeswalks away
    from every face-up card (the current plane stays on the map), moves, meets a phenomenon on the way if
    the rules say so, and planeswalks to the plane of the new space (or ``to_cards``, see the module)."""
    from .planeswalk import end_effects, leave_face_up

    s = run.s
    under_way = move_under_way(s, run.catalog)
    direction: Direction | None = None
    if not under_way:
        choice = choose_direction(run, seat)
        if choice is None:
            run.emit(
                "map_no_move",
                "701.31b",
                "No space on the map can be entered (the deck is empty): the game stays where it is.",
                player=seat,
                map_rule="article:move",
            )
            return
        direction, target = choice
    because = f" ({cause})" if cause else ""
    run.emit("planeswalk", rules, f"{run.name(seat)} planeswalks{because}.", player=seat)
    left = s.face_up
    if left:
        leave_face_up(run, left, rule="701.31b")
        if any(is_plane(run, fu.card) for fu in left):
            end_effects(run, (Duration.PLANESWALK_AWAY_FROM_PLANE,), "901.11")
    met: int | None = None
    if direction is not None:
        start = _map(run).position
        s.eternities = replace(_map(run), position=target)
        kind = "hellrides" if direction.hellride else "moves"
        run.emit(
            "map_moved",
            MOVE_RULES,
            f"The game {kind} {direction.value} to {place_name(target)}.",
            player=seat,
            direction=direction.value,
            hellride=direction.hellride,
            position=list(target),
            previous=list(start),
            map_rule="article:hellride" if direction.hellride else "article:move",
        )
        if to_cards is None:  # a move to named planes (Spatial Merging) goes straight there
            met = _phenomenon_on_the_way(run, hellride=direction.hellride)
    merged = _arrive(run, to_cards)
    for beside in merged:
        take_from_deck(run, beside)  # out of the deck before the map is tidied, on their way face up
    if direction is not None:
        _shuffle_back_far_planes(run)
        _fill_around(run)
        _reveal_around(run, "The planes around the new position are turned face up:", "house:visibility")
    m = _map(run)
    card = m.card_at(m.position)
    assert card is not None
    if met is not None:
        s.eternities = replace(m, arriving=True)
        _turn_up(run, seat, (met,), rules)
        return
    s.eternities = replace(m, arriving=False)
    _turn_up(run, seat, (card, *merged), rules)


def _turn_up(run: Run, seat: int, cards: Sequence[int], rules: tuple[str, ...]) -> None:
    from .planeswalk import turn_up_new

    m = _map(run)
    counters = {c.card: c.counters for c in m.cells if c.counters}
    if counters:
        m = replace(m, cells=tuple(replace(c, counters=()) if c.card in cards else c for c in m.cells))
        run.s.eternities = m
    turn_up_new(run, seat, cards, rules=(*rules, "901.11"), counters=counters)


def _phenomenon_on_the_way(run: Run, *, hellride: bool) -> int | None:
    """With the ``pile`` rule: whether this move meets a phenomenon, by the rules' percent chance; the top
    card of the pile if so."""
    s = run.s
    rules = _map(run).rules
    if rules.phenomena is not PhenomenaRule.PILE or len(s.decks) < 2 or not s.decks[1]:
        return None
    chance = rules.hellride_chance if hellride else rules.move_chance
    if chance <= 0:
        return None
    kind = "hellride" if hellride else "move"
    if chance < 100:
        roll = run.roll_percent()
        met = roll <= chance
        run.emit(
            "map_phenomenon_chance",
            ("901.4",),
            f"A {kind} meets a phenomenon {chance}% of the time: rolled {roll}, "
            + ("a phenomenon is met on the way." if met else "no phenomenon."),
            chance=f"percent:{roll}",
            percent=chance,
            met=met,
            map_rule="house:phenomena",
        )
        if not met:
            return None
    card = s.decks[1][0]
    run.emit(
        "map_phenomenon_met",
        ("312.5", "901.4"),
        f"On the way, the game meets {run.card_name(card)}, the top card of the phenomenon pile.",
        card=run.card_name(card),
        map_rule="house:phenomena",
    )
    return card  # the destination is dealt or turned up next, as the game arrives (_arrive)


def _deal_destination(run: Run) -> None:
    """Deal the top card of the deck face up onto the empty space the game is entering."""
    position = _map(run).position
    card = _deal(run, position, face_up=True)
    if card is not None:
        run.emit(
            "map_space_dealt",
            ("901.4",),
            f"{run.card_name(card)} is dealt face up onto the space the game enters ({place_name(position)}).",
            card=run.card_name(card),
            position=list(position),
            map_rule="article:move",
        )


def _arrive(run: Run, to_cards: Sequence[int] | None) -> tuple[int, ...]:
    """Make the current space hold the plane the game arrives at, face up on the map: a named plane or
    Interplanar Tunnel's top card takes the space (the card there goes to the bottom of the deck), an empty
    space is dealt the top card. Returns the named planes that join it beside the map."""
    s = run.s
    m = _map(run)
    position = m.position
    first: int | None = None
    merged: tuple[int, ...] = ()
    if to_cards is not None:
        planes = [c for c in to_cards if deck_holding(run, c) is not None]
        if planes:
            first, merged = planes[0], tuple(planes[1:])
    elif m.tunnel and s.decks[0]:
        first = s.decks[0][0]
        run.emit(
            "map_tunnel",
            ("701.31b", "608.2c"),
            f"Interplanar Tunnel: the game arrives at {run.card_name(first)}, the top card of the deck.",
            card=run.card_name(first),
            map_rule="engine:tunnel",
        )
    s.eternities = m = replace(m, tunnel=False)
    cell = m.at(position)
    if first is not None:
        if cell is not None and cell.card != first:
            displaced = cell.card
            s.eternities = m.remove(position)
            run.set_deck(0, (*s.decks[0], displaced))
            run.emit(
                "map_displaced",
                ("701.31b", "901.4"),
                f"{run.card_name(displaced) if cell.face_up else 'The face-down card'} at {place_name(position)} "
                "goes to the bottom of the deck to make way.",
                position=list(position),
                map_rule="engine:named_planes",
                **({"card": run.card_name(displaced)} if cell.face_up else {}),
            )
        take_from_deck(run, first)
        s.eternities = _map(run).deal(position, first, face_up=True)
    elif cell is None:
        _deal_destination(run)
    else:
        s.eternities = m.turn_up(position)
    return merged


def _shuffle_back_far_planes(run: Run) -> None:
    """After a move, every card more than the radius away is shuffled back into the deck (the article)."""
    s = run.s
    m = _map(run)
    far = m.beyond(m.rules.radius)
    if not far:
        return
    for cell in far:
        m = m.remove(cell.position)
    s.eternities = m
    back = (*s.decks[0], *(c.card for c in far))
    order = run.shuffle(back)
    run.set_deck(0, order)
    shown = [run.card_name(c.card) if c.face_up else "a face-down card" for c in far]
    run.emit(
        "map_shuffled_back",
        ("901.4",),
        f"More than {m.rules.radius} step{'s' if m.rules.radius != 1 else ''} away, {', '.join(shown)} "
        f"{'is' if len(far) == 1 else 'are'} shuffled back into the deck"
        + (" (counters on them are lost)." if any(c.counters for c in far) else "."),
        spaces=[list(c.position) for c in far],
        map_rule="article:after_move",
        chance="order:" + ",".join(str(back.index(c)) for c in order),
    )


def _fill_around(run: Run) -> None:
    """After a move, the empty spaces around the new position are dealt cards face down."""
    m = _map(run)
    filled = [space for space in around(m.position) if m.at(space) is None and _deal(run, space) is not None]
    if filled:
        run.emit(
            "map_filled",
            ("901.4",),
            f"Cards are dealt face down around the new position: {'; '.join(place_name(p) for p in filled)}.",
            spaces=[list(p) for p in filled],
            map_rule="article:after_move",
        )
