"""Debian's Fairy-Stockfish for the match the board plays through cshogi."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host.opponents.fairy import find_fairy_stockfish


@pytest.fixture(scope="session")
def fairy_stockfish() -> Path:
    """`make test` installs it (the Makefile's `engines` target), so missing it fails."""
    path = find_fairy_stockfish()
    if path is None:
        pytest.fail("Fairy-Stockfish is missing: `make engines` installs it")
    return path
