"""Random legal planar decks, seeded: one player's deck (901.3), several players' decks that share no
card, or a single shared deck for N players (901.15a), drawn from chosen sets without excluded cards.

Everything is drawn with one :class:`random.Random`: give ``seed`` (or your own ``rng``) and the same
catalog, and the same arguments give the same deck. Decks are listed planes first, then phenomena,
each alphabetically (the engine shuffles planar decks when a game starts).

How many phenomena, when not given: one per ten cards, as in the March of the Machine Commander and
Doctor Who decks (a 10-card deck gets 1, a 40-card shared deck 4), more if the chosen planes run short,
never more than the rules allow (two per deck, 901.3; twice the players for a shared deck, 901.15a)
or than the chosen sets hold (so a deck from sets without phenomena simply has none).

>>> deck = random_deck(seed=7)
>>> len(deck), deck == random_deck(seed=7)
(10, True)
>>> from planechase.cards.decks import validate_shared_deck
>>> validate_shared_deck(random_shared_deck(2, seed=1, exclude=["Aretopolis"]), 2).legal
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import DeckError
from .decklists import _catalog
from .decks import MAX_PHENOMENA, MIN_DECK, shared_minimum
from .model import Catalog, normalize_name


class NotEnoughCardsError(DeckError):
    """The chosen sets, less the excluded cards, hold too few cards for the deck asked for.
    ``available`` and ``needed`` say how many."""

    def __init__(self, message: str, *, available: int, needed: int) -> None:
        super().__init__("", message)
        self.available = available
        self.needed = needed


@dataclass(frozen=True)
class CardPool:
    """The cards a random deck may be drawn from: planes and phenomena (sorted names), and how they
    were chosen (``sets``: ``None`` for every set; ``excluded``: catalog names)."""

    planes: tuple[str, ...]
    phenomena: tuple[str, ...]
    sets: tuple[str, ...] | None = None
    excluded: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.planes) + len(self.phenomena)

    def describe(self) -> str:
        """``"sets PC2, MOC less 2 excluded cards"``, for messages."""
        where = "the catalog" if self.sets is None else f"set {self.sets[0]}"
        if self.sets is not None and len(self.sets) > 1:
            where = f"sets {', '.join(self.sets)}"
        if self.excluded:
            where += f" less {_plural(len(self.excluded), 'excluded card')}"
        return where

    @property
    def verb(self) -> str:
        """ "has" or "have", to follow :meth:`describe`."""
        return "have" if self.sets is not None and len(self.sets) > 1 and not self.excluded else "has"

    def holds(self) -> str:
        """``"19 planes and 6 phenomena"``."""
        return f"{_plural(len(self.planes), 'plane')} and {_plural(len(self.phenomena), 'phenomenon', 'phenomena')}"

    def without(self, cards: Iterable[str]) -> CardPool:
        """This pool less ``cards`` (catalog names)."""
        gone = set(cards)
        return CardPool(
            tuple(c for c in self.planes if c not in gone),
            tuple(c for c in self.phenomena if c not in gone),
            self.sets,
            self.excluded,
        )


def known_sets(catalog: Catalog | None = None) -> tuple[str, ...]:
    """The set codes the catalog's cards are in, sorted (``"HOP"``, ``"MOC"``, ``"PC2"``, ...)."""
    return tuple(sorted({s for card in _catalog(catalog) for s in card.sets}, key=str.upper))


