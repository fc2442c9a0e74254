"""The front end's files, checked without a browser: the translation table is complete in both
languages, every module it imports exists, and the rule-book data the screens carry (letter
values, Alice's card values, Casino Royal's cartons, Alkamo's tiles) equals the engines'."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ludotheque import games

WEB = Path(games.__file__).resolve().parent.parent / "web"
JS = sorted((WEB / "js").rglob("*.js"))
WORDS = json.loads((WEB / "data" / "i18n.json").read_text(encoding="utf-8"))
# The help at the table (« ? », rules, explanations, screen-reader labels) has its own file, the
# same entries, some with the rule they explain ("rule", shown only in a tooltip).
HELP = json.loads((WEB / "data" / "help.json").read_text(encoding="utf-8"))
STRINGS = {**WORDS, **HELP}
RULES = Path(__file__).resolve().parents[2] / "rules"
KEY = re.compile(r'"([a-z]+(?:\.[A-Za-z0-9_]+)+)"')
NOT_KEYS = re.compile(r"^ludotheque\.|\.(js|json|css|svg|html|png)$")


def source(name: str) -> str:
    return (WEB / "js" / name).read_text(encoding="utf-8")


def literal_keys() -> set[str]:
    keys = set()
    for path in JS:
        for m in KEY.finditer(path.read_text(encoding="utf-8")):
            if not NOT_KEYS.search(m.group(1)):
                keys.add(m.group(1))
    return keys


def test_every_string_the_scripts_name_is_in_the_table() -> None:
    missing = sorted(k for k in literal_keys() if k not in STRINGS)
    assert not missing, f"keys used in web/js but missing from web/data/*.json: {missing}"


def test_help_is_in_players_words_and_its_rule_references_exist() -> None:
    """Issue 17: no rule number in what a player reads; the « ? »'s tooltips name rules that the
    rule book has (Bataille and Belote are in alphapoker.md); one file per key."""
    assert not set(WORDS) & set(HELP)
    book = {g: (RULES / f"{g}.md").read_text(encoding="utf-8") for g in games.names()
            if (RULES / f"{g}.md").exists()}  # fmt: skip
    book["bataille"] = book["belote"] = book["alphapoker"]
    for key, entry in HELP.items():
        for lang in ("fr", "en"):
            assert not re.search(r"\bR\d+\b", entry[lang]), (key, entry[lang])
        if "rule" not in entry or not key.startswith("help."):
            continue
        game = key.split(".")[1]
        for first, last in re.findall(r"R(\d+)(?:–R(\d+))?", entry["rule"]):
            for n in {first, last or first}:
                assert f"**R{n}**" in book[game], (key, entry["rule"], n)


def test_each_string_has_french_and_english_with_the_same_placeholders() -> None:
    holes = re.compile(r"\{(\w+)\}")
    grammar = {"de"}  # French elision (« d'As », « de Rois »): no English counterpart
    # A knockout round: French counts its duels (« 8es de finale »), English its entrants
    # (« Round of 16 »).
    counted = {"tourn.round.ko": {"n", "entrants"}}
    bad = []
    for key, entry in STRINGS.items():
        complete = (
            {"fr", "en"} <= set(entry) <= {"fr", "en", "rule"}
            and entry["fr"].strip()
            and entry["en"].strip()
        )
        differ = (
            (set(holes.findall(entry.get("fr", ""))) ^ set(holes.findall(entry.get("en", ""))))
            - grammar
            - counted.get(key, set())
        )
        if not complete or differ:
            bad.append(key)
    assert not bad, bad


def test_the_games_names_are_not_copied_into_the_table() -> None:
    """Issue 17: options, bots and variants are named by the games themselves (served by
    /api/games, engine/labels.py), never by a copy in web/data/i18n.json."""
    copies = []
    for name in games.names():
        for option in games.get(name).options_type.names():
            copies += [k for k in (f"opt.{name}.{option}", f"opt.{option}") if k in STRINGS]
    copies += [k for k in STRINGS if k.startswith(("bot.", "variant."))]
    # The Poker d'As hands and faces are the game's terms (games/pokerdas/labels.py).
    copies += [k for k in STRINGS if k.startswith(("pd.ann.", "pd.face.", "pd.combo.", "pd.de"))]
    assert not copies, copies
    for status in ("waiting", "playing", "over"):
        assert f"status.{status}" in STRINGS


def test_plural_forms_have_both_numbers() -> None:
    """« {n} {n:unité|unités} »: each agreement names a placeholder and two forms."""
    form = re.compile(r"\{(\w+):([^{}|]*)\|([^{}]*)\}")
    for key, entry in STRINGS.items():
        for lang in ("fr", "en"):
            for _name, one, many in form.findall(entry[lang]):
                assert one and many and "|" not in many, (key, lang)
        assert {m[0] for m in form.findall(entry["fr"])} <= set(
            re.findall(r"\{(\w+)[:}]", entry["en"])
        ) | {"n"}, key


def test_every_imported_module_exists() -> None:
    importer = re.compile(r"""(?:from|import)\s*\(?\s*"(\.{1,2}/[^"]+)"\s*\)?""")
    for path in JS:
        for m in importer.finditer(path.read_text(encoding="utf-8")):
            target = (path.parent / m.group(1)).resolve()
            assert target.is_file(), f"{path.name} imports missing {m.group(1)}"
    index = (WEB / "index.html").read_text(encoding="utf-8")
    for ref in re.findall(r'(?:src|href)="/static/([^"]+)"', index):
        assert (WEB / ref).is_file(), ref


