"""``kiban puzzles generate`` finds proved puzzles in self-play and on the lines of the
longer ones, keeps the lengths asked, takes no position twice and resumes where it
stopped; ``verify`` proves a file again and counts what fails."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.game import Position
from engine.puzzle_solver import shortest_win
from engine.puzzles import check, load
from engine.registry import find_game
from firmware_host.tools.play.puzzles import (
    Found,
    Mate,
    OneGame,
    as_puzzle,
    generate,
    on_its_line,
    read_file,
    same_as,
    verify,
)


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


def test_a_longer_win_gives_the_shorter_wins_on_its_line_each_proved_afresh() -> None:
    game = find_game("dobutsu")
    kind = game.puzzle_kinds[0]
    longer = next(p for p in load(game) if p.plies == 3)
    at = Found(longer.position, longer.verified.seed, longer.verified.ply)
    shorter = [
        puzzle
        for found in on_its_line(game, longer, at)
        if (puzzle := as_puzzle(game, found, kind, "2026-11-25")) is not None
    ]
    assert shorter
    for puzzle in shorter:
        assert puzzle.plies == 1 and puzzle.verified.seed == longer.verified.seed
        after = puzzle.verified.after
        assert len(after) == 2 and after[0] == longer.solution[0]
        position = game.position(longer.position)
        for text in after:
            position.push_text(text)
        assert same_as(game, position.text()) == same_as(game, puzzle.position)
        assert puzzle.id.startswith(f"{longer.verified.seed}-{longer.verified.ply}-win.")
        check(game, puzzle)


def test_generation_keeps_only_the_lengths_asked(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    path = tmp_path / "puzzles.jsonl"
    assert generate(game, 3, path=path, lengths=frozenset({1}), say=lambda _: None) == 3
    found = read_file(path)
    assert {p.plies for p in found} == {1}
    assert any(p.verified.after for p in found)  # one found on a longer win's line


def test_a_position_is_the_same_whatever_its_move_number() -> None:
    game = find_game("shogi")
    start = game.position().text()
    later = start.rsplit(" ", 1)[0] + " 41"
    assert later != start and same_as(game, later) == same_as(game, start)


def test_a_win_two_plies_longer_than_the_longest_offers_the_positions_on_its_line() -> None:
    """The outside search's win in N+2 (N the kind's longest) is no puzzle, but the
    positions after its first move and each reply are tried as wins in N."""
    game = find_game("dobutsu")
    kind = game.puzzle_kinds[0]
    root = next(p for p in load(game) if p.plies == 3)

    def told(position: Position[Any]) -> Mate | None:
        if position.text() == root.position:
            return Mate(max(kind.plies) + 2, root.solution[0])
        plies = shortest_win(position, kind, max(kind.plies))
        return None if plies is None else Mate(plies, "")

    one = OneGame(game, 1, set(), "2026-11-25", told, frozenset({1}))
    waiting: list[Found] = []
    assert list(one.tried(Found(root.position, 1, 20), waiting)) == []
    assert waiting
    assert all(f.after[0] == root.solution[0] and f.ply == 20 for f in waiting)
    assert [p.plies for f in waiting for p in one.tried(f, [])] == [1] * 3  # three at most
