"""The controller's state as one value: what the session is doing, with the data that
belongs to it and nothing else.

A prompt has its choices and the selected one, a correction its step, a finished
game its outcome; a move to play (a guide) belongs to every state of a game still
going on. So a prompt without choices, an outcome during play or a guide after
the end cannot be written down. The controller replaces the value as a whole;
``phase`` is read from it, never stored beside it.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, replace
from enum import Enum
from typing import ClassVar

from engine.outcome import Outcome
from engine.physical import Spot
from engine.recognition.answers import Correction
from engine.recognition.sensors import EPSILON
from firmware_host.notices.declared import Proposal
from firmware_host.session.consent import ProposalArrived, Word


class Phase(Enum):
    """The state's name, as the status line, the LEDs and the page say it."""

    SETUP = "setup"
    PLAY = "play"
    PROMPT = "prompt"
    GUIDE = "guide"
    CORRECTION = "correction"
    GAME_OVER = "game over"


@dataclass(frozen=True, slots=True)
class TakebackChoice:
    """The prompt choice that confirms a takeback: one the board offered (its pieces
    already stand as before), or one the computer's warning offers (``board_follows``
    False: the LEDs then guide the pieces back)."""

    plies: int
    board_follows: bool = True

    NAME: ClassVar[str] = "takeback"


@dataclass(frozen=True, slots=True)
class PlayOnChoice:
    """The prompt choice that keeps the move the computer warned about."""

    NAME: ClassVar[str] = "play on"


@dataclass(frozen=True, slots=True)
class AcceptChoice:
    """The prompt choice that accepts another board's proposal (a draw, a takeback)."""

    proposal: ProposalArrived

    NAME: ClassVar[str] = "accept"


@dataclass(frozen=True, slots=True)
class DeclineChoice:
    proposal: ProposalArrived

    NAME: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class PuzzleChoice:
    """The prompt choice that gives up the game in progress for a puzzle (asked from the
    board's buttons while a game is under way; ``PlayOnChoice`` keeps the game)."""

    NAME: ClassVar[str] = "puzzle"


@dataclass(frozen=True, slots=True)
class SetDownChoice:
    """The prompt choice that says the piece on ``spot`` was only set down there (a
    capture's victim laid where its capturer came from), not played: the board expects
    it there until it is taken up."""

    spot: Spot

    NAME: ClassVar[str] = "only set down"


@dataclass(frozen=True, slots=True)
class HeldChoice:
    """The prompt choice that says the piece from ``spot`` is still in the hand (what
    the board shows is no capture yet): it is not asked about again until the board
    changes."""

    spot: Spot

    NAME: ClassVar[str] = "still in the hand"


@dataclass(frozen=True, slots=True)
class ResultChoice:
    """The prompt choice that confirms a result entered at a club table (a resignation,
    an agreed draw): the other player's ok is their consent (docs/club.md); ``word``: a
    resignation's, kept for the other boards."""

    outcome: Outcome
    word: Word | None = None

    NAME: ClassVar[str] = "confirm the result"


@dataclass(frozen=True, slots=True)
class NotAgreedChoice:
    """The prompt choice that refuses a result entered at a club table: play goes on."""

    NAME: ClassVar[str] = "not agreed"


NamedChoice = (
    TakebackChoice
    | PlayOnChoice
    | AcceptChoice
    | DeclineChoice
    | PuzzleChoice
    | SetDownChoice
    | HeldChoice
    | ResultChoice
    | NotAgreedChoice
)
"""The prompt choices that are not moves: each is shown and chosen by its name."""


@dataclass(frozen=True, slots=True)
class GuideMove:
    """A move wanted from outside (an engine, a lesson, the other board) and the spots
    it changes, which the LEDs light. ``ply``: the position it was chosen for, when it
    belongs to one (a computer seat's move): a takeback forgets it."""

    move: Hashable
    spots: frozenset[Spot]
    ply: int | None = None


