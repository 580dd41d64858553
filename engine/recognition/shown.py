"""What the board showed whole since a position began (``Overlap.seen``), read for what
the hands may still be doing: a move the board showed alone whose changes it still
shows, a piece a shown line set down on an empty cell that is gone again, a move shown
whole whose piece stood while another move landed, and one whose piece was set down off
the way of the move the board shows and taken up again."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Reading, Spot, frame_diff
from engine.recognition.overlap import Overlap
from engine.recognition.touches import Touches

M = TypeVar("M", bound=Hashable)


def shown_within(
    overlap: Overlap[M], moves: tuple[M, ...], diff: Iterable[tuple[Spot, Reading]]
) -> tuple[M, ...]:
    """``moves`` and the single moves the board showed whole since the position began
    whose changes it still shows (``diff``: a drop on a cell, with a neighbour since
    gone)."""
    shown = set(diff)
    whole = [
        line[0]
        for line in overlap.seen
        if len(line) == 1 and set(overlap.index.footprint(line[0]).changes) < shown
    ]
    return tuple(dict.fromkeys((*whole, *moves)))


def set_down_and_gone(
    overlap: Overlap[M],
    frame: Mapping[Spot, Reading],
    spots: frozenset[Spot],
    held: Callable[[Spot], float],
    settle: float,
) -> bool:
    """Whether a line the board showed whole set a piece down on an empty cell apart from
    ``spots`` that ``frame`` reads empty again, after it stood there the settle time
    (``held``: how long the cell read a piece, from its first change to its last): no
    knock empties a cell that held nothing, so the hand that set it there may be going
    on with it (a drop moved on), and what stands without it must wait for the board to
    rest. A piece that only slid over the cell rested there less."""
    for line in overlap.seen:
        for footprint in overlap.footprints(line):
            for spot, reading in footprint.changes:
                if (
                    reading != EMPTY
                    and spot not in spots
                    and overlap.expected.get(spot, EMPTY) == EMPTY
                    and frame.get(spot, EMPTY) == EMPTY
                    and held(spot) >= settle
                ):
                    return True
    return False


def shown_then_taken_up(
    overlap: Overlap[M],
    footprint: Footprint,
    frame: Mapping[Spot, Reading],
    did: Touches,
    *,
    explained: frozenset[Spot] = frozenset(),
) -> tuple[M, ...]:
    """The single moves the board showed whole onto a cell empty before and now whose
    piece came before ``footprint``'s move landed and left only after it, past the
    sensors' blur, and before any victim's cell emptied: one piece is never on two cells,
    so that piece was no step of the move nor its victim pushed aside, and the move the
    board showed may be the one made, its piece then taken up by the next player's hand
    (a capture begun), while a knock on a neighbour made the other read as a capture
    (issue 78: shogi, a 60 ms knock on 9i read as ``9h9i`` while ``9h8h`` stood and was
    taken), or by its own player's next move (a line's first move). ``explained``: cells
    the later moves of a line with ``footprint``'s move first account for."""
    spots = footprint.spots()
    landings = {
        spot: did.filled_at[spot]
        for spot in spots
        if frame.get(spot, EMPTY) != EMPTY and spot in did.handled and spot in did.filled_at
    }
    if not landings:
        return ()
    last = max(landings, key=landings.__getitem__)
    landed = landings[last]
    victims = footprint.must_touch | footprint.hidden
    stood = {
        spot
        for spot in did.handled - spots - explained
        if overlap.expected.get(spot, EMPTY) == EMPTY
        and frame.get(spot, EMPTY) == EMPTY
        and did.fills.get(spot)
        and did.first_at.get(spot, landed) < landed
        and did.changed.get(spot, landed) > landed + did.blur(spot, last)
        and not victim_may_lie(did, spot, victims)
    }
    if not stood:
        return ()
    return tuple(
        line[0]
        for line in overlap.seen
        if len(line) == 1
        and any(
            spot in stood and reading != EMPTY
            for spot, reading in overlap.index.footprint(line[0]).changes
        )
    )


