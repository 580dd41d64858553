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
from engine.said import N_, Either, PieceWord, Said, SeatWord, Value, said

PATTERN_RULES = {
    KING: said(N_("the king moves one square in any direction")),
    ELEPHANT: said(N_("the elephant moves any number of free squares along a rank or a file")),
    HORSE: said(N_("the horse moves like a chess knight")),
    BOAT: said(N_("the boat moves exactly two squares diagonally, jumping over the middle one")),
    PAWN: said(N_("a pawn moves one square forward, and captures one square diagonally forward")),
}

FACE_KINDS: dict[int, tuple[PieceWord, ...]] = {
    2: (PieceWord("boat", "a"),),
    3: (PieceWord("horse", "a"),),
    4: (PieceWord("elephant", "an"),),
    5: (PieceWord("king", "the"), PieceWord("pawn", "a")),
}
"""The kinds each face of the die moves."""

LINES = (N_("rank {n}"), N_("file {n}"))


def _kinds(face: int) -> Value:
    kinds = FACE_KINDS[face]
    return kinds[0] if len(kinds) == 1 else Either(kinds, N_(" or "))


def dice_rule(dice: tuple[int, ...]) -> Said:
    """``the die shows 3: move a horse``; with two dice, both faces."""
    if len(dice) == 1:
        return said(N_("the die shows {face}: move {kinds}"), face=dice[0], kinds=_kinds(dice[0]))
    faces = sorted(set(dice), key=list(FACE_KINDS).index)
    return said(
        N_("the dice show {face} and {face2}: move {kinds}"),
        face=dice[0],
        face2=dice[1],
        kinds=Either(tuple(_kinds(face) for face in faces)),
    )


def _seat(seat: int) -> SeatWord:
    return SeatWord(seat, SEAT_NAMES[seat])


def _piece(kind: int) -> PieceWord:
    return PieceWord(NAMES[kind])


def _line(seat: int) -> Said:
    """A seat's last line, "rank 8", "file h"."""
    kind, _, n = LAST_LINE_NAMES[seat].partition(" ")
    return said(LINES[kind == "file"], n=n)


def illegal_moves(  # noqa: C901 - the rules of a game: a branch per rule, as the rulebook reads
    state: State,
    rules: Rules,
    legal: frozenset[ChaturajiMove],
    near: frozenset[int] | None = None,
) -> Iterator[tuple[ChaturajiMove, Said]]:
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

    roller = _seat(state.roller)
    if state.roll_due:
        reason = said(N_("it is {seat}'s turn, and the die must be rolled first"), seat=roller)
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
            yield (
                LostTurn(),
                said(
                    N_("{rule}; a turn is lost only when none can move"), rule=dice_rule(state.dice)
                ),
            )
        else:
            yield LostTurn(), said(N_("a turn is lost only when no piece can move"))


def _physical_targets(board: tuple[int, ...], sq: int) -> Iterator[int]:
    """Every square a hand can put the piece on: any but those of its owner's pieces."""
    seat = owner_of(board[sq])
    for target in range(SQUARES):
        other = board[target]
        if target != sq and not (other and owner_of(other) == seat):
            yield target


def _not_yours(state: State, rules: Rules, sq: int, piece: int) -> Said:
    seat = owner_of(piece)
    what, cell = _piece(kind_of(piece)), CELL_NAMES[sq]
    if seat in state.frozen:
        return said(
            N_("the {piece} on {cell} is {seat}'s, frozen since its king was captured"),
            seat=_seat(seat),
            piece=what,
            cell=cell,
        )
    if rules.teams and kind_of(piece) == BOAT:
        commander = state.boat_command[team_of_seat(seat)]
        if commander == partner(seat):
            return said(
                N_(
                    "the {piece} on {cell} is {seat}'s, commanded by {seat2} since the parade "
                    "of boats"
                ),
                seat=_seat(seat),
                seat2=_seat(commander),
                piece=what,
                cell=cell,
            )
    return said(
        N_("it is {seat}'s turn: the {piece} on {cell} is {seat2}'s"),
        seat=_seat(state.roller),
        seat2=_seat(seat),
        piece=what,
        cell=cell,
    )


def _step_rule(
    board: tuple[int, ...],
    move: Step,
    pattern: dict[int, bool],
    rules: Rules,
    lost: frozenset[tuple[int, int]],
) -> Said | None:
    """The rule a move of a piece that may move now breaks, or None if it breaks none."""
    sq, target, promote = move.origin, move.target, move.promote
    piece, victim = board[sq], board[target]
    kind, seat = kind_of(piece), owner_of(piece)
    if target not in pattern:
        return PATTERN_RULES[kind]
    if kind == PAWN and pattern[target] != bool(victim):
        if victim:
            return said(N_("a pawn captures diagonally forward, never straight ahead"))
        return said(N_("a pawn moves diagonally only to capture"))
    if victim:
        prey = kind_of(victim)
        if rules.friends(seat, owner_of(victim)):
            return said(N_("partners never capture each other's pieces"))
        if kind == BOAT and prey == BOAT:
            return said(N_("a boat never captures a boat; boats fall only in a parade of boats"))
        if rules.ranks and kind in WEAK and prey in STRONG:
            return said(
                N_(
                    "with ranks, a {piece} may not capture a {prey}: weak pieces (pawns, boats) "
                    "never take strong ones (horses, elephants, kings)"
                ),
                piece=_piece(kind),
                prey=_piece(prey),
            )
    if promote:
        if target not in LAST_LINE[seat]:
            return said(N_("a pawn is exchanged only on its last line ({line})"), line=_line(seat))
        return _promotion_rule(piece, promote, lost)
    return None


def _promotion_rule(piece: int, promote: int, lost: frozenset[tuple[int, int]]) -> Said | None:
    seat, origin = owner_of(piece), origin_of(piece)
    if promote != origin:
        return said(
            N_("this pawn stood in front of the {piece}: it can become only a {piece2}"),
            piece=_piece(origin),
            piece2=_piece(origin),
        )
    if (seat, origin) not in lost:
        return said(
            N_(
                "{seat}'s {piece} is still on the board: the pawn becomes a {piece2} only "
                "once it is lost"
            ),
            seat=_seat(seat),
            piece=_piece(origin),
            piece2=_piece(origin),
        )
    return None
