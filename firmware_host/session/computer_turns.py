"""The controller's collaborator for the computer: what to ask it to think about, and
what its answers mean for the game (a computer or remote seat's move lit as the move
to play, a hint shown, a judgement kept for the coach).

It keeps what the computer said (``Computer``) and returns a decision
(``decisions.py``) for the controller to apply: it never changes the game itself.
"""

from __future__ import annotations

from typing import Any

from engine.errors import KibanError
from engine.game import Position
from engine.physical import Sensing
from engine.said import N_, said, said_of
from firmware_host.notices.declared import (
    BlunderWarned,
    ComputerMoved,
    HintShown,
    Notice,
    Refused,
    RemoteMoved,
)
from firmware_host.opponents.thinking import Purpose, ThinkRequest, ThinkResult
from firmware_host.session.actions import Hint, MoveNow
from firmware_host.session.computer import Computer
from firmware_host.session.decisions import Ask, Decision, Light, Now, PlayTold, Say
from firmware_host.session.events import ThoughtArrived
from firmware_host.session.state import (
    GuideMove,
    Over,
    PlayOnChoice,
    SessionState,
    SettingUp,
    TakebackChoice,
    goes_on,
    guide_of,
)


class ComputerTurns:
    """Questions for the computer, and its answers (the remote seats' moves among them)."""

    def __init__(self, computer: Computer, sensing: Sensing) -> None:
        self.computer = computer
        self.sensing = sensing

    def decide(self, event: ThoughtArrived | Hint | MoveNow, now: Now) -> Decision:
        """What the game does for an event of the computer's."""
        match event:
            case ThoughtArrived(result):
                return self.answer(result, now)
            case Hint():
                return self.hint(now)
            case MoveNow():
                return self.hurry(now)

    def wanted(
        self, state: SessionState, position: Position[Any], game_id: int, *, trusted: bool
    ) -> tuple[tuple[ThinkRequest, ...], bool]:
        """What the computer should think about now (only in play, from a board it
        trusts), and whether to hurry it."""
        playing = goes_on(state) and trusted
        guided = guide_of(state) is not None
        wanted = self.computer.wanted(position, game_id, playing=playing, guided=guided)
        return wanted, self.computer.hurried

    def answer(self, result: ThinkResult, now: Now) -> Decision:
        """An answer from the computer, used only if it is about the position now."""
        computer, position, at = self.computer, now.position, now.at
        if not computer.current(result, now.game_id) or isinstance(now.state, Over):
            return Say()
        if result.best is None:
            why = result.failed or said(N_("the computer stopped thinking"))
            if result.request.purpose is Purpose.MOVE:
                computer.failed = why  # the status says it, not "thinking" for ever
            return Say(
                (Refused(said(N_("the computer could not answer: {error}"), error=why), at),)
            )
        purpose = result.request.purpose
        computer.proved(result, position)
        if purpose is Purpose.JUDGE:
            computer.judged(result, position, self.sensing)
            return Say()
        try:
            move = position.parse_move(result.best)
        except KibanError as error:
            cannot = N_("the computer's move cannot be played: {error}")
            return Say((Refused(said(cannot, error=said_of(error)), at),))
        spots = position.footprint(move, self.sensing).spots()
        if purpose is Purpose.HINT:
            computer.hint = (move, spots)
            return Say((HintShown(result.best, at),))
        seat = position.turn
        told: Notice
        if seat in computer.remote:
            told = RemoteMoved(seat, result.best, at)
            if position.chance_moves() is not None:
                return PlayTold(move, (told,))  # a roll: nothing for the hands to play
        else:
            told = ComputerMoved(seat, result.best, result.note, at)
        return Light(GuideMove(move, spots, len(position.move_stack)), (told,))

    def hint(self, now: Now) -> Decision:
        """A person asks for a suggestion: it is thought about from now on."""
        position, turn = now.position, now.position.turn
        rolling = position.chance_moves() is not None and turn not in self.computer.remote
        if isinstance(now.state, Over | SettingUp) or rolling:
            return Say((Refused(said(N_("no move to suggest now")), now.at),))
        if self.computer.plays(turn):
            return Say((Refused(said(N_("the computer is to move")), now.at),))
        computer = self.computer
        if computer.help_off is not None:
            return Say((Refused(said(N_("no hints: {why}"), why=computer.help_off), now.at),))
        if not computer.help.hinted(turn):
            below = said(
                N_("no hints for {seat}: its help stops below hints"),
                seat=now.position.game.seat_word(turn),
            )
            return Say((Refused(below, now.at),))
        if computer.hint_asked:
            return Say()  # asked already in this position: it counts once
        left = computer.hints_left(turn)
        if left == 0:
            spent = said(
                N_("{seat} has used all {count} hints of this game"),
                seat=now.position.game.seat_word(turn),
                count=computer.help.budget(turn) or 0,
            )
            return Say((Refused(said(N_("no hints: {why}"), why=spent), now.at),))
        computer.hint_taken(turn)
        computer.hint_asked = True
        return Say()

    def hurry(self, now: Now) -> Decision:
        """Move now: the computer seat's search is cut short (its best so far)."""
        if not self.computer.thinking(now.position) or guide_of(now.state) is not None:
            return Say((Refused(said(N_("the computer is not thinking")), now.at),))
        self.computer.hurried = True
        return Say()

    def warned(self, mover: int, played: str, at: float) -> Decision:
        """A person's move the judgement calls a blunder: offer to take it back (asked
        before the judgement of the position left is forgotten)."""
        warning = None if self.computer.plays(mover) else self.computer.blunder(played)
        if warning is None:
            return Say()
        choices = (TakebackChoice(1, board_follows=False), PlayOnChoice())
        return Ask(choices, said=(BlunderWarned(played, warning, at),))
