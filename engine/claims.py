"""Claims: ways to end a game from the controls by the game's own count, not by a move.

A game declares its claims (``Game.claims``) and its positions judge them
(``Position.claim``), so the controls offer exactly the claims the rules can
judge, and a new game's claims need no change outside its own package.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ClaimRule:
    """``name`` is what the controls send (a web command, a terminal word); ``title`` the
    button's text, ``help`` one sentence on when to use it."""

    name: str
    title: str
    help: str
