"""Plain-text records read back: every game's exported record replays to the same moves,
moves with spaces in them included, and what cannot be read is named by its line."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine.errors import NotationError
from engine.game import Game, Position
from engine.record import write_plain_text
from engine.record_read import read_plain_text
from engine.registry import find_game, games
from firmware_host.store.records import position_record


def played(game: Game[Any], plies: int, seed: int) -> Position[Any]:
    position: Position[Any] = game.position()
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(position.legal_moves()) or list(position.chance_moves() or ())
        if not moves:
            break
        position.push(rng.choice(moves))
    return position


@pytest.mark.parametrize("name", [game.name for game in games()])
def test_every_games_plain_text_reads_back_to_the_same_moves(name: str) -> None:
    game = find_game(name)
    position = played(game, 16, seed=3)
    record = position_record(game, 7, position, None)
    read = read_plain_text(write_plain_text(record), game)
    assert read.moves == record.moves and len(read.moves) == len(position.move_stack)
    assert read.start == record.start and read.standard_start
    assert read.options == position.options


def test_moves_with_spaces_are_read_against_the_position() -> None:
    game = find_game("chaturaji")
    record = position_record(game, 1, played(game, 12, seed=1), None)
    read = read_plain_text(write_plain_text(record), game)
    assert any(" " in move for move in read.moves)  # "roll 3" is one move
    assert read.moves == record.moves


def test_a_start_of_its_own_is_kept() -> None:
    game = find_game("dobutsu")
    position = game.position("3/L2/2l/3 b - 1")
    position.push_text("3b3a")
    read = read_plain_text(write_plain_text(position_record(game, 1, position, None)), game)
    assert read.start == "3/L2/2l/3 b - 1" and not read.standard_start and read.moves == ("3b3a",)


def test_an_illegal_move_is_named_by_its_line() -> None:
    game = find_game("dobutsu")
    text = write_plain_text(position_record(game, 1, played(game, 6, seed=2), None))
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("2. "))
    lines[number - 1] = "2. 1a1d"
    with pytest.raises(NotationError, match=f"line {number}: '1a1d' cannot be played after move 2"):
        read_plain_text("\n".join(lines), game)


def test_a_bad_header_and_another_games_record_are_refused() -> None:
    dobutsu, shogi = find_game("dobutsu"), find_game("shogi")
    with pytest.raises(NotationError, match="line 2: a header"):
        read_plain_text('[Game "x"]\n[Kiban dobutsu]\n', dobutsu)
    text = write_plain_text(position_record(shogi, 1, shogi.position(), None))
    with pytest.raises(NotationError, match="a record of shogi, not of dobutsu"):
        read_plain_text(text, dobutsu)


def test_a_records_other_headers_are_written_and_read_back_in_order() -> None:
    shogi = find_game("shogi")
    others = (("場所", "東京"), ("対局 ID", 'a "quoted" one'), ("$SITE", "KAZUSA"), ("場所", ""))
    record = replace(position_record(shogi, 1, played(shogi, 4, seed=1), None), headers=others)
    text = write_plain_text(record)
    assert '[Header "対局 ID" "a \\"quoted\\" one"]' in text.splitlines()
    read = read_plain_text(text, shogi)
    assert read.info.headers == others and read.moves == record.moves


def test_a_header_of_two_values_is_only_an_other_header() -> None:
    shogi = find_game("shogi")
    with pytest.raises(NotationError, match="line 1: a header"):
        read_plain_text('[Event "a" "b"]\n', shogi)
    with pytest.raises(NotationError, match="line 1: a header"):
        read_plain_text('[Header "場所"]\n', shogi)
