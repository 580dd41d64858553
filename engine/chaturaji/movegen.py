"""Which pieces may move on a turn, where each can go, and the legal moves of a state."""

from __future__ import annotations

from collections.abc import Iterator

from engine.chaturaji.board import (
    BLOCKS,
    BOAT,
    BOAT_JUMPS,
    DIE_KINDS,
    ELEPHANT,
    HORSE,
    HORSE_JUMPS,
    KING,
    KING_STEPS,
    LAST_LINE,
    PAWN,
    PAWN_PUSH,
    PAWN_TAKES,
    RAYS,
    SQUARES,
    STRONG,
    WEAK,
    kind_of,
    origin_of,
    owner_of,
    partner,
    team_of_seat,
)
from engine.chaturaji.moves import (
    ChaturajiMove,
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Step,
)
from engine.chaturaji.state import Rules, Stage, State


def allowed_kinds(dice: tuple[int, ...], rules: Rules) -> frozenset[int] | None:
    """The kinds the dice let move; None without dice, where any piece may move."""
    if rules.dice == 0:
        return None
    kinds: frozenset[int] = frozenset()
    for face in dice:
        kinds |= DIE_KINDS[face]
    return kinds


def movable(state: State, rules: Rules, roller: int) -> tuple[frozenset[int], frozenset[int]]:
    """Whose pieces, and whose boats, may move on ``roller``'s turn.

    United pieces move together; otherwise a player moves their own pieces, less
    a boat their partner commands since a parade, plus a boat they command.
    Frozen pieces never move.
    """
    frozen = state.frozen
    if not rules.teams:
        owners = frozenset({roller}) - frozen
        return owners, owners
    team = team_of_seat(roller)
    if state.united[team] >= 0:
        owners = frozenset(s for s in (roller, partner(roller)) if s in rules.seats) - frozen
        return owners, owners
    owners = frozenset({roller}) - frozen
    commander = state.boat_command[team]
    if commander == roller:
        boats = frozenset({roller, partner(roller)}) - frozen
    elif commander == partner(roller):
        boats = frozenset()
    else:
        boats = owners
    return owners, boats


def can_capture(piece: int, victim: int, rules: Rules) -> bool:
    """Whether ``piece`` may take ``victim`` by moving onto it (parades aside)."""
    kind, prey = kind_of(piece), kind_of(victim)
    if rules.friends(owner_of(piece), owner_of(victim)):
        return False
    if kind == BOAT and prey == BOAT:
        return False
    return not (rules.ranks and kind in WEAK and prey in STRONG)


def pattern_targets(board: tuple[int, ...], sq: int, piece: int) -> Iterator[tuple[int, bool]]:
    """(target, captures) for every square the piece's way of moving reaches, whoever
    stands there: the moves a hand could make before the capture rules are applied."""
    kind = kind_of(piece)
    if kind == PAWN:
        seat = owner_of(piece)
        ahead = PAWN_PUSH[seat][sq]
        if ahead >= 0:
            yield ahead, False
        for target in PAWN_TAKES[seat][sq]:
            yield target, True
    elif kind == ELEPHANT:
        for ray in RAYS[sq]:
            for target in ray:
                yield target, True
                if board[target]:
                    break
    else:
        table = KING_STEPS if kind == KING else HORSE_JUMPS if kind == HORSE else BOAT_JUMPS
        for target in table[sq]:
            yield target, True


def piece_steps(
    board: tuple[int, ...], sq: int, piece: int, rules: Rules, lost: frozenset[tuple[int, int]]
) -> Iterator[Step]:
    """The legal moves of the piece on ``sq``; ``lost`` holds (seat, kind) for the kinds
    a seat no longer has on the board, which its pawns may become."""
    seat = owner_of(piece)
    is_pawn = kind_of(piece) == PAWN
    for target, may_capture in pattern_targets(board, sq, piece):
        victim = board[target]
        if is_pawn and may_capture != bool(victim):
            continue  # a pawn steps straight onto empty squares and takes diagonally
        if victim and not can_capture(piece, victim, rules):
            continue
        if is_pawn and target in LAST_LINE[seat] and (seat, origin_of(piece)) in lost:
            yield Step(sq, target, origin_of(piece))
        yield Step(sq, target)


_SEAT_KIND = tuple((owner_of(piece), kind_of(piece)) for piece in range(1 << 8))
"""By piece code: (its seat, its kind), read for every square of a board."""


