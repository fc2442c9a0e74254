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

import contextlib
import importlib.util
import multiprocessing
import os
import queue
import random
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import OptionsError
from ludotheque.sim import interrupts
from ludotheque.sim.fmt import count
from ludotheque.term.french import plural

Row = dict[str, Any]
Progress = Callable[[int], None]

# The most games one plan plays: every game's row stays in memory until the end (about 3 kB a
# game at 4 players, so 3 GB at this bound), for the summary and the results file.
MAX_GAMES = 1_000_000
# Seeds run from 0 to MAX_SEED: game g's seed is seed + g, and the results file stores it as
# a 64-bit integer (the reports add offsets of a few millions too).
MAX_SEED = 10**18
# The most local processes (--jobs).
MAX_JOBS = 256
# How long `--ray ADDRESS` waits for the cluster to answer before refusing it (seconds).
RAY_WAIT_SECONDS = 30.0
# How many actions of a random game the plan looks at for a clock on the whole game.
CLOCK_PROBE_STEPS = 100


def check_seed(seed: int) -> None:
    """Refuse a seed out of 0…MAX_SEED (OptionsError naming the range)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise OptionsError(
            f"--seed doit être un entier de 0 à {count(MAX_SEED)} (demandé : {seed})",
            f"--seed must be an integer from 0 to {MAX_SEED:,} (asked: {seed})",
        )


def check_jobs(jobs: int) -> None:
    """Refuse a number of local processes out of 1…MAX_JOBS."""
    if not 1 <= jobs <= MAX_JOBS:
        raise OptionsError(
            f"--jobs doit valoir de 1 à {MAX_JOBS} processus (demandé : {jobs})",
            f"--jobs must be from 1 to {MAX_JOBS} processes (asked: {jobs})",
        )


def clock_refusal(title: str) -> OptionsError:
    return OptionsError(
        f"à cette table, {title} se termine sur une horloge (une durée de partie) que la "
        "simulation ne fait pas tourner : sans limite, une partie ne finirait pas. Donnez "
        "--max-steps N (chaque partie s'arrête alors après N actions, marquée tronquée), ou "
        "jouez une table sans horloge",
        f"at this table, {title} ends on a clock (a game duration) that a simulation does not "
        "run: without a limit a game would never end. Give --max-steps N (each game then stops "
        "after N actions, marked truncated), or play a table without a clock",
    )


def unlimited(g: Any, opts: Any) -> list[str]:
    """The options that leave this table's games without an end in practice, else []: a game
    says which limits the rule book read to the letter lifts (its ``literal`` values « none »
    — the variant « livre » — where the default table sets a limit: Poker d'As's throws and
    rounds, docs/defaults.md); a table that lifts them all may never end (an optimal first
    player throws thousands of times a round, hundreds of rounds a game)."""
    default = g.options_type().to_dict()
    lifted = [k for k, v in g.literal.items() if v is None and default.get(k) is not None]
    values = opts.to_dict()
    return lifted if lifted and all(values.get(k) is None for k in lifted) else []


def endless_refusal(
    title: str, named: Sequence[str], named_en: Sequence[str] | None = None
) -> OptionsError:
    """The refusal of a table that may never end, ``named`` its options without a limit as the
    French form shows them; ``named_en`` as the English one does, for the English message
    (without it, the English message names them as ``named`` does)."""
    said = " et ".join(named)
    said_en = said if named_en is None else " and ".join(named_en)
    return OptionsError(
        f"à cette table, {title} peut ne jamais finir : {said} y sont sans limite (la règle du "
        "livre à la lettre), et une partie entre bots dure des heures ou ne finit pas. Donnez "
        "--max-steps N (chaque partie s'arrête alors après N actions, marquée tronquée), ou "
        "jouez une table qui limite la partie (la table par défaut)",
        f"at this table, {title} may never end: {said_en} have no limit (the rule book to the "
        "letter), and a game between bots lasts hours or never ends. Give --max-steps N (each "
        "game then stops after N actions, marked truncated), or play a table that limits the "
        "game (the default table)",
    )


def bots_hint(g: Any, opts: Any) -> str:
    """An example of --bots for this game: its strongest bot, then random."""
    strong = g.default_bot(opts)
    return f"{strong},random" if strong != "random" else "random"


def _on_a_clock(g: Any, players: int, opts: Any, seed: int) -> bool:
    """Whether the table has a clock on the whole game: random play of its first actions
    (the Bataille starts its clock once the colour is chosen)."""
    state = g.new(players, opts, seed)
    rng = random.Random(f"clock:{seed}")
    for _ in range(CLOCK_PROBE_STEPS):
        if state.game_clock() is not None:
            return True
        if state.is_over():
            return False
        movers = sorted(state.to_move())
        seat = rng.choice(movers) if movers else None
        legal = state.legal_actions(seat) if seat is not None else []
        if seat is None or not legal:
            return False
        state.apply(seat, rng.choice(legal))
    return state.game_clock() is not None


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
        """A checked plan: known game, bots and options, a possible table size, a number of
        games and a seed within their bounds (:data:`MAX_GAMES`, :data:`MAX_SEED`), and a
        ``max_steps`` for a table that would end only on a clock."""
        g = games.get(game)
        names = tuple(b.strip() for b in bots if b.strip())
        if not names:
            hint = bots_hint(g, g.options_type.from_dict(options or {}))
            raise OptionsError(
                f"donnez au moins un bot (--bots {hint})", f"name at least one bot (--bots {hint})"
            )
        for name in names:
            botlib.make(g.name, name)  # OptionsError naming the possible bots
        if games_count < 1:
            raise OptionsError(
                f"--games doit valoir au moins 1 (demandé : {count(games_count)})",
                f"--games must be at least 1 (asked: {games_count:,})",
            )
        if games_count > MAX_GAMES:
            raise OptionsError(
                f"--games doit valoir au plus {count(MAX_GAMES)} (demandé : "
                f"{count(games_count)}) : les résultats de chaque partie restent en mémoire ; "
                "au-delà, lancez plusieurs simulations de graines différentes",
                f"--games must be at most {MAX_GAMES:,} (asked: {games_count:,}): every game's "
                "results stay in memory; beyond, run several simulations with different seeds",
            )
        check_seed(seed)
        opts = g.options_type.from_dict(options or {})
        if players is None:
            players = min(max(len(names), g.min_players), g.max_players)
        g.new(players, opts, seed)  # refuses a table size the game does not allow
        if len(names) > players:
            raise OptionsError(
                f"{plural(len(names), 'bot')} pour {plural(players, 'place')} : donnez au plus "
                "un bot par place",
                f"{len(names)} bots for {players} seats: at most one bot per seat",
            )
        if max_steps is not None and max_steps < 1:
            raise OptionsError("--max-steps doit valoir au moins 1", "--max-steps must be ≥ 1")
        if max_steps is None and _on_a_clock(g, players, opts, seed):
            raise clock_refusal(g.title)
        if max_steps is None and (lifted := unlimited(g, opts)):
            raise endless_refusal(g.title, [opts.named(key) for key in lifted])
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
    teams = seat_teams(state)
    agents = [botlib.make(plan.game, name, seed * 31 + s) for s, name in enumerate(lineup)]
    order = random.Random(f"order:{seed}")
    steps = 0
    first: int | None = None
    truncated = False
    while not state.is_over():
        if plan.max_steps is not None and steps >= plan.max_steps:
            truncated = True
            break
        if plan.max_steps is None and state.game_clock() is not None:
            raise clock_refusal(game.title)  # a clock the plan's probe did not meet
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
        if teams is not None:
            row[f"team_{s}"] = teams[s]
    row["reason"] = reason
    return row


def seat_teams(state: Any) -> list[int] | None:
    """Each seat's team when the game is played in teams, else None. A game says a seat's team
    in its view (the Belote: ``view(seat)["team"]``, seats 0 and 2 against 1 and 3), as the
    learning environments read it."""
    teams = [state.view(s).get("team") for s in range(state.players)]
    if all(type(t) is int for t in teams) and len(set(teams)) < len(teams):
        return teams
    return None


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


# Who wants to know of every game played and every task done, whoever started them (`rapport`
# shows its progress through the games its studies play): callbacks (kind, count).
_watchers: list[Callable[[str, int], None]] = []


@contextlib.contextmanager
def watched(callback: Callable[[str, int], None]) -> Iterator[None]:
    """Within the block, ``callback("games", k)`` when k games are played (by :func:`run`),
    ``callback("tasks", k)`` when k tasks are done (``report.common.parallel``)."""
    _watchers.append(callback)
    try:
        yield
    finally:
        _watchers.remove(callback)


def notify(kind: str, k: int) -> None:
    for callback in list(_watchers):
        callback(kind, k)


class Interrupted(Exception):
    """A Ctrl-C (or a SIGTERM) stopped the games: ``rows`` holds the games finished, in game
    order (the workers are stopped, the games in play are lost)."""

    def __init__(self, rows: list[Row]) -> None:
        super().__init__(f"interrupted after {len(rows)} games")
        self.rows = rows


def run(
    plan: Plan,
    jobs: int = 1,
    ray: str | None = None,
    progress: Progress | None = None,
) -> list[Row]:
    """Play every game of the plan; rows in game order, whatever the distribution. A Ctrl-C
    stops the games at once (the workers too) and raises :class:`Interrupted` with the rows
    of the games finished."""
    own = progress or (lambda n: None)

    def tick(k: int) -> None:
        own(k)
        notify("games", k)

    rows: list[Row] = []
    try:
        if ray is not None:
            _run_ray(plan, ray, jobs, tick, rows)
        elif jobs <= 1 or plan.games == 1:
            for part in chunks(plan.games, 1):
                for g in part:
                    rows.append(play_game(plan, g))
                tick(len(part))
        else:
            _run_processes(plan, jobs, tick, rows)
    except KeyboardInterrupt:
        rows.sort(key=lambda r: r["game"])
        raise Interrupted(rows) from None
    rows.sort(key=lambda r: r["game"])
    return rows


# A worker sends the games it finished at least this often (seconds), so that a Ctrl-C loses
# only the games in play, not a whole chunk.
SEND_SECONDS = 0.2
_outbox: Any = None  # in a worker: the queue of finished games (rows), set by _receive


def _receive(outbox: Any) -> None:
    global _outbox
    _outbox = outbox


def _play_part(task: tuple[Plan, list[int]]) -> None:
    """A worker's chunk: its games' rows go to the outbox as they finish (in batches)."""
    plan, indices = task
    batch: list[Row] = []
    sent = time.monotonic()
    for g in indices:
        batch.append(play_game(plan, g))
        if time.monotonic() - sent >= SEND_SECONDS:
            _outbox.put(batch)
            batch, sent = [], time.monotonic()
    if batch:
        _outbox.put(batch)


def _run_processes(plan: Plan, jobs: int, tick: Progress, rows: list[Row]) -> None:
    warm_up(plan)
    parts = chunks(plan.games, jobs)
    outbox: Any = multiprocessing.Queue()
    try:
        with interrupts.pool(min(jobs, len(parts)), _receive, (outbox,)) as workers:
            born = interrupts.worker_ids(workers)
            done = workers.map_async(_play_part, [(plan, p) for p in parts], chunksize=1)
            received = 0
            while received < plan.games:
                try:
                    batch = outbox.get(timeout=0.5)
                except queue.Empty:
                    if done.ready() and not done.successful():
                        done.get()  # a worker's error (a refusal, a bug) goes up here
                    if interrupts.worker_ids(workers) != born:  # killed: its games never come
                        raise OptionsError(
                            "un processus de calcul s'est arrêté en pleine partie (manque de "
                            "mémoire ?) : relancez avec moins de --jobs",
                            "a worker process died in a game (out of memory?): run again with "
                            "fewer --jobs",
                        ) from None
                    continue
                rows += batch
                received += len(batch)
                tick(len(batch))
    finally:
        outbox.close()
        outbox.cancel_join_thread()


def check_ray(address: str) -> None:
    """Refuse (OptionsError, in French) a ``--ray`` that cannot be used, within a bounded wait:
    Ray not installed, an address that is not ``host:port``, ``ray://host:port``, « local » or
    « auto », a host that is unknown or refuses the connection, or a cluster that does not
    answer as Ray within :data:`RAY_WAIT_SECONDS` (Ray itself retries for minutes)."""
    if importlib.util.find_spec("ray") is None:
        raise OptionsError(
            "Ray n'est pas installé : pip install 'ludotheque[ray]'",
            "Ray is not installed: pip install 'ludotheque[ray]'",
        )
    if address == "local":
        return
    if address != "auto":
        match = re.fullmatch(r"(?:ray://)?\[?([A-Za-z0-9_.:-]+?)\]?:(\d{1,5})", address)
        if match is None or not 0 < int(match.group(2)) < 65536:
            raise OptionsError(
                f"--ray {address} : adresse attendue sous la forme hôte:port ou "
                "ray://hôte:port (ou « local » pour un Ray lancé ici)",
                f"--ray {address}: expected host:port or ray://host:port (or 'local' for a Ray "
                "started here)",
            )
        host, port = match.group(1), int(match.group(2))
        try:
            socket.create_connection((host, port), timeout=min(5.0, RAY_WAIT_SECONDS)).close()
        except OSError as exc:
            if isinstance(exc, socket.gaierror):
                fr, en = "nom d'hôte inconnu", "unknown host name"
            elif isinstance(exc, ConnectionRefusedError):
                fr, en = "connexion refusée", "connection refused"
            elif isinstance(exc, TimeoutError):
                fr, en = "pas de réponse", "no answer"
            else:
                fr = en = exc.strerror or str(exc)
            raise _unreachable(address, fr, en) from None
    # The host answers: is it Ray? Ray's own connection retries for minutes, so ask in a
    # separate process, stopped after the wait.
    probe = (
        "import sys, ray\n"
        "ray.init(address=sys.argv[1], log_to_driver=False, logging_level='ERROR')\n"
        "ray.shutdown()\n"
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", probe, address],
            capture_output=True,
            text=True,
            timeout=RAY_WAIT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired:
        wait = f"{RAY_WAIT_SECONDS:g}"
        raise _unreachable(
            address, f"ne répond pas comme Ray en {wait} s", f"no Ray answer in {wait} s"
        ) from None
    if done.returncode != 0:
        lines = [line for line in done.stderr.splitlines() if line.strip()]
        last = lines[-1].strip()[:200] if lines else f"code {done.returncode}"
        raise _unreachable(address, f"ne répond pas comme Ray : {last}", f"no Ray: {last}")


def _unreachable(address: str, fr: str, en: str) -> OptionsError:
    return OptionsError(
        f"--ray {address} : adresse injoignable ({fr}) ; vérifiez l'adresse du cluster "
        "(hôte:port ou ray://hôte:port) et qu'il est démarré, ou utilisez --ray local",
        f"--ray {address}: cannot be reached ({en}); check the cluster's address (host:port or "
        "ray://host:port) and that it is running, or use --ray local",
    )


def _run_ray(plan: Plan, address: str, jobs: int, tick: Progress, rows: list[Row]) -> None:
    try:
        import ray
    except ImportError:
        raise OptionsError(
            "Ray n'est pas installé : pip install 'ludotheque[ray]'",
            "Ray is not installed: pip install 'ludotheque[ray]'",
        ) from None
    started = not ray.is_initialized()
    if started:
        try:
            if address == "local":
                ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise _unreachable(address, str(exc)[:200], str(exc)[:200]) from None
    try:
        remote = ray.remote(play_chunk)
        # ray leaves cluster_resources unannotated (it returns a dict of floats)
        workers = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        plan_dict = plan.to_dict()
        pending = [remote.remote(plan_dict, part) for part in chunks(plan.games, workers)]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    part_rows = ray.get(ref)
                    rows += part_rows
                    tick(len(part_rows))
        except KeyboardInterrupt:  # stop the chunks still queued or in play on the cluster
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started:
            ray.shutdown()


def iter_seat_columns(players: int) -> Iterator[str]:
    for s in range(players):
        yield from (f"bot_{s}", f"score_{s}", f"rank_{s}", f"win_{s}")
