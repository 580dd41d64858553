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
from engine.shogi.record import line_span
from engine.shogi.tables import (
    BISHOP,
    GOLD,
    HAND_KINDS,
    KING,
    KNIGHT,
    LANCE,
    PAWN,
    ROOK,
    SILVER,
    SIZE,
)


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
    rows = []
    for number, line in diagram:
        cells = line[1:].split("|")[0]
        if len(cells) != 2 * SIZE:
            raise NotationError(f"line {number}: cannot read the board diagram rank {quoted(line)}")
        row, gap = "", 0
        for index in range(SIZE):
            mark, name = cells[2 * index], cells[2 * index + 1]
            if name == "・":
                gap += 1
                continue
            kind = KIND_OF_NAME.get(name)
            if kind is None:
                raise NotationError(
                    f"line {number}: {quoted(mark + name)} in the board diagram rank "
                    f"{quoted(line)} is not a piece"
                )
            if gap:
                row, gap = row + str(gap), 0
            letter = _sfen_letter(kind)
            row += letter.lower() if mark == "v" else letter
        rows.append(row + (str(gap) if gap else ""))
    in_hand = "".join(_hand_sfen(*hands.get(seat, (0, "なし")), seat) for seat in (0, 1))
    return f"{'/'.join(rows)} {'w' if gote_first else 'b'} {in_hand or '-'} 1"


def _sfen_letter(kind: int) -> str:
    letters = {PAWN: "P", LANCE: "L", KNIGHT: "N", SILVER: "S", GOLD: "G", BISHOP: "B"}
    letters |= {ROOK: "R", KING: "K"}
    if kind in letters:
        return letters[kind]
    return "+" + letters[kind - 8]


def _hand_sfen(number: int, text: str, seat: int) -> str:
    """The pieces in hand a header (on line ``number``) gives, as SFEN letters."""
    if text in ("なし", ""):
        return ""
    result = ""
    for item in text.replace(" ", "　").split("　"):
        if not item:
            continue
        kind = KIND_OF_NAME.get(item[0])
        if kind is None or kind not in HAND_KINDS or item[1:] not in NUMERALS:
            raise NotationError(
                f"line {number}: {quoted(item)} in {quoted(text)} is not a piece in hand"
            )
        count = NUMERALS.index(item[1:]) if item[1:] else 1
        letter = _sfen_letter(kind)
        result += (str(count) if count > 1 else "") + (letter if seat == 0 else letter.lower())
    return result
