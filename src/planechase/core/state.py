"""The game state: plain data, cheap to copy.

A :class:`GameState` is a dataclass whose fields are all immutable values (ints, strings, tuples and
the value classes below). Applying an action copies the state shallowly and replaces fields, so earlier
states are never changed and can be kept for undo.

The value classes (:class:`Player`, :class:`StackItem`, :class:`FaceUpCard`, ...) are treated as
immutable: the engine never assigns to their fields, it makes new ones (``dataclasses.replace``). They
are not declared ``frozen`` only because a frozen dataclass costs about four times as much to make, and
the engine makes many; they hash by value, as frozen ones would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, cast

from ..errors import PlanechaseError
from ..variants.eternities_map import EternitiesMap
from ..variants.seating import Seating, Variant, attackable
from ..variants.turn_markers import TurnMarkers

if TYPE_CHECKING:
    from ..cards.model import Catalog


class Step(StrEnum):
    """The steps of a turn (CR 500.1), in order. Main phases have no steps; they are listed as one."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def label(self) -> str:
        return _STEP_LABELS[self]

    @property
    def is_main(self) -> bool:
        return self in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)


_STEP_LABELS = {
    Step.UNTAP: "untap step",
    Step.UPKEEP: "upkeep step",
    Step.DRAW: "draw step",
    Step.PRECOMBAT_MAIN: "precombat main phase",
    Step.BEGINNING_OF_COMBAT: "beginning of combat step",
    Step.DECLARE_ATTACKERS: "declare attackers step",
    Step.DECLARE_BLOCKERS: "declare blockers step",
    Step.COMBAT_DAMAGE: "combat damage step",
    Step.END_OF_COMBAT: "end of combat step",
    Step.POSTCOMBAT_MAIN: "postcombat main phase",
    Step.END: "end step",
    Step.CLEANUP: "cleanup step",
}

TURN_STEPS: tuple[Step, ...] = tuple(Step)
BEGINNING_PHASE: tuple[Step, ...] = (Step.UNTAP, Step.UPKEEP, Step.DRAW)
COMBAT_PHASE: tuple[Step, ...] = (
    Step.BEGINNING_OF_COMBAT,
    Step.DECLARE_ATTACKERS,
    Step.DECLARE_BLOCKERS,
    Step.COMBAT_DAMAGE,
    Step.END_OF_COMBAT,
)


class PlayerStatus(StrEnum):
    """Where a player stands: still playing, or out of the game and how (CR 104, 800.4)."""

    IN_GAME = "in_game"
    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"


class DieFace(StrEnum):
    """A face of the planar die (CR 901.3a): one Planeswalker symbol, one chaos symbol, four blanks."""

    PLANESWALKER = "planeswalker"
    CHAOS = "chaos"
    BLANK = "blank"


#: The six faces of the planar die, in a fixed order (901.3a).
PLANAR_DIE: tuple[DieFace, ...] = (
    DieFace.PLANESWALKER,
    DieFace.CHAOS,
    DieFace.BLANK,
    DieFace.BLANK,
    DieFace.BLANK,
    DieFace.BLANK,
)


class StackKind(StrEnum):
    """What a stack object is."""

    TRIGGERED = "triggered"  # a triggered ability of a planar card (603)
    PLANESWALKING = "planeswalking"  # the sourceless planeswalking ability (901.8)
    OTHER = "other"  # a spell or ability the table puts there; the engine sees only its label


