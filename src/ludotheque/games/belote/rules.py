"""La Belote AlphaPoker and La Belote secrète (rules/alphapoker.md R69–R84, D29–D34).

Two teams of two (seats 0 & 2 against 1 & 3) lay the 64 letter cards of one colour in turn,
alternating vowels and consonants, and take the cards of the words of 5 letters or more they
propose right after laying. Every chance event draws from ``self.rng``; hands leave the engine
only through ``view``; in the secrète variant (option ``belote_secrete``) the views show only
the top card of the stack and its size.

Phases: ``lay``, ``claim`` (the player who just laid may propose a word, R75), ``last`` (the
last words of R77), ``over``. The cards are red letter cards (``"Ar"``); a bare letter
(``"A"``) is accepted in actions.

Actions (JSON objects):
  {"type": "lay", "card": "Tr"}       lay a card (R71–R74)
  {"type": "claim", "word": "TABLE"}  propose a word (R75–R77)
  {"type": "pass"}                    propose nothing

In the secrète variant a seat's view also lists ``seen``: what happened at the table since
that seat last acted (the cards laid, each visible when it was on top, and the claims with the
stack they revealed). That is what a player watching the table saw; remembering it longer is
the player's business (R84).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludotheque.cards.letters import JOKER, LETTERS, VALUES, deck, draw_rank
from ludotheque.engine.errors import IllegalAction, InvalidAction
from ludotheque.engine.protocol import Action, Event, Result, State, fields
from ludotheque.games.belote.options import BONUS, HAND, MIN_TABLE, MIN_WORD, Options
from ludotheque.lexicon import fold, load
from ludotheque.lexicon.tablewords import resolve, table_words

LAY, CLAIM, LAST, OVER = "lay", "claim", "last", "over"
ACTION_TYPES = frozenset({"lay", "claim", "pass"})
VOWELS = frozenset("AEIOU")  # R72
MIXED = "Y"  # R72
CLAIM_CHOICES = 3
CARDS = tuple(c for c in deck() if c[1] == "r" and c[0] != JOKER)  # R69: 64 cards


def kind(card: str) -> str:
    """R72: "V" vowel, "C" consonant, "Y" mixte."""
    letter = card[0]
    return "Y" if letter == MIXED else "V" if letter in VOWELS else "C"


def team(seat: int) -> int:
    """R69: seats 0 & 2 are team 0, seats 1 & 3 team 1."""
    return seat % 2


def value(cards: list[str]) -> int:
    return sum(VALUES[c[0]] for c in cards)


class BeloteState(State[Options]):
    offers_all_legal = False  # offered_actions: forms to fill in, not the best words
    action_fields = fields(lay=("card",), claim=("word",), **{"pass": ()})

    def __init__(self, players: int, options: Options, seed: int) -> None:
        super().__init__(players, options, seed)
        self._shared_lexicon = load("alphapoker", compound=options.compound_words)
        self.totals = [0, 0]
        self.manche = 0
        self.manches: list[dict[str, Any]] = []
        self.winner: int | None = None
        self.dealer = -1
        self.dealer_draws: list[list[str]] = []
        self.seen: list[list[Event]] = [[] for _ in range(4)]
        self.opening_events = self._draw_dealer() + self._start_manche()

    # ------------------------------------------------------------------ set-up (R70)
    def _draw_dealer(self) -> list[Event]:
        """R70, D33: the AlphaPoker draw (R4) with these 64 cards."""
        while True:
            cards = list(CARDS)
            self.rng.shuffle(cards)
            drawn = cards[:4]
            self.dealer_draws.append(drawn)
            ranks = [draw_rank(c) for c in drawn]
            if ranks.count(min(ranks)) == 1:
                self.dealer = ranks.index(min(ranks))
                return [{"type": "dealer_draw", "draws": self.dealer_draws, "dealer": self.dealer}]

    def _start_manche(self) -> list[Event]:
        """R70, R71: the whole pack dealt at random, 16 each; left of the dealer lays first."""
        if self.manche:
            self.dealer = (self.dealer + 1) % 4
        self.manche += 1
        cards = list(CARDS)
        self.rng.shuffle(cards)
        self.hands: list[list[str]] = [[] for _ in range(4)]
        first = (self.dealer + 1) % 4
        for k in range(HAND * 4):
            self.hands[(first + k) % 4].append(cards[k])
        self.table: list[str] = []  # in the order laid; the stack's top is the last (R82)
        self.taken: list[list[str]] = [[], []]
        self.required: str | None = None  # R73: None = free
        self.phase = LAY
        self.actor = first
        self.last_queue: list[int] = []
        event = {"type": "manche", "number": self.manche, "dealer": self.dealer, "first": first}
        self._publish([event])
        return [event]

    # ------------------------------------------------------------------ who may act
    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return frozenset()
        if self.phase == LAST:
            return frozenset(self.last_queue[:1])
        return frozenset((self.actor,))

    def is_over(self) -> bool:
        return self.phase == OVER

    def playable(self, seat: int) -> list[str]:
        """R73, R74: the cards ``seat`` may lay now (distinct, sorted)."""
        hand = sorted(set(self.hands[seat]))
        if self.required is None or self.free(seat):
            return hand
        return [c for c in hand if kind(c) in (self.required, "Y")]

    def free(self, seat: int) -> bool:
        """R74: a kind is required and ``seat`` holds none of it (nor a Y): any card goes."""
        need = self.required
        return need is not None and not any(kind(c) in (need, "Y") for c in self.hands[seat])

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == LAY:
            return [{"type": "lay", "card": c} for c in self.playable(seat)]
        return [*self._claim_choices(), {"type": "pass"}]

    def offered_actions(self, seat: int) -> list[Action]:
        """A client is offered one claim form (the table's first letters), not the table's best
        words: finding them is the game (R75); any typed word is still accepted."""
        if seat not in self.to_move() or self.phase == LAY:
            return self.legal_actions(seat)
        if self.options.belote_secrete:
            return [*self._claim_choices(), {"type": "pass"}]  # the top card only: no search
        form = "".join(c[0] for c in self.table[:MIN_TABLE])
        return [{"type": "claim", "word": form}, {"type": "pass"}]

    def _claim_choices(self) -> list[Action]:
        """Representatives: the best words of the table and one short word (R76.2). In the
        secrète variant nothing may reveal the stack: one word made of the top card."""
        if self.options.belote_secrete:
            return [{"type": "claim", "word": self.table[-1][0] * MIN_WORD}]
        words = table_words(self.table, self.options.compound_words, CLAIM_CHOICES, MIN_WORD)
        out: list[Action] = [{"type": "claim", "word": w.word} for w in words]
        out.append({"type": "claim", "word": "".join(c[0] for c in self.table[:MIN_TABLE])})
        return out

    # ------------------------------------------------------------------ checking
    def _card(self, action: Action) -> str:
        card = action.get("card")
        if not isinstance(card, str) or not 1 <= len(card) <= 2:
            raise InvalidAction("card est une carte, par exemple « Er » ou « E »", "card: 'Er'")
        card = card[0].upper() + "r"
        if card[0] not in LETTERS:
            raise InvalidAction(f"« {card} » n'est pas une lettre", f"'{card}' is not a letter")
        return card

    def _word(self, action: Action) -> str:
        word = action.get("word")
        if not isinstance(word, str):
            raise InvalidAction("word est un texte", "word is a string")
        word = fold(word).replace("-", "").replace(" ", "").replace("'", "")
        if not word or not all(ch in LETTERS for ch in word):
            raise InvalidAction(
                f"« {word} » n'est pas un mot de A à Z (pour ne rien proposer : pass)",
                f"'{word}' is not an A–Z word (to propose nothing: pass)",
            )
        return word

    def _check(self, seat: int | None, action: Action) -> None:
        kind_ = action["type"]
        if kind_ not in ACTION_TYPES:
            raise InvalidAction(f"action inconnue : {kind_!r}", f"unknown action: {kind_!r}")
        if seat is None:
            raise InvalidAction("la Belote n'a pas d'action d'arbitre", "no arbiter action")
        if kind_ == "lay":
            if self.phase != LAY:
                raise IllegalAction(
                    "proposez un mot ou passez avant la carte suivante",
                    "claim or pass before the next card",
                )
            card = self._card(action)
            if card not in self.hands[seat]:
                raise IllegalAction(f"vous n'avez pas de {card[0]}", f"you hold no {card[0]}")
            if card not in self.playable(seat):
                need = "une voyelle" if self.required == "V" else "une consonne"
                raise IllegalAction(
                    f"alternance : il faut poser {need} ou le Y (R73)",
                    f"alternation: lay a {'vowel' if self.required == 'V' else 'consonant'} "
                    "or the Y (R73)",
                )
            return
        if self.phase == LAY:
            raise IllegalAction(
                "on propose un mot juste après avoir posé (R75)", "claims come right after laying"
            )
        if kind_ == "claim":
            self._word(action)

    # ------------------------------------------------------------------ applying
    def _publish(self, events: list[Event]) -> None:
        """The secrète views' ``seen``: public happenings since each seat last acted."""
        if self.options.belote_secrete:
            for s in range(4):
                self.seen[s] += [dict(e) for e in events]

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        self.seen[seat] = []
        kind_ = action["type"]
        if kind_ == "lay":
            events = self._do_lay(seat, self._card(action))
        elif kind_ == "claim":
            events = self._do_claim(seat, self._word(action))
        else:
            events = [{"type": "pass", "seat": seat}]
            self._publish(events)
            events += self._after_claim(seat, claimed=False)
        return events

    def _do_lay(self, seat: int, card: str) -> list[Event]:
        required = self.required
        self.hands[seat].remove(card)
        self.table.append(card)
        k = kind(card)
        self.required = None if k == "Y" else "C" if k == "V" else "V"  # R73
        events: list[Event] = [{"type": "lay", "seat": seat, "card": card}]
        if required is not None and k not in (required, "Y"):
            events[0]["without"] = required  # R74: no card of the required kind, so a free one
        self._publish(events)
        if len(self.table) >= MIN_TABLE:  # R75
            self.phase = CLAIM
            return events
        return events + self._next_turn(seat)

    def _do_claim(self, seat: int, word: str) -> list[Event]:
        """R76: impossible → the opponents take the present needed cards; too short or not
        admissible → they take the word's cards; otherwise the claimant's team takes them."""
        mine, theirs = team(seat), 1 - team(seat)
        cards = resolve(word, self.table)
        revealed = list(self.table)
        if cards is None:
            need = Counter(word)
            present: list[str] = []
            for card in self.table:
                if need[card[0]] > 0:
                    need[card[0]] -= 1
                    present.append(card)
            outcome, to, taken = "impossible", theirs, present
        else:
            taken = [p.card for p in cards]
            if len(word) < MIN_WORD or not self._shared_lexicon.admits(word):
                outcome, to = "not_admitted", theirs
            else:
                outcome, to = "valid", mine
        for card in taken:
            self.table.remove(card)  # R83: the others keep their relative order
        self.taken[to] += taken
        self.required = None  # R73, D30
        event: Event = {
            "type": "claim",
            "seat": seat,
            "word": word,
            "outcome": outcome,
            "team": to,
            "cards": taken,
            "points": value(taken),
            # R76: a word too short for a claim, said apart from one the lexicon refuses
            "short": len(word) < MIN_WORD,
            "min_letters": MIN_WORD,
        }
        if self.options.belote_secrete:
            event["revealed"] = revealed  # R83: the stack is shown to check the word
            event["stack"] = list(self.table)
        self._publish([event])
        return [event, *self._after_claim(seat, claimed=True)]

    def _after_claim(self, seat: int, claimed: bool) -> list[Event]:
        if self.phase == LAST:
            self.last_queue.pop(0)
            return self._next_last()
        if any(self.hands):
            return self._next_turn(seat)
        if claimed:
            return self._score()
        # R77: the last card's layer proposed nothing: the three others, clockwise.
        self.phase = LAST
        self.last_queue = [(seat + k) % 4 for k in (1, 2, 3)]
        return self._next_last()

    def _next_turn(self, seat: int) -> list[Event]:
        if not any(self.hands):  # the last card, with fewer than 4 cards on the table
            self.phase = LAST
            self.last_queue = [(seat + k) % 4 for k in (1, 2, 3)]
            return self._next_last()
        self.phase = LAY
        self.actor = (seat + 1) % 4
        return []

    def _next_last(self) -> list[Event]:
        if len(self.table) < MIN_TABLE:
            self.last_queue = []
        if self.last_queue:
            return []
        return self._score()

    def _score(self) -> list[Event]:
        """R78–R80: cards taken, the 30-point bonus, the target."""
        pts = [value(self.taken[0]), value(self.taken[1])]
        left = value(self.table)  # R81: pts[0] + pts[1] + left == 121 (a property test)
        bonus = [0, 0]
        if pts[0] != pts[1]:
            bonus[0 if pts[0] > pts[1] else 1] = BONUS
        manche = [pts[t] + bonus[t] for t in (0, 1)]
        self.totals = [self.totals[t] + manche[t] for t in (0, 1)]
        record = {
            "number": self.manche,
            "cards": pts,
            "left": left,
            "bonus": bonus,
            "score": manche,
            "totals": list(self.totals),
        }
        self.manches.append(record)
        events: list[Event] = [{"type": "manche_end", **record}]
        self._publish(events)
        target = self.options.belote_target
        reached = [t for t in (0, 1) if self.totals[t] >= target]
        if reached and self.totals[0] != self.totals[1]:
            self.winner = reached[0] if len(reached) == 1 else int(self.totals[1] > self.totals[0])
            self.phase = OVER
            return [*events, {"type": "game_over", "team": self.winner, "totals": self.totals}]
        return events + self._start_manche()

    # ------------------------------------------------------------------ results
    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("la partie n'est pas terminée", "the game is not over")
        assert self.winner is not None
        return Result(
            scores=tuple(self.totals[team(s)] for s in range(4)),
            ranks=tuple(1 if team(s) == self.winner else 2 for s in range(4)),
            winners=tuple(s for s in range(4) if team(s) == self.winner),
            reason_fr=f"équipe arrivée la première à {self.options.belote_target} points (R80)",
            reason_en=f"team first to {self.options.belote_target} points (R80)",
            details={"manches": len(self.manches), "team_totals": list(self.totals)},
        )

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None = None) -> dict[str, Any]:
        o = self.options
        v: dict[str, Any] = {
            "game": "belote",
            "seat": seat,
            "players": 4,
            "team": team(seat) if seat is not None else None,
            "secrete": o.belote_secrete,
            "phase": self.phase,
            "manche": self.manche,
            "dealer": self.dealer,
            "actor": self.actor if self.phase in (LAY, CLAIM) else None,
            "to_move": sorted(self.to_move()),
            "required": self.required,
            "hand_sizes": [len(h) for h in self.hands],
            "taken": [list(t) for t in self.taken],
            "taken_points": [value(t) for t in self.taken],
            "totals": list(self.totals),
            "target": o.belote_target,
            "manches": [dict(m) for m in self.manches],
            "last_queue": list(self.last_queue),
            "options": o.to_dict(),
        }
        if o.belote_secrete:
            v["top"] = self.table[-1] if self.table else None  # R82, R84
            v["stack_size"] = len(self.table)
            if seat is not None:
                v["seen"] = [dict(e) for e in self.seen[seat]]
        else:
            v["table"] = list(self.table)
        if seat is not None:
            v["hand"] = sorted(self.hands[seat])
            if seat in self.to_move() and self.phase == LAY:
                v["playable"] = self.playable(seat)
                v["free"] = self.free(seat)  # R74: the kind asked is not in the hand
        if self.phase == OVER:
            v["winner_team"] = self.winner
        return v
