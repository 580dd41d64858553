"""The record's last moves read again from the board, until the hands are done with them.

A move is committed once the board shows it at rest, or once its own cells have rested
while the next player's hand is already moving elsewhere (a move a longer one may
continue, a line's first marble, waits longer first). Neither proves the hand that made
it is done: a player sets a piece down and moves it on to the cell they meant, a line's
next marble comes after a pause longer than the wait, the next player's piece lands
before the mover's. So the last moves stay open (the *tail*, played from the *base*): at
each rest the board is read again from the base, with everything the hands did since,
and when the record's tail is not among the readings the board asks, at the first move
where they part, the record's move among the choices (``engine.recognition.
never_replaced``: a committed move is never replaced unasked, however soon: issue 78);
the moves the readings share with the record are kept, and once answered the rest is
read.

The tail closes (the base moves on to the record's position) once the board has shown
the record's position unchanged for ``Timing.reread`` after its last commit: a hand
that goes on later is the next move, or a takeback. A board that plays across other
boards or a server, a move played as the computer asked, a confirm (ok, the clock)
and the ``touch=strict`` rule close it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.game import Position
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot, frame_diff, spots_of
from engine.recognition.answers import Reread, Timing
from engine.recognition.board_plies import Foresight, unforeseen
from engine.recognition.board_plies import before as board_plies_before
from engine.recognition.deciding import REACTION, decide
from engine.recognition.going_on import (
    QUICKEST_ANSWER,
    began_unanswered,
    goes_on_first,
    merges_with_first,
    went_on,
)
from engine.recognition.move_index import MoveIndex
from engine.recognition.open_moves import Base, fresh_base
from engine.recognition.sensors import EPSILON, Blur
from engine.recognition.standing import shared

M = TypeVar("M", bound=Hashable)

LONGEST_TAIL = 4
"""The most moves kept open (a move, a reply and their rolls): the board reads at most
two moves from the base that were never shown whole."""


def reread_spots(
    position: Position[M], sensing: Sensing, reread: Reread[M], dice: Foresight[M] = unforeseen
) -> frozenset[Spot]:
    """The spots the moves a rereading plays or asks about change, seen or unseen."""
    before = position.copy()
    for _ in range(reread.back):
        before.pop()
    spots: set[Spot] = set()
    for move in reread.moves:
        board_plies_before(before, move, dice)
        spots |= before.footprint(move, sensing).spots()
        before.push(move)
    for choice in reread.choices:
        after = before.copy()
        board_plies_before(after, choice, dice)
        spots |= after.footprint(choice, sensing).spots()
    return frozenset(spots)


def _gone(base: Base[M], frame: Mapping[Spot, Reading]) -> bool:
    """Whether the board reads none of the changes of the base's first open move."""
    changes = base.overlap.footprints(base.tail[:1])[0].changes if base.tail else ()
    return bool(changes) and all(frame.get(spot, EMPTY) != reading for spot, reading in changes)


def _taken_up(base: Base[M], frame: Mapping[Spot, Reading]) -> bool:
    """Whether the board differs from the record's position only by pieces taken up: a
    move from it under way, its piece still in the hand, which proves nothing of the
    moves before it."""
    diff = frame_diff(base.overlap.after(base.tail).expected, frame)
    return bool(diff) and all(reading == EMPTY for _spot, reading in diff)


def _emptied(base: Base[M], frame: Mapping[Spot, Reading]) -> frozenset[Spot]:
    """The cells the record's position holds a piece on that the board reads empty."""
    expected = base.overlap.after(base.tail).expected
    return frozenset(
        spot
        for spot, reading in expected.items()
        if reading != EMPTY and frame.get(spot, EMPTY) == EMPTY
    )


