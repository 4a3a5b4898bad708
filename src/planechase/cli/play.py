"""``planechase play``: the table on one shared screen, driven by single keys.

The pieces are kept apart so they can be tested without a terminal:

- :func:`make_config` builds random legal planar decks from the catalog (with
  :mod:`planechase.cards.random_decks`);
- :class:`TableController` maps a key to engine actions and returns the message to show; prompts
  (a player, an amount, an effect) go through an ``ask`` callable; the flows of casting, declaring attackers,
  the tracked permanents and looking at a hidden decision are in :mod:`planechase.cli.play_turn`;
- :func:`planechase.cli.render.render` draws the screen from the game;
- :class:`TtyKeys` reads single keys from a terminal (cbreak mode, restored on exit and on Ctrl-C),
  :class:`PipedKeys` reads keys and answers from lines of a pipe, so the table can be scripted:
  ``printf 'm\\nr\\n1\\nq\\ny\\n' | planechase play --seed 3``.

On the Eternities Map (``--map PROFILE``, :func:`map_rules`), the game plays with the map's one deck and the
screen draws the map (:mod:`planechase.cli.map_render`); a planeswalk asks the planeswalker for a direction
(701.31b), answered with a digit like any decision.

In Grand Melee (807.5), where several turns are taken at once, each with its own stack, the keys act on one
turn marker at a time, the controller's :attr:`TableController.marker` (``M`` moves on to the next one).
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import secrets
import shlex
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.console import Console

from ..api import Game
from ..cards.catalog import CATALOG
from ..cards.decks import shared_minimum
from ..cards.model import Catalog
from ..cards.random_decks import NotEnoughCardsError, card_pool, draw, random_deck, random_shared_deck
from ..core.actions import (
    Action,
    AdjustLife,
    AdjustPoison,
    Advance,
    Choose,
    Concede,
    Pass,
    Report,
    Resolve,
    Roll,
)
from ..core.config import GameConfig
from ..core.events import Event
from ..core.state import DecisionKind, GameState, Step
from ..engine import melee
from ..engine.reducer import check_action
from ..engine.views import view
from ..errors import IllegalActionError, PlanechaseError
from ..variants.eternities_map import MapRules
from . import play_turn
from .keys import PipedKeys, TtyKeys
from .play_turn import pick
from .render import CHAOS_SYMBOL, Chrome, Message, render

#: Answers a prompt (the text shown) with a line, or ``None`` when the person backs out.
Ask = Callable[[str], str | None]

#: The cards a personal planar deck gets: ten planes and at most two phenomena (901.3).
DECK_PLANES = 10
DECK_PHENOMENA = 2


# -- decks ------------------------------------------------------------------------------------------


def make_config(
    players: Sequence[str], seed: int, *, shared: bool, catalog: Catalog = CATALOG
) -> tuple[GameConfig, str | None]:
    """A configuration with random decks drawn from ``seed``, and a notice to show, if any (a shared
    deck below the 901.15a minimum, which the small demo catalog forces for three or more players)."""
    rng = random.Random(seed)
    if not shared:
        phenomena = min(DECK_PHENOMENA, len(card_pool(catalog).phenomena))
        size = DECK_PLANES + phenomena
        decks = tuple(random_deck(rng=rng, size=size, phenomena=phenomena, catalog=catalog) for _ in players)
        return GameConfig(players=tuple(players), decks=decks, seed=seed), None
    try:
        deck = random_shared_deck(len(players), rng=rng, catalog=catalog)
        return GameConfig(players=tuple(players), shared_deck=deck, seed=seed), None
    except NotEnoughCardsError:
        pass  # the demo catalog is too small: take every plane and up to two phenomena per player
    pool = card_pool(catalog)
    deck = draw(rng, pool, planes=len(pool.planes), phenomena=min(2 * len(players), len(pool.phenomena)))
    need = shared_minimum(len(players))
    notice = (
        f"Notice: the demo catalog is small ({len(catalog)} cards), so the shared deck has {len(deck)} cards, "
        f"below the {need} that 901.15a asks for {len(players)} players. The full catalog comes later."
    )
    return GameConfig(players=tuple(players), shared_deck=deck, seed=seed, check_decks=False), notice


# -- the Eternities Map ----------------------------------------------------------------------------

#: The ``planechase play`` option that sets each :class:`MapRules` setting.
MAP_OPTIONS: dict[str, str] = {
    "radius": "--map-radius",
    "phenomena": "--phenomena",
    "hellride_chance": "--hellride-chance",
    "move_chance": "--move-chance",
    "visibility": "--visibility",
    "counters": "--map-counters",
}


class MapOptionError(ValueError):
    """A ``--map`` option the map can't be played with; ``option`` names it (e.g. ``--map-radius``)."""

    def __init__(self, option: str, message: str) -> None:
        super().__init__(message)
        self.option = option


