"""The other victim: a capture the board read from a cell that swapped, and the victim
set down where its capturer came from.

Where the sensors see only whether a cell holds a piece, a capture changes nothing on
its victim's cell: the victim is taken off and the capturer set on. The board tells it
from a knock put back only by when the swap came (after the capturer left). So when the
capturer is lifted, a neighbour it could have taken is knocked off and back in that
moment, and the capturer is held a while before it is set down on its real victim, the
board has read the capture of the knocked piece, and the real landing, later, looks like
a knock. A swap after the capture, on another cell the same piece could have taken, its
own victim's cell untouched since, makes that other capture as likely as the recorded
one: the board asks which (docs/architecture.md, "Fast hands").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import replace
from itertools import pairwise
from typing import TypeVar

from engine.game import Position
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot, frame_diff
from engine.recognition.change_order import MARGIN, began
from engine.recognition.move_index import IndexedMove
from engine.recognition.overlap import DEPTH, Overlap
from engine.recognition.sensors import EPSILON
from engine.recognition.touches import Touches

M = TypeVar("M", bound=Hashable)

MOMENT = 0.15
"""How near a capture's lift its victim's cell may swap and be a knock of that lift (a
hand's own travel from the capturer to its victim takes longer)."""


def other_victims(
    position: Position[M], sensing: Sensing, sensed: frozenset[Spot], did: Touches
) -> tuple[M, ...]:
    """The moves that could have been played instead of ``position``'s last one: the
    same changes the sensors see, their hidden cells (the victims) among those that
    swapped since it was played, while its own victim's cell was not touched since
    (``did``: what the hands did since it was played). Empty when it took nothing
    unseen."""
    swapped = did.swapped()
    if not position.move_stack or not swapped:
        return ()
    touched = frozenset(spot for spot, at in did.changed.items() if at > did.began)
    before, last, looks, _ = _last(position, sensing, sensed)
    if not looks.hidden or looks.hidden & touched:
        return ()
    others = []
    for move in before.legal_moves():
        if move == last:
            continue
        other = before.footprint(move, sensing).restricted(sensed)
        if other.changes == looks.changes and other.hidden and other.hidden <= swapped:
            others.append(move)
    return tuple(others)


def parked_capture(matching: Iterable[IndexedMove[M]], did: Touches) -> M | None:
    """The only capture among the moves that make the board (``matching``) whose victim's
    cell and origin the hands emptied and filled again in this position, its victim's
    cell before the pieces last rested as the position (so no longer among the touched):
    its victim was set down a while where the capturer came from, then taken off. The
    same board as the capturer held in the air after two knocks put back, so the
    recognizer plays it only when the player says the move is done (ok, the clock)."""
    parked = []
    for candidate in matching:
        footprint = candidate.footprint
        origins = frozenset(s for s, reading in footprint.changes if reading == EMPTY)
        if (
            footprint.must_touch
            and not footprint.must_touch <= did.touched
            and all(did.fills.get(spot, 0) for spot in footprint.must_touch | origins)
        ):
            parked.append(candidate.move)
    return parked[0] if len(parked) == 1 else None


def landed_unseen(
    matching: Iterable[IndexedMove[M]], did: Touches, in_order: Callable[[Footprint], bool]
) -> tuple[M, ...]:
    """The moves that make the board but for a cell they change unseen that no sensor saw
    touched (``must_touch``): the last piece set on its victim's cell as the victim
    left, a magnet taking over from a magnet, the reed never opened (issue 78: Robotory,
    a robot set on the last token of its chain, 5 moves in 1,000 at the clean pace). No
    sensor tells it from the piece held in the air, so once the board has rested as long
    as any unexplained board (``Timing.grace``) it asks, the piece perhaps in the hand;
    a hand that sets the piece down closes the question."""
    touched = frozenset(did.touched)
    return tuple(
        candidate.move
        for candidate in matching
        if not candidate.footprint.must_touch <= touched
        and in_order(_as_seen(candidate.footprint, did))
    )


def landed_unseen_after_a_touch(
    matching: Iterable[IndexedMove[M]], did: Touches, in_order: Callable[[Footprint], bool]
) -> tuple[M, ...]:
    """The moves ``landed_unseen`` leaves out because its victim's cell was filled again
    before the move's piece left where it stood: no landing of that piece (one piece is
    never on two cells: the last move's piece lifted and put back, a knock set right), so
    it orders nothing. Asked beside the moves ``landed_unseen`` finds, never alone: a
    knock put back, then a piece held in the air, is the same board (the heavy soak,
    Robot Duel, seed 3 move 1564: a lion lifted and put back after its move, then taken
    by a lion set on it as it left, the reed never opened, was asked as the other
    capture or still in the hand, not as itself)."""
    touched = frozenset(did.touched)
    return tuple(
        candidate.move
        for candidate in matching
        if not candidate.footprint.must_touch <= touched
        and not in_order(_as_seen(candidate.footprint, did))
        and in_order(_as_seen(candidate.footprint, did, _left(candidate.footprint, did)))
    )


def _left(footprint: Footprint, did: Touches) -> float:
    """When the last of ``footprint``'s pieces left where it stood (the position's start
    if none is seen leaving)."""
    return max((did.changed[s] for s in footprint.starts() if s in did.changed), default=did.began)


def _as_seen(footprint: Footprint, did: Touches, began: float | None = None) -> Footprint:
    """``footprint`` without the cells it changes unseen whose last fill came before the
    position began (or ``began``: the board last showed the line the move follows): a
    piece then (a token placed, or a knock put back, moves before) is the one the move's
    own was set on, no time of its landing, so it orders nothing (issue 78: Robotory reed
    blitz, a robot's chain read out of order by a knock on its last token before the
    move it answers was committed, the board waiting for a piece in the hand). A cell
    filled later (a knock put back before the piece left) still orders the move
    (``landed_unseen_after_a_touch`` reads it as of the time the piece left)."""
    since = did.began if began is None else began
    seen = frozenset(s for s in footprint.hidden if did.filled_at.get(s, since) > since)
    return replace(footprint, hidden=seen)


def shown_then_unseen(
    overlap: Overlap[M],
    frame: Mapping[Spot, Reading],
    did: Touches,
    in_order: Callable[[Footprint], bool],
) -> list[tuple[M, ...]]:
    """The lines the board showed whole, each then one move that makes ``frame`` but for
    a cell it changes unseen since the board last showed the line: the next player's move
    gone on with at once, its piece set where one was taken up, one magnet taking over
    from the other (issue 78: Robotory's polarity board at blitz, a token placed and
    eaten 0.4 s later by a chain whose robot landed on its last token unseen; Robot
    Duel's at blitz, a lion's capture shown whole, then the chick beside it taking the
    lion on that cell, neither swap read). Its other changes came after the line was
    shown. The board showed the first moves, and no sensor tells the last from its
    piece still in the hand: only asked about."""
    found: list[tuple[M, ...]] = []
    for line, at in overlap.seen.items():
        shown = overlap.before_gap.get(line, at)
        since = frozenset(spot for spot, when in did.changed.items() if when > shown)
        after = overlap.after(line)
        for candidate in after.index.matching(frame_diff(after.expected, frame)):
            footprint = candidate.footprint
            if footprint.must_touch <= since or not footprint.changed_spots() <= since:
                continue
            if in_order(_as_seen(footprint, did, shown)):
                found.append((*line, candidate.move))
    return found


def begun_unseen(
    overlap: Overlap[M],
    frame: Mapping[Spot, Reading],
    did: Touches,
    in_order: Callable[[Footprint], bool],
) -> list[tuple[M, ...]]:
    """The lines of two to ``DEPTH`` moves from ``overlap``'s position that make
    ``frame`` and begin with a move that landed where no sensor saw a cell it must touch
    touched (a robot set on the
    last token of its chain as the hand boxed it, the reed never opening), each
    later move making changes the first leaves, its cells touched, in the order they
    came. The board never showed the first move whole, so no line the board showed
    begins with it; no sensor tells it from the piece still in the hand, so such a
    line is only asked about (issue 78: Robotory, a robot landing unseen and the
    next player's token set at once)."""
    diff = dict(frame_diff(overlap.expected, frame))
    touched = frozenset(did.touched)
    found: list[tuple[M, ...]] = []

    def fits(footprint: Footprint, rest: Mapping[Spot, Reading], unseen: frozenset[Spot]) -> bool:
        # a later move may land unseen only where the first did: the piece it takes was
        # set there by a magnet taking over, and is taken the same way
        return (
            bool(footprint.changes)
            and all(rest.get(spot) == reading for spot, reading in footprint.changes)
            and footprint.must_touch <= touched | unseen
            and footprint.changed_spots() <= touched
            and in_order(_as_seen(footprint, did))
        )

    # lines of the same moves after the same first, leaving the same cells: one is read
    tried: set[tuple[M, frozenset[M], frozenset[tuple[Spot, Reading]]]] = set()

    def extend(line: tuple[M, ...], rest: dict[Spot, Reading], unseen: frozenset[Spot]) -> None:
        if not rest:
            found.append(line)
            return
        key = (line[0], frozenset(line), frozenset(rest.items()))
        if len(line) >= DEPTH or key in tried:
            return
        tried.add(key)
        index = overlap.after(line).index
        # any spot left may change next: a move may need one made after it (a token
        # placed, then eaten by a robot that leaves a cell sorted before it)
        candidates = {
            candidate.move: candidate
            for spot in sorted(rest)
            for candidate in index.changing(frozenset((spot,))) or ()
        }
        # the moves begun first are tried first: of lines of the same moves, the one in
        # the order the hands began them is read
        for candidate in sorted(
            candidates.values(), key=lambda c: began(c.footprint, did.first_at)
        ):
            if fits(candidate.footprint, rest, unseen):
                left = {
                    s: r for s, r in rest.items() if s not in candidate.footprint.changed_spots()
                }
                extend((*line, candidate.move), left, unseen)

    for spot in sorted(diff):
        for opening in overlap.index.changing(frozenset((spot,))) or ():
            footprint = opening.footprint
            unseen = _unseen_when_made(footprint, did)
            if not unseen or not in_order(_as_seen(footprint, did)):
                continue
            if not all(diff.get(s) == r for s, r in footprint.changes):
                continue
            rest = {s: r for s, r in diff.items() if s not in footprint.changed_spots()}
            if rest:
                extend((opening.move,), rest, unseen)
    return list(dict.fromkeys(found))


def begun_unseen_in_turn(
    overlap: Overlap[M],
    frame: Mapping[Spot, Reading],
    did: Touches,
    in_order: Callable[[Footprint], bool],
) -> list[tuple[M, ...]]:
    """The lines of ``begun_unseen`` whose moves began one after another, each no
    earlier than the one before it (by the board's blur): a robot stepped on a token no
    sensor saw, the other player's move, then the first robot walked on (issue 78,
    Robotory reed brisk). A line the board read whole at rest (two moves, one nested in
    the first's pause) makes the same board with the first robot's steps as one chain."""
    found: list[tuple[M, ...]] = []
    for line in begun_unseen(overlap, frame, did, in_order):
        starts = [began(footprint, did.first_at) for footprint in overlap.footprints(line)]
        if all(later >= earlier - MARGIN for earlier, later in pairwise(starts)):
            found.append(line)
    return found


def gone_on_from_unseen(
    overlap: Overlap[M],
    move: M,
    frame: Mapping[Spot, Reading],
    did: Touches,
    in_order: Callable[[Footprint], bool],
) -> list[tuple[M, ...]]:
    """The moves after ``move`` of the lines ``move`` begun unseen that make ``frame``,
    begun one after another (``begun_unseen_in_turn``): once the players say ``move``
    was made (a robot set on a token, one magnet taking over, asked after the next
    players had placed four tokens: issue 78, Robotory's polarity board at blitz, move
    2164), the board reads on from it as from a line it showed. Only a move a cell of
    which no sensor saw touched at all: a capture whose victim was seen taken up after
    its capturer left is no landing unseen, and a line read on from it would take the
    capturer's landing for the next move's touch (Robot Duel's reed board at brisk, a
    lion's 0.6 s dropout after the elephant took on 2c read as the lion taking it). Or a
    cell first touched only after the move was made, by a later move of the line leaving
    it: the piece that landed there unseen walked on (Robotory's reed board at brisk, a
    robot set on its chain's last token as the hand boxed it, the reed never opening,
    two tokens placed, then the robot walked on from that cell; move 2948)."""
    footprint = overlap.index.footprint(move)
    unseen = _unseen_when_made(footprint, did)
    if not unseen:
        return []
    never = any(spot not in did.first_at for spot in footprint.must_touch)
    lines: list[tuple[M, ...]] = []
    for line in begun_unseen_in_turn(overlap, frame, did, in_order):
        if line[0] != move or not line[1:]:
            continue
        left = frozenset().union(*(later.starts() for later in overlap.footprints(line)[1:]))
        if never or unseen & left:
            lines.append(line[1:])
    return lines


def _unseen_when_made(footprint: Footprint, did: Touches) -> frozenset[Spot]:
    """The cells ``footprint`` must touch that no sensor saw touched by the time its own
    changes were made: never since the position began, or first only after (the same
    robot walked on from the cell it landed on unseen, a token placed between: issue 78,
    Robotory's polarity board at blitz)."""
    made = max((did.first_at.get(s, math.inf) for s in footprint.changed_spots()), default=0.0)
    return frozenset(
        s for s in footprint.must_touch if did.first_at.get(s, math.inf) > made + EPSILON
    )


def _last(
    position: Position[M], sensing: Sensing, sensed: frozenset[Spot]
) -> tuple[Position[M], M, Footprint, int]:
    """The position before its last move the board shows, that move, how the sensors
    see it, and how many plies back it is: the moves after it that change nothing
    sensed (a roll, a lost turn) belong with it."""
    before = position.copy()
    back = 0
    while True:
        last = before.pop()
        back += 1
        looks = before.footprint(last, sensing).restricted(sensed)
        if looks.changes or looks.hidden or not before.move_stack:
            return before, last, looks, back


def plies_back(position: Position[M], sensing: Sensing, sensed: frozenset[Spot]) -> int:
    """How many plies back ``position``'s last move the board shows is, the moves after
    it that change nothing sensed (a roll, a lost turn) counted with it."""
    return _last(position, sensing, sensed)[3]


def knocked_at_lift(
    position: Position[M],
    sensing: Sensing,
    sensed: frozenset[Spot],
    lifts: Mapping[Spot, tuple[float, ...]],
) -> bool:
    """Whether ``position``'s last move took a piece unseen whose cell swapped within a
    moment of the capturer's lift (``lifts``: when each cell's piece left, as its move
    was made): a knock of the lifting hand reads so, the capturer still in the air."""
    if not position.move_stack:
        return False
    _, _, looks, _ = _last(position, sensing, sensed)
    return swapped_at_lift(looks, lifts)


def swapped_at_lift(looks: Footprint, lifts: Mapping[Spot, tuple[float, ...]]) -> bool:
    """Whether a move that takes pieces unseen (``looks``) had each victim's cell swap
    within a moment of its capturer's lift (``lifts``: each time a piece left each
    cell; a knock put back earlier is no alibi): a knock of the lifting hand reads so,
    the capturer still in the air."""
    origins = [at for spot in looks.starts() for at in lifts.get(spot, ())]
    return bool(looks.hidden) and all(
        any(abs(lifted - at) <= MOMENT for lifted in lifts.get(spot, ()) for at in origins)
        for spot in looks.hidden
    )


def came_back_before_lift(
    looks: Footprint,
    lifts: Mapping[Spot, tuple[float, ...]],
    changed: Mapping[Spot, float],
    touched: frozenset[Spot],
) -> bool:
    """Whether a move that takes pieces unseen (``looks``) had each victim's cell, touched
    for it (``touched``), last read a piece again (``changed``) before its capturer
    first left (``lifts``): a capturer slid in reads so only on sensors that read it on
    two cells at once, and a knock put back just before the capturer was lifted reads
    so too."""
    origins = [at for spot in looks.starts() for at in lifts.get(spot, ())]
    return bool(looks.hidden and origins) and all(
        spot in touched and spot in changed and changed[spot] < min(origins)
        for spot in looks.hidden
    )


def ends_in_the_air(
    position: Position[M], move: IndexedMove[M], lifts: Mapping[Spot, tuple[float, ...]]
) -> bool:
    """Whether ``move`` ends the game by a capture the board read from a swap within a
    moment of its capturer's lift (``swapped_at_lift``). Such a capture is read again
    when its capturer lands elsewhere, but a game it ended reads no next move: if the
    next player's hand comes first, the knock's capture would stay the record. So the
    board waits for such a capture as for a move that may go on, and longer."""
    if not swapped_at_lift(move.footprint, lifts):
        return False
    after = position.copy()
    after.push(move.move)
    return after.outcome() is not None


def other_landings(
    position: Position[M],
    sensing: Sensing,
    sensed: frozenset[Spot],
    frame: Mapping[Spot, Reading],
    did: Touches,
) -> tuple[M, ...]:
    """The moves of the last move's piece that make ``frame`` from the position before
    it, their landing made since it was played, its victim's cell untouched since: the
    capturer was in the air, the recorded capture a knock (``knocked_at_lift``)."""
    before, last, looks, _ = _last(position, sensing, sensed)
    start = before.expected_frame(sensing)
    diff = {
        spot: reading
        for spot in sensed
        if (reading := frame.get(spot, EMPTY)) != start.get(spot, EMPTY)
    }
    return _landings(before, last, looks, diff, sensing=sensing, sensed=sensed, did=did)


def landings_gone_on(
    position: Position[M],
    sensing: Sensing,
    sensed: frozenset[Spot],
    frame: Mapping[Spot, Reading],
    did: Touches,
) -> tuple[M, ...]:
    """The other landings of the last move's piece (``other_landings``) after which one
    move of the next player, its cells touched since, makes ``frame``: their hand began
    before the board rested with the piece landed (a lion held in the air after a
    knock read as its capture, set down, and the reply made at once)."""
    before, last, looks, _ = _last(position, sensing, sensed)
    since = frozenset(spot for spot, at in did.changed.items() if at > did.began)
    lines = []
    for move in _landings(before, last, looks, None, sensing=sensing, sensed=sensed, did=did):
        after = before.copy()
        after.push(move)
        made = after.expected_frame(sensing)
        rest = frozenset(
            (spot, frame.get(spot, EMPTY))
            for spot in sensed
            if frame.get(spot, EMPTY) != made.get(spot, EMPTY)
        )
        if rest and any(
            frozenset(footprint.changes) == rest and footprint.spots() <= since
            for footprint in (
                after.footprint(reply, sensing).restricted(sensed)
                for reply in after.moves_changing(frozenset(spot for spot, _ in rest))
            )
        ):
            lines.append(move)
    return tuple(lines)


def landings_filled_by(
    position: Position[M], sensing: Sensing, sensed: frozenset[Spot], move: M, did: Touches
) -> tuple[M, ...]:
    """The other landings (``other_landings``) of the last move's piece that ``move``,
    the next player's drop, would be read from instead: it only fills cells, and those
    the last move's piece could have landed on. When the next player's hand follows at
    once, the board never rests with the piece landed, so this is asked before the drop
    is played, as it is at rest."""
    footprint = position.footprint(move, sensing).restricted(sensed)
    if footprint.hidden or any(reading == EMPTY for _, reading in footprint.changes):
        return ()
    before, last, looks, _ = _last(position, sensing, sensed)
    diff = dict(looks.changes)
    diff.update(footprint.changes)
    # a cell the drop fills as it read before the last move (a token placed where the
    # robot ate one) changes nothing from there: the other landing hides it too
    expected = before.expected_frame(sensing)
    diff = {spot: reading for spot, reading in diff.items() if expected.get(spot, EMPTY) != reading}
    return _landings(before, last, looks, diff, sensing=sensing, sensed=sensed, did=did)


def on_its_way(position: Position[M], sensing: Sensing, sensed: frozenset[Spot], move: M) -> bool:
    """Whether ``move`` (the next player's drop) fills a cell the last move emptied on its
    way, neither where its piece began nor where it ended: a robot's chain's eaten token."""
    if not position.move_stack:
        return False
    footprint = position.footprint(move, sensing).restricted(sensed)
    filled = {spot for spot, reading in footprint.changes if reading != EMPTY}
    _, _, looks, _ = _last(position, sensing, sensed)
    emptied = {spot for spot, reading in looks.changes if reading == EMPTY} - looks.starts()
    return bool(filled & emptied)


def _landings(
    before: Position[M],
    last: M,
    looks: Footprint,
    diff: Mapping[Spot, Reading] | None,
    *,
    sensing: Sensing,
    sensed: frozenset[Spot],
    did: Touches,
) -> tuple[M, ...]:
    since = frozenset(spot for spot, at in did.changed.items() if at > did.began)
    if not looks.hidden or looks.hidden & since:
        return ()
    left = looks.starts()
    others = []
    for move in before.legal_moves():
        if move == last:
            continue
        other = before.footprint(move, sensing).restricted(sensed)
        if looks.hidden & other.spots():
            continue  # it takes the victim too: no knock (a chain that ate on, read again)
        landed = other.spots() - looks.spots()
        made = diff is None or dict(other.changes) == diff  # None: any landing since
        if left <= other.starts() and made and landed <= since:
            others.append(move)
    return tuple(others)


def set_down_where_it_left(
    position: Position[M], sensing: Sensing, sensed: frozenset[Spot], move: M
) -> tuple[Spot, frozenset[Spot]] | None:
    """The cell ``move`` only fills (a drop, a token placed), when ``position``'s last
    move took pieces off the board and left that cell: the hand that took a victim may
    lay it there a while before it goes to the hand or the box, and no sensor tells it
    from a piece put there (under polarity it even faces the way the dropper's do).
    With it, the cells that last move landed on (when it was done)."""
    if not position.move_stack:
        return None
    footprint = position.footprint(move, sensing).restricted(sensed)
    if len(footprint.changes) != 1 or footprint.hidden:
        return None
    spot, reading = footprint.changes[0]
    if reading == EMPTY:
        return None
    before, _, looks, _ = _last(position, sensing, sensed)
    if spot not in looks.starts() or not _took_pieces_off(before, position):
        return None
    return spot, looks.spots() - looks.starts()


def _took_pieces_off(before: Position[M], after: Position[M]) -> bool:
    cells = frozenset(before.game.cells)

    def on_board(position: Position[M]) -> int:
        return sum(len(stack) for spot, stack in position.layout().items() if spot in cells)

    return on_board(after) < on_board(before)
