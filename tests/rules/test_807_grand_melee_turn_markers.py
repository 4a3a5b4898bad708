"""807.4a-807.4j: Grand Melee turn markers (the pure model in planechase.variants.turn_markers).

Seats run clockwise 0..n-1; play passes to the LEFT (seat + 1). Every expected position below was worked out
by hand from the rules, seat by seat, and is written next to the step that produces it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planechase.variants.turn_markers import (
    TurnMarker,
    TurnMarkers,
    describe,
    end_turn,
    hand_out,
    leave,
    marker_count,
    markers_needed,
)

#: {marker number: (holder, taking a turn)}
Layout = dict[int, tuple[int, bool]]


def layout(table: TurnMarkers) -> Layout:
    return {m.number: (m.holder, m.taking_turn) for m in table.markers}


def removals(table: TurnMarkers) -> dict[int, int]:
    return {m.number: m.removals for m in table.markers}


def twelve(*markers: TurnMarker, extra: tuple[int, ...] = ()) -> TurnMarkers:
    """A twelve-seat table with everyone in the game and the given markers."""
    return TurnMarkers(seats=12, markers=markers, in_game=tuple(range(12)), extra_before_next=extra)


# --- 807.4a, 807.4b ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "expected"), [(16, 4), (15, 3), (12, 3), (11, 2), (10, 2), (9, 2), (8, 2), (4, 1)])
def test_807_4a_one_turn_marker_for_each_full_four_players(players: int, expected: int) -> None:
    assert marker_count(players) == expected
    assert len(hand_out(players, starting=0).markers) == expected


def test_807_4a_fewer_than_four_players_have_no_marker_and_a_negative_count_is_an_error() -> None:
    assert marker_count(3) == 0
    assert hand_out(3, starting=1).markers == ()
    with pytest.raises(ValueError):
        marker_count(-1)


def test_807_4b_markers_handed_out_four_seats_apart_from_a_nonzero_starting_seat() -> None:
    table = hand_out(12, starting=5)
    # The starting player (5) gets marker 1, the fifth player (9) marker 2, then 9 + 4 = 13 -> seat 1.
    assert layout(table) == {1: (5, True), 2: (9, True), 3: (1, True)}
    assert table.taking_turns() == (1, 5, 9)
    assert table.waiting() == ()
    assert table.holder_of(3) == 1 and table.holder_of(4) is None
    assert table.marker_of(9) == TurnMarker(2, 9, True)
    assert table.marker_of(10) is None


def test_807_4b_seats_are_counted_among_players_in_the_game() -> None:
    # Seats 1, 4 and 10 are empty: from seat 11 the players four to the left are 0, 2, 3, 5.
    table = hand_out(12, starting=11, in_game=[0, 2, 3, 5, 6, 7, 8, 9, 11])
    assert layout(table) == {1: (11, True), 2: (5, True)}
    with pytest.raises(ValueError):
        hand_out(12, starting=4, in_game=[0, 2, 3, 5, 6, 7, 8, 9, 11])


# --- 807.4c, 807.4d: markers moving ---------------------------------------------------------------------------


@pytest.mark.parametrize("starting", [0, 7])
def test_807_4c_markers_move_left_one_seat_a_round_in_a_twelve_player_game(starting: int) -> None:
    table = hand_out(12, starting=starting)
    for rounds in range(24):
        p = (starting + rounds) % 12  # marker 1's seat at the start of this round; 2 and 3 at p+4, p+8

        def at(offset: int, p: int = p) -> int:
            return (p + offset) % 12

        assert layout(table) == {1: (at(0), True), 2: (at(4), True), 3: (at(8), True)}
        table = end_turn(table, at(0))
        # Marker 1 goes to p+1, whose three seats on the left (p+2..p+4) include marker 2: it waits.
        assert layout(table) == {1: (at(1), False), 2: (at(4), True), 3: (at(8), True)}
        table = end_turn(table, at(4))
        # Marker 2 goes to p+5 and waits for marker 3 (p+8); p+1 now has p+2..p+4 clear and begins.
        assert layout(table) == {1: (at(1), True), 2: (at(5), False), 3: (at(8), True)}
        table = end_turn(table, at(8))
        # Marker 3 goes to p+9 (p+10, p+11, p+12 = p are clear) and begins; so does p+5 (p+6..p+8 clear).
        assert layout(table) == {1: (at(1), True), 2: (at(5), True), 3: (at(9), True)}


def test_807_4c_turns_ending_out_of_order_in_a_twelve_player_game() -> None:
    table = hand_out(12, starting=0)
    for seat in (0, 4, 8):
        table = end_turn(table, seat)
    assert layout(table) == {1: (1, True), 2: (5, True), 3: (9, True)}
    steps: list[tuple[int, Layout]] = [
        (5, {1: (1, True), 2: (6, False), 3: (9, True)}),  # 6 waits: 9 is in 7, 8, 9
        (1, {1: (2, True), 2: (6, False), 3: (9, True)}),  # 3, 4, 5 are clear
        (9, {1: (2, True), 2: (6, True), 3: (10, True)}),  # 11, 0, 1 clear; 6 now has 7..9 clear
        (2, {1: (3, False), 2: (6, True), 3: (10, True)}),  # 3 waits: 6 is in 4, 5, 6
        (10, {1: (3, False), 2: (6, True), 3: (11, True)}),  # 0, 1, 2 are clear
        (6, {1: (3, True), 2: (7, True), 3: (11, True)}),  # 8..10 clear; 3 now has 4..6 clear
        (11, {1: (3, True), 2: (7, True), 3: (0, False)}),  # 0 waits: 3 is in 1, 2, 3
        (3, {1: (4, False), 2: (7, True), 3: (0, True)}),  # 4 waits for 7; 0 has 1..3 clear
    ]
    for seat, expected in steps:
        table = end_turn(table, seat)
        assert layout(table) == expected, f"after seat {seat} ended its turn"
    with pytest.raises(ValueError, match="not taking a turn"):
        end_turn(table, 4)  # seat 4 holds a marker but is waiting


def test_807_4d_a_receiver_waits_until_the_player_four_seats_left_takes_the_other_marker() -> None:
    table = twelve(TurnMarker(1, 0, True), TurnMarker(2, 3, True), TurnMarker(3, 8, True))
    table = end_turn(table, 0)
    assert layout(table)[1] == (1, False) and table.waiting() == (1,)  # seat 3 is two seats to 1's left
    assert table.blocked(1)
    table = end_turn(table, 3)
    # Marker 2 moves to seat 4, still the third seat to seat 1's left: seat 1 keeps waiting. Seat 4 has
    # 5, 6, 7 clear and begins.
    assert layout(table) == {1: (1, False), 2: (4, True), 3: (8, True)}
    table = end_turn(table, 4)
    # Marker 2 is now at seat 5, four seats to seat 1's left: seat 1 begins; seat 5 waits behind seat 8.
    assert layout(table) == {1: (1, True), 2: (5, False), 3: (8, True)}
    assert not table.blocked(1) and table.blocked(5)


def test_807_4d_a_waiting_player_begins_when_the_blocking_marker_is_removed() -> None:
    table = end_turn(hand_out(12, starting=0), 0)  # marker 1 waits at seat 1 behind seat 4
    table = leave(table, [5])  # 11 players: marker 2 (immediately right of seat 5) is designated
    assert removals(table) == {1: 0, 2: 1, 3: 0}
    table = end_turn(table, 4)  # 807.4g: marker 2 is removed, and nothing is in seat 1's way any more
    assert layout(table) == {1: (1, True), 3: (8, True)}


def test_807_4c_a_player_leaving_before_their_turn_hands_the_marker_left_at_once() -> None:
    table = end_turn(hand_out(13, starting=0), 0)  # 13 players: markers at 1 (waiting), 4, 8
    table = leave(table, [1])  # 12 players still make three markers: nothing is designated
    assert layout(table) == {1: (2, False), 2: (4, True), 3: (8, True)}  # seat 2 waits behind seat 4
    assert removals(table) == {1: 0, 2: 0, 3: 0}
    table = end_turn(table, 4)
    assert layout(table) == {1: (2, False), 2: (5, False), 3: (8, True)}  # 5 is third to 2's left
    table = end_turn(table, 8)
    assert layout(table) == {1: (2, False), 2: (5, True), 3: (9, True)}
    table = end_turn(table, 5)
    assert layout(table) == {1: (2, True), 2: (6, False), 3: (9, True)}


def test_807_4c_a_player_leaving_during_their_turn_keeps_the_marker_until_the_turn_ends() -> None:
    table = end_turn(hand_out(13, starting=0), 0)  # markers at 1 (waiting), 4, 8
    table = leave(table, [4])
    # 800.4j: seat 4's turn goes on without an active player, and its marker stays there meanwhile.
    assert layout(table) == {1: (1, False), 2: (4, True), 3: (8, True)}
    assert 4 not in table.in_game and table.taking_turns() == (4, 8)
    assert table.blocked(1)  # seats 2, 3, (4), 5 lie to seat 1's left: the marker at 4 still counts
    # 807.4c: when that turn ends the player to the left (5) takes the marker; 800.4k: no extra turn.
    table = end_turn(table, 4, extra_turn=True)
    assert layout(table) == {1: (1, False), 2: (5, False), 3: (8, True)}
    assert table.extra_before_next == ()
    table = end_turn(table, 8)
    assert layout(table) == {1: (1, False), 2: (5, True), 3: (9, True)}  # 5 is third to 1's left
    table = end_turn(table, 5)
    assert layout(table) == {1: (1, True), 2: (6, False), 3: (9, True)}


def test_807_4c_a_marker_passed_to_a_player_who_already_holds_one_waits_for_that_player() -> None:
    # Nineteen players: markers at 0, 4, 8, 12. Seats 1-3 leave; sixteen remain, still four markers.
    table = leave(hand_out(19, starting=0), [1, 2, 3])
    assert removals(table) == {1: 0, 2: 0, 3: 0, 4: 0}
    table = end_turn(table, 0)  # seat 4 is now on seat 0's left and receives marker 1 mid-turn
    assert layout(table) == {1: (4, False), 2: (4, True), 3: (8, True), 4: (12, True)}
    assert [m.number for m in table.markers_of(4)] == [2, 1]
    assert table.marker_of(4) == TurnMarker(2, 4, True)
    assert table.taking_turns() == (4, 8, 12) and table.waiting() == (4,)
    table = end_turn(table, 4)  # marker 2 goes to 5 (waits for 8); marker 1 waits for marker 2
    assert layout(table) == {1: (4, False), 2: (5, False), 3: (8, True), 4: (12, True)}
    for seat in (8, 12, 5, 9, 6, 13, 10):
        table = end_turn(table, seat)
        assert layout(table)[1] == (4, False), f"seat 4 can begin only when seat 8 holds marker 2 ({seat})"
    assert layout(table) == {1: (4, False), 2: (7, True), 3: (11, False), 4: (14, True)}
    table = end_turn(table, 7)  # marker 2 reaches seat 8, four to seat 4's left
    assert layout(table) == {1: (4, True), 2: (8, False), 3: (11, False), 4: (14, True)}


# --- 807.4e, 807.4f, 807.4g: designation and removal ---------------------------------------------------------


def test_807_4e_a_leaver_designates_the_marker_to_its_right_and_807_4g_removes_it_after_the_turn() -> None:
    table = leave(hand_out(12, starting=0), [2])  # 11 players: room for two markers
    assert removals(table) == {1: 1, 2: 0, 3: 0}  # seat 2's right: 1, then 0 holding marker 1
    assert layout(table) == {1: (0, True), 2: (4, True), 3: (8, True)}  # still in use: not removed yet
    table = end_turn(table, 0)
    assert layout(table) == {2: (4, True), 3: (8, True)}  # removed rather than passed to seat 1
    assert table.marker_of(1) is None


def test_807_4e_no_marker_is_designated_while_the_full_fours_remain() -> None:
    table = leave(hand_out(13, starting=0), [5])
    assert removals(table) == {1: 0, 2: 0, 3: 0}
    assert len(table.in_game) == 12


def test_807_4g_a_designated_marker_whose_holder_is_not_taking_a_turn_goes_at_once() -> None:
    table = end_turn(hand_out(12, starting=0), 0)  # marker 1 waits at seat 1
    table = leave(table, [3])  # seat 3's right: 2, then 1 holding marker 1
    assert layout(table) == {2: (4, True), 3: (8, True)}


def test_807_4f_markers_already_designated_are_disregarded() -> None:
    table = leave(hand_out(12, starting=0), [2])
    assert removals(table) == {1: 1, 2: 0, 3: 0}
    for seat in (6, 10, 5):  # 10, 9, 8 players: two undesignated markers, two full fours
        table = leave(table, [seat])
        assert removals(table) == {1: 1, 2: 0, 3: 0}, f"after seat {seat} left"
    table = leave(table, [9])  # 7 players: one full four, so one more designation: seat 9's right is 8
    assert removals(table) == {1: 1, 2: 0, 3: 1}
    assert table.in_game == (0, 1, 3, 4, 7, 8, 11)


def test_807_4e_simultaneous_leavers_designate_the_lowest_numbered_marker() -> None:
    table = hand_out(12, starting=5)  # marker 1 at 5, 2 at 9, 3 at 1
    # Seat 3's right is marker 3 (at seat 1), seat 7's right is marker 1 (at seat 5); one must go.
    table = leave(table, [3, 7])
    assert removals(table) == {1: 1, 2: 0, 3: 0}


def test_807_4e_simultaneous_leavers_removing_two_markers_designate_both_candidates() -> None:
    table = leave(hand_out(12, starting=0), [1, 2, 3, 5, 6])  # 7 players: one marker instead of three
    # Seats 1-3 have marker 1 (seat 0) immediately to their right, seats 5 and 6 have marker 2 (seat 4).
    assert removals(table) == {1: 1, 2: 1, 3: 0}


def test_807_4e_a_marker_designated_twice_passes_one_designation_to_its_right() -> None:
    table = leave(hand_out(12, starting=0), [1])
    assert removals(table) == {1: 1, 2: 0, 3: 0}
    # 7 players: one full four, two undesignated markers: one designation, candidates marker 1 (right of
    # seats 2 and 3) and marker 2 (right of 5 and 6); the lowest number is designated a second time.
    table = leave(table, [2, 3, 5, 6])
    assert removals(table) == {1: 2, 2: 0, 3: 0}
    table = end_turn(table, 0)
    # 807.4g: marker 1 is removed and the marker to its right (seats 11, 10, 9, 8: marker 3) is designated
    # once; its holder is taking a turn with it, so it stays until that turn ends.
    assert layout(table) == {2: (4, True), 3: (8, True)}
    assert removals(table) == {2: 0, 3: 1}
    table = end_turn(table, 8)
    assert layout(table) == {2: (4, True)}
    assert removals(table) == {2: 0}


def test_807_4g_an_inherited_designation_removes_a_waiting_marker_at_once() -> None:
    table = leave(leave(hand_out(12, starting=0), [1]), [2, 3, 5, 6])  # marker 1 designated twice
    table = end_turn(table, 8)  # marker 3 to seat 9, which waits: seat 0 is third to its left
    assert layout(table) == {1: (0, True), 2: (4, True), 3: (9, False)}
    table = end_turn(table, 0)  # marker 1 goes; marker 3, to its right and not in use, goes with it
    assert layout(table) == {2: (4, True)}


# --- 807.4i, 807.4j: extra turns ---------------------------------------------------------------------------


def test_807_4i_with_no_marker_close_the_player_keeps_the_marker_and_starts_again() -> None:
    table = end_turn(hand_out(12, starting=0), 4, extra_turn=True)
    assert layout(table) == {1: (0, True), 2: (4, True), 3: (8, True)}
    assert table.extra_before_next == ()
    table = end_turn(table, 4)  # after the extra turn the marker moves on as usual
    assert layout(table) == {1: (0, True), 2: (5, False), 3: (8, True)}


def test_807_4i_a_marker_close_on_the_left_makes_the_extra_turn_wait() -> None:
    table = twelve(TurnMarker(1, 0, True), TurnMarker(2, 3, True), TurnMarker(3, 8, True))
    table = end_turn(table, 0, extra_turn=True)  # seat 3 is within three seats on the left
    assert table.marker_of(0) == TurnMarker(1, 0, taking_turn=False, extra_turn=True)
    assert describe(table)[0] == "Marker 1: seat 0 (waiting to take an extra turn)"
    table = end_turn(table, 3)  # marker 2 to seat 4, four to seat 0's left: the extra turn begins
    assert table.marker_of(0) == TurnMarker(1, 0, taking_turn=True)
    assert layout(table) == {1: (0, True), 2: (4, True), 3: (8, True)}
    table = end_turn(table, 0)  # the extra turn was "after the current one": now the marker moves on
    assert layout(table) == {1: (1, False), 2: (4, True), 3: (8, True)}


def test_807_4i_a_marker_close_on_the_right_passes_on_and_the_extra_turn_comes_before_the_next() -> None:
    table = end_turn(end_turn(hand_out(12, starting=0), 0), 4)
    assert layout(table) == {1: (1, True), 2: (5, False), 3: (8, True)}
    table = end_turn(table, 8, extra_turn=True)  # marker 2 at seat 5 is within three seats on the right
    # Seat 8 passes marker 3 to 9 (10, 11, 0 clear: it begins); seat 5 now has 6, 7, 8 clear.
    assert layout(table) == {1: (1, True), 2: (5, True), 3: (9, True)}
    assert table.extra_before_next == (8,)


def test_807_4i_the_extra_turn_before_the_next_turn_keeps_the_marker_for_that_turn() -> None:
    table = twelve(TurnMarker(1, 7, True), extra=(8,))
    table = end_turn(table, 7)  # seat 8 receives the marker and begins: first the extra turn
    assert table.marker_of(8) == TurnMarker(1, 8, taking_turn=True, extra_turn=True)
    assert table.extra_before_next == ()
    assert describe(table) == ["Marker 1: seat 8 (taking an extra turn before its next turn)"]
    table = end_turn(table, 8)  # then its next turn, with the same marker
    assert table.marker_of(8) == TurnMarker(1, 8, taking_turn=True)
    table = end_turn(table, 8)
    assert layout(table) == {1: (9, True)}


def test_807_4i_a_further_extra_turn_during_that_extra_turn_also_comes_before_the_next_turn() -> None:
    table = twelve(TurnMarker(1, 8, True, extra_turn=True))
    table = end_turn(table, 8, extra_turn=True)  # the new extra turn comes first (500.7) ...
    assert table.marker_of(8) == TurnMarker(1, 8, taking_turn=True, extra_turn=True)
    table = end_turn(table, 8)  # ... and then the next turn the first extra turn came before
    assert table.marker_of(8) == TurnMarker(1, 8, taking_turn=True)
    assert end_turn(table, 8).holder_of(1) == 9


def test_807_4i_markers_close_on_both_sides_the_player_passes_the_marker_on() -> None:
    table = twelve(TurnMarker(1, 0, True), TurnMarker(2, 2, True), TurnMarker(3, 10, True))
    table = end_turn(table, 0, extra_turn=True)
    assert layout(table) == {1: (1, False), 2: (2, True), 3: (10, True)}
    assert table.extra_before_next == (0,)


def test_807_4j_an_extra_turn_without_a_marker_comes_immediately_before_the_next_turn() -> None:
    table = leave(hand_out(12, starting=0), [2])  # marker 1 (seat 0) designated
    table = end_turn(table, 0, extra_turn=True)
    assert layout(table) == {2: (4, True), 3: (8, True)}
    assert table.extra_before_next == (0,)
    assert leave(table, [0]).extra_before_next == ()  # 800.4k: a departed player takes no turn


# --- the rest ------------------------------------------------------------------------------------------------


def test_807_4c_leave_checks_its_seats() -> None:
    table = leave(hand_out(13, starting=0), [4])
    assert leave(table, []) == table
    with pytest.raises(ValueError):
        leave(table, [4])  # already gone
    with pytest.raises(ValueError):
        leave(table, [13])


def test_807_4c_when_everybody_has_left_only_the_turns_in_progress_keep_their_markers() -> None:
    table = end_turn(hand_out(12, starting=0), 0)  # marker 1 waits at seat 1
    table = leave(table, range(12))
    # Nobody can take marker 1; markers 2 and 3 stay until their turns end (800.4j), then go (807.4g).
    assert layout(table) == {2: (4, True), 3: (8, True)}
    assert removals(table) == {2: 1, 3: 1}
    assert end_turn(end_turn(table, 4), 8).markers == ()


def test_807_4_describe_gives_one_line_per_marker() -> None:
    table = leave(leave(hand_out(12, starting=0), [1]), [2, 3, 4])
    assert describe(table) == [
        "Marker 1: seat 0 (taking a turn; designated for removal)",
        "Marker 2: seat 4 (taking a turn; has left the game)",
        "Marker 3: seat 8 (taking a turn)",
    ]
    table = leave(table, [5, 6])  # 6 players: one marker; seat 5's right is seat 4's marker 2
    assert describe(table)[:2] == [
        "Marker 1: seat 0 (taking a turn; designated for removal)",
        "Marker 2: seat 4 (taking a turn; has left the game; designated for removal)",
    ]


def test_807_4_turn_markers_are_immutable() -> None:
    table = hand_out(12, starting=0)
    after = end_turn(table, 0)
    assert layout(table) == {1: (0, True), 2: (4, True), 3: (8, True)}
    assert after is not table
    with pytest.raises(AttributeError):
        table.seats = 13  # type: ignore[misc]


# --- properties ----------------------------------------------------------------------------------------------


def three_left(table: TurnMarkers, seat: int) -> set[int]:
    """The seats to ``seat``'s left up to the third player in the game, departed seats included."""
    out: set[int] = set()
    counted = 0
    for i in range(1, table.seats):
        other = (seat + i) % table.seats
        out.add(other)
        counted += other in table.in_game
        if counted == 3:
            break
    return out


