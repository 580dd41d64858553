"""The order and the reach of a move's changes: whether they came in an order the move
allows (``in_order``: its landing not well before its piece left), and whether one move
goes on from another (``goes_on``: a robot that may eat on, a piece that may turn).

Both are judged from footprints and the times the hands changed each spot, so the
recognizer's overlap (``engine.recognition.overlap``), the open moves read again
(``engine.recognition.open_moves``) and the hands' record (``engine.recognition.touches``)
share one rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.physical import EMPTY, Footprint, Spot
from engine.recognition.sensors import BOUNCE, Blur

MARGIN = BOUNCE
"""Seconds two changes of two hands (or two steps of one) must be apart for their order
to count: far above contact bounce. A piece's landing and its own departure are compared
with the board's ``blur`` instead (``engine.recognition.sensors``): a piece slid or rolled
between two cells reads on both for as long as the board's geometry and the hand's speed
make it."""


def goes_on(mine: Footprint, theirs: Footprint) -> bool:
    """Whether a move changing ``theirs`` continues one changing ``mine``: it keeps every
    change of ``mine`` and changes further a cell ``mine`` left open (landed on unseen:
    a robot that may eat on; a turnable piece)."""
    if theirs.changes == mine.changes or not keeps(mine, theirs):
        return False
    shown, after = dict(mine.changes), dict(theirs.changes)
    open_cells = mine.hidden | mine.turnable
    return any(spot in after and after[spot] != shown.get(spot) for spot in open_cells)


def keeps(mine: Footprint, theirs: Footprint) -> bool:
    """Whether a move changing ``theirs`` makes every change of ``mine`` (a piece that
    may still be turned over may read otherwise)."""
    after = dict(theirs.changes)
    return all(
        after.get(spot) == reading or (spot in mine.turnable and spot in after)
        for spot, reading in mine.changes
    )


def began(footprint: Footprint, first_at: Mapping[Spot, float]) -> float:
    """When a move was first seen under way: the first change of any spot it involves."""
    times = [first_at[spot] for spot in footprint.spots() if spot in first_at]
    return min(times) if times else float("inf")


def in_order(
    footprint: Footprint,
    filled_at: Mapping[Spot, float],
    lifted_at: Mapping[Spot, float],
    handled: frozenset[Spot],
    blur: Blur,
) -> bool:
    """Whether the changes came in an order the move allows: its last landing (a cell
    coming to read a piece, or a cell whose piece it replaces filled again) not
    ``blur`` before the first of its pieces left (its mover, where the footprint names
    its origin: a token eaten on the way may go first). Only what the hands did since
    the position began counts (``handled``): a move with no piece leaving a sensed spot
    (a drop from an unsensed stand) or none seen landing (a line of marbles slid) has
    no order to keep."""
    changes = footprint.changes
    departures = [(s, lifted_at[s]) for s in footprint.starts() if s in lifted_at]
    landed = {s for s, reading in changes if reading != EMPTY} | footprint.hidden
    arrivals = [(s, filled_at[s]) for s in landed & handled if s in filled_at]
    if not departures or not arrivals:
        return True
    return any(
        arrived >= left - blur(landing, start)
        for landing, arrived in arrivals
        for start, left in departures
    )


def same_drop(old: Footprint, new: Footprint) -> bool:
    """Whether two moves set the same piece down from off the board (a drop from an
    unsensed stand): one may be the other moved on."""
    if old.starts() or new.starts():
        return False
    fills = sorted(reading for _, reading in old.changes)
    return bool(fills) and EMPTY not in fills and fills == sorted(r for _, r in new.changes)


def moved_on(
    old: Footprint,
    new: Footprint,
    timeline: Mapping[Spot, list[tuple[float, bool]]],
    blur: Blur,
) -> bool:
    """Whether ``new`` is the hand going on with ``old`` (both from one position): it
    makes every change ``old`` made (a line of marbles pushed further), or moves its
    piece on: both leave the same cell (or set the same piece down from off the board:
    ``same_drop``), every cell ``old`` set a piece on read it and was emptied again
    since (``timeline``: each cell's changes, True when it came to read a piece), and
    ``new``'s own landing came after that (within the sensors' ``blur`` between
    neighbours): a piece set down elsewhere first is another hand's. A capture's
    landing reads a piece before and after (hidden, and touched): its capturer went on
    only if the cell read empty again after it landed."""
    captured = old.hidden & old.must_touch
    if keeps(old, new) and captured <= new.spots():
        return True  # every change it made still made (a capture: its cell too)
    if not old.starts() & new.starts() and not same_drop(old, new):
        return False
    left: dict[Spot, float] = {}
    landed = [spot for spot, reading in old.changes if reading != EMPTY]
    for spot in (*landed, *sorted(captured - new.hidden)):
        changes = timeline.get(spot, [])
        filled = [when for when, reads in changes if reads]
        emptied = [when for when, reads in changes if not reads and filled and when > filled[0]]
        if not emptied:
            return False
        left[spot] = emptied[-1]
    landings = {
        spot: max(when for when, reads in timeline[spot] if reads)
        for spot, reading in new.changes
        if reading != EMPTY and spot not in left and any(r for _, r in timeline.get(spot, []))
    }
    return all(
        landed >= gone - blur(landing, start)
        for landing, landed in landings.items()
        for start, gone in left.items()
    )
