"""Moves that overlap in time: what fast hands did, read from the board, never guessed.

The recognizer (``engine.recognizer``) keeps one ``Overlap`` per position. Three ideas:

- **A move that stands.** The board showed exactly one move; then changes began
  elsewhere (the next player is already moving, a neighbour was knocked). The move is
  committed once its own spots have stayed unchanged for the settle time, and only if
  no other legal move of the same player keeps what it shows and involves the other
  changed spots (a capture of the piece now lifted, a chain that goes on, a piece
  moved onto the cell where one was dropped). A sliding piece never rests on a cell
  it passes for the settle time, so a cell it only passed is never committed.
- **A move and its reply.** A settled board that no single move explains may be two
  moves: one the board showed (or any the touched spots allow), then a move of the
  next player. The only pair that fits is committed, both in order; several pairs
  with one first move commit that move; several first moves make a prompt for it.
  A move that went on after a pause longer than a step (``Timing.pause``) may as
  well have been the next player's: the board asks whether it went on.
- **The order of changes** breaks ties only, and only by ``MARGIN``: a move whose
  every landing came well before its first piece left (a neighbour knocked off its
  cell after a drop looks like that neighbour moving there) is not what happened.
  When the order rules out every reading of a settled board, the board asks.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from engine.game import Position
from engine.move_index import IndexedMove, MoveIndex
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot, frame_diff

M = TypeVar("M", bound=Hashable)

MARGIN = 0.05
"""Seconds two changes must be apart for their order to count: far above contact bounce
(a slide's landing comes at most about 17 ms before its source reads empty)."""


@dataclass(frozen=True, slots=True)
class Standing(Generic[M]):
    """The moves the board showed exactly (one, or several the board cannot tell apart:
    a promotion, which piece was dropped), their spots unchanged since ``since``."""

    candidates: tuple[IndexedMove[M], ...]
    since: float

    @property
    def moves(self) -> tuple[M, ...]:
        return tuple(candidate.move for candidate in self.candidates)

    def spots(self) -> frozenset[Spot]:
        return frozenset().union(*(c.footprint.spots() for c in self.candidates))

    def changed_spots(self) -> frozenset[Spot]:
        return self.candidates[0].footprint.changed_spots()  # they show the same changes


@dataclass(frozen=True, slots=True)
class After(Generic[M]):
    """The position after a move, as the next move is looked up in it."""

    expected: dict[Spot, Reading]
    index: MoveIndex[M]


@dataclass
class Overlap(Generic[M]):
    """What the board showed since the position began, for moves that overlap."""

    position: Position[M]
    index: MoveIndex[M]
    sensing: Sensing
    sensed: frozenset[Spot]
    seen: dict[M, tuple[IndexedMove[M], float]] = field(default_factory=dict)
    standing: Standing[M] | None = None
    paused: dict[M, IndexedMove[M]] = field(default_factory=dict)
    _afters: dict[M, After[M]] = field(default_factory=dict)

    def forget(self) -> None:
        """The sensors were silent: what the board showed meanwhile is unknown."""
        self.seen.clear()
        self.standing = None
        self.paused.clear()

    def showed(self, matching: Iterable[IndexedMove[M]], now: float) -> None:
        """The board shows exactly the changes of ``matching`` at ``now``."""
        for candidate in matching:
            self.seen[candidate.move] = (candidate, now)

    def moved(self, changed: frozenset[Spot], now: float, pause: float) -> None:
        """Spots changed: a standing move whose spots changed stands no more, and one that
        rested longer than a step before it went on is remembered as paused."""
        standing = self.standing
        if standing is not None and changed & standing.spots():
            self.went_on(now, pause)

    def went_on(self, now: float, pause: float) -> None:
        """The hand went on from the standing move: it stands no more, and one that rested
        longer than a step first is remembered as paused."""
        standing = self.standing
        if standing is None:
            return
        if now - standing.since >= pause and len(standing.candidates) == 1:
            self.paused[standing.moves[0]] = standing.candidates[0]
        self.standing = None

    def spoiled(self, extra: Iterable[Spot]) -> bool:
        """Whether a change on ``extra`` (spots the standing moves leave alone) may be the
        same hand going on with one of them."""
        standing = self.standing
        if standing is None:
            return False
        return any(self.could_extend(c, spot) for c in standing.candidates for spot in extra)

    # --- the next player's move ------------------------------------------------------

    def after(self, move: M) -> After[M]:
        known = self._afters.get(move)
        if known is None:
            position = self.position.copy()
            position.push(move)
            expected = {
                spot: reading
                for spot, reading in position.expected_frame(self.sensing).items()
                if spot in self.sensed
            }
            known = After(expected, MoveIndex(position, self.sensing, self.sensed))
            self._afters[move] = known
        return known

    def pairs(
        self,
        firsts: Iterable[IndexedMove[M]],
        frame: Mapping[Spot, Reading],
        touched: frozenset[Spot],
    ) -> list[tuple[M, M]]:
        """Each (move, reply) that makes exactly ``frame``, the first from ``firsts``; every
        spot either changes was touched, and so was every cell a capture must touch."""
        found: list[tuple[M, M]] = []
        for first in firsts:
            footprint = first.footprint
            if not footprint.changed_spots() | footprint.must_touch <= touched:
                continue
            after = self.after(first.move)
            rest = frame_diff(after.expected, frame)
            if not rest:
                continue
            for second in after.index.matching(rest):
                if second.footprint.must_touch <= touched:
                    found.append((first.move, second.move))
        return found

    def firsts(self) -> list[IndexedMove[M]]:
        """The moves a pair may begin with: those the board showed exactly (a move is
        whole on the board before the next player begins; a first move never shown
        may hide a third one)."""
        return [candidate for candidate, _ in self.seen.values()]

    # --- one player's hand going on -----------------------------------------------------

    def could_extend(self, candidate: IndexedMove[M], spot: Spot) -> bool:
        """Whether another legal move of the same player keeps every change ``candidate``
        shows and involves ``spot``: the change there may be the same hand going on (or
        too many moves to tell)."""
        footprint = candidate.footprint
        spots = footprint.changed_spots()
        named = self.position.moves_continuing(candidate.move)
        pools: list[Iterable[IndexedMove[M]] | None] = [self.index.changing(spots | {spot})]
        if named is None:
            pools.append(self.index.changing(spots))
        else:
            listed = [IndexedMove(move, self.index.footprint(move)) for move in named]
            pools.append([*listed, *self.index.matching(footprint.changes)])
        for pool in pools:
            if pool is None:
                return True
            for other in pool:
                theirs = other.footprint
                mine = other.move == candidate.move
                if not mine and spot in theirs.spots() and keeps(footprint, theirs):
                    return True
        return False


def keeps(mine: Footprint, theirs: Footprint) -> bool:
    """Whether a move changing ``theirs`` makes every change of ``mine`` (a piece that
    may still be turned over may read otherwise)."""
    after = dict(theirs.changes)
    return all(
        after.get(spot) == reading or (spot in mine.turnable and spot in after)
        for spot, reading in mine.changes
    )


def in_order(
    footprint: Footprint,
    filled_at: Mapping[Spot, float],
    lifted_at: Mapping[Spot, float],
) -> bool:
    """Whether the changes came in an order the move allows: its last landing (a cell
    coming to read a piece, or a captured cell filled again) not ``MARGIN`` before the
    first of its pieces left. A move with no piece leaving a sensed spot (a drop from
    an unsensed stand) or none landing on one has no order to keep."""
    changes = footprint.changes
    departures = [lifted_at[s] for s, reading in changes if reading == EMPTY and s in lifted_at]
    arrivals = [filled_at[s] for s, reading in changes if reading != EMPTY and s in filled_at]
    arrivals += [filled_at[s] for s in footprint.must_touch if s in filled_at]
    if not departures or not arrivals:
        return True
    return max(arrivals) >= min(departures) - MARGIN
