"""Two moves the board never showed apart: both players' hands on the board at once,
the next player's piece lifted before the mover's landed, so no frame held the first
move whole. What the board saw one move at a time is the overlap's (``engine.
recognition.overlap``: the lines shown step by step, the positions after them); which
two moves the hands may have made together, in which turn order and whether they
overlapped in time at all, is this judgement's, a mixin of the overlap's as
``StandingJudgement`` is.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping
from typing import Generic, TypeVar

from engine.physical import EMPTY, Footprint, Reading, Spot, frame_diff
from engine.recognition.change_order import MARGIN, began, came_down_before_it_left, goes_on
from engine.recognition.move_index import IndexedMove, MoveIndex
from engine.recognition.sensors import Blur
from engine.recognition.standing import After, Hands

M = TypeVar("M", bound=Hashable)


class NeverShownApart(Generic[M]):
    """Pairs of moves the board never showed apart (``Overlap`` inherits it): what it
    reads of the board is the overlap's own, declared here so the judgement may read it."""

    index: MoveIndex[M]
    expected: dict[Spot, Reading]
    blur: Blur
    after: Callable[[tuple[M, ...]], After[M]]

    def pairs(
        self,
        frame: Mapping[Spot, Reading],
        hands: Hands,
        in_order: Callable[[Footprint], bool],
        first: M | None = None,
        *,
        fallback: bool = True,
        any_turn: bool = False,
        unseen: bool = False,
    ) -> list[tuple[M, ...]]:
        """Two moves one after another that make ``frame`` though the board never showed
        the first whole: both players' hands on the board at once (the next player's
        piece lifted before the mover's landed). Each move changes only spots the hands
        touched, every cell it must touch among them. The order of changes breaks ties
        (``MARGIN``): each move's own changes in an order it allows, and the first move
        seen to begin first (``Hands.first_at``: each spot's first change); when the turn
        order rules out every pair, the pairs whose moves each kept their own order are
        kept (both hands at once), unless ``fallback`` is off (another reading keeps the
        order: it stands). A pair with a move whose landing came well before its piece
        left is never kept: that is no swap faster than a scan (which leaves both in one
        frame), and the piece may still be in the air (heavy soak, move 3139). A reply
        that takes the piece the first move set down and lands there needs its cell filled
        twice (one that only boxes it, a robot's chain eating the token, does not). A single
        move that goes on from a pair's first is the same gesture (a chain whose steps
        came on fast). ``first``: only pairs that begin with this move (a move to play).
        ``any_turn``: the pairs whatever move began first (what the board may be).
        ``unseen``: only the pairs whose reply took the first's piece where it landed
        with no sensor seeing the swap (its cell filled once: a magnet taking over from a
        magnet), which no sensor tells from the reply's piece still in the hand."""
        found: list[tuple[tuple[M, ...], bool, bool]] = []  # pair, in turn, each in order
        touched, first_at = hands.touched, hands.first_at
        if len(touched) < 2:
            return []  # two moves change two spots at least
        singles = [c.footprint for c in self.index.matching(frame_diff(self.expected, frame))]
        # the spots last changed before the move that made the position began: the reply
        # is that move's player's next (or a later seat's), made after it; only the
        # first may have begun before it (the next player's hand at once)
        before = frozenset(s for s in touched if hands.last_at.get(s, math.inf) < hands.since)
        for opening in self._openings(touched):
            if first is not None and opening.move != first:
                continue
            if any(goes_on(opening.footprint, single) for single in singles):
                continue
            after = self.after((opening.move,))
            rest = frame_diff(after.expected, frame)
            if not rest:
                continue  # the first alone makes the board: not a pair
            first_began = began(opening.footprint, first_at)
            landed = {s for s, r in opening.footprint.changes if r != EMPTY}
            landed |= opening.footprint.hidden
            for reply in after.index.matching(rest):
                footprint = reply.footprint
                if not footprint.must_touch <= touched or not footprint.spots() & touched:
                    continue
                if not any_turn and footprint.spots() & before:
                    # a cell of the reply last changed before the move it answers
                    # began (heavy soak, Robotory move 2706: a robot lifted and
                    # set back as the token it would eat was placed, read as the chain
                    # and a token set where the robot stood, the chain's last step lost)
                    continue
                replaced = {
                    spot
                    for spot in footprint.must_touch & landed
                    if (spot, EMPTY) not in footprint.changes
                }
                # its piece was taken where the first landed: landed twice, unless asked
                # for the swaps no sensor saw
                if unseen != any(hands.fills.get(spot, 0) < 2 for spot in replaced):
                    continue
                in_turn = first_began <= began(footprint, first_at) + MARGIN or (
                    # a drop's hand began unseen (its piece from a stand no sensor reads):
                    # landed before the reply's piece left, the reply's hand only begun
                    # (a chain's token boxed), it may have begun first (independent hands,
                    # Robotory reed seed 950829: the mover's token landed 70 ms after the
                    # next player's chain boxed its first token, committed as the chain,
                    # then the drop). A cell read once the reply's piece is in the air
                    # may be that piece passing: no such drop
                    _begun_unseen_first(opening.footprint, footprint, hands)
                )
                each = in_order(opening.footprint) and in_order(footprint)
                # the first's piece taken where it landed: it landed there before the
                # reply's landing, and not well before it left (a piece set there by
                # the hand before, moved on, is another's: issue 78's independent
                # hands, Robot Duel seed 793033); a board read whatever the order
                # (``any_turn``) keeps the pair, to ask
                each = each and (
                    any_turn
                    or not any(
                        came_down_before_it_left(
                            opening.footprint,
                            spot,
                            hands.landings.get(spot, ()),
                            hands.lifted_at,
                            self.blur,
                        )
                        for spot in replaced
                    )
                )
                # both hands at once overlap in time: a reply made whole before any cell
                # of the first changed is no such pair, kept only to ask (a pair in turn
                # never is: its reply began after the first)
                each = each and (
                    in_turn
                    or any_turn
                    or not _made_before(footprint, opening.footprint, hands, self.blur)
                )
                found.append(((opening.move, reply.move), in_turn, each))
        fitting = [pair for pair, in_turn, each in found if (in_turn or any_turn) and each]
        if fitting or not fallback:
            return fitting
        # a move whose own landing came well before its piece left is no swap faster
        # than a scan (that leaves both in one frame): a piece may be in the air still
        return [pair for pair, _, each in found if each]

    def _openings(self, touched: frozenset[Spot]) -> Iterator[IndexedMove[M]]:
        """The legal moves that change only touched spots, every cell they must touch
        touched: what the first of two overlapping moves may be. None past ``MANY`` for
        a spot (a robot among thousands of chains): the hand has only begun there."""
        given: set[M] = set()
        for spot in sorted(touched):
            found = self.index.changing(frozenset((spot,)))
            for candidate in found or ():
                footprint = candidate.footprint
                if candidate.move in given or not footprint.changes:
                    continue
                if footprint.changed_spots() <= touched and footprint.must_touch <= touched:
                    given.add(candidate.move)
                    yield candidate


