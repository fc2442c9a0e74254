"""Shared fixtures: the lexicons come from the normal cache (built once per machine)."""

from __future__ import annotations

import pytest

from ludotheque.lexicon import Lexicon, load


@pytest.fixture(scope="session")
def alphapoker() -> Lexicon:
    return load("alphapoker")


@pytest.fixture(scope="session")
def alkamo() -> Lexicon:
    return load("alkamo")
