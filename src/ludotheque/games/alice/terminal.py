"""Alice in the terminal: the board drawn with rich, prompts in French or English, short
commands.

It turns what a person types (a number from the list, or the notation ``d1-d4``, ``d4xd7``,
``tirage``, ``pose e4``, ``échange d7 f5``, or in English ``draw``, ``place e4``, ``exchange d7
f5``) into protocol actions and the engine's public events into sentences; every rule decision
stays in the engine (rules.py). At an English table (``lang="en"``) the cards' faces are J, Q,
K as in the browser (V, D, R in French) and the sides White and Black.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from ludotheque.engine.errors import NotationError
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.alice.cards import (
    FACE_EN,
    SQUARE_NAMES,
    SUIT_SYMBOLS,
    parse_card,
    value,
)
from ludotheque.games.alice.notation import format_action, parse_action, parse_position
from ludotheque.term import Terminal, english, plural
from ludotheque.term.clock import duration

SUIT_STYLE = {"TR": "bold green", "PI": "bold blue", "CO": "bold red", "CA": "bold magenta"}
SIDE = ("Blanc", "Noir")
SIDE_EN = ("White", "Black")
# The faces as an English table writes them, like the browser (web/js/games/draw.js): J, Q, K.
# The notation's verbs in English, typed at either table (the French ones work at both too).
VERB_FR = {
    "draw": "tirage",
    "place": "pose",
    "put": "pose",
    "exchange": "échange",
    "swap": "échange",
    "pass": "passe",
    "time": "temps",
}
VERB_EN = {
    "tirage": "draw",
    "pose": "place",
    "échange": "exchange",
    "passe": "pass",
    "temps": "time",
}
NOTATION_EN = "d1-d4, d4xd7, draw, place e4, place c1 e4, exchange d7 f5, pass"
# The engine's English refusals keep some of the rule book's French words: an English table
# says them in English (the engine's own files stay as they are).
_SQUARES = re.compile(r"^[a-h][1-8]( [a-h][1-8])?$")

RULES = """[bold]Alice en bref[/]
• 40 cartes (sans 8, 9, 10) piochées une à une et posées sur un damier 8×8. Les cartes sont à
  tout le monde : à votre tour, [bold]tirez[/] une carte (posez-la là où elle a un mouvement)
  ou [bold]agissez[/] avec n'importe quelle carte non verrouillée.
• Mouvements (distance exacte = la valeur ; As = 1) : ♦ horizontal, ♣ vertical, ♠ diagonale
  a8–h1, ♥ diagonale a1–h8 ; Roi 1 case partout, Dame 2 cases droit, Valet 2 cases en diagonale.
• Une carte menace la carte où elle pourrait aller. Une carte menacée ne se déplace plus qu'en
  [bold]fuyant[/] vers une case sûre (ni menacée ni menaçante) : ♦♣♠♥ sur leur ligne, Roi droit,
  Dame partout, Valet en diagonale, à toute distance ; elle peut encore prendre et, au niveau B,
  être échangée. Sans fuite possible, elle est prisonnière.
• Prise : si la menace existait à la fin de votre tour précédent et existe encore.
• Les cartes touchées au tour précédent de l'adversaire sont verrouillées (marquées *).
• Niveau B : échange de deux cartes de même rang ou même couleur, y compris au tirage.
• Fin : la pioche vide, plus de tirage ; on déplace, prend ou (niveau B) échange une carte du
  damier, et l'on passe seulement si rien n'est possible. Chacun joue encore un tour, puis la
  partie s'arrête : le plus de points pris gagne."""

# The same summary in English, for the browser's rules page in English (games/docs.py).
RULES_EN = """[bold]Alice in brief[/]
• 40 cards (no 8, 9, 10) drawn one by one and laid on an 8×8 board. The cards belong to
  everyone: on your turn, [bold]draw[/] a card (lay it where it has a move) or [bold]act[/]
  with any card that is not locked.
• Moves (exact distance = the value; Ace = 1): ♦ across, ♣ up and down, ♠ along the a8–h1
  diagonal, ♥ along the a1–h8 diagonal; King 1 square any way, Queen 2 squares straight, Jack
  2 squares diagonally.
• A card threatens the card it could move onto. A threatened card only moves by [bold]fleeing[/]
  to a safe square (neither threatened nor threatening): ♦♣♠♥ along their line, King straight,
  Queen any way, Jack diagonally, at any distance; it may still capture and, at level B, be
  exchanged. With no way out, it is a prisoner.
• Capture: if the threat existed at the end of your previous turn and still exists.
• The cards touched on the opponent's previous turn are locked (marked *).
• Level B: exchange two cards of the same rank or the same suit, the draw included.
• End: once the pile is empty, no more drawing; a card on the board is moved, captures or
  (level B) is exchanged, and a player passes only if nothing is possible. Each plays one more
  turn, then the game ends: the most points captured wins."""

