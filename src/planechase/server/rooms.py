"""A table being played: its game, who is connected, and the messages they exchange.

A :class:`Room` is transport-free: :meth:`Room.handle` takes a parsed message from a client and returns
the messages to send, each addressed to that client or to everyone at the table. The web server
(:mod:`planechase.server.app`) carries them over WebSockets.

Every state of the table has a number, ``state``: the count of entries accepted so far. A client acts
against the state it saw; an action made against another state is refused as ``stale``, and a message
repeated with the same client ``id`` is acknowledged again without being applied twice.

A ``state`` message carries the whole view when a client joins and after an undo (``reset``); after an
action it carries only what changed in the view since state ``base`` (see :func:`view_changes`), and the
acting client's copy carries the action's ``ack``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import orjson

from ..engine.actions import AdjustLife, AdjustPoison, action_from_dict
from ..engine.config import GameConfig
from ..engine.errors import IllegalActionError, PlanechaseError
from ..engine.events import Event
from ..engine.game import Game
from .store import Entry, Store, TableRecord

#: The most events a joining client is sent at once (the newest ones).
LOG_LIMIT = 400

#: Event data that would tell a program more than the table may know (shuffled orders, forced draws).
PRIVATE_EVENT_DATA = ("chance", "forced")


@dataclass
class Client:
    """One connection: the seats it holds (several for pass-and-play), or none for a spectator or display."""

    send: Callable[[str], Any]
    #: Closes the connection with a WebSocket close code (``None`` where there is no connection to close).
    close: Callable[[int], Any] | None = None
    seats: tuple[int, ...] = ()
    creator: bool = False
    joined: bool = False

    @property
    def spectator(self) -> bool:
        return not self.seats


@dataclass
class Outgoing:
    """A message to send: to ``client``, or to every client at the table when ``client`` is ``None``."""

    message: dict[str, Any]
    client: Client | None = None
    #: A broadcast's copy for this client carries ``"ack": ack_id`` (the action it sent and made this state).
    ack_client: Client | None = None
    ack_id: str = ""


@dataclass
class UndoProposal:
    """An undo asked for by a seat, waiting for every player still in the game to agree."""

    by: int
    state: int
    agreed: set[int] = field(default_factory=set)


def public_event(event: Event) -> dict[str, Any]:
    """An event as a client sees it: without the chance data that would reveal hidden cards."""
    return {k: v for k, v in event.to_dict().items() if k not in PRIVATE_EVENT_DATA}


class Room:
    """A table in play: rebuilt from its stored entries, then kept in memory while clients come and go."""

    def __init__(self, record: TableRecord, store: Store) -> None:
        self.record = record
        self.store = store
        self.game = Game(GameConfig.from_dict(record.config))
        self.state = 0
        self.clients: list[Client] = []
        self.undo: UndoProposal | None = None
        #: Set when the game got ahead of the store (a failed commit): the room must be rebuilt from the store.
        self.lost = False
        #: The entries made under each client id (to answer a retried message without asking the store).
        self.by_client: dict[str, Entry] = {}
        #: The view last sent to the table's clients: the next ``state`` message sends what changed from it.
        self.last_view: dict[str, Any] = {}
        for entry in store.entries(record.id):
            if entry.client_id is not None:
                self.by_client[entry.client_id] = entry
            if entry.kind == "action":
                self.game.act(entry.body)
            elif entry.kind == "undo":
                self.game.undo(int(entry.body.get("steps", 1)))
            self.state = entry.seq

    # -- who is who ----------------------------------------------------------------------------

    def seats_for(self, tokens: Sequence[str]) -> tuple[tuple[int, ...], bool, bool] | None:
        """The seats ``tokens`` give, whether one is the creator's and whether one is the spectators'
        token; ``None`` if any token is not this table's."""
        seats: list[int] = []
        creator = spectator = False
        for token in tokens:
            if token in self.record.seat_tokens:
                seats.append(self.record.seat_tokens.index(token))
            elif token == self.record.creator_token:
                creator = True
            elif token == self.record.spectator_token:
                spectator = True
            else:
                return None
        return tuple(sorted(set(seats))), creator, spectator

    def table_info(self) -> dict[str, Any]:
        seating = self.game.state.seating
        return {
            "id": self.record.id,
            "name": self.record.meta.get("name", ""),
            "created": self.record.created,
            # The seed is left out unless the creator chose it: it would tell every roll and shuffle.
            "config": {
                k: v for k, v in self.record.config.items() if k != "seed" or self.record.meta.get("seed_given")
            },
            "house_rules": self.record.meta.get("house_rules", []),
            "seats": [
                {"seat": seat.seat, "name": player.name, "team": seat.team, "role": seat.role.value}
                for player, seat in zip(self.game.state.players, seating.seats, strict=True)
            ],
        }

    # -- messages ------------------------------------------------------------------------------

    def connect(self, client: Client) -> None:
        self.clients.append(client)

    def disconnect(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)

    def handle(self, client: Client, message: Mapping[str, Any]) -> list[Outgoing]:
        """The answer to one message from ``client`` (already parsed and size-checked)."""
        kind = message.get("type")
        if kind == "join":
            return self._join(client, message)
        if not client.joined:
            return [_error(client, "not_joined", "send a join message with your token first")]
        if kind == "ping":
            return [Outgoing({"type": "pong", "state": self.state}, client)]
        if kind == "act":
            return self._act(client, message)
        if kind == "undo":
            return self._undo_request(client, message)
        if kind == "undo_vote":
            return self._undo_vote(client, message)
        if kind == "log":
            return [Outgoing({"type": "log", "state": self.state, "events": self._log(None)}, client)]
        return [_error(client, "unknown_type", f"unknown message type {kind!r}")]

    def _join(self, client: Client, message: Mapping[str, Any]) -> list[Outgoing]:
        tokens = message.get("tokens")
        if not isinstance(tokens, list) or not all(isinstance(t, str) and len(t) <= 64 for t in tokens):
            return [_error(client, "bad_message", "'tokens' must be a list of token strings")]
        if not tokens:
            return [_error(client, "bad_token", "join with a seat, spectator or creator token")]
        if len(tokens) > len(self.record.seat_tokens) + 2:
            return [_error(client, "bad_message", "too many tokens")]
        found = self.seats_for(tokens)
        if found is None:
            return [_error(client, "bad_token", "a token is not one of this table's")]
        client.seats, client.creator, _ = found
        client.joined = True
        welcome = {
            "type": "welcome",
            "table": self.table_info(),
            "you": {"seats": list(client.seats), "spectator": client.spectator, "creator": client.creator},
        }
        if client.creator:
            welcome["tokens"] = {"seats": list(self.record.seat_tokens), "spectator": self.record.spectator_token}
        return [Outgoing(welcome, client), Outgoing(self._state_message(reset=True), client)]

    def _act(self, client: Client, message: Mapping[str, Any]) -> list[Outgoing]:
        client_id = message.get("id")
        if not isinstance(client_id, str) or not 1 <= len(client_id) <= 64:
            return [_error(client, "bad_message", "'id' must be a string of 1 to 64 characters")]
        done = self.by_client.get(client_id)
        if done is not None:
            if done.body != _normalised(message.get("action")):
                return [_refused(client, client_id, "id_reused", "that id was used for another action", self.state)]
            return [Outgoing({"type": "ack", "id": client_id, "state": done.seq, "repeated": True}, client)]
        if client.spectator:
            return [_refused(client, client_id, "spectator", "spectators can only watch", self.state)]
        state = message.get("state")
        if state != self.state:
            return [_refused(client, client_id, "stale", f"the table is at state {self.state}", self.state)]
        raw = message.get("action")
        if not isinstance(raw, dict):
            return [_refused(client, client_id, "bad_action", "'action' must be an object", self.state)]
        try:
            action = action_from_dict(raw)
        except (PlanechaseError, ValueError, TypeError, KeyError) as exc:
            return [_refused(client, client_id, "bad_action", str(exc), self.state)]
        bookkeeping = isinstance(action, AdjustLife | AdjustPoison)  # anyone at the table keeps the score
        if not bookkeeping and action.player not in client.seats:
            return [_refused(client, client_id, "not_your_seat", "that seat is not yours", self.state)]
        try:
            self.game.act(action)
        except IllegalActionError as exc:
            return [_refused(client, client_id, "illegal", str(exc), self.state, rule=exc.rule)]
        except (PlanechaseError, ValueError) as exc:
            return [_refused(client, client_id, "illegal", str(exc), self.state)]
        body = action.to_dict()
        try:
            seq = self.store.append(self.record.id, "action", body, client_id=client_id, seq=self.state + 1)
        except Exception:
            self.game.undo(1)  # not stored, so not accepted
            raise
        assert seq is not None
        self.by_client[client_id] = Entry(seq, "action", body, client_id)
        self.state = seq
        self.undo = None  # an undo asked for against an earlier state no longer applies
        events = [public_event(e) for e in self.game.history[-1].events]
        return [Outgoing(self._state_message(events=events), ack_client=client, ack_id=client_id)]

    def _undo_request(self, client: Client, message: Mapping[str, Any]) -> list[Outgoing]:
        if client.spectator:
            return [_error(client, "spectator", "spectators can only watch")]
        if len(self.game.history) < 2:
            return [_error(client, "nothing_to_undo", "nothing has happened yet that can be undone")]
        if message.get("state") != self.state:
            return [_error(client, "stale", f"the table is at state {self.state}")]
        self.undo = UndoProposal(by=client.seats[0], state=self.state, agreed=set(client.seats))
        return self._undo_progress()

    def _undo_vote(self, client: Client, message: Mapping[str, Any]) -> list[Outgoing]:
        if self.undo is None:
            return [_error(client, "no_undo", "no undo is waiting for votes")]
        if client.spectator:
            return [_error(client, "spectator", "spectators can only watch")]
        if message.get("agree") is not True:
            self.undo = None
            return [Outgoing({"type": "undo", "proposal": None, "refused_by": list(client.seats)})]
        self.undo.agreed.update(client.seats)
        return self._undo_progress()

    def _undo_progress(self) -> list[Outgoing]:
        proposal = self.undo
        assert proposal is not None
        needed = set(self.game.state.seats_in_game) or set(range(len(self.game.state.players)))
        if not needed <= proposal.agreed:
            return [Outgoing({"type": "undo", "proposal": self._proposal()})]
        seq = self.store.append(self.record.id, "undo", {"steps": 1}, client_id=None, seq=self.state + 1)
        assert seq is not None
        self.game.undo(1)
        self.state = seq
        self.undo = None
        return [Outgoing({"type": "undo", "proposal": None, "done": True}), Outgoing(self._state_message(reset=True))]

    def _proposal(self) -> dict[str, Any] | None:
        if self.undo is None:
            return None
        waiting = sorted(set(self.game.state.seats_in_game) - self.undo.agreed)
        return {"by": self.undo.by, "state": self.undo.state, "agreed": sorted(self.undo.agreed), "waiting": waiting}

    # -- what clients see ----------------------------------------------------------------------

    def _log(self, limit: int | None = LOG_LIMIT) -> list[dict[str, Any]]:
        events = [public_event(e) for e in self.game.events()]
        return events if limit is None else events[-limit:]

    def _state_message(self, *, events: list[dict[str, Any]] | None = None, reset: bool = False) -> dict[str, Any]:
        """The table as everyone sees it: the view (or, after an action, the view's fields that changed since
        the state before, which every joined client has), and the new events (or, with ``reset``, the log)."""
        view = self.game.view(None)
        out: dict[str, Any] = {"type": "state", "state": self.state}
        if reset or not self.last_view:
            out["view"] = view
        else:
            out["base"] = self.state - 1
            out["changes"], patch = view_changes(self.last_view, view)
            if patch:
                out["patch"] = patch
        self.last_view = view
        if reset:
            log = self._log()
            out["reset"] = True
            out["events"] = log
            out["log_truncated"] = len(log) < sum(len(r.events) for r in self.game.history)
        else:
            out["events"] = events or []
        out["undo"] = self._proposal()
        return out


