"""Alkamo table options (rules/alkamo.md §2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludotheque.engine.labels import OptionWords, option, w
from ludotheque.engine.options import GameOptions
from ludotheque.games.alkamo.custom import maquette_of

Judge = Literal["arbitre", "vote", "auto", "mixte", "liste", "libre"]


# The table form's words (engine/labels.py).
WORDS: dict[str, OptionWords] = {
    "maquette": option(
        "Maquette",
        "Board",
        "Le tapis des 20 thèmes : A ou B du livret, ou une maquette à vous.",
        "The board of 20 themes: A or B from the rule book, or one of your own.",
        A=w("A (du livret)", "A (rule book)"),
        B=w("B (du livret)", "B (rule book)"),
    ),
    "judge": option(
        "Jugement des mots",
        "Word judging",
        "Qui décide si un mot existe et s'il tient à son thème.",
        "Who decides whether a word exists and belongs to its theme.",
        arbitre=w("par l'arbitre", "by the arbiter"),
        vote=w("par le vote des joueurs", "by the players' vote"),
        auto=w("par le juge automatique", "by the automatic judge"),
        mixte=w(
            "juge automatique, puis vote en cas de doute", "automatic judge, vote when in doubt"
        ),
        liste=w("par les listes de la maquette", "by the board's word lists"),
        libre=w("tout mot du dictionnaire", "any word of the dictionary"),
    ),
    "arbiter": option(
        "Arbitre",
        "Arbiter",
        "Avec le jugement par l'arbitre : la place du joueur qui arbitre, ou un arbitre externe "
        "qui ne joue pas (dernière place).",
        "With judging by the arbiter: the seat of the player who arbitrates, or a non-playing "
        "arbiter (last seat).",
        externe=w("externe (ne joue pas)", "non-playing"),
    ),
    "transaction_scope": option(
        "Limite des transactions",
        "Transaction limit applies",
        "La limite compte les transactions de chaque joueur, ou celles de toute la partie.",
        "The limit counts each player's transactions, or the whole game's.",
        per_player=w("par joueur", "per player"),
        per_game=w("pour toute la partie", "per game"),
    ),
    "transaction_limit": option(
        "Transactions au plus",
        "Maximum transactions",
        "Combien d'achats ou d'échanges de lettres sont permis.",
        "How many letter purchases or swaps are allowed.",
    ),
    "l_empty": option(
        "Cagnotte vide",
        "Empty bag",
        "Quand la cagnotte est vide : une phase finale, ou la fin de la partie.",
        "When the bag is empty: a final phase, or the end of the game.",
        final_phase=w("phase finale", "final phase"),
        end=w("fin de la partie", "end of the game"),
    ),
    "min_word_length": option(
        "Longueur minimale d'un mot",
        "Minimum word length",
        "Un mot plus court est refusé.",
        "A shorter word is refused.",
    ),
    "sablier_s": option(
        "Sablier (secondes)",
        "Hourglass (seconds)",
        "Le temps pour trouver un mot ; vide : pas de sablier.",
        "The time to find a word; empty: no hourglass.",
    ),
}


@dataclass(frozen=True)
class Options(GameOptions):
    """The rule book's defaults (§2).

    ``maquette`` (§2, §6): the board, A or B as printed, or a custom maquette written as text
    (20 themes in board order separated by commas, each optionally with its related words,
    then the free squares' lengths: MER:vague+plage,PAIN,…,C1=7,C2=4; docs/alkamo.md),
    checked against Lexique and kept in one canonical form.
    ``judge`` (R22): who decides relatedness and dictionary disputes. ``arbiter`` (R1), in
    ``arbitre`` mode: the seat of the elected player who arbitrates (his own words go to the
    other players' vote), or ``externe`` (with ``judge=arbitre``): a non-playing arbiter holds
    the last seat, so 3 or 4 seats seat 2 or 3 players and him (no rack, no score, never
    ranked; he judges every word).
    ``transaction_scope``/``transaction_limit`` (R27, D9), ``l_empty`` (R32, R34, D12),
    ``min_word_length`` (R18, D6), ``sablier_s`` (R14, D13: the driver's clock; the engine
    only says what its expiry means).
    """

    maquette: Literal["A", "B"] | str = "A"
    judge: Judge = "vote"
    arbiter: int | Literal["externe"] = 0
    transaction_scope: Literal["per_player", "per_game"] = "per_player"
    transaction_limit: int = 3
    l_empty: Literal["final_phase", "end"] = "final_phase"
    min_word_length: int = 2
    sablier_s: int | None = None

    words = WORDS

    def check(self) -> None:
        canonical = maquette_of(self.maquette).option  # OptionsError: what is wrong
        if canonical != self.maquette:
            object.__setattr__(self, "maquette", canonical)
        if not 0 <= self.transaction_limit <= 100:
            raise self.refuse(
                "transaction_limit",
                f"de 0 à 100 (reçu {self.transaction_limit})",
                f"0 to 100 (got {self.transaction_limit})",
            )
        if not 2 <= self.min_word_length <= 10:
            raise self.refuse(
                "min_word_length",
                f"de 2 à 10 lettres (reçu {self.min_word_length})",
                f"2 to 10 letters (got {self.min_word_length})",
            )
        if self.sablier_s is not None and not 1 <= self.sablier_s <= 3600:
            raise self.refuse(
                "sablier_s",
                f"de 1 à 3600 secondes, ou aucun (reçu {self.sablier_s})",
                f"1 to 3600 seconds, or none (got {self.sablier_s})",
            )
        if self.arbiter == "externe":
            if self.judge != "arbitre":
                judge = WORDS["judge"].values[self.judge]
                raise self.refuse(
                    "arbiter",
                    "un arbitre externe demande le jugement « par l'arbitre » : il est là pour "
                    f"juger (reçu : {judge.fr})",
                    "a non-playing arbiter needs judging “by the arbiter”: he is there to "
                    f"judge (got: {judge.en})",
                )
        elif not 0 <= self.arbiter <= 3:
            raise self.refuse(
                "arbiter",
                f"la place de l'arbitre, de 0 à 3, ou un arbitre externe (reçu {self.arbiter})",
                f"the arbiter's seat, 0 to 3, or non-playing (got {self.arbiter})",
            )

    @property
    def external_arbiter(self) -> bool:
        """R1: a non-playing arbiter holds the last seat."""
        return self.arbiter == "externe"
