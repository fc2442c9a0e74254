"""Le Poker d'As in the terminal: dice drawn as faces, prompts in French or English (``--lang
en``), short commands.

It turns what a person types into protocol actions and the engine's public events into
sentences; every rule decision stays in the engine (rules.py). « conseil » (« hint ») asks the
perfect bot (strategy.py) for its choice and the win probability of each choice.

At an English table the hands and announcements are named from their codes (« brelan A K Q »)
with the game's own words (labels.py, ``terms``), as the browser names them: « Three Aces (King,
Queen) », « Full house (Kings over Queens) ». English typed words are read at both tables, next
to the French ones: « hint », « king ten nine », « three queens », « full house K Q ».
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ludotheque.engine.errors import IllegalAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.pokerdas import liar as L
from ludotheque.games.pokerdas import strategy as S
from ludotheque.games.pokerdas.bots import Menteur, base_advice, hand_of
from ludotheque.games.pokerdas.hands import (
    COMBO_ID,
    Announcement,
    evaluate,
    format_faces,
    parse_announcement,
    parse_faces,
)
from ludotheque.games.pokerdas.labels import WORDS
from ludotheque.games.pokerdas.rules import throw_pace
from ludotheque.term import Answers, Quit, Terminal, plural
from ludotheque.term import english as en
from ludotheque.term.render import ranking

DIE = "bold black on grey93"
SHOWN_THROWS = 3  # a bot's throws after these are summed up by its stop
FAST_ROUNDS = 5_000  # rounds played at once after « fin » before asking again (two bots that
# never say « Bluff ! » never end a menteur game)
OUT_WORDS = {"f", "fin", "fini", "finir", "vite", "end", "finish"}
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

# The same summary in English, for the English table and the browser's rules page in English
# (games/docs.py); its hands named as the game's words name them (labels.py).
RULES_EN = """[bold]Poker d'As in brief[/]
• Five dice: Ace, King, Queen, Jack, 10, 9. Hands, from best to worst: Five of a kind (the
  “Poker”, 5 alike), Four of a kind, Full house, Three of a kind, Straight (5 different), Two
  pairs, Pair. With equal hands, the faces count (Ace > King > Queen > Jack > 10 > 9).
• Each round, everyone stakes; the first player throws and stops when he likes; the others
  have [bold]at most as many throws[/] to do strictly better. The best takes the pot; an exact
  tie: a “dry throw” (coup sec: a single throw) between the tied players.
• Default table (“café”): three throws at most, keep the dice you want and re-throw the
  others; 20 rounds, most tokens wins. Variant “the rule book to the letter”: as many
  throws as you like, all five dice every time, until one player is left.
