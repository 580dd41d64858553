"""The USI engine front: reads a GUI's commands, answers them, and drives the board
through a ``BoardDriver`` (the simulated board at once, the real one on its runtime).

What the board answers, per the protocol (docs/usi.md):

- ``usi``: ``id name``, ``id author``, ``usiok``; ``isready``: ``readyok``;
  ``setoption``: accepted and ignored (the board has no options);
- ``usinewgame``: the next ``position`` starts a new game on the board;
- ``position``: the GUI's move after the board's game is lit as the move to play and
  waited for; a position that does not follow starts a new game there, with its
  set-up guide showing the position before the GUI's last move, which is then lit;
- ``go``: the move the person plays on the board is ``bestmove``; if the game ends
  otherwise (the person resigns, a claim), ``bestmove resign`` (``bestmove win`` for
  a claim that wins, shogi's declaration);
- ``stop``: the board has no move until the person plays one, and USI wants a
  ``bestmove`` at once: ``bestmove resign``;
- ``go ponder`` and ``ponderhit``: refused with an ``info string`` (the person never
  thinks on the GUI's time, and the board never names a ponder move, so a GUI has
  nothing to ponder on); the ``stop`` that ends a refused ponder is answered
  ``bestmove resign``, which the GUI throws away; ``go mate``: ``checkmate
  notimplemented``;
- ``gameover``: the board's game ends as the GUI says, if it has not already;
- ``quit``: the board is closed and the program ends; unknown lines are ignored.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from engine.game import Game
from firmware_host.usi_engine.commands import (
    Command,
    GameOver,
    Go,
    IsReady,
    NewGame,
    PonderHit,
    Quit,
    Result,
    SetOption,
    SetPosition,
    Stop,
    Unknown,
    Usi,
    read_command,
)
from firmware_host.usi_engine.gui_seat import (
    BoardGame,
    PlayGuiMove,
    PositionError,
    Restart,
    Same,
    step_for,
)

log = logging.getLogger(__name__)

NAME = "Kiban board"
AUTHOR = "the Kiban project"

RESIGN = "resign"


class BoardDriver(Protocol):
    """The board the front drives: simulated, or real on its runtime."""

    @property
    def game(self) -> Game[Any]: ...

    def board_game(self) -> BoardGame:
        """The board's game as its record has it now."""
        ...

    def restart(self, step: Restart) -> None:
        """Start a new game there (the set-up guide shows where the pieces go)."""
        ...

    def play_gui_move(self, step: PlayGuiMove) -> None:
        """Light the GUI's move as the move to play; the hands play it."""
        ...

    def go(self, answer: Callable[[str], None]) -> None:
        """Wait for the person's move and ``answer`` it (a move text, ``resign`` or
        ``win``), once; now or later, from any thread."""
        ...

    def stop(self) -> None:
        """The GUI wants an answer now: a ``go`` still waiting gives it up."""
        ...

    def end(self, result: Result, gui_seat: int) -> None:
        """The GUI ended the game: ``result`` for the board's person."""
        ...

    def close(self) -> None: ...


class UsiFront:
    """One USI conversation with a GUI; ``write`` sends one line to it."""

    def __init__(self, driver: BoardDriver, write: Callable[[str], None]) -> None:
        self.driver = driver
        self.write = write
        self.gui_seat: int | None = None  # the seat the GUI plays in the board's game
        self._fresh = True  # ``usinewgame``: the next position starts a new game
        self._pondering = False

    def line(self, text: str) -> bool:
        """Handle one line from the GUI; False once it said ``quit``."""
        command = read_command(text)
        log.debug("usi < %s", text.rstrip())
        return self.handle(command)

    def handle(self, command: Command) -> bool:
        match command:
            case Usi():
                self.write(f"id name {NAME} ({self.driver.game.name})")
                self.write(f"id author {AUTHOR}")
                self.write("usiok")
            case IsReady():
                self.write("readyok")
            case SetOption() | Unknown():
                pass
            case NewGame():
                self._fresh = True
            case SetPosition(sfen, moves):
                self._position(sfen, moves)
            case Go(ponder, mate):
                self._go(ponder=ponder, mate=mate)
            case Stop():
                if self._pondering:
                    self._pondering = False
                    self.write(f"bestmove {RESIGN}")
                else:
                    self.driver.stop()
            case PonderHit():
                self.write("info string the board does not ponder: ponderhit ignored")
            case GameOver(result):
                if result is not None and self.gui_seat is not None:
                    self.driver.end(result, self.gui_seat)
            case Quit():
                return False
        return True

    def _position(self, sfen: str | None, moves: tuple[str, ...]) -> None:
        game = self.driver.game
        start = game.start_text(game.options({})) if sfen is None else sfen
        board = self.driver.board_game()
        gui_seat = None if self._fresh else self.gui_seat
        try:
            step = step_for(game, board, gui_seat, start, moves)
        except PositionError as error:
            self.write(f"info string position refused: {error}")
            return
        match step:
            case Same():
                pass
            case PlayGuiMove():
                self.driver.play_gui_move(step)
            case Restart(start, moves, seat):
                self.gui_seat = seat
                self._fresh = False
                if not moves:
                    self.driver.restart(step)
                    return
                # set up before the GUI's last move, which is lit as a move to play
                self.driver.restart(Restart(start, moves[:-1], seat))
                self.driver.play_gui_move(PlayGuiMove(moves[:-1], moves[-1]))

    def _go(self, *, ponder: bool, mate: bool) -> None:
        if mate:
            self.write("checkmate notimplemented")
            return
        if ponder:
            self._pondering = True
            self.write("info string the board does not ponder: go ponder refused")
            return
        self.driver.go(self._answer)

    def _answer(self, move: str) -> None:
        self.write(f"bestmove {move}")

    def close(self) -> None:
        self.driver.close()