def lost_kinds(board: tuple[int, ...]) -> frozenset[tuple[int, int]]:
    """(seat, kind) for each piece kind a seat has no longer on the board."""
    present = {_SEAT_KIND[piece] for piece in set(board)}  # (0, 0) for the empty squares
    return frozenset(
        (seat, kind)
        for seat in range(4)
        for kind in (BOAT, HORSE, ELEPHANT, KING)
        if (seat, kind) not in present
    )


def parade_victims(board: tuple[int, ...], sq: int, rules: Rules) -> tuple[int, ...]:
    """The squares of the boats a boat standing on ``sq`` takes by completing a parade:
    the three others, or in the team game the two enemy boats."""
    boat = board[sq]
    for block in BLOCKS[sq]:
        owners = set()
        for cell in block:
            piece = board[cell]
            if kind_of(piece) != BOAT:
                break
            owners.add(owner_of(piece))
        else:
            if len(owners) == 4:
                mine = owner_of(boat)
                return tuple(
                    cell
                    for cell in block
                    if cell != sq and not rules.friends(mine, owner_of(board[cell]))
                )
    return ()


def remove_king_allowed(state: State, rules: Rules) -> bool:
    """A team player whose only piece is the king may take it off, ending a game for points."""
    seat = state.roller
    return rules.teams and not rules.kings_goal and state.pieces(seat) == 1 and state.has_king(seat)


def legal_moves(state: State, rules: Rules) -> list[ChaturajiMove]:
    """Every legal move of a state that is not over, in a fixed order."""
    pending = state.pending
    if pending is not None:
        if pending.stage == Stage.OFFER:
            return [Decision.OFFER, Decision.NO_OFFER]
        if pending.stage == Stage.ANSWER:
            return [Decision.ACCEPT, Decision.DECLINE]
        seat = pending.kings[0]
        return [ReturnKing(seat, sq) for sq in range(SQUARES) if not state.board[sq]]
    if state.roll_due:
        return []
    moves: list[ChaturajiMove] = list(board_moves(state, rules, state.roller, state.dice))
    if not moves:
        moves.append(LostTurn())
    if remove_king_allowed(state, rules):
        king = next(sq for sq, p in enumerate(state.board) if p and owner_of(p) == state.roller)
        moves.append(RemoveKing(king))
    return moves


def board_moves(
    state: State, rules: Rules, roller: int, dice: tuple[int, ...]
) -> Iterator[Step | Exchange]:
    """The piece moves on ``roller``'s turn with ``dice`` showing."""
    board = state.board
    allowed = allowed_kinds(dice, rules)
    owners, boats = movable(state, rules, roller)
    lost = lost_kinds(board)
    for sq in range(SQUARES):
        piece = board[sq]
        if not piece:
            continue
        kind = kind_of(piece)
        seat = owner_of(piece)
        if seat not in (boats if kind == BOAT else owners):
            continue
        if allowed is not None and kind not in allowed:
            continue
        yield from piece_steps(board, sq, piece, rules, lost)
        if kind == PAWN and sq in LAST_LINE[seat] and (seat, origin_of(piece)) in lost:
            yield Exchange(sq, origin_of(piece))


def captures_on_turn(state: State, rules: Rules, seat: int) -> frozenset[int]:
    """The squares of the pieces ``seat`` could capture on its next turn with some roll,
    parades included."""
    if not state.in_rotation(seat, rules):
        return frozenset()
    board = state.board
    owners, boats = movable(state, rules, seat)
    lost = lost_kinds(board)
    found: set[int] = set()
    for sq, piece in enumerate(board):
        if not piece:
            continue
        seat, kind = _SEAT_KIND[piece]
        is_boat = kind == BOAT
        if seat not in (boats if is_boat else owners):
            continue
        for step in piece_steps(board, sq, piece, rules, lost):
            if board[step.target]:
                found.add(step.target)
            if is_boat and _may_parade(board, sq, step.target):
                after = list(board)
                after[sq], after[step.target] = 0, piece
                found.update(parade_victims(tuple(after), step.target, rules))
    return frozenset(found)


def _may_parade(board: tuple[int, ...], sq: int, target: int) -> bool:
    """Whether a boat going from ``sq`` to ``target`` could complete a parade: some 2x2
    block round ``target`` holds boats on its three other squares, none of them ``sq``
    (which the boat leaves empty). Without one, ``parade_victims`` finds none."""
    return any(
        sq not in block and all(cell == target or kind_of(board[cell]) == BOAT for cell in block)
        for block in BLOCKS[target]
    )
