"""Ludothèque: five French tabletop games, played faithfully by people and bots."""

__version__ = "0.1.0"
