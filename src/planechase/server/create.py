"""Creating a table from the form a player filled in: the variant and seats, Planechase with a deck per
player or one shared deck (pasted lists or random decks from chosen sets), an optional seed and the
Eternities Map's house rules.

>>> config, meta = table_config({"players": ["Ann", "Bob"], "decks": "random", "seed": 4})
>>> config["seed"], len(config["decks"]), meta["house_rules"]
(4, 2, [])
>>> try:
...     table_config({"players": ["Ann", "Bob"], "decks": "pasted", "deck_lists": ["Naar Isl", ""]})
... except CreateError as error:
...     print(error)
...     for issue in error.issues:
...         print(issue)
the pasted planar decks cannot be played: 3 problems
Ann's planar deck, line 1: unknown planar card 'Naar Isl'; did you mean 'Naar Isle', 'Naya' or 'Enigma Ridges'?
901.3: Ann's planar deck has 1 card; a planar deck needs at least ten
901.3: Bob's planar deck has 0 cards; a planar deck needs at least ten
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..cards.catalog import CATALOG
from ..cards.decklists import DeckIssue, parse_deck_list
from ..cards.decks import validate
from ..cards.filters import FILTERS
from ..cards.random_decks import random_decks, random_shared_deck
from ..core.config import MAX_PLAYERS, GameConfig
from ..core.rng import secure_seed
from ..engine.reducer import new_game
from ..errors import PlanechaseError, Text
from ..variants.eternities_map import MapRules

#: Longest accepted pasted deck list, in characters.
MAX_DECK_TEXT = 20_000
#: The most set codes or excluded cards a form may list.
MAX_LIST = 500
#: The most problems of pasted deck lists answered (with how many there were).
MAX_ISSUES = 40


class CreateError(PlanechaseError):
    """The form can't make a table; the message says what to change (``text``: the sentence to translate) and
    ``issues`` every problem of the pasted deck lists, each with its line."""

    def __init__(self, message: str, /, issues: list[Text] | None = None, **params: Any) -> None:
        super().__init__(message, **params)
        self.issues = issues or []


def _text_of(exc: Exception) -> Text:
    """An error's sentence: its own when it has one (after the rule it names, if any), else its English words."""
    if not isinstance(exc, PlanechaseError):
        return Text("{error}", {"error": str(exc)})
    rule = getattr(exc, "rule", "")
    return Text("{rule}: {error}", {"rule": rule, "error": exc.text}) if rule else exc.text


def _text(value: object, name: str, limit: int) -> str:
    if not isinstance(value, str):
        raise CreateError("'{name}' must be text", name=name)
    if len(value) > limit:
        raise CreateError("'{name}' is longer than {limit} characters", name=name, limit=limit)
    return value


