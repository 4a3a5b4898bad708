"""The composition: turns and priority, the stack, leaving the game, legality, carrying actions out, the pure
``apply`` reducer, views, serialization and the :class:`~planechase.engine.game.Game` wrapper, built on the
rules core, planar mechanics and the card vocabulary. It is handed its catalog and imports no standard one."""
