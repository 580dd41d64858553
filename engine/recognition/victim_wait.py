"""The wait for a victim pushed aside: a line of moves the board would commit at once
that holds a quiet move which may be a capture whose victim was pushed onto the cell it
seems to land on, or a move landing where such a victim lies, waits as that move alone
does (issue 78, invariant three: where the board needs time to be sure, it waits
before committing).

Kept apart from the judgement of lines (``engine.recognition.line_judgement``) and from what
a victim pushed aside looks like on the cells (``engine.recognition.pushed_aside``):
this is how long the board waits, and from when.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from engine.physical import EMPTY, Spot
from engine.recognition.answers import Ambiguous, Assessment, Commit, Pending
from engine.recognition.pushed_aside import laid_aside, pushed_aside
from engine.recognition.read_again import ReadAgain
from engine.recognition.sensors import EPSILON

M = TypeVar("M", bound=Hashable)


class VictimWait(ReadAgain[M]):
    """How long a line waits for a victim pushed aside, and from when."""

    def _pushed_aside_waits(
        self, assessment: Assessment[M], now: float, question: tuple[M, ...] | None = None
    ) -> Assessment[M]:
        """A line of moves committed at once that holds a quiet move that may be a
        capture whose victim was pushed aside onto the cell it seems to land on
        (``pushed_aside.pushed_aside``) waits as that move alone does (``_judged``): until
        ``Timing.extend`` after the board first showed the line whole up to that move
        (the victim taken up meanwhile, the line is read again), or ok. Counted from
        then, not from the board's rest: the next player's hands going on end no wait
        and start none (a line held while they go on grew past reading). A
        ``question`` the board would settle on such a line stays open as long. Moves
        made while a question was open are read as such a line once it is answered
        (independent hands, Robot Duel seed 720092: a lion's capture read as the quiet
        move beside it, committed with the two drops before it as the players answered,
        the victim still lying there)."""
        if not isinstance(assessment, Commit) or not assessment.then:
            return assessment
        shown = self._pushed_aside_shown((assessment.move, *assessment.then))
        if shown is None or now >= shown + self.timing.extend - EPSILON:
            return assessment  # none, or the hand had its time, as a move alone has
        # the wait, counted as ``next_deadline`` counts a longer rest (from a move that
        # stands, if one does, else from the board's rest)
        standing = self.overlap.standing
        since = self._rest_from if standing is None else min(standing.since, self._rest_from)
        self._pushed = True
        self._longer_rest = shown + self.timing.extend - since
        if question is not None:
            return Ambiguous(question)
        return Pending((assessment.move,), self._rest_deadline(since, self._longer_rest))

    def _pushed_aside_shown(self, line: tuple[M, ...]) -> float | None:
        """When the board first showed ``line`` (from the position) whole up to its first
        move that may be a capture whose victim its capturer pushed aside onto the cell
        the move seems to land on (the board's rest, if it never showed that part
        alone), or the last landing on that cell if later: the piece there now came after
        the one that made the showing left (independent hands, Robot Duel seed 880049: a
        lion's capture made while a question was open, its victim pushed onto 1b and
        taken, showed 2b1b; 7 s later the next drop set down on 1b first was read as that
        move at once, a wrong record); None if no move of it may be. A cell a move
        before it in the line landed on swapped for that move
        (``pushed_aside.pushed_aside``, ``landed``). A move of it that lands where a
        victim pushed aside lies (``laid_aside``) waits too, from the later of that
        showing and the victim's landing there (``_laid_aside_shown``)."""
        if self.guide is not None or self._blind:
            return None
        landed: frozenset[Spot] = frozenset()
        left: frozenset[Spot] = frozenset()  # the cells the line's moves so far left
        laid: list[float] = []
        for step, footprint in enumerate(self.overlap.footprints(line)):
            index = self.overlap.after(line[:step]).index
            fills = frozenset(spot for spot, reading in footprint.changes if reading != EMPTY)
            if pushed_aside(index, footprint, self._did, landed):
                return max((self._laid_aside_shown(line[: step + 1], fills), *laid))
            # a victim laid where a move before it came from is asked about once that
            # move is played (the drop, or only set down: ``test_set_down``)
            if laid_aside((footprint,), self._did, only=fills - left):
                laid.append(self._laid_aside_shown(line[: step + 1], fills))
            landed |= fills | footprint.hidden
            left |= footprint.starts()
        return max(laid, default=None)

    def _laid_aside_shown(self, part: tuple[M, ...], fills: frozenset[Spot]) -> float:
        """When the wait for a victim pushed aside onto a cell ``part``'s last move
        ``fills`` begins. A line the board showed step by step is no surer of such a
        landing than a pair never shown apart (``_pairs_at_rest``): independent hands,
        Robot Duel seeds 792136 and 793037, a capture's victim pushed onto the
        neighbour read as the next player's drop there, or as a drop before the capture
        read as a quiet move. The victim lies there from its own landing, not from when
        the board first showed the move: a drop may have rested on that cell before it
        went on to the one its taker pushed it off (seed 792270)."""
        shown = self._shown_first(part)
        return max((shown, *(max(self._did.landings.get(s, (shown,))) for s in fills)))

    def _shown_first(self, part: tuple[M, ...]) -> float:
        """When the board first showed ``part`` whole (its rest, if never)."""
        seen = self.overlap.seen
        return self.overlap.shown(part).first if part in seen else self._rest_from
