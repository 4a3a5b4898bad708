"""Moving planar cards: revealing from a planar deck, putting cards on the bottom, turning a card face
up as a new object (901.4, 901.7a)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.context import Run
from ..core.state import DecisionKind, FaceUpCard


def is_plane(run: Run, card: int) -> bool:
    """Whether ``card`` is a plane card (else it is a phenomenon, 312.2)."""
    return run.s.cards[card].name in run.catalog.planes


def take_from_deck(run: Run, card: int) -> None:
    """Move ``card`` off whichever planar deck holds it."""
    for index, deck in enumerate(run.s.decks):
        if card in deck:
            run.set_deck(index, (c for c in deck if c != card))
            return


def home_deck(run: Run, card: int) -> int | None:
    """The planar deck ``card`` goes back to: its owner's (901.6; the shared deck, 901.15c), or on the
    Eternities Map the map's deck or phenomenon pile; ``None`` if its owner left the game."""
    if run.s.eternities is not None:
        from .eternities import home_deck as map_home

        return map_home(run, card)
    owner = run.s.owner_of(card)
    return None if owner is None else run.s.deck_index(owner)


def deck_holding(run: Run, card: int) -> int | None:
    for index, deck in enumerate(run.s.decks):
        if card in deck:
            return index
    return None


def reveal_until(
    run: Run, seat: int, planes_wanted: int | None, count: int | None = None, *, rule: str
) -> tuple[int, ...]:
    """Reveal cards from the top of ``seat``'s planar deck until ``planes_wanted`` plane cards are
    revealed (or ``count`` cards, or the deck runs out). The cards stay in the deck, revealed."""
    deck = run.s.deck_of(seat)
    revealed: list[int] = []
    planes = 0
    for card in deck:
        if count is not None and len(revealed) >= count:
            break
        if planes_wanted is not None and planes >= planes_wanted:
            break
        revealed.append(card)
        planes += is_plane(run, card)
    run.s.revealed = tuple(revealed)
    names = [run.card_name(c) for c in revealed]
    shown = ", ".join(names) if names else "nothing (the planar deck is empty)"
    run.emit("revealed", rule, f"{run.name(seat)} reveals {shown}.", player=seat, cards=names)
    return tuple(revealed)


def order_cards(run: Run, chooser: int, cards: Sequence[int], *, rule: str, purpose: str) -> tuple[int, ...]:
    """Ask ``chooser`` to order ``cards`` (first chosen goes first); no question for one card."""
    remaining = list(cards)
    ordered: list[int] = []
    while len(remaining) > 1:
        options = [(f"card:{c}", run.card_name(c)) for c in remaining]
        answer = run.decide(DecisionKind.ORDER_CARDS, chooser, f"Choose the next card to put {purpose}", options, rule)
        chosen = int(answer.split(":", 1)[1])
        remaining.remove(chosen)
        ordered.append(chosen)
    return (*ordered, *remaining)


def put_on_bottom(
    run: Run, cards: Sequence[int], *, chooser: int | None, rule: str, random_order: bool = False
) -> None:
    """Put ``cards`` (in a planar deck or face up) on the bottom of their owners' planar decks: in a
    random order, or in the order ``chooser`` picks ("in any order"). Cards no longer in a planar deck
    (turned face up or gone with a player who left while a choice was open) stay where they are."""
    cards = [c for c in cards if deck_holding(run, c) is not None]
    if not cards:
        return
    if random_order:
        order = run.shuffle(list(cards))
        run.emit(
            "bottom_order",
            rule,
            f"{len(cards)} cards go to the bottom in a random order.",
            chance="order:" + ",".join(str(list(cards).index(c)) for c in order),
            cards=[run.card_name(c) for c in order],
        )
    elif chooser is not None:
        order = order_cards(run, chooser, cards, rule=rule, purpose="on the bottom of the planar deck")
    else:
        order = tuple(cards)
    # The cards move only once the order is known, so a view mid-choice stays whole; a card that left
    # its deck meanwhile (a player left and the planar controller turned it up) stays where it went.
    order = tuple(c for c in order if deck_holding(run, c) is not None)
    for card in order:
        take_from_deck(run, card)
    for card in order:
        index = home_deck(run, card)
        if index is None:
            run.s.removed = (*run.s.removed, card)
            continue
        run.set_deck(index, (*run.s.decks[index], card))
    run.s.revealed = tuple(c for c in run.s.revealed if c not in cards)


def put_on_top(run: Run, card: int) -> None:
    if deck_holding(run, card) is None:  # no longer in a planar deck (see put_on_bottom)
        return
    take_from_deck(run, card)
    index = home_deck(run, card)
    if index is None:
        return
    run.set_deck(index, (card, *run.s.decks[index]))
    run.s.revealed = tuple(c for c in run.s.revealed if c != card)


def turn_face_up(
    run: Run, card: int, *, arrived_turn: int | None = None, counters: tuple[tuple[str, int], ...] = ()
) -> FaceUpCard:
    """Move ``card`` off its planar deck and turn it face up as a new object (901.7a, 613.7h).
    ``arrived_turn`` is the turn a player planeswalked to it (``None`` for the starting plane); ``counters``
    are those a plane kept on the Eternities Map (a house rule)."""
    take_from_deck(run, card)
    fu = FaceUpCard(
        object_id=run.new_id(), card=card, timestamp=run.new_timestamp(), arrived_turn=arrived_turn, counters=counters
    )
    run.s.face_up = (*run.s.face_up, fu)
    run.s.revealed = tuple(c for c in run.s.revealed if c != card)
    return fu
