"""The terminal's drawing and words: corner LEDs drawn on the corners, spots off the
board and indicators by their names, and help and colour key lines that fit 80
columns without markup."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from engine.game import Game
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import ACTIONS
from firmware_host.telling.view import Surface, message_text
from firmware_host.terminal.app import TerminalBoard, help_text
from firmware_host.terminal.corners import corner_places
from firmware_host.terminal.screen import Screen, legend_text, square_grid
from firmware_host.terminal.text import visible
from firmware_host.wire.actions import summary
from tests.firmware_host.pondering import Pondering
from tests.firmware_host.simkit import make_sim
from tests.registered import boarded_games

SHOGI = find_game("shogi")
OPEN_BISHOP = "4k4/9/9/9/4B4/9/9/9/4K4 b - 1"
"""Two kings and a bishop in the middle of the board, every diagonal open."""


def drawing(sim: Simulation, colour: bool = False) -> list[str]:
    return Screen(sim, io.StringIO(), colour).lines()


def lit_corners(lines: list[str]) -> set[tuple[int, int]]:
    """The corners drawn lit (``*``) in a plain drawing of a board lit by corners."""
    rows = [line for line in lines if re.fullmatch(r"  [+*](-{3}[+*])+", line)]
    return {
        ((index - 2) // 4, row)
        for row, line in enumerate(rows)
        for index, mark in enumerate(line)
        if mark == "*"
    }


def test_a_lifted_bishop_lights_the_corners_of_the_cells_it_reaches_and_no_other() -> None:
    sim = make_sim("sim-shogi", game=SHOGI, position=OPEN_BISHOP)
    board = TerminalBoard(sim, io.StringIO(), colour=False)
    board.execute("lift 5e")
    position = sim.controller.position
    moves = [position.move_text(move) for move in position.legal_moves()]
    reach = {text[2:4] for text in moves if text.startswith("5e")}
    assert reach == {
        "4d", "3c", "2b", "1a", "6d", "7c", "8b", "9a",
        "4f", "3g", "2h", "1i", "6f", "7g", "8h", "9i",
    }  # fmt: skip
    lines = drawing(sim)
    grid = square_grid(sim)
    lit = lit_corners(lines)
    served = {
        (x, y): {spot for spot, (c, r) in grid.items() if x - c in (0, 1) and y - r in (0, 1)}
        for x, y in lit
    }
    # every lit corner serves the lifted bishop's cell or one it reaches
    assert all(cells & (reach | {"5e"}) for cells in served.values()), served
    # and every cell it reaches has its four corners lit
    for spot in reach:
        c, r = grid[spot]
        assert {(c, r), (c + 1, r), (c, r + 1), (c + 1, r + 1)} <= lit, spot
    # no cell is painted as lit: the lights are on the corners
    cell_rows = [line for line in lines if line.startswith("  |")]
    assert len(cell_rows) == 9 and not any("*" in line for line in cell_rows)
    # in colour, the cells are unpainted too (no background colour in a cell row)
    coloured = [line for line in drawing(sim, colour=True) if "│" in line]
    assert coloured and not any("\x1b[48;" in line for line in coloured)


def test_corners_are_placed_only_for_boards_that_share_them() -> None:
    dobutsu = make_sim()
    assert corner_places(square_grid(dobutsu), dobutsu.board.painter.leds_of) is None
    shogi = make_sim("sim-shogi", game=SHOGI)
    places = corner_places(square_grid(shogi), shogi.board.painter.leds_of)
    assert places is not None and len(places) == 100  # a 10x10 grid of corners
    assert len(set(places.values())) == 100
    # a board lit by its cells' own LEDs keeps painting its cells
    board = TerminalBoard(dobutsu, io.StringIO(), colour=False)
    board.execute("lift 2c")
    assert any("]*" in line for line in drawing(dobutsu))


def spot_ids(game: Game[Any], sim: Simulation) -> set[str]:
    """The ids made for the program that people must never read."""
    return {spot for spot in (*game.off_board_spots, *sim.board.painter.indicators) if ":" in spot}


def test_pieces_in_hand_go_by_their_names() -> None:
    sim = make_sim()
    out = io.StringIO()
    board = TerminalBoard(sim, out, colour=False)
    board.execute("move 2c 2b")  # sente's chick takes gote's: a chick in sente's hand
    board.draw()
    text = out.getvalue()
    assert "A (sente)'s hand: chick" in text
    assert not [spot for spot in spot_ids(sim.game, sim) if spot in text]


def test_a_command_about_a_spot_off_the_board_names_it() -> None:
    sim = make_sim()
    out = io.StringIO()
    TerminalBoard(sim, out, colour=False).execute("lift hand:b:C")  # an empty hand
    said = out.getvalue()
    assert said.startswith("cannot") and "hand:b:C" not in said, said
    assert "A (sente)'s hand: chick" in said


@pytest.mark.parametrize("game", [g.name for g in boarded_games()])
@pytest.mark.parametrize("colour", [False, True])
def test_no_drawing_shows_a_spot_id(game: str, colour: bool) -> None:
    played = find_game(game)
    sim = make_sim(f"sim-{game}" if game != "dobutsu" else "sim", game=played)
    text = "\n".join(drawing(sim, colour))
    assert not [spot for spot in spot_ids(played, sim) if spot in text], text
    assert all(len(visible(line)) <= 80 for line in text.splitlines()[1:])


def test_the_help_fits_80_columns_without_markup_and_says_everything() -> None:
    text = help_text(("impasse", "declare"), 80)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= 80
    # no reStructuredText literals, no markup tags (usage's [WORDS] are capitals)
    assert "`" not in text and not re.search(r"</?[a-z]+>|\[/?[a-z]+\]", text)
    words = " ".join(text.split())
    for action in ACTIONS:  # each action's words whole, not cut at a line's end
        assert summary(action) in words, summary(action)
    assert "palette, which the front end's session uses" in words
    assert max(len(line) for line in help_text((), 60).splitlines()) <= 60


def test_the_colour_key_fits_the_width() -> None:
    sim = make_sim()
    key = legend_text(sim, 40).splitlines()
    assert len(key) > 1 and all(len(visible(line)) <= 40 for line in key)
    assert "legal destination" in visible(legend_text(sim, 80))


def test_the_thinking_message_says_what_to_do_where_it_is_read() -> None:
    sim = make_sim(settings={"opponent": "w=level:1"}, thinker=Pondering())
    sim.perform("2c2b")
    controller = sim.controller
    assert "type now" in message_text(controller, surface=Surface.TERMINAL)
    page = message_text(controller, surface=Surface.PAGE)
    assert "thinking" in page and "press Move now" in page and "type" not in page
    assert "press next" in message_text(controller)
    header = drawing(sim)[0]
    assert "type now" in header
