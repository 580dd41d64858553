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

STEP_RULES = {
    LION: "the lion moves one step in any direction",
    ELEPHANT: "the elephant moves one step diagonally",
    GIRAFFE: "the giraffe moves one step orthogonally",
    CHICK: "the chick moves one step forward",
    HEN: "the hen moves one step in any direction but diagonally backward",
}


def illegal_moves(
    board: Sequence[int],
    hands: Sequence[int],
    turn: int,
    *,
    mandatory: bool,
    legal: frozenset[DobutsuMove],
    players: Sequence[str],
) -> Iterator[tuple[DobutsuMove, str]]:
    """Every forbidden move a hand could make here; never one in ``legal``."""
    mine = sign(turn)
    for origin in range(SQUARES):
        piece = board[origin]
        if piece == 0:
            continue
        if piece * mine < 0:
            yield from _out_of_turn(board, origin, players[turn])
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
        if kind == CHICK:
            reason = "a dropped chick enters unpromoted; it must move to the far rank to promote"
        else:
            reason = f"the {NAMES[kind]} cannot promote; only a chick can"
        for target in range(SQUARES):
            if board[target] == 0:
                yield DobutsuMove.put(LETTERS[kind], CELL_NAMES[target], promote=True), reason


def _reason(
    kind: int, origin: int, target: int, *, promote: bool, seat: int, mandatory: bool
) -> str | None:
    """The rule a move of one's own piece breaks, or None if it breaks none."""
    if target not in STEPS[seat][kind][origin]:
        if kind == CHICK and row_of(origin) == FAR_ROW[seat]:
            return "a chick on the far rank can never move"
        return STEP_RULES[kind]
    far = row_of(target) == FAR_ROW[seat]
    if promote:
        if kind == HEN:
            return "a hen never turns back into a chick"
        if kind != CHICK:
            return f"the {NAMES[kind]} cannot promote; only a chick can"
        if not far:
            return "a chick promotes only on the far rank"
        return None
    if kind == CHICK and far and mandatory:
        return "the chick must promote on the far rank"
    return None


def _out_of_turn(
    board: Sequence[int], origin: int, player: str
) -> Iterator[tuple[DobutsuMove, str]]:
    """The opponent's piece moved to any square not holding one of its own side's pieces."""
    piece = board[origin]
    seat = owner(piece)
    reason = f"it is {player}'s turn"
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
