"""Actions: everything a player or the table can do, as small immutable values.

In Grand Melee, where each turn marker has its own stack (807.5), ``marker`` on :class:`Pass`,
:class:`Resolve`, :class:`Advance` and :class:`Cast` names the stack; it may be left out when the player
holds priority for only one.

Each action has a JSON form (``to_dict``/:func:`action_from_dict`) used by saves, logs and the
engine protocol.

>>> action_from_dict({"type": "roll", "player": 0})
Roll(player=0)
>>> Advance(player=1, to="next_turn").to_dict()
{'type': 'advance', 'player': 1, 'to': 'next_turn'}
"""

from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar, cast

from ..errors import InvalidActionError
from .state import OtherEffect, Step

#: Targets accepted by :class:`Advance` besides the step names.
NEXT_TURN = "next_turn"


_FIELD_NAMES: dict[object, tuple[str, ...]] = {}


def _field_names(kind: object) -> tuple[str, ...]:
    """An action class's field names, in order (worked out once: a legal-action list makes many dicts)."""
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(cast(Any, kind)))
    return names


class _ActionBase:
    __slots__ = ()
    type: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of this action."""
        out: dict[str, Any] = {"type": self.type}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class Pass(_ActionBase):
    """Pass priority (117.3d)."""

    player: int
    marker: int | None = None
    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Roll(_ActionBase):
    """Roll the planar die as the special action (901.9, 116.2i)."""

    player: int
    type: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Advance(_ActionBase):
    """Pass priority for everyone until the named step (or the next turn) begins, stopping early
    wherever something triggers or a decision is needed."""

    player: int
    to: str = NEXT_TURN
    marker: int | None = None
    type: ClassVar[str] = "advance"


@dataclass(frozen=True, slots=True)
class Resolve(_ActionBase):
    """Everyone passes in succession so that the top object of the stack resolves (117.4): one tap
    instead of one pass per player."""

    player: int
    marker: int | None = None
    type: ClassVar[str] = "resolve"


@dataclass(frozen=True, slots=True)
class Choose(_ActionBase):
    """Answer the pending decision ``decision`` with the option ``option``."""

    player: int
    decision: str
    option: str
    type: ClassVar[str] = "choose"


@dataclass(frozen=True, slots=True)
class Cast(_ActionBase):
    """Put an "other" spell or ability on the stack (a card the engine does not track).

    ``effect`` says what it does to the planar game when it resolves, if anything; ``target`` names a
    stack item for ``counter`` and ``copy``. ``spell`` is true for a spell being cast (601.2), which
    triggers "whenever a player casts a spell" (Fields of Summer), and false for an activated or
    triggered ability (602, 603). ``types`` are the words of the spell's type line and colors that
    planar cards ask about ("instant", "black creature", "legendary artifact"; "single-target" for a
    spell with a single target), as the table gives them.

    The turn effects (``extra_turn``, ``additional_combat_and_main``, ``skip_turn``, ``end_turn``, ...)
    tell the engine what an ordinary card does to the turn when it resolves; ``target_player`` names the
    player an extra turn or a skip is for (the caster if left out), a target (115.1).

    >>> Cast(0, label="Lightning Bolt", types="red instant single-target").to_dict()["types"]
    'red instant single-target'
    >>> Cast(0, label="Time Walk", effect="extra_turn", types="blue sorcery").to_dict()["effect"]
    'extra_turn'
    """

    player: int
    label: str = "a spell or ability"
    effect: str = OtherEffect.NONE.value
    target: int | None = None
    spell: bool = True
    types: str = ""
    marker: int | None = None
    target_player: int | None = None
    type: ClassVar[str] = "cast"


@dataclass(frozen=True, slots=True)
class Report(_ActionBase):
    """The table reports an event the engine does not track that triggers an ability of a face-up card
    (603.2): ``source`` is the face-up object, ``ability`` the index of the ability among the card's, and
    ``player`` the player the event is about ("that player": who tapped the land, drew the card).

    >>> Report(player=1, source=7, ability=0).to_dict()
    {'type': 'report', 'player': 1, 'source': 7, 'ability': 0}
    """

    player: int
    source: int
    ability: int
    type: ClassVar[str] = "report"


@dataclass(frozen=True, slots=True)
class Deploy(_ActionBase):
    """Activate the deploy ability every creature has in Emperor (804.2): "{T}: Target teammate gains
    control of this creature. Activate only as a sorcery." ``creature`` names the creature (the table
    tracks creatures); the ability goes on the stack targeting ``teammate``.

    >>> Deploy(0, teammate=1, creature="Grizzly Bears").to_dict()
    {'type': 'deploy', 'player': 0, 'teammate': 1, 'creature': 'Grizzly Bears'}
    """

    player: int
    teammate: int
    creature: str = "a creature"
    type: ClassVar[str] = "deploy"


@dataclass(frozen=True, slots=True)
class Attack(_ActionBase):
    """Declare attackers (508.1): ``attacks`` pairs each attacking player (the active player, or a player of
    the active team, 805.10b) with a player their creatures attack; ``()`` declares that no creatures
    attack. Declaring is optional: a table that never declares loses nothing, but a declaration is
    checked against the variant's attack rules (801.3, 802, 803, 805.10, 809.3c) and the restrictions
    of the face-up cards (508.1c: Agyrem's effect, Prahv).

    >>> Attack(0, attacks=((0, 2), (0, 3))).to_dict()
    {'type': 'attack', 'player': 0, 'attacks': [[0, 2], [0, 3]]}
    """

    player: int
    attacks: tuple[tuple[int, int], ...]
    marker: int | None = None
    type: ClassVar[str] = "attack"

    def __post_init__(self) -> None:
        # A JSON list of lists (or any iterable of pairs) is kept as a tuple of pairs.
        object.__setattr__(self, "attacks", tuple((int(a), int(d)) for a, d in self.attacks))

    def to_dict(self) -> dict[str, Any]:
        out = {"type": self.type, "player": self.player, "attacks": [list(pair) for pair in self.attacks]}
        if self.marker is not None:
            out["marker"] = self.marker
        return out


@dataclass(frozen=True, slots=True)
class TrackPermanent(_ActionBase):
    """The table tells the engine that ``player`` now controls (``controls=True``) or no longer controls an
    ordinary permanent whose static ability changes the planar game (:data:`TRACKED_CARDS`): Susan
    Foreman's replacement of planeswalking, Ichor Elixir's extra planar die (614.1a).

    >>> TrackPermanent(1, card="Ichor Elixir").to_dict()
    {'type': 'permanent', 'player': 1, 'card': 'Ichor Elixir', 'controls': True}
    """

    player: int
    card: str
    controls: bool = True
    type: ClassVar[str] = "permanent"


SUSAN_FOREMAN = "Susan Foreman"
ICHOR_ELIXIR = "Ichor Elixir"

#: The ordinary cards :class:`TrackPermanent` knows, with what their static ability does to the planar game.
TRACKED_CARDS: dict[str, str] = {
    SUSAN_FOREMAN: (
        "If you would planeswalk, instead look at the top two cards of your planar deck, put one on the "
        "bottom of your planar deck and the other on top, then planeswalk."
    ),
    ICHOR_ELIXIR: (
        "If you would roll one or more planar dice, instead roll that many planar dice plus one and ignore one."
    ),
}


@dataclass(frozen=True, slots=True)
class Concede(_ActionBase):
    """Concede the game (104.3a); the player leaves it (800.4a)."""

    player: int
    type: ClassVar[str] = "concede"


@dataclass(frozen=True, slots=True)
class Lose(_ActionBase):
    """The table reports that a player lost for a reason the engine does not track (e.g. 704.5b)."""

    player: int
    reason: str = "the table reports a loss"
    type: ClassVar[str] = "lose"


@dataclass(frozen=True, slots=True)
class AdjustLife(_ActionBase):
    """Change a player's life total by ``amount`` (life gained or lost off the planar cards)."""

    player: int
    amount: int
    type: ClassVar[str] = "life"


@dataclass(frozen=True, slots=True)
class AdjustPoison(_ActionBase):
    """Change a player's poison counters by ``amount``."""

    player: int
    amount: int
    type: ClassVar[str] = "poison"


Action = (
    Pass
    | Roll
    | Advance
    | Resolve
    | Choose
    | Cast
    | Report
    | Deploy
    | Attack
    | TrackPermanent
    | Concede
    | Lose
    | AdjustLife
    | AdjustPoison
)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Pass,
        Roll,
        Advance,
        Resolve,
        Choose,
        Cast,
        Report,
        Deploy,
        Attack,
        TrackPermanent,
        Concede,
        Lose,
        AdjustLife,
        AdjustPoison,
    )
}
_ACTION_CLASSES: frozenset[type[Action]] = frozenset(ACTION_TYPES.values())


