"""The controller's part with the computer: what it asks the computer to think about,
and what it does with the answers (a computer or remote seat's move lit as the move
to play, a hint shown, a judgement kept for the coach). A part of ``Controller``
(``session_part.py``)."""

from __future__ import annotations

from dataclasses import replace

from engine.errors import KibanError
from firmware_host.notices.declared import (
    ComputerMoved,
    HintShown,
    Notice,
    Refused,
    RemoteMoved,
)
from firmware_host.opponents.thinking import Purpose, ThinkRequest, ThinkResult
from firmware_host.session.session_part import SessionPart
from firmware_host.session.state import (
    Correcting,
    GuideMove,
    Over,
    Playing,
    SettingUp,
    guide_of,
)


class ComputerTurns(SessionPart):
    """Questions for the computer, and its answers (the remote seats' moves among them)."""

    def thinking(self) -> tuple[tuple[ThinkRequest, ...], bool]:
        """What the computer should think about now, and whether to hurry it."""
        playing = isinstance(self.state, Playing | Correcting) and self.trust.trusted
        guided = guide_of(self.state) is not None
        wanted = self.computer.wanted(self.position, self.game_id, playing=playing, guided=guided)
        return wanted, self.computer.hurried

    def _thought(self, result: ThinkResult, at: float) -> list[Notice]:
        """An answer from the computer, used only if it is about the position now."""
        if not self.computer.current(result, self.game_id) or isinstance(self.state, Over):
            return []
        if result.best is None:
            return [Refused(f"the computer could not answer: {result.failed}", at)]
        purpose = result.request.purpose
        self.computer.proved(result, self.position)
        if purpose is Purpose.JUDGE:
            self.computer.judged(result, self.position, self.sensing)
            return []
        try:
            move = self.position.parse_move(result.best)
        except KibanError as error:
            return [Refused(f"the computer's move cannot be played: {error}", at)]
        spots = self.position.footprint(move, self.sensing).spots()
        if purpose is Purpose.HINT:
            self.computer.hint = (move, spots)
            return [HintShown(result.best, at)]
        seat = self.position.turn
        if seat in self.computer.remote:
            said: Notice = RemoteMoved(seat, result.best, at)
            if self.position.chance_moves() is not None:
                return [said, *self._commit(move, at, told=True)]  # a roll: nothing to play
        else:
            said = ComputerMoved(seat, result.best, result.note, at)
        ply = len(self.position.move_stack)
        self._enter(replace(self.state, guide=GuideMove(move, spots, ply)))
        return [said, *self._judge(at)]

    def _ask_hint(self, at: float) -> list[Notice]:
        if isinstance(self.state, Over | SettingUp) or self.roll_due:
            return [Refused("no move to suggest now", at)]
        if self.computer.plays(self.position.turn):
            return [Refused("the computer is to move", at)]
        self.computer.hint_asked = True
        return []

    def _unseen_guides(self) -> tuple[GuideMove, ...]:
        guide = guide_of(self.state)
        return (guide,) if guide is not None and guide.move in self.recognizer.unseen else ()