def stood_still(
    position: Position[M],
    sensing: Sensing,
    sensed: frozenset[Spot],
    changed: Mapping[Spot, float],
    since: float,
) -> bool:
    """Whether the last move of ``position`` had its spots unchanged from ``since`` (as
    ``changed`` has each spot's last change): it stood while the next player's hand was
    already moving elsewhere."""
    if not position.move_stack:
        return False
    before = position.copy()
    move = before.pop()
    spots = before.footprint(move, sensing).restricted(sensed).spots()
    return all(changed.get(spot, since) <= since + EPSILON for spot in spots)


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the hands did since a position, as the recognizer keeps it."""

    touched: frozenset[Spot]
    lifted_at: Mapping[Spot, float]
    first_at: Mapping[Spot, float]
    fills: Mapping[Spot, int]
    since: float  # when the base began: what the hands did is counted from there
    lifts: Mapping[Spot, tuple[float, ...]]  # each time a piece left each spot
    landings: Mapping[Spot, tuple[float, ...]]  # each time one came to each spot


def _made_before(base: Base[M], moves: tuple[M, ...]) -> bool:
    """Whether the board showed ``moves`` before the base began (a move made while
    another was asked about, out of turn, committed once its turn came): none of their
    cells changed since, so reading them again from the base would judge them on no
    evidence and read the hands' next change as theirs."""
    changes = [f.changes for f in base.overlap.footprints(base.tail)[len(base.tail) - len(moves) :]]
    spots = {spot for change in changes for spot, _ in change}
    return bool(spots) and not spots & base.timeline.keys()


def _may_go_on(
    base: Base[M], tail: tuple[M, ...], last: Footprint, changed: Mapping[Spot, float]
) -> bool:
    """Whether a change of the piece ``last`` landed can only be that move going on: no
    move of the player to move now starts where it landed. A drop or a token placed goes
    on too, read again as another drop (a piece set on a wrong cell first, then on its
    own: issue 78's independent hands, shogi seed 780051, a bishop dropped on 2b while a
    question was open, committed with the answer, moved on to 7f a second later, stayed
    recorded on 2b), while its cells changed last (``changed``: each spot's last
    change): one the hands made another move after was done, and read again from the
    base, which saw nothing of it, it would be asked about on no evidence (a chick
    dropped, then two moves made before the answer, asked against a reading with the
    moves in another order)."""
    landed = {spot for spot, reading in last.changes if reading != EMPTY}
    if not landed:
        return False
    if not last.starts():
        spots = last.spots()
        own = max((changed.get(spot, 0.0) for spot in spots), default=0.0)
        if any(at > own + EPSILON for spot, at in changed.items() if spot not in spots):
            return False
    after = base.overlap.after(tail)
    return not any(
        after.index.footprint(move).starts() & landed for move in after.index.position.legal_moves()
    )


def _open_from_last_change(
    base: Base[M], tail: tuple[M, ...], footprints: list[Footprint], changed: Mapping[Spot, float]
) -> int:
    """How many of the tail's last moves stay open after moves made before the base: from
    the last one that changes the board (the rolls and lost turns after it change
    nothing) when its piece may only be that move going on (``_may_go_on``, judged for
    the player to move after the whole tail), else none."""
    for back, footprint in enumerate(reversed(footprints), start=1):
        if footprint.changes:
            return back if _may_go_on(base, tail, footprint, changed) else 0
    return 0


