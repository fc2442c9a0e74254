"""La Bataille AlphaPoker (rules/alphapoker.md R55–R68, D24–D28): a real-time word battle.

Two players turn the cards of their colour face up in turn; from 5 cards on the table either of
them may « poser la main » and take a word. Every chance event draws from ``self.rng``; nothing
is hidden (play piles are face down for both players alike), so every seat's view is the same.

Phases: ``colour`` (the seat drawn by lot chooses his colour, R56), ``play`` (laying and
real-time claims), ``final`` (the final claims, R66), ``over``.

Actions (JSON objects):
  {"type": "colour", "colour": "r"}          the seat drawn by lot chooses red or black (R56)
  {"type": "lay"}                            turn the top card of one's play pile (R57)
  {"type": "claim", "word": "CHAT"}          poser la main and propose a word (R58, R59);
                                             "" = no word; cards chosen by R64
  {"type": "claim", "cards": ["Cr", "*b(=H)", "Ar", "Tb"]}   the same, designating the cards
  {"type": "pass"}                           let this card pass (see below)
  arbiter only, seat None: {"type": "time_up"}   the announced time is over (timed mode, R67)

Real time (R58, R62, D26): while claims are open both seats are in ``to_move``; the driver
submits claims in the order they were made and the first one is heard. A seat that may claim
but does not lay next has the action ``pass`` — « I let this card pass » — which removes it
from ``to_move`` until the table changes; a live table (the server, the terminal) never needs
it, a turn-based driver (a bot match) does. Clocks are the driver's: the engine says what the
10 s maximum of R65 means (``timeout_action``: the top card is laid, within ``timer_seconds``),
that a card is not laid less than 3 s after the previous one (``min_interval``), how long a
timed game lasts (``game_clock``: the arbiter's ``time_up`` after ``bataille_duration_s``,
R67), and how long a bot waits (``bot_pace``: « Réaction des bots » after the card that made
its word).
"""

from __future__ import annotations

from typing import Any

from ludotheque.cards.letters import COLOURS, JOKER, LETTERS, Played, deck, parse_played
from ludotheque.engine.errors import IllegalAction, InvalidAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result, State, fields
from ludotheque.games.bataille.options import JOKER_POINTS, MIN_TABLE, Options
from ludotheque.lexicon import fold, load
from ludotheque.lexicon.tablewords import card_points, on_table, resolve, table_words

COLOUR, PLAY, FINAL, OVER = "colour", "play", "final", "over"
ACTION_TYPES = frozenset({"colour", "lay", "claim", "pass", "time_up"})
CLAIM_CHOICES = 4  # admissible words listed among the legal claims (plus two representatives)


def points(cards: list[str]) -> int:
    """R68: the values of the cards, a joker worth 10."""
    return sum(card_points(c, JOKER_POINTS) for c in cards)


