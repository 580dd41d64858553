"""The mover's hand going on after a reply begun before its move was whole.

Two hands may be on the board at once: the next player's reply begun as the mover's
last piece lands (``Base.replied_early``). The board rests on both and commits them;
then the mover moves again. That may be the mover's next move, or the hand going on
with the first (a broadside's second marble rolled after the reply, a rook slid on
past the cell it seemed to stop on): no order of sensed changes tells them apart, so
the board asks (``Rereading``, ``decide``). These say when a reading is such a hand.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from itertools import pairwise
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Spot, spots_of
from engine.recognition.board_plies import movers as turns
from engine.recognition.open_moves import Base
from engine.recognition.sensors import EPSILON, STOOD

M = TypeVar("M", bound=Hashable)

QUICKEST_ANSWER = 0.1
"""Seconds within which no hand answers what it has seen: athletics counts a start
sooner than 0.1 s after the gun as a false start (World Athletics' competition rules on
starting), the quickest human reaction it allows. A mover's move begun sooner after the
reply was done was not an answer to it."""


def merges(base: Base[M], line: tuple[M, ...], kept: tuple[M, ...]) -> bool:
    """Whether ``line`` is ``kept`` with its first move and the mover's last made as one
    (the hand going on after the reply): the moves between alike, its first taking up
    the first's pieces and setting one down where the last did."""
    if len(kept) < 3 or len(line) != len(kept) - 1 or line[1:] != kept[1:-1]:
        return False
    last = base.overlap.footprints(kept)[-1]
    landed = {spot for spot, reading in last.changes if reading != EMPTY}
    merged = base.overlap.index.footprint(line[0]).spots()
    return _takes_up_first(base, line[0]) and bool(landed) and landed <= merged


def merges_both(base: Base[M], line: tuple[M, ...], kept: tuple[M, ...]) -> bool:
    """Whether ``line`` is ``kept`` with each player's two moves made as one: both hands
    going on over two plies (a push rolled marble by marble while the reply's broadside
    was rolled the same way), each pausing long enough for its first part to rest. Each
    move of ``line`` takes up the pieces its player's first took up and sets one down
    where that player's second did; no order of sensed changes tells the two apart."""
    if len(line) != 2 or len(kept) != 4:
        return False
    movers = []
    position = base.position.copy()
    for move in kept:
        movers.append(position.turn)
        position.push(move)
    if movers[0] != movers[2] or movers[1] != movers[3] or movers[0] == movers[1]:
        return False
    made, split = base.overlap.footprints(line), base.overlap.footprints(kept)
    for step in range(2):
        first, second = split[step], split[step + 2]
        taken = {spot for spot, reading in first.changes if reading == EMPTY}
        landed = {spot for spot, reading in second.changes if reading != EMPTY}
        spots = made[step].spots()
        if not taken or not landed or not (taken | landed) <= spots:
            return False
    return True


def _takes_up_first(base: Base[M], move: M) -> bool:
    """Whether ``move`` (from the base) takes up every piece the first open move took
    up: the mover's hand going on with that move."""
    first = base.overlap.index.footprint(base.tail[0])
    taken = {spot for spot, reading in first.changes if reading == EMPTY}
    return bool(taken) and taken <= base.overlap.index.footprint(move).spots()


def went_on(
    earlier: Base[M],
    base: Base[M],
    there: list[tuple[M, ...]],
    within: float,
    departs: float = 0.0,
    *,
    settle: float = 0.0,
) -> bool:
    """Whether a line the board shows from ``base`` ends with ``earlier``'s first player
    moving again for the first time since, the reply begun within ``within`` seconds of
    the first move's end or the move again begun at once after it: that hand going on
    after the reply as well as that player's next move (``goes_on_first`` says whether a
    move of it can be read so). An early reply proves nothing of a piece the first move
    set down that stood there until the board rested on the reply (``settle``:
    ``taken_up_after_the_reply``). ``departs``: how long before its cell read empty the
    move again may have begun (``Timing.departs``)."""
    before = earlier.position.move_stack
    if len(earlier.tail) < 2 or base.position.move_stack[: len(before)] != before:
        return False
    done = base.position.move_stack[len(before) :]
    for line in there:
        moves = (*done, *line)
        overlap = earlier.overlap
        movers = turns(earlier.position, moves, overlap.dice)
        between = movers[1:-1]
        if movers[-1] != movers[0] or not between or movers[0] in between:
            continue
        if (
            earlier.replied_early(within)
            and not taken_up_after_the_reply(earlier, moves, settle + departs)
        ) or went_on_at_once(earlier, moves, QUICKEST_ANSWER + departs):
            return True
    return False


