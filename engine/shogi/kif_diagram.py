"""A KIF board diagram read as SFEN: the nine ranks a mate problem or a game from a
set position draws (``v`` marks gote's pieces, ``・`` an empty square) and the pieces in
hand its header lines give (``先手の持駒：歩二　香``).

Apart from the reading of moves (``engine.shogi.kif_read``), which turns to it when a
record starts from a diagram: this reads a picture of a board, not a record."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.errors import NotationError
from engine.record_read import quoted
from engine.shogi.kif import KIND_OF_NAME, NUMERALS
from engine.shogi.notation import write_position
from engine.shogi.record import line_span
from engine.shogi.tables import HAND_KINDS, SIZE


def diagram_sfen(
    diagram: Sequence[tuple[int, str]],
    hands: Mapping[int, tuple[int, str]],
    *,
    gote_first: bool,
) -> str:
    """The position a diagram draws: ``diagram`` its ranks, each with its line number;
    ``hands`` each seat's pieces in hand as its header line (number, text) gave them;
    ``gote_first``: the record says gote moves first. NotationError names the line."""
    if len(diagram) != SIZE:
        span = line_span([number for number, _ in diagram])
        raise NotationError(f"{span}: a KIF board diagram has 9 ranks, not {len(diagram)}")
    board = [0] * (SIZE * SIZE)
    for rank, (number, line) in enumerate(diagram):
        cells = line[1:].split("|")[0]
        if len(cells) != 2 * SIZE:
            raise NotationError(f"line {number}: cannot read the board diagram rank {quoted(line)}")
        for column in range(SIZE):
            mark, name = cells[2 * column], cells[2 * column + 1]
            if name == "・":
                continue
            kind = KIND_OF_NAME.get(name)
            if kind is None:
                raise NotationError(
                    f"line {number}: {quoted(mark + name)} in the board diagram rank "
                    f"{quoted(line)} is not a piece"
                )
            board[rank * SIZE + column] = kind | (mark == "v") << 4
    in_hand = [0] * 16
    for seat in (0, 1):
        _count_hand(in_hand, seat, *hands.get(seat, (0, "なし")))
    return write_position(board, in_hand, 1 if gote_first else 0, 1)


def _count_hand(in_hand: list[int], seat: int, number: int, text: str) -> None:
    """Adds the pieces in hand a header (on line ``number``) gives to ``seat``'s."""
    if text in ("なし", ""):
        return
    for item in text.replace(" ", "　").split("　"):
        if not item:
            continue
        kind = KIND_OF_NAME.get(item[0])
        if kind is None or kind not in HAND_KINDS or item[1:] not in NUMERALS:
            raise NotationError(
                f"line {number}: {quoted(item)} in {quoted(text)} is not a piece in hand"
            )
        in_hand[seat * 8 + kind] += NUMERALS.index(item[1:]) if item[1:] else 1
