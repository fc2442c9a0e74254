"""``ludotheque alphapoker best|score``: the best words of a hand, the count of a word.

Exit codes: 0 success, 2 malformed input, 3 the lexicon cannot be loaded. ``--json`` output
is plain JSON.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from ludotheque.cards.letters import (
    LENGTH_POINTS,
    VALUES,
    Played,
    format_cards,
    in_one_set,
    is_single_colour,
    parse_hand,
    parse_word,
    spelling,
)
from ludotheque.cards.letters import count as count_word
from ludotheque.cli.common import AsJson, Compound, Lang, echo_json, fail, guard, lexicon
from ludotheque.games.alphapoker.options import CHANGE_TABLE, sets_for
from ludotheque.lexicon.search import WordPlay, best_words

app = typer.Typer(help="AlphaPoker : meilleurs mots d'une main, compte d'un mot.")

Simplified = Annotated[bool, typer.Option("--simplified", "--simplifie", help="comptage simplifié")]


MOST_CARDS = max(CHANGE_TABLE)  # R31: hands of 5 to 9 cards
SETS = sets_for(8)  # R1: two sets at most (5–8 players)


def _possible(cards: list[str], lang: str) -> None:
    """Refuse a hand or word that the cards of two sets cannot make (exit 2)."""
    en = lang == "en"
    if len(cards) > MOST_CARDS:
        fail(
            f"a hand has at most {MOST_CARDS} cards (got {len(cards)})"
            if en
            else f"une main a au plus {MOST_CARDS} cartes (reçu {len(cards)})"
        )
    for card in sorted(set(cards)):
        most = SETS * in_one_set(card)
        if cards.count(card) > most:
            n = cards.count(card)
            fail(
                f"{n} cards {card}, but two sets hold only {most}"
                if en
                else f"{n} cartes {card}, or deux jeux n'en ont que {most}"
            )


def _card_text(cards: tuple[Played, ...] | list[Played]) -> Text:
    text = Text()
    for i, p in enumerate(cards):
        if i:
            text.append(" ")
        text.append(str(p), style="red" if p.colour == "r" else "bold")
    return text


def _play_json(play: WordPlay) -> dict[str, Any]:
    return {"word": play.word, "score": play.score, "cards": format_cards(play.cards)}


@app.command("best")
def best(
    main: Annotated[str, typer.Argument(help='la main, par exemple "Er Ab Ir Rr Sb *r Nb"')],
    simplified: Simplified = False,
    limit: Annotated[int, typer.Option("--limit", min=1, help="nombre de mots")] = 10,
    composes: Compound = False,
    as_json: AsJson = False,
    lang: Lang = "fr",
) -> None:
    """Les meilleurs mots qu'on peut former avec MAIN (R31–R34), du meilleur au moins bon."""
    hand = guard(lang, lambda: parse_hand(main))
    if not hand:
        fail("la main est vide" if lang != "en" else "the hand is empty")
    _possible(list(hand), lang)
    lex = lexicon("alphapoker", composes, lang)
    plays = best_words(hand, lex, simplified=simplified, limit=limit)
    if as_json:
        echo_json({"best": [_play_json(p) for p in plays]})
        return
    console = Console(emoji=False)
    if not plays:
        console.print("aucun mot admis" if lang != "en" else "no admissible word")
    for p in plays:
        console.print(Text(f"{p.score:>4}  {p.word:<10} ") + _card_text(p.cards))


@app.command("score")
def score(
    mot: Annotated[str, typer.Argument(help='les cartes du mot, par exemple "Zb Ob *r(=O)"')],
    simplified: Simplified = False,
    composes: Compound = False,
    as_json: AsJson = False,
    lang: Lang = "fr",
) -> None:
    """Le compte d'un mot posé (R32–R34) et son détail ; un mot non admis compte 0."""
    played = guard(lang, lambda: parse_word(mot))
    if not played:
        fail("le mot est vide" if lang != "en" else "the word is empty")
    _possible([p.card for p in played], lang)
    lex = lexicon("alphapoker", composes, lang)
    word = spelling(played)
    verdict = lex.explain(word)
    n = len(played)
    length_points = 0 if simplified else LENGTH_POINTS.get(n, 0)
    doubled = is_single_colour(played)
    raw = count_word(played, simplified)
    if n > max(LENGTH_POINTS):
        reason = (
            f"plus de {max(LENGTH_POINTS)} lettres",
            f"more than {max(LENGTH_POINTS)} letters",
        )
        admitted = False
    else:
        reason = (verdict.reason_fr, verdict.reason_en)
        admitted = verdict.admitted
    total = raw if admitted else 0
    data: dict[str, Any] = {
        "word": word,
        "score": total,
        "admitted": admitted,
        "reason": reason[1] if lang == "en" else reason[0],
        "length_points": length_points,
        "letters": [
            {"card": str(p), "letter": p.letter, "value": VALUES[p.letter]} for p in played
        ],
        "letter_sum": sum(VALUES[p.letter] for p in played),
        "doubled": doubled,
        "simplified": simplified,
        "score_if_admitted": raw,
        "cards": format_cards(played),
    }
    if as_json:
        echo_json(data)
        return
    console = Console(emoji=False)
    console.print(Text(f"{word} ", style="bold") + _card_text(played))
    en = lang == "en"
    values = " + ".join(str(v["value"]) for v in data["letters"])
    line = f"{'letters' if en else 'lettres'} {values} = {data['letter_sum']}"
    if not simplified:
        line = f"{'length' if en else 'longueur'} {length_points} + " + line
    if doubled:
        line += "; one colour: ×2" if en else " ; une seule couleur : ×2"
    console.print(line)
    said = "count: " if en else "compte : "
    if admitted:
        console.print(Text(f"{said}{total}", style="bold green") + Text(f" ({data['reason']})"))
    else:
        otherwise = "" if raw == 0 else (f"; otherwise {raw}" if en else f" ; sinon {raw}")
        refused = "word not admitted" if en else "mot non admis"
        console.print(
            Text(f"{said}0", style="bold red")
            + Text(f" ({refused}{'' if en else ' '}: {data['reason']}{otherwise})")
        )