HELP = """Tapez un numéro de la liste, ou une action : « tirage », « d1-d4 » (déplacement ou
fuite), « d4xd7 » (prise), « échange d7 f5 » ; la carte tirée : sa case « e4 » (ou « pose e4 »),
ou « c1 e4 » (échange au tirage : elle va en c1, la carte de c1 en e4).
Une case seule (« d4 ») : les actions de la carte qui s'y trouve.
Commandes : liste (les actions numérotées), menaces (les afficher ou non), table, aide,
regles, quitter."""
HELP_EN = """Type a number from the list, or an action: 'draw', 'd1-d4' (a move or a flight),
'd4xd7' (a capture), 'exchange d7 f5'; the drawn card: its square 'e4' (or 'place e4'),
or 'c1 e4' (draw-exchange: it goes on c1, the card on c1 to e4).
A square alone ('d4'): the actions of the card on it.
Commands: list (the numbered actions), threats (show them or not), table, help,
rules, quit."""
# Level A has no exchange (R22): its help names none.
HELP_A = """Tapez un numéro de la liste, ou une action : « tirage », « d1-d4 » (déplacement ou
fuite), « d4xd7 » (prise) ; la carte tirée : sa case « e4 » (ou « pose e4 »).
Une case seule (« d4 ») : les actions de la carte qui s'y trouve.
Commandes : liste (les actions numérotées), menaces (les afficher ou non), table, aide,
regles, quitter."""
HELP_A_EN = """Type a number from the list, or an action: 'draw', 'd1-d4' (a move or a flight),
'd4xd7' (a capture); the drawn card: its square 'e4' (or 'place e4').
A square alone ('d4'): the actions of the card on it.
Commands: list (the numbered actions), threats (show them or not), table, help,
rules, quit."""


def _face(name: str, lang: str = "fr") -> str:
    """A card's face: ``D`` in French, ``Q`` in English."""
    return FACE_EN.get(name[0], name[0]) if lang == "en" else name[0]


def card_text(name: str, locked: bool = False, pad: bool = True, lang: str = "fr") -> Text:
    suit = name[1:]
    label = f"{_face(name, lang)}{SUIT_SYMBOLS[suit]}" + ("*" if locked else " " if pad else "")
    return Text(label, style=SUIT_STYLE[suit] + (" underline" if locked else ""))


def _c(name: str, lang: str = "fr") -> str:
    """A card in prose: ``5♦``, ``D♣`` (``Q♣`` in English)."""
    return _face(name, lang) + SUIT_SYMBOLS[name[1:]]


def action_text(action: Action, lang: str = "fr") -> str:
    """An action in the notation: « tirage », « pose e4 », « d1-d4 »; in English « draw »,
    « place e4 », « exchange d7 f5 »."""
    text = format_action(action)
    if lang != "en":
        return text
    head, _, rest = text.partition(" ")
    return " ".join(w for w in (VERB_EN.get(head, head), rest) if w)


def board_text(
    view: dict[str, Any], threats: bool = False, black: bool = False, lang: str = "fr"
) -> Text:
    """The 8 × 8 board from White's side (rank 8 at the top), or from Black's when ``black``;
    locked cards marked with *; the faces J, Q, K when ``lang`` is « en »."""
    board, locked = view["board"], set(view["locked"])
    attacked = {t for _, t in view["threats"]} if threats else set()
    attackers = {a for a, _ in view["threats"]} if threats else set()
    files = "hgfedcba" if black else "abcdefgh"
    out = Text()
    for y in range(1, 9) if black else range(8, 0, -1):
        out.append(f" {y} ")
        for x in files:
            sq = f"{x}{y}"
            shade = "on grey85" if (ord(x) - 96 + y) % 2 else "on grey93"
            if sq in attacked:
                shade = "on light_salmon1"
            elif sq in attackers:
                shade = "on light_sky_blue1"
            if sq in board:
                cell = card_text(board[sq], sq in locked, lang=lang)
                cell.stylize(shade)
                out.append(" ", style=shade).append_text(cell)
            else:
                out.append(" ·  ", style="grey50 " + shade)
        out.append("\n")
    out.append("    " + "   ".join(files) + "\n")
    return out


