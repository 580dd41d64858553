"""How a game ended: one list of reasons shared by all games."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Termination(Enum):
    KING_CAPTURED = "king captured"
    TRY = "try"
    CHECKMATE = "checkmate"
    NO_LEGAL_MOVES = "no legal moves"
    REPETITION = "repetition"
    PERPETUAL_CHECK = "perpetual check"
    IMPASSE = "impasse"
    DECLARATION = "declaration"
    ILLEGAL_MOVE = "illegal move"
    MARBLES_PUSHED_OFF = "six marbles pushed off"
    LAST_TOKEN = "last token taken"
    ARMIES_GONE = "at most one army left"
    ONLY_KINGS = "only kings left"
    TEAM_VICTORY = "one team left"
    RESIGNATION = "resignation"
    AGREEMENT = "agreed"
    TIME_FORFEIT = "time forfeit"
    FORFEIT = "forfeit"
    """A game won by default: the other side did not play it (a shogi record's 不戦勝,
    不戦敗), whether or not moves stand before the word."""
    ENDED_BY_PLAYERS = "ended by the players"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game. No winners means a draw; several winners share the win."""

    termination: Termination
    winners: frozenset[int]

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @classmethod
    def win(cls, termination: Termination, seat: int) -> Outcome:
        return cls(termination, frozenset({seat}))

    @classmethod
    def loss(cls, termination: Termination, loser: int, seats: int) -> Outcome:
        """``loser`` is out (resigned, flagged, played illegally): every other seat wins."""
        return cls(termination, frozenset(range(seats)) - {loser})

    @classmethod
    def draw(cls, termination: Termination) -> Outcome:
        return cls(termination, frozenset())
