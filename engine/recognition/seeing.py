"""What the board shows, frame by frame: the position's expected readings, what the
hands touched and in which order (``touches``), the moves and lines shown whole on
the way (``overlap``), the record's last moves still open (``rereading``)
and when the board must be looked at again. The recognizer (``recognizer``)
judges from it; nothing here decides a move. See DESIGN.md, "Recognition".
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Generic, TypeVar

from engine.game import Position
from engine.physical import EMPTY, Footprint, Frame, Reading, Sensing, Spot, frame_diff, spots_of
from engine.recognition.answers import Hint, Reread, Timing
from engine.recognition.board_plies import Foresight, unforeseen
from engine.recognition.change_order import MARGIN
from engine.recognition.guidance import hints, in_hand
from engine.recognition.move_index import DiffKey, IndexedMove, MoveIndex
from engine.recognition.overlap import DEPTH, Overlap
from engine.recognition.rereading import Rereading, reread_spots, stood_still
from engine.recognition.sensors import EPSILON, Blur
from engine.recognition.standing import Carried, Hands, Knocked, Shown, Standing
from engine.recognition.touches import Touches, rest_but_knocks
from engine.recognition.victims import gone_on_from_unseen

M = TypeVar("M", bound=Hashable)


class Seeing(Generic[M]):
    """What the board shows, and what the hands did to show it (the state a recognizer
    judges from)."""

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
        # the moves a prompt the players have not answered offers for the next ply: the
        # board is read as one of them until it is answered (``Recognizer._still_asking``)
        self.question: tuple[M, ...] | None = None
        self._position: Position[M] | None = None
        self._order: dict[Spot, int] = {}
        self._expected: dict[Spot, Reading] = {}
        self._history: tuple[dict[Spot, Reading], ...] = ()
        self._index: MoveIndex[M] | None = None
        self._frame: dict[Spot, Reading] = {}
        # frame_diff(expected, frame), kept for the frame and position it was made from
        self._diffed: tuple[Frame, Frame, tuple[tuple[Spot, Reading], ...]] | None = None
        # the record read again with the cells at work set aside: for this frame, position,
        # cells and record (``Recognizer._read_again_at_work``)
        self._at_work_read: tuple[Frame, Frame, frozenset[Spot], tuple[M, ...]] | None = None
        self._at_work_reread: Reread[M] | None = None
        self._changed_at = 0.0  # the board last changed (corrections wait from it)
        self._rest_from = 0.0  # the board rests since: its last change
        self._heard_at = 0.0  # the sensors last came back after a silence
        self._aside: dict[Spot, Reading] = {}  # pieces only set down, until taken up
        self._held_said = False  # the players said a piece is in the air: not asked again
        self._played_by: dict[Spot, float] = {}  # each spot's last change as the move played
        # what the hands did (``touches``)
        self._did = Touches(Blur(self.timing.order), self.timing.on_its_way)
        self._blind = False  # the sensors were silent mid-move: what was touched is unknown
        self._out_of_step = False  # the board was out of step: put right, its hands are past
        self._victims_open = False  # the last move's victim may still be asked about
        self._plies = 0  # the moves the position had at the last reset
        self._lifts: dict[Spot, tuple[float, ...]] = {}  # when the last move's pieces left
        self._knock: bool | None = None  # its capture a knock of its lift? (asked once)
        self._overlap: Overlap[M] | None = None
        self._tapped: tuple[Hint, ...] = ()
        self._assessed_at = 0.0
        self._continuing = False  # the board shows a move a longer one may continue
        self._pushed = False  # ... or a capture whose victim may lie where it seems to land
        self._longer_rest = 0.0  # ... or one that rests longer (a capturer maybe in the air)
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
        dice: Foresight[M] = unforeseen,
    ) -> None:
        """Index a new position; ``history`` holds the expected frames of earlier plies,
        the most recent first, for takeback detection. ``carried``: what the board
        showed of the next moves before the last one was committed (``carried``).
        ``closed``: the moves played so far may not be read again (a confirm, a move the
        computer or another board asked for). ``dice``: the rolls the session will make
        (``engine.recognition.board_plies``)."""
        self.rereading.dice = dice
        # the move just played stood still (its own cells, or the whole board, unchanged
        # the settle time): only its player may change it now
        shown_at_rest = self._rested(now, self._rest_from, self.timing.settle) or stood_still(
            position, self.sensing, self.sensed, self._did.changed, now - self.timing.settle
        )
        waited = self._continuing  # ... after waiting for it to go on
        self._position = position
        self._did.blur = Blur(self.timing.order, position.game.geometry)
        self._did.on_its_way = self.timing.on_its_way  # ``Touches._over_in_the_air``
        self._order = {spot: index for index, spot in enumerate(position.game.spots)}
        before = self._expected
        self._expected = self._sensed_part(position.expected_frame(self.sensing))
        # a piece only set down is expected where it lies until taken up, over moves
        self._aside = {s: r for s, r in self._aside.items() if self._expected.get(s) == EMPTY}
        self._expected.update(self._aside)
        self._history = tuple(self._sensed_part(frame) for frame in history)
        carried = carried or Carried()
        kept = carried.spots & self.sensed
        if not self._frame:
            self._frame = dict(self._expected)
        evidence = self.rereading.played(
            position,
            self._expected,
            self._frame == self._expected,
            now,
            kept,
            changed=self._did.changed,
            closed=closed,
            rested=shown_at_rest,
            waited=waited,
        )
        # the open moves' base built the position's index already: one build a commit
        self._index = self.rereading.index()
        self._warming = iter(
            sorted(
                (spot for spot, reading in self._expected.items() if reading != EMPTY),
                key=self._order.__getitem__,
            )
        )
        # the position's own (the index may be past the plies the board plays by itself)
        exact = MoveIndex(position, self.sensing, self.sensed)
        only = exact.only_unseen if position.chance_moves() is None else None
        self._forced = only
        self._forced_at = None if only is None else now + self.timing.forced
        self._overlap = Overlap(
            position,
            self._index,
            self.sensing,
            self.sensed,
            self._expected,
            pause=self.timing.pause,
            blur=self._did.blur,
            dice=self.rereading.dice,
        )
        for shown in carried.lines:
            self._overlap.remember(shown)
        plies = len(position.move_stack)
        one_on = plies == self._plies + 1
        if not one_on or self._expected != before:
            # a move the board shows; one that changes nothing sensed (a roll, a lost
            # turn) belongs with the move before it, whose piece may still be in the air
            self._lifts = dict(self._did.lifts) if one_on else {}
            self._played_by = dict(self._did.changed)
            self._knock = None
        # when the move just played began: what the hands did before it is no evidence
        # for the move after the next (``Hands.since``)
        began = -math.inf
        if one_on:
            began = self._did.began_on(spot for spot, _ in frame_diff(before, self._expected))
        self._plies = plies
        self._did.begin(kept, now, began)
        self._blind = self._out_of_step = False
        self._held_said = False
        self._victims_open = not closed and self.rereading.rereads
        self._tapped = ()
        self._changed_at = self._rest_from = now
        self._assessed_at = now
        self._continuing = self._pushed = False
        self._longer_rest = 0.0
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

    def set_aside(self, spot: Spot) -> None:
        """The players say the piece on ``spot``, where the position has none, was only
        set down there (a victim laid where its capturer came from): it is expected
        there, and nothing read from it, until it is taken up."""
        reading = self._frame.get(spot, EMPTY)
        if reading == EMPTY or self._expected.get(spot) != EMPTY or self._position is None:
            return
        self._aside[spot] = reading
        self._expected = {**self._expected, spot: reading}
        self._renew_overlap()

    def still_held(self) -> None:
        """The players say the piece the board asked about is still in the hand: it is
        not asked about again until the board changes."""
        self._held_said = True

    def _take_up(self, changed: set[Spot]) -> None:
        """A piece only set down is taken up: its spot reads as the position again."""
        for spot in changed & self._aside.keys():
            del self._aside[spot]
            self._expected = {**self._expected, spot: EMPTY}
        self._renew_overlap()

    def _renew_overlap(self) -> None:
        assert self._position is not None
        self._overlap = Overlap(
            self._position,
            self.index,
            self.sensing,
            self.sensed,
            self._expected,
            pause=self.timing.pause,
            blur=self._did.blur,
            dice=self.rereading.dice,
        )

    def close(self, now: float) -> None:
        """The moves played so far are done (a confirm): they are not read again, and
        their victims not asked about. With a question open the moves the board shows
        after it cannot be played yet: they are marked done as shown
        (``Overlap.said_done``), so a move going on from them is not read as theirs
        unasked."""
        self._victims_open = False
        if self.question is not None and self._position is not None:
            self.overlap.said_done()
        self._close_tail(now)

    def _close_tail(self, now: float) -> None:
        """The open moves are done (``engine.recognition.rereading``: the board showed them long
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
        """The board shows a move that may still go on (a chain, a line's first marble,
        a capture whose victim may lie where it seems to land): it is still reading, rests
        longer, or ok (the clock, the next player's refill) ends it."""
        return self._continuing or self._pushed

    @property
    def touched(self) -> frozenset[Spot]:
        return frozenset(self._did.touched)

    def _sensed_part(self, frame: Frame) -> dict[Spot, Reading]:
        if frame.keys() <= self.sensed:  # as the controller passes it: a copy, in C
            return dict(frame)
        return {spot: reading for spot, reading in frame.items() if spot in self.sensed}

    @property
    def _tail_open(self) -> bool:
        """Whether the record has moves the board may still read again."""
        base = self.rereading.base
        return base is not None and bool(base.tail)

    def _rest_but_knocks(self) -> float:
        """When the board rests since but for knocks put back (``rest_but_knocks``)."""
        base = self.rereading.base
        timeline = {} if base is None else base.timeline
        differ = {spot for spot, _ in self._diff()}
        return rest_but_knocks(self._did.changed, differ, self._rest_from, timeline)

    def _reads_knocks(self, reread: Reread[M]) -> bool:
        """Whether ``reread`` makes a cell taken for a knock put back part of a move (a
        capture's quick swap, a token off and the robot on, reads as one): the board
        has not rested then, and the hand may be at work still."""
        rest = self._rest_but_knocks()
        knocked = frozenset(spot for spot, at in self._did.changed.items() if at > rest)
        assert self._position is not None
        spots = reread_spots(self._position, self.sensing, reread, self.rereading.dice)
        return bool(knocked & spots)

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
        if changed & self._aside.keys():
            self._take_up(changed)
        if changed:
            self._held_said = False
        if fresh:
            # the rest goes on if the silence hid no change the board now shows, but
            # nothing is decided until a frame has had time to bring what it did hide
            # (``_rested``): a bus that glitches often must not keep a move waiting for
            # good (a board still moving keeps restarting its rest by itself)
            self._heard_at = now
            self._continuing = self._pushed = False
            self._longer_rest = 0.0
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
        self._continuing = self._pushed = False
        self._longer_rest = 0.0
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
            if not diff or extra & standing.made_by:
                # a cell whose change made the board show the move changed back: it
                # showed the move only while that cell was off (a knock hiding a piece
                # set down before, the line it was part of), not whole
                overlap.standing = overlap.knocked = None
            elif (
                self._lifted_as_landed(extra)
                or overlap.spoiled(sorted(extra))
                or overlap.landed_for(self._set_down(extra))
                or self.rereading.going_on(extra, standing.shown, self._frame)
            ):
                # a change its hand may be making along with it, or the piece seen
                # landing lifted there: judged whole, unless that change is put back
                # and was a piece off its cell (a knock); a piece set down where none
                # stood came from a hand, and is no knock when taken up again
                overlap.standing = None
                off = all(self._frame.get(spot, EMPTY) == EMPTY for spot in extra)
                overlap.knocked = Knocked(standing, frozenset(extra), now) if off else None
        elif overlap.knocked is not None and diff:
            overlap.standing = self._after_knock(overlap.knocked, diff, now)
        if overlap.standing is not None and overlap.standing.lined and lines:
            # what stood of lines the board no longer shows alone (a piece carried over a
            # cell made a line of it): the lines it shows now say what stands
            overlap.standing = overlap.standing if overlap.standing.begins(lines) else None
        if not diff or overlap.standing is not None or not lines:
            return
        shown = frozenset(spot for spot, _ in diff)
        longer = [line for line in lines if len(line) > 1]
        ordered = [c for c in self._candidates(diff) if self._in_order(c.footprint)]
        if ordered:  # alone or not: whether it is a line is asked when judged
            spots = spots_of(c.footprint for c in ordered)
            made_by = frozenset(
                spot for spot, at in self._did.changed.items() if at >= now - EPSILON
            )
            overlap.standing = Standing((), tuple(ordered), now, shown, spots, made_by - spots)
        elif longer:
            overlap.standing = overlap.line_standing(longer, now)

    def _after_knock(self, knocked: Knocked[M], diff: DiffKey, now: float) -> Standing[M] | None:
        """A move that stood until a change its hand might have been making along with
        it (a neighbour it could take knocked off its cell), once that change is put
        back: it stands again, its own cells unchanged since, unless what else changed
        meanwhile may be its hand going on too (its own pieces moved), or a piece lifted
        meanwhile may have landed on the cell put back (a capture). It stands from now:
        a piece lifted and set back in its place may be the same hand going on (the
        middle marble of a line moved front first, touched on its way), so the move
        must stand the settle time after it before it counts."""
        standing, cells = knocked.standing, knocked.cells
        changed = {spot for spot, _ in diff}
        if changed & cells or not standing.shown <= changed:
            return None  # still off, or the move's own cells are back
        overlap = self.overlap
        after = overlap.after((*standing.line, standing.moves[0])).index
        for spot in changed - standing.shown:
            if self._frame.get(spot, EMPTY) != EMPTY:
                continue
            # a piece taken from there may have landed on the cell put back: a capture
            # made there (the next player's), not a knock
            moves = after.emptying(spot)
            if moves is None or any(cells & move.footprint.spots() for move in moves):
                return None
        meanwhile = {s for s, at in self._did.changed.items() if at > knocked.at + EPSILON}
        overlap.standing = standing
        extra = (changed | meanwhile) - standing.shown - cells
        if self._lifted_as_landed(extra) or overlap.spoiled(sorted(extra)):
            overlap.standing = None
            return None
        overlap.knocked = None
        standing = overlap.standing = replace(standing, since=max(standing.since, now))
        return standing

    def _set_down(self, extra: Iterable[Spot]) -> list[Spot]:
        """The cells of ``extra`` a piece was set down on, empty before, while no other
        piece on the board was taken up since the position began (a piece from a stand
        no sensor reads, or the mover's own)."""
        standing = self.overlap.standing
        if standing is None:
            return []
        starts = frozenset().union(*(c.footprint.starts() for c in standing.candidates))
        if self.lifted(self._frame) - starts:
            return []  # a piece in the air may be the one set down
        return [
            spot
            for spot in sorted(extra)
            if self._frame.get(spot, EMPTY) != EMPTY and self._expected.get(spot, EMPTY) == EMPTY
        ]

    def _lifted_as_landed(self, extra: Iterable[Spot]) -> bool:
        """A piece lifted elsewhere (``extra``) within ``MARGIN`` of the standing move's
        landing: no scan orders the two, so the piece seen landing may be the one lifted
        there (both players' hands at once: the other's token on the cell, the mover's
        still to land), and the move does not stand alone."""
        standing, did = self.overlap.standing, self._did
        if standing is None:
            return False
        landed = [
            did.filled_at[spot]
            for spot in standing.shown
            if spot in did.filled_at and self._frame.get(spot, EMPTY) != EMPTY
        ]
        lifts = [did.lifted_at[spot] for spot in extra if spot in did.lifted_at]
        return any(abs(lift - land) < MARGIN for lift in lifts for land in landed)

    def _paused(self, line: tuple[M, ...]) -> bool:
        """Whether the board showed ``line`` longer than a step before it went on, or the
        players said it was done as it showed it (``Overlap.said_done``)."""
        return self.overlap.went_on_after_rest(line, self.timing.pause - EPSILON)

    def _still_standing(self) -> None:
        """After a commit, the next move the board showed whole before it stands, if its
        spots have not changed since (``Overlap.stands_again``)."""
        shown = frozenset(spot for spot, _ in self._diff())
        self.overlap.stands_again(self._did.changed, self._rest_from, shown)

    def _rested(self, now: float, since: float, wait: float) -> bool:
        """The board rested ``wait`` since ``since``, and the sensors have been heard the
        settle time since their last silence (the first frame after one may still be
        the scanner's view from before it)."""
        return now >= self._rest_deadline(since, wait) - EPSILON

    def _rest_deadline(self, since: float, wait: float) -> float:
        return max(since + wait, self._heard_at + self.timing.settle)

    def _hands(self) -> Hands:
        return self._did.hands()

    def _in_order(self, footprint: Footprint) -> bool:
        did = self._did
        return self._blind or (
            did.in_order(footprint, self._expected) and not did.back_before_landing(footprint)
        )

    def carried(self, move: M) -> Carried[M]:
        """What the next position keeps when ``move`` is committed (``Overlap.carried``).
        A ply no hand makes (a roll, a lost turn the board passes) keeps every touch: what
        the hands did before it is evidence for the move after it as it was before it (a
        seat's move made while a question was open, read after the answer and a lost
        turn: issue 78's independent hands, Chaturaji)."""
        position = self._position
        rolled = position is not None and move in (position.chance_moves() or ())
        if rolled or move == self._forced:
            since = -math.inf
        else:
            since = self._did.since(self.index.footprint(move).spots())
        carried = self.overlap.carried(
            move, frozenset(self._did.touched), self._did.changed, since, self._frame
        )
        self._did.answered(self._answered(move))  # the position after it keeps no rest there
        known = {shown.line for shown in carried.lines}
        gone_on = gone_on_from_unseen(self.overlap, move, self._frame, self._did, self._in_order)
        last = max(self._did.changed.values(), default=self._assessed_at)
        lines = [Shown(line, last, last) for line in gone_on if line not in known]
        return replace(carried, lines=(*carried.lines, *lines)) if lines else carried

    def _answered(self, move: M) -> frozenset[Spot]:
        """The cells an answer explains: ``move`` chosen at a question, the cells only its
        other choices set a piece down on, empty now as ``move`` leaves them (a piece
        that rested there on its way, which the question asked about: issue 78's
        independent hands, Chaturaji, a king set on d2 and moved on to e2, whose rest on
        d2 the next seats' moves, made before the answer, were read as leaving
        unexplained)."""
        question = self.question
        if not question or move not in question:
            return frozenset()
        mine = self.index.footprint(move).spots()
        landed: set[Spot] = set()
        for choice in question:
            if choice != move:
                changes = self.index.footprint(choice).changes
                landed |= {spot for spot, reading in changes if reading != EMPTY}
        after = self.overlap.after((move,)).expected
        return frozenset(
            spot
            for spot in landed - mine
            if self._frame.get(spot, EMPTY) == EMPTY and after.get(spot, EMPTY) == EMPTY
        )

    def taken_back(self, moves: tuple[M, ...]) -> Carried[M]:
        """What the position before ``moves`` (the record's last, taken back to be read
        again or asked about) keeps of what the board showed: the lines shown from here,
        after them, and those the open moves' base showed from that position itself (the
        hands' whole way since it, which a prompt answered there reads on from), and
        ``moves`` themselves, shown whole when they were committed, while the board still
        shows each cell they changed as they left it: the next player's moves made while
        the question is open go on from them (issue 78's independent hands: a capture
        asked about for a neighbour's swap, two moves played before the answer, both
        lost). Moves whose piece went on are no such line: the hand was not done."""
        lines = {shown.line: shown for shown in self.overlap.behind(moves)}
        if moves and len(moves) <= DEPTH and self._still_shown(moves):
            began = self._did.began
            ended = min((at for at in self._did.first_at.values() if at >= began), default=began)
            lines.setdefault(moves, Shown(moves, began, began, ended))
        base, position = self.rereading.base, self._position
        if (
            base is not None
            and position is not None
            and len(base.position.move_stack) == len(position.move_stack) - len(moves)
        ):
            for line in base.overlap.seen:
                lines.setdefault(line, base.overlap.shown(line))
        return Carried(lines=tuple(lines.values()))

    def _still_shown(self, moves: tuple[M, ...]) -> bool:
        """Whether every cell the record's last ``moves`` changed reads as they left it."""
        position = self._position
        if position is None or len(position.move_stack) < len(moves):
            return False
        before = position.copy()
        for _ in moves:
            before.pop()
        spots: set[Spot] = set()
        for move in moves:
            spots |= before.footprint(move, self.sensing).restricted(self.sensed).spots()
            before.push(move)
        return all(self._frame.get(s, EMPTY) == self._expected.get(s, EMPTY) for s in spots)

    def next_deadline(self, now: float) -> float | None:
        """When the assessment may change with no new frame: the first of the settle,
        extend, grace and forced-move deadlines not yet judged (it may already be past
        ``now``)."""
        deadlines = [] if self._forced_at is None else [self._forced_at]
        if self._frame != self._expected:
            deadlines.append(self._rest_deadline(self._rest_from, self.timing.settle))
            deadlines.append(self._changed_at + self.timing.grace)
            diff = self._diff()
            if not self._candidates(diff) and self._in_hand(diff):
                deadlines.append(self._changed_at + self.timing.held)
            standing = self.overlap.standing
            if standing is not None:
                deadlines.append(standing.since + self.timing.settle)
            if self._tail_open:
                deadlines.append(self._rest_deadline(self._rest_but_knocks(), self.timing.settle))
                # the record read again with the cells at work set aside
                # (``ReadAgain._read_again_at_work``): the cells at work are fewer each
                # time a piece that landed has rested the settle time there, though the
                # board goes on changing (a token set on a wrong cell, committed, put on
                # its own cell 0.16 s before the next player boxed a token: independent
                # hands, Robotory polarity seed 950212); a cell emptied is no rest, its
                # piece may be in the air
                settle, frame = self.timing.settle, self._frame
                deadlines.extend(
                    at + settle
                    for spot, at in self._did.changed.items()
                    if frame.get(spot, EMPTY) != EMPTY
                )
        elif (
            self.rereading.touched_since_played()
            or any(len(line) > 1 for line in self.overlap.seen)
            or (self._victims_open and self._did.swapped())
        ):
            # a line of moves, the last move's hand gone on with it, another victim?
            deadlines.append(self._rest_deadline(self._rest_from, self.timing.settle))
        if self._longer_rest:
            standing = self.overlap.standing
            rest_from = self._rest_from if standing is None else standing.since
            deadlines.append(
                self._rest_deadline(min(rest_from, self._rest_from), self._longer_rest)
            )
        for deadline in sorted(deadlines):
            if deadline > self._assessed_at + EPSILON:
                return deadline
        return None

    def _in_hand(self, diff: DiffKey) -> bool:
        return in_hand(self.index, self._frame, diff)

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

    def _hints(self, spots: Iterable[Spot]) -> tuple[Hint, ...]:
        assert self._position is not None
        return hints(self._position, self.index, self._expected, spots)

    @property
    def may_land_elsewhere(self) -> bool:
        """The last move took a piece unseen as its capturer was lifted: its piece may
        still be in the air (``_other_landing``)."""
        return self._victims_open and bool(self._lifts) and self._knock is not False

    @property
    def last_move_open(self) -> bool:
        """The record's last move may still be read again: the hands went on with it, or
        its piece may still be in the air (a game it ended may go on)."""
        return self.rereading.touched_since_played() or self.may_land_elsewhere
