"""Shogi moves, and every move object the generator can hand out, built once.

Generating moves then only picks ready-made objects from tables, so the
generator allocates nothing per move: a position with 593 legal moves costs a
few hundred table look-ups.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.shogi.tables import (
    BISHOP,
    CELL_NAMES,
    GOLD,
    KING,
    KNIGHT,
    LANCE,
    LAST_RANK,
    LAST_TWO,
    LETTERS,
    PAWN,
    ROOK,
    SILVER,
    SQUARES,
    ZONE,
)


@dataclass(frozen=True, slots=True)
class ShogiMove:
    """One move: a piece from ``from_square`` to ``to_square``, or a drop of ``drop``.

    Squares are indices 0..80 (see tables); ``from_square`` is -1 for a drop and
    ``drop`` is the dropped kind (PAWN..ROOK), 0 for a board move. ``promote``
    means the piece arrives turned over; it is carried on any move so that the
    recognizer can name a piece turned when it should not be.
    """

    from_square: int
    to_square: int
    promote: bool = False
    drop: int = 0

    @property
    def is_drop(self) -> bool:
        return self.drop != 0

    @property
    def from_cell(self) -> str | None:
        return None if self.from_square < 0 else CELL_NAMES[self.from_square]

    @property
    def to_cell(self) -> str:
        return CELL_NAMES[self.to_square]

    def usi(self) -> str:
        """USI text: ``7g7f``, ``8h2b+``, ``P*5e`` (a turned drop, never legal, ends in +)."""
        suffix = "+" if self.promote else ""
        if self.drop:
            return f"{LETTERS[self.drop]}*{CELL_NAMES[self.to_square]}{suffix}"
        return f"{CELL_NAMES[self.from_square]}{CELL_NAMES[self.to_square]}{suffix}"

    def __str__(self) -> str:
        return self.usi()


def _board_moves(promote: bool) -> tuple[ShogiMove | None, ...]:
    return tuple(
        ShogiMove(origin, target, promote) if origin != target else None
        for origin in range(SQUARES)
        for target in range(SQUARES)
    )


PLAIN: tuple[ShogiMove | None, ...] = _board_moves(False)
"""PLAIN[from * 81 + to]: the move without promotion (None where from == to)."""
PROMOTING: tuple[ShogiMove | None, ...] = _board_moves(True)
"""PROMOTING[from * 81 + to]: the same move ending turned over."""

DROPS: tuple[tuple[ShogiMove, ...], ...] = tuple(
    tuple(ShogiMove(-1, target, False, kind) for target in range(SQUARES))
    if 0 < kind < KING
    else ()
    for kind in range(KING)
)
"""DROPS[kind][to] for the kinds a hand holds."""
TURNED_DROPS: tuple[tuple[ShogiMove, ...], ...] = tuple(
    tuple(ShogiMove(-1, target, True, kind) for target in range(SQUARES)) if 0 < kind < KING else ()
    for kind in range(KING)
)
"""A piece put down from the hand on its promoted face: never legal, but a hand can do it."""


def board_move(origin: int, target: int, promote: bool = False) -> ShogiMove:
    """The shared move object for a step from ``origin`` to ``target``."""
    move = (PROMOTING if promote else PLAIN)[origin * SQUARES + target]
    if move is None:
        raise ValueError(f"a move from {CELL_NAMES[origin]} must leave it")
    return move


def drop_move(kind: int, target: int, promote: bool = False) -> ShogiMove:
    """The shared move object for a drop of ``kind`` (PAWN..ROOK) on ``target``."""
    return (TURNED_DROPS if promote else DROPS)[kind][target]


Choices = tuple[ShogiMove, ...]


def _choices(seat: int, rule: str) -> tuple[Choices, ...]:
    """For every (from, to): the moves a piece following ``rule`` may make there.

    ``plain``: it never promotes. ``optional``: it may promote when the move
    starts or ends in the zone. ``last``/``last-two``: like optional, but it
    must promote on the last rank (pawn, lance) or last two ranks (knight).
    """
    zone = ZONE[seat]
    forced = {"plain": 0, "optional": 0, "last": LAST_RANK[seat], "last-two": LAST_TWO[seat]}[rule]
    table: list[Choices] = []
    for origin in range(SQUARES):
        for target in range(SQUARES):
            index = origin * SQUARES + target
            plain, promoting = PLAIN[index], PROMOTING[index]
            if plain is None or promoting is None:
                table.append(())
            elif rule == "plain" or not (zone >> origin & 1 or zone >> target & 1):
                table.append((plain,))
            elif forced >> target & 1:
                table.append((promoting,))
            else:
                table.append((promoting, plain))
    return tuple(table)


def _options_by_code() -> tuple[tuple[Choices, ...], ...]:
    rules = {PAWN: "last", LANCE: "last", KNIGHT: "last-two", SILVER: "optional"}
    rules |= {BISHOP: "optional", ROOK: "optional", GOLD: "plain"}
    built: dict[tuple[int, str], tuple[Choices, ...]] = {}
    table: list[tuple[Choices, ...]] = []
    for piece in range(32):
        seat, kind = piece >> 4, piece & 15
        rule = rules.get(kind, "plain")
        if (seat, rule) not in built:
            built[(seat, rule)] = _choices(seat if rule != "plain" else 0, rule)
        table.append(built[(seat, rule)])
    return tuple(table)


OPTIONS: tuple[tuple[Choices, ...], ...] = _options_by_code()
"""OPTIONS[code][from * 81 + to]: the legal ways (promoting or not) to make that step."""
