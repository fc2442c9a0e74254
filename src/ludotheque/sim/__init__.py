"""Batch simulation and statistics: many bot games, local processes or Ray (docs/simulate.md).

from ludotheque import sim
plan = sim.Plan.make("pokerdas", ["parfait", "random"], 1000)
rows = sim.run(plan, jobs=2)
summary = sim.summarize(rows)
"""

from ludotheque.sim.runner import Plan, play_game, run
from ludotheque.sim.stats import summarize, wilson

__all__ = ["Plan", "play_game", "run", "summarize", "wilson"]
