"""The record's last moves read again from the board, until the hands are done with them.

A move is committed once the board shows it at rest, or once its own cells have rested
while the next player's hand is already moving elsewhere. Neither proves the hand that
made it is done: a line of marbles moved front first rests for a moment as a shorter
move, a player sets a piece down and moves it on to the cell they meant, the next
player's piece lands before the mover's. So the last moves stay open (the *tail*,
played from the *base*): at each rest the board is read again from the base, with
everything the hands did since, and when the record's tail is not among the readings
the record is amended (the tail's moves that part from them taken back, the readings'
moves played, the move where they still part asked).

The tail closes (the base moves on to the record's position) once the board has shown
the record's position unchanged for ``Timing.amend`` after its last commit: a hand
that goes on later is the next move, or a takeback. A board that plays across other
boards or a server, a move played as the computer asked, a confirm (ok, the clock)
and the ``touch=strict`` rule close it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.assessments import Reread, Timing
from engine.game import Position
from engine.physical import EMPTY, Reading, Sensing, Spot, frame_diff
from engine.recognition.going_on import goes_on_first, merges, went_on, went_on_at_once
from engine.recognition.move_index import MoveIndex
from engine.recognition.open_moves import EPSILON, Base, fresh_base
from engine.recognition.overlap import shared
from engine.recognition.sensors import Blur

M = TypeVar("M", bound=Hashable)

LONGEST_TAIL = 4
"""The most moves kept open (a move, a reply and their rolls): the board reads at most
two moves from the base that were never shown whole."""

REACTION = 0.3
"""Seconds before a player can answer what the board did (a move committed, its lights
changed): a hand at work sooner, on a move the board waited for to go on, is the hand
that was making it as likely as the next player's (the board asks)."""


