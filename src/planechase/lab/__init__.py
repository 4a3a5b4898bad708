"""The planar-deck lab: many seeded games of a deck, counted, with confidence intervals and plots.

See ``docs/lab.md``.
"""
