"""The engine protocol's messages: checking requests, running them in a :class:`Session` and building
the replies. Nothing here reads or writes streams; :mod:`planechase.protocol.stdio` moves the lines.

>>> session = Session()
>>> reply = session.handle({"cmd": "hello", "id": 1})
>>> reply["ok"], reply["protocol"]
(True, 'planechase-engine/1')
>>> line = session.handle_line('{"cmd": "legal", "id": "q1"}')
>>> json.loads(line)["error"]["code"]
'no_game'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NoReturn

import orjson

from .. import __version__
from ..api import Game
from ..cards.catalog import CATALOG
from ..cards.translations import LANGUAGES
from ..core.actions import action_from_dict
from ..core.config import GameConfig
from ..core.events import Event
from ..core.state import DieFace
from ..engine.views import card_translation, status
from ..errors import (
    ConfigError,
    DeckError,
    IllegalActionError,
    InvalidActionError,
    PlanechaseError,
    ReplayError,
)
from ..variants.eternities_map import PROFILE_SUMMARIES, PROFILES, MapRules
from .batch import AUTO_OPTIONS, MAX_BATCH, run_batch
from .patch import diff

PROTOCOL_NAME = "planechase-engine"
PROTOCOL_VERSION = 1
#: What ``hello`` reports and accepts: the protocol's name and major version.
PROTOCOL = f"{PROTOCOL_NAME}/{PROTOCOL_VERSION}"
#: What this engine does beyond the first release of its protocol version (``hello`` lists them; see
#: docs/protocol.md, "Versioning"): a client uses a feature when the engine names it.
FEATURES: tuple[str, ...] = (
    "status.stack",
    "status.roll",
    "status.advance_to",
    "legal_in_answer",
    "state_id_any_integer",
    "events_without_text",
    "view_changes",
    "batch",
    "events_optional",
)
#: The ``view`` option asking for only what changed in the view since the last one sent (``view_changes``).
CHANGES = "changes"
#: The longest request line accepted, in bytes of UTF-8 (the newline not counted).
MAX_LINE_BYTES = 1 << 20
#: The longest string ``id`` echoed back.
MAX_ID_LENGTH = 256
#: Integers in actions must be exactly representable as IEEE doubles (I-JSON, RFC 7493).
MAX_SAFE_INT = (1 << 53) - 1


class ErrorCode(StrEnum):
    """The ``error.code`` of a failed reply."""

    PARSE_ERROR = "parse_error"  # the line is not UTF-8 JSON
    LINE_TOO_LONG = "line_too_long"  # the line is longer than MAX_LINE_BYTES
    INVALID_REQUEST = "invalid_request"  # not an object, a missing or unexpected field, a wrong type
    UNKNOWN_COMMAND = "unknown_command"
    UNSUPPORTED_PROTOCOL = "unsupported_protocol"  # hello asked for a protocol this engine does not speak
    NO_GAME = "no_game"  # the command needs a game and none was started or loaded
    CONFIG_ERROR = "config_error"  # new: the configuration cannot start a game
    INVALID_FORCED = "invalid_forced"  # new/force: a forced chance outcome that cannot be used
    INVALID_ACTION = "invalid_action"  # act: a malformed action
    ILLEGAL_ACTION = "illegal_action"  # act: a well-formed action the rules forbid now (``rule`` says which)
    STALE_STATE = "stale_state"  # the request's state_id is not the current one
    CANNOT_UNDO = "cannot_undo"
    REPLAY_ERROR = "replay_error"  # load: the save does not replay
    UNKNOWN_CARD = "unknown_card"  # cards: a name the catalog does not know
    INTERNAL_ERROR = "internal_error"  # a bug in the engine; the session goes on


class ProtocolError(Exception):
    """A request that cannot be carried out; becomes an ``ok: false`` reply."""

    def __init__(self, code: ErrorCode, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code.value, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        return out


# -- request fields -----------------------------------------------------------------------------

Check = Callable[[Any], str | None]  # returns what is wrong, or None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(minimum: int = -MAX_SAFE_INT) -> Check:
    def check(value: Any) -> str | None:
        if not _is_int(value) or not minimum <= value <= MAX_SAFE_INT:
            return f"an integer from {minimum} to {MAX_SAFE_INT}"
        return None

    return check


def _seat_or_null(value: Any) -> str | None:
    if value is None or _int(0)(value) is None:
        return None
    return "a seat number or null"


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _view_option(value: Any) -> str | None:
    return None if isinstance(value, bool) or value == CHANGES else 'true, false or "changes"'


def _action_list(value: Any) -> str | None:
    if isinstance(value, list) and 1 <= len(value) <= MAX_BATCH and all(isinstance(v, dict) for v in value):
        return None
    return f"a list of 1 to {MAX_BATCH} action objects"


def _auto(value: Any) -> str | None:
    if isinstance(value, list) and all(v in AUTO_OPTIONS for v in value) and len(value) <= len(AUTO_OPTIONS):
        return None
    return "a list of: " + ", ".join(repr(o) for o in AUTO_OPTIONS)


def _object(value: Any) -> str | None:
    return None if isinstance(value, dict) else "a JSON object"


def _str(max_length: int) -> Check:
    def check(value: Any) -> str | None:
        ok = isinstance(value, str) and len(value) <= max_length
        return None if ok else f"a string of at most {max_length} characters"

    return check


def _str_list(min_items: int = 0) -> Check:
    def check(value: Any) -> str | None:
        ok = isinstance(value, list) and len(value) >= min_items and all(isinstance(x, str) for x in value)
        return None if ok else f"a list of {'at least one ' if min_items else ''}strings"

    return check


@dataclass(frozen=True)
class Field:
    """A request field: its name, its check and whether it must be present."""

    name: str
    check: Check
    required: bool = False


def _language(value: Any) -> str | None:
    ok = isinstance(value, str) and value in LANGUAGES
    return None if ok else f"one of the card languages {', '.join(LANGUAGES)}"


def _state_id(value: Any) -> str | None:
    # Any integer: one that is not the game's state id (even out of range) is a stale state, not a bad request.
    return None if _is_int(value) else "an integer (the state_id of the game's last reply)"


_STATE_ID = Field("state_id", _state_id)
_SEAT = Field("seat", _seat_or_null)
#: Whether a changing command's answer carries the view: ``true``, ``false`` or ``"changes"`` (``view_changes``,
#: a JSON Patch from the last view sent for the same seat and language; see :mod:`.patch`).
_VIEW = Field("view", _view_option)
#: Whether a changing command's answer lists the legal actions (as ``legal`` would).
_LEGAL = Field("legal", _bool)
#: Whether the events in an answer keep their English sentence (``text``).
_TEXT = Field("text", _bool)
#: Whether an answer lists the events at all (``false``: a client that reads only the status and what was done).
_EVENTS = Field("events", _bool)
#: The language of the cards' translations a view (or ``cards``) adds (:mod:`planechase.cards.translations`).
_LANG = Field("lang", _language)

#: What the answer of ``new``, ``act`` and ``batch`` carries, as the request asks: the seat and language of the view,
#: whether to send it (or its changes), the legal actions, the events and their sentences.
_ANSWER = (_SEAT, _VIEW, _LEGAL, _TEXT, _EVENTS, _LANG)

#: Every command and the fields it takes besides ``cmd`` and ``id``.
COMMANDS: dict[str, tuple[Field, ...]] = {
    "hello": (Field("protocol", _str(100)),),
    "new": (Field("config", _object, required=True), Field("forced", _str_list()), *_ANSWER),
    "view": (_SEAT, _LANG),
    "legal": (Field("player", _int(0)),),
    "act": (Field("action", _object, required=True), _STATE_ID, *_ANSWER),
    "batch": (Field("actions", _action_list, required=True), Field("auto", _auto), _STATE_ID, *_ANSWER),
    "undo": (Field("steps", _int(1)), Field("to", _int(0)), _STATE_ID, _SEAT, _VIEW, _LEGAL, _LANG),
    "force": (Field("outcomes", _str_list(1), required=True), _STATE_ID),
    "save": (),
    "load": (Field("save", _object, required=True), _SEAT, _VIEW, _LEGAL, _LANG),
    "log": (Field("since", _int(0)),),
    "cards": (Field("names", _str_list()), _LANG),
    "quit": (),
}


@dataclass(frozen=True)
class Request:
    """A checked request: its ``id`` (echoed), command and fields."""

    id: str | int | None
    cmd: str
    args: Mapping[str, Any]


def request_id(raw: object) -> str | int | None:
    """The ``id`` to echo for ``raw``: its ``id`` if that is a valid one, else ``None``."""
    if not isinstance(raw, dict):
        return None
    rid: object = raw.get("id")
    if isinstance(rid, str) and len(rid) <= MAX_ID_LENGTH:
        return rid
    if isinstance(rid, int) and not isinstance(rid, bool) and abs(rid) <= MAX_SAFE_INT:
        return rid
    return None


def parse_request(raw: object) -> Request:
    """Check a decoded request, raising :class:`ProtocolError` with what is wrong."""
    if not isinstance(raw, dict):
        raise ProtocolError(ErrorCode.INVALID_REQUEST, "a request must be a JSON object")
    if "id" in raw and raw["id"] is not None and request_id(raw) is None:
        raise ProtocolError(
            ErrorCode.INVALID_REQUEST,
            f"'id' must be a string of at most {MAX_ID_LENGTH} characters, an integer or null",
        )
    cmd = raw.get("cmd")
    if cmd is None:
        raise ProtocolError(ErrorCode.INVALID_REQUEST, "a request needs a 'cmd' field naming the command")
    if not isinstance(cmd, str):
        raise ProtocolError(ErrorCode.INVALID_REQUEST, "'cmd' must be a string")
    if cmd not in COMMANDS:
        known = ", ".join(COMMANDS)
        raise ProtocolError(ErrorCode.UNKNOWN_COMMAND, f"unknown command {cmd[:50]!r}; the commands are: {known}")
    fields = {f.name: f for f in COMMANDS[cmd]}
    args: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("cmd", "id"):
            continue
        spec = fields.get(key)
        if spec is None:
            allowed = ", ".join(fields) or "none"
            raise ProtocolError(
                ErrorCode.INVALID_REQUEST, f"{cmd}: unexpected field {str(key)[:50]!r} (fields: {allowed})"
            )
        problem = spec.check(value)
        if problem:
            raise ProtocolError(ErrorCode.INVALID_REQUEST, f"{cmd}: '{key}' must be {problem}")
        args[key] = value
    for spec in fields.values():
        if spec.required and spec.name not in args:
            raise ProtocolError(ErrorCode.INVALID_REQUEST, f"{cmd}: missing field '{spec.name}'")
    return Request(request_id(raw), cmd, args)


def decode_line(line: str | bytes) -> Any:
    """Decode one request line (without its newline); raise :class:`ProtocolError` if it is not JSON."""
    if isinstance(line, bytes):
        if len(line) > MAX_LINE_BYTES:
            raise _too_long()
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ProtocolError(ErrorCode.PARSE_ERROR, f"the line is not UTF-8: {exc.reason}") from exc
    else:
        text = line
        if len(text) > MAX_LINE_BYTES // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_LINE_BYTES:
            raise _too_long()
    try:
        return json.loads(text.lstrip("\ufeff"), object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except RecursionError as exc:
        raise ProtocolError(ErrorCode.PARSE_ERROR, "the JSON is nested too deeply") from exc
    except ValueError as exc:  # json.JSONDecodeError, integers too long, NaN, duplicate keys
        raise ProtocolError(ErrorCode.PARSE_ERROR, f"not valid JSON: {exc}") from exc


def _too_long() -> ProtocolError:
    return ProtocolError(ErrorCode.LINE_TOO_LONG, f"a request line may be at most {MAX_LINE_BYTES} bytes")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key[:50]!r}")
        out[key] = value
    return out


def _no_constants(name: str) -> NoReturn:
    raise ValueError(f"{name} is not JSON")


def encode_reply(reply: Mapping[str, Any]) -> str:
    """One reply as a single line of compact JSON, no newline. The text always encodes as UTF-8: a
    reply holding a lone surrogate (echoed from a request's ``\\ud800`` escape) is written all ASCII."""
    try:  # orjson writes the same compact UTF-8 JSON, several times faster
        return orjson.dumps(reply).decode()
    except (TypeError, orjson.JSONEncodeError):  # a lone surrogate, an integer beyond 64 bits: the slow way
        pass
    text = json.dumps(reply, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(reply, ensure_ascii=True, separators=(",", ":"), allow_nan=False)
    return text


# -- chance outcomes ----------------------------------------------------------------------------

_DIE_FACES = frozenset(face.value for face in DieFace)


def check_forced(outcomes: list[str], players: int) -> None:
    """Raise :class:`ProtocolError` unless every outcome is one :func:`planechase.force` can use:
    a die face (``chaos``, ``die:blank``...), ``order:<a permutation of 0..n-1>``, ``seat:<seat>``,
    ``coin:win``/``coin:lose`` or ``percent:<1 to 100>`` (the Eternities Map's percent chances).

    >>> check_forced(["percent:100"], 2)
    >>> check_forced(["percent:0"], 2)
    Traceback (most recent call last):
    ...
    planechase.protocol.messages.ProtocolError: cannot force 'percent:0': a percent roll is percent:1 to percent:100
    """
    for outcome in outcomes:
        kind, _, value = outcome.partition(":") if ":" in outcome else ("die", ":", outcome)
        problem = None
        if kind == "die":
            if value not in _DIE_FACES:
                problem = f"the die faces are {', '.join(sorted(_DIE_FACES))}"
        elif kind == "order":
            parts = value.split(",") if value else []
            if not all(p.isdigit() and p.isascii() for p in parts) or sorted(map(int, parts)) != list(
                range(len(parts))
            ):
                problem = "an order is a permutation of 0..n-1, e.g. order:2,0,1"
        elif kind == "seat":
            if not (value.isdigit() and value.isascii() and len(value) <= 6 and int(value) < players):
                problem = f"a seat is a number from 0 to {players - 1}"
        elif kind == "coin":
            if value not in ("win", "lose"):
                problem = "a coin flip is coin:win or coin:lose"
        elif kind == "percent":
            if not (value.isdigit() and value.isascii() and value == str(int(value)) and 1 <= int(value) <= 100):
                problem = "a percent roll is percent:1 to percent:100"
        else:
            problem = "outcomes are die faces, order:..., seat:..., coin:... or percent:..."
        if problem:
            raise ProtocolError(ErrorCode.INVALID_FORCED, f"cannot force {outcome[:60]!r}: {problem}")


def map_profiles() -> list[dict[str, Any]]:
    """The Eternities Map profiles a config's ``eternities_map`` may name, as ``hello`` lists them: each
    profile's name, what it means and all its settings.

    >>> [p["profile"] for p in map_profiles()][:2]
    ['published', 'hellride_phenomena']
    >>> map_profiles()[0]["settings"]["radius"]
    3
    """
    return [
        {"profile": name, "summary": PROFILE_SUMMARIES.get(name, ""), "settings": map_settings(rules)}
        for name, rules in PROFILES.items()
    ]


def map_settings(rules: MapRules) -> dict[str, Any]:
    """Every setting of ``rules``, as the view's ``eternities_map.settings`` shows them."""
    return {
        "profile": rules.profile,
        "phenomena": rules.phenomena.value,
        "hellride_chance": rules.hellride_chance,
        "move_chance": rules.move_chance,
        "visibility": rules.visibility.value,
        "radius": rules.radius,
        "counters": rules.counters.value,
    }


# -- the session --------------------------------------------------------------------------------


class Session:
    """One client's conversation with the engine: at most one game at a time, with its history.

    ``state_id`` starts at 0 and goes up by one whenever the game changes (``new``, ``load``, a
    successful ``act``, ``undo``, ``force``); every reply carries it, so a client can tell whether
    what it last saw is still current, and ``act``/``undo``/``force`` refuse a stale one.
    """

    def __init__(self, *, on_internal_error: Callable[[BaseException], None] | None = None) -> None:
        self.game: Game | None = None
        self.state_id = 0
        self.closed = False
        self._on_internal_error = on_internal_error
        #: The last view this session sent (whole or as changes): its seat, its language and the view itself,
        #: what ``"view": "changes"`` is a patch from.
        self._sent_view: tuple[int | None, str | None, dict[str, Any]] | None = None

    # -- entry points -----------------------------------------------------------------------

    def handle_line(self, line: str | bytes) -> str | None:
        """Handle one request line; return the reply line, or ``None`` for a blank line."""
        if not line.strip():
            return None
        try:
            raw = decode_line(line)
        except ProtocolError as err:
            return self.error_line(err)
        reply = self.handle(raw)
        try:
            return encode_reply(reply)
        except (TypeError, ValueError) as exc:
            return encode_reply(self._internal(request_id(raw), reply.get("type"), exc))

    def handle(self, raw: object) -> dict[str, Any]:
        """Handle one decoded request; always return a reply, never raise."""
        rid = request_id(raw)
        cmd = raw.get("cmd") if isinstance(raw, dict) else None
        known = cmd if isinstance(cmd, str) and cmd in COMMANDS else None
        try:
            request = parse_request(raw)
            body = self._dispatch(request)
        except ProtocolError as err:
            return self._error_reply(rid, known, err)
        except Exception as exc:
            return self._internal(rid, known, exc)
        return {**self._envelope(request.id, request.cmd, ok=True), **body}

    def error_line(self, err: ProtocolError) -> str:
        """The reply line for an error found before a request could be read (no ``id``, no ``type``)."""
        return encode_reply(self._error_reply(None, None, err))

    # -- replies ----------------------------------------------------------------------------

    def _envelope(self, rid: str | int | None, cmd: str | None, *, ok: bool) -> dict[str, Any]:
        actions = None if self.game is None else len(self.game.history) - 1
        return {"id": rid, "ok": ok, "type": cmd, "state_id": self.state_id, "actions_taken": actions}

    def _error_reply(self, rid: str | int | None, cmd: str | None, err: ProtocolError) -> dict[str, Any]:
        return {**self._envelope(rid, cmd, ok=False), "error": err.to_dict()}

    def _internal(self, rid: str | int | None, cmd: str | None, exc: BaseException) -> dict[str, Any]:
        if self._on_internal_error is not None:
            self._on_internal_error(exc)
        message = f"internal error ({type(exc).__name__}: {str(exc)[:500]}); state_id says whether the game changed"
        return self._error_reply(rid, cmd, ProtocolError(ErrorCode.INTERNAL_ERROR, message))

    # -- commands ---------------------------------------------------------------------------

    def _dispatch(self, request: Request) -> dict[str, Any]:
        handler: Callable[[Mapping[str, Any]], dict[str, Any]] = getattr(self, f"_cmd_{request.cmd}")
        return handler(request.args)

    def _cmd_hello(self, args: Mapping[str, Any]) -> dict[str, Any]:
        wanted = args.get("protocol")
        if wanted is not None and wanted != PROTOCOL:
            raise ProtocolError(ErrorCode.UNSUPPORTED_PROTOCOL, f"this engine speaks {PROTOCOL}, not {wanted!r}")
        return {
            "protocol": PROTOCOL,
            "protocol_version": PROTOCOL_VERSION,
            "engine": "planechase",
            "engine_version": __version__,
            "commands": list(COMMANDS),
            "features": list(FEATURES),
            "max_line_bytes": MAX_LINE_BYTES,
            "eternities_map_profiles": map_profiles(),
        }

    def _cmd_new(self, args: Mapping[str, Any]) -> dict[str, Any]:
        try:
            config = GameConfig.from_dict(args["config"])
        except ConfigError as exc:
            raise _config_error(exc) from exc
        forced: list[str] = list(args.get("forced", ()))
        check_forced(forced, len(config.players))
        try:
            game = Game(config, CATALOG, forced=forced)
        except ConfigError as exc:
            raise _config_error(exc) from exc
        except PlanechaseError as exc:  # a forced order that does not fit a deck
            if not forced:
                raise
            raise ProtocolError(ErrorCode.INVALID_FORCED, f"the forced outcomes do not fit the setup: {exc}") from exc
        seat = _seat_in(game, args)
        self.game = game
        self._sent_view = None  # a new game: the next view is sent whole
        self.state_id += 1
        return {**_events(game.history[0].events, args), **self._position(game, args, seat)}

    def _cmd_view(self, args: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game()
        seat, lang = _seat_in(game, args), args.get("lang")
        shown = game.view(seat, lang=lang)
        self._sent_view = (seat, lang, shown)
        return {"view": shown}

    def _cmd_legal(self, args: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game()
        player = args.get("player")
        if player is not None:
            _check_seat(game, player, "player")
        actions = [a.to_dict() for a in game.legal_actions() if player is None or a.player == player]
        return {"actions": actions}

    def _cmd_act(self, args: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game()
        self._check_fresh(args)
        seat = _seat_in(game, args)
        raw = args["action"]
        for key, value in raw.items():
            if _is_int(value) and abs(value) > MAX_SAFE_INT:
                raise ProtocolError(ErrorCode.INVALID_ACTION, f"field {str(key)[:50]!r} is beyond ±{MAX_SAFE_INT}")
        try:
            action = action_from_dict(raw)
            events = game.act(action)
        except IllegalActionError as exc:
            raise ProtocolError(ErrorCode.ILLEGAL_ACTION, exc.message, exc.rule) from exc
        except InvalidActionError as exc:
            raise ProtocolError(ErrorCode.INVALID_ACTION, str(exc)) from exc
        self.state_id += 1
        return {**_events(events, args), **self._position(game, args, seat)}

    def _cmd_batch(self, args: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game()
        self._check_fresh(args)
        seat = _seat_in(game, args)
        for index, raw in enumerate(args["actions"]):
            for key, value in raw.items():
                if _is_int(value) and abs(value) > MAX_SAFE_INT:
                    message = f"actions[{index}]: field {str(key)[:50]!r} is beyond ±{MAX_SAFE_INT}"
                    raise ProtocolError(ErrorCode.INVALID_ACTION, message)
        try:
            done = run_batch(game, args["actions"], frozenset(args.get("auto", ())))
        except InvalidActionError as exc:
            raise ProtocolError(ErrorCode.INVALID_ACTION, str(exc)) from exc
        if done.applied:
            self.state_id += 1
        answer = {**_events(done.events, args), "applied": done.applied, "stopped": done.stopped}
        return {**answer, **self._position(game, args, seat)}

    def _cmd_undo(self, args: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game()
        self._check_fresh(args)
        seat = _seat_in(game, args)
        taken = len(game.history) - 1
        steps: int | None = args.get("steps")
        to: int | None = args.get("to")
        if steps is not None and to is not None:
            raise ProtocolError(ErrorCode.INVALID_REQUEST, "undo: give 'steps' or 'to', not both")
        if to is not None:
            if to >= taken:
                raise ProtocolError(ErrorCode.CANNOT_UNDO, f"'to' must be below the number of actions taken ({taken})")
            steps = taken - to
        steps = 1 if steps is None else steps
        try:
            game.undo(steps)
        except PlanechaseError as exc:
            raise ProtocolError(ErrorCode.CANNOT_UNDO, str(exc)) from exc
        self.state_id += 1
        return {"undone": steps, **self._position(game, args, seat)}

    def _cmd_force(self, args: Mapping[str, Any]) -> dict[str, Any]:
        game = self._game()
        self._check_fresh(args)
        outcomes: list[str] = list(args["outcomes"])
        check_forced(outcomes, len(game.state.players))
        game.force(*outcomes)
        self.state_id += 1
        return {"forced": list(game.state.forced)}

    def _cmd_save(self, args: Mapping[str, Any]) -> dict[str, Any]:
        return {"save": self._game().save()}

    def _cmd_load(self, args: Mapping[str, Any]) -> dict[str, Any]:
        try:
            game = Game.load(args["save"], CATALOG)
        except DeckError as exc:
            raise _config_error(exc) from exc
        except ReplayError as exc:
            raise ProtocolError(ErrorCode.REPLAY_ERROR, str(exc)) from exc
        except (PlanechaseError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ProtocolError(ErrorCode.REPLAY_ERROR, f"not a valid save: {exc!s}"[:500]) from exc
        seat = _seat_in(game, args)
        self.game = game
        self._sent_view = None  # a new game: the next view is sent whole
        self.state_id += 1
        return self._position(game, args, seat)

    def _cmd_log(self, args: Mapping[str, Any]) -> dict[str, Any]:
        history = self._game().history
        since: int = args.get("since", 0)
        if since > len(history):
            raise ProtocolError(ErrorCode.INVALID_REQUEST, f"log: 'since' must be at most {len(history)}")
        records = [{"index": i, **history[i].to_dict()} for i in range(since, len(history))]
        return {"records": records}

    def _cmd_cards(self, args: Mapping[str, Any]) -> dict[str, Any]:
        names = args.get("names")
        if names is None:
            cards = list(CATALOG)
        else:
            cards = []
            for name in names:
                try:
                    cards.append(CATALOG.get(name))
                except KeyError:
                    hint = CATALOG.closest(name)
                    also = f"; did you mean {' or '.join(hint)}?" if hint else ""
                    raise ProtocolError(ErrorCode.UNKNOWN_CARD, f"no planar card named {name[:80]!r}{also}") from None
        lang = args.get("lang")
        out = []
        for c in cards:
            card: dict[str, Any] = {
                "name": c.name,
                "kind": c.kind,
                "type_line": c.type_line,
                "oracle_text": c.oracle_text,
            }
            shown = None if lang is None else card_translation(CATALOG, c.name, lang)
            if shown is not None:
                card["translation"] = {"lang": lang, **shown}
            out.append(card)
        return {"cards": out}

    def _cmd_quit(self, args: Mapping[str, Any]) -> dict[str, Any]:
        self.closed = True
        return {}

    # -- helpers ----------------------------------------------------------------------------

    def _game(self) -> Game:
        if self.game is None:
            raise ProtocolError(ErrorCode.NO_GAME, "no game yet: send 'new' or 'load' first")
        return self.game

    def _position(self, game: Game, args: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
        """After a change: the ``status`` (what the next move needs), the view unless the request says ``view:
        false`` (with ``"view": "changes"``, only what changed since the last view sent for the same seat and
        language, as ``view_changes``; the whole ``view`` when there is none), and the legal actions when it says
        ``legal: true`` (saving a ``legal`` request)."""
        out: dict[str, Any] = {"status": status(game.state, seat)}
        wanted = args.get("view", True)
        if wanted:
            lang: str | None = args.get("lang")
            shown = game.view(seat, lang=lang)
            last = self._sent_view
            if wanted == CHANGES and last is not None and last[0] == seat and last[1] == lang:
                out["view_changes"] = diff(last[2], shown)
            else:
                out["view"] = shown
            self._sent_view = (seat, lang, shown)
        if args.get("legal", False):
            out["actions"] = [a.to_dict() for a in game.legal_actions()]
        return out

    def _check_fresh(self, args: Mapping[str, Any]) -> None:
        wanted = args.get("state_id")
        if wanted is not None and wanted != self.state_id:
            raise ProtocolError(
                ErrorCode.STALE_STATE,
                f"the request is for state {wanted}, but the game is at state {self.state_id}; fetch a fresh view",
            )


def _config_error(exc: ConfigError) -> ProtocolError:
    if isinstance(exc, DeckError):
        return ProtocolError(ErrorCode.CONFIG_ERROR, exc.message, exc.rule or None)
    return ProtocolError(ErrorCode.CONFIG_ERROR, str(exc))


def _check_seat(game: Game, seat: int, name: str) -> None:
    players = len(game.state.players)
    if seat >= players:
        raise ProtocolError(ErrorCode.INVALID_REQUEST, f"'{name}' must be a seat from 0 to {players - 1}")


def _seat_in(game: Game, args: Mapping[str, Any]) -> int | None:
    """The request's ``seat`` (the view's point of view), checked against ``game``."""
    seat: int | None = args.get("seat")
    if seat is not None:
        _check_seat(game, seat, "seat")
    return seat


def _events(events: Sequence[Event], args: Mapping[str, Any]) -> dict[str, Any]:
    """The answer's ``events`` as JSON; with ``"text": false`` in the request, without their English sentences (a
    program reads the type, the rules and the fields); with ``"events": false``, none at all (a client that reads
    only the status and what was done)."""
    if not args.get("events", True):
        return {}
    if args.get("text", True):
        return {"events": [e.to_dict() for e in events]}
    return {"events": [{"type": e.type, "rules": list(e.rules), **e.data} for e in events]}