def rebuilt_action(raw: dict[str, Any]) -> Action:
    """An action this program took and kept in its JSON form (``to_dict``), rebuilt as it was, without the
    checks and bounds of :func:`action_from_dict` (the rules checked it when it was taken; a typed action
    taken through the Python API may carry values its JSON reading would refuse).

    >>> rebuilt_action(Cast(0, label="x" * 300).to_dict()).label == "x" * 300
    True
    """
    return ACTION_TYPES[raw["type"]](**{key: value for key, value in raw.items() if key != "type"})


def kind_of_action(action: Action) -> type[Action]:
    """The action class ``action`` is (for a subclass, the action class it extends), for dispatching on it."""
    kind = type(action)
    if kind in _ACTION_CLASSES:
        return kind
    return next(cls for cls in _ACTION_CLASSES if isinstance(action, cls))


def action_from_dict(raw: Any) -> Action:
    """Parse the JSON form of an action, or raise :class:`InvalidActionError` saying what is wrong."""
    if not isinstance(raw, dict):
        raise InvalidActionError("an action must be a JSON object")
    kind = raw.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        known = ", ".join(sorted(ACTION_TYPES))
        raise InvalidActionError("unknown action type {type}; expected one of: {known}", type=_shown(kind), known=known)
    cls = ACTION_TYPES[kind]
    kwargs: dict[str, Any] = {}
    names = {f.name: f for f in fields(cls)}
    for key, value in raw.items():
        if key == "type":
            continue
        if key not in names:
            raise InvalidActionError("{action}: unexpected field {field}", action=kind, field=_shown(key))
        kwargs[key] = value
    for name, f in names.items():
        if name not in kwargs and f.default is MISSING and f.default_factory is MISSING:
            raise InvalidActionError("{action}: missing field {field}", action=kind, field=repr(name))
    for key, value in kwargs.items():
        expected = _FIELD_TYPES.get(key)
        not_int = not isinstance(value, int) or isinstance(value, bool)
        if expected is int and not_int and not (key in ("target", "marker", "target_player") and value is None):
            raise InvalidActionError("{action}: field {field} must be an integer", action=kind, field=repr(key))
        if expected is int and value is not None:
            low, high = _INT_BOUNDS.get(key, (0, MAX_INDEX))
            if not low <= value <= high:
                raise InvalidActionError(
                    "{action}: field {field} must be from {low} to {high}, not {value}",
                    action=kind,
                    field=repr(key),
                    low=f"{low:,}",
                    high=f"{high:,}",
                    value=f"{value:,}",
                )
        if expected is str and not isinstance(value, str):
            raise InvalidActionError("{action}: field {field} must be a string", action=kind, field=repr(key))
        if expected is str and len(value) > MAX_TEXT:
            raise InvalidActionError(
                "{action}: {field} is longer than {limit} characters", action=kind, field=repr(key), limit=MAX_TEXT
            )
        if expected is bool and not isinstance(value, bool):
            raise InvalidActionError("{action}: field {field} must be true or false", action=kind, field=repr(key))
        if expected is list:
            _check_pairs(kind, key, value)
    if cls is Advance and kwargs.get("to", NEXT_TURN) not in _ADVANCE_TARGETS:
        raise InvalidActionError(
            "advance: 'to' must be one of {known}, not {value}",
            known=", ".join(_ADVANCE_TARGETS),
            value=_shown(kwargs.get("to")),
        )
    if cls is Cast and kwargs.get("effect", "none") not in {e.value for e in OtherEffect} - {"deploy"}:
        known = ", ".join(e.value for e in OtherEffect if e is not OtherEffect.DEPLOY)
        raise InvalidActionError("cast: 'effect' must be one of {known}", known=known)
    if cls is Deploy and not 1 <= len(kwargs.get("creature", "a creature").strip()) <= 200:
        raise InvalidActionError("deploy: 'creature' names the creature in 1 to 200 characters")
    if cls is TrackPermanent and kwargs.get("card") not in TRACKED_CARDS:
        raise InvalidActionError(
            "permanent: 'card' must be one of {names}, not {value}",
            names=", ".join(TRACKED_CARDS),
            value=_shown(kwargs.get("card")),
        )
    return cls(**kwargs)


