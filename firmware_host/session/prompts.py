"""The controller's collaborator for the choices the players here make: a prompt's
buttons (next, back, ok), a choice named from the controls, and what each choice
means (a move, a takeback, play on, an answer to another board's proposal, a puzzle).

It returns a decision (``decisions.py``) for the controller to apply.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from drivers.buttons import ButtonRole
from engine.game import Position
from engine.said import N_, said
from firmware_host.notices.declared import Refused
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.decisions import (
    Confirm,
    Decision,
    NothingPlayed,
    Now,
    Play,
    PlayOn,
    PuzzleWanted,
    Say,
    Step,
    TakeBackChosen,
)
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    HeldChoice,
    NamedChoice,
    NotAgreedChoice,
    Over,
    PlayOnChoice,
    Prompting,
    PuzzleChoice,
    ResultChoice,
    SessionState,
    SetDownChoice,
    SettingUp,
    TakebackChoice,
    board_question,
)

STEPS = {ButtonRole.NEXT: 1, ButtonRole.BACK: -1}
"""How far next and back move a prompt's selection."""


def choice_text(choice: Hashable, position: Position[Any]) -> str:
    """A choice as the players see and name it: its name, or the move's text."""
    if isinstance(choice, NamedChoice):
        return choice.NAME
    return position.move_text(choice)


def choice_texts(state: SessionState, position: Position[Any]) -> tuple[str, ...]:
    """The open prompt's choices as text (none when no prompt is open)."""
    if not isinstance(state, Prompting):
        return ()
    return tuple(choice_text(choice, position) for choice in state.choices)


class Prompts:
    """What a press or a named choice means while a prompt is open (or a move the
    board cannot show is named)."""

    def __init__(self, boards: AcrossBoards) -> None:
        self._boards = boards

    def press(self, role: ButtonRole, now: Now) -> Decision | None:
        """A prompt's button (None: the press is not for a prompt)."""
        state = now.state
        if not isinstance(state, Prompting):
            return None
        if role in STEPS:
            return Step(STEPS[role])
        if role is ButtonRole.OK:
            if state.glanced(now.at):
                # the ok that ended the move, as the prompt opened: of a question which
                # move the board shows, it ends the move shown as any ok does, one the
                # question keeps from being played yet too (``Seeing.close``: a chain
                # walked on at once is asked, never read as one; issue 78's independent
                # hands, Robotory seed 800004)
                return Confirm(role) if board_question(state) is not None else Say()
            return self.accept(state.choices[state.selected], now)
        return None

    def choose(self, text: str, now: Now, unseen: Sequence[Hashable] = ()) -> Decision:
        """A choice named from the controls: one of the prompt's, or, with no prompt
        open, a move the board cannot show."""
        state, position, wanted = now.state, now.position, text.strip()
        if not isinstance(state, Prompting):
            for move in () if isinstance(state, SettingUp | Over) else unseen:
                if position.move_text(move) == wanted:
                    return Play(move)
            closed = said(N_("no prompt is open for {choice}"), choice=repr(text))
            return Say((Refused(closed, now.at),))
        for choice in state.choices:
            if choice_text(choice, position) == wanted:
                return self.accept(choice, now)
        names = ", ".join(choice_texts(state, position))
        other = said(
            N_("{choice} is not one of the choices ({choices})"), choice=repr(text), choices=names
        )
        return Say((Refused(other, now.at),))

    def accept(self, choice: Hashable, now: Now) -> Decision:
        """What a choice of an open prompt does."""
        if isinstance(choice, AcceptChoice | DeclineChoice):
            accepted = isinstance(choice, AcceptChoice)
            return self._boards.answer(choice.proposal, accepted, now.at)
        if isinstance(choice, TakebackChoice):
            return TakeBackChosen(choice.plies, choice.board_follows)
        if isinstance(choice, PlayOnChoice):
            return PlayOn(())
        if isinstance(choice, PuzzleChoice):
            return PuzzleWanted()
        if isinstance(choice, ResultChoice):
            return self._boards.confirmed(choice, now)
        if isinstance(choice, NotAgreedChoice):
            return PlayOn((Refused(said(N_("the result is not agreed: play goes on")), now.at),))
        if isinstance(choice, SetDownChoice | HeldChoice):
            return NothingPlayed(choice.spot, held=isinstance(choice, HeldChoice))
        return Play(choice)
