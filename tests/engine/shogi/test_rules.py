"""Each rule clause on a hand-made position, checked by hand and against cshogi."""

from __future__ import annotations

import cshogi
import pytest

from tests.engine.shogi.helpers import position, sfen, usi

K, k = {"5i": "K"}, {"5a": "k"}


def cshogi_moves(text: str) -> set[str]:
    return {cshogi.move_to_usi(move) for move in cshogi.Board(text).legal_moves}


def moves(text: str) -> set[str]:
    found = usi(position(text))
    assert found == cshogi_moves(text), text
    return found


def moves_from(text: str, cell: str) -> set[str]:
    return {m for m in moves(text) if m.startswith(cell) and "*" not in m}


# --- uchifuzume ----------------------------------------------------------------------

UCHIFUZUME = sfen({"5i": "K", "2c": "G", "3c": "N", "1a": "k"}, hand="PG")
"""P*1b would mate: the gold defends 1b and guards 2b, the knight guards 2a."""


def test_a_pawn_drop_that_mates_is_illegal_but_other_drops_may_mate() -> None:
    found = moves(UCHIFUZUME)
    assert "P*1b" not in found
    assert "G*1b" in found  # any other piece may mate by a drop
    pos = position(UCHIFUZUME)
    pos.push_text("G*1b")
    assert pos.outcome() is not None and pos.outcome().winners == {0}  # type: ignore[union-attr]


def test_a_pawn_moved_on_the_board_may_mate() -> None:
    text = sfen({"5i": "K", "2c": "G", "3c": "N", "1a": "k", "1c": "P"})
    assert "1c1b" in moves(text)
    pos = position(text)
    pos.push_text("1c1b")
    outcome = pos.outcome()
    assert outcome is not None and outcome.termination.name == "CHECKMATE"


def test_a_pawn_drop_check_that_is_not_mate_is_legal() -> None:
    text = sfen({"5i": "K", "2c": "G", "1a": "k"}, hand="P")  # 2a is free
    assert "P*1b" in moves(text)


def test_a_pinned_defender_cannot_take_the_pawn() -> None:
    pinned = sfen({"5i": "K", "2c": "G", "9a": "R", "1a": "k", "2a": "s"}, hand="P")
    free = sfen({"5i": "K", "2c": "G", "1a": "k", "2a": "s"}, hand="P")
    assert "P*1b" not in moves(pinned)  # the silver on 2a is pinned by the rook on 9a
    assert "P*1b" in moves(free)  # the silver may take the pawn


def test_a_pawn_defended_from_afar_cannot_be_taken_by_the_king() -> None:
    defended = sfen({"5i": "K", "3b": "G", "5f": "B", "1a": "k"}, hand="P")
    blocked = sfen({"5i": "K", "3b": "G", "5f": "B", "3d": "p", "1a": "k"}, hand="P")
    assert "P*1b" not in moves(defended)  # the king would take it onto the bishop's line
    assert "P*1b" in moves(blocked)  # with the line blocked the king takes the pawn


def test_uchifuzume_for_gote_too() -> None:
    text = sfen({"9i": "K", "8g": "g", "7g": "n", "5a": "k"}, turn="w", hand="pg")
    found = moves(text)
    assert "P*9h" not in found and "G*9h" in found


# --- nifu and dead pieces --------------------------------------------------------------


def test_nifu_forbids_a_second_pawn_on_a_file_but_a_tokin_does_not_count() -> None:
    text = sfen({**K, **k, "5g": "P", "3d": "+P"}, hand="P")
    found = moves(text)
    assert not any(m.startswith("P*5") for m in found)
    assert "P*3e" in found and "P*3c" in found


def test_drops_that_could_never_move_are_illegal() -> None:
    text = sfen({**K, **k}, hand="PLN")
    found = moves(text)
    assert not any(m[0] in "PL" and m.endswith("a") for m in found)
    assert not any(m[0] == "N" and m[-1] in "ab" for m in found)
    assert {"P*1b", "L*1b", "N*1c"} <= found
    gote = moves(sfen({**K, **k}, turn="w", hand="pln"))
    assert not any(m[0] in "PL" and m.endswith("i") for m in gote)
    assert not any(m[0] == "N" and m[-1] in "hi" for m in gote)
    assert {"P*1h", "L*1h", "N*1g"} <= gote


def test_pieces_are_dropped_unpromoted_even_in_the_zone() -> None:
    found = moves(sfen({**K, **k}, hand="S"))
    assert "S*1b" in found and not any(m.endswith("+") for m in found)


