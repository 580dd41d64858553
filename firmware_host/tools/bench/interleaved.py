"""Kiban's move generation against a library's on positions of real games, timed
interleaved in one process: the comparison a goal in times slower is set by.

Other programs share the machine and a batch's time swings with them (docs/speed.md
saw one ratio read 7.5 and 12 in consecutive runs), so each round times Kiban's batch,
the push and pop it needs, and the library's batch one after another, and the rounds
are repeated: the best of each gives the ratio, and the rounds' own ratios its spread.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engine.game import Game, Position

_clock = time.thread_time
"""The thread's CPU time, not the wall clock: while another program holds the core this
thread is not charged (on this shared machine a loop of additions read 9.8 s by the wall
clock and 4.2 s of CPU, measured), which leaves the caches and the other core's share of
the memory bus as the noise the rounds must outlast."""

ROUNDS = 21
"""Enough rounds that a median stands: short ones, each a pass or two over the positions."""


@dataclass(frozen=True, slots=True)
class Interleaved:
    """Seconds a position, each the best of the rounds: Kiban's generation (its push and
    pop taken off) and the library's; ``ratios``: each round's Kiban over library."""

    positions: int
    ours: float
    theirs: float
    ratios: tuple[float, ...]

    @property
    def ratio(self) -> float:
        """The best over the best (each side's least disturbed round)."""
        return self.ours / self.theirs

    @property
    def median(self) -> float:
        """The middle round's ratio, which a round disturbed on one side only moves least
        (on this shared machine the best-over-best swung 4.5-7.6 between runs while the
        median held 3.9-4.2, measured)."""
        return statistics.median(self.ratios)

    def line(self, game: str, label: str) -> str:
        low, high = min(self.ratios), max(self.ratios)
        return (
            f"{game:10} legal moves, whole games ({self.positions}): kiban "
            f"{self.ours * 1e6:.2f} µs, {label} {self.theirs * 1e6:.2f} µs a position: "
            f"{self.ratio:.2f} x {label}'s time best over best, rounds' median "
            f"{self.median:.2f} ({low:.2f}-{high:.2f} over {len(self.ratios)} rounds)"
        )


def whole_game_positions(game: Game[Any], name: str) -> list[Position[Any]]:
    """The positions the game's data file ``name`` lists (``BenchPlan.whole_games``)."""
    package = type(game).__module__.rpartition(".")[0]
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    return [game.position(line) for line in text.splitlines() if line.strip()]


def _generate(pairs: Sequence[tuple[Position[Any], Any]], passes: int) -> float:
    start = _clock()
    for _ in range(passes):
        for position, move in pairs:
            position.push(move)
            position.pop()
            len(list(position.legal_moves()))
    return _clock() - start


def _push_pop(pairs: Sequence[tuple[Position[Any], Any]], passes: int) -> float:
    start = _clock()
    for _ in range(passes):
        for position, move in pairs:
            position.push(move)
            position.pop()
    return _clock() - start


def _library(boards: Sequence[Any], passes: int) -> float:
    start = _clock()
    for _ in range(passes):
        for board in boards:
            len(list(board.legal_moves))
    return _clock() - start


def interleaved(
    positions: Sequence[Position[Any]],
    board_class: Callable[[str], Any],
    *,
    rounds: int = ROUNDS,
    minimum: float = 0.03,
) -> Interleaved:
    """Kiban's ``len(list(legal_moves()))`` after a push and a pop (a position keeps its
    moves: the pop drops them), less the push and pop alone, against the library's
    ``len(list(board.legal_moves))`` on boards set up from the same texts; each batch
    passes over every position until Kiban's takes ``minimum`` / 3 seconds."""
    pairs = [(position, next(position.legal_moves())) for position in positions]
    boards = [board_class(position.text()) for position in positions]
    passes = 1
    while _generate(pairs, passes) < minimum / 3:
        passes *= 2
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        both = _generate(pairs, passes)
        alone = _push_pop(pairs, passes)
        library = _library(boards, passes)
        ours.append(max(both - alone, both / 100) / passes / len(pairs))
        theirs.append(library / passes / len(pairs))
    return Interleaved(
        positions=len(pairs),
        ours=min(ours),
        theirs=min(theirs),
        ratios=tuple(a / b for a, b in zip(ours, theirs, strict=True)),
    )
