"""How long a piece passing between two cells reads on both, or on neither, measured from
the board's own readings (``kiban calibrate``).

The geometry of a profile's ``[sensors]`` table gives these times from data sheet
figures; a board as built measures them: the player slides or rolls a piece along a line
of neighbouring cells, and the readings' timestamps show the longest time two
neighbours read it at once (the *overlap*: what the recognizer's order margin must
exceed) and the longest time none of them read it while it travelled (the *gap*).

Everything here is pure: timed readings in, durations out. Where the readings come from
(a real board, a simulated one) is the caller's affair, so the measurement is tested
with synthetic streams.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.errors import KibanError
from engine.geometry import Geometry
from engine.physical import Spot


class BlurError(KibanError, ValueError):
    """Readings that cannot measure a board's blur (a path of fewer than two cells)."""


@dataclass(frozen=True, slots=True)
class TimedReading:
    """A cell of the path came to read the piece (``present``) or stopped, at ``at`` s."""

    at: float
    spot: Spot
    present: bool


@dataclass(frozen=True, slots=True)
class Blur:
    """What a slide along the path showed: the longest stretch two neighbouring cells
    read the piece at once (``overlap_s``), the longest stretch none read it between its
    first reading and its last (``gap_s``), and ``crossings``: how many times the piece
    came onto a cell from its neighbour (a measure needs every step of the path)."""

    overlap_s: float
    gap_s: float
    crossings: int


def measure_blur(readings: Iterable[TimedReading], path: Sequence[Spot]) -> Blur:
    """The blur a piece moved along ``path`` (neighbouring cells, in order) showed.

    Readings of spots off the path are ignored; a cell reads nothing until its first
    reading. A stretch with no cell reading the piece counts as a gap only when a cell
    reads it afterwards (before the first reading and after the last one the piece is
    in the hand, not between cells). A piece lifted on the way reads as a long gap: the
    player is asked to keep it on the board.
    """
    if len(path) < 2 or len(set(path)) != len(path):
        raise BlurError(f"a path of distinct neighbouring cells is needed, not {list(path)}")
    index = {spot: position for position, spot in enumerate(path)}
    ordered = sorted((r for r in readings if r.spot in index), key=lambda r: r.at)
    reading = [False] * len(path)
    overlap = gap = 0.0
    both_since: float | None = None  # when neighbours began reading the piece at once
    none_since: float | None = None  # when the last cell stopped reading it
    last_on: int | None = None  # the cell that last came to read the piece
    crossings = 0
    for event in ordered:
        cell = index[event.spot]
        if reading[cell] == event.present:
            continue  # a repeated reading changes nothing
        reading[cell] = event.present
        if event.present:
            if none_since is not None:
                gap = max(gap, event.at - none_since)
                none_since = None
            if last_on is not None and abs(last_on - cell) == 1:
                crossings += 1
            last_on = cell
        elif not any(reading):
            none_since = event.at
        paired = any(reading[i] and reading[i + 1] for i in range(len(path) - 1))
        if paired and both_since is None:
            both_since = event.at
        elif not paired and both_since is not None:
            overlap = max(overlap, event.at - both_since)
            both_since = None
    return Blur(overlap, gap, crossings)


def line_of_cells(geometry: Geometry, sensed: Iterable[Spot], length: int = 4) -> tuple[Spot, ...]:
    """A straight line of up to ``length`` neighbouring sensed cells to slide a piece
    along, the nearest to the board's middle of the longest found (cells are one unit
    apart in every game's drawing, square or hexagonal)."""
    cells = {place.spot: place for place in geometry.cells}
    spots = [spot for spot in sensed if spot in cells]
    at = {(round(cells[s].x, 3), round(cells[s].y, 3)): s for s in spots}
    middle_x, middle_y = geometry.width / 2, geometry.height / 2
    best: tuple[int, float, tuple[Spot, ...]] | None = None
    for first in sorted(spots):
        a = cells[first]
        for second in sorted(spots):
            b = cells[second]
            dx, dy = b.x - a.x, b.y - a.y
            if abs(math.hypot(dx, dy) - 1.0) > 1e-6:
                continue
            line = [first, second]
            while len(line) < length:
                last = cells[line[-1]]
                following = at.get((round(last.x + dx, 3), round(last.y + dy, 3)))
                if following is None:
                    break
                line.append(following)
            centre = cells[line[len(line) // 2]]
            off_middle = math.hypot(centre.x - middle_x, centre.y - middle_y)
            found = (-len(line), off_middle, tuple(line))
            if best is None or found < best:
                best = found
    if best is None:
        raise BlurError("no two sensed cells are neighbours: nothing to slide a piece along")
    return best[2]
