"""Le Poker d'As in the terminal: dice drawn as faces, prompts in French, short commands.

It turns what a person types into protocol actions and the engine's public events into
sentences; every rule decision stays in the engine (rules.py). « conseil » asks the perfect
bot (strategy.py) for its choice and the win probability of each choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ludotheque.engine.errors import IllegalAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.pokerdas.bots import base_advice, chance_true, hand_of
from ludotheque.games.pokerdas.hands import (
    all_announcements,
    evaluate,
    format_faces,
    parse_announcement,
    parse_faces,
)

DIE = "bold black on grey93"

RULES = """[bold]Le Poker d'As en bref[/]
• Cinq dés : As, Roi, Dame, Valet, 10, 9. Combinaisons, de la meilleure à la moins bonne :
  Poker (5 pareils), Carré, Full, Brelan, Séquence (5 différents), Deux Paires, Paire.
  À combinaison égale, les figures comptent (As > Roi > Dame > Valet > 10 > 9).
• Chaque manche, chacun mise ; le premier joueur lance autant de fois qu'il veut et s'arrête ;
  les autres ont [bold]au plus autant de lancers[/] pour faire strictement mieux. Le meilleur
  prend le pot ; égalité exacte : « coup sec » (un seul lancer) entre les ex aequo.
• Poker-Joker : les As sont jokers (Q Q Q A A = Poker de Dames).
• Menteur : on lance sous le cornet, on annonce (vrai ou faux) ; le voisin accepte (il prend
  les dés et doit annoncer plus haut) ou dit « Bluff ! » : le menteur pris paie 1 jeton au
  voisin, le voisin qui s'est trompé paie 1 jeton au pot. Un tour complet accepté : le dernier
  annonceur prend le pot. Sans jeton, on est éliminé."""

HELP = {
    "throw": "Entrée ou « l » = lancer les dés ; « s » = s'arrêter ; avec dés gardés, tapez les "
    "dés à relancer (« K 10 9 » ou leurs places « 1 4 5 »). « conseil » = l'avis du bot parfait.",
    "coup_sec": "Entrée = lancer votre coup sec (les cinq dés, un seul lancer).",
    "announce": "Tapez votre annonce : « paire K », « deux paires K Q », « sequence A K Q J 10 », "
    "« brelan Q », « full K Q », « carre 9 », « poker A » ; « r K 9 » = relancer ces dés sous "
    "le cornet. « conseil » = les annonces vraies avec vos dés.",
    "respond": "« a » = accepter (vous prenez le cornet et devez annoncer plus haut) ; "
    "« b » = « Bluff ! » (on montre les dés).",
}
COMMON = "Toujours : aide, regles, table, conseil, quitter."


def dice_text(dice: str | None) -> Text:
    """Five dice drawn as faces: ▕A▏▕K▏…"""
    text = Text()
    if not dice:
        return Text("—", style="dim")
    for i, face in enumerate(dice.split()):
        if i:
            text.append(" ")
        text.append(f" {face} ", style=DIE)
    return text


def _pct(p: float | None) -> str:
    return "—" if p is None else f"{100 * p:.1f} %"


class PokerDasTerminal:
    def __init__(
        self, console: Console, seat: int, names: list[str], ask: Callable[[str], str]
    ) -> None:
        self.console = console
        self.seat = seat
        self.names = names
        self.ask_raw = ask

    # ------------------------------------------------------------------ drawing
    def show(self, view: dict[str, Any]) -> None:
        if view["menteur"]:
            return self._show_liar(view)
        table = Table(title=f"Manche {view['round']} — mise {view['stake']}, pot {view['pot']}",
                      title_style="bold")  # fmt: skip
        for col in ("Joueur", "Jetons", "Dés", "Lancers", "Combinaison"):
            table.add_column(col)
        for s in view["order"]:
            mark = " (1er)" if s == view["first"] else ""
            mark += " ←" if s in view["to_move"] else ""
            table.add_row(self.names[s] + mark, str(view["tokens"][s]), dice_text(view["dice"][s]),
                          str(view["throws"][s] or ""), view["hands"][s] or "")  # fmt: skip
        self.console.print(table)
        best = view["best"]
        limit = view["limits"][self.seat]
        if self.seat != view["first"] and best:
            holders = ", ".join(self.names[s] for s in view["best_holders"])
            plural = "s" if limit and limit > 1 else ""
            self.console.print(
                f"À battre : [bold]{best['name']}[/] ({holders}), "
                f"en au plus [bold]{limit}[/] lancer{plural}."
            )
        elif self.seat == view["first"]:
            most = "autant de lancers que vous voulez" if limit is None else f"au plus {limit}"
            self.console.print(f"Vous êtes premier joueur : {most} ; les autres auront au plus "
                               "autant de lancers que vous.")  # fmt: skip

    def _show_liar(self, view: dict[str, Any]) -> None:
        table = Table(title=f"Menteur — manche {view['round']}, pot {view['pot']}",
                      title_style="bold")  # fmt: skip
        for col in ("Joueur", "Jetons", ""):
            table.add_column(col)
        for s in range(view["players"]):
            note = "éliminé" if view["eliminated"][s] else ""
            if s == view["holder"] and not note:
                note = "tient le cornet"
            table.add_row(self.names[s], str(view["tokens"][s]), note)
        self.console.print(table)
        if view["announcement_name"]:
            self.console.print(f"Annonce en cours : [bold]{view['announcement_name']}[/] "
                               f"({self.names[view['announcer']]}).")  # fmt: skip
        if view["cup"]:
            hand = evaluate(parse_faces(view["cup"]), True)
            line = Text("Sous le cornet (vous seul les voyez) : ").append_text(
                dice_text(view["cup"])
            )
            self.console.print(line.append(f"  → {hand.name_fr()}"))

    # ------------------------------------------------------------------ asking
    def ask(self, prompt: str, view: dict[str, Any], helpkey: str) -> str | None:
        """One line from the person; None when it was a command handled here."""
        from ludotheque.cli.play import Quit

        try:
            raw = self.ask_raw(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        text = raw.strip()
        low = text.lower()
        if low in {"q", "quit", "quitter", "exit"}:
            raise Quit
        if low in {"aide", "help", "?", "h"}:
            self.console.print(HELP[helpkey] + "\n" + COMMON)
            return None
        if low in {"regles", "règles", "rules"}:
            self.console.print(RULES)
            return None
        if low in {"table", "t"}:
            self.show(view)
            return None
        if low in {"conseil", "c", "advice"}:
            self.advise(view)
            return None
        return text

    def advise(self, view: dict[str, Any]) -> None:
        """« conseil »: the perfect bot's choice and the win probability of each choice."""
        if view["menteur"]:
            return self._advise_liar(view)
        if view["phase"] != "throw" or view["dice"][self.seat] is None:
            self.console.print("Conseil : lancez les dés !")
            return
        a = base_advice(view)
        what = "vos chances de gagner la manche" if self.seat == view["first"] else (
            "vos chances de battre la meilleure main (égalité comptée ½)")  # fmt: skip
        choice = "vous arrêter" if a["stop"] else "relancer"
        if not a["stop"] and a["reroll"]:
            choice += f" {format_faces(a['reroll'])}"
        self.console.print(f"Conseil du bot parfait : [bold]{choice}[/]. {what.capitalize()} : "
                           f"en vous arrêtant {_pct(a['stop_value'])}, en relançant "
                           f"{_pct(a['throw_value'])}.")  # fmt: skip

    def _advise_liar(self, view: dict[str, Any]) -> None:
        current = parse_announcement(view["announcement"]) if view["announcement"] else None
        if current is not None:
            self.console.print(f"« {current.name_fr()} » sur cinq dés frais : "
                               f"{_pct(chance_true(current))} de chances d'être vrai.")  # fmt: skip
        if view["cup"]:
            hand = evaluate(parse_faces(view["cup"]), True)
            true = [a for a in all_announcements()
                    if a.is_met_by(hand) and (current is None or a > current)]  # fmt: skip
            if true:
                low = min(true)
                self.console.print(
                    f"Annonce vraie la plus basse : [bold]{low.text()}[/] ({low.name_fr()})."
                )
            else:
                self.console.print(
                    "Aucune annonce vraie au-dessus de l'annonce en cours : relancez ou bluffez."
                )

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        while True:
            try:
                action = self._choose_once(view, legal)
            except (NotationError, IllegalAction) as exc:
                self.console.print(f"[red]✗ {exc.fr}[/]")
                continue
            if action is not None:
                return action

    def _choose_once(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        phase = view["phase"]
        if phase == "coup_sec":
            text = self.ask("Coup sec : Entrée pour lancer › ", view, "coup_sec")
            return None if text is None else {"type": "throw"}
        if phase == "throw":
            return self._throw_choice(view, legal)
        if phase == "announce":
            left = view["rethrows_left"]
            text = self.ask(f"Votre annonce{f' (ou « r … » : {left} relance)' if left else ''} › ",
                            view, "announce")  # fmt: skip
            if text is None:
                return None
            if text.lower().startswith("r ") and left:
                return {"type": "rethrow", "dice": format_faces(parse_faces(text[2:]))}
            return {"type": "announce", "announcement": parse_announcement(text).text()}
        if phase == "respond":
            can = any(a["type"] == "accept" for a in legal)
            prompt = (
                "Accepter (a) ou « Bluff ! » (b) › " if can else "Poker d'As : « Bluff ! » (b) › "
            )
            text = self.ask(prompt, view, "respond")
            if text is None:
                return None
            low = text.lower()
            if low in {"b", "bluff", "bluff !", "bluff!"}:
                return {"type": "bluff"}
            if low in {"a", "accepter", "accept", "o", "oui"}:
                return {"type": "accept"}
            raise IllegalAction("répondez « a » (accepter) ou « b » (Bluff !)", "answer a or b")
        raise IllegalAction("rien à jouer maintenant", "nothing to play now")

    def _throw_choice(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        dice = view["dice"][self.seat]
        if dice is None:
            text = self.ask("Entrée pour lancer les dés › ", view, "throw")
            return None if text is None else {"type": "throw"}
        kept = not view["relance_totale"]
        prompt = ("Dés à relancer (« K 9 », « 1 4 ») ou s'arrêter (s) › " if kept
                  else "Relancer (l) ou s'arrêter (s) › ")  # fmt: skip
        text = self.ask(prompt, view, "throw")
        if text is None:
            return None
        low = text.lower()
        if low in {"s", "stop", "arret", "arrêt", "arreter", "arrêter"}:
            return {"type": "stop"}
        if not kept:
            if low in {"", "l", "lancer", "relancer"}:
                return {"type": "throw"}
            raise IllegalAction("tapez « l » (relancer) ou « s » (s'arrêter)", "type l or s")
        faces = dice.split()
        if low and all(w.isdigit() and 1 <= int(w) <= 5 for w in low.split()):
            picked = [faces[int(w) - 1] for w in low.split()]
            return {"type": "throw", "reroll": format_faces(parse_faces(" ".join(picked)))}
        if low in {"l", "tout", "lancer"}:
            return {"type": "throw", "reroll": format_faces(parse_faces(dice))}
        return {"type": "throw", "reroll": format_faces(parse_faces(text))}

    # ------------------------------------------------------------------ telling
    def _who(self, seat: int) -> str:
        return "Vous" if seat == self.seat else self.names[seat]

    def _says(self, seat: int, third: str, second: str) -> str:
        """« Parfait 1 accepte » / « Vous acceptez »."""
        return f"Vous {second}" if seat == self.seat else f"{self.names[seat]} {third}"

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            self._tell_one(e, view)

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
        p = self.console.print
        kind = e["type"]
        if kind == "draw_first":
            p(f"Tirage au sort : {self._says(e['seat'], 'commence', 'commencez')}.")
        elif kind == "round_start":
            p(f"\n[bold]Manche {e['number']}[/] — premier joueur : {self._who(e['first'])}"
              + (f", pot {e['pot']}." if "pot" in e else "."))  # fmt: skip
        elif kind == "throw":
            what = "coup sec" if e.get("coup_sec") else f"lancer {e['throws']}"
            kept = f" (garde {e['kept']})" if e.get("kept") else ""
            p(Text(f"{self._who(e['seat'])} — {what}{kept} : ").append_text(dice_text(e["dice"]))
              .append(f"  → {e['hand']}"))  # fmt: skip
        elif kind == "stop":
            n = e["throws"]
            who = self._says(e["seat"], "s'arrête", "vous arrêtez")
            p(f"{who} sur {e['hand']} ({n} lancer{'s' if n > 1 else ''}).")
        elif kind == "coup_sec":
            p(
                "[bold]Égalité exacte[/] : coup sec entre "
                + ", ".join(self._who(s) for s in e["seats"])
                + "."
            )
        elif kind == "round_won":
            take = "prenez" if e["seat"] == self.seat else "prend"
            p(f"[bold green]{self._says(e['seat'], 'gagne', 'gagnez')} la manche[/] avec "
              f"{e['hand']} et {take} le pot ({e['pot']} jetons).")  # fmt: skip
        elif kind == "eliminated":
            p(f"[red]Éliminé : {', '.join(self._who(s) for s in e['seats'])}.[/]")
        elif kind == "cup_throw":
            p(f"{self._says(e['seat'], 'lance', 'lancez')} les dés sous le cornet.")
        elif kind == "rethrow":
            who, k = self._says(e["seat"], "relance", "relancez"), e["count"]
            p(f"{who} {k} dé{'s' if k > 1 else ''} sous le cornet.")
        elif kind == "announce":
            p(f"{self._says(e['seat'], 'annonce', 'annoncez')} : [bold]{e['name']}[/].")
        elif kind == "accept":
            p(f"{self._says(e['seat'], 'accepte', 'acceptez')}.")
        elif kind == "pot_won":
            who = self._says(e["seat"], "prend", "prenez")
            p(f"Tour complet accepté : {who} le pot ({e['pot']}).")
        elif kind == "bluff":
            verdict = "vraie" if e["true"] else "fausse"
            p(Text(f"« BLUFF ! » dit {self._who(e['seat'])}. Les dés : ", style="bold yellow")
              .append_text(dice_text(e["dice"])).append(f" → {e['hand']} : l'annonce était "
                                                        f"{verdict}."))  # fmt: skip
            if e["true"]:
                p(f"{self._says(e['payer'], 'paie', 'payez')} 1 jeton au pot.")
            else:
                p(f"{self._says(e['payer'], 'paie', 'payez')} 1 jeton à {self._who(e['seat'])}.")
        elif kind == "game_over":
            p("[bold]Fin de la partie.[/]")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        table = Table(title="Classement final", title_style="bold")
        for col in ("Rang", "Joueur", "Jetons", ""):
            table.add_column(col)
        for s in sorted(range(view["players"]), key=lambda s: result.ranks[s]):
            note = "éliminé" if view["eliminated"][s] else ""
            table.add_row(str(result.ranks[s]), self.names[s], str(result.scores[s]), note)
        self.console.print(table)
        self.console.print(
            f"{', '.join(self._who(s) for s in result.winners)} : {result.reason_fr}."
        )


__all__ = ["PokerDasTerminal", "dice_text", "hand_of"]
