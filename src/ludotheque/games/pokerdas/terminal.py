"""Le Poker d'As in the terminal: dice drawn as faces, prompts in French, short commands.

It turns what a person types into protocol actions and the engine's public events into
sentences; every rule decision stays in the engine (rules.py). « conseil » asks the perfect
bot (strategy.py) for its choice and the win probability of each choice.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ludotheque.engine.errors import IllegalAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.pokerdas import liar as L
from ludotheque.games.pokerdas import strategy as S
from ludotheque.games.pokerdas.bots import Menteur, base_advice, hand_of
from ludotheque.games.pokerdas.hands import (
    Announcement,
    evaluate,
    format_faces,
    parse_announcement,
    parse_faces,
)
from ludotheque.games.pokerdas.rules import throw_pace
from ludotheque.term import Answers, Quit, Terminal, plural
from ludotheque.term.render import ranking

DIE = "bold black on grey93"
SHOWN_THROWS = 3  # a bot's throws after these are summed up by its stop
FAST_ROUNDS = 5_000  # rounds played at once after « fin » before asking again (two bots that
# never say « Bluff ! » never end a menteur game)
OUT_WORDS = {"f", "fin", "fini", "finir", "vite"}
OUT_PROMPT = "Entrée = manche suivante, « f » = la fin d'un coup, « quitter » = partir › "

RULES = """[bold]Le Poker d'As en bref[/]
• Cinq dés : As, Roi, Dame, Valet, 10, 9. Combinaisons, de la meilleure à la moins bonne :
  Poker (5 pareils), Carré, Full, Brelan, Séquence (5 différents), Deux Paires, Paire.
  À combinaison égale, les figures comptent (As > Roi > Dame > Valet > 10 > 9).
• Chaque manche, chacun mise ; le premier joueur lance et s'arrête quand il veut ; les autres
  ont [bold]au plus autant de lancers[/] pour faire strictement mieux. Le meilleur prend le
  pot ; égalité exacte : « coup sec » (un seul lancer) entre les ex aequo.
• Table par défaut (« café ») : trois lancers au plus, on garde les dés qu'on veut et on relance
  les autres ; 20 manches, le plus de jetons gagne. Variante « livre » (la règle à la lettre) :
  autant de lancers qu'on veut, les cinq dés à chaque fois, jusqu'au dernier joueur en jeu.
• Poker-Joker : les As sont jokers (Q Q Q A A = Poker de Dames).
• Menteur : on lance sous le cornet, on annonce (vrai ou faux) ; le voisin accepte (il prend
  les dés et doit annoncer plus haut) ou dit « Bluff ! » : le menteur pris paie 1 jeton au
  voisin, le voisin qui s'est trompé paie 1 jeton au pot. Un tour complet accepté : le dernier
  annonceur prend le pot. Sans jeton, on est éliminé."""

# The same summary in English, for the browser's rules page in English (games/docs.py).
RULES_EN = """[bold]Poker d'As in brief[/]
• Five dice: Ace, King, Queen, Jack, 10, 9. Hands, from best to worst: Poker (5 alike), Four
  of a kind, Full house, Three of a kind, Straight (5 different), Two pairs, Pair. With equal
  hands, the faces count (Ace > King > Queen > Jack > 10 > 9).
• Each round, everyone stakes; the first player throws and stops when he likes; the others
  have [bold]at most as many throws[/] to do strictly better. The best takes the pot; an exact
  tie: a “coup sec” (a single throw) between the tied players.
• Default table (“café”): three throws at most, keep the dice you want and re-throw the
  others; 20 rounds, most tokens wins. Variant “the rule book to the letter”: as many
  throws as you like, all five dice every time, until one player is left.
