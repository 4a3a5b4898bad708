"""Players leaving the game (800.4a, 901.10) and the game ending (104.2a, 104.4a)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ..cards.model import TriggerKind
from ..core.context import Run
from ..core.queries import in_game, next_in_turn_order, priority_players, seats_in_game, table_of
from ..core.state import Duration, FaceUpCard, GameState, PlayerStatus, StackItem, StackKind
from ..planar.planeswalk import end_effects, turn_up_new
from ..planar.triggers import fire, remember_counters
from ..planar.zones import is_plane
from ..variants.seating import Role, Variant


def leave_game(
    run: Run,
    seats: Sequence[int],
    *,
    status: PlayerStatus,
    rules: tuple[str, ...],
    reason: str,
    rules_by_seat: Mapping[int, tuple[str, ...]] | None = None,
) -> None:
    """``seats`` leave the game at once (800.4a), e.g. because they lost or conceded.

    The planar controller designation moves first (901.6, 800.4p); every planar card they own leaves;
    abilities they control cease to exist except abilities from phenomena they own (901.10b); if a
    face-up card left, the planar controller turns up the top card of their planar deck at once
    (901.10), and a planeswalking ability on the stack ceases to exist if a plane left (901.10a).
    """
    s = run.s
    leaving = [seat for seat in seats if in_game(s, seat)]
    if not leaving:
        return
    followers = team_fate(s, leaving)
    if followers:
        rules_by_seat = dict(rules_by_seat or {})
        for seat, rule in followers.items():
            rules_by_seat[seat] = (rule, "800.4a")
        leaving = [*leaving, *followers]
    staying = tuple(seat for seat in seats_in_game(s) if seat not in leaving)
    if s.markers is not None:
        by = rules_by_seat
        _leave_grand_melee(run, leaving, staying, followers, status=status, rules=rules, reason=reason, by=by)
        return
    _move_planar_controller(run, leaving, staying)
    _mark_left(run, leaving, followers, status=status, rules=rules, reason=reason, by=rules_by_seat)
    _remove_decks(run, leaving)
    owned_face_up = _cards_leave(run, leaving)
    if end_if_decided(run):
        return
    _after_cards_left(run, owned_face_up, leaving)


def _leave_grand_melee(
    run: Run,
    leaving: Sequence[int],
    staying: Sequence[int],
    followers: Mapping[int, str],
    *,
    status: PlayerStatus,
    rules: tuple[str, ...],
    reason: str,
    by: Mapping[int, tuple[str, ...]] | None,
) -> None:
    """Leaving a Grand Melee game: every turn marker's part of the game is affected. 901.14b: if the
    leaving reduces the number of turn markers, a leaving planar controller's cards go to the bottom and
    nobody takes their place; otherwise the next player becomes the planar controller (901.6). Then the
    markers move (807.4c, 807.4e-807.4g)."""
    from .melee import ceases_to_control, inside, markers_leave, turns, would_reduce_markers
    from .turns import settle

    s = run.s
    if would_reduce_markers(s, leaving):
        for seat in leaving:
            ceases_to_control(run, seat)
    for turn in turns(s):
        with inside(run, turn.marker):
            _move_planar_controller(run, leaving, staying)
    _mark_left(run, leaving, followers, status=status, rules=rules, reason=reason, by=by)
    _remove_decks(run, leaving)
    owned: dict[int, tuple[FaceUpCard, ...]] = {}
    for turn in turns(s):
        with inside(run, turn.marker):
            owned[turn.marker] = _cards_leave(run, leaving)
    if end_if_decided(run):
        return
    for turn in turns(s):
        with inside(run, turn.marker):
            _after_cards_left(run, owned[turn.marker], leaving)
    markers_leave(run, leaving)
    for turn in turns(s):
        if turn.taking_turn and turn.priority is not None and turn.marker != s.focus and not s.over:
            with inside(run, turn.marker):
                settle(run)  # 704.3: e.g. a phenomenon turned up under this marker (704.6f)


def _move_planar_controller(run: Run, leaving: Sequence[int], staying: Sequence[int]) -> None:
    """901.6, 800.4p: if the planar controller leaves, the next player in turn order who stays takes over."""
    s = run.s
    pc = s.planar_controller
    if pc is not None and pc in leaving:
        new_pc = next_in_turn_order(s, pc, include=tuple(staying)) if staying else None
        s.planar_controller = new_pc
        if new_pc is not None:
            run.emit(
                "planar_controller",
                ("901.6", "800.4p"),
                f"{run.name(new_pc)} becomes the planar controller.",
                player=new_pc,
            )


def _mark_left(
    run: Run,
    leaving: Sequence[int],
    followers: Mapping[int, str],
    *,
    status: PlayerStatus,
    rules: tuple[str, ...],
    reason: str,
    by: Mapping[int, tuple[str, ...]] | None,
) -> None:
    s = run.s
    for seat in leaving:
        run.set_player(replace(s.players[seat], status=status))
        why = reason
        if seat in followers:
            why = "their team loses with them" if followers[seat] == "810.8a" else "their emperor's fate is the team's"
        run.emit(
            "player_left",
            (by or {}).get(seat, rules),
            f"{run.name(seat)} leaves the game ({why}).",
            player=seat,
            status=status.value,
            reason=why,
        )


def _remove_decks(run: Run, leaving: Sequence[int]) -> None:
    """800.4a: the leaving players' planar decks leave the game with them (the shared deck stays)."""
    s = run.s
    if s.shared_deck:
        return
    for seat in leaving:
        if s.decks[seat]:
            s.removed = (*s.removed, *s.decks[seat])
            run.set_deck(seat, ())


