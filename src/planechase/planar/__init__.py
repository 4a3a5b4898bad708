"""Planar mechanics: the planar deck, turning cards face up, planeswalking, chaos and the planar die."""
