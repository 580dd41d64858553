"""Legal move generation on bitboards: checks and pins first, so no move is tried and undone.

Everything here works on the raw state of a position (the per-piece bitboards,
the two occupancies, the hands, the kings and, around the king, the 81 piece
codes), never on a copy. A piece pinned
to its king may only move along the pin line; in check, a piece may only take
the checker or step between; the king never steps onto an attacked square
(looked up with the king itself taken off, so it cannot hide behind itself).

Python pays per operation, not per move, so the generator hands out moves in
ready-made groups wherever it can (see moves.py): a knight's, silver's or
gold's moves by the set of squares it may step to (one look-up per piece, the
promotions included); a rook's, bishop's or lance's moves along each ray by how
far it reaches (the ray ends at the first piece, taken if it is the enemy's);
all the pawns step at once (one shift); drops go on all the empty squares at
once (``operator.itemgetter``). Pinned pieces, and the sliders when
the king is in check, take the plain way: their target squares as a bitboard,
one move per square.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from engine.shogi.attacks import piece_attacks
from engine.shogi.drops import NOT_LAST, drops
from engine.shogi.moves import (
    GOLD_MOVES,
    KNIGHT_MOVES,
    PAWN_CHUNKS,
    PLAIN,
    PROMOTING,
    SILVER_MOVES,
    ShogiMove,
)
from engine.shogi.rays import LANCE_WAY, SLIDER_WAYS
from engine.shogi.tables import (
    BETWEEN_TOP,
    BISHOP,
    BISHOP_LINES,
    COLUMN_BB,
    DRAGON,
    FULL,
    GOLD,
    HAND_KINDS,
    HORSE,
    KING_STEP,
    KNIGHT,
    LANCE,
    LANCE_FROM,
    LANCE_LINE,
    LAST_TWO,
    LINE,
    PAWN,
    PRO_KNIGHT,
    PRO_LANCE,
    PRO_SILVER,
    PROMOTED,
    RANK_BB,
    ROOK,
    ROOK_LINES,
    SILVER,
    SIZE,
    SQUARES,
    STEP,
    TOKIN,
    TOP_BIT,
    ZONE,
    Shared,
    by_top,
    squares_of,
)

BIT: tuple[int, ...] = tuple(1 << square for square in range(SQUARES))
_bit_length = int.bit_length

# Tables by top (square + 1, see tables.by_top), for the loops that walk a bitboard down.
_rows = Shared()  # the pieces that step alike share a row of STEP: so do they here
STEP_TOP = tuple(_rows(by_top(row, 0)) for row in STEP)
del _rows

HAND = (slice(1, 8), slice(9, 16))
"""HAND[seat]: the slots of that seat's hand in a position's hand counts."""
NOT_LAST_TWO = (FULL ^ LAST_TWO[0], FULL ^ LAST_TWO[1])

# --- what the king needs to know ---------------------------------------------------------


def _box(square: int, ranks: tuple[int, int], columns: int) -> int:
    """The squares ``ranks`` (from, to) ranks away and up to ``columns`` files away."""
    rank, column = divmod(square, SIZE)
    rows = sum(RANK_BB[r] for r in range(rank + ranks[0], rank + ranks[1] + 1) if 0 <= r < SIZE)
    files = sum(
        COLUMN_BB[c] for c in range(column - columns, column + columns + 1) if 0 <= c < SIZE
    )
    return rows & files


CLOSE: tuple[tuple[int, ...], ...] = (
    tuple(_box(square, (-2, 3), 2) for square in range(SQUARES)),
    tuple(_box(square, (-3, 2), 2) for square in range(SQUARES)),
)
"""CLOSE[seat][square]: where that seat's stepping pieces (its knights too) stand to
reach the square or one next to it."""


def _around(lines: Sequence[int]) -> tuple[int, ...]:
    """By square: where a slider with these lines stands to attack it or a square next to it."""
    found = []
    for square in range(SQUARES):
        bits = lines[square]
        for target in squares_of(KING_STEP[square]):
            bits |= lines[target]
        found.append(bits)
    return tuple(found)


# The king's targets are handed out through a *window*: the targets shifted so that
# the square ten below the king is bit 0, which puts its steps on bits 0-2, 9, 11 and
# 18-20 wherever it stands; what picks their moves is then looked up by that window.
_WINDOW_BITS = (0, 1, 2, 9, 11, 18, 19, 20)


def _window_pick(window: int) -> itemgetter[Any]:
    """What picks the moves to a window's targets (highest first) from a king's moves
    by window bit, always as a tuple."""
    bits = [bit for bit in reversed(_WINDOW_BITS) if window >> bit & 1]
    if len(bits) > 1:
        return itemgetter(*bits)
    if bits:
        return itemgetter(slice(bits[0], bits[0] + 1))
    return itemgetter(slice(0, 0))


_WINDOWS = tuple(
    sum(1 << bit for i, bit in enumerate(_WINDOW_BITS) if subset >> i & 1) for subset in range(256)
)
KING_PICK = MappingProxyType({window: _window_pick(window) for window in _WINDOWS})
"""KING_PICK[window]: what picks the moves to the king's targets seen through a window."""


