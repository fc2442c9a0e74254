"""AlphaPoker in the terminal: the table drawn with rich, prompts in French, short commands.

It turns what a person types into protocol actions and the engine's public events into
sentences; every rule decision stays in the engine (rules.py).
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
from ludotheque.games.alphapoker.scoring import WordJudge
from ludotheque.lexicon import Lexicon, fold, load
from ludotheque.lexicon import themewords as TW
from ludotheque.lexicon.search import best_words
from ludotheque.term import Answers, Terminal, plural, without_rule_ids
from ludotheque.term.french import agree
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
• The opener bets 1 to 15 PM or folds; the others say “je suis” (call) or fold. The opener
  may then raise (up to 15), stop (showdown) or fold. “Pour voir” (to see): after the
  answers, showdown with no further raise; a bet of 15 is always “pour voir”. Whoever cannot
  pay is out.
• Showdown: each lays a French word (3 letters or more) with his cards, in turn; a joker stands
  for the letter of your choice. Count = length points (3→3, 4→5, 5→8, 6→12, 7→17, 8→23,
  9→30) + letter values, [bold]doubled if all the cards are of the same colour[/]. Nouns,
  adjectives, adverbs, infinitives and participles; no conjugated verbs, no pronouns. The best
  count takes the pot; a tie splits it.
• 10 hands; the richest wins (a tie: a deciding hand). Under 5 PM: out."""