def test_screens_named_in_the_index_are_registered_games() -> None:
    named = re.findall(r"^\s+(\w+): \(\) => import", source("games/index.js"), re.M)
    assert named, "no screen listed"
    assert set(named) <= set(games.names())
    for name in named:
        assert (WEB / "js" / "games" / f"{name}.js").is_file()


def test_alphapoker_letter_values_and_length_points() -> None:
    from ludotheque.cards.letters import LENGTH_POINTS, VALUES

    draw = source("games/draw.js")
    values = dict(re.findall(r"\b([A-Z]): (\d+)", draw.split("LETTER_VALUES")[1].split("};")[0]))
    assert {k: int(v) for k, v in values.items()} == VALUES
    points = re.search(r"LENGTH_POINTS = \{([^}]*)\}", draw)
    assert points
    assert {
        int(k): int(v) for k, v in re.findall(r"(\d+): (\d+)", points.group(1))
    } == LENGTH_POINTS


def test_alice_card_values() -> None:
    from ludotheque.games.alice.cards import SUITS, VALUES

    js = source("games/alice.js").split("const VALUES = {")[1].split("};")[0]
    table = {
        suit: [int(x) for x in nums.split(",")]
        for suit, nums in re.findall(r"(\w\w): \[([^\]]*)\]", js)
    }
    assert table == {name: list(VALUES[i]) for i, name in enumerate(SUITS)}


def test_casino_royal_cartons() -> None:
    from ludotheque.cards.french52 import card_str
    from ludotheque.games.casinoroyal.cartons import CARTONS

    js = source("games/casinoroyal.js").split("CARTON_TEXT = [")[1].split("];")[0]
    rows = [line.split() for line in re.findall(r'"([^"]+)"', js)]
    assert rows == [[card_str(c) for c in carton] for carton in CARTONS]


def test_casino_royal_figures() -> None:
    from ludotheque.games.casinoroyal.cartons import FIGURES

    js = source("games/casinoroyal.js").split("FIGURE_CELLS = {")[1].split("};")[0]
    cells = {int(k): v for k, v in re.findall(r"(\d+): \[([^\]]*)\]", js)}
    for figure in FIGURES:
        first = figure.instances[0]
        expected = [c for c in range(20) if first >> c & 1]
        text = cells[figure.number]
        got = list(range(20)) if "Array(20)" in text else [int(x) for x in text.split(",")]
        assert got == expected, figure.name_fr


def test_alkamo_tile_values() -> None:
    from ludotheque.games.alkamo.maquettes import VALUE

    js = source("games/alkamo.js").split("TILE_VALUE = {")[1].split("};")[0]
    table = {k.strip('"'): int(v) for k, v in re.findall(r'("?[A-Z*]"?): (\d+)', js)}
    assert table == VALUE


def test_every_imported_name_is_exported() -> None:
    """A page imported « botLabel » from a module that no longer had it: the page died."""
    named = re.compile(r'import\s*\{([^}]*)\}\s*from\s*"(\.{1,2}/[^"]+)"')
    missing = []
    for path in JS:
        for m in named.finditer(path.read_text(encoding="utf-8")):
            target = (path.parent / m.group(2)).resolve()
            text = target.read_text(encoding="utf-8")
            exported = set(
                re.findall(r"export\s+(?:async\s+)?(?:function|const|let|class)\s+(\w+)", text)
            )
            for group in re.findall(r"export\s*\{([^}]*)\}", text):
                exported |= {x.split(" as ")[-1].strip() for x in group.split(",") if x.strip()}
            for name in (x.split(" as ")[0].strip() for x in m.group(1).split(",")):
                if name and name not in exported:
                    missing.append(f"{path.name}: {name} from {m.group(2)}")
    assert not missing, missing