# --- promotion ---------------------------------------------------------------------------


def test_pawn_and_lance_must_promote_on_the_last_rank() -> None:
    text = sfen({**K, **k, "1b": "P", "3e": "L"})
    assert moves_from(text, "1b") == {"1b1a+"}
    assert moves_from(text, "3e") == {"3e3d", "3e3c", "3e3c+", "3e3b", "3e3b+", "3e3a+"}


def test_knight_must_promote_on_the_last_two_ranks() -> None:
    text = sfen({**K, "5a": "k", "2d": "N", "7e": "N"})
    assert moves_from(text, "2d") == {"2d1b+", "2d3b+"}
    assert moves_from(text, "7e") == {"7e8c", "7e8c+", "7e6c", "7e6c+"}


def test_promotion_is_optional_into_out_of_and_inside_the_zone() -> None:
    text = sfen({**K, "9a": "k", "4c": "S", "2d": "S", "5b": "+S", "7g": "G"})
    out_of = moves_from(text, "4c")
    assert {"4c5d", "4c5d+", "4c3d", "4c3d+", "4c4b", "4c4b+"} <= out_of
    assert {"2d2c", "2d2c+", "2d1e", "2d3e"} <= moves_from(text, "2d")
    assert "2d1e+" not in moves_from(text, "2d")  # neither end in the zone
    assert not any(m.endswith("+") for m in moves_from(text, "5b"))  # already promoted
    assert not any(m.endswith("+") for m in moves_from(text, "7g"))  # gold never promotes


def test_gote_promotes_in_ranks_g_to_i() -> None:
    text = sfen({**K, "9a": "k", "3f": "b", "1h": "p"}, turn="w")
    assert "3f5h+" in moves_from(text, "3f") and "3f4e+" not in moves_from(text, "3f")
    assert moves_from(text, "1h") == {"1h1i+"}


# --- check, pins, blocking -----------------------------------------------------------------


def test_ranging_pieces_are_blocked_by_any_piece_and_only_the_knight_jumps() -> None:
    text = sfen({**K, **k, "5e": "R", "5c": "p", "3e": "P", "5g": "B", "8g": "N"})
    rook = moves_from(text, "5e")
    assert "5e5c" in rook and "5e5b" not in rook  # stops on the capture
    assert "5e4e" in rook and "5e3e" not in rook and "5e2e" not in rook  # own pawn blocks
    assert moves_from(text, "8g") == {"8g7e", "8g9e"}  # jumps over whatever stands between


def test_a_pinned_piece_moves_only_along_the_pin() -> None:
    text = sfen({"5i": "K", "5f": "R", "5a": "r", "1a": "k", "2i": "S"})
    assert moves_from(text, "5f") == {
        "5f5e",
        "5f5d",
        "5f5c",
        "5f5b",
        "5f5a",
        "5f5a+",
        "5f5g",
        "5f5h",
        "5f5b+",
        "5f5c+",
    }


def test_in_check_only_escapes_captures_and_blocks() -> None:
    text = sfen({"5i": "K", "5a": "k", "5c": "r", "1g": "G", "7h": "S"}, hand="P")
    found = moves(text)
    drops = {m for m in found if "*" in m}
    assert drops == {f"P*5{r}" for r in "defgh"}
    assert "1g1f" not in found  # does not answer the check


def test_double_check_leaves_only_king_moves() -> None:
    text = sfen({"5i": "K", "5a": "k", "5c": "r", "1e": "b", "9h": "G"}, hand="P")
    assert {m[:2] for m in moves(text)} == {"5i"}


def test_the_king_never_steps_into_check_nor_hides_behind_itself() -> None:
    text = sfen({"5e": "K", "5a": "k", "5c": "r"})
    found = moves_from(text, "5e")
    assert "5e5f" not in found  # still on the rook's file behind the king
    assert "5e5d" not in found and "5e4e" in found


@pytest.mark.parametrize(
    "text",
    [
        sfen({**K, **k}, hand="RBGSNLPrbgsnlp"),
        sfen({"5i": "K", "5a": "k", "5e": "+B", "4e": "+r", "6g": "+p", "2c": "+L"}, hand="P"),
        sfen({"9i": "K", "1a": "k", "8h": "s", "7g": "b"}, turn="b", hand="G"),
    ],
)
def test_assorted_positions_agree_with_cshogi(text: str) -> None:
    assert moves(text)
