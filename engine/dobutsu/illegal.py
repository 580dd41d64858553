"""Moves a hand can make on the board that the rules forbid, each with the rule it breaks.

The recognizer looks these up when a settled board matches no legal move, so
that the referee can say "the giraffe moves one step orthogonally" instead of
merely "that is not a move".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.dobutsu.board import (
    CELL_NAMES,
    CHICK,
    ELEPHANT,
    FAR_ROW,
    GIRAFFE,
    HAND_KINDS,
    HEN,
    LETTERS,
    LION,
    NAMES,
    SQUARES,
    STEPS,
    DobutsuMove,
    hand_index,
    owner,
    row_of,
    sign,
)
from engine.said import N_, PieceWord, Said, SeatWord, said

STEP_RULES = {
    LION: said(N_("the lion moves one step in any direction")),
    ELEPHANT: said(N_("the elephant moves one step diagonally")),
    GIRAFFE: said(N_("the giraffe moves one step orthogonally")),
    CHICK: said(N_("the chick moves one step forward")),
    HEN: said(N_("the hen moves one step in any direction but diagonally backward")),
}
DROPPED_CHICK = said(
    N_("a dropped chick enters unpromoted; it must move to the far rank to promote")
)


def illegal_moves(
    board: Sequence[int],
    hands: Sequence[int],
    turn: int,
    *,
    mandatory: bool,
    legal: frozenset[DobutsuMove],
    players: Sequence[str],
) -> Iterator[tuple[DobutsuMove, Said]]:
    """Every forbidden move a hand could make here; never one in ``legal``."""
    mine = sign(turn)
    for origin in range(SQUARES):
        piece = board[origin]
        if piece == 0:
            continue
        if piece * mine < 0:
            yield from _out_of_turn(board, origin, SeatWord(turn, players[turn]))
            continue
        kind = piece * mine
        for target in range(SQUARES):
            if target == origin or board[target] * mine > 0:
                continue
            for promote in (False, True):
                move = DobutsuMove.step(CELL_NAMES[origin], CELL_NAMES[target], promote)
                if move in legal:
                    continue
                reason = _reason(
                    kind, origin, target, promote=promote, seat=turn, mandatory=mandatory
                )
                if reason is not None:
                    yield move, reason
    for kind in HAND_KINDS:
        if hands[hand_index(turn, kind)] <= 0:
            continue
        reason = DROPPED_CHICK if kind == CHICK else _cannot_promote(kind)
        for target in range(SQUARES):
            if board[target] == 0:
                yield DobutsuMove.put(LETTERS[kind], CELL_NAMES[target], promote=True), reason


def _reason(
    kind: int, origin: int, target: int, *, promote: bool, seat: int, mandatory: bool
) -> Said | None:
    """The rule a move of one's own piece breaks, or None if it breaks none."""
    if target not in STEPS[seat][kind][origin]:
        if kind == CHICK and row_of(origin) == FAR_ROW[seat]:
            return said(N_("a chick on the far rank can never move"))
        return STEP_RULES[kind]
    far = row_of(target) == FAR_ROW[seat]
    if promote:
        if kind == HEN:
            return said(N_("a hen never turns back into a chick"))
        if kind != CHICK:
            return _cannot_promote(kind)
        if not far:
            return said(N_("a chick promotes only on the far rank"))
        return None
    if kind == CHICK and far and mandatory:
        return said(N_("the chick must promote on the far rank"))
    return None


def _cannot_promote(kind: int) -> Said:
    return said(N_("the {piece} cannot promote; only a chick can"), piece=PieceWord(NAMES[kind]))


def _out_of_turn(
    board: Sequence[int], origin: int, player: SeatWord
) -> Iterator[tuple[DobutsuMove, Said]]:
    """The opponent's piece moved to any square not holding one of its own side's pieces."""
    piece = board[origin]
    seat = owner(piece)
    reason = said(N_("it is {seat}'s turn"), seat=player)
    for target in range(SQUARES):
        if target == origin or board[target] * piece > 0:
            continue
        yield DobutsuMove.step(CELL_NAMES[origin], CELL_NAMES[target]), reason
        if (
            abs(piece) == CHICK
            and row_of(target) == FAR_ROW[seat]
            and target in STEPS[seat][CHICK][origin]
        ):
            yield DobutsuMove.step(CELL_NAMES[origin], CELL_NAMES[target], promote=True), reason
