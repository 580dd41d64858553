"""Kiban's positions and moves as a USI engine reads them, over random games, and
the Robot Duel positions Kiban must answer itself (pure: no engine runs here)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import Position
from engine.outcome import Termination
from engine.registry import find_game, games
from firmware_host.opponents.fairy import (
    UsiGame,
    engine_accepts,
    engine_history,
    engine_move_text,
    kiban_move,
    usi_game,
    winning_move,
)


def rules_of(name: str) -> UsiGame:
    """How the game ``name`` declares itself to a USI engine."""
    rules = find_game(name).usi
    assert rules is not None
    return rules


def random_positions(
    name: str, seed: int, games: int, plies: int, options: dict[str, str] | None = None
) -> list[Position[Any]]:
    """Every position of a few random games (Kiban's rules, blunders included)."""
    rng = random.Random(seed)
    seen: list[Position[Any]] = []
    for _ in range(games):
        position = find_game(name).position(None, options)
        for _ in range(plies):
            if position.outcome() is not None:
                break
            seen.append(position.copy())
            position.push(rng.choice(list(position.legal_moves())))
    return seen


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("dobutsu", None),
        ("dobutsu", {"promotion": "mandatory"}),
        ("shogi", None),
        ("shogi", {"handicap": "rook"}),
    ],
)
def test_every_legal_move_goes_to_the_engine_and_back_unchanged(
    name: str, options: dict[str, str] | None
) -> None:
    positions = random_positions(name, seed=11, games=12, plies=60, options=options)
    checked = 0
    for position in positions:
        again = find_game(name).position(position.text(), options)
        assert again.text() == position.text()
        for move in position.legal_moves():
            assert kiban_move(position, engine_move_text(position, move)) == move
            checked += 1
    assert checked > 1000


def test_under_mandatory_promotion_a_plain_chick_move_to_the_far_rank_promotes() -> None:
    optional = find_game("dobutsu").position("l2/1C1/3/2L b - 1")
    mandatory = find_game("dobutsu").position("l2/1C1/3/2L b - 1", {"promotion": "mandatory"})
    assert optional.move_text(kiban_move(optional, "2b2a")) == "2b2a"
    assert mandatory.move_text(kiban_move(mandatory, "2b2a")) == "2b2a+"
    assert mandatory.move_text(kiban_move(mandatory, "2b2a+")) == "2b2a+"


@pytest.mark.parametrize("text", ["9z9z", "2b2a=", "", "resign", "C*2b", "1d1a", "2b2a++"])
def test_a_move_kiban_cannot_read_or_play_is_none(text: str) -> None:
    position = find_game("dobutsu").position("l2/1C1/3/2L b - 1")
    assert kiban_move(position, text) is None


def test_only_robot_duel_and_shogi_have_usi_rules() -> None:
    assert {game.name for game in games() if usi_game(game) is not None} == {"dobutsu", "shogi"}
    assert usi_game(find_game("abalone")) is None
    assert usi_game(find_game("robot-duel")) == rules_of("dobutsu")
    assert rules_of("dobutsu").king_capture_by_kiban and rules_of("dobutsu").needs_uci_variant
    assert not rules_of("shogi").king_capture_by_kiban
    assert not rules_of("shogi").needs_uci_variant  # a plain USI engine plays it


def test_a_lion_left_to_be_taken_is_taken_by_kiban() -> None:
    position = find_game("dobutsu").position("3/1l1/1L1/3 b - 1")
    move = winning_move(position, rules_of("dobutsu"))
    assert move is not None and position.move_text(move) == "2c2b"
    assert position.text() == "3/1l1/1L1/3 b - 1"
    assert winning_move(position, rules_of("shogi")) is None


def test_a_try_is_a_win_kiban_sees_too() -> None:
    position = find_game("dobutsu").position("3/1L1/l2/3 b - 1")
    move = winning_move(position, rules_of("dobutsu"))
    assert move is not None
    position.push(move)
    outcome = position.outcome()
    assert outcome is not None and outcome.termination is Termination.TRY


def test_the_start_has_no_winning_move() -> None:
    assert winning_move(find_game("dobutsu").position(), rules_of("dobutsu")) is None


def test_a_move_that_leaves_the_lion_to_be_taken_is_one_the_engine_refuses() -> None:
    position = find_game("dobutsu").position("3/1l1/3/1L1 b - 1")
    refused = {
        position.move_text(move)
        for move in position.legal_moves()
        if not engine_accepts(position, move, rules_of("dobutsu"))
    }
    assert refused == {"2d3c", "2d2c", "2d1c"}
    assert all(engine_accepts(position, move, rules_of("shogi")) for move in position.legal_moves())


@pytest.mark.parametrize("name", ["dobutsu", "shogi"])
def test_the_history_sent_replays_to_the_position_with_only_moves_the_engine_plays(
    name: str,
) -> None:
    rules = rules_of(name)
    cut = 0
    for position in random_positions(name, seed=5, games=4, plies=50):
        sfen, moves = engine_history(position, rules)
        replay = find_game(name).position(sfen)
        for text in moves:
            move = replay.parse_move(text)
            assert engine_accepts(replay, move, rules)
            replay.push(move)
        assert replay.text().split()[:3] == position.text().split()[:3]
        if len(moves) < len(position.move_stack):
            cut += 1
    # random Robot Duel play leaves lions hanging; Shogi's rules never do
    assert (cut > 0) == (name == "dobutsu")
