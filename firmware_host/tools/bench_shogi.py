"""Shogi's part of ``kiban bench``: Kiban against cshogi and python-shogi, in the same run.

The two libraries are test oracles, never part of the product: they are
imported here only, inside the function, and skipped with a note when they
are not installed. Every time is per operation; the ratio says how many times
Kiban's time the library needs (below 1: the library is faster).

The DESIGN budget is checked on the richest position known (593 legal moves):
generating its moves, computing every footprint and indexing them in the
recognizer must take a few milliseconds on a laptop.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

from engine.game import Position
from engine.physical import Sensing
from engine.recognizer import Recognizer
from engine.shogi import SHOGI, ShogiPosition
from firmware_host.tools.bench import _cycle, _scaled, timed

RICHEST = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"
"""The position with the most legal moves known: 593."""
PERFT_DEPTH = 3


def _line(name: str, seconds: float, unit: str, note: str) -> str:
    value, scale = _scaled(seconds)
    return f"{'shogi':10} {name:32} {value:9.2f} {scale}/{unit:9} {note}"


def _perft(board: Any, depth: int) -> int:
    """Perft over a library's board (both libraries offer legal_moves, push and pop)."""
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += _perft(board, depth - 1)
        board.pop()
    return total


def _library_moves(boards: Iterator[Any]) -> int:
    return len(list(next(boards).legal_moves))


def _fresh_index(position: ShogiPosition, recognizer: Recognizer[Any]) -> None:
    """Index ``position`` from scratch (a push and pop drop the cached moves)."""
    move = next(position.legal_moves())
    position.push(move)
    position.pop()
    recognizer.reset(position)


def shogi_lines(sample: Sequence[Position[Any]], *, minimum: float = 0.2) -> list[str]:
    """The comparison and budget lines of the bench for shogi."""
    lines: list[str] = []
    richest = SHOGI.position(RICHEST)
    recognizer: Recognizer[Any] = Recognizer(Sensing.OCCUPANCY, SHOGI.cells)
    index = timed(partial(_fresh_index, richest, recognizer), minimum=minimum)
    lines.append(
        _line("index 593 moves (moves+fp+reset)", index, "position", "budget: a few ms on a laptop")
    )
    footprints = timed(
        lambda: [richest.footprint(m, Sensing.OCCUPANCY) for m in richest.legal_moves()],
        minimum=minimum,
    )
    lines.append(_line("593 footprints", footprints, "position", ""))

    def fresh_moves(position: Position[Any]) -> int:
        move = next(position.legal_moves())
        position.push(move)
        position.pop()
        return len(list(position.legal_moves()))

    cycle = _cycle(sample)
    ours = timed(lambda: fresh_moves(next(cycle)), minimum=minimum)
    start = SHOGI.position()
    nodes = start.perft(PERFT_DEPTH)
    our_perft = timed(partial(start.perft, PERFT_DEPTH), minimum=minimum) / nodes
    lines.append(_line("legal moves (fresh): kiban", ours, "position", "1.000 x kiban"))
    lines.append(_line(f"perft {PERFT_DEPTH} per node: kiban", our_perft, "node", "1.000 x kiban"))
    for label, module_name, make in (
        ("cshogi", "cshogi", "Board"),
        ("python-shogi", "shogi", "Board"),
    ):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            lines.append(f"{'shogi':10} {label} is not installed: comparison skipped")
            continue
        board_class: Callable[..., Any] = getattr(module, make)
        boards = [board_class(position.text()) for position in sample]
        theirs = timed(partial(_library_moves, _cycle(boards)), minimum=minimum)
        lines.append(
            _line(f"legal moves: {label}", theirs, "position", f"{theirs / ours:.3f} x kiban")
        )
        # python-shogi is slow enough that depth 2 says all there is to say.
        depth = PERFT_DEPTH if label == "cshogi" else PERFT_DEPTH - 1
        board = board_class()
        their_nodes = _perft(board, depth)
        per_node = timed(partial(_perft, board, depth), minimum=minimum) / their_nodes
        mine = our_perft
        if depth != PERFT_DEPTH:
            mine = timed(partial(start.perft, depth), minimum=minimum) / start.perft(depth)
        lines.append(
            _line(
                f"perft {depth} per node: {label}",
                per_node,
                "node",
                f"{per_node / mine:.3f} x kiban",
            )
        )
    return lines
