"""`ludotheque serve`'s flags reach the server's settings (uvicorn itself not started)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    monkeypatch.setenv("LUDOTHEQUE_DATA", str(tmp_path / "donnees"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr("ludotheque.server.app.create_app", lambda s: seen.setdefault("s", s))
    monkeypatch.setattr("uvicorn.run", lambda app, **kw: seen.setdefault("run", kw))
    return seen


def test_a_club_on_one_address_can_raise_the_guests_it_may_create(started: dict[str, Any]) -> None:
    """Found play-testing: after about 20 guests from one address the server said « trop
    d'invités créés depuis votre adresse » — a club on one Wi-Fi registering its players for a
    tournament hits it. `--invites-par-adresse` sets how many at once."""
    result = CliRunner().invoke(app, ["serve", "--invites-par-adresse", "80"])
    assert result.exit_code == 0, result.output
    assert started["s"].guest_burst == 80


def test_serve_says_where_its_data_is(started: dict[str, Any], tmp_path: Path) -> None:
    """Found play-testing: `serve` said « Données dans le dossier de l'utilisateur » although
    LUDOTHEQUE_DATA had moved the data elsewhere."""
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 0, result.output
    assert str(tmp_path / "donnees") in result.output
    assert "dossier de l'utilisateur" not in result.output
