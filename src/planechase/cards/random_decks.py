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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from ..errors import DeckError, Param, Text
from .decklist_model import default_catalog as _catalog
from .decklist_model import or_text
from .decks import MAX_PHENOMENA, MIN_DECK, shared_minimum
from .filters import deck_filters
from .model import Catalog, normalize_name


class NotEnoughCardsError(DeckError):
    """The chosen sets, less the excluded cards, hold too few cards for the deck asked for.
    ``available`` and ``needed`` say how many; the message is a template and its ``params``, as for every
    :class:`~planechase.errors.PlanechaseError`."""

    def __init__(self, message: str, /, *, available: int, needed: int, **params: Param) -> None:
        super().__init__("", message, **params)
        self.available = available
        self.needed = needed


@dataclass(frozen=True)
class CardPool:
    """The cards a random deck may be drawn from: planes and phenomena (sorted names), and how they
    were chosen (``sets``: ``None`` for every set; ``excluded``: catalog names; ``filters``: the deck filters'
    names, see :mod:`planechase.cards.filters`)."""

    planes: tuple[str, ...]
    phenomena: tuple[str, ...]
    sets: tuple[str, ...] | None = None
    excluded: tuple[str, ...] = ()
    filters: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.planes) + len(self.phenomena)

    def describe(self) -> str:
        """``"sets PC2, MOC less 2 excluded cards"``, for messages."""
        return str(self.describe_text())

    def describe_text(self) -> Text:
        """:meth:`describe`, to translate."""
        if self.sets is None:
            where = Text("the catalog")
        elif len(self.sets) == 1:
            where = Text("set {set}", {"set": self.sets[0]})
        else:
            where = Text("sets {sets}", {"sets": ", ".join(self.sets)})
        for deck_filter in deck_filters(self.filters):
            where = Text("{pool}, only the {filter}", {"pool": where, "filter": deck_filter.title})
        if not self.excluded:
            return where
        if len(self.excluded) == 1:
            return Text("{pool} less {count} excluded card", {"pool": where, "count": 1})
        return Text("{pool} less {count} excluded cards", {"pool": where, "count": len(self.excluded)})

    @property
    def verb(self) -> str:
        """ "has" or "have", to follow :meth:`describe`."""
        return "have" if self._plural_subject else "has"

    @property
    def _plural_subject(self) -> bool:
        return self.sets is not None and len(self.sets) > 1 and not self.excluded and not self.filters

    def holds(self) -> str:
        """``"19 planes and 6 phenomena"``."""
        return str(self.holds_text())

    def holds_text(self) -> Text:
        """:meth:`holds`, to translate."""
        return Text(
            "{planes} and {phenomena}",
            {"planes": _planes(len(self.planes)), "phenomena": _phenomena(len(self.phenomena))},
        )

    def contents_text(self) -> Text:
        """``"sets PC2, MOC have 19 planes and 6 phenomena"``: :meth:`describe`, :attr:`verb` and :meth:`holds`
        as one clause, to translate."""
        pool, cards = self.describe_text(), self.holds_text()
        if self._plural_subject:
            return Text("{pool} have {cards}", {"pool": pool, "cards": cards})
        return Text("{pool} has {cards}", {"pool": pool, "cards": cards})

    def without(self, cards: Iterable[str]) -> CardPool:
        """This pool less ``cards`` (catalog names)."""
        gone = set(cards)
        return CardPool(
            tuple(c for c in self.planes if c not in gone),
            tuple(c for c in self.phenomena if c not in gone),
            self.sets,
            self.excluded,
            self.filters,
        )


def known_sets(catalog: Catalog | None = None) -> tuple[str, ...]:
    """The set codes the catalog's cards are in, sorted (``"HOP"``, ``"MOC"``, ``"PC2"``, ...)."""
    return tuple(sorted({s for card in _catalog(catalog) for s in card.sets}, key=str.upper))


