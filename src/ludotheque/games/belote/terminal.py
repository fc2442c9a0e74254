"""La Belote AlphaPoker (and secrète) in the terminal: team scores, whose turn, the alternation
constraint shown. Every rule decision stays in the engine (rules.py)."""

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
  after a word offered are free. Without a card of the kind asked, lay what you like.
• Just after laying, once 4 cards are on the table, you may offer a word made of cards on the
  table. Impossible with the table: the other team takes the word's cards that are there. Fewer
  than 5 letters or a word not admitted: the other team takes the word's cards. Otherwise your
  team takes them.
• When the 64 cards are laid, if the last to lay offered no word, the three others may each
  offer one last word. The cards left on the table count for nobody; each team counts the value
  of its cards (121 in all), and the one with more gets a 30-point bonus.
• Rounds add up: the first team to 1000 points wins.
• Secret Belote (option): the cards are laid in a single pile, only the top one visible; for
  each word offered the pile is shown to check it, then made again. Remember the cards gone by."""
SECRETE_RULES = RULES.replace("La Belote AlphaPoker en bref", "La Belote secrète en bref", 1)
REQUIRED = {None: "libre", "V": "une voyelle (ou Y)", "C": "une consonne (ou Y)"}
WANTED = {"V": "voyelle", "C": "consonne"}
OUTCOME = {
    "valid": "mot admis",
    "not_admitted": "trop court ou non admis : cartes à l'équipe adverse",
    "impossible": "impossible : les cartes présentes vont à l'équipe adverse",
}


def letters(cards: list[str]) -> str:
    return " ".join(f"{c[0]}{VALUES[c[0]]}" for c in cards)


def required(view: dict[str, Any]) -> str:
    """The card to lay as the person reads it: the kind asked (R73), or free when his hand
    holds none of it (R74, the engine's ``free``)."""
    need = view["required"]
    if need is not None and view.get("free"):
        return f"libre, pas de {WANTED[need]} en main"
    return REQUIRED[need]


class BeloteTerminal(Terminal):
    def show(self, view: dict[str, Any]) -> None:
        c = self.console
        t = view["team"]
        c.print(
            f"[bold]Manche {view['manche']}[/] — votre équipe {view['totals'][t]} "
            f"(+{view['taken_points'][t]}), adversaires {view['totals'][1 - t]} "
            f"(+{view['taken_points'][1 - t]}) ; objectif {view['target']}"
        )
        if view["secrete"]:
            top = letters([view["top"]]) if view["top"] else "–"
            c.print(f"Pile : {plural(view['stack_size'], 'carte')}, dessus : {top}")
        else:
            c.print(f"Table : {letters(view['table']) or '–'}")
        c.print(f"Votre main : {letters(view['hand'])}")
        if view["phase"] == "lay":
            c.print(f"À poser : {required(view)}")

    def _ask(
        self,
        prompt: str,
        view: dict[str, Any],
        extra: dict[str, Callable[[], None]] | None = None,
        answers: Answers | None = None,
    ) -> str | None:
        rules = SECRETE_RULES if view["secrete"] else RULES
        return self.read(
            prompt,
            {
                "aide help ?": lambda: self.console.print(HELP),
                "regles rules": lambda: self.console.print(rules),
                **(extra or {}),
            },
            answers,
        )

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        if view["phase"] == "lay":
            # `table` redraws the table here only: at a claim, TABLE is a word to propose.
            text = self._ask(
                f"Carte à poser ({required(view)}) › ",
                view,
                {"table": lambda: self.show(view)},
                answers=lambda typed: len(fold(typed)) == 1,  # a card's letter, even « q »
            )
            if not text:
                return None
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
        prompt = "Dernier mot" if view["phase"] == "last" else "Un mot à prendre"
        # A word the table makes is a claim even when it spells « aide » or « règles » (in the
        # secrète the stack is hidden: telling would show what it holds, so commands win).
        table = [] if view["secrete"] else view["table"]
        text = self._ask(
            f"{prompt} (Entrée = passer) › ",
            view,
            answers=lambda w: bool(table) and resolve(fold(w), table) is not None,
        )
        if text is None:
            return None
        return {"type": "claim", "word": text} if text else {"type": "pass"}

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        says = self.seats.says  # « Fort 1 pose » / « Vous posez »
        for e in events:
            if e["type"] == "lay":
                why = (
                    f" (pas de {WANTED[e['without']]} en main : carte libre)"
                    if "without" in e
                    else ""
                )
                self.console.print(f"{says(e['seat'], 'pose', 'posez')} {e['card'][0]}{why}")
            elif e["type"] == "claim":
                self.console.print(
                    f"{says(e['seat'], 'propose', 'proposez')} « {e['word']} » — "
                    f"{OUTCOME[e['outcome']]} "
                    f"({plural(e['points'], 'point')})"
                )
                if "revealed" in e:  # R83: the stack is shown to check the word, then restacked
                    self.console.print(
                        f"  Pile montrée : {' '.join(c[0] for c in e['revealed']) or '–'} ; "
                        f"reformée : {' '.join(c[0] for c in e['stack']) or '–'}"
                    )
            elif e["type"] == "manche_end":
                if view["team"] is None:  # a spectator (a replay's): both teams by name
                    self._tell_manche_end_seen(e)
                else:
                    self._tell_manche_end(e, view["team"])
            elif e["type"] == "dealer_draw":
                lowest = says(e["dealer"], "a", "avez")
                self.console.print(f"Tirage du donneur : {lowest} la plus petite carte.")
            elif e["type"] == "manche":
                starts = says(e["first"], "commence", "commencez")
                dealer = self.names[e["dealer"]]
                self.console.print(f"Manche {e['number']} — donneur : {dealer} ; {starts}.")

    def _tell_manche_end(self, e: Event, t: int) -> None:
        """R78–R80 from the person's side: his team first, the 30-point bonus and the points
        left on the table when there are some, the running totals."""

        def side(team: int) -> str:
            bonus = f" dont {e['bonus'][team]} de prime" if e["bonus"][team] else ""
            return f"{e['score'][team]}{bonus}"

        self.console.print(
            f"Fin de manche {e['number']} : votre équipe {side(t)}, adversaires {side(1 - t)}"
            f"{self._left(e)} (cumul : {e['totals'][t]} à {e['totals'][1 - t]})"
        )

    def _team(self, team: int) -> str:
        """« l'équipe de Joueur 0 et Joueur 2 » (R69: seats 0 & 2, 1 & 3)."""
        return f"l'équipe de {self.names[team]} et {self.names[team + 2]}"

    @staticmethod
    def _left(e: Event) -> str:
        left = e["left"]
        if not left:
            return ""
        return f" ; {plural(left, 'point')} {agree(left, 'laissé', 'laissés')} sur la table"

    def _tell_manche_end_seen(self, e: Event) -> None:
        """R78–R80 for a spectator: both teams named, team 0 (seats 0 and 2) first."""
        sides = []
        for team in (0, 1):
            bonus = f" dont {e['bonus'][team]} de prime" if e["bonus"][team] else ""
            sides.append(f"{e['score'][team]}{bonus} pour {self._team(team)}")
        self.console.print(
            f"Fin de manche {e['number']} : {sides[0]}, {sides[1]}{self._left(e)} "
            f"(cumul : {e['totals'][0]} à {e['totals'][1]})"
        )

    def finish(self, view: dict[str, Any], result: Result) -> None:
        t = view["team"]
        totals = view["totals"]
        if t is None:  # a spectator (a replay's): the winning team by name
            w = view["winner_team"]
            self.console.print(
                f"[bold]Victoire de {self._team(w)}[/] : {totals[w]} à {totals[1 - w]}."
            )
            return
        mine = t == view["winner_team"]
        self.console.print(
            f"[bold]{'Victoire' if mine else 'Défaite'}[/] : {totals[t]} à {totals[1 - t]}."
        )
