"""Computer seats played by outside engines over USI (Fairy-Stockfish and others).

Nothing here links an engine: each runs as its own process (``process``), spoken
to in USI text (``usi_protocol``), with the rule differences of each game
handled in ``fairy``; ``UsiPlayer`` is the ``Player`` a session seats.
"""

from firmware_host.opponents.errors import (
    EngineCrashedError,
    EngineError,
    EngineMoveError,
    EngineStartError,
    EngineTimeoutError,
    EngineUnsupportedError,
)
from firmware_host.opponents.fairy import find_fairy_stockfish
from firmware_host.opponents.fallback import RandomMover, default_fallback
from firmware_host.opponents.usi import UsiPlayer, UsiTimeouts

__all__ = [
    "EngineCrashedError",
    "EngineError",
    "EngineMoveError",
    "EngineStartError",
    "EngineTimeoutError",
    "EngineUnsupportedError",
    "RandomMover",
    "UsiPlayer",
    "UsiTimeouts",
    "default_fallback",
    "find_fairy_stockfish",
]
