"""La Belote AlphaPoker (and secrète) in the terminal: team scores, whose turn, the alternation
constraint shown. Every rule decision stays in the engine (rules.py).

The table speaks French, or English with ``lang="en"`` in the browser's words (round, lay,
propose, stack, bonus); the words proposed stay as played, French."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludotheque.cards.letters import LETTERS, VALUES
from ludotheque.engine.errors import NotationError
from ludotheque.engine.protocol import Action, Event, Result
from ludotheque.lexicon import fold
from ludotheque.lexicon.tablewords import resolve
from ludotheque.term import Answers, Terminal, plural
from ludotheque.term.french import agree

HELP = (
    "Posez une carte en tapant sa lettre (« e »). Après une consonne il faut une voyelle et "
    "inversement ; le Y va partout et libère la carte suivante ; sans carte du bon type, "
    "posez ce que vous voulez. Dès 4 cartes sur la table, juste après avoir posé, tapez un mot "
    "de 5 lettres ou plus pour le prendre, ou Entrée pour passer. Toujours : aide, regles, "
    "quitter."
)
HELP_EN = (
    "Lay a card by typing its letter (e.g. e). After a consonant you must lay a vowel, and vice "
    "versa; the Y goes anywhere and frees the next card; with no card of the right kind, lay "
    "what you like. Once 4 cards are on the table, just after laying, type a word of 5 letters "
    "or more to take it, or press Enter (or type pass) to pass. Always: help, rules, quit."
)
RULES = """[bold]La Belote AlphaPoker en bref[/]
• Quatre joueurs en deux équipes : chacun joue avec le joueur assis en face de lui, contre ses
  deux voisins. Les 64 cartes lettres d'une couleur, sans joker ; 16 cartes à chacun. La donne
  tourne.
• Le voisin de gauche du donneur pose le premier, puis chacun à son tour pose une carte de son
  choix, face visible, sans en couvrir aucune.
• Alternance : après une consonne il faut une voyelle (A E I O U), après une voyelle une
  consonne. Le Y va partout et la carte qui le suit est libre ; la première carte de la manche
  et la première après un mot proposé sont libres. Sans carte du type demandé, on pose ce qu'on
  veut.
• Juste après avoir posé, dès 4 cartes sur la table, on peut proposer un mot fait de cartes de
  la table. Impossible avec la table : l'équipe adverse prend les cartes du mot qui y sont.
  Moins de 5 lettres ou mot non admis : l'équipe adverse prend les cartes du mot. Sinon, votre
  équipe les prend.
• Quand les 64 cartes sont posées, si le dernier à poser n'a pas proposé de mot, les trois
  autres peuvent en proposer un dernier chacun. Les cartes restées sur la table ne comptent pour
  personne ; chaque équipe compte la valeur de ses cartes (121 en tout), et celle qui en a le
  plus reçoit 30 points de prime.
• Les manches s'additionnent : la première équipe à 1000 points gagne.
• Belote secrète (option) : les cartes sont posées en une seule pile, seule la dernière est
  visible ; à chaque mot proposé la pile est montrée pour le vérifier, puis reformée. À vous de
  vous souvenir des cartes passées."""

# The same summary in English, for the browser's rules page in English (games/docs.py).
RULES_EN = """[bold]AlphaPoker Belote in brief[/]
• Four players in two teams: each plays with the player sitting opposite, against his two
  neighbours. The 64 letter cards of one colour, no joker; 16 cards each. The deal goes round.
• The dealer's left-hand neighbour lays first, then each in turn lays a card of his choice, face
  up, covering none.
• Alternation: after a consonant a vowel is needed (A E I O U), after a vowel a consonant. The
  Y goes anywhere and the card after it is free; the first card of the round and the first
  after a word proposed are free. Without a card of the kind asked, lay what you like.
• Just after laying, once 4 cards are on the table, you may propose a word made of cards on
  the table. Impossible with the table: the other team takes the word's cards that are there.
  Fewer than 5 letters or a word not admitted: the other team takes the word's cards. Otherwise
  your team takes them.
• When the 64 cards are laid, if the last to lay proposed no word, the three others may each
  propose one last word. The cards left on the table count for nobody; each team counts the
  value of its cards (121 in all), and the one with more gets a 30-point bonus.