• Poker-Joker: Aces are wild (Q Q Q A A = Five Queens).
• Liar: throw under the cup, announce (true or false); the neighbour accepts (he takes the dice
  and must announce higher) or calls “Bluff!”: a liar caught pays 1 token to the neighbour, a
  neighbour who was wrong pays 1 token to the pot. When the cup has gone all the way round
  accepted, the last announcer takes the pot. Without a token, you are out."""

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

# The same help in English (``--lang en``): the English words typed, the French ones still read.
OUT_PROMPT_EN = "Enter = next round, “end” = the rest at once, “quit” = leave › "
HELP_EN = {
    "throw": "Enter = throw the dice; “s” = stop; with kept dice, type the dice to throw again "
    "(“K 10 9”, “king ten nine”, or their places “1 4 5”; the French letters R D V are read "
    "too), Enter alone throws all five again. “hint” = the strong bot's advice (it plays "
    "perfectly); “auto” = the strong bot throws for you until it advises stopping (with no "
    "throw limit, the best play takes hundreds of throws).",
    "coup_sec": "Enter = throw the dice for your dry throw (all five dice, a single throw).",
    "announce": "Type your announcement: “pair K”, “two pairs K Q”, “straight A K Q J 10”, "
    "“three of a kind Q” (or “three queens”), “full house K Q”, “four of a kind 9”, “five of a "
    "kind A”; “r K 9” = re-throw those dice under the cup. “hint” = the liar bot's advice "
    "(re-throw, a true announcement or a bluff).",
    "respond": "“a” = accept (you take the cup and must announce higher); “b” = “Bluff!” (the "
    "dice are shown). “hint” = the chance that the announcement is true from what you know, "
    "and the liar bot's advice.",
    "out": "You are eliminated: the bots finish the game. Enter = watch the next round; “end” "
    "= play the whole rest at once and see the ranking; “quit” = leave the table.",
}
COMMON_EN = "Always: help, rules, table, hint, quit."
OUT_COMMON_EN = "Always: help, rules, table, quit."

# ------------------------------------------------------------------ the game's words in English
_TERMS = WORDS.terms
_NAMED = {"poker": 1, "carre": 1, "full": 2, "brelan": 1, "sequence": 5, "deux_paires": 2}
# An announcement as an English player types it (read back by read_announcement).
_TYPED_EN = {
    "poker": "five of a kind",
    "carre": "four of a kind",
    "full": "full house",
    "brelan": "three of a kind",
    "sequence": "straight",
    "deux_paires": "two pairs",
    "paire": "pair",
}
_COMBO_WORDS_EN = {
    **{typed: ident.replace("_", " ") for ident, typed in _TYPED_EN.items()},
    "two pair": "deux paires",
    "five": "poker",
    "four": "carre",
    "three": "brelan",
}
_COMBO_EN = re.compile(
    r"\s*(" + "|".join(sorted(_COMBO_WORDS_EN, key=len, reverse=True)) + r")(?![\w'’])",
    re.IGNORECASE,
)
# The faces' English names, and the words between them (« full house kings over queens »).
_FACE_WORDS_EN = {"ACE": "A", "ACES": "A", "KING": "K", "KINGS": "K", "QUEEN": "Q"}
_FACE_WORDS_EN |= {"QUEENS": "Q", "JACK": "J", "JACKS": "J", "TEN": "10", "TENS": "10"}
_FACE_WORDS_EN |= {"10S": "10", "NINE": "9", "NINES": "9", "9S": "9", "OF": "", "OVER": ""}
_FACE_WORDS_EN |= {"AND": ""}


def _term(key: str, **params: str) -> str | None:
    words = _TERMS.get(key)
    return None if words is None else words.en.format(**params)


def _code_params(code: str) -> tuple[str, dict[str, str]]:
    """A hand's or an announcement's code (« full K Q ») as the combination and the words its
    English name is filled with: the faces' names, the kickers, a straight's letters."""
    combo, *faces = code.split()

    def named(kind: str, i: int) -> str:
        if i >= len(faces):
            return ""
        return _term(f"{kind}.{faces[i]}") or faces[i]

    kickers = [_term(f"face.{f}") or f for f in faces[_NAMED.get(combo, 1) :]]
    params = {
        "a": named("faces", 0),
        "b": named("faces", 1),
        "de_a": named("de", 0),
        "kickers": ", ".join(kickers),
        "letters": "-".join(faces),
    }
    return combo, params


def hand_name_en(code: str) -> str:
    """A hand in English from its code, as the browser names it: « brelan A K Q » → « Three
    Aces (King, Queen) »."""
    combo, params = _code_params(code)
    return _term(f"hand.{combo}", **params) or code


def announcement_name_en(text: str) -> str:
    """An announcement in English from its text: « full K Q » → « Full house (Kings over
    Queens) »."""
    combo, params = _code_params(text)
    return _term(f"ann.{combo}", **params) or text


def typed_en(ann: Announcement) -> str:
    """An announcement as an English player types it: « three of a kind Q », « two pairs K J »."""
    return f"{_TYPED_EN[COMBO_ID[ann.combo]]} {format_faces(ann.faces, sort=False)}"


def english_faces(text: str) -> str:
    """Faces typed in English words made the notation: « king ten nine » → « K 10 9 » (the
    other words, the French ones too, are left as typed)."""
    words = text.split()
    if not any(w.upper().strip(",-") in _FACE_WORDS_EN for w in words):
        return text
    said = (_FACE_WORDS_EN.get(w.upper().strip(",-"), w) for w in words)
    return " ".join(w for w in said if w)


def read_faces(text: str) -> tuple[int, ...]:
    """Faces typed in the notation, in French words or in English ones."""
    return parse_faces(english_faces(text))


def read_announcement(text: str) -> Announcement:
    """An announcement typed in the engine's words (« brelan Q », « deux paires K Q »), in French
    (« brelan de dames ») or in English (« three of a kind Q », « three queens », « full house
    kings over queens », « two pairs K Q »)."""
    m = _COMBO_EN.match(text)
    if m:
        text = _COMBO_WORDS_EN[m.group(1).lower()] + " " + text[m.end() :].strip()
    return parse_announcement(english_faces(text))


def _pct_en(p: float | None) -> str:
    """``0.055`` → « 5.5% »: the English decimal point, no space before %."""
    return "—" if p is None else f"{100 * p:.1f}%"


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

    # ------------------------------------------------------------------ the table's words
    def _hand(self, french: str | None, code: str | None) -> str:
        """A hand as this table names it: the engine's French name, or in English the name of
        its code (labels.py); an event without a code keeps the French name."""
        if self.english and code:
            return hand_name_en(code)
        return french or ""

    def _ann(self, text: str, french: str | None = None) -> str:
        """An announcement as this table names it (« Full (Rois par Dames) », « Full house
        (Kings over Queens) »)."""
        if self.english:
            return announcement_name_en(text)
        return french if french is not None else parse_announcement(text).name_fr()

    def _typed(self, ann: Announcement) -> str:
        """An announcement with what to type for it: « Deux Paires (Rois et Valets) (tapez
        « deux paires K J ») » / « Two pairs (Kings and Jacks) (type “two pairs K J”) »."""
        if self.english:
            return f"{announcement_name_en(ann.text())} (type “{typed_en(ann)}”)"
        return _announcement(ann)

    def _pct(self, p: float | None) -> str:
        return _pct_en(p) if self.english else _pct(p)

    def _seats_en(self, seats: list[int]) -> str:
        """« you and Strong 2 », « Strong 1, Strong 2 and you »."""
        names = [self.seats.whom(s) for s in seats]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def _subject_en(self, seats: list[int]) -> str:
        """The seats as a sentence's subject: « You », « Strong 1 and you »."""
        said = self._seats_en(seats)
        return said[:1].upper() + said[1:]

    def _rules(self) -> None:
        self.print_text(self.t(RULES, RULES_EN))

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
        title = f"Manche {view['round']}{of} — mise {view['stake']}, pot {view['pot']}"
        if self.english:
            of = f" of {view['max_rounds']}" if view.get("max_rounds") else ""
            title = f"Round {view['round']}{of} — stake {view['stake']}, pot {view['pot']}"
        table = Table(title=title, title_style="bold")
        heads = ("Joueur", "Jetons", "Dés", "Lancers", "Combinaison")
        for col in ("Player", "Tokens", "Dice", "Throws", "Hand") if self.english else heads:
            table.add_column(col)
        codes = view.get("codes") or [None] * len(view["hands"])
        for s in view["order"]:
            mark = self.t(" (1er)", " (1st)") if s == view["first"] else ""
            mark += " ←" if s in view["to_move"] else ""
            table.add_row(
                self.names[s] + mark,
                str(view["tokens"][s]),
                dice_text(view["dice"][s]),
                str(view["throws"][s] or ""),
                self._hand(view["hands"][s], codes[s]),
            )
        self.console.print(table)
        best = view["best"]
        limit = view["limits"][self.seat]
        if self.seat != view["first"] and best:
            holders = ", ".join(self.names[s] for s in view["best_holders"])
            name = self._hand(best["name"], best.get("code"))
            if self.english:
                self.console.print(
                    f"To beat: [bold]{name}[/] ({holders}), in at most [bold]{limit}[/] "
                    f"{en.agree(limit or 0, 'throw', 'throws')}."
                )
                return
            many = "s" if limit and limit > 1 else ""
            self.console.print(
                f"À battre : [bold]{name}[/] ({holders}), en au plus [bold]{limit}[/] lancer{many}."
            )
        elif self.seat == view["first"]:
            if self.english:
                most = (
                    "as many throws as you like"
                    if limit is None
                    else f"at most {en.plural(limit, 'throw')}"
                )
                self.console.print(
                    f"You are the first player: {most}; the others will have at most as many "
                    "throws as you."
                )
                return
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
        best = view["best"]
        name = self._hand(best["name"], best.get("code")) if best else ""
        if self.english:
            most = "(no limit)" if limit is None else f"(at most {limit})"
            target = f" — to beat: [bold]{name}[/]" if best and seat != view["first"] else ""
            self.console.print(f"[dim]Throw {done} {most}[/]{target}")
            return
        most = "(sans limite)" if limit is None else f"(au plus {limit})"
        target = f" — à battre : [bold]{name}[/]" if best and seat != view["first"] else ""
        self.console.print(f"[dim]Lancer {done} {most}[/]{target}")

    def _show_liar(self, view: dict[str, Any]) -> None:
        title = self.t(
            f"Menteur — manche {view['round']}, pot {view['pot']}",
            f"Liar's Poker d'As — round {view['round']}, pot {view['pot']}",
        )
        table = Table(title=title, title_style="bold")
        heads = ("Joueur", "Jetons", "Cette manche")
        for col in ("Player", "Tokens", "This round") if self.english else heads:
            table.add_column(col)
        said: dict[int, list[str]] = {}
        for entry in view["history"]:
            words = said.setdefault(entry["seat"], [])
            if "rethrow" in entry:
                k = entry["rethrow"]
                words.append(
                    self.t(f"relance {plural(k, 'dé')}", f"re-threw {en.plural(k, 'die', 'dice')}")
                )
            elif "announcement" in entry:
                words.append(self._ann(entry["announcement"]))
            elif "accept" in entry:
                words.append(self.t("accepte", "accepted"))
        for s in range(view["players"]):
            if view["eliminated"][s]:
                note = self.t("éliminé", "eliminated")
            else:
                note = ", ".join(said.get(s, []))
                if s == view["holder"]:
                    note = (note + " — " if note else "") + self.t(
                        "tient le cornet", "holding the cup"
                    )
            opens = self.t(" (ouvre)", " (opens)")
            mark = opens if s == view["first"] and not view["eliminated"][s] else ""
            table.add_row(self.names[s] + mark, str(view["tokens"][s]), note)
        self.console.print(table)
        if view["announcement_name"]:
            name = self._ann(view["announcement"], view["announcement_name"])
            who = self.names[view["announcer"]]
            self.console.print(
                self.t(
                    f"Annonce en cours : [bold]{name}[/] ({who}).",
                    f"Current announcement: [bold]{name}[/] ({who}).",
                )
            )
        if view.get("passed") and not view["cup"]:
            passed = self.t("Vous aviez passé : ", "You passed on: ")
            self.console.print(Text(passed).append_text(dice_text(view["passed"])))
        if view["cup"]:
            hand = evaluate(parse_faces(view["cup"]), True)
            under = self.t(
                "Sous le cornet (vous seul les voyez) : ", "Under the cup (only you see them): "
            )
            line = Text(under).append_text(dice_text(view["cup"]))
            self.console.print(line.append(f"  → {self._hand(hand.name_fr(), hand.code)}"))
        if view["phase"] == "respond" and self.seat in view["to_move"]:
            if view["first"] == self.seat:
                taker = self.names[view["announcer"]]
                self.console.print(
                    self.t(
                        f"Vous avez ouvert la manche : si vous acceptez, le tour est "
                        f"complet et {taker} prend le pot ({view['pot']}).",
                        f"You opened the round: if you accept, the cup has gone all the way "
                        f"round and {taker} takes the pot ({view['pot']}).",
                    )
                )
            else:
                self.console.print(
                    self.t(
                        "Si vous acceptez, vous prenez le cornet et devez annoncer plus haut.",
                        "If you accept, you take the cup and must announce higher.",
                    )
                )

    # ------------------------------------------------------------------ asking
    def ask(
        self, prompt: str, view: dict[str, Any], helpkey: str, answers: Answers | None = None
    ) -> str | None:
        """One line from the person; None when it was a command handled here (``answers``:
        lines taken as answers even when they spell a command word)."""
        help_ = self.t(HELP[helpkey] + "\n" + COMMON, HELP_EN[helpkey] + "\n" + COMMON_EN)
        return self.read(
            prompt,
            {
                "aide help ? h": lambda: self.console.print(help_),
                "regles rules": self._rules,
                "table t": lambda: self.show(view, full=True),
                "conseil c advice hint": lambda: self.advise(view),
            },
            answers,
        )

    def advise(self, view: dict[str, Any]) -> None:
        """« conseil »: the perfect bot's choice and the win probability of each choice."""
        if view["menteur"]:
            return self._advise_liar(view)
        if view["phase"] != "throw":
            self.console.print(
                self.t(
                    "Conseil : lancez les dés (le coup sec est un seul lancer).",
                    "Hint: throw the dice (the dry throw is a single throw).",
                )
            )
            return
        if view["dice"][self.seat] is None:
            return self._advise_first_throw(view)
        a = base_advice(view)
        stop, throw = self._pct(a["stop_value"]), self._pct(a["throw_value"])
        if self.english:
            what = (
                "your chances of winning the round"
                if self.seat == view["first"]
                else "your chances of beating the best hand (a tie counts ½)"
            )
            choice = "stop" if a["stop"] else "throw again"
            if not a["stop"] and a["reroll"]:
                choice = f"throw {format_faces(a['reroll'])} again"
            self.console.print(
                f"The strong bot's hint: [bold]{choice}[/]. {_cap(what)}: stopping {stop}, "
                f"throwing again {throw}."
            )
            return
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
            f"en vous arrêtant {stop}, en relançant {throw}."
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
            what = self.t(
                "vos chances de gagner la manche en jouant parfaitement",
                "your chances of winning the round playing perfectly",
            )
        else:
            best = view["best"]
            target = S.hand_rank(hand_of(best), joker)
            if whole:
                chance = S.whole_follower(target, joker, limit)[0]
            else:
                beat, tie = S.follower_outcome(target, joker, limit, False)
                chance = beat + tie / 2
            name = self._hand(best["name"], best.get("code"))
            what = self.t(
                f"vos chances de battre {name} (égalité comptée ½)",
                f"your chances of beating {name} (a tie counts ½)",
            )
        self.console.print(
            self.t(
                f"Conseil : lancez les dés ! {_cap(what)} : {_pct(chance)}.",
                f"Hint: throw the dice! {_cap(what)}: {_pct_en(chance)}.",
            )
        )

    def _advise_liar(self, view: dict[str, Any]) -> None:
        """The menteur bot's reading of the situation (it watched what you saw)."""
        if self.liar_advice is None:
            self.console.print(
                self.t("Conseil : rien à décider maintenant.", "Hint: nothing to decide now.")
            )
            return
        action, why = self.liar_advice
        p = self.console.print
        pct = self._pct
        if view["phase"] == "respond":
            claim = self._ann(view["announcement"], view["announcement_name"])
            who = self.seats.whom(view["announcer"])
            if self.english:
                verdict = "call “Bluff!”" if action["type"] == "bluff" else "accept"
                p(
                    f"The liar bot's hint: [bold]{verdict}[/]. “{claim}”: from what you know of "
                    f"the dice, a {pct(why['belief'])} chance that they are there; given how "
                    f"{who} has announced so far, {pct(why['truth'])} that the announcement is "
                    f"true. Below {pct(min(1.0, why['threshold']))}, “Bluff!” pays more than "
                    "accepting."
                )
                if action["type"] == "accept" and view["first"] != self.seat:
                    p(
                        "If you accept, you could announce higher without lying with a "
                        f"probability of {pct(why['top_chance'])}."
                    )
                return
            verdict = "« Bluff ! »" if action["type"] == "bluff" else "accepter"
            p(
                f"Conseil du bot menteur : [bold]{verdict}[/]. « {claim} » : d'après ce que vous "
                f"savez des dés, {pct(why['belief'])} de chances qu'ils y soient ; compte tenu de "
                f"la façon d'annoncer de {who} jusqu'ici, {pct(why['truth'])} que l'annonce soit "
                f"vraie. En dessous de {pct(min(1.0, why['threshold']))}, « Bluff ! » rapporte "
                "plus qu'accepter."
            )
            if action["type"] == "accept" and view["first"] != self.seat:
                p(
                    f"En acceptant, vous pourriez annoncer plus haut sans mentir avec une "
                    f"probabilité de {pct(why['top_chance'])}."
                )
            return
        if why.get("rethrow"):
            kept = format_faces(why["kept"])
            p(
                self.t(
                    f"Conseil du bot menteur : [bold]relancer {action['dice']}[/] (garder "
                    f"{kept or 'aucun dé'}) pour avoir une annonce vraie plus forte.",
                    f"The liar bot's hint: [bold]re-throw {action['dice']}[/] (keep "
                    f"{kept or 'no die'}) for a stronger true announcement.",
                )
            )
            return
        names = L.ANNOUNCEMENTS
        best_true, best_lie = why["best_true"], why["best_lie"]
        if best_true is None:
            lie = self._typed(names[best_lie])
            believed = pct(why["believed"][best_lie])
            p(
                self.t(
                    "Conseil du bot menteur : aucune annonce vraie au-dessus de l'annonce en "
                    f"cours — bluffez avec [bold]{lie}[/], crue à {believed} par le joueur "
                    "suivant.",
                    "The liar bot's hint: no true announcement above the current one — bluff "
                    f"with [bold]{lie}[/], which the next player believes {believed} of the "
                    "time.",
                )
            )
            return
        truth = self._typed(names[best_true])
        line = self.t(
            f"Conseil du bot menteur : annonce vraie [bold]{truth}[/]",
            f"The liar bot's hint: the true announcement [bold]{truth}[/]",
        )
        if "frequency" in why:
            lie, often = self._typed(names[best_lie]), pct(why["frequency"])
            line += self.t(
                f" ; un bluff, {lie}, vaudrait plus : le bot le "
                f"tente {often} du temps, la fréquence qui rend le joueur "
                "suivant indifférent entre croire et dire « Bluff ! »",
                f"; a bluff, {lie}, would be worth more: the bot tries it {often} of the time, "
                "the frequency that leaves the next player indifferent between believing it and "
                "calling “Bluff!”",
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
            text = self.ask(
                self.t("Coup sec : Entrée pour lancer › ", "Dry throw: Enter to throw › "),
                view,
                "coup_sec",
            )
            return None if text is None else self._throw_word(text)
        if phase == "throw":
            return self._throw_choice(view, legal)
        if phase == "announce":
            return self._announce(view)
        if phase == "respond":
            can = any(a["type"] == "accept" for a in legal)
            prompt = (
                "Accepter (a) ou « Bluff ! » (b) › " if can else "Poker d'As : « Bluff ! » (b) › "
            )
            if self.english:
                prompt = "Accept (a) or “Bluff!” (b) › " if can else "Five Aces: “Bluff!” (b) › "
            text = self.ask(prompt, view, "respond")
            if text is None:
                return None
            low = text.lower()
            if low in {"b", "bluff", "bluff !", "bluff!"}:
                return {"type": "bluff"}
            if low in {"a", "accepter", "accept", "o", "oui", "y", "yes"}:
                if self.english and not can:  # the engine's English names « Poker d'As »
                    raise IllegalAction(
                        "le Poker d'As ne peut pas être dépassé : il faut dire « Bluff ! »",
                        "Five Aces cannot be beaten: call “Bluff!”",
                    )
                return {"type": "accept"}
            raise IllegalAction(
                "répondez « a » (accepter) ou « b » (Bluff !)", "answer a (accept) or b (Bluff!)"
            )
        raise IllegalAction("rien à jouer maintenant", "nothing to play now")

    def _announce(self, view: dict[str, Any]) -> Action | None:
        """An announcement, or « r … » a re-throw under the cup (menteur)."""
        left = view["rethrows_left"]
        prompt = f"Votre annonce{f' (ou « r … » : {left} relance)' if left else ''} › "
        if self.english:
            more = f" (or “r …”: {en.plural(left, 're-throw')} left)" if left else ""
            prompt = f"Your announcement{more} › "
        text = self.ask(prompt, view, "announce")
        if text is None:
            return None
        if text.lower().startswith("r "):
            if not left:
                raise IllegalAction(
                    "vous n'avez plus de relance dans cette manche : annoncez",
                    "no re-throw left in this round: announce",
                )
            return {"type": "rethrow", "dice": format_faces(read_faces(text[2:]))}
        try:
            ann = read_announcement(text)
        except NotationError as exc:
            if self.english:
                raise NotationError(exc.fr, _announcement_error_en(exc.en, text)) from None
            raise
        current = view.get("announcement")
        if self.english and current and not ann > parse_announcement(current):
            # The engine's English names both by their codes (« paire A »): say their names.
            raise IllegalAction(
                f"il faut annoncer plus que « {view['announcement_name']} » "
                f"(« {ann.name_fr()} » ne suffit pas)",
                f"announce more than “{announcement_name_en(current)}” "
                f"(“{announcement_name_en(ann.text())}” is not)",
            )
        return {"type": "announce", "announcement": ann.text()}

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
        codes = view.get("codes")
        hand = self._hand(view["hands"][self.seat], codes[self.seat] if codes else None)
        line = Text(
            self.t(
                f"Après {plural(n, 'lancer')}, le bot parfait conseille de s'arrêter sur ",
                f"After {en.plural(n, 'throw')}, the strong bot advises stopping on ",
            )
        )
        line.append_text(dice_text(view["dice"][self.seat]))
        self.console.print(
            line.append(self.t(f" ({hand}) : à vous de décider.", f" ({hand}): your call."))
        )
        return None

    def _throw_choice(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        dice = view["dice"][self.seat]
        if dice is None:
            text = self.ask(
                self.t("Entrée pour lancer les dés › ", "Enter to throw the dice › "),
                view,
                "throw",
            )
            if text is not None and text.strip().lower() in {"auto", "automatique"}:
                self.auto = self._turn_key(view)  # the first throw is the whole cup
                return {"type": "throw"}
            return None if text is None else self._throw_word(text)
        kept = not view["relance_totale"]
        prompt = (
            "Dés à relancer (« K 9 », « 1 4 » ; Entrée = les cinq) ou s'arrêter (s) › "
            if kept
            else "Relancer (l) ou s'arrêter (s) › "
        )
        if self.english:
            prompt = (
                "Dice to throw again (“K 9”, “1 4”; Enter = all five) or stop (s) › "
                if kept
                else "Throw again (Enter) or stop (s) › "
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
            return self._auto(view)  # None: the bot would stop here, _auto has said so
        if not kept:
            if low in {"", "l", "lancer", "relancer", *THROW_WORDS_EN}:
                return {"type": "throw"}
            raise IllegalAction(
                "tapez « l » (relancer) ou « s » (s'arrêter)",
                "press Enter (throw again) or type s (stop)",
            )
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
        if low in {"", "l", "tout", "lancer", "all", *THROW_WORDS_EN}:  # Entrée, as the help
            return {"type": "throw", "reroll": format_faces(parse_faces(dice))}  # says: all
        return {"type": "throw", "reroll": format_faces(read_faces(text))}

    def _throw_word(self, text: str) -> Action:
        """The first throw of a turn (or a coup sec): Entrée or « l »; anything else is
        refused (a typo such as « quiter » used to throw the dice)."""
        if text.strip().lower() in {"", "l", "lancer", *THROW_WORDS_EN}:
            return {"type": "throw"}
        raise IllegalAction(
            f"« {text} » : appuyez sur Entrée (ou tapez « l ») pour lancer les dés",
            f"“{text}”: press Enter to throw the dice",
        )

    # ------------------------------------------------------------------ telling
    def _who(self, seat: int) -> str:
        return self.seats.who(seat)

    def _says(self, seat: int, third: str, second: str) -> str:
        """« Parfait 1 accepte » / « Vous acceptez » (« Strong 1 accepts » / « You accept »)."""
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
                self.console.print(
                    self.t(
                        "Vous êtes éliminé : les bots finissent la partie.",
                        "The bots finish the game.",  # after « You are eliminated. »
                    )
                )

    # ------------------------------------------------------------------ once eliminated
    def _watch(self, number: int, view: dict[str, Any]) -> bool:
        """Round ``number`` starts and this seat is out: whether to show it. Asks, round by
        round, to watch it, to play the rest at once (« fin »), or to leave (« quitter »)."""
        if self.fast is not None:
            if number - self.fast < FAST_ROUNDS:
                return False
            n = number - self.fast
            self.console.print(
                self.t(
                    f"Les bots jouent encore après {n} manches d'un coup.",
                    f"The bots are still playing after {en.plural(n, 'round')} played at once.",
                )
            )
            self.fast = None
        help_ = self.t(HELP["out"] + "\n" + OUT_COMMON, HELP_EN["out"] + "\n" + OUT_COMMON_EN)
        while True:
            try:
                text = self.read(
                    self.t(OUT_PROMPT, OUT_PROMPT_EN),
                    {
                        "aide help ? h": lambda: self.console.print(help_),
                        "regles rules": self._rules,
                        "table t": lambda: self.show(view, full=True),
                    },
                )
            except Quit:
                self.console.print(self.t("Vous quittez la table.", "You leave the table."))
                raise
            if text is None:
                continue
            if text == "":
                return True
            if text.lower() in OUT_WORDS:
                self.fast = number
                self.console.print(
                    self.t(
                        "[dim]Les bots jouent la fin de la partie d'un coup…[/]",
                        "[dim]The bots play the rest of the game at once…[/]",
                    )
                )
                return False
            typed = escape(text)
            self.console.print(
                self.t(
                    f"[red]✗ « {typed} » : tapez Entrée (regarder la manche suivante), "
                    "« f » (la fin d'un coup) ou « quitter ».[/]",
                    f"[red]✗ “{typed}”: press Enter (watch the next round), type “end” (the "
                    "rest at once) or “quit”.[/]",
                )
            )

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
        if self.english:
            return self._tell_one_en(e, view)
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
            if not self._throw_shown(e):
                return
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

    def _throw_shown(self, e: Event) -> bool:
        """A throw event: keeps its dice, waits at a bot's pace, and says whether to print it
        (a bot's throws after SHOWN_THROWS are summed up by its stop)."""
        self.last_dice[e["seat"]] = e["dice"]
        quiet = e["seat"] != self.seat or self.auto is not None
        if quiet and not e.get("coup_sec") and e["throws"] > SHOWN_THROWS:
            if e["throws"] == SHOWN_THROWS + 1:
                self.console.print(
                    self.t(
                        f"[dim]{self._who(e['seat'])} — les lancers suivants ne sont pas "
                        "détaillés…[/]",
                        f"[dim]{self._who(e['seat'])} — the next throws are not shown…[/]",
                    )
                )
            return False
        if e["seat"] != self.seat and not e.get("coup_sec"):
            wait = throw_pace(e["throws"] - 1)  # the pace of State.bot_pace
            if wait:
                self.sleep(wait)
        return True

    def _tell_one_en(self, e: Event, view: dict[str, Any]) -> None:
        """An event said at an English table (the sentences of ``_tell_one``)."""
        p = self.console.print
        kind = e["type"]
        hand = self._hand(e.get("hand"), e.get("code"))
        if kind == "draw_first":
            p(f"The lot picks {self.seats.whom(e['seat'])} to start.")
        elif kind == "round_start":
            of = f" of {view['max_rounds']}" if view.get("max_rounds") else ""
            p(
                f"\n[bold]Round {e['number']}{of}[/] — first player: {self._who(e['first'])}"
                + (f", pot {e['pot']}." if "pot" in e else ".")
            )
        elif kind == "throw":
            if not self._throw_shown(e):
                return
            what = "dry throw" if e.get("coup_sec") else f"throw {e['throws']}"
            kept = f" (kept {e['kept']})" if e.get("kept") else ""
            p(
                Text(f"{self._who(e['seat'])} — {what}{kept}: ")
                .append_text(dice_text(e["dice"]))
                .append(f"  → {hand}")
            )
        elif kind == "stop":
            n = e["throws"]
            who = self._says(e["seat"], "stops", "stop")
            most = ", the limit" if e.get("forced") else ""
            line = Text(f"{who} on {hand} ({en.plural(n, 'throw')}{most})")
            if n > SHOWN_THROWS and e["seat"] in self.last_dice:
                line.append(": ").append_text(dice_text(self.last_dice[e["seat"]]))
            p(line.append("."))
        elif kind == "coup_sec":
            p(f"[bold]Exact tie[/]: a dry throw between {self._seats_en(e['seats'])}.")
        elif kind == "round_won":
            take = "take" if e["seat"] == self.seat else "takes"
            pot = en.plural(e["pot"], "token")
            p(
                f"[bold green]{self._says(e['seat'], 'wins', 'win')} the round[/] with {hand} "
                f"and {take} the pot ({pot})."
            )
        elif kind == "eliminated":
            out, seats = self._subject_en(e["seats"]), e["seats"]
            are = "is" if len(seats) == 1 and not self.seats.you(seats[0]) else "are"
            p(f"[red]{out} {are} eliminated.[/]")
        elif kind == "cup_throw":
            p(f"{self._says(e['seat'], 'throws', 'throw')} the dice under the cup.")
        elif kind == "rethrow":
            who, k = self._says(e["seat"], "re-throws", "re-throw"), e["count"]
            p(f"{who} {en.plural(k, 'die', 'dice')} under the cup.")
        elif kind == "announce":
            name = self._ann(e["announcement"])
            p(f"{self._says(e['seat'], 'announces', 'announce')}: [bold]{name}[/].")
        elif kind == "accept":
            p(f"{self._says(e['seat'], 'accepts', 'accept')}.")
        elif kind == "pot_won":
            who = self._says(e["seat"], "takes", "take")
            p(f"The cup has gone all the way round: {who} the pot ({e['pot']}).")
        elif kind == "bluff":
            claim = self._ann(e["announcement"])
            verdict = (
                f"at least “{claim}”: the announcement was true"
                if e["true"]
                else f"less than “{claim}”: the announcement was false"
            )
            says = self._says(e["seat"], "calls", "call")
            p(
                Text(f"{says} “BLUFF!” The dice: ", style="bold yellow")
                .append_text(dice_text(e["dice"]))
                .append(f" → {hand}, {verdict}.")
            )
            pays = self._says(e["payer"], "pays", "pay")
            if e["true"]:
                p(f"{pays} 1 token into the pot.")
            else:
                p(f"{pays} 1 token to {self.seats.whom(e['seat'])}.")
        elif kind == "game_over":
            p("[bold]Game over.[/]")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        out = view["eliminated"]
        out_word = self.t("éliminé", "eliminated")
        self.console.print(
            ranking(
                result,
                self.names,
                self.t("Jetons", "Tokens"),
                lambda s: out_word if out[s] else "",
                lang=self.lang,
            )
        )
        if self.english:
            winners = list(result.winners)
            if len(winners) == 1:
                who = self._says(winners[0], "wins", "win")
            else:
                who = self._subject_en(winners) + " win"
            self.console.print(f"{who}: {result.reason_en}.")
            return
        self.console.print(
            f"{', '.join(self._who(s) for s in result.winners)} : {result.reason_fr}."
        )


__all__ = ["PokerDasTerminal", "dice_text", "hand_of"]

THROW_WORDS_EN = {"throw", "roll", "again"}  # throw the dice, at both tables


def _announcement_error_en(said: str, text: str) -> str:
    """The engine's English refusal of a typed announcement, with its French combination names
    (« Brelan is announced with… ») and examples (« brelan Q ») in English."""
    if said.startswith("unreadable announcement"):
        return (
            f"unreadable announcement: “{text}” (e.g. “full house K Q”, “three of a kind Q”, "
            "“pair K”)"
        )
    for ident in _TYPED_EN:
        french = _TERMS[f"combo.{ident}"].fr
        if said.startswith(french + " ") or said.startswith(french + ":"):
            name = _TERMS[f"combo.{ident}"].en
            said = name + said[len(french) :]
            break
    return said.replace(" 1 face(s)", " one face").replace(" face(s)", " faces")


def _faces(text: str) -> bool:
    """Is ``text`` dice faces (« Q », « K 9 », « t », « king »)?"""
    try:
        return bool(read_faces(text))
    except NotationError:
        return False
