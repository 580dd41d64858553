"""The open moves' base: the position the record's last moves were played from, and
what the hands did since, read again at each rest (``engine.recognition.rereading`` judges the
readings and amends the record).

Kept apart from the judging so each stays one idea: this is what the board and the
hands showed, per spot and move, and the readings of it; which readings came in an order
no hand makes is ``engine.recognition.order_doubts``, whether the mover's hand went on
with a move or the reply came before or with it is ``engine.recognition.mover_or_reply``,
and ``engine.recognition.rereading`` is what the record becomes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TypeVar

from engine.game import Position
from engine.physical import EMPTY, Reading, Sensing, Spot, frame_diff, spots_of
from engine.recognition.board_plies import Foresight, unforeseen
from engine.recognition.follows import moves_from
from engine.recognition.gone_on import went_on_then_pair
from engine.recognition.move_index import MoveIndex
from engine.recognition.mover_or_reply import MoverOrReply
from engine.recognition.order_doubts import OrderDoubts
from engine.recognition.overlap import Overlap
from engine.recognition.sensors import EPSILON, STOOD, Blur
from engine.recognition.standing import Hands

M = TypeVar("M", bound=Hashable)


@dataclass
class Base(MoverOrReply[M], OrderDoubts[M]):
    """The position the record's open moves were played from, and what the hands did
    since: each spot touched, when a piece first left it, when one last came to it."""

    overlap: Overlap[M]
    since: float
    tail: tuple[M, ...] = ()
    rested: bool = False  # the tail is one move the board showed at rest
    waited: bool = False  # ... that may have gone on, and the board waited for it
    committed_at: float = 0.0
    resumed_at: float = float("-inf")  # the hands' first change after the last commit
    shown_since: float | None = None  # the board shows the record's position since
    touched: set[Spot] = field(default_factory=set)
    lifted_at: dict[Spot, float] = field(default_factory=dict)
    filled_at: dict[Spot, float] = field(default_factory=dict)
    first_at: dict[Spot, float] = field(default_factory=dict)
    last_at: dict[Spot, float] = field(default_factory=dict)
    fills: dict[Spot, int] = field(default_factory=dict)
    timeline: dict[Spot, list[tuple[float, bool]]] = field(default_factory=dict)  # read a piece
    # what each spot read from each change of ``timeline`` on (a piece tells its kind to
    # the sensors that read it: a token's colour by its pole)
    read: dict[Spot, list[tuple[float, Reading]]] = field(default_factory=dict)

    @property
    def position(self) -> Position[M]:
        return self.overlap.position

    def lifts(self) -> dict[Spot, tuple[float, ...]]:
        """Each time a piece left each spot since the base."""
        return {
            spot: tuple(at for at, reading in changes if not reading)
            for spot, changes in self.timeline.items()
            if any(not reading for _, reading in changes)
        }

    def landings(self) -> dict[Spot, tuple[float, ...]]:
        """Each time a piece came to each spot since the base."""
        return {
            spot: tuple(at for at, reading in changes if reading)
            for spot, changes in self.timeline.items()
            if any(reading for _, reading in changes)
        }

    def landed_and_taken_up(self, frame: Mapping[Spot, Reading]) -> frozenset[Spot]:
        """The cells an open move landed on (the record's, committed) that are empty at
        the base and in ``frame`` and read a piece ``STOOD`` or longer since: a piece the
        record has set down there was taken up again."""
        footprints = self.overlap.footprints(self.tail) if self.tail else []
        landed = {s for f in footprints for s, reading in f.changes if reading != EMPTY}
        expected = self.overlap.expected
        return frozenset(
            spot
            for spot in landed
            if expected.get(spot, EMPTY) == EMPTY
            and frame.get(spot, EMPTY) == EMPTY
            and any(
                reads and later - at >= STOOD - EPSILON
                for (at, reads), (later, _) in pairwise(self.timeline.get(spot, ()))
            )
        )

    def shown_moved_on_from(self, spots: frozenset[Spot]) -> bool:
        """Whether an open move's piece stood ``STOOD`` or longer on those of ``spots`` it
        landed on (empty before it), and was taken up from each, after which the board
        showed, from the base, the open moves before it and another move in its place,
        whole: the hand moved the piece on from where the record has it before the next
        player's hand began (the record kept it there because the next hand began before
        the board rested on the move it made). A piece the next player lifts to think has
        no such move shown before it: the other move shows only with the record's piece
        off its landing and the reply not yet begun."""
        seen = self.overlap.seen
        for ply, footprint in enumerate(self.overlap.footprints(self.tail)):
            before = self.overlap.after(self.tail[:ply]).expected
            landed = frozenset(
                spot
                for spot, reading in footprint.changes
                if reading != EMPTY and before.get(spot, EMPTY) == EMPTY
            )
            left = [self._left_after_standing(spot) for spot in spots & landed]
            if not left or None in left:
                continue
            since = max(at for at in left if at is not None)
            kept, played = self.tail[:ply], self.tail[ply]
            if any(
                len(line) == ply + 1
                and line[:ply] == kept
                and line[ply] != played
                and at >= since - EPSILON
                for line, at in seen.items()
            ):
                return True
        return False

    def _left_after_standing(self, spot: Spot) -> float | None:
        """When a piece that read on ``spot`` ``STOOD`` or longer first left it since
        the base (None: none did)."""
        for (at, reads), (later, _) in pairwise(self.timeline.get(spot, ())):
            if reads and later - at >= STOOD - EPSILON:
                return later
        return None

    def leads_to(self, position: Position[M]) -> tuple[M, ...] | None:
        """The moves from the base to ``position``, if it follows from it (None if not)."""
        return moves_from(self.position, position)

    def saw(self, frame: Mapping[Spot, Reading], changed: Iterable[Spot], now: float) -> None:
        if self.resumed_at <= self.committed_at:
            self.resumed_at = now
        for spot in changed:
            self.touched.add(spot)
            self.first_at.setdefault(spot, now)
            self.last_at[spot] = now
            if frame.get(spot, EMPTY) == EMPTY:
                self.lifted_at.setdefault(spot, now)
            else:
                self.filled_at[spot] = now
                self.fills[spot] = self.fills.get(spot, 0) + 1
            self.timeline.setdefault(spot, []).append((now, frame.get(spot, EMPTY) != EMPTY))
            self.read.setdefault(spot, []).append((now, frame.get(spot, EMPTY)))

    def past(self, sensing: Sensing, sensed: frozenset[Spot], *, waited: bool) -> Base[M]:
        """The board rested showing the record: every open move but the last is done. A
        base before the last, which only its player's hand going on may still change.
        ``waited``: the board waited for it to go on (a chain that may eat on) before it
        was committed."""
        later = self.after(self.last_shown(), sensing, sensed, self.committed_at)
        later.rested, later.waited = True, waited
        return later

    def first_done_apart(self, tail: tuple[M, ...]) -> bool:
        """Whether more than two open moves change the board (more than the board reads
        from the base), the first of them changing it too, and every cell it changed last
        changed before any other cell that changed after it: the hands went on elsewhere
        only once it was whole, and never came back to it (a piece lifted and put back
        before it, a hesitation, is no part of what came after)."""
        footprints = self.overlap.footprints(tail)
        if sum(1 for footprint in footprints if footprint.changes) <= 2:
            return False  # rolls and lost turns change nothing
        first = footprints[0]
        spots = first.spots()
        mine = [self.last_at[spot] for spot in spots if spot in self.last_at]
        if not first.changes or not mine:
            return False
        whole = max(mine)
        others = [
            at
            for spot, at in self.first_at.items()
            if spot not in spots and self.last_at.get(spot, at) > whole
        ]
        return whole < min(others, default=math.inf)

    def interleaved(self) -> bool:
        """Whether an open move before the last the board shows was not made whole
        before the next began (the next player's hand on the board before the mover's
        was done): the mover's hand may go on with it after the reply (a broadside's
        second marble rolled after it), so resting on both proves it no more done."""
        footprints = self.overlap.footprints(self.tail)
        shown = [index for index in range(self.last_shown() + 1) if footprints[index].changes]
        return any(
            not self._whole_before(footprints, index, after) for index, after in pairwise(shown)
        )

    def replied_early(self, within: float = 0.0, line: tuple[M, ...] | None = None) -> bool:
        """Whether the next player's hand began before the first open move was whole, or
        ``within`` seconds of it (sooner than anyone answers a move), as the board read
        it then (what its cells did after, a knock or the hand going on, is not counted):
        only then may the mover's hand go on with it after the reply. ``line``: the
        open moves and those after them that make the board, the reply among them."""
        footprints = self.overlap.footprints(self.tail if line is None else line)
        last = self.last_shown() if line is None else len(line) - 1
        shown = [index for index in range(last + 1) if footprints[index].changes]
        if len(shown) < 2:
            return False
        mine, theirs = footprints[shown[0]].spots(), footprints[shown[1]].spots()
        # the reply's first change: on its own cells, or the second on a cell both move
        # (a marble rolled into the hole the first move's marble left)
        began = [self.first_at[spot] for spot in theirs - mine if spot in self.first_at]
        began += [
            changes[1][0] for s in theirs & mine if len(changes := self.timeline.get(s, [])) > 1
        ]
        if not began:
            return False
        start = min(began)
        for spot in mine:
            before = [at for at, _ in self.timeline.get(spot, ()) if at <= start + EPSILON]
            if spot in theirs:
                before = before[:1]  # the first move's change, the reply's after it
            if not before or before[-1] >= start - within - EPSILON:
                return True  # not yet changed, or changed as the reply began
        return False

    def last_shown(self) -> int:
        """Where the last move the board shows begins in the tail (the moves after it,
        which change nothing sensed, a roll or a lost turn, belong with it)."""
        footprints = self.overlap.footprints(self.tail)
        for index in range(len(self.tail) - 1, -1, -1):
            if footprints[index].changes:
                return index
        return 0

    def after(self, done: int, sensing: Sensing, sensed: frozenset[Spot], since: float) -> Base[M]:
        """A base after the first ``done`` open moves (they are done): what the hands did
        for the moves still open is what they did on those moves' spots, and every change
        from ``since`` on."""
        # the position after the done moves, its index and what the base looked up
        # beyond it, as the base built them (a commit's largest work, not done twice)
        line = self.tail[:done]
        known = self.overlap.after(line)
        position, index = known.index.position, known.index
        if known.plies:  # the record goes on from before the plies the board plays itself
            position = self.overlap.exactly_after(line)
        overlap = Overlap(
            position,
            index,
            sensing,
            sensed,
            dict(known.expected),
            _afters=self.overlap.afters_beyond(line),
            blur=self.overlap.blur,
            dice=self.overlap.dice,
        )
        later = Base(overlap, since=since, tail=self.tail[done:])
        later.committed_at, later.shown_since = self.committed_at, self.shown_since
        later.resumed_at = self.resumed_at
        own = spots_of(overlap.footprints(later.tail))
        own |= _reach(index, later.tail[:1])

        # a cell the done moves changed (emptied, landed on, or took from unseen): its
        # changes before ``since`` were theirs, not the moves' still open (a piece that
        # lands there or leaves it later came after: the next player's robot eating the
        # token just placed began when it was boxed, not when it was placed)
        made = spots_of(self.overlap.footprints(self.tail[:done]))

        def kept(times: dict[Spot, float]) -> dict[Spot, float]:
            return {s: t for s, t in times.items() if s in own or self.last_at.get(s, t) >= since}

        def theirs(times: dict[Spot, float]) -> dict[Spot, float]:
            return {s: t for s, t in kept(times).items() if s not in made or t >= since}

        later.lifted_at, later.filled_at = theirs(self.lifted_at), kept(self.filled_at)
        later.first_at, later.last_at = theirs(self.first_at), kept(self.last_at)
        later.fills = {s: n for s, n in self.fills.items() if s in later.last_at}
        for spot in made:
            # its changes from ``since`` on are the later moves' (a drop there after the
            # piece left): dated from the first of them, not forgotten with the first
            changes = [(at, reads) for at, reads in self.timeline.get(spot, ()) if at >= since]
            if changes:
                later.first_at.setdefault(spot, changes[0][0])
            lifts = [at for at, reads in changes if not reads]
            if lifts:
                later.lifted_at.setdefault(spot, lifts[0])
            if spot in later.fills:
                later.fills[spot] = sum(1 for _, reads in changes if reads)
        later.timeline = {s: list(t) for s, t in self.timeline.items() if s in later.last_at}
        later.read = {s: list(t) for s, t in self.read.items() if s in later.last_at}
        later.touched = {s for s in self.touched if s in own or self.last_at.get(s, 0) >= since}
        return later

    def moved_on(self, lines: list[tuple[M, ...]]) -> frozenset[Spot]:
        """The cells a hand going on with the open moves takes up again: those they set a
        piece down on, and the first cells of the first moves of ``lines`` that go on with
        them (the next marble of a line moved one at a time)."""
        spots = set(self.landed())
        for line in lines:
            footprint = self.overlap.index.footprint(line[0])
            spots |= {spot for spot, reading in footprint.changes if reading == EMPTY}
        return frozenset(spots)

    def landed(self) -> frozenset[Spot]:
        """The cells the open moves set a piece down on (seen, or over a piece taken)."""
        spots: set[Spot] = set()
        for footprint in self.overlap.footprints(self.tail):
            spots |= {spot for spot, reading in footprint.changes if reading != EMPTY}
            spots |= footprint.hidden
        return frozenset(spots)

    def touched_since(self, when: float) -> frozenset[Spot]:
        """The spots that changed after ``when``."""
        return frozenset(spot for spot, at in self.last_at.items() if at > when + EPSILON)

    def readings(self, frame: Mapping[Spot, Reading]) -> list[tuple[M, ...]]:
        """The lines of at most two moves from the base that make ``frame`` with what the
        hands did since (each move's cells to touch touched, its changes in an order it
        allows, when the order leaves any), the empty line when the board shows the base;
        lines shown whole before are among them. When none makes it, a move the board
        showed at rest may have been gone on with while both players' next moves came at
        once: three moves (``engine.recognition.gone_on``)."""
        overlap = self.overlap
        diff = frame_diff(overlap.expected, frame)
        if not diff:
            return [()]
        touched = frozenset(self.touched)
        singles = [c for c in overlap.index.matching(diff) if c.footprint.must_touch <= touched]
        hands = Hands(
            touched, self.first_at, self.fills, self.landings(), self.lifted_at, self.last_at
        )
        set_down = self.landed_and_taken_up(frame)

        def pairs(fallback: bool) -> list[tuple[M, ...]]:
            # two moves never shown apart, fewer than the record's open moves, that leave
            # alone a cell the record's piece was set down on and taken up from are fewer
            # moves than the hands made (issue 78: a rook rested on 5b, committed, moved
            # on to 4b, read as 9b4b for 9b6b, 6b5b, nothing asked)
            found = overlap.pairs(frame, hands, self.in_order, fallback=fallback)
            return [
                pair
                for pair in found
                if len(pair) >= len(self.tail) or set_down <= spots_of(overlap.footprints(pair))
            ]

        lines = in_order_first(
            [(c.move,) for c in singles if self.in_order(c.footprint)],
            [(c.move,) for c in singles],
            overlap.explaining(frame),
            pairs,
        )
        if lines or not self.rested:
            return lines
        return went_on_then_pair(
            overlap,
            frame,
            tail=self.tail,
            hands=hands,
            last_at=self.last_at,
            in_order=self.in_order,
        )


def in_order_first(
    ordered: list[tuple[M, ...]],
    singles: list[tuple[M, ...]],
    explained: list[tuple[M, ...]],
    pairs: Callable[[bool], list[tuple[M, ...]]],
) -> list[tuple[M, ...]]:
    """The readings of a board: the single moves whose changes came in an order they
    allow, the lines it showed step by step, and the pairs in order; only when none
    keeps the order, every single move and pair that makes it (a swap faster than a
    scan leaves no order to read)."""
    lines = [*ordered, *(line for line in explained if line not in ordered)]
    lines += [pair for pair in pairs(False) if pair not in lines]
    if lines:
        return lines
    lines = list(singles)
    lines += [pair for pair in pairs(True) if pair not in lines]
    return lines


def _reach(index: MoveIndex[M], first: tuple[M, ...]) -> frozenset[Spot]:
    """The cells the piece of ``first`` (a move from ``index``'s position) could have gone
    to from there, with what each such move changes: only that piece's hand may still
    change a move the board showed at rest, and what it did on those cells before the
    rest is its evidence (a victim pushed aside onto an empty neighbour, its cell's swap
    made before the quiet move the board read rested: forgotten, the capture read once
    the victim was taken up had no touch on its cell, and the board waited for a piece
    in the hand for ever; issue 78)."""
    if not first:
        return frozenset()
    starts = index.footprint(first[0]).starts()
    if not starts:
        return frozenset()
    spots: set[Spot] = set()
    for move in index.position.legal_moves():
        footprint = index.footprint(move)
        if footprint.starts() == starts:
            spots |= footprint.spots()
    return frozenset(spots)


def fresh_base(
    position: Position[M],
    *,
    sensing: Sensing,
    sensed: frozenset[Spot],
    expected: dict[Spot, Reading],
    now: float,
    blur: Blur,
    carried: Iterable[Spot] = (),
    dice: Foresight[M] = unforeseen,
) -> Base[M]:
    """A base at ``position`` (a copy: the session's position moves on), the spots the
    next player already touched ``carried``, the rolls to come ``dice``."""
    copy = position.copy()
    index = MoveIndex(copy, sensing, sensed)
    overlap = Overlap(copy, index, sensing, sensed, dict(expected), blur=blur, dice=dice)
    base = Base(overlap, since=now)
    base.touched.update(carried)
    return base