def map_rules(profile: str | None, **settings: int | str | None) -> MapRules | None:
    """The Eternities Map rules the ``--map`` options ask for: the named profile with the settings given
    (``None`` leaves a setting as the profile has it); settings without a profile change the ``published``
    one. ``None`` when no map option is given at all. Raises :class:`MapOptionError` naming the option.

    >>> map_rules("chance", radius=2).radius, map_rules(None, visibility="fog_of_war").profile
    (2, 'published')
    >>> map_rules(None) is None
    True
    >>> map_rules("nowhere")
    Traceback (most recent call last):
    ...
    planechase.cli.play.MapOptionError: unknown Eternities Map profile 'nowhere'; choose one of published, ...
    """
    given = {key: value for key, value in settings.items() if value is not None}
    unknown = set(given) - set(MAP_OPTIONS)
    if unknown:
        raise MapOptionError("--map", f"unknown Eternities Map settings: {', '.join(sorted(unknown))}")
    if profile is None and not given:
        return None
    name = profile or "published"
    try:
        MapRules.from_dict(name)
    except ValueError as exc:
        raise MapOptionError("--map", str(exc)) from None
    for key, value in given.items():  # one at a time, so the message names the option at fault
        try:
            MapRules.from_dict({"profile": name, key: value})
        except ValueError as exc:
            raise MapOptionError(MAP_OPTIONS[key], str(exc)) from None
    try:
        return MapRules.from_dict({"profile": name, **given})
    except ValueError as exc:
        raise MapOptionError("--map", str(exc)) from None


def map_arguments(rules: MapRules) -> str:
    """The ``planechase play`` options that set up ``rules`` again, e.g. `` --map chance --map-radius 2``."""
    out = f" --map {rules.profile}"
    for key, value in rules.to_dict().items():
        if key in MAP_OPTIONS:
            out += f" {MAP_OPTIONS[key]} {value}"
    return out


# -- the controller ---------------------------------------------------------------------------------


def _error(exc: Exception) -> Message:
    if isinstance(exc, IllegalActionError):
        return Message(f"[{exc.rule}] {exc.message}", ok=False)
    return Message(str(exc), ok=False)


def _describe(action: dict[str, Any] | None, game: Game) -> str:
    if action is None:
        return "the setup"
    seat = action.get("player")
    who = game.state.players[seat].name if isinstance(seat, int) and seat < len(game.state.players) else "?"
    kind = str(action.get("type"))
    if kind == "advance":
        to = str(action.get("to"))
        return f"{who} moving on to {'the next turn' if to == 'next_turn' else Step(to).label}"
    if kind == "choose":
        return f"{who}'s choice"
    if kind in ("life", "poison"):
        return f"{who}'s {kind} change ({int(action.get('amount', 0)):+d})"
    if kind == "attack":
        return f"{who}'s attack declaration"
    if kind == "permanent":
        return f"{who} {'gaining' if action.get('controls', True) else 'losing'} control of {action.get('card')}"
    return f"{who}'s {kind}"


