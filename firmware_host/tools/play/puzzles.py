"""``kiban puzzles generate|verify``: puzzles found in the engine's own games and
proved by the exhaustive solver (``engine.puzzle_solver``).

Generation plays self-play games with the built-in search, seed after seed, and
tries every position of each game as every kind of puzzle the game declares; a
position proved to have one answer is appended to the game's ``puzzles.jsonl``. It
resumes: the seeds already played are skipped (the file records each puzzle's seed),
so running it again adds more.
"""

from __future__ import annotations

import datetime
import functools
import random
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.game import Game, Position
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.puzzle_solver import may_solve, shortest_win, solve
from engine.puzzles import (
    DATA_FILE,
    Puzzle,
    PuzzleError,
    Verified,
    check,
    difficulty_of,
    read_puzzle_file,
)
from engine.search import Limits, level

SOLVER = "kiban exhaustive"
LEVEL = 3
"""The self-play level: strong enough for real positions, weak enough to blunder
into the positions puzzles are made of."""
WEAK = 1
"""The level of one side in every other game: a side that blunders walks into the
mates a game between equals (a shogi game that ends in repetition) never reaches."""
NODES = 400
"""The node budget of each self-play move: fixed, so a seed gives the same game."""
MAX_PLIES = 160
PER_GAME = 3
"""The most puzzles of one kind and length taken from one self-play game: a threat
that stands for several moves would otherwise give the same puzzle again and again."""


@dataclass(frozen=True, slots=True)
class Found:
    """A position the self-play reached, with its seed and ply; or one on the line of a
    puzzle found there, ``after`` the moves from the game's position to it and ``tag``
    what tells its id from the game position's."""

    text: str
    seed: int
    ply: int
    after: tuple[str, ...] = ()
    tag: str = ""


def data_path(game: Game[Any]) -> Path:
    """The game's ``puzzles.jsonl`` in the source tree (where generation writes)."""
    module = __import__(type(game).__module__, fromlist=["_"])
    return Path(module.__file__ or ".").parent / DATA_FILE


def same_as(game: Game[Any], text: str, options: tuple[tuple[str, str], ...] = ()) -> Hashable:
    """What makes two positions the same puzzle: the position as the game reads it
    (its search key: the pieces, hands and mover, never the move number), so a text
    that differs only in its counters is still a repeat."""
    key: Hashable = game.position(text, dict(options)).search_key()
    return key


def read_file(path: Path, say: Callable[[str], None] = print) -> list[Puzzle]:
    """The puzzles of the file at ``path``; a torn line (a run killed while it added
    one) is skipped, and said with its file and line."""
    if not path.exists():
        return []
    read = read_puzzle_file(path.read_text("utf-8", errors="replace"), str(path))
    for torn in read.torn:
        say(f"a puzzle skipped: {torn}")
    return list(read.puzzles)


def self_play(game: Game[Any], seed: int, nodes: int = NODES) -> Iterator[Found]:
    """The positions of one self-play game (the mover's, before each move)."""
    rng = random.Random(seed)
    position = game.position()
    levels = (level(LEVEL), level(LEVEL)) if seed % 2 else (level(LEVEL), level(WEAK))
    from engine.search import analyse

    for ply in range(MAX_PLIES):
        if position.outcome() is not None:
            return
        chance = position.chance_moves()
        if chance is not None:
            position.push(rng.choice(chance))
            continue
        yield Found(position.text(), seed, ply)
        player = levels[position.turn % 2]
        found = analyse(position, player, rng=rng, limits=Limits(max_nodes=nodes))
        position.push(found.best)


BEYOND = 4
"""How much longer than a kind's longest an outside search's win may be for its line
to be searched for the longest (two moves of each side: the fan-out stays small)."""


@dataclass(frozen=True, slots=True)
class Mate:
    """What an outside mate search found: the plies to the mover's forced win and the
    move it starts with."""

    plies: int
    first: str


MateSearch = Callable[[Position[Any]], Mate | None]
"""An outside mate search: the mover's forced win, or None."""

FAIRY_NODES = 5_000
"""Fairy-Stockfish's node budget for the mate pre-filter: fixed, so runs repeat."""


