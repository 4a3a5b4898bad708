"""Multiplayer variants (CR 800-810): seating, teams, roles, range of influence and turn markers."""
