"""Seeing moves on a physical board, for every game, from spots and readings alone.

A move is recognised from the *settled* board, never from the order of events:
every debounced frame is diffed against the position's expected frame, and the
legal moves that make exactly that change are looked up (``MoveIndex``, asked
lazily by the spots that changed). The hand's path only breaks ties, through the
touched set and the order of changes (``engine.overlap``: only by a margin far above
contact bounce). Fast hands whose moves overlap are read there too: a move that
stands while the next begins, a move and its reply at rest. When the sensors and
their timing cannot tell two readings apart, the answer is a prompt, never a guess.
See DESIGN.md, "Recognition".

The recognizer never changes the position. It answers with an assessment
(``engine.assessments``); the controller commits, prompts or lights the board, then
calls ``reset`` with the new position.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Generic, TypeVar

from engine.assessments import (
    Ambiguous,
    Assessment,
    Commit,
    Correction,
    Hint,
    IllegalMatch,
    Moving,
    OffGuide,
    OutOfStep,
    Pending,
    Reread,
    Settled,
    TakebackOffer,
    Tapped,
    Timing,
)
from engine.game import Position
from engine.guidance import correction, hints, in_hand, remaining
from engine.move_index import DiffKey, IndexedMove, MoveIndex
from engine.overlap import Carried, Hands, Overlap, Standing
from engine.physical import EMPTY, Footprint, Frame, Reading, Sensing, Spot, frame_diff
from engine.rereading import EPSILON, Rereading, in_order_first, stood_still
from engine.shown import set_down_and_gone, shown_within
from engine.touches import Touches
from engine.victims import knocked_at_lift, other_landings, other_victims, parked_capture

M = TypeVar("M", bound=Hashable)


class Recognizer(Generic[M]):
    """Turns debounced frames into moves, prompts, hints and corrections."""

    def __init__(
        self,
        sensing: Sensing,
        sensed: Iterable[Spot],
        timing: Timing | None = None,
    ) -> None:
        self.sensing = sensing
        self.sensed: frozenset[Spot] = frozenset(sensed)
        self.timing = timing or Timing()
        self.guide: M | None = None
        self._position: Position[M] | None = None
        self._order: dict[Spot, int] = {}
        self._expected: dict[Spot, Reading] = {}
        self._history: tuple[dict[Spot, Reading], ...] = ()
        self._index: MoveIndex[M] | None = None
        self._frame: dict[Spot, Reading] = {}
        # frame_diff(expected, frame), kept for the frame and position it was made from
        self._diffed: tuple[Frame, Frame, tuple[tuple[Spot, Reading], ...]] | None = None
        self._changed_at = 0.0  # the board last changed (corrections wait from it)
        self._rest_from = 0.0  # the board rests since: its last change or silence
        self._did = Touches()  # what the hands did (``engine.touches``)
        self._blind = False  # the sensors were silent mid-move: what was touched is unknown
        self._victims_open = False  # the last move's victim may still be asked about
        self._plies = 0  # the moves the position had at the last reset
        self._lifts: dict[Spot, float] = {}  # when the last move's pieces left (one move)
        self._overlap: Overlap[M] | None = None
        self._tapped: tuple[Hint, ...] = ()
        self._assessed_at = 0.0
        self._continuing = False  # the board shows a move a longer one may continue
        self._forced_at: float | None = None  # when the only, unseen move plays
        self._forced: M | None = None
        self._warming: Iterator[Spot] = iter(())  # spots a first lift may come from
        # the record's last moves, read again while the hands may still be on them
        self.rereading: Rereading[M] = Rereading(sensing, self.sensed, self.timing)

    # --- position ------------------------------------------------------------

    def reset(
        self,
        position: Position[M],
        history: Sequence[Frame] = (),
        now: float = 0.0,
        carried: Carried[M] | None = None,
        *,
        closed: bool = False,
    ) -> None:
        """Index a new position; ``history`` holds the expected frames of earlier plies,
        the most recent first, for takeback detection. ``carried``: what the board
        showed of the next moves before the last one was committed (``carried``).
        ``closed``: the moves played so far may not be read again (a confirm, a move the
        computer or another board asked for)."""
        # the move just played stood still (its own cells, or the whole board, unchanged
        # the settle time): only its player may change it now
        shown_at_rest = now - self._rest_from >= self.timing.settle - EPSILON or stood_still(
            position, self.sensing, self.sensed, self._did.changed, now - self.timing.settle
        )
        waited = self._continuing  # ... after waiting for it to go on
        self._position = position
        self._order = {spot: index for index, spot in enumerate(position.game.spots)}
        self._expected = self._sensed_part(position.expected_frame(self.sensing))
        self._history = tuple(self._sensed_part(frame) for frame in history)
        self._index = MoveIndex(position, self.sensing, self.sensed)
        self._warming = iter(
            sorted(
                (spot for spot, reading in self._expected.items() if reading != EMPTY),
                key=self._order.__getitem__,
            )
        )
        only = self._index.only_unseen if position.chance_moves() is None else None
        self._forced = only
        self._forced_at = None if only is None else now + self.timing.forced
        self._overlap = Overlap(position, self._index, self.sensing, self.sensed, self._expected)
        carried = carried or Carried()
        for shown in carried.lines:
            self._overlap.remember(shown)
        kept = carried.spots & self.sensed
        plies = len(position.move_stack)
        self._lifts = dict(self._did.lifted_at) if plies == self._plies + 1 else {}
        self._plies = plies
        self._did.begin(kept, now)
        self._blind = False
        self._victims_open = not closed and self.rereading.amendable
        self._tapped = ()
        self._changed_at = self._rest_from = now
        self._assessed_at = now
        self._continuing = False
        if not self._frame:
            self._frame = dict(self._expected)
        evidence = self.rereading.played(
            position,
            self._expected,
            self._frame == self._expected,
            now,
            kept,
            closed=closed,
            rested=shown_at_rest,
            waited=waited,
        )
        if evidence is not None:
            self._did.adopt(evidence)  # moves taken back to be read again
        if self._frame == self._expected:
            # the board reads as the position; what the next player's hand touched since
            # the move was shown is kept (their piece may be in the air: a victim set
            # down a moment where its capturer came from)
            self._did.now.clear()
        else:
            self._look(now)
            self._still_standing()

    def close(self, now: float) -> None:
        """The moves played so far are done (a confirm): they are not read again, and
        their victims not asked about."""
        self._victims_open = False
        self._close_tail(now)

    def _close_tail(self, now: float) -> None:
        """The open moves are done (``engine.rereading``: the board showed them long
        enough): only a swap on another victim may still ask (``_other_victim``)."""
        if self._position is not None:
            at_rest = self._frame == self._expected
            self.rereading.close(self._position, self._expected, at_rest, now, self._did.touched)

    def warm(self) -> bool:
        """Index the moves of one more piece a hand may lift first, ahead of the lift
        (the index is otherwise built when the board asks, so the first lift after a
        move would pay for it); False when nothing is left to do. A board with time
        to spare calls it between frames: it changes no answer, only when it is paid."""
        spot = next(self._warming, None)
        if spot is None:
            return False
        self.index.changing(frozenset((spot,)))
        return True

    @property
    def expected(self) -> Frame:
        """What the sensed spots must read in the current position."""
        return self._expected

    @property
    def frame(self) -> Frame:
        return self._frame

    @property
    def forced(self) -> M | None:
        """The only legal move, which the board cannot show: it plays by itself."""
        return self._forced

    @property
    def unseen(self) -> tuple[M, ...]:
        """The legal moves the board cannot show (chosen with buttons or on the page)."""
        return () if self._index is None else self._index.unseen

    @property
    def index(self) -> MoveIndex[M]:
        assert self._index is not None, "reset() gives the recognizer its position"
        return self._index

    @property
    def waiting(self) -> bool:
        """The board shows a move that may still go on (a chain): it rests longer, or ok
        (the clock, the next player's refill) ends it."""
        return self._continuing

    @property
    def touched(self) -> frozenset[Spot]:
        return frozenset(self._did.touched)

    def _sensed_part(self, frame: Frame) -> dict[Spot, Reading]:
        if frame.keys() <= self.sensed:  # as the controller passes it: a copy, in C
            return dict(frame)
        return {spot: reading for spot, reading in frame.items() if spot in self.sensed}

    def _diff(self) -> tuple[tuple[Spot, Reading], ...]:
        """``frame_diff(expected, frame)``, made once per frame and position: observing a
        frame, looking at it and assessing it each ask (neither dict is changed in place,
        a new frame or position is a new dict)."""
        frame, expected, diffed = self._frame, self._expected, self._diffed
        if diffed is not None and diffed[0] is frame and diffed[1] is expected:
            return diffed[2]
        diff = frame_diff(expected, frame)
        self._diffed = (frame, expected, diff)
        return diff

    def lifted(self, frame: Frame) -> frozenset[Spot]:
        """The spots the position has a piece on that ``frame`` reads empty (from the
        frame's diff when it is the recognizer's own, as it is between two events)."""
        if frame == self._frame:
            return frozenset(spot for spot, now in self._diff() if now == EMPTY)
        return frozenset(
            s for s, r in self._expected.items() if r != EMPTY and frame.get(s, EMPTY) == EMPTY
        )

    def movable_spots(self) -> frozenset[Spot]:
        """The spots a legal move takes a piece from (after a roll: what may move)."""
        return frozenset(
            spot
            for spot, reading in self._expected.items()
            if reading != EMPTY and self.index.emptying(spot) != []
        )

    # --- frames ----------------------------------------------------------------

    def observe(
        self, frame: Frame, now: float, *, fresh: bool = False, unseen: bool = False
    ) -> None:
        """Take a new debounced frame of the sensed spots. A ``fresh`` frame, the first
        after the sensors were silent, counts as a change even where it reads as before:
        the board must rest again before anything is decided from it, and the pieces
        touched meanwhile are unknown (they tell no moves apart until the board is back
        to the position). ``unseen``: the sensors missed a moment (one failed scan): what
        the hands did then is unknown, the board reads blind until it rests."""
        new = self._sensed_part(frame)
        self._blind = self._blind or unseen
        changed = {spot for spot in self.sensed if new.get(spot, EMPTY) != self._frame.get(spot)}
        if fresh:
            self._rest_from = now
            self._continuing = False
            # blind until the board rests: the first frame may still be the scanner's
            # debounced view from before the silence, the changes made meanwhile on
            # their way (a capture's victim taken while nobody looked)
            self._blind = True
            self.overlap.forget()
            self.close(now)  # what the hands did meanwhile is unknown
        if not changed:
            return
        self.rereading.saw(
            new, changed, now, at_rest=new == self._expected, close=lambda: self._close_tail(now)
        )
        # the pieces rested as the position: what the hands touched before is past
        rested = self._frame == self._expected and self._did.still(now, self.timing.settle)
        self._did.saw(changed, new, self._expected, now, rested=rested)
        self._frame = new
        self._changed_at = self._rest_from = now
        self._continuing = False
        self.overlap.moved(frozenset(changed))
        if new == self._expected:
            # Back to the position: a quick lift-and-replace asks for its hints.
            quick = self._did.quick(now, self.timing.tap)
            self._tapped = self._hints(sorted(quick, key=self._order.__getitem__))
            self._did.now.clear()
            # what it showed stays known: a piece just dropped may be the victim of a
            # quick reply lifted first, which brings the board back here for a moment
            self.overlap.standing = None
        else:
            self._tapped = ()
        self._look(now)

    @property
    def overlap(self) -> Overlap[M]:
        assert self._overlap is not None, "reset() gives the recognizer its position"
        return self._overlap

    def _look(self, now: float) -> None:
        """Note what the board shows whole now: a move, or moves one after another (a
        line). What stands from now on, until its spots change or a change comes that
        another move of its last player could make along with it (then the board must
        settle as a whole): the moves that fit alone, else the only line."""
        overlap = self.overlap
        if self._blind:
            overlap.standing = None
            return
        diff = self._diff()
        lines = overlap.look(
            self._frame,
            now,
            self._did.changed,
            frozenset(self._did.handled),
            self._in_order,
            diff=diff,
        )
        standing = overlap.standing
        if standing is not None:
            extra = {spot for spot, _ in diff} - standing.shown
            if not diff or overlap.spoiled(sorted(extra)):
                overlap.standing = None
        if not diff or overlap.standing is not None or not lines:
            return
        shown = frozenset(spot for spot, _ in diff)
        longer = [line for line in lines if len(line) > 1]
        ordered = [c for c in self._candidates(diff) if self._in_order(c.footprint)]
        if ordered:  # alone or not: whether it is a line is asked when judged
            spots = frozenset().union(*(c.footprint.spots() for c in ordered))
            overlap.standing = Standing((), tuple(ordered), now, shown, spots)
        elif longer:
            overlap.standing = overlap.line_standing(longer, now)

    def _paused(self, line: tuple[M, ...]) -> bool:
        """Whether the board showed ``line`` longer than a step before it went on."""
        return self.overlap.held(line) >= self.timing.pause - EPSILON

    def _still_standing(self) -> None:
        """After a commit, the next move the board showed whole before it stands, if its
        spots have not changed since (``Overlap.stands_again``)."""
        shown = frozenset(spot for spot, _ in self._diff())
        self.overlap.stands_again(self._did.changed, self._rest_from, shown)

    def _hands(self) -> Hands:
        return self._did.hands()

    def _in_order(self, footprint: Footprint) -> bool:
        return self._blind or self._did.in_order(footprint)

    def carried(self, move: M) -> Carried[M]:
        """What the next position keeps when ``move`` is committed (``Overlap.carried``)."""
        own = self.index.footprint(move).spots()
        return self.overlap.carried(
            move, frozenset(self._did.touched), self._did.changed, self._did.since(own)
        )

    def next_deadline(self, now: float) -> float | None:
        """When the assessment may change with no new frame: the first of the settle,
        extend, grace and forced-move deadlines not yet judged (it may already be past
        ``now``)."""
        deadlines = [] if self._forced_at is None else [self._forced_at]
        if self._frame != self._expected:
            deadlines.append(self._rest_from + self.timing.settle)
            deadlines.append(self._changed_at + self.timing.grace)
            diff = self._diff()
            if not self._candidates(diff) and self._in_hand(diff):
                deadlines.append(self._changed_at + self.timing.held)
            standing = self.overlap.standing
            if standing is not None:
                deadlines.append(standing.since + self.timing.settle)
        elif (
            self.rereading.touched_since_played()
            or any(len(line) > 1 for line in self.overlap.seen)
            or (self._victims_open and self._did.swapped())
        ):
            # a line of moves, the last move's hand gone on with it, another victim?
            deadlines.append(self._rest_from + self.timing.settle)
        if self._continuing:
            standing = self.overlap.standing
            rest_from = self._rest_from if standing is None else standing.since
            deadlines.append(min(rest_from, self._rest_from) + self.timing.extend)
        for deadline in sorted(deadlines):
            if deadline > self._assessed_at + EPSILON:
                return deadline
        return None

    # --- judgement ---------------------------------------------------------------

    def assess(self, now: float, *, confirm: bool = False) -> Assessment[M]:
        """What the board means at ``now``; with ``confirm`` (ok or the clock pressed),
        a move the board shows needs no rest, and one that stands is done."""
        self._assessed_at = max(self._assessed_at, now)
        forced, due = self._forced, self._forced_at
        if forced is not None and due is not None and now >= due - EPSILON:
            return Commit(forced)
        if self._position is not None:
            asked = self.rereading.still_asked(self._frame, tuple(self._position.move_stack))
            if asked is not None:
                return asked  # a question about the record, the board unchanged since
        diff = self._diff()
        settled = now - self._rest_from >= self.timing.settle - EPSILON
        if settled or confirm:
            reread = self._read_again() or (self._other_landing(diff) if diff else None)
            if reread is not None:
                return reread
        if not diff:
            if settled:
                self._blind = False  # the board rests as the position: seen whole again
            # moves that leave every reading as it was (a capture, a reply onto the cell
            # and a drop back on the first) are read only as a line the board showed
            # step by step: two such moves never shown apart are two knocks put back
            lines = self.overlap.explaining(self._frame) if not self._blind else []
            if lines and (settled or confirm) and self.guide is None:
                return self._lined(lines)
            asked = self._other_victim() if settled else None
            if asked is not None:
                return asked
            return Tapped(self._tapped) if self._tapped else Settled()
        stood = self._stood(diff, now, confirm=confirm)
        if stood is not None:
            return stood
        candidates = self._candidates(diff)
        if candidates:
            return self._judged(candidates, now, settled=settled, confirm=confirm)
        return self._unmatched(diff, now, settled=settled, confirm=confirm)

    def _unmatched(
        self, diff: DiffKey, now: float, *, settled: bool, confirm: bool
    ) -> Assessment[M]:
        """A board no single move makes: an earlier position, moves one after another,
        a forbidden move, a move still in progress, or a board out of step."""
        reading_lines = not self._blind and self.guide is None
        lines = self.overlap.explaining(self._frame) if reading_lines else []
        if settled:
            for plies, frame in enumerate(self._history, start=1):
                if frame == self._frame:
                    return TakebackOffer(plies, tuple(dict.fromkeys(line[0] for line in lines)))
        if (settled or confirm) and not self._blind:
            # the lines the board showed step by step, and two moves it never showed
            # apart (the next player's hand on the board before the mover's left): a
            # mover's hand that went on after the reply may be either
            pairs = self.overlap.pairs(
                self._frame, self._hands(), self._in_order, self.guide, fallback=not lines
            )
            lines = [*lines, *(pair for pair in pairs if pair not in lines)]
        if (settled or confirm) and lines:
            return self._lined(lines)
        parked = self._parked(diff) if confirm else None
        if parked is not None:
            return Commit(parked)  # the player says it is done: its piece is not in the air
        if settled:
            illegal = [
                (candidate, reason)
                for candidate, reason in self.index.illegal(diff)
                if not self._blind
                and candidate.footprint.must_touch <= self._did.touched
                and not self._looks_lifted(candidate.footprint)
            ]
            if illegal:
                candidate, reason = illegal[0]
                return IllegalMatch(candidate.move, reason)
        waited = now - self._changed_at
        held = self._in_hand(diff)
        if waited >= (self.timing.held if held else self.timing.grace) - EPSILON:
            self.overlap.forget()  # the players put the board right: what it showed is past
            return OutOfStep(self._correction())
        return Moving(self._hints(self._lifted_spots()), self._remaining(diff))

    def _parked(self, diff: DiffKey) -> M | None:
        if self._blind or self.guide is not None:
            return None
        return parked_capture(self.index.matching(diff), self._did)

    def _other_victim(self) -> Reread[M] | None:
        """At rest as the record: a cell swapped since the last move that its piece could
        have taken instead (``engine.victims``) is asked about, that capture first."""
        position = self._position
        if not self._victims_open or self._blind or self.guide is not None or position is None:
            return None
        others = other_victims(position, self.sensing, self.sensed, self._did)
        if not others:
            return None
        self._victims_open = False  # asked once: the answer is the record
        stack = tuple(position.move_stack)
        self.rereading.asking(self._frame, stack[:-1], (*others, stack[-1]))
        return Reread(1, (), (*others, stack[-1]))

    @property
    def may_land_elsewhere(self) -> bool:
        """The last move took a piece unseen as its capturer was lifted: its piece may
        still be in the air (``_other_landing``)."""
        return self._victims_open and bool(self._lifts)

    @property
    def last_move_open(self) -> bool:
        """The record's last move may still be read again: the hands went on with it, or
        its piece may still be in the air (a game it ended may go on)."""
        return self.rereading.touched_since_played() or self.may_land_elsewhere

    def _other_landing(self, diff: DiffKey) -> Reread[M] | None:
        """At rest, a board the last move's piece makes from the position before it, the
        recorded capture read from a knock as it was lifted (``engine.victims``): played
        instead of it, or asked beside the next player's moves that make it too."""
        position = self._position
        if not self.may_land_elsewhere or self._blind or self.guide is not None:
            return None
        assert position is not None
        if not knocked_at_lift(position, self.sensing, self.sensed, self._lifts):
            self._lifts = {}
            return None
        others = other_landings(position, self.sensing, self.sensed, self._frame, self._did)
        if not others:
            return None
        self._victims_open = False  # asked once: the answer is the record
        stack = tuple(position.move_stack)
        if not self._candidates(diff) and len(others) == 1:
            return Reread(1, others)
        choices = others if not self._candidates(diff) else (*others, stack[-1])
        self.rereading.asking(self._frame, stack[:-1], choices)
        return Reread(1, (), choices)

    def _in_hand(self, diff: DiffKey) -> bool:
        return in_hand(self.index, self._frame, diff)

    def _read_again(self) -> Reread[M] | None:
        """At rest, the record's open moves read again (``engine.rereading``)."""
        if self._blind or self.guide is not None or self._position is None:
            return None
        stack = tuple(self._position.move_stack)
        at_rest = self._frame == self._expected
        return self.rereading.answer(
            self._frame,
            stack,
            self._readings_here,
            at_rest=at_rest,
            shown=lambda line: line in self.overlap.seen,
        )

    def _readings_here(self) -> list[tuple[M, ...]]:
        """The lines from the position that make the board: none, a move, moves shown
        one after another, or two the hands overlapped."""
        diff = self._diff()
        if not diff:
            return [()]
        candidates = self._candidates(diff)
        hands = self._hands()
        return in_order_first(
            [(c.move,) for c in candidates if self._in_order(c.footprint)],
            [(c.move,) for c in candidates],
            self.overlap.explaining(self._frame),
            lambda fallback: self.overlap.pairs(
                self._frame, hands, self._in_order, fallback=fallback
            ),
        )

    def _judged(
        self, candidates: list[IndexedMove[M]], now: float, *, settled: bool, confirm: bool
    ) -> Assessment[M]:
        """The board shows a move (or several): wait for it to rest, then commit the one
        that fits in the order its changes came, or ask."""
        moves = tuple(candidate.move for candidate in candidates)
        rest = self.timing.settle
        rest_from = self._rest_from
        standing = self.overlap.standing
        if standing is not None and set(moves) <= set(standing.moves):
            # its own spots rest since it was shown: knocks elsewhere since then were
            # nothing its player's hand could be making
            rest_from = min(rest_from, standing.since)
            settled = now - rest_from >= rest - EPSILON
        if self._blind and all(
            self._only_empties(c.footprint) and not c.footprint.must_touch <= self._did.touched
            for c in candidates
        ):
            # nobody saw the hands take the piece: one in the air and a capture made
            # unseen read alike, so the players are asked to put it right and play again
            if now - self._changed_at >= self.timing.grace - EPSILON:
                return OutOfStep(self._correction())
            return Moving(self._hints(self._lifted_spots()))
        alone = candidates[0] if len(candidates) == 1 else None
        # a move that may go on (a chain), or that only takes pieces off with the cells it
        # changes unseen untouched (a line slid to push a marble off, which no sensor
        # tells from a marble held in the air), waits longer, or for a confirm; a hand
        # that then goes on with it is read again (``engine.rereading``)
        self._continuing = alone is not None and (
            self.overlap.goes_on(alone) or self._looks_lifted(alone.footprint)
        )
        if self._continuing:
            rest = max(rest, self.timing.extend)
            settled = now - rest_from >= rest - EPSILON
        if not (settled or confirm):
            return Pending(moves, rest_from + rest)
        if self.guide is not None:
            if self.guide in moves:
                return Commit(self.guide)
            return OffGuide(moves, self.guide)
        ordered = [c for c in candidates if self._in_order(c.footprint)]
        if not ordered:
            # the order of the changes rules out every one (a drop, then a neighbour
            # knocked off its cell, looks like the neighbour moving onto the drop): the
            # moves the board showed whole on the way are asked beside them, or the
            # hands are given time to put the board right
            shown = shown_within(self.overlap, moves, self._diff())
            if len(shown) > 1:
                return Ambiguous(shown)
            if now - self._changed_at >= self.timing.grace - EPSILON:
                return OutOfStep(self._correction())
            return Moving(self._hints(self._lifted_spots()))
        if len(ordered) > 1:
            shown = tuple(c.move for c in ordered)
            lines = self.overlap.explaining(self._frame)
            went_on = [line[0] for line in lines if self._paused(line[:1])]
            return Ambiguous((*dict.fromkeys(m for m in went_on if m not in shown), *shown))
        return self._alone_or_asked(ordered[0], self._frame)

    def _stood(self, diff: DiffKey, now: float, *, confirm: bool) -> Assessment[M] | None:
        """What stands, once its own spots have rested the settle time (or a confirm says
        the move is done), whatever else changed meanwhile: no other move of its last
        player could have made those changes along with it (``_look``). A line is
        committed (its last move asked afterwards if the board cannot tell it); a move
        alone too, unless the same board may be a line; several moves (a promotion,
        which piece was dropped) are asked while the next player goes on. Shown alone,
        the board is judged as any (``_judged``, ``_lined``)."""
        standing = self.overlap.standing
        if standing is None or self._blind:
            return None
        if {spot for spot, _ in diff} == standing.shown:
            return None
        if not confirm and now - standing.since < self.timing.settle - EPSILON:
            return None
        if set_down_and_gone(
            self.overlap, self._frame, standing.spots, self._did.held, self.timing.settle - EPSILON
        ):
            return None
        moves = standing.moves
        begun = {(*standing.line, move) for move in moves}
        for line, at in self.overlap.seen.items():
            if at >= standing.since and line[: len(standing.line) + 1] not in begun:
                return None  # since, the board showed other moves whole: it must settle
        if standing.line:
            known = standing.line if len(moves) > 1 else (*standing.line, moves[0])
            return None if self.guide is not None else Commit(known[0], known[1:])
        if self.guide is not None:
            return Commit(self.guide) if self.guide in moves else None
        if len(moves) > 1:
            return Ambiguous(moves)
        # the board as it would be without what changed since (the next player's move)
        extra = {spot for spot, _ in diff} - standing.shown
        part = {**self._frame, **{spot: self._expected.get(spot, EMPTY) for spot in extra}}
        return self._alone_or_asked(standing.candidates[0], part)

    def _alone_or_asked(self, only: IndexedMove[M], frame: Frame) -> Assessment[M]:
        """The only move that makes ``frame`` is committed, unless the same board may be a
        line of moves the board showed, begun with another move that went on after a
        pause, or that explains a spot the hands touched and the move does not (a
        capture's cell before a reply landed where the piece could have gone)."""
        unexplained = not self._did.handled <= only.footprint.spots()
        others = [
            line[0]
            for line in self.overlap.explaining(frame)
            if line[0] != only.move and (unexplained or self._paused(line[:1]))
        ]
        if others:
            return Ambiguous((*dict.fromkeys(others), only.move))
        return Commit(only.move)

    def _lined(self, lines: list[tuple[M, ...]]) -> Assessment[M]:
        return self.overlap.lined(lines, self.timing.pause - EPSILON)

    def _candidates(self, diff: DiffKey) -> list[IndexedMove[M]]:
        matching = self.index.matching(diff)
        touched = self._did.touched
        if self._blind:
            return list(matching)  # any of them may have been made while nobody looked
        possible = [c for c in matching if c.footprint.must_touch <= touched]
        # those that account for every touched spot first (a prompt selects the first):
        # a touch is no proof, a knock put back makes the same one
        possible.sort(key=lambda c: not touched <= c.footprint.spots())
        return possible

    @staticmethod
    def _only_empties(footprint: Footprint) -> bool:
        return all(reading == EMPTY for _, reading in footprint.changes)

    def _looks_lifted(self, footprint: Footprint) -> bool:
        """A forbidden move that only takes pieces off (a marble pushed off by an equal
        force, on an occupancy board) looks exactly like pieces in the air, unless the
        hand touched a cell whose contents it changes unseen: not named while so."""
        if not self._only_empties(footprint):
            return False
        return not (footprint.hidden | footprint.must_touch) & self._did.now

    def _remaining(self, diff: DiffKey) -> tuple[tuple[Spot, Reading], ...]:
        return remaining(self.index, self._expected, frozenset(self._did.now), diff)

    def _lifted_spots(self) -> list[Spot]:
        # from the diff: a spot that reads EMPTY there was not expected EMPTY
        return sorted(
            (spot for spot, now in self._diff() if now == EMPTY), key=self._order.__getitem__
        )

    def _hints(self, spots: Iterable[Spot]) -> tuple[Hint, ...]:
        assert self._position is not None
        return hints(self._position, self.index, self._expected, spots)

    def _correction(self) -> Correction:
        return correction(self._expected, self._frame, self.sensed, self._order)
