"""Shogi: the rules engine, SFEN/USI notation, KIF and CSA game records."""

from __future__ import annotations

import gc

from engine.shogi.game import ShogiGame
from engine.shogi.handicaps import HANDICAPS, START_TEXT
from engine.shogi.impasse import ImpasseError
from engine.shogi.moves import ShogiMove
from engine.shogi.position import ShogiPosition

SHOGI = ShogiGame()

# The move generator's tables (moves.py, rays.py, movegen.py, attacks.py, tables.py)
# are built above, once: some 35,000 tuples, dicts and move objects that live as long
# as the program and hold no cycles. Left where they are, every full collection of
# the cyclic garbage collector would walk them all again (milliseconds here, tens of
# milliseconds on a Raspberry Pi, in the middle of answering a move). Moves cannot be
# made untracked objects (every instance of a Python class is tracked), so everything
# alive now is moved to the collector's permanent generation instead; anything made
# later is collected as usual.
gc.freeze()

__all__ = [
    "HANDICAPS",
    "SHOGI",
    "START_TEXT",
    "ImpasseError",
    "ShogiGame",
    "ShogiMove",
    "ShogiPosition",
]
