"""Custom maquettes (rules/alkamo.md §2 « custom », §6; decisions in docs/alkamo.md): the option
text, its checks, the board, the judges and bots on custom themes, records, the CLI, the
learning env."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.engine import OptionsError, replay
from ludotheque.games.alkamo import GAME, Options
from ludotheque.games.alkamo.bots import Fort
from ludotheque.games.alkamo.custom import maquette_of, parse
from ludotheque.games.alkamo.maquettes import FREE_SQUARES, MAQUETTES
from ludotheque.games.alkamo.rules import AlkamoState
from ludotheque.lexicon import judge as J
from ludotheque.lexicon.fold import fold
from tests.games.alkamo.helpers import accepted, deal, new, play_word

THEMES = (
    "chat:chien+souris+griffe+moustache, livre:page+roman+auteur, soleil:lumière+chaleur, "
    "route:voiture+chemin, arbre:feuille+branche+racine, pomme:fruit+verger, musique, "
    "hiver:neige+froid, cheval:selle+galop, bateau:voile+port, neige, jardin:fleur+potager, "
    "marché, ville:rue+quartier, table:chaise+nappe, porte:clé+serrure, fleur:rose+tige, "
    "sport:ballon+match, armee:soldat+guerre, lettre:timbre+enveloppe"
)
TEXT = THEMES + ", C1=5, C3=4"
PLAIN = ",".join(t.split(":")[0].strip() for t in THEMES.split(","))  # no lists at all
runner = CliRunner()


def custom(**options: object) -> AlkamoState:
    return new(players=2, maquette=TEXT, **options)


# ------------------------------------------------------------------------------ the text
def test_S6_twenty_themes_in_row_major_order_around_the_five_free_squares() -> None:
    maq = maquette_of(TEXT)
    cells = [(r, c) for r in range(5) for c in range(5) if (r, c) not in FREE_SQUARES.values()]
    assert [maq.square(t.word) for t in maq.themes] == cells
    assert maq.grid()[0] == ["C1", "CHAT", "LIVRE", "SOLEIL", "C2"]
    assert maq.grid()[4] == ["C4", "SPORT", "ARMEE", "LETTRE", "C5"]
    assert len(maq.plaques()) == 25 and maq.custom and maq.name == "perso"


def test_free_squares_not_given_keep_maquette_As_lengths() -> None:
    assert maquette_of(TEXT).free == {"C1": 5, "C2": 4, "C3": 4, "C4": 6, "C5": 8}
    assert maquette_of(PLAIN).free == MAQUETTES["A"].free


def test_related_words_are_folded_and_themes_shown_with_lexiques_accents() -> None:
    maq = maquette_of(TEXT)
    assert maq.theme("ARMEE").display == "ARMÉE" and maq.theme("ARMEE").related == (
        "SOLDAT",
        "GUERRE",
    )
    assert maq.theme("MARCHE").display == "MARCHÉ"  # written with its accent
    assert maq.theme("SOLEIL").related == ("LUMIERE", "CHALEUR")
    assert maq.theme("MUSIQUE").related == ()
    # In capitals accents may be left out: Lexique's most frequent noun (FORET: forêt, not
    # foret, the drill); in lower case a spelling Lexique has as written is taken as it is.
    shown = maquette_of(twenty(("route", "FORET"), ("arbre", "TACHE"), ("pomme", "peche")))
    assert [shown.theme(w).display for w in ("FORET", "TACHE", "PECHE")] == [
        "FORÊT",
        "TÂCHE",
        "PÉCHÉ",
    ]
    shown = maquette_of(twenty(("route", "foret"), ("arbre", "tache"), ("pomme", "pêche")))
    assert [shown.theme(w).display for w in ("FORET", "TACHE", "PECHE")] == [
        "FORET",
        "TACHE",
        "PÊCHE",
    ]
    assert maquette_of(PLAIN.replace("marché", "marche")).theme("MARCHE").display == "MARCHE"
    assert maquette_of(PLAIN.replace("chat", "cœur")).theme("COEUR").display == "COEUR"


@pytest.mark.parametrize("name", ["A", "B"])
def test_the_printed_maquettes_written_as_text_give_the_same_boards(name: str) -> None:
    printed = MAQUETTES[name]
    text = ",".join(t.word + ":" + "+".join(t.related) for t in printed.themes)
    text += "," + ",".join(f"{sq}={n}" for sq, n in printed.free.items())
    assert maquette_of(text).themes == printed.themes  # ARMÉE, FORÊT, THÉÂTRE from ARMEE…
    assert maquette_of(text).grid() == printed.grid() and maquette_of(text).free == printed.free


def test_the_printed_lists_are_the_specs_shown_with_their_accents() -> None:
    """The printed maquettes' lists carry their accents for the screen (found playing: the
    browser showed « ecran, memoire » for ORDINATEUR); folded, they are rules/alkamo.md's."""
    spec = (Path(__file__).resolve().parents[3] / "rules" / "alkamo.md").read_text("utf-8")
    for name in ("A", "B"):
        for theme in MAQUETTES[name].themes:
            assert f"  {theme.word}: {' '.join(theme.related)}\n" in spec
            assert tuple(fold(w).upper() for w in theme.shown) == theme.related
    a, b = MAQUETTES["A"], MAQUETTES["B"]
    assert a.theme("ORDINATEUR").shown[0] == "écran" and "mémoire" in a.theme("ORDINATEUR").shown
    assert "mât" in a.theme("BATEAU").shown and "croûte" in a.theme("PAIN").shown
    assert "pêche" in b.theme("POISSON").shown and "fossé" in b.theme("CHATEAU").shown


