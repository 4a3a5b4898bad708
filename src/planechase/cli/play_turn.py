"""The table's flows for the turn and the ordinary cards around the planar game (issue 16), kept apart from
:mod:`planechase.cli.play` so that each stays readable:

- :func:`cast` (``c``): an "other" spell or ability, with its effect on the planar game (chaos, planeswalk,
  roll, counter, copy) or on the turn (an extra turn, additional phases and steps, skips, ending the turn,
  reversing the turn order), the stack item it targets and the player it names;
- :func:`declare_attackers` (``d``): whom each attacking player's creatures attack (508.1);
- :func:`track_permanent` (``b``): a player now controls, or no longer controls, Susan Foreman or Ichor
  Elixir, ordinary permanents whose static abilities change the planar game (611.3a, 614.1a);
- :func:`look` (``i``): the deciding player alone looks at the cards a hidden decision is about (Susan
  Foreman: the top two cards of their planar deck).

Each takes the :class:`~planechase.cli.play.TableController` and returns the message to show; prompts go
through its ``ask``, and a refused action raises the engine's error (the controller shows it with its rule).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.actions import TRACKED_CARDS, Attack, Cast, TrackPermanent
from ..core.state import SKIP_EFFECTS, DecisionKind, OtherEffect, PlayerStatus, Step
from ..engine.reducer import check_action
from ..errors import IllegalActionError
from .render import EFFECT_LABELS, Message

if TYPE_CHECKING:
    from .play import TableController

#: The effects on the planar game, offered first (``deploy`` is the deploy action's, 804.2, not a cast's).
PLANAR_EFFECTS: tuple[OtherEffect, ...] = (
    OtherEffect.NONE,
    OtherEffect.CHAOS,
    OtherEffect.PLANESWALK,
    OtherEffect.ROLL,
    OtherEffect.COUNTER,
    OtherEffect.COPY,
)

#: The effects on the turn (500.7-500.9, 614.10, 723.1), offered as a group of their own.
TURN_EFFECTS: tuple[OtherEffect, ...] = tuple(e for e in OtherEffect if e.changes_turn)

#: What the first prompt calls the group of turn effects.
TURN_GROUP = "turn effect"


def pick(answer: str | None, *names: Sequence[str]) -> int | None:
    """The index chosen by ``answer``: a number from 1, or a name (or the unique start of one) from
    any of the parallel lists ``names``."""
    if answer is None or not answer.strip() or not names:
        return None
    text = answer.strip().lower()
    count = len(names[0])
    if text.isdigit():
        index = int(text) - 1
        return index if 0 <= index < count else None
    for group in names:
        lowered = [n.lower() for n in group]
        if text in lowered:
            return lowered.index(text)
    starts = {i for group in names for i, n in enumerate(group) if n.lower().startswith(text)}
    return starts.pop() if len(starts) == 1 else None


def _names(effects: Sequence[OtherEffect]) -> tuple[list[str], list[str], list[str]]:
    """The ways to name each effect: its value, its label and its value with spaces (``skip draw step``)."""
    return (
        [e.value for e in effects],
        [EFFECT_LABELS.get(e.value, e.value) for e in effects],
        [e.value.replace("_", " ") for e in effects],
    )


def choose_effect(table: TableController, caster: str) -> OtherEffect | Message:
    """The effect of the spell or ability ``caster`` casts: one of the planar effects, or the turn effects'
    group and then one of them; any effect may also be named at the first prompt (``extra turn``)."""
    planar = [e.value for e in PLANAR_EFFECTS]
    menu = ", ".join(f"{i} {e}" for i, e in enumerate(planar, start=1))
    group = len(planar) + 1
    answer = table.ask(
        f"{caster} casts a spell or ability. Effect? {menu}, {group} a {TURN_GROUP} (extra turn, additional phase "
        "or step, skip, end the turn, reverse turn order) [none]: "
    )
    if answer is None:
        return Message("Cancelled: nothing cast.", ok=False)
    text = answer.strip()
    if not text:
        return OtherEffect.NONE
    index = pick(text, [*planar, "turn"], [*planar, TURN_GROUP])
    if index is not None and index < len(planar):
        return PLANAR_EFFECTS[index]
    if index is None and not text.isdigit():  # a turn effect named at once
        named = pick(text, *_names(TURN_EFFECTS))
        if named is not None:
            return TURN_EFFECTS[named]
    if index is None:
        every = ", ".join([*planar, *_names(TURN_EFFECTS)[0]])
        return Message(f"{text!r} is not an effect: choose one of {every}.", ok=False)
    labels = _names(TURN_EFFECTS)[1]
    menu = ", ".join(f"{i} {label}" for i, label in enumerate(labels, start=1))
    answer = table.ask(f"Which turn effect? {menu}: ")
    if answer is None:
        return Message("Cancelled: nothing cast.", ok=False)
    named = pick(answer, *_names(TURN_EFFECTS))
    if named is None:
        return Message(f"{answer.strip()!r} is not a turn effect: nothing cast.", ok=False)
    return TURN_EFFECTS[named]


def _player_question(effect: OtherEffect) -> str:
    if effect is OtherEffect.EXTRA_TURN:
        return "Who takes the extra turn?"
    return f"Who skips their next {SKIP_EFFECTS[effect].label}?"


def cast(table: TableController) -> Message:
    """``c``: the player with priority casts an "other" spell or ability (601.2, 602.2): its effect, the
    stack item it targets (counter, copy) or the player it names (an extra turn, a skip: the caster unless
    the table names another, 115.1), its name and its types."""
    seat, marker = table._priority, table.marker
    # Checked as an ability until the table says it is a spell: a player who can't cast spells (101.2) may
    # still activate abilities.
    check_action(table.state, Cast(seat, spell=False, marker=marker))
    chosen = choose_effect(table, table.game.state.players[seat].name)
    if isinstance(chosen, Message):
        return chosen
    effect = chosen
    target: int | None = None
    target_player: int | None = None
    if effect in (OtherEffect.COUNTER, OtherEffect.COPY):
        stack = table.view()["stack"]
        listed = "; ".join(f"#{i['id']} {i['source'] or i['text']}" for i in stack) or "the stack is empty"
        top = stack[0]["id"] if stack else None
        raw = table.ask(f"Target: a stack item id ({listed}) [{top if top is not None else 'none'}]: ")
        if raw is None:
            return Message("Cancelled: nothing cast.", ok=False)
        raw = raw.strip().lstrip("#")
        if not raw and top is not None:
            target = top
        elif raw.isdigit():
            target = int(raw)
        else:
            return Message(f"{raw!r} is not a stack item id.", ok=False)
    elif effect.names_player:
        answer = table._ask_player(_player_question(effect), default=seat)
        if answer is None:
            return Message("Cancelled: no player chosen, nothing cast.", ok=False)
        target_player = None if answer == seat else answer  # the caster is the engine's default
    named = Cast(seat, effect=effect.value, target=target, spell=False, marker=marker, target_player=target_player)
    check_action(table.state, named)
    label = table.ask("Name of the spell or ability [a spell or ability]: ")
    if label is None:
        return Message("Cancelled: nothing cast.", ok=False)
    kind = table.ask("Its types and colors, e.g. 'red instant' (or 'ability' if it is not a spell) []: ")
    words = " ".join((kind or "").split())[:200]
    spell = words.lower() != "ability"
    action = Cast(
        seat,
        label=label.strip()[:200] or "a spell or ability",
        effect=effect.value,
        target=target,
        spell=spell,
        types=words if spell else "",
        marker=marker,
        target_player=target_player,
    )
    return table._done(table._act(action))


def _seat_named(table: TableController, text: str) -> int | None:
    """The seat ``text`` names: a number as on the screen (from 1), or a name or the unique start of one."""
    players = table.game.state.players
    if text.isdigit():
        seat = int(text) - 1
        return seat if 0 <= seat < len(players) else None
    return pick(text, [p.name for p in players])


def declare_attackers(table: TableController) -> Message:
    """``d``: the attacking players say whom their creatures attack (508.1a; with shared team turns, each
    player of the active team, 805.10b): names or numbers, separated by commas; nothing for no attack."""
    state, marker = table.state, table.marker
    seat = state.active
    try:
        check_action(state, Attack(seat, (), marker=marker))
    except IllegalActionError as exc:
        ahead = Step.DECLARE_ATTACKERS.value in table.view()["advance_to"]
        if exc.rule == "508.1" and ahead and state.step is not Step.DECLARE_ATTACKERS:
            raise IllegalActionError(
                exc.rule, "{error}; press a and choose the declare attackers step first", error=exc.text
            ) from None
        raise
    v = table.view()
    names = [p["name"] for p in v["players"]]
    pairs: list[tuple[int, int]] = []
    for attacker in v["active_players"]:
        if v["players"][attacker]["status"] != PlayerStatus.IN_GAME.value:
            continue
        may = ", ".join(f"{d + 1} {names[d]}" for d in v["players"][attacker]["can_attack"]) or "nobody"
        answer = table.ask(
            f"Whom do {names[attacker]}'s creatures attack? Names or numbers, separated by commas "
            f"(they may attack: {may}); nothing for no attack: "
        )
        if answer is None:
            return Message("Cancelled: no attackers declared.", ok=False)
        for part in answer.replace(";", ",").split(","):
            if not part.strip():
                continue
            defender = _seat_named(table, part.strip())
            if defender is None:
                return Message(f"{part.strip()!r} is not a player: no attackers declared.", ok=False)
            pairs.append((attacker, defender))
    attack = Attack(seat, tuple(dict.fromkeys(pairs)), marker=marker)
    return table._done(table._act(attack), prefer="attackers_declared")


def track_permanent(table: TableController) -> Message:
    """``b``: a player now controls, or no longer controls, one of the ordinary permanents the engine
    tracks (Susan Foreman, Ichor Elixir). A player who controls none of that card gains one; one who does is
    asked whether it leaves (the default) or another comes under their control."""
    cards = list(TRACKED_CARDS)
    seat = table._ask_player(f"Whose permanent ({' or '.join(cards)})?")
    if seat is None:
        return Message("Cancelled: no player chosen.", ok=False)
    name = table.game.state.players[seat].name
    menu = ", ".join(f"{i} {card}" for i, card in enumerate(cards, start=1))
    answer = table.ask(f"Which card does {name} now control or no longer control? {menu}: ")
    index = pick(answer, cards)
    if index is None:
        return Message(f"{(answer or '').strip()!r} is not a card the engine tracks: nothing changed.", ok=False)
    card = cards[index]
    held = sum(1 for p in table.game.state.permanents if p.controller == seat and p.card == card)
    controls = True
    if held:
        copies = f"{held} {card}" if held > 1 else card
        raw = table.ask(
            f"{name} controls {copies}. 1 one leaves {name}'s control, 2 {name} now controls another one [1]: "
        )
        if raw is None:
            return Message("Cancelled: nothing changed.", ok=False)
        chosen = pick(raw, ["leaves", "another"]) if raw.strip() else 0
        if chosen is None:
            return Message(f"{raw.strip()!r} is not 1 or 2: nothing changed.", ok=False)
        controls = chosen == 1
    return table._done(table._act(TrackPermanent(seat, card=card, controls=controls)))


def hidden_decision(table: TableController) -> bool:
    """Whether the pending decision is about cards only its player may see (Susan Foreman)."""
    decision = table.game.decision
    return decision is not None and decision.kind is DecisionKind.ARRANGE_PLANAR_DECK


def look(table: TableController) -> Message:
    """``i``: the deciding player alone looks at what a hidden decision is about (the top two cards of their
    planar deck, Susan Foreman); the screen shows everyone only that they are looking."""
    decision = table.game.decision
    if decision is None or not hidden_decision(table):
        return Message("There is nothing hidden to look at: i shows a player the cards only they may see.", ok=False)
    name = table.game.state.players[decision.player].name
    table.ask(f"Only {name} looks. {decision.prompt}. Press Enter to hide it: ")
    count = len(decision.options)
    return Message(f"{name} looked; the cards are hidden again. {name} chooses: press 1-{count}.")
