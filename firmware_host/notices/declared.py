"""What a session tells whoever shows it: the notices, declared once for the controller,
the game store and the boards that play across a broker, all of which only make them.

This room is below the others: the store's journal and the session both say things,
and the telling and the wire forms read them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.outcome import Outcome
from engine.recognizer import Correction


class Proposal(Enum):
    """What one board proposes to the others: a draw, or a takeback."""

    DRAW = "draw"
    TAKEBACK = "takeback"


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


@dataclass(frozen=True, slots=True)
class ProposalMade:
    """This board's player proposed: the game waits for the other board's answer."""

    kind: Proposal
    at: float


@dataclass(frozen=True, slots=True)
class ProposalAnswered:
    """A proposal was answered: ``ours`` when it was this board's proposal."""

    kind: Proposal
    accepted: bool
    ours: bool
    at: float


@dataclass(frozen=True, slots=True)
class RemoteMoved:
    """The other board's move, lit for a person here to play."""

    seat: int
    move: str
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
