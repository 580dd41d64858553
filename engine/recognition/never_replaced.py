"""Invariant three of recognition: a committed move is replaced only through a prompt
that offers it (docs/recognition.md). Reading the board again (``engine.recognition.
rereading``) may find that another move explains it better than the record's; whatever
made it so (the hand that played the move going on with its piece, a knock read as a
capture, the next player's hand at once), the record is never changed unasked, however
soon after the commit: a remote board, lishogi and the speaker have had the move. There
is no amend window (issue 78): where the board needs time to be sure, it waits before
committing; what it committed is asked about again, never replaced."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from engine.recognition.answers import Assessment, Reread, TakebackOffer
from engine.recognition.open_moves import in_order_first
from engine.recognition.seeing import Seeing

M = TypeVar("M", bound=Hashable)


class NeverReplaced(Seeing[M]):
    """The recognizer's guard on the record (module docstring)."""

    def _never_replaced_unasked(self, assessment: Assessment[M]) -> Assessment[M]:
        """A committed move is replaced only through a prompt that offers it: a reading
        again that would put another move in its place asks between the two, at the
        first ply where they part (the rest is read once it is answered); one that would
        drop it with nothing in its place (the board shows the position before it, its
        piece taken back) offers its takeback, which the players may decline."""
        position = self._position
        reread = isinstance(assessment, Reread) and assessment.back
        if not reread or position is None:
            return assessment
        assert isinstance(assessment, Reread)
        back, moves, choices = assessment.back, assessment.moves, assessment.choices
        stack = tuple(position.move_stack)
        if back > len(stack):
            return assessment
        old = stack[len(stack) - back :]
        for ply, recorded in enumerate(old):
            kept = stack[: len(stack) - back + ply]
            if ply < len(moves):
                if moves[ply] == recorded:
                    continue
                return self._asked_again(kept, (moves[ply], recorded))
            if choices:
                if recorded not in choices:
                    return self._asked_again(kept, (*choices, recorded))
                return assessment
            # the board the reading again takes back to may be the next moves' too: a
            # token set down and eaten at once by a robot walked back where it came from
            # (heavy soak, Robotory move 1865: takeback or play on asked, the two moves
            # played not offered)
            return TakebackOffer(back - ply, tuple(line[0] for line in self._forward()))
        return assessment

    def _forward(self) -> list[tuple[M, ...]]:
        """The lines from the record's position that make the board, each first move once
        (``_readings_here``), when the board reads lines at all."""
        if self._blind or self.guide is not None:
            return []
        firsts: dict[M, tuple[M, ...]] = {}
        for line in self._readings_here():
            if line:
                firsts.setdefault(line[0], line)
        return list(firsts.values())

    def _readings_here(self) -> list[tuple[M, ...]]:
        """The lines from the position that make the board: none, a move, moves shown
        one after another, or two the hands overlapped."""
        diff = self._diff()
        if not diff:
            return [()]
        candidates = self._candidates(diff)
        hands = self._hands()
        return in_order_first(
            [(c.move,) for c in candidates if self._in_order(c.footprint)],
            [(c.move,) for c in candidates],
            self.overlap.explaining(self._frame),
            lambda fallback: self.overlap.pairs(
                self._frame, hands, self._in_order, fallback=fallback
            ),
        )

    def _asked_again(self, kept: tuple[M, ...], choices: tuple[M, ...]) -> Reread[M]:
        """The record taken back to ``kept`` and asked about; the question stays open while
        the board is unchanged (else the board at rest commits what it shows at once)."""
        position = self._position
        assert position is not None
        self.rereading.asking(self._frame, kept, choices)
        return Reread(len(position.move_stack) - len(kept), (), choices)
