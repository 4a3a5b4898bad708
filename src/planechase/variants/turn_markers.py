"""Grand Melee turn markers (CR 807.4a-807.4j): who is taking a turn, who waits, and how markers move.

A pure, immutable model: every function takes a :class:`TurnMarkers` and returns a new one. Seats are
numbered ``0..seats-1`` clockwise; play passes to the LEFT, which is ``seat + 1``; the player to a seat's
RIGHT is ``seat - 1``. Distances count only players still in the game (the circle closes when players
leave).

A twelve-player game has three markers (807.4a), handed out four seats apart from the starting player
(807.4b); all three holders begin their turns at once:

>>> table = hand_out(12, starting=0)
>>> [m.holder for m in table.markers], table.taking_turns()
([0, 4, 8], (0, 4, 8))

Seat 0 ends its turn and passes marker 1 left to seat 1 (807.4c), who must wait: seat 4, within the three
seats to its left, holds a marker (807.4d).

>>> table = end_turn(table, 0)
>>> describe(table)
['Marker 1: seat 1 (waiting)', 'Marker 2: seat 4 (taking a turn)', 'Marker 3: seat 8 (taking a turn)']

When seat 4 passes marker 2 on to seat 5, seat 1 begins at once; seat 5 waits behind seat 8.

>>> table = end_turn(table, 4)
>>> table.taking_turns(), table.waiting()
((1, 8), (5,))

A player leaving the game can take a marker out of play (807.4e-807.4g): with eleven players left there is
room for only two markers, so marker 1, the one immediately to the right of the departed seat 3, is
designated for removal and goes away when seat 1's turn ends.

>>> table = leave(table, [3])
>>> table.marker_of(1)
TurnMarker(number=1, holder=1, taking_turn=True, removals=1, extra_turn=False)
>>> [m.number for m in end_turn(table, 1).markers]
[2, 3]

Situations the rules leave open, and how this model settles them:

* A marker may be passed to a player who already holds one (only after players have left, when the gap
  between two markers has closed). The player then holds both: a player takes one turn at a time, so the
  second marker waits until the player is not taking a turn and, as for any marker (807.4d), no player in
  the three seats to the left holds a marker. Markers at one seat are ordered: the one its holder is taking
  a turn with first, then one kept for an 807.4i extra turn, then by number. Earlier in that order is
  "further left", which decides which marker is "to the right" of another (807.4e, 807.4g).
* A player who left the game during their turn keeps the marker until that turn ends (807.4c, 800.4j). That
  marker still occupies the departed seat: it counts for the 807.4d wait of a player whose three seats to
  the left reach past it, and it can be the marker "immediately to the right" of a later leaver (807.4e).
* 807.4d's wait lasts while any player in the three seats to the left holds a marker, checked again after
  every change; so a waiting player also begins when the blocking marker is removed (807.4g).
* Several simultaneous leavers that remove several markers (807.4e): the candidate markers (the one
  immediately to the right of each departed player) are designated lowest number first, one designation
  each, going round the candidates again if more designations are needed than there are candidates.
* Whether players leaving reduce the number of markers (807.4f): the markers in play minus all
  designations (a marker designated twice counts twice) are compared with one marker per full four players
  left (807.4a).
* A designated marker whose holder is taking a turn with another marker is removed immediately (807.4g):
  the test is whether the holder is taking a turn *with that marker*. Designations inherited from a removed
  marker (807.4g) add to any the receiving marker already has.
* 807.4i with markers too close on both sides: the right-hand clause wins, the player passes the marker on
  and takes the extra turn immediately before their next turn, so the marker behind is not held up.
* An extra turn taken "immediately before their next turn" (807.4i, 807.4j) is taken when the player next
  begins a turn with a marker; when that extra turn ends the player keeps the marker and begins their next
  turn at once (it was received already, so 807.4d is not checked again).
* A player who has left the game doesn't begin turns (800.4k), so an extra turn given to them is ignored.
* Fewer than four players left: 807.4a's count would be zero, and nobody could take a turn. One marker
  stays in play while anybody is left (:func:`markers_needed`).
* If everybody leaves, nobody can take a marker: markers not in use vanish, and each turn still in progress
  keeps its marker, designated once for removal, until that turn ends.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace

__all__ = [
    "TurnMarker",
    "TurnMarkers",
    "describe",
    "end_turn",
    "hand_out",
    "leave",
    "marker_count",
    "markers_needed",
]

#: 807.4d: a player can't begin a turn while a player in this many seats to their left holds a marker.
SPACING = 3
#: 807.4b: markers are handed out this many seats apart.
HAND_OUT_GAP = 4


@dataclass(frozen=True, slots=True)
class TurnMarker:
    """One numbered turn marker (807.4b) and the seat holding it.

    ``taking_turn``: the holder is taking a turn with this marker now (807.4). ``removals``: how many times
    the marker is designated for removal (807.4e, 807.4g); 0 means it is not designated. ``extra_turn``
    means, on a waiting marker, that the holder kept it to take an extra turn when its wait ends (807.4i);
    on a marker the holder is taking a turn with, that this turn is an extra turn taken immediately before
    the holder's next turn (807.4i, 807.4j), so at its end the holder keeps the marker and begins that turn.

    >>> TurnMarker(2, holder=4, taking_turn=False).removals
    0
    """

    number: int
    holder: int
    taking_turn: bool
    removals: int = 0
    extra_turn: bool = False


@dataclass(frozen=True, slots=True)
class TurnMarkers:
    """The turn markers of a Grand Melee game (807.4).

    ``seats``: the number of seats at the table (fixed); ``markers``: in marker-number order;
    ``in_game``: the seats still in the game, ascending; ``extra_before_next``: seats that take an extra
    turn immediately before their next turn (807.4i, 807.4j), once per entry.

    >>> table = hand_out(10, starting=3)
    >>> table.holder_of(2), table.marker_of(3), table.waiting()
    (7, TurnMarker(number=1, holder=3, taking_turn=True, removals=0, extra_turn=False), ())
    """

    seats: int
    markers: tuple[TurnMarker, ...]
    in_game: tuple[int, ...]
    extra_before_next: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.seats < 1:
            raise ValueError(f"a table needs at least one seat, not {self.seats}")
        if list(self.in_game) != sorted(set(self.in_game)) or not all(0 <= s < self.seats for s in self.in_game):
            raise ValueError(f"in_game must be distinct seats of 0..{self.seats - 1} in ascending order")
        numbers = [m.number for m in self.markers]
        if numbers != sorted(set(numbers)) or any(n < 1 for n in numbers):
            raise ValueError("markers must have distinct positive numbers, in number order")
        for m in self.markers:
            if not 0 <= m.holder < self.seats:
                raise ValueError(f"marker {m.number} is held by seat {m.holder}, which is not at the table")
            if m.removals < 0:
                raise ValueError(f"marker {m.number} has a negative number of removals")
        if not all(0 <= s < self.seats for s in self.extra_before_next):
            raise ValueError("extra_before_next names a seat that is not at the table")

    def holder_of(self, number: int) -> int | None:
        """The seat holding marker ``number``, or None if there is no such marker (any more)."""
        return next((m.holder for m in self.markers if m.number == number), None)

    def markers_of(self, seat: int) -> tuple[TurnMarker, ...]:
        """The markers ``seat`` holds, in the order they are used: the one it is taking a turn with, then
        one kept for an extra turn (807.4i), then by number. Usually zero or one."""
        return tuple(_seat_order(self.markers, seat))

    def marker_of(self, seat: int) -> TurnMarker | None:
        """The marker ``seat`` is taking a turn with, else the next one it will use, else None."""
        held = _seat_order(self.markers, seat)
        return held[0] if held else None

    def taking_turns(self) -> tuple[int, ...]:
        """The seats taking a turn now, ascending. A player who left the game during their turn is still
        listed until that turn ends (807.4c, 800.4j)."""
        return tuple(sorted({m.holder for m in self.markers if m.taking_turn}))

    def waiting(self) -> tuple[int, ...]:
        """The seats holding a marker they can't begin a turn with yet (807.4d), ascending."""
        return tuple(sorted({m.holder for m in self.markers if not m.taking_turn}))

    def effective_count(self) -> int:
        """The markers in play minus their designations for removal (807.4f); after every change this is
        one per full four players in the game (807.4a)."""
        return len(self.markers) - sum(m.removals for m in self.markers)

    def blocked(self, seat: int) -> bool:
        """807.4d: whether a player in the three seats to the left of ``seat`` holds a turn marker (a marker
        still with a departed player in between counts too)."""
        return bool(_markers_in_arc(self.markers, self.seats, set(self.in_game), seat, 1))


