"""Le Poker d'As: the base game, Poker-Joker and Poker d'As menteur (rules/pokerdas.md R1–R29).

Reads like the rule book: rounds and stakes, throws and the stopping rule, the showdown and the
« coup sec », then the menteur rounds (cup, announcements, « Bluff ! », the pot). Every die comes
from ``self.rng``; the dice under the cup leave only through ``view`` of their holder; the
events returned by ``apply`` are public.

Actions (JSON objects):
  {"type": "throw"}                         throw all five dice (also the « coup sec », R12)
  {"type": "throw", "reroll": "Q J 9"}       relance_totale off: re-roll these dice (R9)
  {"type": "stop"}                           satisfied with the last throw (R9, R10)
menteur:
  {"type": "rethrow", "dice": "K 9"}         re-throw these dice under the cup (R22, R25)
  {"type": "announce", "announcement": "full K Q"}                                (R21)
  {"type": "accept"}  /  {"type": "bluff"}                                   (R23–R27)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from ludotheque.engine.errors import IllegalAction, InvalidAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result, State, fields
from ludotheque.games.pokerdas.hands import (
    ANNOUNCED_FACES,
    DICE,
    FACES,
    TOP_ANNOUNCEMENT,
    Announcement,
    Hand,
    Throw,
    all_announcements,
    announcement_index,
    evaluate,
    format_faces,
    parse_announcement,
    parse_faces,
)
from ludotheque.games.pokerdas.options import Options

THROW, COUP_SEC, ANNOUNCE, RESPOND, OVER = "throw", "coup_sec", "announce", "respond", "over"

# A bot's successive throws in one turn are shown at a readable pace (State.bot_pace): its
# second and third throws come PACE seconds after the one before (a default turn has three at
# most); later throws, which only the rule book's unlimited table has, come faster and faster
# (PACE_DECAY per throw), then at once: a turn of thousands of throws takes seconds, not minutes.
PACE = 0.8
PACED_THROWS = 3
PACE_DECAY = 0.7
PACE_FLOOR = 0.05  # below this, no wait at all


def throw_pace(done: int) -> float:
    """Seconds a bot waits before its next throw after ``done`` throws in this turn (0 before
    its first throw, and after a long run of throws)."""
    if done < 1:
        return 0.0
    if done < PACED_THROWS:
        return PACE
    wait = PACE * PACE_DECAY ** (done - PACED_THROWS + 1)
    return wait if wait >= PACE_FLOOR else 0.0


def sub_multisets(dice: Throw) -> list[str]:
    """Every distinct non-empty sub-multiset of ``dice``, in notation (high to low)."""
    return list(_rerolls(tuple(sorted(dice, reverse=True))))


# Every action dict the engine lists is built once (per dice multiset or announcement) and
# legal_actions hands out copies: listing 31 re-roll subsets or 75 announcements stays cheap.
@cache
def _rerolls(dice: Throw) -> dict[str, tuple[Throw, Throw]]:
    """Dice sorted high to low → {re-roll in notation: (re-rolled faces, kept faces)}, the
    distinct non-empty sub-multisets, fewest dice first."""
    subs = {c for k in range(1, len(dice) + 1) for c in combinations(dice, k)}
    table = {}
    for sub in sorted(subs, key=lambda s: (len(s), s)):
        kept = tuple(sorted((Counter(dice) - Counter(sub)).elements(), reverse=True))
        table[format_faces(sub)] = (sub, kept)
    return table


@cache
def _reroll_actions(dice: Throw, kind: str, field: str) -> tuple[Action, ...]:
    return tuple({"type": kind, field: text} for text in _rerolls(dice))


_ANNOUNCE_ACTIONS: tuple[Action, ...] = tuple(
    {"type": "announce", "announcement": a.text()} for a in all_announcements()
)
_THROW: Action = {"type": "throw"}
_STOP: Action = {"type": "stop"}
_ACCEPT: Action = {"type": "accept"}
_BLUFF: Action = {"type": "bluff"}


# The legal lists themselves, shared by every state that has those choices (PokerDasState's
# ``shared_legal_actions``): read only.
_ONLY_THROW: list[Action] = [_THROW]
_STOP_OR_THROW: list[Action] = [_STOP, _THROW]
_ONLY_BLUFF: list[Action] = [_BLUFF]
_ACCEPT_OR_BLUFF: list[Action] = [_ACCEPT, _BLUFF]


@cache
def _throw_choices(dice: Throw) -> list[Action]:
    """Stop, or re-roll some of ``dice`` (sorted high to low): one list per set of dice."""
    return [_STOP, *_reroll_actions(dice, "throw", "reroll")]


@lru_cache(maxsize=4096)
def _announce_choices(cup: Throw | None, start: int) -> list[Action]:
    """Re-throw some of the ``cup`` (None: no re-throw left), or announce from ``start`` on."""
    moves = list(_reroll_actions(cup, "rethrow", "dice")) if cup is not None else []
    return moves + list(_ANNOUNCE_ACTIONS[start:])


# ``to_move``'s answers, made once (frozensets: nobody can change them): asked about ten
# times per action by the server.
_NOBODY: frozenset[int] = frozenset()
_ONE = tuple(frozenset({seat}) for seat in range(8))  # R1: eight players at most


def _sorted(dice: Throw) -> Throw:
    return tuple(sorted(dice, reverse=True))


class PokerDasState(State[Options]):
    action_fields = fields(
        throw=("reroll",),
        stop=(),
        rethrow=("dice",),
        announce=("announcement",),
        accept=(),
        bluff=(),
    )

    def __init__(self, players: int, options: Options, seed: int) -> None:
        super().__init__(players, options, seed)
        n = players
        self.joker = options.joker
        self.tokens = [options.start_tokens] * n
        self.total = options.start_tokens * n  # R14, R29 invariant
        self.pot = 0
        self.eliminated: list[int | None] = [None] * n  # elimination order (1, 2, …)
        self.eliminations = 0
        self.rounds = 0  # rounds finished
        self.round_number = 0
        self.phase = THROW
        self.winner: int | None = None
        self.end_reason = ""
        self.last_round: dict[str, Any] | None = None
        # Base game round.
        self.order: list[int] = []
        self.pos = 0
        self.dice: list[Throw | None] = [None] * n
        self.throws = [0] * n
        self.hands: list[Hand | None] = [None] * n
        self.t1: int | None = None
        self.tied: list[int] = []
        self.coup_pos = 0
        self.coup_dice: list[Throw | None] = [None] * n
        # Menteur round.
        self.cup: Throw = ()
        self.holder = -1
        self.rethrows_left = 0
        self.announcement: Announcement | None = None
        self.announcer = -1
        self.history: list[dict[str, Any]] = []
        self.passed: list[Throw | None] = [None] * n  # the dice each seat passed on this round
        # The base game's view of a version, the same for every seat (``view``).
        self._public_view: tuple[int, dict[str, Any]] | None = None
        # The views' copy of ``last_round``, made once per round (``_shown_last_round``).
        self._last_round_copy: tuple[dict[str, Any] | None, Any] = (None, None)
        # R6: the first player of round 1 is drawn by lot.
        self.starter = self.rng.randrange(n)
        self.opening_events = [{"type": "draw_first", "seat": self.starter}]
        self.opening_events += self._start_round()

    # ------------------------------------------------------------------ seats and dice
    def alive(self) -> list[int]:
        return [s for s in range(self.players) if self.eliminated[s] is None]

    def _clockwise(self, start: int) -> list[int]:
        """Players in the game clockwise from ``start`` (included when in the game)."""
        n = self.players
        return [(start + k) % n for k in range(n) if self.eliminated[(start + k) % n] is None]

    def _next_alive(self, seat: int) -> int:
        return self._clockwise((seat + 1) % self.players)[0]

    def _roll(self, count: int) -> Throw:
        return tuple(self.rng.choice(FACES) for _ in range(count))

    def _eliminate(self, seats: list[int], why: str) -> list[Event]:
        if not seats:
            return []
        self.eliminations += 1
        for s in seats:
            self.eliminated[s] = self.eliminations
        return [{"type": "eliminated", "seats": list(seats), "reason": why}]

    # ------------------------------------------------------------------ rounds (R6, R7, R14)
    def _start_round(self) -> list[Event]:
        o = self.options
        events: list[Event] = []
        if o.menteur:
            return self._start_liar_round()
        if o.max_rounds is not None and self.rounds >= o.max_rounds:
            return events + self._finish("max_rounds")
        # R7: a player who cannot stake is eliminated.
        events += self._eliminate([s for s in self.alive() if self.tokens[s] < o.stake], "stake")
        if len(self.alive()) <= 1:
            return events + self._finish("last_player")
        # R6: the role passes clockwise (and skips a first player who was just eliminated).
        if self.round_number or self.eliminated[self.starter] is not None:
            self.starter = self._next_alive(self.starter)
        self.round_number += 1
        self.order = self._clockwise(self.starter)
        for s in self.order:
            self.tokens[s] -= o.stake
            self.pot += o.stake
        n = self.players
        self.pos = 0
        self.dice = [None] * n
        self.throws = [0] * n
        self.hands = [None] * n
        self.t1 = None
        self.tied = []
        self.phase = THROW
        events.append(
            {
                "type": "round_start",
                "number": self.round_number,
                "first": self.starter,
                "order": list(self.order),
                "stake": o.stake,
                "pot": self.pot,
            }
        )
        return events

    def _finish(self, reason: str) -> list[Event]:
        self.phase = OVER
        self.end_reason = reason
        alive = self.alive()
        if reason == "last_player" and alive:
            self.winner = alive[0]
            self.tokens[self.winner] += self.pot  # R20: the last player takes the pot
            self.pot = 0
        ranks = self._ranks()
        self.winner = ranks.index(1) if ranks.count(1) == 1 else None
        return [{"type": "game_over", "reason": reason, "ranks": ranks}]

    def _ranks(self) -> list[int]:
        """R14: by tokens; players still in the game first, then the latest eliminated."""

        def key(s: int) -> tuple[int, int, int]:
            e = self.eliminated[s]
            return (0 if e is None else 1, -self.tokens[s], -(e or 0))

        ordered = sorted(range(self.players), key=key)
        ranks = [0] * self.players
        for i, s in enumerate(ordered):
            same = i and key(s) == key(ordered[i - 1])
            ranks[s] = ranks[ordered[i - 1]] if same else i + 1
        return ranks

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> frozenset[int]:
        phase = self.phase
        if phase == THROW:
            return _ONE[self.order[self.pos]]
        if phase == OVER:
            return _NOBODY
        if phase == COUP_SEC:
            return _ONE[self.tied[self.coup_pos]]
        if phase == ANNOUNCE:
            return _ONE[self.holder]
        return _ONE[self._next_alive(self.holder)]

    def is_over(self) -> bool:
        return self.phase == OVER

    def bot_pace(self, seat: int, action: Action) -> tuple[float, int] | None:
        """A bot's next throw in its turn waits ``throw_pace`` after its previous throw, which is
        the last action played (the seat to move throws until it stops). Nothing before its
        first throw, a stop, the coup sec or in menteur: the driver's own pace."""
        if self.phase != THROW or action.get("type") != "throw" or seat not in self.to_move():
            return None
        done = self.throws[seat]
        if not done:
            return None
        return throw_pace(done), len(self.actions)

    def throw_limit(self, seat: int) -> int | None:
        """R9, R10: the first player's limit is max_throws (or none); the others' is t1."""
        return self.options.max_throws if seat == self.starter else self.t1

    def shared_legal_actions(self, seat: int) -> list[Action]:
        """The legal list without copies: the same list object for every state with the same
        choices (server/pipeline.py; ``legal_actions`` hands out copies of it)."""
        if seat not in self.to_move():
            return []
        return self._shared_legal(seat)

    def _legal(self, seat: int) -> list[Action]:
        return [a.copy() for a in self._shared_legal(seat)]

    def _shared_legal(self, seat: int) -> list[Action]:
        """The choices of ``seat`` (to move), as lists built once and shared (never change them)."""
        phase = self.phase
        if phase == COUP_SEC:
            return _ONLY_THROW
        if phase == THROW:
            dice = self.dice[seat]
            if dice is None:
                return _ONLY_THROW
            if self.options.relance_totale:
                return _STOP_OR_THROW
            return _throw_choices(_sorted(dice))
        if phase == ANNOUNCE:
            cup = _sorted(self.cup) if self.rethrows_left else None
            return _announce_choices(cup, 0 if self.announcement is None else self._above())
        if self.announcement == TOP_ANNOUNCEMENT:
            return _ONLY_BLUFF
        return _ACCEPT_OR_BLUFF

    def _above(self) -> int:
        """Index in all_announcements() of the lowest one above the current announcement."""
        assert self.announcement is not None
        return announcement_index()[self.announcement] + 1

    def higher_announcements(self) -> list[Announcement]:
        """R25: every announcement strictly higher than the one accepted (all at first)."""
        start = 0 if self.announcement is None else self._above()
        return list(all_announcements()[start:])

    # ------------------------------------------------------------------ checks
    def _check(self, seat: int | None, action: Action) -> None:
        kind = action["type"]
        allowed = {
            THROW: ("throw", "stop"),
            COUP_SEC: ("throw",),
            ANNOUNCE: ("rethrow", "announce"),
            RESPOND: ("accept", "bluff"),
        }
        every = ("throw", "stop", "rethrow", "announce", "accept", "bluff")
        if kind not in every or set(action) - {"type", "reroll", "dice", "announcement"}:
            raise InvalidAction(
                f"action inconnue : {action!r} (possibles : {', '.join(every)})",
                f"unknown action: {action!r} (known: {', '.join(every)})",
            )
        if seat is None:
            raise IllegalAction("l'arbitre ne joue pas au Poker d'As", "the arbiter has no move")
        if kind not in allowed[self.phase]:
            raise IllegalAction(
                f"« {kind} » n'est pas possible maintenant (phase {PHASE_FR[self.phase]})",
                f"'{kind}' is not possible now (phase {self.phase})",
            )
        getattr(self, f"_check_{kind}")(seat, action)

    def _subset_of(self, text: Any, dice: Throw, field: str) -> Throw:
        known = _rerolls(_sorted(dice)).get(text) if isinstance(text, str) else None
        if known is not None:  # the spelling legal_actions lists
            return known[0]
        if not isinstance(text, str):
            raise InvalidAction(
                f"« {field} » s'écrit en texte, par exemple « K 9 »",
                f"'{field}' is text, e.g. 'K 9'",
            )
        try:
            faces = parse_faces(text)
        except NotationError as exc:
            raise InvalidAction(exc.fr, exc.en) from None
        if not faces:
            raise IllegalAction("il faut relancer au moins un dé", "re-roll at least one die")
        if Counter(faces) - Counter(dice):
            raise IllegalAction(
                f"vous n'avez pas {format_faces(faces)} parmi {format_faces(dice)}",
                f"you do not have {format_faces(faces)} among {format_faces(dice)}",
            )
        return faces

    def _check_throw(self, seat: int, action: Action) -> None:
        reroll = action.get("reroll")
        dice = self.dice[seat]
        if self.phase == COUP_SEC or dice is None or self.options.relance_totale:
            if "reroll" in action:
                raise IllegalAction(
                    "ce coup se joue avec les cinq dés (pas de dés gardés)",
                    "this throw rolls all five dice (no kept dice)",
                )
            if self.phase == COUP_SEC:
                return
        else:
            if reroll is None:
                raise IllegalAction(
                    "relance partielle : dites quels dés relancer (reroll)",
                    "kept dice: say which dice to re-roll (reroll)",
                )
            self._subset_of(reroll, dice, "reroll")
        limit = self.throw_limit(seat)
        if limit is not None and self.throws[seat] >= limit:
            raise IllegalAction(
                f"vous avez déjà lancé {limit} fois, le maximum",
                f"you have already thrown {limit} times, the limit",
            )

    def _check_stop(self, seat: int, action: Action) -> None:
        if self.dice[seat] is None:
            raise IllegalAction("il faut lancer au moins une fois", "throw at least once")

    def _check_rethrow(self, seat: int, action: Action) -> None:
        if not self.rethrows_left:
            raise IllegalAction("plus de relance sous le cornet", "no re-throw left under the cup")
        self._subset_of(action.get("dice"), self.cup, "dice")

    def _check_announce(self, seat: int, action: Action) -> None:
        text = action.get("announcement")
        try:
            ann = parse_announcement(text)
        except NotationError as exc:
            raise InvalidAction(exc.fr, exc.en) from None
        if self.announcement is not None and not ann > self.announcement:
            raise IllegalAction(
                f"il faut annoncer plus que « {self.announcement.name_fr()} » "
                f"(« {ann.name_fr()} » ne suffit pas)",
                f"announce more than '{self.announcement.text()}' ('{ann.text()}' is not)",
            )

    def _check_accept(self, seat: int, action: Action) -> None:
        if self.announcement == TOP_ANNOUNCEMENT:
            raise IllegalAction(
                "le Poker d'As ne peut pas être dépassé : il faut dire « Bluff ! » (R26)",
                "Five Aces cannot be beaten: call 'Bluff!' (R26)",
            )

    def _check_bluff(self, seat: int, action: Action) -> None:
        return None

    # ------------------------------------------------------------------ base game (R8–R13)
    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        do: Callable[[int, Action], list[Event]] = getattr(self, f"_do_{action['type']}")
        return do(seat, action)

    def _do_throw(self, seat: int, action: Action) -> list[Event]:
        if self.phase == COUP_SEC:
            return self._coup_sec_throw(seat)
        old = self.dice[seat]
        if "reroll" in action and old is not None:
            rolled, kept = _split(old, action["reroll"])
            new = kept + self._roll(len(rolled))
        else:
            rolled, kept, new = (), (), self._roll(DICE)
        self.dice[seat] = new
        self.throws[seat] += 1
        hand = evaluate(new, self.joker)
        self.hands[seat] = hand
        events: list[Event] = [
            {
                "type": "throw",
                "seat": seat,
                "dice": format_faces(new, sort=False),
                "kept": format_faces(kept),
                "hand": hand.name_fr(),
                "code": hand.code,
                "throws": self.throws[seat],
            }
        ]
        limit = self.throw_limit(seat)
        if limit is not None and self.throws[seat] >= limit:
            events += self._stop(seat, forced=True)
        return events

    def _do_stop(self, seat: int, action: Action) -> list[Event]:
        return self._stop(seat, forced=False)

    def _stop(self, seat: int, forced: bool) -> list[Event]:
        hand = self.hands[seat]
        assert hand is not None
        if seat == self.starter:
            self.t1 = self.throws[seat]  # R9
        events: list[Event] = [
            {
                "type": "stop",
                "seat": seat,
                "throws": self.throws[seat],
                "hand": hand.name_fr(),
                "code": hand.code,
                "forced": forced,
            }
        ]
        self.pos += 1
        if self.pos < len(self.order):
            return events
        return events + self._showdown()

    def best_so_far(self) -> tuple[Hand | None, list[int]]:
        """The best hand of the players who have stopped this round, and who holds it."""
        stopped = {s: h for s in self.order[: self.pos] if (h := self.hands[s]) is not None}
        if not stopped:
            return None, []
        best = max(stopped.values())
        return best, [s for s, h in stopped.items() if h == best]

    def _showdown(self) -> list[Event]:
        """R11: the best combination wins; R12: an exact tie for best is replayed."""
        best, holders = self.best_so_far()
        assert best is not None
        if len(holders) == 1:
            return self._win(holders[0], best)
        return self._start_coup_sec(holders)

    def _start_coup_sec(self, seats: list[int]) -> list[Event]:
        self.phase = COUP_SEC
        self.tied = [s for s in self.order if s in seats]  # seat order from the first player
        self.coup_pos = 0
        self.coup_dice = [None] * self.players
        return [{"type": "coup_sec", "seats": list(self.tied)}]

    def _coup_sec_throw(self, seat: int) -> list[Event]:
        dice = self._roll(DICE)
        self.coup_dice[seat] = dice
        hand = evaluate(dice, self.joker)
        events: list[Event] = [
            {
                "type": "throw",
                "seat": seat,
                "dice": format_faces(dice, sort=False),
                "kept": "",
                "hand": hand.name_fr(),
                "code": hand.code,
                "throws": 1,
                "coup_sec": True,
            }
        ]
        self.coup_pos += 1
        if self.coup_pos < len(self.tied):
            return events
        thrown = {s: self.coup_dice[s] for s in self.tied}
        hands = {s: evaluate(d, self.joker) for s, d in thrown.items() if d is not None}
        assert len(hands) == len(thrown), "every tied player has thrown his coup"
        best = max(hands.values())
        again = [s for s in self.tied if hands[s] == best]
        if len(again) == 1:
            return events + self._win(again[0], best)
        return events + self._start_coup_sec(again)

    def _win(self, seat: int, hand: Hand) -> list[Event]:
        """R13: the winner takes the pot (``stake`` from each other player)."""
        pot = self.pot
        self.tokens[seat] += pot
        self.pot = 0
        self.rounds += 1
        others = [(h, s) for s, h in enumerate(self.hands) if h is not None and s != seat]
        self.last_round = {
            "number": self.round_number,
            "winner": seat,
            "hand": hand.name_fr(),
            "code": hand.code,
            "pot": pot,
            "dice": [format_faces(d, sort=False) if d else None for d in self.dice],
            "throws": list(self.throws),
            "t1": self.t1,
            # Why it won (issue 17): every player's hand, the best of the others' (the hand
            # the winner beat, by this game's order of hands), and the tie a coup sec broke.
            "codes": [h.code if h else None for h in self.hands],
            "runner_up": max(others)[1] if others else None,
            "tied": list(self.tied) if self.phase == COUP_SEC else None,
        }
        events: list[Event] = [
            {
                "type": "round_won",
                "seat": seat,
                "hand": hand.name_fr(),
                "code": hand.code,
                "pot": pot,
            }
        ]
        return events + self._start_round()

    # ------------------------------------------------------------------ menteur (R20–R29)
    def _start_liar_round(self) -> list[Event]:
        """R22: the starter throws all five dice under the cup."""
        if self.eliminated[self.starter] is not None:
            self.starter = self._next_alive(self.starter)  # R28
        self.round_number += 1
        self.cup = self._roll(DICE)
        self.holder = self.starter
        self.rethrows_left = self.options.liar_rethrows
        self.announcement = None
        self.announcer = -1
        self.history = []
        self.passed = [None] * self.players
        self.phase = ANNOUNCE
        return [
            {"type": "round_start", "number": self.round_number, "first": self.starter},
            {"type": "cup_throw", "seat": self.starter},
        ]

    def _do_rethrow(self, seat: int, action: Action) -> list[Event]:
        rolled, kept = _split(self.cup, action["dice"])
        self.cup = kept + self._roll(len(rolled))
        self.rethrows_left -= 1
        self.history.append({"seat": seat, "rethrow": len(rolled)})
        return [{"type": "rethrow", "seat": seat, "count": len(rolled)}]

    def _do_announce(self, seat: int, action: Action) -> list[Event]:
        ann = parse_announcement(action["announcement"])
        self.announcement = ann
        self.announcer = seat
        self.passed[seat] = self.cup
        self.phase = RESPOND
        self.history.append({"seat": seat, "announcement": ann.text()})
        return [
            {"type": "announce", "seat": seat, "announcement": ann.text(), "name": ann.name_fr()}
        ]

    def _do_accept(self, seat: int, action: Action) -> list[Event]:
        self.history.append({"seat": seat, "accept": True})
        events: list[Event] = [{"type": "accept", "seat": seat}]
        if seat == self.starter:  # R27: a full uncontested lap
            pot = self.pot
            self.tokens[self.announcer] += pot
            self.pot = 0
            self.rounds += 1
            self.last_round = {
                "number": self.round_number,
                "lap": True,
                "winner": self.announcer,
                "pot": pot,
                "history": list(self.history),
            }
            events.append({"type": "pot_won", "seat": self.announcer, "pot": pot})
            return events + self._start_liar_round()  # R28: the same starter
        self.holder = seat  # R25: he takes the cup
        self.rethrows_left = self.options.liar_rethrows
        self.phase = ANNOUNCE
        return events

    def _do_bluff(self, seat: int, action: Action) -> list[Event]:
        """R24: the dice are shown; the liar pays the challenger, or the challenger the pot."""
        ann = self.announcement
        assert ann is not None
        hand = evaluate(self.cup, True)
        true = ann.is_met_by(hand)
        if true:
            payer = seat
            self.tokens[seat] -= 1
            self.pot += 1
        else:
            payer = self.announcer
            self.tokens[payer] -= 1
            self.tokens[seat] += 1
        self.rounds += 1
        self.history.append({"seat": seat, "bluff": True})
        self.last_round = {
            "number": self.round_number,
            "lap": False,
            "announcer": self.announcer,
            "challenger": seat,
            "dice": format_faces(self.cup),
            "true": true,
            "payer": payer,
            "history": list(self.history),
            # Why (issue 17): what was announced, and what the dice really were.
            "announcement": ann.text(),
            "code": hand.code,
        }
        events: list[Event] = [
            {
                "type": "bluff",
                "seat": seat,
                "announcer": self.announcer,
                "announcement": ann.text(),
                "dice": format_faces(self.cup),
                "hand": hand.name_fr(),
                "code": hand.code,
                "true": true,
                "payer": payer,
            }
        ]
        if self.tokens[payer] <= 0:
            events += self._eliminate([payer], "tokens")
            if len(self.alive()) <= 1:
                return events + self._finish("last_player")
        self.starter = payer  # R28 (his next player if he was just eliminated)
        return events + self._start_liar_round()

    # ------------------------------------------------------------------ results and views
    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("la partie n'est pas terminée", "the game is not over")
        ranks = self._ranks()
        reasons = {
            "max_rounds": ("le plus de jetons après la dernière manche", "most tokens at the end"),
            "last_player": ("seul joueur encore en jeu", "last player still in the game"),
        }
        fr, en = reasons[self.end_reason]
        return Result(
            scores=tuple(self.tokens),
            ranks=tuple(ranks),
            winners=tuple(s for s in range(self.players) if ranks[s] == 1),
            reason_fr=fr,
            reason_en=en,
            details={
                "rounds": self.rounds,
                "eliminated": [e is not None for e in self.eliminated],
                # a tournament's tie-break: the tokens won or lost (alphapoker.md §9)
                "start_scores": [self.options.start_tokens] * self.players,
            },
        )

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` sees. In the base game everything on the table is public: every
        seat's view is the same but for ``seat``, so it is worked out once per version (the
        server sends one to each seat at every action) and each view is a shallow copy of it:
        the views of one version share their lists, to be read, not changed. In the Menteur,
        the cup is the holder's alone: each view is worked out for its seat."""
        if self.options.menteur:
            return self._view(seat)
        version = len(self.actions)
        cached = self._public_view
        if cached is None or cached[0] != version:
            cached = (version, self._view(None))
            self._public_view = cached
        v = dict(cached[1])
        v["seat"] = seat
        return v

    def _view(self, seat: int | None) -> dict[str, Any]:
        o = self.options
        v: dict[str, Any] = {
            "game": "pokerdas",
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "menteur": o.menteur,
            "joker": self.joker,
            "relance_totale": o.relance_totale,
            "max_throws": o.max_throws,
            "stake": o.stake,
            "max_rounds": None if o.menteur else o.max_rounds,
            "round": self.round_number,
            "rounds_played": self.rounds,
            "first": self.starter,
            "to_move": sorted(self.to_move()),
            "tokens": list(self.tokens),
            "pot": self.pot,
            "total": self.total,
            "eliminated": [e is not None for e in self.eliminated],
            "last_round": self._shown_last_round(),
        }
        if not o.menteur:
            best, holders = self.best_so_far() if self.order else (None, [])
            v.update(
                order=list(self.order),
                done=list(self.order[: self.pos]),
                dice=[format_faces(d, sort=False) if d else None for d in self.dice],
                hands=[h.name_fr() if h else None for h in self.hands],
                codes=[h.code if h else None for h in self.hands],
                keys=[h.to_dict() if h else None for h in self.hands],
                throws=list(self.throws),
                t1=self.t1,
                limits=[self.throw_limit(s) for s in range(self.players)],
                best=best.to_dict() if best else None,
                best_holders=holders,
                tied=list(self.tied),
                coup_sec=[format_faces(d, sort=False) if d else None for d in self.coup_dice]
                if self.phase == COUP_SEC
                else None,
            )
        else:
            v.update(
                holder=self.holder,
                liar_rethrows=o.liar_rethrows,
                rethrows_left=self.rethrows_left,
                announcement=self.announcement.text() if self.announcement else None,
                announcement_name=self.announcement.name_fr() if self.announcement else None,
                announcer=self.announcer,
                history=[dict(h) for h in self.history],
                cup=format_faces(self.cup) if seat is not None and seat == self.holder else None,
                **self._cup_words(seat),
                # What this seat saw when it announced this round (it may remember it).
                passed=format_faces(mine)
                if seat is not None and (mine := self.passed[seat])
                else None,
            )
        if self.phase == OVER:
            v["ranks"] = self._ranks()
            v["winner"] = self.winner
        return v

    def _cup_words(self, seat: int | None) -> dict[str, str | None]:
        """For the cup's holder only: its hand (``cup_code``) and the announcement it makes
        true (``cup_truth``, none without a pair), so a screen can name them (R21)."""
        if seat is None or seat != self.holder or len(self.cup) != DICE:
            return {"cup_code": None, "cup_truth": None}
        hand = evaluate(self.cup, self.joker)
        faces = ANNOUNCED_FACES.get(hand.combo)
        truth = Announcement(hand.combo, hand.key[:faces]).text() if faces else None
        return {"cup_code": hand.code, "cup_truth": truth}

    def _shown_last_round(self) -> Any:
        """The views' copy of ``last_round``, made once per round: a round's summary is
        replaced when the next round ends, never changed, so the views of a round's versions
        share one copy (to be read, like the rest of a version's view)."""
        kept, shown = self._last_round_copy
        if kept is not self.last_round:
            shown = _copy(self.last_round)
            self._last_round_copy = (self.last_round, shown)
        return shown


def _split(dice: Throw, text: str) -> tuple[Throw, Throw]:
    """(re-rolled faces, kept faces high to low) for a checked re-roll of ``dice``."""
    known = _rerolls(_sorted(dice)).get(text)
    if known is not None:
        return known
    rolled = parse_faces(text)
    kept = (Counter(dice) - Counter(rolled)).elements()
    return rolled, tuple(sorted(kept, reverse=True))


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(x) for k, x in value.items()}
    if isinstance(value, list):
        return [_copy(x) for x in value]
    return value


PHASE_FR = {
    THROW: "lancers",
    COUP_SEC: "coup sec",
    ANNOUNCE: "annonce",
    RESPOND: "réponse à l'annonce",
    OVER: "partie terminée",
}