def card_pool(
    catalog: Catalog | None = None,
    *,
    sets: Iterable[str] | None = None,
    exclude: Iterable[str] = (),
    filters: Iterable[str] = (),
) -> CardPool:
    """The planes and phenomena in any of ``sets`` (set codes as in the catalog, any case; ``None`` for
    all) that are not in ``exclude`` (card names, matched like deck lists: case, punctuation and
    diacritics do not matter) and that every one of ``filters`` keeps (``"remote"``, ``"commander"``, see
    :mod:`planechase.cards.filters`). An unknown set, card name or filter raises :class:`DeckError` with the
    closest ones.

    >>> pool = card_pool(filters=["remote"])
    >>> "Cliffside Market" in pool.planes, "Naar Isle" in pool.planes, pool.describe()
    (False, True, 'the catalog, only the planes for remote play')
    """
    cat = _catalog(catalog)
    chosen_filters = deck_filters(filters)
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
                    "",
                    "unknown set {set}; the catalog's sets are {sets}",
                    set=repr(code.strip()),
                    sets=", ".join(by_key.values()),
                )
            if by_key[key] not in picked:
                picked.append(by_key[key])
        if not picked:
            raise DeckError("", "no set given; name one or more of {sets}", sets=", ".join(by_key.values()))
        chosen = tuple(picked)
    excluded: list[str] = []
    for name in exclude:
        try:
            card = cat.get(name).name
        except KeyError:
            close = cat.closest(name)
            if close:
                raise DeckError(
                    "",
                    "cannot exclude {name}: no planar card has that name; did you mean {names}?",
                    name=repr(name),
                    names=or_text([repr(c) for c in close]),
                ) from None
            raise DeckError("", "cannot exclude {name}: no planar card has that name", name=repr(name)) from None
        if card not in excluded:
            excluded.append(card)
    gone = {normalize_name(c) for c in excluded}
    cards = [
        c
        for c in cat
        if normalize_name(c.name) not in gone
        and (chosen is None or any(s in chosen for s in c.sets))
        and (not chosen_filters or all(f.keeps(c) for f in chosen_filters))
    ]
    return CardPool(
        planes=tuple(sorted(c.name for c in cards if c.is_plane)),
        phenomena=tuple(sorted(c.name for c in cards if c.is_phenomenon)),
        sets=chosen,
        excluded=tuple(excluded),
        filters=tuple(f.name for f in chosen_filters),
    )


def draw(rng: random.Random, pool: CardPool, *, planes: int, phenomena: int) -> tuple[str, ...]:
    """``planes`` planes and ``phenomena`` phenomena drawn from ``pool`` with ``rng``, with no rule
    checked (the legal builders below check them). Raises :class:`NotEnoughCardsError` when the pool
    is short."""
    if planes < 0 or phenomena < 0:
        raise ValueError("a deck cannot have a negative number of cards")
    if planes > len(pool.planes) or phenomena > len(pool.phenomena):
        raise NotEnoughCardsError(
            "not enough cards for {planes} and {phenomena}: {pool}",
            available=len(pool),
            needed=planes + phenomena,
            planes=_planes(planes),
            phenomena=_phenomena(phenomena),
            pool=pool.contents_text(),
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
    filters: Iterable[str] = (),
    catalog: Catalog | None = None,
) -> tuple[str, ...]:
    """A random legal planar deck for one player (901.3): ``size`` different cards (at least ten),
    ``phenomena`` of them phenomena (at most two; see the module documentation for the default)."""
    pool = card_pool(catalog, sets=sets, exclude=exclude, filters=filters)
    generator = _rng(seed, rng)
    return _legal(
        generator, pool, size=size, phenomena=phenomena, minimum=MIN_DECK, most=MAX_PHENOMENA, what=_one, rule="901.3"
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
    filters: Iterable[str] = (),
    catalog: Catalog | None = None,
) -> tuple[tuple[str, ...], ...]:
    """``players`` random legal personal decks (901.3) that share no card, as if dealt from one
    collection: each has ``size`` cards and ``phenomena`` phenomena (by default one per ten cards,
    fewer for the later decks if the pool's phenomena run out)."""
    if players < 1:
        raise ValueError(f"deal decks for at least one player, not {players}")
    pool = card_pool(catalog, sets=sets, exclude=exclude, filters=filters)
    _check_size(size, MIN_DECK, _one, "901.3")
    if players * size > len(pool):
        raise NotEnoughCardsError(
            "not enough cards for {players} decks of {size} that share no card: {pool}: {have} available, "
            "{count} needed",
            available=len(pool),
            needed=players * size,
            players=players,
            size=size,
            pool=pool.contents_text(),
            have=_cards(len(pool)),
            count=players * size,
        )
    generator = _rng(seed, rng)
    decks: list[tuple[str, ...]] = []
    for i in range(players):
        what = _one if players == 1 else partial(_one_of, i + 1, players)
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
    filters: Iterable[str] = (),
    catalog: Catalog | None = None,
) -> tuple[str, ...]:
    """A random legal single shared planar deck for ``players`` players (901.15a): ``size`` different
    cards (by default, and at least, forty or ten per player, whichever is fewer), ``phenomena`` of
    them phenomena (at most twice the players)."""
    if players < 1:
        raise ValueError(f"a shared planar deck is for at least one player, not {players}")
    pool = card_pool(catalog, sets=sets, exclude=exclude, filters=filters)
    minimum = shared_minimum(players)
    what = partial(_shared, players)
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

