"""One table's screens on several servers at once: each server follows what the others write to the shared
database (:mod:`planechase.server.pgstore`), told at once over Redis (:mod:`planechase.server.bus`) and, should
Redis be away, by reading the database every :data:`POLL_EVERY` seconds.

The database decides the order: a server takes an action only if it commits the entry's number first (the others
read the table again, see :mod:`planechase.server.tables`). Every server holding the table in memory then
*follows* each entry another wrote: it plays the action (or the undo) on its own copy of the game, as loading the
table would, and sends its own screens the same ``state`` message the writer sent its own (without the
acknowledgement, which only the sender's screen gets). Undo proposals and votes, which are not entries, pass
between the servers as messages (:func:`proposal_message`): each server keeps the table's proposal and tells its
screens.

A server that can't follow a table (an entry missing, or one that does not replay) drops it from memory and has
its screens join again, which reads it whole from the database.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core.actions import action_from_dict
from ..engine.reducer import apply
from ..engine.views import view
from ..errors import PlanechaseError
from .channel import deliver
from .rooms import Outgoing, Room, UndoProposal, public_event, undo_event
from .store import Entry, Written, entry_of_written

if TYPE_CHECKING:
    from .bus import Bus
    from .channel import Channel
    from .tables import Tables

log = logging.getLogger("planechase.server")

#: Seconds between two reads of the newest entries of the tables a server holds (what keeps its screens up to
#: date when Redis is away; with Redis, they hear within milliseconds).
POLL_EVERY = 1.0


class CannotFollowError(Exception):
    """A table's entries can't be followed here: its room must be read again from the database."""


def follow(room: Room, entries: Sequence[Entry]) -> list[Outgoing]:
    """Bring ``room`` up to the ``entries`` other servers wrote (those after its state, in order): what its
    screens are sent. Raises :class:`CannotFollowError` when an entry is missing or does not replay."""
    out: list[Outgoing] = []
    for entry in entries:
        if entry.seq <= room.state:
            continue
        if entry.seq != room.state + 1:
            raise CannotFollowError(f"entry {room.state + 1} is missing")
        try:
            if entry.kind == "action":
                result = apply(room.game_state, action_from_dict(entry.body), room.catalog)
                events = entry.events if entry.events is not None else [public_event(e) for e in result.events]
                seen = view(result.state, None, room.catalog)
                message = room._changes_message(entry.seq, seen, events, undo=None)
                room.took(entry, result.state, events, seen)
                out.append(Outgoing(message))
            elif entry.kind == "undo" and room.undoable and len(room.states) > 1:
                by = int(room.undo.by) if room.undo is not None else 0
                line = entry.events[0] if entry.events else undo_event(by, "", room.live[-1], [])
                room.took_back(entry.seq, line)
                done = Outgoing({"type": "undo", "proposal": None, "done": True})
                out += [done, Outgoing(room._state_message(reset=True))]
            else:
                raise CannotFollowError(f"entry {entry.seq} is not an action or an undo this room can take")
        except (PlanechaseError, ValueError, KeyError, TypeError) as exc:
            raise CannotFollowError(f"entry {entry.seq} does not replay: {exc}") from None
    return room._with_secrets(out) if out else out


def proposal_message(room: Room, refused_by: Sequence[int] = ()) -> dict[str, Any]:
    """What another server needs to keep ``room``'s undo proposal as this one has it (or to drop it)."""
    undo = room.undo
    return {
        "table": room.record.id,
        "state": room.state,
        "undo": None if undo is None else {"by": undo.by, "state": undo.state, "agreed": sorted(undo.agreed)},
        "refused_by": list(refused_by),
    }


def take_proposal(room: Room, message: dict[str, Any]) -> list[Outgoing]:
    """Keep the undo proposal another server has for ``room`` (``message`` from :func:`proposal_message`, the
    room at the same state): what its screens are sent."""
    if message.get("state") != room.state:
        return []
    undo = message.get("undo")
    if undo is None:
        room.undo = None
        refused = [int(seat) for seat in message.get("refused_by") or []]
        return [Outgoing({"type": "undo", "proposal": None, **({"refused_by": refused} if refused else {})})]
    room.undo = UndoProposal(by=int(undo["by"]), state=int(undo["state"]), agreed={int(s) for s in undo["agreed"]})
    return [Outgoing({"type": "undo", "proposal": room._proposal()})]


