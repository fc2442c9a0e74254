"""Alkamo: the themed French word game (rules/alkamo.md R1–R35).

Reads like the rule book: set-up (who starts, the racks), a turn (theme step, transactions,
the word or a pass, the judgement, returning tiles and refilling), scoring, the final phase and
the end. Every draw comes from ``self.rng``; racks leave only through ``view``; the events
returned by ``apply`` are public (a returned or compensating tile is counted, never named).

Actions (JSON objects), by step:
  theme     {"type": "tirer"}                    draw a plaque from T (R6)
            {"type": "reprendre"}                play the pending plaque (R6, D2)
            {"type": "super_mot"}                announce « Super Mot » (R15, D7)
  word      {"type": "mot", "mot": "KAYAK", "jokers": [2]}   submit a word; ``jokers`` (the
                                                 positions laid with jokers) may be left out:
                                                 real tiles are then used first (R9, R16–R23)
            {"type": "passer"}                   pass (R9, R12)
            {"type": "achat", "vendeur": 2, "lettre": "Z"}   ask seat 2 for a Z (R25, R26) …
  draft     {"type": "prix", "prix": 15}         … at this price (R28)
            {"type": "echange", "avec": 2, "lettre": "Z"}    ask seat 2 for a Z in exchange …
  draft     {"type": "donne", "lettre": "A"}     … of this tile (R26)
            {"type": "annuler"}                  withdraw the proposal being written
            (``achat`` with its ``prix``, or ``echange`` with its ``donne``, does both at once)
  answer    {"type": "accepter"} / {"type": "refuser"}    the other player of a transaction,
                                                 a voter, or the arbiter (R22, R25)
  return    {"type": "rendre", "lettres": "A"}   set tiles aside for L, after an accepted
                                                 word (refill, R10) or a pass (R12); then
            {"type": "rendre", "lettres": ""}    done: draw, and the tiles go into L
  sablier   {"type": "temps_ecoule"}             only with ``sablier_s``: the turn is a pass
                                                 without exchange (R14)

Seats: with ``arbiter=externe`` (R1) the last seat is a non-playing arbiter: no rack, no
score, no turn and no transaction; he is to move only when a word awaits his judgement
(``accepter``/``refuser``, with the automatic judge's opinion as advice in ``submission.avis``),
his view is the spectator's, and ``result`` gives his seat score 0 and rank 0 (not ranked).

``legal_actions`` lists every admissible word the rack can form that meets the length and
transaction constraints (with its best joker placement), every proposal (partner and tile,
then price or tile given) and every tile that may still be returned, one at a time.
``apply`` also accepts any other spelling: a word the rack
cannot form is refused (IllegalAction); any other word is judged, and a rejected word is a
pass (R9, D3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ludotheque.engine.errors import IllegalAction, InvalidAction, OptionsError
from ludotheque.engine.protocol import Action, Event, Result, State, fields
from ludotheque.games.alkamo.custom import maquette_of
from ludotheque.games.alkamo.maquettes import (
    BONUS_SQUARES,
    FREE,
    JOKER,
    TILE_ORDER,
    TOTAL_TILES,
    VALUE,
    Maquette,
    bag,
    price_cap,
)
from ludotheque.games.alkamo.options import Options
from ludotheque.games.alkamo.search import base_score, joker_positions, word_index
from ludotheque.games.alkamo.words import dictionary, normalize
from ludotheque.lexicon.judge import PEOPLE, Decision, auto_available, make_judge

THEME, WORD, DRAFT, OFFER, JUDGE, RETURN, OVER = (
    "theme",
    "word",
    "draft",
    "offer",
    "judge",
    "return",
    "over",
)
RACK = 10  # R5
SUPER_LEN = 10  # R15
LONG_WORD = 10  # R11, Art. 9a: +20 from 10 letters on a theme plaque
LONG_BONUS = 20
C_BONUS = 10  # R11, Art. 13: C1 and C5
MAX_REFUSED_OFFERS = 2  # proposals refused per turn (keeps a turn finite; refused ones are free)
_ORDER = {t: i for i, t in enumerate(TILE_ORDER)}
_rank = _ORDER.__getitem__  # a tile's place in TILE_ORDER

_TIRER: Action = {"type": "tirer"}
_REPRENDRE: Action = {"type": "reprendre"}
_SUPER: Action = {"type": "super_mot"}
_PASSER: Action = {"type": "passer"}
_ACCEPTER: Action = {"type": "accepter"}
_REFUSER: Action = {"type": "refuser"}
_TEMPS: Action = {"type": "temps_ecoule"}
_ANNULER: Action = {"type": "annuler"}
_DONE: Action = {"type": "rendre", "lettres": ""}
_TYPES = frozenset(
    [
        "tirer",
        "reprendre",
        "super_mot",
        "mot",
        "passer",
        "achat",
        "echange",
        "accepter",
        "refuser",
        "rendre",
        "temps_ecoule",
        "prix",
        "donne",
        "annuler",
    ]
)


def sort_tiles(tiles: list[str]) -> list[str]:
    """A–Z, jokers last (how racks are shown and stored)."""
    return sorted(tiles, key=_ORDER.__getitem__)


def tiles_text(tiles: list[str] | str) -> str:
    return "".join(sort_tiles(list(tiles)))


def parse_tiles(text: Any) -> list[str]:
    """« AE* » or « a e ? » → ["A", "E", "*"]; InvalidAction otherwise."""
    if not isinstance(text, str):
        raise InvalidAction(
            "« lettres » doit être un texte (par exemple « AE* »)",
            "the letters must be a text (e.g. 'AE*')",
        )
    out = []
    for ch in text.replace(" ", "").replace("?", JOKER).upper():
        if ch not in _ORDER:
            raise InvalidAction(
                f"« {ch} » n'est pas une tuile (A–Z ou * pour un joker)",
                f"'{ch}' is not a letter (A–Z or * for a joker)",
            )
        out.append(ch)
    return out


@lru_cache(maxsize=512)
def _formable(rack: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Admissible words of a sorted rack with the letters jokers cover (cached: bots and
    legal_actions ask for the same rack several times a turn)."""
    return tuple(sorted(word_index().formable(rack)))


def word_score(
    maquette: Maquette, word: str, jokers: list[int], plaque: str | None, super_mot: bool
) -> dict[str, Any]:
    """R11 (D5): base; ×2 labourage; ×2 Super Mot; +20 from 10 letters on a theme plaque;
    +10 on C1 or C5. Multipliers on the base, bonuses added after."""
    base = base_score(word, jokers)
    theme = maquette.theme(plaque) if plaque is not None else None
    labour = theme is not None and word == theme.word
    mult = (2 if labour else 1) * (2 if super_mot else 1)
    long_bonus = LONG_BONUS if theme is not None and len(word) >= LONG_WORD else 0
    c_bonus = C_BONUS if plaque in BONUS_SQUARES else 0
    return {
        "base": base,
        "labourage": labour,
        "super_mot": super_mot,
        "bonus_10": long_bonus,
        "bonus_c": c_bonus,
        "score": base * mult + long_bonus + c_bonus,
    }


