"""When the hands' changes came in an order no hand makes: the open moves' judgement of a
reading (``Base.doubtful``) from what each spot did since the base.

Kept apart from the base's record of the hands (``engine.recognition.open_moves``), which
says what the board showed; this says which readings of it no hand can have made: a
cell filled before its piece left, a move done whole before the one it follows began, a
piece read back on its cell when it landed elsewhere. A reading kept only because no
other kept the order is doubted, and the board asks rather than commit it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, TypeVar

from engine.physical import EMPTY, Footprint, Reading, Spot, spots_of
from engine.recognition.change_order import MARGIN, in_order
from engine.recognition.change_order import began as first_change
from engine.recognition.overlap import Overlap
from engine.recognition.sensors import EPSILON, STOOD, Blur

M = TypeVar("M", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Flight:
    """A move's piece in the air: from its first departure to its last landing."""

    lifted: float
    landed: float
    starts: tuple[Spot, ...]

    def over(self, spot: Spot, at: float, blur: Blur) -> bool:
        """Whether ``spot`` reading a piece at ``at`` may be this piece on its way: while
        it was in the air, or as it left a neighbour within the sensors' blur (one piece
        reads on two cells while it passes between them)."""
        early = max((blur(spot, start) for start in self.starts), default=MARGIN)
        return self.lifted - max(early, MARGIN) <= at <= self.landed + MARGIN


