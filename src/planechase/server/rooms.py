"""A table being played: its game, who is connected, and the messages they exchange.

A :class:`Room` is transport-free: :meth:`Room.handle` takes a message a client sent (read by
:func:`planechase.server.wire.parse`) and returns the messages to send, each addressed to that client or to
everyone at the table. The web server (:mod:`planechase.server.app`) carries them over WebSockets.

Every state of the table has a number, ``state``: the count of entries accepted so far. A client acts
against the state it saw; an action made against another state is refused as ``stale``, and a message
repeated with the same client ``id`` is acknowledged again without being applied twice (the ids of the last
:data:`CLIENT_IDS_KEPT` entries are remembered; an older retry is ``stale``, so nothing is ever done twice).

A ``state`` message carries the whole view when a client joins and after an undo (``reset``); after an
action it carries only what changed in the view since state ``base`` (see :func:`view_changes`), and the
acting client's copy carries the action's ``ack``. Nothing is stored that could not be sent.

Everyone is sent the same view, a spectator's. What only one player may see (the prompt of a decision that
names hidden cards, such as Susan Foreman's look at the top of a planar deck) follows a ``state`` message as a
``private`` message to the clients holding that player's seat (:meth:`Room.secrets`).

A room keeps the states of the last :data:`UNDO_DEPTH` actions (what an agreed undo can take back) and the
newest events of the log; older pages of the log come from the store. Every :data:`SNAPSHOT_EVERY` entries it
stores a snapshot, so a table loads (:meth:`Room.load`) in a time that does not grow with its length.
"""

from __future__ import annotations

import dataclasses
import json
import time
import zlib
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..cards.catalog import CATALOG
from ..cards.model import Catalog
from ..core.actions import Action, AdjustLife, AdjustPoison, action_from_dict
from ..core.config import GameConfig
from ..core.events import Event
from ..core.state import DecisionKind, GameState, PlayerStatus
from ..engine.reducer import apply, new_game
from ..engine.serialize import STATE_FORMAT_VERSION, state_from_dict, state_to_dict
from ..engine.views import view
from ..errors import IllegalActionError, Param, PlanechaseError, Text
from .create import house_rule_texts
from .store import Entry, StoredTable, TableRecord, TableStore
from .wire import LOG_PAGE, Act, Join, Log, Message, Ping, Undo, UndoVote, apply_changes, encode, view_changes

__all__ = ["Client", "Outgoing", "Room", "TableLoadError", "apply_changes", "public_event", "view_changes"]

#: The most events a joining client is sent at once (the newest ones).
LOG_LIMIT = LOG_PAGE
#: How many actions back an agreed undo can reach (one at a time).
UNDO_DEPTH = 20
#: A snapshot is stored after this many entries since the last one.
SNAPSHOT_EVERY = 100
#: How many of the newest entries' client ids a room remembers, to answer a retried message.
CLIENT_IDS_KEPT = 1_000
#: The form of a snapshot's body (1, with every state an undo can reach, is no longer read).
SNAPSHOT_FORMAT = 2

#: The decisions whose prompt names hidden cards: the view everyone is sent leaves them out (engine/views.py), and
#: the deciding player's devices are sent them in a ``private`` message.
SECRET_DECISIONS = frozenset({DecisionKind.ARRANGE_PLANAR_DECK})

#: Event data that would tell a program more than the table may know (shuffled orders, forced draws).
PRIVATE_EVENT_DATA = ("chance", "forced")


class TableLoadError(Exception):
    """A stored table that cannot be loaded (its entries do not replay); the message says where."""


@dataclass
class Client:
    """One connection: the seats it holds (several for pass-and-play), or none for a spectator or display."""

    send: Callable[[str], Any]
    #: Closes the connection with a WebSocket close code (``None`` where there is no connection to close).
    close: Callable[[int], Any] | None = None
    seats: tuple[int, ...] = ()
    creator: bool = False
    joined: bool = False
    #: The address the table's links carry for this client (the creator is sent every seat's link).
    link_base: str = ""

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
    #: The message's JSON text, when it was made already (to be sure it can be sent before storing what made it).
    text: str = ""

    def encoded(self) -> str:
        if not self.text:
            self.text = encode(self.message)
        return self.text