def table_config(form: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game configuration (JSON form, with a seed chosen now if none was given) and what the table shows
    about how it was made; raises :class:`CreateError` naming what is wrong (a deck list error names its line
    and suggests the card meant)."""
    if not isinstance(form, Mapping):
        raise CreateError("the table form must be a JSON object")
    players = form.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise CreateError("'players' must be a list of names")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise CreateError(
            "a game needs {low} to {high} players, not {count}", low=2, high=MAX_PLAYERS, count=len(players)
        )
    players = [p.strip() for p in players]
    name = _text(form.get("name", ""), "name", 60).strip()
    seed = form.get("seed")
    seed_given = seed not in (None, "")
    if seed_given and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**63):
        raise CreateError("'seed' must be a whole number from 0 to 2**63 - 1")
    if not seed_given:
        # Kept from the players, and 256 bits drawn by the system, so it selects the keyed generator whose rolls
        # tell nothing of the next ones (see planechase.core.rng).
        seed = secure_seed()
    config: dict[str, Any] = {"players": players, "seed": seed}
    for key in ("variant", "team_size", "range_of_influence", "attack", "starting_player", "random_seating"):
        if form.get(key) not in (None, ""):
            config[key] = form[key]
    planechase = form.get("planechase", True)
    if not isinstance(planechase, bool):
        raise CreateError("'planechase' must be true or false")
    # Card art: each device's browser may load the face-up cards' pictures from a public card database (never the
    # server); off unless the creator allows it.
    card_art = form.get("card_art", False)
    if not isinstance(card_art, bool):
        raise CreateError("'card_art' must be true or false")
    house_rules: list[str] = []
    deck_notes: list[Text] = []
    mode = form.get("decks", "random")
    # Random decks from the seed a player chose (the same table again), else from the system: a deck's cards
    # must not tell anything of the hidden seed.
    rng = random.Random(seed) if seed_given else random.SystemRandom()
    sets, exclude = form.get("sets"), form.get("exclude", [])
    if sets is not None and not (
        isinstance(sets, list) and len(sets) <= MAX_LIST and all(isinstance(s, str) and len(s) <= 60 for s in sets)
    ):
        raise CreateError("'sets' must be a list of at most {most} set codes", most=MAX_LIST)
    if not (
        isinstance(exclude, list)
        and len(exclude) <= MAX_LIST
        and all(isinstance(s, str) and len(s) <= 200 for s in exclude)
    ):
        raise CreateError("'exclude' must be a list of at most {most} card names", most=MAX_LIST)
    # Deck filters (planechase.cards.filters): only the cards for remote play, for Commander games.
    filters = form.get("filters", [])
    if not (
        isinstance(filters, list)
        and len(filters) <= len(FILTERS)
        and all(isinstance(f, str) and f in FILTERS for f in filters)
    ):
        raise CreateError("'filters' must be a list of deck filters: {filters}", filters=", ".join(FILTERS))
    eternities = form.get("eternities_map")
    if not planechase:
        config["planechase"] = False
    elif eternities not in (None, False, ""):
        try:
            rules = MapRules.from_dict("published" if eternities is True else eternities)
        except ValueError as exc:
            raise CreateError("Eternities Map: {error}", error=_text_of(exc)) from None
        config["eternities_map"] = rules.to_dict()
        house_rules = [str(line) for line in house_rule_texts(config)]
    elif mode == "random":
        try:
            config["decks"] = [
                list(d) for d in random_decks(len(players), rng=rng, sets=sets, exclude=exclude, filters=filters)
            ]
        except (PlanechaseError, ValueError) as exc:
            raise CreateError("random decks: {error}", error=_text_of(exc)) from None
    elif mode == "random_shared":
        try:
            config["shared_deck"] = list(
                random_shared_deck(len(players), rng=rng, sets=sets, exclude=exclude, filters=filters)
            )
        except (PlanechaseError, ValueError) as exc:
            raise CreateError("random shared deck: {error}", error=_text_of(exc)) from None
    elif mode == "pasted":
        lists = form.get("deck_lists")
        if not isinstance(lists, list) or len(lists) != len(players):
            raise CreateError("'deck_lists' must hold one pasted list per player")
        pasted = [
            _read(_text(text, "deck_lists", MAX_DECK_TEXT), Text("{player}'s planar deck", {"player": who}), None)
            for text, who in zip(lists, players, strict=True)
        ]
        _refuse_problems([issue for _, issues, _ in pasted for issue in issues])
        config["decks"] = [list(names) for names, _, _ in pasted]
        deck_notes = [note for _, _, notes in pasted for note in notes]
    elif mode == "pasted_shared":
        text = _text(form.get("shared_deck_list"), "shared_deck_list", MAX_DECK_TEXT)
        names, issues, deck_notes = _read(text, Text("the shared planar deck"), len(players))
        _refuse_problems(issues)
        config["shared_deck"] = list(names)
    else:
        raise CreateError("'decks' must be random, random_shared, pasted or pasted_shared")
    try:
        new_game(GameConfig.from_dict(config), CATALOG)  # every rule about the table and its decks, checked now
    except PlanechaseError as exc:
        raise CreateError("{error}", error=_text_of(exc)) from None
    meta = {"name": name, "decks": mode, "house_rules": house_rules, "seed_given": seed_given, "card_art": card_art}
    if deck_notes:  # for the creator's answer only: how the pasted lists were read (not kept with the table)
        meta["deck_notes"] = deck_notes
    return config, meta


def house_rule_texts(config: Mapping[str, Any]) -> list[Text]:
    """The house rules a table is played with, one sentence per line: the Eternities Map's rules, if it is played.

    >>> [str(line) for line in house_rule_texts({"eternities_map": {"profile": "published"}})][0]
    'The Eternities Map.'
    """
    rules = config.get("eternities_map")
    if not rules:
        return []
    return [Text("The Eternities Map."), *MapRules.from_dict(rules).describe_texts()]


def _read(text: str, where: Text, shared_by: int | None) -> tuple[tuple[str, ...], list[DeckIssue], list[Text]]:
    """A pasted list's planar cards (taken from a whole deck list if need be), every problem that keeps it from
    being played (reading errors, then the deck's rule: 901.3, or 901.15a for a deck ``shared_by`` players
    share), and what the creator should know of how it was read (the warnings and notes: what was left out)."""
    deck = parse_deck_list(text, CATALOG, source=where)
    report = validate(deck, shared=shared_by is not None, players=shared_by, catalog=CATALOG)
    told = [issue.located_text if issue.line is not None else _whose(issue) for issue in report.warnings + report.notes]
    return deck.names, list(report.errors), told[:MAX_ISSUES]


def _whose(issue: DeckIssue) -> Text:
    """An issue without a line, said with the list it is about ("Ann's planar deck: 3 lines ... left out")."""
    return Text("{where}: {message}", {"where": issue.where, "message": issue.message_text})


def _refuse_problems(issues: list[DeckIssue]) -> None:
    """Refuse the form with every problem of its pasted lists, as the page lists them (rule first)."""
    if not issues:
        return
    texts = [issue.ruled_text for issue in issues[:MAX_ISSUES]]
    if len(issues) > MAX_ISSUES:
        texts.append(Text("and {count} more problems", {"count": len(issues) - MAX_ISSUES}))
    if len(issues) == 1:
        raise CreateError("{error}", issues=texts, error=texts[0])
    raise CreateError("the pasted planar decks cannot be played: {count} problems", issues=texts, count=len(issues))
