"""The controller's collaborator for the board: what the recognizer's reading of it
means for the game. A move that fits is played, several are asked at a prompt, an
earlier board offers a takeback, an illegal or unwanted move is named, and a board
that matches nothing is guided back.

Each reading is said once, not on every tick (it keeps the last one said); the
decision (``decisions.py``) is the controller's to apply.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from engine.physical import Frame, Sensing
from engine.policy import IllegalMovePolicy
from engine.recognition.answers import (
    Ambiguous,
    Assessment,
    Commit,
    IllegalMatch,
    OffGuide,
    OutOfStep,
    Reread,
    TakebackOffer,
    Unplayed,
)
from firmware_host.notices.declared import (
    IllegalShown,
    Notice,
    OffGuideShown,
    OutOfStepShown,
)
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.computer import Computer
from firmware_host.session.consent import Word, WordKind
from firmware_host.session.decisions import (
    Ask,
    Correct,
    Decision,
    Follow,
    Now,
    PlayAgain,
    PlayShown,
    Say,
)
from firmware_host.session.first_choice import initial_choice
from firmware_host.session.state import (
    HeldChoice,
    PlayOnChoice,
    Prompting,
    SetDownChoice,
    TakebackChoice,
)


class BoardReading:
    """Commit, prompt, name or guide as the reading of the board says."""

    def __init__(self, boards: AcrossBoards, computer: Computer, sensing: Sensing) -> None:
        self._boards = boards
        self._computer = computer
        self.sensing = sensing
        self._shown: object = None  # the last reading said
        self._declined: object = None  # a takeback the players said no to, by play on

    def forget(self) -> None:
        """A new position: its readings are said afresh."""
        self._shown = None
        self._declined = None

    def played_on(self, assessment: object) -> None:
        """The players answered an offered takeback with play on: it is not offered
        again while the board shows the same."""
        if isinstance(assessment, TakebackOffer):
            self._declined = assessment

    def decide(
        self, assessment: Assessment[Any], now: Now, frame: Frame, forced: Hashable | None
    ) -> Decision:
        """``frame``: the board as seen (a prompt selects the choice it shows);
        ``forced``: the move the board cannot show that is played by itself."""
        position, at = now.position, now.at
        match assessment:
            case Commit(move, then):
                refusal = self._boards.untold(move, now)
                if refusal is None:
                    return PlayShown(move, then)
                # hands ahead of the other board (or its only move, which comes by itself)
                return Say() if move == forced else Say(self._once(assessment, refusal))
            case Ambiguous(candidates, unplayed):
                refusal = self._boards.untold(candidates[0], now)
                if refusal is not None:
                    return Say(self._once(assessment, refusal))
                moves = tuple(sorted(candidates, key=position.move_text))
                return self._ask((*moves, *_nothing_played(unplayed)), now, frame)
            case Reread(0, (), choices) if choices:
                return self.ask(choices, now, frame)  # a question still open
            case Reread(back, moves, choices):
                # the prompt is about the position after the moves played (its order and
                # first choice are worked out there, by the controller)
                return PlayAgain(back, moves, Ask(choices, 0) if choices else None)
            case TakebackOffer(plies, moves):
                # Offered, never automatic: lifting the piece the opponent just dropped
                # recreates the earlier board too, and must not undo their move; so may
                # a move and its quick reply (offered beside it). Play on says so, and
                # the same board is not offered again.
                if assessment == self._declined:
                    return Follow()
                played = tuple(sorted(moves, key=position.move_text))
                return self._ask((TakebackChoice(plies), *played, PlayOnChoice()), now, frame)
            case IllegalMatch(move, reason):
                shown = IllegalShown(position.move_text(move), reason, at)
                policy = position.game.illegal_policy(position.options)
                seat = position.turn
                if policy is IllegalMovePolicy.LOSES and not self._computer.plays(seat):
                    # only a person playing their own seat loses by it (a hand that
                    # plays the computer's or the other board's move just puts it right)
                    return self._boards.lost(Word(WordKind.ILLEGAL, seat), now, (shown,))
                return Follow(self._once(assessment, shown))
            case OffGuide(moves, guide):
                texts = tuple(position.move_text(m) for m in moves)
                notice = OffGuideShown(texts, position.move_text(guide), at)
                return Follow(self._once(assessment, notice))
            case OutOfStep(correction):
                return Correct(correction, self._once(assessment, OutOfStepShown(correction, at)))
        self._shown = None
        return Follow()

    def _once(self, assessment: Assessment[Any], notice: Notice) -> tuple[Notice, ...]:
        """Say a reading the first time it is made, not on every tick."""
        if self._shown == assessment:
            return ()
        self._shown = assessment
        return (notice,)

    def ask(self, choices: tuple[Hashable, ...], now: Now, frame: Frame) -> Decision:
        """Ask which of ``choices`` the board means (a prompt already open stays as is)."""
        return self._ask(tuple(sorted(choices, key=now.position.move_text)), now, frame)

    def _ask(self, choices: tuple[Hashable, ...], now: Now, frame: Frame) -> Decision:
        if isinstance(now.state, Prompting) and now.state.choices == choices:
            return Say()
        return Ask(choices, initial_choice(now.position, choices, frame, self.sensing))


def _nothing_played(unplayed: Unplayed | None) -> tuple[SetDownChoice | HeldChoice, ...]:
    """The choice that says nothing was played, when the board may mean it."""
    if unplayed is None:
        return ()
    return (HeldChoice(unplayed.spot) if unplayed.held else SetDownChoice(unplayed.spot),)
