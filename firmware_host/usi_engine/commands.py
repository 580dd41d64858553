"""The commands a USI GUI sends an engine, read from lines: values in, nothing run.

Kept apart from the front that answers them, so every odd line a GUI may send is
tested without a board. Unknown lines are ``Unknown``: USI says an engine ignores them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Result(Enum):
    """``gameover``'s word, for the engine (here: the board's person)."""

    WIN = "win"
    LOSE = "lose"
    DRAW = "draw"


@dataclass(frozen=True, slots=True)
class Usi:
    """``usi``: say who the engine is, its options, then ``usiok``."""


@dataclass(frozen=True, slots=True)
class IsReady:
    """``isready``: answer ``readyok`` once ready."""


@dataclass(frozen=True, slots=True)
class SetOption:
    """``setoption name N [value V]``: the board has no options but the GUI's usual ones."""

    name: str
    value: str = ""


@dataclass(frozen=True, slots=True)
class NewGame:
    """``usinewgame``: a new game follows."""


@dataclass(frozen=True, slots=True)
class SetPosition:
    """``position startpos|sfen S [moves ...]``; ``sfen`` is None for ``startpos``."""

    sfen: str | None
    moves: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Go:
    """``go ...``: the board's person is to move; ``ponder`` and ``mate`` are refused."""

    ponder: bool = False
    mate: bool = False


@dataclass(frozen=True, slots=True)
class Stop:
    """``stop``: answer ``bestmove`` now."""


@dataclass(frozen=True, slots=True)
class PonderHit:
    """``ponderhit``: the board never ponders."""


@dataclass(frozen=True, slots=True)
class GameOver:
    """``gameover win|lose|draw``: the GUI ended the game."""

    result: Result | None


@dataclass(frozen=True, slots=True)
class Quit:
    """``quit``: end the program."""


@dataclass(frozen=True, slots=True)
class Unknown:
    """Any other line: ignored, as USI asks."""

    line: str


Command = (
    Usi
    | IsReady
    | SetOption
    | NewGame
    | SetPosition
    | Go
    | Stop
    | PonderHit
    | GameOver
    | Quit
    | Unknown
)

_PLAIN: dict[str, Command] = {
    "usi": Usi(),
    "isready": IsReady(),
    "usinewgame": NewGame(),
    "stop": Stop(),
    "ponderhit": PonderHit(),
    "quit": Quit(),
}


def read_command(line: str) -> Command:
    """One line from the GUI as a command (``Unknown`` when it is none)."""
    words = line.split()
    if not words:
        return Unknown(line)
    head = words[0]
    plain = _PLAIN.get(head)
    if plain is not None:
        return plain
    match head:
        case "setoption":
            return _setoption(words, line)
        case "position":
            return _position(words, line)
        case "go":
            return Go(ponder="ponder" in words[1:], mate=words[1:2] == ["mate"])
        case "gameover":
            result = words[1] if len(words) > 1 else ""
            known = {r.value: r for r in Result}
            return GameOver(known.get(result))
    return Unknown(line)


def _setoption(words: list[str], line: str) -> Command:
    if len(words) < 3 or words[1] != "name":
        return Unknown(line)
    if "value" in words[2:]:
        at = words.index("value", 2)
        return SetOption(" ".join(words[2:at]), " ".join(words[at + 1 :]))
    return SetOption(" ".join(words[2:]))


def _position(words: list[str], line: str) -> Command:
    rest = words[1:]
    moves: tuple[str, ...] = ()
    if "moves" in rest:
        at = rest.index("moves")
        rest, moves = rest[:at], tuple(rest[at + 1 :])
    if rest == ["startpos"]:
        return SetPosition(None, moves)
    if len(rest) >= 2 and rest[0] == "sfen":
        return SetPosition(" ".join(rest[1:]), moves)
    return Unknown(line)