#: The most pairs one attack declaration may list.
MAX_ATTACK_PAIRS = 256


def _check_pairs(kind: str, key: str, value: Any) -> None:
    """An attack declaration's pairs: a list of at most :data:`MAX_ATTACK_PAIRS` ``[attacker, defender]``
    lists of seat numbers."""
    if not isinstance(value, list):
        raise InvalidActionError(
            "{action}: field {field} must be a list of [attacking player, defending player] pairs",
            action=kind,
            field=repr(key),
        )
    if len(value) > MAX_ATTACK_PAIRS:
        raise InvalidActionError(
            "{action}: {field} may list at most {most} pairs", action=kind, field=repr(key), most=MAX_ATTACK_PAIRS
        )
    for pair in value:
        ok = isinstance(pair, list) and len(pair) == 2
        if not ok or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= MAX_INDEX for x in pair):
            raise InvalidActionError(
                "{action}: each of {field} is a pair of seat numbers [attacking player, defending player], not {value}",
                action=kind,
                field=repr(key),
                value=_shown_json(pair),
            )


#: The largest index an action may carry (a seat, an object, an ability, a turn marker).
MAX_INDEX = 2**31 - 1
#: The most one ``life`` or ``poison`` adjustment may change a total by, either way.
MAX_ADJUSTMENT = 1_000_000