def advisor() -> Any:
    """The judge whose opinion the arbiter is shown (R22 ``arbitre``): the automatic judge,
    or the list judge when spaCy's model is not installed (loaded once per process)."""
    return make_judge("auto" if auto_available()[0] else "liste")


def _check_judge_reads_themes(mode: str, judge: Any, maquette: Maquette) -> None:
    """``auto`` on a theme its vectors lack would refuse every word off the theme's list: the
    table is refused, saying which themes and what to do instead (``mixte`` asks the players)."""
    knows = getattr(judge, "knows_theme", None)
    if mode != "auto" or knows is None:
        return
    unknown = [t.display for t in maquette.themes if not knows(t.display)]
    if unknown:
        names = ", ".join(unknown)
        raise OptionsError(
            f"le juge automatique ne connaît pas {names} (aucun vecteur) : il refuserait tout "
            "mot hors de sa liste ; choisissez un autre thème, ou le juge mixte, vote, arbitre "
            "ou liste",
            f"the automatic judge does not know {names} (no vector): it would refuse every word "
            "off its list; choose another theme, or the judge mixte, vote, arbitre or liste",
        )


class AlkamoState(State[Options]):
    offers_all_legal = False  # offered_actions: forms to fill in, not the best words
    action_fields = fields(
        **{
            **dict.fromkeys(_TYPES, ()),
            "mot": ("mot", "jokers"),
            "achat": ("vendeur", "lettre", "prix"),
            "echange": ("avec", "lettre", "donne"),
            "prix": ("prix",),
            "donne": ("lettre",),
            "rendre": ("lettres",),
        }
    )

    def __init__(self, players: int, options: Options, seed: int) -> None:
        super().__init__(players, options, seed)
        n = players
        # R1: a non-playing arbiter holds the last seat; the other seats are the players.
        self.arbiter_seat: int | None = n - 1 if options.external_arbiter else None
        self.playing = n - 1 if options.external_arbiter else n
        if options.external_arbiter and self.playing < 2:
            raise OptionsError(
                f"avec un arbitre externe, il faut 3 ou 4 sièges : 2 ou 3 joueurs, puis "
                f"l'arbitre au dernier siège (demandé : {n})",
                f"with a non-playing arbiter, 3 or 4 seats are needed: 2 or 3 players, then "
                f"the arbiter at the last seat (asked: {n})",
            )
        if isinstance(options.arbiter, int) and options.judge == "arbitre" and options.arbiter >= n:
            raise OptionsError(
                f"l'arbitre doit être l'un des {n} joueurs (arbiter de 0 à {n - 1}, ou externe)",
                f"the arbiter must be one of the {n} players (arbiter 0 to {n - 1}, or externe)",
            )
        self._shared_judge = make_judge(options.judge)
        self._shared_words = dictionary()
        self._shared_legal: tuple[int, int, tuple[Action, ...]] | None = None
        self._shared_maquette = maquette_of(options.maquette)  # A, B or custom (§2)
        _check_judge_reads_themes(options.judge, self._shared_judge, self._shared_maquette)
        self.bag_l = bag()
        self.rng.shuffle(self.bag_l)
        self.bag_t = self.maquette.plaques()
        self.rng.shuffle(self.bag_t)
        self.racks: list[list[str]] = [[] for _ in range(n)]
        self.boards: list[list[dict[str, Any]]] = [[] for _ in range(n)]  # individual boards
        self.central: dict[str, dict[str, Any]] = {}  # plaque → {"seat", "mot"}
        self.scores = [0] * n
        self.super_used = [False] * n
        self.tx_count = [0] * n  # R27, counted on the acquiring (active) player
        self.tx_total = 0
        self.final = False
        self.phase = THEME
        self.turn = 0
        self.plaque: str | None = None  # the plaque of this turn
        self.super_mot = False
        self.pending: str | None = None  # R12: left by a pass for the next player
        self.turn_tx: list[dict[str, Any]] = []  # R30: this turn's transactions, to undo
        self.acquired: list[str] = []  # R29
        self.refused_offers = 0
        self.offer: dict[str, Any] | None = None  # a proposal, complete or being written
        self.set_aside: list[str] = []  # tiles being returned to L this turn
        self.submission: dict[str, Any] | None = None
        self.voters: list[int] = []
        self.return_mode = ""  # "refill" (R10) or "exchange" (R12)
        self.passes_no_exchange = 0  # R34 (c)
        self.idle_turns = 0  # turns in a row without an accepted word (public)
        self.final_passes = 0  # R34 (b)
        self.end_reason = ""
        self.last_turn: dict[str, Any] | None = None  # R13
        # R3: the tile nearest to A starts; any tie for nearest, everybody draws again.
        self.opening_events = []
        n = self.playing  # the arbiter draws no tile and holds no rack
        while True:
            drawn = [self.bag_l[-1 - s] for s in range(n)]
            best = min(_ORDER[t] for t in drawn)
            self.opening_events.append({"type": "tirage_premier", "tuiles": drawn})
            self.rng.shuffle(self.bag_l)
            if sum(_ORDER[t] == best for t in drawn) == 1:
                break
        self.active = next(s for s in range(n) if _ORDER[drawn[s]] == best)
        # R5: each player draws 10 tiles.
        for s in range(n):
            self.racks[s] = sort_tiles([self.bag_l.pop() for _ in range(RACK)])
        premier: Event = {"type": "premier", "seat": self.active}
        if self.arbiter_seat is not None:
            premier["arbitre"] = self.arbiter_seat
        self.opening_events.append(premier)
        self.opening_events += self._start_turn()

    # ------------------------------------------------------------------ components
    @property
    def maquette(self) -> Maquette:
        return self._shared_maquette

    def next_seat(self, seat: int) -> int:
        """R4: counter-clockwise, seat (i − 1) mod n, among the players (not the arbiter)."""
        return (seat - 1) % self.playing

    def plaque_length(self, plaque: str | None) -> int | None:
        """The required length on a C plaque (R7), None on a theme plaque."""
        return self.maquette.free.get(plaque) if plaque in FREE else None

    def rack_value(self, seat: int) -> int:
        return sum(VALUE[t] for t in self.racks[seat])

    def tx_left(self) -> int:
        """R27: transactions the active player may still make."""
        used = (
            self.tx_count[self.active]
            if self.options.transaction_scope == "per_player"
            else (self.tx_total)
        )
        return max(0, self.options.transaction_limit - used)

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> frozenset[int]:
        if self.phase == OVER:
            return frozenset()
        if self.phase == OFFER:
            assert self.offer is not None
            return frozenset([self.offer["avec"]])
        if self.phase == JUDGE:
            return frozenset(self.voters)
        return frozenset([self.active])

    def is_over(self) -> bool:
        return self.phase == OVER

    def timeout_action(self, seat: int) -> Action | None:
        """R14: the sablier makes an unfinished turn a pass without exchange; an unanswered
        proposal or vote is a refusal (unanimity needs every acceptance, R22)."""
        if self.options.sablier_s is None or seat not in self.to_move():
            return None
        if self.phase in (THEME, WORD):
            return dict(_TEMPS)
        if self.phase == RETURN:
            return dict(_DONE)
        if self.phase == DRAFT:
            return dict(_ANNULER)
        return dict(_REFUSER)

    def timer_seconds(self, seat: int) -> float | None:
        """R14: the sablier's length (``sablier_s``), so a server runs the table's own timer."""
        sablier = self.options.sablier_s
        if sablier is None or self.timeout_action(seat) is None:
            return None
        return float(sablier)

    def _legal(self, seat: int) -> list[Action]:
        key = (len(self.actions), seat)
        cached = self._shared_legal
        if cached is not None and cached[:2] == key:
            return [dict(a) for a in cached[2]]
        actions = tuple(self._list_actions(seat))
        self._shared_legal = (*key, actions)
        return [dict(a) for a in actions]

    def offered_actions(self, seat: int) -> list[Action]:
        """A client is offered no word: finding the words of his rack is the game; any word he
        types is checked by apply (R16–R22, see :meth:`typed_actions`). Nor is he offered the
        sablier's ``temps_ecoule``: the clock plays it (``timeout_action``, R14)."""
        return [a for a in self.legal_actions(seat) if a["type"] not in ("mot", "temps_ecoule")]

    def typed_actions(self, seat: int) -> frozenset[str]:
        """The kinds of action ``seat`` may send now with parameters he types, whatever the
        lists hold: a word while it is his turn to propose one (R9). The legal list lists only
        the Lexique words his rack forms; a word it lacks (one his rack cannot form, one without
        the acquired tile, one absent from Lexique that the players may accept, R22) is judged
        by ``apply``, which says why it is refused."""
        if self.phase == WORD and seat == self.active:
            return frozenset({"mot"})
        return frozenset()

    def _list_actions(self, seat: int) -> list[Action]:
        """What the verify_<kind> methods allow (issue 20: one source of legality per action);
        words are listed from the rack (one representative per word, R16–R22)."""
        timer = [dict(_TEMPS)] if self._can(seat, _TEMPS) else []
        if self.phase == THEME:
            return [dict(a) for a in (_TIRER, _REPRENDRE, _SUPER) if self._can(seat, a)] + timer
        if self.phase == WORD:
            return [*self._word_actions(), dict(_PASSER), *self._offer_actions(), *timer]
        if self.phase in (OFFER, JUDGE):
            return [dict(a) for a in (_ACCEPTER, _REFUSER) if self._can(seat, a)]
        own = sorted(set(self.racks[seat]), key=_rank)
        if self.phase == DRAFT:
            assert self.offer is not None
            if self.offer["kind"] == "achat":
                prices = self._prices(self.offer["lettre"])
                steps = [{"type": "prix", "prix": p} for p in prices]
            else:
                steps = [{"type": "donne", "lettre": t} for t in own]
            return [*[a for a in steps if self._can(seat, a)], dict(_ANNULER)]
        if self.phase == RETURN:
            more = [{"type": "rendre", "lettres": t} for t in own]
            return [dict(_DONE), *[a for a in more if self._can(seat, a)]]
        return []

    def _can(self, seat: int, action: Action) -> bool:
        """Whether ``verify_<kind>`` lets ``seat`` play this well-formed action now."""
        try:
            getattr(self, f"verify_{action['type']}")(seat, action)
        except IllegalAction:
            return False
        return True

    def _may_set_aside(self, count: int) -> bool:
        """R12: a pass exchanges at most as many tiles as L can give back."""
        if self.return_mode == "exchange":
            return len(self.set_aside) + count <= len(self.bag_l)
        return count <= len(self.racks[self.active])

    def _rack(self, seat: int) -> str:
        return "".join(self.racks[seat])

    def _length_ok(self, word: str) -> bool:
        if self.super_mot:
            return len(word) == SUPER_LEN
        required = self.plaque_length(self.plaque)
        if required is not None:
            return len(word) == required
        return len(word) >= self.options.min_word_length

    def _word_actions(self) -> list[Action]:
        out = []
        jokers_held = self.racks[self.active].count(JOKER)
        for word, covered in _formable(self._rack(self.active)):
            if not self._length_ok(word):
                continue
            jokers = self._place_jokers(word, covered, jokers_held)
            if jokers is None or self._r29_missing(word, jokers):
                continue
            out.append({"type": "mot", "mot": word, "jokers": jokers})
        return out

    def _place_jokers(self, word: str, covered: tuple[str, ...], held: int) -> list[int] | None:
        """Best-scoring placement: jokers only where real tiles lack (R11); more when jokers
        acquired this turn must be used (R29), on the cheapest letters."""
        pos = joker_positions(word, covered)
        need = self.acquired.count(JOKER)
        if len(pos) < need:
            if held < need:
                return None
            free = sorted((VALUE[c], -i) for i, c in enumerate(word) if i not in pos)
            pos = sorted(pos + [-i for _, i in free[: need - len(pos)]])
        return pos

    def _offer_actions(self) -> list[Action]:
        if not self._offers_open():
            return []
        out: list[Action] = []
        for other in range(self.playing):
            if other != self.active:
                out += [{"type": "achat", "vendeur": other, "lettre": t} for t in TILE_ORDER]
                out += [{"type": "echange", "avec": other, "lettre": t} for t in TILE_ORDER]
        return out

    def _offers_open(self) -> bool:
        if self.phase != WORD:
            return False
        try:
            self.verify_offers_open()
        except IllegalAction:
            return False
        return True

    def verify_offers_open(self) -> None:
        """R25, R27: after a theme or C plaque, never in a Super Mot turn nor the final phase,
        within the limit (and the refused proposals of this turn)."""
        if self.plaque is None or self.super_mot or self.final:
            raise IllegalAction(
                "pas de transaction dans un tour de Super Mot ni en phase finale (R25)",
                "no transaction in a Super Mot turn nor in the final phase (R25)",
            )
        if self.tx_left() <= 0:
            raise IllegalAction(
                f"limite de {self.options.transaction_limit} transactions atteinte (R27)",
                f"limit of {self.options.transaction_limit} transactions reached (R27)",
            )
        if self.refused_offers >= MAX_REFUSED_OFFERS:
            raise IllegalAction(
                f"déjà {MAX_REFUSED_OFFERS} propositions refusées ce tour",
                f"already {MAX_REFUSED_OFFERS} refused proposals this turn",
            )

    # ------------------------------------------------------------------ checking
    def _check(self, seat: int | None, action: Action) -> None:
        kind = action["type"]
        if kind not in _TYPES:
            raise InvalidAction(f"action inconnue : « {kind} »", f"unknown action: '{kind}'")
        if seat is None:
            raise IllegalAction("seul un joueur peut agir", "only a player can act")
        if kind == "temps_ecoule":
            self.verify_temps_ecoule(seat, action)
            return
        expected = {
            THEME: ("tirer", "reprendre", "super_mot"),
            WORD: ("mot", "passer", "achat", "echange"),
            DRAFT: ("prix", "donne", "annuler"),
            OFFER: ("accepter", "refuser"),
            JUDGE: ("accepter", "refuser"),
            RETURN: ("rendre",),
        }[self.phase]
        if kind not in expected:
            raise IllegalAction(_PHASE_FR[self.phase], _PHASE_EN[self.phase])
        getattr(self, f"verify_{kind}")(seat, action)  # one per action: verify_tirer…

    def verify_temps_ecoule(self, seat: int, action: Action) -> None:
        if self.options.sablier_s is None:
            raise IllegalAction("pas de sablier à cette table", "no sablier at this table")
        if self.phase not in (THEME, WORD):
            raise IllegalAction("le tour est déjà joué", "the turn is already played")

    def verify_tirer(self, seat: int, action: Action) -> None:
        if not self.bag_t:
            raise IllegalAction("la cagnotte des thèmes est vide", "the theme bag is empty")

    def verify_reprendre(self, seat: int, action: Action) -> None:
        if self.pending is None:
            raise IllegalAction("aucun thème en attente", "no pending theme")

    def verify_super_mot(self, seat: int, action: Action) -> None:
        if self.super_used[seat]:
            raise IllegalAction(
                "vous avez déjà joué votre Super Mot", "you already played your Super Mot"
            )
        if len(self.racks[seat]) != SUPER_LEN:
            raise IllegalAction(
                "le Super Mot demande exactement 10 lettres sur le chevalet",
                "a Super Mot needs exactly 10 letters on the rack",
            )

    def verify_passer(self, seat: int, action: Action) -> None:
        return

    def verify_mot(self, seat: int, action: Action) -> None:
        self._placement(seat, action)

    def _placement(self, seat: int, action: Action) -> tuple[str, list[int]]:
        """The folded word and its joker positions; IllegalAction if the rack cannot lay it."""
        text = action.get("mot")
        word = normalize(text) if isinstance(text, str) else ""
        if not word:
            raise InvalidAction(
                "« mot » doit être un mot de lettres (A–Z, accents permis)",
                "the word must be made of letters (A–Z, accents allowed)",
            )
        rack = self.racks[seat]
        given = action.get("jokers")
        if given is None:
            check_rack(rack, word, None)
            held = rack.count(JOKER)
            lacking = Counter(word) - Counter(t for t in rack if t != JOKER)
            covered = tuple(sorted(lacking.elements()))
            jokers = self._place_jokers(word, covered, held)
            if jokers is None:
                jokers = joker_positions(word, covered)
            return word, jokers
        if not isinstance(given, list) or not all(type(i) is int for i in given):
            raise InvalidAction(
                "« jokers » est la liste des positions des jokers (0 = 1re lettre)",
                "the jokers are given by their positions in the word (0 = first letter)",
            )
        if len(set(given)) != len(given) or any(not 0 <= i < len(word) for i in given):
            raise InvalidAction("positions de jokers invalides", "invalid joker positions")
        check_rack(rack, word, given)
        return word, sorted(given)

    def verify_achat(self, seat: int, action: Action) -> None:
        self._verify_offer(seat, action, "vendeur")
        if "prix" in action:
            self.verify_prix(seat, {"prix": action["prix"]}, action.get("lettre"))

    def verify_prix(self, seat: int, action: Action, tile: Any = None) -> None:
        if tile is None:
            assert self.offer is not None
            if self.offer["kind"] != "achat":
                raise IllegalAction(
                    "un échange n'a pas de prix : donnez une lettre (donne)",
                    "an exchange has no price: give a letter",
                )
            tile = self.offer["lettre"]
        price = action.get("prix")
        if type(price) is not int:
            raise InvalidAction("« prix » doit être un entier", "the price must be a whole number")
        if price not in self._prices(tile):
            raise IllegalAction(
                f"prix de {tile} : de 0 à {price_cap(tile)} points (R28)",
                f"price of {tile}: 0 to {price_cap(tile)} points (R28)",
            )

    @staticmethod
    def _prices(tile: str) -> range:
        """R28: the prices a tile may be sold for."""
        return range(price_cap(tile) + 1)

    def verify_echange(self, seat: int, action: Action) -> None:
        self._verify_offer(seat, action, "avec")
        if "donne" in action:
            self.verify_donne(seat, {"lettre": action["donne"]}, action.get("lettre"))

    def verify_annuler(self, seat: int, action: Action) -> None:
        return

    def verify_donne(self, seat: int, action: Action, tile: Any = None) -> None:
        if tile is None:
            assert self.offer is not None
            if self.offer["kind"] != "echange":
                raise IllegalAction(
                    "un achat se règle par un prix (prix)",
                    "a purchase is settled by a price",
                )
            tile = self.offer["lettre"]
        give = action.get("lettre")
        if not isinstance(give, str) or give not in _ORDER:
            raise InvalidAction(
                "la tuile donnée : de A à Z, ou * (joker)",
                "the letter given: A to Z, or * (joker)",
            )
        if give == tile:
            raise IllegalAction(
                "échanger une lettre contre la même ne change rien",
                "swapping a letter for the same one changes nothing",
            )
        if give not in self.racks[seat]:
            raise IllegalAction(f"vous n'avez pas de {give}", f"you have no {give}")

    def _verify_offer(self, seat: int, action: Action, field: str) -> None:
        other = action.get(field)
        if type(other) is not int or not 0 <= other < self.players or other == seat:
            others = [s for s in range(self.playing) if s != seat]
            raise InvalidAction(
                f"« {field} » doit être le siège d'un autre joueur",
                f"the {_PARTNER_EN[field]} must be another player's seat ({_either_en(others)})",
            )
        if other == self.arbiter_seat:
            raise IllegalAction(
                "l'arbitre ne joue pas : il n'a pas de lettres à vendre ni à échanger (R1)",
                "the arbiter does not play: he has no letters to sell or swap (R1)",
            )
        if not isinstance(action.get("lettre"), str) or action["lettre"] not in _ORDER:
            raise InvalidAction(
                "« lettre » : une tuile de A à Z, ou * (joker)",
                "the letter wanted: A to Z, or * (joker)",
            )
        self.verify_offers_open()

    def verify_accepter(self, seat: int, action: Action) -> None:
        if self.phase == OFFER:
            assert self.offer is not None
            if self.offer["lettre"] not in self.racks[seat]:
                raise IllegalAction(
                    f"vous n'avez pas de {self.offer['lettre']}",
                    f"you have no {self.offer['lettre']}",
                )

    def verify_refuser(self, seat: int, action: Action) -> None:
        return

    def verify_rendre(self, seat: int, action: Action) -> None:
        tiles = parse_tiles(action.get("lettres", ""))
        if Counter(tiles) - Counter(self.racks[seat]):
            raise IllegalAction(
                f"vous n'avez pas ces tuiles ({tiles_text(tiles)}) sur votre chevalet",
                f"you do not have these letters ({tiles_text(tiles)}) on your rack",
            )
        if tiles and not self._may_set_aside(len(tiles)):
            raise IllegalAction(
                f"la cagnotte n'a que {len(self.bag_l)} lettres à vous donner en échange",
                f"the bag has only {len(self.bag_l)} letters to give you in exchange",
            )

    # ------------------------------------------------------------------ applying
    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        assert seat is not None
        kind = action["type"]
        if kind == "temps_ecoule":
            events: list[Event] = [{"type": "temps_ecoule", "seat": seat}]
            return events + self._pass(seat, exchange=False)
        do: Callable[[int, Action], list[Event]] = getattr(self, f"_do_{kind}")
        return do(seat, action)

    # -- turn start and theme step (R6)
    def _start_turn(self) -> list[Event]:
        self.turn += 1
        self.plaque = None
        self.super_mot = False
        self.turn_tx = []
        self.acquired = []
        self.refused_offers = 0
        self.offer = None
        self.submission = None
        self.voters = []
        self.phase = WORD if self.final else THEME
        return [{"type": "tour", "seat": self.active, "numero": self.turn, "finale": self.final}]

    def _return_to_t(self, plaque: str) -> None:
        """D2: a plaque not chosen goes back into T, at a random place."""
        self.bag_t.insert(self.rng.randrange(len(self.bag_t) + 1), plaque)

    def _do_tirer(self, seat: int, action: Action) -> list[Event]:
        self.plaque = self.bag_t.pop()
        back = self.pending
        self.pending = None
        if back is not None:
            self._return_to_t(back)  # after the draw: it cannot come straight back
        self.phase = WORD
        return [
            {"type": "plaque", "seat": seat, "plaque": self.plaque, "tiree": True, "remise": back}
        ]

    def _do_reprendre(self, seat: int, action: Action) -> list[Event]:
        self.plaque, self.pending = self.pending, None
        self.phase = WORD
        return [
            {"type": "plaque", "seat": seat, "plaque": self.plaque, "tiree": False, "remise": None}
        ]

    def _do_super_mot(self, seat: int, action: Action) -> list[Event]:
        back = self.pending
        self.pending = None
        if back is not None:
            self._return_to_t(back)
        self.super_mot = True
        self.phase = WORD
        return [{"type": "super_mot", "seat": seat, "remise": back}]

    # -- transactions (R25–R31)
    def _do_achat(self, seat: int, action: Action) -> list[Event]:
        self.offer = {"kind": "achat", "avec": action["vendeur"], "lettre": action["lettre"]}
        if "prix" in action:
            return self._do_prix(seat, action)
        self.phase = DRAFT
        return []

    def _do_echange(self, seat: int, action: Action) -> list[Event]:
        self.offer = {"kind": "echange", "avec": action["avec"], "lettre": action["lettre"]}
        if "donne" in action:
            return self._do_donne(seat, {"lettre": action["donne"]})
        self.phase = DRAFT
        return []

    def _do_prix(self, seat: int, action: Action) -> list[Event]:
        assert self.offer is not None
        self.offer["prix"] = action["prix"]
        self.phase = OFFER
        return [{"type": "offre", "seat": seat, **self.offer}]

    def _do_donne(self, seat: int, action: Action) -> list[Event]:
        assert self.offer is not None
        self.offer["donne"] = action["lettre"]
        self.phase = OFFER
        return [{"type": "offre", "seat": seat, **self.offer}]

    def _do_annuler(self, seat: int, action: Action) -> list[Event]:
        """A proposal withdrawn before it is made counts as a refused one (bounds a turn)."""
        self.offer = None
        self.refused_offers += 1
        self.phase = WORD
        return [{"type": "offre_retiree", "seat": seat}]

    def _answer_offer(self, seat: int, accepted: bool) -> list[Event]:
        offer = self.offer
        assert offer is not None
        self.offer = None
        self.phase = WORD
        a = self.active
        if not accepted:
            self.refused_offers += 1
            return [{"type": "transaction", "seat": a, "avec": seat, "acceptee": False, **offer}]
        tile = offer["lettre"]
        self.racks[seat].remove(tile)
        self.racks[a].append(tile)
        record: dict[str, Any] = {**offer, "comp": None}
        if offer["kind"] == "achat":
            self.scores[a] -= offer["prix"]
            self.scores[seat] += offer["prix"]
            if self.bag_l:  # R26: the seller draws one compensating tile
                record["comp"] = self.bag_l.pop()
                self.racks[seat].append(record["comp"])
        else:
            give = offer["donne"]
            self.racks[a].remove(give)
            self.racks[seat].append(give)
            if give in self.acquired:
                self.acquired.remove(give)
        self.acquired.append(tile)
        self.racks[a] = sort_tiles(self.racks[a])
        self.racks[seat] = sort_tiles(self.racks[seat])
        self.turn_tx.append(record)
        self.tx_count[a] += 1
        self.tx_total += 1
        return [
            {
                "type": "transaction",
                "seat": a,
                "avec": seat,
                "acceptee": True,
                **offer,
                "compensation": record["comp"] is not None,
            }
        ]

    def _undo_transactions(self) -> list[Event]:
        """R30: tiles back to their owners, prices refunded, compensating tiles back into L;
        undone transactions do not count (R27)."""
        if not self.turn_tx:
            return []
        a = self.active
        for tx in reversed(self.turn_tx):
            seller = tx["avec"]
            self.racks[a].remove(tx["lettre"])
            self.racks[seller].append(tx["lettre"])
            if tx["kind"] == "achat":
                self.scores[a] += tx["prix"]
                self.scores[seller] -= tx["prix"]
                if tx["comp"] is not None:
                    self.racks[seller].remove(tx["comp"])
                    self.bag_l.append(tx["comp"])
            else:
                self.racks[seller].remove(tx["donne"])
                self.racks[a].append(tx["donne"])
            self.racks[seller] = sort_tiles(self.racks[seller])
            self.tx_count[a] -= 1
            self.tx_total -= 1
        self.racks[a] = sort_tiles(self.racks[a])
        undone = len(self.turn_tx)
        self.turn_tx = []
        self.acquired = []
        return [{"type": "annulation", "seat": a, "transactions": undone}]

    # -- the word (R9, R11, R15–R23)
    def _do_mot(self, seat: int, action: Action) -> list[Event]:
        word, jokers = self._placement(seat, action)
        events: list[Event] = [
            {
                "type": "soumission",
                "seat": seat,
                "mot": word,
                "jokers": jokers,
                "plaque": self.plaque,
                "super_mot": self.super_mot,
            }
        ]
        self.submission = {"mot": word, "jokers": jokers, "decision": None, "absent": False}
        fault = self._mechanical_fault(word, jokers)
        if fault is not None:
            return events + self._reject(seat, *fault)
        words = self._shared_words
        theme = self.maquette.theme(self.plaque) if self.plaque is not None else None
        relate = theme is not None and not self.super_mot and not self.final
        if not words.admits(word):
            if words.absent(word) and self.options.judge in PEOPLE:
                self.submission["absent"] = True
                return events + self._ask(seat, "absent de Lexique", "not in Lexique")
            fr, en = words.why_not(word)
            return events + self._reject(seat, f"{word} : {fr}", f"{word}: {en}")
        if not relate or (theme is not None and word == theme.word):
            return events + self._accept(seat)
        assert theme is not None
        mode = self.options.judge
        if mode in PEOPLE:
            return events + self._ask(seat, "parenté avec le thème", "relatedness to the theme")
        decision: Decision = self._shared_judge.decide(
            theme.display, word, theme.related, **({"mixte": True} if mode == "mixte" else {})
        )
        self.submission["decision"] = decision.to_dict()
        events.append({"type": "jugement", "seat": seat, **decision.to_dict()})
        if decision.accepted is None:
            return events + self._ask(seat, decision.text_fr(), decision.text_en())
        if decision.accepted:
            return events + self._accept(seat)
        return events + self._reject(seat, decision.text_fr(), decision.text_en())

    def _r29_missing(self, word: str, jokers: list[int]) -> str | None:
        """R29: a tile acquired this turn that the word does not use, if any."""
        used = Counter(c for i, c in enumerate(word) if i not in jokers)
        used[JOKER] = len(jokers)
        missing = Counter(self.acquired) - used
        return next(iter(sorted(missing)), None)

    def _mechanical_fault(self, word: str, jokers: list[int]) -> tuple[str, str] | None:
        """R18 and R29: length and acquired tiles (a fault makes the word rejected, R23)."""
        if self.super_mot and len(word) != SUPER_LEN:
            return (
                f"un Super Mot a exactement 10 lettres ({word} en a {len(word)})",
                f"a Super Mot has exactly 10 letters ({word} has {len(word)})",
            )
        required = self.plaque_length(self.plaque)
        if required is not None and len(word) != required and not self.final:
            return (
                f"la plaque {self.plaque} demande {required} lettres ({word} en a {len(word)})",
                f"plaque {self.plaque} needs {required} letters ({word} has {len(word)})",
            )
        if len(word) < self.options.min_word_length:
            return (
                f"au moins {self.options.min_word_length} lettres",
                f"at least {self.options.min_word_length} letters",
            )
        missing = self._r29_missing(word, jokers)
        if missing is not None:
            tile = "joker" if missing == JOKER else missing
            return (
                f"la tuile acquise ({tile}) doit être dans le mot (R29)",
                f"the acquired letter ({tile}) must be in the word (R29)",
            )
        return None

    def _ask(self, seat: int, fr: str, en: str) -> list[Event]:
        """R22: the other players vote (unanimity), or the arbiter decides: the non-playing
        arbiter every word, an elected one every word but his own. The arbiter is shown the
        automatic judge's opinion on relatedness as advice (``avis``); he decides."""
        others = [self.next_seat(seat)]
        while len(others) < self.playing - 1:
            others.append(self.next_seat(others[-1]))
        elected = self.options.arbiter
        arbiter = self.arbiter_seat if isinstance(elected, str) else elected
        judged_by_arbiter = self.options.judge == "arbitre" and arbiter != seat
        self.voters = [arbiter] if judged_by_arbiter and arbiter is not None else others
        self.phase = JUDGE
        sub = self.submission
        advice = self._advice() if judged_by_arbiter and sub and not sub["absent"] else None
        if sub is not None:
            sub["avis"] = advice
        event: Event = {
            "type": "vote_demande",
            "seat": seat,
            "votants": list(self.voters),
            "question": fr,
            "question_en": en,
            "absent": bool(sub and sub["absent"]),
        }
        if advice is not None:
            event["avis"] = advice
        return [event]

    def _advice(self) -> dict[str, Any] | None:
        """The automatic judge's opinion on the submitted word for the theme (the list judge
        when spaCy's model is not installed): shown to the arbiter, never applied."""
        theme = self.maquette.theme(self.plaque) if self.plaque is not None else None
        if theme is None or self.super_mot or self.final:
            return None
        assert self.submission is not None
        decision: Decision = advisor().decide(theme.display, self.submission["mot"], theme.related)
        return decision.to_dict()

    def _vote(self, seat: int, accepted: bool) -> list[Event]:
        events: list[Event] = [{"type": "vote", "seat": seat, "accepte": accepted}]
        self.voters.remove(seat)
        if not accepted:
            # The event names the seat (``par``): the screen says who, by his name.
            elected = self.options.judge == "arbitre" and seat == self.options.arbiter
            if seat == self.arbiter_seat or elected:
                fr, en = "refusé par l'arbitre", "refused by the arbiter"
            else:
                fr, en = "refusé par un joueur", "refused by a player"
            return events + self._reject(self.active, fr, en, by=seat)
        if not self.voters:
            return events + self._accept(self.active)
        return events

    def _do_accepter(self, seat: int, action: Action) -> list[Event]:
        if self.phase == OFFER:
            return self._answer_offer(seat, True)
        return self._vote(seat, True)

    def _do_refuser(self, seat: int, action: Action) -> list[Event]:
        if self.phase == OFFER:
            return self._answer_offer(seat, False)
        return self._vote(seat, False)

    def score_of(
        self, word: str, jokers: list[int], plaque: str | None, super_mot: bool
    ) -> dict[str, Any]:
        """R11 for this table (see :func:`word_score`)."""
        return word_score(self.maquette, word, jokers, None if self.final else plaque, super_mot)

    def _accept(self, seat: int) -> list[Event]:
        """R10: scored; tiles to the individual board; plaque to its square; then the return."""
        sub = self.submission
        assert sub is not None
        word, jokers = sub["mot"], sub["jokers"]
        super_mot = self.super_mot or (
            self.final and len(word) == SUPER_LEN and not self.super_used[seat]
        )  # R33: an unused Super Mot of 10 letters in the final phase
        plaque = None if self.final else self.plaque
        detail = self.score_of(word, jokers, plaque, super_mot)
        if super_mot:
            self.super_used[seat] = True
        self.scores[seat] += detail["score"]
        used = [JOKER if i in jokers else c for i, c in enumerate(word)]
        for tile in used:
            self.racks[seat].remove(tile)
        self.boards[seat].append(
            {"mot": word, "jokers": jokers, "plaque": plaque, "score": detail["score"]}
        )
        if plaque is not None:
            self.central[plaque] = {"seat": seat, "mot": word}
        self.plaque = None
        self.super_mot = False
        self.turn_tx = []  # kept: the transactions stand (R29 satisfied)
        self.acquired = []
        self.submission = None
        self.voters = []
        events: list[Event] = [
            {
                "type": "accepte",
                "seat": seat,
                "mot": word,
                "jokers": jokers,
                "plaque": plaque,
                **detail,
            }
        ]
        self.last_turn = {"seat": seat, "plaque": plaque, "mot": word, "score": detail["score"]}
        self.passes_no_exchange = 0
        self.final_passes = 0
        self.idle_turns = 0
        if self.final or not self.bag_l:
            return events + self._end_turn()
        self.return_mode = "refill"
        self.phase = RETURN
        return events

    def _reject(self, seat: int, fr: str, en: str, by: int | None = None) -> list[Event]:
        """R9, R23: a rejected word is a pass (the Super Mot is not used up, R15). ``by``: the
        seat whose vote or decision refused it (``par`` in the event)."""
        word = self.submission["mot"] if self.submission else ""
        self.submission = None
        self.voters = []
        event: Event = {"type": "rejete", "seat": seat, "mot": word, "raison": fr, "raison_en": en}
        if by is not None:
            event["par"] = by
        events: list[Event] = [event]
        return events + self._pass(seat, exchange=True)

    def _do_passer(self, seat: int, action: Action) -> list[Event]:
        return self._pass(seat, exchange=True)

    def _pass(self, seat: int, exchange: bool) -> list[Event]:
        """R12: transactions undone; the plaque stays pending; then the optional exchange."""
        events = self._undo_transactions()
        events.append({"type": "passe", "seat": seat, "plaque": self.plaque})
        if self.plaque is not None:
            self.pending = self.plaque
        self.plaque = None
        self.super_mot = False
        self.idle_turns += 1
        self.last_turn = {"seat": seat, "plaque": self.pending, "mot": None, "score": 0}
        if self.final:
            self.final_passes += 1
            return events + self._end_turn()
        if exchange and self.bag_l:
            self.return_mode = "exchange"
            self.phase = RETURN
            return events
        self.passes_no_exchange += 1
        return events + self._end_turn()

    def _do_rendre(self, seat: int, action: Action) -> list[Event]:
        """R10/R12: tiles are set aside one action at a time; "" (or nothing left to return)
        ends the step: the player draws, then the set-aside tiles go into L (so they cannot
        come straight back)."""
        tiles = parse_tiles(action.get("lettres", ""))
        for t in tiles:
            self.racks[seat].remove(t)
        self.set_aside += tiles
        if tiles and self.racks[seat] and self._may_set_aside(1):
            return [{"type": "mise_de_cote", "seat": seat, "nombre": len(tiles)}]
        returned = self.set_aside
        self.set_aside = []
        if self.return_mode == "refill":
            count = max(0, RACK - len(self.racks[seat]))
        else:
            count = len(returned)
            self.passes_no_exchange = 0 if returned else self.passes_no_exchange + 1
        drawn = [self.bag_l.pop() for _ in range(min(count, len(self.bag_l)))]
        self.racks[seat] = sort_tiles(self.racks[seat] + drawn)
        if returned:
            self.bag_l.extend(returned)
            self.rng.shuffle(self.bag_l)
        if self.last_turn is not None:
            self.last_turn["rendues"] = len(returned)
        events: list[Event] = [
            {
                "type": "rendu",
                "seat": seat,
                "rendues": len(returned),
                "piochees": len(drawn),
                "mode": self.return_mode,
            }
        ]
        return events + self._end_turn()

    # -- end of turn, final phase and end (R32–R35)
    def _end_turn(self) -> list[Event]:
        events: list[Event] = []
        a = self.active
        n = self.playing  # R34 (b), (c): a cycle of passes is one per player
        if not self.racks[a]:
            return events + self._finish("rack_vide")  # R34 (a)
        if not self.final:
            if self.passes_no_exchange >= n:
                return events + self._finish("bloque")  # R34 (c)
            if self.options.l_empty == "end" and not self.bag_l:
                return events + self._finish("cagnotte_vide")  # R34 (d)
            themes_done = not self.bag_t and self.pending is None
            if themes_done or (self.options.l_empty == "final_phase" and not self.bag_l):
                self.final = True  # R32
                self.final_passes = 0
                if self.pending is not None:  # no plaque is played any more
                    self.bag_t.append(self.pending)
                    self.pending = None
                events.append(
                    {"type": "phase_finale", "raison": "themes" if themes_done else "lettres"}
                )
        elif self.final_passes >= n:
            return events + self._finish("passes_finales")  # R34 (b)
        self.active = self.next_seat(a)
        return events + self._start_turn()

    def _finish(self, reason: str) -> list[Event]:
        self.phase = OVER
        self.end_reason = reason
        self.plaque = None
        self.offer = None
        res = self.result()
        return [
            {
                "type": "fin",
                "raison": reason,
                "scores": list(res.scores),
                "deductions": res.details["deductions"],
                "gagnants": list(res.winners),
            }
        ]

    def result(self) -> Result:
        """R35 (D14): each score minus the value of the tiles left on the rack; the highest
        total wins, equal totals share the title. A non-playing arbiter (R1) is not ranked: his
        seat has score 0 and rank 0 (« not ranked »: ranks of players start at 1)."""
        deductions = [self.rack_value(s) for s in range(self.players)]
        finals = tuple(self.scores[s] - deductions[s] for s in range(self.players))
        players = range(self.playing)
        ranks = tuple(
            1 + sum(finals[o] > finals[s] for o in players) if s < self.playing else 0
            for s in range(self.players)
        )
        winners = tuple(s for s in players if ranks[s] == 1)
        fr, en = _END.get(self.end_reason, ("partie en cours", "game in progress"))
        details: dict[str, Any] = {"deductions": deductions, "before": list(self.scores)}
        if self.arbiter_seat is not None:
            details["arbitre"] = self.arbiter_seat
        return Result(finals, ranks, winners, fr, en, details)

    # ------------------------------------------------------------------ views and checks
    def view(self, seat: int | None = None) -> dict[str, Any]:
        maq = self.maquette
        board = []
        for row in maq.grid():
            cells = []
            for plaque in row:
                theme = maq.theme(plaque)
                cell: dict[str, Any] = {
                    "plaque": plaque,
                    "label": theme.display if theme else plaque,
                    "longueur": maq.free.get(plaque),
                }
                if plaque in self.central:
                    cell.update(self.central[plaque])
                cells.append(cell)
            board.append(cells)
        theme = maq.theme(self.plaque) if self.plaque else None
        sub = self.submission
        return {
            "game": "alkamo",
            "seat": seat,
            "players": self.players,
            "maquette": maq.name,  # A, B, or « perso » (the themes: board, options)
            "maquette_title": maq.title,
            "judge": self.options.judge,
            "arbiter_seat": self.arbiter_seat,
            "playing": self.playing,
            "board": board,
            "rack": list(self.racks[seat]) if seat is not None and seat < self.playing else None,
            "set_aside": list(self.set_aside) if seat == self.active else None,
            "set_aside_count": len(self.set_aside),
            "rack_sizes": [len(r) for r in self.racks],
            "scores": list(self.scores),
            "words": [[dict(w) for w in b] for b in self.boards],
            "bag_l": len(self.bag_l),
            "bag_t": len(self.bag_t),
            "themes_left": sorted(self.bag_t),
            "active": self.active,
            "to_move": sorted(self.to_move()),
            "phase": self.phase,
            "final": self.final,
            "turn": self.turn,
            "plaque": self.plaque,
            "plaque_label": theme.display if theme else self.plaque,
            "plaque_length": self.plaque_length(self.plaque),
            "related": list(theme.shown) if theme else [],  # with accents, for the screen
            "super_mot": self.super_mot,
            "super_used": list(self.super_used),
            "pending": self.pending,
            "offer": dict(self.offer) if self.offer else None,
            "acquired": list(self.acquired),
            "transactions": list(self.tx_count),
            "transactions_left": self.tx_left() if self.phase != OVER else 0,
            "refused_offers": self.refused_offers,
            "submission": dict(sub) if sub else None,
            "voters": list(self.voters),
            "return_mode": self.return_mode if self.phase == RETURN else None,
            "last_turn": dict(self.last_turn) if self.last_turn else None,
            "passes_no_exchange": self.passes_no_exchange,
            # R34 (c): giving back no tile now ends the game (everyone passed without one).
            "empty_return_ends": self.phase == RETURN
            and self.return_mode == "exchange"
            and not self.final
            and not self.set_aside
            and self.passes_no_exchange + 1 >= self.playing,
            "idle_turns": self.idle_turns,
            "final_passes": self.final_passes,
            "options": self.options.to_dict(),
            "over": self.phase == OVER,
            "result": self.result().to_dict() if self.phase == OVER else None,
        }

    def tile_count(self) -> int:
        """R31: tiles in L + on racks + on individual boards (always 191)."""
        on_boards = sum(len(w["mot"]) for b in self.boards for w in b)
        held = sum(len(r) for r in self.racks) + len(self.set_aside)
        return len(self.bag_l) + held + on_boards

    def check_invariants(self) -> None:
        """R31 and the plaques: every tile and plaque is somewhere exactly once; the scores are
        the accepted words' plus the transactions' transfers, which sum to 0."""
        assert self.tile_count() == TOTAL_TILES, self.tile_count()
        tiles = Counter(self.bag_l + self.set_aside)
        for r in self.racks:
            tiles.update(r)
        for b in self.boards:
            for w in b:
                tiles.update(JOKER if i in w["jokers"] else c for i, c in enumerate(w["mot"]))
        assert tiles == Counter(bag())
        plaques = list(self.bag_t) + list(self.central)
        plaques += [p for p in (self.pending, self.plaque) if p is not None]
        assert sorted(plaques) == sorted(self.maquette.plaques()), plaques
        words = sum(w["score"] for b in self.boards for w in b)
        assert sum(self.scores) == words


