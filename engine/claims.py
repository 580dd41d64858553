"""Claims: ways to end a game from the controls by the game's own count, not by a move.

A game declares its claims (``Game.claims``) and its positions judge them
(``Position.claim``), so the controls offer exactly the claims the rules can
judge, and a new game's claims need no change outside its own package.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.said import N_, Either, Said, SeatWord, Value, said


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
    problems: tuple[Said, ...]
    warning: Said

    @property
    def wins(self) -> bool:
        return not self.problems

    def describe(self, seat: SeatWord) -> Said:
        """One paragraph for people."""
        count: dict[str, Value] = {"seat": seat, "points": self.points, "needed": self.needed}
        if self.wins:
            return said(
                N_("{seat} counts {points} points of {needed} needed; it would win ({warning})"),
                **count,
                warning=self.warning,
            )
        return said(
            N_(
                "{seat} counts {points} points of {needed} needed; it would fail: {problems}"
                " ({warning})"
            ),
            **count,
            problems=Either(self.problems, N_("; ")),
            warning=self.warning,
        )
