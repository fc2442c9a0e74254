"""Casino Royal in the terminal: cartons drawn as 4 × 5 grids, suits in colour, covered cells
marked, the announced card, balances, and each game's French prompts.

It turns what a person types into protocol actions and the engine's public events into
sentences; every rule decision stays in the engine (rules.py). « chances » asks the ``fort``
bot's estimate of the person's chance of winning the round.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.cards.french52 import card_name_fr, card_symbol, parse_card
from ludotheque.engine.errors import IllegalAction
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.casinoroyal.bots import Fort
from ludotheque.games.casinoroyal.cartons import (
    CARTONS,
    FIGURE_BY_NUMBER,
    FIGURES,
    Figure,
    figure_drawing,
)
from ludotheque.term import Answers, Terminal, plural
from ludotheque.term.prompt import command_word
from ludotheque.term.render import ranking

RED = "bold red"
BLACK = "bold"
COVERED = "bold white on dark_green"
GAME_TITLES = {"A": "Casino Royal-Poker", "B": "Variante du Poker", "C": "Casino Royal Bingo"}

RULES = """[bold]Casino Royal en bref[/]
• Chacun a un carton de 20 cartes (4 rangées de 5). Le donneur retourne le jeu de 52 cartes une
  à une ; chaque joueur qui a la carte sur son carton y pose un jeton (1 unité) : les jetons
  posés sont l'enjeu, le gagnant de la manche ramasse ceux des autres et reprend les siens.
• [bold]A Poker-Bingo[/] : après autant de cartes que de joueurs, « Relance ? » (une relance au
  plus, posée sur son carton ; les autres « je suis » ou « je passe »). Puis après chaque carte
  chacun peut dire « Rien ne va plus » : la meilleure main de poker des cartes couvertes gagne,
  même si un autre a crié.
• [bold]B Variante[/] : le donneur fixe l'enjeu minimum (au pot), chacun reçoit 3 cartes
  cachées, un tour d'enchères, puis les cartes comme en A. « Rien ne va plus, j'enchéris ! »
  arrête les cartes ; chacun répond « je passe », « je continue » ou « j'enchéris » (double).
  Main = cartes couvertes + 3 cartes cachées.
• [bold]C Bingo[/] : le donneur choisit une figure ; on ne marque que les cases de la figure ;
  le premier carton qui la couvre entièrement fait « Bingo ! ».
• [bold]Tapis[/] (table par défaut en A et B ; variante « livre » : sans tapis) : qui ne peut
  pas payer une mise peut miser tout ce qu'il a et rester en jeu. À tapis, on ne mise plus, on
  continue de couvrir ses cartes sans jeton, et on ne peut gagner de chacun que ce qu'on a mis
  soi-même : le reste forme des pots annexes pour ceux qui ont mis plus.
• Poker : Quinte floche > Carré > Full > Floche > Quinte > Brelan > Deux paires > Paire >
  Carte haute ; l'As compte aussi pour 1 dans A-2-3-4-5 (la plus petite quinte)."""

# The same summary in English, for the browser's rules page in English (games/docs.py).
RULES_EN = """[bold]Casino Royal in brief[/]
• Each player has a carton of 20 cards (4 rows of 5). The dealer turns the 52-card deck over
  one by one; each player who has the card on his carton puts a chip on it (1 unit): the chips
  laid are the stake, the round's winner collects the others' and takes his own back.
• [bold]A Poker-Bingo[/]: after as many cards as players, “Relance ?” (one raise at most,
  laid on one's carton; the others “je suis”, call, or “je passe”, pass). Then after each
  card anyone may say “Rien ne va plus” (no more bets): the best poker hand of the covered
  cards wins, even if someone else called.
• [bold]B Variant[/]: the dealer sets the minimum stake (in the pot), each gets 3 hidden cards,
  a round of bids, then the cards as in A. “Rien ne va plus, j'enchéris !” stops the cards;
  each answers “je passe” (pass), “je continue” (go on) or “j'enchéris” (double).
  Hand = covered cards + 3 hidden cards.
• [bold]C Bingo[/]: the dealer chooses a figure; only the figure's squares are marked; the
  first carton to cover it entirely calls “Bingo!”.
• [bold]All-in[/] (default table in A and B; variant “the rule book to the letter”: no
  all-in): whoever cannot pay a bet may bet all he has and stay in. All-in, one bets no more,
  goes on covering one's cards without chips, and can win from each only what one put in
  oneself: the rest forms side pots for those who put in more.
• Poker: Straight flush > Four of a kind > Full house > Flush > Straight > Three of a kind >
  Two pairs > Pair > High card; the Ace also counts as 1 in A-2-3-4-5 (the lowest straight)."""

