"""Effects on the planar deck: revealing cards, putting them on top or bottom, planeswalking to
revealed planes and chaos ensuing for revealed planes (701.20, 311.7)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...core.context import Run
from ...core.state import DecisionKind, StackItem
from ...planar.chaos import chaos_ensues
from ...planar.planeswalk import planeswalk
from ...planar.zones import is_plane, put_on_bottom, put_on_top, reveal_until
from ..model import Effect
from .common import source_name


@dataclass(frozen=True)
class RevealPutOneOnTop(Effect):
    """Interplanar Tunnel: reveal until ``planes`` plane cards, put a chosen plane on top, the rest on
    the bottom in a random order."""

    planes: int = 5

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, self.planes, rule="701.20")
        planes = [c for c in revealed if is_plane(run, c)]
        if planes:
            answer = run.decide(
                DecisionKind.CHOOSE_CARD,
                you,
                "Choose a plane to put on top of your planar deck",
                [(f"card:{c}", run.card_name(c)) for c in planes],
                "608.2c",
            )
            chosen = int(answer.split(":")[1])
            put_on_top(run, chosen)
            run.emit(
                "put_on_top",
                "608.2c",
                f"{run.card_name(chosen)} goes on top of the planar deck.",
                card=run.card_name(chosen),
            )
            if run.s.eternities is not None:
                # On the Eternities Map the top card is not where a planeswalk goes: the tunnel leads
                # there, so the next move puts the top card on its destination space.
                run.s.eternities = replace(run.s.eternities, tunnel=True)
                run.emit(
                    "map_tunnel_opened",
                    ("608.2c", "701.31b"),
                    f"The tunnel leads to {run.card_name(chosen)}: the next move on the map arrives at it.",
                    card=run.card_name(chosen),
                    map_rule="engine:tunnel",
                )
        rest = [c for c in revealed if c in run.s.revealed]
        put_on_bottom(run, rest, chooser=None, rule="608.2c", random_order=True)


@dataclass(frozen=True)
class RevealAndPlaneswalkTo(Effect):
    """Reveal until ``planes`` plane cards and planeswalk to them; other revealed cards go on the
    bottom in any order. ``leave=False`` does not planeswalk away from any plane (Norn's Seedcore);
    Spatial Merging planeswalks to both planes at once."""

    planes: int
    leave: bool = True

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, self.planes, rule="701.20")
        planes = [c for c in revealed if is_plane(run, c)]
        others = [c for c in revealed if c not in planes]
        planeswalk(
            run, you, rules=("701.31", "608.2c"), cause=source_name(run, item), to_cards=planes, leave=self.leave
        )
        put_on_bottom(run, others, chooser=you, rule="608.2c")


@dataclass(frozen=True)
class RevealChaosForEach(Effect):
    """Reveal cards (the top ``count``, or until ``planes`` plane cards); chaos ensues for each revealed
    plane (311.7: even while still in the planar deck); then the revealed cards go on the bottom in
    any order (Pools of Becoming, The Fertile Lands of Saulvinia)."""

    count: int | None = None
    planes: int | None = None

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, self.planes, self.count, rule="701.20")
        chaos_ensues(
            run,
            cause=source_name(run, item),
            rules=("311.7", "608.2c"),
            for_cards=[c for c in revealed if is_plane(run, c)],
        )
        put_on_bottom(run, list(revealed), chooser=you, rule="608.2c")


@dataclass(frozen=True)
class RevealTopMayBottom(Effect):
    """Stairs to Infinity: reveal the top card of your planar deck; you may put it on the bottom."""

    def apply(self, run: Run, item: StackItem) -> None:
        you = item.controller
        revealed = reveal_until(run, you, None, 1, rule="701.20")
        if not revealed:
            return
        name = run.card_name(revealed[0])
        if run.may(you, f"Put {name} on the bottom of your planar deck", "608.2c"):
            put_on_bottom(run, revealed, chooser=None, rule="608.2c")
            run.emit("put_on_bottom", "608.2c", f"{name} goes to the bottom of the planar deck.", card=name)
        else:
            run.s.revealed = ()
            run.emit("left_on_top", "608.2c", f"{name} stays on top of the planar deck.", card=name)
