"""AlphaPoker, the main game: state, legal actions, apply (rules/alphapoker.md R1–R43).

Reads like the rule book: set-up and dealing, change rounds, betting, elimination, showdown,
end of game. Every chance event draws from ``self.rng``; hidden cards leave only through
``view``; the events returned by ``apply`` are public.

Actions (JSON objects):
  {"type": "change", "cards": ["Ar", "Eb"]}            discard and draw as many (R11)
  {"type": "bet", "amount": 4, "pour_voir": false}      entame: open or raise the level to 4
  {"type": "check"}                                      entame: no raise (final round: showdown)
  {"type": "follow"}                                     « je suis » (R16)
  {"type": "fold"}
  {"type": "declare", "cards": ["Zb", "Ob", "*r(=O)"]}   show a word at the showdown ([] = none)
  {"type": "judge", "accept": {"1": true}}               themed game: accept others' words (R43)
  arbiter only, seat None: {"type": "misdraw", "seat": 2, "card": "Ar"}   (R13)
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any

from ludotheque.cards.letters import (
    Played,
    assign,
    breakdown,
    count,
    deck,
    draw_rank,
    format_cards,
    parse_card,
    parse_played,
)
from ludotheque.engine.errors import IllegalAction, InvalidAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result, State, fields
from ludotheque.games.alphapoker.options import (
    ANTE,
    CAP,
    INTERMEDIATE_CAP,
    Options,
    sets_for,
    starting_capital,
)
from ludotheque.games.alphapoker.scoring import WordCheck, WordJudge

CARDS = frozenset(deck())
CHANGE, BET, SHOWDOWN, JUDGE, OVER = "change", "bet", "showdown", "judge", "over"
ALLOWED = {
    CHANGE: frozenset({"change"}),
    BET: frozenset({"bet", "check", "follow", "fold"}),
    SHOWDOWN: frozenset({"declare"}),
    JUDGE: frozenset({"judge"}),
    OVER: frozenset(),
}
ACTION_TYPES = frozenset().union(*ALLOWED.values())
INTERMEDIATE, FINAL = "intermediate", "final"


def sub_multisets(cards: list[str], most: int) -> list[tuple[str, ...]]:
    """Every distinct sub-multiset of ``cards`` with at most ``most`` cards, sorted tuples."""
    ordered = sorted(cards)
    subs = [c for k in range(most + 1) for c in combinations(ordered, k)]
    if len(set(ordered)) < len(ordered):  # two identical cards: drop repeated subsets
        subs = list(dict.fromkeys(subs))
    return subs


class AlphaPokerState(State[Options]):
    offers_all_legal = False  # offered_actions: forms to fill in, not the best words
    action_fields = fields(
        change=("cards",),
        bet=("amount", "pour_voir"),
        check=(),
        follow=(),
        fold=(),
        declare=("cards",),
        judge=("accept",),
        misdraw=("seat", "card"),
    )

    def __init__(self, players: int, options: Options, seed: int) -> None:
        super().__init__(players, options, seed)
        from ludotheque.lexicon import load

        self._shared_judge = WordJudge(
            load("alphapoker", compound=options.compound_words), options.proper_noun_list
        )
        n = players
        start = options.capital if options.capital is not None else starting_capital(n)
        self.start_capital = start
        self.initial_total = start * n
        self.capital = [start] * n
        self.eliminated: list[int | None] = [None] * n  # elimination event number (R28)
        self.eliminations = 0
        self.discarded = 0  # residue removed from play (R36)
        self.pot = 0
        self.hands_played = 0  # regular hands completed (R37)
        self.hand_number = 0
        self.extra_hands = 0
        self.winner: int | None = None
        self.end_reason = ""
        self.tied: list[int] = []  # players of the tie-break hands (R38)
        self.pre_tie_capital: list[int] | None = None
        self.last_hand: dict[str, Any] | None = None
        self.last_change: tuple[int, list[str]] | None = None  # for the misdraw (R13)
        self._reset_hand()
        self.dealer = -1
        self.dealer_draws: list[list[str]] = []
        self.opening_events = self._draw_dealer() + self._start_hand()

    def _reset_hand(self) -> None:
        n = self.players
        self.phase = CHANGE
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.own_discards: list[list[str]] = [[] for _ in range(n)]
        self.pile: list[str] = []
        self.discard_pile: list[str] = []
        self.in_hand = [False] * n
        self.folded = [False] * n
        self.contrib = [0] * n
        self.level = 0
        self.entame = -1
        self.actor: int | None = None
        self.round = 0
        self.changes: list[list[int | None]] = []
        self.bet_stage = FINAL
        self.followers: list[int] = []
        self.pour_voir = False
        self.cap = CAP
        self.ante = ANTE
        self.order: list[int] = []
        self.declared: dict[int, dict[str, Any]] = {}
        self.votes: dict[int, dict[int, bool]] = {}

    # ------------------------------------------------------------------ seats
    def alive(self) -> list[int]:
        return [s for s in range(self.players) if self.eliminated[s] is None]

    def _after(self, start: int, seats: list[int]) -> list[int]:
        """``seats`` in clockwise order from the one after ``start`` (``start`` itself last)."""
        n = self.players
        chosen = set(seats)
        return [(start + k) % n for k in range(1, n + 1) if (start + k) % n in chosen]

    def _in_hand_seats(self) -> list[int]:
        return [s for s in range(self.players) if self.in_hand[s]]

    # ------------------------------------------------------------------ set-up (R1–R9)
    def _draw_dealer(self) -> list[Event]:
        """R4: each player draws a card; nearest to A deals; a shared nearest voids the draw."""
        while True:
            cards = deck(sets_for(self.players))
            self.rng.shuffle(cards)
            drawn = cards[: self.players]
            self.dealer_draws.append(drawn)
            ranks = [draw_rank(c) for c in drawn]
            best = min(ranks)
            if ranks.count(best) == 1:
                self.dealer = ranks.index(best)
                return [{"type": "dealer_draw", "draws": self.dealer_draws, "dealer": self.dealer}]

    def _start_hand(self) -> list[Event]:
        events: list[Event] = []
        extra = bool(self.tied)
        if not extra:
            # R7: below 5 PM at the start of a hand → eliminated (one event, shared rank).
            self.in_hand = [False] * self.players  # no hand in progress yet
            poor = [s for s in self.alive() if self.capital[s] < ANTE]
            if poor:
                events += self._eliminate(poor, "ante")
                if self.phase == OVER:
                    return events
            if self.hand_number:  # R5: the deal passes clockwise, skipping the eliminated
                self.dealer = self._after(self.dealer, self.alive())[0]
            players = self.alive()
        else:
            players = self.tied
            # R38: the dealer is the first tied player clockwise from the last dealer.
            self.dealer = self._after(self.dealer, players)[0]
        carry = self.pot
        self._reset_hand()
        self.pot = carry
        self.hand_number += 1
        if extra:
            self.extra_hands += 1
            c = self.capital[players[0]]
            self.ante = min(ANTE, c)
            self.cap = min(CAP, c - self.ante)
        for s in players:
            self.in_hand[s] = True
        self.entame = self._after(self.dealer, players)[0]  # R6
        # R8: gather, shuffle, deal one card at a time clockwise from the entame.
        cards = deck(sets_for(self.players))
        self.rng.shuffle(cards)
        order = [self.entame, *self._after(self.entame, players)[:-1]]
        for _ in range(self.options.hand_size):
            for s in order:
                self.hands[s].append(cards.pop())
        self.pile = cards
        # R9: ante.
        for s in players:
            self.capital[s] -= self.ante
            self.pot += self.ante
        self.changes = [[None] * self.players for _ in range(self.options.change_rounds)]
        self.phase = CHANGE
        self.actor = self.entame
        events.append(
            {
                "type": "hand_start",
                "number": self.hand_number,
                "extra": extra,
                "dealer": self.dealer,
                "entame": self.entame,
                "players": players,
                "ante": self.ante,
                "pot": self.pot,
                "carry": carry,
            }
        )
        return events

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return frozenset()
        if self.phase == JUDGE:
            return frozenset(s for s, v in self.votes.items() if not v and self._judged_by(s))
        return frozenset((self.actor,)) if self.actor is not None else frozenset()

    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == CHANGE:
            subs = sub_multisets(self.hands[seat], self.options.max_change)
            return [{"type": "change", "cards": [*sub]} for sub in subs]
        if self.phase == BET:
            if seat != self.entame or self.followers:
                return [{"type": "follow"}, {"type": "fold"}]
            return self._entame_choices()
        if self.phase == SHOWDOWN:
            return self._declaration_choices(seat)
        if self.phase == JUDGE:
            targets = self._judged_by(seat)
            out = []
            for mask in range(1 << len(targets)):
                verdict = {str(t): bool(mask >> i & 1) for i, t in enumerate(targets)}
                out.append({"type": "judge", "accept": verdict})
            return out
        return []

    def offered_actions(self, seat: int) -> list[Action]:
        """At the showdown a client is offered only « no word »: the words of his hand are his
        to find (he lays out any cards in order, R31). At a change a client is offered the one
        form he fills in (the cards he picks, R11), not every subset of his hand up to
        ``max_change`` (99 of them for 7 cards and 4: most of an update's bytes and of the
        server's time encoding it); ``apply`` accepts every legal change. The other choices are
        shown as legal."""
        if self.phase == SHOWDOWN and seat in self.to_move():
            return [{"type": "declare", "cards": []}]  # without searching the hand's words
        if self.phase == CHANGE and seat in self.to_move():
            return [{"type": "change", "cards": []}]  # keep all; any legal change is accepted
        return self.legal_actions(seat)

    def _bet_range(self) -> range:
        """Levels the entame may bet or raise to now (R15, R17, R22, R23)."""
        e = self.entame
        top = self.cap if self.bet_stage == FINAL else min(INTERMEDIATE_CAP, self.cap)
        top = min(top, self.contrib[e] + self.capital[e])
        return range(self.level + 1, top + 1)

    def _entame_choices(self) -> list[Action]:
        out: list[Action] = []
        final = self.bet_stage == FINAL
        for amount in self._bet_range():
            if final and amount < CAP:
                out.append({"type": "bet", "amount": amount, "pour_voir": False})
            out.append({"type": "bet", "amount": amount, "pour_voir": final})
        if self.level > 0 or not final:
            out.append({"type": "check"})
        out.append({"type": "fold"})
        return out

    def _declaration_choices(self, seat: int) -> list[Action]:
        """One representative per distinct count the hand allows, and the empty word."""
        from ludotheque.lexicon.search import all_words

        by_score: dict[int, Action] = {}
        plays = all_words(
            self.hands[seat], self._shared_judge.lexicon, self.options.simplified_counting
        )
        plays += self._proper_noun_plays(seat)
        for play in plays:
            if len(play.cards) <= self.options.hand_size and play.score not in by_score:
                by_score[play.score] = {"type": "declare", "cards": [str(c) for c in play.cards]}
        out = [{"type": "declare", "cards": []}] + [by_score[k] for k in sorted(by_score)]
        if self.options.theme:  # R43: two words of one count differ, one may be refused
            shown = {tuple(a["cards"]) for a in out}
            for play in plays:
                cards = tuple(str(c) for c in play.cards)
                if len(cards) <= self.options.hand_size and cards not in shown:
                    shown.add(cards)
                    out.append({"type": "declare", "cards": list(cards)})
        return out

    def _proper_noun_plays(self, seat: int) -> list[Any]:
        """Table-supplied proper nouns the hand can form (R42), as word plays."""
        from ludotheque.lexicon.search import WordPlay

        plays = []
        for name in sorted(self._shared_judge.proper_nouns):
            cards = assign(name, self.hands[seat])
            if cards is not None:
                score = count(cards, self.options.simplified_counting)
                plays.append(WordPlay(name, score, cards))
        return plays

    # ------------------------------------------------------------------ checking
    def _check(self, seat: int | None, action: Action) -> None:
        kind = action["type"]
        if seat is None:
            if kind != "misdraw":
                raise InvalidAction(
                    "l'arbitre ne peut que signaler une carte montrée (misdraw)",
                    "the arbiter can only report a shown card (misdraw)",
                )
            self._check_misdraw(action)
            return
        if kind not in ACTION_TYPES:
            raise InvalidAction(
                f"type d'action inconnu : « {kind} »", f"unknown action type '{kind}'"
            )
        if kind not in ALLOWED[self.phase]:
            raise IllegalAction(
                f"« {kind} » n'est pas possible maintenant (phase : {PHASE_FR[self.phase]})",
                f"'{kind}' is not possible now (phase: {self.phase})",
            )
        getattr(self, f"_check_{kind}")(seat, action)

    def _cards_field(self, action: Action) -> list[str]:
        cards = action.get("cards")
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise InvalidAction(
                "le champ « cards » doit être une liste de cartes (« Ar », « *b(=E) »)",
                "the 'cards' field must be a list of cards ('Ar', '*b(=E)')",
            )
        return cards

    def _changed_cards(self, action: Action) -> list[str]:
        """The cards of a change, each spelled the one way (« ar » is « Ar »)."""
        cards = self._cards_field(action)
        try:  # cards are usually spelled exactly: skip the parser for them
            return [c if c in CARDS else parse_card(c) for c in cards]
        except NotationError as exc:
            raise InvalidAction(exc.fr, exc.en) from None

    def _check_change(self, seat: int, action: Action) -> None:
        parsed = self._changed_cards(action)
        most = self.options.max_change
        if len(parsed) > most:
            raise IllegalAction(
                f"on change au plus {most} cartes par tour (R10), pas {len(parsed)}",
                f"at most {most} cards per change (R10), not {len(parsed)}",
            )
        self._require_in_hand(seat, parsed)
        if len(parsed) > len(self.pile):  # D15: defensive, cannot happen with the R10 table
            raise IllegalAction("la pioche est vide", "the draw pile is empty")

    def _require_in_hand(self, seat: int, cards: list[str]) -> None:
        left = list(self.hands[seat])
        for card in cards:
            if card in left:
                left.remove(card)
                continue
            k = cards.count(card)
            raise IllegalAction(
                f"vous n'avez pas {'la carte' if k == 1 else f'{k} cartes'} {card} en main",
                f"you do not hold {'the card' if k == 1 else f'{k} cards'} {card}",
            )

    def _check_bet(self, seat: int, action: Action) -> None:
        if seat != self.entame or self.followers:
            raise IllegalAction(
                "seul le joueur de l'entame mise ou relance ; vous pouvez suivre ou vous "
                "coucher (R14)",
                "only the entame bets or raises; you may follow or fold (R14)",
            )
        amount, pv = action.get("amount"), action.get("pour_voir", False)
        if isinstance(amount, bool) or not isinstance(amount, int) or not isinstance(pv, bool):
            raise InvalidAction(
                'une mise s\'écrit {"type": "bet", "amount": entier, "pour_voir": booléen}',
                'a bet is {"type": "bet", "amount": int, "pour_voir": bool}',
            )
        allowed = self._bet_range()
        if amount not in allowed:
            if not allowed:
                raise IllegalAction(
                    "vous ne pouvez plus miser : plafond atteint ou capital épuisé (R22)",
                    "you cannot bet any more: cap reached or capital exhausted (R22)",
                )
            raise IllegalAction(
                f"mise impossible : le niveau va de {allowed.start} à {allowed.stop - 1} PM "
                f"(niveau actuel {self.level}, votre capital {self.capital[seat]})",
                f"impossible bet: the level must be {allowed.start} to {allowed.stop - 1} PM "
                f"(current level {self.level}, your capital {self.capital[seat]})",
            )
        if pv and self.bet_stage == INTERMEDIATE:
            raise IllegalAction(
                "« pour voir » n'est possible qu'au dernier tour de mise (R23)",
                "« pour voir » is only possible in the final betting round (R23)",
            )

    def _check_check(self, seat: int, action: Action) -> None:
        if seat != self.entame or self.followers:
            raise IllegalAction(
                "vous devez suivre (« je suis ») ou vous coucher",
                "you must follow ('je suis') or fold",
            )
        if self.bet_stage == FINAL and self.level == 0:
            raise IllegalAction(
                "à l'ouverture, l'entame doit miser au moins 1 PM ou se coucher (R15)",
                "at the opening the entame must bet at least 1 PM or fold (R15)",
            )

    def _check_follow(self, seat: int, action: Action) -> None:
        if seat == self.entame and not self.followers:
            raise IllegalAction(
                "l'entame ne suit pas : il mise, relance, s'arrête ou passe",
                "the entame does not follow: he bets, raises, checks or folds",
            )

    def _check_fold(self, seat: int, action: Action) -> None:
        pass

    def _declared(self, action: Action) -> list[Played]:
        cards = self._cards_field(action)
        try:
            return [parse_played(c) for c in cards]
        except NotationError as exc:
            raise InvalidAction(exc.fr, exc.en) from None

    def _check_declare(self, seat: int, action: Action) -> None:
        self._require_in_hand(seat, [p.card for p in self._declared(action)])

    def _check_judge(self, seat: int, action: Action) -> None:
        verdict = action.get("accept")
        targets = {str(t) for t in self._judged_by(seat)}
        if (
            not isinstance(verdict, dict)
            or set(verdict) != targets
            or not all(isinstance(v, bool) for v in verdict.values())
        ):
            raise InvalidAction(
                f'jugement attendu : {{"accept": {{siège: vrai/faux}}}} pour les sièges '
                f"{sorted(targets)}",
                f'expected verdict {{"accept": {{seat: true/false}}}} for seats {sorted(targets)}',
            )
        if self.votes.get(seat):
            raise IllegalAction("vous avez déjà jugé", "you have already judged")

    def _check_misdraw(self, action: Action) -> None:
        seat, card = action.get("seat"), action.get("card")
        if self.last_change is None:
            raise IllegalAction(
                "une carte montrée se signale juste après le change du joueur (R13)",
                "a shown card is reported right after the player's change (R13)",
            )
        who, drawn = self.last_change
        if seat != who or not isinstance(card, str) or card not in drawn:
            raise IllegalAction(
                f"seul le joueur {who} vient de piocher : {format_cards(drawn)}",
                f"only seat {who} has just drawn: {format_cards(drawn)}",
            )

    def _normalise(self, seat: int | None, action: Action) -> Action:
        """Cards spelled the one way (a change's « ar » is « Ar », a declared joker « *b(=E) »);
        a bet to the cap is always « pour voir » (R18), and a bet says whether it is."""
        kind = action["type"]
        if seat is None:
            return action
        if kind == "change":
            action["cards"] = self._changed_cards(action)
        elif kind == "declare":
            action["cards"] = [str(p) for p in self._declared(action)]
        elif kind == "bet":
            action["pour_voir"] = action.get("pour_voir", False) or action["amount"] == CAP
        return action

    # ------------------------------------------------------------------ applying
    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        kind = action["type"]
        if seat is None:
            return self._do_misdraw(action)
        self.last_change = None
        do: Callable[[int, Action], list[Event]] = getattr(self, f"_do_{kind}")
        return do(seat, action)

    # -- change rounds (R10–R13) --
    def _do_change(self, seat: int, action: Action) -> list[Event]:
        hand = self.hands[seat]
        for card in action["cards"]:
            hand.remove(card)
            self.discard_pile.append(card)
            self.own_discards[seat].append(card)
        drawn = [self.pile.pop() for _ in action["cards"]]
        hand.extend(drawn)
        self.changes[self.round][seat] = len(drawn)
        self.last_change = (seat, drawn)
        events: list[Event] = [
            {"type": "change", "seat": seat, "count": len(drawn), "round": self.round + 1}
        ]
        changed = self.changes[self.round]
        for k in range(1, self.players):
            s = (seat + k) % self.players
            if self.in_hand[s] and changed[s] is None:
                self.actor = s  # R11: the next player clockwise who has not changed yet
                return events
        return events + self._after_change_round()

    def _do_misdraw(self, action: Action) -> list[Event]:
        """R13: the shown card goes under the pile; the player draws the next one instead."""
        seat, card = action["seat"], action["card"]
        assert self.last_change is not None
        drawn = self.last_change[1]
        self.hands[seat].remove(card)
        self.pile.insert(0, card)
        new = self.pile.pop()
        self.hands[seat].append(new)
        drawn.remove(card)
        drawn.append(new)
        return [{"type": "misdraw", "seat": seat, "card": card}]

    def _after_change_round(self) -> list[Event]:
        last = self.round == self.options.change_rounds - 1
        if last or not self.options.alternate_betting:
            if not last:
                return self._next_change_round()
            return self._open_betting(FINAL)
        return self._open_betting(INTERMEDIATE)

    def _next_change_round(self) -> list[Event]:
        self.round += 1
        self.phase = CHANGE
        self.actor = self.entame
        return []

    # -- betting (R14–R24) --
    def _open_betting(self, stage: str) -> list[Event]:
        self.phase = BET
        self.bet_stage = stage
        self.followers = []
        self.pour_voir = False
        self.actor = self.entame
        if stage == FINAL and self.level == 0 and not self._bet_range():
            # R15, D3: an entame who cannot pay 1 PM cannot open: showdown at level 0.
            return [{"type": "cannot_open", "seat": self.entame}, *self._showdown()]
        return []

    def _pay(self, seat: int, amount: int) -> int:
        self.capital[seat] -= amount
        self.contrib[seat] += amount
        self.pot += amount
        return amount

    def _do_bet(self, seat: int, action: Action) -> list[Event]:
        amount, pv = action["amount"], action["pour_voir"]
        paid = self._pay(seat, amount - self.contrib[seat])
        self.level = amount
        self.pour_voir = pv
        events: list[Event] = [
            {
                "type": "bet",
                "seat": seat,
                "amount": amount,
                "paid": paid,
                "pour_voir": pv,
                "stage": self.bet_stage,
            }
        ]
        self.followers = [s for s in self._after(seat, self._in_hand_seats()) if s != seat]
        return events + self._next_follower()

    def _do_check(self, seat: int, action: Action) -> list[Event]:
        events: list[Event] = [{"type": "check", "seat": seat, "stage": self.bet_stage}]
        if self.bet_stage == FINAL:
            return events + self._showdown()  # R17: no raise → showdown at once
        return events + self._next_change_round()

    def _do_follow(self, seat: int, action: Action) -> list[Event]:
        paid = self._pay(seat, self.level - self.contrib[seat])
        self.followers.pop(0)
        return [{"type": "follow", "seat": seat, "paid": paid}, *self._next_follower()]

    def _do_fold(self, seat: int, action: Action) -> list[Event]:
        self.in_hand[seat] = False
        self.folded[seat] = True
        events: list[Event] = [{"type": "fold", "seat": seat}]
        if self._in_hand_count() == 1:
            return events + self._fold_out()
        if self.followers:
            self.followers.pop(0)
            return events + self._next_follower()
        # The entame folded.
        if self.bet_stage == FINAL:
            return events + self._showdown()  # R20: the others go to showdown at this level
        # R23: in an intermediate round the entame role passes clockwise.
        self.entame = self._after(seat, self._in_hand_seats())[0]
        events.append({"type": "entame_passes", "seat": self.entame})
        return events + self._next_change_round()

    def _in_hand_count(self) -> int:
        return sum(self.in_hand)

    def _next_follower(self) -> list[Event]:
        """R16: the next player to answer the bet; one who cannot pay is eliminated (R25)."""
        events: list[Event] = []
        while self.followers:
            s = self.followers[0]
            if self.capital[s] >= self.level - self.contrib[s]:
                self.actor = s
                return events
            self.followers.pop(0)
            events += self._eliminate([s], "follow")
            if self.phase == OVER:
                return events
            if self._in_hand_count() == 1:
                return events + self._fold_out()
        # Everyone answered.
        if self.bet_stage == INTERMEDIATE:
            return events + self._next_change_round()
        if self.pour_voir:
            return events + self._showdown()  # R18
        self.actor = self.entame  # R17, R19: back to the entame
        return events

    # -- elimination (R25–R29) --
    def _eliminate(self, seats: list[int], why: str) -> list[Event]:
        self.eliminations += 1
        for s in seats:
            self.eliminated[s] = self.eliminations
            self.in_hand[s] = False  # R26: his cards are dead, what he paid stays in the pot
        events: list[Event] = [
            {
                "type": "eliminated",
                "seats": seats,
                "reason": why,
                "kept": [self.capital[s] for s in seats],
            }
        ]
        alive = self.alive()
        if len(alive) == 1 and self.phase != OVER:
            events += self._finish(alive[0], "last_player")  # R27
        return events

    # -- showdown (R30–R36, R43) --
    def _showdown(self) -> list[Event]:
        self.phase = SHOWDOWN
        self.followers = []
        self.order = self._after(self.entame - 1, self._in_hand_seats())  # R30
        self.actor = self.order[0]
        return [{"type": "showdown", "order": self.order, "level": self.level}]

    def _do_declare(self, seat: int, action: Action) -> list[Event]:
        played = [parse_played(c) for c in action["cards"]]
        check: WordCheck = self._shared_judge.check(
            played, self.options.hand_size, self.options.simplified_counting
        )
        self.declared[seat] = {
            "cards": format_cards(played),
            "word": check.word,
            "score": check.score,
            "admitted": check.admitted,
            "reason": check.reason_fr,
            "reason_en": check.reason_en,
            # R32/R33 term by term, for the players to check the count (public once shown).
            "count": breakdown(played, self.options.simplified_counting),
        }
        events: list[Event] = [{"type": "declare", "seat": seat, **self.declared[seat]}]
        waiting = [s for s in self.order if s not in self.declared]
        if waiting:
            self.actor = waiting[0]
            return events
        self.actor = None
        if self.options.theme and any(d["score"] > 0 for d in self.declared.values()):
            self.phase = JUDGE
            self.votes = {s: {} for s in self.order}
            if self.to_move():
                return events
        return events + self._resolve()

    def _judged_by(self, voter: int) -> list[int]:
        """R43: each player of the showdown judges the others' counting words."""
        return [s for s in self.order if s != voter and self.declared[s]["score"] > 0]

    def _do_judge(self, seat: int, action: Action) -> list[Event]:
        self.votes[seat] = {int(k): v for k, v in action["accept"].items()}
        events: list[Event] = [{"type": "judge", "seat": seat, "accept": action["accept"]}]
        if self.to_move():
            return events
        verdicts = []
        rejected: list[Event] = []
        for target in self.order:
            d = self.declared[target]
            if d["score"] <= 0:
                continue
            refused_by = [s for s in self.order if not self.votes[s].get(target, True)]
            d["theme"] = {"accepted": not refused_by, "refused_by": refused_by}
            verdicts.append({"seat": target, "word": d["word"], **d["theme"]})
            if refused_by:
                d.update(
                    score=0,
                    reason=f"rejeté pour le thème « {self.options.theme} » (R43)",
                    reason_en=f"rejected for the theme '{self.options.theme}'",
                )
                rejected.append({"type": "rejected", "seat": target, "word": d["word"]})
        # Every word's verdict is public: who refused it (R43: unanimity of the others).
        events.append({"type": "verdicts", "theme": self.options.theme, "words": verdicts})
        return events + rejected + self._resolve()

    def _resolve(self) -> list[Event]:
        """R35: the best count takes the pot; equal counts share it, the remainder carries."""
        scores = {s: d["score"] for s, d in self.declared.items()}
        best = max(scores.values())
        winners = [s for s in self.order if scores[s] == best]
        pot = self.pot
        share, carry = divmod(pot, len(winners))
        for s in winners:
            self.capital[s] += share
        self.pot = carry
        event = {
            "type": "pot",
            "winners": winners,
            "pot": pot,
            "share": share,
            "carry": carry,
            "how": "showdown",
        }
        return [event, *self._end_hand(winners, "showdown", pot, share)]

    def _fold_out(self) -> list[Event]:
        """R21: the last player in the hand takes the whole pot without showing."""
        (s,) = self._in_hand_seats()
        pot = self.pot
        self.capital[s] += pot
        self.pot = 0
        event = {
            "type": "pot",
            "winners": [s],
            "pot": pot,
            "share": pot,
            "carry": 0,
            "how": "fold_out",
        }
        return [event, *self._end_hand([s], "fold_out", pot, pot)]

    # -- end of hand and of game (R37–R39) --
    def _end_hand(self, winners: list[int], how: str, pot: int, share: int) -> list[Event]:
        self.last_hand = {
            "number": self.hand_number,
            "extra": bool(self.tied),
            "winners": winners,
            "how": how,
            "pot": pot,
            "share": share,
            "carry": self.pot,
            "words": {str(s): d for s, d in self.declared.items()},
            "final_hands": [list(h) for h in self.hands],  # private: view shows only one's own
        }
        self.actor = None
        if self.tied:
            if len(winners) == 1:
                return self._finish(winners[0], "tie_break")
            return self._tie_break()
        self.hands_played += 1
        if self.hands_played >= self.options.hands_per_game:
            return self._end_of_regular_hands()
        return self._start_hand()

    def _end_of_regular_hands(self) -> list[Event]:
        alive = self.alive()
        top = max(self.capital[s] for s in alive)
        tied = [s for s in alive if self.capital[s] == top]
        if len(tied) == 1:
            return self._finish(tied[0], "most_pm")
        self.pre_tie_capital = list(self.capital)
        return self._tie_break()

    def _tie_break(self) -> list[Event]:
        """R38, D17: extra hands among the players tied for the most PM."""
        alive = self.alive()
        top = max(self.capital[s] for s in alive)
        self.tied = [s for s in alive if self.capital[s] == top]
        return [{"type": "tie_break", "seats": self.tied}, *self._start_hand()]

    def _finish(self, winner: int, reason: str) -> list[Event]:
        events: list[Event] = []
        if self.phase != OVER and self.in_hand[winner] and self.pot and reason == "last_player":
            # R27: a hand in progress: the last player takes its pot.
            events.append(
                {
                    "type": "pot",
                    "winners": [winner],
                    "pot": self.pot,
                    "share": self.pot,
                    "carry": 0,
                    "how": "last_player",
                }
            )
            self.capital[winner] += self.pot
            self.pot = 0
        self.discarded += self.pot  # R36: a remainder left at the end is removed from play
        self.pot = 0
        self.phase = OVER
        self.actor = None
        self.followers = []
        self.winner = winner
        self.end_reason = reason
        return [*events, {"type": "game_over", "winner": winner, "reason": reason}]

    # ------------------------------------------------------------------ results
    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("la partie n'est pas terminée", "the game is not over")
        ranks = self._ranks()
        reasons = {
            "most_pm": ("le plus de PM après la dernière main", "most PM after the last hand"),
            "tie_break": ("vainqueur de la main de départage (R38)", "won the tie-break hand"),
            "last_player": ("seul joueur encore en jeu (R27)", "last player still in (R27)"),
        }
        fr, en = reasons[self.end_reason]
        assert self.winner is not None
        return Result(
            scores=tuple(self.capital),
            ranks=tuple(ranks),
            winners=(self.winner,),
            reason_fr=fr,
            reason_en=en,
            details={
                "eliminated": [e is not None for e in self.eliminated],
                "discarded": self.discarded,
                "start_scores": [self.start_capital] * self.players,
                "hands": self.hand_number,
            },
        )

    def _ranks(self) -> list[int]:
        """R39: the winner, then survivors by PM (ties share), then eliminated (R28)."""
        basis = self.pre_tie_capital or self.capital
        n = self.players

        def key(s: int) -> tuple[int, int, int]:
            if s == self.winner:
                return (0, 0, 0)
            if self.eliminated[s] is None:
                return (1, -basis[s], 0)
            return (2, 0, -(self.eliminated[s] or 0))

        ordered = sorted(range(n), key=key)
        ranks = [0] * n
        for i, s in enumerate(ordered):
            if i and key(s) == key(ordered[i - 1]):
                ranks[s] = ranks[ordered[i - 1]]
            else:
                ranks[s] = i + 1
        return ranks

    def timeout_action(self, seat: int) -> Action | None:
        """R24 (timers on): a change turn runs out → no change; a betting decision → fold."""
        if not self.options.timers or seat not in self.to_move():
            return None
        if self.phase == CHANGE:
            return {"type": "change", "cards": []}
        if self.phase == BET:
            return {"type": "fold"}
        return None  # the rule book sets no clock on the showdown or on judging

    def timer_seconds(self, seat: int) -> float | None:
        """R24 (timers on): 60 s per change turn, 20 s per betting decision."""
        if not self.options.timers or seat not in self.to_move():
            return None
        return {CHANGE: 60.0, BET: 20.0}.get(self.phase)

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None = None) -> dict[str, Any]:
        o = self.options
        v: dict[str, Any] = {
            "game": "alphapoker",
            "seat": seat,
            "players": self.players,
            "phase": self.phase,
            "hand_number": self.hand_number,
            "hands_played": self.hands_played,
            "hands_per_game": o.hands_per_game,
            "extra_hand": bool(self.tied) and self.phase != OVER,
            "tied": list(self.tied),
            "dealer": self.dealer,
            "entame": self.entame,
            "to_move": sorted(self.to_move()),
            "capitals": list(self.capital),
            "eliminated": [e is not None for e in self.eliminated],
            "in_hand": list(self.in_hand),
            "folded": list(self.folded),
            "pot": self.pot,
            "ante": self.ante,
            "level": self.level,
            "cap": self.cap,
            "contributions": list(self.contrib),
            "bet_stage": self.bet_stage if self.phase == BET else None,
            "pour_voir": self.pour_voir,
            "awaiting_bet_answer": bool(self.followers),
            "change_round": self.round + 1,
            "change_rounds": o.change_rounds,
            "max_change": o.max_change,
            "hand_size": o.hand_size,
            "changes": [list(r) for r in self.changes],
            "draw_pile": len(self.pile),
            "declared": {str(s): dict(d) for s, d in self.declared.items()},
            "last_hand": None,
            "dealer_draws": [list(d) for d in self.dealer_draws],
            "initial_total": self.initial_total,
            "discarded": self.discarded,
            "options": o.to_dict(),
            "theme": o.theme,  # R43: the theme every shown word must belong to (None: none)
        }
        if seat is not None:
            v["hand"] = list(self.hands[seat])
            v["my_discards"] = list(self.own_discards[seat])
        if self.last_hand is not None:
            lh = {k: val for k, val in self.last_hand.items() if k != "final_hands"}
            lh["winners"] = list(lh["winners"])
            lh["words"] = {k: dict(d) for k, d in lh["words"].items()}
            if seat is not None:
                lh["my_final_hand"] = list(self.last_hand["final_hands"][seat])
            v["last_hand"] = lh
        if self.phase == OVER:
            v["winner"] = self.winner
            v["ranks"] = self._ranks()
        return v


PHASE_FR = {
    CHANGE: "change",
    BET: "mise",
    SHOWDOWN: "abattage",
    JUDGE: "jugement du thème",
    OVER: "partie terminée",
}
