"""Moves a hand can make on the board that the rules forbid, each with the rule it breaks.

The recognizer looks these up only when a settled board matches no legal move,
so that the referee can say "nifu: sente already has a pawn on file 5" instead
of merely "that is not a move". Every own piece to every square not holding an
own piece (both faces up where the piece's pattern reaches), every drop of a
piece in hand (both faces up), and the opponent's pieces moved out of turn
along their own patterns.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.said import N_, PieceWord, Said, SeatWord, said
from engine.shogi.attacks import (
    attack_sets,
    checks_and_pins,
    pawn_columns,
    pawn_drop_mates,
    piece_attacks,
)
from engine.shogi.facts import PositionFacts
from engine.shogi.moves import ShogiMove, board_move, drop_move
from engine.shogi.notation import PLAYERS
from engine.shogi.tables import (
    BETWEEN_TOP,
    BISHOP,
    BISHOP_LINES,
    CELL_NAMES,
    DRAGON,
    FILES,
    GOLD,
    HAND_KINDS,
    HORSE,
    KING,
    KNIGHT,
    LANCE,
    LANCE_LINE,
    LAST_RANK,
    LAST_TWO,
    NAMES,
    PAWN,
    PROMOTABLE,
    ROOK,
    ROOK_LINES,
    SILVER,
    SQUARES,
    STEP,
    ZONE,
    column_of,
    squares_of,
)

PATTERNS = {
    PAWN: said(N_("the pawn moves one square straight forward")),
    LANCE: said(N_("the lance moves straight forward, any distance")),
    KNIGHT: said(N_("the knight jumps two squares forward and one to the side")),
    SILVER: said(N_("the silver moves one square diagonally or straight forward")),
    GOLD: said(N_("the gold moves one square in any direction but diagonally backward")),
    BISHOP: said(N_("the bishop moves diagonally, any distance")),
    ROOK: said(N_("the rook moves straight (forward, backward or sideways), any distance")),
    KING: said(N_("the king moves one square in any direction")),
    HORSE: said(N_("the horse moves diagonally any distance, or one square straight")),
    DRAGON: said(N_("the dragon moves straight any distance, or one square diagonally")),
}
PROMOTION_ZONE = (
    N_(
        "a piece promotes only on a move into, out of or inside the promotion zone "
        "(ranks a-c for {seat})"
    ),
    N_(
        "a piece promotes only on a move into, out of or inside the promotion zone "
        "(ranks g-i for {seat})"
    ),
)
"""By the mover's seat: its promotion zone named."""


def pattern(kind: int) -> Said:
    """How a kind moves, in words."""
    if kind in PATTERNS:
        return PATTERNS[kind]
    return said(
        N_("the {piece} moves like a gold: one square in any direction but diagonally backward"),
        piece=PieceWord(NAMES[kind]),
    )


def reach(piece: int, square: int) -> int:
    """Every square a piece could go to from ``square`` on an empty board."""
    kind = piece & 15
    found = STEP[piece][square]
    if kind == LANCE:
        found |= LANCE_LINE[piece >> 4][square]
    elif kind in (BISHOP, HORSE):
        found |= BISHOP_LINES[square]
    elif kind in (ROOK, DRAGON):
        found |= ROOK_LINES[square]
    return found


def illegal_moves(  # noqa: C901 - the rules of a game: a branch per rule, as the rulebook reads
    position: PositionFacts, near: frozenset[int] | None = None
) -> Iterator[tuple[ShogiMove, Said]]:
    """Every forbidden move a hand could make here; never a legal one. With ``near``,
    only those whose squares (from, to) include every one of those squares: the
    recognizer asks about the squares a hand changed."""
    if near is not None and len(near) > 2:
        return

    def fits(origin: int, target: int) -> bool:
        return near is None or near <= {origin, target}

    legal = frozenset(position.legal_moves())
    turn = position.turn
    board = position.board
    player = SeatWord(turn, PLAYERS[turn])
    occupied = [0, 0]
    bb = [0] * 32
    for square, piece in enumerate(board):
        if piece:
            occupied[piece >> 4] |= 1 << square
            bb[piece] |= 1 << square
    every = occupied[0] | occupied[1]
    king = position.king_square(turn)
    checkers = pinned = 0
    if king >= 0:
        checkers, pinned = checks_and_pins(
            king, occupied[turn], every, attack_sets(bb, 1 - turn), 1 - turn
        )
    enemy_king = position.king_square(1 - turn)
    situation = _Situation(player, turn, every, checkers, pinned)
    for origin in squares_of(occupied[turn]):
        if near is not None and origin not in near and len(near) > 1:
            continue
        piece = board[origin]
        pattern_squares = reach(piece, origin)
        pattern_reason = pattern(piece & 15)
        for target in range(SQUARES):
            other = board[target]
            if target in (origin, enemy_king) or (other and other >> 4 == turn):
                continue
            if not fits(origin, target):
                continue
            if not pattern_squares >> target & 1:
                # A piece moved against its pattern; turned over as well is left to
                # the correction guide (one mistake at a time is named).
                yield board_move(origin, target), pattern_reason
                continue
            for promote in (False, True):
                move = board_move(origin, target, promote)
                if move not in legal:
                    yield move, situation.step_reason(piece, origin, target, promote)
    if near is None or len(near) == 1:
        yield from _drops(position, legal, situation, bb, occupied, near=near)
    reason = said(N_("it is {seat}'s turn"), seat=player)
    for origin in squares_of(occupied[1 - turn]):
        piece = board[origin]
        for target in squares_of(reach(piece, origin)):
            other = board[target]
            if (other and other >> 4 != turn) or target == king or not fits(origin, target):
                continue
            yield board_move(origin, target), reason


