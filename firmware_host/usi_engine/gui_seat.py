"""The GUI's seat: its moves come the way another board's do, as answers to the
session's question "what does this seat play here?" (a remote seat, ``OpponentKind.
REMOTE``), so the session lights each one as the move to play and waits for the hands.

And whether a ``position`` from the GUI follows from the board's game: the same start,
the same moves, and at most one more, the GUI seat's. Anything else is a new game set
up from the GUI's position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.said import N_, said
from firmware_host.opponents.fairy import kiban_move
from firmware_host.opponents.seats import OpponentKind
from firmware_host.opponents.thinking import Thinker, ThinkRequest, ThinkResult


@dataclass(frozen=True, slots=True)
class BoardGame:
    """The board's game as its record has it."""

    start: str
    moves: tuple[str, ...]
    turn: int
    over: bool


@dataclass(frozen=True, slots=True)
class Same:
    """The GUI's position is the board's: nothing to play."""


@dataclass(frozen=True, slots=True)
class PlayGuiMove:
    """The GUI's seat played ``move`` after the board's moves: it is lit and waited for."""

    before: tuple[str, ...]
    move: str


@dataclass(frozen=True, slots=True)
class Restart:
    """A new game from ``start`` with ``moves`` played; the GUI plays ``gui_seat``."""

    start: str
    moves: tuple[str, ...]
    gui_seat: int


Step = Same | PlayGuiMove | Restart


class PositionError(KibanError, ValueError):
    """A ``position`` the game's rules cannot play (its text or one of its moves)."""


def same_start(game: Game[Any], first: str, second: str) -> bool:
    """Whether two start texts are one position (the move number aside)."""
    return _normal(game, first) == _normal(game, second)


def _normal(game: Game[Any], text: str) -> tuple[str, ...]:
    words = game.position(text).text().split()
    return tuple(words[:-1] if len(words) > 1 and words[-1].isdigit() else words)


def step_for(
    game: Game[Any], board: BoardGame, gui_seat: int | None, start: str, moves: tuple[str, ...]
) -> Step:
    """What the board does for the GUI's ``position start moves ...`` (``gui_seat``:
    the seat the GUI plays in the board's game, None before the first game). The
    GUI's moves are read as Kiban's rules have them (a promotion the rules make, which
    an engine may write without ``+``, as Kiban writes it)."""
    position, moves = _played(game, start, moves)
    follows = gui_seat is not None and not board.over and same_start(game, board.start, start)
    if follows and moves == board.moves and board.turn != gui_seat:
        return Same()
    if follows and moves[:-1] == board.moves and board.turn == gui_seat:
        return PlayGuiMove(board.moves, moves[-1])
    turn: int = position.turn
    return Restart(start, moves, (turn + 1) % len(game.seats))


def _played(game: Game[Any], start: str, moves: tuple[str, ...]) -> tuple[Any, tuple[str, ...]]:
    """The position after the GUI's moves, and the moves as Kiban writes them."""
    try:
        position = game.position(start)
    except KibanError as error:
        raise PositionError(f"the position {start!r} cannot be read: {error}") from None
    texts: list[str] = []
    for number, text in enumerate(moves, start=1):
        move = kiban_move(position, text)
        if move is None:
            raise PositionError(f"move {number} ({text}) is not legal there")
        texts.append(position.move_text(move))
        position.push(move)
    return position, tuple(texts)


class GuiSeatThinker:
    """Answers the GUI seat's requests with the move the GUI told; passes the rest on."""

    def __init__(self, inner: Thinker) -> None:
        self.inner = inner
        self._told: PlayGuiMove | None = None
        self._waiting: tuple[ThinkRequest, ...] = ()

    def tell(self, told: PlayGuiMove) -> None:
        """The GUI's move, for the position after ``told.before``."""
        self._told = told

    def forget(self) -> None:
        """A new game: a move told for the last one is not played in it."""
        self._told = None
        self._waiting = ()

    def want(self, requests: tuple[ThinkRequest, ...]) -> None:
        self._waiting = tuple(r for r in requests if r.spec.kind is OpponentKind.REMOTE)
        self.inner.want(tuple(r for r in requests if r.spec.kind is not OpponentKind.REMOTE))

    def results(self) -> list[ThinkResult]:
        answers = self.inner.results()
        told = self._told
        for request in self._waiting:
            if told is not None and request.moves == told.before:
                answers.append(ThinkResult(request, told.move, note=said(N_("played at the GUI"))))
                self._told = None
        self._waiting = ()
        return answers

    def hurry(self) -> None:
        self.inner.hurry()  # the GUI's player takes the time they take

    @property
    def busy(self) -> bool:
        """A told move still to answer wakes the loop for it."""
        return self.inner.busy or self._told is not None

    def close(self) -> None:
        self.inner.close()
