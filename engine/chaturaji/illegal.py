"""Moves a hand can make that the rules forbid, each with the rule it breaks.

The recognizer looks these up when a settled board matches no legal move, so the
referee can say "the die shows 3: move a horse" instead of "that is not a move".
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.chaturaji.board import (
    BOAT,
    CELL_NAMES,
    ELEPHANT,
    HORSE,
    KING,
    LAST_LINE,
    LAST_LINE_NAMES,
    NAMES,
    PAWN,
    PIECE_KINDS,
    SEAT_NAMES,
    SQUARES,
    STRONG,
    WEAK,
    kind_of,
    origin_of,
    owner_of,
    partner,
    team_of_seat,
)
from engine.chaturaji.movegen import allowed_kinds, lost_kinds, movable, pattern_targets
from engine.chaturaji.moves import ChaturajiMove, Exchange, LostTurn, Step
from engine.chaturaji.state import Rules, State

PATTERN_RULES = {
    KING: "the king moves one square in any direction",
    ELEPHANT: "the elephant moves any number of free squares along a rank or a file",
    HORSE: "the horse moves like a chess knight",
    BOAT: "the boat moves exactly two squares diagonally, jumping over the middle one",
    PAWN: "a pawn moves one square forward, and captures one square diagonally forward",
}

FACE_KINDS = {2: "a boat", 3: "a horse", 4: "an elephant", 5: "the king or a pawn"}


def dice_rule(dice: tuple[int, ...]) -> str:
    """``the die shows 3: move a horse``; with two dice, both faces."""
    if len(dice) == 1:
        return f"the die shows {dice[0]}: move {FACE_KINDS[dice[0]]}"
    kinds = sorted({FACE_KINDS[face] for face in dice}, key=list(FACE_KINDS.values()).index)
    return f"the dice show {dice[0]} and {dice[1]}: move {', or '.join(kinds)}"


def illegal_moves(
    state: State,
    rules: Rules,
    legal: frozenset[ChaturajiMove],
    near: frozenset[int] | None = None,
) -> Iterator[tuple[ChaturajiMove, str]]:
    """Every forbidden board move a hand could make now; never one in ``legal``. With
    ``near``, only those that may change every one of those squares (a step changes
    its own square and its target; a recognizer asks about the squares a hand changed)."""
    if state.pending is not None:
        return
    board = state.board

    def targets(sq: int) -> Iterator[int]:
        if near is None or sq in near:
            yield from _physical_targets(board, sq)
        elif len(near) == 1:
            yield from (target for target in _physical_targets(board, sq) if target in near)

    roller = SEAT_NAMES[state.roller]
    if state.roll_due:
        reason = f"it is {roller}'s turn, and the die must be rolled first"
        for sq, piece in enumerate(board):
            if piece:
                for target in targets(sq):
                    yield Step(sq, target), reason
        return
    owners, boats = movable(state, rules, state.roller)
    allowed = allowed_kinds(state.dice, rules)
    lost = lost_kinds(board)
    for sq, piece in enumerate(board):
        if not piece or (near is not None and sq not in near and len(near) != 1):
            continue
        kind, seat = kind_of(piece), owner_of(piece)
        if seat not in (boats if kind == BOAT else owners):
            reason = _not_yours(state, rules, sq, piece)
            for target in targets(sq):
                yield Step(sq, target), reason
            continue
        if allowed is not None and kind not in allowed:
            reason = dice_rule(state.dice)
            for target in targets(sq):
                yield Step(sq, target), reason
            if kind == PAWN and sq in LAST_LINE[seat] and (near is None or sq in near):
                for promote in PIECE_KINDS:
                    yield Exchange(sq, promote), reason
            continue
        pattern = dict(pattern_targets(board, sq, piece))
        for target in targets(sq):
            promotions: tuple[int, ...] = (0,)
            if kind == PAWN and target in LAST_LINE[seat]:
                promotions = (0, *PIECE_KINDS)
            for promote in promotions:
                move = Step(sq, target, promote)
                if move in legal:
                    continue
                text = _step_rule(board, move, pattern, rules, lost)
                if text is not None:
                    yield move, text
        if kind == PAWN and sq in LAST_LINE[seat] and (near is None or sq in near):
            for promote in PIECE_KINDS:
                exchange = Exchange(sq, promote)
                rule = _promotion_rule(piece, promote, lost)
                if exchange not in legal and rule is not None:
                    yield exchange, rule
    if LostTurn() not in legal and near is None:
        if rules.dice:
            yield LostTurn(), f"{dice_rule(state.dice)}; a turn is lost only when none can move"
        else:
            yield LostTurn(), "a turn is lost only when no piece can move"


def _physical_targets(board: tuple[int, ...], sq: int) -> Iterator[int]:
    """Every square a hand can put the piece on: any but those of its owner's pieces."""
    seat = owner_of(board[sq])
    for target in range(SQUARES):
        other = board[target]
        if target != sq and not (other and owner_of(other) == seat):
            yield target


def _not_yours(state: State, rules: Rules, sq: int, piece: int) -> str:
    seat = owner_of(piece)
    what = f"the {NAMES[kind_of(piece)]} on {CELL_NAMES[sq]} is {SEAT_NAMES[seat]}'s"
    if seat in state.frozen:
        return f"{what}, frozen since its king was captured"
    if rules.teams and kind_of(piece) == BOAT:
        commander = state.boat_command[team_of_seat(seat)]
        if commander == partner(seat):
            return f"{what}, commanded by {SEAT_NAMES[commander]} since the parade of boats"
    return f"it is {SEAT_NAMES[state.roller]}'s turn: {what}"


def _step_rule(
    board: tuple[int, ...],
    move: Step,
    pattern: dict[int, bool],
    rules: Rules,
    lost: frozenset[tuple[int, int]],
) -> str | None:
    """The rule a move of a piece that may move now breaks, or None if it breaks none."""
    sq, target, promote = move.origin, move.target, move.promote
    piece, victim = board[sq], board[target]
    kind, seat = kind_of(piece), owner_of(piece)
    if target not in pattern:
        return PATTERN_RULES[kind]
    if kind == PAWN and pattern[target] != bool(victim):
        if victim:
            return "a pawn captures diagonally forward, never straight ahead"
        return "a pawn moves diagonally only to capture"
    if victim:
        prey = kind_of(victim)
        if rules.friends(seat, owner_of(victim)):
            return "partners never capture each other's pieces"
        if kind == BOAT and prey == BOAT:
            return "a boat never captures a boat; boats fall only in a parade of boats"
        if rules.ranks and kind in WEAK and prey in STRONG:
            return (
                f"with ranks, a {NAMES[kind]} may not capture a {NAMES[prey]}: weak pieces "
                "(pawns, boats) never take strong ones (horses, elephants, kings)"
            )
    if promote:
        if target not in LAST_LINE[seat]:
            return f"a pawn is exchanged only on its last line ({LAST_LINE_NAMES[seat]})"
        return _promotion_rule(piece, promote, lost)
    return None


def _promotion_rule(piece: int, promote: int, lost: frozenset[tuple[int, int]]) -> str | None:
    seat, origin = owner_of(piece), origin_of(piece)
    if promote != origin:
        return (
            f"this pawn stood in front of the {NAMES[origin]}: it can become only a {NAMES[origin]}"
        )
    if (seat, origin) not in lost:
        return (
            f"{SEAT_NAMES[seat]}'s {NAMES[origin]} is still on the board: the pawn becomes "
            f"a {NAMES[origin]} only once it is lost"
        )
    return None
