"""Planar cards: the catalog, the ability vocabulary and deck legality."""