@dataclass
class UndoProposal:
    """An undo asked for by a seat, waiting for every player still standing to agree."""

    by: int
    state: int
    agreed: set[int] = field(default_factory=set)


#: How many of an action's lines an undo proposal shows.
UNDO_LINES_SHOWN = 3


def undo_event(by: int, name: str, seq: int, events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The log's line for an undo the table agreed to: who asked, which entry it took back and that entry's first
    line (a table's own record, not a rule of the game: it cites none).

    >>> undo_event(1, "Bob", 7, [{"type": "die_rolled", "text": "Ann rolls the planar die: blank."}])["text"]
    'Undone, as Bob asked and the table agreed: Ann rolls the planar die: blank.'
    """
    first = str(events[0].get("text", "")) if events else ""
    text = (
        f"Undone, as {name} asked and the table agreed: {first}"
        if first
        else f"Undone, as {name} asked and the table agreed."
    )
    return {
        "type": "undone",
        "rules": [],
        "text": text,
        "player": by,
        "entry": seq,
        "undid": dict(events[0]) if events else None,
    }


def public_event(event: Event) -> dict[str, Any]:
    """An event as a client sees it: without the chance data that would reveal hidden cards."""
    out: dict[str, Any] = {"type": event.type, "rules": list(event.rules), "text": event.text, **event.data}
    for key in PRIVATE_EVENT_DATA:
        out.pop(key, None)
    return out


def standing(state: GameState) -> set[int]:
    """The seats whose players have not lost or conceded: they act and vote at the table (800.4a: a player who
    left the game takes no more part in it; they may watch)."""
    return {p.seat for p in state.players if p.status is not PlayerStatus.LOST}


class Room:
    """A table in play: loaded from the store (:meth:`load`), then kept in memory while clients come and go."""

    def __init__(
        self,
        record: TableRecord,
        store: TableStore,
        *,
        states: list[GameState],
        live: list[int],
        undoable: int,
        seq: int,
        tail: list[tuple[int, list[dict[str, Any]]]],
        recent: Sequence[Entry],
        setup_events: list[dict[str, Any]],
        snapshot_seq: int,
        catalog: Catalog = CATALOG,
    ) -> None:
        self.record = record
        self.store = store
        self.catalog = catalog
        #: The states an undo can go back to, the current one last, and the entry that made each (0: the setup).
        self.states = states
        self.live = live
        self.undoable = undoable
        self.state = seq
        #: The newest actions' events (``(seq, events)``, oldest first; seq 0 is the setup), for joining clients,
        #: and how many events that is.
        self.tail = deque(tail)
        self.tail_events = sum(len(events) for _, events in tail)
        self.setup_events = setup_events
        self.snapshot_seq = snapshot_seq
        self.clients: list[Client] = []
        self.undo: UndoProposal | None = None
        #: Set when the game got ahead of the store (a failed commit): the room must be rebuilt from the store.
        self.lost = False
        #: The entries made under the newest client ids (to answer a retried message without asking the store).
        self.by_client: dict[str, Entry] = {e.client_id: e for e in recent if e.client_id is not None}
        #: The view last sent to the table's clients: the next ``state`` message sends what changed from it.
        self.last_view: dict[str, Any] = {}
        #: How many entries :meth:`load` replayed (after the snapshot it started from).
        self.replayed = 0

    # -- loading ---------------------------------------------------------------------------------

    @classmethod
    def load(cls, stored: StoredTable, store: TableStore, catalog: Catalog = CATALOG) -> Room:
        """Rebuild a table from what the store read (:meth:`Store.read_table`): from its newest snapshot that
        this version can read, replaying only the entries after it. Safe to run off the event loop (it reads
        and, for a table stored by an earlier version, fills in the log, but touches no room). Raises
        :class:`TableLoadError` if the table can't be rebuilt."""
        record = stored.record
        try:
            config = GameConfig.from_dict(record.config)
            setup = new_game(config, catalog)
        except (PlanechaseError, ValueError, TypeError, KeyError) as exc:
            raise TableLoadError(f"its configuration does not start a game: {exc}") from None
        setup_events = [public_event(e) for e in setup.events]
        restored = None
        for snapshot in stored.snapshots:
            restored = _read_snapshot(snapshot.body, snapshot.seq, store, record.id, catalog)
            if restored is not None:
                break
        entries = stored.entries
        if restored is None:
            restored = ([setup.state], [0], 0, 0)
            if stored.snapshots:  # none could be read (another version made them): replay from the start
                entries = store.entries(record.id)
        states, live, undoable, seq = restored
        # A table stored before the store kept each action's events: replayed from the start, its log filled in.
        legacy = restored[3] == 0 and any(e.kind == "action" and e.events is None for e in entries)
        filled: list[tuple[int, list[dict[str, Any]]]] = []
        undone: list[int] = []
        replayed = 0
        for entry in entries:
            if entry.seq <= seq:
                continue
            replayed += 1
            if not replayed % 16:  # let the server's event loop in (a long replay runs in a thread)
                time.sleep(0)
            if entry.seq != seq + 1:
                raise TableLoadError(f"entry {seq + 1} is missing")
            try:
                if entry.kind == "action":
                    result = apply(states[-1], action_from_dict(entry.body), catalog)
                    states.append(result.state)
                    live.append(entry.seq)
                    undoable = min(undoable + 1, UNDO_DEPTH)
                    if entry.events is None:
                        filled.append((entry.seq, [public_event(e) for e in result.events]))
                elif entry.kind == "undo" and entry.body == {"steps": 1}:
                    if len(states) < 2 or not (undoable or legacy):
                        raise TableLoadError(f"entry {entry.seq} undoes more than can be undone")
                    states.pop()
                    undone.append(live.pop())
                    undoable = max(0, undoable - 1)
                else:
                    raise TableLoadError(f"entry {entry.seq} is not an action or an undo")
            except (PlanechaseError, ValueError) as exc:  # the entry, not this program (whose faults propagate)
                raise TableLoadError(f"entry {entry.seq} does not replay: {exc}") from None
            if not legacy:
                del states[: -undoable - 1], live[: -undoable - 1]
            seq = entry.seq
        del states[: -undoable - 1], live[: -undoable - 1]
        if legacy:
            store.fill_in_events(record.id, filled, undone)
        page, more = store.log_page(record.id, before=seq + 1, limit=LOG_LIMIT, min_entries=UNDO_DEPTH + 1)
        tail = page[::-1] if more else [(0, setup_events), *page[::-1]]
        room = cls(
            record,
            store,
            states=states,
            live=live,
            undoable=undoable,
            seq=seq,
            tail=tail,
            recent=stored.recent,
            setup_events=setup_events,
            snapshot_seq=restored[3],
            catalog=catalog,
        )
        room.replayed = replayed
        return room

    @classmethod
    def open(cls, store: TableStore, table_id: str) -> Room | None:
        """Load a table from ``store`` at once (tests and tools; the server loads off its event loop)."""
        stored = store.read_table(table_id, recent=CLIENT_IDS_KEPT)
        return None if stored is None else cls.load(stored, store)

    # -- who is who ----------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState:
        return self.states[-1]

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

    def _house_rule_texts(self) -> list[dict[str, object]]:
        try:
            return [line.to_dict() for line in house_rule_texts(self.record.config)]
        except (PlanechaseError, ValueError):  # rules this version no longer reads: the English lines stay
            return []

    def table_info(self) -> dict[str, Any]:
        state = self.game_state
        return {
            "id": self.record.id,
            "name": self.record.meta.get("name", ""),
            "created": self.record.created,
            # The seed is left out unless the creator chose it: it would tell every roll and shuffle.
            "config": {
                k: v for k, v in self.record.config.items() if k != "seed" or self.record.meta.get("seed_given")
            },
            "house_rules": self.record.meta.get("house_rules", []),
            # The same lines as sentences a page shows in its language (made again from the table's rules).
            "house_rule_texts": self._house_rule_texts(),
            "card_art": bool(self.record.meta.get("card_art", False)),
            "seats": [
                {"seat": seat.seat, "name": player.name, "team": seat.team, "role": seat.role.value}
                for player, seat in zip(state.players, state.seating.seats, strict=True)
            ],
        }

    # -- messages ------------------------------------------------------------------------------

    def connect(self, client: Client) -> None:
        self.clients.append(client)

    def disconnect(self, client: Client) -> None:
        if client in self.clients:
            self.clients.remove(client)

    def handle(self, client: Client, message: Message) -> list[Outgoing]:
        """The answer to one message from ``client`` (read by :func:`~planechase.server.wire.parse`)."""
        if isinstance(message, Join):
            return self._with_secrets(self._join(client, message))
        if not client.joined:
            return [_error(client, "not_joined", Text("send a join message with your token first"))]
        if isinstance(message, Ping):
            return [Outgoing({"type": "pong", "state": self.state}, client)]
        if isinstance(message, Act):
            return self._with_secrets(self._act(client, message))
        if isinstance(message, Undo):
            return self._with_secrets(self._undo_request(client, message))
        if isinstance(message, UndoVote):
            return self._with_secrets(self._undo_vote(client, message))
        return [self._log_page(client, message)]

    def _with_secrets(self, answer: list[Outgoing]) -> list[Outgoing]:
        """``answer``, followed by what only some of the clients a ``state`` message in it goes to may see."""
        for out in answer:
            if out.message.get("type") == "state":
                return [*answer, *self.secrets([out.client] if out.client is not None else self.clients)]
        return answer

    def _unseen(self, client: Client, text: Text) -> Text:
        """A refusal's ``text`` for ``client``, without the hidden prompt of a pending decision that is not its
        seat's to see, as the view shows it instead. (The engine already quotes it in full only to an action of
        the deciding seat; this also keeps it from a device without that seat, whatever seat it acts for.)"""
        pending = self.game_state.pending
        if pending is None or pending.decision.kind not in SECRET_DECISIONS or pending.decision.player in client.seats:
            return text
        hidden: str = pending.decision.prompt
        shown: str = view(self.game_state, None, self.catalog)["decision"]["prompt"]

        def scrub(value: Param) -> Param:
            if isinstance(value, Text):
                return self._unseen(client, value)
            return value.replace(hidden, shown) if isinstance(value, str) else value

        return dataclasses.replace(text, params={k: scrub(v) for k, v in text.params.items()})

    def secrets(self, clients: Sequence[Client]) -> list[Outgoing]:
        """A ``private`` message for each of ``clients`` holding the seat of a pending decision whose prompt names
        hidden cards: ``{"type": "private", "state": N, "decision": {"id", "player", "prompt"}}`` (the view's
        ``decision`` shows the others a prompt without them)."""
        pending = self.game_state.pending
        if pending is None or pending.decision.kind not in SECRET_DECISIONS:
            return []
        d = pending.decision
        message = {
            "type": "private",
            "state": self.state,
            "decision": {"id": d.id, "player": d.player, "prompt": d.prompt},
        }
        return [Outgoing(message, client) for client in clients if client.joined and d.player in client.seats]

    def _join(self, client: Client, message: Join) -> list[Outgoing]:
        if len(message.tokens) > len(self.record.seat_tokens) + 2:
            return [_error(client, "bad_message", Text("too many tokens"))]
        found = self.seats_for(message.tokens)
        if found is None:
            return [_error(client, "bad_token", Text("a token is not one of this table's"))]
        client.seats, client.creator, _ = found
        client.joined = True
        welcome = {
            "type": "welcome",
            "table": self.table_info(),
            "you": {"seats": list(client.seats), "spectator": client.spectator, "creator": client.creator},
        }
        if client.creator:
            welcome["tokens"] = {"seats": list(self.record.seat_tokens), "spectator": self.record.spectator_token}
            if client.link_base:
                welcome["links"] = table_links(self.record, client.link_base)
        return [Outgoing(welcome, client), Outgoing(self._state_message(reset=True), client)]

    def _act(self, client: Client, message: Act) -> list[Outgoing]:
        client_id = message.id
        done = self.by_client.get(client_id)
        if done is not None:
            if done.body != _normalised(message.action):
                return [
                    _refused(client, client_id, "id_reused", Text("that id was used for another action"), self.state)
                ]
            return [Outgoing({"type": "ack", "id": client_id, "state": done.seq, "repeated": True}, client)]
        if client.spectator:
            return [_refused(client, client_id, "spectator", Text("spectators can only watch"), self.state)]
        if not any(self.game_state.players[seat].status is not PlayerStatus.LOST for seat in client.seats):
            return [_refused(client, client_id, "left_game", _LEFT, self.state, rule="800.4a")]
        if message.state != self.state:
            return [
                _refused(
                    client,
                    client_id,
                    "stale",
                    Text("the table moved on to state {state} before this arrived", {"state": self.state}),
                    self.state,
                )
            ]
        try:
            action = action_from_dict(message.action)
        except (PlanechaseError, ValueError, TypeError, KeyError) as exc:
            text = exc.text if isinstance(exc, PlanechaseError) else Text("{error}", {"error": str(exc)})
            return [_refused(client, client_id, "bad_action", text, self.state)]
        bookkeeping = isinstance(action, AdjustLife | AdjustPoison)  # anyone at the table keeps the score
        if not bookkeeping and action.player not in client.seats:
            return [_refused(client, client_id, "not_your_seat", Text("that seat is not yours"), self.state)]
        try:
            result = apply(self.game_state, action, self.catalog)
        except IllegalActionError as exc:
            return [_refused(client, client_id, "illegal", self._unseen(client, exc.text), self.state, rule=exc.rule)]
        except PlanechaseError as exc:
            return [_refused(client, client_id, "illegal", self._unseen(client, exc.text), self.state)]
        except ValueError as exc:
            return [
                _refused(
                    client, client_id, "illegal", self._unseen(client, Text("{error}", {"error": str(exc)})), self.state
                )
            ]
        return [self._accept(client, client_id, action, result.state, result.events)]

    def _accept(
        self, client: Client, client_id: str, action: Action, state: GameState, made: Sequence[Event]
    ) -> Outgoing:
        """Store an action the rules allow, unless what it made can't be sent, and keep its state."""
        seq = self.state + 1
        events = [public_event(e) for e in made]
        seen = view(state, None, self.catalog)
        message = self._changes_message(seq, seen, [], undo=None)
        try:  # the events encoded once, for the message and for the store
            shown, empty = encode(events), encode(message)
            assert empty.endswith(_NO_EVENTS)
            text = empty[: -len(_NO_EVENTS)] + shown + ',"undo":null}'
        except (TypeError, ValueError):  # never store what could not be shown
            return _refused(
                client, client_id, "unshowable", Text("the table could not show that action's result"), seq - 1
            )
        message["events"] = events
        body = action.to_dict()
        self.store.append(self.record.id, "action", body, client_id=client_id, seq=seq, events=shown)
        self.took(Entry(seq, "action", body, client_id), state, events, seen)
        self.snapshot_if_due()
        return Outgoing(message, ack_client=client, ack_id=client_id, text=text)

    def took(self, entry: Entry, state: GameState, events: list[dict[str, Any]], seen: dict[str, Any]) -> None:
        """Keep an action the table took (here, or at another server sharing the store): its ``state``, the
        ``events`` it showed and the view ``seen`` after it."""
        if entry.client_id is not None:
            self.by_client[entry.client_id] = entry
            if len(self.by_client) > CLIENT_IDS_KEPT:
                del self.by_client[next(iter(self.by_client))]
        self.states.append(state)
        self.live.append(entry.seq)
        self.undoable = min(self.undoable + 1, UNDO_DEPTH)
        self._keep_window()
        self.tail.append((entry.seq, events))
        self.tail_events += len(events)
        self._trim_tail()
        self.state = entry.seq
        self.last_view = seen
        self.undo = None  # an undo asked for against an earlier state no longer applies

    def _voter(self, client: Client) -> int | None:
        """The client's first seat that may propose or agree to an undo (its player is still standing)."""
        mine = standing(self.game_state) & set(client.seats)
        return min(mine) if mine else None

    def _undo_request(self, client: Client, message: Undo) -> list[Outgoing]:
        if client.spectator:
            return [_error(client, "spectator", Text("spectators can only watch"))]
        voter = self._voter(client)
        if voter is None:
            return [_error(client, "left_game", _LEFT)]
        if not self.undoable:
            return [
                _error(
                    client,
                    "nothing_to_undo",
                    Text("nothing can be undone now (at most the last {count} actions)", {"count": UNDO_DEPTH}),
                )
            ]
        if message.state != self.state:
            return [
                _error(
                    client,
                    "stale",
                    Text("the table moved on to state {state} before this arrived", {"state": self.state}),
                )
            ]
        self.undo = UndoProposal(by=voter, state=self.state, agreed=standing(self.game_state) & set(client.seats))
        return self._undo_progress()

    def _undo_vote(self, client: Client, message: UndoVote) -> list[Outgoing]:
        if self.undo is None:
            return [_error(client, "no_undo", Text("no undo is waiting for votes"))]
        if client.spectator:
            return [_error(client, "spectator", Text("spectators can only watch"))]
        if self._voter(client) is None:
            return [_error(client, "left_game", _LEFT)]
        mine = standing(self.game_state) & set(client.seats)
        if not message.agree:
            self.undo = None
            return [Outgoing({"type": "undo", "proposal": None, "refused_by": sorted(mine)})]
        self.undo.agreed.update(mine)
        return self._undo_progress()

    def _undo_progress(self) -> list[Outgoing]:
        proposal = self.undo
        assert proposal is not None
        if not standing(self.game_state) <= proposal.agreed:
            return [Outgoing({"type": "undo", "proposal": self._proposal()})]
        seq = self.state + 1
        undone = self.live[-1]
        # The log keeps a line that the table took the action back (the action's own lines leave it).
        line = undo_event(proposal.by, self.game_state.players[proposal.by].name, undone, self._events_of(undone))
        self.store.append(self.record.id, "undo", {"steps": 1}, client_id=None, seq=seq, events=[line])
        self.store.mark_undone(self.record.id, undone)
        self.took_back(seq, line)
        self.snapshot_if_due()
        return [Outgoing({"type": "undo", "proposal": None, "done": True}), Outgoing(self._state_message(reset=True))]

    def took_back(self, seq: int, line: dict[str, Any]) -> None:
        """Keep an undo the table agreed to (here, or at another server sharing the store), entry ``seq``, which
        left ``line`` in the log."""
        undone = self.live.pop()
        self.states.pop()
        self.undoable -= 1
        # The action's lines leave the log (after the lines of undos since, if several were agreed in a row).
        for at in range(len(self.tail) - 1, -1, -1):
            if self.tail[at][0] == undone:
                self.tail_events -= len(self.tail[at][1])
                del self.tail[at]
                break
        self.tail.append((seq, [line]))
        self.tail_events += 1
        self.state = seq
        self.undo = None

    def _events_of(self, seq: int) -> list[dict[str, Any]]:
        """The events the entry ``seq`` showed, if the room still holds them."""
        return next((events for at, events in reversed(self.tail) if at == seq), [])

    def _proposal(self) -> dict[str, Any] | None:
        if self.undo is None:
            return None
        waiting = sorted(standing(self.game_state) - self.undo.agreed)
        return {
            "by": self.undo.by,
            "state": self.undo.state,
            "agreed": sorted(self.undo.agreed),
            "waiting": waiting,
            # What it would take back: the first lines the last action showed.
            "undoes": self._events_of(self.live[-1])[:UNDO_LINES_SHOWN],
        }

    # -- keeping what is needed, and no more ------------------------------------------------------

    def _keep_window(self) -> None:
        del self.states[: -self.undoable - 1], self.live[: -self.undoable - 1]

    def _trim_tail(self) -> None:
        """Drop the oldest actions' events from memory while the rest hold a joining client's log and every
        action an undo could take back (older ones are read from the store when asked for)."""
        while len(self.tail) > UNDO_DEPTH + 1 and self.tail_events - len(self.tail[0][1]) >= LOG_LIMIT:
            self.tail_events -= len(self.tail.popleft()[1])

    def snapshot_if_due(self) -> bool:
        """Store a snapshot (with the next commit) if :data:`SNAPSHOT_EVERY` entries came since the last one;
        whether it did."""
        if self.state - self.snapshot_seq < SNAPSHOT_EVERY:
            return False
        self.store.put_snapshot(self.record.id, self.state, snapshot_body(self.states[0], self.live, self.undoable))
        self.snapshot_seq = self.state
        return True

    # -- what clients see ----------------------------------------------------------------------

    def _newest_events(self) -> tuple[list[dict[str, Any]], int | None]:
        """The newest events in memory (at most :data:`LOG_LIMIT`, whole actions) and the number of the oldest
        action they start with, or ``None`` when they start with the game's setup."""
        events: list[dict[str, Any]] = []
        first: int | None = None
        for seq, made in reversed(self.tail):
            if events and len(events) + len(made) > LOG_LIMIT:
                break
            events[:0] = made
            first = seq
        return events, first or None

    def _log_page(self, client: Client, message: Log) -> Outgoing:
        """A page of the log: the newest events of the actions numbered below ``before`` (whole actions, at most
        ``limit`` events unless one action has more), from memory and then from the store, oldest first. The
        answer's ``before`` is the number to ask with for the page before it, and ``more`` says there is one."""
        before = self.state + 1 if message.before is None else min(message.before, self.state + 1)
        limit = message.limit
        page: list[tuple[int, list[dict[str, Any]]]] = []
        count = 0

        def take(seq: int, made: list[dict[str, Any]]) -> bool:
            nonlocal count
            if page and count + len(made) > limit:
                return False
            page.append((seq, made))
            count += len(made)
            return True

        for seq, made in reversed(self.tail):
            if seq < before and not take(seq, made):
                break
        else:
            oldest = min(before, self.tail[0][0]) if self.tail else before
            if oldest > 0:  # what is in memory does not reach the setup: read on in the store
                stored, more = self.store.log_page(self.record.id, before=oldest, limit=max(1, limit - count))
                if all(take(seq, made) for seq, made in stored) and not more:
                    take(0, self.setup_events)
        first = page[-1][0] if page else 0
        events = [event for _, made in reversed(page) for event in made]
        return Outgoing(
            {"type": "log", "state": self.state, "events": events, "before": first, "more": first > 0}, client
        )

    def _state_message(self, *, reset: bool = False) -> dict[str, Any]:
        """The table as everyone sees it: the whole view and the log's newest events (``reset``)."""
        seen = view(self.game_state, None, self.catalog)
        self.last_view = seen
        events, first = self._newest_events()
        return {
            "type": "state",
            "state": self.state,
            "view": seen,
            "reset": True,
            "events": events,
            "log_truncated": first is not None,
            "log_before": first or 0,
            "undo": self._proposal(),
        }

    def _changes_message(
        self, seq: int, seen: dict[str, Any], events: list[dict[str, Any]], *, undo: dict[str, Any] | None
    ) -> dict[str, Any]:
        """After an action: the view's fields that changed since the state before (which every joined client
        has), and the action's events."""
        out: dict[str, Any] = {"type": "state", "state": seq}
        if self.last_view:
            out["base"] = seq - 1
            out["changes"], patch = view_changes(self.last_view, seen)
            if patch:
                out["patch"] = patch
        else:
            out["view"] = seen
        out["events"] = events
        out["undo"] = undo
        return out


_LEFT = Text("players who left the game can only watch (800.4a)")
#: How a ``state`` message made with no events and no undo proposal ends (its events are put in its place).
_NO_EVENTS = '[],"undo":null}'


def table_links(record: TableRecord, base: str) -> dict[str, Any]:
    """A table's links on the server at ``base``: each seat's, the creator's, the spectators' and the display's
    (the token after ``#t=``, so it never reaches a server's logs).

    >>> record = TableRecord("T1", 0.0, {}, {}, "c", "s", ("a", "b"))
    >>> table_links(record, "http://10.0.0.5:8000")["seats"]
    ['http://10.0.0.5:8000/t/T1#t=a', 'http://10.0.0.5:8000/t/T1#t=b']
    """
    page = f"{base}/t/{record.id}"
    return {
        "creator": f"{page}#t={record.creator_token}",
        "seats": [f"{page}#t={token}" for token in record.seat_tokens],
        "spectator": f"{page}#t={record.spectator_token}",
        "display": f"{page}#t={record.spectator_token}&display=1",
    }


def snapshot_body(base: GameState, live: Sequence[int], undoable: int) -> bytes:
    """A snapshot's stored form: the oldest state an undo can reach (``base``, made by entry ``live[0]``), the live
    actions after it (``live[1:]``: replayed on load, they make the other states an undo can reach), and the
    versions that wrote it (a snapshot made by another version is not used: the table is replayed instead). One
    state, however deep the undo window: cheap to make every :data:`SNAPSHOT_EVERY` entries."""
    body = {
        "format": SNAPSHOT_FORMAT,
        "engine": __version__,
        "state_format": STATE_FORMAT_VERSION,
        "undoable": undoable,
        "live": list(live),
        "base": state_to_dict(base),
    }
    return zlib.compress(json.dumps(body, separators=(",", ":")).encode(), 1)


def _read_snapshot(
    body: bytes, seq: int, store: TableStore, table_id: str, catalog: Catalog
) -> tuple[list[GameState], list[int], int, int] | None:
    """The states an undo can reach at a snapshot, the entries that made them, how many actions can be undone,
    and the snapshot's number; ``None`` if this version can't use it."""
    try:
        data = json.loads(zlib.decompress(body))
        if (data["format"], data["engine"], data["state_format"]) != (
            SNAPSHOT_FORMAT,
            __version__,
            STATE_FORMAT_VERSION,
        ):
            return None
        states = [state_from_dict(data["base"], catalog)]
        live = [int(n) for n in data["live"]]
        undoable = int(data["undoable"])
        if len(live) != undoable + 1 or live[-1] > seq:
            return None
        replayed = {e.seq: e for e in store.entries_at(table_id, live[1:])}
        for number in live[1:]:
            entry = replayed.get(number)
            if entry is None or entry.kind != "action":
                return None
            states.append(apply(states[-1], action_from_dict(entry.body), catalog).state)
    except (PlanechaseError, ValueError, TypeError, KeyError, zlib.error):
        return None
    return states, live, undoable, seq


def _normalised(raw: object) -> dict[str, Any] | None:
    """An action's stored form, to tell a retried message from another action sent with a used id."""
    try:
        return action_from_dict(raw).to_dict() if isinstance(raw, dict) else None
    except (PlanechaseError, ValueError, TypeError, KeyError):
        return None


def _error(client: Client, code: str, message: Text) -> Outgoing:
    """An ``error`` message: its ``message`` in English and its ``text`` (the sentence to translate)."""
    return Outgoing({"type": "error", "code": code, "message": str(message), "text": message.to_dict()}, client)


def _refused(client: Client, client_id: str, code: str, message: Text, state: int, *, rule: str = "") -> Outgoing:
    """A ``refused`` message: ``message`` in English (after the rule for an illegal action) and ``text``."""
    english = f"{rule}: {message}" if rule and code == "illegal" else str(message)
    out: dict[str, Any] = {
        "type": "refused",
        "id": client_id,
        "code": code,
        "message": english,
        "text": message.to_dict(),
        "state": state,
    }
    if rule:
        out["rule"] = rule
    return Outgoing(out, client)
