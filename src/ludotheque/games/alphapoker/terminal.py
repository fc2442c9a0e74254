"""AlphaPoker in the terminal: the table drawn with rich, prompts in French or in English
(``--lang en``), short commands.

It turns what a person types into protocol actions and the engine's public events into
sentences; every rule decision stays in the engine (rules.py). The English table names the game
as the browser does (« entame » is the opener, « je suis » follow, « pour voir » to see,
« abattage » the showdown); the French words played and the themes stay French: they are the
game. Both tables understand the typed answers of both languages (« s » or « y » to follow,
« p » or « f » to fold).
"""

from __future__ import annotations

import re
from itertools import islice
from typing import Any

from rich.table import Table
from rich.text import Text

from ludotheque.cards.letters import (
    JOKER,
    assign,
    card_label,
    parse_hand,
    parse_played,
    parse_word,
)
from ludotheque.engine.errors import IllegalAction, NotationError
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.alphapoker.bots import theme_plays
from ludotheque.games.alphapoker.scoring import WordCheck, WordJudge
from ludotheque.lexicon import Lexicon, fold, load
from ludotheque.lexicon import themewords as TW
from ludotheque.lexicon.frequency import frequency
from ludotheque.lexicon.judge import SCORED, Decision
from ludotheque.lexicon.search import best_words
from ludotheque.term import Answers, Terminal, english, plural, without_rule_ids
from ludotheque.term.french import agree
from ludotheque.term.prompt import QUIT_WORDS, command_word
from ludotheque.term.render import card_chip, ranking

RULES = """[bold]AlphaPoker en bref[/]
• Chaque main : ante de 5 PM, puis des tours de change (on écarte et on repioche autant
  de cartes), puis une seule mise menée par l'[bold]entame[/] (le joueur à gauche du donneur).
• L'entame ouvre de 1 à 15 PM ou se couche ; les autres disent « je suis » (payer) ou se
  couchent. L'entame peut ensuite relancer (jusqu'à 15), s'arrêter (abattage) ou se coucher.
  « Pour voir » : après les réponses, abattage sans autre relance ; miser 15 est toujours
  « pour voir ». Qui ne peut pas payer est éliminé.
• Abattage : chacun pose un mot français (3 lettres ou plus) avec ses cartes, dans l'ordre ;
  un joker remplace la lettre de votre choix. Compte = points de longueur (3→3, 4→5, 5→8,
  6→12, 7→17, 8→23, 9→30) + valeurs des lettres, [bold]doublé si toutes les cartes sont de la
  même couleur[/]. Noms, adjectifs, adverbes, infinitifs et participes ; pas de verbes
  conjugués ni de pronoms. Le meilleur compte prend le pot ; égalité : partage.
• 10 mains ; le plus riche gagne (égalité : main de départage). Moins de 5 PM : éliminé."""

# The same summary in English, for the browser's rules page in English (games/docs.py).
RULES_EN = """[bold]AlphaPoker in brief[/]
• Each hand: an ante of 5 PM, then rounds of change (discard and draw as many cards), then a
  single bet led by the [bold]opener[/] (the player on the dealer's left).
• The opener bets 1 to 15 PM or folds; the others follow (“je suis”: pay) or fold. The
  opener may then raise (up to 15), stop (showdown) or fold. “Pour voir” (to see): after the
  answers, showdown with no further raise; a bet of 15 is always “pour voir”. Whoever cannot
  pay is out.
• Showdown: each lays a French word (3 letters or more) with their cards, in turn; a joker
  stands for the letter of your choice. Count = length points (3→3, 4→5, 5→8, 6→12, 7→17,
  8→23, 9→30) + letter values, [bold]doubled if all the cards are of the same colour[/].
  Nouns, adjectives, adverbs, infinitives and participles; no conjugated verbs, no pronouns.
  The best count takes the pot; a tie splits it.
• 10 hands; the richest wins (a tie: a deciding hand). Under 5 PM: out."""

