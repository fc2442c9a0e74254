"""Alkamo in the terminal: the central board, your rack with its values, scores, the theme to
play, the judge's reasons, and transactions as commands.

It turns what a person types into protocol actions and the engine's public events into
sentences, in French or in English (``--lang en``); every rule decision stays in the engine
(rules.py). The words played, the themes and their listed words are the game's French in both
languages: they are what is played.
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
from ludotheque.games.alkamo.options import WORDS as OPTION_WORDS
from ludotheque.games.alkamo.rules import SUPER_LEN, check_rack
from ludotheque.games.alkamo.words import dictionary, normalize
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import themewords as TW
from ludotheque.lexicon.frequency import frequency
from ludotheque.term import Answers, Terminal, plural, without_rule_ids
from ludotheque.term import english as E
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

# The same summary in English: the « rules » command at an English table, and the browser's
# rules page in English (games/docs.py). The words played stay French: they are the game.
RULES_EN = """[bold]Alkamo in brief[/]
• Each player has 10 letters. On your turn (counter-clockwise), draw a theme (or take up the
  one the previous player left), then offer a French word linked to the theme, made with your
  letters. A C square (“mot au choix”, word of your choice) asks for any word of a given
  length.
• Points: the sum of the letters (vowels and S 2, L T M N R C B D F G H P 6, J V 8,
  K Q W X Y Z 10, joker 0); ×2 for the theme's exact word (“labourage”); +20 for a word of
  10 letters or more on a theme; +10 on C1 and C5.
• “Super Mot” (once): with exactly 10 letters, announce it instead of drawing a theme and lay a
  word of your 10 letters, counted ×2.
• Transactions (3 per game): buy a letter from a player (they get the price and draw a new
  one), or swap one; the letter you got must be in your word, otherwise everything is
  cancelled.
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
HELP_EN = {
    "theme": "Enter or “d” = draw a theme; “r” = take up the pending theme; “super” = announce "
    "your Super Mot.",
    "word": "Type your word, a French word (“cheval”; jokers are placed for you, or put them in "
    "brackets: “ka(y)ak”); “p” = pass; “buy 2 Z 15” = buy a Z from player 2 for 15 points; "
    "“swap 2 Z A” = ask player 2 for a Z in exchange for your A; “hint” = your best "
    "acceptable words; “judge WORD” = the automatic judge's opinion.",
    "draft": "Type the price (buying) or the letter you give (swapping); “cancel”.",
    "offer": "“y” = accept the transaction, “n” = refuse it.",
    "judge": "“y” = accept the word, “n” = refuse it (acceptance must be unanimous).",
    "arbitre": "You are the arbiter: “y” = accept the word, “n” = refuse it; your decision is "
    "final. A word missing from Lexique may be accepted if another dictionary has it; the "
    "automatic judge's opinion is only advice.",
    "return": "Type the letters to give back to the bag (“QW”, “*” for a joker), or Enter to "
    "give back none.",
}
COMMON = "Toujours : aide, regles, table, quitter."
COMMON_EN = "Always: help, rules, table, quit."
YES = {"o", "oui", "y", "yes", "a", "accepter", "accept", "ok"}
NO = {"n", "non", "no", "r", "refuser", "refuse"}
# The words of each question, French and English alike at both tables (« t » draws in French).
DRAW = {"", "t", "tirer", "d", "draw"}


def _from_rack(line: str, view: dict[str, Any]) -> bool:
    """Does ``line`` spell letters of the person's rack (« q », « QW », « ? » for a joker)? It
    is then letters given, never a command word (« q » quit, « h » help, « a » cancel)."""
    tiles = re.sub(r"[\s,]", "", line).upper().replace("?", JOKER)
    rack = list(view.get("rack") or [])
    if not tiles:
        return False
    for tile in tiles:
        if tile not in rack:
            return False
        rack.remove(tile)
    return True


TAKE_UP = {"r", "reprendre", "take", "take up", "retake"}
SUPER = {"s", "super", "super mot", "supermot", "super_mot"}
PASS = {"p", "passer", "passe", "pass"}  # PASS is not in Lexique: never a word to play
HINT = {"meilleur", "meilleurs", "m", "hint"}  # not « best »: BEST is a word Lexique admits
JUDGE = {"juge", "judge"}
BUY = {"achat", "acheter", "buy"}
SWAP = {"echange", "échange", "swap", "exchange"}
CANCEL = {"annuler", "a", "non", "n", "cancel"}
AN = set("AEFHILMNORSX")  # letters said with « an »: an A, an F, an S


def tile_name(tile: str) -> str:
    """A tile as English says it: the letter, or « joker »."""
    return "joker" if tile == JOKER else tile