def decide(
    base: Base[M],
    here: list[tuple[M, ...]],
    there: list[tuple[M, ...]],
    seen: Callable[[tuple[M, ...]], tuple[Hashable, ...]],
    unexplained: Callable[[tuple[M, ...]], frozenset[Spot]],
    *,
    shown: Callable[[tuple[M, ...]], bool] = lambda line: False,
    doubtful: Callable[[tuple[M, ...]], bool] = lambda line: False,
    settle: float = 0.0,
) -> Reread[M] | None:
    """What the record becomes. ``here``: the lines from the record's position that make
    the board; ``there``: the lines from the base. ``seen`` gives a line as the board
    sees it (each move's changes and the cells it changes unseen, the moves it cannot
    show left out: a roll), so that two readings the board cannot tell apart (a
    promotion the player chose at a prompt) are one reading, and a tail with a roll
    keeps it; ``unexplained`` the spots the hands touched that a line does not account
    for (the record's moves account only for what was touched before they were played).
    A move the board showed at rest changes only into another move of its player (the
    hand went on with it, before the next player's began: ``Base.goes_on_with``,
    ``Base.before_reply``), or, when no reading keeps it, into the move it makes more
    than and the next player's move that the rest of its changes began
    (``Base.took_in``: a token boxed for the next robot, read as the chain eating it). None
    when every reading keeps the tail. ``shown``: whether the board showed a line from
    the record's position whole (the next player's move, seen made): a reading that
    goes on with it is never dropped for the touches it leaves to knocks (a slide's
    passed cells touch as a knock does), so a change of the record it contradicts is
    asked. ``doubtful``: whether a line from the base came in an order it cannot have
    (a capture whose victim's cell filled before the capturer left): such a line is a
    reading only when none keeps the order, and never wins for the knocks it spares.
    ``settle``: how long the board waits for a move to rest (``Timing.settle``)."""
    tail = base.tail
    keeping = [tail + line for line in here]
    keeping += [line for line in there if line[: len(tail)] == tail]
    kept_looks = {seen(line) for line in keeping}
    # no reading keeps the record, which took in the next player's first change: the
    # move it makes more than, shown whole before that change came, and that player's
    taken_in = [] if keeping else [line for line in there if base.took_in(line)]
    unkept = [
        line
        for line in there
        if line[: len(tail)] != tail and line and seen(line) not in kept_looks
    ]
    others = [
        line
        for line in unkept
        if not base.rested
        or ((base.goes_on_with(line[0]) or line in taken_in) and base.before_reply(line))
    ]
    # no reading keeps the record: the lines the board's timing cannot prefer are asked
    # beside it, never left for out of step (a hand going on with the record's move as
    # the next player's began, at the same instant); a move the board waited for to go
    # on is done, and a hand at work on it after the wait is the next player's
    asked = (
        ()
        if keeping
        else tuple(
            dict.fromkeys(line[0] for line in unkept if line[0] != tail[0] and not doubtful(line))
        )
    )
    if not keeping and not asked:
        # nothing keeps the record and no line keeps its order either: the lines that
        # make the board are the readings when the record was itself read in an order no
        # hand makes (a reply made whole before the move it answers, out of turn, read
        # after it), or when they go on with its move (the mover's hand going on with a
        # move the board read short as the reply began: both hands at once)
        asked = tuple(
            dict.fromkeys(
                line[0]
                for line in unkept
                if line[0] != tail[0] and (doubtful(tail) or base.goes_on_with(line[0]))
            )
        )
    passed = _turn_passed(base)
    # a reply begun before the mover's move was whole: no order of sensed changes tells
    # the mover's hand going on with that move from the mover's next move
    interleaved = base.replied_early(REACTION) or any(
        went_on_at_once(base, kept) for kept in keeping
    )
    # a record committed before it rested too, when the reply began before the board
    # could show its first move at rest (``settle``) and the mover's hand went on while
    # the reply was under way: nothing was whole when either began
    merging = interleaved and (
        base.rested
        or any(
            base.replied_early(settle, kept) and went_on_at_once(base, kept, 0.0)
            for kept in keeping
        )
    )
    tied = [
        line
        for line in unkept
        if (base.rested and base.goes_on_with(line[0]) and (passed or base.with_reply(line)))
        or (merging and any(merges(base, line, kept) for kept in keeping))
    ]
    # after a lost turn both readings are legal and no order of sensed changes tells
    # them apart: asked whatever the record's own line looks like
    if keeping and tied and (passed or interleaved or not doubtful(tail)):
        # the mover's hand went on as the reply began, or the mover played again after
        # it (a lost turn between, which no order of sensed changes places): the same
        # board, and no order between them to tell
        firsts = dict.fromkeys(line[0] for line in tied if line[0] != tail[0])
        return Reread(len(tail), (), (*firsts, tail[0])) if firsts else None
    if base.waited and base.resumed_at - base.committed_at >= REACTION - EPSILON:
        # it was given its time to go on: a hand that goes on now is the next
        others = [line for line in others if line in taken_in]
        if not others:
            return None
    if (
        keeping
        and base.rested
        and not base.touched_since(base.committed_at) & base.moved_on(others)
    ):
        return None  # no piece it set down, nor one more it moved, was taken up again
    if not doubtful(tail):
        # a reading in an order no hand makes, of other pieces than the record's (not its
        # hand going on with them), never replaces a record that keeps the order
        others = [line for line in others if not doubtful(line) or base.goes_on_with(line[0])]
    if not others:
        return Reread(len(tail), (), (*asked, tail[0])) if asked else None
    # a reading that needs more of the touched cells to be knocks than another does is
    # dropped (the record, or a change of it), unless the other needs more moves: a knock
    # is no less likely than both players' hands moving at once
    lines = [*keeping, *others]
    lines = [line for line in lines if not doubtful(line)] or lines
    needs = {line: unexplained(line) for line in lines}
    seen_made = {tail + line for line in here if line and shown(line[:1])}
    readings = [
        line
        for line in needs
        if line in seen_made
        or not any(needs[other] < needs[line] and len(other) <= len(line) for other in needs)
    ]
    if all(line[: len(tail)] == tail for line in readings):
        return None
    common = shared(readings)
    kept = len(shared([common, tail]))
    parting = tuple(
        dict.fromkeys(line[len(common)] for line in readings if len(line) > len(common))
    )
    return Reread(len(tail) - kept, common[kept:], parting if len(parting) > 1 else ())


