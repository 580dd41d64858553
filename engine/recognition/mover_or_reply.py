"""Whether the mover's hand went on with a move, or the reply came before or with it:
the open moves' base's judgement of whose hand made a change (``Base`` inherits it).

The board rests on a move and commits it, and the hands go on: the mover's may still be
at work on it (a piece set down and moved on, a line of marbles moved one by one), or
the next player's reply has begun. Whether a reading is the mover's hand going on (or
the open move took in the reply's first change), and whether its first move was whole
before the reply began or only as it began, is read from each spot's record since the
base; what the record becomes of it is ``engine.recognition.deciding``'s.

Kept apart from the base's record of the hands (``engine.recognition.open_moves``), which
says what the board showed; this says whose hand made it, as ``OrderDoubts`` says which
readings no hand made. Not in ``engine.recognition.going_on``, which asks about a hand
going on after the reply from the readings of a ``Base`` (its functions take one): that
module imports ``open_moves``, so the base's own judgement there would close a circle of
imports.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping
from itertools import pairwise
from typing import Generic, TypeVar

from engine.physical import EMPTY, Footprint, Reading, Spot, spots_of
from engine.recognition.change_order import keeps
from engine.recognition.overlap import Overlap
from engine.recognition.sensors import EPSILON, STOOD

M = TypeVar("M", bound=Hashable)


class MoverOrReply(Generic[M]):
    """Whether the mover's hand went on, or the reply came first (``Base`` inherits it):
    what it reads of the hands is the base's own, declared here so the judgement may read
    it."""

    overlap: Overlap[M]
    tail: tuple[M, ...]
    committed_at: float
    filled_at: dict[Spot, float]
    first_at: dict[Spot, float]
    last_at: dict[Spot, float]
    timeline: dict[Spot, list[tuple[float, bool]]]
    read: dict[Spot, list[tuple[float, Reading]]]
    lifts: Callable[[], dict[Spot, tuple[float, ...]]]
    landed: Callable[[], frozenset[Spot]]

    def goes_on_with(self, move: M) -> bool:
        """Whether ``move`` (from the base) moves the pieces the open moves took off their
        spots: the hand that went on with them (a piece set down and moved on, a line of
        marbles moved one by one, a marble held and set down elsewhere). A move the board
        showed at rest changes only into such a move: a reading that leaves its pieces
        where they were would make its rest a knock held that long. A drop goes on only
        as another drop."""
        footprint = self.overlap.index.footprint(move)
        taken: set[Spot] = set()
        for shown in self.overlap.footprints(self.tail):
            taken |= {spot for spot, reading in shown.changes if reading == EMPTY}
        if not taken:
            # a drop from an unsensed stand: going on with it is setting it down elsewhere,
            # never a piece lifted from the board (that is the next player's hand), and
            # only once it left the cell it was set on: one piece reads on two cells only
            # while it passes between neighbours (``Blur``); a piece put elsewhere sooner
            # is another, the next player's
            if not all(reading != EMPTY for _, reading in footprint.changes):
                return False
            # the same piece: it reads where it lands as it read where it was set down
            # (independent hands, Robotory polarity blitz seed 1: a black token dropped on
            # D1, committed, read empty a moment as the next hand passed, a white token
            # dropped on C1 meanwhile: no hand goes on with a black token as a white one)
            set_down = {
                reading
                for shown in self.overlap.footprints(self.tail)
                for _, reading in shown.changes
                if reading != EMPTY
            }
            if any(reading not in set_down for _, reading in footprint.changes):
                return False
            # when its piece last left each cell it was set on: the cell may read a piece
            # again since, the next player's set there (independent hands, Robot Duel
            # seed 743030: a chick set on 3c, moved on to 2c, gote's dropped on 3c)
            lifts = self.lifts()
            left = {s: max(lifts[s]) for s in self.landed() - footprint.spots() if s in lifts}
            new = {s: self.filled_at[s] for s in footprint.spots() if s in self.filled_at}
            blur = self.overlap.blur
            return all(
                filled >= lifted - blur(landing, start) - EPSILON
                for landing, filled in new.items()
                for start, lifted in left.items()
            )
        return taken <= footprint.spots()

    def went_on_with(self, move: M, frame: Mapping[Spot, Reading] | None = None) -> bool:
        """Whether ``move`` is the hand that went on with the open moves' pieces
        (``goes_on_with``) and landed after it took them up again
        (``_lands_after_leaving``); with ``frame``, the board as it is while the hand may
        be at work: a landing still to come (a cell not yet reading as ``move`` leaves
        it) may come after."""
        footprint = self.overlap.index.footprint(move)
        if not self.goes_on_with(move):
            return False
        if frame is not None:
            # as ``move`` leaves its landings: what it sets there, or as before (unseen)
            after = {s: r for s, r in footprint.changes if r != EMPTY}
            after |= {s: self.overlap.expected.get(s, EMPTY) for s in footprint.hidden}
            if any(frame.get(spot, EMPTY) != reading for spot, reading in after.items()):
                return True
        return self._lands_after_leaving(footprint)

    def landed_before_leaving(self, move: M) -> bool:
        """Whether ``move``, read at rest, takes up the open moves' pieces but landed
        before it took them up again: no hand made it (a piece set back before the
        recorded one was lifted is a knock, or the next player's hand on its own)."""
        return self.goes_on_with(move) and not self.went_on_with(move)

    def taken_up_after(self, move: M, when: float) -> bool:
        """Whether ``move`` goes on with the open moves' pieces (``goes_on_with``) and
        every cell it leaves empty that the open moves set one down on let go of it last
        after ``when``: the hand took the piece up again only then."""
        if not self.goes_on_with(move):
            return False
        expected = self.overlap.expected
        left = [
            spot
            for spot in self.landed() - self.overlap.index.footprint(move).spots()
            if expected.get(spot, EMPTY) == EMPTY
        ]
        lifts = self.lifts()
        return bool(left) and all(max(lifts.get(spot, (-math.inf,))) > when for spot in left)

    def _lands_after_leaving(self, footprint: Footprint) -> bool:
        """Whether a move going on with the open moves' piece from a cell they set it down
        on landed after it left there: some cell it lands on (or changes unseen: a
        capture's, a pushed line's) last came to read a piece no earlier than that cell
        last let go of it, but for the sensors' blur between neighbours. A piece lifted
        and set back before the recorded one was taken up (a knock, the next player's
        hand touching its own piece) is no landing of it (issue 78)."""
        landings = {s for s, r in footprint.changes if r != EMPTY} | footprint.hidden
        last: dict[Spot, float] = {}
        for spot in landings:
            # since the open moves were committed: a cell filled before (a victim pushed
            # aside onto the cell the record's move seemed to land on, the capturer already
            # on its cell) was no landing of a hand going on
            fills = [
                at for at, reads in self.timeline.get(spot, ()) if reads and at > self.committed_at
            ]
            if fills:
                last[spot] = fills[-1]
        blur = self.overlap.blur
        shown = dict(footprint.changes)
        # a cell the move leaves a piece on is none its piece went on from: a piece of a
        # line it never moved, touched after the landing and set back (issue 78: Abalone)
        starts = {
            s
            for s in self.landed() - landings
            if shown.get(s, self.overlap.expected.get(s, EMPTY)) == EMPTY
        }
        # a cell changed unseen ends reading as it did: a pushed line's middle, filled
        # while a marble of the line was still in the hand (issue 78: Abalone, a pair
        # set two holes on, corrected by shifting each marble one hole, the first last)
        for start in starts:
            if last and not any(
                (left := self._last_left(start, at + blur(spot, start))) is None
                or at >= left - blur(spot, start) - EPSILON
                or self._in_the_air(
                    shown.get(spot, self.overlap.expected.get(spot)),
                    at,
                    frozenset(landings | {start}),
                )
                for spot, at in last.items()
            ):
                return False
        return True

    def _in_the_air(self, reading: Reading | None, at: float, spots: frozenset[Spot]) -> bool:
        """Whether another piece that reads as ``reading`` had left its cell of the base
        (none of ``spots``) by ``at``, was not read back there by then, and a piece stands
        there again since: a piece in the hand as the landing came, which may be the one
        set down, another set in its place (pieces alike: the marbles of a line). A knock
        or a piece put back before the landing is no such piece, nor one that went
        elsewhere (a drop from the hand)."""
        if reading is None or reading == EMPTY:
            return False
        for spot, changes in self.timeline.items():
            if spot in spots or self.overlap.expected.get(spot, EMPTY) != reading:
                continue
            before = [reads for when, reads in changes if when <= at + EPSILON]
            if before and not before[-1] and changes[-1][1]:
                return True  # in the air then, a piece on its cell again since
        return False

    def _last_left(self, spot: Spot, landing: float) -> float | None:
        """When the piece that stood on ``spot`` before a ``landing`` elsewhere last left
        it: the end of its last reading of a piece that began before the landing and
        lasted ``STOOD`` or longer. A piece carried over the cell (a victim taken to the
        hand past it) reads there only a moment, and one laid there after the landing (a
        victim set down on the cell the mover had rested on) is another piece: taken for
        the open moves' piece set back, either made the hand that went on with it seem to
        land before it left, and the board waited for a piece in the hand for ever
        (issue 78). None: it never emptied before the landing."""
        changes = self.timeline.get(spot, [])
        held = self.overlap.expected.get(spot, EMPTY) != EMPTY  # a piece there at the base
        emptied = [at for at, reads in changes if not reads and at <= landing]
        for (at, reads), (then, _) in reversed(list(pairwise([(-math.inf, held), *changes]))):
            if reads and at <= landing and then - at >= STOOD - EPSILON:
                return then
        return emptied[-1] if emptied else None

    def took_in(self, line: tuple[M, ...]) -> bool:
        """Whether the open move makes every change of ``line``'s first and more, all on
        cells ``line``'s second involves: the next player's first change read with the
        move (a token boxed for their robot as the chain's robot rested, read as the
        chain eating it), shown at rest only because that hand paused. With
        ``before_reply``, the first was made whole before that change came."""
        if len(self.tail) != 1 or len(line) < 2:
            return False
        mine = self.overlap.footprints(self.tail)[0]
        first, second = self.overlap.footprints(line[:2])
        beyond = {spot for spot, reading in mine.changes} - first.changed_spots()
        return keeps(first, mine) and bool(beyond) and beyond <= second.spots()

    def before_reply(self, line: tuple[M, ...]) -> bool:
        """Whether the first move of ``line`` was made whole before the next began: the
        mover's hand went on with a move shown at rest before the next player's hand
        began (read only once both were done, the reply seen since)."""
        if len(line) == 1:
            return True
        return self._whole_before(self.overlap.footprints(line), 0, 1)

    def with_reply(self, line: tuple[M, ...]) -> bool:
        """Whether the first move of ``line`` was made whole as the next began, within
        the sensors' blur: no order tells whether the mover's hand went on before the
        reply or the mover played again after it."""
        if len(line) < 2 or self.before_reply(line):
            return False
        return self._whole_before(self.overlap.footprints(line), 0, 1, self.overlap.blur.margin)

    def _whole_before(
        self, footprints: list[Footprint], first: int, second: int, blur: float = 0.0
    ) -> bool:
        """Whether the move at ``first`` of a line from the base was made whole before
        the one at ``second`` began (``before_reply``), or within ``blur`` after."""
        mine_spots, theirs_spots = footprints[first].spots(), footprints[second].spots()
        # a cell a move after the reply changes again (the mover's next move from where
        # the first set a piece down) tells nothing of when the first was done; one the
        # reply changes (a capture of the piece set down) does
        later = spots_of(footprints[second + 1 :])
        mine = [self._done_at(s, theirs_spots) for s in mine_spots - later if s in self.last_at]
        done = max(mine, default=math.inf)
        piece = frozenset(r for _, r in footprints[first].changes if r != EMPTY)
        theirs = [
            self._reply_began(s, done, piece)
            for s in theirs_spots - mine_spots
            if s in self.first_at
        ]
        return bool(mine) and bool(theirs) and max(mine) < min(theirs) + blur

    def _reply_began(self, spot: Spot, done: float, piece: frozenset[Reading]) -> float:
        """When the reply first changed ``spot``. A cell the open moves set a piece down
        on, that the mover's hand took up again before its move was ``done`` (a piece
        set down on its way and moved on), read the mover's piece until it last emptied
        by then: the reply's changes there come after (independent hands, Robot Duel
        seed 743030: sente's chick set on 3c, committed, moved on to 2c, gote's chick
        dropped on 3c at once, read as begun when sente's chick was set there). The
        mover's piece reads as the first move sets it (``piece``, its readings where it
        lands): a piece that read otherwise is another (independent hands, Robotory
        polarity blitz seed 1: a black token on D1 read empty a moment, a white one
        dropped on C1 meanwhile)."""
        first = self.first_at[spot]
        if spot not in self.landed():
            return first
        changes = self.read.get(spot, [])
        left = [
            index
            for index, (at, reading) in enumerate(changes)
            if reading == EMPTY and at <= done + EPSILON
        ]
        if not left or (left[-1] > 0 and changes[left[-1] - 1][1] not in piece):
            return first
        after = [at for at, _ in changes[left[-1] + 1 :]]
        return after[0] if after else first

    def _done_at(self, spot: Spot, second: frozenset[Spot]) -> float:
        """When the first move of a line was done with ``spot``: a cell the reply changes
        too (a capture of the piece set down, a piece landing where the mover's left) at
        its last change, which tells nothing apart; any other when it came to rest."""
        return self.last_at[spot] if spot in second else self._came_to_rest(spot)

    def _came_to_rest(self, spot: Spot) -> float:
        """When ``spot`` last came to read as it does now, a moment away and back (under
        ``STOOD``: a knock, a piece carried over it) not counted: the reply's hand may
        brush a cell the first move set down."""
        changes = self.timeline.get(spot, [])
        at = self.last_at[spot]
        index = len(changes) - 1
        while index >= 2 and changes[index][1] == changes[index - 2][1]:
            if changes[index][0] - changes[index - 1][0] >= STOOD - EPSILON:
                break
            index -= 2
            at = changes[index][0]
        return at
