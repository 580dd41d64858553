"""What a game's puzzles ask: declared by each game (``Game.puzzle_kinds``), read
generically by the solver, the generator and the session, so no other module needs a
game's name to know what its puzzles are."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Goal(Enum):
    """What the player must bring about."""

    WIN = "win"
    """Force a win (mate, lion capture, try, the game's end) within the puzzle's plies."""
    GAIN = "gain"
    """Take a stone of ``PuzzleKind.target`` from another seat with the one move."""
    HOLD = "hold"
    """Find the one move after which no reply takes a stone of ``target``."""


@dataclass(frozen=True, slots=True)
class PuzzleKind:
    """One kind of puzzle of a game: its name (the data file's word for it), its goal,
    the plies its puzzles may take, and what the solver may assume."""

    name: str
    goal: Goal
    plies: tuple[int, ...]
    words: str
    """What the player is asked, in a sentence ("mate the king in {plies} plies")."""
    checks_only: bool = False
    """Every attacking move must check (tsume): the solver tries nothing else."""
    target: str = ""
    """For GAIN and HOLD: the stone kind whose loss counts ("" any stone)."""
    title: str = ""
    """What the puzzle is, in a player's words, as the page and the terminal show it
    ("winning refill"); the name with its hyphens as spaces when not given. A msgid:
    the catalogues translate it, as they do ``words``."""

    @property
    def shown(self) -> str:
        """The kind's name for a player (``title``, else the name in words)."""
        return self.title or self.name.replace("-", " ")

    def ask(self, plies: int, words: str | None = None) -> str:
        """The question for a puzzle of this kind that takes ``plies``, in ``words``
        (``words`` translated, with the same placeholders) when given."""
        return (self.words if words is None else words).format(plies=plies, moves=(plies + 1) // 2)
