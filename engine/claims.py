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


@dataclass(frozen=True, slots=True)
class ClaimPreview:
    """What a claim that can lose the game would count now, shown before it is made:
    the claimant's points and what is needed, why it would fail (empty: it wins)."""

    seat: int
    points: int
    needed: int
    problems: tuple[str, ...]
    warning: str

    @property
    def wins(self) -> bool:
        return not self.problems

    def describe(self, seat_name: str) -> str:
        """One paragraph for people."""
        verdict = "it would win" if self.wins else "it would fail: " + "; ".join(self.problems)
        count = f"{seat_name} counts {self.points} points of {self.needed} needed"
        return f"{count}; {verdict} ({self.warning})"
