"""Results files: one row per game, as Parquet (pyarrow) or CSV, with the plan alongside."""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ludotheque.engine.errors import OptionsError
from ludotheque.sim.output import atomic_write

FORMATS = ("parquet", "csv")
Row = dict[str, Any]


def write(rows: Sequence[Row], path: Path, fmt: str, plan: dict[str, Any]) -> Path:
    """Write ``rows`` to ``path`` in ``fmt``; the plan goes into the Parquet metadata, or a
    ``.plan.json`` file next to a CSV. Each file is written whole or not at all (a temporary
    file renamed): a failure leaves no partial file. Returns the path written."""
    if fmt not in FORMATS:
        raise OptionsError(
            f"format inconnu : « {fmt} » (possibles : {', '.join(FORMATS)})",
            f"unknown format: '{fmt}' (known: {', '.join(FORMATS)})",
        )
    path.parent.mkdir(parents=True, exist_ok=True)
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pylist(list(rows))
        meta = {b"ludotheque.plan": json.dumps(plan, ensure_ascii=False).encode()}
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), **meta})
        atomic_write(path, lambda tmp: pq.write_table(table, tmp))
    else:

        def write_csv(tmp: Path) -> None:
            with tmp.open("w", newline="", encoding="utf-8") as f:
                writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["game"])
                writer.writeheader()
                writer.writerows(rows)

        atomic_write(path, write_csv)
        text = json.dumps(plan, ensure_ascii=False, indent=1)
        atomic_write(companion(path, "plan"), lambda tmp: tmp.write_text(text, encoding="utf-8"))
    return path


def companion(path: Path, kind: str) -> Path:
    """The file written next to the results: ``kind`` « summary » (every format) or « plan »
    (CSV): ``r.parquet`` → ``r.summary.json``."""
    return path.with_suffix(f".{kind}.json")


def format_of(path: Path) -> str | None:
    """The format a results file's suffix says (``.parquet``, ``.csv``, any case), else None."""
    suffix = path.suffix.lower().lstrip(".")
    return suffix if suffix in FORMATS else None


def read(path: Path) -> list[Row]:
    """The rows of a results file (Parquet or CSV, by suffix), typed as written."""
    if path.suffix.lower() == ".parquet":
        import pyarrow.parquet as pq

        rows: list[Row] = pq.read_table(path).to_pylist()
        return rows
    with path.open(encoding="utf-8") as f:
        return [{k: _typed(k, v) for k, v in row.items()} for row in csv.DictReader(f)]


def _typed(key: str, value: str) -> Any:
    if key == "truncated":
        return value == "True"
    if key.startswith(("bot_", "reason")):
        return value
    if key.startswith(("win_", "seconds")):
        return float(value)
    return int(value)
