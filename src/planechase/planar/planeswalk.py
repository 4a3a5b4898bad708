"""Planeswalking (701.31, 901.11) and the planar controller turning up cards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.actions import SUSAN_FOREMAN
from ..core.context import DeciderLeft, Run
from ..core.state import DecisionKind, Duration, FaceUpCard
from ..core.vocabulary import TriggerKind
from .triggers import fire, remember_counters
from .zones import deck_holding, home_deck, is_plane, order_cards, take_from_deck, turn_face_up


def end_effects(run: Run, durations: Sequence[Duration], rule: str) -> None:
    """End the effects lasting ``durations``: in Grand Melee, those created under the focused turn marker
    (807.4: each marker has its own turn and planar cards)."""
    ending = [e for e in run.s.effects if e.duration in durations and e.marker == run.s.focus]
    if not ending:
        return
    run.s.effects = tuple(e for e in run.s.effects if e not in ending)
    for effect in ending:
        run.emit("effect_ended", rule, f"Effect ends: {effect.text}", effect=effect.id, kind=effect.kind)


def turn_up_new(
    run: Run,
    seat: int,
    cards: Sequence[int],
    *,
    rules: tuple[str, ...],
    counters: Mapping[int, tuple[tuple[str, int], ...]] | None = None,
) -> list[FaceUpCard]:
    """Turn ``cards`` face up for ``seat``: the player has planeswalked to them (901.11, 901.11b).

    Phenomena are encountered (312.5); planes are planeswalked to. Effects lasting until a player
    planeswalks end (901.11) and planeswalk-to and encounter abilities trigger. ``counters`` gives the
    counters a plane kept on the Eternities Map (a house rule), by card.
    """
    new: list[FaceUpCard] = []
    for card in cards:
        fu = turn_face_up(run, card, arrived_turn=run.s.turn, counters=(counters or {}).get(card, ()))
        new.append(fu)
        name = run.card_name(card)
        if is_plane(run, card):
            run.s.visited = (*run.s.visited, card)
            run.emit(
                "planeswalked_to",
                rules,
                f"{run.name(seat)} planeswalks to {name}.",
                player=seat,
                card=name,
                object=fu.object_id,
            )
        else:
            run.emit(
                "encountered",
                (*rules, "312.5"),
                f"{run.name(seat)} encounters {name}.",
                player=seat,
                card=name,
                object=fu.object_id,
            )
    end_effects(run, (Duration.PLANESWALK,), "901.11")
    planes = [fu for fu in new if is_plane(run, fu.card)]
    phenomena = [fu for fu in new if not is_plane(run, fu.card)]
    fire(run, TriggerKind.PLANESWALK_TO, planes, rules=("901.11",))
    fire(run, TriggerKind.ENCOUNTER, phenomena, rules=("312.5",))
    return new


def planeswalk(
    run: Run,
    seat: int,
    *,
    rules: tuple[str, ...] = ("701.31",),
    cause: str = "",
    to_cards: Sequence[int] | None = None,
    leave: bool = True,
) -> None:
    """``seat`` planeswalks (701.31b): every face-up plane and phenomenon goes to the bottom of its
    owner's planar deck (901.11c: all of them), then the top card of ``seat``'s planar deck is turned
    face up. ``to_cards`` names the cards to planeswalk to instead of the top card (Spatial Merging);
    ``leave=False`` planeswalks without leaving any plane (Norn's Seedcore)."""
    s = run.s
    if s.over:
        return
    if seat != s.planar_controller:
        run.emit(
            "planeswalk_refused",
            "701.31a",
            f"{run.name(seat)} is not the planar controller and cannot planeswalk.",
            player=seat,
        )
        return
    if to_cards is not None and not leave and not any(deck_holding(run, c) is not None for c in to_cards):
        return  # nothing revealed to planeswalk to, and nothing to leave: no planeswalk happens
    if s.permanents:
        # Susan Foreman replaces the planeswalk (614.1a), once for each Susan the player controls (614.5).
        for _ in range(sum(1 for p in s.permanents if p.controller == seat and p.card == SUSAN_FOREMAN)):
            try:
                _susan_foreman(run, seat)
            except DeciderLeft:
                return  # the player left while choosing: they no longer planeswalk (800.4a)
    if s.eternities is not None and leave:
        from .eternities import planeswalk_on_map

        planeswalk_on_map(run, seat, rules=rules, cause=cause, to_cards=to_cards)
        return
    because = f" ({cause})" if cause else ""
    run.emit("planeswalk", rules, f"{run.name(seat)} planeswalks{because}.", player=seat)
    left: tuple[FaceUpCard, ...] = s.face_up if leave else ()
    if left:
        leave_face_up(run, left, rule="701.31b")
    if to_cards is None:
        deck = s.deck_of(seat)
        if not deck:
            run.emit(
                "planar_deck_empty",
                "701.31b",
                f"{run.name(seat)}'s planar deck is empty: no card is turned face up.",
                player=seat,
            )
            cards: Sequence[int] = ()
        else:
            cards = (deck[0],)
    else:
        cards = [c for c in to_cards if deck_holding(run, c) is not None]
    if left and any(is_plane(run, fu.card) for fu in left):
        end_effects(run, (Duration.PLANESWALK_AWAY_FROM_PLANE,), "901.11")
    if cards and s.eternities is not None:
        run.emit(
            "map_joined",
            ("701.31", "901.11"),
            f"The game stays where it is on the map; {', '.join(run.card_name(c) for c in cards)} "
            "joins the current plane beside the map.",
            cards=[run.card_name(c) for c in cards],
            map_rule="engine:named_planes",
        )
    if cards:
        turn_up_new(run, seat, cards, rules=(*rules, "901.11"))


def _susan_foreman(run: Run, seat: int) -> None:
    """Susan Foreman: "If you would planeswalk, instead look at the top two cards of your planar deck, put
    one on the bottom of your planar deck and the other on top, then planeswalk." The names are in the
    decision for ``seat`` only (views hide them from the others); the log does not name them."""
    s = run.s
    deck = s.deck_of(seat)
    who = run.name(seat)
    if len(deck) < 2:
        what = "the top card of their planar deck; it stays on top" if deck else "their planar deck, which is empty"
        run.emit("planar_deck_arranged", "614.1a", f"Susan Foreman: {who} looks at {what}.", player=seat)
        return
    first, second = run.card_name(deck[0]), run.card_name(deck[1])
    answer = run.decide(
        DecisionKind.ARRANGE_PLANAR_DECK,
        seat,
        f"Susan Foreman: the top two cards of your planar deck are {first} (first) and {second} (second). "
        "Choose the one to put on the bottom; the other goes on top, then you planeswalk",
        (("first", "Put the first card on the bottom"), ("second", "Put the second card on the bottom")),
        "614.1a",
    )
    top, bottom = (deck[1], deck[0]) if answer == "first" else (deck[0], deck[1])
    run.set_deck(s.deck_index(seat), (top, *deck[2:], bottom))
    run.emit(
        "planar_deck_arranged",
        ("614.1a", "701.31"),
        f"Susan Foreman: {who} looks at the top two cards of their planar deck, puts one on the bottom and the "
        "other on top, then planeswalks.",
        player=seat,
    )


def leave_face_up(run: Run, objects: Sequence[FaceUpCard], *, rule: str) -> None:
    """Turn ``objects`` face down onto the bottom of their owners' planar decks (701.31b); each stops
    being an object (901.7a), and planeswalk-away abilities trigger, looking back (603.10g).

    Each owner orders their own cards first (401.4 by analogy); the cards stay face up while they
    choose, so a view in the middle of the choice still shows every card somewhere.
    """
    s = run.s
    on_map: set[int] = set()
    if s.eternities is not None:
        from .eternities import left_on_map, off_map, stays_on_map

        on_map = {fu.object_id for fu in objects if stays_on_map(run, fu)}
    by_owner: dict[int, list[int]] = {}
    for fu in objects:
        if fu.object_id in on_map:
            continue  # the plane of the current space stays on the Eternities Map
        owner = s.owner_of(fu.card)
        if owner is not None:
            by_owner.setdefault(owner, []).append(fu.card)
    ordered: list[int] = []
    for owner, cards in by_owner.items():
        try:
            ordered.extend(order_cards(run, owner, cards, rule=rule, purpose="on the bottom of your planar deck"))
        except DeciderLeft:
            # The owner left while choosing. Their own cards left the game with them (800.4a); cards of
            # the shared deck now belong to the new planar controller (901.15b) and go down as they are.
            ordered.extend(cards)
    still_up = [fu for fu in objects if fu in s.face_up]
    remember_counters(run, still_up)
    up_cards = {fu.card for fu in still_up}
    ids = {fu.object_id for fu in still_up}
    s.face_up = tuple(fu for fu in s.face_up if fu.object_id not in ids)
    for card in ordered:
        if card not in up_cards:
            continue
        take_from_deck(run, card)
        if s.eternities is not None:
            off_map(run, card)
        index = home_deck(run, card)
        if index is None:
            s.removed = (*s.removed, card)
            continue
        run.set_deck(index, (*s.decks[index], card))
    for fu in still_up:
        name = run.card_name(fu.card)
        verb = "planeswalks away from" if is_plane(run, fu.card) else "leaves"
        where = "it goes to the bottom of its planar deck"
        if fu.object_id in on_map:
            left_on_map(run, fu)
            where = "it stays face up on the Eternities Map"
        run.emit(
            "planeswalked_away",
            ("701.31b", "901.7a"),
            f"{run.name(s.planar_controller)} {verb} {name}; {where}.",
            card=name,
            object=fu.object_id,
        )
    fire(run, TriggerKind.PLANESWALK_AWAY, still_up, rules=("603.10g", "901.11b"))
