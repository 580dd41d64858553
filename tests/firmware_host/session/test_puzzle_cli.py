"""``kiban sim GAME --puzzle [DIFFICULTY]`` and ``kiban puzzles``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.cli.main import main
from firmware_host.cli.parser import build_parser
from firmware_host.cli.play import _puzzle
from firmware_host.store.storage import GameStore


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


@pytest.mark.parametrize("game", ["shogi", "dobutsu"])
def test_a_puzzle_run_starts_one_game_and_no_draw(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["sim", game, "--puzzle", "--state-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.count("new game") == 1, out
    assert "plays first" not in out and "moves first" not in out, out  # no draw made
    store = GameStore(tmp_path / "sim.sqlite3", read_only=True)
    try:
        (stored,) = store.list_games()  # the puzzle's game, and no game before it
    finally:
        store.close()
    assert stored.start is not None and stored.settings.get("draw") == "none"
