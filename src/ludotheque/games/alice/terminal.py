"""Alice in the terminal: the board drawn with rich, prompts in French, short commands.

It turns what a person types (a number from the list, or the notation ``d1-d4``, ``d4xd7``,
``tirage``, ``pose e4``, ``échange d7 f5``) into protocol actions and the engine's public events
into sentences; every rule decision stays in the engine (rules.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from ludotheque.engine.errors import NotationError
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.alice.cards import SUIT_SYMBOLS
from ludotheque.games.alice.notation import format_action, parse_action

SUIT_STYLE = {"TR": "bold green", "PI": "bold blue", "CO": "bold red", "CA": "bold magenta"}
SIDE = ("Blanc", "Noir")

RULES = """[bold]Alice en bref[/]
• 40 cartes (sans 8, 9, 10) piochées une à une et posées sur un damier 8×8. Les cartes sont à
  tout le monde : à votre tour, [bold]tirez[/] une carte (posez-la là où elle a un mouvement)
  ou [bold]agissez[/] avec n'importe quelle carte non verrouillée.
• Mouvements (distance exacte = la valeur ; As = 1) : ♦ horizontal, ♣ vertical, ♠ diagonale
  a8–h1, ♥ diagonale a1–h8 ; Roi 1 case partout, Dame 2 cases droit, Valet 2 cases en diagonale.
• Une carte menace la carte où elle pourrait aller. Une carte menacée ne peut que [bold]fuir[/]
  vers une case sûre (ni menacée ni menaçante) : ♦♣♠♥ sur leur ligne, Roi droit, Dame partout,
  Valet en diagonale, à toute distance. Sans fuite possible, elle est prisonnière.
