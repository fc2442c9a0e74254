"""La Bataille in real time (issue 15): a scripted person against a bot on the live table.

The person (``QuickEye``) claims ``--reaction`` seconds after the card that makes a word he sees
(admissible words of at most ``--max-len`` letters, the best first) and lays his card 2 s after
the previous one; the bot claims no earlier than the table's « Réaction des bots »
(``bot_reaction_ms``, 2,500 ms by default) after the card that makes its word. The games run on
the live table's fake clock (no sleeping): the durations printed are game time. Seeds 0…N-1,
the person at seat 0. Prints figures; no asserts.

    .venv/bin/python bench/bench_bataille_live.py                      # the issue's figure
    .venv/bin/python bench/bench_bataille_live.py --reaction 3 --games 10
    .venv/bin/python bench/bench_bataille_live.py --bot facile -o lay_timer=true
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.bataille.live import LiveTable, QuickEye, run_scripted


class Silent:
    def say(self, text: str) -> None: ...

    def tell(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None: ...

    def show(self, view: dict[str, Any]) -> None: ...


def option(text: str) -> tuple[str, Any]:
    name, _, value = text.partition("=")
    parsed: Any = {"true": True, "false": False}.get(value, value)
    if isinstance(parsed, str) and parsed.isdigit():
        parsed = int(parsed)
    return name, parsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--reaction", type=float, default=1.5, help="the person's, in s")
    parser.add_argument("--max-len", type=int, default=5, help="longest word the person sees")
    parser.add_argument("--bot", default="fort")
    parser.add_argument("-o", "--option", action="append", default=[], type=option)
    args = parser.parse_args()
    game = games.get("bataille")
    options = game.options_type.from_dict(dict(args.option))
    mine, theirs, wins, draws, lengths, margins = [], [], 0, 0, [], []
    t0 = time.perf_counter()
    for seed in range(args.games):
        state = game.new(2, options, seed)
        agent = botlib.make("bataille", args.bot, seed=seed * 31 + 1)
        live = LiveTable(state, 0, {1: agent}, Silent(), 0.0)  # type: ignore[arg-type]
        end = run_scripted(live, QuickEye(reaction=args.reaction, max_len=args.max_len))
        mine.append(live.claims_won[0])
        theirs.append(live.claims_won[1])
        result = state.result()
        wins += result.winners == (0,)
        draws += len(result.winners) == 2
        lengths.append(end)
        margins.append(result.scores[0] - result.scores[1])
    wall = time.perf_counter() - t0
    n = args.games
    print(
        f"bataille live: person {args.reaction:g} s (words ≤ {args.max_len} letters) vs "
        f"{args.bot} at {options.bot_reaction_ms} ms, options {dict(args.option) or 'default'}"
    )
    print(
        f"  {n} games: claims won — person {sum(mine)} (median {statistics.median(mine):g} a "
        f"game), {args.bot} {sum(theirs)} (median {statistics.median(theirs):g}); share "
        f"{sum(mine) / max(1, sum(mine) + sum(theirs)):.0%}"
    )
    print(
        f"  games won by the person {wins}/{n}, draws {draws}; median score margin "
        f"{statistics.median(margins):+g}; median game time {statistics.median(lengths):.0f} s "
        f"(fake clock); {wall / n:.1f} s of CPU a game"
    )


if __name__ == "__main__":
    main()
