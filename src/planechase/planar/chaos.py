"""Chaos ensuing (311.7) and the planar die (901.9, 116.2i, 706.7)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.actions import ICHOR_ELIXIR
from ..core.context import DeciderLeft, Run
from ..core.queries import team
from ..core.state import DecisionKind, DieFace, StackItem, StackKind
from ..core.vocabulary import TriggerKind
from .triggers import fire, trigger_ability
from .zones import is_plane

#: The inherent planeswalking ability (901.8).
PLANESWALKING_TEXT = "Whenever you roll the Planeswalker symbol on the planar die, planeswalk."

#: Continuous-effect kinds the die looks at.
BLANK_IS_CHAOS = "blank_rolls_are_chaos"
PLANESWALK_ROLL_IS_CHAOS = "planeswalk_from_roll_is_chaos"


def chaos_ensues(
    run: Run, *, cause: str, rules: tuple[str, ...] = ("311.7",), for_cards: Sequence[int] | None = None
) -> None:
    """Chaos ensues (311.7): every face-up plane's chaos ability triggers once, controlled by the
    planar controller. With ``for_cards``, chaos ensues for those particular cards only, which may be
    revealed cards still in the planar deck (311.7, last case)."""
    if for_cards is None:
        run.emit("chaos_ensues", rules, f"Chaos ensues ({cause}).", cause=cause)
        fire(run, TriggerKind.CHAOS, [fu for fu in run.s.face_up if is_plane(run, fu.card)], rules=("311.7",))
        return
    for card in for_cards:
        name = run.card_name(card)
        run.emit("chaos_ensues", rules, f"Chaos ensues for {name} ({cause}).", cause=cause, card=name)
        fu = next((f for f in run.s.face_up if f.card == card), None)
        abilities = run.catalog[name].abilities
        for index, ability in enumerate(abilities):
            if TriggerKind.CHAOS in ability.triggers:
                trigger_ability(
                    run,
                    card,
                    index,
                    source=fu.object_id if fu else None,
                    counters=fu.counters if fu else (),
                    rules=("311.7",),
                )


def roll_planar_die(run: Run, roller: int, *, special_action: bool) -> DieFace:
    """``roller`` rolls the planar die. The special action counts toward the roll cost (901.9);
    rolls caused by effects do not (116.2i). Every roll counts as rolling a die (706.7, 901.9d)."""
    s = run.s
    run.bump_roll_count(roller, special_action=special_action)
    elixirs = sum(1 for p in s.permanents if p.controller == roller and p.card == ICHOR_ELIXIR) if s.permanents else 0
    if elixirs:
        try:
            face = _roll_with_elixirs(run, roller, elixirs)
        except DeciderLeft:
            run.emit(
                "roll_ignored",
                ("706.6", "800.4a"),
                f"{run.name(roller)} has left: the roll does nothing.",
                player=roller,
            )
            return DieFace.BLANK
    else:
        face = run.roll_planar_die()
    how = "as a special action" if special_action else "because an effect says so"
    rules = ("901.9", "116.2i", "706.7") if special_action else ("901.9", "706.7")
    run.emit(
        "die_rolled",
        rules,
        f"{run.name(roller)} rolls the planar die {how}: {face.value}.",
        player=roller,
        result=face.value,
        special_action=special_action,
        **({} if elixirs else {"chance": f"die:{face.value}"}),
    )
    if face is DieFace.BLANK and any(e.kind == BLANK_IS_CHAOS and e.marker == s.focus for e in s.effects):
        face = DieFace.CHAOS
        run.emit(
            "roll_replaced",
            ("611.2a", "901.9b"),
            "Chaotic Aether: the blank roll is a chaos roll.",
            player=roller,
            result=face.value,
        )
    # "Whenever you roll": the planar controller, or either player of their team (901.12c).
    if s.planar_controller is not None and roller in (
        team(s, s.planar_controller) if s.team_turns else (s.planar_controller,)
    ):
        fire(run, TriggerKind.ROLL, rules=("706.7", "901.9d"))
        if face is DieFace.BLANK:
            fire(run, TriggerKind.ROLL_BLANK, rules=("901.9a",))
    if face is DieFace.CHAOS:
        chaos_ensues(run, cause="the chaos symbol was rolled", rules=("901.9b", "311.7"))
    elif face is DieFace.PLANESWALKER:
        item = StackItem(id=run.new_id(), kind=StackKind.PLANESWALKING, controller=roller, text=PLANESWALKING_TEXT)
        s.pending_triggers = (*s.pending_triggers, item)
        run.emit(
            "ability_triggered",
            ("901.9c", "901.8"),
            f"The planeswalking ability triggers, controlled by {run.name(roller)}.",
            item=item.id,
            controller=roller,
        )
    else:
        run.emit("blank", "901.9a", "Blank: nothing happens.", player=roller)
    return face


def _roll_with_elixirs(run: Run, roller: int, elixirs: int) -> DieFace:
    """Ichor Elixir (614.1a): instead of one planar die, ``roller`` rolls one more for each Elixir they
    control and ignores all but one (each Elixir: "roll that many planar dice plus one and ignore one").
    The roller chooses the one to keep; ignored rolls never happened (706.6)."""
    run.emit(
        "dice_rolled",
        "614.1a",
        f"Ichor Elixir: {run.name(roller)} rolls {1 + elixirs} planar dice instead of one and will ignore all but one.",
        player=roller,
        dice=1 + elixirs,
    )
    faces: list[DieFace] = []
    for number in range(1, 2 + elixirs):
        face = run.roll_planar_die()
        faces.append(face)
        run.emit(
            "die_result",
            "706.6",
            f"Planar die {number} of {1 + elixirs}: {face.value}.",
            player=roller,
            result=face.value,
            chance=f"die:{face.value}",
        )
    shown = ", ".join(face.value for face in faces)
    distinct = list(dict.fromkeys(faces))
    if len(distinct) == 1:
        kept = distinct[0]
    else:
        answer = run.decide(
            DecisionKind.CHOOSE_DIE,
            roller,
            f"Ichor Elixir: you rolled {shown}. Choose the result to keep; the other dice are ignored",
            [(face.value, f"Keep {face.value}") for face in distinct],
            "706.6",
        )
        kept = DieFace(answer)
    run.emit(
        "roll_ignored",
        "706.6",
        f"The other {'die is' if elixirs == 1 else 'dice are'} ignored: as if never rolled, nothing triggers "
        f"for {'it' if elixirs == 1 else 'them'}.",
        player=roller,
        kept=kept.value,
    )
    return kept