def a_tile(tile: str) -> str:
    """« a Z », « an S », « a joker »."""
    name = tile_name(tile)
    return f"{'an' if name in AN else 'a'} {name}"


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


def note_en(decision: J.Decision) -> str:
    """What a hint says of a word, in English: « relatedness 0.82, 98 per million » (the
    twin of ``themewords.note_fr``, which the lexicon gives in French only)."""
    if decision.source in J.SCORED and decision.score is not None:
        judged = f"relatedness {decision.score:.2f}"
    else:
        judged = decision.reason_en
    per_million = frequency(decision.word)
    if per_million < TW.FAMILIAR:
        return f"{judged}, rare word"
    shown = f"{per_million:.0f}" if per_million >= 10 else f"{per_million:.1f}"
    return f"{judged}, {shown} per million"


def _number(n: int) -> str:
    """A score as the final table writes it: a negative one with a minus sign (−3), as the
    deductions always were, never a hyphen beside them."""
    return f"−{-n}" if n < 0 else str(n)


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
        self.arbiter_name = ""  # his own name (« Strong 3 »), before « Arbiter (Strong 3) »
        if J.first_use():  # the bots' votes and « meilleur » wait for it: say so
            console.print(
                self.t(
                    "[dim]Premier usage du juge des thèmes sur cette machine : il prépare ses "
                    "données (une à deux minutes, une seule fois).[/]",
                    "[dim]First use of the theme judge on this machine: it is preparing its "
                    "data (a minute or two, only this once).[/]",
                )
            )

    def _verb(self, seat: int, third: str, second: str) -> str:
        """The verb alone, agreeing with its subject: « starts » / « start » (You)."""
        return second if self.seats.you(seat) else third

    def _bare(self, seat: int) -> str:
        """A seat's own name, without the « Arbiter (…) » the non-playing arbiter's bears."""
        return self.arbiter_name if seat == self.arbiter_seat else self.seats.who(seat)

    def _arbiter_en(self, seat: int) -> str:
        """« arbiter: Strong 3 (does not play, judges) », « arbiter: you (you do not play, you
        judge) »: the non-playing arbiter as the English table names him."""
        if self.seats.you(seat):
            return "arbiter: you (you do not play, you judge)"
        return f"arbiter: {self._bare(seat)} (does not play, judges)"

    def _meet_arbiter(self, view: dict[str, Any]) -> None:
        """Name the non-playing arbiter's seat as such (« Arbitre (Fort 3) »)."""
        seat = view.get("arbiter_seat")
        if seat is None or self.arbiter_seat is not None:
            return
        self.arbiter_seat = seat
        self.arbiter_name = self.names[seat]
        if not self.seats.you(seat):
            self.names[seat] = self.t(
                f"Arbitre ({self.names[seat]})", f"Arbiter ({self.names[seat]})"
            )

    # ------------------------------------------------------------------ drawing
    def _rack_line(self, rack: list[str]) -> Text:
        return Text(self.t("Votre chevalet : ", "Your rack: ")).append_text(tiles_line(rack))

    def show(self, view: dict[str, Any], full: bool = False) -> None:
        p = self.console.print
        self._meet_arbiter(view)
        turn = (view["turn"], view["active"])
        if not full and turn == self.shown:
            # The same turn goes on (theme drawn, a proposal answered): rack and theme only.
            if view["rack"] is not None:
                p(self._rack_line(view["rack"]))
            self._theme_line(view)
            return
        self.shown = turn
        if self.english:
            # « maquette » is the French rule book's word: the options form says « Board »
            title = f"Central board {view['maquette']} “{view['maquette_title']}”"
            if view["maquette"] not in ("A", "B"):  # a custom maquette (§2) has no letter
                title = "Central board — custom"
        else:
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
                    text = Text(label + self.t("\n(en attente)", "\n(pending)"), style="italic")
                else:
                    text = Text(label)
                cells.append(text)
            board.add_row(*cells)
        p(board)
        scores = Table(show_header=True, header_style="bold")
        heads = (
            ("Player", "Score", "Letters", "Words", "Super Mot", "Transactions")
            if self.english
            else ("Joueur", "Score", "Lettres", "Mots", "Super Mot", "Transactions")
        )
        for col in heads:
            scores.add_column(col)
        for s in range(view.get("playing") or view["players"]):  # the arbiter has no row
            mark = " ←" if s == view["active"] else ""  # whose turn it is, not the voters
            words = ", ".join(w["mot"] for w in view["words"][s][-3:])
            scores.add_row(
                self.names[s] + mark,
                str(view["scores"][s]),
                str(view["rack_sizes"][s]),
                words or "—",
                self.t("joué", "played") if view["super_used"][s] else "—",
                str(view["transactions"][s]),
            )
        p(scores)
        arbiter = view.get("arbiter_seat")
        if self.english:
            bags = (
                f"Letter bag: {E.plural(view['bag_l'], 'letter')} — "
                f"theme bag: {E.plural(view['bag_t'], 'theme')}"
            )
            if arbiter is not None:
                p(f"[dim]{bags} — {self._arbiter_en(arbiter)}[/]")
            else:
                mode = OPTION_WORDS["judge"].values.get(view["judge"])
                p(f"[dim]{bags} — judging: {mode.en if mode else view['judge']}[/]")
        else:
            bags = (
                f"Cagnotte L : {plural(view['bag_l'], 'lettre')} — "
                f"cagnotte T : {plural(view['bag_t'], 'thème')}"
            )
            if arbiter is not None:
                p(f"[dim]{bags} — arbitre : {self.names[arbiter]} (il ne joue pas, il juge)[/]")
            else:
                p(f"[dim]{bags} — juge : {view['judge']}[/]")
        if view["final"]:
            p(
                self.t(
                    "[bold]Phase finale[/] : un mot libre de vos lettres, ou passer.",
                    "[bold]Final phase[/]: any word from your letters, or pass.",
                )
            )
        if view["rack"] is not None:
            p(self._rack_line(view["rack"]))
        self._theme_line(view)

    def _theme_line(self, view: dict[str, Any]) -> None:
        if view["super_mot"]:
            self.console.print(
                self.t(
                    "Thème : [bold]Super Mot[/] — un mot de vos 10 lettres, ×2.",
                    "Theme: [bold]Super Mot[/] — a word of your 10 letters, ×2.",
                )
            )
        elif view["plaque"]:
            length = view["plaque_length"]
            if self.english:
                what = (
                    f"any word of {length} letters"
                    if length
                    else "a word of its lexical field (its exact word: ×2)"
                )
                self.console.print(f"Theme to play: [bold]{view['plaque_label']}[/] — {what}.")
            else:
                what = (
                    f"un mot de {length} lettres, quel qu'il soit"
                    if length
                    else "un mot de son champ lexical (son mot exact : ×2)"
                )
                self.console.print(f"Thème à jouer : [bold]{view['plaque_label']}[/] — {what}.")
            if view["related"]:
                # The words listed for the theme (the browser shows them too); the automatic
                # judges accept them outright, people judge them as any other word.
                people = view["judge"] in J.PEOPLE
                outright = "" if people else self.t(" (acceptés d'office)", " (accepted outright)")
                listed = ", ".join(view["related"])
                self.console.print(
                    self.t(
                        f"Par exemple : {listed}{outright}.", f"For example: {listed}{outright}."
                    )
                )

    def _short(self, seat: int) -> str:
        return self.names[seat]

    # ------------------------------------------------------------------ asking
    def ask(
        self, prompt: str, view: dict[str, Any], helpkey: str, answers: Answers | None = None
    ) -> str | None:
        """One line at this table, its command words run (None then); ``answers``: the lines
        that are answers here even when they spell a command word (« q » giving back a Q)."""

        def help_() -> None:
            said = self.t(HELP[helpkey] + "\n" + COMMON, HELP_EN[helpkey] + "\n" + COMMON_EN)
            self.console.print(escape(said))

        return self.read(
            prompt,
            {
                "aide help ? h": help_,
                "regles rules": lambda: self.print_text(self.t(RULES, RULES_EN)),
                "table tapis": lambda: self.show(view, full=True),
            },
            answers,
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
        options = [self.t("Entrée = tirer", "Enter = draw")] if {"type": "tirer"} in legal else []
        if {"type": "reprendre"} in legal:
            pending = maquette_of(view["options"]["maquette"]).theme(view["pending"])
            label = pending.display if pending else view["pending"]
            options.append(self.t(f"r = reprendre {label}", f"r = take up {label}"))
        if {"type": "super_mot"} in legal:
            options.append("super = Super Mot")
        shown = ", ".join(options)
        text = self.ask(self.t(f"Thème ({shown}) : ", f"Theme ({shown}): "), view, "theme")
        if text is None:
            return None
        low = text.lower()
        if low in DRAW and {"type": "tirer"} in legal:
            return {"type": "tirer"}
        if low in TAKE_UP:
            return {"type": "reprendre"}
        if low in SUPER:
            return {"type": "super_mot"}
        if low == "" and {"type": "reprendre"} in legal:
            return {"type": "reprendre"}
        self.console.print(escape(self.t(HELP["theme"], HELP_EN["theme"])))
        return None

    def _ask_word(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        prompt = self.t("Votre mot (ou p = passer, aide) : ", "Your word (or p = pass, help): ")
        text = self.ask(prompt, view, "word")
        if text is None:
            return None
        low = text.lower()
        parts = low.split()
        if low in PASS:
            return {"type": "passer"}
        if low in HINT:
            self._best(view, legal)
            return None
        if parts and parts[0] in JUDGE and len(parts) == 2:
            self._judge_hint(view, parts[1])
            return None
        if parts and parts[0] in BUY | SWAP:
            return self._transaction(parts, view)
        word, jokers = parse_word(text)
        if not word:
            self.console.print(
                self.t(
                    "[red]Un mot de lettres, s'il vous plaît (aide pour les commandes).[/]",
                    "[red]A word made of letters, please (help for the commands).[/]",
                )
            )
            return None
        action: Action = {"type": "mot", "mot": word}
        if jokers is not None:
            action["jokers"] = jokers
        self._check_rack(view, word, jokers)  # before any question on the word
        if not self._right_length(view, word) or not self._uses_acquired(view, word, jokers):
            return None
        words = dictionary()
        if not words.admits(word) and not self._confirm(view, word, words):
            return None
        return action

    @staticmethod
    def _check_rack(view: dict[str, Any], word: str, jokers: list[int] | None) -> None:
        """R9, R11: a word the rack cannot make is refused at once, by the engine's rule,
        before the questions on its length or its absence from Lexique (found by a
        play-tester: « XYZZY: not in the lexicon… Submit it anyway? », then « you cannot form
        XYZZY »)."""
        check_rack(list(view.get("rack") or []), word, jokers)

    def _right_length(self, view: dict[str, Any], word: str) -> bool:
        """R15, R18: a Super Mot has 10 letters, a C square its own number; another length is
        refused and the turn lost: say so and ask before, as for a word Lexique lacks."""
        if view["super_mot"]:
            need = SUPER_LEN
            what = self.t(
                f"un Super Mot a exactement {SUPER_LEN} lettres",
                f"a Super Mot has exactly {SUPER_LEN} letters",
            )
        else:
            need = view["plaque_length"]  # the engine's (R7)
            if view["final"] or need is None:
                return True
            what = self.t(
                f"la plaque {view['plaque']} demande {need} lettres",
                f"plaque {view['plaque']} needs {need} letters",
            )
        if len(word) == need:
            return True
        answer = self.ask_raw(
            self.t(
                f"{word} : {what} ({word} en a {len(word)}) — il sera refusé (votre tour "
                "passera). Le proposer quand même ? (o/n) ",
                f"{word}: {what} ({word} has {len(word)}) — it will be refused (your turn "
                "will pass). Submit it anyway? (y/n) ",
            )
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
        answer = self.ask_raw(
            self.t(
                f"{word} n'utilise pas le {' ni le '.join(missing)} que vous venez "
                "d'acquérir : le mot sera refusé, vos transactions annulées et votre tour "
                "passera. Le proposer quand même ? (o/n) ",
                f"{word} does not use the {' or the '.join(missing)} you have just acquired: "
                "the word will be refused, your transactions cancelled and your turn will "
                "pass. Submit it anyway? (y/n) ",
            )
        )
        return self._confirmed(answer)

    def _confirm(self, view: dict[str, Any], word: str, words: Any) -> bool:
        """A word outside Lexique is a pass unless the players accept it: ask first."""
        fr, en = words.why_not(word)
        people = words.absent(word) and view["judge"] in J.PEOPLE
        arbiter = view["judge"] == "arbitre"
        if self.english:
            note = (
                f" — {'the arbiter' if arbiter else 'the other players'} may accept it"
                if people
                else " — it will be refused (your turn will pass)"
            )
            answer = self.ask_raw(f"{word}: {en}{note}. Submit it anyway? (y/n) ")
            return self._confirmed(answer)
        note = (
            " — " + ("l'arbitre peut" if arbiter else "les autres joueurs peuvent") + " l'accepter"
            if people
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
            answer = self.ask_raw(
                self.t("Répondez o (oui) ou n (non) : ", "Answer y (yes) or n (no): ")
            )
        return answer.strip().lower() in YES

    def _transaction(self, parts: list[str], view: dict[str, Any]) -> Action | None:
        """« achat 2 Z 15 » / « achat 2 Z » ; « echange 2 Z A » / « echange 2 Z » (« buy »,
        « swap » in English)."""
        try:
            other = int(parts[1])
            tile = parts[2].upper().replace("?", JOKER)
        except (IndexError, ValueError):
            self.console.print(
                self.t(
                    "[red]« achat SIÈGE LETTRE PRIX » ou « echange SIÈGE LETTRE VOTRE_LETTRE »[/]",
                    "[red]“buy SEAT LETTER PRICE” or “swap SEAT LETTER YOUR_LETTER”[/]",
                )
            )
            return None
        if parts[0] in BUY:
            action: Action = {"type": "achat", "vendeur": other, "lettre": tile}
            if len(parts) > 3:
                try:
                    action["prix"] = int(parts[3])
                except ValueError:
                    self.console.print(
                        self.t(
                            "[red]Le prix est un nombre de points.[/]",
                            "[red]The price is a number of points.[/]",
                        )
                    )
                    return None
            return action
        action = {"type": "echange", "avec": other, "lettre": tile}
        if len(parts) > 3:
            action["donne"] = parts[3].upper().replace("?", JOKER)
        return action

    def _ask_draft(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        offer = view["offer"]
        wanted = offer["lettre"]
        if offer["kind"] == "achat":
            cap = price_cap(wanted)
            text = self.ask(
                self.t(
                    f"Prix proposé pour {wanted} (0 à {cap}, ou annuler) : ",
                    f"Price offered for {tile_name(wanted)} (0 to {cap}, or cancel): ",
                ),
                view,
                "draft",
            )
        else:
            text = self.ask(
                self.t(
                    f"Lettre donnée en échange de {wanted} (ou annuler) : ",
                    f"Letter you give in exchange for {tile_name(wanted)} (or cancel): ",
                ),
                view,
                "draft",
                answers=lambda line: _from_rack(line, view),
            )
        if text is None:
            return None
        if offer["kind"] == "echange" and _from_rack(text, view):  # « a » gives an A
            return {"type": "donne", "lettre": text.upper().replace("?", JOKER)}
        if text.lower() in CANCEL:
            return {"type": "annuler"}
        if offer["kind"] == "achat":
            try:
                return {"type": "prix", "prix": int(text)}
            except ValueError:
                cap = price_cap(wanted)
                self.console.print(
                    self.t(
                        f"[red]✗ prix de {wanted} : un nombre entier de points, de 0 à {cap}[/]",
                        f"[red]✗ price of {tile_name(wanted)}: a whole number of points, "
                        f"0 to {cap}[/]",
                    )
                )
                return None
        return {"type": "donne", "lettre": text.upper().replace("?", JOKER)}

    def _ask_offer(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        offer = view["offer"]
        who = self.names[view["active"]]
        if self.english:
            wanted = tile_name(offer["lettre"])
            if offer["kind"] == "achat":
                what = f"to buy your {wanted} for {E.plural(offer['prix'], 'point')}"
            else:
                what = f"to swap their {tile_name(offer['donne'])} for your {wanted}"
        elif offer["kind"] == "achat":
            what = f"vous acheter votre {offer['lettre']} pour {offer['prix']} points"
        else:
            what = f"votre {offer['lettre']} contre son {offer['donne']}"
        if {"type": "accepter"} not in legal:
            self.console.print(
                self.t(
                    f"{who} veut {what} : vous n'en avez pas, vous refusez.",
                    f"{who} wants {what}: you have none, so you refuse.",
                )
            )
            return {"type": "refuser"}
        asked = self.t(
            f"{who} veut {what}. Accepter ? (o/n) ", f"{who} wants {what}. Accept? (y/n) "
        )
        return self._yes_no(self.ask(asked, view, "offer"))

    def _ask_judge(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        sub = view["submission"]
        who = self.names[view["active"]]
        theme = view["plaque_label"] or self.t("la phase finale", "the final phase")
        note = self.t(" (absent de Lexique)", " (not in Lexique)") if sub.get("absent") else ""
        decision = sub.get("decision")
        arbiter = view["judge"] == "arbitre" and view["voters"] == [self.seat]
        if decision:
            self.console.print(
                self.t(
                    f"Juge automatique : {decision['reason']}.",
                    f"Automatic judge: {decision.get('reason_en', decision['reason'])}.",
                )
            )
        elif sub.get("avis"):
            avis = sub["avis"]
            self.console.print(
                self.t(
                    f"Avis du juge automatique (un conseil) : {avis['reason']}.",
                    "The automatic judge's opinion (only advice): "
                    f"{avis.get('reason_en', avis['reason'])}.",
                )
            )
        elif view["plaque"] and not sub.get("absent"):
            self._judge_hint(view, sub["mot"])
        if arbiter and sub.get("absent"):
            self.console.print(
                self.t(
                    "Mot absent de Lexique : acceptez-le s'il existe dans un autre dictionnaire.",
                    "A word missing from Lexique: accept it if another dictionary has it.",
                )
            )
        if self.english:
            question = "Your decision as arbiter" if arbiter else "Do you accept it"
            prompt = f"{who} submits [bold]{sub['mot']}[/]{note} for {theme}. {question}? (y/n) "
        else:
            question = "Votre décision d'arbitre" if arbiter else "L'acceptez-vous"
            prompt = f"{who} propose [bold]{sub['mot']}[/]{note} pour {theme}. {question} ? (o/n) "
        text = self.ask(prompt, view, "arbitre" if arbiter else "judge")
        return self._yes_no(text)

    def _yes_no(self, text: str | None) -> Action | None:
        if text is None:
            return None
        if text.lower() in YES:
            return {"type": "accepter"}
        if text.lower() in NO:
            return {"type": "refuser"}
        self.console.print(self.t("Répondez o (oui) ou n (non).", "Answer y (yes) or n (no)."))
        return None

    def _ask_return(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        if view["return_mode"] == "refill":
            prompt = self.t(
                "Lettres à rendre avant de repiocher jusqu'à 10 (Entrée : aucune) : ",
                "Letters to give back before drawing up to 10 (Enter: none): ",
            )
        else:
            most = min(len(view["rack"] or []), view["bag_l"])  # R12: from one's own rack
            prompt = self.t(
                f"Lettres à échanger (au plus {most}, Entrée : aucune) : ",
                f"Letters to swap (at most {most}, Enter: none): ",
            )
        text = self.ask(prompt, view, "return", answers=lambda line: _from_rack(line, view))
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
            self.console.print(self._no_best(view, legal))
            return
        words = []
        for (score, word, _), decision in found:
            note = f"{score} pts"
            if decision is not None:
                note += f", {note_en(decision) if self.english else TW.note_fr(decision)}"
            words.append(f"{word} ({note})")
        shown = ", ".join(words)
        self.console.print(
            self.t(
                f"Vos meilleurs mots acceptables : {shown}.",
                f"Your best acceptable words: {shown}.",
            )
        )

    def _no_best(self, view: dict[str, Any], legal: list[Action]) -> str:
        """Why « meilleur » finds no word, and what is left to do."""
        if any(a["type"] in ("achat", "echange") for a in legal):
            then = self.t("passez ou tentez une transaction", "pass or try a transaction")
        elif view["super_mot"]:  # R25: no transaction in a Super Mot turn
            then = self.t(
                "passez (pas de transaction pendant un Super Mot)",
                "pass (no transaction during a Super Mot)",
            )
        elif view["final"]:
            then = self.t(
                "passez (pas de transaction en phase finale)",
                "pass (no transaction in the final phase)",
            )
        else:
            then = self.t("passez", "pass")
        if view["super_mot"]:
            why = self.t(
                f"votre chevalet ne forme aucun mot de {SUPER_LEN} lettres",
                f"your rack makes no word of {SUPER_LEN} letters",
            )
        elif view["final"] or not view["plaque"]:
            why = self.t(
                "votre chevalet ne forme aucun mot admis assez long",
                "your rack makes no admitted word long enough",
            )
        elif view["plaque_length"] is not None:
            why = self.t(
                f"votre chevalet ne forme aucun mot de {view['plaque_length']} lettres",
                f"your rack makes no word of {view['plaque_length']} letters",
            )
        else:  # a theme: the judge decides
            why = self.t(
                "aucun mot de votre chevalet n'est à la fois connu (1 par million ou plus) "
                "et accepté sans hésiter par le juge",
                "no word of your rack is both well known (1 per million or more) and "
                "accepted by the judge without hesitation",
            )
        return self.t(
            f"Vos meilleurs mots : aucun — {why} : {then}.",
            f"Your best words: none — {why}: {then}.",
        )

    def _judge_hint(self, view: dict[str, Any], text: str) -> None:
        """The automatic judge's opinion on a word for the current theme."""
        plaque = view["plaque"]
        theme = maquette_of(view["options"]["maquette"]).theme(plaque) if plaque else None
        if theme is None and view["super_mot"]:
            self.console.print(
                self.t(
                    "Pas de thème à juger : un Super Mot est un mot quelconque de vos "
                    f"{SUPER_LEN} lettres.",
                    f"No theme to judge against: a Super Mot is any word of your {SUPER_LEN} "
                    "letters.",
                )
            )
            return
        if theme is None:
            self.console.print(
                self.t(
                    "Pas de thème à juger (case au choix ou phase finale).",
                    "No theme to judge against (a C square or the final phase).",
                )
            )
            return
        ok, fr, en = J.auto_available()
        if not ok:
            self.console.print(f"[dim]{self.t(fr, en)}[/]")
            return
        judge = predictor("auto")
        decision = judge.decide(theme.display, normalize(text) or text.upper(), theme.related)
        self.console.print(
            self.t(
                f"Avis du juge automatique : {decision.text_fr()}.",
                f"The automatic judge's opinion: {decision.text_en()}.",
            )
        )

    # ------------------------------------------------------------------ telling
    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        self._meet_arbiter(view)
        if self.english:
            self._tell_en(events, view)
            return

        def p(text: Any) -> None:
            self.console.print(_conjugate(text) if isinstance(text, str) else text)

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

    def _tell_en(self, events: list[Event], view: dict[str, Any]) -> None:
        """The events in English, « You » conjugated as English does (« You draw »)."""
        p = self.console.print
        says = self.seats.says
        timed_out = {e["seat"] for e in events if e["type"] == "temps_ecoule"}
        refused_by: int | None = None  # the vote that refused the word told next
        for e in events:
            kind = e["type"]
            s: int = e.get("seat", -1)  # -1: an event of no seat (the draw, the final phase)
            who = self.names[s] if s >= 0 else ""
            if kind == "tirage_premier":
                shown = ", ".join(tile_name(t) for t in e["tuiles"])
                p(f"Draw to decide who starts: {shown}.")
            elif kind == "premier":
                starts = self._verb(s, "starts", "start")
                p(f"[bold]{who}[/] {starts} (the letter closest to A).")
                if "arbitre" in e:
                    a = e["arbitre"]
                    if self.seats.you(a):
                        p("Arbiter: [bold]You[/] — you do not play, you judge every word.")
                    else:
                        p(f"Arbiter: [bold]{self._bare(a)}[/] — does not play, judges every word.")
            elif kind == "tour":
                p(f"[bold]— {who} —[/]" + (" (final phase)" if e["finale"] else ""))
            elif kind == "plaque":
                label = self._label(view, e["plaque"])
                if e["tiree"]:
                    did = says(s, "draws the theme", "draw the theme")
                else:
                    did = says(s, "takes up the pending theme", "take up the pending theme")
                back = (
                    f" ({self._label(view, e['remise'])} goes back into the bag)"
                    if e["remise"]
                    else ""
                )
                p(f"{did} [bold]{label}[/]{back}.")
            elif kind == "super_mot":
                p(f"{says(s, 'announces', 'announce')} a [bold]Super Mot[/]!")
            elif kind == "offre":
                wanted = a_tile(e["lettre"])
                if e["kind"] == "achat":
                    price = E.plural(e["prix"], "point")
                    p(
                        f"{says(s, 'offers', 'offer')} to buy {wanted} from "
                        f"{self.seats.whom(e['avec'])} for {price}."
                    )
                else:
                    own = "your" if self.seats.you(s) else "their"
                    offers = self.seats.to(s, "offers", "offer", e["avec"])
                    p(f"{offers} {own} {tile_name(e['donne'])} for {wanted}.")
            elif kind == "offre_retiree":
                p(f"{says(s, 'withdraws their offer', 'withdraw your offer')}.")
            elif kind == "transaction":
                verb = ("accepts", "accept") if e["acceptee"] else ("refuses", "refuse")
                p(f"{says(e['avec'], *verb)} the transaction.")
            elif kind == "soumission":
                p(f"{says(s, 'submits', 'submit')} [bold]{e['mot']}[/].")
            elif kind == "jugement":
                p(f"Judge: {without_rule_ids(str(e.get('reason_en', e['reason'])))}.")
            elif kind == "vote_demande":  # named in the order they vote (the table's)
                voters = ", ".join(self.names[v] for v in sorted(e["votants"]))
                # the judge's doubt closes its reason (« — to the vote »): the vote says it
                question = re.sub(
                    r"\s+—\s+to the vote$", "", str(e.get("question_en", e["question"]))
                )
                if view["judge"] == "arbitre" and len(e["votants"]) == 1:
                    (v,) = e["votants"]
                    if self.seats.you(v):
                        p(f"Up to you as the arbiter ({question}).")
                    else:
                        p(f"Up to the arbiter, {self._bare(v)} ({question}).")
                else:
                    p(f"Put to the vote ({question}): {voters}.")
            elif kind == "vote":
                verb = ("accepts", "accept") if e["accepte"] else ("refuses", "refuse")
                p(f"{says(s, *verb)}.")
                refused_by = None if e["accepte"] else s
            elif kind == "accepte":
                p(
                    Text(f"{says(s, 'scores', 'score')} ")
                    .append(E.plural(e["score"], "point"), style="bold green")
                    .append(f" with {e['mot']}{self._detail(e, english=True)}.")
                )
            elif kind == "rejete":
                why = without_rule_ids(str(e.get("raison_en", e["raison"])))
                by = e.get("par", refused_by)  # the seat that refused: named
                if by is not None:
                    why = re.sub(r"a player$", self.seats.whom(by), why)
                # the judge's verdict closes its reason (« — refused »): said once
                why = re.sub(r"\s+—\s+refused$", "", why)
                said = why if why.startswith("refused ") else f"rejected: {why}"
                p(f"[red]{e['mot'] or 'The word'} is {said}.[/]")
            elif kind == "annulation":
                n = e["transactions"]
                whose = self.seats.whose(s, n, "transaction")
                p(f"{whose} {E.agree(n, 'is cancelled', 'are cancelled')}.")
            elif kind == "passe":
                left = f"; {self._label(view, e['plaque'])} stays pending" if e["plaque"] else ""
                if left or s not in timed_out or self.seats.you(s):
                    p(f"{says(s, 'passes', 'pass')}{left}.")
            elif kind == "rendu":
                letters = E.plural(e["rendues"], "letter")
                if e["mode"] == "refill":
                    draws = f"{self._verb(s, 'draws', 'draw')} {e['piochees']}"
                    p(f"{says(s, 'gives back', 'give back')} {letters} and {draws}.")
                elif e["rendues"]:
                    p(f"{says(s, 'swaps', 'swap')} {letters} with the bag.")
            elif kind == "temps_ecoule" and not self.seats.you(s):
                p(f"{who}: time is up, the turn is a pass.")
            elif kind == "phase_finale":
                why = (
                    "every theme has been laid"
                    if e["raison"] == "themes"
                    else "the letter bag is empty"
                )
                p(f"[bold]Final phase[/]: {why}. Everyone lays a free word or passes.")

    @staticmethod
    def _detail(e: Event, english: bool = False) -> str:
        if english:
            parts = [f"letters {e['base']}"]
            if e["labourage"]:
                parts.append("the theme's word ×2")
        else:
            parts = [f"{e['base']} de lettres"]
            if e["labourage"]:
                parts.append("labourage ×2")
        if e["super_mot"]:
            parts.append("Super Mot ×2")
        if e["bonus_10"]:
            parts.append("+20 (10 letters)" if english else "+20 (10 lettres)")
        if e["bonus_c"]:
            parts.append("+10 (C1/C5)")
        return (": " if english else " : ") + ", ".join(parts) if len(parts) > 1 else ""

    @staticmethod
    def _label(view: dict[str, Any], plaque: str | None) -> str:
        if plaque is None:
            return ""
        theme = maquette_of(view["options"]["maquette"]).theme(plaque)
        return theme.display if theme else plaque

    def finish(self, view: dict[str, Any], result: Result) -> None:
        if self.english:
            title = f"Game over — {result.reason_en}"
            heads = ("Player", "Score", "Deduction", "Total", "Rank")
        else:
            title = f"Fin de partie — {result.reason_fr}"
            heads = ("Joueur", "Score", "Déduction", "Total", "Rang")
        table = Table(title=title, title_style="bold")
        for col in heads:
            table.add_column(col)
        ded = result.details["deductions"]
        before = result.details["before"]
        ranked = [s for s in range(view["players"]) if result.ranks[s] > 0]  # not the arbiter
        for s in sorted(ranked, key=lambda s: result.ranks[s]):
            table.add_row(
                self.names[s],
                _number(before[s]),
                _number(-ded[s]),
                _number(result.scores[s]),
                str(result.ranks[s]),
            )
        self.console.print(table)
        many = len(result.winners) > 1
        winners = ", ".join(self.names[s] for s in result.winners)
        if self.english:  # « Laboureur de la saison », the rule book's title, as a tagline
            title = "Winners" if many else "Winner"
            season = "ploughmen of the season" if many else "ploughman of the season"
            self.console.print(f"{title}: [bold]{winners}[/] — {season}!")
        else:
            title = "Laboureurs de la saison" if many else "Laboureur de la saison"
            self.console.print(f"{title} : [bold]{winners}[/] !")
        if result.details.get("arbitre") is not None:
            seat = result.details["arbitre"]
            arbiter = self.names[seat]
            self.console.print(self.t(f"Arbitre : {arbiter}.", f"Arbiter: {self._bare(seat)}."))
