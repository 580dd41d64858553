"""The piece book the page draws from: each face's name and moves, read from the
game (``Game.piece_moves``), and those moves the ones the engine plays."""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game
from engine.look import Drawing
from engine.physical import Stone
from engine.piece_moves import Direction, PieceMoves
from engine.registry import find_game, games
from firmware_host.web.drawing.pieces import look_json, piece_book, piece_key
from firmware_host.web.page_state.messages import Mode, board_message
from hardware.profile import load_profile
from tests.registered import boarded_games

KINGS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def reached(
    game_name: str, text: str, origin: tuple[int, int], files: str, ranks: str
) -> set[Direction]:
    """Where the piece on ``origin`` (column, row) moves to, as (dx, dy) from it."""
    position = find_game(game_name).position(text)
    name = f"{files[origin[0]]}{ranks[origin[1]]}"
    found = set()
    for move in position.legal_moves():
        written = position.move_text(move).rstrip("+=")
        if written.startswith(name):
            target = written[len(name) : len(name) + 2]
            found.add((files.index(target[0]) - origin[0], ranks.index(target[1]) - origin[1]))
    return found


@pytest.mark.parametrize("face", ["C", "+C", "E", "G", "L"])
def test_robot_duel_dots_are_the_steps_the_engine_plays(face: str) -> None:
    game = find_game("dobutsu")
    stone = Stone(face[-1], 0, face.startswith("+"))
    if stone.kind == "L":  # the lion in the third rank's middle, the other lion at home
        text, origin = "1l1/3/1L1/3 b - 1", (1, 2)
    else:  # both lions on the near rank, the piece in the second rank's middle
        text, origin = f"3/1{face}1/3/Ll1 b - 1", (1, 1)
    assert set(game.piece_moves(stone).steps) == reached("dobutsu", text, origin, "321", "abcd")


def _along(delta: Direction, line: Direction) -> bool:
    return any(delta == (k * line[0], k * line[1]) for k in range(1, 9))


@pytest.mark.parametrize("face", ["P", "L", "N", "S", "G", "B", "R", "K", "+P", "+S", "+B", "+R"])
def test_shogi_steps_and_lines_are_the_moves_the_engine_plays(face: str) -> None:
    game = find_game("shogi")
    stone = Stone(face[-1], 0, face.startswith("+"))
    moves = game.piece_moves(stone)
    text = f"1k7/9/9/9/4{face}4/9/9/9/8K b - 1"
    if stone.kind == "K":
        text = "1k7/9/9/9/4K4/9/9/9/9 b - 1"
    found = reached("shogi", text, (4, 4), "987654321", "abcdefghi")
    # a line goes two cells along its direction and more; a step (or a jump) one
    lines = {d for d in KINGS if (2 * d[0], 2 * d[1]) in found}
    steps = {d for d in found if not any(_along(d, line) for line in lines)}
    assert set(moves.lines) == lines
    assert set(moves.steps) - lines == steps


def test_seat_one_sees_its_own_forward_the_same_way() -> None:
    game = find_game("dobutsu")
    chick = PieceMoves(((0, -1),))
    assert game.piece_moves(Stone("C", 1)) == game.piece_moves(Stone("C", 0)) == chick
    assert game.piece_moves(Stone("E", 0, True)) == game.piece_moves(Stone("E", 0))


def test_the_book_has_every_face_of_the_start_with_names_and_only_drawn_moves() -> None:
    book = piece_book(find_game("shogi"))
    assert set(book) == {*"PLNSGBRK", "+P", "+L", "+N", "+S", "+B", "+R"}
    assert book["+R"]["name"] == "dragon" and book["L"]["lines"] == [[0, -1]]
    hen = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [0, 1]]
    assert piece_book(find_game("dobutsu"))["+C"]["steps"] == hen
    assert piece_book(find_game("abalone")) == {
        "b": {"name": "marble", "steps": [], "lines": []},
        "w": {"name": "marble", "steps": [], "lines": []},
    }
    robots = piece_book(find_game("robotory"))
    assert robots["R"]["name"] == "red robot" and "+R" not in robots
    assert piece_key(Stone("C", 1, True)) == "+C"


def test_every_board_message_carries_its_games_piece_book() -> None:
    for game in boarded_games():
        board = board_message(game, load_profile("sim", game), Mode.SIMULATOR)
        assert board["pieces"] == piece_book(game)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_a_games_look_draws_each_face_it_has_and_no_other(game: Game[Any]) -> None:
    """The page draws from the look alone (static/pieces.js names no game): a game that
    declares one declares every face its pieces show, turned faces too."""
    look = look_json(game)
    book = piece_book(game)
    if not look["pieces"]:
        return  # no look: each piece its label on a disc, as any new game
    assert set(look["pieces"]) == set(book), game.name
    drawings = {piece["drawing"] for piece in look["pieces"].values()}
    assert drawings <= {drawing.value for drawing in Drawing}
    if Drawing.ARMY.value in drawings:  # a figure on its seat's colours: each seat has them
        assert len(look["seat_colours"]) == len(game.seats)
    assert len(look["styles"]) != 1  # a choice of styles is of two or more
