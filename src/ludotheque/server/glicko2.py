"""Glicko-2 ratings (Mark E. Glickman, « Example of the Glicko-2 system », 2013).

One rating period per finished game; in a game of several players every seat plays every
other one: a better rank is a win (1), an equal rank a tie (½).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

SCALE = 173.7178
TAU = 0.5  # system constant (the paper suggests 0.3–1.2)
EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one period with ``games`` = [(opponent, score 0/½/1)]."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    if not games:  # step 6 alone: the deviation grows
        phi_star = math.sqrt(phi * phi + player.vol * player.vol)
        return Rating(player.rating, phi_star * SCALE, player.vol)
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in games:
        mu_j = (opp.rating - 1500.0) / SCALE
        phi_j = opp.rd / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # Step 5: the new volatility by the Illinois algorithm.
    a = math.log(player.vol * player.vol)

    def f(x: float) -> float:
        ex = math.exp(x)
        num = ex * (delta * delta - phi * phi - v - ex)
        den = 2.0 * (phi * phi + v + ex) ** 2
        return num / den - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    vol = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + vol * vol)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(mu_new * SCALE + 1500.0, phi_new * SCALE, vol)


def pairwise_scores(ranks: list[int]) -> list[list[tuple[int, float]]]:
    """For each seat, [(other seat, score)] from the final ranks (1 = first)."""
    out: list[list[tuple[int, float]]] = []
    for i, ri in enumerate(ranks):
        row = []
        for j, rj in enumerate(ranks):
            if i != j:
                row.append((j, 1.0 if ri < rj else 0.5 if ri == rj else 0.0))
        out.append(row)
    return out


def rate_game(before: list[Rating], ranks: list[int]) -> list[Rating]:
    """Everyone's rating after one game (all updated from the ratings before it)."""
    return [
        update(before[i], [(before[j], s) for j, s in row])
        for i, row in enumerate(pairwise_scores(ranks))
    ]