class BatailleState(State[Options]):
    offers_all_legal = False  # offered_actions: forms to fill in, not the best words
    action_fields = fields(
        colour=("colour",), lay=(), claim=("word", "cards"), time_up=(), **{"pass": ()}
    )

    def __init__(self, players: int, options: Options, seed: int) -> None:
        super().__init__(players, options, seed)
        self._shared_lexicon = load("alphapoker", compound=options.compound_words)
        self.phase = COLOUR
        self.chooser = self.rng.randrange(2)  # R56, D24: a lot
        self.colours: list[str | None] = [None, None]
        self.play_piles: list[list[str]] = [[], []]  # top card = last element
        self.won: list[list[str]] = [[], []]  # in the order won (R63)
        self.table: list[str] = []  # in the order laid
        self.laid_versions: list[int] = []  # per table card: the version its lay made
        self.open_version = 0  # when claims last opened: the 5th card, a courtoisie turn, R66
        self.turn = self.chooser  # R56: the chooser lays first
        self.last_layer: int | None = None
        self.last_lay_version: int | None = None  # R65: the version the last card laid made
        self.passed: list[bool] = [False, False]
        self.final_queue: list[int] = []
        self.time_up = False
        self.claims = 0
        self.errors = [0, 0]
        # How the last claim ended (R59, R60), for the table to say by the claimant's word box:
        # the claim event's fields and the penalty card (None: valid, or nothing to give).
        self.last_claim: dict[str, Any] | None = None
        self.opening_events = [{"type": "lot", "chooser": self.chooser}]

    # ------------------------------------------------------------------ who may act
    def can_lay(self, seat: int) -> bool:
        return bool(self.play_piles[seat])

    def claimers(self) -> list[int]:
        """Seats that may claim now (R58, R61, R62), before passes."""
        if self.phase != PLAY or len(self.table) < MIN_TABLE:
            return []
        if self.options.courtoisie and self.last_layer is not None:
            return [1 - self.last_layer]  # R61: only the opponent of the last layer
        return [0, 1]

    def to_move(self) -> frozenset[int]:
        if self.phase == COLOUR:
            return frozenset((self.chooser,))
        if self.phase == FINAL:
            return frozenset(self.final_queue[:1])
        if self.phase == PLAY:
            seats = {s for s in self.claimers() if not self.passed[s]}
            seats.add(self.turn)
            return frozenset(seats)
        return frozenset()

    def is_over(self) -> bool:
        return self.phase == OVER

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == COLOUR:
            return [{"type": "colour", "colour": c} for c in COLOURS]
        out: list[Action] = []
        if self.phase == PLAY and seat == self.turn:
            out.append({"type": "lay"})
        if self.phase == FINAL or (seat in self.claimers() and not self.passed[seat]):
            out += self._claim_choices()
            if seat != self.turn or self.phase == FINAL:
                out.append({"type": "pass"})
        return out

    def offered_actions(self, seat: int) -> list[Action]:
        """A client is offered the empty claim, not the table's best words: finding them is the
        game (R59); any typed word is still accepted. A client is a live table, which never
        needs ``pass`` during play (see above: the rules know none, R57, R58; offered, it only
        took away a newcomer's right to claim on that card): it is offered for the last word
        only (R66)."""
        if seat not in self.to_move() or self.phase == COLOUR:
            return self.legal_actions(seat)
        out: list[Action] = []
        if self.phase == PLAY and seat == self.turn:
            out.append({"type": "lay"})
        if self.phase == FINAL or (seat in self.claimers() and not self.passed[seat]):
            out.append({"type": "claim", "word": ""})  # without searching the table's words
            if self.phase == FINAL:
                out.append({"type": "pass"})
        return out

    def _claim_choices(self) -> list[Action]:
        """The best admissible words of the table, one formable inadmissible word (R59.3) and
        the empty claim (R59.1, same outcome as an impossible word)."""
        out: list[Action] = [{"type": "claim", "word": ""}]
        words = table_words(self.table, self.options.compound_words, CLAIM_CHOICES)
        out += [{"type": "claim", "word": w.word} for w in words]
        letters = "".join(c[0] for c in self.table if c[0] != JOKER)[:3]
        if len(letters) == 3 and not self._shared_lexicon.admits(letters):
            out.append({"type": "claim", "word": letters})
        return out

    # ------------------------------------------------------------------ checking
    def _check(self, seat: int | None, action: Action) -> None:
        kind = action["type"]
        if kind not in ACTION_TYPES:
            raise InvalidAction(f"action inconnue : {kind!r}", f"unknown action: {kind!r}")
        if seat is None:
            if kind != "time_up":
                raise InvalidAction(
                    "seule l'action time_up vient de l'arbitre",
                    "only time_up comes from the arbiter",
                )
            if self.options.bataille_mode != "timed" or self.phase != PLAY:
                raise IllegalAction(
                    "time_up : seulement pendant le jeu en mode chronométré (R67)",
                    "time_up: only during play in timed mode (R67)",
                )
            return
        if kind == "time_up":
            raise IllegalAction("seul l'arbitre annonce la fin du temps", "only the arbiter")
        if self.phase == COLOUR:
            if kind != "colour":
                raise IllegalAction(
                    "choisissez d'abord votre couleur (R56)", "choose a colour first"
                )
            if action.get("colour") not in COLOURS:
                raise InvalidAction(
                    "colour vaut « r » (rouge) ou « b » (noir)",
                    "colour is 'r' (red) or 'b' (black)",
                )
            return
        if kind == "colour":
            raise IllegalAction("les couleurs sont déjà choisies", "colours are already chosen")
        if kind == "lay":
            if self.phase != PLAY or seat != self.turn:
                raise IllegalAction(
                    "ce n'est pas à vous de poser une carte", "it is not your card to lay"
                )
            return
        claimable = self.phase == FINAL or (seat in self.claimers() and not self.passed[seat])
        if kind == "pass":
            if not claimable or (self.phase == PLAY and seat == self.turn):
                raise IllegalAction("rien à laisser passer", "nothing to let pass")
            return
        if not claimable:
            if len(self.table) < MIN_TABLE:
                raise IllegalAction(
                    f"il faut au moins {MIN_TABLE} cartes sur la table pour poser la main (R58)",
                    f"claims need at least {MIN_TABLE} cards on the table (R58)",
                )
            raise IllegalAction(
                "avec courtoisie, seul l'adversaire de celui qui vient de poser peut proposer "
                "(R61)",
                "with courtoisie only the opponent of the last layer may claim (R61)",
            )
        self._proposal(action)

    def _proposal(self, action: Action) -> tuple[str, tuple[Played, ...] | None]:
        """The spelling of a claim and its table cards (None: not on the table)."""
        has_word, has_cards = "word" in action, "cards" in action
        if has_word == has_cards:
            raise InvalidAction(
                "une proposition donne soit « word », soit « cards »",
                "a claim gives either 'word' or 'cards'",
            )
        if has_word:
            word = action["word"]
            if not isinstance(word, str):
                raise InvalidAction("word est un texte", "word is a string")
            word = fold(word).replace("-", "").replace(" ", "").replace("'", "")
            if word and not all(ch in LETTERS for ch in word):
                raise InvalidAction(f"« {word} » n'est pas un mot de A à Z", "not an A–Z word")
            return word, resolve(word, self.table)
        cards = action["cards"]
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise InvalidAction("cards est une liste de cartes", "cards is a list of cards")
        try:
            played = tuple(parse_played(c) for c in cards)
        except NotationError as exc:
            raise InvalidAction(exc.fr, exc.en) from exc
        word = "".join(p.letter for p in played)
        return word, played if on_table(played, self.table) else None

    # ------------------------------------------------------------------ applying
    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "time_up":
            self.time_up = True
            return [{"type": "time_up"}, *self._start_final()]
        assert seat is not None
        if kind == "colour":
            return self._do_colour(seat, action["colour"])
        if kind == "lay":
            return self._do_lay(seat)
        if kind == "pass":
            events: list[Event] = [{"type": "pass", "seat": seat}]
            if self.phase == FINAL:
                return events + self._next_final()
            self.passed[seat] = True
            return events
        return self._do_claim(seat, action)

    def _do_colour(self, seat: int, colour: str) -> list[Event]:
        """R56: each player gets his colour's 65 cards (64 letters + a joker), shuffled."""
        other = COLOURS[1 - COLOURS.index(colour)]
        self.colours[seat], self.colours[1 - seat] = colour, other
        full = deck()
        for s in (0, 1):
            pile = [c for c in full if c[1] == self.colours[s]]
            self.rng.shuffle(pile)
            self.play_piles[s] = pile
        self.phase = PLAY
        return [{"type": "colours", "colours": list(self.colours), "first": self.turn}]

    def _do_lay(self, seat: int) -> list[Event]:
        card = self.play_piles[seat].pop()
        self.table.append(card)
        self.last_layer = seat
        self.last_lay_version = len(self.actions) + 1  # this action is recorded after _apply
        self.laid_versions.append(self.last_lay_version)
        if len(self.table) == MIN_TABLE or self.options.courtoisie:
            self.open_version = self.last_lay_version  # R58 (from 5 cards), R61 (each card)
        self.turn = 1 - seat
        self.passed = [False, False]
        return [{"type": "lay", "seat": seat, "card": card}, *self._settle()]

    def _do_claim(self, seat: int, action: Action) -> list[Event]:
        """R59: resolution in the rule book's order; R60 penalties."""
        word, cards = self._proposal(action)
        self.claims += 1
        other = 1 - seat
        event: Event = {"type": "claim", "seat": seat, "word": word}
        events: list[Event] = [event]
        if not word:
            event.update(outcome="no_word")  # R59.1
            events += self._penalty(seat)
        elif cards is None:
            event.update(outcome="impossible")  # R59.2
            events += self._penalty(seat)
        else:
            taken = [p.card for p in cards]
            self._take(taken)
            event["cards"] = [str(p) for p in cards]
            if len(word) < 3 or not self._shared_lexicon.admits(word):
                event.update(outcome="not_admitted", to=other)  # R59.3
                self.won[other] += taken
                events += self._penalty(seat)
            else:
                event.update(outcome="valid", to=seat, value=points(taken))  # R59.4
                self.won[seat] += taken
        penalty = next((e["card"] for e in events if e["type"] == "penalty"), None)
        self.last_claim = {
            **{k: v for k, v in event.items() if k not in ("type", "cards")},
            "penalty": penalty,
        }
        self.passed = [False, False]
        if self.phase == FINAL:
            return events + self._next_final()
        return events + self._settle()

    def _take(self, cards: list[str]) -> None:
        for card in cards:
            i = self.table.index(card)
            del self.table[i], self.laid_versions[i]

    def _penalty(self, seat: int) -> list[Event]:
        """R60: the top card of the play pile, else the last won card, to the opponent."""
        self.errors[seat] += 1
        if self.play_piles[seat]:
            card, source = self.play_piles[seat].pop(), "play_pile"
        elif self.won[seat]:
            card, source = self.won[seat].pop(), "won_pile"
        else:
            return [{"type": "penalty", "seat": seat, "card": None, "from": None}]
        self.won[1 - seat].append(card)
        return [{"type": "penalty", "seat": seat, "card": card, "from": source}]

    def _settle(self) -> list[Event]:
        """After a card or a claim: refills (timed, R67), skips (deck, R57), the end (R66)."""
        if self.phase != PLAY:
            return []
        events: list[Event] = []
        if self.options.bataille_mode == "timed":
            for s in (0, 1):
                if not self.play_piles[s] and self.won[s]:
                    # R67: the won pile becomes the play pile, first-won card on top.
                    self.play_piles[s] = self.won[s][::-1]
                    self.won[s] = []
                    events.append({"type": "refill", "seat": s, "cards": len(self.play_piles[s])})
        if not self.can_lay(0) and not self.can_lay(1):
            return events + self._start_final()
        if not self.can_lay(self.turn):
            self.turn = 1 - self.turn  # R57: an empty play pile is skipped
        return events

    def _start_final(self) -> list[Event]:
        """R66: one final claim each, the player who did not lay the last card first
        (courtoisie: only him)."""
        self.phase = FINAL
        self.open_version = len(self.actions) + 1  # R66: the first final claim opens now
        first = 1 - self.last_layer if self.last_layer is not None else self.turn
        self.final_queue = [first] if self.options.courtoisie else [first, 1 - first]
        return [{"type": "final_claims", "order": list(self.final_queue)}, *self._skip_final()]

    def _next_final(self) -> list[Event]:
        self.final_queue.pop(0)
        self.open_version = len(self.actions) + 1
        return self._skip_final()

    def _skip_final(self) -> list[Event]:
        if len(self.table) < MIN_TABLE:  # R58: no claim under 5 cards
            self.final_queue = []
        if self.final_queue:
            return []
        self.phase = OVER
        scores = self.scores()
        return [{"type": "game_over", "scores": scores, "winners": self._winners()}]

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        """R68: every card owned (play pile + won pile), a joker worth 10."""
        return [points(self.play_piles[s] + self.won[s]) for s in (0, 1)]

    def _winners(self) -> list[int]:
        a, b = self.scores()
        return [0, 1] if a == b else [0 if a > b else 1]

    def result(self) -> Result:
        if not self.is_over():
            raise IllegalAction("la partie n'est pas terminée", "the game is not over")
        scores = self.scores()
        winners = self._winners()
        draw = len(winners) == 2
        return Result(
            scores=tuple(scores),
            ranks=(1, 1) if draw else tuple(1 if s in winners else 2 for s in (0, 1)),
            winners=tuple(winners),
            reason_fr="égalité de points (R68)" if draw else "le plus de points (R68)",
            reason_en="equal points (R68)" if draw else "most points (R68)",
            details={"table_left": len(self.table), "errors": list(self.errors)},
        )

    def timeout_action(self, seat: int) -> Action | None:
        """R65 (lay_timer): 10 s without laying → the engine lays the top card."""
        if self.options.lay_timer and self.phase == PLAY and seat == self.turn:
            return {"type": "lay"}
        return None

    def timer_seconds(self, seat: int) -> float | None:
        """R65 (lay_timer): at most 10 s to lay a card."""
        return 10.0 if self.timeout_action(seat) is not None else None

    def min_interval(self, seat: int, action: Action) -> tuple[float, int] | None:
        """R65 (lay_timer): a card is not laid less than 3 s after the previous card (claims
        in between do not count); the first card has no minimum."""
        if not self.options.lay_timer or action.get("type") != "lay":
            return None
        if self.last_lay_version is None:
            return None
        return 3.0, self.last_lay_version

    def word_made_at(self, action: Action) -> int | None:
        """The version after the lay of the card that made this claim's word: the earliest
        moment the cards now on the table could spell it (R64's choice of cards, letters before
        jokers). None: the table cannot make it (an empty or impossible word)."""
        try:
            word, cards = self._proposal(action)
        except (InvalidAction, KeyError):
            return None
        if not word or cards is None:
            return None
        if "cards" in action:  # the designated cards: the last of them laid made the word
            pool = list(zip(self.table, self.laid_versions, strict=True))
            made = 0
            for p in cards:
                i = next(k for k, (c, _) in enumerate(pool) if c == p.card)
                made = max(made, pool.pop(i)[1])
            return made
        for v in sorted(set(self.laid_versions)):
            laid = [c for c, lv in zip(self.table, self.laid_versions, strict=True) if lv <= v]
            if resolve(word, laid) is not None:
                return v
        return None  # pragma: no cover - the whole table spells it

    def claimable_since(self, action: Action) -> int:
        """The version from which this claim's word could be claimed: the card that made it
        (``word_made_at``) or, if later, the moment claims opened — the 5th card on the table
        (R58), with courtoisie the last card (R61), a final claimer's turn (R66). A word the
        table cannot make counts from the last card."""
        made = self.word_made_at(action)
        if made is None:
            made = self.last_lay_version if self.last_lay_version is not None else 0
        return max(made, self.open_version)

    def bot_pace(self, seat: int, action: Action) -> tuple[float, int] | None:
        """« Réaction des bots » (``bot_reaction_ms``, issue 15): a bot claims a word no
        earlier than that long after the card that made it (``claimable_since``: the version
        after that lay, or after the card that opened the claims if it came later), and lays
        its card no earlier than that long after the previous card, so that a person sees
        every card and has the time to claim. Colours and passes: the driver's pace."""
        if self.phase not in (PLAY, FINAL):
            return None
        reaction = self.options.bot_reaction_ms / 1000
        kind = action.get("type")
        if kind == "claim":
            return reaction, self.claimable_since(action)
        if kind == "lay" and self.last_lay_version is not None:
            return reaction, self.last_lay_version
        return None

    def game_clock(self) -> tuple[float, Action] | None:
        """R67 (timed mode): the duration announced before the start, counted from the deal;
        on expiry the arbiter plays ``time_up`` (the final claims of R66 follow). Only during
        play: not while the colour is being chosen (the arbiter's action is refused then; a
        clock already out is played as soon as play starts), nor after the end."""
        if self.options.bataille_mode != "timed" or self.phase != PLAY:
            return None
        return float(self.options.bataille_duration_s), {"type": "time_up"}

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """Nothing is hidden in the Bataille: every seat sees the same table."""
        o = self.options
        v: dict[str, Any] = {
            "game": "bataille",
            "seat": seat,
            "players": 2,
            "phase": self.phase,
            "chooser": self.chooser,
            "colours": list(self.colours),
            "turn": self.turn if self.phase == PLAY else None,
            "to_move": sorted(self.to_move()),
            "table": list(self.table),
            "last_layer": self.last_layer,
            "claimers": self.claimers(),
            "passed": list(self.passed),
            "play_piles": [len(p) for p in self.play_piles],
            "won": [list(w) for w in self.won],
            "scores": self.scores(),
            "final_queue": list(self.final_queue),
            "time_up": self.time_up,
            "claims": self.claims,
            "errors": list(self.errors),
            "last_claim": dict(self.last_claim) if self.last_claim else None,
            "options": o.to_dict(),
        }
        if self.phase == OVER:
            v["winners"] = self._winners()
        return v