class OtherEffect(StrEnum):
    """What an "other" spell or ability does to the planar game when it resolves, if anything."""

    NONE = "none"
    CHAOS = "chaos"  # "chaos ensues" (311.7), e.g. Missy
    PLANESWALK = "planeswalk"  # "planeswalk" (701.31), e.g. Start the TARDIS
    ROLL = "roll"  # "roll the planar die" (901.9 note), e.g. Fractured Powerstone
    COUNTER = "counter"  # counter target spell or ability on the stack (e.g. Stifle)
    COPY = "copy"  # copy target ability on the stack (e.g. Strionic Resonator)
    DEPLOY = "deploy"  # 804.2: "{T}: Target teammate gains control of this creature"
    # What ordinary cards do to the turn structure (a player, ``Cast.target_player``, may be named):
    EXTRA_TURN = "extra_turn"  # 500.7: "take an extra turn after this one" (Time Walk)
    ADDITIONAL_COMBAT_AND_MAIN = "additional_combat_and_main"  # 500.8, 505.1a (Relentless Assault)
    ADDITIONAL_COMBAT = "additional_combat"  # 500.8: "after this phase, an additional combat phase"
    ADDITIONAL_UPKEEP = "additional_upkeep"  # 500.9: "an additional upkeep step after this step"
    ADDITIONAL_BEGINNING = "additional_beginning_phase"  # 500.8: "an additional beginning phase"
    SKIP_TURN = "skip_turn"  # 614.10: "skips their next turn"
    SKIP_UNTAP = "skip_untap_step"  # 614.10: "skips their next untap step"
    SKIP_UPKEEP = "skip_upkeep_step"  # 614.10
    SKIP_DRAW = "skip_draw_step"  # 614.10: "skips their next draw step"
    SKIP_COMBAT = "skip_combat_phase"  # 614.10: "skips their next combat phase"
    END_TURN = "end_turn"  # 723.1: "end the turn" (Time Stop)
    REVERSE_TURN_ORDER = "reverse_turn_order"  # the card's instruction (101.1)

    @property
    def changes_turn(self) -> bool:
        """Whether this is one of the turn-structure effects above."""
        return self in _TURN_EFFECTS

    @property
    def names_player(self) -> bool:
        """Whether the effect is about a player (``Cast.target_player``; the caster if none is named)."""
        return self in _PLAYER_EFFECTS


class SkipKind(StrEnum):
    """What a player skips (614.10): their next turn, step or phase."""

    TURN = "turn"
    UNTAP_STEP = "untap_step"
    UPKEEP_STEP = "upkeep_step"
    DRAW_STEP = "draw_step"
    COMBAT_PHASE = "combat_phase"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


#: The skip each skipping effect makes.
SKIP_EFFECTS: dict[OtherEffect, SkipKind] = {
    OtherEffect.SKIP_TURN: SkipKind.TURN,
    OtherEffect.SKIP_UNTAP: SkipKind.UNTAP_STEP,
    OtherEffect.SKIP_UPKEEP: SkipKind.UPKEEP_STEP,
    OtherEffect.SKIP_DRAW: SkipKind.DRAW_STEP,
    OtherEffect.SKIP_COMBAT: SkipKind.COMBAT_PHASE,
}
_PLAYER_EFFECTS = frozenset((OtherEffect.EXTRA_TURN, *SKIP_EFFECTS))
_TURN_EFFECTS = frozenset(
    (
        *_PLAYER_EFFECTS,
        OtherEffect.ADDITIONAL_COMBAT_AND_MAIN,
        OtherEffect.ADDITIONAL_COMBAT,
        OtherEffect.ADDITIONAL_UPKEEP,
        OtherEffect.ADDITIONAL_BEGINNING,
        OtherEffect.END_TURN,
        OtherEffect.REVERSE_TURN_ORDER,
    )
)


class Duration(StrEnum):
    """How long a continuous effect lasts."""

    END_OF_TURN = "until_end_of_turn"  # 514.2
    YOUR_NEXT_TURN = "until_your_next_turn"  # 800.4m
    PLANESWALK = "until_a_player_planeswalks"  # 901.11
    PLANESWALK_AWAY_FROM_PLANE = "until_a_player_planeswalks_away_from_a_plane"
    GAME = "this_game"
    NEXT_SPELL_THIS_TURN = "until_your_next_spell_this_turn"  # ends as you cast a spell, or at 514.2