def _shown(value: object, limit: int = 40) -> str:
    """A value as an error message quotes it: its ``repr``, cut short (a message never echoes a whole input).

    >>> _shown("x" * 100) == "'" + "x" * 38 + "…"
    True
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _shown_json(value: object, limit: int = 40) -> str:
    """A value as JSON would write it (``true``, not ``True``), cut short like :func:`_shown`."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: The longest text an action may carry (a label, a reason, an option's id).
MAX_TEXT = 200
#: The bounds of each integer field, where they are not ``0`` to :data:`MAX_INDEX`.
_INT_BOUNDS: dict[str, tuple[int, int]] = {"amount": (-MAX_ADJUSTMENT, MAX_ADJUSTMENT)}

_FIELD_TYPES: dict[str, type] = {
    "player": int,
    "amount": int,
    "target": int,
    "to": str,
    "decision": str,
    "option": str,
    "label": str,
    "effect": str,
    "reason": str,
    "types": str,
    "spell": bool,
    "source": int,
    "ability": int,
    "teammate": int,
    "creature": str,
    "marker": int,
    "target_player": int,
    "attacks": list,
    "card": str,
    "controls": bool,
}

_ADVANCE_TARGETS: tuple[str, ...] = (NEXT_TURN, *(s.value for s in Step if s is not Step.UNTAP))
