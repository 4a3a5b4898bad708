"""The table page offers what the engine accepts, and names it as the engine does: every effect a cast may have
(in the cast form, on the stack and in the log), the players an effect is for, the ordinary cards the table
tracks (with their static abilities as the engine has them), what a player may skip, the cards whose choices
the game remembers, and a log template for each kind of event of ordinary cards' turn effects."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from planechase.cards.catalog import CATALOG
from planechase.cards.sets.doctor_who_b import TWO_STREAMS
from planechase.core.actions import TRACKED_CARDS
from planechase.core.state import OtherEffect, SkipKind

STATIC = Path(__file__).resolve().parents[2] / "src" / "planechase" / "server" / "static"
#: The table page's script: its entry module and the modules beside it (table-*.js).
TABLE_JS = "\n".join(
    path.read_text(encoding="utf-8") for path in sorted(STATIC.glob("table*.js"), key=lambda p: p.name != "table.js")
)
#: The rules log's scripts: its words, its templates (each kind of event's) and the matching that uses them.
LOGTEXT_JS = "\n".join(
    (STATIC / name).read_text(encoding="utf-8")
    for name in ("logwords.js", "logtemplates-play.js", "logtemplates-cards.js", "logtext.js")
)

#: What a cast may do (``Cast.effect``): every effect but Emperor's deploy ability, which has its own action.
CAST_EFFECTS = {effect.value for effect in OtherEffect if effect is not OtherEffect.DEPLOY}


def block(source: str, start: str, end: str = "\n};") -> str:
    """The text of ``source`` from ``start`` to the first ``end`` after it."""
    at = source.index(start)
    return source[at : source.index(end, at)]


class _Select(HTMLParser):
    """The options of the cast form's effect menu, and the option groups they are in."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.group: str | None = None
        self.options: dict[str, str | None] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "select":
            self.inside = values.get("id") == "cast-effect"
        elif self.inside and tag == "optgroup":
            self.group = values.get("label")
        elif self.inside and tag == "option":
            self.options[str(values.get("value"))] = self.group

    def handle_endtag(self, tag: str) -> None:
        if tag == "optgroup":
            self.group = None
        elif tag == "select":
            self.inside = False


def test_the_cast_form_offers_every_effect_a_cast_may_have_with_the_turns_grouped() -> None:
    parser = _Select()
    parser.feed((STATIC / "table.html").read_text(encoding="utf-8"))
    assert set(parser.options) == CAST_EFFECTS
    turn = {effect.value for effect in OtherEffect if effect.changes_turn}
    assert {parser.options[effect] for effect in turn} == {"The turn", "Skipping"}
    assert {effect for effect, group in parser.options.items() if group == "Skipping"} == {
        effect.value for effect in OtherEffect if effect.value.startswith("skip_")
    }
    assert all(parser.options[effect] is None for effect in CAST_EFFECTS - turn)


def test_every_effect_on_the_stack_has_a_label() -> None:
    labels = set(re.findall(r"^  (\w+): N_\(", block(LOGTEXT_JS, "export const EFFECT_LABEL"), re.M))
    assert labels == {effect.value for effect in OtherEffect} - {"none"}


def test_the_form_asks_which_player_for_exactly_the_effects_about_a_player() -> None:
    listed = block(LOGTEXT_JS, "export const PLAYER_EFFECTS", "]);")
    assert set(re.findall(r'"(\w+)"', listed)) == {effect.value for effect in OtherEffect if effect.names_player}


def test_the_tracked_cards_and_their_abilities_are_the_engines() -> None:
    cards = dict(re.findall(r'"([^"]+)":\s*"([^"]+)"', block(TABLE_JS, "const TRACKED_CARDS")))
    assert cards == TRACKED_CARDS


def test_every_skip_has_its_reminder_for_a_player_and_for_a_team() -> None:
    texts = block(TABLE_JS, "const SKIP_TEXT")
    kinds = re.findall(r"^  (\w+): \[", texts, re.M)
    assert kinds == [kind.value for kind in SkipKind]
    for kind in SkipKind:
        line = next(line for line in texts.splitlines() if line.startswith(f"  {kind.value}:"))
        assert f"will skip their next {kind.label}." in line
        assert f"'s team will skip their next {kind.label}." in line


def test_the_remembered_choices_name_their_card() -> None:
    cards = dict(re.findall(r"(\w+): \"([^\"]+)\"", block(TABLE_JS, "const CHOICE_CARDS", "};")))
    assert cards == {TWO_STREAMS: "Two Streams Facility"}
    assert "Two Streams Facility" in CATALOG


def test_the_log_has_templates_for_the_events_of_turn_effects() -> None:
    templates = set(re.findall(r"^  (\w+): \{", block(LOGTEXT_JS, "export const PLAY_TEMPLATES = {"), re.M))
    assert templates >= {
        "skip_added",
        "turn_skipped",
        "step_skipped",
        "attackers_declared",
        "permanent_tracked",
        "dice_rolled",
        "die_result",
        "roll_ignored",
        "planar_deck_arranged",
        "player_chose",
        "extra_turn",
        "phases_added",
        "turn_ending",
        "turn_ends",
        "turn_order_reversed",
        "no_choice_changed",
    }
