"""Whether a move the board showed whole still stands while the board goes on elsewhere:
the judgement of a move that stands, which ``Overlap`` inherits (``StandingJudgement``).

The board showed exactly one move; then changes began elsewhere (the next player is
already moving, a neighbour was knocked). The move is committed once its own spots have
stayed unchanged for the settle time, and only if no other legal move of the same player
keeps what it shows and involves the other changed spots (a capture of the piece now
lifted, a chain that goes on, a piece moved onto the cell where one was dropped). A
sliding piece never rests on a cell it passes for the settle time, so a cell it only
passed is never committed.

Kept apart from what the board showed (``engine.recognition.overlap``: the lines it
showed whole, the positions after them), which this reads and does not add to: that
record is one idea, and whether a change elsewhere is the standing move's hand going on
is another. Not in ``engine.recognition.standing`` beside the ``Standing`` value: that
holds values only, which the recognizer passes around without an overlap, while this
judgement reads the overlap's lines and positions (``after``, ``footprints``), so it is a
mixin of the overlap's, as ``OrderDoubts`` is the open moves' base's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Generic, TypeVar

from engine.physical import EMPTY, Footprint, Spot, frame_diff, spots_of
from engine.recognition.change_order import keeps
from engine.recognition.move_index import IndexedMove, MoveIndex
from engine.recognition.standing import After, Knocked, Standing, shared

M = TypeVar("M", bound=Hashable)


class StandingJudgement(Generic[M]):
    """The judgement of a move that stands (``Overlap`` inherits it): what it reads of
    the board is the overlap's own, declared here so the judgement may read it."""

    index: MoveIndex[M]
    seen: dict[tuple[M, ...], float]
    first: dict[tuple[M, ...], float]
    standing: Standing[M] | None
    knocked: Knocked[M] | None
    after: Callable[[tuple[M, ...]], After[M]]
    footprints: Callable[[tuple[M, ...]], list[Footprint]]

    def stands_again(
        self, changed: Mapping[Spot, float], rest_from: float, showing: frozenset[Spot]
    ) -> None:
        """After a commit, the next move the board showed whole before it stands, if its
        spots have not changed since (the board has gone on elsewhere: a token placed,
        then another player's robot on its way) and nothing else the board shows
        (``showing``) may be its hand going on (a broadside's next marble)."""
        if self.standing is not None:
            return
        singles = [
            IndexedMove(line[0], self.index.footprint(line[0]))
            for line, at in self.seen.items()
            if len(line) == 1
            and all(changed.get(s, 0.0) <= at for s in self.index.footprint(line[0]).spots())
        ]
        if not singles or len({c.footprint.changes for c in singles}) != 1:
            return
        since = min(self.first.get((c.move,), rest_from) for c in singles)
        spots = spots_of(c.footprint for c in singles)
        shown = singles[0].footprint.changed_spots()
        self.standing = Standing((), tuple(singles), since, shown, spots)
        if self.spoiled(sorted(showing - shown)):
            self.standing = None

    def line_standing(self, lines: list[tuple[M, ...]], now: float) -> Standing[M] | None:
        """What stands of the lines the board shows: the moves they all begin with, and
        the moves where they part when the board cannot tell those apart (a promotion,
        which piece was dropped: asked while the next player goes on)."""
        common = shared(lines)
        step = len(common)
        index = self.after(common).index
        parting = tuple(
            IndexedMove(move, index.footprint(move))
            for move in dict.fromkeys(line[step] for line in lines if len(line) > step)
        )
        alike = len({candidate.footprint.changes for candidate in parting}) == 1
        if parting and alike and all(len(line) > step for line in lines):
            prefix, lasts = common, parting  # they part where the board cannot tell
        elif common:
            prefix = common[:-1]
            lasts = (IndexedMove(common[-1], self.after(prefix).index.footprint(common[-1])),)
        else:
            return None
        line = (*prefix, lasts[0].move)
        footprints = [*self.footprints(prefix), *(c.footprint for c in lasts)]
        spots = spots_of(footprints)
        expected = self.after(()).expected
        shown = frozenset(s for s, _ in frame_diff(expected, self.after(line).expected))
        return Standing(prefix, lasts, now, shown, spots, lined=True)

    def moved(self, changed: frozenset[Spot]) -> None:
        """Spots changed: a standing move whose spots changed stands no more."""
        standing = self.standing
        if standing is not None and changed & standing.spots:
            self.standing = None
        if self.knocked is not None and changed & self.knocked.standing.spots:
            self.knocked = None

    def spoiled(self, extra: Iterable[Spot]) -> bool:
        """Whether a change on ``extra`` (spots the standing moves leave alone) may be the
        same hand going on with one of its moves: its last, or an earlier move of a line
        (both players' hands on the board, the first mover's not yet done)."""
        standing = self.standing
        if standing is None:
            return False
        spots = list(extra)
        index = self.after(standing.line).index
        if any(
            self.could_extend(candidate, spot, index)
            for candidate in standing.candidates
            for spot in spots
        ):
            return True
        for step, move in enumerate(standing.line):
            earlier = self.after(standing.line[:step]).index
            candidate = IndexedMove(move, earlier.footprint(move))
            if any(self.could_extend(candidate, spot, earlier) for spot in spots):
                return True
        return self.begun_by_next(standing, spots)

    def landed_for(self, filled: Iterable[Spot]) -> bool:
        """Whether a piece set down on ``filled`` (cells the standing moves leave alone,
        empty before) may be the standing move's own piece, the one seen landing the next
        player's, dropped from a stand no sensor reads: the same piece could have gone
        there from the same start, and that player then dropped a piece where it seems
        to land. No sensor tells which hand set which (both players' hands at once, a
        drop set down as the mover's piece was in the air; issue 78, the long property
        profile's dobutsu-both), so the board must settle as a whole."""
        standing = self.standing
        if standing is None:
            return False
        index = self.after(standing.line).index
        for candidate in standing.candidates:
            footprint = candidate.footprint
            starts = footprint.starts()
            landings = [(s, r) for s, r in footprint.changes if r != EMPTY]
            if not starts or len(landings) != 1:
                continue
            landing, reading = landings[0]
            for spot in filled:
                for other in index.changing(frozenset((spot,))) or ():
                    if other.footprint.starts() != starts or other.move == candidate.move:
                        continue
                    then = self.after((*standing.line, other.move)).index
                    if any(
                        drop.footprint.changes == ((landing, reading),)
                        and not drop.footprint.starts()
                        for drop in then.changing(frozenset((landing,))) or ()
                    ):
                        return True
        return False

    def begun_by_next(self, standing: Standing[M], spots: list[Spot]) -> bool:
        """Whether what a standing move changes beyond a shorter move the board showed
        whole before it (a chain's last token boxed as its robot rested), with a change on
        ``spots``, may be the next player's move after that shorter one, begun: no sensor
        tells whose hand boxed the token (the next player's robot's, lifted since)."""
        line, shown = standing.line, [s for s in self.seen if s[:-1] == standing.line]
        for candidate in standing.candidates:
            made = self.after((*line, candidate.move)).expected
            for shorter in (s for s in shown if s[-1] != candidate.move):
                after = self.after(shorter)
                beyond = frozenset(spot for spot, _ in frame_diff(after.expected, made))
                first = self.after(line).index.footprint(shorter[-1])
                for spot in spots if beyond and keeps(first, candidate.footprint) else ():
                    pool = after.index.changing(frozenset((spot,)))
                    if pool is None or any(beyond | {spot} <= o.footprint.spots() for o in pool):
                        return True
        return False

    def could_extend(
        self, candidate: IndexedMove[M], spot: Spot, index: MoveIndex[M] | None = None
    ) -> bool:
        """Whether another legal move of the same player (in ``index``'s position, by
        default this one) involves ``spot`` and every spot ``candidate`` changes, or
        moves the same pieces: the change there may be the same hand going on (the next
        marble of a line moved front first, the real victim of a capture lifted after a
        knock, a chain's next token, a piece moved onto a drop's cell) or setting its
        piece down elsewhere, or there are too many moves to tell. Pieces that landed in
        sight on cells that were empty go elsewhere only by leaving them again (a change
        of the candidate's own spots): only a candidate that lands unseen (a capture,
        whose victim's cell a knock leaves the same) may be setting its pieces down
        elsewhere meanwhile."""
        index = self.index if index is None else index
        footprint = candidate.footprint
        mine = footprint.changed_spots()
        taken = frozenset(spot for spot, reading in footprint.changes if reading == EMPTY)
        landed = len(footprint.changes) - len(taken)
        if not footprint.hidden and landed >= len(taken):
            taken = frozenset()  # every piece it took up is seen set down
        named = index.position.moves_continuing(candidate.move)
        pools: list[Iterable[IndexedMove[M]] | None] = [index.changing(frozenset((spot,)))]
        pools += [index.changing(frozenset((other,))) for other in sorted(mine)]
        if named is not None:
            pools.append([IndexedMove(move, index.footprint(move)) for move in named])
        for pool in pools:
            if pool is None:
                return True
            for other in pool:
                theirs = other.footprint.spots()
                if other.move == candidate.move or spot not in theirs:
                    continue
                if mine <= theirs or (taken and taken <= theirs):
                    return True  # it goes on, or its pieces may be going elsewhere
        return False