def _entries_of(message: dict[str, Any]) -> list[Entry] | None:
    """The entries a bus message carries (``None`` if it carries none that can be read)."""
    rows = message.get("entries")
    if not isinstance(rows, list) or not rows:
        return None
    try:
        entries = [entry_of_written(row) for row in rows]
    except (TypeError, ValueError):
        return None
    seqs = [entry.seq for entry in entries]
    return entries if seqs == list(range(seqs[0], seqs[0] + len(seqs))) else None


async def poll_forever(check: Any) -> None:
    """Call ``await check()`` every :data:`POLL_EVERY` seconds until cancelled (a failure is logged, not fatal)."""
    while True:
        await asyncio.sleep(POLL_EVERY)
        try:
            await check()
        except Exception:
            log.exception("Following the other servers' entries failed; trying again")


class Follower:
    """Keeps this server's rooms up to date with the other servers' writes, and tells them its own (see the
    module's notes): wired by the app when the tables are kept in a shared database."""

    def __init__(self, tables: Tables, channel: Channel, bus: Bus | None = None) -> None:
        self.tables = tables
        self.channel = channel
        self.bus = bus
        tables.on_written = self.written
        channel.on_proposal = self.proposal_changed

    # -- telling the others ----------------------------------------------------------------------

    def written(self, written: dict[str, list[Written]]) -> None:
        """This server committed entries: tell the others, with the entries themselves (a server that has the
        table at the state before them follows them without reading the database)."""
        if self.bus is not None:
            for table_id, rows in written.items():
                message = {"kind": "entries", "table": table_id, "seq": rows[-1][0], "entries": rows}
                self.bus.publish(message)

    def proposal_changed(self, room: Room, refused_by: Sequence[int]) -> None:
        if self.bus is not None:
            self.bus.publish({"kind": "undo", **proposal_message(room, refused_by)})

    # -- hearing them ----------------------------------------------------------------------------

    async def hear(self, message: dict[str, Any]) -> None:
        """A message from another server (over the bus)."""
        table_id = message.get("table")
        room = self.tables.rooms.get(table_id) if isinstance(table_id, str) else None
        if room is None:
            return  # not held here: read whole from the database when someone joins
        seq = message.get("seq", message.get("state"))
        if isinstance(seq, int) and seq > room.state:
            await self.catch_up(room, _entries_of(message))
        if message.get("kind") == "undo":
            async with self.tables.lock(room):
                if self.tables.rooms.get(room.record.id) is room and not room.lost:
                    deliver(room, take_proposal(room, message))

    async def poll(self) -> None:
        """Read the newest entry of every table held here, and follow those another server wrote to."""
        held = {table_id: room for table_id, room in self.tables.rooms.items() if room.clients}
        if not held:
            return
        newest = await asyncio.to_thread(self.tables.store.newest_entries, list(held))
        for table_id, seq in newest.items():
            room = held[table_id]
            if seq > room.state:
                await self.catch_up(room)

    async def catch_up(self, room: Room, heard: list[Entry] | None = None) -> None:
        """Follow the entries of ``room``'s table written since its state (``heard`` from the bus, when they
        follow on from it; else read from the database), and send its screens what changed."""
        async with self.tables.lock(room):
            if self.tables.rooms.get(room.record.id) is not room or room.lost:
                return
            if heard and heard[0].seq <= room.state + 1 and heard[-1].seq > room.state:
                entries = heard
            else:
                entries = await asyncio.to_thread(self.tables.store.entries, room.record.id, after=room.state)
            try:
                answer = follow(room, entries)
            except CannotFollowError as exc:
                log.warning("Table %s could not follow another server's entries (%s): read again", room.record.id, exc)
                self.channel.lost(room)
                return
            deliver(room, answer)
