"""``planechase play`` on the Eternities Map: the ``--map`` options, the map drawn on the table screen, and
choosing a direction when the game planeswalks (701.31b)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console, RenderableType
from typer.testing import CliRunner, Result

from planechase import CATALOG, Game
from planechase.cli.main import app
from planechase.cli.map_render import CURRENT_MARK, build_panel, map_panel
from planechase.cli.play import MapOptionError, TableController, map_rules, start_game
from planechase.cli.render import render
from planechase.core.state import DecisionKind
from planechase.variants.eternities_map import PROFILES, MapRules
from prompts import Prompts

# -- helpers ------------------------------------------------------------------------------------------


def map_table(profile: str = "published", seed: int = 1, **settings: Any) -> tuple[Game, TableController]:
    rules = map_rules(profile, **settings)
    game, used, notice, save = start_game(["Alice", "Bob"], seed, False, None, eternities_map=rules)
    return game, TableController(game, ask=Prompts(), save_path=save, seed=used, notice=notice)


def printed(renderable: RenderableType, *, width: int = 120, color: bool = False) -> str:
    console = Console(file=io.StringIO(), width=width, color_system="standard" if color else None, force_terminal=color)
    console.print(renderable)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def screen(game: Game, t: TableController, *, width: int = 120, height: int = 40) -> str:
    return printed(render(game, t.chrome(), width=width, height=height), width=width)


def map_part(out: str) -> str:
    """The Eternities Map panel of a printed screen (the first one), without what is printed beside it."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "ETERNITIES MAP" in line)
    left = lines[start].index("╭")
    right = lines[start].index("╮", lines[start].index("ETERNITIES MAP")) + 1
    part = []
    for line in lines[start:]:
        part.append(line[left:right])
        if line[left:].startswith("╰"):
            break
    return "\n".join(part)


def map_names(game: Game) -> dict[tuple[int, int], tuple[str, bool]]:
    """Every card on the map by space: its name (known to the engine) and whether it is face up."""
    m = game.state.eternities
    assert m is not None
    return {cell.position: (game.state.name_of(cell.card), cell.face_up) for cell in m.cells}


def to_direction_choice(game: Game, t: TableController) -> None:
    """Main phase, the die forced to the Planeswalker symbol, the planeswalking ability resolved: the
    planeswalker is asked for a direction."""
    while game.state.stack:
        assert t.handle_key("v").ok
    assert t.handle_key("m").ok
    game.force("planeswalker")
    assert t.handle_key("r").ok
    message = t.handle_key("v")
    assert message.ok, message.text


def planeswalk_keys(seed: int, profile: str = "published") -> list[str] | None:
    """The keys that reach the direction question with ``seed`` (the die really rolls the Planeswalker
    symbol, nothing forced), or ``None`` if the first roll of the game is something else."""
    game, t = map_table(profile, seed)
    keys = []
    while game.state.stack:
        t.handle_key("v")
        keys.append("v")
    t.handle_key("m")
    t.handle_key("r")
    keys += ["m", "r"]
    if not any(e.type == "die_rolled" and e.data["result"] == "planeswalker" for e in game.history[-1].events):
        return None
    t.handle_key("v")
    keys.append("v")
    decision = game.decision
    return keys if decision is not None and decision.kind is DecisionKind.CHOOSE_DIRECTION else None


