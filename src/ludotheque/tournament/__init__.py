"""Tournaments of duels over any two-player game of the registry (AlphaPoker's formula)."""

from ludotheque.tournament.duel import Duel, Manche, play_duel
from ludotheque.tournament.formula import Formula, Planned, TournamentOptions
from ludotheque.tournament.runner import Entrant, Round, Tournament

__all__ = [
    "Duel",
    "Entrant",
    "Formula",
    "Manche",
    "Planned",
    "Round",
    "Tournament",
    "TournamentOptions",
    "play_duel",
]
