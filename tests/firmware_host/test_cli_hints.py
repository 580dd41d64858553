"""The command line's hint budget per seat: ``--setting hints=b:3,w:0`` checked
against the game's seats before anything is built, refused naming the setting, and
said by ``kiban sim --help``."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.cli import build_parser, main
from firmware_host.cli.common import settings_of


def args_of(*settings: str) -> argparse.Namespace:
    given = [part for setting in settings for part in ("--setting", setting)]
    return build_parser().parse_args(["sim", "shogi", *given])


def test_the_per_seat_form_is_taken_as_given() -> None:
    chosen = settings_of(args_of("help=b:hints,w:none", "hints=sente:3,gote:0"), find_game("shogi"))
    assert chosen["hints"] == "sente:3,gote:0"


@pytest.mark.parametrize(
    ("game", "setting", "message"),
    [
        ("shogi", "hints=green:2", "hints: Shogi has no seat 'green' (seats: b (sente), w (gote))"),
        (
            "chaturaji",
            "hints=k:1,sente:2",
            "hints: Chaturaji (four-player dice chess) has no seat 'sente' "
            "(seats: k (black), g (green), r (red), y (yellow))",
        ),
        ("shogi", "hints=b:lots", "hints for seat 'b' must be a whole number, not 'lots'"),
        ("shogi", "help=q:coach", "help: Shogi has no seat 'q'"),
    ],
)
def test_a_bad_budget_per_seat_is_refused_before_the_game_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, setting: str, message: str
) -> None:
    code = main(["sim", game, "--setting", setting, "--state-dir", str(tmp_path)])
    captured = capsys.readouterr()
    assert (code, captured.out) == (2, "")
    assert captured.err.startswith(f"kiban: {message}"), captured.err


def test_sim_help_says_how_hints_are_given_per_seat(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "hints=N (every seat's hint budget) or hints=SEAT:N,..." in said
