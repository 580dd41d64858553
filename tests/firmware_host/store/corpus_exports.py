"""Every file of the real-record corpus (tests/engine/shogi/corpus/) read in as a player
reads one in, ``kiban sim shogi --record FILE``, and exported by ``kiban export`` in every
format shogi's records come in: made once a run (``CorpusExports``, the session's
fixture ``corpus_exports``), for the tests that read the exports back, Kiban's own
(test_import_round_trip.py) and other programs' (test_exports_read_elsewhere.py)."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from firmware_host.loops.simulator import Simulation
from firmware_host.telling.language import Language
from firmware_host.terminal import app
from tests.engine.shogi.corpus_files import CORPUS

FORMATS = ("kif", "ki2", "csa", "txt", "sfen")
"""Every format shogi's records are exported in (``kiban export --format``)."""
TERMINAL = app.run_terminal


def _cli(*args: str) -> str:
    """``kiban ARGS`` in this process, its terminal quitting at once; its output (an
    error fails the test, with what the program said)."""
    from firmware_host.cli import main

    def quit_at_once(sim: Simulation, *, language: Language = Language.ENGLISH) -> int:
        return TERMINAL(sim, io.StringIO("quit\n"), io.StringIO(), language=language)

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch, redirect_stdout(out), redirect_stderr(err):
        patch.setattr(app, "run_terminal", quit_at_once)
        code = main(list(args))
    assert code == 0, f"kiban {' '.join(args)}: {err.getvalue()}"
    return out.getvalue()


class CorpusExports:
    """Each corpus file's exports, by format, made when first asked for (each in a
    state folder of its own under ``folder``)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._made: dict[str, dict[str, str]] = {}

    def __getitem__(self, name: str) -> dict[str, str]:
        if name not in self._made:
            state = self.folder / name
            _cli("sim", "shogi", "--record", str(CORPUS / name), "--state-dir", str(state))
            self._made[name] = {
                fmt: _cli("export", "1", "--format", fmt, "--state-dir", str(state), "--sim")
                for fmt in FORMATS
            }
        return self._made[name]