class DecisionKind(StrEnum):
    """The kinds of choice the engine asks for."""

    ORDER_TRIGGERS = "order_triggers"
    MAY = "may"
    CHOOSE_CARD = "choose_card"
    CHOOSE_PLAYER = "choose_player"
    CHOOSE_TARGET = "choose_target"
    ORDER_CARDS = "order_cards"
    PAY_ROLL_COST = "pay_roll_cost"
    CHOOSE_NUMBER = "choose_number"  # a number only the table knows (cards in hand, a mana value, X)
    CHOOSE_DIRECTION = "choose_direction"  # the Eternities Map: where the game planeswalks to
    CHOOSE_DIE = "choose_die"  # 706.6: which planar die to keep when others are ignored (Ichor Elixir)
    CHOOSE_OPTION = "choose_option"  # a choice between named options (Two Streams Facility)
    #: Susan Foreman: which of the top two cards of the planar deck goes to the bottom. Hidden information:
    #: views show the prompt, which names the cards, only to the deciding player.
    ARRANGE_PLANAR_DECK = "arrange_planar_deck"


_IN_GAME = PlayerStatus.IN_GAME


@dataclass(slots=True, unsafe_hash=True)
class CardRef:
    """One physical planar card in this game: its catalog name and its owner (901.6).

    ``owner`` is ``None`` for the single shared planar deck, whose cards are owned by whoever is the
    planar controller (901.15b).
    """

    name: str
    owner: int | None


@dataclass(slots=True, unsafe_hash=True)
class Player:
    """A seat at the table."""

    seat: int
    name: str
    life: int
    poison: int = 0
    status: PlayerStatus = PlayerStatus.IN_GAME

    @property
    def in_game(self) -> bool:
        return self.status is PlayerStatus.IN_GAME


@dataclass(slots=True, unsafe_hash=True)
class FaceUpCard:
    """A face-up plane or phenomenon in the command zone: an object with an id, a timestamp (613.7h)
    and counters. Turning it face down ends the object (901.7a)."""

    object_id: int
    card: int
    timestamp: int
    counters: tuple[tuple[str, int], ...] = ()
    arrived_turn: int | None = None  # the turn a player planeswalked to it; None for the starting plane

    def count(self, kind: str) -> int:
        for name, n in self.counters:
            if name == kind:
                return n
        return 0


@dataclass(slots=True, unsafe_hash=True)
class StackItem:
    """A triggered ability, the planeswalking ability or an "other" spell or ability.

    Planar abilities name their source card and object; ``lki_counters`` keeps the counters the
    source had when the ability triggered (last known information, 603.10g, 608.2h). ``subject`` is
    "that player" of a trigger about a player (the caster of a spell, the player whose upkeep it is)
    and ``subject_item`` "that spell". A cast spell has ``spell`` set and the words the table gave for
    its types and colors in ``spell_types``.
    """

    id: int
    kind: StackKind
    controller: int
    text: str
    card: int | None = None
    source: int | None = None
    ability: int | None = None
    targets: tuple[str, ...] = ()
    lki_counters: tuple[tuple[str, int], ...] = ()
    label: str = ""
    effect: OtherEffect = OtherEffect.NONE
    target_item: int | None = None
    is_copy: bool = False
    subject: int | None = None
    subject_item: int | None = None
    spell: bool = False
    spell_types: str = ""


@dataclass(slots=True, unsafe_hash=True)
class ContinuousEffect:
    """A continuous effect with a duration, created by a resolving planar ability."""

    id: int
    kind: str
    controller: int
    duration: Duration
    text: str
    card: int | None = None
    marker: int = 0  # Grand Melee: the turn marker whose turn it was created in (807.4); 0 otherwise
    players: tuple[int, ...] = ()  # the players it names ("target player can't cast spells")


@dataclass(slots=True, unsafe_hash=True)
class Skip:
    """A player will skip their next occurrence of a turn, step or phase (614.10, 614.10a). With shared
    team turns the skip is the team's (805.8), recorded under its primary player."""

    seat: int
    kind: SkipKind
    source: str = ""


@dataclass(slots=True, unsafe_hash=True)
class TrackedPermanent:
    """An ordinary permanent the table told the engine about because its static ability changes the
    planar game (Susan Foreman, Ichor Elixir): who controls it."""

    id: int
    controller: int
    card: str


@dataclass(slots=True, unsafe_hash=True)
class PlayerChoice:
    """What a player last chose for a card that remembers it ("each player who last chose green anchor")."""

    seat: int
    key: str
    value: str


@dataclass(slots=True, unsafe_hash=True)
class Option:
    """One legal answer to a decision: a stable id and a readable label."""

    id: str
    label: str


