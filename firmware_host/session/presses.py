"""The controller's collaborator for the board's own buttons outside a prompt's choices:
what ok, next, back, roll, refill, clock and hint mean in each state of the session,
and whether a roll asked (or due) is rolled.

A press reads the session as a ``Now`` and the board as a ``Hands`` (what the board
shows and may not show, read by the controller when the press comes); it returns a
decision (``decisions.py``) for the controller to apply. A press that first needs what
the board shows confirmed (ok, refill) is answered in two steps: ``Confirm``, which
the controller carries out, then ``after_confirm`` with the board as it is then.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from drivers.buttons import ButtonRole
from firmware_host.notices.declared import Refused
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.actions import Hint, MoveNow
from firmware_host.session.computer_turns import ComputerTurns
from firmware_host.session.decisions import (
    Again,
    Ask,
    Confirm,
    Decision,
    Now,
    Play,
    Roll,
    Say,
    TakeBackChosen,
)
from firmware_host.session.prompts import Prompts
from firmware_host.session.settings import RollMode
from firmware_host.session.state import Over, Prompting, SettingUp, guide_of

ENDS_A_MOVE = (ButtonRole.OK, ButtonRole.REFILL)
"""Ok, and the next player's refill: each ends a move the board shows that may still go
on (a chain), and plays a lit move the board cannot show."""


@dataclass(frozen=True, slots=True)
class Hands:
    """What the board shows as a press reads it: the legal moves it cannot show, whether
    it stands as the position has it, whether a move was played a moment ago, whether
    the computer is still thinking of its move, and the dice."""

    unseen: tuple[Hashable, ...] = ()
    at_rest: bool = False
    just_committed: bool = False
    thinking: bool = False
    roll_due: bool = False
    roll: RollMode = RollMode.AUTO


class Presses:
    """What a press of the board's buttons means (a prompt's buttons are the prompt's)."""

    def __init__(self, prompts: Prompts, turns: ComputerTurns, boards: AcrossBoards) -> None:
        self._prompts = prompts
        self._turns = turns
        self._boards = boards

    def press(self, role: ButtonRole, now: Now, hands: Hands) -> Decision:
        """The first (often the only) step of a press."""
        prompted = self._prompts.press(role, now)
        if prompted is not None:
            return prompted
        state = now.state
        if isinstance(state, Over) and role is ButtonRole.OK:
            return Again()
        if isinstance(state, Over | SettingUp):
            return Say()
        if role in (ButtonRole.HINT, ButtonRole.NEXT):
            # next, outside a prompt, asks for a hint, or hurries the computer
            return self._turns.decide(MoveNow() if hands.thinking else Hint(), now)
        guide = guide_of(state)
        if role in ENDS_A_MOVE and guide and guide.move in hands.unseen:
            return Play(guide.move)  # the lit move the board cannot show
        if role is ButtonRole.BACK:
            return TakeBackChosen(1, board_follows=False)
        if role is ButtonRole.ROLL:
            return self.roll(now.at, hands, asked=True)
        if role is ButtonRole.CLOCK:
            return Confirm()
        if role in ENDS_A_MOVE:
            return Confirm(role)
        return Say()

    def after_confirm(
        self, role: ButtonRole, played: bool, now: Now, hands: Hands
    ) -> Decision | None:
        """Ok or refill, once what the board showed was confirmed (``played``: a move
        was): None when the press is done, else what it goes on to do."""
        if isinstance(now.state, Prompting) or (played and role is ButtonRole.OK):
            return None
        if role is ButtonRole.OK and hands.just_committed:
            return None  # a late ok for the move just played: not the next one
        return self.unseen(role, now, hands)

    def unseen(self, role: ButtonRole, now: Now, hands: Hands) -> Decision | None:
        """Moves the board cannot show (a refill, an exchange) are chosen at a prompt,
        once the board shows the position (not while a hand is still moving)."""
        if role not in ENDS_A_MOVE or not hands.at_rest or not hands.unseen:
            return None
        refusal = self._boards.untold(hands.unseen[0], now)
        if refusal is not None:
            return Say((refusal,))
        return Ask(tuple(sorted(hands.unseen, key=now.position.move_text)))

    def roll(self, at: float, hands: Hands, *, asked: bool) -> Decision:
        """Roll the dice (asked by the button or the controls, or due by itself): only
        when a roll is due, and by itself only when the settings roll automatically."""
        if not hands.roll_due:
            return Say((Refused("no roll is due", at),) if asked else ())
        if hands.roll is RollMode.BUTTON and not asked:
            return Say()
        return Roll()
