"""The :class:`Game`: a game with its history, for people and programs that want undo, saves and a
log without keeping states themselves.

A game is played with the catalog it is given; :class:`planechase.Game` (the package's) is this class
with the standard catalog by default.

>>> from planechase.cards.catalog import CATALOG
>>> from planechase.core.config import demo_config
>>> game = Game(demo_config(seed=1), CATALOG)
>>> game.state.step.value
'upkeep'
>>> events = game.act({"type": "advance", "player": game.state.active, "to": "precombat_main"})
>>> game.force("chaos")
>>> [e.type for e in game.act({"type": "roll", "player": game.state.active})][:2]
['die_rolled', 'chaos_ensues']
>>> game.undo()  # back to before the roll; the die is not re-rolled
>>> game.state.step.value
'precombat_main'
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from ..cards.model import Catalog
from ..core.actions import Action, action_from_dict, rebuilt_action
from ..core.config import GameConfig
from ..core.events import Event
from ..core.state import Decision, DieFace, GameState
from ..errors import PlanechaseError, ReplayError
from .reducer import StepResult, apply, force, legal_actions, new_game
from .views import view

SAVE_FORMAT = "planechase-save"
SAVE_VERSION = 1


@dataclass(frozen=True)
class Record:
    """One entry of a game's history: the action taken (``None`` for the setup), its events, and the
    chance outcomes that were forced before it (tests and demos), so that a replay forces the same."""

    action: dict[str, Any] | None
    events: tuple[Event, ...]
    forced: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "events": [e.to_dict() for e in self.events]}
        if self.forced:
            out["forced"] = list(self.forced)
        return out

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Record:
        return cls(
            raw.get("action"),
            tuple(Event.from_dict(e) for e in raw.get("events", ())),
            tuple(str(f) for f in raw.get("forced", ())),
        )


#: :class:`Game` keeps the state after every this many actions, and the latest :data:`RECENT_STATES`
#: states; undo rebuilds the others.
CHECKPOINT_EVERY = 64
RECENT_STATES = 32


class Game:
    """A game, played with the planar cards of ``catalog``, and everything that happened in it.

    The history keeps every action with its events, but not every state: the state after every
    :data:`CHECKPOINT_EVERY` actions and the :data:`RECENT_STATES` latest ones. Going back further
    rebuilds the state wanted from the checkpoint before it by applying the recorded actions again, with
    the chance outcomes forced before each (the generator is part of the state, so the same state comes
    back exactly). A long game costs its log and a state per checkpoint, not a state per action.
    """

    def __init__(self, config: GameConfig, catalog: Catalog, *, forced: Sequence[str] = ()) -> None:
        self.config = config
        self.catalog = catalog
        result = new_game(config, catalog, forced=forced)
        #: States after action ``k`` (the setup is 0), for ``k`` a multiple of :data:`CHECKPOINT_EVERY`.
        self._checkpoints: dict[int, GameState] = {0: result.state}
        #: The states after the latest actions, as the actions left them (the last one is the latest).
        self._recent: dict[int, GameState] = {0: result.state}
        self._current = result.state  # the latest state with the outcomes forced since
        self._records: list[Record] = [Record(None, result.events, tuple(forced))]
        self._forcing: list[str] = []

    # -- reading -----------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self._current

    @property
    def states_kept(self) -> int:
        """How many states the history holds (checkpoints and the latest states; the rest are rebuilt)."""
        return len(self._checkpoints.keys() | self._recent.keys())

    def state_after(self, index: int) -> GameState:
        """The state after action number ``index`` (0 is the start of the game), as that action left it
        (without outcomes forced later), rebuilt from the checkpoint before it if it is not kept."""
        last = len(self._records) - 1
        if not 0 <= index <= last:
            raise PlanechaseError(
                "there is no action {index}; the last action is number {last}", index=index, last=last
            )
        kept = self._recent.get(index)
        if kept is not None:
            return kept
        start = index - index % CHECKPOINT_EVERY
        state = self._checkpoints[start]
        for record in self._records[start + 1 : index + 1]:
            assert record.action is not None
            if record.forced:
                state = force(state, *record.forced)
            state = apply(state, rebuilt_action(record.action), self.catalog).state
        return state

    @property
    def decision(self) -> Decision | None:
        pending = self.state.pending
        return pending.decision if pending else None

    @property
    def history(self) -> tuple[Record, ...]:
        return tuple(self._records)

    def events(self) -> Iterator[Event]:
        for record in self._records:
            yield from record.events

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state, self.catalog)

    def view(self, seat: int | None = None, *, lang: str | None = None) -> dict[str, Any]:
        """The game as ``seat`` sees it (see :func:`planechase.engine.views.view`); ``lang`` adds the cards'
        translations into that language."""
        return view(self.state, seat, self.catalog, lang=lang)

    def log_lines(self) -> list[str]:
        """The log as JSON lines, byte-for-byte identical for the same seed and actions."""
        return [
            json.dumps(r.to_dict(), sort_keys=True, ensure_ascii=False, separators=(",", ":")) for r in self._records
        ]

    # -- acting ------------------------------------------------------------------------------

    def act(self, action: Action | dict[str, Any]) -> tuple[Event, ...]:
        """Apply an action (an :mod:`~planechase.core.actions` value or its JSON form)."""
        parsed = action_from_dict(action) if isinstance(action, dict) else action
        result: StepResult = apply(self.state, parsed, self.catalog)
        self._records.append(Record(parsed.to_dict(), result.events, tuple(self._forcing)))
        index = len(self._records) - 1
        self._current = self._recent[index] = result.state
        self._recent.pop(index - RECENT_STATES, None)
        if index % CHECKPOINT_EVERY == 0:
            self._checkpoints[index] = result.state
        self._forcing = []
        return result.events

    def force(self, *outcomes: str | DieFace) -> None:
        """Force the next chance outcomes (die faces, ``order:...``, ``seat:N``), for tests and demos."""
        forced = force(self.state, *outcomes)
        self._forcing.extend(forced.forced[len(self.state.forced) :])
        self._current = forced

    def undo(self, steps: int = 1) -> None:
        """Go back ``steps`` actions (the setup cannot be undone). Chance is not re-drawn: the earlier
        state, with its generator, comes back exactly."""
        if steps < 1:
            raise PlanechaseError("undo needs a positive number of steps")
        if steps > len(self._records) - 1:
            raise PlanechaseError("only {count} actions can be undone", count=len(self._records) - 1)
        target = len(self._records) - 1 - steps
        state = self.state_after(target)
        # The outcomes forced before the first action undone stay forced (they were forced on this state),
        # and are recorded with the next action, so that the history still rebuilds every state.
        forcing = list(self._records[target + 1].forced)
        del self._records[target + 1 :]
        for index in [k for k in self._checkpoints if k > target]:
            del self._checkpoints[index]
        self._recent = {k: kept for k, kept in self._recent.items() if k <= target}
        self._recent[target] = state
        self._current = force(state, *forcing) if forcing else state
        self._forcing = forcing

    def undo_to(self, index: int) -> None:
        """Go back to the state after action number ``index`` (0 is the start of the game)."""
        self.undo(len(self._records) - 1 - index)

    # -- saving and replaying ----------------------------------------------------------------

    def save(self) -> dict[str, Any]:
        """A JSON-ready save: the configuration and the log of actions with their events."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "config": self.config.to_dict(),
            "log": [r.to_dict() for r in self._records],
        }

    @classmethod
    def load(cls, data: Mapping[str, Any], catalog: Catalog, *, verify: bool = True) -> Self:
        """Load a save by replaying its log, with every chance outcome taken from the log (so no
        generator is needed). With ``verify``, the replayed events must equal the recorded ones."""
        if data.get("format") != SAVE_FORMAT:
            raise ReplayError("not a planechase save (format {format})", format=repr(data.get("format")))
        if data.get("version") != SAVE_VERSION:
            raise ReplayError("unsupported save version {version}", version=repr(data.get("version")))
        log = data.get("log")
        if not isinstance(log, list) or not log:
            raise ReplayError("the save has no log")
        return cls.replay(
            GameConfig.from_dict(data["config"]), [Record.from_dict(r) for r in log], catalog, verify=verify
        )

    @classmethod
    def replay(cls, config: GameConfig, records: Sequence[Record], catalog: Catalog, *, verify: bool = True) -> Self:
        """Rebuild a game from its log.

        Each entry is first replayed as it stands (the generator in the state gives the same outcomes
        for the same seed and actions); where the log's chance outcomes differ (the game was forced, or
        the seed is not the original one), the entry is replayed again with its outcomes forced from
        the log, so a log replays without the generator's help.
        """
        game = cls(config, catalog, forced=records[0].forced)
        if game._records[0].events != records[0].events:
            game = cls(config, catalog, forced=_chances(records[0]))
            if verify and game._records[0].events != records[0].events:
                raise ReplayError("the setup does not replay to the recorded events")
        for index, record in enumerate(records[1:], start=1):
            if record.action is None:
                raise ReplayError("log entry {index} has no action", index=index)
            before = game.state
            game.force(*record.forced)
            events = game._try(record.action)
            chances = _chances(record)
            if events != record.events and chances:
                if events is not None:
                    game.undo()
                game._current = before
                game._forcing = []
                game.force(*chances)
                events = game._try(record.action)
            if events is None:
                raise ReplayError("log entry {index} does not replay: the action is refused", index=index)
            if verify and events != record.events:
                raise ReplayError("log entry {index} replays to different events", index=index)
        return game

    def _try(self, action: dict[str, Any]) -> tuple[Event, ...] | None:
        try:
            return self.act(action)
        except (PlanechaseError, ValueError):
            return None


def _chances(record: Record, *, only_forced: bool = False) -> list[str]:
    """The chance outcomes an entry's events record (only those that were forced, if asked)."""
    return [
        str(e.data["chance"]) for e in record.events if "chance" in e.data and (e.data.get("forced") or not only_forced)
    ]