def taken_up_after_the_reply(base: Base[M], moves: tuple[M, ...], within: float) -> bool:
    """Whether the last of ``moves`` (from the base: a player's move, the others'
    replies, that player's again) takes up a piece the first set down on a cell empty
    at the base, that piece resting there from before the replies first read whole
    until more than ``within`` seconds after (the board's settle time, so that it rested
    on the reply and committed it, and how long before its cell read empty a hand may
    have begun moving it, ``Timing.departs``): however early the reply began, the
    mover's piece stood where the record has it while the reply was set down whole and
    committed, and a player does not go on with a move the opponent has answered; its
    next lift is a new move (independent hands, shogi seed 870036: gote's rook 8b6b,
    sente's king lifted 0.24 s after it landed and set on 4h, both committed; the rook
    lifted from 6b 3 s later, set on 3b, then 4b, was read from before 8b6b as 8b3b and
    both moves taken back and asked). A piece that left sooner may be the hand going on
    (``went_on``): a rook slid on at the slowest hand reads on each cell it passes for
    longer than a knock, the reply landing meanwhile (shrunk stream
    ``shogi-both-rook-slid-slowly-past-a-reply``)."""
    if len(moves) < 3:
        return False
    footprints = base.overlap.footprints(moves)
    first, last = footprints[0], footprints[-1]
    expected = base.overlap.expected
    landed = {
        spot
        for spot, reading in first.changes
        if reading != EMPTY and expected.get(spot, EMPTY) == EMPTY
    }
    again = {spot for spot, reading in last.changes if reading == EMPTY} & landed
    if not again:
        return False
    whole = _replies_whole(base, footprints[1:-1], last.spots())
    if whole is None or whole == math.inf:
        return False
    for spot in again:
        timeline = base.timeline.get(spot, [])
        stood = _first_stood_at(timeline)
        if stood is None or stood > whole + EPSILON:
            return False  # set down after the reply was whole: the hand was still at work
        if any(not reads and stood < at <= whole + within for at, reads in timeline):
            return False  # lifted before the board could rest on the reply
    return True


def _replies_whole(
    base: Base[M], replies: list[Footprint], spared: frozenset[Spot]
) -> float | None:
    """When the replies first read whole: each change of theirs read as they left it,
    but on ``spared``, cells the move after them changes again (a reply's piece taken up
    again proves nothing). ``math.inf``: a reply never shown whole; None: no change of
    theirs to read."""
    whole = []
    for footprint in replies:
        for spot, reading in footprint.changes:
            if spot in spared:
                continue
            filled = reading != EMPTY
            reads = [at for at, full in base.timeline.get(spot, ()) if full == filled]
            if not reads:
                return math.inf
            whole.append(reads[0])
    return max(whole) if whole else None


def _first_stood_at(timeline: list[tuple[float, bool]]) -> float | None:
    """When a cell's ``timeline`` first read a piece that stayed ``STOOD`` or longer (or
    stays): a bounce as it lands, or a piece carried over, reads there only a moment."""
    for (at, reads), (then, _) in pairwise(timeline):
        if reads and then - at >= STOOD - EPSILON:
            return at
    if timeline and timeline[-1][1]:
        return timeline[-1][0]
    return None


def went_on_at_once(base: Base[M], moves: tuple[M, ...], within: float = QUICKEST_ANSWER) -> bool:
    """Whether ``moves`` (from the base: the first player's move, the others' replies,
    the first player's again) have that last move begun before the replies were done,
    or ``within`` seconds after (sooner than anyone answers, ``QUICKEST_ANSWER``): the
    hand was still going on with the first, not answering them."""
    if len(moves) < 3:
        return False
    footprints = base.overlap.footprints(moves)
    first, last = footprints[0].spots(), footprints[-1].spots()
    replies = spots_of(footprints[1:-1])
    done = [base.last_at[spot] for spot in replies - last if spot in base.last_at]
    began = [base.first_at[spot] for spot in last - replies - first if spot in base.first_at]
    return bool(done) and bool(began) and min(began) < max(done) + within


def began_unanswered(base: Base[M], moves: tuple[M, ...], within: float = QUICKEST_ANSWER) -> bool:
    """Whether ``moves`` (from the base: a player's move, the others' replies, that
    player's again) have the last begun before the replies first read whole, or
    ``within`` seconds after (sooner than anyone answers, ``QUICKEST_ANSWER``): the hand
    may be going on with the first, not answering them. A reply's cells count when they
    first read as it left them, so that the next move from them (the reply's piece taken
    up again) proves nothing."""
    movers = _movers(base, moves)
    if len(moves) < 3 or movers[-1] != movers[0] or movers[0] in movers[1:-1]:
        return False
    footprints = base.overlap.footprints(moves)
    first, last = footprints[0].spots(), footprints[-1].spots()
    whole = _replies_whole(base, footprints[1:-1], last)
    if whole == math.inf:
        return True  # a reply never shown whole: nothing answered it
    replies = spots_of(footprints[1:-1])
    began = [base.first_at[spot] for spot in last - replies - first if spot in base.first_at]
    return whole is not None and bool(began) and min(began) < whole + within


def merges_with_first(base: Base[M], move: M) -> bool:
    """Whether a legal move from the base takes up every piece its first open move took
    up and sets one down where ``move`` (the record's next, after the open moves) does:
    the first's hand may have gone on into ``move``, the board showing one move as two."""
    footprints = base.overlap.footprints((*base.tail, move))
    landed = frozenset(spot for spot, reading in footprints[-1].changes if reading != EMPTY)
    if not landed:
        return False
    merged = base.overlap.index.changing(landed)
    return merged is None or any(
        candidate.move != base.tail[0] and _takes_up_first(base, candidate.move)
        for candidate in merged
    )


def _movers(base: Base[M], moves: tuple[M, ...]) -> list[object]:
    """Whose turn each of ``moves`` (from the base) is played in."""
    return turns(base.position, moves, base.overlap.dice)


def goes_on_first(base: Base[M], line: tuple[M, ...]) -> bool:
    """Whether ``line`` (from the base) changes the first open move into another that
    takes up its pieces: the mover's hand going on with it."""
    return line[0] != base.tail[0] and _takes_up_first(base, line[0])