HELP: dict[str, str] = {
    "change": "Tapez les cartes à écarter : leurs numéros (« 1 4 ») ou les cartes comme elles "
    "sont affichées (« A♦ E♣ », ou « Ar Eb » : r rouge, b noir) ; Entrée seule = ne rien changer.",
    "entame": "Ouvrir/relancer : un nombre (« 5 »), suivi de « v » pour « pour voir » (« 5v ») ; "
    "« c » = s'arrêter (abattage) quand c'est possible ; « p » = se coucher.",
    "follow": "« s » = « je suis » (payer la différence) ; « p » = se coucher.",
    "showdown": "Tapez votre mot (« chat ») ou ses cartes dans l'ordre (« Cr Hr Ar Tr », "
    "joker : « *r(=O) ») ; Entrée seule = aucun mot. « meilleur » montre vos meilleurs mots.",
    "judge": "Répondez o (accepter) ou n (refuser) pour chaque mot.",
}
HELP |= dict.fromkeys(("open", "raise", "between", "between_raise"), HELP["entame"])
COMMON = "Toujours : aide, regles, table, meilleur (vos meilleurs mots), quitter."
HELP_EN = {
    "change": "Type the cards to discard: their numbers (“1 4”) or the cards as they are shown "
    "(“A♦ E♣”, or “Ar Eb”: r red, b black); Enter alone (or “none”) = change nothing.",
    # The opener's three situations (« entame » is the French help of all three).
    "open": "Open: type the amount (“5” or “open 5”); add v to bet “to see” (“5v”: the "
    "showdown comes after the answers, with no raise); “f” = fold.",
    "raise": "Raise: type the new level (“7” or “raise 7”); add v to raise “to see” (“7v”: "
    "the showdown comes after the answers, with no further raise); “c” (or “call”, “stop”) = "
    "no raise: showdown now; “f” = fold.",
    "between": "Bet: type the amount (“3” or “bet 3”); “c” (or “check”) = no bet: on to the "
    "next change; “f” = fold.",
    "between_raise": "Raise: type the new level (“3” or “raise 3”); “c” (or “check”) = no "
    "raise: on to the next change; “f” = fold.",
    "follow": "“y” = follow (pay the difference); “f” = fold.",
    "showdown": "Type your word (“chat”) or its cards in order (“Cr Hr Ar Tr”, joker: "
    "“*r(=O)”); Enter alone = no word. “best” shows your best words.",
    "judge": "Answer y (yes: accept) or n (no: refuse) for each word.",
}
COMMON_EN = "Always: help, rules, table, best (your best words), quit."
# What each seat's status column says (« en jeu » is the one drawn plain).
STATUS = {
    "out": ("éliminé", "eliminated"),
    "folded": ("couché", "folded"),
    "in": ("en jeu", "in play"),
    "idle": ("hors main", "out of the hand"),
}
FOLLOW = frozenset({"s", "suis", "je suis", "o", "oui", "suivre", "follow", "y", "yes", "call"})
FOLD = frozenset({"p", "passe", "couche", "fold", "n", "non", "f", "no"})
# The judge's answers (R43), accents folded: « accepté » is « accepte ».
ACCEPT = frozenset(
    {"o", "oui", "ouais", "y", "yes", "yeah", "yep", "ok", "accept", "accepte", "accepter"}
)
REFUSE = frozenset({"n", "non", "no", "nope", "refuse", "refuser"})
# « Change nothing » at the change, beside Enter alone (« 0 »: the prompt's « 0 to 4 »).
KEEP_ALL = frozenset(
    {"none", "keep", "nothing", "0", "-", "aucune", "aucun", "rien", "garder", "garde"}
)
# The opener's words: « c » checks (between changes) or stops (the showdown: R17), whatever
# the table's language; a bet may name its verb (« open 5 », « relance à 7 », « mise 5v »).
CHECK = frozenset(
    {"c", "check", "call", "stop", "parole", "arret", "arrete", "showdown", "abattage"}
)
BET = re.compile(
    r"(?:(?:open|bet|raise|ouvre|ouvrir|mise|miser|relance|relancer)"
    r"(?:\s*(?:with|at|to|a|de))?\s*)?"
    r"(\d+)\s*(v|pour\s*voir|see|to\s*see)?"
)


def card_text(card: str, letter: str | None = None) -> Text:
    return card_chip(card_label(card, letter), card[1])


def cards_text(cards: list[str], numbered: bool = False) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if numbered:
            out.append(f"{i + 1}:", style="dim")
        out.append_text(card_text(card))
        out.append(" ")
    return out


def note_en(decision: Decision) -> str:
    """What a hint says of a word, in English: « relatedness 0.82, 98 per million » (the twin
    of ``themewords.note_fr``)."""
    if decision.source in SCORED and decision.score is not None:
        judged = f"relatedness {decision.score:.2f}"
    else:
        judged = decision.reason_en
    per_million = frequency(decision.word)
    if per_million < TW.FAMILIAR:
        return f"{judged}, rare word"
    shown = f"{per_million:.0f}" if per_million >= 10 else f"{per_million:.1f}"
    return f"{judged}, {shown} per million"


