"""Invariant three of recognition: a committed move is replaced only through a prompt
that offers it (docs/recognition.md). Reading the board again (``engine.recognition.
rereading``) may find that another move explains it better than the record's; a hand
that went on with the recorded piece is followed, and anything else is asked."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import TypeVar

from engine.game import Position
from engine.physical import EMPTY, Spot
from engine.recognition.answers import Assessment, Reread
from engine.recognition.change_order import moved_on
from engine.recognition.seeing import Seeing

M = TypeVar("M", bound=Hashable)


class NeverReplaced(Seeing[M]):
    """The recognizer's guard on the record (module docstring)."""

    # the record's capture was a knock read as the capturer was lifted, and its piece
    # has landed where only it explains the board (``engine.recognition.victims.
    # other_landings``): the move recorded was never played, and the record follows
    _knock_followed = False

    def _never_replaced_unasked(self, assessment: Assessment[M]) -> Assessment[M]:
        """A committed move is replaced only through a prompt that offers it. The record
        follows a hand that went on with its piece (set down on a cell, recorded, then
        lifted from there and moved on: the same piece from the same cell); any other
        reading again that would put another move in its place asks between the two."""
        position = self._position
        reread = isinstance(assessment, Reread) and assessment.back
        if not reread or position is None or self._knock_followed:
            return assessment
        assert isinstance(assessment, Reread)
        back, moves, choices = assessment.back, assessment.moves, assessment.choices
        stack = tuple(position.move_stack)
        if back > len(stack):
            return assessment
        old = stack[len(stack) - back :]
        for ply, recorded in enumerate(old):
            if ply < len(moves):
                if moves[ply] == recorded:
                    continue
                if self._moved_on(stack[: len(stack) - back + ply], recorded, moves[ply]):
                    return assessment
                return self._asked_again(stack[: len(stack) - back + ply], (moves[ply], recorded))
            if ply == len(moves) and choices and recorded not in choices:
                return self._asked_again(stack[: len(stack) - back + ply], (*choices, recorded))
            return assessment
        return assessment

    def _asked_again(self, kept: tuple[M, ...], choices: tuple[M, ...]) -> Reread[M]:
        """The record taken back to ``kept`` and asked about; the question stays open while
        the board is unchanged (else the board at rest commits what it shows at once)."""
        position = self._position
        assert position is not None
        self.rereading.asking(self._frame, kept, choices)
        return Reread(len(position.move_stack) - len(kept), (), choices)

    def _moved_on(self, before: tuple[M, ...], recorded: M, instead: M) -> bool:
        """Whether ``instead`` is the hand going on with ``recorded``: it makes every change
        ``recorded`` made (a line of marbles pushed further, a broadside from a marble
        moved), or moves its piece on (both leave the same cell, and every cell
        ``recorded`` set a piece on read it and was emptied again since: ``moved_on``).
        A landing that came first only within the sensors' blur may as well be the next
        player's piece put there (a drop, a token placed) as its hand took up the recorded
        piece: then it is no hand going on, and the board asks."""
        position = self._position
        base = self.rereading.base
        if position is None or base is None:
            return False
        at = position.copy()
        while len(at.move_stack) > len(before):
            at.pop()
        old = at.footprint(recorded, self.sensing).restricted(self.sensed)
        new = at.footprint(instead, self.sensing).restricted(self.sensed)
        blur = self._did.blur
        if not moved_on(old, new, base.timeline, blur):
            return False
        if moved_on(old, new, base.timeline, replace(blur, margin=0.0)):
            return True
        at.push(recorded)
        landings = {spot for spot, reading in new.changes if reading != EMPTY}
        return not any(self._only_fills(at, move, landings) for move in at.legal_moves())

    def _only_fills(self, position: Position[M], move: M, spots: set[Spot]) -> bool:
        """Whether ``move`` only puts a piece on one of ``spots`` (a drop, a token placed)."""
        footprint = position.footprint(move, self.sensing).restricted(self.sensed)
        changes = footprint.changes
        return len(changes) == 1 and changes[0][1] != EMPTY and changes[0][0] in spots