def _window_moves(square: int) -> tuple[ShogiMove | None, ...]:
    """A king's moves from ``square`` by window bit (None off its steps)."""
    return tuple(
        PLAIN[square][target] if 0 <= target < SQUARES and KING_STEP[square] >> target & 1 else None
        for target in range(square - 10, square + 11)
    )


KingView = tuple[int, int, int, int, int, int, tuple[ShogiMove | None, ...]]

_WINDOW_MOVES = tuple(_window_moves(square) for square in range(SQUARES))
"""The king's moves by window bit from each square, the same for either king."""

_ROOK_AROUND = _around(ROOK_LINES)
_BISHOP_AROUND = _around(BISHOP_LINES)
_LANCE_AROUND = (_around(LANCE_FROM[0]), _around(LANCE_FROM[1]))

KING_VIEW: tuple[tuple[KingView, ...], ...] = tuple(
    tuple(
        (
            KING_STEP[square],
            CLOSE[them][square],
            _ROOK_AROUND[square],
            _BISHOP_AROUND[square],
            _LANCE_AROUND[them][square],
            BIT[square],
            _WINDOW_MOVES[square],
        )
        for square in range(SQUARES)
    )
    for them in (0, 1)
)
"""KING_VIEW[them][king]: what the king on that square looks up, all at once: its
steps; where ``them``'s pieces stand to step next to it; where ``them``'s rooks,
bishops and lances may stand to attack it or a square next to it; its bit; its moves
by window bit (see KING_PICK)."""


_ROOK_TOP = by_top(ROOK_LINES, 0)
_BISHOP_TOP = by_top(BISHOP_LINES, 0)
_LANCE_TOP = (by_top(LANCE_LINE[0], 0), by_top(LANCE_LINE[1], 0))
_NO_LINES = by_top((0,) * SQUARES, 0)


def _slider_lines(code: int) -> tuple[int, ...]:
    kind = code & 15
    if kind in (ROOK, DRAGON):
        return _ROOK_TOP
    if kind in (BISHOP, HORSE):
        return _BISHOP_TOP
    if kind == LANCE:
        return _LANCE_TOP[code >> 4]
    return _NO_LINES


OWNS = tuple(tuple(int(code > 0 and code >> 4 == seat) for code in range(32)) for seat in (0, 1))
"""OWNS[seat][code]: 1 for a piece code of that seat's, else 0 (an empty square too)."""

SLIDER_LINES = tuple(_slider_lines(code) for code in range(32))
"""SLIDER_LINES[code][top]: the lines of a slider (rook, bishop, lance, horse, dragon) on
square top - 1, on an empty board (0 for the other pieces)."""


SLIDING = tuple(
    (
        OWNS[seat],
        LANCE_WAY[seat],
        tuple((code, code | PROMOTED, at) for code, at in SLIDER_WAYS[seat]),
    )
    for seat in (0, 1)
)
"""SLIDING[seat]: what that seat's sliders look up, in one record: whose a piece is (by
code), the lance's ray from each square, the bishop's and rook's (see rays.py) with
the codes of the pieces they promote to."""

