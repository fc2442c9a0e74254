"""Alkamo for learning: slots and view features (docs/rl.md, « Alkamo »).

Action slots:
- ``mot``: one slot per word of the Alkamo dictionary (2 to 11 letters, sorted: 68,956 words
  with Lexique 3.83), so « play TRACTEUR » is always the same slot; the joker placement is the
  engine's best one for the rack (R17). Word identity matters here — the theme judge decides
  on meaning — so words are not reduced to their score as AlphaPoker's are;
- ``rendre``: the letter set aside (``""`` = done), 28 slots;
- ``achat`` / ``echange``: the other seat (relative position) × the letter asked, 27 letters;
- ``donne``: the letter given, 27; ``prix``: the price 0…20 (R28: at most twice a value);
- ``tirer``, ``reprendre``, ``super_mot``, ``passer``, ``annuler``, ``accepter``,
  ``refuser``, ``temps_ecoule``: one slot each.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ludotheque.games.alkamo.custom import maquette_of
from ludotheque.games.alkamo.maquettes import JOKER, LETTERS
from ludotheque.games.alkamo.options import Options
from ludotheque.games.alkamo.search import MAX_LEN
from ludotheque.games.alkamo.words import dictionary
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

TILES = (*LETTERS, JOKER)
PHASES = ("theme", "word", "draft", "offer", "judge", "return", "over")
MAX_PRICE = 20


@cache
def vocabulary() -> tuple[str, ...]:
    """Every word a rack may lay (R16–R19), sorted: the ``mot`` slots."""
    return tuple(sorted({w for w in dictionary().words() if 2 <= len(w) <= MAX_LEN}))


def codec(players: int, options: Options) -> A.Codec:
    others = players - 1

    def seat_letter(field: str) -> Any:
        def fn(view: dict[str, Any], action: dict[str, Any], k: int, n: int) -> int | None:
            other, letter = action.get(field), action.get("lettre")
            me: int = view.get("seat", 0)
            if not isinstance(other, int) or other == me or letter not in TILES:
                return None
            return ((other - me) % players - 1) * len(TILES) + TILES.index(letter)

        return fn

    singles = (
        "tirer",
        "reprendre",
        "super_mot",
        "passer",
        "annuler",
        "accepter",
        "refuser",
        "temps_ecoule",
    )
    return A.Families(
        [A.Single(t) for t in singles]
        + [
            A.Choice(
                "mot",
                "mot",
                vocabulary(),
                f"mot: the word's index in the sorted dictionary ({len(vocabulary())})",
            ),
            A.Choice("rendre", "lettres", ("", *TILES)),
            A.Custom(
                "achat",
                others * len(TILES),
                seat_letter("vendeur"),
                "achat: seller (relative seat) × letter",
            ),
            A.Custom(
                "echange",
                others * len(TILES),
                seat_letter("avec"),
                "echange: partner (relative seat) × letter",
            ),
            A.Choice("donne", "lettre", TILES),
            A.Amount("prix", "prix", 0, MAX_PRICE),
        ]
    )


def features(players: int, options: Options) -> list[E.Feature]:
    # 25 plaques for every maquette, custom ones too (§2): slot i is the board's i-th theme.
    plaques = tuple(maquette_of(options.maquette).plaques())
    return [
        E.OneHot("phase", PHASES),
        E.Counts("rack", TILES),
        E.Counts("set_aside", TILES),
        E.Counts("acquired", TILES),
        E.PerSeat("rack_sizes", 10.0),
        E.PerSeat("scores", 100.0),
        E.PerSeat("transactions"),
        E.PerSeat("super_used"),
        E.SeatIndex("active"),
        E.OneHot("plaque", plaques),
        E.OneHot("pending", plaques),
        E.Members("themes_left", plaques),
        E.Num("plaque_length", 10.0),
        E.Flag("super_mot"),
        E.Flag("final"),
        E.Num("bag_l", 191.0),
        E.Num("bag_t", 25.0),
        E.Num("transactions_left"),
        E.Num("idle_turns", 10.0),
        E.OneHot("offer.kind", ("achat", "echange")),
        E.SeatIndex("offer.avec"),
        E.OneHot("offer.lettre", TILES),
        E.Num("offer.prix", float(MAX_PRICE)),
        E.Counts("submission.mot", TILES),
        E.SeatSet("voters"),
        E.OneHot("return_mode", ("exchange", "refill")),
    ]