def marker_count(players: int) -> int:
    """807.4a: one turn marker for each full four players in the game.

    >>> [marker_count(n) for n in (16, 15, 10, 9)]
    [4, 3, 2, 2]
    """
    if players < 0:
        raise ValueError(f"a game can't have {players} players")
    return players // HAND_OUT_GAP


def markers_needed(players: int) -> int:
    """The turn markers a game in progress keeps for ``players`` players: one for each full four (807.4a),
    but at least one while anybody is left, since a game can't go on without turns (a ruling: the rules
    would leave three players with none).

    >>> [markers_needed(n) for n in (9, 4, 3, 1, 0)]
    [2, 1, 1, 1, 0]
    """
    return max(1, marker_count(players)) if players > 0 else 0


def hand_out(seats: int, starting: int, in_game: Sequence[int] | None = None) -> TurnMarkers:
    """807.4b: marker 1 to the starting player, marker 2 to the player four seats to their left (counting
    players in the game), and so on; then all holders start their turns at the same time.

    >>> [m.holder for m in hand_out(13, starting=11).markers]
    [11, 2, 6]
    >>> [m.holder for m in hand_out(12, starting=2, in_game=[0, 2, 3, 5, 6, 7, 8, 9, 11]).markers]
    [2, 7]
    """
    players = tuple(range(seats)) if in_game is None else tuple(sorted(in_game))
    if starting not in players:
        raise ValueError(f"the starting player {starting} is not in the game")
    first = players.index(starting)
    markers = tuple(
        TurnMarker(number=k + 1, holder=players[(first + HAND_OUT_GAP * k) % len(players)], taking_turn=True)
        for k in range(marker_count(len(players)))
    )
    return TurnMarkers(seats=seats, markers=markers, in_game=players)


