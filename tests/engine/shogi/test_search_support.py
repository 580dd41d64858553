"""What a shogi position keeps for the search: its material move by move, its taking
moves picked out without asking each move, its drops only when asked."""

from __future__ import annotations

import random
from collections.abc import Iterator

import cshogi

from engine.outcome import Outcome, Termination
from engine.registry import find_game
from engine.search.captures import ListsCaptures, Weighing
from engine.shogi.evaluation import evaluate, material
from engine.shogi.position import ShogiPosition
from tests.engine.shogi.helpers import position as shogi_position
from tests.engine.shogi.helpers import random_positions, sfen


def _random_games(games: int, plies: int) -> Iterator[ShogiPosition]:
    """Each position of seeded random games, played out and taken back."""
    shogi = find_game("shogi")
    for seed in range(games):
        rng = random.Random(seed)
        position = shogi.position()
        assert isinstance(position, ShogiPosition)
        for _ in range(plies):
            if position.outcome() is not None:
                break
            position.push(rng.choice(list(position.legal_moves())))
            yield position
        while position.move_stack:
            position.pop()
            yield position


def test_the_material_kept_move_by_move_is_the_material_counted() -> None:
    for position in _random_games(12, 160):
        assert position._material == material(position._bb, position._hands)
        counted = evaluate(position._bb, position._occupied, position._hands, position._kings)
        assert position.evaluate() == counted


def test_the_taking_moves_are_those_that_capture_value_says_take() -> None:
    shogi = find_game("shogi")
    assert isinstance(shogi.position(), ListsCaptures)
    for position in _random_games(6, 160):
        moves = list(position.legal_moves())
        asked = [index for index, move in enumerate(moves) if position.capture_value(move)]
        assert position.taking_places(moves) == asked
        assert position.taking_moves() == [moves[index] for index in asked]


def test_taking_moves_leave_the_drops_ungenerated_until_legal_moves_are_asked() -> None:
    shogi = find_game("shogi")
    position = shogi.position(
        "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 13"
    )
    assert isinstance(position, ShogiPosition)
    taking = position.taking_moves()
    assert not position._dropped
    assert position.outcome() is None and not position._dropped
    moves = list(position.legal_moves())
    dropped: bool = position._dropped  # read afresh after the action
    assert dropped and any(move.drop for move in moves)
    assert taking == [move for move in moves if position.capture_value(move)]


def test_the_weighing_of_a_position_without_its_own_lists_asks_each_move() -> None:
    dobutsu = find_game("dobutsu").position()
    weighing = Weighing.of(dobutsu)
    moves = list(dobutsu.legal_moves())
    assert weighing.taking() == [move for move in moves if dobutsu.capture_value(move)]
    assert weighing.places(moves) == [
        i for i, move in enumerate(moves) if dobutsu.capture_value(move)
    ]


def test_a_move_that_might_promote_is_worded_through_its_promoting_twin() -> None:
    # The wording finds the promoting move by its notation and asks the rules of it.
    shogi = find_game("shogi")
    position = shogi.position()
    for text in ("7g7f", "3c3d"):
        position.push(position.read_move(text))
    labels = [shogi.move_said(position, text) for text in ("8h2b", "8h2b+", "2g2f")]
    assert [None if said is None else str(said.label) for said in labels] == [
        "keep it a bishop (8h2b)",
        "promote the bishop (8h2b+)",
        "move the pawn to 2f (2g2f)",
    ]


def test_a_position_sure_of_a_move_without_listing_them_has_one() -> None:
    """``outcome`` answers "the game goes on" without generating when the mover, not in
    check, holds a silver to rook or has a pawn off its king's lines free to step."""
    sure = looked = 0
    for position in random_positions(7, 8, 160, captures=0.5):
        looked += 1
        if position._surely_moves():
            sure += 1
            assert list(position.legal_moves()), position.text()
    assert sure > looked // 2  # the shortcut is the common case, not a curiosity


def test_a_mate_with_a_gold_in_hand_is_still_mate() -> None:
    """A drop cannot answer a check from the next square: held pieces prove nothing in check."""
    text = sfen({"1i": "K", "1h": "g", "1c": "l", "5a": "k"}, hand="G")
    assert list(cshogi.Board(text).legal_moves) == []
    pos = shogi_position(text)
    assert pos.outcome() == Outcome.win(Termination.CHECKMATE, 1)


def test_a_pawn_pinned_across_its_file_does_not_prove_a_move() -> None:
    """The bishop pins the pawn on 2h: its step would leave the diagonal, and nothing else
    of sente's may move."""
    text = sfen({"1i": "K", "2h": "P", "2g": "g", "3h": "s", "5e": "b", "5a": "k"})
    assert list(cshogi.Board(text).legal_moves) == []
    pos = shogi_position(text)
    assert not pos.is_check()
    assert pos.outcome() == Outcome.win(Termination.NO_LEGAL_MOVES, 1)
