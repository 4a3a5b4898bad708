"""Seeded random games of every variant played through :meth:`Session.handle_line` alone, with every request line
sent and every reply line received validated against schema.json (draft 2020-12): a field the engine adds, renames
or retypes without the schema (or the other way round) fails here.

Each game picks random legal actions from ``legal`` answers (or from the ``actions`` of a ``"legal": true`` answer),
answers decisions, adjusts life and poison now and then, and varies the answers' options: ``"text": false``,
``"legal": true``, ``"view": false``, ``"view": "changes"``, other seats and card languages; on the way it sends
``view``, ``log``, ``undo``, ``save`` and ``load``, ``force``, ``cards`` and a request the engine refuses. Every event
must have its own definition (not the fallback for unknown types), and every ``view_changes`` applied to the last
view sent for that seat and language must give the view the game shows now.

``PLANECHASE_PROTOCOL_SCHEMA_GAMES`` adds that many games from random configurations (seeds from
``PLANECHASE_PROTOCOL_SCHEMA_SEED``, default 0) to the fixed ones, e.g.::

    PLANECHASE_PROTOCOL_SCHEMA_GAMES=200 .venv/bin/pytest tests/protocol/test_protocol_random_play_schema.py
"""

from __future__ import annotations

import functools
import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from jsonschema.exceptions import best_match
from protocol_helpers import REPLIES, REQUESTS

from planechase.cards.catalog import CATALOG
from planechase.core.actions import TRACKED_CARDS
from planechase.protocol import Session, load_schema
from planechase.protocol.patch import apply_patch
from planechase.sim.random_play import legal_deck, random_config

EXTRA_GAMES = int(os.environ.get("PLANECHASE_PROTOCOL_SCHEMA_GAMES", "0"))
FIRST_SEED = int(os.environ.get("PLANECHASE_PROTOCOL_SCHEMA_SEED", "0"))
#: Requests (of any command) sent in one game at most.
MAX_REQUESTS = 45
KNOWN_EVENTS = frozenset(load_schema()["$defs"]["event_type"]["enum"])
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
#: How often each kind of legal action is picked, relative to each other (others: 1).
WEIGHTS = {"choose": 1.0, "roll": 6.0, "advance": 3.0, "pass": 2.0, "resolve": 4.0, "cast": 0.6, "concede": 0.05}


