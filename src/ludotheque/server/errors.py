"""What the HTTP API answers when it refuses a request."""

from __future__ import annotations


class Refused(Exception):
    """An HTTP request the server refuses: status, code, French and English messages."""

    def __init__(
        self, status: int, code: str, fr: str, en: str, retry_after: float | None = None
    ) -> None:
        super().__init__(fr)
        self.status, self.code, self.fr, self.en = status, code, fr, en
        self.retry_after = retry_after


# The request fields as a person knows them (the forms' words), for refusals of their shape.
FIELD_WORDS: dict[str, tuple[str, str]] = {
    "name": ("nom", "name"),
    "password": ("mot de passe", "password"),
    "game": ("jeu", "game"),
    "players": ("nombre de joueurs", "number of players"),
    "places": ("places", "places"),
    "seats": ("sièges", "seats"),
    "seat": ("siège", "seat"),
    "bot": ("bot", "bot"),
    "options": ("options", "options"),
    "variant": ("variante", "variant"),
    "move_clock": ("pendule par coup", "move clock"),
    "grace": ("délai d'absence", "absence grace"),
    "round_deadline": ("durée d'un tour", "round's length"),
    "starts_at": ("début", "start"),
    "invite": ("invitation", "invitation"),
    "invitation": ("sur invitation", "by invitation"),
    "private": ("table privée", "private table"),
    "bots": ("des bots complètent", "bots fill the places"),
    "duel": ("duel", "duel"),
    "winner": ("vainqueur", "winner"),
    "formula": ("formule", "formula"),
    "tournament_format": ("formule", "formula"),
    "prelim_pairing": ("appariement", "pairing"),
    "bracket_seeding": ("têtes de série", "seeding"),
}


def _number(value: object) -> object:
    """A bound as people write it: 0, not 0.0."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _shape_error(error: dict[str, object]) -> tuple[str, str]:
    """One of pydantic's errors as a sentence: what the field needs, in French and English."""
    ctx = error.get("ctx")
    c: dict[str, object] = ctx if isinstance(ctx, dict) else {}
    kind = str(error.get("type", ""))
    if kind == "missing":
        return "manquant", "missing"
    if kind == "string_too_short":
        if c.get("min_length") == 1:
            return "il ne peut pas être vide", "it cannot be empty"
        return (
            f"au moins {c.get('min_length')} caractères",
            f"at least {c.get('min_length')} characters",
        )
    if kind == "string_too_long":
        return (
            f"au plus {c.get('max_length')} caractères",
            f"at most {c.get('max_length')} characters",
        )
    if kind == "too_long":
        return f"au plus {c.get('max_length')} éléments", f"at most {c.get('max_length')} items"
    where = error.get("loc")
    if (
        kind in ("less_than_equal", "less_than")
        and isinstance(where, tuple)
        and where[-1:] == ("starts_at",)
    ):
        return "une date trop lointaine", "a date too far ahead"
    if kind in ("less_than_equal", "less_than"):
        bound = _number(c.get("le", c.get("lt")))
        return f"au plus {bound}", f"at most {bound}"
    if kind in ("greater_than_equal", "greater_than"):
        bound = _number(c.get("ge", c.get("gt")))
        word = ("au moins", "at least") if kind.endswith("equal") else ("plus de", "more than")
        return f"{word[0]} {bound}", f"{word[1]} {bound}"
    if kind.startswith("int_"):
        return "un nombre entier est attendu", "a whole number is expected"
    if kind.startswith("float_"):
        return "un nombre est attendu", "a number is expected"
    if kind.startswith("bool_"):
        return "oui ou non (true ou false) est attendu", "true or false is expected"
    if kind.startswith("string_"):
        return "un texte est attendu", "a text is expected"
    if kind == "extra_forbidden":
        return "champ inconnu", "unknown field"
    if kind == "literal_error":  # pydantic writes « 'a', 'b' or 'c' »
        values = [
            v.strip(" '\"") for v in str(c.get("expected", "")).replace(" or ", ", ").split(",")
        ]
        fr = ", ".join(f"« {v} »" for v in values[:-1]) + (" ou " if len(values) > 1 else "")
        en = ", ".join(f"'{v}'" for v in values[:-1]) + (" or " if len(values) > 1 else "")
        return f"valeurs possibles : {fr}« {values[-1]} »", f"possible values: {en}'{values[-1]}'"
    if kind in ("json_invalid", "model_attributes_type", "dict_type", "model_type"):
        return "un objet JSON est attendu", "a JSON object is expected"
    if kind == "list_type":
        return "une liste est attendue", "a list is expected"
    return "valeur refusée", "value refused"


def shape_refusal(errors: list[dict[str, object]]) -> Refused:
    """A request whose body or query has the wrong shape (FastAPI's RequestValidationError),
    said field by field in the form's words — never the values sent (they may be a
    password), nor pydantic's English."""
    fr, en = [], []
    for error in errors[:5]:
        where = error.get("loc")
        loc = [
            str(p)
            for p in (where if isinstance(where, tuple | list) else ())
            if not isinstance(p, int)
        ]
        field = next((p for p in reversed(loc) if p in FIELD_WORDS), None)
        words = FIELD_WORDS.get(field) if field else None
        label_fr = words[0] if words else (loc[-1] if loc and loc[-1] != "body" else "requête")
        label_en = words[1] if words else (loc[-1] if loc and loc[-1] != "body" else "request")
        said_fr, said_en = _shape_error(error)
        fr.append(f"{label_fr} : {said_fr}")
        en.append(f"{label_en}: {said_en}")
    return Refused(400, "invalid", " ; ".join(fr)[:500], "; ".join(en)[:500])
