"""How a game ends: mate, no moves, sennichite, perpetual check, impasse and declaration."""

from __future__ import annotations

import cshogi
import pytest

from engine.errors import GameOverError, IllegalMoveError, UnknownClaimError
from engine.outcome import Outcome, Termination
from engine.shogi import SHOGI, ImpasseError
from engine.shogi.impasse import declaration_problems, points
from tests.engine.shogi.helpers import position, random_positions, sfen

SHUFFLE = ["5i4h", "5a4b", "4h5i", "4b5a"]


def play(text: str | None, moves: list[str]) -> list[Outcome | None]:
    pos = position(text)
    outcomes = []
    for move in moves:
        pos.push_text(move)
        outcomes.append(pos.outcome())
    return outcomes


def test_checkmate_wins() -> None:
    pos = position(sfen({"5i": "K", "2c": "G", "3c": "N", "1a": "k"}, hand="G"))
    pos.push_text("G*1b")
    assert pos.outcome() == Outcome.win(Termination.CHECKMATE, 0)
    assert list(pos.legal_moves()) == []
    assert pos.check_spots() == {"1a"}


def test_no_legal_moves_without_check_loses() -> None:
    text = sfen({"1i": "K", "2g": "g", "3h": "s", "5a": "k"})
    assert list(cshogi.Board(text).legal_moves) == []
    pos = position(text)
    assert not pos.is_check()
    assert pos.outcome() == Outcome.win(Termination.NO_LEGAL_MOVES, 1)


def test_the_fourth_occurrence_of_a_position_is_a_draw() -> None:
    outcomes = play(None, SHUFFLE * 3)
    assert outcomes[:-1] == [None] * 11
    assert outcomes[-1] == Outcome.draw(Termination.REPETITION)


def test_sennichite_ends_move_generation_and_pop_resumes_the_game() -> None:
    pos = position()
    for move in SHUFFLE * 3:
        pos.push_text(move)
    assert pos.repetitions() == 4
    assert list(pos.legal_moves()) == []
    assert list(pos.illegal_moves()) == []
    with pytest.raises(GameOverError):
        pos.push_text("7g7f")
    pos.pop()
    assert pos.outcome() is None and pos.repetitions() == 3
    assert len(list(pos.legal_moves())) > 0


PERPETUAL = sfen({"5i": "K", "3c": "R", "1a": "k"})
CHECKS = ["3c1c", "1a2a", "1c2c", "2a1a", "2c1c", "1a2a", "1c2c", "2a1a", "2c1c"]
CHECKS += ["1a2a", "1c2c", "2a1a", "2c1c"]


def test_perpetual_check_loses_for_the_checking_player() -> None:
    outcomes = play(PERPETUAL, CHECKS)
    assert outcomes[:-1] == [None] * 12
    assert outcomes[-1] == Outcome.win(Termination.PERPETUAL_CHECK, 1)


GOTE_CHECKS = ["7g9g", "9i8i", "9g8g", "8i9i", "8g9g", "9i8i", "9g8g", "8i9i", "8g9g"]
GOTE_CHECKS += ["9i8i", "9g8g", "8i9i", "8g9g"]


def test_perpetual_check_by_gote() -> None:
    text = sfen({"5a": "k", "7g": "r", "9i": "K"}, turn="w")
    assert play(text, GOTE_CHECKS)[-1] == Outcome.win(Termination.PERPETUAL_CHECK, 0)


def test_a_repetition_with_a_quiet_move_in_the_cycle_is_a_draw() -> None:
    # The rook checks from 1c, then steps back quietly to 3c: not every move checks.
    cycle = ["3c1c", "1a2a", "1c3c", "2a1a"]
    outcomes = play(PERPETUAL, cycle * 3)
    assert outcomes[:-1] == [None] * 11
    assert outcomes[-1] == Outcome.draw(Termination.REPETITION)


# --- impasse ------------------------------------------------------------------------------

KINGS_IN = "9/4K4/9/9/9/9/9/4k4/9 b {hands} 1"


@pytest.mark.parametrize(
    ("hands", "expected"),
    [
        ("2R2B4G4s4n4l18p", Outcome.draw(Termination.IMPASSE)),  # 24 and 30
        ("2RB4Gb4s4n4l18p", Outcome.win(Termination.IMPASSE, 1)),  # 19 and 35
        ("b4s4n4l18p2R4G", Outcome.win(Termination.IMPASSE, 1)),  # 14 and 35
        ("R4Gb", Outcome.draw(Termination.IMPASSE)),  # both short: nobody wins
    ],
)
def test_impasse_counts_24_points(hands: str, expected: Outcome) -> None:
    pos = position(KINGS_IN.format(hands=hands))
    assert pos.claim("impasse") == expected


def test_impasse_counts_promoted_pieces_as_their_unpromoted_kind() -> None:
    pos = position("4K4/+R+B7/9/9/9/9/9/4k4/9 b R3Gb4s4n4l18p 1")
    assert points(pos, 0) == 5 + 5 + 5 + 3
    assert points(pos, 1) == 5 + 4 + 4 + 4 + 18


def test_impasse_needs_both_kings_in_the_enemy_camp() -> None:
    pos = position()
    with pytest.raises(ImpasseError, match="sente's king is on 5i, outside ranks a-c"):
        pos.claim("impasse")
    assert isinstance(ImpasseError("x"), IllegalMoveError)
    half = position("9/4K4/9/9/9/4k4/9/9/9 b - 1")
    with pytest.raises(ImpasseError, match="gote's king is on 5f, outside ranks g-i"):
        half.claim("impasse")


