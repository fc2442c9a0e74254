"""Many games between bots, on local processes or on a Ray cluster (docs/simulate.md).

A :class:`Plan` names the game, the table, the bots and how many games; game ``g`` of a plan
is fully determined by the plan and ``g``: its seed is ``plan.seed + g``, its bots' seeds come
from that, and by default the lineup is rotated by ``g`` seats so that every bot sits in every
seat equally often. The rows therefore do not depend on how the games are spread over
processes or machines: one process, ``--jobs 8`` and a Ray cluster give the same rows.

Bots see views and legal actions only. When several seats may act (real-time phases), the one
that acts next is drawn among them with a generator seeded by the game's seed — the same
serialisation as the learning environments (``ludotheque.rl``).
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import OptionsError

Row = dict[str, Any]
Progress = Callable[[int], None]


@dataclass(frozen=True)
class Plan:
    """What to simulate. ``bots`` gives the bot of each seat (the last one repeated for the
    remaining seats); ``rotate`` turns the lineup by one seat per game."""

    game: str
    bots: tuple[str, ...]
    games: int
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    rotate: bool = True
    max_steps: int | None = None

    @classmethod
    def make(
        cls,
        game: str,
        bots: Sequence[str],
        games_count: int,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        rotate: bool = True,
        max_steps: int | None = None,
    ) -> Plan:
        """A checked plan: known game, bots and options, a possible table size."""
        g = games.get(game)
        names = tuple(b.strip() for b in bots if b.strip())
        if not names:
            raise OptionsError(
                "donnez au moins un bot (--bots fort,random)",
                "name at least one bot (--bots fort,random)",
            )
        for name in names:
            botlib.make(g.name, name)  # OptionsError naming the possible bots
        if players is None:
            players = min(max(len(names), g.min_players), g.max_players)
        if len(names) > players:
            raise OptionsError(
                f"{len(names)} bots pour {players} places : donnez au plus un bot par place",
                f"{len(names)} bots for {players} seats: at most one bot per seat",
            )
        if games_count < 1:
            raise OptionsError("--games doit valoir au moins 1", "--games must be at least 1")
        opts = g.options_type.from_dict(options or {})
        g.new(players, opts, seed)  # refuses a table size the game does not allow
        if max_steps is not None and max_steps < 1:
            raise OptionsError("--max-steps doit valoir au moins 1", "--max-steps must be ≥ 1")
        return cls(g.name, names, games_count, players, opts.to_dict(), seed, rotate, max_steps)

    def lineup(self, g: int) -> tuple[str, ...]:
        """The bot at each seat in game ``g``."""
        seats = list(self.bots) + [self.bots[-1]] * (self.players - len(self.bots))
        if self.rotate:
            k = g % self.players
            seats = seats[-k:] + seats[:-k] if k else seats
        return tuple(seats)

    def game_seed(self, g: int) -> int:
        return self.seed + g

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["bots"] = list(self.bots)
        return d


def play_game(plan: Plan, g: int) -> Row:
    """Game ``g`` of the plan, played to the end (or to ``max_steps``): one row."""
    game = games.get(plan.game)
    seed = plan.game_seed(g)
    lineup = plan.lineup(g)
    t0 = time.process_time()
    state = game.new(plan.players, plan.options, seed)
    agents = [botlib.make(plan.game, name, seed * 31 + s) for s, name in enumerate(lineup)]
    order = random.Random(f"order:{seed}")
    steps = 0
    first: int | None = None
    truncated = False
    while not state.is_over():
        if plan.max_steps is not None and steps >= plan.max_steps:
            truncated = True
            break
        movers = state.to_move()
        seat = next(iter(movers)) if len(movers) == 1 else order.choice(sorted(movers))
        action = agents[seat].act(state.view(seat), state.legal_actions(seat))
        state.apply(seat, action)
        if first is None:
            first = seat
        steps += 1
    row: Row = {
        "game": g,
        "seed": seed,
        "players": plan.players,
        "first": first if first is not None else -1,
        "steps": steps,
        "truncated": truncated,
        "seconds": time.process_time() - t0,
    }
    if truncated:
        scores, ranks, shares = [0] * plan.players, [0] * plan.players, [0.0] * plan.players
        reason = "max_steps"
    else:
        result = state.result()
        scores, ranks = list(result.scores), list(result.ranks)
        shares = [
            1 / len(result.winners) if s in result.winners else 0.0 for s in range(plan.players)
        ]
        reason = result.reason_fr
    for s in range(plan.players):
        row[f"bot_{s}"] = lineup[s]
        row[f"score_{s}"] = scores[s]
        row[f"rank_{s}"] = ranks[s]
        row[f"win_{s}"] = shares[s]
    row["reason"] = reason
    return row


def play_chunk(plan: Plan | dict[str, Any], indices: Sequence[int]) -> list[Row]:
    """Several games of a plan (a worker's unit of work; the plan may come as a dict)."""
    if isinstance(plan, dict):
        plan = Plan(**{**plan, "bots": tuple(plan["bots"])})
    return [play_game(plan, g) for g in indices]


def chunks(n: int, workers: int, per_worker: int = 4) -> list[list[int]]:
    """Game indices in contiguous chunks that shrink towards the end (guided scheduling): each
    is the remaining games over ``workers × per_worker``, between 1 and 64 games. Large
    chunks first keep the overhead low; small ones last let the workers finish together
    (with equal chunks the last one would leave the other workers idle for its length)."""
    out: list[list[int]] = []
    start = 0
    while start < n:
        size = max(1, min(64, (n - start) // max(1, workers * per_worker)))
        out.append(list(range(start, min(n, start + size))))
        start += size
    return out


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


def warm_up(plan: Plan) -> None:
    """Load what the game shares between games (a lexicon, policy tables) before workers fork,
    so that each worker does not load it again."""
    state = games.get(plan.game).new(plan.players, plan.options, plan.seed)
    for s, name in enumerate(plan.lineup(0)):
        if s in state.to_move():
            botlib.make(plan.game, name, 0).act(state.view(s), state.legal_actions(s))


def run(
    plan: Plan,
    jobs: int = 1,
    ray: str | None = None,
    progress: Progress | None = None,
) -> list[Row]:
    """Play every game of the plan; rows in game order, whatever the distribution."""
    tick = progress or (lambda n: None)
    if ray is not None:
        rows = _run_ray(plan, ray, jobs, tick)
    elif jobs <= 1 or plan.games == 1:
        rows = []
        for part in chunks(plan.games, 1):
            rows += play_chunk(plan, part)
            tick(len(part))
    else:
        rows = _run_processes(plan, jobs, tick)
    rows.sort(key=lambda r: r["game"])
    return rows


def _run_processes(plan: Plan, jobs: int, tick: Progress) -> list[Row]:
    warm_up(plan)
    rows: list[Row] = []
    parts = chunks(plan.games, jobs)
    with ProcessPoolExecutor(min(jobs, len(parts))) as pool:
        pending = {pool.submit(play_chunk, plan, part) for part in parts}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                part_rows = future.result()
                rows += part_rows
                tick(len(part_rows))
    return rows


def _run_ray(plan: Plan, address: str, jobs: int, tick: Progress) -> list[Row]:
    try:
        import ray
    except ImportError:
        raise OptionsError(
            "Ray n'est pas installé : pip install 'ludotheque[ray]'",
            "Ray is not installed: pip install 'ludotheque[ray]'",
        ) from None
    started = not ray.is_initialized()
    if started:
        if address == "local":
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        remote = ray.remote(play_chunk)
        # ray leaves cluster_resources unannotated (it returns a dict of floats)
        workers = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        plan_dict = plan.to_dict()
        pending = [remote.remote(plan_dict, part) for part in chunks(plan.games, workers)]
        rows: list[Row] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                part_rows = ray.get(ref)
                rows += part_rows
                tick(len(part_rows))
        return rows
    finally:
        if started:
            ray.shutdown()


def iter_seat_columns(players: int) -> Iterator[str]:
    for s in range(players):
        yield from (f"bot_{s}", f"score_{s}", f"rank_{s}", f"win_{s}")
