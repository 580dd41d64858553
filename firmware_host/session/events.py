"""What reaches the controller (events) and what it reports back (notices).

Every input has its own type: sensor polling, gpiozero callbacks, the terminal,
the web page and replays only build these (the players' actions come from the one
vocabulary in ``actions.py``) and hand them to the controller.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from engine.outcome import Outcome
from engine.physical import Reading, Spot
from engine.recognizer import Correction
from firmware_host.opponents.thinking import ThinkResult
from firmware_host.session.actions import GameAction
from firmware_host.session.consent import (
    ClockTold,
    PeerEnded,
    ProposalAnswered,
    ProposalArrived,
    ProposalDecided,
    ProposalMade,
    ProposalSettled,
    RemoteMoved,
)

# --- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrameSeen:
    """A new debounced frame from the scanner."""

    frame: Mapping[Spot, Reading]


@dataclass(frozen=True, slots=True)
class TimePassed:
    """A timer tick: settle and grace periods end, clocks fall, LEDs blink."""


@dataclass(frozen=True, slots=True)
class BusFault:
    """A sensor chip stopped answering; the game waits."""

    message: str


@dataclass(frozen=True, slots=True)
class BusRecovered:
    """Every sensor chip answers again."""


@dataclass(frozen=True, slots=True)
class ThoughtArrived:
    """The computer's answer to a question the session asked (``Controller.thinking``)."""

    result: ThinkResult


Event = (
    GameAction
    | FrameSeen
    | TimePassed
    | BusFault
    | BusRecovered
    | ThoughtArrived
    | ProposalArrived
    | ProposalSettled
    | ProposalDecided
    | PeerEnded
    | ClockTold
)
"""What the controller handles: the players' actions (``actions.py``) and what the board
and the clock report. None carries its time: ``Controller.handle(event, at)`` does."""


@dataclass(frozen=True, slots=True)
class Stamped:
    """An event and when it happened, as queues hold them."""

    event: Event
    at: float


# --- notices -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardReady:
    """The board matches the position: play can start."""

    at: float


@dataclass(frozen=True, slots=True)
class BoardTurned:
    """The pieces stood the other way round (a half turn): the board's spots, sensors
    and LEDs, now follow the players (``turned``: whether it is turned now)."""

    turned: bool
    at: float


@dataclass(frozen=True, slots=True)
class MoveCommitted:
    ply: int
    move: str
    at: float


@dataclass(frozen=True, slots=True)
class PromptOpened:
    choices: tuple[str, ...]
    at: float


@dataclass(frozen=True, slots=True)
class MovesTakenBack:
    plies: int
    at: float


@dataclass(frozen=True, slots=True)
class IllegalShown:
    move: str
    reason: str
    at: float


@dataclass(frozen=True, slots=True)
class OffGuideShown:
    moves: tuple[str, ...]
    guide: str
    at: float


@dataclass(frozen=True, slots=True)
class OutOfStepShown:
    correction: Correction
    at: float


@dataclass(frozen=True, slots=True)
class GameEnded:
    outcome: Outcome
    description: str
    at: float


@dataclass(frozen=True, slots=True)
class GameStarted:
    game_id: int
    game: str
    resumed: bool
    at: float


@dataclass(frozen=True, slots=True)
class FirstPlayerDrawn:
    """The opening draw was made; the description says who starts."""

    description: str
    at: float


@dataclass(frozen=True, slots=True)
class Refused:
    """An input that cannot be carried out, with the reason; nothing changed."""

    reason: str
    at: float


class FaultSource(Enum):
    """What is at fault: the board (a silent sensor chip: the game waits) or the game
    store (a full disk: the game goes on, its records wait in memory). Each clears
    only its own fault."""

    BOARD = "board"
    STORE = "store"


@dataclass(frozen=True, slots=True)
class FaultShown:
    message: str
    at: float
    source: FaultSource = FaultSource.BOARD


@dataclass(frozen=True, slots=True)
class FaultCleared:
    at: float
    source: FaultSource = FaultSource.BOARD


@dataclass(frozen=True, slots=True)
class StoreReplaced:
    """The game store was damaged: it was kept aside and a fresh one started, with the
    games that could still be read of it (the message says how many)."""

    message: str
    at: float


@dataclass(frozen=True, slots=True)
class ComputerMoved:
    """A computer seat chose its move: the LEDs light it for a person to play."""

    seat: int
    move: str
    note: str
    at: float


@dataclass(frozen=True, slots=True)
class HintShown:
    """The move the computer suggests to the player to move (which they may ignore)."""

    move: str
    at: float


@dataclass(frozen=True, slots=True)
class BlunderWarned:
    """The move just played throws away material or the game, by the computer's
    judgement: a takeback is offered."""

    move: str
    reason: str
    at: float


@dataclass(frozen=True, slots=True)
class ReviewShown:
    """A review step: game ``game_id`` shown after ``ply`` of its ``plies`` moves (the
    move shown, None at the start)."""

    game_id: int
    ply: int
    plies: int
    move: str | None
    at: float


Notice = (
    BoardReady
    | BoardTurned
    | MoveCommitted
    | PromptOpened
    | MovesTakenBack
    | IllegalShown
    | OffGuideShown
    | OutOfStepShown
    | GameEnded
    | GameStarted
    | FirstPlayerDrawn
    | Refused
    | FaultShown
    | FaultCleared
    | StoreReplaced
    | ComputerMoved
    | HintShown
    | BlunderWarned
    | ReviewShown
    | RemoteMoved
    | ProposalMade
    | ProposalAnswered
)
