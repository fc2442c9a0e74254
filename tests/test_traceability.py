"""The rule specs live in the repository (rules/, copied from the steering repo's shared/rules):
every rule ID the code or the tests cite exists in its game's spec, and every rule and worked
example has a test named after it (or is listed below with the reason no test can check it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"
SPECS = ("alphapoker", "pokerdas", "alkamo", "alice", "casinoroyal")
# Folders of src/ludotheque/games and tests/games, and the spec each one follows.
FOLDERS = {
    "alphapoker": "alphapoker", "bataille": "alphapoker", "belote": "alphapoker",
    "pokerdas": "pokerdas", "alkamo": "alkamo", "alice": "alice", "casinoroyal": "casinoroyal",
}  # fmt: skip
# Rules no engine can check, with the reason.
UNTESTABLE = {
    ("alkamo", "R24"): "a recommendation to the players (play honestly, keep a dictionary at "
    "hand): nothing a program decides",
}
# A rule or decision opens a bullet (« - **R12** »), an example a paragraph or a table row.
DEFINED = re.compile(r"^(?:(?:- )?\*\*([RDE]\d+)\b|\| *(E\d+) )", re.MULTILINE)
CITED = re.compile(r"(?<![A-Za-z0-9_])([RDE]\d{1,3})(?![0-9])")


def defined(spec: str) -> set[str]:
    text = (RULES / f"{spec}.md").read_text(encoding="utf-8")
    return {a or b for a, b in DEFINED.findall(text)}


def cited(folder: Path) -> dict[str, list[str]]:
    """Rule IDs cited in a folder's Python files (R12, D3, E7 — in names, comments, texts)."""
    out: dict[str, list[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        for rule_id in CITED.findall(path.read_text(encoding="utf-8")):
            out.setdefault(rule_id, []).append(path.name)
    return out


def test_every_spec_is_in_the_repository_and_up_to_date() -> None:
    for spec in (*SPECS, "README"):
        assert (RULES / f"{spec}.md").is_file(), f"rules/{spec}.md is missing"
    shared = ROOT.parent / "shared" / "rules"
    if not shared.is_dir():
        pytest.skip("no ../shared/rules beside the repository to compare with")
    stale = [
        p.name
        for p in sorted(shared.glob("*.md"))
        if (RULES / p.name).read_bytes() != p.read_bytes()
    ]
    assert not stale, f"rules/ differs from ../shared/rules for {stale}: copy them again"


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_rule_id_cited_by_a_game_exists_in_its_spec(folder: str) -> None:
    known = defined(FOLDERS[folder])
    for place in (ROOT / "src/ludotheque/games" / folder, ROOT / "tests/games" / folder):
        unknown = {i: files for i, files in cited(place).items() if i not in known}
        assert not unknown, f"{place.relative_to(ROOT)} cites rules its spec lacks: {unknown}"


@pytest.mark.parametrize("spec", SPECS)
def test_every_rule_and_worked_example_has_a_test_named_after_it(spec: str) -> None:
    folders = [f for f, s in FOLDERS.items() if s == spec]
    if spec == "alphapoker":
        folders.append("../tournament")
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for f in folders
        for p in (ROOT / "tests/games" / f).rglob("test_*.py")
    )
    wanted = {i for i in defined(spec) if i[0] in "RE"}
    missing = sorted(
        (
            i
            for i in wanted
            if (spec, i) not in UNTESTABLE and not re.search(rf"(test_|\b){i}(_|\b)", text)
        ),
        key=lambda i: (i[0], int(i[1:])),
    )
    assert not missing, f"rules/{spec}.md: no test is named after {missing}"
