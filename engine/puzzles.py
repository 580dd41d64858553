"""Puzzles shipped with each game: a position, the one answer, and how it was proved.

The data lives beside the game (``engine/<game>/puzzles.jsonl``, a JSON object a
line) and is read through ``importlib.resources``, so an installed package carries
it; the kinds a game's puzzles may be are the game's own (``Game.puzzle_kinds``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, replace
from importlib import resources
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.puzzle_solver import solve
from engine.said import N_, Said, said

DATA_FILE = "puzzles.jsonl"


class PuzzleError(KibanError, ValueError):
    """A puzzle line that cannot be read, or whose answer no longer holds."""


@dataclass(frozen=True, slots=True)
class Verified:
    """How a puzzle was proved: by which solver, to what depth, over how many
    positions, on which date, from which self-play game (its seed and ply), and, for a
    shorter puzzle found on a longer one's line, the moves from that game's position
    to this one (``after``: the solver's moves and the replies; none when the game
    itself reached the position)."""

    solver: str
    depth: int
    nodes: int
    date: str
    seed: int
    ply: int
    after: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Puzzle:
    """One puzzle: ``position`` as the game's ``position(text)`` reads it,
    ``solution`` the main line (the solver's moves and the replies between them)."""

    id: str
    game: str
    options: tuple[tuple[str, str], ...]
    position: str
    solution: tuple[str, ...]
    kind: str
    plies: int
    difficulty: int
    verified: Verified

    def to_line(self) -> str:
        data = asdict(self)
        data["options"] = dict(self.options)
        data["solution"] = list(self.solution)
        if self.verified.after:
            data["verified"]["after"] = list(self.verified.after)
        else:
            del data["verified"]["after"]  # the game reached it: the lines stay as they were
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_line(cls, line: str) -> Puzzle:
        try:
            data: dict[str, Any] = json.loads(line)
            return cls(
                id=str(data["id"]),
                game=str(data["game"]),
                options=tuple(sorted((str(k), str(v)) for k, v in data["options"].items())),
                position=str(data["position"]),
                solution=tuple(str(m) for m in data["solution"]),
                kind=str(data["kind"]),
                plies=int(data["plies"]),
                difficulty=int(data["difficulty"]),
                verified=_verified(data["verified"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as error:
            raise PuzzleError(f"cannot read a puzzle line: {error}") from None


def _verified(data: dict[str, Any]) -> Verified:
    return Verified(**{**data, "after": tuple(str(m) for m in data.get("after", ()))})


def difficulty_of(kind: PuzzleKind, plies: int) -> int:
    """A puzzle's grade, 1 the easiest: its place among the plies its kind may take."""
    return kind.plies.index(plies) + 1 if plies in kind.plies else len(kind.plies)


def kind_of(game: Game[Any], name: str) -> PuzzleKind:
    for kind in game.puzzle_kinds:
        if kind.name == name:
            return kind
    raise PuzzleError(f"{game.name} has no puzzles of the kind {name!r}")


@dataclass(frozen=True, slots=True)
class PuzzleFile:
    """A file of puzzles as read: the puzzles of the lines that could be read, and the
    lines that could not (a torn line costs its own puzzle only), named for the log."""

    source: str
    puzzles: tuple[Puzzle, ...]
    torn: tuple[str, ...] = ()  # "FILE, line N: why", one per line skipped
    # why there is a file but no puzzle in it (a directory, an empty file, every line
    # torn), to say to the person who asked for one; None when it is read, or absent
    # (a game that ships no puzzles)
    trouble: Said | None = None


def read_puzzle_file(text: str, source: str = DATA_FILE) -> PuzzleFile:
    """Every puzzle ``text`` holds, a line that cannot be read skipped and named."""
    puzzles: list[Puzzle] = []
    torn: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            puzzles.append(Puzzle.from_line(line))
        except PuzzleError as error:
            torn.append(f"{source}, line {number}: {error}")
    return PuzzleFile(source, tuple(puzzles), tuple(torn))


def read_puzzles(text: str, source: str = DATA_FILE) -> tuple[Puzzle, ...]:
    """Every puzzle ``text`` holds; ``PuzzleError`` naming the file and line of the
    first that cannot be read."""
    read = read_puzzle_file(text, source)
    if read.torn:
        raise PuzzleError(read.torn[0])
    return read.puzzles


def load_file(game: Game[Any]) -> PuzzleFile:
    """The puzzles shipped with ``game`` (none when it ships none), each torn line
    skipped and named."""
    package = type(game).__module__.rpartition(".")[0]
    source = resources.files(package).joinpath(DATA_FILE)
    name = f"{package.replace('.', '/')}/{DATA_FILE}"
    if source.is_dir():
        trouble = said(N_("{file} is a directory, not a file of puzzles"), file=name)
        return PuzzleFile(name, (), (f"{name} is a directory",), trouble)
    if not source.is_file():
        return PuzzleFile(name, ())
    try:
        text = source.read_bytes().decode("utf-8", errors="replace")
    except OSError as error:
        trouble = said(N_("{file} cannot be read: {error}"), file=name, error=str(error))
        return PuzzleFile(name, (), (f"{name} cannot be read: {error}",), trouble)
    read = read_puzzle_file(text, name)
    if read.puzzles:
        return read
    if not text.strip():
        trouble = said(N_("{file} is empty: it holds no puzzle"), file=name)
        return PuzzleFile(name, (), (f"{name} is empty",), trouble)
    return replace(read, trouble=said(N_("no line of {file} can be read as a puzzle"), file=name))


def load(game: Game[Any]) -> tuple[Puzzle, ...]:
    """The puzzles shipped with ``game`` that can be read (``load_file`` says which
    lines could not)."""
    return load_file(game).puzzles


def choose(puzzles: tuple[Puzzle, ...], difficulty: int | None, index: int) -> Puzzle:
    """The ``index``-th puzzle (wrapping round) of ``difficulty`` (any when None)."""
    pool = [p for p in puzzles if difficulty is None or p.difficulty == difficulty]
    if not pool:
        raise PuzzleError(f"no puzzle of difficulty {difficulty}")
    return pool[index % len(pool)]


def check(game: Game[Any], puzzle: Puzzle) -> None:
    """Prove ``puzzle`` again with the exhaustive solver; raises ``PuzzleError`` when
    its answer is not the one unique answer."""
    kind = kind_of(game, puzzle.kind)
    position = game.position(puzzle.position, dict(puzzle.options))
    found = solve(position, kind, puzzle.plies)
    if found is None:
        raise PuzzleError(f"puzzle {puzzle.id}: no unique answer in {puzzle.plies} plies")
    if found.line[0] != puzzle.solution[0]:
        raise PuzzleError(f"puzzle {puzzle.id}: the answer is {found.line[0]}")


def check_line(game: Game[Any], puzzle: Puzzle) -> None:
    """The cheap check: every move of the solution is legal and the last one reaches the
    kind's goal for a WIN (the game ends with the solver's seat the winner)."""
    position = game.position(puzzle.position, dict(puzzle.options))
    mover = position.turn
    for text in puzzle.solution:
        try:
            position.push_text(text)
        except KibanError as error:
            raise PuzzleError(f"puzzle {puzzle.id}: {text} is not legal: {error}") from error
    kind = kind_of(game, puzzle.kind)
    if kind.goal is Goal.WIN:
        outcome = position.outcome()
        if outcome is None or outcome.winners != frozenset({mover}):
            raise PuzzleError(f"puzzle {puzzle.id}: the solution does not win")
