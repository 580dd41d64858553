"""Engines for the opponent tests: the scripted fake, and Debian's Fairy-Stockfish."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from firmware_host.opponents.fairy import find_fairy_stockfish

FAKE = Path(__file__).with_name("fake_usi_engine.py")


@dataclass(frozen=True)
class FakeEngine:
    """A runnable fake engine (a wrapper script) and the log of what it received."""

    path: Path
    log: Path

    def received(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []


@pytest.fixture
def fake_engine(tmp_path: Path) -> Callable[..., FakeEngine]:
    """``fake_engine("--no-bestmove")``: a fake engine program misbehaving as told."""
    made = 0

    def make(*flags: str) -> FakeEngine:
        nonlocal made
        made += 1
        log = tmp_path / f"fake-{made}.log"
        script = tmp_path / f"fake-{made}.sh"
        command = [sys.executable, str(FAKE), "--log", str(log), *flags]
        script.write_text(f"#!/bin/sh\nexec {shlex.join(command)}\n")
        script.chmod(0o755)
        return FakeEngine(script, log)

    return make


@pytest.fixture(scope="session")
def fairy_stockfish() -> Path:
    """Debian's Fairy-Stockfish; `make test` installs it, so missing it is a failure."""
    path = find_fairy_stockfish()
    if path is None:
        pytest.fail(
            "Fairy-Stockfish is missing: `make test` installs it (apt-get install "
            "fairy-stockfish, the Makefile's `engines` target)"
        )
    return path
