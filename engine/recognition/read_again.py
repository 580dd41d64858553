"""The record's open moves read again: at rest, while a knock keeps the board from
resting, or with a hand at work elsewhere; and not while a piece an open move set down
is in the air on its way on (the board would ask of a board the hand is not done
with).

Kept apart from the reading of what the board shows now (``engine.recognition.recognizer``):
this is when the recognizer turns to ``engine.recognition.rereading`` and what it
passes it; the judging of the readings is rereading's.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from engine.physical import EMPTY, Spot, frame_diff
from engine.recognition.answers import Reread
from engine.recognition.last_move_asked import LastMoveAsked
from engine.recognition.move_index import DiffKey, IndexedMove
from engine.recognition.open_moves import Base
from engine.recognition.sensors import EPSILON

M = TypeVar("M", bound=Hashable)


class ReadAgain(LastMoveAsked[M]):
    """When and how the recognizer reads the record's open moves again."""

    def _open_piece_in_the_air(self, diff: DiffKey, now: float) -> bool:
        """Whether the board differs from the record's position only by pieces taken up
        from cells the record's open moves set them down on, within the grace: the hand
        of such a move is going on with it (a piece set down, resting there long enough
        to be committed, lifted on to the cell it was meant for), and the board read
        again now would ask of a board the hand is not done with. Every reading of it is
        a move whose landing no cell shows (a capture on a cell full throughout), never
        the move played, which lands where the piece comes down: the board waits for
        the hand as it does for any piece held (independent hands, Robot Duel seed
        850060: a lion set on 1b, committed, lifted on to 1d, asked with the lion in the
        air as 2c1b or a capture on 3c, 2c1d offered only 0.4 s after it landed). Only
        while no other cell changed since those pieces were taken up: a cell read anew
        since may be where the piece came down (a robot going on to eat a token, the
        token boxed and the robot set where it lay), and is read at rest as ever. A
        piece held past the grace is asked about as before."""
        base = self.rereading.base
        if not diff or base is None or not base.tail:
            return False
        if now - self._changed_at >= self.timing.grace - EPSILON:
            return False
        landed = base.landed()
        if not all(reading == EMPTY and spot in landed for spot, reading in diff):
            return False
        lifted = {spot for spot, _ in diff}
        changed = self._did.changed
        taken_up = min(changed.get(spot, now) for spot in lifted)
        return all(at < taken_up - EPSILON for spot, at in changed.items() if spot not in lifted)

    def _read_again(self) -> Reread[M] | None:
        """At rest, the record's open moves read again (``engine.recognition.rereading``)."""
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

    def _read_again_unrested(self, now: float) -> Reread[M] | None:
        """The record's moves read again while the board does not rest: a knock
        elsewhere, put back, keeps it from resting (the next player's hand at once would
        end the rest), or a hand is at work (``_read_again_at_work``)."""
        if self._rested(now, self._rest_but_knocks(), self.timing.settle):
            reread = self._read_again()
            if reread is not None and not self._reads_knocks(reread):
                return reread
        return self._read_again_at_work(now)

    def _read_again_at_work(self, now: float) -> Reread[M] | None:
        """The record read again while a hand is at work: the cells changed within the
        settle time set aside, the rest of the board has rested as it would for a move
        that stands (``_stood``), and a line from before the record that makes it is
        asked, the record among the choices. The mover's hand went on with the last move
        as the next player began elsewhere (issue 78: Abalone, a broadside's second
        marble 2.7 s after the first was committed, the reply begun 0.3 s after it
        landed: the board never rested until the record was beyond reading). Only a
        question comes of it, and none while a cell at work may be the same hand going
        on with the line's last move."""
        base, settle = self.rereading.base, self.timing.settle - EPSILON
        if base is None or len(base.tail) != 1 or self._blind or self.guide is not None:
            return None  # only the record's last move is read so
        at_work = frozenset(s for s, at in self._did.changed.items() if now - at < settle)
        if not at_work:
            return None
        tail = base.tail
        known = self._at_work_read
        if (
            known is not None
            and known[0] is self._frame
            and known[1] is self._expected
            and known[2:] == (at_work, tail)
        ):
            return self._at_work_reread  # read for this frame and these cells already
        self._at_work_read = (self._frame, self._expected, at_work, tail)
        self._at_work_reread = self._reread_but(base, at_work)
        return self._at_work_reread

    def _reread_but(self, base: Base[M], at_work: frozenset[Spot]) -> Reread[M] | None:
        part = {**self._frame, **{s: self._expected.get(s, EMPTY) for s in at_work}}
        if part in (self._frame, self._expected):
            return None
        tail = base.tail
        there = [line for line in base.readings(part) if line]
        lines = [line for line in there if line[: len(tail)] != tail]
        overlap = base.overlap
        for line in lines:
            index = overlap.after(line[:-1]).index
            last = IndexedMove(line[-1], index.footprint(line[-1]))
            if any(overlap.could_extend(last, spot, index) for spot in at_work):
                return None  # the same hand may be going on with it
        if not lines:
            return None
        diff = frame_diff(self._expected, part)
        reread = self.rereading.read_only(
            there,
            lambda: [(c.move,) for c in self._candidates(diff) if self._in_order(c.footprint)],
            shown=lambda line: line in self.overlap.seen,
        )
        if reread is None or not (reread.back or reread.choices):
            return None
        return reread  # asked, the record among the choices (``NeverReplaced``)
