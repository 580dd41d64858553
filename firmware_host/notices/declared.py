"""What a session tells whoever shows it: the notices, declared once for the controller,
the game store and the boards that play across a broker, all of which only make them.

Each notice declares its name on the wire (``wire``) and, where a field travels under
another name or spread into several, says so in the field's metadata; the wire form
(wire/notice_records.py) and the telling (telling/notices.py) read only that.

This room is below the others: the store's journal and the session both say things,
and the telling and the wire forms read them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any, ClassVar, get_args

from engine.opening import DrawResult
from engine.outcome import Outcome
from engine.recognition.answers import Correction
from engine.said import Said


def on_wire(
    name: str | None = None, *, spread: tuple[str, ...] = (), omit_empty: bool = False
) -> Mapping[str, Any]:
    """A field's wire form, as its metadata: under ``name`` (its own name by default),
    its value's fields ``spread`` into the record each under its own name, or left out
    when empty."""
    return MappingProxyType({"wire": name, "spread": spread, "omit_empty": omit_empty})


class Proposal(Enum):
    """What one board proposes to the others: a draw, or a takeback; or what a board
    asks of the host's player: a seat another board holds (never sent as an offer)."""

    DRAW = "draw"
    TAKEBACK = "takeback"
    SEAT = "seat"


@dataclass(frozen=True, slots=True)
class BoardReady:
    """The board matches the position: play can start."""

    wire: ClassVar[str] = "board_ready"
    recorded: ClassVar[bool] = False

    at: float


@dataclass(frozen=True, slots=True)
class BoardTurned:
    """The pieces stood the other way round (a half turn): the board's spots, sensors
    and LEDs, now follow the players (``turned``: whether it is turned now)."""

    wire: ClassVar[str] = "board_turned"

    turned: bool
    at: float


@dataclass(frozen=True, slots=True)
class MoveCommitted:
    wire: ClassVar[str] = "move"

    ply: int
    move: str
    at: float


@dataclass(frozen=True, slots=True)
class PromptOpened:
    wire: ClassVar[str] = "prompt"

    choices: tuple[str, ...]
    at: float


@dataclass(frozen=True, slots=True)
class MovesTakenBack:
    wire: ClassVar[str] = "takeback"

    plies: int
    at: float


@dataclass(frozen=True, slots=True)
class IllegalShown:
    wire: ClassVar[str] = "illegal"

    move: str
    reason: Said
    at: float


@dataclass(frozen=True, slots=True)
class OffGuideShown:
    wire: ClassVar[str] = "off_guide"

    moves: tuple[str, ...]
    guide: str
    at: float


@dataclass(frozen=True, slots=True)
class OutOfStepShown:
    wire: ClassVar[str] = "out_of_step"

    correction: Correction = field(metadata=on_wire(spread=("take_from", "put_on", "remaining")))
    at: float


@dataclass(frozen=True, slots=True)
class GameEnded:
    wire: ClassVar[str] = "game_over"

    outcome: Outcome = field(metadata=on_wire(spread=("termination", "winners")))
    description: Said = field(metadata=on_wire("result"))
    at: float


@dataclass(frozen=True, slots=True)
class GameStarted:
    wire: ClassVar[str] = "game_started"
    recorded: ClassVar[bool] = False

    game_id: int
    game: str
    resumed: bool
    at: float


@dataclass(frozen=True, slots=True)
class FirstPlayerDrawn:
    """The opening draw was made: what fell, and who starts (its wire record says it in
    English, ``description``)."""

    wire: ClassVar[str] = "first_player"

    draw: DrawResult = field(metadata=on_wire(spread=("description",)))
    at: float


@dataclass(frozen=True, slots=True)
class SeatsChosen:
    """Who plays each seat of the new game (a person, the computer, an engine, another
    board): said at every new game, so a board with only buttons does not carry the
    computer over silently (``session/new_seats.py``)."""

    wire: ClassVar[str] = "seats"

    players: Said
    at: float


@dataclass(frozen=True, slots=True)
class Refused:
    """An input that cannot be carried out, with the reason; nothing changed."""

    wire: ClassVar[str] = "error"

    reason: Said = field(metadata=on_wire("message"))
    at: float


class FaultSource(Enum):
    """What is at fault: the board (a silent sensor chip: the game waits), the game
    store (a full disk: the game goes on, its records wait in memory) or the board's
    GPIO lines (taken away by the kernel: the game goes on, its buttons unheard or its
    sensors polled). Each clears only its own fault."""

    BOARD = "board"
    STORE = "store"
    LINES = "lines"


@dataclass(frozen=True, slots=True)
class FaultShown:
    wire: ClassVar[str] = "fault"

    message: Said
    at: float
    source: FaultSource = FaultSource.BOARD


@dataclass(frozen=True, slots=True)
class FaultCleared:
    wire: ClassVar[str] = "fault_cleared"

    at: float
    source: FaultSource = FaultSource.BOARD


