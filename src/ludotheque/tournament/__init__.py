"""Tournaments of duels over any two-player game of the registry (AlphaPoker's formula)."""

from ludotheque.tournament.duel import Duel, Manche, play_duel
from ludotheque.tournament.runner import Entrant, Round, Tournament, TournamentOptions

__all__ = ["Duel", "Entrant", "Manche", "Round", "Tournament", "TournamentOptions", "play_duel"]