class OrderDoubts(Generic[M]):
    """The order judgement of the open moves' base (``Base`` inherits it): what it reads
    of the hands is the base's own, declared here so the judgement may read it."""

    overlap: Overlap[M]
    tail: tuple[M, ...]
    touched: set[Spot]
    lifted_at: dict[Spot, float]
    filled_at: dict[Spot, float]
    first_at: dict[Spot, float]
    last_at: dict[Spot, float]
    timeline: dict[Spot, list[tuple[float, bool]]]
    read: dict[Spot, list[tuple[float, Reading]]]

    def in_order(self, footprint: Footprint) -> bool:
        return in_order(
            footprint,
            self.filled_at,
            self._departures(),
            frozenset(self.touched),
            self.overlap.blur,
        )

    def _departures(self) -> dict[Spot, float]:
        """When a piece first left each spot since the piece the base has there came to
        rest before the open moves began (the lifts before it, kept for a move made
        before the base began, were an earlier move's: a capture's victim taken off
        where its capturer landed)."""
        departures = dict(self.lifted_at)
        if not self.tail:
            return departures
        # the open moves' hands began with the first: a piece resting on a cell before
        # then is the base's (a piece set down later may be a victim laid there a while)
        anchor = first_change(self.overlap.footprints(self.tail[:1])[0], self.first_at)
        for spot, lifted in self.lifted_at.items():
            changes = self.timeline.get(spot, [])
            if not changes:
                continue
            ends = [then for then, _ in changes[1:]] + [float("inf")]
            rested = [
                at
                for (at, reads), then in zip(changes, ends, strict=True)
                if reads and lifted < at < anchor and then - at >= STOOD - EPSILON
            ]
            if rested:
                after = [at for at, reads in changes if not reads and at > rested[-1]]
                if after:
                    departures[spot] = after[0]
                else:
                    del departures[spot]
        return departures

    def doubtful(self, line: tuple[M, ...]) -> bool:
        """Whether a move of ``line`` (from the base) came in an order it cannot have: a
        reading kept only because no other kept the order. Besides each move's own order
        (``in_order``): a cell empty at the base that a move lands on first read a piece
        before that move's piece left, which no knock makes (a knock fills only a cell
        that holds a piece); a move done whole before the move it follows began (the
        mover's hand going on with its move, read as its next move after the reply, or
        its piece set down before that move began and put back after a knock)."""
        footprints = self.overlap.footprints(line)
        if not all(self.in_order(f) for f in footprints):
            return True
        for index, (earlier, later) in enumerate(pairwise(footprints)):
            # a spot a later move changes too may first have changed for it (the earlier
            # move's own changes made before the base began)
            after = spots_of(footprints[index + 1 :])
            began = [self.first_at[s] for s in earlier.spots() - after if s in self.first_at]
            done = [self.last_at[s] for s in later.spots() if s in self.last_at]
            if began and done and max(done) < min(began) - MARGIN:
                return True
            # a drop's piece comes from a stand no sensor reads: it may have been set
            # down on its way, on a cell it left before it landed, where the later move
            # lands (independent hands, Robot Duel seed 743030: sente's chick set on 3c,
            # committed, moved on to 2c, gote's chick dropped on 3c at once)
            dropped = [
                self.filled_at[s]
                for s, reading in earlier.changes
                if reading != EMPTY and s in self.filled_at
            ]
            gone_by = max(dropped) if dropped and not earlier.starts() else -math.inf
            piece = frozenset(r for _, r in earlier.changes if r != EMPTY)
            if began and self._stood_before(later, min(began) - MARGIN, gone_by, piece):
                return True
        expected = self.overlap.expected
        reached: set[Spot] = set()
        flights: list[Flight] = []  # an earlier move's piece in the air
        captured: list[tuple[Spot, float]] = []  # a victim's cell, its capturer's landing
        for footprint in footprints:
            # a line's inner pieces leave their cells too as the line rolls on (a push:
            # its front marble lands as the one behind it leaves), read empty a moment
            carried = footprint.hidden - footprint.must_touch
            starts = [
                spot
                for spot, reading in footprint.changes
                if reading == EMPTY and spot in self.lifted_at
            ] + [spot for spot in sorted(carried) if spot in self.lifted_at]
            departures = [self.lifted_at[spot] for spot in starts]
            for spot, reading in footprint.changes:
                if reading == EMPTY or spot in reached:
                    continue
                reached.add(spot)
                first = self._first_stood(spot)
                empty = expected.get(spot, EMPTY) == EMPTY
                if not empty or not departures or first is None:
                    continue
                # a piece slid over the cell on an earlier move's way fills it too
                passed = any(flight.over(spot, first, self.overlap.blur) for flight in flights)
                blur = max(self.overlap.blur(spot, start) for start in starts)
                if first < min(departures) - blur and not passed:
                    return True
            reached |= footprint.changed_spots()
            landings = [
                self.filled_at[s]
                for s, r in footprint.changes
                if r != EMPTY and s in self.filled_at
            ]
            # a capture lands where its victim stood, its cell filling again after the
            # victim left (no reading of it need change)
            captured += [
                (victim, self.filled_at[victim])
                for victim in sorted(footprint.hidden & footprint.must_touch)
                if departures and self.filled_at.get(victim, -math.inf) > min(departures)
            ]
            if departures and landings:
                flights.append(Flight(min(departures), max(landings), tuple(starts)))
            elif landings and not footprint.starts():
                # a drop: its piece comes from a stand no sensor reads, so nothing tells
                # when the hand took it up; it may have been set down on its way, on a
                # cell it left before it landed (dobutsu reed, independent hands seed
                # 710096: a chick set on 1a, committed, moved on to 1b)
                flights.append(Flight(-math.inf, max(landings), ()))
        return self._filled_unexplained(reached, flights, captured) or self._back_before_landing(
            footprints
        )

    def _stood_before(
        self,
        footprint: Footprint,
        when: float,
        gone_by: float = -math.inf,
        piece: frozenset[Reading] = frozenset(),
    ) -> bool:
        """Whether a cell ``footprint`` lands on, empty at the base, held a piece ``STOOD``
        or longer from before ``when``: its piece was set down before then (a knock since
        took it off and put it back; no knock fills an empty cell). A piece gone again by
        ``gone_by`` that read as that move's ``piece`` may be its own (a drop's piece set
        down on its way)."""
        for spot, reading in footprint.changes:
            if reading == EMPTY or self.overlap.expected.get(spot, EMPTY) != EMPTY:
                continue
            first = self._first_stood(spot, gone_by, piece) if spot in self.timeline else None
            if first is not None and first < when:
                return True
        return False

    def _first_stood(
        self, spot: Spot, gone_by: float = -math.inf, piece: frozenset[Reading] = frozenset()
    ) -> float | None:
        """When ``spot`` first read a piece that stayed ``STOOD`` or longer (or stays):
        a piece carried over the cell, or a bounce, reads there only a moment; but for a
        piece gone again by ``gone_by`` that read as ``piece`` (another move's, set down
        on its way: a piece that reads otherwise is not that one)."""
        changes = self.read.get(spot, [])
        for (at, reading), (then, _) in pairwise(changes):
            if reading == EMPTY or then - at < STOOD - EPSILON:
                continue
            if then > gone_by + MARGIN or reading not in piece:
                return at
        if changes and changes[-1][1] != EMPTY:
            return changes[-1][0]
        return self.first_at.get(spot)

    def _filled_unexplained(
        self,
        reached: set[Spot],
        flights: list[Flight],
        captured: list[tuple[Spot, float]],
    ) -> bool:
        """Whether a cell empty at the base, that no move of the reading changes (those
        ``reached``), held a piece since for ``STOOD`` or longer while no move's piece
        was in the air (``flights``: a piece set down on its way and moved on, before
        another move was made whole meanwhile): a piece
        was set down there and taken up again (a token placed and eaten at once by a
        robot still in the air). No knock fills an empty cell, and a piece carried over
        one (a magnet passing its sensor) or a bounce fills it only for a moment. A
        victim of the reading's captures (``captured``: each victim's cell and when its
        capturer came down there) pushed aside onto the cell lies there as long as the
        hand leaves it (``_pushed_aside_onto``)."""
        expected = self.overlap.expected
        for spot, changes in self.timeline.items():
            if spot in reached or expected.get(spot, EMPTY) != EMPTY:
                continue
            for (at, reads), (then, _) in pairwise(changes):
                if not reads or then - at < STOOD:
                    continue
                if any(self._pushed_aside_onto(spot, at, *victim) for victim in captured):
                    continue
                if not any(
                    flight.over(spot, at, self.overlap.blur)
                    and (flight.starts or then <= flight.landed + MARGIN)
                    for flight in flights
                ):
                    return True  # (a drop's piece left the cell before it landed)
                if any(at < flight.lifted and flight.landed < then for flight in flights):
                    # another move made whole while it stood there: no piece on its way
                    # waits for the next player's move (a move landed, then moved on)
                    return True
        return False

    def _pushed_aside_onto(self, spot: Spot, at: float, victim: Spot, landed: float) -> bool:
        """Whether ``spot``, filled at ``at``, may hold the victim its capturer pushed off
        ``victim``'s cell: a neighbour filled as that cell emptied (within the sensors'
        blur of the two), before the capturer came down there at ``landed``
        (``pushed_aside._pushed_off``, told from the open moves' own timeline). A drop
        set down on one cell, moved on and taken there by a capture that pushed it back
        onto the first (independent hands, Robot Duel, the drop committed there first):
        no reading of the drop and its capture kept the order, so the board never asked
        and kept the first cell."""
        blur = self.overlap.blur
        if spot == victim or not blur.neighbours(spot, victim):
            return False
        margin = blur(spot, victim)
        return any(
            not reads and left - margin <= at <= landed + margin and landed > left
            for left, reads in self.timeline.get(victim, ())
        )

    def _back_before_landing(self, footprints: list[Footprint]) -> bool:
        """Whether a move's piece was read back on its cell when it landed elsewhere: its
        cell emptied (a knock), read a piece again, and still held one as the move
        landed, no other move of the line able to have landed there by then (past the
        blur of two neighbours: one piece reads on both only while it passes between
        them). A knock never fills an empty cell: it had not left."""
        expected = self.overlap.expected
        for index, footprint in enumerate(footprints):
            if footprint.hidden or any(
                r != EMPTY and expected.get(c, EMPTY) != EMPTY for c, r in footprint.changes
            ):
                continue  # a capture: its victim may be laid where the capturer left
            others = [f for at, f in enumerate(footprints) if at != index]
            left = {s for s, r in footprint.changes if r == EMPTY} & footprint.starts()
            for start in left:
                first_lift = self.lifted_at.get(start)
                for cell, reading in footprint.changes:
                    landing = self.filled_at.get(cell)
                    if reading == EMPTY or first_lift is None or landing is None:
                        continue
                    if first_lift >= landing or self._landed_by(others, start, landing):
                        continue  # no lift before it (the order ``in_order`` judges)
                    if self._landed_by(others, cell, float("inf")):
                        continue  # its landing may be another's
                    blur = self.overlap.blur(cell, start)
                    if self._held_at(start, landing - blur) and self._held_at(
                        start, landing + blur
                    ):
                        return True  # held before and after it landed: never left
        return False

    def _landed_by(self, footprints: list[Footprint], spot: Spot, when: float) -> bool:
        """Whether one of ``footprints`` lands on ``spot`` and may have by ``when``: its
        pieces left before then, or nothing tells when they left (a drop)."""
        for footprint in footprints:
            if spot not in footprint.hidden and (spot, EMPTY) in footprint.changes:
                continue
            if spot not in footprint.hidden and spot not in footprint.changed_spots():
                continue
            lifts = [self.lifted_at[s] for s in footprint.starts() if s in self.lifted_at]
            if not lifts or min(lifts) <= when + MARGIN:
                return True
        return False

    def _held_at(self, spot: Spot, when: float) -> bool:
        """Whether ``spot`` read a piece at ``when`` (as at the base before its changes)."""
        held = self.overlap.expected.get(spot, EMPTY) != EMPTY
        for at, reads in self.timeline.get(spot, ()):
            if at > when:
                break
            held = reads
        return held
