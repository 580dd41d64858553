"""``kiban usi``'s command line: the board it needs, the games it plays."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from firmware_host.cli.main import main


def test_it_needs_a_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["usi", "--state-dir", str(tmp_path)]) == 2
    assert "--profile, or --sim" in capsys.readouterr().err


def test_a_game_without_usi_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["usi", "--sim", "--game", "abalone", "--state-dir", str(tmp_path)]) == 2
    assert "not played over USI" in capsys.readouterr().err


def test_the_simulated_board_answers_on_stdout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("usi\nisready\nposition startpos\ngo\nquit\n"))
    assert main(["usi", "--sim", "--person", "random", "--state-dir", str(tmp_path)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[:4] == [
        "id name Kiban board (shogi)",
        "id author the Kiban project",
        "usiok",
        "readyok",
    ]
    assert said[4].startswith("bestmove ") and len(said) == 5