• Rounds add up: the first team to 1000 points wins.
• Secret Belote (option): the cards are laid in a single stack, only the top one visible; for
  each word proposed the stack is shown to check it, then made again. Remember the cards gone
  by."""
SECRETE_RULES = RULES.replace("La Belote AlphaPoker en bref", "La Belote secrète en bref", 1)
SECRETE_RULES_EN = RULES_EN.replace("AlphaPoker Belote in brief", "Secret Belote in brief", 1)
REQUIRED = {None: "libre", "V": "une voyelle (ou Y)", "C": "une consonne (ou Y)"}
REQUIRED_EN = {None: "any card", "V": "a vowel (or Y)", "C": "a consonant (or Y)"}
WANTED = {"V": "voyelle", "C": "consonne"}
WANTED_EN = {"V": "vowel", "C": "consonant"}
OUTCOME = {
    "valid": "mot admis",
    "not_admitted": "trop court ou non admis : cartes à l'équipe adverse",
    "impossible": "impossible : les cartes présentes vont à l'équipe adverse",
}
OUTCOME_EN = {
    "valid": "word admitted",
    "not_admitted": "too short or not admitted: its cards go to the other team",
    "impossible": "cannot be made from the table: its cards there go to the other team",
}
# Typed at a claim, these are the pass and the help even when the table spells them: words of
# 4 letters, never admitted (R76.2), that no one proposes to give the other team cards.
PASS_WORDS = frozenset({"pass"})
NEVER_CLAIMED = PASS_WORDS | {"help"}


def letters(cards: list[str]) -> str:
    return " ".join(f"{c[0]}{VALUES[c[0]]}" for c in cards)


def required(view: dict[str, Any], lang: str = "fr") -> str:
    """The card to lay as the person reads it: the kind asked (R73), or free when his hand
    holds none of it (R74, the engine's ``free``); in English with ``lang="en"``."""
    need = view["required"]
    if lang == "en":
        if need is not None and view.get("free"):
            return f"any card, no {WANTED_EN[need]} in your hand"
        return REQUIRED_EN[need]
    if need is not None and view.get("free"):
        return f"libre, pas de {WANTED[need]} en main"
    return REQUIRED[need]


class BeloteTerminal(Terminal):
    partner_told = False

    def _tell_partner(self) -> None:
        """Once, at the start (or the first thing drawn of a resumed game): who plays with
        you, the player opposite (R69: seats 0 & 2, 1 & 3)."""
        if self.partner_told or self.seat is None:
            return
        self.partner_told = True
        partner = self.names[(self.seat + 2) % 4]
        self.console.print(
            self.t(
                f"Votre partenaire : {partner} (en face de vous)",
                f"Your partner: {partner} (opposite you)",
            )
        )

    def show(self, view: dict[str, Any]) -> None:
        self._tell_partner()
        c = self.console
        t = view["team"]
        manche, target = view["manche"], view["target"]
        mine, theirs = view["totals"][t], view["totals"][1 - t]
        taken, taken_theirs = view["taken_points"][t], view["taken_points"][1 - t]
        c.print(
            self.t(
                f"[bold]Manche {manche}[/] — votre équipe {mine} (+{taken}), adversaires "
                f"{theirs} (+{taken_theirs}) ; objectif {target}",
                f"[bold]Round {manche}[/] — your team {mine} (+{taken}), opponents {theirs} "
                f"(+{taken_theirs}); target {target}",
            )
        )
        if view["secrete"]:
            top = letters([view["top"]]) if view["top"] else "–"
            stack = self.count(view["stack_size"], "carte", "card")
            c.print(self.t(f"Pile : {stack}, dessus : {top}", f"Stack: {stack}, top: {top}"))
        else:
            table = letters(view["table"]) or "–"
            c.print(self.t(f"Table : {table}", f"Table: {table}"))
        hand = letters(view["hand"])
        c.print(self.t(f"Votre main : {hand}", f"Your hand: {hand}"))
        if view["phase"] == "lay":
            need = required(view, self.lang)
            c.print(self.t(f"À poser : {need}", f"To lay: {need}"))

    def _ask(
        self,
        prompt: str,
        view: dict[str, Any],
        extra: dict[str, Callable[[], None]] | None = None,
        answers: Answers | None = None,
    ) -> str | None:
        if view["secrete"]:
            rules = self.t(SECRETE_RULES, SECRETE_RULES_EN)
        else:
            rules = self.t(RULES, RULES_EN)
        return self.read(
            prompt,
            {
                "aide help ?": lambda: self.console.print(self.t(HELP, HELP_EN)),
                "regles rules": lambda: self.print_text(rules),
                **(extra or {}),
            },
            answers,
        )

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        if view["phase"] == "lay":
            # `table` redraws the table here only: at a claim, TABLE is a word to propose.
            need = required(view, self.lang)
            text = self._ask(
                self.t(f"Carte à poser ({need}) › ", f"Card to lay ({need}) › "),
                view,
                {"table": lambda: self.show(view)},
                answers=lambda typed: len(fold(typed)) == 1,  # a card's letter, even « q »
            )
            if text is None:
                return None
            if not text:  # Enter: a card must be laid, say how
                example = (view.get("playable") or view.get("hand") or ["Er"])[0][0].lower()
                raise NotationError(
                    f"posez une carte : tapez sa lettre (par exemple {example}) ; aide pour l'aide",
                    f"lay a card: type its letter (e.g. {example}); help for help",
                )
            letter = fold(text)
            if len(letter) == 1 and letter not in LETTERS:  # « 8 », the value of Q8
                example = (view.get("playable") or view.get("hand") or ["Er"])[0][0].lower()
                raise NotationError(
                    f"« {text} » n'est pas une lettre : tapez la lettre de la carte "
                    f"(par exemple {example})",
                    f"'{text}' is not a letter: type the card's letter (e.g. {example})",
                )
            if len(letter) == 1:
                return {"type": "lay", "card": letter}
            raise NotationError(
                f"« {text} » : tapez une seule lettre, celle de la carte à poser (par exemple e)",
                f"'{text}': type a single letter, the card to lay (e.g. e)",
            )
        if view["phase"] == "last":
            prompt = self.t("Dernier mot", "Last word")
        else:
            prompt = self.t("Un mot à prendre", "Word to take")
        # A word the table makes is a claim even when it spells « aide » or « règles » (in the
        # secrète the stack is hidden: telling would show what it holds, so commands win);
        # « pass » and « help » stay the pass and the help (NEVER_CLAIMED).
        table = [] if view["secrete"] else view["table"]
        text = self._ask(
            self.t(f"{prompt} (Entrée = passer) › ", f"{prompt} (Enter = pass) › "),
            view,
            answers=lambda w: (
                bool(table)
                and w.lower() not in NEVER_CLAIMED
                and resolve(fold(w), table) is not None
            ),
        )
        if text is None:
            return None
        if not text or text.lower() in PASS_WORDS:
            return {"type": "pass"}
        return {"type": "claim", "word": text}

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        self._tell_partner()
        says = self.seats.says  # « Fort 1 pose » / « Vous posez » (« Strong 1 lays »)
        for e in events:
            if e["type"] == "lay":
                lays = says(e["seat"], self.t("pose", "lays"), self.t("posez", "lay"))
                why = ""
                if "without" in e:
                    why = self.t(
                        f" (pas de {WANTED[e['without']]} en main : carte libre)",
                        f" (no {WANTED_EN[e['without']]} in hand, so any card)",
                    )
                self.console.print(f"{lays} {e['card'][0]}{why}")
            elif e["type"] == "claim":
                word, points = e["word"], self.count(e["points"], "point", "point")
                proposes = says(
                    e["seat"], self.t("propose", "proposes"), self.t("proposez", "propose")
                )
                self.console.print(
                    self.t(
                        f"{proposes} « {word} » — {OUTCOME[e['outcome']]} ({points})",
                        f"{proposes} “{word}” — {OUTCOME_EN[e['outcome']]} ({points})",
                    )
                )
                if "revealed" in e:  # R83: the stack is shown to check the word, then restacked
                    shown = " ".join(c[0] for c in e["revealed"]) or "–"
                    again = " ".join(c[0] for c in e["stack"]) or "–"
                    self.console.print(
                        self.t(
                            f"  Pile montrée : {shown} ; reformée : {again}",
                            f"  Stack shown: {shown}; restacked: {again}",
                        )
                    )
            elif e["type"] == "manche_end":
                if view["team"] is None:  # a spectator (a replay's): both teams by name
                    self._tell_manche_end_seen(e)
                else:
                    self._tell_manche_end(e, view["team"])
            elif e["type"] == "dealer_draw":
                lowest = says(e["dealer"], self.t("a", "has"), self.t("avez", "have"))
                self.console.print(
                    self.t(
                        f"Tirage du donneur : {lowest} la plus petite carte.",
                        f"Dealer draw: {lowest} the lowest card.",
                    )
                )
            elif e["type"] == "manche":
                starts = says(
                    e["first"], self.t("commence", "starts"), self.t("commencez", "start")
                )
                n = e["number"]
                if self.english:
                    dealer = self.seats.whom(e["dealer"])  # « dealer: you »
                    self.console.print(f"Round {n} — dealer: {dealer}; {starts}.")
                else:
                    dealer = self.names[e["dealer"]]
                    self.console.print(f"Manche {n} — donneur : {dealer} ; {starts}.")

    def _bonus(self, e: Event, team: int) -> str:
        """« dont 30 de prime » (R79), said after the team's score."""
        if not e["bonus"][team]:
            return ""
        bonus = e["bonus"][team]
        return self.t(f" dont {bonus} de prime", f" including the {bonus}-point bonus")

    def _tell_manche_end(self, e: Event, t: int) -> None:
        """R78–R80 from the person's side: his team first, the 30-point bonus and the points
        left on the table when there are some, the running totals."""

        def side(team: int) -> str:
            return f"{e['score'][team]}{self._bonus(e, team)}"

        n, left = e["number"], self._left(e)
        mine, theirs = e["totals"][t], e["totals"][1 - t]
        self.console.print(
            self.t(
                f"Fin de manche {n} : votre équipe {side(t)}, adversaires {side(1 - t)}"
                f"{left} (cumul : {mine} à {theirs})",
                f"End of round {n}: your team {side(t)}, opponents {side(1 - t)}"
                f"{left} (totals: {mine} to {theirs})",
            )
        )

    def _team(self, team: int) -> str:
        """« l'équipe de Joueur 0 et Joueur 2 » (R69: seats 0 & 2, 1 & 3); in English the
        browser's « Strong 0 and Strong 2 »."""
        a, b = self.names[team], self.names[team + 2]
        return self.t(f"l'équipe de {a} et {b}", f"{a} and {b}")

    def _left(self, e: Event) -> str:
        left = e["left"]
        if not left:
            return ""
        if self.english:
            return f"; {self.count(left, 'point', 'point')} left on the table"
        return f" ; {plural(left, 'point')} {agree(left, 'laissé', 'laissés')} sur la table"

    def _tell_manche_end_seen(self, e: Event) -> None:
        """R78–R80 for a spectator: both teams named, team 0 (seats 0 and 2) first."""
        sides = []
        for team in (0, 1):
            score, bonus, who = e["score"][team], self._bonus(e, team), self._team(team)
            if self.english:
                sides.append(f"{score} for {who}{f' ({bonus.strip()})' if bonus else ''}")
            else:
                sides.append(f"{score}{bonus} pour {who}")
        n, left, (a, b) = e["number"], self._left(e), e["totals"]
        self.console.print(
            self.t(
                f"Fin de manche {n} : {sides[0]}, {sides[1]}{left} (cumul : {a} à {b})",
                f"End of round {n}: {sides[0]}, {sides[1]}{left} (totals: {a} to {b})",
            )
        )

    def finish(self, view: dict[str, Any], result: Result) -> None:
        t = view["team"]
        totals = view["totals"]
        if t is None:  # a spectator (a replay's): the winning team by name
            w = view["winner_team"]
            won, lost, team = totals[w], totals[1 - w], self._team(w)
            self.console.print(
                self.t(
                    f"[bold]Victoire de {team}[/] : {won} à {lost}.",
                    f"[bold]{team} win[/]: {won} to {lost}.",
                )
            )
            return
        mine = t == view["winner_team"]
        ours, theirs = totals[t], totals[1 - t]
        if self.english:
            outcome = "Your team wins" if mine else "Your team loses"
            self.console.print(f"[bold]{outcome}[/]: {ours} to {theirs}.")
        else:
            outcome = "Victoire" if mine else "Défaite"
            self.console.print(f"[bold]{outcome}[/] : {ours} à {theirs}.")
