"""The compiled cache: reuse, invalidation, damage, unwritable directory (tiny fake builds)."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from ludotheque.lexicon import POLICY_VERSION, index, load, store
from ludotheque.lexicon import build as build_mod
from ludotheque.lexicon.build import Built


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict:
    """A temporary cache directory, an empty process cache and a builder that counts calls."""
    calls = {"n": 0}

    def fake_build(policy: str, compound: bool = False) -> Built:
        calls["n"] += 1
        words = ["CHAT", "CHATS", "MANGE"]
        reasons = (
            "CHAT\tchat\tchat\tNOM\t\n"
            "CHATS\tchats\tchat\t+NOM\tpl\n"
            "MANGE\tmangé\tmanger\tVER\tpar:pas;\n"
        )
        return Built(words, reasons, {"lexique": 2, "completed": 1, "total": 3})

    monkeypatch.setenv("LUDOTHEQUE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(build_mod, "build", fake_build)
    monkeypatch.setattr(index, "_LOADED", {})
    return calls


def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(index, "_LOADED", {})  # as if a new process started


def test_built_once_then_read(fake: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    lex = load("alphapoker")
    assert load("alphapoker") is lex and fake["n"] == 1
    _fresh(monkeypatch)
    again = load("alphapoker")
    assert again is not lex and set(again) == {"CHAT", "CHATS", "MANGE"} and fake["n"] == 1
    assert again.explain("chats").reason_fr.startswith("pluriel de chat")
    assert again.explain("mangé").admitted


def test_key_change_rebuilds(fake: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    load("alphapoker")
    _fresh(monkeypatch)
    monkeypatch.setattr(index, "POLICY_VERSION", 999)
    load("alphapoker")
    assert fake["n"] == 2
    _fresh(monkeypatch)
    monkeypatch.setattr(index, "fingerprint", lambda: "other sources")
    load("alphapoker")
    assert fake["n"] == 3
    load("alphapoker", compound=True)
    assert fake["n"] == 4


@pytest.mark.parametrize("damage", ["truncate", "flip", "header", "empty"])
def test_damaged_cache_is_rebuilt(
    fake: dict, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    lex = load("alkamo")
    path = lex.cache_path("words")
    data = path.read_bytes()
    if damage == "truncate":
        data = data[:-4]
    elif damage == "flip":
        data = data[:-2] + bytes([data[-2] ^ 1]) + data[-1:]
    elif damage == "header":
        data = b"garbage" + data
    else:
        data = b""
    path.write_bytes(data)
    _fresh(monkeypatch)
    with caplog.at_level(logging.WARNING):
        again = load("alkamo")
    assert fake["n"] == 2 and len(again) == 3
    assert "damaged" in caplog.text
    assert store.read(path, "words", index.cache_key("alkamo", False)) is not None


def test_damaged_trie_is_rebuilt(fake: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    lex = load("alphapoker")
    assert len(lex.search_index()) > 1
    path = lex.cache_path("trie")
    path.write_bytes(path.read_bytes()[:50])
    _fresh(monkeypatch)
    assert len(load("alphapoker").search_index()) == len(lex.search_index())


def test_unwritable_directory(
    fake: dict, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    monkeypatch.setenv("LUDOTHEQUE_CACHE", str(blocker / "cache"))
    with caplog.at_level(logging.WARNING):
        lex = load("alphapoker")
    assert lex.admits("CHAT") and "cannot write" in caplog.text
    assert lex.explain("chats").admitted  # reasons kept in memory
    assert lex.search_index() is not None


def test_atomic_write_leaves_no_temp_file(fake: dict) -> None:
    lex = load("alphapoker")
    files = os.listdir(lex.cache_path("words").parent)
    v = POLICY_VERSION
    assert sorted(files) == [f"alphapoker.v{v}.reasons", f"alphapoker.v{v}.words"]


def test_load_or_build_builds_once_then_reads_and_rebuilds_what_does_not_decode(
    tmp_path: Path,
) -> None:
    built: list[int] = []

    def build() -> dict[str, int]:
        built.append(1)
        return {"mer": 3}

    def decode(data: bytes) -> dict[str, int] | None:
        value = json.loads(data)
        return value if isinstance(value, dict) else None

    def encode(value: dict[str, int]) -> bytes:
        return json.dumps(value).encode()

    path = tmp_path / "table"
    args = (path, "table", "k1", decode, build, encode)
    assert store.load_or_build(*args) == {"mer": 3} and len(built) == 1
    assert store.load_or_build(*args) == {"mer": 3} and len(built) == 1  # read back
    store.write(path, "table", "k1", b"[1, 2]")  # intact file, wrong shape
    assert store.load_or_build(*args) == {"mer": 3} and len(built) == 2
    store.write(path, "table", "k1", b"{not json")  # intact file, undecodable
    assert store.load_or_build(*args) == {"mer": 3} and len(built) == 3
    assert store.load_or_build(path, "table", "k2", decode, build, encode) and len(built) == 4
