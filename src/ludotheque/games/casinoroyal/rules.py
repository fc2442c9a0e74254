"""Casino Royal: games A, B and C, one engine over the three games as data (``GAMES``;
rules/casinoroyal.md R1–R36).

Reads like the rule book: the session and its rounds (R1, R7, R8), the dealer turning cards and
the players marking them with units (R3, R4), « Relance ? » (R14), « Rien ne va plus » (R16,
R25), resolution and payments (R5, R9, R17, R27, R35), then game B's ante, hidden cards and
bets (R21–R29) and game C's figures and bingo (R30–R36).

Cards are turned by the engine (the dealer's gesture has no choice in it); every shuffle comes
from ``self.rng``. Game B's hidden cards leave the engine only through ``view`` of their holder,
and through the showdown events once shown. Events returned by ``apply`` are public.

« Rien ne va plus » (R16, R25, D8): after each card every player still in is asked at once
(they are all in ``to_move``); each answers ``stop`` / ``bid`` or ``wait``. When all have
answered, the first caller clockwise from the dealer's left calls; the others' wishes are void.
Answers stay secret until the window closes.

Table stakes (the option ``all_in``, on by default in A and B; off = the variant « livre »):
a player who cannot pay what a bet asks may pay all he has and stay in (« tapis »). A player
still in with no unit left is all-in: he is asked no more betting question, his cartons keep
being covered without a unit (the cells are listed in ``free``), and at the end he can win from
each other player at most what he himself has on the table (units on his cartons and in B's
pot). The units are then paid out pot by pot (``pots``): the main pot every player still in
may win, and side pots for the players who put more; units nobody still in can win go back to
whoever put them there. When at most one player still in has units, betting stops.

Actions (JSON objects):
  {"type": "raise", "amount": 5}    « Relance ? »: raise r (A: on one's carton, B: into the pot)
  {"type": "decline"}               « Relance ? »: no raise
  {"type": "follow"}                « je suis »: pay the raise
  {"type": "fold"}                  « je passe »: fold (R14, R23, R26)
  {"type": "stop"}                  A: « Rien ne va plus » (R16); B once betting has stopped
  {"type": "bid", "amount": 4}      B: « Rien ne va plus, j'enchéris ! » (R25)
  {"type": "wait"}                  let the dealer turn the next card
  {"type": "ante", "amount": 2}     B, dealer: the minimum stake m (R21)
  {"type": "stake", "amount": 3}    B, left of the dealer: the extra stake s ≥ 0 (R23)
  {"type": "match"}                 B first betting round: match the highest contribution
  {"type": "outbid", "to": 6}       B first betting round: « renchérit » to a higher level
  {"type": "continue"}              B final phase: « je continue » (R26)
  {"type": "double"}                B final phase: « j'enchéris », doubles the level (R26, D11)
  {"type": "figure", "figure": 3}   C, dealer: names the figure (R32), 1…10 (§7)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.cards.french52 import card_str, format_cards, sort_cards
from ludotheque.cards.poker import BIT, PokerHand, best_five, evaluate_mask, name_fr
from ludotheque.engine.errors import IllegalAction, InvalidAction, OptionsError
from ludotheque.engine.protocol import Action, Event, Result, State, fields
from ludotheque.games.casinoroyal.cartons import CARTONS, FIGURE_BY_NUMBER, PLACES
from ludotheque.games.casinoroyal.options import Options

# Phases.
RELANCE, FOLLOW, WINDOW, ANTE, STAKE, BET, FINAL, FIGURE, OVER = (
    "relance", "follow", "window", "ante", "stake", "bet", "final", "figure", "over"
)  # fmt: skip
PHASE_FR = {
    RELANCE: "« Relance ? »",
    FOLLOW: "réponse à la relance",
    WINDOW: "« Rien ne va plus ? »",
    ANTE: "enjeu minimum",
    STAKE: "enjeu supplémentaire",
    BET: "premier tour d'enchères",
    FINAL: "dernière phase (enchère)",
    FIGURE: "choix de la figure",
    OVER: "partie terminée",
}
START_UNITS = 45  # R12, R20: 20 green + 5 yellow
GREEN_TOKENS = 160  # R31
HIDDEN_CARDS = 3  # R22


@dataclass(frozen=True)
class CasinoGame:
    """One of the three games as data (as pokerkit's variants): the engine asks these
    features, never which game it is."""

    letter: str
    # What opens a round: None, the dealer turns cards at once (A); ANTE, the dealer's minimum
    # stake, then hidden cards and a betting round (B, R21–R23); FIGURE, the figure (C, R32).
    first_question: str | None
    # B: a pot of enchères (R21–R29): a raise goes into it, « Rien ne va plus » is a bid while
    # betting is open, the round ends in one of R27's cases. Otherwise a raise lies on one's
    # carton (D7) and the call is a plain « stop ».
    pot: bool
    # C: a named figure decides the round (bingo, R32–R36), not the poker hands.
    figures: bool
    # C: the 160 green tokens are shared out (R31); A and B: 45 units each (R12, R20).
    shared_tokens: bool

    def __deepcopy__(self, memo: dict[int, Any]) -> CasinoGame:
        return self  # immutable: a state's copies share it


GAMES = {
    "A": CasinoGame("A", first_question=None, pot=False, figures=False, shared_tokens=False),
    "B": CasinoGame("B", first_question=ANTE, pot=True, figures=False, shared_tokens=False),
    "C": CasinoGame("C", first_question=FIGURE, pot=False, figures=True, shared_tokens=True),
}

# Which action types each phase accepts, and the fields each type carries.
_FIELDS: dict[str, tuple[str, ...]] = {
    "raise": ("amount",), "decline": (), "follow": (), "fold": (), "stop": (), "bid": ("amount",),
    "wait": (), "ante": ("amount",), "stake": ("amount",), "match": (), "outbid": ("to",),
    "continue": (), "double": (), "figure": ("figure",),
}  # fmt: skip
# The action kinds of each phase, in the order legal_actions lists them (WINDOW: _kinds).
_PHASE_KINDS: dict[str, tuple[str, ...]] = {
    RELANCE: ("decline", "raise"),
    FOLLOW: ("follow", "fold"),
    ANTE: ("ante",),
    STAKE: ("stake",),
    BET: ("match", "fold", "outbid"),
    FINAL: ("fold", "continue", "double"),
    FIGURE: ("figure",),
    OVER: (),
}
WAIT: Action = {"type": "wait"}
DECLINE: Action = {"type": "decline"}
FOLD: Action = {"type": "fold"}
MATCH: Action = {"type": "match"}


class CasinoRoyalState(State[Options]):
    action_fields = fields(**_FIELDS)

    def __init__(self, players: int, options: Options, seed: int) -> None:
        super().__init__(players, options, seed)
        n = players
        o = options
        self.variant = o.game
        self.rules = GAMES[o.game]
        k = o.cartons_per_player
        if n * k > len(CARTONS):
            raise OptionsError(
                f"{n} joueurs × {k} cartons = {n * k} cartons : il n'y en a que 8 (R30)",
                f"{n} players × {k} cartons = {n * k} cartons: there are only 8 (R30)",
            )
        # R12, R20, R31: the units each player receives.
        units = GREEN_TOKENS // n if self.rules.shared_tokens else START_UNITS
        self.balance = [units] * n
        self.total = units * n  # R10
        self.out = [False] * n  # R8
        self.rounds_total = o.rounds if o.rounds is not None else n  # R8, D20
        self.rounds_played = 0
        self.round_number = 0
        # R12, R30: at the first round seat i holds carton(s) i·k+1 … (indices from 0 here).
        self.holdings: list[list[int]] = [list(range(s * k, s * k + k)) for s in range(n)]
        self.owner: list[int | None] = [None] * len(CARTONS)
        self.phase = OVER
        self.movers: frozenset[int] = frozenset()
        self.last_round: dict[str, Any] | None = None
        self.end_reason = ""
        self._resolved = False  # set by a resolution, cleared when the next round starts
        self._reset_round()
        # R1: the first dealer is drawn by lot.
        self.dealer = self._draw_first_dealer()
        self.opening_events = [{"type": "draw_dealer", "seat": self.dealer}]
        self.opening_events += self._start_round(first=True)

    # ------------------------------------------------------------------ hooks for scenarios
    def _draw_first_dealer(self) -> int:
        return self.rng.randrange(self.players)

    def _new_deck(self) -> list[int]:
        """R3: the dealer shuffles the 52 cards (the cut has no effect on a uniform shuffle).

        The returned list is turned from its end (``pop``)."""
        deck = list(range(52))
        self.rng.shuffle(deck)
        return deck

    # ------------------------------------------------------------------ seats
    def _clockwise(self, start: int, seats: list[bool] | None = None) -> list[int]:
        """Seats from ``start`` clockwise (``start`` included), kept when ``seats[s]``."""
        n = self.players
        order = [(start + i) % n for i in range(n)]
        return order if seats is None else [s for s in order if seats[s]]

    def still_in(self) -> list[bool]:
        """Players in the round who have not folded (R15)."""
        return [self.in_round[s] and not self.folded[s] for s in range(self.players)]

    def _left_of_dealer(self, seats: list[bool]) -> list[int]:
        return self._clockwise((self.dealer + 1) % self.players, seats)

    def is_all_in(self, seat: int) -> bool:
        """Table stakes: a player still in with no unit left; he is asked no more bets."""
        return (
            self.options.table_stakes
            and self.in_round[seat]
            and not self.folded[seat]
            and self.balance[seat] <= 0
        )

    def _bettors(self) -> list[int]:
        """Players still in who can still bet (they have units)."""
        return [
            s
            for s in range(self.players)
            if self.in_round[s] and not self.folded[s] and self.balance[s] > 0
        ]

    def betting_over(self) -> bool:
        """Table stakes: when at most one player still in has units, betting stops."""
        return self.options.table_stakes and len(self._bettors()) <= 1

    # ------------------------------------------------------------------ rounds (R1, R7, R8)
    def _reset_round(self) -> None:
        n = self.players
        self.in_round = [False] * n
        self.folded = [False] * n
        self.deck: list[int] = []
        self.turned: list[int] = []
        self.covered = [0] * len(CARTONS)  # cell masks
        self.covered_cards = [0] * len(CARTONS)  # hand masks (poker evaluator)
        self.stakes = [0] * len(CARTONS)  # A: raises lying on the carton (R14)
        self.free = [0] * len(CARTONS)  # cells covered without a unit (all-in, table stakes)
        self.pot = 0
        self.in_pot = [0] * n  # B: what each player paid into the pot this round
        self.hidden: list[list[int]] = [[] for _ in range(n)]
        self.caller: int | None = None
        self.opening_count = 0  # D23
        # « Relance ? » (R14)
        self.relance_queue: list[int] = []
        self.raiser: int | None = None
        self.raise_amount = 0
        self.relance_done = False
        self.relance_turned = 0  # the cards turned when « Relance ? » ended (call_after)
        # « Rien ne va plus » windows (R16, R25)
        self.wishes: dict[int, Action] = {}
        # B: ante, first betting round, final phase
        self.ante = 0
        self.contrib = [0] * n
        self.highest = 0
        self.bet_queue: list[int] = []
        self.level = 0
        self.paid = [0] * n
        self.declarer: int | None = None
        self.doubled = False
        # C
        self.figure = 0
        self.figure_cells = -1  # cells where cards are marked: all of them outside game C

    def _start_round(self, first: bool = False) -> list[Event]:
        events: list[Event] = []
        n = self.players
        # R8: out with no units; the session ends after its rounds or with one player left.
        newly = [s for s in range(n) if not self.out[s] and self.balance[s] <= 0]
        for s in newly:
            self.out[s] = True
        if newly:
            events.append({"type": "out", "seats": newly})
        alive = [not o for o in self.out]
        if self.rounds_played >= self.rounds_total:
            return events + self._finish("rounds")
        if sum(alive) <= 1:
            return events + self._finish("last_player")
        if not first:
            # R1: the deck passes clockwise to the next player still in the session.
            self.dealer = self._clockwise((self.dealer + 1) % n, alive)[0]
            if self.options.passes:
                events += self._pass_cartons(alive)
        self._reset_round()
        self.round_number += 1
        self.owner = [None] * len(CARTONS)
        for s in range(n):
            if alive[s]:
                for k in self.holdings[s]:
                    self.owner[k] = s
        events.append(
            {
                "type": "round_start",
                "number": self.round_number,
                "dealer": self.dealer,
                "cartons": [
                    [k + 1 for k in self.holdings[s]] if alive[s] else [] for s in range(n)
                ],
            }
        )
        opening = self.rules.first_question
        if opening != ANTE:  # B: who plays the round is known once the ante is set (R21)
            self.in_round = list(alive)
        if opening is None:
            self.deck = self._new_deck()
            return events + self._opening_cards()
        self.phase = opening
        self.movers = frozenset({self.dealer})
        return events

    def _pass_cartons(self, alive: list[bool]) -> list[Event]:
        """R7: each player still in the session passes his carton(s) to his left neighbour."""
        seats = [s for s in range(self.players) if alive[s]]
        held = [self.holdings[s] for s in seats]
        for i, s in enumerate(seats):
            self.holdings[s] = held[i - 1]  # from the right-hand neighbour
        return [{"type": "pass_cartons"}]

    def _finish(self, reason: str) -> list[Event]:
        self.phase = OVER
        self.movers = frozenset()
        self.end_reason = reason
        return [{"type": "game_over", "reason": reason, "ranks": self._ranks()}]

    def _ranks(self) -> list[int]:
        """R8: players ranked by units (equal units share a rank)."""
        return [1 + sum(b > self.balance[s] for b in self.balance) for s in range(self.players)]

    # ------------------------------------------------------------------ cards and marking (R3, R4)
    def _turn(self) -> Event:
        """The dealer turns the next card; every player still in marks it (R4, R33)."""
        card = self.deck.pop()
        self.turned.append(card)
        marks = []
        free: list[int] = []
        figure_cells = self.figure_cells
        for k, cell in PLACES[card]:
            s = self.owner[k]
            if s is None or not self.in_round[s] or self.folded[s]:
                continue
            if not figure_cells >> cell & 1:
                continue
            if self.balance[s] > 0:
                self.balance[s] -= 1
            elif self.options.table_stakes:  # all-in: the cell is covered without a unit
                self.free[k] |= 1 << cell
                free.append(s)
            else:  # R4, D19: no unit, no marker
                continue
            self.covered[k] |= 1 << cell
            self.covered_cards[k] |= BIT[card]
            marks.append([s, k + 1, cell])
        event: Event = {
            "type": "card",
            "card": card_str(card),
            "marks": marks,
            "left": len(self.deck),
        }
        if free:
            event["free"] = free
        return event

    def _opening_cards(self) -> list[Event]:
        """R13, R24, D23: as many cards as players at the start of the round, then « Relance ? »."""
        self.opening_count = sum(self.in_round)
        events = [self._turn() for _ in range(self.opening_count)]
        return events + self._start_relance()

    # ------------------------------------------------------------------ « Relance ? » (R14)
    def _start_relance(self) -> list[Event]:
        self.phase = RELANCE
        self.relance_queue = self._left_of_dealer(self.still_in())
        self.raiser = None
        self.raise_amount = 0
        if self.betting_over():  # nobody could answer a raise: no « Relance ? »
            return [{"type": "betting_over"}, *self._after_relance()]
        return [{"type": "relance"}, *self._advance_relance()]

    def _advance_relance(self) -> list[Event]:
        """The next player asked « Relance ? » (a player with no unit cannot raise)."""
        while self.relance_queue and self.balance[self.relance_queue[0]] <= 0:
            self.relance_queue.pop(0)
        if self.relance_queue:
            self.movers = frozenset({self.relance_queue[0]})
            return []
        return self._after_relance()

    def _advance_follow(self) -> list[Event]:
        """The next player answering the raise; without table stakes one who cannot pay it
        passes (R14)."""
        events: list[Event] = []
        short = not self.options.table_stakes  # with table stakes a short player may go all-in
        while (
            short and self.relance_queue and self.balance[self.relance_queue[0]] < self.raise_amount
        ):
            s = self.relance_queue.pop(0)
            events += self._fold(s, forced=True)
            if self._resolved:
                return events
        if self.relance_queue:
            self.movers = frozenset({self.relance_queue[0]})
            return events
        return events + self._after_relance()

    def _after_relance(self) -> list[Event]:
        self.relance_done = True
        self.relance_turned = len(self.turned)
        if self.rules.pot and self.raiser is not None and self.betting_over():
            # B: all but one went all-in answering the raise; no enchère from now on.
            return [{"type": "betting_over"}, *self._next_card()]
        return self._next_card()

    def _fold(self, seat: int, forced: bool = False) -> list[Event]:
        """« je passe » (R15, R23, R26): the carton and its units stay on the table."""
        self.folded[seat] = True
        events: list[Event] = [{"type": "fold", "seat": seat, "forced": forced}]
        remaining = [s for s in range(self.players) if self.in_round[s] and not self.folded[s]]
        if len(remaining) == 1:
            events += self._resolve({remaining[0]: 0}, reason="folds")
        return events

    # ------------------------------------------------------------------ cards after « Relance ? »
    def _next_card(self) -> list[Event]:
        """R16, R24: one card, then every player still in may call « Rien ne va plus »."""
        if not self.deck:
            return self._showdown(reason="deck")  # R18, R28, D9
        events = [self._turn()]
        # A with call_after: no « Rien ne va plus » before that many cards after « Relance ? ».
        while self.deck and self.calls_from() > len(self.turned):
            events.append(self._turn())
        self.phase = WINDOW
        self.wishes = {}
        if self.rules.pot and self.options.table_stakes and not self.betting_over():
            # R25: the call is a bet; players all-in have none left to make.
            self.movers = frozenset(self._bettors())
        else:
            self.movers = frozenset(
                s for s in range(self.players) if self.in_round[s] and not self.folded[s]
            )
        return events

    def calls_from(self) -> int:
        """How many cards must have been turned before « Rien ne va plus » (A's call_after)."""
        wait = self.options.call_after if self.variant == "A" else 1
        return self.relance_turned + wait

    def _close_window(self) -> list[Event]:
        """D8: the first caller clockwise from the dealer's left calls; the others' wishes lapse."""
        wishes = self.wishes
        self.wishes = {}
        callers = [
            s
            for s in self._left_of_dealer(self.still_in())
            if s in wishes and wishes[s]["type"] != "wait"
        ]
        if not callers:
            return self._next_card()
        caller = callers[0]
        self.caller = caller
        if wishes[caller]["type"] == "stop":  # A, or B once betting has stopped: no enchère
            return [{"type": "rien_ne_va_plus", "seat": caller}, *self._showdown(reason="call")]
        return self._declare(caller, wishes[caller]["amount"])

    # ------------------------------------------------------------------ resolution (R5, R9, R17)
    def _hand_mask(self, seat: int) -> int:
        mask = 0
        for k in self.holdings[seat]:
            mask |= self.covered_cards[k]
        for c in self.hidden[seat]:
            mask |= BIT[c]
        return mask

    def _carton_key(self, seat: int) -> int:
        """R6: the best hand among the seat's covered cards (B: plus his hidden cards)."""
        return evaluate_mask(self._hand_mask(seat))

    def _hand_cards(self, seat: int) -> list[int]:
        cards = [
            c
            for c in self.turned
            if any(self.covered_cards[k] & BIT[c] for k in self.holdings[seat])
        ]
        return cards + list(self.hidden[seat])

    def _showdown(self, reason: str) -> list[Event]:
        """R17, R18, R27 (2, 3), R28: the best hand among the players still in wins."""
        contenders = [s for s in range(self.players) if self.in_round[s] and not self.folded[s]]
        keys = {s: self._carton_key(s) for s in contenders}
        return self._resolve(keys, reason=reason, shown=contenders)

    def _units_on(self, k: int) -> int:
        """The units lying on carton ``k``: its markers (not the cells an all-in player covered
        without a unit) and, in A, its raises."""
        return (self.covered[k] & ~self.free[k]).bit_count() + self.stakes[k]

    def put_in(self) -> list[int]:
        """What each player has on the table this round: the units on his cartons and what he
        paid into B's pot."""
        put = list(self.in_pot)
        for k, owner in enumerate(self.owner):
            if owner is not None:
                put[owner] += self._units_on(k)
        return put

    def pots(self) -> list[dict[str, Any]]:
        """The main pot and the side pots (table stakes), lowest first: ``parts`` (each seat's
        units in it) and ``eligible`` (the players still in who may win it).

        A player all-in can win from each other player at most what he put himself: each
        all-in amount closes a layer; a layer goes to the best hand among the players still in
        who put at least its top. Without an all-in there is one pot, every player still in
        eligible (R5)."""
        n = self.players
        put = self.put_in()
        still = self.still_in()
        all_in = [self.is_all_in(s) for s in range(n)]
        tops: list[int | None] = [*sorted({put[s] for s in range(n) if all_in[s]}), None]
        pots: list[dict[str, Any]] = []
        low = 0
        for top in tops:
            parts = [max(0, (put[s] if top is None else min(put[s], top)) - low) for s in range(n)]
            eligible = [
                s
                for s in range(n)
                if still[s] and (not all_in[s] or (top is not None and put[s] >= top))
            ]
            if sum(parts):
                pots.append({"amount": sum(parts), "parts": parts, "eligible": eligible})
            if top is not None:
                low = top
        return pots

    def _resolve(
        self,
        keys: dict[int, int],
        reason: str,
        shown: list[int] | None = None,
    ) -> list[Event]:
        """R5, R9, R19, R29, R35: ``keys`` ranks the players still in (the best hand, the
        bingo). Pot by pot (one pot without an all-in), its winners — the best among the
        players eligible for it — take back their own units in it and share the others' (R9);
        a pot no player still in may win goes back to those who put it (table stakes)."""
        n = self.players
        payout = [0] * n
        on_cartons = [p - q for p, q in zip(self.put_in(), self.in_pot, strict=True)]
        gainers: set[int] = set()
        pots = []
        for pot in self.pots():
            parts, eligible = pot["parts"], [s for s in pot["eligible"] if s in keys]
            if not eligible:  # nobody still in put that much: each takes his units back
                for s in range(n):
                    payout[s] += parts[s]
                pots.append({"amount": pot["amount"], "eligible": [], "winners": []})
                continue
            best = max(keys[s] for s in eligible)
            order = self._left_of_dealer([s in eligible and keys[s] == best for s in range(n)])
            pool = sum(parts[s] for s in range(n) if s not in order)
            for s in order:
                payout[s] += parts[s]
            share, rest = divmod(pool, len(order))
            for s in order:
                payout[s] += share
            if rest:
                payout[self.caller if self.caller in order else order[0]] += rest  # R9, D13
            gainers.update(order)
            pots.append({"amount": pot["amount"], "eligible": eligible, "winners": order})
        # What the winners collected: all but the units on their own cartons (B's pot whole).
        collected = sum(payout[s] - on_cartons[s] for s in gainers)
        best = max(keys.values())
        order = self._left_of_dealer([keys.get(s) == best for s in range(n)])
        for s in range(n):
            self.balance[s] += payout[s]
        shown = shown or []
        hands = {}
        for s in shown:
            mask_cards = self._hand_cards(s)
            key = keys[s]
            hands[str(s)] = {
                "name": name_fr(key),
                "key": key,
                "cards": format_cards(best_five(mask_cards)),
            }
        summary: dict[str, Any] = {
            "number": self.round_number,
            "game": self.variant,
            "dealer": self.dealer,
            "reason": reason,
            "caller": self.caller,
            "winners": order,
            "collected": collected,
            "pot": self.pot,
            "payout": payout,
            "pots": pots,
            "hands": hands,
            "hidden": {str(s): format_cards(self.hidden[s]) for s in shown if self.hidden[s]},
        }
        if self.rules.pot:
            summary["case"] = 1 if len(shown) <= 1 else 3 if self.doubled else 2
        if self.rules.figures:
            summary["figure"] = self.figure
        # The cartons as the round left them, for the screen that shows its end (issue 17).
        summary["covered"], summary["free"] = list(self.covered), list(self.free)
        self.pot = 0
        self.covered = [0] * len(CARTONS)
        self.covered_cards = [0] * len(CARTONS)
        self.stakes = [0] * len(CARTONS)
        self.free = [0] * len(CARTONS)
        self.in_pot = [0] * n
        self.rounds_played += 1
        self.last_round = summary
        self._resolved = True
        events: list[Event] = [{"type": "round_end", **summary}]
        return events

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> frozenset[int]:
        return self.movers

    def is_over(self) -> bool:
        return self.phase == OVER

    # ------------------------------------------------------------------ legality
    # One source of legality per action, as pokerkit's verify_x: ``verify_<kind>(seat, value)``
    # raises IllegalAction with the reason, or returns the values the kind may take (a range,
    # or None for a kind without one). ``_legal`` lists what they allow; ``_check`` asks them.
    def _kinds(self) -> tuple[str, ...]:
        """The action kinds of the phase, in the order they are listed."""
        if self.phase == WINDOW:
            return (
                ("wait", "bid") if self.rules.pot and not self.betting_over() else ("wait", "stop")
            )
        return _PHASE_KINDS[self.phase]

    def _legal(self, seat: int) -> list[Action]:
        out: list[Action] = []
        for kind in self._kinds():
            try:
                values = self._verify(kind, seat, None)
            except IllegalAction:
                continue
            if values is None:
                out.append({"type": kind})
            else:
                field = _FIELDS[kind][0]
                out += [{"type": kind, field: v} for v in values]
        return out

    def _verify(self, kind: str, seat: int, value: int | None) -> Sequence[int] | None:
        verify = getattr(self, f"verify_{kind}", None)  # a kind with no condition has none
        return None if verify is None else verify(seat, value)

    def verify_raise(self, seat: int, amount: int | None = None) -> range:
        return self._within(amount, 1, self._top(seat), "montant", "amount")

    def verify_bid(self, seat: int, amount: int | None = None) -> range:
        return self._within(amount, 1, self._top(seat), "montant", "amount")

    def verify_stake(self, seat: int, amount: int | None = None) -> range:
        return self._within(amount, 0, self._top(seat), "enjeu", "stake")

    def verify_ante(self, seat: int, amount: int | None = None) -> range:
        return self._within(amount, 1, self._max_ante(), "enjeu minimum", "ante")

    def verify_figure(self, seat: int, figure: int | None = None) -> Sequence[int]:
        if figure is not None and figure not in FIGURE_BY_NUMBER:
            raise IllegalAction(
                f"figure {figure} inconnue : de 1 (ligne verticale) à 10 (carton complet)",
                f"unknown figure {figure}: 1 (vertical line) to 10 (full carton)",
            )
        return list(FIGURE_BY_NUMBER)

    def verify_outbid(self, seat: int, to: int | None = None) -> range:
        if not self._answerable(seat):
            raise IllegalAction(
                "renchérir : tous les autres joueurs encore en jeu sont à tapis",
                "no raise: every other player still in is all-in",
            )
        return self._within(to, self.highest + 1, self._top(seat), "niveau", "level")

    def verify_match(self, seat: int, _: int | None = None) -> None:
        cost, bal = self.highest - self.contrib[seat], self.balance[seat]
        if cost > bal and not self.options.table_stakes:
            raise IllegalAction(
                f"il faut {cost} unités pour suivre, vous en avez {bal}",
                f"matching costs {cost} units, you have {bal}",
            )

    def verify_continue(self, seat: int, _: int | None = None) -> None:
        cost, bal = self.level - self.paid[seat], self.balance[seat]
        if cost > bal and not self.options.table_stakes:
            raise IllegalAction(
                f"« je continue » coûte {cost} unités, vous en avez {bal}",
                f"'je continue' costs {cost} units, you have {bal}",
            )

    def verify_double(self, seat: int, _: int | None = None) -> None:
        """« j'enchéris » in the final phase: payable in full, answerable (table stakes), and
        with ``raise_cap`` payable by one other player still in."""
        level = 2 * self.level
        cost, bal = level - self.paid[seat], self.balance[seat]
        if cost > bal:
            raise IllegalAction(
                f"« j'enchéris » coûte {cost} unités, vous en avez {bal}",
                f"'j'enchéris' costs {cost} units, you have {bal}",
            )
        if not self._answerable(seat):
            raise IllegalAction(
                "« j'enchéris » : les autres joueurs encore en jeu sont à tapis",
                "'j'enchéris': every other player still in is all-in",
            )
        if self.options.raise_cap and not any(
            level - self.paid[s] <= self.balance[s]
            for s in range(self.players)
            if s != seat and self.in_round[s] and not self.folded[s]
        ):
            raise IllegalAction(
                "« j'enchéris » : aucun autre joueur ne pourrait payer ce niveau (raise_cap)",
                "nobody else could pay that level (raise_cap)",
            )

    def _top(self, seat: int) -> int:
        """The largest raise, bid or opening stake (or, in the betting round, the highest level)
        ``seat`` may ask: what he can pay; with ``raise_cap`` also no more than the richest
        other player still in can pay (otherwise everyone would have to pass, R14, R26)."""
        bet = self.phase == BET
        top = self.balance[seat] + (self.contrib[seat] if bet else 0)
        if self.options.raise_cap:
            others = [
                s
                for s in range(self.players)
                if s != seat and self.in_round[s] and not self.folded[s]
            ]
            top = min(
                top,
                max((self.balance[s] + (self.contrib[s] if bet else 0) for s in others), default=0),
            )
        return top

    def _answerable(self, seat: int) -> bool:
        """A raise by ``seat`` could be answered: without table stakes always (a player who
        cannot pay passes), with them only if another player still in has units left."""
        return not self.options.table_stakes or any(s != seat for s in self._bettors())

    def _max_ante(self) -> int:
        """R21: the dealer's stake m, at most what he has, and at most what the richest other
        player has (so that at least two players play the round)."""
        others = [
            self.balance[s] for s in range(self.players) if s != self.dealer and not self.out[s]
        ]
        return max(1, min(self.balance[self.dealer], max(others, default=0)))

    def timeout_action(self, seat: int) -> Action | None:
        """What a clock's expiry means: the cautious answer of each question."""
        if seat not in self.movers:
            return None
        return {
            WINDOW: WAIT,
            RELANCE: DECLINE,
            FOLLOW: FOLD,
            FINAL: FOLD,
            ANTE: {"type": "ante", "amount": 1},
            STAKE: {"type": "stake", "amount": 0},
            FIGURE: {"type": "figure", "figure": 1},
            BET: MATCH if self.highest == self.contrib[seat] else FOLD,
        }[self.phase].copy()

    # ------------------------------------------------------------------ checks
    def _check(self, seat: int | None, action: Action) -> None:
        kind = action["type"]
        fields = _FIELDS.get(kind)
        if fields is None or set(action) - {"type", *fields}:
            raise InvalidAction(
                f"action inconnue : {action!r} (possibles : {', '.join(_FIELDS)})",
                f"unknown action: {action!r} (known: {', '.join(_FIELDS)})",
            )
        for f in fields:
            value = action.get(f)
            if type(value) is not int:
                raise InvalidAction(
                    f"« {kind} » demande un nombre entier « {f} »",
                    f"'{kind}' needs an integer '{f}'",
                )
        if seat is None:
            raise IllegalAction(
                "le donneur tourne les cartes tout seul : pas d'action d'arbitre",
                "the dealer turns cards by himself: no arbiter action",
            )
        kinds = self._kinds()
        if kind not in kinds:
            raise IllegalAction(
                f"« {kind} » n'est pas possible maintenant ({PHASE_FR[self.phase]})",
                f"'{kind}' is not possible now (phase {self.phase})",
            )
        self._verify(kind, seat, action[fields[0]] if fields else None)

    @staticmethod
    def _within(value: int | None, low: int, high: int, fr: str, en: str) -> range:
        """The values ``low``…``high``; with a ``value``, IllegalAction unless it is one."""
        if value is not None and not low <= value <= high:
            if high < low:
                raise IllegalAction(
                    f"{fr} impossible : pas assez d'unités (ou personne pour payer)",
                    f"no possible {en}: not enough units (or nobody could pay)",
                )
            raise IllegalAction(
                f"{fr} de {low} à {high} (reçu {value})",
                f"{en} must be {low} to {high} (got {value})",
            )
        return range(low, high + 1)

    # ------------------------------------------------------------------ apply
    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        self._resolved = False
        do: Callable[[int, Action], list[Event]] = getattr(self, f"_do_{action['type']}")
        events = do(seat, action)
        if self._resolved:
            self._resolved = False
            events += self._start_round()
        return events

    # ---- « Relance ? » (R14, R24)
    def _do_decline(self, seat: int, action: Action) -> list[Event]:
        self.relance_queue.pop(0)
        return [{"type": "decline", "seat": seat}, *self._advance_relance()]

    def _do_raise(self, seat: int, action: Action) -> list[Event]:
        r = action["amount"]
        self._pay_raise(seat, r)
        self.raiser = seat
        self.raise_amount = r
        self.phase = FOLLOW
        # Every other player still in, clockwise from the raiser's left round to his right
        # (with table stakes, not those already all-in: they stay in for what they have put).
        self.relance_queue = [
            s for s in self._clockwise(seat, self.still_in()) if s != seat and not self.is_all_in(s)
        ]
        return [{"type": "raise", "seat": seat, "amount": r}, *self._advance_follow()]

    def _pay_raise(self, seat: int, r: int) -> int:
        """D7: in A the raise lies on one's own carton (a stake for the winner), in B in the pot.
        With table stakes a player short of ``r`` pays all he has; returns what was paid."""
        r = min(r, self.balance[seat])
        self.balance[seat] -= r
        if not self.rules.pot:
            self.stakes[self.holdings[seat][0]] += r
        else:
            self.pot += r
            self.in_pot[seat] += r
        return r

    def _do_follow(self, seat: int, action: Action) -> list[Event]:
        self.relance_queue.pop(0)
        paid = self._pay_raise(seat, self.raise_amount)
        return [
            self._paid_event({"type": "follow", "seat": seat, "amount": paid}),
            *self._advance_follow(),
        ]

    def _paid_event(self, event: Event) -> Event:
        """A payment's event; ``all_in`` when the payer put his last unit (table stakes)."""
        if self.is_all_in(event["seat"]):
            event["all_in"] = True
        return event

    def _do_fold(self, seat: int, action: Action) -> list[Event]:
        if self.phase == FOLLOW:
            self.relance_queue.pop(0)
            events = self._fold(seat)
            return events if self._resolved else events + self._advance_follow()
        if self.phase == BET:
            self.bet_queue.pop(0)
            events = self._fold(seat)
            return events if self._resolved else events + self._advance_bet()
        self.bet_queue.pop(0)  # FINAL
        events = self._fold(seat)
        return events if self._resolved else events + self._advance_final()

    # ---- « Rien ne va plus » (R16, R25)
    def _do_wait(self, seat: int, action: Action) -> list[Event]:
        return self._wish(seat, action)

    def _do_stop(self, seat: int, action: Action) -> list[Event]:
        return self._wish(seat, action)

    def _do_bid(self, seat: int, action: Action) -> list[Event]:
        return self._wish(seat, action)

    def _wish(self, seat: int, action: Action) -> list[Event]:
        self.wishes[seat] = action
        self.movers = self.movers - {seat}
        if self.movers:
            return []  # the answers stay secret until everyone has answered
        return self._close_window()

    # ---- B: ante, hidden cards, first betting round (R21–R23)
    def _do_ante(self, seat: int, action: Action) -> list[Event]:
        m = action["amount"]
        self.ante = m
        n = self.players
        self.in_round = [not self.out[s] and self.balance[s] >= m for s in range(n)]
        for s in range(n):
            if self.in_round[s]:
                self.balance[s] -= m
                self.pot += m
                self.in_pot[s] += m
        events: list[Event] = [
            {
                "type": "ante",
                "seat": seat,
                "amount": m,
                "players": [s for s in range(n) if self.in_round[s]],
                "pot": self.pot,
            }
        ]
        # R22: three cards face down, one at a time clockwise from the dealer's left.
        self.deck = self._new_deck()
        order = self._left_of_dealer(self.in_round)
        for _ in range(HIDDEN_CARDS):
            for s in order:
                self.hidden[s].append(self.deck.pop())
        events.append({"type": "deal_hidden", "seats": order, "cards": HIDDEN_CARDS})
        self.opening_count = len(order)
        if self.betting_over():  # table stakes: at most one player could bet, no betting round
            return [*events, {"type": "betting_over"}, *self._opening_cards()]
        if self.is_all_in(order[0]):  # he asks nothing more: his stake is 0
            return events + self._do_stake(order[0], {"type": "stake", "amount": 0})
        self.phase = STAKE
        self.movers = frozenset({order[0]})
        return events

    def _do_stake(self, seat: int, action: Action) -> list[Event]:
        s = action["amount"]
        self._bet(seat, s)
        self.highest = s
        self.bet_queue = [x for x in self._clockwise(seat, self.still_in()) if x != seat]
        self.phase = BET
        return [{"type": "stake", "seat": seat, "amount": s, "pot": self.pot}, *self._advance_bet()]

    def _bet(self, seat: int, level: int) -> int:
        """Pay up to ``level`` in the first betting round (all he has if short, table stakes)."""
        pay = min(level - self.contrib[seat], self.balance[seat])
        self.balance[seat] -= pay
        self.pot += pay
        self.in_pot[seat] += pay
        self.contrib[seat] += pay
        return pay

    def _do_match(self, seat: int, action: Action) -> list[Event]:
        self.bet_queue.pop(0)
        pay = self._bet(seat, self.highest)
        return [
            self._paid_event({"type": "match", "seat": seat, "amount": pay, "pot": self.pot}),
            *self._advance_bet(),
        ]

    def _do_outbid(self, seat: int, action: Action) -> list[Event]:
        level = action["to"]
        self._bet(seat, level)
        self.highest = level
        self.bet_queue = [x for x in self._clockwise(seat, self.still_in()) if x != seat]
        return [
            {"type": "outbid", "seat": seat, "to": level, "pot": self.pot},
            *self._advance_bet(),
        ]

    def _advance_bet(self) -> list[Event]:
        """D10: the round ends when every remaining player has matched and spoken."""
        return self._advance_queue(lambda s: self.highest - self.contrib[s], self._opening_cards)

    def _advance_queue(
        self, owed: Callable[[int], int], when_done: Callable[[], list[Event]]
    ) -> list[Event]:
        """The betting queue of both betting rounds (D10, R26): the next player who must answer
        moves; one who is all-in is asked nothing more (table stakes); one who cannot pay what
        he ``owed`` must pass (folds) unless table stakes let him go all-in. ``when_done``: what
        follows once everyone has answered."""
        events: list[Event] = []
        while self.bet_queue:
            s = self.bet_queue[0]
            if self.is_all_in(s):  # table stakes: in for what he has put, asked nothing more
                self.bet_queue.pop(0)
                continue
            if self.options.table_stakes or owed(s) <= self.balance[s]:
                self.movers = frozenset({s})
                return events
            self.bet_queue.pop(0)
            events += self._fold(s, forced=True)
            if self._resolved:
                return events
        return events + when_done()

    # ---- B: final phase (R25–R27, D11, D12)
    def _declare(self, seat: int, e: int) -> list[Event]:
        self.declarer = seat
        self.level = e
        self.paid = [0] * self.players
        self.paid[seat] = e
        self.balance[seat] -= e
        self.pot += e
        self.in_pot[seat] += e
        self.phase = FINAL
        self.bet_queue = [x for x in self._clockwise(seat, self.still_in()) if x != seat]
        event = {"type": "rien_ne_va_plus", "seat": seat, "amount": e, "pot": self.pot}
        return [self._paid_event(event), *self._advance_final()]

    def _do_continue(self, seat: int, action: Action) -> list[Event]:
        self.bet_queue.pop(0)
        pay = self._pay_final(seat, self.level)
        event = {"type": "continue", "seat": seat, "amount": pay, "pot": self.pot}
        return [self._paid_event(event), *self._advance_final()]

    def _do_double(self, seat: int, action: Action) -> list[Event]:
        self.level *= 2
        self.doubled = True
        pay = self._pay_final(seat, self.level)
        self.bet_queue = [x for x in self._clockwise(seat, self.still_in()) if x != seat]
        event = {"type": "double", "seat": seat, "level": self.level, "amount": pay,
                 "pot": self.pot}  # fmt: skip
        return [self._paid_event(event), *self._advance_final()]

    def _pay_final(self, seat: int, level: int) -> int:
        """Pay up to ``level`` in the final phase (all he has if short, table stakes)."""
        pay = min(level - self.paid[seat], self.balance[seat])
        self.balance[seat] -= pay
        self.pot += pay
        self.in_pot[seat] += pay
        self.paid[seat] += pay
        return pay

    def _advance_final(self) -> list[Event]:
        """R26: answers go round until every remaining player has matched the level or passed;
        a player who cannot pay « je continue » must pass. Then R27 cases 2 and 3."""
        return self._advance_queue(
            lambda s: self.level - self.paid[s], lambda: self._showdown(reason="call")
        )

    # ---- C: figure and bingo (R32–R36)
    def _do_figure(self, seat: int, action: Action) -> list[Event]:
        self.figure = action["figure"]
        fig = FIGURE_BY_NUMBER[self.figure]
        self.figure_cells = fig.cells
        self.deck = self._new_deck()
        self.movers = frozenset()
        events: list[Event] = [
            {"type": "figure", "seat": seat, "figure": fig.number, "name": fig.name_fr}
        ]
        instances = fig.instances
        while self.deck:
            event = self._turn()
            events.append(event)
            done: list[int] = []
            for s, k1, _cell in event["marks"]:
                covered = self.covered[k1 - 1]
                if s not in done and any(covered & i == i for i in instances):
                    done.append(s)
            if done:  # R34, D17: the engine sees the bingo at once
                winners = self._left_of_dealer([s in done for s in range(self.players)])
                events.append({"type": "bingo", "seats": winners})
                keys = {s: int(s in done) for s in range(self.players) if self.in_round[s]}
                return events + self._resolve(keys, reason="bingo", shown=[])
        # R36, D9: no bingo; every unit goes back to its owner.
        for k in range(len(CARTONS)):
            owner = self.owner[k]
            if owner is not None:
                self.balance[owner] += self._units_on(k)
        covered, free = list(self.covered), list(self.free)
        self.covered = [0] * len(CARTONS)
        self.covered_cards = [0] * len(CARTONS)
        self.rounds_played += 1
        self.last_round = {
            "number": self.round_number,
            "game": "C",
            "dealer": self.dealer,
            "reason": "no_bingo",
            "winners": [],
            "figure": self.figure,
            "collected": 0,
            "pot": 0,
            "payout": [0] * self.players,
            "hands": {},
            "hidden": {},
            "caller": None,
            "covered": covered,
            "free": free,
        }
        self._resolved = True
        return [*events, {"type": "round_end", **self.last_round}]

    # ------------------------------------------------------------------ results and views
    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("la partie n'est pas terminée", "the game is not over")
        ranks = self._ranks()
        reasons = {
            "rounds": (
                "le plus d'unités après la dernière manche",
                "most units after the last round",
            ),
            "last_player": ("seul joueur encore en jeu", "last player still in the session"),
        }
        fr, en = reasons[self.end_reason]
        return Result(
            scores=tuple(self.balance),
            ranks=tuple(ranks),
            winners=tuple(s for s in range(self.players) if ranks[s] == 1),
            reason_fr=fr,
            reason_en=en,
            details={
                "rounds": self.rounds_played,
                "out": list(self.out),
                "total": self.total,
                # a tournament's tie-break: the units won or lost (alphapoker.md §9)
                "start_scores": [self.total // self.players] * self.players,
            },
        )

    def units_on_cartons(self) -> int:
        return sum(self._units_on(k) for k in range(len(CARTONS)))

    def conserved(self) -> bool:
        """R10: balances + units on cartons + pot = the initial total."""
        return sum(self.balance) + self.units_on_cartons() + self.pot == self.total

    def view(self, seat: int | None = None) -> dict[str, Any]:
        n = self.players
        still = self.still_in()
        v: dict[str, Any] = {
            "game": "casinoroyal",
            "variant": self.variant,
            "seat": seat,
            "players": n,
            "phase": self.phase,
            "round": self.round_number,
            "rounds": self.rounds_total,
            "rounds_played": self.rounds_played,
            "dealer": self.dealer,
            "to_move": sorted(self.movers),
            "balances": list(self.balance),
            "total": self.total,
            "out": list(self.out),
            "in_round": list(self.in_round),
            "folded": list(self.folded),
            "still_in": still,
            "cartons": [[k + 1 for k in self.holdings[s]] for s in range(n)],
            "covered": list(self.covered),
            "stakes": list(self.stakes),
            "on_cartons": [self._units_on(k) for k in range(len(CARTONS))],
            "turned": [card_str(c) for c in self.turned],
            "deck_left": len(self.deck),
            "pot": self.pot,
            "caller": self.caller,
            "last_round": _copy(self.last_round),
            # Table stakes: who is all-in, the cells covered without a unit, what each player
            # has on the table, and the pots as they stand (all public, R11).
            "table_stakes": self.options.table_stakes,
            # A: « Rien ne va plus » from the call_after-th card after « Relance ? ».
            "call_after": self.options.call_after if self.variant == "A" else 1,
            "all_in": [self.is_all_in(s) for s in range(n)],
            "free": list(self.free),
            "put": self.put_in(),
            "pots": [{"amount": p["amount"], "eligible": p["eligible"]} for p in self.pots()]
            if self.phase != OVER
            else [],
        }
        if self.phase in (RELANCE, FOLLOW):
            v["relance"] = {
                "raiser": self.raiser,
                "amount": self.raise_amount,
                "queue": list(self.relance_queue),
            }
        if self.rules.figures:
            v["figure"] = self.figure or None
            v["figure_name"] = FIGURE_BY_NUMBER[self.figure].name_fr if self.figure else None
        # Visible hands (R11): covered cards are public; B's hidden cards are the holder's.
        hands: list[dict[str, Any] | None] = []
        for s in range(n):
            if not self.in_round[s] or self.rules.figures:
                hands.append(None)
                continue
            mask = 0
            for k in self.holdings[s]:
                mask |= self.covered_cards[k]
            key = evaluate_mask(mask)
            hands.append({"name": name_fr(key), "key": key})
        v["hands"] = hands
        if self.rules.pot:
            v.update(
                ante=self.ante,
                contrib=list(self.contrib),
                highest=self.highest,
                level=self.level,
                paid=list(self.paid),
                declarer=self.declarer,
                queue=list(self.bet_queue) if self.phase in (BET, FINAL) else [],
                hidden=format_cards(sort_cards(self.hidden[seat]))
                if seat is not None and self.hidden[seat]
                else None,
            )
            if seat is not None and self.hidden[seat]:
                key = self._carton_key(seat)
                own = PokerHand(key, best_five(self._hand_cards(seat)))
                v["my_hand"] = {"name": own.name_fr, "key": key, "cards": own.text()}
            else:
                v["my_hand"] = None
        if self.phase == OVER:
            v["ranks"] = self._ranks()
        return v


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(x) for k, x in value.items()}
    if isinstance(value, list):
        return [_copy(x) for x in value]
    return value


__all__ = ["PHASE_FR", "CasinoRoyalState"]