def end_turn(markers: TurnMarkers, seat: int, *, extra_turn: bool = False) -> TurnMarkers:
    """``seat`` ends the turn it is taking; ``extra_turn``: an effect gave it an extra turn after this one.

    807.4c: the marker passes to the next player in the game on the left; 807.4g: a marker designated for
    removal is removed instead. 807.4i: with an extra turn the player keeps the marker and starts again,
    unless a marker within three seats on the left makes it wait first, or one within three seats on the
    right makes it pass the marker on and take the extra turn immediately before its next turn. 807.4j: if
    the marker is removed, the extra turn is taken immediately before the player's next turn. A player who
    left during this turn (800.4j) passes the marker on and begins nothing more (800.4k).

    >>> table = end_turn(hand_out(12, starting=0), 4, extra_turn=True)
    >>> table.marker_of(4).taking_turn
    True
    >>> end_turn(table, 5)
    Traceback (most recent call last):
    ...
    ValueError: seat 5 is not taking a turn
    """
    ms = list(markers.markers)
    current = next((m for m in ms if m.holder == seat and m.taking_turn), None)
    if current is None:
        raise ValueError(f"seat {seat} is not taking a turn")
    in_game = set(markers.in_game)
    extra = list(markers.extra_before_next)
    if seat not in in_game:
        # 807.4c: the player to the left of a player who left during their turn takes the marker after that
        # turn ends; 800.4k: the departed player begins no extra turn. A designated marker goes (807.4g).
        ms = _remove(ms, markers.seats, current) if current.removals else _pass(ms, markers.seats, in_game, current)
    elif current.removals:
        ms = _remove(ms, markers.seats, current)  # 807.4g
        if extra_turn:
            extra.append(seat)  # 807.4j
    elif current.extra_turn:
        # This was an extra turn taken immediately before the next turn (807.4i, 807.4j): the next turn
        # follows at once with the same marker. A further extra turn comes before it (500.7).
        if extra_turn:
            extra.append(seat)
        ms = _swap(ms, _begin(current, extra))
    elif extra_turn:  # 807.4i
        if _markers_in_arc(ms, markers.seats, in_game, seat, -1):
            ms = _pass(ms, markers.seats, in_game, current)
            extra.append(seat)
        elif _markers_in_arc(ms, markers.seats, in_game, seat, 1):
            ms = _swap(ms, replace(current, taking_turn=False, extra_turn=True))
        # else: the player keeps the marker and starts the extra turn at once (the marker is unchanged).
    else:
        ms = _pass(ms, markers.seats, in_game, current)  # 807.4c
    ms, extra = _settle(ms, markers.seats, in_game, extra)
    return replace(markers, markers=tuple(ms), extra_before_next=tuple(extra))