def _decks(seed: int, players: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [list(legal_deck(rng)) for _ in range(players)]


def _cards(count: int, *, planes: bool = True) -> list[str]:
    return [card.name for card in CATALOG if card.is_plane == planes][:count]


#: One game of each variant (and a few player counts), by name: ``new``'s ``config``.
SCENARIOS: dict[str, dict[str, Any]] = {
    "free_for_all_2": {"players": list(NAMES[:2]), "decks": _decks(1, 2), "seed": 1, "starting_life": 5},
    "free_for_all_4_range": {
        "players": list(NAMES[:4]),
        "decks": _decks(2, 4),
        "seed": 2,
        "range_of_influence": 1,
        "attack": "left",
        "starting_life": 5,
    },
    "free_for_all_5_random_seating": {
        "players": list(NAMES[:5]),
        "decks": _decks(3, 5),
        "seed": 3,
        "random_seating": True,
        "attack": "multiple",
    },
    "shared_deck_3": {
        "players": list(NAMES[:3]),
        "shared_deck": [*_cards(28), *_cards(2, planes=False)],
        "seed": 4,
        "starting_life": 5,
    },
    "two_headed_giant_4": {"players": list(NAMES[:4]), "decks": _decks(5, 4), "variant": "two_headed_giant", "seed": 5},
    "emperor_6": {"players": list(NAMES[:6]), "decks": _decks(6, 6), "variant": "emperor", "team_size": 3, "seed": 6},
    "grand_melee_10": {
        "players": list(NAMES[:10]),
        "shared_deck": [*_cards(60), *_cards(4, planes=False)],
        "variant": "grand_melee",
        "seed": 7,
        "starting_life": 3,
    },
    "eternities_map_2": {"players": list(NAMES[:2]), "eternities_map": {"profile": "published"}, "seed": 8},
    "eternities_map_3_phenomena": {
        "players": list(NAMES[:3]),
        "eternities_map": {"profile": "hellride_phenomena", "radius": 1},
        "seed": 9,
    },
    "no_planechase_2": {"players": list(NAMES[:2]), "planechase": False, "seed": 10, "starting_life": 3},
}


def _check(validator: Any, instance: Any, what: str) -> None:
    """Fail with the most relevant schema error (where in the instance, and what is wrong) if ``instance`` is not
    valid."""
    error = best_match(validator.iter_errors(instance))
    if error is not None:
        place = "/".join(str(p) for p in error.absolute_path)
        pytest.fail(f"{what}: at /{place}: {error.message[:300]}", pytrace=False)


class SchemaClient:
    """Drives a :class:`Session` by lines, validating each request and reply, and keeping what a client of the
    ``"view": "changes"`` option keeps: the last view sent, with its seat and language."""

    def __init__(self, rng: random.Random) -> None:
        self.session = Session()
        self.rng = rng
        self.state_id = 0
        self.views: tuple[int | None, str | None, dict[str, Any]] | None = None
        self.events: Counter[str] = Counter()
        self.options: Counter[str] = Counter()

    def send(self, request: dict[str, Any], *, ok: bool = True) -> dict[str, Any]:
        line = json.dumps(request)
        _check(REQUESTS, json.loads(line), "request")
        answer_line = self.session.handle_line(line)
        assert answer_line is not None
        reply: dict[str, Any] = json.loads(answer_line)
        _check(REPLIES, reply, f"reply to {line[:200]}")
        assert reply["ok"] is ok, (request, reply)
        self.state_id = reply["state_id"]
        for event in reply.get("events", ()):
            assert event["type"] in KNOWN_EVENTS, f"{event['type']} has no definition of its own in schema.json"
            assert ("text" in event) is request.get("text", True)
            self.events[event["type"]] += 1
        if ok:
            self._follow_views(request, reply)
        return reply

    def _follow_views(self, request: dict[str, Any], reply: dict[str, Any]) -> None:
        """Check the answer's view or view changes against the documented rule, and keep the view."""
        cmd = request["cmd"]
        if cmd in ("new", "load"):
            self.views = None
        seat, lang = request.get("seat"), request.get("lang")
        wanted = request.get("view", True) if cmd != "view" else True
        if cmd not in ("new", "act", "undo", "load", "view") or wanted is False:
            assert "view" not in reply and "view_changes" not in reply
            return
        same = self.views is not None and self.views[:2] == (seat, lang)
        if wanted == "changes" and same:
            assert "view" not in reply
            assert self.views is not None
            shown = apply_patch(self.views[2], reply["view_changes"])
            self.options["view_changes"] += 1
        else:
            assert "view_changes" not in reply
            shown = reply["view"]
        game = self.session.game
        assert game is not None
        expected = json.loads(json.dumps(game.view(seat, lang=lang)))
        assert json.dumps(shown, sort_keys=True) == json.dumps(expected, sort_keys=True)
        self.views = (seat, lang, shown)


def _pick(rng: random.Random, actions: list[dict[str, Any]]) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        groups.setdefault(action["type"], []).append(action)
    kinds = sorted(groups)
    kind = rng.choices(kinds, weights=[WEIGHTS.get(k, 1.0) for k in kinds])[0]
    action = dict(rng.choice(groups[kind]))
    if kind == "cast" and rng.random() < 0.5:
        action["types"] = rng.choice(("red instant", "blue sorcery", "legendary artifact"))
    return action


def _table_action(rng: random.Random, seats: list[int]) -> dict[str, Any]:
    """Bookkeeping the table may send whenever no decision is pending: life, poison or a tracked permanent."""
    seat = rng.choice(seats)
    roll = rng.random()
    if roll < 0.45:
        return {"type": "life", "player": seat, "amount": rng.choice((-4, -2, -1, 3))}
    if roll < 0.8:
        return {"type": "poison", "player": seat, "amount": rng.choice((1, 2, -1))}
    return {"type": "permanent", "player": seat, "card": rng.choice(sorted(TRACKED_CARDS)), "controls": True}


def play(config: dict[str, Any], seed: int) -> SchemaClient:
    """Play one game of ``config`` by random requests (seeded by ``seed``) until it is over or the request cap."""
    rng = random.Random(seed)
    client = SchemaClient(rng)
    players = len(config["players"])
    seat: int | None = None
    lang: str | None = None
    client.send({"cmd": "hello", "id": 0, "protocol": "planechase-engine/1"})
    client.send({"cmd": "cards", "names": [_cards(1)[0]], "lang": "ja"})
    reply = client.send({"cmd": "new", "id": "new", "config": config, "view": "changes", "text": False})
    actions: list[dict[str, Any]] | None = None
    for number in range(MAX_REQUESTS):
        status = reply["status"]
        if status["over"]:
            break
        if rng.random() < 0.08:
            seat = rng.choice([None, *range(players)])
        if rng.random() < 0.05:
            lang = rng.choice([None, "en", "ru", "it", "cs", "ja"])
        options: dict[str, Any] = {"view": rng.choice((True, False, False, False, "changes", "changes", "changes"))}
        if seat is not None:
            options["seat"] = seat
        if lang is not None:
            options["lang"] = lang
        if rng.random() < 0.3:
            options["legal"] = True
        if rng.random() < 0.3:
            options["state_id"] = client.state_id
        extra = rng.random()
        if extra < 0.04 and number > 3:
            reply = client.send({"cmd": "undo", **options})
            actions = reply.get("actions")
            continue
        if extra < 0.06:
            save = client.send({"cmd": "save"})["save"]
            options.pop("state_id", None)
            reply = client.send({"cmd": "load", "save": save, **options})
            actions = reply.get("actions")
            continue
        if extra < 0.09:
            client.send({"cmd": "view", **{k: v for k, v in options.items() if k in ("seat", "lang")}})
        elif extra < 0.11:
            client.send({"cmd": "log", "since": max(0, reply["actions_taken"] - 3)})
        elif extra < 0.13:
            client.send({"cmd": "force", "outcomes": [rng.choice(("chaos", "blank", "planeswalker"))]})
        elif extra < 0.14:
            client.send({"cmd": "act", "action": {"type": "pass", "player": 0}, "state_id": -1}, ok=False)
        if actions is None:
            actions = client.send({"cmd": "legal"})["actions"]
        assert actions, "a game that is not over has legal actions"
        in_game = [p["seat"] for p in reply["view"]["players"] if p["status"] == "in_game"] if "view" in reply else []
        if status["decision"] is None and in_game and rng.random() < 0.08:
            action = _table_action(rng, in_game)
        else:
            action = _pick(rng, actions)
        options["state_id"] = client.state_id if "state_id" in options else None
        if options["state_id"] is None:
            del options["state_id"]
        if rng.random() < 0.5:
            options["text"] = False
        reply = client.send({"cmd": "act", "id": number, "action": action, **options})
        actions = reply.get("actions")
    return client


def _scenarios() -> list[tuple[str, dict[str, Any], int]]:
    games = [(name, config, index) for index, (name, config) in enumerate(SCENARIOS.items())]
    for seed in range(FIRST_SEED, FIRST_SEED + EXTRA_GAMES):
        config = random_config(random.Random(seed), seed=seed).to_dict()
        games.append((f"random_{seed}", config, seed))
    return games


GAMES = _scenarios()


@functools.cache
def played(index: int) -> SchemaClient:
    """The game ``GAMES[index]`` played (once per test session)."""
    _name, config, seed = GAMES[index]
    return play(config, seed)


@pytest.mark.parametrize("index", range(len(GAMES)), ids=[g[0] for g in GAMES])
def test_random_play_requests_and_replies_validate_against_the_schema(index: int) -> None:
    client = played(index)
    assert sum(client.events.values()) > 10, f"{GAMES[index][0]}: the game should have got going"


def test_random_play_exercises_view_changes_and_many_event_types() -> None:
    seen: Counter[str] = Counter()
    changes = 0
    for index in range(len(SCENARIOS)):
        client = played(index)
        seen += client.events
        changes += client.options["view_changes"]
    assert changes > 40
    assert len(seen) > 40, sorted(seen)