#: What a deck asked for is called in messages, given its size.
DeckName = Callable[[int], Text]


def _one(size: int) -> Text:
    return Text("a {size}-card planar deck", {"size": size})


def _one_of(number: int, players: int, size: int) -> Text:
    return Text(
        "planar deck {number} of {players} ({size} cards)", {"number": number, "players": players, "size": size}
    )


def _shared(players: int, size: int) -> Text:
    return Text("a {size}-card shared planar deck for {players} players", {"size": size, "players": players})


def _rng(seed: int | None, rng: random.Random | None) -> random.Random:
    if rng is not None and seed is not None:
        raise ValueError("give a seed or a random generator, not both")
    return rng if rng is not None else random.Random(seed)


def _check_size(size: int, minimum: int, what: DeckName, rule: str) -> None:
    if size < minimum:
        raise DeckError(
            rule, "{deck} is too small: it needs at least {minimum} cards", deck=what(size), minimum=minimum
        )


def _legal(
    rng: random.Random,
    pool: CardPool,
    *,
    size: int,
    phenomena: int | None,
    minimum: int,
    most: int,
    what: DeckName,
    rule: str,
) -> tuple[str, ...]:
    """Check the asked-for deck against the rules and the pool, then draw it."""
    _check_size(size, minimum, what, rule)
    deck = what(size)
    if phenomena is not None and not 0 <= phenomena <= most:
        raise DeckError(
            rule, "{deck} may have at most {most} phenomena, not {count}", deck=deck, most=most, count=phenomena
        )
    if phenomena is not None and phenomena > size:
        raise DeckError("", "{deck} cannot hold {count} phenomena", deck=deck, count=phenomena)
    k = default_phenomena(size, most, pool) if phenomena is None else phenomena
    if k > len(pool.phenomena):
        raise NotEnoughCardsError(
            "not enough phenomena for {deck} with {phenomena}: {pool}",
            available=len(pool.phenomena),
            needed=k,
            deck=deck,
            phenomena=_phenomena(k),
            pool=pool.contents_text(),
        )
    if size - k > len(pool.planes):
        largest = len(pool.planes) + (min(most, len(pool.phenomena)) if phenomena is None else k)
        if phenomena is None and len(pool.phenomena) > most:
            raise NotEnoughCardsError(
                "not enough cards for {deck}: {pool} (only {most} phenomena may go in it, {rule}): {have} available, "
                "{count} needed",
                available=largest,
                needed=size,
                deck=deck,
                pool=pool.contents_text(),
                most=most,
                rule=rule,
                have=_cards(largest),
                count=size,
            )
        raise NotEnoughCardsError(
            "not enough cards for {deck}: {pool}: {have} available, {count} needed",
            available=largest,
            needed=size,
            deck=deck,
            pool=pool.contents_text(),
            have=_cards(largest),
            count=size,
        )
    return draw(rng, pool, planes=size - k, phenomena=k)


def _cards(n: int) -> Text:
    return Text("{count} card", {"count": n}) if n == 1 else Text("{count} cards", {"count": n})


def _planes(n: int) -> Text:
    return Text("{count} plane", {"count": n}) if n == 1 else Text("{count} planes", {"count": n})


def _phenomena(n: int) -> Text:
    return Text("{count} phenomenon", {"count": n}) if n == 1 else Text("{count} phenomena", {"count": n})
