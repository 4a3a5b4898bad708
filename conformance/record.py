"""Record the conformance kit: sessions of the engine protocol, each a file of request lines and their answers.

    .venv/bin/python conformance/record.py          # writes conformance/sessions/*.jsonl

Each session plays one variant by a simple policy (answer decisions, resolve the stack, take the free roll,
advance) for a few dozen actions, with `legal`, `view`, `undo`, `save`, `load`, `log` and `cards` requests on
the way; `errors.jsonl` sends malformed and illegal requests. Record again after a deliberate change of the
engine's answers, and say so in the commit (the kit is what other implementations compare against).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from planechase.cards.catalog import CATALOG
from planechase.protocol import Session
from planechase.protocol.loop import turn_loop_action
from planechase.sim.random_play import legal_deck

HERE = Path(__file__).resolve().parent
SESSIONS = HERE / "sessions"
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu")


def _decks(seed: int, players: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [list(legal_deck(rng)) for _ in range(players)]


def _planes(count: int) -> list[str]:
    return [card.name for card in CATALOG if card.is_plane][:count]


#: Each session's configuration (``new``'s ``config``).
GAMES: dict[str, dict[str, Any]] = {
    "two_players": {"players": list(NAMES[:2]), "decks": _decks(1, 2), "seed": 11},
    "free_for_all_range": {
        "players": list(NAMES[:4]),
        "decks": _decks(2, 4),
        "seed": 12,
        "range_of_influence": 1,
        "attack": "left",
    },
    "shared_deck": {"players": list(NAMES[:3]), "shared_deck": [*_planes(30), "Chaotic Aether"], "seed": 13},
    "two_headed_giant": {"players": list(NAMES[:4]), "decks": _decks(4, 4), "variant": "two_headed_giant", "seed": 14},
    "emperor": {"players": list(NAMES[:6]), "decks": _decks(5, 6), "variant": "emperor", "team_size": 3, "seed": 15},
    "grand_melee": {"players": list(NAMES[:10]), "shared_deck": _planes(60), "variant": "grand_melee", "seed": 16},
    "eternities_map": {"players": list(NAMES[:2]), "eternities_map": {"profile": "published"}, "seed": 17},
}


class Recorder:
    """A session whose every exchange is kept: the request line as sent and the answer as parsed."""

    def __init__(self) -> None:
        self.session = Session()
        self.lines: list[dict[str, Any]] = []

    def send(self, request: dict[str, Any] | str) -> dict[str, Any]:
        line = request if isinstance(request, str) else json.dumps(request, ensure_ascii=False)
        answer = self.session.handle_line(line)
        assert answer is not None
        parsed: dict[str, Any] = json.loads(answer)
        self.lines.append({"send": line, "expect": parsed})
        return parsed


def _choice(answer: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """The policy: the turn loop from the status; in Grand Melee (several turns at once, each action naming its
    turn marker), the same choices made from the answer's legal actions."""
    status, actions = answer["status"], answer.get("actions")
    if actions is None:
        return turn_loop_action(status, rng)
    if status["over"] or not actions:
        return None
    by_type: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        by_type.setdefault(action["type"], []).append(action)
    if "choose" in by_type:
        return by_type["choose"][rng.randrange(len(by_type["choose"]))]
    for kind in ("resolve",):
        if kind in by_type:
            return by_type[kind][0]
    if "roll" in by_type and status["roll"]["cost"] == 0:
        return by_type["roll"][0]
    advances = by_type.get("advance", [])
    for target in ("precombat_main", "next_turn"):
        for action in advances:
            if action["to"] == target:
                return action
    if advances:
        return advances[0]
    return by_type.get("pass", [None])[0]


