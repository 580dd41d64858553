"""``kiban puzzles generate`` finds proved puzzles in self-play and resumes where it
stopped; ``verify`` proves a file again and counts what fails."""

from __future__ import annotations

from pathlib import Path

from engine.puzzles import check
from engine.registry import find_game
from firmware_host.tools.puzzles import generate, read_file, verify


def test_generation_appends_proved_puzzles_and_resumes_after_the_last_seed(
    tmp_path: Path,
) -> None:
    game = find_game("dobutsu")
    path = tmp_path / "puzzles.jsonl"
    said: list[str] = []
    assert generate(game, 2, path=path, say=said.append) == 2
    first = read_file(path)
    assert len(first) == 2 and len(said) == 2
    for puzzle in first:
        check(game, puzzle)
        assert puzzle.verified.solver == "kiban exhaustive"
    assert generate(game, 1, path=path, say=said.append) == 1
    again = read_file(path)
    assert again[:2] == first
    assert again[2].verified.seed > max(p.verified.seed for p in first)
    assert verify(game, path=path, say=said.append) == 0


def test_verify_counts_a_puzzle_whose_answer_is_wrong(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    path = tmp_path / "puzzles.jsonl"
    generate(game, 1, path=path, say=lambda _: None)
    line = path.read_text("utf-8")
    puzzle = read_file(path)[0]
    position = game.position(puzzle.position)
    other = next(
        position.move_text(m)
        for m in position.legal_moves()
        if position.move_text(m) != puzzle.solution[0]
    )
    path.write_text(line.replace(f'"{puzzle.solution[0]}"', f'"{other}"', 1), "utf-8")
    said: list[str] = []
    assert verify(game, path=path, say=said.append) == 1
    assert said