def leave(markers: TurnMarkers, leaving: Collection[int]) -> TurnMarkers:
    """The players in ``leaving`` leave the game at once.

    807.4e/807.4f: if that leaves fewer full fours of players than markers not designated for removal,
    the marker immediately to a departed player's right is designated (with several candidates, the
    lowest-numbered first). 807.4g: a designated marker whose holder isn't taking a turn with it is removed
    at once, passing any further designations to the marker on its right. 807.4c: a departed player taking
    a turn keeps the marker until that turn ends (call :func:`end_turn` for the seat); a departed player not
    taking a turn hands the marker to the player on their left immediately.

    >>> table = leave(hand_out(12, starting=0), [5])
    >>> [(m.number, m.holder, m.removals) for m in table.markers]
    [(1, 0, 0), (2, 4, 1), (3, 8, 0)]
    """
    departing = set(leaving)
    outsiders = sorted(departing - set(markers.in_game))
    if outsiders:
        raise ValueError(f"seats {outsiders} are not in the game")
    if not departing:
        return markers
    seats = markers.seats
    remaining = tuple(s for s in markers.in_game if s not in departing)
    ms = list(markers.markers)
    # 807.4e, 807.4f: compare the markers not designated for removal with 807.4a's count for who is left.
    needed = markers.effective_count() - markers_needed(len(remaining))
    if needed > 0:
        candidates = sorted({m.number for d in departing if (m := _nearest_right(ms, seats, d)) is not None})
        for k in range(needed):
            number = candidates[k % len(candidates)]
            ms = [replace(m, removals=m.removals + 1) if m.number == number else m for m in ms]
    in_game = set(remaining)
    moved: list[TurnMarker] = []
    for m in ms:
        if m.holder not in departing:
            moved.append(m)
        elif m.taking_turn:
            moved.append(replace(m, extra_turn=False))  # 807.4c, 800.4j; 800.4k: no turn follows
        else:
            dest = _next_left(seats, in_game, m.holder)  # 807.4c: the player to the left takes it now
            if dest is not None:
                moved.append(replace(m, holder=dest, extra_turn=False))
    extra = [s for s in markers.extra_before_next if s not in departing]
    ms, extra = _settle(moved, seats, in_game, extra)
    return replace(markers, markers=tuple(ms), in_game=remaining, extra_before_next=tuple(extra))


def describe(markers: TurnMarkers) -> list[str]:
    """One readable line per marker.

    >>> for line in describe(leave(hand_out(13, starting=0), [4])):
    ...     print(line)
    Marker 1: seat 0 (taking a turn)
    Marker 2: seat 4 (taking a turn; has left the game)
    Marker 3: seat 8 (taking a turn)
    """
    in_game = set(markers.in_game)
    lines = []
    for m in markers.markers:
        if m.taking_turn:
            state = "taking an extra turn before its next turn" if m.extra_turn else "taking a turn"
        else:
            state = "waiting to take an extra turn" if m.extra_turn else "waiting"
        notes = [state]
        if m.holder not in in_game:
            notes.append("has left the game")
        if m.removals == 1:
            notes.append("designated for removal")
        elif m.removals > 1:
            notes.append(f"designated for removal {m.removals} times")
        lines.append(f"Marker {m.number}: seat {m.holder} ({'; '.join(notes)})")
    return lines


# --- internals -------------------------------------------------------------------------------------------


def _seat_order(ms: Iterable[TurnMarker], seat: int) -> list[TurnMarker]:
    """The markers at ``seat``, leftmost first: the one in use, one kept for an extra turn, then by number."""
    return sorted((m for m in ms if m.holder == seat), key=lambda m: (not m.taking_turn, not m.extra_turn, m.number))


def _next_left(seats: int, in_game: set[int], seat: int) -> int | None:
    """The player in the game on the left of ``seat`` (the seat itself if it is the only one), or None."""
    return next((t for i in range(1, seats + 1) if (t := (seat + i) % seats) in in_game), None)


def _arc(seats: int, in_game: set[int], seat: int, direction: int) -> list[int]:
    """The seats from ``seat`` (excluded) up to the third player in the game on its left (direction 1) or
    right (direction -1), with any departed seats between them; never ``seat`` itself."""
    arc: list[int] = []
    counted = 0
    for i in range(1, seats):
        t = (seat + direction * i) % seats
        arc.append(t)
        if t in in_game:
            counted += 1
            if counted == SPACING:
                break
    return arc