def _cards_leave(run: Run, leaving: Sequence[int]) -> tuple[FaceUpCard, ...]:
    """800.4a: every face-up planar card the leaving players own leaves the game with them; abilities
    they control cease to exist (800.4a, 800.4d), except abilities from phenomena they own (901.10b).
    Returns the face-up cards that left."""
    s = run.s
    owned_face_up = tuple(fu for fu in s.face_up if s.owner_of(fu.card) in leaving)
    if owned_face_up:
        remember_counters(run, owned_face_up)
        gone = {fu.object_id for fu in owned_face_up}
        s.face_up = tuple(fu for fu in s.face_up if fu.object_id not in gone)
        s.removed = (*s.removed, *(fu.card for fu in owned_face_up))
        for fu in owned_face_up:
            run.emit(
                "card_left_game",
                ("800.4a", "901.10"),
                f"{run.card_name(fu.card)} leaves the game with its owner.",
                card=run.card_name(fu.card),
            )
    s.revealed = tuple(c for c in s.revealed if c not in s.removed)
    s.stack = _keep_abilities(run, s.stack, leaving, rule="800.4a")
    s.pending_triggers = _keep_abilities(run, s.pending_triggers, leaving, rule="800.4d")
    s.passed = tuple(p for p in s.passed if p not in leaving)
    return owned_face_up


def _after_cards_left(run: Run, owned_face_up: tuple[FaceUpCard, ...], leaving: Sequence[int]) -> None:
    """901.10: the planar controller turns up the top card of their planar deck at once if a face-up card
    left (a planeswalking ability on the stack ceases to exist if a plane left, 901.10a); priority moves on
    from a player who left (800.4j)."""
    s = run.s
    if owned_face_up:
        if any(is_plane(run, fu.card) for fu in owned_face_up):
            for item in s.stack:
                if item.kind is StackKind.PLANESWALKING:
                    run.emit(
                        "ability_ceased",
                        "901.10a",
                        "The planeswalking ability ceases to exist because a plane left the game.",
                        item=item.id,
                    )
            s.stack = tuple(i for i in s.stack if i.kind is not StackKind.PLANESWALKING)
        fire(run, TriggerKind.PLANESWALK_AWAY, owned_face_up, rules=("603.10g", "901.11b"))
        if any(is_plane(run, fu.card) for fu in owned_face_up):
            # 901.11b: a plane that leaves the game is a plane the player planeswalks away from.
            end_effects(run, (Duration.PLANESWALK_AWAY_FROM_PLANE,), "901.11")
        pc = s.planar_controller
        if pc is not None:
            deck = s.deck_of(pc)
            if deck:
                turn_up_new(run, pc, (deck[0],), rules=("901.10", "901.11"))
            else:
                run.emit(
                    "planar_deck_empty",
                    "901.10",
                    f"{run.name(pc)}'s planar deck is empty: no card is turned face up.",
                    player=pc,
                )
    # 800.4j; 807.5a: in Grand Melee, also a player no longer near this stack once objects on it ceased.
    if s.priority is not None and (s.priority in leaving or s.priority not in priority_players(s)):
        s.priority = next_in_turn_order(s, s.priority, include=priority_players(s))
        # 117.5: state-based actions and triggers come before priority; the log says who receives it once
        # they are done (give_priority).
        run.priority_moved = True


