"""The one pair of simulated hands: the single gestures of the terminal and the page
take captured pieces where the rules send them. That every game's moves played by the
hands, and made as one stone's gesture, arrive where the engine says is the conformance
kit's ``hands`` check (firmware_host/testing/hands.py), run on every game; here, that
Kiban's own games take stones by such a gesture, and the gestures' own rules."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.game import Game
from engine.physical import Sensing, Stone
from engine.registry import find_game, own_games
from firmware_host.testing.hands import hand_positions, hands_on, one_stone, run
from hardware.mock.gestures import (
    CaptureDestination,
    GestureError,
    Gestures,
    Pace,
    capture_destination,
)
from hardware.mock.hands import Hands, LiftStone, PutStone
from hardware.mock.world import SimulatedWorld
from hardware.orientation import SpotTurn, half_turn

DOBUTSU = find_game("dobutsu")
SEED = 2024

NEVER_TAKE_ONE_STONE = {"abalone": "its captures are pushes"}
"""Kiban's own games whose moves never take a stone with one stone's gesture."""


@pytest.mark.parametrize("game", own_games(), ids=lambda game: game.name)
def test_kibans_own_games_take_stones_by_one_gesture(game: Game[Any]) -> None:
    """A capture made as the terminal's ``move FROM TO`` or the page's drag is among
    what the kit's gestures make, in each of Kiban's games that captures so."""
    rng = random.Random(SEED)
    gestures = [
        gesture
        for position in hand_positions(game, rng)
        for move in list(position.legal_moves())
        if (gesture := one_stone(position, move)) is not None
    ]
    assert gestures
    assert any(gesture.takes for gesture in gestures) is (game.name not in NEVER_TAKE_ONE_STONE)


def test_a_capture_sends_the_captured_piece_where_the_rules_do() -> None:
    position = DOBUTSU.position()
    mover = position.layout()["2c"][0]
    destination = capture_destination(position, mover, "2c", "2b")
    assert destination is not None and destination.spot == "hand:b:C"
    assert destination.stone is not None
    assert destination.stone.owner == 0 and not destination.stone.flipped
    # nothing takes a piece of one's own: no rule sends it anywhere
    assert capture_destination(position, mover, "2c", "2d") is None
    # nor a move no piece can make (a lion two cells away)
    lion = DOBUTSU.position("1l1/3/1L1/3 b - 1")
    assert capture_destination(lion, lion.layout()["2c"][0], None, "2a") is None
    # a captured lion ends the game: it leaves the board for the box
    near = DOBUTSU.position("1l1/1L1/3/3 b - 1")
    assert capture_destination(near, near.layout()["2b"][0], "2b", "2a") == CaptureDestination()


def test_a_gesture_runs_at_one_pace_a_step_apart() -> None:
    position = DOBUTSU.position()
    gestures = hands_on(DOBUTSU, position, Pace.human())
    steps = gestures.move(position, "2c", "2b", 10.0)
    assert [step.at for step in steps] == pytest.approx([10.0, 10.08, 10.16, 10.24])
    assert steps[0].action == LiftStone("2c")
    assert steps[1].action == LiftStone("2b")  # the victim, before the mover lands
    assert steps[2].action == PutStone("hand:b:C", Stone("C", 1), Stone("C", 0))
    assert steps[3].action == PutStone("2b", Stone("C", 0), Stone("C", 0))
    flip = gestures.flip("2c", 0.0)
    assert [step.at for step in flip] == pytest.approx([0.0, 0.08])
    assert flip[1].action == PutStone("2c", Stone("C", 0), Stone("C", 0, flipped=True))


def test_a_lifted_piece_put_on_a_capture_remembers_where_it_came_from() -> None:
    position = DOBUTSU.position()
    gestures = hands_on(DOBUTSU, position)
    run(gestures, gestures.lift("3d", 0.0))  # a piece lifted and held meanwhile
    run(gestures, gestures.lift("2c", 0.0))
    run(gestures, gestures.place(position, "2b", 0.0))
    world = gestures.world
    assert world.stacks["2b"] == [Stone("C", 0)]
    assert world.stacks["hand:b:C"] == [Stone("C", 0)]  # taken to A's stand, A's now
    assert world.held == [Stone("E", 0)]
    run(gestures, gestures.place(position, "3d", 0.0))
    assert world.held == [] and world.stacks["3d"] == [Stone("E", 0)]


def test_a_capture_no_rule_makes_leaves_the_piece_in_the_hand() -> None:
    """A piece put where no legal move captures: the one there is not thrown into the
    box, the hand keeps it to be put back."""
    position = DOBUTSU.position()
    gestures = hands_on(DOBUTSU, position)
    run(gestures, gestures.move(position, "1d", "2d", 0.0))  # onto one's own lion
    world = gestures.world
    assert world.stacks["2d"] == [Stone("G", 0)]
    assert world.held == [Stone("L", 0)]
    run(gestures, gestures.place(position, "1d", 0.0))
    assert world.held == [] and world.stacks["1d"] == [Stone("L", 0)]


def test_a_drop_takes_the_kind_from_the_stand_of_the_side_to_move() -> None:
    position = DOBUTSU.position("gle/3/1C1/ELG b C 3")
    gestures = hands_on(DOBUTSU, position)
    run(gestures, gestures.drop(position, "c", "2b", 0.0))
    position.push(position.parse_move("C*2b"))
    assert gestures.world.matches(position.layout())


def test_gestures_the_hand_cannot_make_are_refused_naming_the_word_at_fault() -> None:
    position = DOBUTSU.position()
    gestures = hands_on(DOBUTSU, position)
    refusals: dict[str, Callable[[], object]] = {
        "there is nothing on 1b to lift": lambda: gestures.lift("1b", 0.0),
        "the hand holds nothing to place on 1b": lambda: gestures.place(position, "1b", 0.0),
        "'9z' is not a spot of Robot Duel \\(Dobutsu shogi\\)": lambda: gestures.move(
            position, "2c", "9z", 0.0
        ),
        "there is nothing on 1b to move": lambda: gestures.move(position, "1b", "1a", 0.0),
        "there is nothing on 1b to turn over": lambda: gestures.flip("1b", 0.0),
        "no E on the stand of the side to move": lambda: gestures.drop(position, "E", "2b", 0.0),
    }
    parts = []
    for message, gesture in refusals.items():
        with pytest.raises(GestureError, match=message) as refused:
            gesture()
        parts.append(refused.value.part)
    assert parts == ["spot", "spot", "to", "from", "spot", "kind"]
    run(gestures, gestures.lift("2c", 0.0))
    with pytest.raises(GestureError, match=r"holds 1 piece \(0\); there is no piece 1"):
        gestures.place(position, "2c", 0.0, held=1)


def test_a_hand_emptied_by_a_new_game_forgets_what_it_lifted() -> None:
    position = DOBUTSU.position()
    gestures = hands_on(DOBUTSU, position)
    run(gestures, gestures.lift("2c", 0.0))
    gestures.world.arrange(position.layout())  # a new game: set up afresh
    run(gestures, gestures.lift("1d", 0.0))
    run(gestures, gestures.place(position, "2b", 0.0))  # no rule: the chick is kept
    assert gestures.world.held == [Stone("C", 1)]


def test_a_board_set_up_the_other_way_round_is_played_where_the_pieces_stand() -> None:
    mapping = half_turn(DOBUTSU.geometry)
    assert mapping is not None
    turn = SpotTurn(mapping, len(DOBUTSU.seats))
    turn.turn()
    position = DOBUTSU.position()
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange({turn.spot(spot): stones for spot, stones in position.layout().items()})
    gestures = Gestures(world, Hands(DOBUTSU.geometry), Pace.instant(), turn)
    # A's chick stands on 2b here, B's on 2c: the capture is read across the turn
    run(gestures, gestures.move(position, "2b", "2c", 0.0))
    assert world.stacks["hand:b:C"] == [Stone("C", 0)]
    after = position.copy()
    after.push(after.parse_move("2c2b"))
    run(gestures, gestures.play(after, after.parse_move("3a3b"), 0.0))
    after.push(after.parse_move("3a3b"))
    assert world.matches(gestures.physical(after.layout()))
