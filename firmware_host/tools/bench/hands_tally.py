"""What a soak of the hands counts, and what the heavy soak allows of it: one game's
wrong commits, missed moves and prompts (``firmware_host.tools.bench.hands`` plays them;
the spec sheet and ``--check`` read the tally)."""

from __future__ import annotations

from dataclasses import dataclass, field

MISSED_LIMIT = 1.0
"""Missed moves per 1,000 the heavy soak allows (``--check``)."""


@dataclass
class HandsTally:
    """What one game's soak met."""

    game: str
    profile: str
    moves: int = 0
    wrong: int = 0
    missed: int = 0
    prompts: int = 0
    choices: int = 0  # prompts whose choices no sensor tells apart (promotion, colour)
    one_choice: int = 0
    unoffered: int = 0  # prompts that did not offer the move played (invariant 4)
    midway: int = 0  # prompts asked while the hand was still making the move
    replaced: int = 0  # played moves the record dropped with no prompt offering them
    games: int = 0
    notes: list[str] = field(default_factory=list)  # each wrong or missed move, told

    def per_thousand(self, count: int) -> float:
        return 1000.0 * count / max(self.moves, 1)

    def within_limits(self) -> bool:
        """What issues 44 and 60 ask of the heavy soak: no wrong move, no one-choice
        prompt, every prompt offering the move played, no played move replaced unasked,
        at most ``MISSED_LIMIT`` missed moves per 1,000."""
        missed = self.per_thousand(self.missed)
        clean = self.wrong == 0 and self.one_choice == 0 and self.unoffered == 0
        return clean and self.replaced == 0 and missed <= MISSED_LIMIT

    def line(self) -> str:
        return (
            f"{self.game:10} {self.profile:22} {self.moves:6,} moves"
            f"  wrong {self.per_thousand(self.wrong):5.2f}"
            f"  missed {self.per_thousand(self.missed):5.2f}"
            f"  prompts {self.per_thousand(self.prompts):6.1f}"
            f" (real choices {self.per_thousand(self.choices):6.1f},"
            f" one choice {self.one_choice}, not offering the move {self.unoffered},"
            f" asked mid-move {self.midway})"
            f"  replaced unasked {self.replaced}  per 1,000"
            f"  ({self.games} games)"
        )
