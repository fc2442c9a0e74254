"""The letters, their values and the two maquettes of the central board (rules/alkamo.md §1, §6).

Data only, as literal tables checked by tests against the rule book's totals: the 188 letters
and 3 jokers of cagnotte L, and for each maquette its 20 themes (displayed and folded), the
lengths of the free squares C1–C5 and the related words listed for each theme. A custom
maquette (§2) is read from the option's text by :mod:`custom`, whose ``maquette_of`` gives
the maquette of any value of the option.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ludotheque.lexicon.fold import fold

JOKER = "*"
# §1.1: letter → (tiles, value). A joker is worth 0 (its sale value is 10, R28).
TILES: dict[str, tuple[int, int]] = {
    "A": (20, 2), "S": (16, 2), "E": (26, 2), "I": (14, 2), "O": (12, 2), "U": (12, 2),
    "L": (7, 6), "T": (7, 6), "M": (7, 6), "N": (7, 6), "R": (7, 6),
    "C": (5, 6), "B": (5, 6), "D": (5, 6), "F": (5, 6), "G": (5, 6), "H": (5, 6), "P": (5, 6),
    "J": (3, 8), "V": (3, 8),
    "K": (2, 10), "Q": (2, 10), "W": (2, 10), "X": (2, 10), "Y": (2, 10), "Z": (2, 10),
    JOKER: (3, 0),
}  # fmt: skip
VALUE: dict[str, int] = {letter: value for letter, (_, value) in TILES.items()}
JOKER_SALE_VALUE = 10  # R28: a joker counts 10 for the price cap
TOTAL_TILES = sum(count for count, _ in TILES.values())  # 191
TOTAL_VALUE = sum(count * value for count, value in TILES.values())  # 788
LETTERS = tuple(sorted(k for k in TILES if k != JOKER))
TILE_ORDER = (*LETTERS, JOKER)  # R3, D1: nearest to A starts; a joker ranks after Z


def bag() -> list[str]:
    """Cagnotte L in a fixed order (the state shuffles it with its own RNG)."""
    return [letter for letter in TILE_ORDER for _ in range(TILES[letter][0])]


def price_cap(tile: str) -> int:
    """R28: at most twice the tile's value; a joker counts 10."""
    return 2 * (JOKER_SALE_VALUE if tile == JOKER else VALUE[tile])


FREE = ("C1", "C2", "C3", "C4", "C5")
# §6: C1 (1,1), C2 (1,5), C3 (3,3), C4 (5,1), C5 (5,5); themes fill the rest row by row.
FREE_SQUARES = {"C1": (0, 0), "C2": (0, 4), "C3": (2, 2), "C4": (4, 0), "C5": (4, 4)}
BONUS_SQUARES = ("C1", "C5")  # R11, Art. 13: +10


@dataclass(frozen=True)
class Theme:
    display: str  # as printed: ARMÉE
    word: str  # folded: ARMEE
    related: tuple[str, ...]  # folded related words listed in the spec
    # The same words as the screen shows them (« pêche », « mât »): only for display, so two
    # boards of the same words are the same board however their lists are spelled.
    shown: tuple[str, ...] = field(default=(), compare=False)

    @property
    def lower(self) -> str:
        """The spelling with its accents, lower case (« armée »): what the vectors know."""
        return self.display.lower()


@dataclass(frozen=True)
class Maquette:
    name: str  # A, B, or « perso » for a custom maquette
    title: str
    free: dict[str, int]  # C1…C5 → required number of letters
    themes: tuple[Theme, ...]
    option: str  # the value of the table option that gives this maquette (canonical form)

    @property
    def custom(self) -> bool:
        return self.name not in MAQUETTES

    def plaques(self) -> list[str]:
        """The 25 plaques of cagnotte T: the 20 folded theme words, then C1…C5."""
        return [t.word for t in self.themes] + list(FREE)

    @cached_property
    def _by_word(self) -> dict[str, Theme]:
        return {t.word: t for t in self.themes}

    def theme(self, plaque: str) -> Theme | None:
        return self._by_word.get(plaque)

    def square(self, plaque: str) -> tuple[int, int]:
        """(row, column) of a plaque's square, counted from 0."""
        if plaque in FREE_SQUARES:
            return FREE_SQUARES[plaque]
        cells = [(r, c) for r in range(5) for c in range(5) if (r, c) not in FREE_SQUARES.values()]
        return cells[[t.word for t in self.themes].index(plaque)]

    @cached_property
    def _grid(self) -> tuple[tuple[str, ...], ...]:
        out = [["" for _ in range(5)] for _ in range(5)]
        for plaque in self.plaques():
            r, c = self.square(plaque)
            out[r][c] = plaque
        return tuple(tuple(row) for row in out)

    def grid(self) -> list[list[str]]:
        """The 5 × 5 board, each square holding its plaque name."""
        return [list(row) for row in self._grid]


def _maquette(name: str, title: str, free: dict[str, int], text: str) -> Maquette:
    themes = []
    # A line starting with a blank after the first one continues the previous theme's list.
    lines: list[str] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if lines and line.startswith("               "):
            lines[-1] += " " + line.strip()
        else:
            lines.append(line.strip())
    for line in lines:
        display, _, related = line.partition(":")
        words = related.split()
        themes.append(
            Theme(
                display.strip(),
                fold(display.strip()),
                tuple(fold(w) for w in words),
                tuple(w.lower() for w in words),
            )
        )
    return Maquette(name, title, free, tuple(themes), name)


