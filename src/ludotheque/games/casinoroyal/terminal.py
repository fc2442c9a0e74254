"""Casino Royal in the terminal: cartons drawn as 4 × 5 grids, suits in colour, covered cells
marked, the announced card, balances, and each game's prompts, in French or in English
(``--lang en``: the browser's English words, labels.py and web/data/i18n.json).

It turns what a person types into protocol actions and the engine's public events into
sentences; every rule decision stays in the engine (rules.py). « chances » (« hint ») asks the
``fort`` bot's estimate of the person's chance of winning the round. The answers of both
languages are understood at both tables (« s » or « y » for « je suis », « p » or « fold »…).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ludotheque.cards.french52 import card_name_fr, card_symbol, parse_card, rank_value, suit_of
from ludotheque.cards.poker import CATEGORY_ID, key_ranks
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
from ludotheque.games.casinoroyal.labels import WORDS
from ludotheque.term import Answers, Terminal, plural
from ludotheque.term.prompt import command_word
from ludotheque.term.render import ranking

RED = "bold red"
BLACK = "bold"
COVERED = "bold white on dark_green"
GAME_TITLES = {"A": "Casino Royal-Poker", "B": "Variante du Poker", "C": "Casino Royal Bingo"}
GAME_TITLES_EN = {"A": "Casino Royal-Poker", "B": "Poker variant", "C": "Casino Royal Bingo"}

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

# The same summary in English, for the English table and the browser's rules page in English
# (games/docs.py); the calls as the browser's buttons say them (« Je suis » is “I follow”).
RULES_EN = """[bold]Casino Royal in brief[/]
• Each player has a carton of 20 cards (4 rows of 5). The dealer turns the 52-card deck over
  one by one; each player who has the card on his carton puts a token on it (1 unit): the
  tokens laid are the stake, the round's winner collects the others' and takes his own back.
