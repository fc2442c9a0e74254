"""Alice, chess played with cards: state, legal actions, apply (rules/alice.md R1–R27).

Reads like the rule book: set-up, threats, moves and flights, captures and locks, exchanges,
end and score. The pile is shuffled once from ``self.rng`` at set-up; its order leaves the state
only through the analysis notation, never through ``view``. Events returned by ``apply`` are
public (a drawn card is placed face up, so its name is public).

A turn is one action (R4), except a draw: ``draw`` shows the top card to everybody, then the same
player places it (``place``) or, at level B, draw-exchanges it (``draw_exchange``, R21). The
player must know the card to choose its square, so the placement is a second action.

Actions (JSON objects, squares in chess coordinates):
  {"type": "draw"}                                    tirage (R5)
  {"type": "place", "to": "e4"}                       pose e4 (R5, D13)
  {"type": "draw_exchange", "on": "c1", "to": "e4"}   pose c1 e4: the drawn card on c1, the card
                                                      of c1 to e4 (R21, level B)
  {"type": "move", "from": "d1", "to": "d4"}          d1-d4: normal move (R8) or flight (R11)
  {"type": "capture", "from": "d4", "to": "d7"}       d4xd7 (R14)
  {"type": "exchange", "a": "d7", "b": "f5"}          échange d7 f5 (R19, level B)
  {"type": "pass"}                                    passe, only when nothing else is legal (R4)
  {"type": "time_up"}                                 the game clock expired (R27): played by
                                                      the driver that keeps the clock
                                                      (``game_clock``), as the arbiter (seat
                                                      None); a record may also hold it for the
                                                      seat to move (older drivers)
"""

from __future__ import annotations

import re
from typing import Any

from ludotheque.engine.errors import IllegalAction, InvalidAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result, State, fields
from ludotheque.games.alice.cards import (
    CA,
    CO,
    DAME,
    LINES,
    NAMES,
    NORMAL,
    PI,
    RAYS,
    ROI,
    SHOWN,
    SQUARE_NAMES,
    TARGETS,
    VALET,
    english_faces,
    parse_card,
    parse_square,
    related,
    value,
)
from ludotheque.games.alice.options import Options

PLAY, PLACE, OVER = "play", "place", "over"
SIDES_FR = ("Blanc", "Noir")
Key = tuple[Any, ...]
_SQUARE_FIELDS = {
    "draw": (),
    "place": ("to",),
    "draw_exchange": ("on", "to"),
    "move": ("from", "to"),
    "capture": ("from", "to"),
    "exchange": ("a", "b"),
    "pass": (),
    "time_up": (),
}


_SQUARE_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def action_key(action: Action) -> Key:
    """The action as a tuple of its type and square numbers; InvalidAction if malformed."""
    kind = action.get("type")
    fields = _SQUARE_FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise InvalidAction(f"action inconnue : « {kind} »", f"unknown action: '{kind}'")
    squares = []
    for f in fields:
        if f not in action:
            raise InvalidAction(
                f"l'action {kind} demande le champ « {f} »", f"action {kind} needs the field '{f}'"
            )
        sq = _SQUARE_INDEX.get(action[f]) if isinstance(action[f], str) else None
        if sq is None:
            try:
                sq = parse_square(action[f])
            except ValueError as exc:
                raise InvalidAction(str(exc), getattr(exc, "en", str(exc))) from None
        squares.append(sq)
    if kind == "exchange" and squares[0] > squares[1]:
        squares.reverse()  # an exchange is the same whichever card is named first (R19)
    return (kind, *squares)


def _build(key: Key) -> Action:
    kind = key[0]
    action: Action = {"type": kind}
    for f, sq in zip(_SQUARE_FIELDS[kind], key[1:], strict=True):
        action[f] = SQUARE_NAMES[sq]
    return action


# Every possible action, built once: legal_actions() hands out copies of these.
_ACTIONS: dict[Key, Action] = {
    k: _build(k)
    for k in [
        ("draw",),
        ("pass",),
        ("time_up",),
        *(("place", a) for a in range(64)),
        *(
            (kind, a, b)
            for kind in ("move", "capture", "draw_exchange", "exchange")
            for a in range(64)
            for b in range(64)
            if a != b
        ),
    ]
}


_LINE_FR = {CA: "sa rangée", PI: "sa diagonale de pique", CO: "sa diagonale de cœur"}
_LINE_EN = {CA: "its rank", PI: "its spade diagonal", CO: "its heart diagonal"}


def _pattern(card: int) -> tuple[str, str]:
    """How a card moves and threatens (§1.2, R8, R9), in the player's words."""
    rank, suit = card % 10, card // 10
    if rank == ROI:
        return "d'une case dans les 8 directions", "one square in any of the 8 directions"
    if rank == DAME:
        return (
            "de 2 cases à l'horizontale ou à la verticale",
            "2 squares horizontally or vertically",
        )
    if rank == VALET:
        return "de 2 cases en diagonale", "2 squares diagonally"
    n = rank + 1
    return (
        f"d'exactement {n} case{'s' if n > 1 else ''} sur {_LINE_FR.get(suit, 'sa colonne')}",
        f"exactly {n} square{'s' if n > 1 else ''} along {_LINE_EN.get(suit, 'its file')}",
    )