MAQUETTES: dict[str, Maquette] = {
    "A": _maquette(
        "A",
        "Terroir",
        {"C1": 7, "C2": 4, "C3": 5, "C4": 6, "C5": 8},
        """
        MER: VAGUE PLAGE SEL MARÉE OCÉAN PORT MARIN ÎLE
        PAIN: FARINE MIE CROÛTE BAGUETTE LEVAIN FOUR BOULANGER BLÉ
        CIEL: NUAGE ÉTOILE SOLEIL AZUR LUNE ORAGE OISEAU HORIZON
        ARMÉE: GUERRE CONFLIT COMBAT ARME ARMURE ARMISTICE SOLDAT CASERNE TROUPE BLESSURE VIOLENCE
               HOSTILITÉ
        ÉCOLE: ÉLÈVE CLASSE MAÎTRE CAHIER CRAIE LEÇON CARTABLE COUR
        FORÊT: ARBRE BOIS CHÊNE SAPIN FEUILLE CLAIRIÈRE BÛCHERON SENTIER
        FERME: VACHE TRACTEUR GRANGE POULE FERMIER FOIN COCHON ÉTABLE
        HIVER: NEIGE FROID GEL GLACE SKI FLOCON DÉCEMBRE LUGE
        MAISON: DEMEURE TOIT PORTE FENÊTRE CHAMBRE SALON MUR FOYER
        JARDIN: FLEUR POTAGER BÊCHE PELOUSE ARROSOIR HAIE RÂTEAU GRAINE
        VOYAGE: VALISE BILLET TOURISTE AVION PASSEPORT HÔTEL CARTE ESCALE
        CHEVAL: JUMENT POULAIN SELLE ÉCURIE GALOP CAVALIER CRINIÈRE SABOT
        BATEAU: VOILE COQUE MÂT RAME ANCRE CAPITAINE NAVIRE QUAI
        CUISINE: CASSEROLE RECETTE FOUR CHEF POÊLE SAUCE REPAS TABLIER
        MUSIQUE: NOTE MÉLODIE PIANO CHANT RYTHME GUITARE CONCERT ACCORD
        THÉÂTRE: SCÈNE ACTEUR RIDEAU PIÈCE DÉCOR COMÉDIE COULISSE SPECTACLE
        MONTAGNE: SOMMET PIC ROCHER NEIGE VALLÉE ALPINISTE COL GLACIER
        CHOCOLAT: CACAO TABLETTE PRALINE BONBON FONDANT GÂTEAU CONFISERIE TRUFFE
        PRINTEMPS: FLEUR BOURGEON AVRIL MAI HIRONDELLE SAISON RENOUVEAU FLORAISON
        ORDINATEUR: ÉCRAN CLAVIER SOURIS LOGICIEL FICHIER PROGRAMME MÉMOIRE INTERNET
        """,
    ),
    "B": _maquette(
        "B",
        "Découverte",
        {"C1": 6, "C2": 3, "C3": 5, "C4": 7, "C5": 9},
        """
        EAU: RIVIÈRE PLUIE SOURCE LAC GOUTTE FLEUVE GLACE ROBINET
        LUNE: ASTRE CROISSANT NUIT MARÉE SATELLITE ÉCLIPSE CRATÈRE QUARTIER
        CORPS: BRAS JAMBE TÊTE CŒUR MUSCLE OS PEAU SQUELETTE
        LIVRE: PAGE ROMAN AUTEUR LECTURE CHAPITRE COUVERTURE LIBRAIRIE RÉCIT
        FLEUR: ROSE TULIPE PÉTALE TIGE BOUQUET PARFUM POLLEN JARDIN
        TRAIN: GARE RAIL WAGON LOCOMOTIVE QUAI VOIE BILLET CONTRÔLEUR
        PLAGE: SABLE VAGUE SOLEIL MAILLOT SERVIETTE COQUILLAGE PARASOL DUNE
        JOUET: POUPÉE BALLON TOUPIE PELUCHE JEU ENFANT CUBE JOUEUR
        VIGNE: RAISIN VIN VENDANGE CEP GRAPPE VIGNERON TONNEAU CAVE
        CINÉMA: FILM ÉCRAN ACTEUR SALLE CAMÉRA SCÉNARIO AFFICHE SÉANCE
        ANIMAL: CHIEN CHAT LION BÊTE FAUNE ZOO ÉLEVAGE PATTE
        ESPACE: FUSÉE PLANÈTE ÉTOILE GALAXIE ASTRONAUTE COMÈTE ORBITE COSMOS
        POISSON: NAGEOIRE ÉCAILLE TRUITE SAUMON AQUARIUM PÊCHE REQUIN ARÊTE
        JUSTICE: JUGE TRIBUNAL AVOCAT LOI PROCÈS VERDICT PRISON AUDIENCE
        CHÂTEAU: DONJON TOUR ROI FOSSÉ PONT CHEVALIER MURAILLE REMPART
        MÉDECINE: MÉDECIN MALADIE REMÈDE HÔPITAL VACCIN DOCTEUR SOIN GUÉRISON
        VÊTEMENT: CHEMISE PANTALON ROBE MANTEAU JUPE VESTE TISSU COUTURE
        PEINTURE: TOILE PINCEAU COULEUR TABLEAU PALETTE PEINTRE CHEVALET ATELIER
        ORCHESTRE: VIOLON CHEF MUSICIEN PARTITION CONCERT BASSON TAMBOUR SYMPHONIE
        AUTOMOBILE: VOITURE MOTEUR ROUE VOLANT GARAGE PNEU CONDUITE CARBURANT
        """,
    ),
}