class Rereading(Generic[M]):
    """A recognizer's record of the open moves: their base, what the hands did since,
    when the tail closes, and the board read again at rest."""

    def __init__(self, sensing: Sensing, sensed: frozenset[Spot], timing: Timing) -> None:
        self.sensing = sensing
        self.sensed = sensed
        self.timing = timing
        self.rereads = True  # the record may be read again (not across boards, touch=strict)
        self.dice: Foresight[M] = unforeseen  # the rolls the session will make
        self.base: Base[M] | None = None
        # the bases before the board's rests made open moves done, oldest first: read
        # again when what closed them proves nothing now (``answer``)
        self._earlier: list[Base[M]] = []
        self._known: tuple[object, tuple[M, ...], Reread[M] | None] | None = None
        # a question a rereading left open: the frame, the moves before it, its choices
        self._asked: tuple[object, tuple[M, ...], tuple[M, ...]] | None = None

    def going_on(
        self, extra: set[Spot], shown: frozenset[Spot], frame: Mapping[Spot, Reading]
    ) -> bool:
        """A change on ``extra``, cells the open moves set a piece down on, while a move
        from before them that goes on with them involves every cell a move shown since
        changes (``shown``): their hand may be going on (a push's marble moved first),
        the move shown part of it, not a move that stands."""
        base = self.base
        if base is None or not base.tail or not extra & base.landed():
            return False
        before = base.overlap.expected
        landed = (s for s in shown if frame.get(s, EMPTY) != EMPTY)
        cells = frozenset(s for s in landed if before.get(s, EMPTY) == EMPTY)
        moves = base.overlap.index.changing(cells) if cells else ()
        return any(
            shown <= candidate.footprint.spots() and base.went_on_with(candidate.move, frame)
            for candidate in moves or ()
        )

    def hand_may_go_on(self, move: M) -> bool:
        """Whether ``move``, the record's next, may be the hand of an open move the board
        read done going on after the reply: its player's, begun (as its cells read) before
        that reply read whole or within ``REACTION`` after, sooner than a player answers
        what the board did (``began_unanswered``). Its cells standing while the board
        moves proves nothing then: it is read at rest, from before the move it may go on
        with (``answer``), which asks only when its own rules find the two readings tied.
        A sensor reads a lift only once the piece is past its release point, so the hand
        began earlier still."""
        departs = self.timing.departs
        # the open moves' own base too: a move the board waited on to go on (a line's
        # first marble) is committed standing as the reply begins, not at rest
        bases = [*self._earlier, *([self.base] if self.base is not None else [])]
        return any(
            earlier.tail
            and began_unanswered(earlier, (*earlier.tail, move), QUICKEST_ANSWER + departs)
            and merges_with_first(earlier, move)
            for earlier in bases
        )

    def held_back(self, move: M, stood_for: float) -> float | None:
        """How long ``move``, standing ``stood_for`` seconds while the board moves, waits
        before it is committed when the hand of a move before may be going on into it
        (``hand_may_go_on``): at most a hand's pause within a move past its rest
        (``Timing.pause``), then the board goes on with it. None: it does not wait."""
        hold = self.timing.settle + self.timing.pause
        if stood_for < hold - EPSILON and self.hand_may_go_on(move):
            return hold
        return None

    def touched_since_played(self) -> bool:
        """Whether the hands changed the board since the last open move was played."""
        base = self.base
        return base is not None and bool(base.tail and base.touched_since(base.committed_at))

    def index(self) -> MoveIndex[M]:
        """The index of the position the open moves lead to, as the base built it (the
        base's own after a fresh start): ``played`` gave it that position."""
        base = self.base
        assert base is not None, "played() gives the open moves their base"
        return base.overlap.after(base.tail).index

    def played(
        self,
        position: Position[M],
        expected: dict[Spot, Reading],
        at_rest: bool,
        now: float,
        carried: Iterable[Spot],
        *,
        changed: Mapping[Spot, float],
        closed: bool,
        rested: bool,
        waited: bool,
    ) -> Evidence | None:
        """The recognizer has a new position: keep the base while the position follows
        from it (its tail still open), else begin a new one here. ``at_rest``: the board
        shows the position; ``rested``: the move just played stood still the settle
        time; ``waited``: the board waited for it to go on; ``changed``: each spot's last
        change, ever. Returns what the hands did since the base when moves were taken
        back to be read again (what they did since the position), else None."""
        base = self.base
        tail = None if base is None or closed or not self.rereads else base.leads_to(position)
        evidence = None
        self._earlier = self._kept_earlier(position, now, closed=closed)
        if base is not None and tail is not None and len(tail) > LONGEST_TAIL:
            base, tail = self._past_the_unseen(base, tail)
        if base is None or tail is None or len(tail) > LONGEST_TAIL:
            self._earlier = []
            base = fresh_base(
                position,
                sensing=self.sensing,
                sensed=self.sensed,
                expected=expected,
                now=now,
                blur=Blur(self.timing.order, position.game.geometry),
                dice=self.dice,
                carried=carried,
            )
            self.base = base
        else:
            if len(tail) < len(base.tail):
                evidence = Evidence(
                    frozenset(base.touched),
                    base.lifted_at,
                    base.first_at,
                    base.fills,
                    base.since,
                    base.lifts(),
                    base.landings(),
                )
            grew = len(tail) > len(base.tail)
            before = len(base.tail)
            base.tail = tail
            # the next move the board shows, after one it showed at rest: that one is done
            done = before if base.rested and grew and base.last_shown() >= before else 0
            footprints = base.overlap.footprints(tail) if grew else []
            if grew and _made_before(base, tail[before:]):
                # no change of them seen since the base: nothing to read again, but the
                # record's last move, its piece perhaps still in the hand (one set down
                # while a question was open, committed with the answer and moved on at
                # once: issue 78's independent hands, shogi 6h5i for 6h7i), unless the
                # player to move may move that piece (a Robotory robot): then it is
                # their move; a roll after it changes nothing of that
                done = len(tail) - _open_from_last_change(base, tail, footprints, changed)
            elif (
                grew
                and not any(f.changes for f in footprints[before:])
                and _made_before(base, tail)
            ):
                # a roll or a lost turn after such a move: the same piece moved again is
                # its player's next move, no longer that one going on, once that player
                # may move it again; a roll made the moment the move was committed (a
                # game with dice rolls at once) proves no hand done: kept open while
                # the player to move cannot move that piece (Chaturaji, issue 78's
                # independent hands, seed 740329: a horse set on c8 while a question
                # was open, committed after the answer with the next seat's roll and
                # moved on to c6 0.4 s later, was shown as an illegal move and kept)
                done = len(tail) - _open_from_last_change(base, tail, footprints, changed)
            if grew and not done and base.first_done_apart(tail):
                # more open moves than the board reads from the base, the first made
                # whole before any other change: it is done, and the base moves on past
                # it (independent hands, Abalone reed seed 950327: three overlapping
                # moves, a line's front marble committed as the next player lifted a
                # marble, its second marble then never read from a base two moves back)
                done = 1
            if done:
                self._earlier.append(base)  # read again if what closed it proves nothing
                base = self.base = base.after(done, self.sensing, self.sensed, base.committed_at)
                # what the position keeps of the next player's hands stays touched at the
                # base, as at a fresh one: a base moved on over moves committed at once
                # (made while a question was open, read with its answer) saw no change
                # since, and kept none of the touches on the cells of the move after them
                # (independent hands, Robot Duel seed 720092: a capture by a victim pushed
                # aside, its quiet move committed after the wait, never read again once
                # the victim was taken up: its cell's swap forgotten)
                base.touched.update(carried)
            elif grew:
                base.rested = False  # a move more: the board has yet to show it at rest
            base.committed_at = now
        base.shown_since = now if at_rest else None
        if base.tail and at_rest and rested and not base.rested:
            self._past(base, waited=waited)
        self._known = None
        return evidence

    def _past_the_unseen(self, base: Base[M], tail: tuple[M, ...]) -> tuple[Base[M], tuple[M, ...]]:
        """A tail of lost turns and rolls outgrew what may be read again (an endgame where
        most players have no move): the moves before the last the board shows are done,
        and a base just before it keeps that one open (its hand may go on); none shown,
        the tail stays too long (a fresh base)."""
        whole, base.tail = base.tail, tail
        start = base.last_shown()
        if not start or len(tail) - start > LONGEST_TAIL:
            base.tail = whole
            return base, tail
        self._earlier = []
        self.base = base.after(start, self.sensing, self.sensed, base.committed_at)
        return self.base, self.base.tail

    def _past(self, base: Base[M], *, waited: bool) -> None:
        """The board rested showing the record (``Base.past``); the base before kept."""
        self.base = base.past(self.sensing, self.sensed, waited=waited)
        if len(self.base.tail) < len(base.tail):
            self._earlier.append(base)

    def _kept_earlier(self, position: Position[M], now: float, *, closed: bool) -> list[Base[M]]:
        """The earlier bases whose tails lead on to ``position`` and hold no more moves
        than may be read again, each tail led on there."""
        if closed or not self.rereads:
            return []
        kept = []
        for earlier in self._earlier:
            tail = earlier.leads_to(position)
            if tail is not None and len(tail) <= LONGEST_TAIL:
                earlier.tail, earlier.committed_at = tail, now
                kept.append(earlier)
        return kept

    def close(
        self,
        position: Position[M],
        expected: dict[Spot, Reading],
        at_rest: bool,
        now: float,
        carried: Iterable[Spot],
    ) -> None:
        """The moves played so far are done (a confirm, a silent sensor): they are not
        read again."""
        self._earlier = []
        if self.base is not None and self.base.tail:
            self.base = fresh_base(
                position,
                sensing=self.sensing,
                sensed=self.sensed,
                expected=expected,
                now=now,
                blur=Blur(self.timing.order, position.game.geometry),
                dice=self.dice,
                carried=carried,
            )
            self.base.shown_since = now if at_rest else None

    def saw(
        self,
        frame: Mapping[Spot, Reading],
        changed: Iterable[Spot],
        now: float,
        *,
        at_rest: bool,
        close: Callable[[], None],
    ) -> None:
        """The hands changed the board: the open moves stay open only if the change comes
        soon enough after them (else the board showed the record for ``Timing.reread``:
        this is the next move; ``close`` closes them); what the hands did is noted.
        ``at_rest``: the board now shows the record."""
        base = self.base
        if base is None:
            return
        shown = base.shown_since
        if base.tail and shown is not None:
            if now - max(shown, base.committed_at) >= self.timing.reread - EPSILON:
                close()
            elif now - shown >= self.timing.settle - EPSILON and not base.rested:
                # the board rested showing the record: only the last move may change
                self._past(base, waited=False)
            base = self.base
            assert base is not None
        base.saw(frame, changed, now)
        for earlier in self._earlier:
            earlier.saw(frame, changed, now)
        if base.tail:
            # the moves the board shows whole from the base, one after another (a blitz
            # of both players' moves after the record's move, gone on with, never at
            # rest); with no move open the recognizer's own lines are the same
            base.overlap.look(frame, now, base.last_at, frozenset(base.touched), base.in_order)
        if at_rest:
            base.shown_since = now if base.shown_since is None else base.shown_since
        else:
            base.shown_since = None

    def asking(
        self, frame: Mapping[Spot, Reading], stack: tuple[M, ...], choices: tuple[M, ...]
    ) -> None:
        """A question about the record, asked of the board as ``frame`` shows it once the
        record is ``stack``: it stays open until the board changes."""
        self._asked = (frame, stack, choices)

    def still_asked(self, frame: Mapping[Spot, Reading], stack: tuple[M, ...]) -> Reread[M] | None:
        """The question still open for this board and record (None once either changed)."""
        asked = self._asked
        if asked is None:
            return None
        if asked[0] is frame and asked[1] == stack:
            return Reread(0, (), asked[2])
        self._asked = None
        return None

    def answer(
        self,
        frame: Mapping[Spot, Reading],
        stack: tuple[M, ...],
        here: Callable[[], list[tuple[M, ...]]],
        *,
        at_rest: bool,
        shown: Callable[[tuple[M, ...]], bool] = lambda line: False,
    ) -> Reread[M] | None:
        """At rest, the board read again from the base of the open moves: what to take
        back and play when their record is not among its readings (once per frame and
        record). ``stack``: the moves of the record's position; ``here``: the lines from
        it that make the board; ``at_rest``: the board shows the record."""
        asked = self.still_asked(frame, stack)
        if asked is not None:
            return asked
        base = self.base
        if base is None or not base.tail:
            return None
        known = self._known
        if known is not None and known[0] is frame and known[1] == base.tail:
            if known[2] is not None and known[2].choices:  # asked again: open again
                self._ask(frame, base, known[2])
            return known[2]
        there = [line for line in base.readings(frame) if line]
        # the record's pieces gone from cells an earlier base's open move set them down
        # on, the board having shown the hand move them on from there, before the next
        # hand began, to make another move in its place: what lay there since came later
        # (a capture's victim pushed back onto the cell the capture's piece had rested
        # on), so that piece's going is no move under way (``lifting``), and what closed
        # the earlier moves (the rest there, committed) proves nothing (independent
        # hands, Robot Duel seed 790006: a lion set on 1c, committed, moved on to 2c and
        # taken there, its taker pushing it back onto 1c, then boxed: asked about as that
        # lion lifted from 1c, the move played never offered)
        emptied = _emptied(base, frame)
        moved_on = [earlier.shown_moved_on_from(emptied) for earlier in self._earlier]
        lifting = not there and self._earlier and _taken_up(base, frame) and not any(moved_on)
        # the open moves read otherwise from their own base (asked, or played again, which
        # the record takes only through a question offering its move) come before an
        # earlier base's question: an answer to that one keeps these as they were,
        # unasked (independent hands, Robot Duel seed 743030: sente's chick set on 3c,
        # committed, moved on to 2c, gote's dropped on 3c; asked about the lion's move
        # before it, the answer kept the chick on 3c and asked only about a drop on 2c)
        own = (
            self._decided(base, here(), there, shown)
            if any(line[: len(base.tail)] != base.tail for line in there)
            else None
        )
        reads_own = own is not None and own.back > 0 and bool(own.moves or own.choices)
        for index in range(len(self._earlier) - 1, -1, -1) if not (lifting or reads_own) else ():
            earlier = self._earlier[index]
            went = bool(there) and (
                moved_on[index]
                or went_on(
                    earlier,
                    base,
                    there,
                    REACTION,
                    self.timing.departs,
                    settle=self.timing.settle,
                )
            )
            if there and not went:
                continue  # the base makes the board, and what closed the earlier moves holds
            if not earlier.tail or not (
                went or _gone(base, frame) or earlier.interleaved() or not any(here())
            ):
                continue
            # nothing from the base makes the board, and what closed the earlier moves
            # proves nothing now: the move that did is gone from the board (a knock that
            # rested as a move, put back), or came before the one it closed was made
            # whole (the mover's hand may go on after the reply), or nothing from the
            # record's position makes the board either (the mover's hand went on after
            # the reply): read from before them, as moves the board showed at rest (a
            # change of them is asked unless the hand went on before the reply)
            before = [line for line in earlier.readings(frame) if line]
            changed = [line for line in before if line[: len(earlier.tail)] != earlier.tail]
            if there and not any(goes_on_first(earlier, line) for line in changed):
                continue  # the base makes the board, and no hand went on with the first
            if changed:
                # read from before them; a base earlier still may be where the hands
                # went on from (both hands going on over two plies), so look on
                earlier.rested = True
                self.base, base, there = earlier, earlier, before
                self._earlier = self._earlier[:index]
        answer = None
        if any(line[: len(base.tail)] != base.tail for line in there):
            answer = self._decided(base, here(), there, shown)
        if answer is not None and answer.choices:
            self._ask(frame, base, answer)
        if answer is None and at_rest and not base.rested:
            # at rest as the record has it: only the last move may still change
            base = self.base = base.past(self.sensing, self.sensed, waited=False)
        self._known = (frame, base.tail, answer)
        return answer

    def read_only(
        self,
        there: list[tuple[M, ...]],
        here: Callable[[], list[tuple[M, ...]]],
        *,
        shown: Callable[[tuple[M, ...]], bool] = lambda line: False,
    ) -> Reread[M] | None:
        """What the open moves' base reads of a board its lines ``there`` make, with no
        question kept and no base changed: a board that is not at rest
        (``Recognizer._read_again_at_work``) may only be asked about, never acted on."""
        base = self.base
        if base is None or not base.tail:
            return None
        return self._decided(base, here(), there, shown)

    def _decided(
        self,
        base: Base[M],
        here: list[tuple[M, ...]],
        there: list[tuple[M, ...]],
        shown: Callable[[tuple[M, ...]], bool],
    ) -> Reread[M] | None:
        return decide(
            base,
            here,
            there,
            self._looks,
            self._unexplained,
            shown=shown,
            doubtful=base.doubtful,
            settle=self.timing.settle,
            departs=self.timing.departs,
        )

    def _ask(self, frame: Mapping[Spot, Reading], base: Base[M], answer: Reread[M]) -> None:
        """The question ``answer`` asks, kept open for the record it is asked of."""
        kept = base.tail[: len(base.tail) - answer.back]
        asked_in = (*base.position.move_stack, *kept, *answer.moves)
        self.asking(frame, tuple(asked_in), answer.choices)

    def _looks(self, line: tuple[M, ...]) -> tuple[Hashable, ...]:
        """A line from the base as the board sees it: each shown move's changes and the
        cells it changes unseen."""
        assert self.base is not None
        footprints = self.base.overlap.footprints(line)
        return tuple((f.changes, f.hidden) for f in footprints if f.changes)

    def _unexplained(self, line: tuple[M, ...]) -> frozenset[Spot]:
        """The spots the hands touched since the base that a line from it does not
        account for: a line that keeps the record's moves accounts for the spots touched
        after they were played only by its later moves (the record's move was done); one
        that changes them, for the record's spots too when its move where they part takes
        up every piece the record's moves from there took (its hand went on from them);
        a line that leaves those pieces where they were accounts for nothing of theirs."""
        base = self.base
        assert base is not None
        footprints = base.overlap.footprints(line)
        spots = spots_of(footprints)
        missing = frozenset(base.touched) - spots
        if line[: len(base.tail)] != base.tail:
            parting = len(shared([line, base.tail]))
            theirs = base.overlap.footprints(base.tail)[parting:]
            taken = {spot for f in theirs for spot, reading in f.changes if reading == EMPTY}
            if parting < len(footprints) and taken <= footprints[parting].spots():
                # the hand went on from the record's moves: it touched their spots on its way
                return missing - spots_of(theirs)
            return missing
        later = spots_of(footprints[len(base.tail) :])
        return missing | (base.touched_since(base.committed_at) - later)
