"""La Bataille AlphaPoker in the terminal: a live table in real time (issue 15).

``play_live`` runs the table on the real clock (live.py): the person types a word at any
moment to claim it, his own card's included, or Entrée to lay; the bots claim no earlier than
the table's « Réaction des bots » after the card that made their word; the lay timer (R65) and
the timed mode (R67) run with a clock line kept at the bottom of the screen. ``choose`` (a word,
Entrée to pass or lay) serves the turn-based loops that replay a game. Every rule decision
stays in the engine (rules.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from ludotheque.cards.letters import card_label
from ludotheque.engine.protocol import Action, Event, Result, State
from ludotheque.games.bataille.live import HELP, RULES
from ludotheque.games.bataille.rules import BatailleState
from ludotheque.lexicon.tablewords import table_words

STYLE = {"r": "bold red on grey93", "b": "bold black on grey93"}
OUTCOME = {
    "valid": "mot admis",
    "not_admitted": "mot non admis : ses cartes vont à l'adversaire",
    "impossible": "mot impossible avec la table",
    "no_word": "aucun mot proposé",
}


def card_text(card: str) -> Text:
    return Text(f" {card_label(card)} ", style=STYLE[card[1]])


class BatailleTerminal:
    def __init__(
        self, console: Console, seat: int, names: list[str], ask: Callable[[str], str]
    ) -> None:
        self.console = console
        self.seat = seat
        self.names = names
        self.ask_raw = ask

    def say(self, text: str) -> None:
        self.console.print(text)

    def play_live(self, state: State, agents: dict[int, Any], save: Callable[..., None]) -> None:
        """Play ``state`` to its end in real time (the CLI's ``play`` hands its table over)."""
        from ludotheque.cli.play import Quit
        from ludotheque.games.bataille.live import LiveTable, run_terminal
        from ludotheque.games.bataille.live import Quit as LiveQuit

        assert isinstance(state, BatailleState)
        # the word search's index is read (or built) now, not on the live clock's first word
        table_words(["Cr", "Hb", "Ar", "Tb", "Er"], state.options.compound_words)
        live = LiveTable(state, self.seat, agents, self, now=0.0, save=save)
        self.console.print(
            "[bold]Temps réel[/] : tapez un mot et Entrée pour poser la main à tout moment, "
            "Entrée seule pour poser votre carte. Réaction des bots : "
            + f"{state.options.bot_reaction_ms / 1000:.1f}".replace(".", ",")
            + " s. Commandes : /aide, /table, /regles, /quitter."
        )
        if state.phase != "colour":
            self.show(state.view(self.seat))
        try:
            run_terminal(live, self.ask_raw)
        except LiveQuit:
            raise Quit from None

    def show(self, view: dict[str, Any]) -> None:
        if view["phase"] == "colour":
            return
        line = Text("Table : ")
        for card in view["table"]:
            line.append_text(card_text(card))
            line.append(" ")
        self.console.print(line)
        s = self.seat
        self.console.print(
            f"Vos cartes : {view['scores'][s]} points (pioche {view['play_piles'][s]}) — "
            f"{self.names[1 - s]} {view['scores'][1 - s]} (pioche {view['play_piles'][1 - s]})"
        )

    def _ask(self, prompt: str) -> str | None:
        from ludotheque.cli.play import read_line

        return read_line(self.ask_raw, prompt, {
            "aide help ?": lambda: self.console.print(HELP),
            "regles rules": lambda: self.console.print(RULES),
        })  # fmt: skip

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        while True:
            if "colour" in kinds:
                text = self._ask("Votre couleur : r (rouge) ou b (noir) › ")
                if text and text.lower()[-1] in "rb":
                    return {"type": "colour", "colour": text.lower()[-1]}
                continue
            if "lay" in kinds:
                prompt = "Un mot pour poser la main, ou Entrée pour poser votre carte › "
                if "claim" not in kinds:
                    prompt = "Entrée pour poser votre carte › "
            elif view["phase"] == "final":
                prompt = "Dernier mot (Entrée = aucun) › "
            else:
                prompt = "Un mot pour poser la main, ou Entrée pour laisser passer › "
            text = self._ask(prompt)
            if text is None:
                continue
            if not text:
                return {"type": "lay"} if "lay" in kinds else {"type": "pass"}
            if "claim" not in kinds:
                self.console.print("[red]✗ il faut au moins 5 cartes sur la table[/]")
                continue
            return {"type": "claim", "word": text}

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            who = self.names[e["seat"]] if "seat" in e else ""
            if e["type"] == "colours":
                colours = ["rouge" if c == "r" else "noir" for c in e["colours"]]
                self.console.print(
                    f"Couleurs : {self.names[0]} {colours[0]}, {self.names[1]} {colours[1]} ; "
                    f"{_verb(self.names[e['first']], 'commence', 'commencez')}."
                )
            elif e["type"] == "lay":
                line = Text(f"{_verb(who, 'pose', 'posez')} ")
                line.append_text(card_text(e["card"]))
                self.console.print(line)
            elif e["type"] == "claim":
                self.console.print(
                    f"{_verb(who, 'pose', 'posez')} la main : « {e['word']} » — "
                    f"{OUTCOME[e['outcome']]}"
                )
            elif e["type"] == "penalty" and e["card"]:
                self.console.print(
                    f"Pénalité : {_verb(who, 'donne', 'donnez')} une carte ({e['card']})."
                )
            elif e["type"] == "time_up":
                self.console.print("[bold]Temps écoulé[/] (R67).")
            elif e["type"] == "final_claims":
                head = (
                    "Derniers mots (R66)."
                    if view["time_up"]
                    else ("Plus de cartes à poser : derniers mots (R66).")
                )
                if e["order"]:
                    head += f" {_verb(self.names[e['order'][0]], 'commence', 'commencez')}."
                self.console.print(head)
            elif e["type"] == "refill":
                self.console.print(
                    f"{_verb(who, 'reprend ses', 'reprenez vos')} cartes gagnées comme pioche."
                )

    def finish(self, view: dict[str, Any], result: Result) -> None:
        a, b = result.scores
        names = self.names
        if len(result.winners) == 2:
            self.console.print(f"[bold]Égalité[/] : {a} points partout.")
        else:
            w = result.winners[0]
            self.console.print(
                f"[bold]{_verb(names[w], 'gagne', 'gagnez')}[/] : {names[0]} {a}, {names[1]} {b}."
            )


def _verb(name: str, third: str, second: str) -> str:
    """« Vous posez » for the human, « Fort 1 pose » for the others."""
    return f"Vous {second}" if name == "Vous" else f"{name} {third}"