class AliceTerminal(Terminal):
    def __init__(
        self,
        console: Console,
        seat: int,
        names: list[str],
        ask: Callable[[str], str],
        lang: str = "fr",
    ) -> None:
        names = [n.replace("Mcts:", "MCTS ").replace("Mcts ", "MCTS ") for n in names]
        super().__init__(console, seat, names, ask, lang)
        self.show_threats = False
        self.numbered: list[Action] | None = None  # the list whose numbers were shown this turn

    def _side(self, view: dict[str, Any], seat: int) -> str:
        return (SIDE_EN if self.english else SIDE)[seat != view["white"]]

    def _c(self, name: str) -> str:
        """A card in prose, its face in the table's language: « D♥ » / « Q♥ »."""
        return _c(name, self.lang)

    def _pts(self, n: int) -> str:
        return self.count(n, "pt", "pt")

    def show(self, view: dict[str, Any]) -> None:
        black = view["white"] != self.seat
        self.console.print(board_text(view, self.show_threats, black, self.lang))
        s = view["scores"]
        w = view["white"]
        scores = "  ".join(
            f"{self.names[p]} ({self._side(view, p)}) {self._pts(s[p])}" for p in (w, 1 - w)
        )
        pile = self.count(view["pile"], "carte", "card")
        self.console.print(self.t(f"Pioche : {pile}   {scores}", f"Pile: {pile}   {scores}"))
        if view["remaining_turns"]:
            turns = self.count(view["remaining_turns"], "tour", "turn")
            self.console.print(
                self.t(
                    f"Pioche épuisée : encore {turns} en tout, puis la partie s'arrête.",
                    f"The pile is empty: {turns} left in all, then the game ends.",
                )
            )
        # the game clock (R27) is kept by the kit's loop (term/clock.py)
        left = self.clock.game_left()
        if view["clock"]["up"]:
            self.console.print(
                self.t(
                    "Pendule : temps écoulé, la partie finit avec ce tour.",
                    "Clock: time is up, the game ends with this turn.",
                )
            )
        elif left is not None:
            self.console.print(
                self.t(
                    f"Pendule : {duration(left)} restantes pour la partie.",
                    f"Clock: {duration(left)} left in the game.",
                )
            )
        if view["drawn"]:
            self.console.print(
                Text(self.t("Carte tirée : ", "Drawn card: ")).append_text(
                    card_text(view["drawn"], lang=self.lang)
                )
            )
        if self.show_threats:
            self.console.print(self._threats(view))

    def _threats(self, view: dict[str, Any]) -> str:
        """« Menaces : d4→e5 » and how to read them: the board's colours, or without colours
        (a pipe, NO_COLOR: the board then marks nothing) the arrow alone; none, nothing to
        read."""
        threats = ", ".join(f"{a}→{t}" for a, t in view["threats"])
        if not threats:
            return self.t("Menaces : aucune.", "Threats: none.")
        if self.console.color_system is None or self.console.no_color:
            return self.t(
                f"Menaces : {threats} (la carte qui menace → la carte menacée).",
                f"Threats: {threats} (the threatening card → the threatened one).",
            )
        return self.t(
            f"Menaces : {threats} (en bleu, qui menace ; en rose, la carte menacée).",
            f"Threats: {threats} (in blue, the threatening card; in pink, the threatened one).",
        )

    def _list(self, legal: list[Action], only: str | None = None) -> None:
        """The numbered actions (those touching the square ``only`` if given)."""
        self.numbered = legal
        for i, a in enumerate(legal, start=1):
            if only is None or only in (a.get(f) for f in ("from", "to", "a", "b", "on")):
                self.console.print(f"  {i:>3}. {action_text(a, self.lang)}")

    def _value(self, view: dict[str, Any], name: str) -> int:
        return value(parse_card(name), view["options"]["ace_of_spades_value"])

    def _options(self, view: dict[str, Any], legal: list[Action]) -> None:
        """What the person may do, in short (« liste » gives every action, numbered)."""
        say, board = self.console.print, view["board"]
        if view["phase"] == "place":
            drawn = self._c(view["drawn"])
            places = {a["to"] for a in legal if a["type"] == "place"}
            empty = [f"{x}{y}" for y in range(1, 9) for x in "abcdefgh" if f"{x}{y}" not in board]
            barred = [sq for sq in empty if sq not in places]
            if not barred:
                where = self.t("n'importe quelle case vide", "any empty square")
            elif len(barred) <= len(places):
                where = self.t(
                    "une case vide sauf " + " ".join(barred) + " (elle n'y aurait aucun mouvement)",
                    "any empty square except "
                    + " ".join(barred)
                    + " (it would have no move there)",
                )
            else:
                shown = " ".join(sq for sq in empty if sq in places)
                where = self.t("une de ces cases : " + shown, "one of these squares: " + shown)
            say(
                self.t(
                    f"Posez {drawn} : tapez sa case, {where}.",
                    f"Place {drawn}: type its square, {where}.",
                )
            )
            swaps = sorted({a["on"] for a in legal if a["type"] == "draw_exchange"})
            if swaps:
                cards = ", ".join(f"{self._c(board[sq])} ({sq})" for sq in swaps)
                on = swaps[0]
                say(
                    self.t(
                        f"Ou échange au tirage avec {cards} : « {on} e4 » pose {drawn} en "
                        f"{on} et déplace la carte de {on} en e4.",
                        f"Or a draw-exchange with {cards}: '{on} e4' places {drawn} on {on} "
                        f"and moves the card on {on} to e4.",
                    )
                )
            return
        self._alerts(view, legal)
        count = {k: sum(a["type"] == k for a in legal) for k in ("move", "exchange")}
        parts = [self.t("tirage", "draw")] if {"type": "draw"} in legal else []
        if count["move"]:
            parts.append(self.count(count["move"], "déplacement", "move"))
        if count["exchange"]:
            parts.append(self.count(count["exchange"], "échange", "exchange"))
        if parts:
            listed = ", ".join(parts)
            say(
                self.t(
                    f"Aussi : {listed}. Tapez une case (d4) pour les actions de sa "
                    "carte, « liste » pour toutes.",
                    f"Also: {listed}. Type a square (d4) for the actions of its card, "
                    "'list' for all of them.",
                )
            )

    def _alerts(self, view: dict[str, Any], legal: list[Action]) -> None:
        """The captures open to the person, and those open to the opponent next turn."""
        say, board = self.console.print, view["board"]
        captures = [a for a in legal if a["type"] == "capture"]
        if captures:
            listed = ", ".join(
                f"{a['from']}x{a['to']} ({self._c(board[a['to']])} "
                f"+{self._value(view, board[a['to']])})"
                for a in captures
            )
            say(
                self.t(
                    f"[bold]Prises possibles[/] : {listed}",
                    f"[bold]Possible captures[/]: {listed}",
                )
            )
        # The opponent has no next turn in the last one (R25) or once the clock is up (R27).
        last = view["remaining_turns"] == 1 or view["clock"]["up"]
        danger = [] if last else self._danger(view)
        if danger:
            listed = ", ".join(
                f"{self._c(board[t])} ({t}, {self._pts(self._value(view, board[t]))}) "
                + self.t("par", "with")
                + f" {self._c(board[a])} ({a})"
                for a, t in danger
            )
            say(
                self.t(
                    f"[bold]Attention[/], au prochain tour l'adversaire peut prendre : {listed}.",
                    f"[bold]Careful[/]: next turn your opponent may capture {listed}.",
                )
            )

    def _danger(self, view: dict[str, Any]) -> list[tuple[str, str]]:
        """Threats the opponent remembers from his last turn and that still stand: he may
        capture with them next turn unless something changes (R14, R18)."""
        state = parse_position(view["position"], view["options"])
        pairs = state.memory[1 - state.turn] & state.threat_pairs()
        return sorted(
            (SQUARE_NAMES[state.pos[p // 40]], SQUARE_NAMES[state.pos[p % 40]]) for p in pairs
        )

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.numbered = None
        if len(legal) <= 12:
            if view["phase"] == "play":
                self._alerts(view, legal)
            self._list(legal)
        else:
            self._options(view, legal)
        return super().choose(view, legal)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        text = self.read(
            self.t(
                "Votre action (numéro, notation, liste, aide) : ",
                "Your action (number, notation, list, help): ",
            ),
            {
                "aide help ? h": lambda: self.print_text(self._help(view)),
                "regles rules": lambda: self.print_text(self.t(RULES, RULES_EN)),
                "liste list l": lambda: self._list(legal),
                "menaces threats m": lambda: self._toggle_threats(view),
                "table board t": lambda: self.show(view),
            },
        )
        if text is None:
            return None
        low = text.lower()
        if low.isdigit():
            if self.numbered is not legal:  # a number means nothing the person has not seen
                raise NotationError(
                    "tapez « liste » pour voir les actions numérotées, ou l'action elle-même "
                    "(une case, tirage, d1-d4…)",
                    "type 'list' to see the numbered actions, or the action itself "
                    "(a square, draw, d1-d4…)",
                )
            k = int(low)
            if 1 <= k <= len(legal):
                return legal[k - 1]
            raise NotationError(f"numéro de 1 à {len(legal)}", f"number from 1 to {len(legal)}")
        if view["phase"] == "place" and _SQUARES.match(low):
            squares = low.split()
            if len(squares) == 1:
                return {"type": "place", "to": squares[0]}
            return {"type": "draw_exchange", "on": squares[0], "to": squares[1]}
        if _SQUARES.match(low) and " " not in low:
            if low not in view["board"]:
                raise NotationError(f"aucune carte en {low}", f"no card on {low}")
            if not any(low in (a.get("from"), a.get("a"), a.get("b")) for a in legal):
                card = self._c(view["board"][low])
                self.console.print(
                    self.t(
                        f"{card} ({low}) n'a pas d'action (verrouillée, ou sans case libre).",
                        f"{card} ({low}) has no action (locked, or no free square).",
                    )
                )
            else:
                self._list(legal, only=low)
            return None
        if not low:
            return None
        action = self._parse(low)
        if action["type"] == "time_up":
            raise NotationError(
                "c'est la pendule qui dit quand le temps est écoulé",
                "the clock says when time is up",
            )
        return action

    def _parse(self, text: str) -> Action:
        """The notation (notation.py), its verbs also typed in English (« draw », « place
        e4 », « exchange d7 f5 », « pass »); an unreadable line refused in the table's
        words."""
        head, _, rest = text.strip().partition(" ")
        verb = VERB_FR.get(head.lower())
        typed = f"{verb} {rest}".strip() if verb else text
        try:
            return parse_action(typed)
        except NotationError as exc:
            fr, en = exc.fr.replace(f"« {typed} »", f"« {text} »"), exc.en
            if "unreadable action" in en:
                en = f"'{text}': unreadable action ({NOTATION_EN})"
            else:
                en = en.replace(f"'{typed}'", f"'{text}'")
            raise NotationError(fr, en) from None

    def _help(self, view: dict[str, Any]) -> str:
        if view["options"]["level"] == "A":
            return self.t(HELP_A, HELP_A_EN)
        return self.t(HELP, HELP_EN)

    def _toggle_threats(self, view: dict[str, Any]) -> None:
        self.show_threats = not self.show_threats
        self.show(view)

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            self._tell_one(e, view)

    def _who(self, view: dict[str, Any], seat: int) -> str:
        return f"{self.names[seat]} ({self._side(view, seat)})"

    def _does(self, view: dict[str, Any], seat: int, third: str, second: str) -> str:
        """English: the seat with its side and its verb, « Strong 1 (Black) draws » / « You
        (White) draw »."""
        return f"{self._who(view, seat)} {second if self.seats.you(seat) else third}"

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
        if self.english:
            self._tell_english(e, view)
            return
        kind = e["type"]
        say = self.console.print
        if kind == "start":
            w = e["white"]
            if w == self.seat:
                say("Pile ou face : vous avez les Blancs et commencez.")
            else:
                say(f"Pile ou face : {self.names[w]} a les Blancs et commence.")
            return
        if kind in ("time_up", "end"):
            if kind == "time_up":
                say("[bold]Temps écoulé[/] : la partie s'arrête à la fin de ce tour.")
            return
        who = self._who(view, e["seat"])
        if kind == "draw":
            say(
                Text(f"{who} tire ")
                .append_text(card_text(e["card"], pad=False))
                .append(f" (pioche : {e['pile']}).")
            )
        elif kind == "place":
            card = card_text(e["card"], pad=False)
            say(Text(f"{who} pose ").append_text(card).append(f" en {e['to']}."))
        elif kind == "draw_exchange":
            say(
                f"{who} pose {_c(e['card'])} en {e['on']} et déplace {_c(e['replaced'])} en "
                f"{e['to']} (échange au tirage)."
            )
        elif kind == "move":
            say(f"{who} : {_c(e['card'])} {e['from']}-{e['to']}.")
        elif kind == "capture":
            say(
                f"[bold]{who} prend {_c(e['prey'])}[/] avec {_c(e['card'])} "
                f"({e['from']}x{e['to']}) : +{plural(e['value'], 'pt')}."
            )
        elif kind == "exchange":
            a, b = e["cards"]
            say(f"{who} échange {_c(a)} ({e['squares'][0]}) et {_c(b)} ({e['squares'][1]}).")
        elif kind == "pass":
            say(f"{who} passe (aucune action possible).")

    def _tell_english(self, e: Event, view: dict[str, Any]) -> None:
        """An event as an English table says it (the browser's words: draws, places,
        captures, exchanges, draw-exchange)."""
        kind = e["type"]
        say, c = self.console.print, self._c
        if kind == "start":
            w = e["white"]
            if self.seats.you(w):
                say("Coin toss: you play White and move first.")
            else:
                say(f"Coin toss: {self.names[w]} plays White and moves first.")
            return
        if kind in ("time_up", "end"):
            if kind == "time_up":
                say("[bold]Time is up[/]: the game ends at the end of this turn.")
            return
        seat = e["seat"]
        if kind == "draw":
            left = english.plural(e["pile"], "card")
            say(
                Text(f"{self._does(view, seat, 'draws', 'draw')} ")
                .append_text(card_text(e["card"], pad=False, lang="en"))
                .append(f" ({left} left in the pile).")
            )
        elif kind == "place":
            card = card_text(e["card"], pad=False, lang="en")
            does = self._does(view, seat, "places", "place")
            say(Text(f"{does} ").append_text(card).append(f" on {e['to']}."))
        elif kind == "draw_exchange":
            moves = "moves" if not self.seats.you(seat) else "move"
            say(
                f"{self._does(view, seat, 'places', 'place')} {c(e['card'])} on {e['on']} and "
                f"{moves} {c(e['replaced'])} to {e['to']} (draw-exchange)."
            )
        elif kind == "move":
            say(f"{self._who(view, seat)}: {c(e['card'])} {e['from']}-{e['to']}.")
        elif kind == "capture":
            does = self._does(view, seat, "captures", "capture")
            say(
                f"[bold]{does} {c(e['prey'])}[/] with {c(e['card'])} "
                f"({e['from']}x{e['to']}): +{english.plural(e['value'], 'pt')}."
            )
        elif kind == "exchange":
            a, b = e["cards"]
            does = self._does(view, seat, "exchanges", "exchange")
            say(f"{does} {c(a)} ({e['squares'][0]}) and {c(b)} ({e['squares'][1]}).")
        elif kind == "pass":
            say(f"{self._does(view, seat, 'passes', 'pass')} (no legal action).")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        self.show(view)
        for p in (view["white"], 1 - view["white"]):
            taken = ", ".join(self._c(c) for c in view["captured"][p]) or self.t("rien", "nothing")
            self.console.print(
                self.t(
                    f"{self._who(view, p)} : {self._pts(result.scores[p])} ({taken}).",
                    f"{self._who(view, p)}: {self._pts(result.scores[p])} ({taken}).",
                )
            )
        reason = self.t(result.reason_fr, result.reason_en)
        self.console.print(f"[bold]{reason[:1].upper()}{reason[1:]}[/].")
