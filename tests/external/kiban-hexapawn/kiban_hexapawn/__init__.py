"""Hexapawn for Kiban: three pawns a side on a 3x3 board (Martin Gardner, 1962). Installed
beside Kiban, it is found by its entry point in ``kiban.games``."""

from kiban_hexapawn.game import HexapawnGame

HEXAPAWN = HexapawnGame()
"""The game, as the entry point names it."""

__all__ = ["HEXAPAWN", "HexapawnGame"]