def and_list(names: list[str]) -> str:
    """« you, Strong 1 and Strong 2 »."""
    *some, last = names
    return f"{', '.join(some)} and {last}" if some else last


def word_text(cards_notation: str) -> Text:
    out = Text()
    for p in parse_word(cards_notation):
        out.append_text(card_text(p.card, p.letter if p.is_joker else None))
    return out


class AlphaPokerTerminal(Terminal):
    # ------------------------------------------------------------------ drawing
    def show(self, view: dict[str, Any]) -> None:
        c = self.console
        hand_no = view["hand_number"]
        title = (
            self.t(f"Main de départage {hand_no}", f"Tie-break hand {hand_no}")
            if view["extra_hand"]
            else self.t("Main", "Hand") + f" {hand_no}/{view['hands_per_game']}"
        )
        table = Table(title=title, title_style="bold", expand=False)
        heads = ("Player", "Capital", "Bet", "Changes", "Status")
        for col in heads if self.english else ("Joueur", "Capital", "Mise", "Changes", "État"):
            table.add_column(col)
        for s in range(view["players"]):
            marks = []
            if s == view["dealer"]:
                marks.append(self.t("donneur", "dealer"))
            if s == view["entame"]:
                marks.append(self.t("entame", "opener"))
            key = (
                "out"
                if view["eliminated"][s]
                else "folded"
                if view["folded"][s]
                else "in"
                if view["in_hand"][s]
                else "idle"
            )
            changes = " ".join(str(r[s]) for r in view["changes"] if r[s] is not None) or "–"
            name = self.names[s] + (f" ({', '.join(marks)})" if marks else "")
            style = "bold" if s == self.seat else ("dim" if key != "in" else "")
            turn = "▶ " if s in view["to_move"] else "  "
            table.add_row(
                turn + name,
                f"{view['capitals'][s]} PM",
                str(view["contributions"][s]),
                changes,
                self.t(*STATUS[key]),
                style=style,
            )
        c.print(table)
        pot, level, cap = view["pot"], view["level"], view["cap"]
        line = self.t(
            f"Pot : [bold]{pot} PM[/] — niveau : {level} PM (plafond {cap})",
            f"Pot: [bold]{pot} PM[/] — bet level: {level} PM (cap {cap})",
        )
        if view["pour_voir"]:
            line += self.t(" — « pour voir »", " — “to see”")
        if view["phase"] == "change":
            rounds = f"{view['change_round']}/{view['change_rounds']}"
            line += self.t(f" — tour de change {rounds}", f" — change round {rounds}")
        c.print(line)
        if view.get("theme"):
            theme = view["theme"]
            c.print(
                self.t(
                    f"Thème : « {theme} » — un mot montré doit y appartenir, sinon il compte 0 "
                    "(jugé par les autres joueurs).",
                    f"Theme: “{theme}” — a word shown must belong to it, or it counts 0 "
                    "(judged by the other players).",
                )
            )
        if view.get("declared"):
            for s, d in view["declared"].items():
                self._say_word(int(s), d)
        if view.get("hand"):
            mine = Text(self.t("Votre main : ", "Your hand: "))
            c.print(mine.append_text(cards_text(view["hand"], numbered=True)))

    def _say_word(self, seat: int, d: dict[str, Any]) -> None:
        name = self.names[seat]
        if not d["cards"]:
            self.console.print(self.t(f"  {name} : aucun mot", f"  {name}: no word"))
            return
        line = Text(self.t(f"  {name} : ", f"  {name}: ")).append_text(word_text(d["cards"]))
        line.append(f"  {d['word']} = {d['score']} pts")
        if not d["admitted"] or d["score"] == 0:
            reason = self.t(d["reason"], d.get("reason_en") or d["reason"])
            line.append(f" ({without_rule_ids(reason)})", style="yellow")
        self.console.print(line)

    # ------------------------------------------------------------------ asking
    def ask(
        self, prompt: str, view: dict[str, Any], helpkey: str, answers: Answers | None = None
    ) -> str | None:
        """One line from the person; None when it was a command handled here (``answers``:
        lines taken as answers even when they spell a command word)."""
        said = self.t(HELP[helpkey], HELP_EN[helpkey]) + "\n" + self.t(COMMON, COMMON_EN)
        commands = {
            "aide help ? h": lambda: self.console.print(said),
            "regles rules": lambda: self.print_text(self.t(RULES, RULES_EN)),
            "table t": lambda: self.show(view),
        }
        if view.get("hand"):
            commands["meilleur meilleurs best hint"] = lambda: self._show_best(view["hand"], view)
        return self.read(prompt, commands, answers)

    def _show_best(self, hand: list[str], view: dict[str, Any], limit: int = 5) -> None:
        opts = view["options"]
        lex = load("alphapoker", compound=opts["compound_words"])
        if view.get("theme"):
            self._show_best_themed(view, lex, limit)
            return
        plays = best_words(hand, lex, opts["simplified_counting"], limit=limit, decent=True)
        if not plays:
            self.console.print(
                self.t(
                    "Aucun mot possible avec ces cartes.", "No word can be made with these cards."
                )
            )
        for p in plays:
            cards = " ".join(str(c) for c in p.cards)
            self.console.print(
                Text(f"  {p.word:<10} {p.score:>3} pts  ").append_text(word_text(cards))
            )

    def _show_best_themed(self, view: dict[str, Any], lex: Lexicon, limit: int) -> None:
        """« meilleur » in a themed game: the words the bots would show (the judge accepts
        them with a margin, known words first), with the judge's score and their frequency."""
        found = list(islice(theme_plays(view, lex), limit))
        theme = view["theme"]
        if not found:
            self.console.print(
                self.t(
                    f"Vos meilleurs mots pour le thème « {theme} » : aucun — aucun mot de "
                    "votre main n'est à la fois connu (1 par million ou plus) et accepté sans "
                    "hésiter par le juge.",
                    f"Your best words for the theme “{theme}”: none — no word of your hand is "
                    "both familiar (1 per million words or more) and accepted by the judge "
                    "without hesitation.",
                )
            )
            return
        self.console.print(
            self.t(
                f"Vos meilleurs mots pour le thème « {theme} » :",
                f"Your best words for the theme “{theme}”:",
            )
        )
        for p, decision in found:
            cards = " ".join(str(c) for c in p.cards)
            line = Text(f"  {p.word:<10} {p.score:>3} pts  ").append_text(word_text(cards))
            note = note_en(decision) if self.english else TW.note_fr(decision)
            line.append(f"  {note}", style="dim")
            self.console.print(line)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        phase = view["phase"]
        if phase == "change":
            most = view["max_change"]
            text = self.ask(
                self.t(
                    f"Cartes à changer (0 à {most}, Entrée = aucune) › ",
                    f"Cards to change (0 to {most}, Enter = none) › ",
                ),
                view,
                "change",
            )
            if text is None:
                return None
            if fold(text).lower() in KEEP_ALL:
                return {"type": "change", "cards": []}
            return {"type": "change", "cards": self._pick_cards(text, view["hand"])}
        if phase == "bet":
            kinds = {a["type"] for a in legal}
            if "follow" in kinds:
                owe = view["level"] - view["contributions"][self.seat]
                text = self.ask(
                    self.t(
                        f"« Je suis » pour {owe} PM (s) ou se coucher (p) › ",
                        f"Follow for {owe} PM (y) or fold (f) › ",
                    ),
                    view,
                    "follow",
                )
                if text is None:
                    return None
                return self._answer(text)
            return self._entame(view, legal)
        if phase == "showdown":
            # A word the hand makes is the word, even « table », « aide » or « meilleur »; a
            # command word that would count nothing (« best », « help », « quit ») is the command.
            text = self.ask(
                self.t("Votre mot (Entrée = aucun) › ", "Your word (Enter = none) › "),
                view,
                "showdown",
                lambda typed: self._is_a_word(typed, view),
            )
            if text is None:
                return None
            cards = self._word_cards(text, view["hand"])
            if cards and not self._worth_showing(cards, view):
                return None
            return {"type": "declare", "cards": cards}
        if phase == "judge":
            (template,) = legal[:1]
            verdict = {}
            for target in template["accept"]:
                d = view["declared"][target]
                while True:
                    word, name, theme = d["word"], self.names[int(target)], view["options"]["theme"]
                    text = self.ask(
                        self.t(
                            f"Acceptez-vous {word} ({name}) pour le thème « {theme} » ? (o/n) › ",
                            f"Do you accept {word} ({name}) for the theme “{theme}”? (y/n) › ",
                        ),
                        view,
                        "judge",
                    )
                    if text is None:
                        continue
                    said = fold(text).lower()
                    if said in ACCEPT or said in REFUSE:
                        verdict[target] = said in ACCEPT
                        break
                    self.console.print(
                        self.t(
                            "[yellow]Répondez o (oui) ou n (non).[/]",
                            "[yellow]Answer y (yes) or n (no).[/]",
                        )
                    )
            return {"type": "judge", "accept": verdict}
        raise IllegalAction("rien à jouer maintenant", "nothing to play now")

    def _is_a_word(self, typed: str, view: dict[str, Any]) -> bool:
        """Whether a line typed at the showdown is a word to show though it spells a command
        word: the hand makes it and, for a command word, it counts (« table », « aide » are
        words; « best », « help » or « quit » that would count 0 are the commands)."""
        if not typed.isalpha():
            return False
        laid = assign(fold(typed), view["hand"])
        if laid is None:
            return False
        word = command_word(typed)
        commands = {"aide", "help", "?", "h", "regles", "rules", "table", "t"} | QUIT_WORDS
        commands |= {"meilleur", "meilleurs", "best", "hint"}
        return word not in commands or self._check([str(p) for p in laid], view).score > 0

    def _check(self, cards: list[str], view: dict[str, Any]) -> WordCheck:
        """The engine's count of ``cards`` (R31–R34, R40–R42): ``.score``, ``.reason_fr``…"""
        opts = view["options"]
        judge = WordJudge(
            load("alphapoker", compound=opts["compound_words"]), opts["proper_noun_list"]
        )
        return judge.check(
            [parse_played(c) for c in cards], view["hand_size"], opts["simplified_counting"]
        )

    def _worth_showing(self, cards: list[str], view: dict[str, Any]) -> bool:
        """A word that counts 0 (too short, not admitted: R31, R40–R42) is shown only once
        the person says so — an unformable one is refused, this one would lose the pot."""
        check = self._check(cards, view)
        if check.score > 0:
            return True
        why = without_rule_ids(self.t(check.reason_fr, check.reason_en))
        text = self.read(
            self.t(
                f"{check.word} compte 0 point ({why}). Le montrer quand même ? (o/n) › ",
                f"{check.word} counts 0 points ({why}). Show it anyway? (y/n) › ",
            ),
            {},
        )
        return text is not None and fold(text).lower() in {"o", "oui", "y", "yes"}

    def _answer(self, text: str) -> Action | None:
        low = fold(text).lower()
        if low in FOLLOW:
            return {"type": "follow"}
        if low in FOLD:
            return {"type": "fold"}
        self.console.print(
            self.t(
                "[yellow]Répondez « s » (je suis) ou « p » (se coucher).[/]",
                "[yellow]Answer “y” (follow) or “f” (fold).[/]",
            )
        )
        return None

    def _entame(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        bets = [a["amount"] for a in legal if a["type"] == "bet"]
        can_check = {"type": "check"} in legal
        final = view["bet_stage"] == "final"
        parts = []
        if bets:
            span = f"{min(bets)}–{max(bets)}"
            if self.english:  # « Open with 1–15 PM (add v: “to see”) »
                verb = "Open with" if view["level"] == 0 else "Raise to"
                parts.append(f"{verb} {span} PM" + (" (add v: “to see”)" if final else ""))
            else:
                verb = "ouvrir" if view["level"] == 0 else "relancer à"
                parts.append(f"{verb} {span}" + (" (+v pour voir)" if final else ""))
        if can_check:
            if self.english:
                parts.append("c = stop (showdown)" if final else "c = check")
            else:
                parts.append("c = s'arrêter" if final else "c = parole")
        parts.append(self.t("p = se coucher", "f = fold"))
        # The help of this situation (the French help says all three at once).
        helpkey = {
            (True, False): "open",
            (True, True): "raise",
            (False, False): "between",
            (False, True): "between_raise",
        }[final, view["level"] > 0]
        text = self.ask(", ".join(parts) + " › ", view, helpkey)
        if text is None:
            return None
        said = " ".join(fold(text).lower().split())
        low = said.replace(" ", "")
        if low in {"p", "passe", "couche", "fold", "f"}:
            return {"type": "fold"}
        if low in CHECK:
            if not can_check and view["level"] == 0:  # R15: the opening asks for a bet
                raise IllegalAction(
                    "à l'ouverture, l'entame doit miser au moins 1 PM ou se coucher (p)",
                    "at the opening the opener must bet at least 1 PM or fold (f)",
                )
            return {"type": "check"}
        m = BET.fullmatch(said)
        if not m:
            if self.english:
                offered = ["A number (“5”, “5v”)"] if bets else []
                offered += ["“c”"] if can_check else []
                *some, last = [*offered, "“f”"]
                said = f"{', '.join(some)} or {last}" if some else last
            else:
                offered = ["Un nombre (« 5 », « 5v »)"] if bets else []
                offered += ["« c »"] if can_check else []  # only when checking is legal
                *some, last = [*offered, "« p »"]
                said = f"{', '.join(some)} ou {last}" if some else last
            self.console.print(f"[yellow]{said}.[/]")
            return None
        return {"type": "bet", "amount": int(m.group(1)), "pour_voir": bool(m.group(2))}

    def _pick_cards(self, text: str, hand: list[str]) -> list[str]:
        tokens = text.replace(",", " ").split()
        if all(t.isdigit() for t in tokens):
            picked = []
            for t in tokens:
                i = int(t) - 1
                if not 0 <= i < len(hand):
                    raise NotationError(
                        f"pas de carte n° {t} (1 à {len(hand)})", f"no card #{t} (1 to {len(hand)})"
                    )
                picked.append(hand[i])
            if len(set(tokens)) != len(tokens):
                raise NotationError("une même carte citée deux fois", "a card named twice")
            return picked
        return parse_hand(tokens)

    def _word_cards(self, text: str, hand: list[str]) -> list[str]:
        if not text or text == "-":
            return []
        tokens = text.split()
        if all(t.isdigit() for t in tokens):
            cards = self._pick_cards(text, hand)
            if any(c[0] == JOKER for c in cards):
                raise NotationError(
                    "un joker se pose avec sa lettre, par exemple *r(=O) : tapez plutôt le mot",
                    "a joker is laid with its letter, e.g. *r(=O): type the word instead",
                )
            return cards
        if len(tokens) == 1 and re.fullmatch(r"[^\W\d_]+", tokens[0]):
            word = fold(tokens[0])
            laid = assign(word, hand)
            if laid is None:
                raise IllegalAction(
                    f"vous ne pouvez pas former {word} avec votre main",
                    f"you cannot form {word} with your hand",
                )
            return [str(p) for p in laid]
        return [str(p) for p in parse_word(tokens)]

    # ------------------------------------------------------------------ telling
    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        for e in events:
            self._tell_one(e, view)

    def _tell_one(self, e: Event, view: dict[str, Any]) -> None:
        c, n, t = self.console, self.names, self.t
        kind = e["type"]
        if kind == "dealer_draw":
            for draw in e["draws"]:
                shown = ", ".join(f"{n[s]} {card[0]}" for s, card in enumerate(draw))
                c.print(t(f"Tirage du donneur : {shown}", f"Dealer draw: {shown}"))
            c.print(
                f"→ {self._says(e['dealer'], t('distribue', 'deals'), t('distribuez', 'deal'))}."
            )
        elif kind == "hand_start":
            self._tell_hand_start(e, view)
        elif kind == "change":
            if e["seat"] != self.seat:
                k = e["count"]
                if self.english:
                    kept = "keeps every card" if k == 0 else f"changes {english.plural(k, 'card')}"
                else:
                    kept = "garde ses cartes" if k == 0 else f"change {_cards(k)}"
                c.print(f"{n[e['seat']]} {kept}.")
            else:
                self._tell_own_change(view.get("hand", []), e["count"])
        elif kind == "cannot_open":
            who = self._says(e["seat"], t("n'a", "has"), t("n'avez", "have"))
            c.print(
                t(
                    f"{who} plus de PM pour ouvrir : abattage au niveau 0.",
                    f"{who} no PM left to open: showdown at level 0.",
                )
            )
        elif kind == "bet":
            opening = e["amount"] == e["paid"]
            if self.english:
                verb = ("opens at", "open at") if opening else ("raises to", "raise to")
                pv = " “to see”" if e["pour_voir"] else ""
                c.print(f"{self._says(e['seat'], *verb)} {e['amount']} PM{pv}.")
            else:
                verb = ("ouvre", "ouvrez") if opening else ("relance", "relancez")
                pv = " « pour voir »" if e["pour_voir"] else ""
                c.print(f"{self._says(e['seat'], *verb)} à {e['amount']} PM{pv}.")
        elif kind == "check":
            if e["stage"] == "final":
                stops = self._says(e["seat"], t("s'arrête", "stops"), t("vous arrêtez", "stop"))
                c.print(t(f"{stops} : abattage.", f"{stops}: showdown."))
            elif self.english:
                c.print(f"{self._says(e['seat'], 'checks', 'check')}.")
            else:
                c.print(f"{self._says(e['seat'], 'passe', 'passez')} parole.")
        elif kind == "follow":
            if self.english:
                c.print(f"{self._says(e['seat'], 'follows', 'follow')} ({e['paid']} PM).")
            else:
                c.print(f"{n[e['seat']]} : « je suis » ({e['paid']} PM).")
        elif kind == "fold":
            c.print(f"{self._says(e['seat'], t('se couche', 'folds'), t('vous couchez', 'fold'))}.")
        elif kind == "entame_passes":
            if self.english:
                c.print(f"{self._says(e['seat'], 'is', 'are')} now the opener.")
            else:
                c.print(f"L'entame passe à {self.seats.whom(e['seat'])}.")
        elif kind == "eliminated":
            self._tell_eliminated(e)
        elif kind == "showdown":
            c.print(t("[bold]Abattage ![/]", "[bold]Showdown![/]"))
        elif kind == "declare":
            self._say_word(e["seat"], e)
        elif kind == "verdicts":
            self._tell_verdicts(e)
        elif kind == "pot":
            self._tell_pot(e, view)
        elif kind == "tie_break":
            if self.english:
                who = and_list([self.seats.whom(s) for s in e["seats"]])
                c.print(f"[bold]A tie at the top between {who}: a tie-break hand.[/]")
            else:
                who = " et ".join(self.seats.whom(s) for s in e["seats"])
                c.print(f"[bold]Égalité en tête entre {who} : main de départage.[/]")
        elif kind == "game_over":
            wins = self._says(e["winner"], t("gagne", "wins"), t("gagnez", "win"))
            c.print(
                t(
                    f"[bold green]Fin de la partie : {wins}.[/]",
                    f"[bold green]Game over: {wins}.[/]",
                )
            )

    def _tell_hand_start(self, e: Event, view: dict[str, Any]) -> None:
        c, n = self.console, self.names
        dealer, entame, carry = n[e["dealer"]], n[e["entame"]], e["carry"]
        if self.english:
            what = "Tie-break hand" if e["extra"] else f"Hand {e['number']}"
            c.rule(f"{what} — dealer: {dealer}, opener: {entame}")
            carried = f" ({carry} PM carried over)" if carry else ""
            c.print(f"Ante {e['ante']} PM each; pot {e['pot']} PM{carried}.")
            if view.get("theme"):
                c.print(f"Theme: “{view['theme']}”.")
            return
        what = "Main de départage" if e["extra"] else f"Main {e['number']}"
        carried = agree(carry, "reporté", "reportés")
        said = f" (dont {carry} PM {carried})" if carry else ""
        c.rule(f"{what} — donneur : {dealer}, entame : {entame}")
        c.print(f"Ante {e['ante']} PM chacun ; pot {e['pot']} PM{said}.")
        if view.get("theme"):
            c.print(f"Thème : « {view['theme']} ».")

    def _tell_eliminated(self, e: Event) -> None:
        if self.english:
            why = "the ante" if e["reason"] == "ante" else "the bet"
        else:
            why = "l'ante" if e["reason"] == "ante" else "la mise"
        for s, kept in zip(e["seats"], e["kept"], strict=True):
            you = self.seats.you(s)
            if self.english:
                out = self._says(s, "is eliminated", "are eliminated")
                cannot = "you cannot" if you else "cannot"
                keeps = "keep" if you else "keeps"
                said = f"[bold red]{out}[/] ({cannot} pay {why}) and {keeps} {kept} PM."
            else:
                out = self._says(s, "est éliminé", "êtes éliminé")
                cannot = "vous ne pouvez pas" if you else "ne peut pas"
                keeps = "gardez" if you else "garde"
                said = f"[bold red]{out}[/] ({cannot} payer {why}) et {keeps} {kept} PM."
            self.console.print(said)

    def _tell_verdicts(self, e: Event) -> None:
        n, theme = self.names, e["theme"]
        for w in e["words"]:
            word, who = w["word"], n[w["seat"]]
            refusers = [self.seats.whom(s) for s in w["refused_by"]]
            if self.english:
                said = (
                    f"Theme “{theme}”: {word} ({who}) is accepted."
                    if w["accepted"]
                    else f"Theme “{theme}”: {word} ({who}) is refused by {and_list(refusers)}: "
                    "0 points."
                )
            elif w["accepted"]:
                said = f"Thème « {theme} » : {word} ({who}) est accepté."
            else:
                by = " et ".join(refusers)
                said = f"Thème « {theme} » : {word} ({who}) est refusé par {by} : 0 point."
            self.console.print(said)

    def _tell_own_change(self, hand: list[str], count: int) -> None:
        """The cards just drawn: the engine puts them at the end of the hand (a card drawn
        identical to one discarded was hidden when told as « new hand minus old hand »)."""
        drawn = hand[len(hand) - count :] if count else []
        if drawn:
            said = Text(self.t("Vous piochez : ", "You draw: "))
            self.console.print(said.append_text(cards_text(drawn)))
        else:
            self.console.print(self.t("Vous gardez vos cartes.", "You keep your cards."))

    def _says(self, seat: int, third: str, second: str) -> str:
        """« Random 1 se couche » but « Vous vous couchez » (« Random 1 folds », « You
        fold »): the pair is given in the table's language."""
        return self.seats.says(seat, third, second)

    def _tell_pot(self, e: Event, view: dict[str, Any]) -> None:
        c, t = self.console, self.t
        winners, pot = e["winners"], e["pot"]
        if e["how"] == "fold_out":
            who = self._says(winners[0], t("remporte", "wins"), t("remportez", "win"))
            c.print(
                t(
                    f"{who} le pot de {pot} PM sans montrer les cartes.",
                    f"{who} the pot of {pot} PM without showing any cards.",
                )
            )
        elif e["how"] == "last_player":
            who = self._says(winners[0], t("prend", "takes"), t("prenez", "take"))
            c.print(
                t(
                    f"Dernier joueur en jeu : {who} le pot de {pot} PM.",
                    f"Last player in the hand: {who} the pot of {pot} PM.",
                )
            )
        elif len(winners) == 1:
            who = self._says(winners[0], t("remporte", "wins"), t("remportez", "win"))
            c.print(
                t(f"[bold]{who} le pot de {pot} PM.[/]", f"[bold]{who} the pot of {pot} PM.[/]")
            )
        elif self.english:
            who = and_list([self.seats.whom(s) for s in winners])
            stays = english.agree(e["carry"], "stays", "stay")
            rest = f"; {e['carry']} PM {stays} in the pot" if e["carry"] else ""
            c.print(f"[bold]Split: {who} take {e['share']} PM each{rest}.[/]")
        else:
            *some, last_one = [self.seats.whom(s) for s in winners]
            who = f"{', '.join(some)} et {last_one}"
            take = "prenez" if self.seat in winners else "prennent"  # « vous et Fort 1 prenez »
            stays = agree(e["carry"], "reste", "restent")
            rest = f" ; {e['carry']} PM {stays} au pot" if e["carry"] else ""
            c.print(f"[bold]Partage : {who} {take} {e['share']} PM chacun{rest}.[/]")
        last = view.get("last_hand")
        if last and last.get("my_final_hand") and e["how"] != "last_player":
            self._hand_summary(last, view)

    def _hand_summary(self, last: dict[str, Any], view: dict[str, Any]) -> None:
        opts = view["options"]
        lex = load("alphapoker", compound=opts["compound_words"])
        mine = last["my_final_hand"]
        if view.get("theme"):
            plays = [p for p, _ in islice(theme_plays(view, lex, mine), 1)]
        else:
            plays = best_words(mine, lex, opts["simplified_counting"], limit=1, decent=True)
        shown = last["words"].get(str(self.seat))
        if plays:
            best = plays[0]
            cards = " ".join(str(p) for p in best.cards)
            said = self.t("Votre meilleur mot possible : ", "Your best possible word: ")
            line = Text(said).append_text(word_text(cards))
            line.append(f" {best.word} = {best.score} pts")
            if shown is not None and shown["score"] >= best.score:
                line.append(self.t("  ✓ vous l'avez trouvé", "  ✓ you found it"), style="green")
            self.console.print(line)
        else:
            self.console.print(
                self.t("Votre main ne permettait aucun mot.", "Your hand could make no word.")
            )

    def finish(self, view: dict[str, Any], result: Result) -> None:
        out = view["eliminated"]
        gone = self.t("éliminé", "eliminated")
        self.console.print(
            ranking(result, self.names, "PM", lambda s: gone if out[s] else "", lang=self.lang)
        )
        first = result.winners[0]
        if self.english:  # « Winner: you (most PM after the last hand). »
            why = without_rule_ids(result.reason_en)
            self.console.print(f"Winner: {self.seats.whom(first)} ({why}).")
        else:
            winner = self._says(first, "gagne", "gagnez")
            self.console.print(f"{winner} : {without_rule_ids(result.reason_fr)}.")


def _cards(k: int) -> str:
    return "aucune carte" if k == 0 else plural(k, "carte")
