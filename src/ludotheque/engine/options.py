"""Table options: a frozen dataclass per game, checked when built, readable from text.

Each game declares ``@dataclass(frozen=True) class Options(GameOptions)`` whose defaults are the
rule book's, and raises :class:`OptionsError` from ``check()`` for values out of range.

Whatever a game checks, every option is bounded here too (a table's options come from anyone
who opens a table, are stored with it and sent in every message about it): an integer lies in
``INT_RANGE``, a text holds at most ``MAX_TEXT`` characters, a list at most ``MAX_ITEMS`` texts
of at most ``MAX_ITEM`` characters each, and no text holds a lone UTF-16 surrogate (it could not
be stored, sent or logged as UTF-8). A game's own ``check()`` runs first, so that its finer
bounds say what is wrong in its own words.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Self

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.labels import OptionWords

# The generic bounds (docs/server.md, « What the server refuses »).
INT_RANGE = (0, 1_000_000)
MAX_TEXT = 8_000  # Alkamo's custom maquette, the longest text option, says as much
MAX_ITEMS = 200
MAX_ITEM = 40

_TRUE = {"1", "true", "yes", "oui", "vrai", "on"}
_FALSE = {"0", "false", "no", "non", "faux", "off"}


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The annotations of an options class, resolved once per class: ``get_type_hints``
    evaluates every annotation's text again at each call (a few hundred microseconds), and
    every table made or resumed builds its options (read only: shared by every call)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


@dataclasses.dataclass(frozen=True)
class GameOptions:
    """Base of every game's options. Subclasses are frozen dataclasses with defaults."""

    # How the table form names each option, its help and its values (engine/labels.py):
    # every game declares them next to its options; messages name options by them.
    words: ClassVar[Mapping[str, OptionWords]] = MappingProxyType({})

    def __post_init__(self) -> None:
        hints = _hints(type(self))
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            fits = _fits(value, hints[f.name])
            if not fits and isinstance(value, str) and _is_choice(hints[f.name]):
                raise OptionsError(  # a text, not one of the choices
                    f"{self.named(f.name)} : « {value} » n'est pas une valeur possible "
                    f"(attendu {_type_name(hints[f.name])})",
                    f"{self.named(f.name, 'en')}: '{value}' is not a possible value "
                    f"(expected {_type_name(hints[f.name], 'en')})",
                    f.name,
                )
            if not fits:
                raise OptionsError(
                    f"{self.named(f.name)} : valeur {shown(value)} du mauvais type "
                    f"(attendu {_type_name(hints[f.name])})",
                    f"{self.named(f.name, 'en')}: value {shown(value)} has the wrong type "
                    f"(expected {_type_name(hints[f.name], 'en')})",
                    f.name,
                )
            if isinstance(value, int) and value.bit_length() > 64:
                _bounded(self.named(f.name), self.named(f.name, "en"), f.name, value)
        self.check()  # the game's finer bounds, and their messages, come first
        for f in dataclasses.fields(self):
            _bounded(self.named(f.name), self.named(f.name, "en"), f.name, getattr(self, f.name))

    def check(self) -> None:
        """Raise OptionsError when a value is out of its range (games override)."""

    @classmethod
    def named(cls, name: str, lang: str = "fr") -> str:
        """An option as the table form shows it, quoted: « Cartes par main » / “Cards per
        hand” (its key when the game gives it no words)."""
        words = cls.words.get(name)
        if words is None:
            return name
        return f"« {words.label.fr} »" if lang == "fr" else f"“{words.label.en}”"

    def refuse(self, name: str, fr: str, en: str) -> OptionsError:
        """The error of option ``name``: its label, then what is wrong (« Cartes par main » :
        de 5 à 9 cartes (reçu 4))."""
        return OptionsError(f"{self.named(name)} : {fr}", f"{self.named(name, 'en')}: {en}", name)

    # -- conversions ------------------------------------------------------------------------
    @classmethod
    def names(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def from_dict(cls, values: Mapping[str, Any] | None) -> Self:
        """Build from a mapping (a record, a JSON message); unknown names are refused."""
        values = dict(values or {})
        unknown = [shown(k) for k in sorted(set(values) - set(cls.names()), key=str)[:5]]
        if unknown:
            raise OptionsError(
                f"option inconnue : {', '.join(unknown)} (options possibles : "
                f"{', '.join(cls.names())})",
                f"unknown option: {', '.join(unknown)} (known: {', '.join(cls.names())})",
            )
        hints = _hints(cls)
        clean = {k: _from_json(v, hints[k]) for k, v in values.items()}
        try:
            return cls(**clean)
        except TypeError as exc:  # pragma: no cover - fields all have defaults
            raise OptionsError(str(exc)) from exc

    @classmethod
    def parse(cls, pairs: Iterable[str], base: Mapping[str, Any] | None = None) -> Self:
        """Build from ``k=v`` strings as typed on a command line (``hand_size=9``), each
        overriding ``base`` (a variant's values) where both name the same option."""
        hints = _hints(cls)
        values: dict[str, Any] = dict(base or {})
        for pair in pairs:
            key, sep, text = pair.partition("=")
            key = key.strip().replace("-", "_")
            if not sep or not key:
                raise OptionsError(
                    f"« {pair} » : une option s'écrit nom=valeur (par exemple hand_size=9)",
                    f"'{pair}': an option is written name=value (e.g. hand_size=9)",
                )
            if key not in hints or key.startswith("_"):
                raise OptionsError(
                    f"option inconnue : {key} (options possibles : {', '.join(cls.names())})",
                    f"unknown option: {key} (known: {', '.join(cls.names())})",
                )
            values[key] = _from_text(key, text.strip(), hints[key])
        return cls.from_dict(values)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


def _bounded(fr: str, en: str, key: str, value: Any) -> None:
    """OptionsError when an option (named ``fr`` / ``en``, key ``key``) is out of the generic
    bounds (``INT_RANGE``, ``MAX_TEXT``, ``MAX_ITEMS``, ``MAX_ITEM``) or holds text UTF-8
    cannot write."""
    low, high = INT_RANGE
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        big = value.bit_length() > 64  # not written out: it may have millions of digits
        raise OptionsError(
            f"{fr} : un entier de {low} à {high} (reçu {'un entier démesuré' if big else value})",
            f"{en}: an integer from {low} to {high} "
            f"(got {'an enormous integer' if big else value})",
            key,
        )
    if isinstance(value, str):
        _text(fr, en, key, value, MAX_TEXT)
    elif isinstance(value, tuple):
        if len(value) > MAX_ITEMS:
            raise OptionsError(
                f"{fr} : au plus {MAX_ITEMS} éléments (reçu {len(value)})",
                f"{en}: at most {MAX_ITEMS} items (got {len(value)})",
                key,
            )
        for item in value:
            _text(fr, en, key, item, MAX_ITEM)


def _text(fr: str, en: str, key: str, value: str, most: int) -> None:
    if len(value) > most:
        raise OptionsError(
            f"{fr} : un texte de {most} caractères au plus (reçu {len(value)})",
            f"{en}: a text of at most {most} characters (got {len(value)})",
            key,
        )
    if not is_utf8(value):
        raise OptionsError(
            f"{fr} : le texte contient un caractère invalide (demi-paire UTF-16 isolée)",
            f"{en}: the text holds an invalid character (a lone UTF-16 surrogate)",
            key,
        )


def shown(value: Any, most: int = 60) -> str:
    """``value`` as a message may quote it: its repr, cut short (a value sent by anyone may be
    megabytes long, hold an integer of millions of digits, or characters UTF-8 cannot write:
    repr escapes those)."""
    if isinstance(value, str | list | tuple) and len(value) > most:
        value = value[:most]
    elif isinstance(value, dict) and len(value) > 3:
        value = dict(list(value.items())[:3])
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer too long to write out, a deep nest
        return "(valeur démesurée / enormous value)"
    return text if len(text) <= most else text[:most] + "…"


def is_utf8(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (it holds no lone UTF-16 surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _is_choice(tp: Any) -> bool:
    """Is this option one of named choices (``Literal["A", "B"]``)?"""
    return any(typing.get_origin(p) is typing.Literal for p in _parts(tp))


# The kinds of option values, as each language's messages name them.
_PLAIN: dict[str, dict[Any, str]] = {
    "fr": {int: "entier", bool: "oui/non", str: "texte", type(None): "aucun"},
    "en": {int: "integer", bool: "yes/no", str: "text", type(None): "none"},
}
_OR = {"fr": " ou ", "en": " or "}
_TEXTS = {"fr": "liste de textes", "en": "list of texts"}


def _type_name(tp: Any, lang: str = "fr") -> str:
    """What an option's value should be, in ``lang`` (« entier ou aucun » / "integer or
    none", « A ou B » / "A or B")."""
    if typing.get_origin(tp) is typing.Literal:
        return _OR[lang].join(str(v) for v in typing.get_args(tp))
    if len(parts := _parts(tp)) > 1:
        return _OR[lang].join(_type_name(p, lang) for p in parts)
    if typing.get_origin(tp) is tuple:
        return _TEXTS[lang]
    plain = _PLAIN[lang]
    return plain.get(tp) or getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def _parts(tp: Any) -> tuple[Any, ...]:
    if isinstance(tp, types.UnionType) or typing.get_origin(tp) is typing.Union:
        return typing.get_args(tp)
    return (tp,)


def _fits(value: Any, tp: Any) -> bool:
    for part in _parts(tp):
        if part is type(None) and value is None:
            return True
        if part is bool and isinstance(value, bool):
            return True
        if part is int and isinstance(value, int) and not isinstance(value, bool):
            return True
        if part is str and isinstance(value, str):
            return True
        origin = typing.get_origin(part)
        if origin is tuple and isinstance(value, tuple):
            return all(isinstance(v, str) for v in value)
        if typing.get_origin(part) is typing.Literal and value in typing.get_args(part):
            return True
    return False


def _from_json(value: Any, tp: Any) -> Any:
    """JSON has lists where options hold tuples."""
    if isinstance(value, list) and any(typing.get_origin(p) is tuple for p in _parts(tp)):
        return tuple(value)
    return value


def _from_text(key: str, text: str, tp: Any) -> Any:
    low = text.lower()
    parts = _parts(tp)
    if type(None) in parts and low in {"none", "aucun", "aucune", ""}:
        return None
    for part in parts:
        if part is bool:
            if low in _TRUE:
                return True
            if low in _FALSE:
                return False
        elif part is int:
            try:
                return int(text)
            except ValueError:
                pass
        elif typing.get_origin(part) is tuple:
            return tuple(t.strip() for t in text.split(",") if t.strip())
        elif typing.get_origin(part) is typing.Literal:
            if text in typing.get_args(part):
                return text
            same = [c for c in typing.get_args(part) if isinstance(c, str) and c.lower() == low]
            if len(same) == 1:  # « a » for A: the choice in another case
                return same[0]
        elif part is str:
            return text
    raise OptionsError(
        f"option {key} : « {text} » n'est pas une valeur possible (attendu {_type_name(tp)})",
        f"option {key}: '{text}' is not a possible value (expected {_type_name(tp, 'en')})",
    )
