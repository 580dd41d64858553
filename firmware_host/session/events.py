"""What reaches the controller (events) and what it reports back (notices).

Every input has its own type: sensor polling, gpiozero callbacks, the terminal
and the web page only build these and put them on the controller's queue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from drivers.buttons import ButtonRole
from engine.outcome import Outcome
from engine.physical import Reading, Spot
from engine.recognizer import Correction

# --- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrameSeen:
    """A new debounced frame from the scanner."""

    frame: Mapping[Spot, Reading]
    at: float


@dataclass(frozen=True, slots=True)
class ButtonPressed:
    role: ButtonRole
    at: float


@dataclass(frozen=True, slots=True)
class Chosen:
    """A prompt choice named by its move text (the web page, a replay's ``select``)."""

    text: str
    at: float


@dataclass(frozen=True, slots=True)
class TimePassed:
    """A timer tick: settle and grace periods end, LEDs blink."""

    at: float


@dataclass(frozen=True, slots=True)
class Resign:
    """The player to move (or the named seat) resigns."""

    at: float
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class AgreeDraw:
    at: float


@dataclass(frozen=True, slots=True)
class TakeBack:
    """Undo the last move from the controls; the LEDs then guide the pieces back."""

    at: float


@dataclass(frozen=True, slots=True)
class NewGame:
    """Start a new game (of this game, or another) with the given rule options and
    session settings (clock, dice rolling, opening draw)."""

    at: float
    game: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    position: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class RollDice:
    """Roll now (the roll button's meaning, from the web page)."""

    at: float


@dataclass(frozen=True, slots=True)
class ImpasseAgreed:
    """Both players agree that neither can mate: count the points (shogi's jishogi)."""

    at: float


@dataclass(frozen=True, slots=True)
class WinDeclared:
    """The player to move declares a win (shogi's 27-point declaration)."""

    at: float


@dataclass(frozen=True, slots=True)
class PlayGuide:
    """A move wanted from outside (an engine, a lesson, the other board)."""

    move: str
    at: float


@dataclass(frozen=True, slots=True)
class ClearGuide:
    at: float


@dataclass(frozen=True, slots=True)
class BusFault:
    """A sensor chip stopped answering; the game waits."""

    message: str
    at: float


@dataclass(frozen=True, slots=True)
class BusRecovered:
    at: float


Event = (
    FrameSeen
    | ButtonPressed
    | Chosen
    | TimePassed
    | Resign
    | AgreeDraw
    | TakeBack
    | NewGame
    | RollDice
    | ImpasseAgreed
    | WinDeclared
    | PlayGuide
    | ClearGuide
    | BusFault
    | BusRecovered
)

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
class TookBack:
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


@dataclass(frozen=True, slots=True)
class FaultShown:
    message: str
    at: float


@dataclass(frozen=True, slots=True)
class FaultCleared:
    at: float


Notice = (
    BoardReady
    | BoardTurned
    | MoveCommitted
    | PromptOpened
    | TookBack
    | IllegalShown
    | OffGuideShown
    | OutOfStepShown
    | GameEnded
    | GameStarted
    | FirstPlayerDrawn
    | Refused
    | FaultShown
    | FaultCleared
)
