"""What can go wrong with an outside engine; every error names the engine's path."""

from __future__ import annotations

from pathlib import Path

from engine.errors import KibanError


class EngineError(KibanError, RuntimeError):
    """An outside engine failed; ``path`` is the program that was run."""

    def __init__(self, path: str | Path, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = str(path)
        self.reason = message


class EngineStartError(EngineError):
    """The program could not be run, or did not finish the USI handshake."""


class EngineCrashedError(EngineError):
    """The process exited or closed its pipes while Kiban was talking to it."""


class EngineTimeoutError(EngineError):
    """No answer within the time allowed (handshake, ``readyok`` or ``bestmove``)."""


class EngineUnsupportedError(EngineError):
    """The engine does not play this game (no such ``UCI_Variant``)."""


class EngineMoveError(EngineError):
    """The engine answered a move that is not legal in Kiban's position."""
