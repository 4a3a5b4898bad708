"""Planar mechanics: the planar deck, turning cards face up, planar abilities triggering, planeswalking,
chaos and the planar die, and playing on the Eternities Map. Built on the rules core only."""
