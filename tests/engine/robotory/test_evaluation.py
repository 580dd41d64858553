"""Robotory's evaluation: the robots' camps, weighed by the lid, and who can end the game."""

from __future__ import annotations

from engine.robotory import ROBOTORY
from engine.robotory.evaluation import CEILING, can_finish, refill_room
from tests.engine.robotory.helpers import text


def value(pieces: dict[str, str], **fields: str) -> tuple[float, ...]:
    return ROBOTORY.position(text(pieces, **fields)).evaluate()


# red and white at home in light's camp, black in dark's; no tokens: nothing can move
LIGHT_HOLDS = {"B3": "R", "C2": "W", "C5": "B"}
DARK_HOLDS = {"B4": "R", "D3": "W", "C2": "B"}


def test_the_values_add_up_to_zero_and_stay_inside_a_win() -> None:
    for pieces in (LIGHT_HOLDS, DARK_HOLDS):
        for turn in "ld":
            light, dark = value(pieces, turn=turn)
            assert light == -dark
            assert -CEILING < light < CEILING


def test_the_seat_holding_two_robots_leads() -> None:
    assert value(LIGHT_HOLDS)[0] > 0
    assert value(DARK_HOLDS)[1] > 0


def test_the_camps_weigh_more_as_the_lid_empties() -> None:
    full = value(LIGHT_HOLDS, lid="10w10b", light="2w2b", dark="2w2b")[0]
    low = value(LIGHT_HOLDS, lid="6w5b", light="2w2b", dark="2w2b")[0]
    assert 0 < full < low


def test_a_robot_that_can_cross_counts_for_less() -> None:
    stuck = value(LIGHT_HOLDS, turn="d")[0]
    loose = value({**LIGHT_HOLDS, "D2": "w", "D3": "w"}, turn="d")[0]  # white: C2-D2-D3
    assert 0 < loose < stuck


def test_the_seat_to_move_that_can_end_the_game_won_is_nearly_winning() -> None:
    finishing = value(LIGHT_HOLDS, light="2w1b", lid="1w5b", turn="l")[0]
    waiting = value(LIGHT_HOLDS, light="3w1b", lid="1w5b", turn="l")[0]  # a full stock
    assert finishing > 0.8
    assert finishing > waiting


def test_a_threat_to_end_the_game_weighs_on_the_seat_to_move() -> None:
    threatened = value(LIGHT_HOLDS, light="2w1b", dark="4w0b", lid="1w5b", turn="d")[1]
    calm = value(LIGHT_HOLDS, light="4w0b", dark="4w0b", lid="1w5b", turn="d")[1]
    assert threatened < calm < 0


def test_refill_room_and_finishing() -> None:
    assert refill_room((2, 1)) == 1
    assert refill_room((4, 0)) == 0
    assert can_finish((2, 1), (1, 5))
    assert not can_finish((2, 1), (2, 5))
    assert not can_finish((4, 0), (1, 1))
    assert can_finish((0, 0), (4, 7))