def test_the_english_dice_help_names_the_faces_the_english_dice_show() -> None:
    """Found play-testing in the browser: the English help said « King (R), Queen (D), Jack
    (V) » while the English dice show K, Q, J (R, D, V are the French dice's letters)."""
    english = HELP["help.pokerdas.table"]["en"]
    assert "King (K), Queen (Q), Jack (J)" in english and "(R)" not in english


def test_a_round_is_a_manche_at_the_poker_das_and_casino_royal_tables() -> None:
    """Found play-testing in the browser: the lobby said « 20 manches » and the terminal
    « manche 3/20 », but the table « Tour 3 : … » and its options « Tours au plus » — and « tour »
    is also whose turn it is (« au tour de Bot 1 »). A round is a « manche » everywhere."""
    from ludotheque import games

    round_words = re.compile(r"(?<!fait le )\b[Tt]ours?\b(?! d'enchères| de)")
    for key, text in WORDS.items():
        if key.startswith(("pd.", "cr.")):
            assert not round_words.search(text["fr"]), (key, text["fr"])
    for name in ("pokerdas", "casinoroyal"):
        g = games.get(name)
        for words in g.options_type.words.values():
            for said in (words.label.fr, words.help.fr if words.help else ""):
                assert not round_words.search(said), said
        for event in g.words.events.values():  # the log's sentences
            assert not round_words.search(event.fr), event.fr


def test_the_tournament_form_says_its_choices_in_words_not_option_keys() -> None:
    """Found play-testing: the French tournament form offered « par moitiés (halves) » and
    « 1 contre N (fold) », the option's keys in English inside French words."""
    for key in ("tourn.pairing.halves", "tourn.pairing.fold", "tourn.seeding.lot"):
        assert not re.search(r"\((halves|fold|lot|ranking)\)", WORDS[key]["fr"]), WORDS[key]


def test_sentences_about_a_named_player_do_not_guess_his_gender() -> None:
    """Found play-testing: « Zoé absent — un bot le remplace », « Inès est éliminé », « Un bot
    joue pour Zoé, absent »: the page does not know a player's gender, so what it says of a
    named player agrees with none (« prend sa place », « sort de la partie »)."""
    gendered = re.compile(r"\b(absent|éliminé|déconnecté|le remplace|pour lui|revient)\b")
    said_of_a_player = [
        "table.absent",
        "table.absent_left",
        "table.absent_help",
        "table.absent_help_tournament",
        "table.actor.standin",
        "table.clock.absence",
        "table.standin",
        "ap.ev.eliminated",
        "pd.ev.eliminated",
    ]
    for key in said_of_a_player:
        assert not gendered.search(WORDS[key]["fr"]), (key, WORDS[key]["fr"])


def test_a_count_of_zero_reads_as_french() -> None:
    """Found play-testing: Alice's log said « Hugo tire 5♣ (0 carte reste) »."""
    assert "reste" not in WORDS["al.ev.draw"]["fr"]
    assert "en partie joué" not in WORDS["table.stood_in"]["fr"]


def test_the_keyboard_help_fits_every_game() -> None:
    """Found play-testing: Alkamo's « ? » said « Tab passe d'une carte à l'autre »: its pieces
    are tiles, and the Poker d'As's dice, Alice's squares."""
    said = HELP["help.shortcut"]["fr"]
    assert "d'une carte à l'autre" not in said and "tuile" in said and "Échap" in said


def test_alkamos_final_count_does_not_call_a_sale_a_word() -> None:
    """Found play-testing: « Zoé : 2 points de mots − 36 … » when her 2 points came from
    selling an S (R27), not from words."""
    assert "points de mots" not in WORDS["ak.why"]["fr"] and "vendues" in WORDS["ak.why"]["fr"]


def test_casino_royals_payout_agrees_with_what_the_winner_took() -> None:
    """Found play-testing: a round said « Bot fort 3 ramasse 5 unités des autres » and « Bot
    fort 3 reçoit 8 » (the 5 and his own 3): the two read as contradicting each other."""
    assert "comprise" in WORDS["cr.payout"]["fr"] and "included" in WORDS["cr.payout"]["en"]
