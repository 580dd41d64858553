"""What the record becomes when the board, read again from the base of the open moves,
does not show the record's tail among its readings (``Rereading.answer``): keep it, or
read it again where the lines part. Pure: told the base, the lines from the record's
position and from the base, and how the board sees them, it answers a ``Reread``; the
recognizer's guard (``engine.recognition.never_replaced``) turns any that would change a
committed move into a question offering it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from engine.physical import EMPTY, Spot
from engine.recognition.answers import Reread
from engine.recognition.change_order import carries_on
from engine.recognition.going_on import QUICKEST_ANSWER, merges, merges_both, went_on_at_once
from engine.recognition.open_moves import Base
from engine.recognition.sensors import EPSILON
from engine.recognition.standing import shared

M = TypeVar("M", bound=Hashable)

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
    departs: float = 0.0,
) -> Reread[M] | None:
    """What the record becomes. ``here``: the lines from the record's position that make
    the board; ``there``: the lines from the base. ``seen`` gives a line as the board
    sees it (each move's changes and the cells it changes unseen, the moves it cannot
    show left out: a roll), so that two readings the board cannot tell apart (a
    promotion the player chose at a prompt) are one reading, and a tail with a roll
    keeps it; ``unexplained`` the spots the hands touched that a line does not account
    for (the record's moves account only for what was touched before they were played).
    A move the board showed at rest changes only into another move of its player (the
    hand went on with it, before the next player's began: ``Base.went_on_with``,
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
    ``settle``: how long the board waits for a move to rest (``Timing.settle``);
    ``departs``: how long before its cell read empty a hand may have begun a move
    (``Timing.departs``)."""
    tail = base.tail
    keeping = [tail + line for line in here]
    keeping += [line for line in there if line[: len(tail)] == tail]
    kept_looks = {seen(line) for line in keeping}
    # no reading keeps the record, which took in the next player's first change: the
    # move it makes more than, shown whole before that change came, and that player's
    taken_in = [] if keeping else [line for line in there if base.took_in(line)]
    # a reading that takes up the record's piece where it was set down, landing before
    # that piece left, is no hand's (issue 78: a knock put back, then the piece taken)
    unkept = [
        line
        for line in there
        if line[: len(tail)] != tail
        and line
        and seen(line) not in kept_looks
        and not base.landed_before_leaving(line[0])
    ]
    passed = _turn_passed(base)
    if passed and keeping:
        # after a lost turn, a hand that took the record's piece up again later than a
        # player answers what the board did last (the lost turn played, the roll for the
        # mover's next turn made) is that player's next move, as the board had just told
        # them: no hand going on (Chaturaji clean rows: a rook set on h4, committed, the
        # next seat's turn lost, lifted again 0.8 s after its player's roll and moved on
        # to h8, was asked as h5h8 beside it)
        answering = base.committed_at + REACTION - EPSILON
        unkept = [line for line in unkept if not base.taken_up_after(line[0], answering)]
    others = [
        line
        for line in unkept
        if not base.rested
        or ((base.went_on_with(line[0]) or line in taken_in) and base.before_reply(line))
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
                if line[0] != tail[0] and (doubtful(tail) or base.went_on_with(line[0]))
            )
        )
    # a reply begun before the mover's move was whole: no order of sensed changes tells
    # the mover's hand going on with that move from the mover's next move
    interleaved = base.replied_early(REACTION) or any(
        went_on_at_once(base, kept, QUICKEST_ANSWER + departs) for kept in keeping
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
        if (base.rested and base.went_on_with(line[0]) and (passed or base.with_reply(line)))
        or (merging and any(merges(base, line, kept) for kept in keeping))
        # read from before moves it showed at rest: each player's two moves as one, in
        # an order both readings keep
        or (
            base.rested
            and not doubtful(line)
            and any(merges_both(base, line, kept) for kept in keeping)
        )
    ]
    # after a lost turn, a piece taken up again before its player could answer the
    # board's last ply: both readings are legal and no order of sensed changes tells
    # them apart, asked whatever the record's own line looks like
    if keeping and tied and (passed or interleaved or not doubtful(tail)):
        # the mover's hand went on as the reply began, or the mover played again after
        # it (a lost turn between, which no order of sensed changes places): the same
        # board, and no order between them to tell
        firsts = dict.fromkeys(line[0] for line in tied if line[0] != tail[0])
        return Reread(len(tail), (), (*firsts, tail[0])) if firsts else None
    if base.waited and base.resumed_at - base.committed_at >= REACTION - EPSILON:
        # it was given its time to go on: a hand that goes on now is the next, unless
        # nothing from the record makes the board and the mover's line went on after a
        # pause longer than the wait (no hand of the next player carries it on): asked,
        # never left out of step
        others = [line for line in others if line in taken_in]
        if not others:
            carried = [move for move in asked if _carries_on(base, move) or _walked_on(base, move)]
            return Reread(len(tail), (), (*carried, tail[0])) if carried else None
    if (
        keeping
        and base.rested
        and not base.touched_since(base.committed_at) & base.moved_on(others)
    ):
        return None  # no piece it set down, nor one more it moved, was taken up again
    if not doubtful(tail):
        # a reading in an order no hand makes, of other pieces than the record's (not its
        # hand going on with them), never replaces a record that keeps the order
        others = [line for line in others if not doubtful(line) or base.went_on_with(line[0])]
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


def _carries_on(base: Base[M], move: M) -> bool:
    """Whether ``move`` (from the base) takes the record's first open move further with
    more of its player's pieces (``carries_on``: a line of marbles moved on)."""
    mine = base.overlap.footprints(base.tail[:1])[0]
    return carries_on(mine, base.overlap.index.footprint(move))


def _walked_on(base: Base[M], move: M) -> bool:
    """Whether ``move`` (from the base) is the record's first open move with its piece
    walked on to a cell that move emptied (``overlap.walks_on``: a robot set down on its
    way, the next token boxed ahead of it): the same cells, the same origin."""
    mine = base.overlap.footprints(base.tail[:1])[0]
    theirs = base.overlap.index.footprint(move)
    emptied = {spot for spot, reading in mine.changes if reading == EMPTY} - mine.starts()
    landed = {spot for spot, reading in theirs.changes if reading != EMPTY}
    landed |= theirs.hidden - theirs.starts()
    return (
        theirs.starts() == mine.starts()
        and theirs.spots() == mine.spots()
        and bool(landed)
        and landed <= emptied
    )


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
