"""The shipped puzzles: a sample of each small game's proved again by the exhaustive
solver (every kind and length among it), every one's line checked legal and winning,
and every puzzle of every game proved in full under ``make test-slow`` (shogi's proofs
and a few hundred a game are slow); the data's shape, grading and records; the
solver's refusals."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engine.game import Game
from engine.puzzle_kinds import Goal
from engine.puzzle_solver import may_solve, shortest_win, solve
from engine.puzzles import (
    Puzzle,
    PuzzleError,
    check,
    check_line,
    choose,
    difficulty_of,
    kind_of,
    load,
    read_puzzles,
)
from engine.registry import find_game, games
from tests.registered import product_games

SHIPPING = [game for game in games() if load(game)]
CHEAP = [g for g in SHIPPING if not any(k.checks_only for k in g.puzzle_kinds)]
"""Games whose puzzles the fast suite proves a sample of."""
SAMPLE = 30
"""About how many puzzles of a game the fast suite proves: the rest wait for the slow."""


def test_every_game_declares_puzzle_kinds_and_ships_puzzles() -> None:
    for game in product_games():  # the toy race declares none: puzzles are optional
        assert game.puzzle_kinds, game.name
    assert {game.name for game in SHIPPING} >= {g.name for g in CHEAP}
    assert len(SHIPPING) >= 4


def sample(puzzles: tuple[Puzzle, ...]) -> list[Puzzle]:
    """Every few puzzles, and the first of each kind and length, and of those found on
    another's line (``verified.after``), so no sort goes unproved by the fast suite."""
    step = max(1, len(puzzles) // SAMPLE)
    chosen = {p.id: p for p in puzzles[::step]}
    for puzzle in puzzles:
        chosen.setdefault(f"{puzzle.kind} {puzzle.plies} {bool(puzzle.verified.after)}", puzzle)
    return list(chosen.values())


@pytest.mark.parametrize("game", CHEAP, ids=lambda game: game.name)
def test_a_sample_of_shipped_puzzles_has_one_answer_proved_again(game: Game[Any]) -> None:
    for puzzle in sample(load(game)):
        check(game, puzzle)


@pytest.mark.slow
@pytest.mark.parametrize("game", SHIPPING, ids=lambda game: game.name)
def test_every_shipped_puzzle_has_one_answer_proved_again(game: Game[Any]) -> None:
    for puzzle in load(game):
        check(game, puzzle)


@pytest.mark.parametrize("game", SHIPPING, ids=lambda game: game.name)
def test_every_solution_is_legal_and_a_win_wins(game: Game[Any]) -> None:
    for puzzle in load(game):
        check_line(game, puzzle)


@pytest.mark.parametrize("game", SHIPPING, ids=lambda game: game.name)
def test_the_data_is_graded_recorded_and_without_repeats(game: Game[Any]) -> None:
    puzzles = load(game)
    assert len({p.id for p in puzzles}) == len(puzzles)
    read = {game.position(p.position, dict(p.options)).search_key() for p in puzzles}
    assert len(read) == len(puzzles)  # no position twice, whatever its move number
    for puzzle in puzzles:
        kind = kind_of(game, puzzle.kind)
        assert puzzle.game == game.name
        assert puzzle.plies in kind.plies
        assert puzzle.difficulty == difficulty_of(kind, puzzle.plies)
        assert len(puzzle.solution) == (puzzle.plies if kind.goal is Goal.WIN else 1)
        assert puzzle.verified.solver and puzzle.verified.nodes > 0
        assert puzzle.verified.depth == puzzle.plies and puzzle.verified.seed > 0
        assert Puzzle.from_line(puzzle.to_line()) == puzzle


def test_a_position_with_two_wins_is_not_a_puzzle() -> None:
    """A lion that may be taken by two pieces: no unique answer, so no puzzle."""
    game = find_game("dobutsu")
    kind = kind_of(game, "win")
    position = game.position("1l1/GCE/3/1L1 b - 1")
    assert shortest_win(position, kind, 5) == 1
    assert solve(position, kind, 1) is None


def test_a_win_sooner_than_asked_is_not_a_longer_puzzle() -> None:
    game = find_game("dobutsu")
    kind = kind_of(game, "win")
    puzzle = next(p for p in load(game) if p.plies == 1)
    assert solve(game.position(puzzle.position), kind, 3) is None


def test_the_cheaper_first_look_lets_a_tsume_by_and_stops_a_wrong_length() -> None:
    """``may_solve`` spares the proof the positions that are no puzzle; a shipped tsume
    passes it, the same asked as a longer or shorter mate does not."""
    game = find_game("shogi")
    kind = kind_of(game, "tsume")
    for plies in (1, 3):
        puzzle = next(p for p in load(game) if p.plies == plies)
        assert may_solve(game.position(puzzle.position), kind, plies)
        assert not may_solve(game.position(puzzle.position), kind, 4 - plies)


def test_a_changed_answer_fails_the_check() -> None:
    game = find_game("dobutsu")
    puzzle = load(game)[0]
    position = game.position(puzzle.position)
    other = next(
        position.move_text(m)
        for m in position.legal_moves()
        if position.move_text(m) != puzzle.solution[0]
    )
    wrong = Puzzle(**{**_fields(puzzle), "solution": (other,)})
    with pytest.raises(PuzzleError):
        check(game, wrong)


def test_choose_picks_by_difficulty_and_wraps_round() -> None:
    game = SHIPPING[0]
    puzzles = load(game)
    first = choose(puzzles, 1, 0)
    assert first.difficulty == 1
    easy = [p for p in puzzles if p.difficulty == 1]
    assert choose(puzzles, 1, len(easy)) == first
    with pytest.raises(PuzzleError):
        choose(puzzles, 99, 0)


def test_a_record_of_the_moves_from_the_game_reads_back_and_is_left_out_when_none() -> None:
    puzzle = load(find_game("dobutsu"))[0]
    derived = Puzzle(
        **{**_fields(puzzle), "verified": replace(puzzle.verified, after=("G*1b", "1a2b"))}
    )
    assert Puzzle.from_line(derived.to_line()) == derived
    assert '"after": ["G*1b", "1a2b"]' in derived.to_line()
    plain = Puzzle(**{**_fields(puzzle), "verified": replace(puzzle.verified, after=())})
    assert "after" not in plain.to_line()
    assert Puzzle.from_line(plain.to_line()).verified.after == ()


def test_a_broken_line_is_a_puzzle_error() -> None:
    with pytest.raises(PuzzleError):
        read_puzzles('{"id": "x"}\n')


def _fields(puzzle: Puzzle) -> dict[str, Any]:
    return {name: getattr(puzzle, name) for name in Puzzle.__dataclass_fields__}
