"""How an outside USI engine (Fairy-Stockfish) knows a game, declared by the game.

A game whose positions and moves are already USI texts (SFEN) names the engine's
variant for it and where the engine's rules differ from Kiban's; the opponents
read this and never a game's name. A game without it is not offered to a USI
engine: the built-in search plays it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class UsiVariant:
    """``variant``: the ``UCI_Variant`` the engine calls the game by;
    ``king_capture_by_kiban``: the engine treats the king as a chess king and never sees
    a position where it can be taken, so Kiban plays that capture itself (Robot Duel's
    lion); ``needs_uci_variant``: an engine offering no ``UCI_Variant`` cannot play the
    game (false for the game a plain USI engine plays: shogi)."""

    variant: str
    king_capture_by_kiban: bool = False
    needs_uci_variant: bool = True


@dataclass(frozen=True, slots=True)
class ServerVariant:
    """How a game server that speaks USI (lishogi) knows a game: ``key``, its variant
    key; ``drops``, the drop letters it writes differently, each as (its letter,
    Kiban's letter). Squares and the promotion mark are the same."""

    key: str
    drops: tuple[tuple[str, str], ...] = ()