def fairy_mate_search(game: Game[Any]) -> tuple[MateSearch, Callable[[], None]] | None:
    """Fairy-Stockfish as the mate pre-filter of a game it plays (None when it is not
    installed or does not play the game), with the function that stops it."""
    from firmware_host.opponents.errors import EngineError
    from firmware_host.opponents.fairy import find_fairy_stockfish
    from firmware_host.opponents.usi import UsiPlayer

    path = find_fairy_stockfish()
    if path is None or game.usi is None:
        return None
    try:
        engine = UsiPlayer(path, game, level(10))
    except EngineError:
        return None

    def mate_in(position: Position[Any]) -> Mate | None:
        found = engine.analyse(position, limits=Limits(max_nodes=FAIRY_NODES))
        if found.mate_in is None or found.mate_in <= 0:
            return None
        return Mate(found.mate_in, position.move_text(found.best))

    return mate_in, engine.close


def as_puzzle(
    game: Game[Any],
    found: Found,
    kind: PuzzleKind,
    today: str,
    *,
    mate_search: MateSearch | None = None,
    wanted: Callable[[int], bool] | None = None,
) -> Puzzle | None:
    """``found`` as a ``kind`` puzzle, when the solver proves one answer; a WIN is
    first asked of ``mate_search`` when there is one (the exhaustive proof is slow),
    and proved only when ``wanted`` (when given) wants its length."""
    position = game.position(found.text)
    solver = SOLVER
    if kind.goal is Goal.WIN and mate_search is not None:
        mate = mate_search(position)
        plies = None if mate is None else mate.plies
        solver = f"fairy-stockfish mate search ({FAIRY_NODES} nodes) + {SOLVER}"
    elif kind.goal is Goal.WIN:
        plies = shortest_win(position, kind, max(kind.plies))
    else:
        plies = kind.plies[0]
    if plies is None or plies not in kind.plies or (wanted is not None and not wanted(plies)):
        return None
    if not may_solve(position, kind, plies):
        return None
    solution = solve(position, kind, plies)
    if solution is None:
        return None
    return Puzzle(
        id=f"{found.seed}-{found.ply}-{kind.name}{found.tag}",
        game=game.name,
        options=(),
        position=found.text,
        solution=solution.line,
        kind=kind.name,
        plies=plies,
        difficulty=difficulty_of(kind, plies),
        verified=Verified(solver, plies, solution.nodes, today, found.seed, found.ply, found.after),
    )


def on_its_line(game: Game[Any], puzzle: Puzzle, found: Found) -> Iterator[Found]:
    """The positions where the solver of a WIN puzzle longer than three plies moves
    again: after its answer and each reply (the longest or not). A win in N that the
    self-play reached holds wins in N-2 the game never showed; each is proved afresh."""
    if puzzle.plies >= 3:
        yield from after_each_reply(game, found, puzzle.solution[0])


def after_each_reply(game: Game[Any], found: Found, first: str) -> Iterator[Found]:
    """The positions after ``first`` and each reply to it that leaves the game going."""
    position = game.position(found.text)
    position.push_text(first)
    if position.outcome() is not None:
        return
    for number, reply in enumerate(list(position.legal_moves()), start=1):
        said = position.move_text(reply)
        position.push(reply)
        try:
            if position.outcome() is None and position.chance_moves() is None:
                yield Found(
                    position.text(),
                    found.seed,
                    found.ply,
                    (*found.after, first, said),
                    f"{found.tag}.{number}",
                )
        finally:
            position.pop()


def generate(
    game: Game[Any],
    count: int,
    *,
    path: Path | None = None,
    nodes: int = NODES,
    lengths: frozenset[int] | None = None,
    say: Callable[[str], None] = print,
) -> int:
    """Adds up to ``count`` proved puzzles to the game's file; returns how many. Resumes
    after the last seed the file holds; ``nodes``: each self-play move's budget (fewer
    for a game whose search is slow); ``lengths``: the plies to keep (all when None),
    to fill a difficulty the games give seldom."""
    path = path or data_path(game)
    known = read_file(path, say)
    if path.exists() and not path.read_bytes().endswith(b"\n") and path.stat().st_size:
        with path.open("a", encoding="utf-8") as out:
            out.write("\n")  # a torn last line ends there: the next one stands alone
    seen = {same_as(game, p.position, p.options) for p in known}
    seed = max((p.verified.seed for p in known), default=0) + 1
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    added = 0
    outside = fairy_mate_search(game) if any(k.checks_only for k in game.puzzle_kinds) else None
    try:
        while added < count:
            one = OneGame(game, seed, seen, today, outside and outside[0], lengths)
            for puzzle in one.puzzles(nodes):
                with path.open("a", encoding="utf-8") as out:
                    out.write(puzzle.to_line() + "\n")
                added += 1
                say(f"{puzzle.id}: {puzzle.kind} in {puzzle.plies} ({puzzle.solution[0]})")
                if added >= count:
                    break
            seed += 1
    finally:
        if outside is not None:
            outside[1]()
    return added


