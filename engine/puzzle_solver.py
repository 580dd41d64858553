"""An exhaustive solver for puzzles over the ``Position`` API: it proves a puzzle has
one answer at each of the solver's turns, whatever the other side does.

A WIN puzzle of N plies: the mover forces a win in N plies and no fewer; at the
start, and after every reply that holds out longest, exactly one move wins soonest
(every reply is tried: each must lose). A GAIN puzzle: exactly one move takes a
stone of the target kind from another seat. A HOLD puzzle: exactly one move leaves
the other side no such take, and most moves do leave one (there is a threat).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from engine.game import Position
from engine.puzzle_kinds import Goal, PuzzleKind


@dataclass(frozen=True, slots=True)
class Solution:
    """A puzzle's answer: the main line's move texts (the solver's moves and the
    longest replies) and how many positions the proof visited."""

    line: tuple[str, ...]
    nodes: int


@dataclass(slots=True)
class _Count:
    nodes: int = 0
    memo: dict[tuple[Hashable, int], int | None] = field(default_factory=dict)
    checks_first: bool = False
    """A first look only: a tsume's non-check is cut before the game is asked whether
    it ended (the question costs every reply's generation)."""


def solve(position: Position[Any], kind: PuzzleKind, plies: int) -> Solution | None:
    """The unique answer of ``position`` as a ``kind`` puzzle of exactly ``plies``, or
    None when it has none or more than one (``position`` is left as it was)."""
    if position.outcome() is not None or position.chance_moves() is not None:
        return None
    count = _Count()
    if kind.goal is Goal.WIN:
        line = _win_line(position.copy(), kind, plies, count)
    elif kind.goal is Goal.GAIN:
        line = _gain_line(position.copy(), kind, count)
    else:
        line = _hold_line(position.copy(), kind, count)
    return None if line is None else Solution(line, count.nodes)


def may_solve(position: Position[Any], kind: PuzzleKind, plies: int) -> bool:
    """A cheaper first look than ``solve``, to spare it the positions that are no
    puzzle: the same search, but a tsume's attacking move that does not check is cut
    before the game is asked whether it ended (only a move that leaves the other side
    no legal move could end it). It proves nothing: ``solve`` proves what it lets by."""
    if position.outcome() is not None or position.chance_moves() is not None:
        return False
    if kind.goal is not Goal.WIN or not kind.checks_only:
        return True
    return _win_line(position.copy(), kind, plies, _Count(checks_first=True)) is not None


def shortest_win(position: Position[Any], kind: PuzzleKind, most: int) -> int | None:
    """The fewest plies (odd, at most ``most``) in which the mover forces a win."""
    return _distance(position.copy(), position.turn, kind, most, _Count())


# --- WIN -------------------------------------------------------------------------------


def _won(position: Position[Any], attacker: int) -> bool | None:
    """True: the attacker has won; False: the game ended otherwise; None: it goes on."""
    outcome = position.outcome()
    if outcome is None:
        return None
    return outcome.winners == frozenset({attacker})


def _attacking_moves(position: Position[Any], kind: PuzzleKind) -> list[Any]:
    """The attacker's moves to try (a tsume's non-checks are cut after the push)."""
    return list(position.legal_moves())


def _distance(
    position: Position[Any], attacker: int, kind: PuzzleKind, most: int, count: _Count
) -> int | None:
    """The fewest plies (at most ``most``) to a forced win for ``attacker``, who moves."""
    key = (position.search_key(), most)
    if key in count.memo:
        return count.memo[key]
    best: int | None = None
    for move in _attacking_moves(position, kind):
        found = _after(position, move, attacker, kind, most, count=count)
        if found is not None and (best is None or found < best):
            best = found
            if best == 1:
                break
    count.memo[key] = best
    return best


def _after(
    position: Position[Any], move: Any, attacker: int, kind: PuzzleKind, most: int, *, count: _Count
) -> int | None:
    """The plies to the win when the attacker plays ``move`` (this ply included)."""
    count.nodes += 1
    position.push(move)
    try:
        if count.checks_first and not position.check_spots():
            return None
        won = _won(position, attacker)
        if won is not None:
            return 1 if won else None
        if kind.checks_only and not position.check_spots():
            return None
        if most < 3:
            return None
        return _longest_defence(position, attacker, kind, most - 1, count)
    finally:
        position.pop()


def _longest_defence(
    position: Position[Any], attacker: int, kind: PuzzleKind, most: int, count: _Count
) -> int | None:
    """With the defender to move: the plies (this one included) to the attacker's win
    against the longest resistance, or None when some reply escapes."""
    longest = 0
    replies = list(position.legal_moves())
    if not replies:
        return None
    for reply in replies:
        count.nodes += 1
        position.push(reply)
        try:
            won = _won(position, attacker)
            if won is not None:
                if not won:
                    return None
                found: int | None = 0
            else:
                found = _distance(position, attacker, kind, most - 1, count)
        finally:
            position.pop()
        if found is None:
            return None
        longest = max(longest, found + 1)
    return longest + 1


def _win_line(
    position: Position[Any], kind: PuzzleKind, plies: int, count: _Count
) -> tuple[str, ...] | None:
    attacker = position.turn
    if _distance(position, attacker, kind, plies, count) != plies:
        return None
    return _unique_line(position, attacker, kind, plies, count)


def _unique_line(
    position: Position[Any], attacker: int, kind: PuzzleKind, plies: int, count: _Count
) -> tuple[str, ...] | None:
    """The main line from an attacker's turn where the win takes ``plies``: None when two
    moves win as soon, or when a longest reply leaves two."""
    winning = [
        move
        for move in _attacking_moves(position, kind)
        if _after(position, move, attacker, kind, plies, count=count) == plies
    ]
    if len(winning) != 1:
        return None
    move = winning[0]
    text = position.move_text(move)
    if plies == 1:
        return (text,)
    position.push(move)
    try:
        main: tuple[str, ...] | None = None
        for reply in list(position.legal_moves()):
            position.push(reply)
            try:
                rest = _distance(position, attacker, kind, plies - 2, count)
                if rest != plies - 2:
                    continue  # a shorter loss: not a main line
                line = _unique_line(position, attacker, kind, plies - 2, count)
                if line is None:
                    return None
                if main is None:
                    main = (_text_before(position, reply), *line)
            finally:
                position.pop()
        return None if main is None else (text, *main)
    finally:
        position.pop()


def _text_before(position: Position[Any], move: Any) -> str:
    """A move's text in the position before it (``position`` has it pushed)."""
    position.pop()
    try:
        return position.move_text(move)
    finally:
        position.push(move)


# --- GAIN and HOLD ---------------------------------------------------------------------


def _held(position: Position[Any], seat: int, target: str) -> int:
    """How many stones of ``target`` (any kind when "") the seats other than ``seat``
    have on the board's cells."""
    cells = frozenset(position.game.cells)
    return sum(
        1
        for spot, stones in position.layout().items()
        if spot in cells
        for stone in stones
        if stone.owner is not None and stone.owner != seat and (not target or stone.kind == target)
    )


def _takes(position: Position[Any], kind: PuzzleKind, count: _Count) -> list[Any]:
    """The mover's moves that take a target stone from another seat."""
    seat = position.turn
    before = _held(position, seat, kind.target)
    taking = []
    for move in list(position.legal_moves()):
        count.nodes += 1
        position.push(move)
        try:
            if _held(position, seat, kind.target) < before:
                taking.append(move)
        finally:
            position.pop()
    return taking


def _gain_line(position: Position[Any], kind: PuzzleKind, count: _Count) -> tuple[str, ...] | None:
    taking = _takes(position, kind, count)
    return (position.move_text(taking[0]),) if len(taking) == 1 else None


def _hold_line(position: Position[Any], kind: PuzzleKind, count: _Count) -> tuple[str, ...] | None:
    safe: list[Any] = []
    moves = list(position.legal_moves())
    for move in moves:
        count.nodes += 1
        position.push(move)
        try:
            exposed = position.outcome() is None and bool(_takes(position, kind, count))
        finally:
            position.pop()
        if not exposed:
            safe.append(move)
            if len(safe) > 1:
                return None
    if len(safe) != 1 or len(moves) < 4:
        return None
    return (position.move_text(safe[0]),)
