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


def lines_from(mine: Footprint) -> bool:
    """Whether a move may be the first step of a longer one of more pieces
    (``carries_on``): it moves pieces from cells to others, taking nothing a hand must
    lift (a line's inner marbles change unseen)."""
    fills = any(reading != EMPTY for _, reading in mine.changes)
    emptied = any(reading == EMPTY for _, reading in mine.changes)
    return fills and emptied and not mine.must_touch


def carries_on(mine: Footprint, theirs: Footprint) -> bool:
    """Whether a move changing ``theirs`` takes one changing ``mine`` further with more of
    its player's pieces: it sets a piece on every cell ``mine`` landed on, and each cell
    ``mine`` emptied it leaves empty or fills unseen (a line of marbles moved a marble at
    a time: the front marble first, the next into the hole it left; a broadside's first
    marble). A piece set down and moved on to another cell carries nothing on."""
    if not lines_from(mine) or theirs.changes == mine.changes:
        return False
    after = dict(theirs.changes)
    return all(
        after.get(spot) == reading
        if reading != EMPTY
        else (after.get(spot) == EMPTY or spot in theirs.hidden)
        for spot, reading in mine.changes
    )


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


def came_down_before_it_left(
    first: Footprint,
    spot: Spot,
    landings: tuple[float, ...],
    lifted_at: Mapping[Spot, float],
    blur: Blur,
) -> bool:
    """Whether ``first``'s piece, read as taken on ``spot`` by the next move (whose
    landing there is the cell's last: ``landings``, each time a piece came to it), can
    have come down there only well before it left: every earlier landing on ``spot``
    came more than ``blur`` before the first of its pieces left (``lifted_at``). That
    piece on ``spot`` was another's, set there first (a piece set down, then moved on
    to the cell its taker's capture reads it on, before the taker's hand began), so the
    capture of ``first``'s piece is no reading of the board. Without an earlier landing
    or a departure on record nothing is ruled out."""
    departures = [(start, lifted_at[start]) for start in first.starts() if start in lifted_at]
    earlier = landings[:-1]
    if not departures or not earlier:
        return False
    return not any(
        arrived >= left - blur(spot, start) for arrived in earlier for start, left in departures
    )
