"""How a game looks to sensors: spots, readings, stones, frames and footprints.

The recognizer and every hardware layer speak only this vocabulary, so a new
game plugs in by describing its pieces here, never by teaching the recognizer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum

Spot = str
"""A named place a piece can be: a board cell ("2c", "E5") or a sensed off-board place."""

Reading = int
"""What one sensor channel says after debouncing."""

EMPTY: Reading = 0
PRESENT: Reading = 1
NORTH: Reading = 1
SOUTH: Reading = 2

Frame = Mapping[Spot, Reading]
"""The readings of a set of spots at one instant."""


class Sensing(Enum):
    """What a board's sensors can tell apart."""

    OCCUPANCY = "occupancy"  # reed switches, digital Hall: empty or present
    POLARITY = "polarity"  # bipolar or analog Hall: empty, north up, south up


@dataclass(frozen=True, slots=True)
class Stone:
    """A physical piece as a hand or a sensor meets it; the rules live in the position.

    ``kind`` is the letter of the piece's unpromoted side, ``owner`` the seat it
    belongs to (None for shared pieces such as Robotory's robots), ``flipped``
    whether its promoted face is up (a flipped piece reads south under polarity).
    """

    kind: str
    owner: int | None
    flipped: bool = False


def stone_reading(stone: Stone, sensing: Sensing) -> Reading:
    """The usual reading: present, and south up when the piece is flipped."""
    if sensing is Sensing.POLARITY and stone.flipped:
        return SOUTH
    return PRESENT


@dataclass(frozen=True, slots=True)
class Footprint:
    """What a move does to the sensed world.

    ``changes`` holds (spot, reading after) for every spot whose reading the move
    changes, sorted by spot. ``hidden`` are the spots whose contents change while
    their reading does not (a capture replaces a piece). ``must_touch`` are the
    hidden spots a hand cannot avoid touching to make the move (the captured
    piece's cell); a candidate whose ``must_touch`` was not touched is not the
    move that was made. ``turnable`` are the spots a stone arrives on that could
    still be turned over there (a promotable piece): on a polarity board, a move that
    differs only by that stone's face may yet follow, so the board waits a little.
    ``origins``, when set, are where the moving piece starts, among cells the move
    empties of other pieces (a chain's eaten tokens, boxed in any order): its landing
    comes after it left there, whenever they went.
    """

    changes: tuple[tuple[Spot, Reading], ...]
    hidden: frozenset[Spot] = frozenset()
    must_touch: frozenset[Spot] = frozenset()
    turnable: frozenset[Spot] = frozenset()
    origins: frozenset[Spot] = frozenset()

    def spots(self) -> frozenset[Spot]:
        """Every spot the move involves, visibly or not."""
        return self.changed_spots() | self.hidden

    def starts(self) -> frozenset[Spot]:
        """Where the moving pieces start: ``origins`` when named, else the cells the move
        empties."""
        return self.origins or frozenset(s for s, reading in self.changes if reading == EMPTY)

    def changed_spots(self) -> frozenset[Spot]:
        """The spots whose reading the move changes."""
        return frozenset(spot for spot, _ in self.changes)

    def restricted(self, sensed: frozenset[Spot]) -> Footprint:
        """The footprint as a board that senses only ``sensed`` sees it.

        A change on an unsensed spot is invisible there, so it drops out.
        """
        if self.hidden <= sensed and all(spot in sensed for spot, _ in self.changes):
            return self  # the common case: nothing to drop, nothing to build
        return Footprint(
            tuple(item for item in self.changes if item[0] in sensed),
            self.hidden & sensed,
            self.must_touch & sensed,
            self.turnable & sensed,
            self.origins & sensed,
        )


def spots_of(footprints: Iterable[Footprint]) -> frozenset[Spot]:
    """Every spot some of ``footprints`` involves: the cells a line of moves, or the
    readings of a board, account for."""
    return frozenset().union(*(footprint.spots() for footprint in footprints))


def frame_diff(expected: Frame, actual: Frame) -> tuple[tuple[Spot, Reading], ...]:
    """(spot, actual reading) for every spot of ``expected`` that reads differently."""
    get = actual.get
    return tuple(
        sorted(
            (spot, now)
            for spot, reading in expected.items()
            if (now := get(spot, EMPTY)) != reading
        )
    )