def _begun_unseen_first(drop: Footprint, reply: Footprint, hands: Hands) -> bool:
    """Whether ``drop`` (a move that empties no cell) landed before ``reply``'s piece
    left its cell and before the reply was whole: its hand, begun where no sensor sees,
    may have set off before the reply's."""
    if drop.starts():
        return False
    landed = max(
        (times[-1] for spot in drop.changed_spots() if (times := hands.landings.get(spot))),
        default=math.inf,
    )
    left = min((hands.lifted_at.get(spot, math.inf) for spot in reply.starts()), default=math.inf)
    own = reply.changed_spots()
    whole = bool(own) and all(
        spot in hands.last_at and hands.last_at[spot] + MARGIN < landed for spot in own
    )
    return landed < left and not whole


def _made_before(reply: Footprint, first: Footprint, hands: Hands, blur: Blur) -> bool:
    """Whether ``reply`` was made whole, every cell it changes done changing, before any
    cell of ``first`` first changed (past the sensors' blur between them): no hands were
    on the board at once, so the pair's turn order is not what the hands did. The move
    before ``first`` went on instead (a line's second marble rolled just after the next
    player's hand touched a marble, its first one committed; independent hands, Abalone
    seed 950327), and the board asks rather than commit the pair. A drop's piece comes
    from a stand no sensor reads: nothing tells when its hand began. A reply on a cell of
    ``first`` (a capture of the piece just moved, its capturer lifted before the victim
    arrived) lands there after it began, whatever its other cells show: only a reply on
    cells of its own can be whole before."""
    own = reply.changed_spots()
    if (
        not first.starts()
        or not own
        or reply.spots() & first.spots()
        or not own <= hands.last_at.keys()
    ):
        return False
    start = began(first, hands.first_at)
    spots = sorted(first.spots())
    return all(
        hands.last_at[spot] < start - max(blur(spot, other) for other in spots) for spot in own
    )