@dataclass(frozen=True, slots=True)
class SettingUp:
    """The pieces must stand as the position has them before play (re)starts."""

    guide: GuideMove | None = None

    @property
    def phase(self) -> Phase:
        return Phase.SETUP


@dataclass(frozen=True, slots=True)
class Playing:
    """The board follows the game; moves are recognised."""

    guide: GuideMove | None = None

    @property
    def phase(self) -> Phase:
        return Phase.PLAY if self.guide is None else Phase.GUIDE


ANSWERING = 3.0
"""Seconds after a prompt's next or back in which the board does not close it."""

GLANCE = 0.3
"""Seconds after a prompt opens in which an ok is the hand's habit (the press that ends
a move), not an answer: nobody has read the choices yet."""


@dataclass(frozen=True, slots=True)
class Prompting:
    """The board shows what several moves (or a takeback) would: the player picks one.
    ``choices`` are moves of the position or a ``NamedChoice``; ``setting_up``: opened
    while the board was still being set up (a puzzle asked as a resumed game is set
    up), which playing on goes back to."""

    choices: tuple[Hashable, ...]
    selected: int = 0
    guide: GuideMove | None = None
    setting_up: bool = False
    stepped_at: float = float("-inf")  # the last next or back: its answer is on its way
    opened_at: float = float("-inf")

    def __post_init__(self) -> None:
        if not self.choices or not 0 <= self.selected < len(self.choices):
            raise ValueError("a prompt needs choices and one of them selected")

    @property
    def phase(self) -> Phase:
        return Phase.PROMPT

    def step(self, by: int, at: float = float("-inf")) -> Prompting:
        """The prompt with the next (or previous) choice selected."""
        return replace(self, selected=(self.selected + by) % len(self.choices), stepped_at=at)

    def answering(self, at: float) -> bool:
        """A player is stepping through the choices: the board leaves the prompt open
        (a knock meanwhile does not take the question from under their finger)."""
        return at - self.stepped_at < ANSWERING

    def glanced(self, at: float) -> bool:
        """The prompt opened too short a time ago for an ok to be its answer (times a
        float's rounding apart are the same instant)."""
        return at - self.opened_at < GLANCE - EPSILON


@dataclass(frozen=True, slots=True)
class Correcting:
    """The board has matched nothing for a while: the LEDs guide it back, a step at a
    time."""

    correction: Correction
    guide: GuideMove | None = None

    @property
    def phase(self) -> Phase:
        return Phase.CORRECTION


@dataclass(frozen=True, slots=True)
class Over:
    """The game has ended; ``ok`` starts the next one."""

    outcome: Outcome

    @property
    def phase(self) -> Phase:
        return Phase.GAME_OVER


SessionState = SettingUp | Playing | Prompting | Correcting | Over


def board_question(state: SessionState) -> tuple[Hashable, ...] | None:
    """The moves an open prompt offers for the next ply, when it asks only which move the
    board shows (no named choice: a takeback, a piece only set down or still in the
    hand): the recognizer reads the board as one of them until it is answered."""
    if not isinstance(state, Prompting) or state.setting_up:
        return None
    if any(isinstance(choice, NamedChoice) for choice in state.choices):
        return None
    return state.choices


def guide_of(state: SessionState) -> GuideMove | None:
    """The move to play in this state, if any (a finished game has none)."""
    return None if isinstance(state, Over) else state.guide


def goes_on(state: SessionState) -> bool:
    """Whether the game is in play under this state: playing, being corrected, or a
    prompt that asks only another board's request for a seat. Such a request may wait
    for a person a long time and lose its reason meanwhile (the seat's board back), so
    the seat's own board's moves are still lit and played under it."""
    if isinstance(state, Playing | Correcting):
        return True
    if not isinstance(state, Prompting):
        return False
    return all(
        isinstance(c, AcceptChoice | DeclineChoice) and c.proposal.kind is Proposal.SEAT
        for c in state.choices
    )