@dataclass(slots=True, unsafe_hash=True)
class Decision:
    """A choice the engine waits for: who decides, what kind, and the legal options."""

    id: str
    kind: DecisionKind
    player: int
    prompt: str
    options: tuple[Option, ...]
    rule: str

    def option(self, option_id: str) -> Option | None:
        for option in self.options:
            if option.id == option_id:
                return option
        return None

    def prompt_for(self, seat: int | None, decider: str) -> str:
        """The prompt as ``seat`` may read it (``None``: a spectator); ``decider`` is the deciding player's
        name. Hidden information stays with the deciding player: for Susan Foreman's choice the others read
        only what is being decided, not which cards are on top of the planar deck."""
        if self.kind is DecisionKind.ARRANGE_PLANAR_DECK and seat != self.player:
            return (
                f"Susan Foreman: {decider} looks at the top two cards of their planar deck and chooses one to put "
                "on the bottom."
            )
        return self.prompt


@dataclass(slots=True, unsafe_hash=True)
class Pending:
    """A decision in the middle of an action.

    ``base`` is the state the action was taken from and ``answers`` the choices made so far; the
    engine resumes by replaying the action from ``base`` with the answers, so effects are written as
    straight-line code and nothing is re-drawn (the generator is part of ``base``).
    """

    decision: Decision
    base: GameState
    action: dict[str, Any]
    answers: tuple[str, ...]
    emitted: int


@dataclass(slots=True, unsafe_hash=True)
class MeleeTurn:
    """One Grand Melee turn marker's own part of the game (807.4, 807.5, 901.14): the turn taken with it,
    its stack and priority, and the planar cards its planar controller controls.

    The marker the engine is working with is kept in :class:`GameState`'s own fields (its ``focus``);
    the others wait here, one per marker, with the same field names (see :mod:`planechase.engine.melee`).
    """

    marker: int
    taking_turn: bool = False
    turn: int = 0
    active: int = 0
    step: Step = Step.UNTAP
    step_queue: tuple[Step, ...] = ()
    priority: int | None = None
    passed: tuple[int, ...] = ()
    stack: tuple[StackItem, ...] = ()
    pending_triggers: tuple[StackItem, ...] = ()
    planar_controller: int | None = None
    face_up: tuple[FaceUpCard, ...] = ()
    rolls_taken: tuple[int, ...] = ()
    rolls_made: tuple[int, ...] = ()
    revealed: tuple[int, ...] = ()
    resolving: StackItem | None = None
    spells_cast: tuple[int, ...] = ()
    attacked: tuple[int, ...] = ()
    attacks: tuple[tuple[int, int], ...] | None = None


#: The fields of :class:`GameState` that belong to one turn marker in Grand Melee.
MELEE_TURN_FIELDS: tuple[str, ...] = tuple(name for name in MeleeTurn.__dataclass_fields__ if name != "marker")


