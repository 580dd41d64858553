"""A puzzle in a session: the board is set up by the LEDs' guide, then the player's
moves are judged against the puzzle's one answer.

The puzzle starts as a new game from the puzzle's position (the controller's set-up
guide lights what to place and take off). A right move is kept and the other side's
reply from the solution is lit as the move to play for its pieces (a ``Guide``); a
wrong one is said (``BlunderWarned``) and taken back, the LEDs guiding the piece back,
and the player tries again (``PuzzleMissed``); the answer played to its end is
``PuzzleSolved``. A hint lights the answer's move. A new game started meanwhile (not
the puzzle's) ends the run: it judges nothing more (``left``). The run only reads the
notices the session gives out and answers with events, so every front end that
drives a ``Controller`` can hold one.

The board's own buttons ask for a puzzle too (the puzzle button, or hint held): the
session says ``PuzzleAsked`` (after asking first when a game is under way), or, during
a run, the press itself asks for the next one; ``asked_run`` picks it.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.game import Game, Position
from engine.opening import FirstPlayerDraw
from engine.physical import Sensing, Spot
from engine.puzzles import Puzzle, PuzzleError, choose, kind_of, load_file
from engine.said import N_, said
from firmware_host.notices.declared import (
    GameStarted,
    HintShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    PuzzleMissed,
    PuzzleSet,
    PuzzleSolved,
)
from firmware_host.session.actions import Guide, NewGame, TakeBack
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event

log = logging.getLogger(__name__)


def shipped(game: Game[Any]) -> tuple[Puzzle, ...]:
    """The puzzles shipped with ``game``; a torn line of its file costs its own puzzle
    only, and the log says which file and line. A file of no puzzle at all (a directory,
    empty, every line torn) is a ``PuzzleError`` naming it and what is wrong."""
    read = load_file(game)
    for torn in read.torn:
        log.warning("a puzzle skipped: %s", torn)
    if read.trouble is not None:
        raise PuzzleError(read.trouble)
    return read.puzzles


PUZZLE_SETTINGS = MappingProxyType({"draw": FirstPlayerDraw.NONE.value})
"""A puzzle's game draws nobody to move first: its position says who is to move."""


def pick(game: Game[Any], difficulty: int | None, index: int) -> Puzzle:
    """The ``index``-th shipped puzzle of ``game`` at ``difficulty`` (any when None)."""
    return choose(shipped(game), difficulty, index)


def new_run(game: Game[Any], difficulty: int | None, index: int | None = None) -> PuzzleRun:
    """A run of a shipped puzzle: the ``index``-th, or one drawn at random (a player
    asking for a puzzle wants a new one each time). Raises ``PuzzleError`` when the game
    ships none of ``difficulty``."""
    chosen = random.randrange(1 << 30) if index is None else index
    return PuzzleRun(game, pick(game, difficulty, chosen))


def asked_run(game: Game[Any], last: PuzzleRun | None) -> PuzzleRun:
    """The puzzle the board's buttons ask for, after ``last`` (the board's last run, if
    any): as hard as it, one step harder once it was solved (up to the game's hardest),
    the easiest at first; never ``last``'s own puzzle again while another is as hard.
    Raises ``PuzzleError`` when the game ships none."""
    puzzles = shipped(game)
    grades = sorted({puzzle.difficulty for puzzle in puzzles})
    if not grades:
        raise PuzzleError(said(N_("{game} ships no puzzles"), game=game.name))
    difficulty = grades[0]
    if last is not None:
        difficulty = last.puzzle.difficulty
        harder = [d for d in grades if d > difficulty]
        if last.solved and harder:
            difficulty = harder[0]
    pool = [p for p in puzzles if p.difficulty == difficulty]
    others = tuple(p for p in pool if last is None or p.id != last.puzzle.id) or tuple(pool)
    return PuzzleRun(game, choose(others, difficulty, random.randrange(1 << 30)))


@dataclass(frozen=True, slots=True)
class Answer:
    """What the run says after the notices of one event: events to hand the session
    (a reply to light, a wrong move to take back) and notices to tell."""

    events: tuple[Event, ...] = ()
    notices: tuple[Notice, ...] = ()


