"""The rules core: the game state, actions, events, the seeded generator, the configuration and the run
context that rules code changes a state through; and the trigger vocabulary planar cards are written in.

The core sits below planar mechanics (:mod:`planechase.planar`), the card vocabulary
(:mod:`planechase.cards`) and the composition (:mod:`planechase.engine`), and imports none of them at
run time (``tests/test_architecture.py`` keeps it so)."""
