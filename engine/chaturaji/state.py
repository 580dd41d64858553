"""What a Chaturaji position holds, as immutable values, and the rule options it is read under.

A ``State`` is everything the rules need and nothing else: a move turns one
state into the next (``transition.apply``), so taking a move back is restoring
the previous value, and a copy of a position shares its states.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.chaturaji.board import (
    KING,
    SEAT_OF_NAME,
    SEATS,
    kind_of,
    owner_of,
    partner,
    team_of_seat,
)
from engine.errors import VariantError
from engine.options import Options


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule options of a session, read once from the validated options."""

    teams: bool = False
    dice: int = 1
    ranks: bool = False
    frozen: bool = False
    kings_goal: bool = False
    seats: tuple[int, ...] = SEATS
    first: int = 0

    @classmethod
    def of(cls, options: Options) -> Rules:
        """The rules of ``options``; combinations that make no sense are refused."""
        seats = tuple(SEAT_OF_NAME[name] for name in options["seats"].split(","))
        rules = cls(
            teams=options["mode"] == "teams",
            dice=options.integer("dice"),
            ranks=options.flag("ranks"),
            frozen=options.flag("frozen"),
            kings_goal=options["goal"] == "kings",
            seats=seats,
            first=_first_in_play(SEAT_OF_NAME[options["first"]], seats),
        )
        if rules.frozen and rules.dice != 0:
            raise VariantError("chaturaji: frozen=on belongs to the game without dice (dice=0)")
        if rules.kings_goal and not rules.teams:
            raise VariantError("chaturaji: goal=kings is a rule of the team game (mode=teams)")
        if rules.teams:
            for team in (0, 1):
                if not any(team_of_seat(seat) == team for seat in seats):
                    raise VariantError(
                        "chaturaji: a team game needs a seat of each team in play "
                        f"(black or red, and green or yellow), not {options['seats']}"
                    )
        return rules

    def friends(self, a: int, b: int) -> bool:
        """Whether seats ``a`` and ``b`` never capture each other's pieces."""
        return a == b or (self.teams and a == partner(b))

    def enemies(self, seat: int) -> tuple[int, ...]:
        """The seats in play whose pieces ``seat`` may capture."""
        return tuple(other for other in self.seats if not self.friends(seat, other))


def _first_in_play(first: int, seats: tuple[int, ...]) -> int:
    """The seat named to start, or, when it is empty, the next seat in play clockwise."""
    for step in range(4):
        seat = (first + step) % 4
        if seat in seats:
            return seat
    raise VariantError("chaturaji: no seat is in play")  # pragma: no cover - seats has two


class Stage:
    """The stages of a king exchange, as written in the position text."""

    OFFER = "offer"
    ANSWER = "answer"
    RETURN = "return"


@dataclass(frozen=True, slots=True)
class KingExchange:
    """A king exchange under way.

    ``offer``: ``capturer`` has just taken an enemy king while their team lacks one;
    they may offer the exchange of ``kings`` (their team's lost king, the enemy's).
    ``answer``: the offer stands; the enemy answers. ``return``: accepted; ``kings``
    are the kings still to be put back, whose thrones are occupied, the first now.
    """

    stage: str
    capturer: int
    kings: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Fall:
    """How the capture that left a team with no enemy king was made (for the empire)."""

    king_owner: int  # the owner of the king that made the capture, or -1
    on_throne: bool


_OWNER = tuple(owner_of(piece) for piece in range(1 << 8))
_IS_KING = tuple(kind_of(piece) == KING for piece in range(1 << 8))
"""By piece code: its seat, and whether it is a king (a state counts both each ply)."""


@dataclass(frozen=True, slots=True)
class State:
    """A position: the board, whose turn, the dice, the scores and the team bookkeeping.

    ``roller`` is the seat whose turn it is. ``roll_due``: the turn has not rolled
    yet; ``dice`` are the faces still to be used (always empty without dice).
    ``united[team]`` is the seat commanding that team's united pieces (-1: none),
    ``boat_command[team]`` the seat commanding its partner's boat since a parade,
    ``thrones`` the (seat, throne owner) entries already scored, ``empire[team]``
    the seat that created its team's empire, ``fall[team]`` how the last enemy
    king fell, ``frozen`` the seats whose pieces may no longer move, ``removed``
    the seat that took its last king off the board, ending the game.
    """

    board: tuple[int, ...]
    roller: int
    roll_due: bool
    dice: tuple[int, ...]
    scores: tuple[int, int, int, int]
    united: tuple[int, int] = (-1, -1)
    boat_command: tuple[int, int] = (-1, -1)
    thrones: frozenset[tuple[int, int]] = frozenset()
    empire: tuple[int, int] = (-1, -1)
    fall: tuple[Fall | None, Fall | None] = (None, None)
    frozen: frozenset[int] = frozenset()
    pending: KingExchange | None = None
    removed: int = -1
    _counts: tuple[int, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        counts = [0] * 8  # pieces of each seat, then kings of each seat
        for piece, number in Counter(self.board).items():  # a few kinds, not 64 squares
            if piece:
                seat = _OWNER[piece]
                counts[seat] += number
                if _IS_KING[piece]:
                    counts[4 + seat] += number
        object.__setattr__(self, "_counts", tuple(counts))

    def pieces(self, seat: int) -> int:
        return self._counts[seat]

    def has_king(self, seat: int) -> bool:
        return self._counts[4 + seat] > 0

    def in_rotation(self, seat: int, rules: Rules) -> bool:
        """Whether ``seat`` still takes turns: in play, with pieces, not frozen."""
        return seat in rules.seats and self._counts[seat] > 0 and seat not in self.frozen

    def acting(self, rules: Rules) -> int:
        """The seat that chooses the move now (a commander moves on the partner's roll)."""
        pending = self.pending
        if pending is not None:
            return deciding_seat(self, rules, pending)
        if rules.teams:
            commander = self.united[team_of_seat(self.roller)]
            if commander >= 0:
                return commander
        return self.roller


def deciding_seat(state: State, rules: Rules, pending: KingExchange) -> int:
    """Who answers a king exchange question now."""
    if pending.stage == Stage.OFFER:
        return pending.capturer
    if pending.stage == Stage.ANSWER:
        # The owner of the king just taken answers; if that was their last piece,
        # their partner answers for the team.
        enemy = pending.kings[1]
        if not state.in_rotation(enemy, rules) and state.in_rotation(partner(enemy), rules):
            return partner(enemy)
        return enemy
    return pending.kings[0]