def _keep_abilities(
    run: Run, items: tuple[StackItem, ...], leaving: Sequence[int], *, rule: str
) -> tuple[StackItem, ...]:
    s = run.s
    kept: list[StackItem] = []
    for item in items:
        owner = s.cards[item.card].owner if item.card is not None else None
        from_plane = item.card is not None and is_plane(run, item.card)
        if from_plane and owner in leaving:
            # 901.10: everything the player owns leaves, abilities from their planes included.
            run.emit(
                "ability_ceased",
                ("901.10", rule),
                f"{run.card_name(item.card or 0)}'s ability ceases to exist with its owner.",
                item=item.id,
            )
            continue
        if item.controller not in leaving:
            kept.append(item)
            continue
        from_own_phenomenon = item.kind is StackKind.TRIGGERED and not from_plane and owner in leaving
        if from_own_phenomenon and s.planar_controller is not None:
            kept.append(replace(item, controller=s.planar_controller))
            run.emit(
                "ability_controller",
                "901.10b",
                f"{run.card_name(item.card or 0)}'s ability stays, now controlled by {run.name(s.planar_controller)}.",
                item=item.id,
                controller=s.planar_controller,
            )
        else:
            run.emit("ability_ceased", rule, f"{item.label or item.text} ceases to exist.", item=item.id)
    return tuple(kept)


def team_fate(state: GameState, leaving: Sequence[int]) -> dict[int, str]:
    """Players who leave with ``leaving`` because their fate is their team's, and the rule why: the
    whole team in Two-Headed Giant (810.8a, 810.8b), the whole team with its emperor (809.5b, 809.5c)."""
    table = table_of(state)
    out: dict[int, str] = {}
    for seat in leaving:
        if table.variant is Variant.TWO_HEADED_GIANT:
            rule = "810.8a"
        elif table.variant is Variant.EMPEROR and table.seats[seat].role is Role.EMPEROR:
            rule = "809.5b"
        else:
            continue
        for mate in table.teammates(seat):
            if in_game(state, mate) and mate not in leaving and mate not in out:
                out[mate] = rule
    return out


def end_if_decided(run: Run) -> bool:
    """End the game if at most one player, or one team, is left (104.2a); returns whether it ended.
    A team's result is its emperor's (809.5) or the team's (810.8a), whatever happened to its other
    players."""
    s = run.s
    table = table_of(s)
    remaining = seats_in_game(s)
    teams = {table.team_of(seat) if table.team_of(seat) is not None else -1 - seat for seat in remaining}
    if len(teams) > 1:
        return False
    if remaining:
        winner = table.leader(table.team_of(remaining[0]) or 0) if table.teams else remaining[0]
        winners = [winner, *table.teammates(winner)]
        for seat in winners:
            run.set_player(replace(s.players[seat], status=PlayerStatus.WON))
        if len(winners) == 1:
            run.emit("game_over", ("104.2a",), f"{run.name(winner)} wins the game.", winner=winner)
        else:
            rule = "809.5a" if table.variant is Variant.EMPEROR else "810.8a"
            names = ", ".join(run.name(seat) for seat in winners)
            run.emit(
                "game_over",
                ("104.2a", rule),
                f"{run.name(winner)}'s team wins the game: {names}.",
                winner=winner,
                winners=winners,
            )
    else:
        drawn: list[int] = []
        for index, team in enumerate(table.teams):  # 809.5c: a draw for an emperor is a draw for the team
            if s.players[table.leader(index)].status is PlayerStatus.DRAWN:
                drawn.extend(team)
                for seat in team:
                    run.set_player(replace(s.players[seat], status=PlayerStatus.DRAWN))
        extra: dict[str, list[int]] = {"drawn": drawn} if table.teams else {}
        run.emit("game_over", ("104.4a",), "The game is a draw.", winner=None, **extra)
    s.over = True
    s.priority = None
    s.stack = ()
    s.pending_triggers = ()
    return True


def draw_game(run: Run, seats: Sequence[int]) -> None:
    """All remaining players lose at once: the game is a draw (104.4a)."""
    for seat in (*seats, *team_fate(run.s, seats)):
        run.set_player(replace(run.s.players[seat], status=PlayerStatus.DRAWN))
    end_if_decided(run)