def play(name: str, config: dict[str, Any], actions: int = 40) -> list[dict[str, Any]]:
    rng = random.Random(name)
    rec = Recorder()
    legal = config.get("variant") == "grand_melee"
    rec.send({"cmd": "hello", "id": 1, "protocol": "planechase-engine/1"})
    answer = rec.send({"cmd": "new", "id": 2, "config": config, "legal": legal, "view": True})
    for step in range(actions):
        action = _choice(answer, rng)
        if action is None:
            break
        answer = rec.send(
            {
                "cmd": "act",
                "id": f"a{step}",
                "action": action,
                "state_id": answer["state_id"],
                "view": step == 25,
                "legal": legal,
            }
        )
        if step == 10:
            rec.send({"cmd": "legal", "id": "l"})
            undone = rec.send({"cmd": "undo", "id": "u", "view": False, "legal": legal})
            answer = rec.send({"cmd": "act", "id": "redo", "action": action, "view": False, "legal": legal})
            assert undone["ok"] and answer["ok"]
    if name == "two_players":  # a save holds the whole log: once is enough for the kit
        save = rec.send({"cmd": "save", "id": "s"})
        rec.send({"cmd": "load", "id": "r", "save": save["save"], "view": False})
    if not answer["status"]["over"]:  # the rest of a turn and two more in one request (a batch)
        turn = [
            {"type": "advance", "player": "active", "to": "precombat_main"},
            {"type": "roll", "player": "active"},
            {"type": "advance", "player": "active", "to": "next_turn"},
        ]
        plan = [{"type": "advance", "player": "priority", "to": "next_turn"}, *turn, *turn]
        answer = rec.send({"cmd": "batch", "id": "b", "actions": plan, "auto": ["resolve"], "view": False})
    rec.send({"cmd": "log", "id": "g", "since": max(0, (answer.get("actions_taken") or 0) - 3)})
    rec.send({"cmd": "view", "id": "v", "seat": 0, "lang": "ru"})
    rec.send({"cmd": "cards", "id": "c", "names": ["Naar Isle", "chaotic aether"], "lang": "ja"})
    rec.send({"cmd": "quit", "id": "q"})
    return rec.lines


def errors() -> list[dict[str, Any]]:
    """Malformed and illegal requests, each answered with its error code (and the rule an illegal one breaks)."""
    rec = Recorder()
    for line in (
        "this is not JSON",
        '{"cmd": "hello", "id": 1',
        '{"cmd": "hello", "cmd": "legal"}',
        '{"cmd": "hello", "id": NaN}',
        "[1, 2, 3]",
        "{}",
        '{"cmd": 7}',
        '{"cmd": "shuffle", "id": "x"}',
        '{"cmd": "hello", "id": 123456789012345678901234567890}',
        '{"cmd": "hello", "id": 1.5}',
        '{"cmd": "hello", "protocol": "planechase-engine/2"}',
        '{"cmd": "legal", "id": "before"}',
        '{"cmd": "hello", "colour": "blue"}',
    ):
        rec.send(line)
    rec.send(
        {"cmd": "new", "id": "bad", "config": {"players": ["Ann", "Bob"], "decks": [["Naar Isle"], ["Naar Isle"]]}}
    )
    rec.send({"cmd": "new", "id": "bad2", "config": {"players": ["Ann"]}})
    new = rec.send({"cmd": "new", "id": "ok", "config": GAMES["two_players"], "view": False})
    active = new["status"]["active"]
    rec.send({"cmd": "act", "id": "roll-other", "action": {"type": "roll", "player": 1 - active}})
    rec.send({"cmd": "act", "id": "roll-upkeep", "action": {"type": "roll", "player": active}})
    rec.send({"cmd": "act", "id": "stale", "action": {"type": "pass", "player": active}, "state_id": 99})
    rec.send({"cmd": "act", "id": "far", "action": {"type": "pass", "player": active}, "state_id": 10**30})
    rec.send({"cmd": "act", "id": "typo", "action": {"type": "pas", "player": active}})
    rec.send({"cmd": "act", "id": "huge", "action": {"type": "life", "player": 0, "amount": 2**60}})
    rec.send({"cmd": "act", "id": "seat", "action": {"type": "pass", "player": 9}})
    rec.send({"cmd": "batch", "id": "batch-empty", "actions": []})
    rec.send({"cmd": "batch", "id": "batch-auto", "actions": [{"type": "pass", "player": active}], "auto": ["win"]})
    bad_batch = [{"type": "roll", "player": "active"}, {"type": "pass", "player": "active"}]
    rec.send({"cmd": "batch", "id": "batch-refused", "actions": bad_batch, "view": False})
    rec.send({"cmd": "batch", "id": "batch-typo", "actions": [{"type": "pas", "player": active}], "view": False})
    rec.send({"cmd": "force", "id": "force", "outcomes": ["sideways"]})
    rec.send({"cmd": "view", "id": "lang", "lang": "de"})
    rec.send({"cmd": "undo", "id": "undo-too-far", "steps": 99})
    rec.send({"cmd": "quit", "id": "q"})
    return rec.lines


def main() -> int:
    SESSIONS.mkdir(exist_ok=True)
    recorded = {name: play(name, config) for name, config in GAMES.items()}
    recorded["errors"] = errors()
    for name, lines in recorded.items():
        path = SESSIONS / f"{name}.jsonl"
        path.write_text("".join(json.dumps(x, ensure_ascii=False, sort_keys=True) + "\n" for x in lines), "utf-8")
        print(f"{path.relative_to(HERE.parent)}: {len(lines)} exchanges")
    return 0


if __name__ == "__main__":
    sys.exit(main())