def reread_spots(position: Position[M], sensing: Sensing, reread: Reread[M]) -> frozenset[Spot]:
    """The spots the moves a rereading plays or asks about change, seen or unseen."""
    before = position.copy()
    for _ in range(reread.back):
        before.pop()
    spots: set[Spot] = set()
    for move in reread.moves:
        spots |= before.footprint(move, sensing).spots()
        before.push(move)
    for choice in reread.choices:
        spots |= before.footprint(choice, sensing).spots()
    return frozenset(spots)


def _turn_passed(base: Base[M]) -> bool:
    """Whether a player's turn the board cannot show (a lost turn, announced and played
    by the board) was recorded after the open moves' first: a piece of that move moved
    on since may be its player's next move as well as the hand going on."""
    footprints = base.overlap.footprints(base.tail)
    position = base.position.copy()
    for step, move in enumerate(base.tail):
        if step and position.chance_moves() is None and not footprints[step].changes:
            return True
        position.push(move)
    return False


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


class Rereading(Generic[M]):
    """A recognizer's record of the open moves: their base, what the hands did since,
    when the tail closes, and the board read again at rest."""

    def __init__(self, sensing: Sensing, sensed: frozenset[Spot], timing: Timing) -> None:
        self.sensing = sensing
        self.sensed = sensed
        self.timing = timing
        self.amendable = True
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
            shown <= candidate.footprint.spots() and base.goes_on_with(candidate.move)
            for candidate in moves or ()
        )

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
        closed: bool,
        rested: bool,
        waited: bool,
    ) -> Evidence | None:
        """The recognizer has a new position: keep the base while the position follows
        from it (its tail still open), else begin a new one here. ``at_rest``: the board
        shows the position; ``rested``: the move just played stood still the settle
        time; ``waited``: the board waited for it to go on. Returns what the hands did
        since the base when moves were taken back to be read again (what they did since
        the position), else None."""
        base = self.base
        tail = None if base is None or closed or not self.amendable else base.leads_to(position)
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
            if grew and _made_before(base, tail[before:]):
                done = len(tail)  # no change of it seen since the base: nothing to read again
            if done:
                self._earlier.append(base)  # read again if what closed it proves nothing
                base = self.base = base.after(done, self.sensing, self.sensed, base.committed_at)
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
        if closed or not self.amendable:
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
        soon enough after them (else the board showed the record for ``Timing.amend``:
        this is the next move; ``close`` closes them); what the hands did is noted.
        ``at_rest``: the board now shows the record."""
        base = self.base
        if base is None:
            return
        shown = base.shown_since
        if base.tail and shown is not None:
            if now - max(shown, base.committed_at) >= self.timing.amend - EPSILON:
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
        lifting = not there and self._earlier and _taken_up(base, frame)
        for index in range(len(self._earlier) - 1, -1, -1) if not lifting else ():
            earlier = self._earlier[index]
            went = bool(there) and went_on(earlier, base, there, REACTION)
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
                earlier.rested = True
                self.base, base, there = earlier, earlier, before
                self._earlier = self._earlier[:index]
                break
        answer = None
        if any(line[: len(base.tail)] != base.tail for line in there):
            answer = decide(
                base,
                here(),
                there,
                self._looks,
                self._unexplained,
                shown=shown,
                doubtful=base.doubtful,
                settle=self.timing.settle,
            )
        if answer is not None and answer.choices:
            self._ask(frame, base, answer)
        if answer is None and at_rest and not base.rested:
            # at rest as the record has it: only the last move may still change
            base = self.base = base.past(self.sensing, self.sensed, waited=False)
        self._known = (frame, base.tail, answer)
        return answer

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
        spots = frozenset().union(*(f.spots() for f in footprints))
        missing = frozenset(base.touched) - spots
        if line[: len(base.tail)] != base.tail:
            parting = len(shared([line, base.tail]))
            theirs = base.overlap.footprints(base.tail)[parting:]
            taken = {spot for f in theirs for spot, reading in f.changes if reading == EMPTY}
            if parting < len(footprints) and taken <= footprints[parting].spots():
                # the hand went on from the record's moves: it touched their spots on its way
                return missing - frozenset().union(*(f.spots() for f in theirs))
            return missing
        later = frozenset().union(*(f.spots() for f in footprints[len(base.tail) :]))
        return missing | (base.touched_since(base.committed_at) - later)