def _markers_in_arc(ms: Iterable[TurnMarker], seats: int, in_game: set[int], seat: int, direction: int) -> bool:
    """Whether a marker is within three seats of ``seat`` on its left (1) or right (-1) (807.4d, 807.4i)."""
    arc = set(_arc(seats, in_game, seat, direction))
    return any(m.holder in arc for m in ms)


def _nearest_right(ms: Sequence[TurnMarker], seats: int, seat: int) -> TurnMarker | None:
    """807.4e: the turn marker immediately to the right of ``seat`` (its own, only if there is no other)."""
    for i in range(1, seats + 1):
        held = _seat_order(ms, (seat - i) % seats)
        if held:
            return held[0]
    return None


def _right_of(ms: Sequence[TurnMarker], seats: int, marker: TurnMarker) -> TurnMarker | None:
    """807.4g: the turn marker to the right of ``marker``: a later one at the same seat, else the nearest
    marker going right."""
    here = _seat_order(ms, marker.holder)
    later = here[here.index(marker) + 1 :]
    if later:
        return later[0]
    for i in range(1, seats):
        held = _seat_order(ms, (marker.holder - i) % seats)
        if held:
            return held[0]
    return here[0] if here[0].number != marker.number else None


def _swap(ms: Sequence[TurnMarker], new: TurnMarker) -> list[TurnMarker]:
    return [new if m.number == new.number else m for m in ms]


def _remove(ms: Sequence[TurnMarker], seats: int, marker: TurnMarker) -> list[TurnMarker]:
    """807.4g: remove ``marker``; the marker to its right is designated that many times minus one more."""
    heir = _right_of(ms, seats, marker)
    rest = [m for m in ms if m.number != marker.number]
    if heir is not None and marker.removals > 1:
        rest = _swap(rest, replace(heir, removals=heir.removals + marker.removals - 1))
    return rest


def _pass(ms: Sequence[TurnMarker], seats: int, in_game: set[int], marker: TurnMarker) -> list[TurnMarker]:
    """807.4c: the marker goes to the player on the holder's left, who doesn't begin a turn yet."""
    dest = _next_left(seats, in_game, marker.holder)
    if dest is None:  # nobody is left in the game to take it
        return [m for m in ms if m.number != marker.number]
    return _swap(ms, replace(marker, holder=dest, taking_turn=False, extra_turn=False))


def _begin(marker: TurnMarker, extra: list[int]) -> TurnMarker:
    """The holder begins a turn with ``marker``. A marker kept for an 807.4i extra turn begins that turn;
    otherwise, if the holder owes an extra turn before its next turn (807.4i, 807.4j), this is that turn."""
    if not marker.taking_turn and marker.extra_turn:
        return replace(marker, taking_turn=True, extra_turn=False)
    if marker.holder in extra:
        extra.remove(marker.holder)
        return replace(marker, taking_turn=True, extra_turn=True)
    return replace(marker, taking_turn=True, extra_turn=False)


def _settle(
    ms: Sequence[TurnMarker], seats: int, in_game: set[int], extra: Sequence[int]
) -> tuple[list[TurnMarker], list[int]]:
    """Apply the immediate rules until nothing changes: a departed player's marker they aren't taking a turn
    with goes left (807.4c); a designated marker not being used for a turn is removed (807.4g); then every
    player holding a marker, not taking a turn, with no marker in the three seats to the left, begins a turn
    with their first marker (807.4d). Beginning a turn moves no marker, so one round of beginnings is enough.
    With nobody left in the game, markers not in use vanish and the rest are marked for removal.
    """
    current = sorted(ms, key=lambda m: m.number)
    owed = list(extra)
    if not in_game:
        # Nobody is left to take a marker: each one still in use is removed when its turn ends, once.
        return [replace(m, removals=1) for m in current if m.taking_turn], []
    while True:
        stray = next((m for m in current if not m.taking_turn and m.holder not in in_game), None)
        if stray is not None:
            current = _pass(current, seats, in_game, stray)
            continue
        doomed = next((m for m in current if m.removals and not m.taking_turn), None)
        if doomed is not None:
            current = _remove(current, seats, doomed)
            continue
        break
    starting: list[TurnMarker] = []
    for seat in sorted({m.holder for m in current if m.holder in in_game}):
        held = _seat_order(current, seat)
        if not held[0].taking_turn and not _markers_in_arc(current, seats, in_game, seat, 1):
            starting.append(held[0])
    for m in starting:
        current = _swap(current, _begin(m, owed))
    return current, owed