def test_the_view_shows_the_listed_words_with_their_accents() -> None:
    state = new(players=2, maquette="B")
    state.plaque = "POISSON"
    assert state.view(0)["related"] == [
        "nageoire",
        "écaille",
        "truite",
        "saumon",
        "aquarium",
        "pêche",
        "requin",
        "arête",
    ]
    # A custom list is folded in the option's text (records replay anywhere): each word is
    # shown as Lexique's most frequent noun of that spelling (LUMIERE → lumière).
    state = custom()
    state.plaque = "SOLEIL"
    assert state.view(0)["related"] == ["lumière", "chaleur"]
    state.plaque = "PORTE"
    assert state.view(0)["related"] == ["clé", "serrure"]


def test_the_value_is_kept_in_one_canonical_form() -> None:
    opts = Options(maquette=TEXT)
    assert opts.maquette.startswith("CHAT:CHIEN+SOURIS+GRIFFE+MOUSTACHE,LIVRE:PAGE+ROMAN+AUTEUR,")
    assert opts.maquette.endswith(
        ",ARMÉE:SOLDAT+GUERRE,LETTRE:TIMBRE+ENVELOPPE,C1=5,C2=4,C3=4,C4=6,C5=8"
    )
    assert Options(maquette=opts.maquette) == opts  # the canonical form reads back to itself
    # Any separator: new lines (a file, one theme per line), semicolons, spaces around : + =.
    lines = "\n".join(THEMES.split(",")) + "\nC1 = 5\nC3=4\n"
    assert Options(maquette=lines) == opts
    assert Options(maquette="b").maquette == "B" and Options().maquette == "A"


def test_options_travel_as_text_from_the_command_line_and_json() -> None:
    opts = Options.parse([f"maquette={TEXT}", "judge=liste"])
    assert opts == Options.from_dict(json.loads(json.dumps(opts.to_dict())))
    assert opts.maquette == Options(maquette=TEXT).maquette


def twenty(*changes: tuple[str, str]) -> str:
    text = PLAIN
    for old, new_ in changes:
        text = text.replace(old, new_, 1)
    return text


