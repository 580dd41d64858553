"""Ending an impasse by counting: the seed's 24-point rule and the 27-point declaration.

Neither is a move: they are the game's claims (``IMPASSE``, ``DECLARATION``),
offered as controls and judged by ``ShogiPosition.claim`` with the functions
here. Rook and bishop count 5 points whether promoted or not; every other piece
but the king counts 1.
"""

from __future__ import annotations

from engine.claims import ClaimRule
from engine.errors import ClaimError, GameOverError, IllegalMoveError
from engine.outcome import Outcome, Termination
from engine.said import N_, Said, SeatWord, Term, said
from engine.shogi.facts import PositionFacts
from engine.shogi.notation import PLAYERS
from engine.shogi.tables import (
    BISHOP,
    CELL_NAMES,
    HAND_KINDS,
    KING,
    ROOK,
    SQUARES,
    ZONE,
    ZONE_NAMES,
    base,
)

IMPASSE_POINTS = 24
"""Under the seed's rule, a player with fewer points loses; both with as many draw."""
DECLARATION_POINTS = (28, 27)
"""What a declaring sente (28) or gote (27) needs, counting hand and camp pieces."""
DECLARATION_PIECES = 10
"""How many pieces besides the king a declaring player must have in the enemy camp."""


IMPASSE = ClaimRule(
    "impasse",
    "Impasse",
    "both kings have entered: the players agree that neither can be mated; count the points",
)
DECLARATION = ClaimRule(
    "declare",
    "Declare a win",
    "the player to move declares a win by the points and pieces in the zone",
)
CLAIMS = {"24": IMPASSE, "27": DECLARATION}
"""The claim each value of the ``impasse`` option offers: the seed's 24-point count
(the default), or the 27-point declaration (CSA ``%KACHI``)."""


class ImpasseError(ClaimError, IllegalMoveError):
    """The position does not allow an impasse count (a king outside the enemy camp)."""


def value(kind: int) -> int:
    """Points of a piece: 5 for rook and bishop (promoted or not), 1 for the rest, 0 the king."""
    unpromoted = base(kind)
    if unpromoted == KING:
        return 0
    return 5 if unpromoted in (ROOK, BISHOP) else 1


def points(position: PositionFacts, seat: int, *, camp_only: bool = False) -> int:
    """``seat``'s points on the board and in hand; ``camp_only`` counts only the
    pieces on the board inside the enemy camp (the declaration's count)."""
    total = sum(value(kind) * position.in_hand(seat, kind) for kind in HAND_KINDS)
    zone = ZONE[seat]
    for square in range(SQUARES):
        piece = position.piece_at(square)
        if piece and piece >> 4 == seat and (not camp_only or zone >> square & 1):
            total += value(piece & 15)
    return total


def impasse_result(position: PositionFacts) -> Outcome:
    """The seed's impasse (jishogi) count: both kings must be in the enemy camp.

    A player with fewer than 24 points loses; if both have 24 or more the game
    is drawn (and, which only a handicap game allows, if both have fewer, too).
    """
    if position.outcome() is not None:
        raise GameOverError(said(N_("the game is already over; there is no impasse to count")))
    for seat in (0, 1):
        king = position.king_square(seat)
        if king < 0:
            raise ImpasseError(
                said(N_("an impasse needs both kings, and {seat} has none"), seat=_seat(seat))
            )
        if not ZONE[seat] >> king & 1:
            raise ImpasseError(
                said(
                    N_(
                        "an impasse needs both kings in the enemy camp: {seat}'s king is on"
                        " {cell}, outside {zone}"
                    ),
                    seat=_seat(seat),
                    cell=CELL_NAMES[king],
                    zone=_zone(seat),
                )
            )
    short = [seat for seat in (0, 1) if points(position, seat) < IMPASSE_POINTS]
    if len(short) == 1:
        return Outcome.win(Termination.IMPASSE, 1 - short[0])
    return Outcome.draw(Termination.IMPASSE)


def _seat(seat: int) -> SeatWord:
    return SeatWord(seat, PLAYERS[seat])


def _zone(seat: int) -> Term:
    """The enemy camp of ``seat``, "ranks a-c" (its words a msgid)."""
    return Term(ZONE_NAMES[seat])


def declaration_problems(position: PositionFacts) -> tuple[Said, ...]:
    """Why a declaration by the player to move would fail; empty when it wins."""
    seat = position.turn
    player = _seat(seat)
    zone = ZONE[seat]
    problems: list[Said] = []
    king = position.king_square(seat)
    if king < 0 or not zone >> king & 1:
        problems.append(
            said(
                N_("{seat}'s king is not in the enemy camp ({zone})"), seat=player, zone=_zone(seat)
            )
        )
    pieces = sum(
        1
        for square in range(SQUARES)
        if zone >> square & 1
        and position.piece_at(square) >> 4 == seat
        and position.piece_at(square)
        and position.piece_at(square) & 15 != KING
    )
    if pieces < DECLARATION_PIECES:
        problems.append(
            said(
                N_("{seat} has {count} pieces besides the king in the enemy camp, not {needed}"),
                seat=player,
                count=pieces,
                needed=DECLARATION_PIECES,
            )
        )
    if position.is_check():
        problems.append(said(N_("{seat}'s king is in check"), seat=player))
    needed = DECLARATION_POINTS[seat]
    counted = points(position, seat, camp_only=True)
    if counted < needed:
        problems.append(
            said(
                N_("{seat} counts {count} points in hand and in the camp, not {needed}"),
                seat=player,
                count=counted,
                needed=needed,
            )
        )
    return tuple(problems)


def declaration_result(position: PositionFacts) -> Outcome:
    """The player to move declares a win (27-point rule): they win if every
    condition holds, and lose if any fails (see ``declaration_problems``)."""
    if position.outcome() is not None:
        raise GameOverError(said(N_("the game is already over; there is nothing to declare")))
    seat = position.turn
    if declaration_problems(position):
        return Outcome.win(Termination.DECLARATION, 1 - seat)
    return Outcome.win(Termination.DECLARATION, seat)