def run_cli(*args: str, keys: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The installed ``planechase play`` with ``keys`` piped in (one key or answer a line)."""
    command = [str(Path(sys.executable).with_name("planechase")), "play", *args]
    return subprocess.run(command, input=keys, capture_output=True, text=True, timeout=60, cwd=cwd)


def invoke(*args: str) -> Result:
    env = {"COLUMNS": "200", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "TTY_INTERACTIVE": None}
    return CliRunner().invoke(app, ["play", *args], env=env, input="q\ny\n")


def flat(text: str) -> str:
    """Text with box borders and line breaks turned into single spaces (Rich wraps error boxes)."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


# -- the options --------------------------------------------------------------------------------------


def test_map_panel_shows_the_centre_and_face_up_neighbours_published(tmp_path: Path) -> None:
    game, _ = map_table("published", 1)
    names = map_names(game)
    done = run_cli("--map", "published", "--seed", "1", keys="q\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    part = map_part(done.stdout)
    centre, up = names[(0, 0)]
    assert up and f"{CURRENT_MARK} {centre[:8]}" in part
    neighbours = [names[p] for p in ((0, 1), (1, 0), (0, -1), (-1, 0))]
    assert all(face_up for _, face_up in neighbours)
    for name, _ in neighbours:
        assert name[:8] in part
    assert "?" not in part
    assert "Deck: 144 cards" in part
    assert "Traceback" not in done.stdout + done.stderr


def test_map_panel_hides_face_down_planes_fog_of_war(tmp_path: Path) -> None:
    game, _ = map_table("fog_of_war", 1)
    names = map_names(game)
    done = run_cli("--map", "fog_of_war", "--seed", "1", keys="q\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    part = map_part(done.stdout)
    centre, _ = names[(0, 0)]
    assert f"{CURRENT_MARK} {centre[:8]}" in part
    hidden = [name for position, (name, face_up) in names.items() if position != (0, 0)]
    assert len(hidden) == 4 and not any(face_up for p, (_, face_up) in names.items() if p != (0, 0))
    assert part.count("?") == 4
    for name in hidden:
        assert name[:6] not in part
    assert "fog of war" in part


def test_map_unknown_profile_is_a_usage_error_listing_the_profiles() -> None:
    result = invoke("--map", "nowhere")
    assert result.exit_code == 2
    error = flat(result.output)
    assert "'--map'" in error and "unknown Eternities Map profile 'nowhere'" in error
    for name in PROFILES:
        assert name in error
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("args", "option", "words"),
    [
        (("--map-radius", "9"), "--map-radius", "from 1 to 8"),
        (("--map", "chance", "--hellride-chance", "101"), "--hellride-chance", "percentage from 0 to 100"),
        (("--phenomena", "lots"), "--phenomena", "off, pile, dealt"),
        (("--visibility", "dark"), "--visibility", "classic_plus, fog_of_war"),
        (("--map-counters", "sometimes"), "--map-counters", "keep, reset"),
    ],
)
def test_map_bad_settings_are_usage_errors_naming_the_option(args: tuple[str, ...], option: str, words: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    error = flat(result.output)
    assert f"'{option}'" in error and words in error


def test_map_rules_take_the_profile_and_the_overrides() -> None:
    assert map_rules(None) is None
    assert map_rules("chance") == PROFILES["chance"]
    rules = map_rules("chance", radius=2, move_chance=10, hellride_chance=100, counters="reset")
    assert rules == MapRules.from_dict(
        {"profile": "chance", "radius": 2, "move_chance": 10, "hellride_chance": 100, "counters": "reset"}
    )
    alone = map_rules(None, visibility="fog_of_war")
    assert alone is not None and alone.profile == "published" and alone.visibility.value == "fog_of_war"
    with pytest.raises(MapOptionError) as caught:
        map_rules("published", move_chance=-1)
    assert caught.value.option == "--move-chance"


def test_map_radius_override_shows_in_the_description_and_the_farewell(tmp_path: Path) -> None:
    done = run_cli("--map-radius", "2", "--seed", "5", keys="q\ny\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    part = map_part(done.stdout)
    assert "published" in part and "radius 2 " in part and "radius 3" not in part
    assert "planechase play --seed 5 -p Alice -p Bob --map published --map-radius 2" in done.stdout
    game, _ = map_table("published", 5, radius=2)
    emap = game.view()["eternities_map"]
    whole = printed(map_panel(emap), width=200)  # room for every line of the description
    assert "Radius: planes more than 2 steps away are shuffled back into the deck." in whole
    assert "changed: radius" in whole
    for line in emap["description"]:
        assert line in whole


def test_map_overrides_reach_the_game_and_the_farewell_repeats_them() -> None:
    game, t = map_table("chance", 7, hellride_chance=100, move_chance=10, counters="reset", visibility="fog_of_war")
    rules = game.config.eternities_map
    assert rules is not None
    assert (rules.profile, rules.hellride_chance, rules.move_chance) == ("chance", 100, 10)
    assert (rules.counters.value, rules.visibility.value) == ("reset", "fog_of_war")
    command = t.farewell().split(": ", 1)[1]
    assert command.startswith("planechase play --seed 7 -p Alice -p Bob --map chance")
    for part in ("--hellride-chance 100", "--move-chance 10", "--map-counters reset", "--visibility fog_of_war"):
        assert part in command
    again, _ = map_table("chance", 7, hellride_chance=100, move_chance=10, counters="reset", visibility="fog_of_war")
    assert again.config == game.config


def test_map_game_uses_the_map_deck_and_shared_changes_nothing() -> None:
    rules = map_rules("published")
    game, _, notice, _ = start_game(["Alice", "Bob"], 2, True, None, eternities_map=rules)
    assert notice is None and game.config.shared_deck is None and game.config.decks is None
    planes = sum(1 for card in CATALOG if card.is_plane)
    emap = game.view()["eternities_map"]
    assert emap["deck"] == planes - 5  # every plane in the catalog, five of them dealt
    pile, _ = map_table("chance", 2)
    phenomena = sum(1 for card in CATALOG if card.is_phenomenon)
    assert pile.view()["eternities_map"]["phenomenon_pile"] == phenomena


def test_map_refused_in_grand_melee_with_the_engine_message() -> None:
    players = [arg for n in range(10) for arg in ("-p", f"P{n}")]
    result = invoke("--map", "published", "--variant", "grand_melee", *players)
    assert result.exit_code == 2
    assert "Can't start the game" in result.output and "Grand Melee" in flat(result.output)


def test_map_options_are_ignored_when_loading_a_save(tmp_path: Path) -> None:
    game, t = map_table("fog_of_war", 3)
    t.save_path = tmp_path / "map.json"
    assert t.handle_key("s").ok
    loaded, _, notice, _ = start_game(["Alice", "Bob"], None, False, t.save_path, eternities_map=map_rules("chance"))
    assert notice is not None and "--map options are ignored" in notice
    assert loaded.config.eternities_map == game.config.eternities_map
    assert loaded.view()["eternities_map"] == game.view()["eternities_map"]
    assert json.loads(t.save_path.read_text(encoding="utf-8"))["config"]["eternities_map"] == {"profile": "fog_of_war"}


def test_map_rules_description_is_in_the_first_screens_log(tmp_path: Path) -> None:
    done = run_cli("--map", "strict_cr", "--seed", "2", keys="", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    first = done.stdout.split("ETERNITIES MAP", 1)[1]
    assert "The game is played on the Eternities Map. Profile: strict_cr" in first
    assert "counters reset" in map_part(done.stdout)


# -- choosing a direction (701.31b) -------------------------------------------------------------------


def test_701_31b_planeswalker_roll_asks_for_a_direction_and_the_map_moves() -> None:
    game, t = map_table("published", 1)
    to_direction_choice(game, t)
    decision = game.decision
    assert decision is not None and decision.kind is DecisionKind.CHOOSE_DIRECTION and decision.rule == "701.31b"
    assert t.message is not None and "701.31b" in t.message.text and "press 1-8" in t.message.text
    out = screen(game, t)
    assert "DECISION: Alice decides [701.31b]" in out
    for i, option in enumerate(decision.options, start=1):
        assert f" {i}  {option.label}" in out
    part = map_part(out)
    assert "choose a direction: 1-8" in part
    east = next(i for i, o in enumerate(decision.options, start=1) if o.id == "east")
    assert f"{east}E " in part  # the east neighbour is marked with the number that chooses it
    names = map_names(game)
    message = t.handle_key(str(east))
    assert message.ok, message.text
    emap = game.view()["eternities_map"]
    assert emap["position"] == [1, 0]
    current = [s for s in emap["spaces"] if s["current"]]
    assert [(s["x"], s["y"], s["name"]) for s in current] == [(1, 0, names[(1, 0)][0])]
    assert names[(1, 0)][0] in message.text  # "Alice planeswalks to ..."
    after = map_part(screen(game, t))
    assert "at 1 east" in after and f"{CURRENT_MARK} {names[(1, 0)][0][:8]}" in after
    assert "choose a direction" not in after


def test_701_31b_a_digit_out_of_range_leaves_the_direction_question_open() -> None:
    game, t = map_table("published", 1)
    to_direction_choice(game, t)
    before = game.state
    refused = t.handle_key("9")
    assert not refused.ok and "choose 1-8" in refused.text
    assert game.state is before


def test_701_31b_hellride_onto_an_unknown_space_deals_a_card_there() -> None:
    game, t = map_table("published", 4)
    to_direction_choice(game, t)
    decision = game.decision
    assert decision is not None
    northeast = next(i for i, o in enumerate(decision.options, start=1) if o.id == "northeast")
    assert f"{northeast}NE" in map_part(screen(game, t))
    assert (1, 1) not in map_names(game)
    assert t.handle_key(str(northeast)).ok
    names = map_names(game)
    assert game.view()["eternities_map"]["position"] == [1, 1] and names[(1, 1)][1]
    assert f"{CURRENT_MARK} {names[(1, 1)][0][:8]}" in map_part(screen(game, t))


def test_play_reaches_the_direction_choice_from_piped_keys(tmp_path: Path) -> None:
    seed, keys = next((s, k) for s in range(1, 60) if (k := planeswalk_keys(s)) is not None)
    game, t = map_table("published", seed)
    for key in keys:
        t.handle_key(key)
    decision = game.decision
    assert decision is not None
    south = next(i for i, o in enumerate(decision.options, start=1) if o.id == "south")
    destination = map_names(game)[(0, -1)][0]
    done = run_cli(
        "--map", "published", "--seed", str(seed), keys="\n".join([*keys, str(south), "q", "y", ""]), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    screens = done.stdout.split("── key ")
    chosen = next(s for s in screens if s.startswith(f"{south} "))
    asking = screens[screens.index(chosen) - 1]
    assert "choose a direction: 1-8" in asking and "South: " + destination in asking
    assert f"planeswalks to {destination}" in chosen and "at 1 south" in map_part(chosen)
    assert "Traceback" not in done.stdout + done.stderr


def test_map_screen_with_the_direction_question_fits_120_by_40() -> None:
    game, t = map_table("published", 1)
    to_direction_choice(game, t)
    lines = screen(game, t).rstrip("\n").split("\n")
    assert len(lines) <= 40
    assert max(len(line) for line in lines) <= 120
    assert "choose a direction: 1-8" in "\n".join(lines)


# -- the renderer on a hand-built view ----------------------------------------------------------------


def space(x: int, y: int, name: str | None, *, current: bool = False, **extra: Any) -> dict[str, Any]:
    return {
        "x": x,
        "y": y,
        "face_up": name is not None,
        "name": name,
        "kind": "plane" if name is not None else None,
        "current": current,
        "planeswalked_to": current,
        "distance": abs(x) + abs(y),
        "counters": {},
        **extra,
    }


def hand_map(**changes: Any) -> dict[str, Any]:
    """A map at (0, 1): Naar Isle north of the centre, Aretopolis (3 scroll counters) at the centre, a
    face-down card to the east of the current space; moves south, east and a hellride northeast."""
    emap: dict[str, Any] = {
        "rules": {"profile": "fog_of_war"},
        "settings": {
            "profile": "fog_of_war",
            "phenomena": "off",
            "hellride_chance": 0,
            "move_chance": 0,
            "visibility": "fog_of_war",
            "radius": 3,
            "counters": "keep",
        },
        "description": PROFILES["fog_of_war"].describe(),
        "position": [0, 1],
        "spaces": [
            space(0, 1, "Naar Isle", current=True),
            space(1, 1, None),
            space(0, 0, "Aretopolis", counters={"scroll": 3}),
        ],
        "deck": 17,
        "phenomenon_pile": None,
        "arriving": False,
        "tunnel": False,
        "moves": [
            {"direction": "east", "x": 1, "y": 1, "hellride": False},
            {"direction": "south", "x": 0, "y": 0, "hellride": False},
            {"direction": "northeast", "x": 1, "y": 2, "hellride": True},
        ],
        "beside": [],
    }
    emap.update(changes)
    return emap


def rows(out: str) -> list[str]:
    """The grid's rows of text, north first, one string per printed line inside the grid."""
    return [line for line in out.splitlines() if line.count("│") >= 3]


def test_map_render_hides_face_down_planes_and_draws_north_up() -> None:
    out = printed(map_panel(hand_map()), width=120)
    lines = rows(out)
    north = next(i for i, line in enumerate(lines) if "NE hellride" in line)
    naar = next(i for i, line in enumerate(lines) if "Naar Isle" in line)
    aretopolis = next(i for i, line in enumerate(lines) if "Aretopolis" in line)
    assert north < naar < aretopolis  # the hellride space (y=2) above Naar Isle (y=1) above the centre
    assert " ? " in lines[naar] and lines[naar].index("Naar Isle") < lines[naar].index("?")  # east is right
    assert "Profile: fog_of_war" in out and "Deck: 17 cards" in out


def test_map_render_never_shows_a_face_down_name() -> None:
    leaky = hand_map()
    leaky["spaces"][1] = {**leaky["spaces"][1], "name": "Secret Plane", "face_up": False}
    out = printed(map_panel(leaky))
    assert "Secret" not in out and " ? " in out


def test_map_render_highlights_the_current_space() -> None:
    plain = printed(map_panel(hand_map()))
    assert plain.count(CURRENT_MARK) == 1 and f"{CURRENT_MARK} Naar Isle" in plain
    assert f"{CURRENT_MARK} Aretopolis" not in plain
    coloured = printed(map_panel(hand_map()), color=True)
    highlighted = re.search(r"\x1b\[([0-9;]*)m" + re.escape(f"{CURRENT_MARK} Naar Isle"), coloured)
    assert highlighted is not None and "7" in highlighted.group(1).split(";")  # reverse video
    assert re.search(r"\x1b\[[0-9;]*7[0-9;]*mAretopolis", coloured) is None


def marks_under(out: str, text: str) -> list[str]:
    """What the space whose first line holds ``text`` shows on its later lines (its marks)."""
    lines = out.splitlines()
    top = next(i for i, line in enumerate(lines) if text in line and line.count("│") >= 3)
    start = lines[top].rfind("│", 0, lines[top].index(text)) + 1
    end = lines[top].index("│", start)
    marks = []
    for line in lines[top + 1 :]:
        if line[start - 1] != "│":  # the line between two rows of spaces, or the grid's bottom
            break
        marks.append(line[start:end].strip())
    return [m for m in marks if m]


def test_map_render_marks_moves_and_counters() -> None:
    out = printed(map_panel(hand_map()))
    assert marks_under(out, "Aretopolis") == ["S", "scroll 3"]  # south of the current space, 3 counters kept
    assert marks_under(out, "?") == ["E"]  # the face-down space east of the current one
    assert marks_under(out, "·") == ["NE hellride"]  # the empty space northeast: a hellride
    assert marks_under(out, "Naar Isle") == []  # the current space is no move
    decision = {
        "kind": "choose_direction",
        "options": [
            {"id": "east", "label": "East"},
            {"id": "south", "label": "South"},
            {"id": "northeast", "label": ""},
        ],
    }
    numbered = printed(map_panel(hand_map(), decision=decision))
    assert "1 E" in numbered and "2 S" in numbered and "3 NE hellride" in numbered
    assert "choose a direction: 1-3" in numbered
    other = printed(map_panel(hand_map(), decision={"kind": "choose_mode", "options": decision["options"]}))
    assert "1 E" not in other and "choose a direction" not in other


def test_map_render_without_moves_marks_no_direction() -> None:
    out = printed(map_panel(hand_map(moves=[], arriving=True)))
    assert "hellride" not in out and not any(re.search(r"│[NESW]{1,2}\s", line) for line in rows(out))
    assert "arriving" in out and "Arriving:" in out


def test_map_render_notes_tunnel_beside_and_the_phenomenon_pile() -> None:
    out = printed(map_panel(hand_map(tunnel=True, beside=["Norn's Seedcore"], phenomenon_pile=4)))
    assert "Tunnel: the next move" in out
    assert "Beside the map: Norn's Seedcore" in out
    assert "phenomenon pile: 4" in out


def test_map_render_compact_draws_one_line_per_space_and_a_summary() -> None:
    full = printed(map_panel(hand_map()), width=70)
    compact = printed(map_panel(hand_map(), compact=True), width=70)
    assert len(compact.splitlines()) < len(full.splitlines())
    assert len(rows(compact)) == 3  # three rows of spaces, one line each
    assert "fog_of_war: phenomena off · fog of war · radius 3 · counters keep" in compact
    assert f"{CURRENT_MARK} Naar Isle" in compact and " ? " in compact
    assert "Counters on Aretopolis (the centre): scroll 3" in compact


def test_map_render_fits_the_width_it_gets() -> None:
    wide = hand_map(spaces=[space(x, 0, f"Plane Number {x}", current=x == 0) for x in range(-3, 4)], moves=[])
    for width in (60, 80, 120):
        panel = build_panel(wide, width=width)
        lines = printed(panel, width=width).splitlines()
        assert max(len(line) for line in lines) <= width
        assert sum(line.count("│") for line in rows("\n".join(lines))) > 0