@pytest.mark.parametrize(
    ("text", "fr", "en"),
    [
        ("MER,PAIN", "2 thème(s) : il en faut exactement 20", "2 theme(s): exactly 20"),
        ("", "0 thème(s) : il en faut exactement 20", "0 theme(s)"),
        (PLAIN + ",ciel", "21 thème(s)", "21 theme(s)"),
        (twenty(("route", "chat")), "CHAT figure deux fois parmi les thèmes", "appears twice"),
        (twenty(("route", "ÂRMEE")), "ÂRMEE : Lexique l'écrit ARMÉE", "Lexique spells it"),
        (twenty(("route", "chât")), "CHÂT : Lexique l'écrit CHAT", "Lexique spells it CHAT"),
        (twenty(("route", "xyzzy")), "XYZZY n'est pas dans Lexique", "XYZZY is not in Lexique"),
        (twenty(("route", "vite")), "VITE n'est pas un nom commun", "is not a common noun"),
        (
            twenty(("route", "chevaux")),
            "CHEVAUX est un pluriel : le thème s'écrit au singulier, CHEVAL",
            "CHEVAUX is a plural",
        ),
        (
            twenty(("route", "administration")),
            "ADMINISTRATION : 14 lettres, un thème en a 10 au plus",
            "14 letters, a theme has 10 at most",
        ),
        (
            twenty(("route", "arc-en-ciel")),
            "ARC-EN-CIEL : un thème est un seul mot",
            "a theme is one word",
        ),
        (
            twenty(("route", "route:vgue")),
            "VGUE (liste de ROUTE) n'est pas un mot admis",
            "VGUE (ROUTE's list) is not an admissible word",
        ),
        (
            twenty(("route", "route:rue+rue")),
            "RUE figure deux fois dans la liste de ROUTE",
            "appears twice in ROUTE's list",
        ),
        (
            twenty(("route", "route:route")),
            "ROUTE : le mot du thème n'a pas sa place dans sa liste",
            "the theme word need not be in its list",
        ),
        (
            twenty(("route", "route:mange")),
            "MANGE (liste de ROUTE) n'est pas un mot admis",
            "not an admissible word",
        ),
        (PLAIN + ",C6=4", "« C6=4 » : il n'y a que cinq cases libres, C1 à C5", "only five"),
        (PLAIN + ",C0=4", "« C0=4 » : il n'y a que cinq cases libres", "C1 to C5"),
        (
            PLAIN + ",C2=1",
            "« C2=1 » : une case libre demande de 2 à 10 lettres (deux au moins",
            "a free square asks 2 to 10 letters",
        ),
        (PLAIN + ",C2=11", "« C2=11 » : une case libre demande de 2 à 10 lettres", "2 to 10"),
        (PLAIN + ",C2=x", "« C2=x » : une case libre demande de 2 à 10 lettres", "2 to 10"),
        (PLAIN + ",C2=²", "« C2=² » : une case libre demande de 2 à 10 lettres", "2 to 10"),
        (PLAIN + ",C١=3", "« C١=3 » : syntaxe inconnue", "unknown syntax"),
        (PLAIN + ",C2=3,C2=4", "C2 : longueur donnée deux fois", "C2: length given twice"),
        (twenty(("route", "route::rue")), "« route::rue » : syntaxe inconnue", "unknown syntax"),
        (twenty(("route", "route:")), "« route: » : syntaxe inconnue", "unknown syntax"),
        (twenty(("route", "taille=3")), "« taille=3 » : syntaxe inconnue", "unknown syntax"),
        (twenty(("route", "rou/te")), "« rou/te » : syntaxe inconnue", "unknown syntax"),
        ("x" * 9000, "texte trop long (9000 caractères, 8000 au plus)", "text too long"),
    ],
)
def test_every_bad_maquette_is_refused_saying_what_is_wrong(text: str, fr: str, en: str) -> None:
    with pytest.raises(OptionsError) as err:
        Options(maquette=text)
    assert err.value.fr.startswith("maquette personnalisée : ") and fr in err.value.fr
    assert err.value.en.startswith("custom maquette: ") and en in err.value.en


