"""Alkamo in the terminal and on the command line, driven as a person would (deliverable 4)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.cli.play import play
from ludotheque.games.alkamo import GAME
from ludotheque.games.alkamo.terminal import parse_word, tiles_line
from ludotheque.term.prompt import Quit

runner = CliRunner()
FIRST_WORD_TURN = [
    "aide",
    "regles",
    "table",
    "meilleur",
    "juge soldat",
    "qzxw",
    "n",
    "achat 1 E",
    "2",
]


def scripted(prompt: str, asked: list[str]) -> str:
    asked.append(prompt)
    if prompt.startswith("Votre mot"):
        script = [a for a in FIRST_WORD_TURN if a != "n" and a != "2"]
        done = sum(p.startswith("Votre mot") for p in asked) - 1
        return script[done] if done < len(script) else "p"
    if "proposer quand même" in prompt:
        return "n"
    if prompt.startswith("Prix proposé"):
        return "2"
    if "(o/n)" in prompt:
        return "o"
    return ""


def test_R22_vote_one_refusal_ends_the_vote_and_play_goes_on(tmp_path: Path) -> None:
    """Found play-testing: at the default table (three players, the players vote), JOUG for
    JARDIN refused by Fort 1 ended the game with an IndexError — the table went on asking Fort 2
    to vote on a word no longer in play — and the record crashed again at every resume."""
    out = io.StringIO()
    asked: list[str] = []

    def person(prompt: str) -> str:
        asked.append(prompt)
        words = sum(p.startswith("Votre mot") for p in asked)
        if prompt.startswith("Votre mot"):
            return "joug" if words == 1 else "quitter"
        if words >= 1 and prompt.startswith("Thème"):
            return "quitter"  # the game went on to the person's next turn
        return "o" if "(o/n)" in prompt else ""

    state = GAME.new(3, None, seed=3)
    with pytest.raises(Quit):
        play(
            GAME,
            state,
            0,
            ["fort", "fort"],
            Console(file=out, width=140),
            person,
            tmp_path / "r.json",
        )
    text = out.getvalue()
    # not « un joueur (joueur 1) »; and found playing: « refusé : refusé par » said it twice
    assert "JOUG est refusé par Fort 1." in text
    assert "Au vote (parenté avec le thème) : Fort 1, Fort 2." in text  # the order they vote
    assert len(asked) >= 3 and not state.is_over()


def test_a_person_plays_a_whole_game(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=140, highlight=False)
    asked: list[str] = []
    state = GAME.new(2, {"judge": "auto"}, seed=3)
    play(GAME, state, 0, ["fort"], console, lambda p: scripted(p, asked), tmp_path / "r.json")
    text = out.getvalue()
    assert state.is_over()
    for expected in (
        "Tapis central",
        "Votre chevalet",
        "Thème à jouer",
        "Fin de partie",
        "Alkamo en bref",
        "Avis du juge automatique",
        "Vous proposez à Fort 1 d'acheter un E",
    ):
        assert expected in text, expected
    # `meilleur` answers either way: the words the judge accepts with a margin, or none (with
    # judge v2, none of CEGJJKMOSU's words is accepted with a margin on JARDIN at seed 3).
    assert "Vos meilleurs mots" in text or "Aucun mot de votre chevalet" in text
    assert "parenté avec" in text or "champ lexical" in text
    record = json.loads((tmp_path / "r.json").read_text())
    assert record["game"] == "alkamo"


def test_helpers() -> None:
    assert parse_word("ka[y]ak") == ("KAYAK", [2]) == parse_word("ka(y)ak")
    assert parse_word("Forêt") == ("FORET", None)
    assert tiles_line(["C", "*"]).plain == " C₆   ★₀ "


def test_cli_judge() -> None:
    res = runner.invoke(app, ["alkamo", "juge", "ARMEE", "tulipe"])
    assert res.exit_code == 1 and "parenté avec ARMÉE : 0," in res.output
    assert res.output.strip().endswith("refusé")
    res = runner.invoke(app, ["alkamo", "juge", "ARMEE", "soldat", "--json"])
    data = json.loads(res.output)
    assert res.exit_code == 0 and data["accepted"] is True and data["theme"] == "ARMÉE"
    res = runner.invoke(app, ["alkamo", "juge", "SPORT", "ballon", "--mode", "liste"])
    assert res.exit_code == 1
    res = runner.invoke(app, ["alkamo", "juge", "ARMEE", "so ldat"])
    assert res.exit_code == 2


def test_cli_judge_says_when_wordnet_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without Debian's WordNet packages the judge is judge v2, and the command says so
    (on stderr; in the JSON as ``"wordnet": false``)."""
    from ludotheque.lexicon import judge as J

    auto = J.make_judge("auto")
    v2 = J.VectorJudge(auto.readings, auto.vectors, auto.definitions, None, auto.walks)
    monkeypatch.setitem(J._JUDGES, "auto", v2)
    res = runner.invoke(app, ["alkamo", "juge", "CHEVAL", "mouton"])
    assert "WordNet absent" in res.stderr and "apt-get install" in res.stderr
    assert "parenté avec CHEVAL" in res.stdout
    res = runner.invoke(app, ["alkamo", "juge", "CHEVAL", "mouton", "--json"])
    assert json.loads(res.stdout)["wordnet"] is False


def test_play_with_the_judge_flag(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    answers = "quitter\n"
    res = runner.invoke(
        app,
        ["play", "alkamo", "-n", "3", "--judge", "vote", "--seed", "2", "--record", str(path)],
        input=answers,
    )
    assert res.exit_code == 0, res.output
    assert json.loads(path.read_text())["options"]["judge"] == "vote"
    res = runner.invoke(app, ["play", "alkamo", "--judge", "oracle"])
    assert res.exit_code == 2 and "judge" in res.output


def test_the_final_table_writes_every_negative_number_with_one_minus_sign() -> None:
    """Found by an English-speaking play-tester: the deduction read « −7 » (a minus sign) and a
    negative total beside it « -3 » (a hyphen)."""
    from ludotheque.engine.protocol import Result
    from ludotheque.games.alkamo.terminal import AlkamoTerminal

    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False)
    table = AlkamoTerminal(console, 0, ["Vous", "Fort 1"], lambda p: "")
    result = Result(
        scores=(-3, 12),
        ranks=(2, 1),
        winners=(1,),
        reason_fr="plus de tuiles",
        reason_en="no tiles left",
        details={"deductions": [7, 0], "before": [4, 12]},
    )
    table.finish({"players": 2}, result)
    text = out.getvalue()
    assert "−7" in text and "−3" in text and "-3" not in text and "-7" not in text, text
