"""Alkamo in the terminal: the central board, your rack with its values, scores, the theme to
play, the judge's reasons, and transactions as commands.

It turns what a person types into protocol actions and the engine's public events into French
sentences; every rule decision stays in the engine (rules.py).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from itertools import islice
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.games.alkamo.bots import Fort, predictor
from ludotheque.games.alkamo.custom import maquette_of
from ludotheque.games.alkamo.maquettes import JOKER, VALUE, price_cap
from ludotheque.games.alkamo.rules import SUPER_LEN
from ludotheque.games.alkamo.words import dictionary, normalize
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import themewords as TW
from ludotheque.term import Terminal, plural, without_rule_ids
from ludotheque.term.french import agree
from ludotheque.term.prompt import QUIT_WORDS, Quit

TILE = "bold black on grey93"
PLAYED = "bold white on dark_green"
CURRENT = "bold black on yellow"

RULES = """[bold]Alkamo en bref[/]
• Chacun a 10 lettres. À son tour (dans le sens inverse des aiguilles d'une montre), on tire un
  thème (ou l'on reprend celui que le joueur précédent a laissé), puis on propose un mot lié au
  thème, formé avec ses lettres. Une case C (« mot au choix ») demande un mot quelconque d'un
  nombre de lettres donné.
• Points : la somme des lettres (voyelles et S 2, L T M N R C B D F G H P 6, J V 8,
  K Q W X Y Z 10, joker 0) ; ×2 pour le mot exact du thème (« labourage ») ; +20 pour un mot
  de 10 lettres ou plus sur un thème ; +10 sur C1 et C5.
• Super Mot (une fois) : avec 10 lettres exactement, annoncez-le au lieu de tirer un thème et
  posez un mot de vos 10 lettres, compté ×2.
• Transactions (3 par partie) : achetez une lettre à un joueur (il touche le prix et repioche),
  ou échangez-en une ; la lettre acquise doit être dans votre mot, sinon tout est annulé.
• Après un mot accepté, on peut rendre des lettres et l'on repioche jusqu'à 10 ; après un
  passage, on peut en échanger. Quand les thèmes ou les lettres sont épuisés : phase finale,
  mots libres. À la fin, les lettres restantes sont déduites du score."""

# The same summary in English, for the browser's rules page in English (games/docs.py).
RULES_EN = """[bold]Alkamo in brief[/]
• Each player has 10 letters. On your turn (counter-clockwise), draw a theme (or take the one
  the previous player left), then offer a word linked to the theme, made with your letters. A
  C square (“mot au choix”, word of your choice) asks for any word of a given length.
• Points: the sum of the letters (vowels and S 2, L T M N R C B D F G H P 6, J V 8,
  K Q W X Y Z 10, joker 0); ×2 for the theme's exact word (“labourage”); +20 for a word of
  10 letters or more on a theme; +10 on C1 and C5.
• “Super Mot” (once): with exactly 10 letters, announce it instead of drawing a theme and lay a
  word of your 10 letters, counted ×2.
• Deals (3 per game): buy a letter from a player (he gets the price and draws again), or swap
  one; the letter you got must be in your word, otherwise everything is cancelled.
• After an accepted word you may give letters back and draw up to 10; after a pass you may
  swap some. When the themes or the letters run out: final phase, free words. At the end, the
  letters left are taken off the score."""

HELP = {
    "theme": "Entrée ou « t » = tirer un thème ; « r » = reprendre le thème en attente ; "
    "« super » = annoncer votre Super Mot.",
    "word": "Tapez votre mot (« cheval » ; jokers placés pour vous, ou entre parenthèses : "
    "« ka(y)ak ») ; « p » = passer ; « achat 2 Z 15 » = acheter un Z au joueur 2 pour 15 "
    "points ; « echange 2 Z A » = demander un Z au joueur 2 contre votre A ; « meilleur » = "
    "vos meilleurs mots acceptables ; « juge MOT » = l'avis du juge automatique.",
    "draft": "Tapez le prix (achat) ou la lettre que vous donnez (échange) ; « annuler ».",
    "offer": "« o » = accepter la transaction, « n » = refuser.",
    "judge": "« o » = accepter le mot, « n » = le refuser (l'acceptation doit être unanime).",
    "arbitre": "Vous êtes l'arbitre : « o » = accepter le mot, « n » = le refuser ; votre "
    "décision est souveraine. Un mot absent de Lexique peut être accepté s'il existe "
    "dans un autre dictionnaire ; l'avis du juge automatique n'est qu'un conseil.",
    "return": "Tapez les lettres à rendre à la cagnotte (« QW », « * » pour un joker), ou "
    "Entrée pour n'en rendre aucune.",
}
COMMON = "Toujours : aide, regles, table, quitter."
YES = {"o", "oui", "y", "yes", "a", "accepter", "ok"}
NO = {"n", "non", "no", "r", "refuser"}


def tiles_line(rack: list[str]) -> Text:
    """C₆ H₆ A₂ T₆ *₀ — each tile with its value."""
    text = Text()
    for i, t in enumerate(rack):
        if i:
            text.append(" ")
        text.append(f" {t if t != JOKER else '★'}{_sub(VALUE[t])} ", style=TILE)
    return text


def _sub(n: int) -> str:
    return str(n).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))


def parse_word(text: str) -> tuple[str, list[int] | None]:
    """« ka(y)ak » or « ka[y]ak » → ("KAYAK", [2]); « cheval » → ("CHEVAL", None)."""
    if "[" not in text and "(" not in text:
        return normalize(text), None
    word, jokers, inside = "", [], False
    for ch in text.strip():
        if ch in "[(":
            inside = True
        elif ch in "])":
            inside = False
        else:
            letter = normalize(ch)
            if len(letter) != 1:
                return "", None
            if inside:
                jokers.append(len(word))
            word += letter
    return word, jokers


# The person at the terminal is « Vous »: the sentences are conjugated for him.
_SECOND = {
    "commence": "commencez", "tire": "tirez", "reprend": "reprenez", "annonce": "annoncez",
    "propose": "proposez", "retire": "retirez", "accepte": "acceptez", "refuse": "refusez",
    "marque": "marquez", "passe": "passez", "rend": "rendez", "échange": "échangez",
}  # fmt: skip


def _conjugate(text: str) -> str:
    """« Vous tire … et pioche 3 » → « Vous tirez … et piochez 3 » (and votre for son/sa)."""
    if "Vous" not in text:
        return text
    for third, second in _SECOND.items():
        text = text.replace(f"Vous {third} ", f"Vous {second} ").replace(
            f"Vous {third}.", f"Vous {second}."
        )
        text = text.replace(f"Vous[/] {third} ", f"Vous[/] {second} ")
    if text.startswith(("Vous ", "[bold]Vous")):
        text = text.replace(" et pioche ", " et piochez ").replace(" son ", " votre ")
        text = text.replace(" sa proposition", " votre proposition")
    return text


class AlkamoTerminal(Terminal):
    def __init__(
        self,
        console: Console,
        seat: int | None,
        names: list[str],
        ask: Callable[[str], str],
        lang: str = "fr",
    ) -> None:
        super().__init__(console, seat, names, ask, lang)
        self.queue: list[Action] = []
        self.advisor = Fort(seed=0)
        self.shown: tuple[int, int] | None = None  # the turn whose table was last drawn
        self.arbiter_seat: int | None = None  # a non-playing arbiter's seat (R1), once seen
        if J.first_use():  # the bots' votes and « meilleur » wait for it: say so
            console.print(
                "[dim]Premier usage du juge des thèmes sur cette machine : il prépare ses "
                "données (une à deux minutes, une seule fois).[/]"
            )

    def _meet_arbiter(self, view: dict[str, Any]) -> None:
        """Name the non-playing arbiter's seat as such (« Arbitre (Fort 3) »)."""
        seat = view.get("arbiter_seat")
        if seat is None or self.arbiter_seat is not None:
            return
        self.arbiter_seat = seat
        if self.names[seat] != "Vous":
            self.names[seat] = f"Arbitre ({self.names[seat]})"

    # ------------------------------------------------------------------ drawing
    def show(self, view: dict[str, Any], full: bool = False) -> None:
        p = self.console.print
        self._meet_arbiter(view)
        turn = (view["turn"], view["active"])
        if not full and turn == self.shown:
            # The same turn goes on (theme drawn, a proposal answered): rack and theme only.
            if view["rack"] is not None:
                p(Text("Votre chevalet : ").append_text(tiles_line(view["rack"])))
            self._theme_line(view)
            return
        self.shown = turn
        title = f"Tapis central — maquette {view['maquette']} « {view['maquette_title']} »"
        if view["maquette"] not in ("A", "B"):  # a custom maquette (§2) has no letter
            title = f"Tapis central — maquette {view['maquette_title']}"
        board = Table(title=title, title_style="bold", show_header=False, show_lines=True)
        for _ in range(5):
            board.add_column(justify="center", min_width=12)
        for row in view["board"]:
            cells = []
            for cell in row:
                label = cell["label"] + (f" ({cell['longueur']})" if cell["longueur"] else "")
                if "mot" in cell:
                    text = Text(label + "\n", style="dim")
                    text.append(cell["mot"], style=PLAYED)
                    text.append(f"\n{self._short(cell['seat'])}", style="dim")
                elif cell["plaque"] == view["plaque"]:
                    text = Text(label, style=CURRENT)
                elif cell["plaque"] == view["pending"]:
                    text = Text(label + "\n(en attente)", style="italic")
                else:
                    text = Text(label)
                cells.append(text)
            board.add_row(*cells)
        p(board)
        scores = Table(show_header=True, header_style="bold")
        for col in ("Joueur", "Score", "Lettres", "Mots", "Super Mot", "Transactions"):
            scores.add_column(col)
        for s in range(view.get("playing") or view["players"]):  # the arbiter has no row
            mark = " ←" if s in view["to_move"] else ""
            words = ", ".join(w["mot"] for w in view["words"][s][-3:])
            scores.add_row(
                self.names[s] + mark,
                str(view["scores"][s]),
                str(view["rack_sizes"][s]),
                words or "—",
                "joué" if view["super_used"][s] else "—",
                str(view["transactions"][s]),
            )
        p(scores)
        bags = (
            f"Cagnotte L : {plural(view['bag_l'], 'lettre')} — "
            f"cagnotte T : {plural(view['bag_t'], 'thème')}"
        )
        arbiter = view.get("arbiter_seat")
        if arbiter is not None:
            p(f"[dim]{bags} — arbitre : {self.names[arbiter]} (il ne joue pas, il juge)[/]")
        else:
            p(f"[dim]{bags} — juge : {view['judge']}[/]")
        if view["final"]:
            p("[bold]Phase finale[/] : un mot libre de vos lettres, ou passer.")
        if view["rack"] is not None:
            p(Text("Votre chevalet : ").append_text(tiles_line(view["rack"])))
        self._theme_line(view)

    def _theme_line(self, view: dict[str, Any]) -> None:
        if view["super_mot"]:
            self.console.print("Thème : [bold]Super Mot[/] — un mot de vos 10 lettres, ×2.")
        elif view["plaque"]:
            length = view["plaque_length"]
            what = (
                f"un mot de {length} lettres, quel qu'il soit"
                if length
                else "un mot de son champ lexical (son mot exact : ×2)"
            )
            self.console.print(f"Thème à jouer : [bold]{view['plaque_label']}[/] — {what}.")
            if view["related"]:
                # The words listed for the theme (the browser shows them too); the automatic
                # judges accept them outright, people judge them as any other word.
                outright = "" if view["judge"] in J.PEOPLE else " (acceptés d'office)"
                self.console.print(f"Par exemple : {', '.join(view['related'])}{outright}.")

    def _short(self, seat: int) -> str:
        return self.names[seat]

    # ------------------------------------------------------------------ asking
    def ask(self, prompt: str, view: dict[str, Any], helpkey: str) -> str | None:
        return self.read(
            prompt,
            {
                "aide help ? h": lambda: self.console.print(escape(HELP[helpkey] + "\n" + COMMON)),
                "regles rules": lambda: self.console.print(RULES),
                "table tapis": lambda: self.show(view, full=True),
            },
        )

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if self.queue:
            action = self.queue.pop(0)
            if action in legal:
                return action
            self.queue.clear()
        return super().choose(view, legal)

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        handlers: dict[str, Callable[[dict[str, Any], list[Action]], Action | None]] = {
            "theme": self._ask_theme, "word": self._ask_word, "draft": self._ask_draft,
            "offer": self._ask_offer, "judge": self._ask_judge, "return": self._ask_return,
        }  # fmt: skip
        return handlers[view["phase"]](view, legal)

    def _ask_theme(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        options = ["Entrée = tirer"] if {"type": "tirer"} in legal else []
        if {"type": "reprendre"} in legal:
            pending = maquette_of(view["options"]["maquette"]).theme(view["pending"])
            label = pending.display if pending else view["pending"]
            options.append(f"r = reprendre {label}")
        if {"type": "super_mot"} in legal:
            options.append("super = Super Mot")
        text = self.ask(f"Thème ({', '.join(options)}) : ", view, "theme")
        if text is None:
            return None
        low = text.lower()
        if low in {"", "t", "tirer"} and {"type": "tirer"} in legal:
            return {"type": "tirer"}
        if low in {"r", "reprendre"}:
            return {"type": "reprendre"}
        if low in {"s", "super", "super mot", "supermot", "super_mot"}:
            return {"type": "super_mot"}
        if low == "" and {"type": "reprendre"} in legal:
            return {"type": "reprendre"}
        self.console.print(escape(HELP["theme"]))
        return None

    def _ask_word(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        text = self.ask("Votre mot (ou p = passer, aide) : ", view, "word")
        if text is None:
            return None
        low = text.lower()
        parts = low.split()
        if low in {"p", "passer", "passe"}:
            return {"type": "passer"}
        if low in {"meilleur", "meilleurs", "m"}:
            self._best(view, legal)
            return None
        if parts and parts[0] == "juge" and len(parts) == 2:
            self._judge_hint(view, parts[1])
            return None
        if parts and parts[0] in {"achat", "acheter", "echange", "échange"}:
            return self._transaction(parts, view)
        word, jokers = parse_word(text)
        if not word:
            self.console.print(
                "[red]Un mot de lettres, s'il vous plaît (aide pour les commandes).[/]"
            )
            return None
        action: Action = {"type": "mot", "mot": word}
        if jokers is not None:
            action["jokers"] = jokers
        if not self._right_length(view, word) or not self._uses_acquired(view, word, jokers):
            return None
        words = dictionary()
        if not words.admits(word) and not self._confirm(view, word, words):
            return None
        return action

    def _right_length(self, view: dict[str, Any], word: str) -> bool:
        """R15, R18: a Super Mot has 10 letters, a C square its own number; another length is
        refused and the turn lost: say so and ask before, as for a word Lexique lacks."""
        if view["super_mot"]:
            need, what = SUPER_LEN, f"un Super Mot a exactement {SUPER_LEN} lettres"
        else:
            need = view["plaque_length"]  # the engine's (R7)
            if view["final"] or need is None:
                return True
            what = f"la plaque {view['plaque']} demande {need} lettres"
        if len(word) == need:
            return True
        answer = self.ask_raw(
            f"{word} : {what} ({word} en a {len(word)}) — il sera refusé (votre tour passera). "
            "Le proposer quand même ? (o/n) "
        )
        return self._confirmed(answer)

    def _uses_acquired(self, view: dict[str, Any], word: str, jokers: list[int] | None) -> bool:
        """R29: a tile acquired this turn must be in the word, or the word is refused, the
        transactions undone and the turn lost: say so and ask before (a joker acquired is
        left to the engine, which places the jokers)."""
        letters = Counter(c for i, c in enumerate(word) if jokers is None or i not in jokers)
        missing = sorted(Counter(t for t in view.get("acquired", []) if t != JOKER) - letters)
        if not missing:
            return True
        tiles = " ni le ".join(missing)
        answer = self.ask_raw(
            f"{word} n'utilise pas le {tiles} que vous venez d'acquérir : le mot sera refusé, "
            "vos transactions annulées et votre tour passera. Le proposer quand même ? (o/n) "
        )
        return self._confirmed(answer)

    def _confirm(self, view: dict[str, Any], word: str, words: Any) -> bool:
        """A word outside Lexique is a pass unless the players accept it: ask first."""
        fr, _ = words.why_not(word)
        note = (
            " — "
            + ("l'arbitre peut" if view["judge"] == "arbitre" else "les autres joueurs peuvent")
            + " l'accepter"
            if words.absent(word) and view["judge"] in J.PEOPLE
            else " — il sera refusé (votre tour passera)"
        )
        answer = self.ask_raw(f"{word} : {fr}{note}. Le proposer quand même ? (o/n) ")
        return self._confirmed(answer)

    def _confirmed(self, answer: str) -> bool:
        """An o/n answer, Entrée for « non »; anything else is asked again (a typo was taken
        for « non »)."""
        while answer.strip() and answer.strip().lower() not in YES | NO:
            if answer.strip().lower() in QUIT_WORDS:
                raise Quit
            answer = self.ask_raw("Répondez o (oui) ou n (non) : ")
        return answer.strip().lower() in YES

    def _transaction(self, parts: list[str], view: dict[str, Any]) -> Action | None:
        """« achat 2 Z 15 » / « achat 2 Z » ; « echange 2 Z A » / « echange 2 Z »."""
        try:
            other = int(parts[1])
            tile = parts[2].upper().replace("?", JOKER)
        except (IndexError, ValueError):
            self.console.print(
                "[red]« achat SIÈGE LETTRE PRIX » ou « echange SIÈGE LETTRE VOTRE_LETTRE »[/]"
            )
            return None
        if parts[0].startswith("ach"):
            action: Action = {"type": "achat", "vendeur": other, "lettre": tile}
            if len(parts) > 3:
                try:
                    action["prix"] = int(parts[3])
                except ValueError:
                    self.console.print("[red]Le prix est un nombre de points.[/]")
                    return None
            return action
        action = {"type": "echange", "avec": other, "lettre": tile}
        if len(parts) > 3:
            action["donne"] = parts[3].upper().replace("?", JOKER)
        return action

    def _ask_draft(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        offer = view["offer"]
        if offer["kind"] == "achat":
            cap = price_cap(offer["lettre"])
            text = self.ask(
                f"Prix proposé pour {offer['lettre']} (0 à {cap}, ou annuler) : ", view, "draft"
            )
        else:
            text = self.ask(
                f"Lettre donnée en échange de {offer['lettre']} (ou annuler) : ", view, "draft"
            )
        if text is None:
            return None
        if text.lower() in {"annuler", "a", "non", "n"}:
            return {"type": "annuler"}
        if offer["kind"] == "achat":
            try:
                return {"type": "prix", "prix": int(text)}
            except ValueError:
                return None
        return {"type": "donne", "lettre": text.upper().replace("?", JOKER)}

    def _ask_offer(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        offer = view["offer"]
        who = self.names[view["active"]]
        if offer["kind"] == "achat":
            what = f"vous acheter votre {offer['lettre']} pour {offer['prix']} points"
        else:
            what = f"votre {offer['lettre']} contre son {offer['donne']}"
        if {"type": "accepter"} not in legal:
            self.console.print(f"{who} veut {what} : vous n'en avez pas, vous refusez.")
            return {"type": "refuser"}
        text = self.ask(f"{who} veut {what}. Accepter ? (o/n) ", view, "offer")
        return self._yes_no(text)

    def _ask_judge(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        sub = view["submission"]
        who = self.names[view["active"]]
        theme = view["plaque_label"] or "la phase finale"
        note = " (absent de Lexique)" if sub.get("absent") else ""
        decision = sub.get("decision")
        arbiter = view["judge"] == "arbitre" and view["voters"] == [self.seat]
        if decision:
            self.console.print(f"Juge automatique : {decision['reason']}.")
        elif sub.get("avis"):
            self.console.print(f"Avis du juge automatique (un conseil) : {sub['avis']['reason']}.")
        elif view["plaque"] and not sub.get("absent"):
            self._judge_hint(view, sub["mot"])
        if arbiter and sub.get("absent"):
            self.console.print(
                "Mot absent de Lexique : acceptez-le s'il existe dans un autre dictionnaire."
            )
        question = "Votre décision d'arbitre" if arbiter else "L'acceptez-vous"
        text = self.ask(
            f"{who} propose [bold]{sub['mot']}[/]{note} pour {theme}. {question} ? (o/n) ",
            view,
            "arbitre" if arbiter else "judge",
        )
        return self._yes_no(text)

    def _yes_no(self, text: str | None) -> Action | None:
        if text is None:
            return None
        if text.lower() in YES:
            return {"type": "accepter"}
        if text.lower() in NO:
            return {"type": "refuser"}
        self.console.print("Répondez o (oui) ou n (non).")
        return None

    def _ask_return(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        if view["return_mode"] == "refill":
            prompt = "Lettres à rendre avant de repiocher jusqu'à 10 (Entrée : aucune) : "
        else:
            most = min(len(view["rack"] or []), view["bag_l"])  # R12: from one's own rack
            prompt = f"Lettres à échanger (au plus {most}, Entrée : aucune) : "
        text = self.ask(prompt, view, "return")
        if text is None:
            return None
        tiles = re.sub(r"[\s,]", "", text).upper().replace("?", JOKER)
        if not tiles:
            return {"type": "rendre", "lettres": ""}
        self.queue = [{"type": "rendre", "lettres": ""}]
        return {"type": "rendre", "lettres": tiles}

    # ------------------------------------------------------------------ aids
    def _best(self, view: dict[str, Any], legal: list[Action]) -> None:
        """« meilleur »: the five words ``fort`` would lay, in its order (a training aid): on
        a theme, words the judge accepts with a margin, those people know first."""
        listed = [(a["mot"], a["jokers"]) for a in legal if a["type"] == "mot"]
        ranked = self.advisor.candidates(
            view, view["rack"], view["plaque"], view["super_mot"], listed
        )
        found = list(
            islice(self.advisor.acceptable(view, ranked, view["plaque"], view["super_mot"]), 5)
        )
        if not found:
            if any(a["type"] in ("achat", "echange") for a in legal):
                then = "passez ou tentez une transaction"
            elif view["super_mot"]:  # R25: no transaction in a Super Mot turn
                then = "passez (pas de transaction pendant un Super Mot)"
            elif view["final"]:
                then = "passez (pas de transaction en phase finale)"
            else:
                then = "passez"
            if view["super_mot"]:
                why = f"votre chevalet ne forme aucun mot de {SUPER_LEN} lettres"
            elif view["final"] or not view["plaque"]:
                why = "votre chevalet ne forme aucun mot admis assez long"
            elif view["plaque_length"] is not None:
                why = f"votre chevalet ne forme aucun mot de {view['plaque_length']} lettres"
            else:  # a theme: the judge decides
                why = (
                    "aucun mot de votre chevalet n'est à la fois connu (1 par million ou plus) "
                    "et accepté sans hésiter par le juge"
                )
            self.console.print(f"Vos meilleurs mots : aucun — {why} : {then}.")
            return
        words = []
        for (score, word, _), decision in found:
            note = f"{score} pts"
            if decision is not None:
                note += f", {TW.note_fr(decision)}"
            words.append(f"{word} ({note})")
        self.console.print(f"Vos meilleurs mots acceptables : {', '.join(words)}.")

    def _judge_hint(self, view: dict[str, Any], text: str) -> None:
        """The automatic judge's opinion on a word for the current theme."""
        plaque = view["plaque"]
        theme = maquette_of(view["options"]["maquette"]).theme(plaque) if plaque else None
        if theme is None:
            self.console.print("Pas de thème à juger (case au choix ou phase finale).")
            return
        ok, fr, _ = J.auto_available()
        if not ok:
            self.console.print(f"[dim]{fr}[/]")
            return
        judge = predictor("auto")
        decision = judge.decide(theme.display, normalize(text) or text.upper(), theme.related)
        self.console.print(f"Avis du juge automatique : {decision.text_fr()}.")

    # ------------------------------------------------------------------ telling
    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        def p(text: Any) -> None:
            self.console.print(_conjugate(text) if isinstance(text, str) else text)

        self._meet_arbiter(view)

        # A turn the sablier ended is said once: « X : temps écoulé, le tour passe » (for the
        # person, the table's « Temps écoulé » already said it), not again by its « passe ».
        timed_out = {e["seat"] for e in events if e["type"] == "temps_ecoule"}
        refused_by: int | None = None  # the vote that refused the word told next
        for e in events:
            kind = e["type"]
            who = self.names[e["seat"]] if "seat" in e else ""
            if kind == "tirage_premier":
                shown = ", ".join("joker" if t == JOKER else t for t in e["tuiles"])
                p(f"Tirage pour commencer : {shown}.")
            elif kind == "premier":
                p(f"[bold]{who}[/] commence (la lettre la plus proche de A).")
                if "arbitre" in e:
                    arbiter = self.names[e["arbitre"]]
                    p(f"Arbitre : [bold]{arbiter}[/] ; il ne joue pas, il juge chaque mot.")
            elif kind == "tour":
                p(f"[bold]— {who} —[/]" + (" (phase finale)" if e["finale"] else ""))
            elif kind == "plaque":
                label = self._label(view, e["plaque"])
                verb = "tire" if e["tiree"] else "reprend"
                back = (
                    f" ({self._label(view, e['remise'])} retourne dans la cagnotte)"
                    if (e["remise"])
                    else ""
                )
                p(f"{who} {verb} le thème [bold]{label}[/]{back}.")
            elif kind == "super_mot":
                p(f"{who} annonce un [bold]Super Mot[/] !")
            elif kind == "offre":
                offers = self.seats.to(e["seat"], "propose", "proposez", e["avec"])
                if e["kind"] == "achat":
                    p(f"{offers} d'acheter un {e['lettre']} pour {plural(e['prix'], 'point')}.")
                else:
                    own = "votre" if self.seats.you(e["seat"]) else "son"
                    p(f"{offers} d'échanger {own} {e['donne']} contre un {e['lettre']}.")
            elif kind == "offre_retiree":
                p(f"{who} retire sa proposition.")
            elif kind == "transaction":
                other = self.names[e["avec"]]
                p(f"{other} {'accepte' if e['acceptee'] else 'refuse'} la transaction.")
            elif kind == "soumission":
                p(f"{who} propose [bold]{e['mot']}[/].")
            elif kind == "jugement":
                p(f"Juge : {without_rule_ids(e['reason'])}.")
            elif kind == "vote_demande":  # named in the order they vote (the table's)
                voters = ", ".join(self.names[s] for s in sorted(e["votants"]))
                if view["judge"] == "arbitre" and len(e["votants"]) == 1:
                    p(f"À l'arbitre ({e['question']}) : {voters}.")
                else:
                    p(f"Au vote ({e['question']}) : {voters}.")
            elif kind == "vote":
                p(f"{who} {'accepte' if e['accepte'] else 'refuse'}.")
                refused_by = None if e["accepte"] else e["seat"]
            elif kind == "accepte":
                p(
                    Text(_conjugate(f"{who} marque "))
                    .append(plural(e["score"], "point"), style="bold green")
                    .append(f" avec {e['mot']}{self._detail(e)}.")
                )
            elif kind == "rejete":
                why = without_rule_ids(e["raison"])
                by = e.get("par", refused_by)  # the seat that refused: named
                if by is not None:
                    why = re.sub(r"un joueur$", self.seats.whom(by), why)
                # « refusé par vous », « refusé par l'arbitre »: said once, not « refusé : refusé »
                said = why if why.startswith("refusé ") else f"refusé : {why}"
                p(f"[red]{e['mot'] or 'Le mot'} est {said}.[/]")
            elif kind == "annulation":
                n = e["transactions"]
                whose = self.seats.whose(e["seat"], n, "transaction")
                p(f"{whose} {agree(n, 'est annulée', 'sont annulées')}.")
            elif kind == "passe":
                left = (
                    f" ; {self._label(view, e['plaque'])} reste en attente" if (e["plaque"]) else ""
                )
                if left or e["seat"] not in timed_out or self.seats.you(e["seat"]):
                    p(f"{who} passe{left}.")
            elif kind == "rendu":
                if e["mode"] == "refill":
                    p(f"{who} rend {plural(e['rendues'], 'lettre')} et pioche {e['piochees']}.")
                elif e["rendues"]:
                    p(f"{who} échange {plural(e['rendues'], 'lettre')}.")
            elif kind == "temps_ecoule" and not self.seats.you(e["seat"]):
                p(f"{who} : temps écoulé, le tour passe.")
            elif kind == "phase_finale":
                why = (
                    "tous les thèmes sont posés"
                    if e["raison"] == "themes"
                    else ("la cagnotte des lettres est vide")
                )
                p(f"[bold]Phase finale[/] : {why}. Chacun pose un mot libre ou passe.")
            elif kind == "fin":
                pass

    @staticmethod
    def _detail(e: Event) -> str:
        parts = [f"{e['base']} de lettres"]
        if e["labourage"]:
            parts.append("labourage ×2")
        if e["super_mot"]:
            parts.append("Super Mot ×2")
        if e["bonus_10"]:
            parts.append("+20 (10 lettres)")
        if e["bonus_c"]:
            parts.append("+10 (C1/C5)")
        return " : " + ", ".join(parts) if len(parts) > 1 else ""

    @staticmethod
    def _label(view: dict[str, Any], plaque: str | None) -> str:
        if plaque is None:
            return ""
        theme = maquette_of(view["options"]["maquette"]).theme(plaque)
        return theme.display if theme else plaque

    def finish(self, view: dict[str, Any], result: Result) -> None:
        table = Table(title=f"Fin de partie — {result.reason_fr}", title_style="bold")
        for col in ("Joueur", "Score", "Déduction", "Total", "Rang"):
            table.add_column(col)
        ded = result.details["deductions"]
        before = result.details["before"]
        ranked = [s for s in range(view["players"]) if result.ranks[s] > 0]  # not the arbiter
        for s in sorted(ranked, key=lambda s: result.ranks[s]):
            table.add_row(
                self.names[s],
                str(before[s]),
                f"−{ded[s]}",
                str(result.scores[s]),
                str(result.ranks[s]),
            )
        self.console.print(table)
        title = "Laboureurs de la saison" if len(result.winners) > 1 else "Laboureur de la saison"
        self.console.print(
            f"{title} : [bold]{', '.join(self.names[s] for s in result.winners)}[/] !"
        )
        if result.details.get("arbitre") is not None:
            self.console.print(f"Arbitre : {self.names[result.details['arbitre']]}.")
