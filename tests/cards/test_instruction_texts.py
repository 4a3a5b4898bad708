"""608.2c: a table instruction carries the card's own words as a template with its values (``instruction_text``),
so a screen in another language shows it translated: filled in, it is exactly the instruction the engine gave,
and its template is one of the instruction texts the web table's catalogs translate."""

from __future__ import annotations

import random
from pathlib import Path

from babel.messages.pofile import read_po

from planechase import CATALOG, Game, GameConfig
from planechase.engine.legality import legal_actions
from planechase.errors import Text
from planechase.server.create import table_config

POT = Path(__file__).resolve().parents[2] / "src" / "planechase" / "server" / "locales" / "web.pot"


def instruction_events(games: int) -> list[dict[str, object]]:
    """The card instructions of ``games`` seeded games of random legal play (resolving and rolling a lot)."""
    found: list[dict[str, object]] = []
    for seed in range(games):
        config, _ = table_config({"players": ["Ann", "Bob", "Cy"], "seed": seed})
        game = Game(GameConfig.from_dict(config))
        rng = random.Random(seed)
        for _ in range(120):
            legal = [a for a in legal_actions(game.state) if a.type not in ("concede", "lose")]
            if not legal:
                break
            rolls = [a for a in legal if a.type in ("roll", "resolve")]
            game.act(rng.choice(rolls) if rolls and rng.random() < 0.7 else rng.choice(legal))
        found += [e.to_dict() for e in game.events() if e.type == "instruction" and "instruction_text" in e.data]
    return found


def test_608_2c_an_instruction_filled_from_its_template_is_the_instruction_given() -> None:
    events = instruction_events(30)
    assert len({str(e["card"]) for e in events}) >= 5, "too few cards gave instructions to check anything"
    with POT.open("rb") as pot:
        catalog_ids = {str(m.id) for m in read_po(pot) if m.id}
    for event in events:
        said = event["instruction_text"]
        assert isinstance(said, dict)
        assert str(Text(said["template"], said["params"])) == event["instruction"], event
        assert said["template"] in catalog_ids, f"{event['card']}: not in web.pot: {said['template']!r}"
        assert event["card"] in CATALOG
