"""Chaturaji's evaluation: points and armies, against the strongest rival or the other team."""

from __future__ import annotations

from engine.chaturaji import CHATURAJI
from engine.chaturaji.evaluation import CEILING, evaluate, material
from engine.chaturaji.state import Rules
from tests.engine.chaturaji.helpers import position, text

ARMIES = {
    "d1": "kK",
    "b1": "kH",
    "a2": "kb",
    "a5": "gK",
    "a7": "gH",
    "e8": "rK",
    "f8": "rE",
    "h4": "yK",
    "h3": "yE",
}


def test_every_seat_stands_even_at_the_start() -> None:
    for mode in ("individual", "teams"):
        start = CHATURAJI.position(options={"mode": mode})
        assert start.evaluate() == (0.0, 0.0, 0.0, 0.0)


def test_material_adds_the_capture_values_of_each_army() -> None:
    # black: king 5 + horse 3 + pawn 1; green: king 5 + horse 3; red, yellow: 5 + 4
    assert material(position(text(ARMIES)).state) == (9, 8, 9, 9)


def test_points_lead_and_the_leader_alone_is_ahead() -> None:
    values = position(text(ARMIES, scores="9,0,2,1")).evaluate()
    assert values[0] > 0
    assert all(value < 0 for value in values[1:])
    assert all(-CEILING < value < CEILING for value in values)
    # green has the smallest army and no points: the furthest behind
    assert values[1] == min(values)


def test_a_piece_on_the_board_counts_for_less_than_its_capture() -> None:
    """Taking a horse (3 points) is worth more to the taker than keeping one is to its owner."""
    before = position(text(ARMIES)).evaluate()
    taken = dict(ARMIES)
    del taken["a7"]
    after = position(text(taken, scores="3,0,0,0")).evaluate()
    assert after[0] > before[0]
    assert after[1] < before[1]


def test_partners_share_their_team_value() -> None:
    values = position(text(ARMIES, scores="0,4,3,0"), mode="teams").evaluate()
    assert values[0] == values[2]
    assert values[1] == values[3]
    assert values[0] == -values[1]
    assert values[1] > 0  # green and yellow: 4 points and 17 of army against 3 and 18


def test_the_game_for_the_kings_weighs_the_armies_only() -> None:
    pieces = dict(ARMIES)
    del pieces["h3"]  # yellow's elephant is gone
    rules = Rules.of(CHATURAJI.options({"mode": "teams", "goal": "kings"}))
    state = position(text(pieces, scores="0,9,0,9"), mode="teams", goal="kings").state
    values = evaluate(state, rules)
    assert values[0] > 0 > values[1]  # the points do not count, the armies do


def test_a_seat_out_of_play_gets_nothing() -> None:
    pieces = {square: piece for square, piece in ARMIES.items() if piece[0] in "kg"}
    values = position(text(pieces, scores="0,3,0,0"), seats="black,green").evaluate()
    assert values[2] == values[3] == 0.0
    assert values[1] > 0 > values[0]
