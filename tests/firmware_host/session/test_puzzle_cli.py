"""``kiban sim GAME --puzzle [DIFFICULTY]`` and ``kiban puzzles``."""

from __future__ import annotations

import pytest

from engine.registry import find_game
from firmware_host.cli.main import main
from firmware_host.cli.parser import build_parser
from firmware_host.cli.play import _puzzle


def test_puzzle_takes_an_optional_difficulty() -> None:
    parser = build_parser()
    assert parser.parse_args(["sim", "dobutsu"]).puzzle is None
    assert parser.parse_args(["sim", "dobutsu", "--puzzle"]).puzzle == 0
    assert parser.parse_args(["sim", "dobutsu", "--puzzle", "2"]).puzzle == 2


def test_a_puzzle_of_the_difficulty_asked_is_chosen() -> None:
    game = find_game("dobutsu")
    args = build_parser().parse_args(["sim", "dobutsu", "--puzzle", "3"])
    run = _puzzle(args, game)
    assert run is not None and run.puzzle.difficulty == 3 and run.puzzle.plies == 5
    assert "win in 3 of your moves" in run.question


def test_a_puzzle_sets_its_own_position() -> None:
    args = build_parser().parse_args(["sim", "dobutsu", "--puzzle", "--position", "x"])
    with pytest.raises(SystemExit):
        _puzzle(args, find_game("dobutsu"))


def test_puzzles_list_counts_each_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzles", "list", "dobutsu"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["win in 1", "win in 3", "win in 5"]
