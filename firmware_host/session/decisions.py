"""What the controller's collaborators (``computer_turns.py``, ``across_boards.py``,
``board_reading.py``, ``prompts.py``, ``presses.py``) decide, as values: the controller applies each
(``Controller._apply``), so it stays the only writer of the session and a
collaborator can be tested without one.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from drivers.buttons import ButtonRole
from engine.game import Game, Position
from engine.outcome import Outcome
from engine.physical import Spot
from engine.recognition.answers import Correction
from firmware_host.notices.declared import Notice
from firmware_host.session.state import GuideMove, SessionState


@dataclass(frozen=True, slots=True)
class Now:
    """What a collaborator reads of the session when it decides (the position is read,
    never changed)."""

    state: SessionState
    position: Position[Any]
    game_id: int
    at: float


@dataclass(frozen=True, slots=True)
class Say:
    """Nothing changes in the game: only these are said (a refusal, a hint shown)."""

    notices: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayOn:
    """A prompt open now is done: play goes on (the move to play kept); ``judge``:
    the board is read again after."""

    said: tuple[Notice, ...]
    judge: bool = True


@dataclass(frozen=True, slots=True)
class Ask:
    """Open a prompt with these choices (the move to play kept), after ``said``."""

    choices: tuple[Hashable, ...]
    selected: int = 0
    said: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class End:
    """The game ends with this outcome, after ``said``."""

    outcome: Outcome
    said: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class TakeBackAgreed:
    """Every board agreed: take back ``plies`` moves (the LEDs guide the pieces back)."""

    plies: int
    said: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class Light:
    """Light this move as the move to play (a computer's, a remote seat's, one named from
    the controls), after ``said``; None puts the lit move out."""

    guide: GuideMove | None
    said: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayTold:
    """Play a move its own board told (a roll: nothing for the hands here to do)."""

    move: Hashable
    said: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayShown:
    """Play the move the board shows, then each of ``then`` (the moves after it the
    board showed whole) that is still to be played."""

    move: Hashable
    then: tuple[Hashable, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayAgain:
    """The board read the record's last moves again at rest and they are not what it
    shows (the hand went on with the last move, or the next player's landed first):
    take back ``back`` moves, play ``moves``, then ``ask`` (a prompt, or nothing)."""

    back: int
    moves: tuple[Hashable, ...]
    ask: Ask | None = None


@dataclass(frozen=True, slots=True)
class Follow:
    """The board follows the game: play (the move to play kept), after ``said``."""

    said: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class Correct:
    """The board matches nothing: guide it back a step at a time, after ``said``."""

    correction: Correction
    said: tuple[Notice, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """Move the open prompt's selection by ``by`` choices."""

    by: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play a move the players chose (at a prompt, or named from the controls)."""

    move: Hashable


@dataclass(frozen=True, slots=True)
class NothingPlayed:
    """The players say nothing was played: the piece on ``spot`` was only set down, or,
    ``held``, the piece from ``spot`` is still in the hand."""

    spot: Spot
    held: bool


@dataclass(frozen=True, slots=True)
class TakeBackChosen:
    """The players chose a takeback at a prompt; ``board_follows``: the pieces already
    stand as before (else the LEDs guide them back)."""

    plies: int
    board_follows: bool


@dataclass(frozen=True, slots=True)
class Again:
    """A new game of the same game, with the finished one's options and settings (ok
    after the end)."""


@dataclass(frozen=True, slots=True)
class NewGameAsked:
    """Give up the game in progress (kept in the store as given up) and start a game of
    ``game`` as asked (``Match.check_new`` found nothing wrong with it)."""

    game: Game[Any]
    options: Mapping[str, str] | None
    position: str | None
    settings: Mapping[str, str] | None


@dataclass(frozen=True, slots=True)
class Confirm:
    """Play what the board shows now, without the settle time (the clock button);
    ``then``: the ok or refill that asked, which may go on to ask for a move the board
    cannot show (``Presses.after_confirm``)."""

    then: ButtonRole | None = None


@dataclass(frozen=True, slots=True)
class Roll:
    """Roll the dice now, from the session's own random source."""


@dataclass(frozen=True, slots=True)
class PuzzleWanted:
    """The players asked for a puzzle from the board's buttons: close a prompt open now
    and say so (``PuzzleAsked``), for whoever holds the board's puzzles to set one up."""


Decision = (
    Say
    | PlayOn
    | Ask
    | End
    | TakeBackAgreed
    | Light
    | PlayTold
    | PlayShown
    | PlayAgain
    | Follow
    | Correct
    | Step
    | Play
    | NothingPlayed
    | TakeBackChosen
    | Again
    | NewGameAsked
    | Confirm
    | Roll
    | PuzzleWanted
)