DECLARES = "RBGG1GGSS/4K4/PP7/9/9/9/9/4k4/9 b RB2s4n4l16p 1"
"""Sente: king on 5b, ten pieces in the camp, 18 points there and 10 in hand."""


def test_a_declaration_that_meets_every_condition_wins() -> None:
    pos = position(DECLARES, impasse="27")
    assert declaration_problems(pos) == ()
    assert pos.claim("declare") == Outcome.win(Termination.DECLARATION, 0)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("RBGG1GGSS/4K4/PP7/9/9/9/9/4k4/9 b Rb2s4n4l16p 1", "counts 23 points"),
        ("RBGG1GGSS/4K4/P8/9/9/9/9/4k4/9 b RB2s4n4l17p 1", "9 pieces besides the king"),
        ("RBGGpGGSS/4K4/PP7/9/9/9/9/4k4/9 b RB2s4n4l15p 1", "king is in check"),
        ("RBGG1GGSS/9/PP7/9/4K4/9/9/4k4/9 b RB2s4n4l16p 1", "not in the enemy camp"),
    ],
)
def test_a_declaration_that_fails_loses(text: str, problem: str) -> None:
    pos = position(text, impasse="27")
    assert any(problem in str(found) for found in declaration_problems(pos)), declaration_problems(
        pos
    )
    assert pos.claim("declare") == Outcome.win(Termination.DECLARATION, 1)


def test_gote_declares_with_27_points_where_sente_needs_28() -> None:
    gote = position("9/9/9/4K4/9/9/pp7/4k4/rbgg1ggss w B2S4N4L12Pr4p 1", impasse="27")
    assert points(gote, 1, camp_only=True) == 27
    assert gote.claim("declare") == Outcome.win(Termination.DECLARATION, 1)
    sente = position("RBGG1GGSS/4K4/PP7/9/9/9/9/4k4/9 b R4Pb2s4n4l12p 1", impasse="27")
    assert points(sente, 0, camp_only=True) == 27
    problems = [str(problem) for problem in declaration_problems(sente)]
    assert "sente counts 27 points in hand and in the camp, not 28" in problems
    assert sente.claim("declare") == Outcome.win(Termination.DECLARATION, 1)


def test_declarations_agree_with_cshogi_over_random_positions() -> None:
    seen = {True: 0, False: 0}
    for pos in random_positions(7, games=6, plies=120, captures=0.7):
        if pos.outcome() is not None:
            continue
        board = cshogi.Board(pos.text())
        ours = position(pos.text(), impasse="27").claim("declare").winners == {pos.turn}
        assert ours == board.is_nyugyoku(), pos.text()
        seen[ours] += 1
    for text in (DECLARES, "9/9/9/4K4/9/9/pp7/4k4/rbgg1ggss w rb2S4N4L16P 1"):
        assert cshogi.Board(text).is_nyugyoku()
        declaring = position(text, impasse="27")
        assert declaring.claim("declare").winners == {declaring.turn}
    assert seen[False] > 100


def test_counting_controls_refuse_a_finished_game() -> None:
    pos = position(sfen({"5i": "K", "2c": "G", "3c": "N", "1a": "k"}, hand="G"))
    pos.push_text("G*1b")
    with pytest.raises(GameOverError):
        pos.claim("impasse")
    declaring = position(pos.text(), impasse="27")
    with pytest.raises(GameOverError):
        declaring.claim("declare")


@pytest.mark.parametrize(
    ("impasse", "offered", "refused"), [("24", "impasse", "declare"), ("27", "declare", "impasse")]
)
def test_the_impasse_option_chooses_the_claim_offered_and_judged(
    impasse: str, offered: str, refused: str
) -> None:
    pos = position(DECLARES, impasse=impasse)
    assert [claim.name for claim in SHOGI.claims(pos.options)] == [offered]
    with pytest.raises(UnknownClaimError):
        pos.claim(refused)
    preview = pos.claim_preview("declare")
    assert (preview is not None and preview.wins) == (impasse == "27")


def test_the_seed_rule_is_the_default() -> None:
    assert [claim.name for claim in SHOGI.claims(SHOGI.options())] == ["impasse"]


@pytest.mark.parametrize(
    ("start", "moves"),
    [
        (None, SHUFFLE * 3),
        (PERPETUAL, CHECKS),
        (sfen({"5a": "k", "7g": "r", "9i": "K"}, turn="w"), GOTE_CHECKS),
        (PERPETUAL, ["3c1c", "1a2a", "1c3c", "2a1a"] * 3),
    ],
)
def test_repetition_verdicts_agree_with_cshogi(start: str | None, moves: list[str]) -> None:
    pos = position(start, impasse="27")
    board = cshogi.Board(pos.text())
    for move in moves:
        pos.push_text(move)
        board.push_usi(move)
    outcome = pos.outcome()
    assert outcome is not None
    verdict = board.is_draw(len(moves) + 1)
    if outcome.is_draw:
        assert verdict == cshogi.REPETITION_DRAW
    elif outcome.winners == {pos.turn}:
        assert verdict == cshogi.REPETITION_WIN
    else:
        assert verdict == cshogi.REPETITION_LOSE


def test_repetition_counts_survive_pop_and_push_again() -> None:
    pos = position()
    for move in ["5i4h", "5a4b", "4h5i", "4b5a"] * 3:
        pos.push_text(move)
    assert pos.outcome() is not None
    pos.pop()
    pos.push_text("4b5a")
    assert pos.repetitions() == 4 and pos.outcome() is not None
