"""What lishogi's event stream and game stream say, as typed values.

Only the fields Kiban uses are kept; lishogi adds fields and message types over
time, and the readers (reading.py) ignore what they do not know. Times are in
milliseconds as the game stream sends them (the challenge's ``timeControl`` is in
seconds: ``ChallengeClock`` says so in its field names).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from firmware_host.session.clock import TimeControl


class Side(Enum):
    """lishogi's colours: sente moves first (``b`` in an SFEN, ``btime`` on the clock)."""

    SENTE = "sente"
    GOTE = "gote"

    @property
    def other(self) -> Side:
        return Side.GOTE if self is Side.SENTE else Side.SENTE

    def to_move(self, plies: int) -> bool:
        """Whether this side is to move after ``plies`` moves from the usual start."""
        return (plies % 2 == 0) == (self is Side.SENTE)


class GameStatus(Enum):
    """scalashogi's Status names (``Status.scala``); ``OTHER`` for a name added later."""

    CREATED = "created"
    STARTED = "started"
    ABORTED = "aborted"
    MATE = "mate"
    RESIGN = "resign"
    STALEMATE = "stalemate"
    TIMEOUT = "timeout"
    DRAW = "draw"
    OUT_OF_TIME = "outoftime"
    CHEAT = "cheat"
    NO_START = "noStart"
    UNKNOWN_FINISH = "unknownFinish"
    TRY_RULE = "tryRule"
    PERPETUAL_CHECK = "perpetualCheck"
    IMPASSE_27 = "impasse27"
    ROYALS_LOST = "royalsLost"
    BARE_KING = "bareKing"
    REPETITION = "repetition"
    SPECIAL_VARIANT_END = "specialVariantEnd"
    OTHER = "other"

    @property
    def is_over(self) -> bool:
        """Every status but created and started is final (an unknown one too)."""
        return self not in (GameStatus.CREATED, GameStatus.STARTED)


class ChatRoom(Enum):
    PLAYER = "player"
    SPECTATOR = "spectator"


@dataclass(frozen=True)
class Player:
    """One side of a game; an AI opponent has only ``ai_level``."""

    id: str | None
    name: str | None
    rating: int | None = None
    title: str | None = None
    ai_level: int | None = None


@dataclass(frozen=True)
class GameClock:
    """The clock's settings (gameFull ``clock``), all in milliseconds."""

    initial_ms: int
    increment_ms: int
    byoyomi_ms: int
    periods: int

    def time_control(self) -> TimeControl:
        """The same clock as Kiban's clocks take it (seconds)."""
        byoyomi = self.byoyomi_ms / 1000
        periods = max(1, self.periods) if byoyomi else 1
        return TimeControl(self.initial_ms / 1000, self.increment_ms / 1000, byoyomi, periods)


@dataclass(frozen=True)
class Clocks:
    """Time left per side from a gameState: main time, or once in byoyomi the time
    left in the current period (lishogi adds the periods in use); ms."""

    sente_ms: int
    gote_ms: int
    increment_ms: int
    byoyomi_ms: int

    def left_ms(self, side: Side) -> int:
        return self.sente_ms if side is Side.SENTE else self.gote_ms


@dataclass(frozen=True)
class GameState:
    """The whole move list (USI, from the initial position) and the clocks, status,
    winner and draw offers at one moment of a game."""

    moves: tuple[str, ...]
    clocks: Clocks
    status: GameStatus
    winner: Side | None = None
    sente_offers_draw: bool = False
    gote_offers_draw: bool = False
    rematch: str | None = None

    def offers_draw(self, side: Side) -> bool:
        return self.sente_offers_draw if side is Side.SENTE else self.gote_offers_draw


@dataclass(frozen=True)
class GameFull:
    """The first line of a game stream: who plays, the settings, and the state now."""

    id: str
    variant: str
    rated: bool
    speed: str
    sente: Player
    gote: Player
    initial_sfen: str
    clock: GameClock | None
    state: GameState

    def side_of(self, user_id: str) -> Side | None:
        """Which side the user plays here (ids are lowercase; names are not)."""
        wanted = user_id.lower()
        if self.sente.id == wanted:
            return Side.SENTE
        if self.gote.id == wanted:
            return Side.GOTE
        return None


@dataclass(frozen=True)
class ChatLine:
    username: str
    text: str
    room: ChatRoom


GameMessage = GameFull | GameState | ChatLine
"""What a game stream says."""


@dataclass(frozen=True)
class ChallengeClock:
    """A challenge's real-time control, in seconds as the challenge JSON has it."""

    limit_s: int
    increment_s: int
    byoyomi_s: int
    periods: int


class ChallengeStatus(Enum):
    """Where a challenge stands (lishogi's ``Challenge.Status``): ``OFFLINE`` is one left
    unanswered 20 s (lishogi's sweep); a status Kiban does not know reads as ``OTHER``."""

    CREATED = "created"
    OFFLINE = "offline"
    CANCELED = "canceled"
    DECLINED = "declined"
    ACCEPTED = "accepted"
    OTHER = "other"


@dataclass(frozen=True)
class Challenge:
    """A challenge (or a rematch offer); ``clock`` is None for correspondence/unlimited."""

    id: str
    challenger: str | None
    dest_user: str | None
    variant: str
    rated: bool
    color: str
    clock: ChallengeClock | None
    status: ChallengeStatus = ChallengeStatus.CREATED


@dataclass(frozen=True)
class GameStarted:
    game_id: str
    board: bool | None = None  # lishogi's word: its Board API takes the game (None: not said)


@dataclass(frozen=True)
class GameFinished:
    game_id: str


class ChallengeNews(Enum):
    """Which of the event stream's challenge lines this is."""

    RECEIVED = "challenge"
    DECLINED = "challengeDeclined"
    CANCELED = "challengeCanceled"


@dataclass(frozen=True)
class ChallengeEvent:
    news: ChallengeNews
    challenge: Challenge


Event = GameStarted | GameFinished | ChallengeEvent
"""What the event stream says."""


@dataclass(frozen=True)
class Listening:
    """Not lishogi's line but the client's word: the event stream is open, so what
    happens from now on is told on it. It comes first on each connection, before the
    games in progress and the open challenges lishogi tells at every opening."""


@dataclass(frozen=True)
class Account:
    id: str
    username: str
    title: str | None = None


@dataclass(frozen=True)
class OngoingGame:
    """One entry of /api/account/playing: a game to continue at start."""

    game_id: str
    full_id: str | None
    side: Side
    is_my_turn: bool
    opponent: str | None
    variant: str