class _Situation:
    """What the reasons depend on: whose turn, the occupied squares, check and pins."""

    def __init__(self, player: SeatWord, turn: int, every: int, checkers: int, pinned: int) -> None:
        self.player = player
        self.turn = turn
        self.every = every
        self.checkers = checkers
        self.pinned = pinned

    def step_reason(self, piece: int, origin: int, target: int, promote: bool) -> Said:
        kind = piece & 15
        if not piece_attacks(piece, origin, self.every) >> target & 1:
            blocker = BETWEEN_TOP[origin + 1][target + 1] & self.every
            nearest = min(squares_of(blocker), key=lambda s: abs(s - origin))
            return said(
                N_("the {piece} cannot pass the piece on {cell}"),
                piece=PieceWord(NAMES[kind]),
                cell=CELL_NAMES[nearest],
            )
        zone = ZONE[self.turn]
        if promote:
            if kind in (GOLD, KING):
                return said(N_("a {piece} never promotes"), piece=PieceWord(NAMES[kind]))
            if kind not in PROMOTABLE:
                return said(N_("a promoted piece never turns back"))
            if not (zone >> origin & 1 or zone >> target & 1):
                return said(PROMOTION_ZONE[self.turn], seat=self.player)
        elif kind in (PAWN, LANCE) and LAST_RANK[self.turn] >> target & 1:
            return said(
                N_("a {piece} reaching the last rank must promote: it could never move again"),
                piece=PieceWord(NAMES[kind]),
            )
        elif kind == KNIGHT and LAST_TWO[self.turn] >> target & 1:
            return said(
                N_("a knight reaching the last two ranks must promote: it could never move again")
            )
        return self.king_reason(kind, origin, target)

    def king_reason(self, kind: int, origin: int, target: int) -> Said:
        if kind == KING:
            return said(N_("the king would be in check on {cell}"), cell=CELL_NAMES[target])
        if self.checkers:
            return said(
                N_("{seat}'s king is in check, and this does not answer it"), seat=self.player
            )
        if self.pinned >> origin & 1:
            return said(
                N_(
                    "the {piece} on {cell} is pinned: moving it there leaves {seat}'s king in check"
                ),
                piece=PieceWord(NAMES[kind]),
                cell=CELL_NAMES[origin],
                seat=self.player,
            )
        return said(N_("it leaves {seat}'s king in check"), seat=self.player)


def _drops(
    position: PositionFacts,
    legal: frozenset[ShogiMove],
    situation: _Situation,
    bb: list[int],
    occupied: list[int],
    *,
    near: frozenset[int] | None = None,
) -> Iterator[tuple[ShogiMove, Said]]:
    turn = situation.turn
    empty = [
        s for s in range(SQUARES) if not situation.every >> s & 1 and (near is None or s in near)
    ]
    pawns = pawn_columns(bb[turn << 4 | PAWN])
    kings = [position.king_square(0), position.king_square(1)]
    enemy_king = kings[1 - turn]
    front = -1 if enemy_king < 0 else enemy_king + (9 if turn == 0 else -9)
    for kind in HAND_KINDS:
        if not position.in_hand(turn, kind):
            continue
        name = NAMES[kind]
        for target in empty:
            for promote in (False, True):
                move = drop_move(kind, target, promote)
                if move in legal:
                    continue
                if promote:
                    yield (
                        move,
                        said(
                            N_("a piece is always dropped unpromoted, even in the promotion zone")
                        ),
                    )
                elif kind in (PAWN, LANCE) and LAST_RANK[turn] >> target & 1:
                    yield (
                        move,
                        said(
                            N_("a {piece} dropped on the last rank could never move"),
                            piece=PieceWord(name),
                        ),
                    )
                elif kind == KNIGHT and LAST_TWO[turn] >> target & 1:
                    yield move, said(N_("a knight dropped on the last two ranks could never move"))
                elif kind == PAWN and pawns >> target & 1:
                    file = FILES[column_of(target)]
                    yield (
                        move,
                        said(
                            N_("nifu: {seat} already has a pawn on file {file}"),
                            seat=situation.player,
                            file=file,
                        ),
                    )
                elif (
                    kind == PAWN
                    and target == front
                    and pawn_drop_mates(target, turn, bb, occupied, kings)
                ):
                    yield move, said(N_("uchifuzume: a pawn drop may not give checkmate"))
                elif situation.checkers:
                    yield (
                        move,
                        said(
                            N_("{seat}'s king is in check, and this drop does not block it"),
                            seat=situation.player,
                        ),
                    )
                else:
                    yield move, said(N_("it leaves {seat}'s king in check"), seat=situation.player)