class TableController:
    """Maps keys to engine actions on a :class:`~planechase.engine.game.Game`.

    The acting player is implied: whoever has priority passes, casts and moves on; the active player
    rolls (with shared team turns, the player of the active team the table names, 901.12d); the deciding
    player answers the pending decision. In Grand Melee the keys act on the current turn marker's turn and
    stack (:attr:`marker`, 807.5b). ``handle_key`` never raises: a refused action comes back as a message
    naming the rule, and the game is unchanged.
    """

    def __init__(
        self,
        game: Game,
        *,
        ask: Ask,
        save_path: Path,
        seed: int | None = None,
        notice: str | None = None,
        lang: str = "en",
    ) -> None:
        self.game = game
        #: The language the cards are shown in (the project's translations); ``O`` shows the Oracle text instead.
        self.lang = lang
        self.oracle = False
        self.ask = ask
        self.save_path = save_path
        self.seed = seed
        self.notice = notice
        self.message: Message | None = None
        self.chaos = CHAOS_SYMBOL
        self.show_help = False
        self.quit = False
        self._groups: list[int] = []  # engine actions taken per key, for undo
        self._saved_at: int | None = None
        self._marker: int | None = game.state.focus if game.state.grand_melee else None  # chosen with M

    # -- Grand Melee: the turn marker the keys act on (807.5) ------------------------------------

    @property
    def marker(self) -> int | None:
        """The turn marker the keys act on in Grand Melee (``None`` in other games): the one chosen with
        ``M`` while someone is taking a turn with it, else the engine's focus (a marker someone is taking a
        turn with, if any); while a decision is pending, the marker it was made under."""
        state = self.game.state
        if not state.grand_melee:
            return None
        if state.pending is None and self._marker in _live_markers(state):
            return self._marker
        return state.focus

    @property
    def state(self) -> GameState:
        """The game seen from the current turn marker: its turn, stack, priority and planes (807.5)."""
        marker = self.marker
        return self.game.state if marker is None else melee.focused(self.game.state, marker)

    def view(self) -> dict[str, Any]:
        """The public view of :attr:`state`."""
        return view(self.state, None, self.game.catalog)

    def _next_marker(self) -> Message:
        """Act on the next turn marker someone is taking a turn with (807.4, 807.5)."""
        state = self.game.state
        if not state.grand_melee:
            return Message("Only Grand Melee has turn markers (807.4): here one turn is taken at a time.", ok=False)
        current = self.marker
        assert current is not None
        if state.pending is not None:
            who = state.players[state.pending.decision.player].name
            return Message(f"{who} must decide first (the decision is on turn marker {current}).", ok=False)
        live = _live_markers(state)
        later = [m for m in live if m > current]
        chosen = (later or live or [current])[0]
        if chosen == current:
            return Message(f"Turn marker {current} is the only one anyone is taking a turn with now.", ok=False)
        self._marker = chosen
        here = self.state
        names = state.players
        prio = "nobody" if here.priority is None else names[here.priority].name
        return Message(
            f"Turn marker {chosen}: {names[here.active].name}'s turn, {here.step.label}; "
            f"{prio} has priority for its stack (807.5)."
        )

    # -- what the screen shows ------------------------------------------------------------------

    def chrome(self) -> Chrome:
        """The session facts the screen shows around the game."""
        return Chrome(
            seed=self.seed,
            notice=self.notice,
            save_path=str(self.save_path),
            message=self.message,
            show_help=self.show_help,
            chaos=self.chaos,
            marker=self.marker,
            lang="en" if self.oracle else self.lang,
        )

    # -- keys -----------------------------------------------------------------------------------

    def handle_key(self, key: str) -> Message:
        """Do what ``key`` means and return (and remember) the message to show."""
        was_help = self.show_help
        self.show_help = False
        try:
            message = self._dispatch(key, was_help)
        except PlanechaseError as exc:
            message = _error(exc)
        except Exception as exc:  # an engine bug must not end the game at the table
            message = Message(f"engine error (the game is unchanged; please report it): {exc!r}", ok=False)
        self.message = message
        return message

    def _dispatch(self, key: str, was_help: bool) -> Message:
        if key.isdigit():
            return self._choose(self._number(key))
        handler: dict[str, Callable[[], Message]] = {
            "r": self._roll,
            " ": self._pass,
            "p": self._pass,
            "v": self._resolve,
            "n": lambda: self._advance("next_turn"),
            "m": self._next_main,
            "M": self._next_marker,
            "a": self._choose_step,
            "e": self._end_step,
            "c": lambda: play_turn.cast(self),
            "d": lambda: play_turn.declare_attackers(self),
            "b": lambda: play_turn.track_permanent(self),
            "i": lambda: play_turn.look(self),
            "t": self._report,
            "l": lambda: self._adjust("life"),
            "o": lambda: self._adjust("poison"),
            "x": self._concede,
            "u": self._undo,
            "s": self._save,
            "q": self._quit,
            "O": self._toggle_oracle,
        }
        if key in ("h", "?"):
            self.show_help = not was_help
            return Message("Help: press h again to close." if self.show_help else "Help closed.")
        if key in handler:
            return handler[key]()
        shown = "space" if key == " " else repr(key)
        return Message(f"{shown} is not a key here: press h for help.", ok=False)

    def _toggle_oracle(self) -> Message:
        """``O``: the cards' English Oracle text instead of their translation, or back."""
        if self.lang == "en":
            return Message("The cards are shown in their English Oracle text (--lang shows a translation).")
        self.oracle = not self.oracle
        if self.oracle:
            return Message("The cards show their English Oracle text: O shows the translation again.")
        return Message(f"The cards show the planechase project's translation ({self.lang}): O shows the Oracle text.")

    # -- acting ---------------------------------------------------------------------------------

    def _act(self, *actions: Action | Callable[[], Action | None]) -> tuple[Event, ...]:
        """Apply actions in turn as one key's group (for undo). A callable is asked for the next action
        after the earlier ones applied; it may return ``None`` to stop."""
        events: list[Event] = []
        done = 0
        try:
            for item in actions:
                action = item() if callable(item) else item
                if action is None:
                    break
                events.extend(self.game.act(action))
                done += 1
        finally:
            if done:
                self._groups.append(done)
        return tuple(events)

    @property
    def _priority(self) -> int:
        """The seat that acts for priority keys: the priority holder, else the decider or the active
        player (the engine then says why they can't)."""
        state = self.state
        if state.priority is not None:
            return state.priority
        if state.pending is not None:
            return state.pending.decision.player
        return state.active

    def _done(self, events: Sequence[Event], *, prefer: str | tuple[str, ...] = ()) -> Message:
        decision = self.game.decision
        if decision is not None:
            who = self.game.state.players[decision.player].name
            count = len(decision.options)
            keys = f"press 1-{count}" if count <= 9 else f"type a number from 1 to {count}"
            if decision.kind is DecisionKind.CHOOSE_NUMBER:
                keys = f"type a number from 0 to {count - 1}"
            if decision.kind is DecisionKind.CHOOSE_DIRECTION:  # the options are listed and on the map
                return Message(
                    f"{who} chooses a direction on the Eternities Map [{decision.rule}]: {keys} (see the map)."
                )
            return Message(f"{who} must decide [{decision.rule}]: {keys}.")
        wanted = (prefer,) if isinstance(prefer, str) else prefer
        chosen = next((e for w in wanted for e in events if e.type == w), None)
        event = chosen or (events[-1] if events else None)
        return Message(event.text if event else "Done.")

    def _roll(self) -> Message:
        """The active player rolls; with shared team turns, when more than one player of the active team may
        roll now, the table says who (901.12d)."""
        state = self.state
        may = [r["player"] for r in self.view()["rollers"] if r["allowed"]]
        seat = may[0] if len(may) == 1 else state.active
        if len(may) > 1:
            default = state.active if state.active in may else may[0]
            chosen = self._ask_player("Who rolls the planar die?", may, default=default)
            if chosen is None:
                return Message("Cancelled: nobody rolled.", ok=False)
            seat = chosen
        return self._done(self._act(Roll(seat)), prefer="die_rolled")

    def _pass(self) -> Message:
        return self._done(self._act(Pass(self._priority, marker=self.marker)))

    def _resolve(self) -> Message:
        return self._done(self._act(Resolve(self._priority, marker=self.marker)))

    def _advance(self, to: str) -> Message:
        return self._done(self._act(Advance(self._priority, to, marker=self.marker)))

    def _next_main(self) -> Message:
        targets = self.view()["advance_to"]
        here = next((t for t in ("precombat_main", "postcombat_main") if t in targets), None)
        if here is not None:
            return self._advance(here)
        start, marker = self.state.turn, self.marker

        def then_main() -> Action | None:
            state = self.state
            if self.marker != marker or state.turn == start:
                return None
            if state.stack or state.pending or state.over or state.step.is_main:
                return None
            return Advance(self._priority, Step.PRECOMBAT_MAIN.value, marker=marker)

        return self._done(self._act(Advance(self._priority, "next_turn", marker=marker), then_main))

    def _end_step(self) -> Message:
        check_action(self.state, Advance(self._priority, "next_turn", marker=self.marker))
        if Step.END.value not in self.view()["advance_to"]:
            return Message("The end step has already begun this turn: press n for the next turn.", ok=False)
        return self._advance(Step.END.value)

    def _choose_step(self) -> Message:
        check_action(self.state, Advance(self._priority, "next_turn", marker=self.marker))
        targets: list[str] = self.view()["advance_to"]
        labels = ["the next turn" if t == "next_turn" else Step(t).label for t in targets]
        menu = ", ".join(f"{i} {label}" for i, label in enumerate(labels, start=1))
        answer = self.ask(f"Move on to which step? {menu}: ")
        index = pick(answer, targets, labels)
        if index is None:
            return Message(f"{(answer or '').strip()!r} is not a step here: nothing moved.", ok=False)
        return self._advance(targets[index])

    def _number(self, key: str) -> int:
        """The option number a digit key starts: with more than nine options, a single digit asks for
        the rest of the number (a scripted line of digits is taken whole)."""
        decision = self.game.decision
        if decision is not None and decision.kind is DecisionKind.CHOOSE_NUMBER and len(key) == 1:
            rest = self.ask(f"Number (0-{len(decision.options) - 1}): {key}")
            rest = (rest or "").strip()
            return int(key + rest) if rest.isdigit() else int(key)
        if decision is None or len(decision.options) <= 9 or len(key) > 1:
            return int(key)
        rest = self.ask(f"Option number (1-{len(decision.options)}): {key}")
        rest = (rest or "").strip()
        return int(key + rest) if rest.isdigit() else int(key)

    def _choose(self, number: int) -> Message:
        decision = self.game.decision
        if decision is None:
            # The engine says why: there is no decision to make (117.1).
            check_action(self.state, Choose(self._priority, "-", str(number)))
            return Message("There is no decision to make.", ok=False)
        if decision.kind is DecisionKind.CHOOSE_NUMBER:
            # A number decision is answered with the number itself (its options are 0, 1, 2, ...).
            if not 0 <= number < len(decision.options):
                return Message(f"{number} is out of range: choose 0-{len(decision.options) - 1}.", ok=False)
            number += 1
        if not 1 <= number <= len(decision.options):
            return Message(f"Option {number} doesn't exist: choose 1-{len(decision.options)}.", ok=False)
        option = decision.options[number - 1]
        events = self._act(Choose(decision.player, decision.id, option.id))
        if decision.kind in (DecisionKind.CHOOSE_DIRECTION, DecisionKind.ARRANGE_PLANAR_DECK):  # where it went
            return self._done(events, prefer=("planeswalked_to", "encountered", "map_moved"))
        return self._done(events, prefer="die_rolled")

    def _report(self) -> Message:
        """Report an untracked event that triggers a face-up card's ability (603.2)."""
        choices = [(card, r) for card in self.view()["face_up"] for r in card["reported"]]
        if not choices:
            return Message("No face-up card has an ability that waits for the table to report an event.", ok=False)
        index: int | None = 0
        if len(choices) > 1:
            labels = [f"{card['name']}: {r['text']}" for card, r in choices]
            menu = "; ".join(f"{i} {label}" for i, label in enumerate(labels, start=1))
            index = pick(self.ask(f"Which ability? {menu}: "), labels)
        if index is None:
            return Message("Cancelled: no ability chosen.", ok=False)
        card, reported = choices[index]
        seat = self.state.planar_controller
        if reported["by"] == "any":
            seat = self._ask_player(f"{card['name']}: which player is the event about?")
        if seat is None:
            return Message("Cancelled: no player chosen.", ok=False)
        return self._done(self._act(Report(seat, card["object"], reported["ability"])))

    def _ask_player(
        self, question: str, among: Sequence[int] | None = None, *, default: int | None = None
    ) -> int | None:
        """A seat the table names (by its number on the screen or its name) from ``among`` (every seat if
        ``None``); an empty answer takes ``default``; ``None`` if the answer names nobody there."""
        players = self.game.state.players
        seats = list(range(len(players))) if among is None else list(among)
        menu = ", ".join(f"{seat + 1} {players[seat].name}" for seat in seats)
        shown = f" [{players[default].name}]" if default is not None else ""
        answer = self.ask(f"{question} {menu}{shown}: ")
        if answer is not None and not answer.strip() and default is not None:
            return default
        if answer is not None and answer.strip().isdigit():
            seat = int(answer.strip()) - 1
            return seat if seat in seats else None
        index = pick(answer, [players[seat].name for seat in seats])
        return None if index is None else seats[index]

    def _adjust(self, kind: str) -> Message:
        state = self.game.state
        if state.over:
            check_action(state, AdjustLife(state.active, 0))
        seat = self._ask_player(f"Whose {'life total' if kind == 'life' else 'poison counters'}?")
        if seat is None:
            return Message("Cancelled: no player chosen.", ok=False)
        player = self.game.state.players[seat]
        now = player.life if kind == "life" else player.poison
        raw = self.ask(f"{player.name} has {now}. Change by (+N / -N) or set (=N): ")
        delta = _amount(raw, now)
        if delta is None:
            return Message(f"{(raw or '').strip()!r} is not an amount: type e.g. -3, +5 or =12.", ok=False)
        action: Action = AdjustLife(seat, delta) if kind == "life" else AdjustPoison(seat, delta)
        return self._done(self._act(action))

    def _concede(self) -> Message:
        seat = self._ask_player("Who concedes?")
        if seat is None:
            return Message("Cancelled: nobody conceded.", ok=False)
        return self._done(self._act(Concede(seat)))

    # -- undo, save and quit --------------------------------------------------------------------

    def _undo(self) -> Message:
        taken = len(self.game.history) - 1
        if taken == 0:
            return Message("Nothing to undo: this is the start of the game.", ok=False)
        steps = min(self._groups.pop() if self._groups else 1, taken)
        what = _describe(self.game.history[-steps].action, self.game)
        self.game.undo(steps)
        return Message(f"Undone: {what}.")

    def _save(self) -> Message:
        try:
            self.save_path.write_text(json.dumps(self.game.save(), ensure_ascii=False, indent=1), encoding="utf-8")
        except OSError as exc:
            return Message(f"Could not save to {self.save_path}: {exc.strerror or exc}", ok=False)
        self._saved_at = len(self.game.history)
        return Message(f"Saved to {self.save_path} (continue with: planechase play --load {self.save_path})")

    def farewell(self) -> str:
        """What to print as the table closes: where the game was saved, or how to set it up again."""
        if self._saved_at == len(self.game.history):
            return f"Saved to {self.save_path}. Continue with: planechase play --load {self.save_path}"
        if self._saved_at is not None:
            return f"The last actions were not saved; {self.save_path} has the game as it was when you pressed s."
        config = self.game.config
        command = f"planechase play --seed {config.seed}"
        command += "".join(f" -p {shlex.quote(name)}" for name in config.players)
        command += " --shared" if config.shared_deck is not None and config.eternities_map is None else ""
        command += map_arguments(config.eternities_map) if config.eternities_map is not None else ""
        if config.variant != "free_for_all":
            command += f" --variant {config.variant}"
        if config.team_size is not None:
            command += f" --team-size {config.team_size}"
        return f"Not saved. The same setup again: {command}"

    def _quit(self) -> Message:
        unsaved = self._saved_at != len(self.game.history) and len(self.game.history) > 1
        warning = " Unsaved actions are lost (s saves)." if unsaved else ""
        answer = self.ask(f"Quit?{warning} [y/N]: ")
        if answer is not None and answer.strip().lower() in ("y", "yes"):
            self.quit = True
            return Message("Bye.")
        return Message("Not quitting.")