ENEMY_SLIDERS = tuple(
    tuple(them << 4 | kind for kind in (ROOK, BISHOP, LANCE, DRAGON, HORSE)) for them in (0, 1)
)
"""ENEMY_SLIDERS[seat]: the codes of that seat's rook, bishop, lance, dragon and horse."""

# --- the other pieces ------------------------------------------------------------------

STEPPING = tuple(
    (
        PAWN_CHUNKS[seat],
        STEP_TOP[seat << 4 | KNIGHT],
        KNIGHT_MOVES[seat],
        STEP_TOP[seat << 4 | SILVER],
        SILVER_MOVES[seat],
        STEP_TOP[seat << 4 | GOLD],
        GOLD_MOVES[seat],
    )
    for seat in (0, 1)
)
"""STEPPING[seat]: what that seat's pawns, knights, silvers and gold-movers look up (see
moves.py), in one record: the generator reads it with one look-up instead of two a kind."""

Rule = tuple[int, bool, int]
"""How a kind moves on: the kind, whether it may promote, and where it may arrive
unpromoted (not on the last rank or two where it could never move again)."""

RULES: tuple[tuple[Rule, ...], ...] = tuple(
    tuple(
        (
            kind,
            kind in (PAWN, LANCE, KNIGHT, SILVER, BISHOP, ROOK),
            NOT_LAST[seat]
            if kind in (PAWN, LANCE)
            else NOT_LAST_TWO[seat]
            if kind == KNIGHT
            else FULL,
        )
        for kind in (*HAND_KINDS, TOKIN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER, HORSE, DRAGON)
    )
    for seat in (0, 1)
)
"""RULES[seat]: every kind but the king, as the generator moves it one by one."""


def _emit(moves: list[ShogiMove], origin: int, targets: int, zone: int, rule: Rule) -> None:
    """A piece's moves to ``targets``: promoting where it may (from or into the zone),
    plain where it may stay unturned."""
    bit_length = _bit_length
    _, promotes, keep = rule
    if promotes:
        found = targets if zone >> origin & 1 else targets & zone
        row = PROMOTING[origin]
        while found:
            target = bit_length(found) - 1
            found ^= BIT[target]
            moves.append(row[target])  # type: ignore[arg-type]
        targets &= keep
    row = PLAIN[origin]
    while targets:
        target = bit_length(targets) - 1
        targets ^= BIT[target]
        moves.append(row[target])  # type: ignore[arg-type]


def _one_by_one(
    moves: list[ShogiMove],
    bb: Sequence[int],
    seat: int,
    pieces: int,
    *,
    every: int,
    allowed: int,
    lines: Sequence[int],
) -> None:
    """The moves of the own pieces on ``pieces`` (never the king) to ``allowed``, each
    within ``lines[square]`` if given (a pinned piece's pin line): the targets of each
    piece as a bitboard, one move per square."""
    o = seat << 4
    zone = ZONE[seat]
    bit_length = _bit_length
    for rule in RULES[seat]:
        code = o | rule[0]
        found = bb[code] & pieces
        while found:
            origin = bit_length(found) - 1
            found ^= BIT[origin]
            targets = piece_attacks(code, origin, every) & allowed
            if lines:
                targets &= lines[origin]
            _emit(moves, origin, targets, zone, rule)


# --- all together ------------------------------------------------------------------------


def generate(
    bb: Sequence[int],
    occupied: Sequence[int],
    hands: Sequence[int],
    kings: Sequence[int],
    seat: int,
    *,
    board: Sequence[int],
) -> tuple[list[ShogiMove], int]:
    """The legal moves of ``seat`` to move, and the pieces giving it check: the moves
    on the board, then the drops."""
    moves, checkers = board_moves(bb, occupied, kings, seat, board)
    held = hands[HAND[seat]]
    if any(held):
        add_drops(moves, held, bb, occupied, kings, seat, checkers)
    return moves, checkers