def card_pool(
    catalog: Catalog | None = None, *, sets: Iterable[str] | None = None, exclude: Iterable[str] = ()
) -> CardPool:
    """The planes and phenomena in any of ``sets`` (set codes as in the catalog, any case; ``None`` for
    all) that are not in ``exclude`` (card names, matched like deck lists: case, punctuation and
    diacritics do not matter). An unknown set or card name raises :class:`DeckError` with the
    closest ones."""
    cat = _catalog(catalog)
    chosen: tuple[str, ...] | None = None
    if sets is not None:
        by_key = {s.upper(): s for s in known_sets(cat)}
        picked: list[str] = []
        for code in sets:
            key = code.strip().upper()
            if not key:
                continue
            if key not in by_key:
                raise DeckError(
                    "", f"unknown set {code.strip()!r}; the catalog's sets are {', '.join(by_key.values())}"
                )
            if by_key[key] not in picked:
                picked.append(by_key[key])
        if not picked:
            raise DeckError("", "no set given; name one or more of " + ", ".join(by_key.values()))
        chosen = tuple(picked)
    excluded: list[str] = []
    for name in exclude:
        try:
            card = cat.get(name).name
        except KeyError:
            close = cat.closest(name)
            hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
            raise DeckError("", f"cannot exclude {name!r}: no planar card has that name{hint}") from None
        if card not in excluded:
            excluded.append(card)
    gone = {normalize_name(c) for c in excluded}
    cards = [
        c for c in cat if normalize_name(c.name) not in gone and (chosen is None or any(s in chosen for s in c.sets))
    ]
    return CardPool(
        planes=tuple(sorted(c.name for c in cards if c.is_plane)),
        phenomena=tuple(sorted(c.name for c in cards if c.is_phenomenon)),
        sets=chosen,
        excluded=tuple(excluded),
    )


def draw(rng: random.Random, pool: CardPool, *, planes: int, phenomena: int) -> tuple[str, ...]:
    """``planes`` planes and ``phenomena`` phenomena drawn from ``pool`` with ``rng``, with no rule
    checked (the legal builders below check them). Raises :class:`NotEnoughCardsError` when the pool
    is short."""
    if planes < 0 or phenomena < 0:
        raise ValueError("a deck cannot have a negative number of cards")
    if planes > len(pool.planes) or phenomena > len(pool.phenomena):
        raise NotEnoughCardsError(
            f"not enough cards for {_plural(planes, 'plane')} and {_plural(phenomena, 'phenomenon', 'phenomena')}: "
            f"{pool.describe()} {pool.verb} {pool.holds()}",
            available=len(pool),
            needed=planes + phenomena,
        )
    chosen_phenomena = rng.sample(pool.phenomena, phenomena)
    chosen_planes = rng.sample(pool.planes, planes)
    return (*sorted(chosen_planes), *sorted(chosen_phenomena))


def random_deck(
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    size: int = MIN_DECK,
    phenomena: int | None = None,
    sets: Iterable[str] | None = None,
    exclude: Iterable[str] = (),
    catalog: Catalog | None = None,
) -> tuple[str, ...]:
    """A random legal planar deck for one player (901.3): ``size`` different cards (at least ten),
    ``phenomena`` of them phenomena (at most two; see the module documentation for the default)."""
    pool = card_pool(catalog, sets=sets, exclude=exclude)
    generator = _rng(seed, rng)
    return _legal(
        generator, pool, size=size, phenomena=phenomena, minimum=MIN_DECK, most=MAX_PHENOMENA, what=_ONE, rule="901.3"
    )


def random_decks(
    players: int,
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    size: int = MIN_DECK,
    phenomena: int | None = None,
    sets: Iterable[str] | None = None,
    exclude: Iterable[str] = (),
    catalog: Catalog | None = None,
) -> tuple[tuple[str, ...], ...]:
    """``players`` random legal personal decks (901.3) that share no card, as if dealt from one
    collection: each has ``size`` cards and ``phenomena`` phenomena (by default one per ten cards,
    fewer for the later decks if the pool's phenomena run out)."""
    if players < 1:
        raise ValueError(f"deal decks for at least one player, not {players}")
    pool = card_pool(catalog, sets=sets, exclude=exclude)
    _check_size(size, MIN_DECK, _ONE, "901.3")
    if players * size > len(pool):
        raise NotEnoughCardsError(
            f"not enough cards for {players} decks of {size} that share no card: {pool.describe()} {pool.verb} "
            f"{pool.holds()}: {_plural(len(pool), 'card')} available, {players * size} needed",
            available=len(pool),
            needed=players * size,
        )
    generator = _rng(seed, rng)
    decks: list[tuple[str, ...]] = []
    for i in range(players):
        what = _ONE if players == 1 else f"planar deck {i + 1} of {players} ({{size}} cards)"
        deck = _legal(
            generator,
            pool,
            size=size,
            phenomena=phenomena,
            minimum=MIN_DECK,
            most=MAX_PHENOMENA,
            what=what,
            rule="901.3",
        )
        decks.append(deck)
        pool = pool.without(deck)
    return tuple(decks)