• Prise : si la menace existait à la fin de votre tour précédent et existe encore.
• Les cartes touchées au tour précédent de l'adversaire sont verrouillées (marquées *).
• Niveau B : échange de deux cartes de même rang ou même couleur, y compris au tirage.
• Fin : la pioche vide, chacun joue encore un tour. Le plus de points pris gagne."""

HELP = """Tapez un numéro de la liste, ou une action : « tirage », « pose e4 », « pose c1 e4 »
(échange au tirage), « d1-d4 » (déplacement ou fuite), « d4xd7 » (prise), « échange d7 f5 ».
Commandes : liste (les actions numérotées), menaces (les afficher ou non), table, aide,
regles, quitter."""


def card_text(name: str, locked: bool = False) -> Text:
    suit = name[1:]
    label = f"{name[0]}{SUIT_SYMBOLS[suit]}" + ("*" if locked else " ")
    return Text(label, style=SUIT_STYLE[suit] + (" underline" if locked else ""))


def _c(name: str) -> str:
    """A card in prose: ``5♦``, ``D♣``."""
    return name[0] + SUIT_SYMBOLS[name[1:]]


def board_text(view: dict[str, Any], threats: bool = False) -> Text:
    """The 8 × 8 board, rank 8 at the top (Black's side), locked cards marked with *."""
    board, locked = view["board"], set(view["locked"])
    attacked = {t for _, t in view["threats"]} if threats else set()
    attackers = {a for a, _ in view["threats"]} if threats else set()
    out = Text()
    for y in range(8, 0, -1):
        out.append(f" {y} ")
        for x in "abcdefgh":
            sq = f"{x}{y}"
            shade = "on grey85" if (ord(x) - 96 + y) % 2 else "on grey93"
            if sq in attacked:
                shade = "on light_salmon1"
            elif sq in attackers:
                shade = "on light_sky_blue1"
            if sq in board:
                cell = card_text(board[sq], sq in locked)
                cell.stylize(shade)
                out.append(" ", style=shade).append_text(cell)
            else:
                out.append(" ·  ", style="grey50 " + shade)
        out.append("\n")
    out.append("    a   b   c   d   e   f   g   h\n")
    return out


class AliceTerminal:
    def __init__(
        self, console: Console, seat: int, names: list[str], ask: Callable[[str], str]
    ) -> None:
        self.console = console
        self.seat = seat
        self.names = names
        self.ask_raw = ask
        self.show_threats = False
        self.now: Callable[[], float] = time.monotonic  # the game clock's source (R27)
        self.started = self.now()

    # -- the game clock (R27): the terminal measures time, the engine only hears « time_up »
    def time_left(self, view: dict[str, Any]) -> float | None:
        limit = view["clock"]["limit_s"]
        return None if limit is None else limit - (self.now() - self.started)

    def arbiter(self, view: dict[str, Any]) -> Action | None:
        """Called by the play loop before every action: the clock's expiry, once."""
        left = self.time_left(view)
        if left is None or left > 0 or view["clock"]["up"] or view["to_move"] is None:
            return None
        return {"type": "time_up"}

    def _side(self, view: dict[str, Any], seat: int) -> str:
        return SIDE[seat != view["white"]]

    def show(self, view: dict[str, Any]) -> None:
        self.console.print(board_text(view, self.show_threats))
        s = view["scores"]
        w = view["white"]
        scores = "  ".join(
            f"{self.names[p]} ({self._side(view, p)}) {s[p]} pts" for p in (w, 1 - w)
        )
        self.console.print(f"Pioche : {view['pile']} cartes   {scores}")
        if view["remaining_turns"] is not None:
            self.console.print(f"Pioche épuisée : encore {view['remaining_turns']} tour(s).")
        left = self.time_left(view)
        if view["clock"]["up"]:
            self.console.print("Pendule : temps écoulé, la partie finit avec ce tour.")
        elif left is not None:
            m, sec = divmod(max(0, int(left)), 60)
            self.console.print(f"Pendule : {m} min {sec:02d} s restantes pour la partie.")
        if view["drawn"]:
            self.console.print(Text("Carte tirée : ").append_text(card_text(view["drawn"])))
        if self.show_threats:
            threats = ", ".join(f"{a}→{t}" for a, t in view["threats"])
            self.console.print(f"Menaces : {threats or 'aucune'} (en bleu, qui menace ; en rose, "
                               "la carte menacée).")  # fmt: skip

    def _list(self, legal: list[Action]) -> None:
        for i, a in enumerate(legal, start=1):
            self.console.print(f"  {i:>3}. {format_action(a)}")

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        from ludotheque.cli.play import Quit

        if len(legal) <= 12:
            self._list(legal)
        while True:
            try:
                raw = self.ask_raw("Votre action (numéro, notation, liste, aide) : ")
            except (EOFError, KeyboardInterrupt):
                raise Quit from None
            low = raw.strip().lower()
            if low in {"q", "quit", "quitter", "exit"}:
                raise Quit
            if low in {"aide", "help", "?", "h"}:
                self.console.print(HELP)
            elif low in {"regles", "règles", "rules"}:
                self.console.print(RULES)
            elif low in {"liste", "l"}:
                self._list(legal)
            elif low in {"menaces", "m"}:
                self.show_threats = not self.show_threats
                self.show(view)
            elif low in {"table", "t"}:
                self.show(view)
            elif low.isdigit():
                k = int(low)
                if 1 <= k <= len(legal):
                    return legal[k - 1]
                self.console.print(f"[red]✗ numéro de 1 à {len(legal)}[/]")
            elif low:
                try:
                    action = parse_action(low)
                except NotationError as exc:
                    self.console.print(f"[red]✗ {exc.fr}[/]")
                    continue
                if action["type"] == "time_up":
                    self.console.print("[red]✗ c'est la pendule qui dit quand le temps est "
                                       "écoulé[/]")  # fmt: skip
                    continue
                return action

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            self._tell_one(e, view)

    def _who(self, view: dict[str, Any], seat: int) -> str:
        return f"{self.names[seat]} ({self._side(view, seat)})"

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
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
            say(Text(f"{who} tire ").append_text(card_text(e["card"])).append(
                f" (pioche : {e['pile']})."))  # fmt: skip
        elif kind == "place":
            say(Text(f"{who} pose ").append_text(card_text(e["card"])).append(f" en {e['to']}."))
        elif kind == "draw_exchange":
            say(f"{who} pose {_c(e['card'])} en {e['on']} et déplace {_c(e['replaced'])} en "
                f"{e['to']} (échange au tirage).")  # fmt: skip
        elif kind == "move":
            say(f"{who} : {_c(e['card'])} {e['from']}-{e['to']}.")
        elif kind == "capture":
            say(f"[bold]{who} prend {_c(e['prey'])}[/] avec {_c(e['card'])} "
                f"({e['from']}x{e['to']}) : +{e['value']} pts.")  # fmt: skip
        elif kind == "exchange":
            a, b = e["cards"]
            say(f"{who} échange {_c(a)} ({e['squares'][0]}) et {_c(b)} ({e['squares'][1]}).")
        elif kind == "pass":
            say(f"{who} passe (aucune action possible).")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        self.show(view)
        for p in (view["white"], 1 - view["white"]):
            taken = ", ".join(view["captured"][p]) or "rien"
            self.console.print(f"{self._who(view, p)} : {result.scores[p]} pts ({taken}).")
        self.console.print(f"[bold]{result.reason_fr}[/].")
