"""The GUI's lines read as commands, odd ones included."""

from __future__ import annotations

import pytest

from firmware_host.usi_engine.commands import (
    GameOver,
    Go,
    IsReady,
    NewGame,
    PonderHit,
    Quit,
    Result,
    SetOption,
    SetPosition,
    Stop,
    Unknown,
    Usi,
    read_command,
)


@pytest.mark.parametrize(
    ("line", "command"),
    [
        ("usi", Usi()),
        ("isready\n", IsReady()),
        ("usinewgame", NewGame()),
        ("stop", Stop()),
        ("ponderhit", PonderHit()),
        ("quit", Quit()),
        ("setoption name USI_Hash value 256", SetOption("USI_Hash", "256")),
        ("setoption name Skill Level value 3", SetOption("Skill Level", "3")),
        ("setoption name Clear Hash", SetOption("Clear Hash")),
        ("position startpos", SetPosition(None, ())),
        ("position startpos moves 7g7f 3c3d", SetPosition(None, ("7g7f", "3c3d"))),
        ("position sfen gle/1c1/1C1/ELG b - 1", SetPosition("gle/1c1/1C1/ELG b - 1", ())),
        (
            "position sfen gle/1c1/1C1/ELG b - 1 moves 2c2b",
            SetPosition("gle/1c1/1C1/ELG b - 1", ("2c2b",)),
        ),
        ("go btime 0 wtime 0 byoyomi 1000", Go()),
        ("go ponder btime 10 wtime 10", Go(ponder=True)),
        ("go mate 1000", Go(mate=True)),
        ("go infinite", Go()),
        ("gameover win", GameOver(Result.WIN)),
        ("gameover lose", GameOver(Result.LOSE)),
        ("gameover draw", GameOver(Result.DRAW)),
        ("gameover", GameOver(None)),
    ],
)
def test_lines_are_read_as_commands(line: str, command: object) -> None:
    assert read_command(line) == command


@pytest.mark.parametrize(
    "line", ["", "   ", "debug on", "position", "position nowhere", "setoption", "setoption x"]
)
def test_other_lines_are_unknown_and_ignored(line: str) -> None:
    assert isinstance(read_command(line), Unknown)