• Poker-Joker: Aces are wild (Q Q Q A A = Poker of Queens).
• Liar: throw under the cup, announce (true or false); the neighbour accepts (he takes the dice
  and must announce higher) or says “Bluff!”: a liar caught pays 1 token to the neighbour, a
  neighbour who was wrong pays 1 token to the pot. A full turn accepted: the last announcer
  takes the pot. Without a token, you are out."""

HELP = {
    "throw": "Entrée ou « l » = lancer les dés ; « s » = s'arrêter ; avec dés gardés, tapez les "
    "dés à relancer (« K 10 9 », en français « R 10 9 » ou « roi dix neuf », ou leurs places "
    "« 1 4 5 »). « conseil » = l'avis du bot parfait ; "
    "« auto » = le bot parfait relance pour vous jusqu'à ce qu'il conseille de s'arrêter (sans "
    "limite de lancers, le meilleur jeu en demande des centaines).",
    "coup_sec": "Entrée = lancer votre coup sec (les cinq dés, un seul lancer).",
    "announce": "Tapez votre annonce : « paire K », « deux paires K Q », « sequence A K Q J 10 », "
    "« brelan Q » (ou « brelan de dames »), « full K Q », « carre 9 », « poker A » ; "
    "« r K 9 » = relancer ces dés sous le cornet. « conseil » = l'avis du bot menteur "
    "(relancer, annonce vraie ou bluff).",
    "respond": "« a » = accepter (vous prenez le cornet et devez annoncer plus haut) ; "
    "« b » = « Bluff ! » (on montre les dés). « conseil » = la probabilité que l'annonce soit "
    "vraie d'après ce que vous savez, et l'avis du bot menteur.",
    "out": "Vous êtes éliminé : les bots finissent la partie. Entrée = regarder la manche "
    "suivante ; « f » (ou « fin ») = jouer toute la fin d'un coup et voir le classement ; "
    "« quitter » = quitter la table.",
}
COMMON = "Toujours : aide, regles, table, conseil, quitter."
OUT_COMMON = "Toujours : aide, regles, table, quitter."


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


def _cap(text: str) -> str:
    """Capitalise the first letter only (« Vos chances de battre Carré de 9 »)."""
    return text[:1].upper() + text[1:]


def _pct(p: float | None) -> str:
    """``0.055`` → « 5,5 % »: a French decimal comma and a space before %."""
    return "—" if p is None else f"{100 * p:.1f} %".replace(".", ",")


def _announcement(ann: Announcement) -> str:
    """An announcement as the player reads it and types it: « Deux Paires (Rois et Valets)
    (tapez « deux paires K J ») », not the engine's identifier « deux_paires K J »."""
    return f"{ann.name_fr()} (tapez « {ann.text().replace('_', ' ')} »)"