PIECES = [
    PLAIN,
    PLAIN,
    "chat",
    "CHAT:",
    "armée",
    "ARMEE",
    "mer",
    "C1=",
    "C5=9",
    "C7=3",
    "=",
    ":",
    "+",
    ",",
    ";",
    " ",
    "\n",
    "1",
    "²",
    "٣",
    "é",
    "œ",
    "ß",
    "-",
    "'",
    "/",
    "x",
    "souris",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_any_text_is_refused_clearly_or_read_back_to_itself(text: str) -> None:
    try:
        opts = Options(maquette=text)
    except OptionsError as err:
        assert err.fr and err.en
        return
    assert Options(maquette=opts.maquette) == opts
    assert len(maquette_of(opts.maquette).plaques()) == 25


def test_every_problem_is_named_at_once_and_a_long_list_is_counted() -> None:
    text = twenty(("route", "xyzzy"), ("arbre", "vite"), ("pomme", "chevaux"))
    with pytest.raises(OptionsError) as err:
        Options(maquette=text)
    assert all(w in err.value.fr for w in ("XYZZY", "VITE", "CHEVAUX"))
    with pytest.raises(OptionsError) as err:
        Options(maquette=",".join(f"zz{i}" for i in range(12)))
    assert "et 5 autre(s) problème(s)" in err.value.fr and "and 5 other" in err.value.en


def test_a_refused_maquette_changes_nothing() -> None:
    state = custom()
    before = json.dumps(state.view(None), sort_keys=True)
    with pytest.raises(OptionsError):
        GAME.new(2, {"maquette": "MER,PAIN"}, 1)
    assert json.dumps(state.view(None), sort_keys=True) == before
    assert maquette_of(TEXT).theme("CHAT") is not None  # the good one is still cached


# ------------------------------------------------------------------------------ the table
def test_the_view_draws_the_custom_board() -> None:
    view = custom().view(0)
    assert view["maquette"] == "perso" and view["maquette_title"] == "personnalisée"
    labels = [cell["label"] for row in view["board"] for cell in row]
    assert labels[:5] == ["C1", "CHAT", "LIVRE", "SOLEIL", "C2"] and "ARMÉE" in labels
    assert view["board"][0][0]["longueur"] == 5
    assert view["options"]["maquette"] == Options(maquette=TEXT).maquette


def test_R11_labourage_and_the_C1_bonus_on_a_custom_maquette() -> None:
    state = custom()
    deal(state, state.active, "CHATEIOUSA")
    assert accepted(play_word(state, "CHAT", "CHAT"))["labourage"] is True  # 20 × 2
    state = custom()
    deal(state, state.active, "POMMESEIAU")
    assert accepted(play_word(state, "C1", "POMME"))["bonus_c"] == 10  # C1 asks 5 here (R7)
    state = custom()
    deal(state, state.active, "POMMEIAEUS")
    events = play_word(state, "C1", "AIME")
    assert any(e["type"] == "rejete" and "5 lettres" in e["raison"] for e in events)  # R18


def test_R22_liste_accepts_the_theme_its_forms_and_its_list_only() -> None:
    judge = J.make_judge("liste")
    chat = maquette_of(TEXT).theme("CHAT")
    assert judge.decide(chat.display, "CHATS", chat.related).accepted  # a form of the theme
    assert judge.decide(chat.display, "SOURIS", chat.related).accepted  # listed
    assert not judge.decide(chat.display, "TIGRE", chat.related).accepted
    bare = maquette_of(PLAIN).theme("CHAT")
    assert bare.related == ()
    assert judge.decide(bare.display, "CHATS", bare.related).accepted  # no list: the theme word
    assert not judge.decide(bare.display, "SOURIS", bare.related).accepted  # … and its forms only


@pytest.mark.skipif(not J.auto_available()[0], reason="spaCy's model is not installed")
def test_R22_auto_judges_custom_themes_and_keys_its_cache_on_their_content() -> None:
    judge = J.make_judge("auto")
    chat = maquette_of(TEXT).theme("CHAT")
    assert judge.decide(chat.display, "MIAOU", chat.related).accepted
    assert not judge.decide(chat.display, "IMPOT", chat.related).accepted
    armee = maquette_of(TEXT).theme("ARMEE")
    assert judge.decide(armee.display, "CASERNE", armee.related).accepted
    # The same theme with another list is another field: the cache keys on the content.
    field = judge.theme_vectors("ARMÉE", ("SOLDAT", "GUERRE"))[1]
    assert len(field) == 2 and len(judge.theme_vectors("ARMÉE", ())[1]) == 0
    mixte = judge.decide(armee.display, "SOLDATS", armee.related, mixte=True)
    assert mixte.accepted is True  # a form of a listed word, without a vote


@pytest.mark.skipif(not J.auto_available()[0], reason="spaCy's model is not installed")
def test_R22_a_theme_the_automatic_judge_cannot_read_is_refused_at_the_table_saying_why() -> None:
    # ZINGARO is a Lexique noun the vectors lack: auto would refuse every word off its list.
    text = twenty(("musique", "zingaro"))
    assert maquette_of(text).theme("ZINGARO")  # the maquette itself is valid
    with pytest.raises(OptionsError) as err:
        new(players=2, maquette=text, judge="auto")
    assert "ZINGARO" in err.value.fr and "mixte" in err.value.fr
    assert "ZINGARO" in err.value.en
    for judge in ("mixte", "vote", "liste", "arbitre"):  # people (or the list) decide there
        assert new(players=2, maquette=text, judge=judge).maquette.theme("ZINGARO")
    # A list does not make up for it: the score reads the theme's own vector.
    with pytest.raises(OptionsError):
        new(players=2, maquette=twenty(("musique", "zingaro:chanson+danse")), judge="auto")


@pytest.mark.skipif(not J.auto_available()[0], reason="spaCy's model is not installed")
def test_R22_a_decision_on_an_unreadable_theme_says_the_theme_is_unknown() -> None:
    decision = J.make_judge("auto").decide("ZINGARO", "MUSIQUE")
    assert "thème" in decision.reason_fr and "theme" in decision.reason_en
    assert "mot inconnu" not in decision.reason_fr


def play_out(state: AlkamoState, seed: int) -> int:
    bots = [Fort(seed + i) for i in range(state.players)]
    steps = 0
    while not state.is_over():
        seat = min(state.to_move())
        state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        state.check_invariants()
        steps += 1
    return steps


@pytest.mark.parametrize("judge", ["liste", "vote", "auto"])
def test_R2_a_whole_game_of_bots_on_a_custom_maquette_then_its_record_replays(judge: str) -> None:
    if judge == "auto" and not J.auto_available()[0]:
        pytest.skip("spaCy's model is not installed")
    state = new(players=3, seed=4, maquette=TEXT, judge=judge)
    play_out(state, 4)
    laid = {p: c["mot"] for p, c in state.central.items()}
    assert len(laid) >= 8, laid  # fort finds words for the custom themes
    for plaque, word in laid.items():
        theme = state.maquette.theme(plaque)
        if theme is not None and judge == "liste":
            assert J.make_judge("liste").decide(theme.display, word, theme.related).accepted
    record = json.loads(json.dumps(state.record()))
    assert record["options"]["maquette"] == state.options.maquette
    again = replay(record)
    for seat in [0, 1, 2, None]:
        assert again.view(seat) == state.view(seat)
    assert again.result() == state.result()


def test_R1_a_non_playing_arbiter_judges_a_custom_maquette() -> None:
    options = {**GAME.variant_options("arbitre_externe"), "maquette": TEXT}
    state = GAME.new(3, options, 2)
    assert isinstance(state, AlkamoState)
    play_out(state, 2)
    assert state.result().ranks[2] == 0 and any(state.maquette.theme(p) for p in state.central)


# ------------------------------------------------------------------------------ elsewhere
def test_the_command_line_plays_a_custom_maquette(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    args = [
        "play",
        "alkamo",
        "-n",
        "2",
        "--seed",
        "3",
        "--bots",
        "fort",
        "-o",
        f"maquette={TEXT}",
        "-o",
        "judge=liste",
        "--record",
        str(path),
    ]
    res = runner.invoke(app, args, input="\n" + "p\n\n" * 3 + "quitter\n")
    assert res.exit_code == 0, res.output
    assert "Tapis central — maquette personnalisée" in res.output and "ARMÉE" in res.output
    record = json.loads(path.read_text())
    assert record["options"]["maquette"] == Options(maquette=TEXT).maquette
    verified = runner.invoke(app, ["replay", str(path), "--verify"])
    assert verified.exit_code == 0 and "✓" in verified.output
    res = runner.invoke(app, ["play", "alkamo", "-o", "maquette=MER,PAIN,ciel"])
    assert res.exit_code == 2 and "3 thème(s) : il en faut exactement 20" in res.output
    res = runner.invoke(
        app, ["alkamo", "juge", "CHAT", "souris", "--mode", "liste", "--maquette", TEXT]
    )
    assert res.exit_code == 0 and "champ lexical" in res.output


def test_simulate_takes_a_custom_maquette(tmp_path: Path) -> None:
    out = str(tmp_path / "r.csv")
    args = [
        "simulate",
        "alkamo",
        "--games",
        "1",
        "-n",
        "2",
        "--bots",
        "fort",
        "-j",
        "1",
        "-o",
        f"maquette={TEXT}",
        "-o",
        "judge=libre",
        "--out",
        out,
    ]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output


def test_the_learning_env_keeps_its_size_and_passes_the_api_test() -> None:
    from pettingzoo.test import api_test

    from ludotheque import rl

    env, env_a = rl.env("alkamo", maquette=TEXT, judge="liste"), rl.env("alkamo")
    env.reset(seed=1)
    env_a.reset(seed=1)
    shape = env.observation_space(env.agents[0])["observation"].shape
    assert shape == env_a.observation_space(env_a.agents[0])["observation"].shape
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=40)
    assert env.unmapped == 0


def test_the_parser_is_the_options_check() -> None:
    assert parse(TEXT).option == Options(maquette=TEXT).maquette
