"""The planar-deck lab: many seeded games of a planar deck, counted, with confidence intervals and plots.

The command is ``planechase lab`` (see ``docs/lab.md``); the same study from Python:

>>> from planechase.core.config import DEMO_DECK
>>> from planechase.lab import Arm, GameSetup, StudySpec, run_study, tables
>>> spec = StudySpec(arms=(Arm("demo", GameSetup(DEMO_DECK, players=2, turns=10), "cost<=1"),), games=50, seed=7)
>>> result = run_study(spec, workers=1)
>>> round(result.figure(0, "mana", "turns").value, 1)  # cost<=1: the second roll of each turn costs {1}
1.0
>>> sorted(tables(result))
['cards', 'differences', 'first_seen', 'stays', 'summary']
"""

from .play import GameSetup, GameTally, PolicyError, game_seed, play_game
from .policies import PlayerView, Policy, default_ratings, policy_from_spec, read_ratings
from .report import report_dict, tables
from .stats import Accumulator, Figure
from .study import Arm, StudyResult, StudySpec, run_study

__all__ = [
    "Accumulator",
    "Arm",
    "Figure",
    "GameSetup",
    "GameTally",
    "PlayerView",
    "Policy",
    "PolicyError",
    "StudyResult",
    "StudySpec",
    "default_ratings",
    "game_seed",
    "play_game",
    "policy_from_spec",
    "read_ratings",
    "report_dict",
    "run_study",
    "tables",
]
