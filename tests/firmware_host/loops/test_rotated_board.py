"""A board set up the other way round: the start position is seen across the half turn,
the board follows it, and play goes on with moves and LEDs in the right places.

Only a start that the sensors see differently when turned can show it: the usual starts
of these games read the same either way under occupancy sensing (and then it does not
matter to recognition which way the board stands). So the tests start from positions
that do show it: a piece already in hand, a handicap, marbles told apart by polarity.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.game import Game, Layout
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    BoardReady,
    BoardTurned,
    MoveCommitted,
)
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import Meaning
from hardware.orientation import half_turn
from hardware.profile import load_profile
from tests.firmware_host.simkit import HAND_DELAY, commits, of, rgb, track

DOBUTSU = find_game("dobutsu")
IN_HAND = "gle/3/1C1/ELG b c 1"  # gote's chick already captured: 2b empty, 2c taken
LANCE_HANDICAP = "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"


def turned(game: Game[Any], layout: Layout) -> Layout:
    mapping = half_turn(game.geometry) or {}
    return {mapping.get(spot, spot): stones for spot, stones in layout.items()}


def rotated_sim(
    profile: str = "sim",
    game: Game[Any] = DOBUTSU,
    position: str | None = IN_HAND,
    **options: Any,
) -> Simulation:
    start = game.position(position).layout()
    sim = Simulation(
        game,
        load_profile(profile, game),
        GameStore(":memory:"),
        resume=False,
        position=position,
        pieces=turned(game, start),
        **options,
    )
    track(sim)
    return sim


def physical_leds(sim: Simulation, meaning: Meaning) -> set[str]:
    """The board's own cells whose LEDs show a meaning's colour (the LEDs as wired)."""
    painter = sim.board.painter
    wanted = rgb(sim, meaning)
    found = set()
    for spot in sim.game.cells:
        leds = painter.leds_at(spot)
        colour = painter.pixels[leds[0]]
        if (colour.red, colour.green, colour.blue) == wanted:
            found.add(spot)
    return found


def test_the_usual_starts_read_the_same_either_way_under_occupancy() -> None:
    for game in (DOBUTSU, find_game("shogi")):
        frame = game.position().expected_frame(load_profile("sim", game).sensing)
        assert turned(game, frame) == frame  # nothing to see, and nothing to fix


def test_a_start_position_across_the_half_turn_is_accepted() -> None:
    sim = rotated_sim()
    notices = sim.settle()
    kinds = [type(n) for n in sim.notices]
    assert BoardTurned in kinds and BoardReady in kinds
    assert kinds.index(BoardTurned) < kinds.index(BoardReady)
    (turn,) = of(BoardTurned, sim.notices)
    assert turn.turned is True
    assert sim.controller.phase is Phase.PLAY
    assert sim.board.orientation is not None and sim.board.orientation.turned
    assert not commits(notices)


def test_a_move_on_the_turned_board_is_the_right_move_and_lit_in_the_right_place() -> None:
    sim = rotated_sim()
    sim.settle()
    mapping = half_turn(DOBUTSU.geometry) or {}
    # Sente's chick stands on 2c in the game; on this board it stands on the cell across.
    chick = mapping["2c"]
    sim.world.lift(chick)
    sim.advance(0.2)
    # its one move, to 2b, lights on the board's own cell across from 2b
    assert physical_leds(sim, Meaning.DESTINATION) == {mapping["2b"]}
    sim.advance(HAND_DELAY)
    sim.world.place(mapping["2b"])
    notices = sim.settle()
    assert commits(notices) == ["2c2b"]
    assert physical_leds(sim, Meaning.LAST_MOVE) == {mapping["2c"], mapping["2b"]}
    # the hands of the simulation now play on the turned board too
    assert commits(sim.perform("2a2b")) == ["2a2b"]
    assert sim.world.matches(turned(DOBUTSU, sim.controller.position.layout()))


def test_the_turn_indicators_swap_sides() -> None:
    sim = rotated_sim()
    sim.settle()
    painter = sim.board.painter
    indicators = dict(sim.profile.leds.indicators)
    sente = sim.legend.palette.seat(DOBUTSU.seats[0])
    # seat 0 (sente) is to move: its LED is now the one at the top edge
    top = painter.pixels[indicators["turn:1"][0]]
    assert top == sente
    assert painter.pixels[indicators["turn:0"][0]] != sente


def test_an_upright_board_is_not_turned_and_a_turned_one_turns_back() -> None:
    sim = Simulation(
        DOBUTSU, load_profile("sim", DOBUTSU), GameStore(":memory:"), resume=False, position=IN_HAND
    )
    track(sim)
    sim.settle()
    assert not of(BoardTurned, sim.notices)
    assert sim.controller.phase is Phase.PLAY
    turned_sim = rotated_sim()
    turned_sim.settle()
    from firmware_host.session.actions import NewGame

    turned_sim.world.arrange(DOBUTSU.position(IN_HAND).layout())  # the players turn it back
    turned_sim.advance(0.1)
    notices = turned_sim.send(NewGame(position=IN_HAND))
    notices += turned_sim.settle()
    assert [n.turned for n in of(BoardTurned, notices)] == [False]
    assert of(BoardReady, notices)


def test_a_board_in_the_middle_of_a_game_is_never_turned() -> None:
    sim = Simulation(
        DOBUTSU,
        load_profile("sim", DOBUTSU),
        GameStore(":memory:"),
        resume=False,
        position=IN_HAND,
    )
    track(sim)
    sim.settle()
    sim.perform("2c2b")
    position = sim.controller.position
    sim.world.arrange(turned(DOBUTSU, position.layout()))
    sim.advance(3.0)
    assert not of(BoardTurned, sim.notices)
    assert len(sim.controller.position.move_stack) == 1


@pytest.mark.parametrize(
    ("name", "profile", "position"),
    [
        ("shogi", "sim-shogi", LANCE_HANDICAP),
        ("shogi", "sim-shogi-ads7830", LANCE_HANDICAP),
        ("abalone", "sim-abalone-polarity", None),  # black marbles read north, white south
        ("dobutsu", "sim-dobutsu-165", IN_HAND),
        ("dobutsu", "sim-dobutsu-serial", IN_HAND),
    ],
)
def test_other_games_and_front_ends_turn_too(name: str, profile: str, position: str | None) -> None:
    game = find_game(name)
    sim = rotated_sim(profile, game, position)
    sim.settle()
    assert [n.turned for n in of(BoardTurned, sim.notices)] == [True]
    assert sim.controller.phase is Phase.PLAY
    moves = sorted(sim.controller.position.legal_moves(), key=sim.controller.position.move_text)
    text = sim.controller.position.move_text(moves[0])
    notices = sim.perform(text)
    committed = of(MoveCommitted, notices)
    assert [n.move for n in committed] == [text]