_PHASE_FR = {
    THEME: "il faut d'abord choisir le thème : tirer, reprendre ou Super Mot",
    WORD: "c'est le moment de proposer un mot, de passer ou de négocier",
    DRAFT: "la proposition attend son prix ou la lettre donnée : prix, donne ou annuler",
    OFFER: "une transaction attend sa réponse : accepter ou refuser",
    JUDGE: "un mot attend le jugement : accepter ou refuser",
    RETURN: "il reste à rendre des lettres (ou aucune) : rendre",
    OVER: "la partie est terminée",
}


def check_rack(rack: list[str], word: str, jokers: Sequence[int] | None) -> None:
    """R9, R11: IllegalAction when ``rack`` cannot lay ``word`` — its jokers standing for the
    letters it lacks (``jokers`` None) or at the positions ``jokers`` gives. The table asks it
    before its questions on a word (its length, its absence from Lexique)."""
    held = rack.count(JOKER)
    if jokers is None:
        lacking = Counter(word) - Counter(t for t in rack if t != JOKER)
        if lacking.total() > held:
            raise IllegalAction(
                f"vous ne pouvez pas former {word} avec votre chevalet ({tiles_text(rack)})",
                f"you cannot form {word} with your rack ({tiles_text(rack)})",
            )
        return
    real = Counter(c for i, c in enumerate(word) if i not in jokers)
    if len(jokers) > held or real - Counter(rack):
        raise IllegalAction(
            f"vous ne pouvez pas former {word} ainsi avec votre chevalet ({tiles_text(rack)})",
            f"you cannot lay {word} that way with your rack ({tiles_text(rack)})",
        )


# The English names of an offer's partner field, and the seats said « 1 or 2 », « 0, 2 or 3 ».
_PARTNER_EN = {"vendeur": "seller", "avec": "player to swap with"}


def _either_en(seats: list[int]) -> str:
    shown = [str(s) for s in seats]
    return " or ".join(filter(None, [", ".join(shown[:-1]), shown[-1]])) if shown else ""


_PHASE_EN = {
    THEME: "first choose the theme: draw one, take up the pending one or announce a Super Mot",
    WORD: "time to submit a word, pass or trade",
    DRAFT: "the proposal awaits its price or the letter you give (or cancel it)",
    OFFER: "a transaction awaits its answer: accept or refuse",
    JUDGE: "a word awaits judgement: accept or refuse",
    RETURN: "letters to give back (or none)",
    OVER: "the game is over",
}
_END = {
    "rack_vide": ("un chevalet est vide", "a rack is empty"),
    "passes_finales": ("tous ont passé en phase finale", "everybody passed in the final phase"),
    "bloque": ("jeu bloqué : tous ont passé sans échanger", "blocked: everybody passed"),
    "cagnotte_vide": ("la cagnotte des lettres est vide", "the letter bag is empty"),
}
