"""The judgement of the lines the board showed: played, or asked when a hand may still
be at work on them or a piece set down on the way is not explained by them.

A line is read both where a single move makes the board (the board went on past it) and
where none does (``engine.recognition.no_single_move``), so its judgement sits below both
in the recognizer's chain of layers; how long a line waits for a victim pushed aside is
the layer beneath (``engine.recognition.victim_wait``).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Frame, Reading, Spot, spots_of
from engine.recognition.answers import Ambiguous, Assessment, Commit, Correction, Moving, Unplayed
from engine.recognition.at_work import at_work
from engine.recognition.guidance import correction, remaining
from engine.recognition.move_index import DiffKey
from engine.recognition.pushed_aside import victims_laid_aside
from engine.recognition.sensors import EPSILON
from engine.recognition.shown import set_down_off_the_way, shown_then_taken_up
from engine.recognition.two_as_one import first_from_a_refilled_cell
from engine.recognition.victim_wait import VictimWait

M = TypeVar("M", bound=Hashable)


class LineJudgement(VictimWait[M]):
    """Plays or asks the lines the board showed."""

    def _leaves_set_down(self, line: tuple[M, ...]) -> bool:
        """Whether ``line`` leaves alone a cell a piece was set down on and taken up from,
        which no move of the line made (more moves than it, never shown whole), nor a
        victim of its captures lay on, pushed aside (``pushed_aside.victims_laid_aside``)."""
        footprints = self.overlap.footprints(line)
        spots = spots_of(footprints)
        left = self._did.set_down_and_taken_up(self._expected, self._frame) - spots
        return bool(left - victims_laid_aside(left, footprints, self._did))

    def _lined(self, lines: list[tuple[M, ...]]) -> Assessment[M]:
        """The lines the board showed, played or asked; lines a hand still at work makes
        too (``engine.recognition.at_work``) are asked, the piece perhaps in the hand."""
        carried = self._did.carried_over(self._expected, self._frame)
        footprints = [self.overlap.footprints(line) for line in lines]
        spot = at_work(footprints, carried, self._looks_lifted, self.index.reaches, self._order)
        if spot is None:
            lined = self.overlap.lined(lines, self.timing.pause - EPSILON)
            if not isinstance(lined, Commit):
                return lined
            others = self._first_set_down_elsewhere(lined.move, lines)
            if others:
                return Ambiguous((*others, lined.move))
            played = (lined.move, *lined.then)
            instead = first_from_a_refilled_cell(
                self.index, self.overlap.footprints(played), self._did, self._expected, self._frame
            )
            if instead:
                return Ambiguous((*instead, lined.move))
            if lined.then and self._last_set_down_off_its_way((lined.move, *lined.then)):
                # the moves before it are played; it is read alone after them, and asked
                return Commit(lined.move, lined.then[:-1])
            return lined
        if self._held_said:  # the players said so: the board waits for it
            return Moving(self._hints(self._lifted_spots()), self._remaining(self._diff()))
        return Ambiguous(tuple(dict.fromkeys(line[0] for line in lines)), Unplayed(spot, held=True))

    def _first_set_down_elsewhere(self, first: M, lines: list[tuple[M, ...]]) -> tuple[M, ...]:
        """The moves the board showed whole whose piece stood on another cell as
        ``first`` landed (``shown_then_taken_up``) or was set down off ``first``'s way
        (``set_down_off_the_way``), on a cell no move of ``lines`` (each begun by
        ``first``) explains: the moves ``_alone_or_asked`` asks beside a move played
        alone. The line's first move is then asked, not played: the piece that stood
        there may be the one moved, taken up again by its own hand's next move (Robot
        Duel reed, independent hands seed 710054: a lion set on 3a, then on 3c, the
        next player's drop, then the lion taking a piece, its victim laid aside, read as
        the lion moved to the drop's cell and a drop where the victim lay)."""
        footprint = self.index.footprint(first)
        spots = spots_of(f for line in lines for f in self.overlap.footprints(line))
        if self._did.handled <= spots:
            return ()
        taken = self._stood_elsewhere(footprint, self._frame, spots - footprint.spots())
        return tuple(dict.fromkeys(move for move in taken if move != first))

    def _stood_elsewhere(
        self, footprint: Footprint, frame: Frame, explained: frozenset[Spot] = frozenset()
    ) -> tuple[M, ...]:
        """The single moves the board showed whole whose piece stood on another cell as
        ``footprint``'s move landed (``shown_then_taken_up``) or was set down off its way
        (``set_down_off_the_way``), on cells outside ``explained``: the same board may be
        that move, its piece taken up again by a hand."""
        did = self._did
        taken = shown_then_taken_up(self.overlap, footprint, frame, did, explained=explained)
        return taken + set_down_off_the_way(
            self.overlap, footprint, frame, did, explained=explained
        )

    def _last_set_down_off_its_way(self, line: tuple[M, ...]) -> bool:
        """Whether the board showed the piece of ``line``'s last move set down off its
        way (``set_down_off_the_way``) on a cell no move of the line explains: that move
        is the one ``_alone_or_asked`` asks about when it is played alone."""
        footprints = self.overlap.footprints(line)
        spots = spots_of(footprints)
        if self._did.handled <= spots:
            return False
        return bool(
            set_down_off_the_way(self.overlap, footprints[-1], self._frame, self._did, line[:-1])
        )

    def _remaining(self, diff: DiffKey) -> tuple[tuple[Spot, Reading], ...]:
        return remaining(self.index, self._expected, frozenset(self._did.now), diff)

    def _lifted_spots(self) -> list[Spot]:
        # from the diff: a spot that reads EMPTY there was not expected EMPTY
        return sorted(
            (spot for spot, now in self._diff() if now == EMPTY), key=self._order.__getitem__
        )

    def _correction(self) -> Correction:
        return correction(self._expected, self._frame, self.sensed, self._order)