@dataclass(slots=True)
class PuzzleRun:
    """One puzzle being solved on a board."""

    game: Game[Any]
    puzzle: Puzzle
    solved: bool = False
    tries: int = 0
    """The wrong moves played so far."""
    left: bool = False
    """Another game was started on the board: the run judges nothing more."""
    _undoing: int = field(default=0, repr=False)
    """Takebacks this run asked for whose notices have not come back yet."""
    _top: int = field(default=0, repr=False)
    """The plies played from the puzzle's position."""
    _good: int = field(default=0, repr=False)
    """The first plies of those that follow the answer."""

    def start(self) -> NewGame:
        """The new game that sets the puzzle's position up (the LEDs guide the set-up)."""
        return NewGame(
            variants=dict(self.puzzle.options),
            position=self.puzzle.position,
            settings=dict(PUZZLE_SETTINGS),
        )

    def opening(self, settings: Mapping[str, str] | None = None) -> dict[str, Any]:
        """What a board starts its session with when the puzzle is its first game
        (``Controller.start``'s words): the puzzle's game itself, never a game before
        it; ``settings``, the session's, with no opening draw."""
        return {
            "resume": False,
            "options": dict(self.puzzle.options),
            "position": self.puzzle.position,
            "settings": {**(settings or {}), **PUZZLE_SETTINGS},
        }

    def set_up(self, at: float) -> PuzzleSet:
        """What is told once the puzzle's game has started: the question (shown, said)."""
        puzzle = self.puzzle
        seat = self.game.position(puzzle.position, dict(puzzle.options)).turn
        kind, plies, difficulty = puzzle.kind, puzzle.plies, puzzle.difficulty
        return PuzzleSet(puzzle.id, self.game.name, kind, plies, seat, difficulty, at)

    @property
    def question(self) -> str:
        """What the player is asked."""
        kind = kind_of(self.game, self.puzzle.kind)
        seat = self.game.seats[self.game.position(self.puzzle.position).turn].name
        return f"puzzle {self.puzzle.id} ({seat} to play): {kind.ask(self.puzzle.plies)}"

    @property
    def status(self) -> str:
        if self.solved:
            return f"puzzle {self.puzzle.id} solved"
        return self.question

    def hint(self, position: Position[Any]) -> Guide | None:
        """The answer's next move, lit as a guide (None once solved or off the line)."""
        played = len(position.move_stack)
        if self.solved or self.left or played >= len(self.puzzle.solution):
            return None
        return Guide(self.puzzle.solution[played])

    def hint_spots(self, position: Position[Any], sensing: Sensing) -> frozenset[Spot]:
        """The spots the answer's next move takes a stone from: the square its piece
        leaves, the hand it is dropped from (the whole move's spots when none, a refill)."""
        guide = self.hint(position)
        if guide is None:
            return frozenset()
        move = position.parse_move(guide.move)
        before = position.layout()
        position.push(move)
        try:
            after = position.layout()
        finally:
            position.pop()
        left = frozenset(s for s, stones in before.items() if len(after.get(s, ())) < len(stones))
        return left or position.footprint(move, sensing).spots()

    def give_hint(self, controller: Controller, at: float) -> list[Notice]:
        """Light the square the answer's next move leaves (the controller's hint), and
        say the move; nothing once solved."""
        guide = self.hint(controller.position)
        if guide is None:
            return []
        position = controller.position
        spots = self.hint_spots(position, controller.sensing)
        controller.computer.tell_hint(position.parse_move(guide.move), spots)
        return [HintShown(guide.move, at)]

    def follow(self, notices: Sequence[Notice]) -> Answer:
        """Judge the moves among ``notices``; returns what to do about them: a wrong move
        (and what followed it, a roll) is taken back, a right one answered."""
        events: list[Event] = []
        told: list[Notice] = []
        for notice in notices:
            if self.left:
                break
            match notice:
                case GameStarted():
                    self.left = True  # the run starts judging after its own game started
                case MoveCommitted(ply, move, at):
                    self._top = ply
                    self._judge(ply, move, at, events, told)
                case MovesTakenBack(plies):
                    if self._undoing:
                        self._undoing -= 1
                    else:  # the player took back: judged again when played again
                        self._top = max(0, self._top - plies)
                        self._good = min(self._good, self._top)
        if self._top > self._good and not (self.solved or self.left):
            events.extend(TakeBack() for _ in range(self._top - self._good))
            self._undoing += self._top - self._good
            self._top = self._good
        return Answer(tuple(events), tuple(told))

    def _judge(
        self, ply: int, move: str, at: float, events: list[Event], told: list[Notice]
    ) -> None:
        solution = self.puzzle.solution
        index = ply - 1
        if self.solved or index != self._good:
            return  # after the answer (a roll), or after a wrong move: taken back
        if move != solution[index]:
            self.tries += 1
            told.append(PuzzleMissed(move, at))
            return
        self._good = ply
        if ply == len(solution):
            self.solved = True
            told.append(PuzzleSolved(self.puzzle.id, self.tries, at))
            return
        if ply % 2:  # the other side's reply is lit; the player's own moves are not
            events.append(Guide(solution[ply]))