HELP = {
    "relance": "Tapez un montant pour relancer (posé sur votre carton en A, au pot en B), "
    "ou Entrée pour ne pas relancer.",
    "follow": "« s » = je suis (payer la relance, ou tout ce que vous avez : à tapis) ; « p » = "
    "je passe (vous abandonnez la manche, votre carton et ses jetons restent sur la table).",
    "window": "Entrée = la carte suivante ; « r » = « Rien ne va plus » (A, et B quand les "
    "enchères sont finies). En B tapez un montant : « Rien ne va plus, j'enchéris ! » avec "
    "cette enchère.",
    "ante": "Tapez l'enjeu minimum que chacun paie au pot.",
    "stake": "Tapez l'enjeu supplémentaire que vous demandez (0 possible).",
    "bet": "« s » = suivre (payer jusqu'à l'enchère la plus haute), un nombre = renchérir "
    "jusqu'à ce niveau, « p » = je passe.",
    "final": "« c » = je continue (payer jusqu'au niveau), « e » = j'enchéris (doubler le "
    "niveau), « p » = je passe.",
    "figure": "Tapez le numéro de la figure (1 à 10) ou son nom (« L », « carré », « ligne "
    "verticale »…).",
}
DOUBLE_ACTION: Action = {"type": "double"}
COMMON = "Toujours : aide, regles, table, chances, quitter."


def card_text(card: int, covered: bool = False, dim: bool = False) -> Text:
    """« 10♥ » in red (♥ ♦) or default colour (♠ ♣); a covered cell on green and marked ●
    (without colour — NO_COLOR, a pipe — the mark alone says it)."""
    sym = card_symbol(card)
    if covered:
        return Text(f"{sym:>3}●", style=COVERED)
    style = RED if card // 13 in (1, 2) else BLACK
    return Text(f"{sym:>3}", style=f"{style} dim" if dim else style)


def _codes(codes: str) -> Text:
    """Cards the engine wrote in notation (« 7H 7C ») as the table draws them (« 7♥ 7♣ »)."""
    out = Text()
    for code in codes.split():
        out.append(" ").append_text(card_text(parse_card(code)))
    return out


def _either(answers: list[str]) -> str:
    """« a, b ou c »."""
    return answers[0] if len(answers) == 1 else ", ".join(answers[:-1]) + " ou " + answers[-1]


FIGURE_NAMES = ", ".join(f.name_fr for f in FIGURES)


def figure_of(text: str) -> int | None:
    """The figure a person named: its number, or its name as the table lists it (« L »,
    « carre », « Ligne verticale »: case, accents and extra spaces ignored); None otherwise."""
    word = " ".join(command_word(text).split())
    if word.isdigit() and int(word) in FIGURE_BY_NUMBER:
        return int(word)
    for f in FIGURES:
        if command_word(f.name_fr) == word:
            return f.number
    return None


def any_of(figure: Figure) -> str:
    """A line figure is any one of its lines (R33, D15): « colonne » or « rangée »; the other
    figures have one place on the carton: ""."""
    if len(figure.instances) < 2:
        return ""
    first = figure.instances[0]
    columns = {i % 5 for i in range(20) if first >> i & 1}
    return "colonne" if len(columns) == 1 else "rangée"


def figure_title(figure: Figure) -> str:
    """« ligne verticale (n'importe quelle colonne) », « L »."""
    line = any_of(figure)
    return figure.name_fr + (f" (n'importe quelle {line})" if line else "")


