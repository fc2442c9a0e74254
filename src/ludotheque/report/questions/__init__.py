"""Per-game questions of the balance reports: one module per game, ``build(report, n_games,
jobs, seed)`` and ``DEFAULT_GAMES``."""