def add_drops(  # noqa: PLR0917 - positional in every generation: see the docstring
    moves: list[ShogiMove],
    held: Sequence[int],
    bb: Sequence[int],
    occupied: Sequence[int],
    kings: Sequence[int],
    seat: int,
    checkers: int,
) -> None:
    """The legal drops of ``seat``, which holds ``held`` (its slice of the hands, some piece
    in it), after ``moves`` (``checkers``: the pieces giving it check, as ``board_moves``
    found them): a search that only looks for captures never asks for them. The caller
    has the hand's slice and has looked in it already, and the arguments are positional:
    keywords and a second slice and ``any`` were 1.5% of a whole game's generation
    (callgrind, docs/speed.md "Seventh round")."""
    if checkers & (checkers - 1):
        return  # double check: only the king can move
    # In check, a drop may only go between the king and the checker.
    every = occupied[0] | occupied[1]
    empty = BETWEEN_TOP[kings[seat] + 1][_bit_length(checkers)] if checkers else FULL ^ every
    if empty:
        drops(moves, held, (bb, occupied, kings), seat, empty)


def board_moves(  # noqa: C901 - the rules of a game: move generation inlined for speed
    bb: Sequence[int],
    occupied: Sequence[int],
    kings: Sequence[int],
    seat: int,
    board: Sequence[int],
) -> tuple[list[ShogiMove], int]:
    """The legal moves of ``seat`` on the board (no drops), and the pieces giving it check.

    Every loop walks a bitboard from its highest square down, by top (see
    tables.by_top)."""
    own = occupied[seat]
    every = own | occupied[1 - seat]
    allowed = FULL ^ own  # where a piece may go (less in check)
    o = seat * 16  # (a product of small ints is cheaper than a shift)
    top_bit = TOP_BIT
    bit_length = _bit_length
    moves: list[ShogiMove] = []
    king = kings[seat]
    checkers = pinned = 0
    if king >= 0:
        # Checks and pins, and the king's steps onto squares no enemy piece attacks
        # (seen with the king taken off the board: it cannot hide behind itself).
        them = 1 - seat
        # the king's view (see KING_VIEW), every field at once
        view = KING_VIEW[them][king]
        steps, close, rook_near, bishop_near, lance_near, king_bit, by_window = view
        targets = steps & allowed
        # The steps of the enemy pieces close enough to step next to the king.
        attacked = 0
        close &= occupied[them]
        if close:
            near = close
            while near:
                top = bit_length(near)
                near -= top_bit[top]
                attacked |= STEP_TOP[board[top - 1]][top]
            if attacked & king_bit:  # a step gives check: which (seldom)
                near = close
                while near:
                    top = bit_length(near)
                    near -= top_bit[top]
                    if STEP_TOP[board[top - 1]][top] & king_bit:
                        checkers |= top_bit[top]
        # The enemy sliders on a line through the king or a square next to it: each
        # gives check, pins, or attacks the king's targets on its lines (seen with
        # the king taken off the board: it cannot hide behind itself).
        # (a horse or dragon, seldom on the board, only looked for where there is one)
        rook, bishop, lance, dragon, horse = ENEMY_SLIDERS[them]
        sliders = bb[rook] & rook_near | bb[bishop] & bishop_near | bb[lance] & lance_near
        if bb[dragon]:
            sliders |= bb[dragon] & rook_near
        if bb[horse]:
            sliders |= bb[horse] & bishop_near
        if sliders:
            without = every ^ king_bit
            while sliders:
                top = bit_length(sliders)
                sliders -= top_bit[top]
                lines = SLIDER_LINES[board[top - 1]][top]
                between = BETWEEN_TOP[top]
                if lines & king_bit:
                    blockers = between[king + 1] & every
                    if not blockers:
                        checkers |= top_bit[top]
                    elif not blockers & (blockers - 1) and blockers & own:
                        pinned |= blockers
                found = targets & lines
                while found:
                    target = bit_length(found)
                    found -= top_bit[target]
                    if not between[target] & without:
                        attacked |= top_bit[target]
        if attacked:
            targets &= ~attacked
        # the window: the targets shifted so that the square ten below the king is bit 0
        window = targets >> king - 10 if king >= 10 else targets << 10 - king
        moves += KING_PICK[window](by_window)  # highest target first
    if checkers:
        if checkers & (checkers - 1):
            return moves, checkers  # double check: only the king can move
        block = BETWEEN_TOP[king + 1][bit_length(checkers)]
        allowed = (block | checkers) & ~own
    mine = bb  # the own pieces that may move freely (the pinned ones go one by one)
    if pinned:
        mine = list(bb)
        found = pinned
        while found:
            top = bit_length(found)
            found -= top_bit[top]
            mine[board[top - 1]] ^= top_bit[top]

    # the tables of the seat's stepping pieces, read at once
    chunks, knight_steps, knight_moves, silver_steps, silver_moves, gold_steps, gold_moves = (
        STEPPING[seat]
    )
    pawns = mine[o + PAWN]
    if pawns:
        # All the pawns step at once; their moves come half a rank at a time.
        targets = (pawns >> 9 if seat == 0 else pawns << 9) & allowed
        while targets:
            rows, shift, below = chunks[bit_length(targets)]
            moves += rows[targets >> shift]
            targets &= below
    pieces = mine[o + KNIGHT]
    while pieces:
        top = bit_length(pieces)
        pieces -= top_bit[top]
        moves += knight_moves[top][knight_steps[top] & allowed]
    pieces = mine[o + SILVER]
    while pieces:
        top = bit_length(pieces)
        pieces -= top_bit[top]
        moves += silver_moves[top][silver_steps[top] & allowed]
    pieces = mine[o + GOLD]
    # tokins and the other golds by promotion (seldom: each looked at, no slice made)
    if mine[o + TOKIN] or mine[o + PRO_LANCE] or mine[o + PRO_KNIGHT] or mine[o + PRO_SILVER]:
        pieces |= (
            mine[o + TOKIN] | mine[o + PRO_LANCE] | mine[o + PRO_KNIGHT] | mine[o + PRO_SILVER]
        )
    while pieces:
        top = bit_length(pieces)
        pieces -= top_bit[top]
        moves += gold_moves[top][gold_steps[top] & allowed]
    if checkers:
        sliders = (
            mine[o + LANCE] | mine[o + BISHOP] | mine[o + ROOK] | mine[o + HORSE] | mine[o + DRAGON]
        )
        _one_by_one(moves, mine, seat, sliders, every=every, allowed=allowed, lines=())
    else:
        # The sliders, along each ray up to the first piece, taking it if it is the enemy's
        # (whose it is read from the board: no shift of a bitboard).
        owns, lance_at, sliding = SLIDING[seat]
        pieces = mine[o + LANCE]
        while pieces:
            top = bit_length(pieces)
            pieces -= top_bit[top]
            ray, by_reach, towards_zero, distance = lance_at[top]
            hit = ray & every
            if hit:
                blocker = bit_length(hit) if towards_zero else bit_length(hit & -hit)
                moves += by_reach[distance[blocker] - owns[board[blocker - 1]]]
            else:
                moves += by_reach[-1]
        for code, promoted, slider_at in sliding:
            pieces = mine[code]  # a bishop or rook, which may promote
            while pieces:
                top = bit_length(pieces)
                pieces -= top_bit[top]
                ways, next_to, distance = slider_at[top]
                # Only the rays whose next square holds no own piece.
                for ray, by_reach, _, towards_zero in ways[next_to & allowed]:
                    hit = ray & every
                    if hit:
                        blocker = bit_length(hit) if towards_zero else bit_length(hit & -hit)
                        moves += by_reach[distance[blocker] - owns[board[blocker - 1]]]
                    else:
                        moves += by_reach[-1]
            pieces = mine[promoted]  # a horse or dragon: its lines, then steps
            while pieces:
                top = bit_length(pieces)
                pieces -= top_bit[top]
                ways, next_to, distance = slider_at[top]
                for ray, _, by_reach, towards_zero in ways[next_to & allowed]:
                    hit = ray & every
                    if hit:
                        blocker = bit_length(hit) if towards_zero else bit_length(hit & -hit)
                        moves += by_reach[distance[blocker] - owns[board[blocker - 1]]]
                    else:
                        moves += by_reach[-1]
                targets = STEP_TOP[promoted][top] & allowed
                row = PLAIN[top - 1]
                while targets:
                    target = bit_length(targets) - 1
                    targets ^= BIT[target]
                    moves.append(row[target])  # type: ignore[arg-type]
    if pinned:
        _one_by_one(moves, bb, seat, pinned, every=every, allowed=allowed, lines=LINE[king])
    return moves, checkers