def random_shared_deck(
    players: int,
    seed: int | None = None,
    *,
    rng: random.Random | None = None,
    size: int | None = None,
    phenomena: int | None = None,
    sets: Iterable[str] | None = None,
    exclude: Iterable[str] = (),
    catalog: Catalog | None = None,
) -> tuple[str, ...]:
    """A random legal single shared planar deck for ``players`` players (901.15a): ``size`` different
    cards (by default, and at least, forty or ten per player, whichever is fewer), ``phenomena`` of
    them phenomena (at most twice the players)."""
    if players < 1:
        raise ValueError(f"a shared planar deck is for at least one player, not {players}")
    pool = card_pool(catalog, sets=sets, exclude=exclude)
    minimum = shared_minimum(players)
    what = f"a {{size}}-card shared planar deck for {players} players"
    return _legal(
        _rng(seed, rng),
        pool,
        size=minimum if size is None else size,
        phenomena=phenomena,
        minimum=minimum,
        most=2 * players,
        what=what,
        rule="901.15a",
    )


def default_phenomena(size: int, most: int, pool: CardPool) -> int:
    """How many phenomena a deck of ``size`` gets when none is asked for: one per ten cards, more if
    the pool's planes run short, within the rules' ``most`` and what the pool holds."""
    wanted = max(size // 10, size - len(pool.planes))
    return max(0, min(wanted, most, len(pool.phenomena), size))


# -- the checks ------------------------------------------------------------------------------------

_ONE = "a {size}-card planar deck"


def _rng(seed: int | None, rng: random.Random | None) -> random.Random:
    if rng is not None and seed is not None:
        raise ValueError("give a seed or a random generator, not both")
    return rng if rng is not None else random.Random(seed)


def _check_size(size: int, minimum: int, what: str, rule: str) -> None:
    if size < minimum:
        raise DeckError(rule, f"{what.format(size=size)} is too small: it needs at least {minimum} cards")


def _legal(
    rng: random.Random,
    pool: CardPool,
    *,
    size: int,
    phenomena: int | None,
    minimum: int,
    most: int,
    what: str,
    rule: str,
) -> tuple[str, ...]:
    """Check the asked-for deck against the rules and the pool, then draw it."""
    _check_size(size, minimum, what, rule)
    what = what.format(size=size)
    if phenomena is not None and not 0 <= phenomena <= most:
        raise DeckError(rule, f"{what} may have at most {most} phenomena, not {phenomena}")
    if phenomena is not None and phenomena > size:
        raise DeckError("", f"{what} cannot hold {phenomena} phenomena")
    k = default_phenomena(size, most, pool) if phenomena is None else phenomena
    if k > len(pool.phenomena):
        raise NotEnoughCardsError(
            f"not enough phenomena for {what} with {_plural(k, 'phenomenon', 'phenomena')}: "
            f"{pool.describe()} {pool.verb} {pool.holds()}",
            available=len(pool.phenomena),
            needed=k,
        )
    if size - k > len(pool.planes):
        largest = len(pool.planes) + (min(most, len(pool.phenomena)) if phenomena is None else k)
        capped = phenomena is None and len(pool.phenomena) > most
        limit = f" (only {most} phenomena may go in it, {rule})" if capped else ""
        raise NotEnoughCardsError(
            f"not enough cards for {what}: {pool.describe()} {pool.verb} {pool.holds()}{limit}: "
            f"{_plural(largest, 'card')} available, {size} needed",
            available=largest,
            needed=size,
        )
    return draw(rng, pool, planes=size - k, phenomena=k)


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one}" if n == 1 else f"{n} {many or one + 's'}"