def carton_grid(number: int, covered: int, figure_cells: int = -1) -> Table:
    """A carton as 4 rows of 5 cards; covered cells marked, cells off the figure dimmed."""
    grid = Table.grid(padding=(0, 1))
    for _ in range(5):
        grid.add_column(justify="right")
    cards = CARTONS[number - 1]
    for row in range(4):
        cells = []
        for col in range(5):
            i = 5 * row + col
            on = bool(covered >> i & 1)
            cell = card_text(cards[i], on, not figure_cells >> i & 1)
            cells.append(cell if on else cell.append(" "))  # the columns stay aligned
        grid.add_row(*cells)
    return grid


class CasinoRoyalTerminal(Terminal):
    def __init__(
        self,
        console: Console,
        seat: int | None,
        names: list[str],
        ask: Callable[[str], str],
        lang: str = "fr",
    ) -> None:
        super().__init__(console, seat, names, ask, lang)
        self.advisor = Fort(seed=12345, playouts=200)
        self._drawn_round: int | None = None  # the round whose full table was last drawn

    # ------------------------------------------------------------------ drawing
    def _who(self, seat: int) -> str:
        return self.seats.who(seat)

    def _says(self, seat: int, third: str, second: str) -> str:
        """« Fort 1 relance » / « Vous relancez »."""
        return self.seats.says(seat, third, second)

    def show(self, view: dict[str, Any]) -> None:
        if view["phase"] == "window" and self._drawn_round == view["round"]:
            self._show_short(view)
            return
        self._drawn_round = view["round"]
        self.show_full(view)

    def show_full(self, view: dict[str, Any]) -> None:
        variant = view["variant"]
        title = f"{GAME_TITLES[variant]} — manche {view['round']}/{view['rounds']}"
        if view["pot"]:
            title += f", pot {view['pot']}"
        table = Table(title=title, title_style="bold")
        columns = ["Joueur", "Unités", "Sur ses cartons", "Cartons"]
        if variant != "C":
            columns.append("Main visible")
        for col in columns:
            table.add_column(col)
        for s in range(view["players"]):
            notes = []
            if s == view["dealer"]:
                notes.append("donneur")
            if view["out"][s]:
                notes.append("éliminé")
            elif view["folded"][s]:
                notes.append("a passé")
            elif not view["in_round"][s] and view["phase"] not in ("ante",):
                notes.append("hors manche")
            if view.get("all_in", [False] * (s + 1))[s]:
                notes.append("à tapis")
            if s in view["to_move"]:
                notes.append("←")
            name = self._who(s) + (f" ({', '.join(notes)})" if notes else "")
            on = sum(view["on_cartons"][k - 1] for k in view["cartons"][s])
            hand = view["hands"][s]["name"] if view["hands"][s] else ""
            if variant == "B" and s == self.seat and view.get("my_hand"):
                hand = f"{view['my_hand']['name']} (avec vos cartes cachées)"
            cartons = ", ".join(str(k) for k in view["cartons"][s]) if not view["out"][s] else ""
            row = [name, str(view["balances"][s]), str(on), cartons]
            table.add_row(*row, *([hand] if variant != "C" else []))
        self.console.print(table)
        self._pots(view)
        self._draw_cartons(view)
        self._announced(view)

    def pots_text(self, pots: list[dict[str, Any]]) -> str:
        """« pot principal 30 (Vous, Fort 1, Fort 2) · pot annexe 20 (Vous, Fort 2) »."""
        parts = []
        for i, pot in enumerate(pots):
            label = "pot principal" if i == 0 else "pot annexe"
            who = ", ".join(self._who(s) for s in pot["eligible"]) or "personne"
            parts.append(f"{label} {pot['amount']} ({who})")
        return " · ".join(parts)

    def _pots(self, view: dict[str, Any]) -> None:
        """With someone all-in: each pot and who may win it."""
        if any(view.get("all_in", [])) and view.get("pots"):
            self.console.print("Pots : " + self.pots_text(view["pots"]))

    def _draw_cartons(self, view: dict[str, Any]) -> None:
        figure = view.get("figure")
        cells = FIGURE_BY_NUMBER[figure].cells if figure else -1
        panels = []
        order = [self.seat] if self.seat is not None else []
        order += [s for s in range(view["players"]) if s != self.seat]
        for s in order:
            if view["out"][s]:
                continue
            for number in view["cartons"][s]:
                style = "green" if s == self.seat else "white"
                title = f"Carton {number} — {self._who(s)}"
                if view["folded"][s]:
                    title += " (a passé)"
                panels.append(
                    Panel(
                        carton_grid(number, view["covered"][number - 1], cells),
                        title=title,
                        border_style=style,
                        expand=False,
                    )
                )
        self.console.print(Columns(panels))
        if figure:
            self.console.print(f"Figure : [bold]{figure_title(FIGURE_BY_NUMBER[figure])}[/]")

    def _announced(self, view: dict[str, Any]) -> None:
        if view["turned"]:
            card = parse_card(view["turned"][-1])
            line = Text("Carte annoncée : ").append_text(card_text(card))
            turned = plural(len(view["turned"]), "carte retournée", "cartes retournées")
            line.append(f" ({card_name_fr(card)}) — {turned}, {view['deck_left']} restent")
            self.console.print(line)
        if view["variant"] == "B" and view.get("hidden"):
            hidden = Text("Vos cartes cachées : ")
            for t in view["hidden"].split():
                hidden.append_text(card_text(parse_card(t))).append(" ")
            self.console.print(hidden)

    def _show_short(self, view: dict[str, Any]) -> None:
        """During the card-by-card phase: your carton(s) and the announced card only."""
        if self.seat is not None:
            panels = [
                Panel(
                    carton_grid(k, view["covered"][k - 1]),
                    title=f"Carton {k} — Vous",
                    border_style="green",
                    expand=False,
                )
                for k in view["cartons"][self.seat]
            ]
            self.console.print(Columns(panels))
        mine = view.get("my_hand")
        best = [
            f"{self._who(s)} : {mine['name'] if mine and s == self.seat else h['name']}"
            for s, h in enumerate(view["hands"])
            if h and view["still_in"][s]
        ]
        if best:
            title = "Mains (la vôtre avec vos cartes cachées)" if mine else "Mains visibles"
            self.console.print(f"{title} — " + " · ".join(best))
        self._pots(view)
        self._announced(view)

    # ------------------------------------------------------------------ asking
    def ask(
        self, prompt: str, view: dict[str, Any], helpkey: str, answers: Answers | None = None
    ) -> str | None:
        """One line from the person; None when it was a command handled here (``answers``:
        lines taken as answers even when they spell a command word, as « T » and « H »)."""
        return self.read(
            prompt,
            {
                "aide help ? h": lambda: self.console.print(HELP[helpkey] + "\n" + COMMON),
                "regles rules": lambda: self.console.print(RULES),
                "table t": lambda: self.show_full(view),
                "chances chance conseil": lambda: self._chances(view),
            },
            answers,
        )

    def _chances(self, view: dict[str, Any]) -> None:
        if view["variant"] == "C" or self.seat is None or not view["still_in"][self.seat]:
            self.console.print("Pas d'estimation ici : au Bingo tout est affaire de cartes.")
            return
        now = self.advisor.chance_now(view)
        later = self.advisor.chance_future(view)
        self.console.print(
            f"Estimation du bot fort : {100 * now:.0f} % de gagner si la manche s'arrêtait "
            f"maintenant, {100 * later:.0f} % si elle continue (simulation des cartes à venir)."
        )

    def _amount(self, text: str, low: int, high: int, enter: str = "") -> int:
        """A number typed; refused naming the range and, with ``enter``, what Entrée does."""
        if not text.isdigit():
            fr = f"tapez un nombre de {low} à {high}"
            en = f"type a number {low}-{high}"
            if enter:
                fr, en = f"{fr} ou Entrée ({enter})", f"{en} or Enter"
            raise IllegalAction(fr, en)
        return int(text)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        phase = view["phase"]
        me = self.seat
        assert me is not None
        bal = view["balances"][me]
        if phase == "window":
            if {"type": "stop"} in legal:  # A, and B once betting has stopped
                text = self.ask(
                    "« Rien ne va plus » ? (r = oui, Entrée = carte suivante) › ", view, "window"
                )
                if text is None:
                    return None
                if text.lower() in {"r", "rien ne va plus", "oui", "o", "stop"}:
                    return {"type": "stop"}
                if text == "":
                    return {"type": "wait"}
                raise IllegalAction(
                    "« r » pour « Rien ne va plus », Entrée pour continuer",
                    "r to call, Enter to go on",
                )
            text = self.ask(
                f"« Rien ne va plus, j'enchéris ! » : votre enchère (1–{bal}), "
                "Entrée = carte suivante › ",
                view,
                "window",
            )
            if text is None:
                return None
            if text == "":
                return {"type": "wait"}
            return {"type": "bid", "amount": self._amount(text, 1, bal, "carte suivante")}
        if phase == "relance":
            text = self.ask(
                f"« Relance ? » montant (1–{bal}) ou Entrée pour ne pas relancer › ",
                view,
                "relance",
            )
            if text is None:
                return None
            if text == "" or text.lower() in {"n", "non", "p"}:
                return {"type": "decline"}
            return {"type": "raise", "amount": self._amount(text, 1, bal, "ne pas relancer")}
        if phase == "follow":
            r = view["relance"]
            pay = f"à tapis, {bal}" if bal < r["amount"] else str(r["amount"])
            text = self.ask(
                f"{self._who(r['raiser'])} a relancé de {r['amount']} : « je suis » "
                f"(s, {pay}) ou « je passe » (p) › ",
                view,
                "follow",
            )
            return None if text is None else self._yes_no(text, "follow")
        if phase == "ante":
            top = max(a["amount"] for a in legal)
            text = self.ask(f"Vous donnez : enjeu minimum (1–{top}) › ", view, "ante")
            if text is None:
                return None
            return {"type": "ante", "amount": self._amount(text, 1, top)}
        if phase == "stake":
            text = self.ask(f"Enjeu supplémentaire demandé (0–{bal}) › ", view, "stake")
            if text is None:
                return None
            return {"type": "stake", "amount": self._amount(text or "0", 0, bal)}
        if phase == "bet":
            cost = view["highest"] - view["contrib"][me]
            pay = f"à tapis, {bal}" if bal < cost else str(cost)
            levels = [a["to"] for a in legal if a["type"] == "outbid"]
            span = f"{min(levels)} à {max(levels)}" if levels else ""
            raise_ = f", renchérir (un niveau de {span})" if levels else ""
            text = self.ask(
                f"Enchère la plus haute {view['highest']} : suivre (s, {pay})"
                f"{raise_} ou je passe (p) › ",
                view,
                "bet",
            )
            if text is None:
                return None
            if text.isdigit():
                return {"type": "outbid", "to": int(text)}
            low = command_word(text)
            if low in {"s", "suivre", "je suis", "suis", "o", "oui"}:
                return {"type": "match"}
            if low in {"p", "passe", "je passe", "n", "non"}:
                return {"type": "fold"}
            said = [f"« s » (suivre, {pay})"] if {"type": "match"} in legal else []
            said += [f"un nombre de {span} (renchérir jusqu'à ce niveau)"] if levels else []
            raise IllegalAction(
                "tapez " + _either([*said, "« p » (je passe)"]),
                "type s (match), a level (outbid) or p (fold)",
            )
        if phase == "final":
            cost = view["level"] - view["paid"][me]
            pay = f"à tapis, {bal}" if bal < cost else str(cost)
            double = 2 * view["level"] - view["paid"][me]
            offer = f", j'enchéris (e, {double})" if DOUBLE_ACTION in legal else ""
            text = self.ask(
                f"Niveau {view['level']} : je continue (c, {pay}){offer} ou je passe (p) › ",
                view,
                "final",
            )
            if text is None:
                return None
            low = command_word(text)
            if low in {"c", "continue", "je continue", "continuer"}:
                return {"type": "continue"}
            if low in {"e", "encheris", "j'encheris", "j encheris", "encherir", "double"}:
                return {"type": "double"}
            if low in {"p", "passe", "je passe"}:
                return {"type": "fold"}
            said = [f"« c » (je continue, {pay})"] if {"type": "continue"} in legal else []
            said += [f"« e » (j'enchéris, {double})"] if DOUBLE_ACTION in legal else []
            raise IllegalAction(
                "tapez " + _either([*said, "« p » (je passe)"]),
                "type c (continue), e (double) or p (fold)" if offer else "type c or p",
            )
        if phase == "figure":
            self.console.print(
                "Figures : " + " · ".join(f"{f.number} {f.name_fr} ({f.size})" for f in FIGURES)
            )
            text = self.ask(
                "Vous donnez : quelle figure (1–10 ou son nom) ? › ",
                view,
                "figure",
                lambda typed: figure_of(typed) is not None,
            )
            if text is None:
                return None
            number = figure_of(text)
            if number is None:
                raise IllegalAction(
                    f"« {text} » : tapez le numéro d'une figure, de 1 à 10, ou son nom "
                    f"({FIGURE_NAMES})",
                    f"'{text}': type a figure's number, 1 to 10, or its French name",
                )
            self._draw_figure(FIGURE_BY_NUMBER[number])
            return {"type": "figure", "figure": number}
        raise IllegalAction("rien à jouer maintenant", "nothing to play now")  # pragma: no cover

    def _draw_figure(self, figure: Figure) -> None:
        """The figure drawn as the spec draws it; a line figure is drawn at its first place
        and says that any other counts (R33, D15)."""
        self.console.print(figure_drawing(figure))
        line = any_of(figure)
        if line:
            self.console.print(
                f"[dim](une {line} pour l'exemple : n'importe quelle {line} complète la figure)[/]"
            )

    @staticmethod
    def _yes_no(text: str, yes: str) -> Action:
        low = text.lower()
        if low in {"s", "suis", "je suis", "suivre", "o", "oui"}:
            return {"type": yes}
        if low in {"p", "passe", "je passe", "n", "non"}:
            return {"type": "fold"}
        raise IllegalAction("tapez « s » (je suis) ou « p » (je passe)", "type s or p")

    # ------------------------------------------------------------------ telling
    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            self._tell_one(e, view)

    def _marks(self, marks: list[list[int]]) -> str:
        if not marks:
            return "personne ne marque"
        return ", ".join(f"{self._who(s)} (carton {k})" for s, k, _cell in marks)

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
        p = self.console.print
        kind = e["type"]
        if kind == "draw_dealer":
            p(f"Tirage au sort : {self._says(e['seat'], 'donne', 'donnez')} le premier.")
        elif kind == "round_start":
            p(f"\n[bold]Manche {e['number']}[/] — {self._says(e['dealer'], 'donne', 'donnez')}.")
        elif kind == "pass_cartons":
            p("Chacun passe son carton à son voisin de gauche.")
        elif kind == "out":
            seats = ", ".join(self._who(s) for s in e["seats"])
            p(f"[red]Plus d'unités, hors du jeu : {seats}.[/]")
        elif kind == "card":
            card = parse_card(e["card"])
            line = (
                Text("Carte : ")
                .append_text(card_text(card))
                .append(f" — {self._marks(e['marks'])}")
            )
            if e.get("free"):
                who = ", ".join(self._who(s) for s in e["free"])
                line.append(f" ; sans jeton, à tapis : {who}")
            p(line)
        elif kind == "betting_over":
            p(
                "Plus d'enchères : au plus un joueur encore en jeu a des unités (les autres sont à "
                "tapis). Les cartes continuent."
            )
        elif kind == "relance":
            p("Le donneur demande : [bold]« Relance ? »[/]")
        elif kind == "decline":
            p(f"{self._says(e['seat'], 'ne relance pas', 'ne relancez pas')}.")
        elif kind == "raise":
            p(f"[bold]{self._says(e['seat'], 'relance', 'relancez')} de {e['amount']}[/].")
        elif kind == "follow":
            p(f"{self._who(e['seat'])} : « je suis » ({e['amount']}){self._all_in(e)}.")
        elif kind == "fold":
            why = " (ne peut pas payer)" if e["forced"] else ""
            p(f"{self._who(e['seat'])} : « je passe »{why}.")
        elif kind == "rien_ne_va_plus":
            if "amount" in e:
                who = self._says(e["seat"], "met", "mettez")
                p(
                    f"[bold yellow]« Rien ne va plus, j'enchéris ! »[/] {who} {e['amount']} au pot "
                    f"(pot {e['pot']}){self._all_in(e)}."
                )
            else:
                cries = self._says(e["seat"], "crie", "criez")
                p(f"{cries} [bold yellow]« Rien ne va plus ! »[/]")
        elif kind == "ante":
            p(
                f"{self._says(e['seat'], 'fixe', 'fixez')} l'enjeu minimum à {e['amount']} : "
                f"pot {e['pot']} ({len(e['players'])} joueurs)."
            )
        elif kind == "deal_hidden":
            p("Le donneur distribue 3 cartes cachées à chacun.")
        elif kind == "stake":
            p(
                f"{self._says(e['seat'], 'demande', 'demandez')} un enjeu de {e['amount']} "
                f"(pot {e['pot']})."
            )
        elif kind == "match":
            p(
                f"{self._says(e['seat'], 'suit', 'suivez')} ({e['amount']}, pot {e['pot']})"
                f"{self._all_in(e)}."
            )
        elif kind == "outbid":
            p(f"{self._says(e['seat'], 'renchérit', 'renchérissez')} à {e['to']} (pot {e['pot']}).")
        elif kind == "continue":
            p(
                f"{self._who(e['seat'])} : « je continue » ({e['amount']}, pot {e['pot']})"
                f"{self._all_in(e)}."
            )
        elif kind == "double":
            p(
                f"{self._who(e['seat'])} : « j'enchéris ! » niveau {e['level']} (pot {e['pot']})"
                f"{self._all_in(e)}."
            )
        elif kind == "figure":
            figure = FIGURE_BY_NUMBER[e["figure"]]
            who = self._says(e["seat"], "choisit", "choisissez")
            p(f"{who} la figure : [bold]{figure_title(figure)}[/]")
            self._draw_figure(figure)
        elif kind == "bingo":
            p(f"[bold green]« Bingo ! »[/] — {', '.join(self._who(s) for s in e['seats'])}")
        elif kind == "round_end":
            self._tell_round_end(e)
        elif kind == "game_over":
            p("[bold]Fin de la partie.[/]")

    @staticmethod
    def _all_in(e: Event) -> str:
        return " — [bold]à tapis[/]" if e.get("all_in") else ""

    def _tell_round_end(self, e: Event) -> None:
        p = self.console.print
        for s, h in sorted(e["hands"].items(), key=lambda kv: int(kv[0])):
            line = Text(f"  {self._who(int(s))} : {h['name']}").append_text(_codes(h["cards"]))
            if s in e["hidden"]:
                line.append(", cartes cachées").append_text(_codes(e["hidden"][s]))
            p(line)
        if e["reason"] == "no_bingo":
            p("Le paquet est épuisé sans Bingo : chacun reprend ses jetons.")
            return
        winners = ", ".join(self.seats.whom(s) for s in e["winners"])
        how = {"folds": "tous les autres ont passé", "deck": "le paquet est épuisé",
               "call": "meilleure main", "bingo": "Bingo"}[e["reason"]]  # fmt: skip
        taken = plural(e["collected"], "unité ramassée", "unités ramassées")
        pot = f", dont le pot de {e['pot']}" if e["pot"] else ""
        p(f"[bold green]Manche gagnée par {winners}[/] ({how}) : {taken}{pot}.")
        pots = e.get("pots") or []
        if len(pots) > 1:  # side pots: who won each
            for i, pot in enumerate(pots):
                label = "Pot principal" if i == 0 else "Pot annexe"
                if pot["winners"] == pot["eligible"] and len(pot["eligible"]) == 1:
                    won = f"à {self.seats.whom(pot['winners'][0])} (seul à pouvoir le gagner)"
                elif pot["winners"]:
                    won = "gagné par " + ", ".join(self.seats.whom(s) for s in pot["winners"])
                else:
                    won = "rendu à ceux qui l'ont mis (aucun joueur encore en jeu n'a mis autant)"
                p(f"  {label} de {pot['amount']} : {won}.")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        names = [self._who(s) for s in range(view["players"])]
        self.console.print(ranking(result, names, "Unités"))
        self.console.print(
            f"{', '.join(self._who(s) for s in result.winners)} : {result.reason_fr}."
        )


__all__ = ["CasinoRoyalTerminal", "card_text", "carton_grid"]
