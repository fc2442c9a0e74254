"""Game records: versioned JSON that replays to the identical state, or is refused whole."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ludotheque.engine import registry
from ludotheque.engine.errors import LudoError, RecordError, os_reason
from ludotheque.engine.protocol import RECORD_FORMAT, State
from ludotheque.engine.rng import CONTRIBUTION, commitment, deal_seed

_FIELDS = ("game", "version", "options", "players", "seed", "actions")


def replay(record: Mapping[str, Any], upto: int | None = None) -> State:
    """The state a record describes (after its first ``upto`` actions, all by default).

    A record that is malformed, from another version, or holds an action the rules refuse
    raises :class:`RecordError` naming what is wrong; no partly replayed state is returned.
    """
    require_fields(record)
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(
            f"format d'enregistrement {record.get('format')!r} inconnu (attendu {RECORD_FORMAT})",
            f"unknown record format {record.get('format')!r} (expected {RECORD_FORMAT})",
        )
    try:
        game = registry.get(record["game"])
    except LudoError as exc:
        raise RecordError(exc.fr, exc.en) from None
    if record["version"] != game.version:
        raise RecordError(
            f"cet enregistrement vient de la version {record['version']!r} des règles de "
            f"{game.title}, celle-ci est la version {game.version}",
            f"this record comes from version {record['version']!r} of {game.title}'s rules; "
            f"this is version {game.version}",
        )
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError("« actions » doit être une liste", "'actions' must be a list")
    try:
        options = game.options_from_record(record["options"])
        state = game.new(record["players"], options, record_seed(record["seed"]))
    except LudoError as exc:
        raise RecordError(f"en-tête invalide : {exc.fr}", f"invalid header: {exc.en}") from None
    stop = len(actions) if upto is None else max(0, min(upto, len(actions)))
    for i, entry in enumerate(actions[:stop]):
        if (
            not isinstance(entry, list | tuple)
            or len(entry) != 2
            or not (
                entry[0] is None or (isinstance(entry[0], int) and not isinstance(entry[0], bool))
            )
            or not isinstance(entry[1], Mapping)
        ):
            raise RecordError(
                f"action n° {i + 1} mal formée : attendu [siège, action], reçu {entry!r}",
                f"action #{i + 1} is malformed: expected [seat, action], got {entry!r}",
            )
        seat, action = entry
        try:
            state.apply(seat, action)
        except LudoError as exc:
            try:
                check_deal(record)
            except RecordError as bad:  # the likeliest cause: the seed was edited
                raise RecordError(
                    f"{bad.fr} : ce n'est pas la graine de cette partie (action n° {i + 1} "
                    f"refusée : {exc.fr})",
                    f"{bad.en}: it is not this game's seed (action #{i + 1} refused: {exc.en})",
                ) from None
            raise RecordError(
                f"action n° {i + 1} ({json.dumps(action, ensure_ascii=False)}) refusée : {exc.fr}",
                f"action #{i + 1} ({json.dumps(action)}) refused: {exc.en}",
            ) from None
    return state


def check_deal(record: Mapping[str, Any]) -> None:
    """A record that publishes a commitment (an online table's) deals from the seed it
    committed to: the commitment is the server's seed's SHA-256, and the deal's seed is
    ``rng.deal_seed`` of it and the seats' own seeds (``server_seed`` and ``contributions``;
    without them the server's seed is the deal's). Every field is read as the server writes
    it — the commitment 64 hex digits, seeds in canonical digits, each seat's seed what the
    server takes (a sceptical player made ✓ print for a commitment in a list, a seed with a
    newline that hid another seat's, a server seed with a leading zero). RecordError saying
    which does not hold."""
    if "commitment" not in record or (record["commitment"] is None and "table" not in record):
        return  # a local game: nothing was published
    published = record["commitment"]
    if not isinstance(published, str) or not _HEX64.fullmatch(published):
        raise RecordError(
            f"empreinte publiée mal formée : 64 chiffres hexadécimaux attendus, reçu "
            f"{_shown(published)}",
            f"malformed published commitment: 64 hex digits expected, got {_shown(published)}",
        )
    mixed = "server_seed" in record
    server = _canonical_seed(record.get("server_seed") if mixed else record.get("seed"), mixed)
    seed = _canonical_seed(record.get("seed"), False)
    if commitment(server) != published:
        what_fr = "du serveur " if mixed else ""
        what_en = "server " if mixed else ""
        raise RecordError(
            f"la graine {what_fr}{server} ne correspond pas à l'empreinte publiée "
            f"{published[:16]}…",
            f"the {what_en}seed {server} does not match the published commitment {published[:16]}…",
        )
    if not mixed:
        return
    given = record.get("contributions")
    players = record.get("players")
    if (
        not isinstance(given, list)
        or len(given) != players
        or not all(c is None or (isinstance(c, str) and CONTRIBUTION.fullmatch(c)) for c in given)
    ):
        raise RecordError(
            "« contributions » : une graine par place (1 à 64 lettres sans accent, chiffres, "
            f"« - », « _ ») ou null, {players} en tout ; reçu {_shown(given)}",
            f"'contributions': one seed per seat (1 to 64 unaccented letters, digits, '-', '_') "
            f"or null, {players} in all; got {_shown(given)}",
        )
    want = deal_seed(server, given)
    if seed != want:
        raise RecordError(
            f"la graine de la donne {seed} n'est pas celle que font la graine du serveur et "
            f"celles des joueurs ({want})",
            f"the deal's seed {seed} is not the one the server's seed and the players' make "
            f"({want})",
        )


_HEX64 = re.compile(r"[0-9a-f]{64}")


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else f"{text[:77]}…"


def _canonical_seed(written: Any, server: bool) -> int:
    """A seed as the server writes it (decimal digits, no leading zero; an integer in a local
    record): the commitment hashes exactly these digits."""
    what_fr, what_en = ("du serveur", "server") if server else ("de la donne", "deal")
    value = record_seed(written)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RecordError(
            f"la graine {what_fr} doit être un entier (reçu {_shown(written)})",
            f"the {what_en} seed must be an integer (got {_shown(written)})",
        )
    if isinstance(written, str) and written != str(value):
        raise RecordError(
            f"graine {what_fr} mal écrite : « {written} » (sans zéro de tête : « {value} ») ; "
            "l'empreinte est celle de ses chiffres écrits ainsi",
            f"badly written {what_en} seed: '{written}' (no leading zero: '{value}'); the "
            "commitment is that of its digits written so",
        )
    return value


def require_fields(record: Any) -> None:
    """RecordError when ``record`` is not a JSON object holding every field a replay reads
    (game, version, options, players, seed, actions), naming the missing ones. ``replay``
    checks it first; ``replay --verify`` too, before it compares the seed with its published
    commitment (a record without a seed has nothing to compare)."""
    if not isinstance(record, Mapping):
        raise RecordError("un enregistrement est un objet JSON", "a record is a JSON object")
    missing = [f for f in _FIELDS if f not in record]
    if missing:
        raise RecordError(
            f"enregistrement incomplet : il manque {', '.join(missing)}",
            f"incomplete record: missing {', '.join(missing)}",
        )


# How a server's record says its game ended (server: tables.ended): played to its end, or a
# tournament's manche stopped (a forfeit, the round's time) with no result.
STOPPED_ENDINGS = ("forfeit", "stopped")


def check_ending(record: Mapping[str, Any], final: State) -> None:
    """RecordError when a record states how its game ended and its re-deal ``final`` ends
    otherwise: a stated result must be the one the seed and the actions give, and a manche its
    tournament stopped must not have been played to its end. A record stating neither (a local
    game's: cut short, it is a game to resume) passes. Both ``replay --verify`` and the
    server's « Vérifier » ask this."""
    if "result" not in record and "ended" not in record:
        return
    stopped = record.get("ended") in STOPPED_ENDINGS
    if stopped and final.is_over():
        raise RecordError(
            "l'enregistrement dit la manche arrêtée par son tournoi, mais ses actions mènent la "
            "partie à sa fin",
            "the record says its tournament stopped the manche, but its actions end the game",
        )
    if not stopped and not final.is_over():
        raise RecordError(
            "l'enregistrement porte un résultat, mais ses actions s'arrêtent avant la fin de la "
            "partie",
            "the record states a result, but its actions stop before the end of the game",
        )
    if not stopped and final.result().to_dict() != record.get("result"):
        raise RecordError(
            "le résultat enregistré n'est pas celui que redonnent la graine et les actions",
            "the recorded result is not the one the seed and the actions give",
        )


def record_seed(value: Any) -> Any:
    """A record's seed as the integer it is: written as a string of decimal digits by the
    server (a JavaScript reader loses the digits of an integer beyond 2**53, so seeds travel
    as strings), as an integer by local games. Anything else is returned for ``Game.new`` to
    refuse in words."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 40:
        return int(value)
    return value


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file; a missing, truncated or non-JSON file raises RecordError."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):  # also a path under a file (a.json/b)
        raise RecordError(f"fichier introuvable : {p}", f"file not found: {p}") from None
    except IsADirectoryError:
        raise RecordError(
            f"{p} est un dossier, pas un enregistrement : donnez le fichier JSON d'une partie "
            f"(par exemple {p / 'partie.json'})",
            f"{p} is a folder, not a record: give a game's JSON file "
            f"(for example {p / 'game.json'})",
        ) from None
    except PermissionError:
        raise RecordError(
            f"vous n'avez pas le droit de lire {p} (permissions du fichier)",
            f"you may not read {p} (the file's permissions)",
        ) from None
    except UnicodeDecodeError:
        raise RecordError(
            f"{p} n'est pas un enregistrement lisible (ce n'est pas du texte UTF-8)",
            f"{p} is not a readable record (not UTF-8 text)",
        ) from None
    except OSError as exc:
        fr, en = os_reason(exc)
        raise RecordError(f"lecture impossible de {p} ({fr})", f"cannot read {p} ({en})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(
            f"{p} n'est pas un enregistrement lisible (JSON invalide ou tronqué, ligne "
            f"{exc.lineno}, colonne {exc.colno})",
            f"{p} is not a readable record (invalid or truncated JSON, line {exc.lineno}, "
            f"column {exc.colno})",
        ) from None
    if not isinstance(data, dict):
        raise RecordError(f"{p} : un enregistrement est un objet JSON", f"{p}: not a JSON object")
    return data


def save(record: Mapping[str, Any], path: str | Path) -> Path:
    """Write a record atomically: a crash or an interruption (Ctrl-C) never leaves half a file,
    and the partial copy is removed (a killed process may still leave it; the next save of the
    same record writes over it)."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_suffix(p.suffix + ".tmp")
    try:
        tmp.write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        tmp.replace(p)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return p