HELP = {
    "change": "Tapez les cartes à écarter : leurs numéros (« 1 4 ») ou les cartes comme elles "
    "sont affichées (« A♦ E♣ », ou « Ar Eb » : r rouge, b noir) ; Entrée seule = ne rien changer.",
    "entame": "Ouvrir/relancer : un nombre (« 5 »), suivi de « v » pour « pour voir » (« 5v ») ; "
    "« c » = s'arrêter (abattage) quand c'est possible ; « p » = se coucher.",
    "follow": "« s » = « je suis » (payer la différence) ; « p » = se coucher.",
    "showdown": "Tapez votre mot (« chat ») ou ses cartes dans l'ordre (« Cr Hr Ar Tr », "
    "joker : « *r(=O) ») ; Entrée seule = aucun mot. « meilleur » montre vos meilleurs mots.",
    "judge": "Répondez o (accepter) ou n (refuser) pour chaque mot.",
}
COMMON = "Toujours : aide, regles, table, meilleur (vos meilleurs mots), quitter."


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
            f"Main de départage {hand_no}"
            if view["extra_hand"]
            else f"Main {hand_no}/{view['hands_per_game']}"
        )
        table = Table(title=title, title_style="bold", expand=False)
        for col in ("Joueur", "Capital", "Mise", "Changes", "État"):
            table.add_column(col)
        for s in range(view["players"]):
            marks = []
            if s == view["dealer"]:
                marks.append("donneur")
            if s == view["entame"]:
                marks.append("entame")
            state = (
                "éliminé"
                if view["eliminated"][s]
                else "couché"
                if view["folded"][s]
                else "en jeu"
                if view["in_hand"][s]
                else "hors main"
            )
            changes = " ".join(str(r[s]) for r in view["changes"] if r[s] is not None) or "–"
            name = self.names[s] + (f" ({', '.join(marks)})" if marks else "")
            style = "bold" if s == self.seat else ("dim" if state != "en jeu" else "")
            turn = "▶ " if s in view["to_move"] else "  "
            table.add_row(
                turn + name,
                f"{view['capitals'][s]} PM",
                str(view["contributions"][s]),
                changes,
                state,
                style=style,
            )
        c.print(table)
        line = (
            f"Pot : [bold]{view['pot']} PM[/] — niveau : {view['level']} PM (plafond {view['cap']})"
        )
        if view["pour_voir"]:
            line += " — « pour voir »"
        if view["phase"] == "change":
            line += f" — tour de change {view['change_round']}/{view['change_rounds']}"
        c.print(line)
        if view.get("theme"):
            c.print(
                f"Thème : « {view['theme']} » — un mot montré doit y appartenir, sinon il compte 0 "
                "(jugé par les autres joueurs)."
            )
        if view.get("declared"):
            for s, d in view["declared"].items():
                self._say_word(int(s), d)
        if view.get("hand"):
            c.print(Text("Votre main : ").append_text(cards_text(view["hand"], numbered=True)))

    def _say_word(self, seat: int, d: dict[str, Any]) -> None:
        if not d["cards"]:
            self.console.print(f"  {self.names[seat]} : aucun mot")
            return
        line = Text(f"  {self.names[seat]} : ").append_text(word_text(d["cards"]))
        line.append(f"  {d['word']} = {d['score']} pts")
        if not d["admitted"] or d["score"] == 0:
            line.append(f" ({without_rule_ids(d['reason'])})", style="yellow")
        self.console.print(line)

    # ------------------------------------------------------------------ asking
    def ask(
        self, prompt: str, view: dict[str, Any], helpkey: str, answers: Answers | None = None
    ) -> str | None:
        """One line from the person; None when it was a command handled here (``answers``:
        lines taken as answers even when they spell a command word)."""
        commands = {
            "aide help ? h": lambda: self.console.print(HELP[helpkey] + "\n" + COMMON),
            "regles rules": lambda: self.console.print(RULES),
            "table t": lambda: self.show(view),
        }
        if view.get("hand"):
            commands["meilleur meilleurs best"] = lambda: self._show_best(view["hand"], view)
        return self.read(prompt, commands, answers)

    def _show_best(self, hand: list[str], view: dict[str, Any], limit: int = 5) -> None:
        opts = view["options"]
        lex = load("alphapoker", compound=opts["compound_words"])
        if view.get("theme"):
            self._show_best_themed(view, lex, limit)
            return
        plays = best_words(hand, lex, opts["simplified_counting"], limit=limit, decent=True)
        if not plays:
            self.console.print("Aucun mot possible avec ces cartes.")
        for p in plays:
            cards = " ".join(str(c) for c in p.cards)
            self.console.print(
                Text(f"  {p.word:<10} {p.score:>3} pts  ").append_text(word_text(cards))
            )

    def _show_best_themed(self, view: dict[str, Any], lex: Lexicon, limit: int) -> None:
        """« meilleur » in a themed game: the words the bots would show (the judge accepts
        them with a margin, known words first), with the judge's score and their frequency."""
        found = list(islice(theme_plays(view, lex), limit))
        if not found:
            self.console.print(
                f"Vos meilleurs mots pour le thème « {view['theme']} » : aucun — aucun mot de "
                "votre main n'est à la fois connu (1 par million ou plus) et accepté sans "
                "hésiter par le juge."
            )
            return
        self.console.print(f"Vos meilleurs mots pour le thème « {view['theme']} » :")
        for p, decision in found:
            cards = " ".join(str(c) for c in p.cards)
            line = Text(f"  {p.word:<10} {p.score:>3} pts  ").append_text(word_text(cards))
            line.append(f"  {TW.note_fr(decision)}", style="dim")
            self.console.print(line)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        phase = view["phase"]
        if phase == "change":
            most = view["max_change"]
            text = self.ask(f"Cartes à changer (0 à {most}, Entrée = aucune) › ", view, "change")
            if text is None:
                return None
            return {"type": "change", "cards": self._pick_cards(text, view["hand"])}
        if phase == "bet":
            kinds = {a["type"] for a in legal}
            if "follow" in kinds:
                owe = view["level"] - view["contributions"][self.seat]
                text = self.ask(
                    f"« Je suis » pour {owe} PM (s) ou se coucher (p) › ", view, "follow"
                )
                if text is None:
                    return None
                return self._answer(text)
            return self._entame(view, legal)
        if phase == "showdown":
            # A word the hand makes is the word, even « table », « aide » or « meilleur ».
            hand = view["hand"]
            text = self.ask(
                "Votre mot (Entrée = aucun) › ",
                view,
                "showdown",
                lambda typed: typed.isalpha() and assign(fold(typed), hand) is not None,
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
                    text = self.ask(
                        f"Acceptez-vous {d['word']} ({self.names[int(target)]}) pour le thème "
                        f"« {view['options']['theme']} » ? (o/n) › ",
                        view,
                        "judge",
                    )
                    if text is not None and fold(text).lower()[:1] in {"o", "y", "n"}:
                        verdict[target] = fold(text).lower()[:1] != "n"
                        break
            return {"type": "judge", "accept": verdict}
        raise IllegalAction("rien à jouer maintenant", "nothing to play now")

    def _worth_showing(self, cards: list[str], view: dict[str, Any]) -> bool:
        """A word that counts 0 (too short, not admitted: R31, R40–R42) is shown only once
        the person says so — an unformable one is refused, this one would lose the pot."""
        opts = view["options"]
        judge = WordJudge(
            load("alphapoker", compound=opts["compound_words"]), opts["proper_noun_list"]
        )
        check = judge.check(
            [parse_played(c) for c in cards], view["hand_size"], opts["simplified_counting"]
        )
        if check.score > 0:
            return True
        why = without_rule_ids(check.reason_fr)
        text = self.read(
            f"{check.word} compte 0 point ({why}). Le montrer quand même ? (o/n) › ", {}
        )
        return text is not None and fold(text).lower() in {"o", "oui", "y", "yes"}

    def _answer(self, text: str) -> Action | None:
        low = fold(text).lower()
        if low in {"s", "suis", "je suis", "o", "oui", "suivre", "follow"}:
            return {"type": "follow"}
        if low in {"p", "passe", "couche", "fold", "n", "non"}:
            return {"type": "fold"}
        self.console.print("[yellow]Répondez « s » (je suis) ou « p » (se coucher).[/]")
        return None

    def _entame(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        bets = [a["amount"] for a in legal if a["type"] == "bet"]
        can_check = {"type": "check"} in legal
        final = view["bet_stage"] == "final"
        parts = []
        if bets:
            verb = "ouvrir" if view["level"] == 0 else "relancer à"
            parts.append(f"{verb} {min(bets)}–{max(bets)}" + (" (+v pour voir)" if final else ""))
        if can_check:
            parts.append("c = s'arrêter" if final else "c = parole")
        parts.append("p = se coucher")
        text = self.ask(", ".join(parts) + " › ", view, "entame")
        if text is None:
            return None
        low = fold(text).lower().replace(" ", "")
        if low in {"p", "passe", "couche", "fold"}:
            return {"type": "fold"}
        if low in {"c", "check", "stop", "parole", "arret"}:
            if not can_check and view["level"] == 0:  # R15: the opening asks for a bet
                raise IllegalAction(
                    "à l'ouverture, l'entame doit miser au moins 1 PM ou se coucher (p)",
                    "at the opening the entame must bet at least 1 PM or fold (p)",
                )
            return {"type": "check"}
        m = re.fullmatch(r"(\d+)(v|pourvoir)?", low)
        if not m:
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
        c, n = self.console, self.names
        kind = e["type"]
        if kind == "dealer_draw":
            for draw in e["draws"]:
                shown = ", ".join(f"{n[s]} {card[0]}" for s, card in enumerate(draw))
                c.print(f"Tirage du donneur : {shown}")
            c.print(f"→ {self._says(e['dealer'], 'distribue', 'distribuez')}.")
        elif kind == "hand_start":
            what = "Main de départage" if e["extra"] else f"Main {e['number']}"
            carried = agree(e["carry"], "reporté", "reportés")
            carry = f" (dont {e['carry']} PM {carried})" if e["carry"] else ""
            c.rule(f"{what} — donneur : {n[e['dealer']]}, entame : {n[e['entame']]}")
            c.print(f"Ante {e['ante']} PM chacun ; pot {e['pot']} PM{carry}.")
            if view.get("theme"):
                c.print(f"Thème : « {view['theme']} ».")
        elif kind == "change":
            if e["seat"] != self.seat:
                kept = "garde ses cartes" if e["count"] == 0 else f"change {_cards(e['count'])}"
                c.print(f"{n[e['seat']]} {kept}.")
            else:
                self._tell_own_change(view.get("hand", []), e["count"])
        elif kind == "cannot_open":
            who = self._says(e["seat"], "n'a", "n'avez")
            c.print(f"{who} plus de PM pour ouvrir : abattage au niveau 0.")
        elif kind == "bet":
            opening = e["amount"] == e["paid"]
            verb = ("ouvre", "ouvrez") if opening else ("relance", "relancez")
            pv = " « pour voir »" if e["pour_voir"] else ""
            c.print(f"{self._says(e['seat'], *verb)} à {e['amount']} PM{pv}.")
        elif kind == "check":
            if e["stage"] == "final":
                stops = self._says(e["seat"], "s'arrête", "vous arrêtez")
                c.print(f"{stops} : abattage.")
            else:
                c.print(f"{self._says(e['seat'], 'passe', 'passez')} parole.")
        elif kind == "follow":
            c.print(f"{n[e['seat']]} : « je suis » ({e['paid']} PM).")
        elif kind == "fold":
            c.print(f"{self._says(e['seat'], 'se couche', 'vous couchez')}.")
        elif kind == "entame_passes":
            c.print(f"L'entame passe à {self.seats.whom(e['seat'])}.")
        elif kind == "eliminated":
            why = "l'ante" if e["reason"] == "ante" else "la mise"
            for s, kept in zip(e["seats"], e["kept"], strict=True):
                out = self._says(s, "est éliminé", "êtes éliminé")
                you = self.seats.you(s)
                cannot = "vous ne pouvez pas" if you else "ne peut pas"
                keeps = "gardez" if you else "garde"
                c.print(f"[bold red]{out}[/] ({cannot} payer {why}) et {keeps} {kept} PM.")
        elif kind == "showdown":
            c.print("[bold]Abattage ![/]")
        elif kind == "declare":
            self._say_word(e["seat"], e)
        elif kind == "verdicts":
            for w in e["words"]:
                if w["accepted"]:
                    c.print(f"Thème « {e['theme']} » : {w['word']} ({n[w['seat']]}) est accepté.")
                else:
                    by = " et ".join(self.seats.whom(s) for s in w["refused_by"])
                    c.print(
                        f"Thème « {e['theme']} » : {w['word']} ({n[w['seat']]}) est refusé par "
                        f"{by} : 0 point."
                    )
        elif kind == "pot":
            self._tell_pot(e, view)
        elif kind == "tie_break":
            who = " et ".join(self.seats.whom(s) for s in e["seats"])
            c.print(f"[bold]Égalité en tête entre {who} : main de départage.[/]")
        elif kind == "game_over":
            c.print(
                f"[bold green]Fin de la partie : {self._says(e['winner'], 'gagne', 'gagnez')}.[/]"
            )

    def _tell_own_change(self, hand: list[str], count: int) -> None:
        """The cards just drawn: the engine puts them at the end of the hand (a card drawn
        identical to one discarded was hidden when told as « new hand minus old hand »)."""
        drawn = hand[len(hand) - count :] if count else []
        if drawn:
            self.console.print(Text("Vous piochez : ").append_text(cards_text(drawn)))
        else:
            self.console.print("Vous gardez vos cartes.")

    def _says(self, seat: int, third: str, second: str) -> str:
        """« Random 1 se couche » but « Vous vous couchez »."""
        return self.seats.says(seat, third, second)

    def _tell_pot(self, e: Event, view: dict[str, Any]) -> None:
        c = self.console
        winners = e["winners"]
        if e["how"] == "fold_out":
            who = self._says(winners[0], "remporte", "remportez")
            c.print(f"{who} le pot de {e['pot']} PM sans montrer les cartes.")
        elif e["how"] == "last_player":
            who = self._says(winners[0], "prend", "prenez")
            c.print(f"Dernier joueur en jeu : {who} le pot de {e['pot']} PM.")
        elif len(winners) == 1:
            who = self._says(winners[0], "remporte", "remportez")
            c.print(f"[bold]{who} le pot de {e['pot']} PM.[/]")
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
            line = Text("Votre meilleur mot possible : ").append_text(word_text(cards))
            line.append(f" {best.word} = {best.score} pts")
            if shown is not None and shown["score"] >= best.score:
                line.append("  ✓ vous l'avez trouvé", style="green")
            self.console.print(line)
        else:
            self.console.print("Votre main ne permettait aucun mot.")

    def finish(self, view: dict[str, Any], result: Result) -> None:
        out = view["eliminated"]
        self.console.print(ranking(result, self.names, "PM", lambda s: "éliminé" if out[s] else ""))
        winner = self._says(result.winners[0], "gagne", "gagnez")
        self.console.print(f"{winner} : {without_rule_ids(result.reason_fr)}.")


def _cards(k: int) -> str:
    return "aucune carte" if k == 0 else plural(k, "carte")