@dataclass
class GameState:
    """Everything about a game in progress. Treat instances as read-only: the engine copies them."""

    players: tuple[Player, ...]
    cards: tuple[CardRef, ...]
    decks: tuple[tuple[int, ...], ...]
    shared_deck: bool
    face_up: tuple[FaceUpCard, ...] = ()
    removed: tuple[int, ...] = ()
    revealed: tuple[int, ...] = ()
    stack: tuple[StackItem, ...] = ()
    pending_triggers: tuple[StackItem, ...] = ()
    effects: tuple[ContinuousEffect, ...] = ()
    turn: int = 0
    active: int = 0
    starting_player: int = 0
    normal_turn: int = 0
    first_upkeep_done: bool = False
    step: Step = Step.UNTAP
    step_queue: tuple[Step, ...] = ()
    priority: int | None = None
    passed: tuple[int, ...] = ()
    direction: int = 1
    planar_controller: int | None = None
    rolls_taken: tuple[int, ...] = ()
    rolls_made: tuple[int, ...] = ()
    extra_turns: tuple[int, ...] = ()
    rng: int = 0
    forced: tuple[str, ...] = ()
    next_id: int = 1
    timestamp: int = 0
    actions_taken: int = 0
    over: bool = False
    pending: Pending | None = None
    visited: tuple[int, ...] = ()
    resolving: StackItem | None = None
    table: Seating | None = None
    planechase: bool = True
    influence: tuple[tuple[int, ...], ...] = ()
    markers: TurnMarkers | None = None  # Grand Melee turn markers (807.4)
    melee: tuple[MeleeTurn, ...] = ()  # Grand Melee: every marker's turn but the focused one's
    focus: int = 0  # Grand Melee: the turn marker whose turn, stack and planes the fields above hold
    taking_turn: bool = True  # whether a turn is being taken (with the focused marker, in Grand Melee)
    turns_begun: int = 0  # Grand Melee: turns begun with any marker, to number them
    eternities: EternitiesMap | None = None  # the Eternities Map variant: the map, its rules and position
    skips: tuple[Skip, ...] = ()  # turns, steps and phases players will skip (614.10)
    spells_cast: tuple[int, ...] = ()  # the players who cast a spell this turn (Prahv)
    attacked: tuple[int, ...] = ()  # the players who attacked with creatures this turn (Prahv)
    #: This combat's declared attacks (508.1): (attacking player, defending player) pairs; ``None`` until
    #: the table declares them (declaring is optional), ``()`` for "no creatures attack".
    attacks: tuple[tuple[int, int], ...] | None = None
    permanents: tuple[TrackedPermanent, ...] = ()  # ordinary permanents that change the planar game
    choices: tuple[PlayerChoice, ...] = ()  # what players last chose for cards that remember it
    #: Whether teams share turns and priority (805, Two-Headed Giant): set from ``table``, which never changes.
    team_turns: bool = field(init=False, repr=False, compare=False, default=False)

    def __post_init__(self) -> None:
        self.team_turns = self.table is not None and self.table.variant is Variant.TWO_HEADED_GIANT

    def copy(self) -> GameState:
        """A shallow copy: enough, since every field is immutable."""
        return _queries.copy_state(self)

    # -- the catalog the game is played with -----------------------------------------------------

    @property
    def catalog(self) -> Catalog:
        """The planar cards this game is played with, handed to it by ``new_game`` or ``state_from_dict``.

        It goes with the state and its copies but is not part of its data: it is not compared, shown or
        saved. Raises :class:`~planechase.errors.PlanechaseError` for a state that was given none."""
        catalog = self.__dict__.get("_catalog")
        if catalog is None:
            raise PlanechaseError(
                "this game state has no catalog: start games with new_game(config, catalog), load states with "
                "state_from_dict(data, catalog), or pass the catalog"
            )
        return cast("Catalog", catalog)

    def catalog_or(self, default: Catalog) -> Catalog:
        """The state's catalog, or ``default`` for a state that was given none (one made by hand, or with
        :func:`dataclasses.replace`, which does not carry it over)."""
        catalog = self.__dict__.get("_catalog")
        return default if catalog is None else cast("Catalog", catalog)

    def with_catalog(self, catalog: Catalog) -> GameState:
        """This state played with ``catalog``: the state itself if it already is, else a copy that is."""
        if self.__dict__.get("_catalog") is catalog:
            return self
        new = self.copy()
        new.__dict__["_catalog"] = catalog
        return new

    # -- convenience queries ------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def in_game(self, seat: int) -> bool:
        return self.players[seat].status is _IN_GAME

    @property
    def seats_in_game(self) -> tuple[int, ...]:
        """The seats of the players still in the game, in seat order (worked out once per ``players``)."""
        return _queries.seats_in_game(self)

    # -- teams and turns (800-810) -----------------------------------------------------------------

    @property
    def seating(self) -> Seating:
        """The variant's table: teams, roles, ranges of influence and the attack option."""
        return _queries.table_of(self)

    def team(self, seat: int) -> tuple[int, ...]:
        """``seat`` and its teammates still in the game (``seat`` first, even if it has left)."""
        return _queries.team(self, seat)

    def unit_of(self, seat: int) -> int:
        """Who takes turns and priority for ``seat``: its team's primary player when teams share turns
        (805.4, 805.5), else ``seat`` itself."""
        return _queries.unit_of(self, seat)

    @property
    def units_in_game(self) -> tuple[int, ...]:
        """The players, or with shared team turns the teams' primary players, still in the game."""
        return _queries.units_in_game(self)

    @property
    def active_players(self) -> tuple[int, ...]:
        """The active player, or every player of the active team still in the game (805.4a)."""
        return _queries.active_players(self)

    def has_priority(self, seat: int) -> bool:
        """Whether ``seat`` may act with priority now: it holds it, or its team does (805.5a)."""
        return _queries.has_priority(self, seat)

    def reach(self, seat: int) -> tuple[int, ...]:
        """The players ``seat`` can affect: those within its range of influence as this turn began
        (801.2, 801.2c), or everyone in the game without the limited range option. Planar cards ignore
        range outside Grand Melee (801.18, 901.13)."""
        if self.influence:
            return self.influence[seat]
        return self.seats_in_game if self.in_game(seat) else ()

    def can_attack(self, seat: int) -> tuple[int, ...]:
        """The players ``seat``'s creatures may attack now (801.3, 802, 803, 805.10a, 809.3c)."""
        reach = self.influence[seat] if self.influence else None
        return attackable(self.seating, self.seats_in_game, seat, reach)

    @property
    def grand_melee(self) -> bool:
        """Whether this is a Grand Melee game, with turn markers and several stacks (807.4, 807.5)."""
        return self.markers is not None

    def planar_reach(self, seat: int) -> tuple[int, ...]:
        """The players a planar ability controlled by ``seat`` can affect: everyone in the game, except in
        Grand Melee, where planar cards follow range of influence too (901.13, 801.10)."""
        return self.marker_reach(seat) if self.markers is not None else self.seats_in_game

    def marker_reach(self, seat: int) -> tuple[int, ...]:
        """The players in the game within ``seat``'s range of influence as the turn began (801.2c). For a
        player who has left (a turn marker can stay with them until their turn ends, 807.4c), the players
        next to their seat. (Worked out once per seat for each ``players`` and ``influence``.)"""
        return _queries.marker_reach(self, seat)

    def priority_players(self) -> tuple[int, ...]:
        """Who gets priority for this stack: the players (or teams) in the game; in Grand Melee, only those
        within range of the turn marker or of a player controlling an object on this stack (807.5a)."""
        return _queries.priority_players(self)

    def in_range(self, seat: int, other: int) -> bool:
        """Whether ``other`` was within ``seat``'s range of influence as this turn began (801.2c)."""
        if not self.influence:
            return True
        return other in self.influence[seat]

    def deck_index(self, seat: int) -> int:
        """The planar deck that is "your planar deck" for ``seat`` (901.15c for the shared deck)."""
        return 0 if self.shared_deck else seat

    def deck_of(self, seat: int) -> tuple[int, ...]:
        return self.decks[self.deck_index(seat)]

    def owner_of(self, card: int) -> int | None:
        """The owner of a planar card (901.6); the planar controller for the shared deck (901.15b)."""
        owner = self.cards[card].owner
        return self.planar_controller if owner is None else owner

    def name_of(self, card: int) -> str:
        return self.cards[card].name

    def face_up_object(self, object_id: int) -> FaceUpCard | None:
        for fu in self.face_up:
            if fu.object_id == object_id:
                return fu
        return None

    def roll_cost(self, seat: int) -> int:
        """What rolling the planar die costs ``seat`` now: the times they took the action this turn (901.9)."""
        return self.rolls_taken[seat]

    def next_in_turn_order(self, seat: int, *, include: tuple[int, ...] | None = None) -> int | None:
        """The next player after ``seat`` in the current turn order who is in the game (or in ``include``).
        With shared team turns, the next team's primary player (805.4)."""
        return _queries.next_in_turn_order(self, seat, include)

    def apnap(self) -> tuple[int, ...]:
        """Players in the game in APNAP order (101.4): the active player first, then turn order. With
        shared team turns, the active team's players, then each other team's in turn order (805.6).
        (Worked out once for each ``players``, active player and direction of play.)"""
        return _queries.apnap(self)


# The queries' implementations (imported last: they read this module's classes).
from . import queries as _queries  # noqa: E402