@dataclass(slots=True)
class OneGame:
    """The puzzles of one self-play game: at most ``PER_GAME`` of a kind and length,
    each with a first move of its own, and the shorter wins on their lines."""

    game: Game[Any]
    seed: int
    seen: set[Hashable]
    today: str
    mate_search: MateSearch | None
    lengths: frozenset[int] | None
    taken: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    mates: dict[str, Mate | None] = field(default_factory=dict)

    def puzzles(self, nodes: int) -> Iterator[Puzzle]:
        for found in self_play(self.game, self.seed, nodes):
            waiting = [found]
            while waiting:
                yield from self.tried(waiting.pop(0), waiting)

    def _mate(self, position: Position[Any]) -> Mate | None:
        """The outside search's answer, asked once a position."""
        assert self.mate_search is not None
        text = position.text()
        if text not in self.mates:
            self.mates[text] = self.mate_search(position)
        return self.mates[text]

    def _beyond(self, found: Found, kind: PuzzleKind) -> Iterator[Found]:
        """A win up to four plies longer than the kind's longest, by the outside search:
        the positions after its first move and each reply are a win two plies shorter,
        so the longest wins the games seldom show are found on longer ones' lines."""
        longest = max(kind.plies)
        if self.mate_search is None or kind.goal is not Goal.WIN:
            return iter(())
        if not self._wanted(kind, longest):
            return iter(())
        mate = self._mate(self.game.position(found.text))
        if mate is None or not longest < mate.plies <= longest + BEYOND:
            return iter(())
        return after_each_reply(self.game, found, mate.first)

    def _wanted(self, kind: PuzzleKind, plies: int) -> bool:
        """Whether a win in ``plies`` is worth proving: its length, or a shorter one
        on its line, has room."""
        return any(self._room(kind, p) for p in kind.plies if p <= plies)

    def _room(self, kind: PuzzleKind, plies: int) -> bool:
        wanted = self.lengths is None or plies in self.lengths
        return wanted and len(self.taken.get((kind.name, plies), ())) < PER_GAME

    def tried(self, found: Found, waiting: list[Found]) -> Iterator[Puzzle]:
        """``found`` as the first kind it is a puzzle of; the positions on a win's line
        join ``waiting`` while a shorter length has room."""
        key = same_as(self.game, found.text)
        if key in self.seen:
            return
        for kind in self.game.puzzle_kinds:
            if not any(self._room(kind, plies) for plies in kind.plies):
                continue
            puzzle = as_puzzle(
                self.game,
                found,
                kind,
                self.today,
                mate_search=self.mate_search and self._mate,
                wanted=functools.partial(self._wanted, kind),
            )
            if puzzle is None:
                waiting.extend(self._beyond(found, kind))
                continue
            if any(self._room(kind, plies) for plies in kind.plies if plies < puzzle.plies):
                waiting.extend(on_its_line(self.game, puzzle, found))
            slot = self.taken.setdefault((kind.name, puzzle.plies), [])
            if not self._room(kind, puzzle.plies) or puzzle.solution[0] in slot:
                continue
            slot.append(puzzle.solution[0])
            self.seen.add(key)
            yield puzzle
            return


def verify(game: Game[Any], *, path: Path | None = None, say: Callable[[str], None] = print) -> int:
    """Proves every puzzle of the file again; returns how many fail."""
    failed = 0
    for puzzle in read_file(path or data_path(game), say):
        try:
            check(game, puzzle)
        except PuzzleError as error:
            failed += 1
            say(str(error))
    return failed
