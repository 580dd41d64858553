"""The one vocabulary of what people and tools ask of a session.

Each action is defined once, here: a frozen dataclass with its wire name (the
``type`` of a web message, the verb of a terminal command, the ``command`` of a
replay line), who carries it out (``Scope``) and its parameters (``param()``
fields: their wire names, JSON kinds and help). The web page's schema, the
terminal's parser and help, and the replay reader are all read from
``ACTIONS``; a new action is one class here (and its line in ``ACTIONS``) plus
its handling where its scope says.

Actions carry no time: whoever hands one to the controller says when it
happened (``Controller.handle(action, at)``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, TypeGuard

from drivers.buttons import ButtonRole
from engine.physical import Spot
from firmware_host.session.settings import Settings


class Scope(Enum):
    """Who carries an action out."""

    GAME = "game"  # the controller: the game and its session
    HANDS = "hands"  # the simulated hands (only where pieces are simulated)
    SESSION = "session"  # the front end's session itself (the record, for one)
    ONLINE = "online"  # the lishogi token and the online game (the page's dialog)


class Kind(Enum):
    """What a parameter's value is on the wire (JSON), said as the error says it."""

    STRING = "a string"
    OPTIONAL_STRING = "a string or null"
    INTEGER = "an integer"
    STRINGS = "an object of strings"
    BUTTON = "a button name"
    SWITCH = '"on" or "off"'  # read as a bool


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter of an action: ``name`` on the wire, ``attribute`` in the class;
    ``keys``: the names an object of strings may hold (empty: any)."""

    name: str
    attribute: str
    kind: Kind
    required: bool
    help: str
    keys: tuple[str, ...] = ()
    has_default: bool = False
    secret: bool = False  # never shown: not in the action's repr, nor in any refusal


def param(
    kind: Kind,
    help: str,
    *,
    wire: str | None = None,
    optional: bool = False,
    keys: tuple[str, ...] = (),
    default: Any = dataclasses.MISSING,
    secret: bool = False,
) -> Any:
    """A parameter field: required on the wire unless ``optional``. ``default`` is what
    the class takes when it is built without it (by the terminal, say); a ``secret`` is
    left out of the action's repr (so out of every log line that shows the action) and
    out of every refusal of a message that carries it, whatever its shape."""
    metadata = {
        "kind": kind,
        "help": help,
        "wire": wire,
        "optional": optional,
        "keys": keys,
        "secret": secret,
    }
    if isinstance(default, dict):
        return field(default_factory=lambda: dict(default), metadata=metadata)
    return field(default=default, metadata=metadata, repr=not secret)


# --- the actions ---------------------------------------------------------------------


class Vocabulary:
    """What every action declares: its wire name, its scope, and the word a typed
    command uses when it is not the wire name."""

    __slots__ = ()
    wire: ClassVar[str]
    scope: ClassVar[Scope]
    verb: ClassVar[str | None] = None


@dataclass(frozen=True, slots=True)
class LiftPiece(Vocabulary):
    """Pick up the top piece of a spot."""

    wire: ClassVar[str] = "lift"
    scope: ClassVar[Scope] = Scope.HANDS
    spot: Spot = param(Kind.STRING, "the spot to lift from (a cell, or a stand slot)")


@dataclass(frozen=True, slots=True)
class PlacePiece(Vocabulary):
    """Put a held piece down: the one lifted last, or ``held`` (its index in the hand).
    A piece already on the cell is first taken where the rules send it."""

    wire: ClassVar[str] = "place"
    scope: ClassVar[Scope] = Scope.HANDS
    spot: Spot = param(Kind.STRING, "the spot to put it on")
    held: int | None = param(
        Kind.INTEGER, "which held piece (0 first)", optional=True, default=None
    )


@dataclass(frozen=True, slots=True)
class MovePiece(Vocabulary):
    """Lift and place in one go; a piece on the target goes where the rules send it."""

    wire: ClassVar[str] = "move"
    scope: ClassVar[Scope] = Scope.HANDS
    source: Spot = param(Kind.STRING, "the spot to lift from", wire="from")
    target: Spot = param(Kind.STRING, "the spot to put it on", wire="to")


@dataclass(frozen=True, slots=True)
class FlipPiece(Vocabulary):
    """Turn a piece over (promote it): lifted, turned, put back."""

    wire: ClassVar[str] = "flip"
    scope: ClassVar[Scope] = Scope.HANDS
    spot: Spot = param(Kind.STRING, "the spot of the piece to turn over")


@dataclass(frozen=True, slots=True)
class Press(Vocabulary):
    """A board button: ok, next, back, roll, refill, clock."""

    wire: ClassVar[str] = "press"
    scope: ClassVar[Scope] = Scope.GAME
    button: ButtonRole = param(Kind.BUTTON, "the button (ok, next, back, ...)")


@dataclass(frozen=True, slots=True)
class Select(Vocabulary):
    """Answer a prompt by name, or name a move the board cannot show."""

    wire: ClassVar[str] = "select"
    scope: ClassVar[Scope] = Scope.GAME
    choice: str = param(Kind.STRING, "the choice, in the game's notation")


@dataclass(frozen=True, slots=True)
class NewGame(Vocabulary):
    """Start a new game of this game (no ``game``) or another, with its rules, start
    position and session settings (``settings`` also names the simulated board and the
    palette, which the front end's session uses)."""

    wire: ClassVar[str] = "new_game"
    scope: ClassVar[Scope] = Scope.GAME
    verb: ClassVar[str | None] = "new"
    game: str | None = param(Kind.STRING, "the game's name or alias", default=None)
    variants: Mapping[str, str] = param(
        Kind.STRINGS, "rule options, NAME=VALUE", optional=True, default={}
    )
    position: str | None = param(
        Kind.OPTIONAL_STRING, "a start position in the game's notation", optional=True, default=None
    )
    settings: Mapping[str, str] = param(
        Kind.STRINGS,
        "the session: clock, roll, draw, seed, opponent, coach, warn, help, hints; and the"
        " board's profile and palette",
        optional=True,
        keys=("profile", "palette", *Settings.KEYS),
        default={},
    )

    FRONT_END_KEYS: ClassVar[tuple[str, ...]] = ("profile", "palette")

    @property
    def profile(self) -> str | None:
        return self.settings.get("profile")

    @property
    def palette(self) -> str | None:
        return self.settings.get("palette")

    @property
    def session(self) -> dict[str, str]:
        """The settings the game session keeps (clock, dice rolling, draw, seed)."""
        return {k: v for k, v in self.settings.items() if k not in self.FRONT_END_KEYS}


@dataclass(frozen=True, slots=True)
class TakeBack(Vocabulary):
    """Undo the last move from the controls; the LEDs then guide the pieces back."""

    wire: ClassVar[str] = "takeback"
    scope: ClassVar[Scope] = Scope.GAME


@dataclass(frozen=True, slots=True)
class Resign(Vocabulary):
    """The player to move (or the seat named) resigns."""

    wire: ClassVar[str] = "resign"
    scope: ClassVar[Scope] = Scope.GAME
    seat: int | None = param(Kind.INTEGER, "the seat that resigns", optional=True, default=None)


@dataclass(frozen=True, slots=True)
class AgreeDraw(Vocabulary):
    """The players end the game: a draw, or the game's own count (scores)."""

    wire: ClassVar[str] = "draw"
    scope: ClassVar[Scope] = Scope.GAME


@dataclass(frozen=True, slots=True)
class Guide(Vocabulary):
    """A move wanted from outside (an engine, a lesson, the other board): only it is
    accepted, and its spots are lit."""

    wire: ClassVar[str] = "guide"
    scope: ClassVar[Scope] = Scope.GAME
    move: str = param(Kind.STRING, "the move, in the game's notation")


@dataclass(frozen=True, slots=True)
class Review(Vocabulary):
    """After a game, step through its moves (or a stored game's): the LEDs light each
    move's from and to; nothing is changed."""

    wire: ClassVar[str] = "review"
    scope: ClassVar[Scope] = Scope.GAME
    step: str = param(Kind.STRING, "first, back, next, last, worst, next-worst, or a move number")
    game_id: int | None = param(
        Kind.INTEGER,
        "a stored game's number (default: the one reviewed, else this one)",
        optional=True,
        default=None,
    )


@dataclass(frozen=True, slots=True)
class Unguide(Vocabulary):
    """Forget the move to play."""

    wire: ClassVar[str] = "unguide"
    scope: ClassVar[Scope] = Scope.GAME


@dataclass(frozen=True, slots=True)
class Hint(Vocabulary):
    """Light the move the computer would play, as a suggestion the player may ignore."""

    wire: ClassVar[str] = "hint"
    scope: ClassVar[Scope] = Scope.GAME


@dataclass(frozen=True, slots=True)
class MoveNow(Vocabulary):
    """Ask the computer to stop thinking and play the best move it has found."""

    wire: ClassVar[str] = "move_now"
    scope: ClassVar[Scope] = Scope.GAME
    verb: ClassVar[str | None] = "now"


@dataclass(frozen=True, slots=True)
class Speak(Vocabulary):
    """Say what happens aloud, or keep quiet: the session's switch, which the board's
    speaker and every page follow.

    A quiet room silences the board from the page (its "speak moves" box) or the
    terminal; the session starts speaking when its board has a speaker."""

    wire: ClassVar[str] = "speak"
    scope: ClassVar[Scope] = Scope.GAME
    on: bool = param(Kind.SWITCH, "on or off", wire="mode")


@dataclass(frozen=True, slots=True)
class RollDice(Vocabulary):
    """Roll now (the roll button's meaning)."""

    wire: ClassVar[str] = "roll"
    scope: ClassVar[Scope] = Scope.GAME


@dataclass(frozen=True, slots=True)
class Claim(Vocabulary):
    """End the game by one of its claims (shogi's impasse count, its declaration): the
    game judges it. A game's claim names are also actions of their own name."""

    wire: ClassVar[str] = "claim"
    scope: ClassVar[Scope] = Scope.GAME
    claim: str = param(Kind.STRING, "the claim's name (the game lists them)")


@dataclass(frozen=True, slots=True)
class Download(Vocabulary):
    """The game's record in one of its formats."""

    wire: ClassVar[str] = "download"
    scope: ClassVar[Scope] = Scope.SESSION
    format: str = param(Kind.STRING, "the format's name", optional=True, default="txt")


@dataclass(frozen=True, slots=True)
class StartPuzzle(Vocabulary):
    """Set up one of the game's puzzles (``engine.puzzles``) and judge the moves played
    against its answer; ``difficulty`` 1 is the easiest (any when not given)."""

    wire: ClassVar[str] = "puzzle"
    scope: ClassVar[Scope] = Scope.SESSION
    difficulty: int | None = param(
        Kind.INTEGER, "1 the easiest; any when not given", optional=True, default=None
    )


@dataclass(frozen=True, slots=True)
class PlayRemote(Vocabulary):
    """Play this game with other boards over an MQTT broker: host a new game (the
    answer has its code), join one by its code, or follow one read-only."""

    wire: ClassVar[str] = "remote"
    scope: ClassVar[Scope] = Scope.SESSION
    broker: str = param(
        Kind.STRING, "the broker: mqtt://HOST[:PORT], mqtts:// for TLS, USER:PASSWORD@ if asked"
    )
    join: str | None = param(
        Kind.OPTIONAL_STRING,
        "the code of the game to join (none: host a new game of this game)",
        optional=True,
        default=None,
    )
    watch: str | None = param(
        Kind.OPTIONAL_STRING,
        "the code of a game to follow read-only",
        optional=True,
        default=None,
    )
    seat: str | None = param(
        Kind.OPTIONAL_STRING,
        "the seat played here (default: the first, or a free one)",
        optional=True,
        default=None,
    )


@dataclass(frozen=True, slots=True)
class OnlineToken(Vocabulary):
    """Keep the user's lishogi API token (scope board:play) in the state directory, for
    this user only; it is never shown again."""

    wire: ClassVar[str] = "online_token"
    scope: ClassVar[Scope] = Scope.ONLINE
    token: str = param(Kind.STRING, "the personal API token", secret=True)


@dataclass(frozen=True, slots=True)
class OnlineForget(Vocabulary):
    """Forget the kept lishogi token (revoke it on lishogi too)."""

    wire: ClassVar[str] = "online_forget"
    scope: ClassVar[Scope] = Scope.ONLINE


@dataclass(frozen=True, slots=True)
class OnlineResign(Vocabulary):
    """Resign the online game on lishogi."""

    wire: ClassVar[str] = "online_resign"
    scope: ClassVar[Scope] = Scope.ONLINE


@dataclass(frozen=True, slots=True)
class OnlineAbort(Vocabulary):
    """Abort the online game on lishogi (before its first moves)."""

    wire: ClassVar[str] = "online_abort"
    scope: ClassVar[Scope] = Scope.ONLINE


@dataclass(frozen=True, slots=True)
class OnlineDraw(Vocabulary):
    """Offer a draw in the online game, or accept the opponent's."""

    wire: ClassVar[str] = "online_draw"
    scope: ClassVar[Scope] = Scope.ONLINE


@dataclass(frozen=True, slots=True)
class OnlineSay(Vocabulary):
    """Send a chat line to the online game's opponent."""

    wire: ClassVar[str] = "online_say"
    scope: ClassVar[Scope] = Scope.ONLINE
    text: str = param(Kind.STRING, "the line (140 characters at most)")


@dataclass(frozen=True, slots=True)
class OnlineStart(Vocabulary):
    """Find a game on lishogi in the background: seek one, challenge a user, or accept
    a challenge; the board then plays it."""

    wire: ClassVar[str] = "online_start"
    scope: ClassVar[Scope] = Scope.ONLINE
    way: str = param(Kind.STRING, "seek, challenge or accept")
    who: str | None = param(
        Kind.OPTIONAL_STRING,
        "the user to challenge, or the challenge to accept",
        optional=True,
        default=None,
    )
    clock: str = param(
        Kind.STRING, "the time control, as clock= takes it", optional=True, default="10m byo 10s"
    )
    rated: str = param(Kind.STRING, "rated or casual", optional=True, default="casual")


@dataclass(frozen=True, slots=True)
class OnlineCancel(Vocabulary):
    """Stop looking for an online game (a seek is withdrawn)."""

    wire: ClassVar[str] = "online_cancel"
    scope: ClassVar[Scope] = Scope.ONLINE


OnlineAction = (
    OnlineToken
    | OnlineForget
    | OnlineResign
    | OnlineAbort
    | OnlineDraw
    | OnlineSay
    | OnlineStart
    | OnlineCancel
)
"""The page's "Play online" dialog (``Scope.ONLINE``)."""

Action = (
    LiftPiece
    | PlacePiece
    | MovePiece
    | FlipPiece
    | Press
    | Select
    | NewGame
    | TakeBack
    | Resign
    | AgreeDraw
    | Guide
    | Unguide
    | Review
    | RollDice
    | Claim
    | Hint
    | MoveNow
    | Speak
    | Download
    | StartPuzzle
    | PlayRemote
    | OnlineAction
)
"""What a person or a tool asks; the controller handles the ``Scope.GAME`` ones."""

GameAction = (
    Press
    | Select
    | NewGame
    | TakeBack
    | Resign
    | AgreeDraw
    | Guide
    | Unguide
    | Review
    | RollDice
    | Claim
    | Hint
    | MoveNow
    | Speak
)
"""The actions the controller carries out (``Scope.GAME``)."""

ACTIONS: tuple[type[Action], ...] = (
    LiftPiece,
    PlacePiece,
    MovePiece,
    FlipPiece,
    Press,
    Select,
    NewGame,
    TakeBack,
    Resign,
    AgreeDraw,
    Guide,
    Unguide,
    Review,
    Download,
    RollDice,
    Claim,
    Hint,
    MoveNow,
    Speak,
    StartPuzzle,
    PlayRemote,
    OnlineToken,
    OnlineForget,
    OnlineResign,
    OnlineAbort,
    OnlineDraw,
    OnlineSay,
    OnlineStart,
    OnlineCancel,
)


# --- reading the vocabulary ------------------------------------------------------------


def is_game_action(action: Action) -> TypeGuard[GameAction]:
    """Whether the controller carries the action out."""
    return action.scope is Scope.GAME


def params(action: type[Action]) -> tuple[Param, ...]:
    """The parameters of an action class, in order."""
    return tuple(
        Param(
            name=item.metadata["wire"] or item.name,
            attribute=item.name,
            kind=item.metadata["kind"],
            required=not item.metadata["optional"],
            help=item.metadata["help"],
            keys=item.metadata["keys"],
            has_default=item.default is not dataclasses.MISSING
            or item.default_factory is not dataclasses.MISSING,
            secret=item.metadata.get("secret", False),
        )
        for item in dataclasses.fields(action)
    )