def _live_markers(state: GameState) -> list[int]:
    """The turn markers someone is taking a turn with, in number order (807.4)."""
    return [t.marker for t in melee.turns(state) if t.taking_turn]


def _amount(raw: str | None, now: int) -> int | None:
    """A change from ``+N``, ``-N`` or ``N``, or the change that sets the value with ``=N``."""
    if raw is None:
        return None
    text = raw.strip().replace(" ", "")
    setting = text.startswith("=")
    body = text[1:] if setting else text
    sign = -1 if body.startswith("-") else 1
    digits = body.lstrip("+-")
    if not digits.isdigit() or len(digits) > 7:
        return None
    value = sign * int(digits)
    return value - now if setting else value


# -- the command ------------------------------------------------------------------------------------


def default_save_path(seed: int) -> Path:
    """Where ``s`` saves a new game: the current folder, named after the seed and the time."""
    return Path.cwd() / f"planechase-seed{seed}-{datetime.now():%Y%m%d-%H%M%S}.json"


def start_game(
    players: Sequence[str],
    seed: int | None,
    shared: bool,
    load: Path | None,
    *,
    variant: str = "free_for_all",
    team_size: int | None = None,
    eternities_map: MapRules | None = None,
) -> tuple[Game, int, str | None, Path]:
    """The game to play (new or loaded), its seed, a notice to show and the save path. Raises
    :class:`PlanechaseError` or :class:`OSError` with a message for the person at the table.

    With ``eternities_map`` the game is played on the Eternities Map with the map's deck (one of every plane
    in the catalog, and every phenomenon when the rules use them); the engine refuses it in Grand Melee."""
    if load is not None:
        try:
            data = json.loads(load.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise PlanechaseError("{file} is not a JSON save: {error}", file=str(load), error=str(exc)) from exc
        game = Game.load(data)
        loaded = f"Continuing {load} ({len(game.history) - 1} actions replayed)."
        if seed is not None:
            loaded += " --seed is ignored when loading."
        if eternities_map is not None:
            loaded += " The --map options are ignored when loading (the save has its own)."
        return game, game.config.seed, loaded, load
    chosen = seed if seed is not None else secrets.randbelow(1_000_000)
    if eternities_map is not None:  # the map's own deck: --shared changes nothing (the map has one deck)
        config = GameConfig(
            players=tuple(players),
            seed=chosen,
            variant=variant.replace("-", "_"),
            team_size=team_size,
            eternities_map=eternities_map,
        )
        return Game(config), chosen, None, default_save_path(chosen)
    config, notice = make_config(players, chosen, shared=shared)
    config = dataclasses.replace(config, variant=variant.replace("-", "_"), team_size=team_size)
    return Game(config), chosen, notice, default_save_path(chosen)


def run_play(
    players: list[str],
    seed: int | None,
    shared: bool,
    load: Path | None,
    *,
    variant: str = "free_for_all",
    team_size: int | None = None,
    eternities_map: MapRules | None = None,
    lang: str = "en",
) -> int:
    """Run the table until the players quit; return the exit code (2 if the game can't start, 130
    after Ctrl-C). On a terminal, keys are single presses; from a pipe, one key per line. The cards are shown
    in ``lang`` (the project's translations; ``O`` switches to the Oracle text)."""
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if not interactive and isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="replace")
    console = Console() if interactive else Console(width=120, color_system=None, emoji=False)
    try:
        game, used_seed, notice, save_path = start_game(
            players, seed, shared, load, variant=variant, team_size=team_size, eternities_map=eternities_map
        )
    except (PlanechaseError, OSError) as exc:
        console.print(f"Can't start the game: {exc}", markup=False, style="bold red")
        return 2
    keys: TtyKeys | PipedKeys = TtyKeys(console) if interactive else PipedKeys(sys.stdin, console)
    table = TableController(game, ask=keys.ask, save_path=save_path, seed=used_seed, notice=notice, lang=lang)
    if not (console.encoding or "").lower().startswith("utf"):
        table.chaos = "[CHAOS]"
        table.lang = "en"  # a terminal that can't show the chaos symbol can't show Cyrillic or Japanese either
    try:
        if isinstance(keys, TtyKeys):
            _loop_tty(console, keys, table)
        else:
            _loop_piped(console, keys, table)
    except KeyboardInterrupt:
        console.print("Interrupted.", markup=False)
        return 130
    return 0


def _loop_piped(console: Console, keys: PipedKeys, table: TableController) -> None:
    console.print(render(table.game, table.chrome(), width=120, height=40))
    while not table.quit:
        key = keys.key()
        if key is None:
            return
        table.handle_key(key)
        console.rule(f"key {'space' if key == ' ' else key}")
        console.print(render(table.game, table.chrome(), width=120, height=40))
    console.print(table.farewell(), markup=False)


def _loop_tty(console: Console, keys: TtyKeys, table: TableController) -> None:
    console.set_alt_screen(True)
    try:
        keys.open()
        while not table.quit:
            console.clear()
            width, height = console.size
            console.print(render(table.game, table.chrome(), width=width, height=height - 1), end="")
            key = keys.key()
            if key is None:
                return
            console.print()
            table.handle_key(key)
    finally:
        keys.close()
        console.set_alt_screen(False)
        console.print(table.farewell(), markup=False)