@dataclass(frozen=True, slots=True)
class StoreReplaced:
    """The game store was damaged: it was kept aside and a fresh one started, with the
    games that could still be read of it (the message says how many)."""

    wire: ClassVar[str] = "store_replaced"

    message: Said
    at: float


@dataclass(frozen=True, slots=True)
class ComputerMoved:
    """A computer seat chose its move: the LEDs light it for a person to play."""

    wire: ClassVar[str] = "computer_move"

    seat: int
    move: str
    note: Said | None = field(metadata=on_wire(omit_empty=True))
    at: float


@dataclass(frozen=True, slots=True)
class HintShown:
    """The move the computer suggests to the player to move (which they may ignore)."""

    wire: ClassVar[str] = "hint"

    move: str
    at: float


@dataclass(frozen=True, slots=True)
class BlunderWarned:
    """The move just played throws away material or the game, by the computer's
    judgement: a takeback is offered."""

    wire: ClassVar[str] = "blunder"

    move: str
    reason: Said
    at: float


@dataclass(frozen=True, slots=True)
class PuzzleMissed:
    """The move just played is not the puzzle's answer: it is taken back (the LEDs guide
    the piece back) and the player tries again."""

    wire: ClassVar[str] = "puzzle_missed"

    move: str
    at: float


@dataclass(frozen=True, slots=True)
class PuzzleSolved:
    """The puzzle's answer has been played to its end (``tries``: the wrong moves
    before it)."""

    wire: ClassVar[str] = "puzzle_solved"

    puzzle: str
    tries: int
    at: float


@dataclass(frozen=True, slots=True)
class PuzzleSet:
    """A puzzle is set up as a new game (the LEDs guide the pieces there): ``puzzle``
    of ``game``, of the game's puzzle kind ``kind`` in ``plies``, for ``seat`` to solve;
    its question is shown and said."""

    wire: ClassVar[str] = "puzzle_set"

    puzzle: str
    game: str
    kind: str
    plies: int
    seat: int
    difficulty: int
    at: float


@dataclass(frozen=True, slots=True)
class PuzzleAsked:
    """A puzzle was asked from the board's own buttons (the puzzle button, hint held, or
    the puzzle chosen at the prompt that asks first when a game is under way): whoever
    holds the board's puzzles (the runtime, the simulation) sets one up."""

    wire: ClassVar[str] = "puzzle_asked"

    at: float


@dataclass(frozen=True, slots=True)
class ReviewShown:
    """A review step: game ``game_id`` shown after ``ply`` of its ``plies`` moves (the
    move shown, None at the start)."""

    wire: ClassVar[str] = "review"

    game_id: int
    ply: int
    plies: int
    move: str | None
    at: float


@dataclass(frozen=True, slots=True)
class ProposalMade:
    """This board's player proposed: the game waits for the other board's answer."""

    wire: ClassVar[str] = "proposal"

    kind: Proposal
    at: float


@dataclass(frozen=True, slots=True)
class ProposalAnswered:
    """A proposal was answered: ``ours`` when it was this board's proposal."""

    wire: ClassVar[str] = "proposal_answered"

    kind: Proposal
    accepted: bool
    ours: bool
    at: float


@dataclass(frozen=True, slots=True)
class RemoteMoved:
    """The other board's move, lit for a person here to play."""

    wire: ClassVar[str] = "remote_move"

    seat: int
    move: str
    at: float


@dataclass(frozen=True, slots=True)
class ServerRefusedMove:
    """The server of an online game refused a move played on this board: it was taken
    back here, and the board asks for it to be taken back by hand."""

    wire: ClassVar[str] = "server_refused"

    server: str
    move: str
    reason: Said
    at: float


@dataclass(frozen=True, slots=True)
class RoomTold:
    """What the club room's board tells its players of the table's game, besides its
    pairing (``club/board_side.py``): the game taken up again after a restart, taken up
    from the room's record, over or abandoned by the organiser."""

    wire: ClassVar[str] = "room"

    what: Said
    at: float


@dataclass(frozen=True, slots=True)
class PairingShown:
    """The club room's organiser paired this board's table (``club/board_side.py``): who
    plays which seat of which game; the game starts once its pieces stand set up."""

    wire: ClassVar[str] = "pairing"

    pairing: Said
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
    | SeatsChosen
    | Refused
    | FaultShown
    | FaultCleared
    | StoreReplaced
    | ComputerMoved
    | HintShown
    | BlunderWarned
    | PuzzleMissed
    | PuzzleSolved
    | PuzzleAsked
    | PuzzleSet
    | ReviewShown
    | RemoteMoved
    | ProposalMade
    | ProposalAnswered
    | ServerRefusedMove
    | PairingShown
    | RoomTold
)


NOTICES: tuple[type[Notice], ...] = get_args(Notice)
"""Every notice class, for the wire form and the telling to cover each one."""

BY_WIRE: Mapping[str, type[Notice]] = MappingProxyType({kind.wire: kind for kind in NOTICES})