OFF_THE_WAY = 1.0
"""Cell units: how much longer than the straight way a way through a cell must be for a
piece read there to have been set down off its way. A slide passes over the cells
between, and a hand cuts a corner: a diagonal step through the square beside both ends
is 0.59 longer (a lion resting there on its way, ``test_fast_hands``); a straight step
through a cell diagonal from its start is 1.41 longer, a cell behind the start 2."""


def set_down_off_the_way(
    overlap: Overlap[M],
    footprint: Footprint,
    frame: Mapping[Spot, Reading],
    did: Touches,
    after: tuple[M, ...] = (),
    *,
    explained: frozenset[Spot] = frozenset(),
) -> tuple[M, ...]:
    """The single moves of ``footprint``'s piece the board showed whole onto a cell
    empty before and now, off the way from its start to where ``footprint`` lands it: no
    slide passes there, so the piece was set down, then taken up again, by its own hand
    going on (the move the board shows) or by the next player's, a capture begun with its
    victim (issue 78: Robot Duel, a lion set on 2c and taken 0.13 s later, its victim's
    field passing over 2b read as the lion taking the chick there). No sensor tells the
    two apart: both are asked. A piece read there once a victim of the move left its
    cell may be that victim, pushed aside (``pushed_aside.pushed_aside``). ``footprint``'s
    move may be the last of a line: then it and the moves found are made ``after`` the
    line's first moves (the board showed each such line whole). ``explained``: cells
    the later moves of a line with ``footprint``'s move first account for."""
    geometry = did.blur.geometry
    if geometry is None:
        return ()
    starts = footprint.starts()
    landings = {spot for spot, reading in footprint.changes if reading != EMPTY}
    landings |= footprint.hidden  # a capture's cell reads a piece before and after
    if not starts or not landings:
        return ()
    victims = footprint.must_touch | footprint.hidden

    def far(a: Spot, b: Spot) -> float:
        here, there = geometry.place(a), geometry.place(b)
        return math.hypot(here.x - there.x, here.y - there.y)

    there = overlap.after(after) if after else overlap
    try:
        shown = []
        for line in overlap.seen:
            if len(line) != len(after) + 1 or line[:-1] != after:
                continue
            other = there.index.footprint(line[-1])
            if other.starts() != starts or other == footprint:
                continue
            for spot, reading in other.changes:
                if (
                    reading != EMPTY
                    and spot not in footprint.spots()
                    and spot not in explained
                    and there.expected.get(spot, EMPTY) == EMPTY
                    and frame.get(spot, EMPTY) == EMPTY
                    and spot in did.first_at
                    and not victim_may_lie(did, spot, victims)
                    and all(
                        far(start, spot) + far(spot, end) > far(start, end) + OFF_THE_WAY
                        for start in starts
                        for end in landings
                    )
                ):
                    shown.append(line[-1])
        return tuple(dict.fromkeys(shown))
    except KeyError:  # a spot with no place (a stand): anywhere
        return ()


def shown_then_lifted(
    overlap: Overlap[M], frame: Mapping[Spot, Reading], did: Touches
) -> list[tuple[M, ...]]:
    """The live lines the board showed whole from which ``frame`` differs only by pieces
    taken up since it last showed them: the next hand at work on a move from there (a
    chain's token boxed before its robot is stepped on). Two moves never shown apart
    that make ``frame`` at rest (``Overlap.pairs``) read the same board as complete;
    where they part from such a line at its first move, the board waits for the hand
    (issue 78, Robotory polarity blitz: a robot set on a token no sensor saw change,
    the other robot's chain, then the first robot's next token boxed, read as the
    other chain and the first robot's two steps)."""
    found: list[tuple[M, ...]] = []
    for line in overlap.live():
        rest = frame_diff(overlap.after(line).expected, frame)
        shown = overlap.before_gap.get(line, overlap.seen[line])
        if rest and all(
            reading == EMPTY and did.changed.get(spot, -math.inf) > shown for spot, reading in rest
        ):
            found.append(line)
    return found


def victim_may_lie(did: Touches, spot: Spot, victims: Iterable[Spot]) -> bool:
    """Whether the piece first read on ``spot`` may be a victim pushed aside: one of
    ``victims`` had left its cell by then, but for the sensors' blur."""
    return any(
        left <= did.first_at[spot] + did.blur(spot, victim)
        for victim in victims
        for left in did.lifts.get(victim, ())
    )
