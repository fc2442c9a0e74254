"""La Bataille AlphaPoker in the terminal: a live table in real time (issue 15).

``play_live`` runs the table on the real clock (live.py): the person types a word at any
moment to claim it, his own card's included, or Entrée to lay; the bots claim no earlier than
the table's « Réaction des bots » after the card that made their word; the lay timer (R65) and
the timed mode (R67) run with a clock line kept at the bottom of the screen. ``choose`` (a word,
Entrée to pass or lay) serves the turn-based loops that replay a game. Every rule decision
stays in the engine (rules.py).

The table speaks French, or English at ``--lang en`` (« claim » is the browser's word for
« poser la main », « turn up » for laying a card); the words played stay French: they are the
game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rich.text import Text

from ludotheque.cards.letters import card_label
from ludotheque.engine.errors import IllegalAction
from ludotheque.engine.protocol import Action, Event, Result, State
from ludotheque.games.bataille.live import COLOUR_WORDS, HELP, HELP_EN, RULES
from ludotheque.games.bataille.live import RULES_EN as RULES_EN  # the rules page (games/docs.py)
from ludotheque.games.bataille.rules import BatailleState
from ludotheque.lexicon import fold
from ludotheque.lexicon.tablewords import resolve, table_words
from ludotheque.term import Terminal, plural
from ludotheque.term.render import card_chip

OUTCOME = {
    "valid": "mot admis",
    "not_admitted": "mot non admis : ses cartes vont à l'adversaire",
    "impossible": "mot impossible avec la table",
    "no_word": "aucun mot proposé",
}
OUTCOME_EN = {
    "valid": "word admitted",
    "not_admitted": "word not admitted: its cards go to the opponent",
    "impossible": "the table cannot make this word",
    "no_word": "no word offered",
}


def card_text(card: str) -> Text:
    return card_chip(card_label(card), card[1])


class BatailleTerminal(Terminal):
    def say(self, text: str) -> None:
        self.print_text(text)

    def play_live(self, state: State, agents: Mapping[int, Any], save: Callable[..., None]) -> bool:
        """Play ``state`` to its end in real time (the kit's loop hands its table over)."""
        from ludotheque.games.bataille.live import LiveTable, run_terminal

        assert isinstance(state, BatailleState) and self.seat is not None
        # the word search's index is read (or built) now, not on the live clock's first word
        table_words(["Cr", "Hb", "Ar", "Tb", "Er"], state.options.compound_words)
        live = LiveTable(state, self.seat, dict(agents), self, now=0.0, save=save)
        reaction = live.seconds(state.options.bot_reaction_ms / 1000)
        self.console.print(
            self.t(
                "[bold]Temps réel[/] : tapez un mot et Entrée pour poser la main à tout moment, "
                "Entrée seule pour poser votre carte. Réaction des bots : "
                + reaction
                + " s. Commandes : /aide, /table, /regles, /quitter.",
                "[bold]Real time[/]: type a word and Enter to claim it at any moment, "
                "Enter alone to turn up your card. Bots' reaction: "
                + reaction
                + " s. Commands: /help, /table, /rules, /quit.",
            )
        )
        if state.phase != "colour":
            self.show(state.view(self.seat))
        run_terminal(live, self.ask_raw)
        return True

    def show(self, view: dict[str, Any]) -> None:
        if view["phase"] == "colour":
            return
        line = Text(self.t("Table : ", "Table: "))
        for card in view["table"]:
            line.append_text(card_text(card))
            line.append(" ")
        self.console.print(line)
        s = self.seat
        assert s is not None
        scores, piles = view["scores"], view["play_piles"]
        if self.english:
            self.console.print(
                f"Your cards: {self.count(scores[s], 'point', 'point')} (pile: {piles[s]}) — "
                f"{self.names[1 - s]}: {self.count(scores[1 - s], 'point', 'point')} "
                f"(pile: {piles[1 - s]})"
            )
            return
        self.console.print(
            f"Vos cartes : {plural(scores[s], 'point')} (pioche {piles[s]}) — "
            f"{self.names[1 - s]} : {plural(scores[1 - s], 'point')} (pioche {piles[1 - s]})"
        )

    def _ask(self, prompt: str, table: list[str] | None = None) -> str | None:
        """One line; the command words of both languages (« /aide » too), but a word
        ``table`` makes when a claim may be made is a claim (« aide », « table »)."""

        def claims(text: str) -> bool:
            return table is not None and resolve(fold(text).upper(), table) is not None

        return self.read(
            prompt,
            {
                "aide help ? h /aide /help": lambda: self.print_text(self.t(HELP, HELP_EN)),
                "regles rules /regles /rules": lambda: self.print_text(self.t(RULES, RULES_EN)),
            },
            claims,
        )

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        kinds = {a["type"] for a in legal}
        if "colour" in kinds:
            text = self._ask(
                self.t(
                    "Votre couleur : r (rouge) ou b (noir) › ",
                    "Your colour: r (red) or b (black) › ",
                )
            )
            word = text.lower() if text else ""
            if word in ("red", "black"):  # the English words (« r », « b » in both)
                return {"type": "colour", "colour": COLOUR_WORDS[word]}
            if text and text.lower()[-1] in "rb":
                return {"type": "colour", "colour": text.lower()[-1]}
            return None
        if "lay" in kinds:
            prompt = self.t(
                "Un mot pour poser la main, ou Entrée pour poser votre carte › ",
                "A word to claim, or Enter to turn up your card › ",
            )
            if "claim" not in kinds:
                prompt = self.t("Entrée pour poser votre carte › ", "Enter to turn up your card › ")
        elif view["phase"] == "final":
            prompt = self.t("Dernier mot (Entrée = aucun) › ", "Last word (Enter = none) › ")
        else:
            prompt = self.t(
                "Un mot pour poser la main, ou Entrée pour laisser passer › ",
                "A word to claim, or Enter to let it pass › ",
            )
        text = self._ask(prompt, view["table"] if "claim" in kinds else None)
        if text is None:
            return None
        if not text:
            return {"type": "lay"} if "lay" in kinds else {"type": "pass"}
        if "claim" not in kinds:
            raise IllegalAction(
                "il faut au moins 5 cartes sur la table", "at least 5 cards must be on the table"
            )
        return {"type": "claim", "word": text}

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        if self.english:
            self._tell_english(events, view)
            return
        says = self.seats.says  # « Fort 1 pose » / « Vous posez »
        for e in events:
            if e["type"] == "colours":
                colours = ["rouge" if c == "r" else "noir" for c in e["colours"]]
                self.console.print(
                    f"Couleurs : {self.names[0]} {colours[0]}, {self.names[1]} {colours[1]} ; "
                    f"{says(e['first'], 'commence', 'commencez')}."
                )
            elif e["type"] == "lay":
                line = Text(f"{says(e['seat'], 'pose', 'posez')} ")
                line.append_text(card_text(e["card"]))
                self.console.print(line)
            elif e["type"] == "claim":
                self.console.print(
                    f"{says(e['seat'], 'pose', 'posez')} la main : « {e['word']} » — "
                    f"{OUTCOME[e['outcome']]}"
                )
            elif e["type"] == "penalty" and e["card"]:  # the card as the table draws cards
                line = Text(f"Pénalité : {says(e['seat'], 'donne', 'donnez')} une carte ")
                self.console.print(line.append_text(card_text(e["card"])))
            elif e["type"] == "time_up":
                self.console.print("[bold]Temps écoulé[/].")
            elif e["type"] == "final_claims":
                head = (
                    "Derniers mots."
                    if view["time_up"]
                    else "Plus de cartes à poser : derniers mots."
                )
                if e["order"]:
                    head += f" {says(e['order'][0], 'commence', 'commencez')}."
                self.console.print(head)
            elif e["type"] == "refill":
                self.console.print(
                    f"{says(e['seat'], 'reprend ses', 'reprenez vos')} cartes gagnées comme pioche."
                )

    def _tell_english(self, events: list[Event], view: dict[str, Any]) -> None:
        """The events as an English table says them (« Strong 1 turns up », « You claim »)."""
        seats = self.seats
        for e in events:
            if e["type"] == "colours":
                colours = ["red" if c == "r" else "black" for c in e["colours"]]
                self.console.print(
                    f"{seats.says(0, 'plays', 'play')} {colours[0]}, "
                    f"{seats.whom(1)} {colours[1]}. {seats.says(e['first'], 'starts', 'start')}."
                )
            elif e["type"] == "lay":
                line = Text(f"{seats.says(e['seat'], 'turns up', 'turn up')} ")
                line.append_text(card_text(e["card"]))
                self.console.print(line)
            elif e["type"] == "claim" and not e["word"]:  # as the browser says it
                self.console.print(f"{seats.says(e['seat'], 'claims', 'claim')} with no word.")
            elif e["type"] == "claim":
                self.console.print(
                    f"{seats.says(e['seat'], 'claims', 'claim')} “{e['word']}” — "
                    f"{OUTCOME_EN[e['outcome']]}"
                )
            elif e["type"] == "penalty" and e["card"]:
                given = seats.to(e["seat"], "gives", "give", 1 - e["seat"])
                line = Text(f"Penalty: {given} a card ")
                self.console.print(line.append_text(card_text(e["card"])))
            elif e["type"] == "time_up":
                self.console.print("[bold]Time is up[/].")
            elif e["type"] == "final_claims":
                head = "Last words." if view["time_up"] else "No more cards to turn up: last words."
                if e["order"]:
                    head += f" {seats.says(e['order'][0], 'starts', 'start')}."
                self.console.print(head)
            elif e["type"] == "refill":
                self.console.print(
                    f"{seats.says(e['seat'], 'takes back their', 'take back your')} won cards "
                    "as a new pile."
                )

    def finish(self, view: dict[str, Any], result: Result) -> None:
        a, b = result.scores
        names = self.names
        if self.english:
            if len(result.winners) == 2:
                self.console.print(f"[bold]Draw[/]: {self.count(a, 'point', 'point')} each.")
            else:
                w = result.winners[0]
                wins = self.seats.says(w, "wins", "win")
                won, lost = result.scores[w], result.scores[1 - w]
                self.console.print(
                    f"[bold]{wins}[/], {self.count(won, 'point', 'point')} to {lost}."
                )
            return
        if len(result.winners) == 2:
            self.console.print(f"[bold]Égalité[/] : {plural(a, 'point')} partout.")
        else:
            w = result.winners[0]
            wins = self.seats.says(w, "gagne", "gagnez")
            self.console.print(f"[bold]{wins}[/] : {names[0]} {a}, {names[1]} {b}.")
