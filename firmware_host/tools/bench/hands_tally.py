"""What a soak of the hands counts, and what the heavy soak allows of it: one game's
wrong commits, missed moves and prompts (``firmware_host.tools.bench.hands`` plays them;
the spec sheet and ``--check`` read the tally)."""

from __future__ import annotations

from dataclasses import dataclass, field

MISSED_LIMIT = 1.0
"""Missed moves per 1,000 the heavy soak allows (``--check``)."""


@dataclass
class HandsTally:
    """What one game's soak met.

    The prompts are split by what they ask. **Real choices** (``choices``) are those whose
    choices no sensor tells apart (a promotion, a token's colour, which piece was dropped,
    a dice pick): better sensing removes them, no timing does. The rest are **not real
    choices**: the board's sensors tell the choices apart, and only the timing of the
    hands could not: a move asked again (``again``: a ply the board had committed, asked
    about), a piece "only set down" (``set_down``) or "still in the hand" (``held``), and
    the other questions of timing (``timing``: which move came first, a line or a move,
    an earlier position shown)."""

    game: str
    profile: str
    moves: int = 0
    wrong: int = 0
    missed: int = 0
    prompts: int = 0
    choices: int = 0  # prompts whose choices no sensor tells apart (promotion, colour)
    again: int = 0  # prompts about a ply the board had committed: a move asked again
    set_down: int = 0  # prompts offering "only set down"
    held: int = 0  # prompts offering "still in the hand"
    one_choice: int = 0
    unoffered: int = 0  # prompts that did not offer the move played (invariant 4)
    midway: int = 0  # prompts asked while the hand was still making the move
    replaced: int = 0  # committed moves the record dropped with no prompt offering them
    games: int = 0
    notes: list[str] = field(default_factory=list)  # each wrong or missed move, told

    @property
    def not_real(self) -> int:
        """The prompts that are not real choices (questions the hands' timing raised)."""
        return self.prompts - self.choices

    @property
    def timing(self) -> int:
        """The questions of timing that are neither a move asked again nor a piece only
        set down or still in the hand."""
        return self.not_real - self.again - self.set_down - self.held

    def per_thousand(self, count: int) -> float:
        return 1000.0 * count / max(self.moves, 1)

    def within_limits(self) -> bool:
        """What issues 44, 60 and 78 ask of the heavy soak: no wrong move, no one-choice
        prompt, every prompt offering the move played, no committed move replaced
        unasked (at any delay), at most ``MISSED_LIMIT`` missed moves per 1,000."""
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
            f" not real {self.per_thousand(self.not_real):6.1f}:"
            f" timing {self.per_thousand(self.timing):.1f},"
            f" asked again {self.per_thousand(self.again):.1f},"
            f" only set down {self.per_thousand(self.set_down):.1f},"
            f" still in the hand {self.per_thousand(self.held):.1f};"
            f" one choice {self.one_choice}, not offering the move {self.unoffered},"
            f" asked mid-move {self.midway})"
            f"  replaced unasked {self.replaced}  per 1,000"
            f"  ({self.games} games)"
        )
