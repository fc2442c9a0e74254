"""AlphaPoker for learning: slots and view features (docs/rl.md, « AlphaPoker »).

Action slots:
- ``change``: the discarded cards as a bitmask over the positions of the hand in the view
  (2^hand_size slots; equal cards take the first matching positions), so « discard cards 2
  and 5 » is always the same slot;
- ``bet``: (amount − 1) × 2 + pour_voir, amounts 1…15 (the cap, D1);
- ``check``, ``follow``, ``fold``: one slot each;
- ``declare``: slot 0 = no word, slot k = the word of the k-th highest count the hand allows
  (the engine lists one representative per distinct count); 64 counts at most;
- ``judge`` (theme option): the verdicts as a bitmask over the judged seats, by position
  relative to the judge.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludotheque.cards.letters import COLOURS, JOKER, LETTERS
from ludotheque.games.alphapoker.options import CAP, Options
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

CARDS = tuple(letter + c for c in COLOURS for letter in LETTERS) + tuple(JOKER + c for c in COLOURS)
PHASES = ("change", "bet", "showdown", "judge", "over")
DECLARE_SLOTS = 64


def _bitmask(hand: list[str], cards: list[str]) -> int | None:
    """Positions of ``cards`` in ``hand`` (first unused match for equal cards) as a bitmask."""
    mask = 0
    for card in cards:
        for pos, held in enumerate(hand):
            if held == card and not mask >> pos & 1:
                mask |= 1 << pos
                break
        else:
            return None
    return mask


def _change(view: dict[str, Any], action: dict[str, Any], k: int, n: int) -> int | None:
    return _bitmask(view.get("hand") or [], action.get("cards") or [])


def _changes(view: dict[str, Any], actions: Sequence[dict[str, Any]]) -> list[int | None]:
    """``_change`` of each action of a run (every subset of the hand): the positions of each
    card in the hand are listed once; the i-th copy of a card discarded is its i-th position."""
    positions: dict[str, list[int]] = {}
    for pos, card in enumerate(view.get("hand") or []):
        positions.setdefault(card, []).append(pos)
    out: list[int | None] = []
    for action in actions:
        mask: int | None = 0
        bits = 0
        used: dict[str, int] = {}
        try:
            for card in action.get("cards") or []:
                k = used.get(card, 0)
                held = positions.get(card)
                if held is None or k >= len(held):
                    mask = None
                    break
                used[card] = k + 1
                bits |= 1 << held[k]
            else:
                mask = bits
        except TypeError:  # a card that is no text
            mask = None
        out.append(mask)
    return out


def _bet(view: dict[str, Any], action: dict[str, Any], k: int, n: int) -> int | None:
    amount = action.get("amount")
    if not isinstance(amount, int) or not 1 <= amount <= CAP:
        return None
    return (amount - 1) * 2 + bool(action.get("pour_voir"))


def _declare(view: dict[str, Any], action: dict[str, Any], k: int, n: int) -> int | None:
    # The engine lists the empty word first (k = 0), then one word per count, lowest count
    # first (k = 1 … n − 1): the k-th listed is the (n − k)-th best.
    if not action.get("cards"):
        return 0
    rank = n - k
    return rank if 1 <= rank < DECLARE_SLOTS else None


def codec(players: int, options: Options) -> A.Codec:
    judged = players - 1

    def judge(view: dict[str, Any], action: dict[str, Any], k: int, n: int) -> int | None:
        me = view.get("seat", 0)
        mask = 0
        for target, ok in (action.get("accept") or {}).items():
            if ok:
                mask |= 1 << ((int(target) - me) % players - 1)
        return mask

    return A.Families(
        [
            A.Custom(
                "change",
                1 << options.hand_size,
                _change,
                f"change: discarded positions of the hand as a bitmask "
                f"({1 << options.hand_size} slots)",
                batch=_changes,
            ),
            A.Custom("bet", 2 * CAP, _bet, f"bet: (amount − 1) × 2 + pour_voir, amount 1…{CAP}"),
            A.Single("check"),
            A.Single("follow"),
            A.Single("fold"),
            A.Custom(
                "declare",
                DECLARE_SLOTS,
                _declare,
                "declare: 0 = no word, k = the word of the k-th highest count",
            ),
            A.Custom(
                "judge",
                1 << judged,
                judge,
                "judge: accepted words as a bitmask over the judged seats (relative)",
            ),
        ]
    )


def features(players: int, options: Options) -> list[E.Feature]:
    n = options.hand_size
    return [
        E.OneHot("phase", PHASES),
        E.Slots("hand", CARDS, n),
        E.Counts("hand", CARDS),
        E.Counts("my_discards", CARDS),
        E.PerSeat("capitals", 100.0),
        E.PerSeat("contributions", 10.0),
        E.PerSeat("eliminated"),
        E.PerSeat("in_hand"),
        E.PerSeat("folded"),
        E.SeatIndex("dealer"),
        E.SeatIndex("entame"),
        E.Num("pot", 100.0),
        E.Num("level", 10.0),
        E.Num("cap", 10.0),
        E.OneHot("bet_stage", ("intermediate", "final")),
        E.Flag("pour_voir"),
        E.Flag("awaiting_bet_answer"),
        E.Num("change_round"),
        E.Num("change_rounds"),
        E.Num("hand_number", 10.0),
        E.Num("hands_per_game", 10.0),
        E.Flag("extra_hand"),
        E.Num("draw_pile", 100.0),
        E.Custom(
            "changes",
            players,
            _changes_this_round(players),
            "cards changed by each seat this change round (own first, −1: not yet)",
            reads=("changes", "change_round"),
        ),
        # What a theme's judge decides on (R-theme: the other players judge each word): the
        # words the others declared, letter by letter (A = 1/26 … Z = 1), by seat relative to
        # the observer; 0 past a word's end or for a seat that declared none.
        E.Custom(
            "declared",
            (players - 1) * n,
            _declared_words(players, n),
            f"the others' declared words: {n} letters each, A = 1/26 … Z = 1 (relative seats)",
            reads=("declared",),
        ),
    ]


def _declared_words(players: int, n: int) -> Any:
    def fn(view: dict[str, Any], seat: int) -> dict[int, float]:
        out: dict[int, float] = {}
        for key, entry in (view.get("declared") or {}).items():
            rel = (int(key) - seat) % players
            word = entry.get("word") if isinstance(entry, dict) else None
            if rel == 0 or not isinstance(word, str):
                continue
            for i, letter in enumerate(word[:n]):
                if "A" <= letter <= "Z":
                    out[(rel - 1) * n + i] = (ord(letter) - 64) / 26
        return out

    return fn


def _changes_this_round(players: int) -> Any:
    def fn(view: dict[str, Any], seat: int) -> dict[int, float]:
        changes = view.get("changes") or []
        r = (view.get("change_round") or 1) - 1
        row = changes[r] if 0 <= r < len(changes) else []
        if len(row) != players:
            return {}
        return {
            (s - seat) % players: -1.0 if c is None else float(c)
            for s, c in enumerate(row)
            if c != 0
        }

    return fn