def view_changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What changed from view ``before`` to view ``after``: ``changes``, the top-level fields with a new value,
    and ``patch``, for a list of objects that kept its length and its items' fields (the players, the face-up
    cards...), only the fields that changed, by item index. A client applies ``changes`` over its view, then
    for each ``patch[field][index]`` updates those fields of that item.

    >>> before = {"turn": 3, "players": [{"seat": 0, "life": 20}, {"seat": 1, "life": 20}], "stack": []}
    >>> after = {"turn": 3, "players": [{"seat": 0, "life": 20}, {"seat": 1, "life": 17}], "stack": [{"id": 1}]}
    >>> view_changes(before, after)
    ({'stack': [{'id': 1}]}, {'players': {'1': {'life': 17}}})
    """
    changes: dict[str, Any] = {}
    patch: dict[str, Any] = {}
    for key, value in after.items():
        old = before.get(key)
        if old == value:
            continue
        items = _item_changes(old, value)
        if items is None:
            changes[key] = value
        else:
            patch[key] = items
    return changes, patch


def apply_changes(view: Mapping[str, Any], message: Mapping[str, Any]) -> dict[str, Any]:
    """The view a client has after a ``state`` message that carries only what changed (the inverse of
    :func:`view_changes`): ``changes`` replaces whole fields, then ``patch`` updates fields of a list's items.

    >>> apply_changes({"turn": 3, "players": [{"seat": 0, "life": 20}]}, {"changes": {"turn": 4},
    ...               "patch": {"players": {"0": {"life": 18}}}})
    {'turn': 4, 'players': [{'seat': 0, 'life': 18}]}
    """
    after = {**view, **message["changes"]}
    for key, items in message.get("patch", {}).items():
        updated = list(after[key])
        for index, fields in items.items():
            updated[int(index)] = {**updated[int(index)], **fields}
        after[key] = updated
    return after


def _item_changes(old: object, new: object) -> dict[str, dict[str, Any]] | None:
    """The changed fields of each changed item of two lists of objects, or ``None`` if the lists differ in
    length or an item in its fields (then the whole list is sent)."""
    if not isinstance(old, list) or not isinstance(new, list) or len(old) != len(new):
        return None
    items: dict[str, dict[str, Any]] = {}
    for index, (was, now) in enumerate(zip(old, new, strict=True)):
        if was == now:
            continue
        if not isinstance(was, dict) or not isinstance(now, dict) or was.keys() != now.keys():
            return None
        items[str(index)] = {field: value for field, value in now.items() if was[field] != value}
    return items


def _normalised(raw: object) -> dict[str, Any] | None:
    """An action's stored form, to tell a retried message from another action sent with a used id."""
    try:
        return action_from_dict(raw).to_dict() if isinstance(raw, dict) else None
    except (PlanechaseError, ValueError, TypeError, KeyError):
        return None


def _error(client: Client, code: str, message: str) -> Outgoing:
    return Outgoing({"type": "error", "code": code, "message": message}, client)


def _refused(client: Client, client_id: str, code: str, message: str, state: int, *, rule: str = "") -> Outgoing:
    out: dict[str, Any] = {"type": "refused", "id": client_id, "code": code, "message": message, "state": state}
    if rule:
        out["rule"] = rule
    return Outgoing(out, client)


def encode(message: object) -> str:
    """A message's JSON text: compact, UTF-8 characters as they are.

    >>> encode({"type": "pong", "state": 3, "name": "Zoë"})
    '{"type":"pong","state":3,"name":"Zoë"}'
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def decode(text: str) -> Any:
    """A message from its JSON text; raises ``ValueError`` (a ``json.JSONDecodeError``) if it is not JSON."""
    return orjson.loads(text)