def check(before: TurnMarkers, after: TurnMarkers, anyone_left: bool) -> None:
    in_game = set(after.in_game)
    assert in_game <= set(before.in_game)
    assert {m.number for m in after.markers} <= {m.number for m in before.markers}  # none created
    # 807.4a, 807.4e-807.4g: the markers not designated for removal are exactly one per full four players
    # (but at least one while anybody is left: the game goes on with turns).
    assert len(after.markers) - sum(m.removals for m in after.markers) == markers_needed(len(in_game))
    for m in after.markers:
        # 807.4c: a departed player keeps a marker only while finishing the turn they are taking with it.
        assert m.holder in in_game or m.taking_turn
        # 807.4g: a designated marker is removed at once unless its holder is taking a turn with it.
        assert m.removals == 0 or m.taking_turn
    taking = [m.holder for m in after.markers if m.taking_turn]
    assert len(taking) == len(set(taking))  # one turn at a time per player
    assert set(after.extra_before_next) <= in_game
    holders = {m.holder for m in after.markers}
    for seat in holders & in_game:
        if seat not in taking:
            # 807.4d: a player waits only while a player in the three seats to the left has a marker.
            assert holders & three_left(after, seat), f"seat {seat} could begin"
    if after.markers:
        assert taking, "someone is always taking a turn"
    if not anyone_left:
        # With nobody gone, markers never catch up: at most one per seat, at least three seats apart.
        assert len(holders) == len(after.markers)
        for m in after.markers:
            near = {(m.holder + 1) % after.seats, (m.holder + 2) % after.seats}
            assert not near & holders


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_807_4_turn_marker_invariants_hold_through_any_play(data: st.DataObject) -> None:
    players = data.draw(st.integers(10, 20), label="players")
    table = hand_out(players, starting=data.draw(st.integers(0, players - 1), label="starting"))
    check(table, table, anyone_left=False)
    anyone_left = False
    for _ in range(data.draw(st.integers(1, 80), label="steps")):
        before = table
        if table.in_game and data.draw(st.integers(0, 5), label="leave?") == 0:
            who = data.draw(st.lists(st.sampled_from(table.in_game), min_size=1, max_size=3, unique=True))
            table = leave(table, who)
            anyone_left = True
        elif table.taking_turns():
            seat = data.draw(st.sampled_from(table.taking_turns()), label="ends")
            table = end_turn(table, seat, extra_turn=data.draw(st.integers(0, 4), label="extra?") == 0)
        else:
            assert not table.markers
            break
        check(before, table, anyone_left)


def test_807_4a_a_game_in_progress_keeps_one_marker_while_anybody_is_left() -> None:
    # 807.4a alone would leave three players no marker and no turns: one stays (the ruling).
    table = hand_out(10, starting=0)
    table = leave(table, [1, 2, 3, 5, 6, 7, 8])
    assert table.in_game == (0, 4, 9)
    assert table.effective_count() == markers_needed(3) == 1
    assert marker_count(3) == 0
