"""Which built-in search plays a game: apart from the other search values, so that
the game contract (``engine.game``) can name it without importing what names the
contract (the ``Player`` protocol speaks of positions)."""

from __future__ import annotations

from enum import Enum


class SearchStyle(Enum):
    """Which built-in search suits a game: alpha-beta for two players who see
    everything; sampling (playouts) where dice, four seats or tens of thousands of
    moves make a full-width search hopeless."""

    ALPHA_BETA = "alpha-beta"
    SAMPLING = "sampling"
