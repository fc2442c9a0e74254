"""Learning environments: every registered game as a PettingZoo AEC environment.

    from ludotheque import rl
    env = rl.env("alphapoker", players=3, hand_size=9)   # options by name, or variant="…"
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs)   # obs["action_mask"]
        env.step(action)

See docs/rl.md for the observation layouts, the action spaces and the real-time serialisation.
Needs the ``rl`` extra (pettingzoo, gymnasium).
"""

from __future__ import annotations

from typing import Any

from ludotheque.rl.env import LudoEnv, NotReset


def env(name: str, /, **options: Any) -> LudoEnv:
    """The AEC environment of game ``name``. Keywords: ``players``, ``variant``, ``reward``
    (``win``/``rank``/``score``), ``max_steps`` (needed by a table that ends on a clock),
    ``render_mode``, ``generic`` (ignore the game's declaration), and any option of the game
    (``hand_size=9``)."""
    return LudoEnv(name, **options)


__all__ = ["LudoEnv", "NotReset", "env"]