• [bold]A Poker-Bingo[/]: after as many cards as players, “Raise?” (one raise at most,
  laid on one's carton; the others answer “I follow” or “I fold”). Then after each card
  anyone may call “No more bets!”: the best poker hand of the covered cards wins, even if
  someone else called.
• [bold]B Poker variant[/]: the dealer sets the minimum stake (in the pot), each gets 3 hidden
  cards, a round of bids, then the cards as in A. “No more bets, I bid!” stops the cards; each
  answers “I fold”, “I continue” or “I bid” (double the level).
  Hand = covered cards + 3 hidden cards.
• [bold]C Bingo[/]: the dealer chooses a figure; only the figure's squares are marked; the
  first carton to cover it entirely calls “Bingo!”.
• [bold]All-in[/] (default table in A and B; variant “the rule book to the letter”: no
  all-in): whoever cannot pay a bet may bet all he has and stay in. All-in, one bets no more,
  goes on covering one's cards without tokens, and can win from each only what one put in
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
HELP_EN = {
    "relance": "Type an amount to raise (laid on your carton in A, in the pot in B), or Enter "
    "not to raise.",
    "follow": "y = “I follow” (pay the raise, or all you have: all-in); n = “I fold” (you give "
    "up the round, your carton and its tokens stay on the table).",
    "window": "Enter = the next card; y = “No more bets!” (A, and B once the betting is over). "
    "In B type an amount: “No more bets, I bid!” with that bid.",
    "ante": "Type the minimum stake each player pays into the pot.",
    "stake": "Type the extra stake you ask for (0 allowed).",
    "bet": "m = match (pay up to the highest bid), a number = raise the level to it, f = “I fold”.",
    "final": "c = “I continue” (pay up to the level), b = “I bid” (double the level), "
    "f = “I fold”.",
    "figure": "Type the figure's number (1 to 10) or its name (“L”, “square”, “vertical line”…).",
}
DOUBLE_ACTION: Action = {"type": "double"}
COMMON = "Toujours : aide, regles, table, chances, quitter."
COMMON_EN = "Always: help, rules, table, hint (your chances), quit."

# The answers each question takes, the French and the English ones at both tables.
STOP_WORDS = {"r", "rien ne va plus", "oui", "o", "stop", "y", "yes", "no more bets"}
DECLINE_WORDS = {"n", "non", "p", "no"}
FOLLOW_WORDS = {"s", "suis", "je suis", "suivre", "o", "oui", "y", "yes", "follow", "i follow"}
FOLD_WORDS = {"p", "passe", "je passe", "n", "non", "no", "fold", "i fold"}
MATCH_WORDS = {"s", "suivre", "je suis", "suis", "o", "oui", "m", "match", "y", "yes"}
BET_FOLD_WORDS = {"p", "passe", "je passe", "n", "non", "f", "fold", "i fold", "no"}
CONTINUE_WORDS = {"c", "continue", "je continue", "continuer", "i continue"}
DOUBLE_WORDS = {"e", "encheris", "j'encheris", "j encheris", "encherir", "double"}
DOUBLE_WORDS |= {"b", "bid", "i bid", "d"}
FINAL_FOLD_WORDS = {"p", "passe", "je passe", "f", "fold", "i fold"}

# A card in English words (« ten of spades »), as card_name_fr says « dix de pique ».
SUIT_EN = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_name_en(card: int) -> str:
    """``"ten of hearts"``, ``"ace of spades"``."""
    return f"{WORDS.terms[f'rank.{rank_value(card)}'].en.lower()} of {SUIT_EN[suit_of(card)]}"


# Poker hands by their key in English, from the game's terms, as the browser's handName does
# (web/js/games/casinoroyal.js): the ranks each hand names after its own, its kickers.
_KICKERS = {
    "carre": (1, 2),
    "floche": (1, 5),
    "brelan": (1, 3),
    "deux_paires": (2, 3),
    "paire": (1, 4),
    "carte_haute": (1, 5),
}


def hand_name_en(key: int) -> str:
    """« Full house, Eights over Kings », « Pair of Queens (King, Nine, Three) »."""

    def term(name: str) -> str:
        return WORDS.terms[name].en

    cat = CATEGORY_ID[key >> 20]
    r = key_ranks(key)
    if not r[0]:
        return term("no_card")
    if cat == "quinte_floche" and r[0] == 14:
        return term("royal_flush")
    low, high = _KICKERS.get(cat, (5, 5))
    kickers = [term(f"rank.{x}") for x in r[low:high] if x]
    return term(f"hand.{cat}").format(
        a=term(f"ranks.{r[0]}"),
        b=term(f"ranks.{r[1]}") if r[1] else "",
        a1=term(f"rank.{r[0]}"),
        de_a=term(f"de.{r[0]}"),
        au_a=term(f"au.{r[0]}"),
        aux_a=term(f"aux.{r[0]}"),
        kickers=f" ({', '.join(kickers)})" if kickers else "",
    )


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


def _either(answers: list[str], last: str = " ou ") -> str:
    """« a, b ou c » (``last`` « or » in English)."""
    return answers[0] if len(answers) == 1 else ", ".join(answers[:-1]) + last + answers[-1]


def figure_name(figure: Figure, lang: str = "fr") -> str:
    """« carré » / « square »: a figure's name in the table's language (labels.py)."""
    return WORDS.terms[f"figure.{figure.number}"].en if lang == "en" else figure.name_fr


FIGURE_NAMES = ", ".join(f.name_fr for f in FIGURES)
FIGURE_NAMES_EN = ", ".join(figure_name(f, "en") for f in FIGURES)


def figure_of(text: str) -> int | None:
    """The figure a person named: its number, or its name as the table lists it in French or
    in English (« L », « carre », « Ligne verticale », « square »: case, accents and extra
    spaces ignored); None otherwise."""
    word = " ".join(command_word(text).split())
    if word.isdigit() and int(word) in FIGURE_BY_NUMBER:
        return int(word)
    for f in FIGURES:
        if word in (command_word(f.name_fr), command_word(figure_name(f, "en"))):
            return f.number
    return None


def any_of(figure: Figure, lang: str = "fr") -> str:
    """A line figure is any one of its lines (R33, D15): « colonne » or « rangée » (« column »,
    « row »); the other figures have one place on the carton: ""."""
    if len(figure.instances) < 2:
        return ""
    first = figure.instances[0]
    columns = {i % 5 for i in range(20) if first >> i & 1}
    if lang == "en":
        return "column" if len(columns) == 1 else "row"
    return "colonne" if len(columns) == 1 else "rangée"


def figure_title(figure: Figure, lang: str = "fr") -> str:
    """« ligne verticale (n'importe quelle colonne) », « L » (« vertical line (any column) »)."""
    line = any_of(figure, lang)
    if lang == "en":
        return figure_name(figure, "en") + (f" (any {line})" if line else "")
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
        """« Fort 1 relance » / « Vous relancez » (« Strong 1 raises » / « You raise »)."""
        return self.seats.says(seat, third, second)

    def _hand(self, hand: dict[str, Any]) -> str:
        """A hand of a view or an event (its French ``name``, its ``key``) in the table's
        language."""
        return hand_name_en(hand["key"]) if self.english else str(hand["name"])

    def _figure_title(self, figure: Figure) -> str:
        return figure_title(figure, self.lang)

    def show(self, view: dict[str, Any]) -> None:
        if view["phase"] == "window" and self._drawn_round == view["round"]:
            self._show_short(view)
            return
        self._drawn_round = view["round"]
        self.show_full(view)

    def show_full(self, view: dict[str, Any]) -> None:
        variant = view["variant"]
        game = self.t(GAME_TITLES[variant], GAME_TITLES_EN[variant])
        rounds = f"{view['round']}/{view['rounds']}"
        title = f"{game} — " + self.t(f"manche {rounds}", f"round {rounds}")
        if view["pot"]:
            title += f", pot {view['pot']}"
        table = Table(title=title, title_style="bold")
        columns = [
            self.t("Joueur", "Player"),
            self.t("Unités", "Units"),
            self.t("Sur ses cartons", "On their cartons"),
            "Cartons",
        ]
        if variant != "C":
            columns.append(self.t("Main visible", "Visible hand"))
        for col in columns:
            table.add_column(col)
        for s in range(view["players"]):
            notes = []
            if s == view["dealer"]:
                notes.append(self.t("donneur", "dealer"))
            if view["out"][s]:
                notes.append(self.t("éliminé", "out"))
            elif view["folded"][s]:
                notes.append(self.t("a passé", "folded"))
            elif not view["in_round"][s] and view["phase"] not in ("ante",):
                notes.append(self.t("hors manche", "not in this round"))
            if view.get("all_in", [False] * (s + 1))[s]:
                notes.append(self.t("à tapis", "all-in"))
            if s in view["to_move"]:
                notes.append("←")
            name = self._who(s) + (f" ({', '.join(notes)})" if notes else "")
            on = sum(view["on_cartons"][k - 1] for k in view["cartons"][s])
            hand = self._hand(view["hands"][s]) if view["hands"][s] else ""
            if variant == "B" and s == self.seat and view.get("my_hand"):
                mine = self._hand(view["my_hand"])
                hand = self.t(
                    f"{mine} (avec vos cartes cachées)", f"{mine} (with your hidden cards)"
                )
            cartons = ", ".join(str(k) for k in view["cartons"][s]) if not view["out"][s] else ""
            row = [name, str(view["balances"][s]), str(on), cartons]
            table.add_row(*row, *([hand] if variant != "C" else []))
        self.console.print(table)
        self._pots(view)
        self._draw_cartons(view)
        self._announced(view)

    def pots_text(self, pots: list[dict[str, Any]]) -> str:
        """« pot principal 30 (Vous, Fort 1, Fort 2) · pot annexe 20 (Vous, Fort 2) »
        (« main pot 30 (You, Strong 1, Strong 2) · side pot 20 (You, Strong 2) »)."""
        parts = []
        for i, pot in enumerate(pots):
            if i == 0:
                label = self.t("pot principal", "main pot")
            else:
                label = self.t("pot annexe", "side pot")
            nobody = self.t("personne", "nobody")
            who = ", ".join(self._who(s) for s in pot["eligible"]) or nobody
            parts.append(f"{label} {pot['amount']} ({who})")
        return " · ".join(parts)

    def _pots(self, view: dict[str, Any]) -> None:
        """With someone all-in: each pot and who may win it."""
        if any(view.get("all_in", [])) and view.get("pots"):
            self.console.print(self.t("Pots : ", "Pots: ") + self.pots_text(view["pots"]))

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
                    title += self.t(" (a passé)", " (folded)")
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
            shown = self._figure_title(FIGURE_BY_NUMBER[figure])
            self.console.print(self.t("Figure : ", "Figure: ") + f"[bold]{shown}[/]")

    def _announced(self, view: dict[str, Any]) -> None:
        if view["turned"]:
            card = parse_card(view["turned"][-1])
            line = Text(self.t("Carte annoncée : ", "Card announced: ")).append_text(
                card_text(card)
            )
            n, left = len(view["turned"]), view["deck_left"]
            if self.english:
                turned = self.count(n, "", "card turned", en_many="cards turned")
                line.append(f" ({card_name_en(card)}) — {turned}, {left} left")
            else:
                turned = plural(n, "carte retournée", "cartes retournées")
                line.append(f" ({card_name_fr(card)}) — {turned}, {left} restent")
            self.console.print(line)
        if view["variant"] == "B" and view.get("hidden"):
            hidden = Text(self.t("Vos cartes cachées : ", "Your hidden cards: "))
            for t in view["hidden"].split():
                hidden.append_text(card_text(parse_card(t))).append(" ")
            self.console.print(hidden)

    def _show_short(self, view: dict[str, Any]) -> None:
        """During the card-by-card phase: your carton(s) and the announced card only."""
        if self.seat is not None:
            panels = [
                Panel(
                    carton_grid(k, view["covered"][k - 1]),
                    title=f"Carton {k} — {self._who(self.seat)}",
                    border_style="green",
                    expand=False,
                )
                for k in view["cartons"][self.seat]
            ]
            self.console.print(Columns(panels))
        mine = view.get("my_hand")
        colon = self.t(" : ", ": ")
        best = [
            f"{self._who(s)}{colon}{self._hand(mine if mine and s == self.seat else h)}"
            for s, h in enumerate(view["hands"])
            if h and view["still_in"][s]
        ]
        if best:
            if mine:
                title = self.t(
                    "Mains (la vôtre avec vos cartes cachées)",
                    "Hands (yours with your hidden cards)",
                )
            else:
                title = self.t("Mains visibles", "Visible hands")
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
                "aide help ? h": lambda: self.console.print(
                    self.t(HELP[helpkey] + "\n" + COMMON, HELP_EN[helpkey] + "\n" + COMMON_EN)
                ),
                "regles rules": lambda: self.print_text(self.t(RULES, RULES_EN)),
                "table t": lambda: self.show_full(view),
                "chances chance conseil hint odds": lambda: self._chances(view),
            },
            answers,
        )

    def _no_estimate(self, view: dict[str, Any]) -> str | None:
        """Why the strong bot gives no estimate here (None: it gives one): Bingo, the cards
        not dealt yet, a folded hand, a round one does not play."""
        me = self.seat
        if view["variant"] == "C":
            return self.t(
                "Pas d'estimation ici : au Bingo tout est affaire de cartes.",
                "No estimate here: at Bingo it all comes down to the cards.",
            )
        if me is None:
            return self.t("Pas d'estimation pour un spectateur.", "No estimate for a spectator.")
        if view["phase"] == "ante":
            return self.t(
                "Pas encore d'estimation : les cartes ne sont pas encore distribuées.",
                "No estimate yet: the cards have not been dealt.",
            )
        if view["folded"][me]:
            return self.t(
                "Pas d'estimation : vous avez passé, cette manche est finie pour vous.",
                "No estimate: you have folded, this round is over for you.",
            )
        if not view["still_in"][me]:
            return self.t(
                "Pas d'estimation : vous ne jouez pas cette manche.",
                "No estimate: you are not playing this round.",
            )
        return None

    def _chances(self, view: dict[str, Any]) -> None:
        why = self._no_estimate(view)
        if why is not None:
            self.console.print(why)
            return
        now = self.advisor.chance_now(view)
        later = self.advisor.chance_future(view)
        self.console.print(
            self.t(
                f"Estimation du bot fort : {100 * now:.0f} % de gagner si la manche s'arrêtait "
                f"maintenant, {100 * later:.0f} % si elle continue (simulation des cartes à "
                "venir).",
                f"The Strong bot's estimate: {100 * now:.0f}% chance of winning if the round "
                f"stopped now, {100 * later:.0f}% if it goes on (simulating the cards to come).",
            )
        )

    def _amount(self, text: str, low: int, high: int, enter: tuple[str, str] | None = None) -> int:
        """A number typed; refused naming the range and, with ``enter`` (French, English),
        what Entrée does."""
        if not text.isdigit():
            fr = f"tapez un nombre de {low} à {high}"
            en = f"type a number from {low} to {high}"
            if enter:
                fr, en = f"{fr} ou Entrée ({enter[0]})", f"{en} or Enter ({enter[1]})"
            raise IllegalAction(fr, en)
        return int(text)

    def _all_in_pay(self, bal: int, cost: int) -> str:
        """What an answer costs: « 3 », or all one has: « à tapis, 2 » (« all-in, 2 »)."""
        return self.t(f"à tapis, {bal}", f"all-in, {bal}") if bal < cost else str(cost)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        phase = view["phase"]
        me = self.seat
        assert me is not None
        bal = view["balances"][me]
        if phase == "window":
            if {"type": "stop"} in legal:  # A, and B once betting has stopped
                text = self.ask(
                    self.t(
                        "« Rien ne va plus » ? (r = oui, Entrée = carte suivante) › ",
                        "“No more bets”? (y = yes, Enter = next card) › ",
                    ),
                    view,
                    "window",
                )
                if text is None:
                    return None
                if text.lower() in STOP_WORDS:
                    return {"type": "stop"}
                if text == "":
                    return {"type": "wait"}
                raise IllegalAction(
                    "« r » pour « Rien ne va plus », Entrée pour continuer",
                    "y for “No more bets”, Enter for the next card",
                )
            text = self.ask(
                self.t(
                    f"« Rien ne va plus, j'enchéris ! » : votre enchère (1–{bal}), "
                    "Entrée = carte suivante › ",
                    f"“No more bets, I bid!”: your bid (1–{bal}), Enter = next card › ",
                ),
                view,
                "window",
            )
            if text is None:
                return None
            if text == "":
                return {"type": "wait"}
            amount = self._amount(text, 1, bal, ("carte suivante", "next card"))
            return {"type": "bid", "amount": amount}
        if phase == "relance":
            text = self.ask(
                self.t(
                    f"« Relance ? » montant (1–{bal}) ou Entrée pour ne pas relancer › ",
                    f"“Raise?” amount (1–{bal}) or Enter not to raise › ",
                ),
                view,
                "relance",
            )
            if text is None:
                return None
            if text == "" or text.lower() in DECLINE_WORDS:
                return {"type": "decline"}
            amount = self._amount(text, 1, bal, ("ne pas relancer", "no raise"))
            return {"type": "raise", "amount": amount}
        if phase == "follow":
            r = view["relance"]
            pay = self._all_in_pay(bal, r["amount"])
            raiser = self._who(r["raiser"])
            text = self.ask(
                self.t(
                    f"{raiser} a relancé de {r['amount']} : « je suis » "
                    f"(s, {pay}) ou « je passe » (p) › ",
                    f"{raiser} raised by {r['amount']}: “I follow” (y, {pay}) or “I fold” (n) › ",
                ),
                view,
                "follow",
            )
            return None if text is None else self._yes_no(text, "follow")
        if phase == "ante":
            top = max(a["amount"] for a in legal)
            text = self.ask(
                self.t(
                    f"Vous donnez : enjeu minimum (1–{top}) › ",
                    f"You deal: minimum stake (1–{top}) › ",
                ),
                view,
                "ante",
            )
            if text is None:
                return None
            return {"type": "ante", "amount": self._amount(text, 1, top)}
        if phase == "stake":
            text = self.ask(
                self.t(
                    f"Enjeu supplémentaire demandé (0–{bal}) › ",
                    f"Extra stake you ask for (0–{bal}) › ",
                ),
                view,
                "stake",
            )
            if text is None:
                return None
            return {"type": "stake", "amount": self._amount(text or "0", 0, bal)}
        if phase == "bet":
            return self._bet(view, legal, bal)
        if phase == "final":
            return self._final(view, legal, bal)
        if phase == "figure":
            return self._figure(view)
        raise IllegalAction("rien à jouer maintenant", "nothing to play now")  # pragma: no cover

    def _bet(self, view: dict[str, Any], legal: list[Action], bal: int) -> Action | None:
        """B's betting round: match, outbid to a level, or fold."""
        me = self.seat
        assert me is not None
        cost = view["highest"] - view["contrib"][me]
        pay = self._all_in_pay(bal, cost)
        levels = [a["to"] for a in legal if a["type"] == "outbid"]
        lo, hi = (min(levels), max(levels)) if levels else (0, 0)
        span = self.t(f"{lo} à {hi}", f"{lo} to {hi}") if levels else ""
        if self.english:
            raise_ = f", raise the level ({span})" if levels else ""
            prompt = f"Highest bid {view['highest']}: match (m, {pay}){raise_} or fold (f) › "
        else:
            raise_ = f", renchérir (un niveau de {span})" if levels else ""
            prompt = (
                f"Enchère la plus haute {view['highest']} : suivre (s, {pay}){raise_} "
                "ou je passe (p) › "
            )
        text = self.ask(prompt, view, "bet")
        if text is None:
            return None
        if text.isdigit():
            return {"type": "outbid", "to": int(text)}
        low = command_word(text)
        if low in MATCH_WORDS:
            return {"type": "match"}
        if low in BET_FOLD_WORDS:
            return {"type": "fold"}
        said = [f"« s » (suivre, {pay})"] if {"type": "match"} in legal else []
        said += [f"un nombre de {span} (renchérir jusqu'à ce niveau)"] if levels else []
        said_en = [f"m (match, {pay})"] if {"type": "match"} in legal else []
        said_en += [f"a number from {span} (raise the level to it)"] if levels else []
        raise IllegalAction(
            "tapez " + _either([*said, "« p » (je passe)"]),
            "type " + _either([*said_en, "f (fold)"], " or "),
        )

    def _final(self, view: dict[str, Any], legal: list[Action], bal: int) -> Action | None:
        """B's last phase after « Rien ne va plus, j'enchéris ! »: continue, double or fold."""
        me = self.seat
        assert me is not None
        cost = view["level"] - view["paid"][me]
        pay = self._all_in_pay(bal, cost)
        double = 2 * view["level"] - view["paid"][me]
        can_double = DOUBLE_ACTION in legal
        if self.english:
            offer = f", “I bid” (b, {double})" if can_double else ""
            prompt = f"Level {view['level']}: “I continue” (c, {pay}){offer} or “I fold” (f) › "
        else:
            offer = f", j'enchéris (e, {double})" if can_double else ""
            prompt = f"Niveau {view['level']} : je continue (c, {pay}){offer} ou je passe (p) › "
        text = self.ask(prompt, view, "final")
        if text is None:
            return None
        low = command_word(text)
        if low in CONTINUE_WORDS:
            return {"type": "continue"}
        if low in DOUBLE_WORDS:
            return {"type": "double"}
        if low in FINAL_FOLD_WORDS:
            return {"type": "fold"}
        can_continue = {"type": "continue"} in legal
        said = [f"« c » (je continue, {pay})"] if can_continue else []
        said += [f"« e » (j'enchéris, {double})"] if can_double else []
        said_en = [f"c (I continue, {pay})"] if can_continue else []
        said_en += [f"b (I bid, {double})"] if can_double else []
        raise IllegalAction(
            "tapez " + _either([*said, "« p » (je passe)"]),
            "type " + _either([*said_en, "f (I fold)"], " or "),
        )

    def _figure(self, view: dict[str, Any]) -> Action | None:
        """C: the dealer chooses the round's figure, by its number or its name."""
        listed = " · ".join(f"{f.number} {figure_name(f, self.lang)} ({f.size})" for f in FIGURES)
        self.console.print(self.t("Figures : ", "Figures: ") + listed)
        text = self.ask(
            self.t(
                "Vous donnez : quelle figure (1–10 ou son nom) ? › ",
                "You deal: which figure (1–10 or its name)? › ",
            ),
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
                f"'{text}': type a figure's number, 1 to 10, or its name ({FIGURE_NAMES_EN})",
            )
        self._draw_figure(FIGURE_BY_NUMBER[number])
        return {"type": "figure", "figure": number}

    def _draw_figure(self, figure: Figure) -> None:
        """The figure drawn as the spec draws it; a line figure is drawn at its first place
        and says that any other counts (R33, D15)."""
        self.console.print(figure_drawing(figure))
        line = any_of(figure, self.lang)
        if line:
            self.console.print(
                self.t(
                    f"[dim](une {line} pour l'exemple : n'importe quelle {line} complète la "
                    "figure)[/]",
                    f"[dim](one {line} as an example: any {line} completes the figure)[/]",
                )
            )

    def _yes_no(self, text: str, yes: str) -> Action:
        low = text.lower()
        if low in FOLLOW_WORDS:
            return {"type": yes}
        if low in FOLD_WORDS:
            return {"type": "fold"}
        raise IllegalAction(
            "tapez « s » (je suis) ou « p » (je passe)", "type y (I follow) or n (I fold)"
        )

    # ------------------------------------------------------------------ telling
    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            self._tell_one(e, view)

    def _marks(self, marks: list[list[int]]) -> str:
        if not marks:
            return self.t("personne ne marque", "nobody marks")
        return ", ".join(f"{self._who(s)} (carton {k})" for s, k, _cell in marks)

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
        p = self.console.print
        t = self.t
        kind = e["type"]
        if kind == "draw_dealer":
            deals = self._says(e["seat"], t("donne", "deals"), t("donnez", "deal"))
            p(t(f"Tirage au sort : {deals} le premier.", f"Drawing lots: {deals} first."))
        elif kind == "round_start":
            deals = self._says(e["dealer"], t("donne", "deals"), t("donnez", "deal"))
            p(f"\n[bold]{t('Manche', 'Round')} {e['number']}[/] — {deals}.")
        elif kind == "pass_cartons":
            p(
                t(
                    "Chacun passe son carton à son voisin de gauche.",
                    "Everyone passes their carton to the neighbour on their left.",
                )
            )
        elif kind == "out":
            seats = ", ".join(self._who(s) for s in e["seats"])
            p(
                t(
                    f"[red]Plus d'unités, hors du jeu : {seats}.[/]",
                    f"[red]No units left, out of the game: {seats}.[/]",
                )
            )
        elif kind == "card":
            card = parse_card(e["card"])
            line = (
                Text(t("Carte : ", "Card: "))
                .append_text(card_text(card))
                .append(f" — {self._marks(e['marks'])}")
            )
            if e.get("free"):
                who = ", ".join(self._who(s) for s in e["free"])
                line.append(
                    t(f" ; sans jeton, à tapis : {who}", f"; without a unit, all-in: {who}")
                )
            p(line)
        elif kind == "betting_over":
            p(
                t(
                    "Plus d'enchères : au plus un joueur encore en jeu a des unités (les autres "
                    "sont à tapis). Les cartes continuent.",
                    "No more betting: at most one player still in has units left (the others "
                    "are all-in). The cards go on.",
                )
            )
        elif kind == "relance":
            p(
                t(
                    "Le donneur demande : [bold]« Relance ? »[/]",
                    "The dealer asks: [bold]“Raise?”[/]",
                )
            )
        elif kind == "decline":
            p(
                self._says(
                    e["seat"],
                    t("ne relance pas", "does not raise"),
                    t("ne relancez pas", "do not raise"),
                )
                + "."
            )
        elif kind == "raise":
            raises = self._says(e["seat"], t("relance", "raises"), t("relancez", "raise"))
            p(f"[bold]{raises} {t('de', 'by')} {e['amount']}[/].")
        elif kind == "follow":
            said = t("« je suis »", "“I follow”")
            p(f"{self._who(e['seat'])}{t(' : ', ': ')}{said} ({e['amount']}){self._all_in(e)}.")
        elif kind == "fold":
            why = t(" (ne peut pas payer)", " (cannot pay)") if e["forced"] else ""
            said = t("« je passe »", "“I fold”")
            p(f"{self._who(e['seat'])}{t(' : ', ': ')}{said}{why}.")
        elif kind == "rien_ne_va_plus":
            if "amount" in e:
                who = self._says(e["seat"], t("met", "puts"), t("mettez", "put"))
                amount, pot, all_in = e["amount"], e["pot"], self._all_in(e)
                p(
                    t(
                        f"[bold yellow]« Rien ne va plus, j'enchéris ! »[/] {who} {amount} au pot "
                        f"(pot {pot}){all_in}.",
                        f"[bold yellow]“No more bets, I bid!”[/] {who} {amount} in the pot "
                        f"(pot {pot}){all_in}.",
                    )
                )
            else:
                cries = self._says(e["seat"], t("crie", "calls"), t("criez", "call"))
                p(
                    f"{cries} "
                    + t("[bold yellow]« Rien ne va plus ! »[/]", "[bold yellow]“No more bets!”[/]")
                )
        elif kind == "ante":
            sets = self._says(e["seat"], t("fixe", "sets"), t("fixez", "set"))
            amount, pot, n = e["amount"], e["pot"], len(e["players"])
            p(
                t(
                    f"{sets} l'enjeu minimum à {amount} : pot {pot} ({n} joueurs).",
                    f"{sets} the minimum stake at {amount}: pot {pot} ({n} players).",
                )
            )
        elif kind == "deal_hidden":
            p(
                t(
                    "Le donneur distribue 3 cartes cachées à chacun.",
                    "The dealer deals 3 hidden cards to each player.",
                )
            )
        elif kind == "stake":
            asks = self._says(e["seat"], t("demande", "asks for"), t("demandez", "ask for"))
            p(
                t(
                    f"{asks} un enjeu de {e['amount']} (pot {e['pot']}).",
                    f"{asks} an extra stake of {e['amount']} (pot {e['pot']}).",
                )
            )
        elif kind == "match":
            matches = self._says(e["seat"], t("suit", "matches"), t("suivez", "match"))
            p(f"{matches} ({e['amount']}, pot {e['pot']}){self._all_in(e)}.")
        elif kind == "outbid":
            raises = self._says(
                e["seat"], t("renchérit", "raises the level"), t("renchérissez", "raise the level")
            )
            p(f"{raises} {t('à', 'to')} {e['to']} (pot {e['pot']}).")
        elif kind == "continue":
            said = t("« je continue »", "“I continue”")
            p(
                f"{self._who(e['seat'])}{t(' : ', ': ')}{said} ({e['amount']}, pot {e['pot']})"
                f"{self._all_in(e)}."
            )
        elif kind == "double":
            said = t("« j'enchéris ! » niveau", "“I bid!” level")
            p(
                f"{self._who(e['seat'])}{t(' : ', ': ')}{said} {e['level']} (pot {e['pot']})"
                f"{self._all_in(e)}."
            )
        elif kind == "figure":
            figure = FIGURE_BY_NUMBER[e["figure"]]
            who = self._says(e["seat"], t("choisit", "chooses"), t("choisissez", "choose"))
            p(f"{who} {t('la figure :', 'the figure:')} [bold]{self._figure_title(figure)}[/]")
            self._draw_figure(figure)
        elif kind == "bingo":
            p(
                t("[bold green]« Bingo ! »[/]", "[bold green]“Bingo!”[/]")
                + f" — {', '.join(self._who(s) for s in e['seats'])}"
            )
        elif kind == "round_end":
            self._tell_round_end(e)
        elif kind == "game_over":
            p(t("[bold]Fin de la partie.[/]", "[bold]Game over.[/]"))

    def _all_in(self, e: Event) -> str:
        return self.t(" — [bold]à tapis[/]", " — [bold]all-in[/]") if e.get("all_in") else ""

    def _tell_round_end(self, e: Event) -> None:
        p = self.console.print
        t = self.t
        for s, h in sorted(e["hands"].items(), key=lambda kv: int(kv[0])):
            line = Text(f"  {self._who(int(s))}{t(' : ', ': ')}{self._hand(h)}")
            line.append_text(_codes(h["cards"]))
            if s in e["hidden"]:
                line.append(t(", cartes cachées", ", hidden cards")).append_text(
                    _codes(e["hidden"][s])
                )
            p(line)
        if e["reason"] == "no_bingo":
            p(
                t(
                    "Le paquet est épuisé sans Bingo : chacun reprend ses jetons.",
                    "The deck ran out without a Bingo: everyone takes their tokens back.",
                )
            )
            return
        winners = ", ".join(self.seats.whom(s) for s in e["winners"])
        how = {
            "folds": t("tous les autres ont passé", "everyone else folded"),
            "deck": t("le paquet est épuisé", "the deck ran out"),
            "call": t("meilleure main", "best hand"),
            "bingo": "Bingo",
        }[e["reason"]]
        taken = self.count(
            e["collected"],
            "unité ramassée",
            "unit collected",
            "unités ramassées",
            "units collected",
        )
        if self.english:
            pot = f", the pot of {e['pot']} included" if e["pot"] else ""
            p(f"[bold green]Round won by {winners}[/] ({how}): {taken}{pot}.")
        else:
            pot = f", dont le pot de {e['pot']}" if e["pot"] else ""
            p(f"[bold green]Manche gagnée par {winners}[/] ({how}) : {taken}{pot}.")
        pots = e.get("pots") or []
        if len(pots) > 1:  # side pots: who won each
            for i, pot_ in enumerate(pots):
                label = t("Pot principal", "Main pot") if i == 0 else t("Pot annexe", "Side pot")
                if pot_["winners"] == pot_["eligible"] and len(pot_["eligible"]) == 1:
                    only = self.seats.whom(pot_["winners"][0])
                    won = t(
                        f"à {only} (seul à pouvoir le gagner)",
                        f"to {only} (the only one who could win it)",
                    )
                elif pot_["winners"]:
                    won = t("gagné par ", "won by ") + ", ".join(
                        self.seats.whom(s) for s in pot_["winners"]
                    )
                else:
                    won = t(
                        "rendu à ceux qui l'ont mis (aucun joueur encore en jeu n'a mis autant)",
                        "returned to those who put it in (no player still in put in that much)",
                    )
                p(f"  {label} {t('de', 'of')} {pot_['amount']}{t(' : ', ': ')}{won}.")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        names = [self._who(s) for s in range(view["players"])]
        self.console.print(ranking(result, names, self.t("Unités", "Units"), lang=self.lang))
        winners = ", ".join(self._who(s) for s in result.winners)
        reason = self.t(result.reason_fr, result.reason_en)
        self.console.print(f"{winners}{self.t(' : ', ': ')}{reason}.")


__all__ = ["CasinoRoyalTerminal", "card_text", "carton_grid"]
