"""French at the tables (issue 21): plurals and the « vous » forms, shared by every terminal
(term/french.py), checked here and at the tables that got them wrong."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque import games
from ludotheque.cli.play import play
from ludotheque.term import Quit, Seats, plural


def test_plural_from_two() -> None:
    assert plural(0, "carte") == "0 carte" and plural(1, "carte") == "1 carte"
    assert plural(2, "carte") == "2 cartes" and plural(3, "journal", "journaux") == "3 journaux"


def test_seats_speak_to_the_person() -> None:
    seats = Seats(["Vous", "Fort 1", "Fort 2"], 0)
    assert seats.says(0, "crie", "criez") == "Vous criez"
    assert seats.says(1, "crie", "criez") == "Fort 1 crie"
    assert seats.to(1, "propose", "proposez", 0) == "Fort 1 vous propose"
    assert seats.to(1, "propose", "proposez", 2) == "Fort 1 propose à Fort 2"
    assert seats.to(0, "propose", "proposez", 2) == "Vous proposez à Fort 2"
    assert seats.whom(0) == "vous" and seats.whom(2) == "Fort 2"  # « gagnée par vous »
    assert seats.whose(0, 1, "transaction") == "Votre transaction"
    assert seats.whose(0, 2, "transaction") == "Vos 2 transactions"
    assert seats.whose(1, 1, "transaction") == "La transaction de Fort 1"
    assert seats.whose(1, 3, "transaction") == "Les 3 transactions de Fort 1"


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, color_system=None), out


def test_casinoroyal_you_cry_rien_ne_va_plus(tmp_path: Path) -> None:
    """« Rien ne va plus ! » crie Vous → Vous criez « Rien ne va plus ! »."""
    game = games.get("casinoroyal")
    console, out = _console()

    def ask(prompt: str) -> str:
        return "r" if "« Rien ne va plus » ?" in prompt else "s" if "je suis" in prompt else ""

    state = game.new(2, {"game": "A", "rounds": 1}, 7)
    play(game, state, 0, ["random"], console, ask, tmp_path / "c.json")
    text = out.getvalue()
    assert "Vous criez « Rien ne va plus ! »" in text and "crie Vous" not in text


def test_alkamo_proposals_and_cancellations_speak_to_you() -> None:
    from ludotheque.games.alkamo.terminal import AlkamoTerminal

    console, out = _console()
    ui = AlkamoTerminal(console, 0, ["Vous", "Fort 1", "Fort 2"], lambda p: "")
    view = {"judge": "vote", "arbiter_seat": None, "options": {"maquette": "A"}}
    ui.tell(
        [
            {"type": "offre", "seat": 1, "avec": 0, "kind": "achat", "lettre": "Z", "prix": 5},
            {"type": "offre", "seat": 0, "avec": 2, "kind": "echange", "lettre": "Z", "donne": "A"},
            {"type": "annulation", "seat": 0, "transactions": 1},
            {"type": "annulation", "seat": 1, "transactions": 2},
            {"type": "rendu", "seat": 1, "mode": "refill", "rendues": 1, "piochees": 1},
        ],
        view,
    )
    text = out.getvalue()
    assert "Fort 1 vous propose d'acheter un Z pour 5 points." in text
    assert "Vous proposez à Fort 2 d'échanger votre A contre un Z." in text
    assert "Votre transaction est annulée." in text
    assert "Les 2 transactions de Fort 1 sont annulées." in text
    assert "Fort 1 rend 1 lettre et pioche 1." in text
    assert "à Vous" not in text and "(s)" not in text


def test_belote_secrete_counts_one_card_in_the_singular(tmp_path: Path) -> None:
    game = games.get("belote")
    console, out = _console()
    state = game.new(4, {"belote_secrete": True}, 3)
    answers = iter(["table"])
    with pytest.raises(Quit):
        play(
            game,
            state,
            0,
            ["random"],
            console,
            lambda p: next(answers, "quitter"),
            tmp_path / "b.json",
        )
    assert "1 cartes" not in out.getvalue()
    from ludotheque.games.belote.terminal import BeloteTerminal

    ui = BeloteTerminal(console, 0, ["Vous", "A 1", "B 2", "C 3"], lambda p: "")
    view = state.view(0) | {"stack_size": 1, "top": "Er"}
    ui.show(view)
    assert "Pile : 1 carte, dessus" in out.getvalue()


# Whole tables played through their input loop: sentences where the person is « Vous » in a
# third-person form or after a preposition, counts in the wrong number, raw card codes.
WRONG_FORMS = [
    r"→ Vous distribue\b",  # AlphaPoker's dealer draw: « → Vous distribuez »
    r"\b(?:par|à|entre|de|contre) Vous\b",  # « gagnée par Vous » → « par vous »
    r"(?<![\d,])1 pts\b",  # Alice: « +1 pts » → « +1 pt »
    r"\[(?:(?:10|[2-9TJQKA])[HDCS] ?)+\]",  # Casino Royal's showdown: « [7H 7C] »
    r"\b0 min \d+ s",  # Alice's clock: « 0 min 24 s » where the kit says « 24 s »
]
TABLES = [
    ("alphapoker", 2, {"hands_per_game": 2}, 2),
    ("casinoroyal", 3, {}, 1),
    ("casinoroyal", 3, {}, 2),
    ("alice", 2, {"time_limit_s": 50}, 1),
    ("pokerdas", 2, {"menteur": True, "start_tokens": 3}, 1),
]


def _answer(prompt: str, n: list[int]) -> str:
    n[0] += 1
    if n[0] > 3000:
        return "quitter"
    answers = ("", "s", "1v", "chat", "o", "liste", "1", "c", "e4", "p", "b", "poker A")
    return answers[n[0] % len(answers)]


@pytest.mark.parametrize(("name", "players", "options", "seed"), TABLES)
def test_no_table_speaks_of_you_in_the_third_person_or_miscounts(
    name: str,
    players: int,
    options: dict[str, object],
    seed: int,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import re

    from ludotheque.games.pokerdas.terminal import PokerDasTerminal

    monkeypatch.setattr(PokerDasTerminal, "sleep", staticmethod(lambda s: None))

    game = games.get(name)
    console, out = _console()
    state = game.new(players, options, seed)
    count = [0]
    play(game, state, 0, ["random"], console, lambda p: _answer(p, count), tmp_path / "g.json")
    text = out.getvalue()
    assert "Classement final" in text or "Enregistrement" in text
    for wrong in WRONG_FORMS:
        found = re.search(wrong, text)
        assert found is None, text[max(0, found.start() - 200) : found.end() + 50]


def test_pokerdas_menteur_a_bluff_caught_pays_you_a_token() -> None:
    """« Fort 1 paie 1 jeton à Vous » → « Fort 1 vous paie 1 jeton »."""
    from ludotheque.games.pokerdas.terminal import PokerDasTerminal

    console, out = _console()
    ui = PokerDasTerminal(console, 0, ["Vous", "Menteur 1"], lambda p: "")
    bluff = {"type": "bluff", "announcement": "poker A", "dice": "A K Q J 9"}
    caught = bluff | {"seat": 0, "payer": 1, "true": False, "hand": "rien"}
    wrong = bluff | {"seat": 1, "payer": 0, "true": False, "hand": "rien"}
    ui.tell([caught, wrong], {"eliminated": [False, False]})
    text = out.getvalue()
    assert "Menteur 1 vous paie 1 jeton." in text
    assert "Vous payez 1 jeton à Menteur 1." in text and "à Vous" not in text


def test_belote_says_you_have_the_lowest_card(tmp_path: Path) -> None:
    """Playing Belote secrète: « Tirage du donneur : Vous a la plus petite carte. »"""
    game = games.get("belote")
    console, out = _console()
    state = game.new(4, {"belote_secrete": True}, 5)
    with pytest.raises(Quit):
        play(game, state, 0, ["fort"], console, lambda p: "quitter", tmp_path / "b.json")
    assert "Tirage du donneur : Vous avez la plus petite carte." in out.getvalue()


def test_alphapoker_a_shared_pot_speaks_to_you() -> None:
    """« Partage : Vous, Fort 1 prennent 10 PM chacun » → « vous et Fort 1 prenez »."""
    from ludotheque.games.alphapoker.terminal import AlphaPokerTerminal

    console, out = _console()
    ui = AlphaPokerTerminal(console, 0, ["Vous", "Fort 1", "Fort 2"], lambda p: "")
    pot = {"type": "pot", "how": "showdown", "pot": 20, "share": 10, "carry": 0}
    ui.tell([pot | {"winners": [0, 1]}, pot | {"winners": [1, 2]}], {})
    text = out.getvalue()
    assert "Partage : vous et Fort 1 prenez 10 PM chacun." in text
    assert "Partage : Fort 1 et Fort 2 prennent 10 PM chacun." in text
