"""The open moves' base: the position the record's last moves were played from, and
what the hands did since, read again at each rest (``engine.recognition.rereading`` judges the
readings and amends the record).

Kept apart from the judging so each stays one idea: this is what the board and the
hands showed, per spot and move, and the readings of it; which readings came in an order
no hand makes is ``engine.recognition.order_doubts``, and ``engine.recognition.rereading``
is what the record becomes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import TypeVar

from engine.game import Position
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot, frame_diff
from engine.recognition.board_plies import Foresight, unforeseen
from engine.recognition.change_order import keeps
from engine.recognition.follows import moves_from
from engine.recognition.gone_on import went_on_then_pair
from engine.recognition.move_index import MoveIndex
from engine.recognition.order_doubts import OrderDoubts
from engine.recognition.overlap import Overlap
from engine.recognition.sensors import EPSILON, STOOD, Blur
from engine.recognition.standing import Hands

M = TypeVar("M", bound=Hashable)


@dataclass
class Base(OrderDoubts[M]):
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
        own = frozenset().union(*(f.spots() for f in overlap.footprints(later.tail)))
        own |= _reach(index, later.tail[:1])

        # a cell the done moves changed (emptied, landed on, or took from unseen): its
        # changes before ``since`` were theirs, not the moves' still open (a piece that
        # lands there or leaves it later came after: the next player's robot eating the
        # token just placed began when it was boxed, not when it was placed)
        made = frozenset().union(*(f.spots() for f in self.overlap.footprints(self.tail[:done])))

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
        later = frozenset().union(*(f.spots() for f in footprints[second + 1 :]))
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
                if len(pair) >= len(self.tail)
                or set_down <= frozenset().union(*(f.spots() for f in overlap.footprints(pair)))
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
