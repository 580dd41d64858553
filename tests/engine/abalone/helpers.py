"""Small builders shared by the Abalone tests, written from the rules file, not the engine."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.abalone import ABALONE, AbaloneMove, AbalonePosition
from engine.physical import Sensing

# rules/abalone.md: "Row ranges: A 1-5, B 1-6, C 1-7, D 1-8, E 1-9, F 2-9, G 3-9, H 4-9, I 5-9."
ROW_RANGES = {
    "A": (1, 5),
    "B": (1, 6),
    "C": (1, 7),
    "D": (1, 8),
    "E": (1, 9),
    "F": (2, 9),
    "G": (3, 9),
    "H": (4, 9),
    "I": (5, 9),
}
HOLES = [f"{row}{d}" for row, (low, high) in ROW_RANGES.items() for d in range(low, high + 1)]


def text(pieces: dict[str, str], turn: str = "b", lost: tuple[int, int] = (0, 0)) -> str:
    """Position text from {"E5": "b", "E6": "w"}, rows I to A, written without the engine."""
    rows = []
    for row in reversed(ROW_RANGES):
        low, high = ROW_RANGES[row]
        out, gap = "", 0
        for d in range(low, high + 1):
            marble = pieces.get(f"{row}{d}")
            if marble is None:
                gap += 1
                continue
            out += (str(gap) if gap else "") + marble
            gap = 0
        rows.append(out + (str(gap) if gap else ""))
    return f"{'/'.join(rows)} {turn} {lost[0]} {lost[1]}"


def position(board: str | None = None, **options: str) -> AbalonePosition:
    return ABALONE.position(board, options)


def setup(
    pieces: dict[str, str], turn: str = "b", lost: tuple[int, int] = (0, 0)
) -> AbalonePosition:
    return position(text(pieces, turn, lost))


def aba(pos: AbalonePosition) -> set[str]:
    return {pos.move_text(move) for move in pos.legal_moves()}


def key(pos: AbalonePosition) -> str:
    """Every hole's marble letter (b, w or .) from A1 to I9, from the layout."""
    layout = pos.layout()
    return "".join(layout[hole][0].kind if hole in layout else "." for hole in HOLES)


def after(pos: AbalonePosition, move: str) -> AbalonePosition:
    clone = pos.copy()
    clone.push_text(move)
    return clone


def is_push(pos: AbalonePosition, move: AbaloneMove) -> bool:
    """Whether a move moves an opposing marble (its footprint recolours or drops one)."""
    changes = pos.footprint(move, Sensing.POLARITY).changes
    return len(changes) != 2 * len(move.holes) or any(s.startswith("gutter") for s, _ in changes)


def random_games(
    seed: int, games: int, plies: int, layout: str = "standard", pushes: float = 0.5
) -> Iterator[AbalonePosition]:
    """Every position of ``games`` seeded random games (the same object, moved along);
    with probability ``pushes`` a pushing move is preferred, so that games reach
    sumito, push-offs and wins."""
    rng = random.Random(seed)
    for _ in range(games):
        pos = position(None, layout=layout)
        yield pos
        for _ in range(plies):
            moves = list(pos.legal_moves())
            if not moves:
                break
            pushing = [m for m in moves if is_push(pos, m)]
            pos.push(rng.choice(pushing if pushing and rng.random() < pushes else moves))
            yield pos


ROW_LETTERS = "ABCDEFGHI"
# rules/abalone.md's neighbour rule, by direction name as the board is printed (I at the top)
STEPS = {"E": (0, 1), "NE": (1, 1), "NW": (1, 0), "W": (0, -1), "SW": (-1, -1), "SE": (-1, 0)}


def step(hole: str, direction: str) -> str | None:
    """The next hole in a direction ("E", "NE", ...), or None past the edge."""
    r = ROW_LETTERS.index(hole[0]) + STEPS[direction][0]
    d = int(hole[1]) + STEPS[direction][1]
    name = f"{ROW_LETTERS[r]}{d}" if 0 <= r < 9 else ""
    return name if name in HOLES else None


def marbles_moved(pos: AbalonePosition, move: AbaloneMove) -> int:
    """How many of the mover's marbles a move takes, counted on the layout."""
    if move.end is not None:
        return len(move.holes)
    layout = pos.layout()
    mine = layout[move.tail][0].owner
    count = 0
    hole: str | None = move.tail
    while hole is not None and hole in layout and layout[hole][0].owner == mine:
        count += 1
        hole = step(hole, move.direction.name)
    return count