def _flight_pattern(card: int) -> tuple[str, str]:
    """A threatened card's flight (§1.2, R11), in the player's words."""
    rank, suit = card % 10, card // 10
    if rank == ROI:
        return (
            "à l'horizontale ou à la verticale, à toute distance",
            "horizontally or vertically, any distance",
        )
    if rank == DAME:
        return "dans les 8 directions, à toute distance", "in any of the 8 directions, any distance"
    if rank == VALET:
        return "en diagonale, à toute distance", "diagonally, any distance"
    return (
        f"le long de {_LINE_FR.get(suit, 'sa colonne')}, à toute distance",
        f"along {_LINE_EN.get(suit, 'its file')}, any distance",
    )


# R19: the cards each card may be exchanged with (same rank or suit), higher numbers only.
PARTNERS = tuple(tuple(b for b in range(a + 1, 40) if related(a, b)) for a in range(40))


def key_action(key: Key) -> Action:
    """The JSON action of a key (a fresh dict: callers may keep or change it)."""
    return _ACTIONS[key].copy()


class AliceState(State[Options]):
    action_fields = fields(**_SQUARE_FIELDS)

    def __init__(self, players: int, options: Options, seed: int) -> None:
        super().__init__(players, options, seed)
        # R1: a coin toss decides who plays first (White); R2: the shuffled pile, empty board.
        self.white = self.rng.randrange(2)
        self.pile = list(range(40))
        self.rng.shuffle(self.pile)  # drawn from the end: pile[-1] is the top card
        self.board = [-1] * 64
        self.pos = [-1] * 40
        self.captured: list[list[int]] = [[], []]
        self.turn = self.white
        self.phase = PLAY
        self.drawn = -1
        self.locked: tuple[int, ...] = ()  # R17: cards touched by the previous turn
        self.memory: list[frozenset[int]] = [frozenset(), frozenset()]  # R18: a * 40 + t
        self.remaining = -1  # R25: turns left once the pile is empty (-1: pile not empty yet)
        self.clock_up = False  # R27
        self.turns = 0
        self._pairs: frozenset[int] | None = None
        self._cache: list[Key] | None = None
        self._cache_keys: frozenset[Key] | None = None
        self._checked: tuple[Action | None, Key] = (None, ())
        self.opening_events = [{"type": "start", "white": self.white, "pile": 40}]

    def clone(self) -> AliceState:
        """A fast explicit copy. The RNG is used only at set-up, so clones share it."""
        new = object.__new__(AliceState)
        d = self.__dict__.copy()
        d["board"] = self.board[:]
        d["pos"] = self.pos[:]
        d["pile"] = self.pile[:]
        d["captured"] = [self.captured[0][:], self.captured[1][:]]
        d["memory"] = self.memory[:]
        d["actions"] = self.actions[:]
        new.__dict__ = d
        return new

    # ------------------------------------------------------------------ threats (R9, R10)
    def targets(self, card: int, sq: int) -> list[int]:
        """Squares ``card`` standing on ``sq`` moves to or threatens (exact distance)."""
        if not self.options.blocage:
            return list(TARGETS[card][sq])
        board = self.board
        return [t for t, between in NORMAL[card][sq] if all(board[b] < 0 for b in between)]

    def threat_pairs(self) -> frozenset[int]:
        """Every (attacker, target) pair standing now, as ``attacker * 40 + target``."""
        if self._pairs is None:
            self._pairs = self._threat_pairs()
        return self._pairs

    def _threat_pairs(self) -> frozenset[int]:
        board = self.board
        if not self.options.blocage:
            return frozenset(
                [
                    card * 40 + board[t]
                    for card, sq in enumerate(self.pos)
                    if sq >= 0
                    for t in TARGETS[card][sq]
                    if board[t] >= 0
                ]
            )
        out = set()
        for card, sq in enumerate(self.pos):
            if sq >= 0:
                for t, between in NORMAL[card][sq]:
                    u = board[t]
                    if u >= 0 and all(board[b] < 0 for b in between):
                        out.add(card * 40 + u)
        return frozenset(out)

    def _moved(self, cards: tuple[int, ...]) -> None:
        """Incremental threat bookkeeping: only ``cards`` changed squares (or left the board).
        Without blocage every other pair stands as it was; with it a move may open or close
        any line, so the pairs are recomputed when next asked."""
        old = self._pairs
        if old is None or self.options.blocage:
            self._pairs = None
            return
        board, pos = self.board, self.pos
        pairs = [p for p in old if p // 40 not in cards and p % 40 not in cards]
        for c in cards:
            sq = pos[c]
            if sq < 0:
                continue
            pairs.extend([c * 40 + board[t] for t in TARGETS[c][sq] if board[t] >= 0])
            pairs.extend(
                [u * 40 + c for q in LINES[sq] if (u := board[q]) >= 0 and sq in TARGETS[u][q]]
            )
        self._pairs = frozenset(pairs)

    def threatened(self) -> set[int]:
        return {p % 40 for p in self.threat_pairs()}

    def attack_counts(self) -> list[int]:
        """Without blocage: how many cards reach each square (threat squares, R9)."""
        counts = [0] * 64
        for card, sq in enumerate(self.pos):
            if sq >= 0:
                for t in TARGETS[card][sq]:
                    counts[t] += 1
        return counts

    def flights(self, card: int, counts: list[int] | None = None) -> list[int]:
        """R11: empty squares along the flight pattern where ``card`` is safe (D8)."""
        board, pos = self.board, self.pos
        origin = pos[card]
        if not self.options.blocage:  # nothing blocks: a square is attacked whoever moves
            if counts is None:
                counts = self.attack_counts()
            own = TARGETS[card][origin]
            targets = TARGETS[card]
            out = []
            for ray in RAYS[card][origin]:
                for dest in ray:
                    if board[dest] >= 0 or counts[dest] - (dest in own) > 0:
                        continue
                    for t in targets[dest]:
                        if board[t] >= 0 and t != origin:
                            break
                    else:
                        out.append(dest)
            return out
        board[origin] = -1
        try:
            attacked = set()
            for other, sq in enumerate(pos):
                if sq >= 0 and other != card:
                    attacked.update(self.targets(other, sq))
            out = []
            normal = NORMAL[card]
            for ray in RAYS[card][origin]:
                for dest in ray:
                    if board[dest] >= 0:
                        break
                    if dest in attacked:
                        continue
                    for t, between in normal[dest]:
                        if board[t] >= 0 and all(board[b] < 0 for b in between):
                            break
                    else:
                        out.append(dest)
            return out
        finally:
            board[origin] = card

    def prisonniere(self, card: int, threatened: set[int] | None = None) -> bool:
        """R12: threatened with no safe flight square (D10)."""
        if threatened is None:
            threatened = self.threatened()
        return card in threatened and not self.flights(card)

    def placements(self, card: int) -> list[int]:
        """R5, D2, D13: empty squares where ``card`` has a normal move, else every empty one."""
        board = self.board
        blocage = self.options.blocage
        empty = [s for s in range(64) if board[s] < 0]
        good = []
        for s in empty:
            for t, between in NORMAL[card][s]:
                if board[t] < 0 and (not blocage or all(board[b] < 0 for b in between)):
                    good.append(s)
                    break
        return good or empty

    # ------------------------------------------------------------------ protocol
    def to_move(self) -> frozenset[int]:
        return frozenset() if self.phase == OVER else frozenset((self.turn,))

    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_keys(self) -> list[Key]:
        if self._cache is None:
            self._cache = self._generate()
            self._cache_keys = None
        return self._cache

    def legal_set(self) -> frozenset[Key]:
        """The legal keys as a set (cached with the list)."""
        if self._cache_keys is None:
            self._cache_keys = frozenset(self.legal_keys())
        return self._cache_keys

    def _legal(self, seat: int) -> list[Action]:
        actions = _ACTIONS
        return [actions[k].copy() for k in self.legal_keys()]

    def _generate(self) -> list[Key]:
        if self.phase == PLACE:
            return self._placement_keys()
        out: list[Key] = []
        if self.pile:
            out.append(("draw",))
        board, pos, locked = self.board, self.pos, self.locked
        pairs = self.threat_pairs()
        threatened = {p % 40 for p in pairs}
        memory = self.memory[self.turn]
        flights: dict[int, list[int]] = {}
        blocage = self.options.blocage
        counts = None if blocage or not threatened else self.attack_counts()
        for card in threatened:
            flights[card] = self.flights(card, counts)
        free = set()  # R19: cards that may be exchanged, neither locked nor prisonnière (R12)
        for card, sq in enumerate(pos):
            if sq < 0 or card in locked:
                continue
            fled = flights.get(card)
            if fled is None:
                free.add(card)
            elif fled:  # R11: a threatened card only flees
                free.add(card)
                out.extend([("move", sq, d) for d in fled])
            for t in self.targets(card, sq) if blocage else TARGETS[card][sq]:
                u = board[t]
                if u < 0:
                    if fled is None:  # R8
                        out.append(("move", sq, t))
                elif u not in locked and card * 40 + u in memory:  # R14, R15
                    out.append(("capture", sq, t))
        if self.options.level == "B":  # R19
            for a in free:
                sa = pos[a]
                for b in PARTNERS[a]:
                    if b in free:
                        sb = pos[b]
                        out.append(("exchange", sa, sb) if sa < sb else ("exchange", sb, sa))
        if not out:
            out.append(("pass",))  # R4, D16
        return out

    def _placement_keys(self) -> list[Key]:
        card = self.drawn
        out: list[Key] = [("place", s) for s in self.placements(card)]
        if self.options.level == "B":  # R21
            board, pos, locked = self.board, self.pos, self.locked
            threatened = self.threatened()
            empty = [s for s in range(64) if board[s] < 0]
            for other, sq in enumerate(pos):
                if sq < 0 or other in locked or not related(card, other):
                    continue
                if other in threatened and not self.flights(other):
                    continue
                out.extend([("draw_exchange", sq, e) for e in empty])
        return out

    def _check(self, seat: int | None, action: Action) -> None:
        key = action_key(action)
        self._checked = (action, key)  # _apply reads the key back instead of parsing again
        if key[0] == "time_up":  # R27: the driver's clock (seat None, or the seat whose time ran)
            if self.options.time_limit_s is None:
                raise IllegalAction(
                    "cette table n'a pas de pendule (time_limit_s)",
                    "this table has no clock (time_limit_s)",
                )
            if self.clock_up:
                raise IllegalAction(
                    "le temps est déjà écoulé : la partie finit avec ce tour",
                    "time is already up: the game ends with this turn",
                )
            return
        if seat is None:
            raise IllegalAction(
                "l'arbitre ne joue que « time_up »", "the arbiter only plays 'time_up'"
            )
        if key not in self.legal_set():
            fr, en = self._why(key)
            raise IllegalAction(fr, english_faces(en))  # « Q♥ », as the English board says

    def game_clock(self) -> tuple[float, Action] | None:
        """R27, D18: ``time_limit_s`` is a clock on the whole game, counted from the start of
        play; when it runs out the arbiter (seat None) plays ``time_up`` and the game ends at
        the end of the current turn. None without a clock, once the time is up, or at the end.
        There is no per-turn timer in the rule book: ``timeout_action`` stays None."""
        if self.options.time_limit_s is None or self.clock_up or self.phase == OVER:
            return None
        return float(self.options.time_limit_s), {"type": "time_up"}

    def _why(self, key: Key) -> tuple[str, str]:
        """A precise reason for a refused action (the action is already well formed): the
        rule that refuses it, in the player's words (issue 15)."""
        kind = key[0]
        if self.phase == PLACE and kind not in ("place", "draw_exchange"):
            return ("placez d'abord la carte tirée", "place the drawn card first")
        if self.phase == PLAY and kind in ("place", "draw_exchange"):
            return ("tirez d'abord une carte", "draw a card first")
        if kind == "draw":
            return ("la pioche est vide", "the pile is empty")
        if kind == "pass":
            return (
                "on ne passe que si aucune action n'est possible (R4)",
                "you may pass only when no action is legal (R4)",
            )
        if kind in ("exchange", "draw_exchange") and self.options.level == "A":
            return ("pas d'échange au niveau A (R22)", "no exchanges at level A (R22)")
        if kind == "place":
            sq = SQUARE_NAMES[key[1]]
            if self.board[key[1]] >= 0:
                return (
                    f"la case {sq} est occupée par {SHOWN[self.board[key[1]]]} (R5)",
                    f"{sq} is taken by {SHOWN[self.board[key[1]]]} (R5)",
                )
            return (
                f"{SHOWN[self.drawn]} n'aurait aucun mouvement depuis {sq} (R5)",
                f"{SHOWN[self.drawn]} would have no move from {sq} (R5)",
            )
        if kind == "draw_exchange":
            return self._why_draw_exchange(key[1], key[2])
        a_sq, b_sq = key[1], key[2]
        if a_sq == b_sq:
            return ("choisissez deux cases différentes", "choose two different squares")
        card = self.board[a_sq]
        if card < 0:
            return (f"aucune carte en {SQUARE_NAMES[a_sq]}", f"no card on {SQUARE_NAMES[a_sq]}")
        if card in self.locked:
            return (
                f"{SHOWN[card]} est verrouillée jusqu'à la fin de ce tour (R17)",
                f"{SHOWN[card]} is locked until the end of this turn (R17)",
            )
        if kind == "move":
            return self._why_move(card, a_sq, b_sq)
        other = self.board[b_sq]
        if other < 0:
            if kind == "capture":
                sq = SQUARE_NAMES[b_sq]
                return (
                    f"aucune carte à prendre en {sq} : aller sur une case vide est un "
                    "déplacement (R8, R14)",
                    f"no card to capture on {sq}: going to an empty square is a move (R8, R14)",
                )
            return (f"aucune carte en {SQUARE_NAMES[b_sq]}", f"no card on {SQUARE_NAMES[b_sq]}")
        for c in (card, other):
            if c in self.locked:
                return (
                    f"{SHOWN[c]} est verrouillée jusqu'à la fin de ce tour (R17)",
                    f"{SHOWN[c]} is locked until the end of this turn (R17)",
                )
        if kind == "capture":
            a, t = card, other
            if a * 40 + t not in self.threat_pairs():
                fr, en = _pattern(a)
                return (
                    f"{SHOWN[a]} ne menace pas {SHOWN[t]} : elle menace les cases où elle "
                    f"irait, {fr} (R9, R14)",
                    f"{SHOWN[a]} does not threaten {SHOWN[t]}: "
                    f"it threatens the squares it would move to, {en} (R9, R14)",
                )
            return (
                f"{SHOWN[a]} ne menaçait pas {SHOWN[t]} à la fin de votre tour précédent (R14)",
                f"{SHOWN[a]} did not threaten {SHOWN[t]} at the end of your previous turn (R14)",
            )
        return self._why_exchange(card, other, "R19")

    def _why_move(self, card: int, fr_sq: int, to: int) -> tuple[str, str]:
        """R8 (normal move), R10 (blocage), R11 (flight of a threatened card)."""
        name, dest = SHOWN[card], SQUARE_NAMES[to]
        occupant = self.board[to]
        if occupant >= 0:
            return (
                f"la case {dest} est occupée par {SHOWN[occupant]} : une carte ne va que sur "
                "une case vide ; pour la prendre, c'est une prise (R8, R14)",
                f"{dest} is taken by {SHOWN[occupant]}: a card only moves to an empty "
                "square; taking it is a capture (R8, R14)",
            )
        attackers = sorted(p // 40 for p in self.threat_pairs() if p % 40 == card)
        if attackers:  # R11: it may only flee
            by = ", ".join(SHOWN[a] for a in attackers)
            fr_p, en_p = _flight_pattern(card)
            ray = next((r for r in RAYS[card][fr_sq] if to in r), None)
            if ray is None:
                return (
                    f"{name} est menacée par {by} : elle ne se déplace qu'en fuyant, {fr_p}, et "
                    f"{dest} n'est pas sur son chemin de fuite (R11)",
                    f"{name} is threatened by {by}: it only moves by fleeing, {en_p}, and {dest} "
                    "is not on its flight path (R11)",
                )
            if self.options.blocage:
                for q in ray[: ray.index(to)]:
                    if self.board[q] >= 0:
                        wall, at = SHOWN[self.board[q]], SQUARE_NAMES[q]
                        return (
                            f"la fuite de {name} vers {dest} est barrée par {wall} en {at} "
                            "(blocage, R10)",
                            f"{name}'s flight to {dest} is blocked by "
                            f"{wall} on {at} (blocking, R10)",
                        )
            fr_w, en_w = self._unsafe(card, fr_sq, to)
            return (
                f"{name} est menacée par {by} : elle ne peut fuir que vers une case sûre, "
                f"et en {dest} elle {fr_w} (R11)",
                f"{name} is threatened by {by}: it may "
                f"only flee to a safe square, and on {dest} it {en_w} (R11)",
            )
        normal = dict(NORMAL[card][fr_sq])
        if to in normal and self.options.blocage:
            q = next(q for q in normal[to] if self.board[q] >= 0)
            return (
                f"le chemin de {name} vers {dest} est barré par {SHOWN[self.board[q]]} en "
                f"{SQUARE_NAMES[q]} (blocage, R10)",
                f"{name}'s way to {dest} is blocked "
                f"by {SHOWN[self.board[q]]} on {SQUARE_NAMES[q]} (blocking, R10)",
            )
        fr_p, en_p = _pattern(card)
        goes = [SQUARE_NAMES[s] for s in self.targets(card, fr_sq) if self.board[s] < 0]
        fr_g = f" : d'ici, {', '.join(goes)}" if goes else " : d'ici, aucune case libre"
        en_g = f": from here, {', '.join(goes)}" if goes else ": from here, no free square"
        return (
            f"{name} ne va pas en {dest} : elle se déplace {fr_p}{fr_g} (R8)",
            f"{name} does not move to {dest}: it moves {en_p}{en_g} (R8)",
        )

    def _unsafe(self, card: int, fr_sq: int, to: int) -> tuple[str, str]:
        """Why ``to`` is not a safe square for ``card`` (D8): who would threaten it there, or
        whom it would threaten."""
        board = self.board
        board[fr_sq] = -1
        try:
            for other, sq in enumerate(self.pos):
                if sq >= 0 and other != card and to in self.targets(other, sq):
                    return (
                        f"serait menacée par {SHOWN[other]}",
                        f"would be threatened by {SHOWN[other]}",
                    )
            board[to] = card
            try:
                for t in self.targets(card, to):
                    if board[t] >= 0:
                        return (
                            f"menacerait {SHOWN[board[t]]}",
                            f"would threaten {SHOWN[board[t]]}",
                        )
            finally:
                board[to] = -1
        finally:
            board[fr_sq] = card
        return ("ne serait pas en sûreté", "would not be safe")

    def _why_exchange(self, a: int, b: int, rule: str) -> tuple[str, str]:
        """R19/R21: same rank or suit, neither locked nor prisonnière."""
        if not related(a, b):
            return (
                f"{SHOWN[a]} et {SHOWN[b]} n'ont ni le même rang ni la même couleur : "
                f"pas d'échange ({rule})",
                f"{SHOWN[a]} and {SHOWN[b]} have neither the "
                f"same rank nor the same suit: no exchange ({rule})",
            )
        threatened = self.threatened()
        for c in (a, b):
            if c in self.locked:
                return (
                    f"{SHOWN[c]} est verrouillée jusqu'à la fin de ce tour (R17)",
                    f"{SHOWN[c]} is locked until the end of this turn (R17)",
                )
            if self.pos[c] >= 0 and self.prisonniere(c, threatened):
                return (
                    f"{SHOWN[c]} est prisonnière (menacée, sans case de fuite sûre) : elle "
                    f"ne peut pas être échangée (R12, {rule})",
                    f"{SHOWN[c]} is "
                    f"a prisoner (threatened, no safe flight square): it cannot be "
                    f"exchanged (R12, {rule})",
                )
        return (
            f"échange impossible : même rang ou même couleur, ni verrouillée ni "
            f"prisonnière ({rule})",
            f"no exchange: same rank or suit, neither locked nor a prisoner ({rule})",
        )

    def _why_draw_exchange(self, on: int, to: int) -> tuple[str, str]:
        other = self.board[on]
        if other < 0:
            return (
                f"aucune carte en {SQUARE_NAMES[on]} à remplacer : pour poser sur une case "
                "vide, tapez « pose » et la case (R5, R21)",
                f"no card on "
                f"{SQUARE_NAMES[on]} to replace: to place on an empty square, type "
                "'place' and the square (R5, R21)",
            )
        if self.board[to] >= 0 and to != on:
            return (
                "la carte remplacée va sur une case vide (R21)",
                "the replaced card goes to an empty square (R21)",
            )
        if to == on:
            return (
                "la carte remplacée va sur une autre case, vide (R21)",
                "the replaced card goes to another, empty square (R21)",
            )
        return self._why_exchange(self.drawn, other, "R21")

    def play_key(self, key: Key) -> list[Event]:
        """Search only: play a key taken from ``legal_keys()``, unchecked and unrecorded."""
        return self._apply(self.turn, key)

    def _apply(self, seat: int | None, action: Action | Key) -> list[Event]:
        if isinstance(action, tuple):
            key = action
        elif self._checked[0] is action:
            key = self._checked[1]
        else:
            key = action_key(action)
        kind = key[0]
        if kind == "time_up":  # R27: the game ends at the end of the current turn
            self.clock_up = True
            return [{"type": "time_up"}]
        board, pos = self.board, self.pos
        self._cache = None
        self._cache_keys = None
        if kind == "draw":  # the board does not change: threats stay
            card = self.pile.pop()
            self.drawn = card
            self.phase = PLACE
            return [{"type": "draw", "seat": seat, "card": NAMES[card], "pile": len(self.pile)}]
        event: Event = {"type": kind, "seat": seat}
        touched: tuple[int, ...]
        if kind == "place":
            card, to = self.drawn, key[1]
            board[to], pos[card] = card, to
            touched = (card,)
            self._moved(touched)
            event.update(card=NAMES[card], to=SQUARE_NAMES[to])
        elif kind == "draw_exchange":
            card, on, to = self.drawn, key[1], key[2]
            other = board[on]
            board[on], pos[card] = card, on
            board[to], pos[other] = other, to
            touched = (card, other)
            self._moved(touched)
            event.update(
                card=NAMES[card], on=SQUARE_NAMES[on], replaced=NAMES[other], to=SQUARE_NAMES[to]
            )
        elif kind == "move":
            fr, to = key[1], key[2]
            card = board[fr]
            board[fr], board[to], pos[card] = -1, card, to
            touched = (card,)
            self._moved(touched)
            event.update(card=NAMES[card], **{"from": SQUARE_NAMES[fr], "to": SQUARE_NAMES[to]})
        elif kind == "capture":
            assert seat is not None, "a capture is a player's move"
            fr, to = key[1], key[2]
            card, prey = board[fr], board[to]
            board[fr], board[to], pos[card], pos[prey] = -1, card, to, -1
            self.captured[seat].append(prey)
            touched = (card,)
            self._moved((card, prey))
            event.update(
                card=NAMES[card],
                prey=NAMES[prey],
                value=value(prey, self.options.ace_of_spades_value),
                **{"from": SQUARE_NAMES[fr], "to": SQUARE_NAMES[to]},
            )
        elif kind == "exchange":
            a, b = board[key[1]], board[key[2]]
            board[key[1]], board[key[2]], pos[a], pos[b] = b, a, key[2], key[1]
            touched = (a, b)
            self._moved(touched)
            event.update(
                cards=[NAMES[a], NAMES[b]], squares=[SQUARE_NAMES[key[1]], SQUARE_NAMES[key[2]]]
            )
        else:  # pass
            touched = ()
        return [event, *self._end_turn(touched)]

    def _end_turn(self, touched: tuple[int, ...]) -> list[Event]:
        """R17 locks, R18 threat memory, R25 end after the pile, R27 clock."""
        seat = self.turn
        self.memory[seat] = self.threat_pairs()
        self.locked = touched
        self.drawn = -1
        self.phase = PLAY
        self.turns += 1
        if self.remaining > 0:
            self.remaining -= 1
        elif self.remaining < 0 and not self.pile:
            self.remaining = 2 * self.options.extra_turns
        self.turn = 1 - seat
        if self.remaining == 0 or self.clock_up:
            self.phase = OVER
            r = self.result()
            return [{"type": "end", "scores": list(r.scores), "winners": list(r.winners)}]
        return []

    # ------------------------------------------------------------------ score (R26)
    def scores(self) -> tuple[int, int]:
        ace = self.options.ace_of_spades_value
        s0, s1 = (sum(value(c, ace) for c in self.captured[s]) for s in (0, 1))
        return s0, s1

    def result(self) -> Result:
        s = self.scores()
        ranks: tuple[int, ...]
        winners: tuple[int, ...]
        if s[0] == s[1]:
            ranks, winners = (1, 1), (0, 1)
            fr, en = "égalité aux points", "equal scores"
        else:
            w = 0 if s[0] > s[1] else 1
            ranks, winners = ((1, 2) if w == 0 else (2, 1)), (w,)
            fr = f"{SIDES_FR[w != self.white]} gagne aux points"
            en = f"{('White', 'Black')[w != self.white]} wins on points"
        reason = "clock" if self.clock_up else "pile"
        return Result(s, ranks, winners, fr, en, {"end": reason, "turns": self.turns})

    # ------------------------------------------------------------------ notation (positions)
    def position(self, order: bool = False) -> str:
        """The position in Alice's notation (the module docstring of :mod:`notation`);
        ``order=True`` adds the pile order (analysis only: the view never shows it)."""
        rows = []
        for y in range(7, -1, -1):
            row, gap = "", 0
            for x in range(8):
                card = self.board[y * 8 + x]
                if card < 0:
                    gap += 1
                    continue
                if gap:
                    row += str(gap)
                    gap = 0
                row += NAMES[card]
            rows.append(row + (str(gap) if gap else ""))
        w, b = self.white, 1 - self.white
        locked = ",".join(SQUARE_NAMES[self.pos[c]] for c in self.locked if self.pos[c] >= 0)
        pile = str(len(self.pile))
        if order:
            pile += ":" + ",".join(NAMES[c] for c in reversed(self.pile))
        return " ".join(
            [
                "/".join(rows),
                "b" if self.turn == w else "n",
                locked or "-",
                _write_pairs(self.memory[w]),
                _write_pairs(self.memory[b]),
                _write_cards(self.captured[w]),
                _write_cards(self.captured[b]),
                pile,
                "0" if self.phase == OVER else "-" if self.remaining < 0 else str(self.remaining),
                NAMES[self.drawn] if self.drawn >= 0 else "-",
            ]
        )

    def set_position(self, text: str) -> None:
        """Put the game at this position, White at seat 0 (NotationError saying what is wrong,
        and the state unchanged, if the text is not a position). Without a pile order, the
        unseen cards are shuffled from the state's RNG. Such a state is for analysis and
        search: its record replays from the seed's opening, not from this position."""
        fields = text.split()
        if len(fields) != 10:
            raise _bad(
                f"10 champs attendus, {len(fields)} lus ({EMPTY_POSITION})",
                f"10 fields expected, {len(fields)} read ({EMPTY_POSITION})",
            )
        board_t, trait, locks, mem_w, mem_b, cap_w, cap_b, pile_t, fin, drawn_t = fields
        board = _read_board(board_t)
        if trait not in ("b", "n"):
            raise _bad(
                "le trait est « b » (Blanc) ou « n » (Noir)",
                "the side to move is 'b' (White) or 'n' (Black)",
            )
        captured = [_read_cards(cap_w), _read_cards(cap_b)]
        drawn = -1 if drawn_t == "-" else parse_card(drawn_t)
        size_t, _, order_t = pile_t.partition(":")
        if not size_t.isdigit():
            raise _bad(f"taille de pioche illisible : « {size_t} »", f"bad pile size: '{size_t}'")
        seen = (
            [c for c in board if c >= 0]
            + captured[0]
            + captured[1]
            + ([drawn] if drawn >= 0 else [])
        )
        order = [parse_card(t) for t in order_t.split(",")] if order_t else []
        dup = {NAMES[c] for c in seen + order if (seen + order).count(c) > 1}
        if dup:
            raise _bad(
                f"carte en double : {', '.join(sorted(dup))}",
                f"card used twice: {', '.join(sorted(dup))}",
            )
        size = int(size_t)
        if size != 40 - len(seen):  # R24
            raise _bad(
                f"la pioche doit compter {40 - len(seen)} cartes (R24), pas {size}",
                f"the pile must hold {40 - len(seen)} cards (R24), not {size}",
            )
        if len(order) > size:
            raise _bad(
                "l'ordre de la pioche compte plus de cartes que la pioche",
                "the pile order lists more cards than the pile holds",
            )
        memory = [_read_pairs(mem_w), _read_pairs(mem_b)]
        locked = []
        if locks != "-":
            for name in locks.split(","):
                sq = parse_square(name)
                if board[sq] < 0:
                    raise _bad(
                        f"verrou sur une case vide ({name})", f"lock on an empty square ({name})"
                    )
                locked.append(board[sq])
        if fin == "-":
            remaining = -1
        elif fin.isdigit() and size == 0 and (int(fin) > 0 or drawn < 0):
            remaining = int(fin)
        else:
            raise _bad(
                "fin : « - » ou le nombre de tours restants, pioche vide (R25)",
                "end: '-' or the number of turns left, with an empty pile (R25)",
            )
        # Read whole: now the state changes. Unlisted cards go below the listed ones,
        # shuffled from the seed.
        known = set(seen) | set(order)
        pile = [c for c in range(40) if c not in known]
        self.rng.shuffle(pile)
        pile += reversed(order)
        self.white = 0
        self.turn = 0 if trait == "b" else 1
        self.board = board
        self.pos = [-1] * 40
        for sq, c in enumerate(board):
            if c >= 0:
                self.pos[c] = sq
        self.pile = pile
        self.captured = captured
        self.memory = memory
        self.locked = tuple(locked)
        self.remaining = remaining
        self.drawn = drawn
        self.phase = OVER if remaining == 0 else PLACE if drawn >= 0 else PLAY
        self.opening_events = []
        self._cache = None
        self._cache_keys = None
        self._checked = (None, ())
        self._pairs = None

    @classmethod
    def from_position(
        cls, text: str, options: Options | dict[str, Any] | None = None, seed: int = 0
    ) -> AliceState:
        """A new two-player state at this position (see :meth:`set_position`)."""
        opts = options if isinstance(options, Options) else Options.from_dict(options)
        state = cls(2, opts, seed)
        state.set_position(text)
        return state

    # ------------------------------------------------------------------ views (R23)
    def view(self, seat: int | None = None) -> dict[str, Any]:
        pairs = self.threat_pairs()
        return {
            "you": seat,
            "white": self.white,
            "to_move": None if self.phase == OVER else self.turn,
            "phase": self.phase,
            "board": {SQUARE_NAMES[sq]: NAMES[c] for c, sq in enumerate(self.pos) if sq >= 0},
            "drawn": NAMES[self.drawn] if self.drawn >= 0 else None,
            "locked": [SQUARE_NAMES[self.pos[c]] for c in self.locked if self.pos[c] >= 0],
            "threats": sorted(
                [SQUARE_NAMES[self.pos[p // 40]], SQUARE_NAMES[self.pos[p % 40]]] for p in pairs
            ),
            "captured": [[NAMES[c] for c in self.captured[s]] for s in (0, 1)],
            "scores": list(self.scores()),
            "pile": len(self.pile),
            "remaining_turns": None if self.remaining < 0 else self.remaining,
            "clock": {"limit_s": self.options.time_limit_s, "up": self.clock_up},
            "options": self.options.to_dict(),
            "position": self.position(),
            # R23: every action is public: the moves so far, [seat, type, square…] (the draw
            # and the placing of the drawn card are two entries), for the move list and the
            # last move's highlight.
            "moves": self._move_list(),
        }

    def _move_list(self) -> list[list[Any]]:
        """The view's ``moves``: only the actions since the last view are read again (reading
        them all at every view cost 0.5 ms a decision late in a game). The cache is replaced,
        never extended in place, so a clone sharing it never sees the other's moves."""
        done: list[list[Any]] = self.__dict__.get("_moves", [])
        if len(done) < len(self.actions):
            done = done + [
                [s, key[0], *(SQUARE_NAMES[q] for q in key[1:])]
                for s, key in ((s, action_key(a)) for s, a in self.actions[len(done) :])
            ]
            self._moves = done
        # A copy of the list; its entries are shared between views (views are never modified).
        return done[: len(self.actions)]


# -- the position notation's fields (AliceState.position / set_position) --------------------------
EMPTY_POSITION = "8/8/8/8/8/8/8/8 b - - - - - 40 - -"
_TOKEN = re.compile(r"([A2-7VDR](?:TR|PI|CO|CA))|([1-8])", re.IGNORECASE)


def _bad(fr: str, en: str) -> NotationError:
    return NotationError(f"position : {fr}", f"position: {en}")


def _write_cards(cards: list[int]) -> str:
    return ",".join(NAMES[c] for c in cards) or "-"


def _write_pairs(pairs: frozenset[int]) -> str:
    return ",".join(f"{NAMES[p // 40]}>{NAMES[p % 40]}" for p in sorted(pairs)) or "-"


def _read_board(text: str) -> list[int]:
    rows = text.split("/")
    if len(rows) != 8:
        raise _bad(
            f"le damier a 8 rangées séparées par « / » ({len(rows)} lues)",
            f"the board has 8 ranks separated by '/' ({len(rows)} read)",
        )
    board = [-1] * 64
    for i, row in enumerate(rows):
        y, x, at = 7 - i, 0, 0
        while at < len(row):
            m = _TOKEN.match(row, at)
            if not m:
                raise _bad(
                    f"« {row[at:]} » illisible en rangée {y + 1}",
                    f"cannot read '{row[at:]}' in rank {y + 1}",
                )
            at = m.end()
            if m.group(1):
                if x >= 8:
                    raise _bad(f"rangée {y + 1} trop longue", f"rank {y + 1} too long")
                board[y * 8 + x] = parse_card(m.group(1))
                x += 1
            else:
                x += int(m.group(2))
        if x != 8:
            raise _bad(
                f"la rangée {y + 1} compte {x} cases au lieu de 8",
                f"rank {y + 1} has {x} squares instead of 8",
            )
    return board


def _read_cards(text: str) -> list[int]:
    return [] if text == "-" else [parse_card(t) for t in text.split(",")]


def _read_pairs(text: str) -> frozenset[int]:
    if text == "-":
        return frozenset()
    out = set()
    for item in text.split(","):
        a, sep, t = item.partition(">")
        if not sep:
            raise _bad(
                f"« {item} » : une menace s'écrit attaquant>cible (3TR>DCO)",
                f"'{item}': a threat is written attacker>target (3TR>DCO)",
            )
        out.add(parse_card(a) * 40 + parse_card(t))
    return frozenset(out)
