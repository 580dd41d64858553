"""What the recognizer answers: how long the board must rest, and what it means.

The recognizer (``engine.recognition.recognizer``) never changes the position; it answers with
one of these values, and the controller commits, prompts or lights the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.physical import Reading, Spot
from engine.recognition.sensors import WIDEST
from engine.said import Said

M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Timing:
    """How long the board must rest before the recognizer acts, in seconds.

    ``settle``: a matching board must stay unchanged this long before a move is
    committed or a prompt shown, so that a hand still moving is not judged; a move
    whose own spots stay unchanged this long is committed even while the next player
    has begun elsewhere. ``grace``: an unexplained board is "in progress" this long
    before the correction guide starts. ``tap``: a piece lifted and put back within
    this time asks for its hints. ``extend``: a board that shows a move which another
    legal move continues (a robot that may eat further tokens) must rest this long
    instead, or be confirmed with a button. ``pause``: longer than a hand rests between
    two steps of one move; a move that goes on after a longer pause may as well be
    the next player's (the board asks). ``forced``: the only legal move, when the
    board cannot show it (a lost turn), is announced this long and then played, so
    the players see why the turn passes. ``reread``: a hand that goes on with the last
    move within this long after it was committed, before the board has been read
    otherwise, may still be making it (a piece set down and moved on, a line of marbles
    whose next marble came after the board's wait): the board reads the record again
    and asks (``engine.recognition.rereading``); it never changes a committed move
    unasked, however soon (issue 78: there is no amend window). A capture read from a
    knock as its capturer was lifted that would end the game waits this long too, its
    capturer maybe in the air. ``held``:
    a board that may be a move still in the hand (pieces lifted, a line half moved) is
    not out of step before this long: a player may hold a piece while thinking.
    ``order``: a piece's landing and its departure further apart than this came in the
    order read; nearer, the board's sensors may blur them (a piece slid or rolled
    between two cells reads on both): the board's sensor model's ``order_margin``.
    ``departs``: how long before its cell reads empty a hand may have begun moving a
    piece off it (the sensor model's ``departure_s``): when a move began is known only
    that closely. ``passes``: the longest a piece slid across a cell reads there (the
    sensor model's ``pass_s``): a cell read longer held a piece set down, never one only
    carried over it.
    """

    settle: float = 0.4
    grace: float = 3.0
    tap: float = 1.0
    extend: float = 2.5
    pause: float = 0.8
    forced: float = 1.5
    reread: float = 4.0
    held: float = 30.0
    order: float = WIDEST.order_margin
    departs: float = WIDEST.departure_s
    passes: float = WIDEST.pass_s

    @property
    def on_its_way(self) -> float:
        """The longest a piece on its way reads on a cell: slid across it at the slowest
        hand (``passes``), or resting between two steps of one move (``pause``); a cell
        read longer held a piece set down."""
        return max(self.passes, self.pause)


@dataclass(frozen=True, slots=True)
class Hint:
    """Where the piece on ``spot`` may go: quiet destinations and captures."""

    spot: Spot
    destinations: frozenset[Spot]
    captures: frozenset[Spot]


@dataclass(frozen=True, slots=True)
class Correction:
    """One step back to the expected board: the piece to take away and where one belongs.

    ``take_from`` holds a piece that should not be there (or that shows the
    wrong face); ``put_on`` needs a piece reading ``reading``. Either may be
    None. ``remaining`` counts the spots that differ, this one included.
    """

    take_from: Spot | None
    put_on: Spot | None
    reading: Reading
    remaining: int


# --- assessments: what the board means right now ------------------------------


@dataclass(frozen=True, slots=True)
class Settled:
    """The board shows the position; nothing to do."""


@dataclass(frozen=True, slots=True)
class Tapped:
    """A piece was lifted and put straight back: show where it can go."""

    hints: tuple[Hint, ...]


@dataclass(frozen=True, slots=True)
class Moving:
    """A move is under way; the lifted pieces' destinations are lit.

    ``remaining``: when the board shows the beginning of a move that can only be
    finished one way (a parade of boats still to be taken off), the changes still
    to make, as (spot, reading it must come to).
    """

    hints: tuple[Hint, ...]
    remaining: tuple[tuple[Spot, Reading], ...] = ()


@dataclass(frozen=True, slots=True)
class Pending(Generic[M]):
    """The board shows a move but has not rested for the settle time yet."""

    candidates: tuple[M, ...]
    settles_at: float


@dataclass(frozen=True, slots=True)
class Commit(Generic[M]):
    """Exactly one move fits the settled board: play it, and then the moves of ``then``
    (the only move and reply that fit a board no single move explains)."""

    move: M
    then: tuple[M, ...] = ()


@dataclass(frozen=True, slots=True)
class Unplayed:
    """A reading of the board in which nothing was played: the piece on ``spot`` only
    set down there (a victim laid a while where its capturer came from reads as a piece
    dropped there), or, ``held``, the piece from ``spot`` still in the hand (the same
    victim laid there and taken off again reads as its capturer in the air)."""

    spot: Spot
    held: bool = False


@dataclass(frozen=True, slots=True)
class Ambiguous(Generic[M]):
    """Several moves fit the settled board: the player must choose (a prompt), among
    them ``unplayed`` when the board may mean that nothing was played."""

    candidates: tuple[M, ...]
    unplayed: Unplayed | None = None


@dataclass(frozen=True, slots=True)
class OffGuide(Generic[M]):
    """A legal move was made, but not the one the guide asked for."""

    moves: tuple[M, ...]
    guide: M


@dataclass(frozen=True, slots=True)
class TakebackOffer(Generic[M]):
    """The settled board shows the position of ``plies`` moves ago; or ``moves`` were
    made, each the first of a move and its reply that make that board too."""

    plies: int
    moves: tuple[M, ...] = ()


@dataclass(frozen=True, slots=True)
class IllegalMatch(Generic[M]):
    """The settled board shows a move the rules forbid, with the reason."""

    move: M
    reason: Said


@dataclass(frozen=True, slots=True)
class Reread(Generic[M]):
    """The record's last moves are not what the board shows at rest (the hand went on
    with them, or the next player's landed first): take back ``back`` moves, play
    ``moves``, then ask among ``choices`` (none: nothing to ask)."""

    back: int
    moves: tuple[M, ...]
    choices: tuple[M, ...] = ()


@dataclass(frozen=True, slots=True)
class OutOfStep:
    """The board has matched nothing for the grace period: guide it back."""

    correction: Correction


Assessment = (
    Settled
    | Tapped
    | Moving
    | Pending[M]
    | Commit[M]
    | Ambiguous[M]
    | OffGuide[M]
    | TakebackOffer[M]
    | IllegalMatch[M]
    | Reread[M]
    | OutOfStep
)