class PokerDasTerminal(Terminal):
    # Waits between a bot's throws (rules.throw_pace, the pace State.bot_pace gives every
    # driver); tests give the class or an instance one that does not really sleep.
    sleep: Callable[[float], None] = staticmethod(time.sleep)

    def __init__(
        self,
        console: Console,
        seat: int | None,
        names: list[str],
        ask: Callable[[str], str],
        sleep: Callable[[float], None] | None = None,
        lang: str = "fr",
    ) -> None:
        super().__init__(console, seat, names, ask, lang)
        if sleep is not None:
            self.sleep = sleep
        self.turn: tuple[int, str, int] | None = None  # the turn whose table was last drawn
        self.last_dice: dict[int, str] = {}  # each seat's last throw (some are not printed)
        self.advisor = Menteur(seed=seat or 0)  # « conseil » in menteur; it watches what you see
        self.liar_advice: tuple[Action, dict[str, Any]] | None = None
        self.auto: tuple[int, str] | None = None  # « auto » in this turn: the bot throws for you
        self.out = False  # this seat is eliminated: the bots play on
        self.fast: int | None = None  # « fin »: the round from which the rest plays at once

    # ------------------------------------------------------------------ drawing
    def show(self, view: dict[str, Any], full: bool = False) -> None:
        if view["menteur"]:
            return self._show_liar(view)
        turn = (view["round"], view["phase"], view["to_move"][0] if view["to_move"] else -1)
        if not full and turn == self.turn and view["phase"] == "throw":
            if self.auto is None:
                self._status(view)  # the same turn goes on: one line, not the whole table
            return
        self.turn = turn
        of = f" sur {view['max_rounds']}" if view.get("max_rounds") else ""
        table = Table(
            title=f"Manche {view['round']}{of} — mise {view['stake']}, pot {view['pot']}",
            title_style="bold",
        )
        for col in ("Joueur", "Jetons", "Dés", "Lancers", "Combinaison"):
            table.add_column(col)
        for s in view["order"]:
            mark = " (1er)" if s == view["first"] else ""
            mark += " ←" if s in view["to_move"] else ""
            table.add_row(
                self.names[s] + mark,
                str(view["tokens"][s]),
                dice_text(view["dice"][s]),
                str(view["throws"][s] or ""),
                view["hands"][s] or "",
            )
        self.console.print(table)
        best = view["best"]
        limit = view["limits"][self.seat]
        if self.seat != view["first"] and best:
            holders = ", ".join(self.names[s] for s in view["best_holders"])
            many = "s" if limit and limit > 1 else ""
            self.console.print(
                f"À battre : [bold]{best['name']}[/] ({holders}), "
                f"en au plus [bold]{limit}[/] lancer{many}."
            )
        elif self.seat == view["first"]:
            most = (
                "autant de lancers que vous voulez"
                if limit is None
                else f"au plus {plural(limit, 'lancer')}"
            )
            self.console.print(
                f"Vous êtes premier joueur : {most} ; les autres auront au plus "
                "autant de lancers que vous."
            )

    def _status(self, view: dict[str, Any]) -> None:
        seat = self.seat
        limit = view["limits"][seat]
        done = view["throws"][seat]
        most = "(sans limite)" if limit is None else f"(au plus {limit})"
        best = view["best"]
        target = f" — à battre : [bold]{best['name']}[/]" if best and seat != view["first"] else ""
        self.console.print(f"[dim]Lancer {done} {most}[/]{target}")

    def _show_liar(self, view: dict[str, Any]) -> None:
        table = Table(
            title=f"Menteur — manche {view['round']}, pot {view['pot']}", title_style="bold"
        )
        for col in ("Joueur", "Jetons", "Cette manche"):
            table.add_column(col)
        said: dict[int, list[str]] = {}
        for entry in view["history"]:
            words = said.setdefault(entry["seat"], [])
            if "rethrow" in entry:
                k = entry["rethrow"]
                words.append(f"relance {plural(k, 'dé')}")
            elif "announcement" in entry:
                words.append(parse_announcement(entry["announcement"]).name_fr())
            elif "accept" in entry:
                words.append("accepte")
        for s in range(view["players"]):
            if view["eliminated"][s]:
                note = "éliminé"
            else:
                note = ", ".join(said.get(s, []))
                if s == view["holder"]:
                    note = (note + " — " if note else "") + "tient le cornet"
            mark = " (ouvre)" if s == view["first"] and not view["eliminated"][s] else ""
            table.add_row(self.names[s] + mark, str(view["tokens"][s]), note)
        self.console.print(table)
        if view["announcement_name"]:
            self.console.print(
                f"Annonce en cours : [bold]{view['announcement_name']}[/] "
                f"({self.names[view['announcer']]})."
            )
        if view.get("passed") and not view["cup"]:
            self.console.print(Text("Vous aviez passé : ").append_text(dice_text(view["passed"])))
        if view["cup"]:
            hand = evaluate(parse_faces(view["cup"]), True)
            line = Text("Sous le cornet (vous seul les voyez) : ").append_text(
                dice_text(view["cup"])
            )
            self.console.print(line.append(f"  → {hand.name_fr()}"))
        if view["phase"] == "respond" and self.seat in view["to_move"]:
            if view["first"] == self.seat:
                self.console.print(
                    f"Vous avez ouvert la manche : si vous acceptez, le tour est "
                    f"complet et {self.names[view['announcer']]} prend le pot "
                    f"({view['pot']})."
                )
            else:
                self.console.print(
                    "Si vous acceptez, vous prenez le cornet et devez annoncer plus haut."
                )

    # ------------------------------------------------------------------ asking
    def ask(
        self, prompt: str, view: dict[str, Any], helpkey: str, answers: Answers | None = None
    ) -> str | None:
        """One line from the person; None when it was a command handled here (``answers``:
        lines taken as answers even when they spell a command word)."""
        return self.read(
            prompt,
            {
                "aide help ? h": lambda: self.console.print(HELP[helpkey] + "\n" + COMMON),
                "regles rules": lambda: self.console.print(RULES),
                "table t": lambda: self.show(view, full=True),
                "conseil c advice": lambda: self.advise(view),
            },
            answers,
        )

    def advise(self, view: dict[str, Any]) -> None:
        """« conseil »: the perfect bot's choice and the win probability of each choice."""
        if view["menteur"]:
            return self._advise_liar(view)
        if view["phase"] != "throw":
            self.console.print("Conseil : lancez les dés (le coup sec est un seul lancer).")
            return
        if view["dice"][self.seat] is None:
            return self._advise_first_throw(view)
        a = base_advice(view)
        what = (
            "vos chances de gagner la manche"
            if self.seat == view["first"]
            else ("vos chances de battre la meilleure main (égalité comptée ½)")
        )
        choice = "vous arrêter" if a["stop"] else "relancer"
        if not a["stop"] and a["reroll"]:
            choice += f" {format_faces(a['reroll'])}"
        self.console.print(
            f"Conseil du bot parfait : [bold]{choice}[/]. {_cap(what)} : "
            f"en vous arrêtant {_pct(a['stop_value'])}, en relançant "
            f"{_pct(a['throw_value'])}."
        )

    def _advise_first_throw(self, view: dict[str, Any]) -> None:
        """Before the first throw: lancer is the only choice; the chances it gives."""
        seat, joker, whole = self.seat, view["joker"], view["relance_totale"]
        limit = view["limits"][seat]
        if seat == view["first"]:
            players = len(view["order"])
            chance = (
                S.whole_first(joker, players, limit)[1]
                if whole
                else S.kept_first_value(joker, players, limit)
            )
            what = "vos chances de gagner la manche en jouant parfaitement"
        else:
            best = view["best"]
            target = S.hand_rank(hand_of(best), joker)
            if whole:
                chance = S.whole_follower(target, joker, limit)[0]
            else:
                beat, tie = S.follower_outcome(target, joker, limit, False)
                chance = beat + tie / 2
            what = f"vos chances de battre {best['name']} (égalité comptée ½)"
        self.console.print(f"Conseil : lancez les dés ! {_cap(what)} : {_pct(chance)}.")

    def _advise_liar(self, view: dict[str, Any]) -> None:
        """The menteur bot's reading of the situation (it watched what you saw)."""
        if self.liar_advice is None:
            self.console.print("Conseil : rien à décider maintenant.")
            return
        action, why = self.liar_advice
        p = self.console.print
        if view["phase"] == "respond":
            claim = view["announcement_name"]
            who = self.seats.whom(view["announcer"])
            verdict = "« Bluff ! »" if action["type"] == "bluff" else "accepter"
            p(
                f"Conseil du bot menteur : [bold]{verdict}[/]. « {claim} » : d'après ce que vous "
                f"savez des dés, {_pct(why['belief'])} de chances qu'ils y soient ; compte tenu de "
                f"la façon d'annoncer de {who} jusqu'ici, {_pct(why['truth'])} que l'annonce soit "
                f"vraie. En dessous de {_pct(min(1.0, why['threshold']))}, « Bluff ! » rapporte "
                "plus qu'accepter."
            )
            if action["type"] == "accept" and view["first"] != self.seat:
                p(
                    f"En acceptant, vous pourriez annoncer plus haut sans mentir avec une "
                    f"probabilité de {_pct(why['top_chance'])}."
                )
            return
        if why.get("rethrow"):
            p(
                f"Conseil du bot menteur : [bold]relancer {action['dice']}[/] (garder "
                f"{format_faces(why['kept']) or 'aucun dé'}) pour avoir une annonce vraie plus "
                "forte."
            )
            return
        names = L.ANNOUNCEMENTS
        best_true, best_lie = why["best_true"], why["best_lie"]
        if best_true is None:
            lie = names[best_lie]
            p(
                f"Conseil du bot menteur : aucune annonce vraie au-dessus de l'annonce en cours — "
                f"bluffez avec [bold]{_announcement(lie)}[/], crue à "
                f"{_pct(why['believed'][best_lie])} par le joueur suivant."
            )
            return
        truth = names[best_true]
        line = f"Conseil du bot menteur : annonce vraie [bold]{_announcement(truth)}[/]"
        if "frequency" in why:
            lie = names[best_lie]
            line += (
                f" ; un bluff, {_announcement(lie)}, vaudrait plus : le bot le "
                f"tente {_pct(why['frequency'])} du temps, la fréquence qui rend le joueur "
                "suivant indifférent entre croire et dire « Bluff ! »"
            )
        p(line + ".")

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if view["menteur"]:
            self.liar_advice = self.advisor.advise(view, legal)
        auto = self._auto(view)
        if auto is not None:
            return auto
        return super().choose(view, legal)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        phase = view["phase"]
        if phase == "coup_sec":
            text = self.ask("Coup sec : Entrée pour lancer › ", view, "coup_sec")
            return None if text is None else _throw_word(text)
        if phase == "throw":
            return self._throw_choice(view, legal)
        if phase == "announce":
            left = view["rethrows_left"]
            text = self.ask(
                f"Votre annonce{f' (ou « r … » : {left} relance)' if left else ''} › ",
                view,
                "announce",
            )
            if text is None:
                return None
            if text.lower().startswith("r "):
                if not left:
                    raise IllegalAction(
                        "vous n'avez plus de relance dans cette manche : annoncez",
                        "no re-throw left in this round: announce",
                    )
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

    def _turn_key(self, view: dict[str, Any]) -> tuple[int, str]:
        return view["round"], view["phase"]

    def _auto(self, view: dict[str, Any]) -> Action | None:
        """« auto »: the perfect bot's throw while it advises throwing; then you decide."""
        if self.auto is None:
            return None
        if self.auto != self._turn_key(view) or view["dice"][self.seat] is None:
            self.auto = None
            return None
        advice = base_advice(view)
        if not advice["stop"]:
            if view["relance_totale"]:
                return {"type": "throw"}
            return {"type": "throw", "reroll": format_faces(advice["reroll"])}
        self.auto = None
        n = view["throws"][self.seat]
        line = Text(f"Après {plural(n, 'lancer')}, le bot parfait conseille de s'arrêter sur ")
        line.append_text(dice_text(view["dice"][self.seat]))
        self.console.print(line.append(f" ({view['hands'][self.seat]}) : à vous de décider."))
        return None

    def _throw_choice(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        dice = view["dice"][self.seat]
        if dice is None:
            text = self.ask("Entrée pour lancer les dés › ", view, "throw")
            if text is not None and text.strip().lower() in {"auto", "automatique"}:
                self.auto = self._turn_key(view)  # the first throw is the whole cup
                return {"type": "throw"}
            return None if text is None else _throw_word(text)
        kept = not view["relance_totale"]
        prompt = (
            "Dés à relancer (« K 9 », « 1 4 » ; Entrée = les cinq) ou s'arrêter (s) › "
            if kept
            else "Relancer (l) ou s'arrêter (s) › "
        )
        # Faces are answers here, even « Q » (a quit word) and « t » (the 10, a command word).
        text = self.ask(prompt, view, "throw", _faces if kept else None)
        if text is None:
            return None
        low = text.lower()
        if low in {"s", "stop", "arret", "arrêt", "arreter", "arrêter"}:
            return {"type": "stop"}
        if low in {"auto", "automatique"}:
            self.auto = self._turn_key(view)
            action = self._auto(view)
            if action is None:
                raise IllegalAction("le bot parfait s'arrêterait ici", "the perfect bot would stop")
            return action
        if not kept:
            if low in {"", "l", "lancer", "relancer"}:
                return {"type": "throw"}
            raise IllegalAction("tapez « l » (relancer) ou « s » (s'arrêter)", "type l or s")
        faces = dice.split()
        if low and all(w.isdigit() and 1 <= int(w) <= 5 for w in low.split()):
            positions = low.split()
            twice = sorted({w for w in positions if positions.count(w) > 1})
            if twice:
                raise IllegalAction(
                    f"le dé n° {twice[0]} est nommé deux fois : chaque dé se relance une fois",
                    f"die #{twice[0]} is named twice: each die is re-thrown once",
                )
            picked = [faces[int(w) - 1] for w in positions]
            return {"type": "throw", "reroll": format_faces(parse_faces(" ".join(picked)))}
        if low in {"", "l", "tout", "lancer"}:  # Entrée, as the help says: every die again
            return {"type": "throw", "reroll": format_faces(parse_faces(dice))}
        return {"type": "throw", "reroll": format_faces(parse_faces(text))}

    # ------------------------------------------------------------------ telling
    def _who(self, seat: int) -> str:
        return self.seats.who(seat)

    def _says(self, seat: int, third: str, second: str) -> str:
        """« Parfait 1 accepte » / « Vous acceptez »."""
        return self.seats.says(seat, third, second)

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        # Also in a resumed game; a spectator (a replay's, seat None) is never out.
        self.out = self.out or (self.seat is not None and view["eliminated"][self.seat])
        for e in events:
            if self.out and e["type"] == "round_start" and not self._watch(e["number"], view):
                continue
            if self.fast is not None and e["type"] != "game_over":
                continue
            self._tell_one(e, view)
            if e["type"] == "eliminated" and self.seat in e["seats"]:
                self.out = True
                self.console.print("Vous êtes éliminé : les bots finissent la partie.")

    # ------------------------------------------------------------------ once eliminated
    def _watch(self, number: int, view: dict[str, Any]) -> bool:
        """Round ``number`` starts and this seat is out: whether to show it. Asks, round by
        round, to watch it, to play the rest at once (« fin »), or to leave (« quitter »)."""
        if self.fast is not None:
            if number - self.fast < FAST_ROUNDS:
                return False
            self.console.print(
                f"Les bots jouent encore après {number - self.fast} manches d'un coup."
            )
            self.fast = None
        while True:
            try:
                text = self.read(
                    OUT_PROMPT,
                    {
                        "aide help ? h": lambda: self.console.print(
                            HELP["out"] + "\n" + OUT_COMMON
                        ),
                        "regles rules": lambda: self.console.print(RULES),
                        "table t": lambda: self.show(view, full=True),
                    },
                )
            except Quit:
                self.console.print("Vous quittez la table.")
                raise
            if text is None:
                continue
            if text == "":
                return True
            if text.lower() in OUT_WORDS:
                self.fast = number
                self.console.print("[dim]Les bots jouent la fin de la partie d'un coup…[/]")
                return False
            self.console.print(
                f"[red]✗ « {text} » : tapez Entrée (regarder la manche suivante), "
                "« f » (la fin d'un coup) ou « quitter ».[/]"
            )

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
        p = self.console.print
        kind = e["type"]
        if kind == "draw_first":
            p(f"Tirage au sort : {self._says(e['seat'], 'commence', 'commencez')}.")
        elif kind == "round_start":
            of = f" sur {view['max_rounds']}" if view.get("max_rounds") else ""
            p(
                f"\n[bold]Manche {e['number']}{of}[/] — premier joueur : {self._who(e['first'])}"
                + (f", pot {e['pot']}." if "pot" in e else ".")
            )
        elif kind == "throw":
            self.last_dice[e["seat"]] = e["dice"]
            quiet = e["seat"] != self.seat or self.auto is not None
            if quiet and not e.get("coup_sec") and e["throws"] > SHOWN_THROWS:
                if e["throws"] == SHOWN_THROWS + 1:
                    p(
                        f"[dim]{self._who(e['seat'])} — les lancers suivants ne sont pas "
                        "détaillés…[/]"
                    )
                return
            if e["seat"] != self.seat and not e.get("coup_sec"):
                wait = throw_pace(e["throws"] - 1)  # the pace of State.bot_pace
                if wait:
                    self.sleep(wait)
            what = "coup sec" if e.get("coup_sec") else f"lancer {e['throws']}"
            kept = f" (garde {e['kept']})" if e.get("kept") else ""
            p(
                Text(f"{self._who(e['seat'])} — {what}{kept} : ")
                .append_text(dice_text(e["dice"]))
                .append(f"  → {e['hand']}")
            )
        elif kind == "stop":
            n = e["throws"]
            who = self._says(e["seat"], "s'arrête", "vous arrêtez")
            most = ", le maximum" if e.get("forced") else ""
            line = Text(f"{who} sur {e['hand']} ({plural(n, 'lancer')}{most})")
            if n > SHOWN_THROWS and e["seat"] in self.last_dice:
                line.append(" : ").append_text(dice_text(self.last_dice[e["seat"]]))
            p(line.append("."))
        elif kind == "coup_sec":
            p(
                "[bold]Égalité exacte[/] : coup sec entre "
                + ", ".join(self._who(s) for s in e["seats"])
                + "."
            )
        elif kind == "round_won":
            take = "prenez" if e["seat"] == self.seat else "prend"
            p(
                f"[bold green]{self._says(e['seat'], 'gagne', 'gagnez')} la manche[/] avec "
                f"{e['hand']} et {take} le pot ({plural(e['pot'], 'jeton')})."
            )
        elif kind == "eliminated":
            p(f"[red]Éliminé : {', '.join(self._who(s) for s in e['seats'])}.[/]")
        elif kind == "cup_throw":
            p(f"{self._says(e['seat'], 'lance', 'lancez')} les dés sous le cornet.")
        elif kind == "rethrow":
            who, k = self._says(e["seat"], "relance", "relancez"), e["count"]
            p(f"{who} {plural(k, 'dé')} sous le cornet.")
        elif kind == "announce":
            p(f"{self._says(e['seat'], 'annonce', 'annoncez')} : [bold]{e['name']}[/].")
        elif kind == "accept":
            p(f"{self._says(e['seat'], 'accepte', 'acceptez')}.")
        elif kind == "pot_won":
            who = self._says(e["seat"], "prend", "prenez")
            p(f"Tour complet accepté : {who} le pot ({e['pot']}).")
        elif kind == "bluff":
            claim = parse_announcement(e["announcement"]).name_fr()
            verdict = (
                f"au moins « {claim} » : l'annonce était vraie"
                if e["true"]
                else f"moins que « {claim} » : l'annonce était fausse"
            )
            says = self._says(e["seat"], "dit", "dites")
            p(
                Text(f"{says} « BLUFF ! » Les dés : ", style="bold yellow")
                .append_text(dice_text(e["dice"]))
                .append(f" → {e['hand']}, {verdict}.")
            )
            if e["true"]:
                p(f"{self._says(e['payer'], 'paie', 'payez')} 1 jeton au pot.")
            else:
                payee = e["seat"]
                if self.seats.you(payee):  # « Fort 1 vous paie 1 jeton. »
                    p(f"{self.names[e['payer']]} vous paie 1 jeton.")
                else:
                    pays = self._says(e["payer"], "paie", "payez")
                    p(f"{pays} 1 jeton à {self.seats.whom(payee)}.")
        elif kind == "game_over":
            p("[bold]Fin de la partie.[/]")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        out = view["eliminated"]
        self.console.print(
            ranking(result, self.names, "Jetons", lambda s: "éliminé" if out[s] else "")
        )
        self.console.print(
            f"{', '.join(self._who(s) for s in result.winners)} : {result.reason_fr}."
        )


__all__ = ["PokerDasTerminal", "dice_text", "hand_of"]


def _faces(text: str) -> bool:
    """Is ``text`` dice faces (« Q », « K 9 », « t »)?"""
    try:
        return bool(parse_faces(text))
    except NotationError:
        return False


def _throw_word(text: str) -> Action:
    """The first throw of a turn (or a coup sec): Entrée or « l »; anything else is refused
    (a typo such as « quiter » used to throw the dice)."""
    if text.strip().lower() in {"", "l", "lancer"}:
        return {"type": "throw"}
    raise IllegalAction(
        f"« {text} » : appuyez sur Entrée (ou tapez « l ») pour lancer les dés",
        f"'{text}': press Enter (or type l) to throw the dice",
    )
