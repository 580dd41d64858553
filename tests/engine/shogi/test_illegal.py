"""Forbidden moves a hand can make, each with the rule it breaks."""

from __future__ import annotations

from engine.shogi import ShogiPosition
from tests.engine.shogi.helpers import position, random_positions, sfen


def reasons(pos: ShogiPosition) -> dict[str, str]:
    found: dict[str, str] = {}
    for move, reason in pos.illegal_moves():
        found.setdefault(pos.move_text(move), str(reason))
    return found


def test_wrong_steps_name_the_piece() -> None:
    found = reasons(position())
    assert found["7g7e"] == "the pawn moves one square straight forward"
    assert found["2h3f"] == "the rook moves straight (forward, backward or sideways), any distance"
    assert found["8i8f"] == "the knight jumps two squares forward and one to the side"
    assert found["3i3f"] == "the silver moves one square diagonally or straight forward"
    assert found["6i4h"] == "the gold moves one square in any direction but diagonally backward"
    assert found["5i5f"] == "the king moves one square in any direction"
    assert found["8h6h"] == "the bishop moves diagonally, any distance"
    assert found["1i1f"] == "the lance cannot pass the piece on 1g"
    assert found["8h6f"] == "the bishop cannot pass the piece on 7g"


def test_promoted_pieces_are_named() -> None:
    pos = position(sfen({"5i": "K", "5a": "k", "5e": "+P", "3e": "+B", "7e": "+R"}))
    found = reasons(pos)
    assert found["5e4f"].startswith("the tokin moves like a gold")
    assert found["3e3c"] == "the horse moves diagonally any distance, or one square straight"
    assert found["7e5c"] == "the dragon moves straight any distance, or one square diagonally"
    assert found["5e5d+"] == "a promoted piece never turns back"


def test_promotion_mistakes_are_named() -> None:
    pos = position(sfen({"5i": "K", "5a": "k", "1b": "P", "6e": "S", "4h": "G", "2d": "N"}))
    found = reasons(pos)
    assert found["1b1a"] == "a pawn reaching the last rank must promote: it could never move again"
    assert found["2d3b"] == (
        "a knight reaching the last two ranks must promote: it could never move again"
    )
    assert found["6e6d+"].startswith("a piece promotes only on a move into, out of or inside")
    assert "(ranks a-c for sente)" in found["6e6d+"]
    assert found["4h4g+"] == "a gold never promotes"
    assert found["5i5h+"] == "a king never promotes"


def test_drop_mistakes_are_named() -> None:
    text = sfen({"5i": "K", "2c": "G", "3c": "N", "1a": "k", "5g": "P"}, hand="PLN")
    found = reasons(position(text))
    assert found["P*5e"] == "nifu: sente already has a pawn on file 5"
    assert found["P*1b"] == "uchifuzume: a pawn drop may not give checkmate"
    assert found["P*4a"] == "a pawn dropped on the last rank could never move"
    assert found["L*9a"] == "a lance dropped on the last rank could never move"
    assert found["N*9b"] == "a knight dropped on the last two ranks could never move"
    assert found["N*9e+"] == "a piece is always dropped unpromoted, even in the promotion zone"


def test_moves_leaving_the_king_in_check_are_named() -> None:
    pinned = position(sfen({"5i": "K", "5f": "S", "5a": "r", "1a": "k"}))
    assert reasons(pinned)["5f4e"] == (
        "the silver on 5f is pinned: moving it there leaves sente's king in check"
    )
    checked = position(sfen({"5i": "K", "5a": "k", "5c": "r", "1g": "G"}, hand="P"))
    found = reasons(checked)
    assert found["1g1f"] == "sente's king is in check, and this does not answer it"
    assert found["P*1e"] == "sente's king is in check, and this drop does not block it"
    assert found["5i5h"] == "the king would be in check on 5h"


def test_out_of_turn_moves_are_named() -> None:
    found = reasons(position())
    assert found["3c3d"] == "it is sente's turn"
    assert found["8b3b"] == "it is sente's turn"
    pos = position()
    pos.push_text("7g7f")
    assert reasons(pos)["7f7e"] == "it is gote's turn"


def test_nothing_legal_is_called_illegal_and_nothing_lands_on_an_own_piece() -> None:
    for pos in random_positions(31, games=2, plies=80, captures=0.6):
        legal = set(pos.legal_moves())
        board = pos.board
        for move, reason in pos.illegal_moves():
            assert move not in legal and reason
            target = board[move.to_square]
            if move.drop:
                assert target == 0 and pos.in_hand(pos.turn, move.drop) > 0
            else:
                mover = board[move.from_square] >> 4
                assert board[move.from_square] and not (target and target >> 4 == mover)


def test_a_finished_game_has_no_illegal_moves() -> None:
    pos = position(sfen({"5i": "K", "2c": "G", "3c": "N", "1a": "k"}, hand="G"))
    pos.push_text("G*1b")
    assert list(pos.illegal_moves()) == []
