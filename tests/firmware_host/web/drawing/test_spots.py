"""Boards drawn from data: square and hexagonal cells, LEDs under centres and on corners."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.geometry import CellCentre, CellShape, Geometry, Seat, Side, seat_side, square_grid
from engine.registry import find_game
from firmware_host.web.drawing.spots import draw, outline, pitch
from hardware.profile import LedSpec, load_profile, parse_profile

ROOT = Path(__file__).resolve().parents[4]
SEATS2 = (Seat("A", "b", "black"), Seat("B", "w", "white"))
SEATS4 = tuple(
    Seat(name, name[0].lower(), name.lower()) for name in ("Red", "Blue", "Yellow", "Green")
)


def hex_geometry(shape: CellShape) -> Geometry:
    """Seven hexagons, a centre and its ring, at unit distance, plus one gutter spot."""
    cells = [CellCentre("c", 0.0, 0.0)]
    start = 0.0 if shape is CellShape.HEX_POINTY else 30.0
    for k in range(6):
        angle = math.radians(start + 60 * k)
        cells.append(CellCentre(f"r{k}", math.cos(angle), math.sin(angle)))
    return Geometry(shape, tuple(cells), (CellCentre("gutter", 2.5, 0.0),))


def close(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return math.isclose(a[0], b[0], abs_tol=1e-6) and math.isclose(a[1], b[1], abs_tol=1e-6)


@pytest.mark.parametrize("shape", [CellShape.HEX_POINTY, CellShape.HEX_FLAT])
def test_hexagons_tile_their_neighbours_exactly(shape: CellShape) -> None:
    geometry = hex_geometry(shape)
    drawing = draw(geometry, None, SEATS2)
    assert drawing.pitch == pytest.approx(1.0)
    centre = drawing.cells[0]
    assert len(centre.points) == 6
    for x, y in centre.points:
        assert math.hypot(x, y) == pytest.approx(1 / math.sqrt(3))
    # a pointy hexagon has a corner straight up, a flat one a side on top
    top = min(centre.points, key=lambda p: p[1])
    if shape is CellShape.HEX_POINTY:
        assert close(top, (0.0, -1 / math.sqrt(3)))
    else:
        assert sum(1 for p in centre.points if math.isclose(p[1], top[1])) == 2
    # every ring cell shares exactly one side (two corners) with the centre
    for ring in drawing.cells[1:]:
        shared = [p for p in ring.points if any(close(p, q) for q in centre.points)]
        assert len(shared) == 2
    gutter = drawing.off_board[0]
    assert gutter.spot == "gutter" and len(gutter.points) == 6
    assert max(math.hypot(x - 2.5, y) for x, y in gutter.points) < 1 / math.sqrt(3)


def test_the_pitch_is_the_distance_between_neighbours_in_any_unit() -> None:
    cells = tuple(CellCentre(f"{x}", x * 2.5, 0.0) for x in range(3))
    assert pitch(cells) == pytest.approx(2.5)
    assert pitch(cells[:1]) == 1.0
    square = outline(CellShape.SQUARE, 1.0, 2.0, 2.0)
    assert square == ((0.0, 1.0), (2.0, 1.0), (2.0, 3.0), (0.0, 3.0))


def test_one_led_per_cell_sits_under_its_centre_and_indicators_beside_the_board() -> None:
    game = find_game("dobutsu")
    drawing = draw(game.geometry, load_profile("sim", game).leds, game.seats)
    centres = {place.spot: (place.x, place.y) for place in game.geometry.cells}
    assert len(drawing.leds) == 12
    for led in drawing.leds:
        assert len(led.spots) == 1 and close((led.x, led.y), centres[led.spots[0]])
    indicators = {i.name: i for i in drawing.indicators}
    assert indicators["turn:0"].y > 4.0  # seat 0 sits below the board
    assert indicators["turn:1"].y < 0.0
    assert indicators["turn:0"].label == "turn: A (sente)"
    status = indicators["status"]
    assert status.x > max(p.x for p in game.geometry.off_board)
    x0, y0, x1, y1 = drawing.extent
    for indicator in drawing.indicators:
        assert x0 < indicator.x < x1 and y0 < indicator.y < y1


CORNERS = """
name = "corner test"
games = ["dobutsu"]
[[mcp23017]]
address = 0x20
channels = { A0 = "3a" }
[leds]
backend = "simulated"
count = 23
grid = [["3a", "2a", "1a"], ["3b", "2b", "1b"], ["3c", "2c", "1c"], ["3d", "2d", "1d"]]
corners = true
serpentine = SERPENTINE
[leds.indicators]
status = 22
"""


@pytest.mark.parametrize("serpentine", ["true", "false"])
def test_corner_leds_sit_on_the_corners_their_cells_share(serpentine: str) -> None:
    game = find_game("dobutsu")
    profile = parse_profile(CORNERS.replace("SERPENTINE", serpentine), "corners", game)
    drawing = draw(game.geometry, profile.leds, game.seats)
    assert len(drawing.leds) == 20  # a 4x5 lattice of corners
    corners = {(round(led.x, 6), round(led.y, 6)) for led in drawing.leds}
    assert corners == {(float(x), float(y)) for x in range(4) for y in range(5)}
    by_index = {led.index: led for led in drawing.leds}
    for spot, leds in profile.leds.spots:
        place = game.geometry.place(spot)
        for index in leds:
            led = by_index[index]
            assert abs(led.x - place.x) == pytest.approx(0.5)
            assert abs(led.y - place.y) == pytest.approx(0.5)
            assert spot in led.spots
    inner = [led for led in drawing.leds if len(led.spots) == 4]
    assert len(inner) == 6


def test_a_strip_wired_upside_down_still_lands_on_the_right_corners() -> None:
    """Corners are found from the cells each LED is shared by, not from the order the
    profile lists them in, so a reversed list draws the same."""
    game = find_game("dobutsu")
    profile = parse_profile(CORNERS.replace("SERPENTINE", "false"), "corners", game)
    reversed_spots = tuple((spot, tuple(reversed(leds))) for spot, leds in profile.leds.spots)
    spec = LedSpec("simulated", 23, reversed_spots, profile.leds.indicators)
    assert (
        draw(game.geometry, spec, game.seats).leds
        == draw(game.geometry, profile.leds, game.seats).leds
    )


def test_hexagon_corner_leds_and_spread_leds() -> None:
    geometry = hex_geometry(CellShape.HEX_POINTY)
    drawing = draw(geometry, None, SEATS2)
    vertices = {spot.spot: spot.points for spot in drawing.cells}
    # number the corner lattice; each cell lists its six corners' LEDs in screen order
    lattice: dict[tuple[float, float], int] = {}
    spots = []
    for spot, points in vertices.items():
        indices = []
        for x, y in points:
            key = (round(x, 6), round(y, 6))
            indices.append(lattice.setdefault(key, len(lattice)))
        spots.append((spot, tuple(indices)))
    spots.append(("gutter", (len(lattice), len(lattice) + 1)))  # two LEDs: spread
    spec = LedSpec("simulated", len(lattice) + 2, tuple(spots), (("turn:0", (99,)),))
    leds = draw(geometry, spec, SEATS2).leds
    for led in leds[:-2]:
        assert (round(led.x, 3), round(led.y, 3)) in {
            (round(x, 3), round(y, 3)) for x, y in lattice
        }
    centre_corners = [led for led in leds if "c" in led.spots]
    assert len(centre_corners) == 6 and all(len(led.spots) == 3 for led in centre_corners)
    spread = leds[-2:]
    assert all(led.spots == ("gutter",) for led in spread)
    assert spread[0].x == pytest.approx(2.5) and spread[0].y < 0 < spread[1].y


def test_four_seats_sit_round_the_board_clockwise() -> None:
    cells = square_grid(tuple("abcdefgh"), tuple("87654321"))
    geometry = Geometry(CellShape.SQUARE, cells)
    indicators = tuple((f"turn:{seat}", (seat,)) for seat in range(4))
    spec = LedSpec("simulated", 4, (), indicators)
    placed = {i.name: (i.x, i.y) for i in draw(geometry, spec, SEATS4).indicators}
    assert placed["turn:0"] == pytest.approx((4.0, 8.5))  # below
    assert placed["turn:1"] == pytest.approx((-0.5, 4.0))  # left
    assert placed["turn:2"] == pytest.approx((4.0, -0.5))  # above
    assert placed["turn:3"] == pytest.approx((8.5, 4.0))  # right


def test_seats_sit_where_they_say_or_south_and_north_or_round_the_board() -> None:
    assert [seat_side(SEATS2, k) for k in range(2)] == [Side.SOUTH, Side.NORTH]
    assert [seat_side(SEATS4, k) for k in range(4)] == [
        Side.SOUTH,
        Side.WEST,
        Side.NORTH,
        Side.EAST,
    ]
    placed = (Seat("A", "a", "red", Side.EAST), Seat("B", "b", "blue", Side.WEST))
    assert [seat_side(placed, k) for k in range(2)] == [Side.EAST, Side.WEST]
    chaturaji = find_game("chaturaji")
    sides = {seat.name: seat_side(chaturaji.seats, k) for k, seat in enumerate(chaturaji.seats)}
    assert sides == {
        "black": Side.SOUTH,
        "green": Side.WEST,
        "red": Side.NORTH,
        "yellow": Side.EAST,
    }


def test_each_seats_dice_lie_along_its_own_edge_left_to_right_as_it_sees_them() -> None:
    game = find_game("chaturaji")
    drawing = draw(game.geometry, load_profile("sim", game).leds, game.seats)
    width, height = game.geometry.width, game.geometry.height
    at = {i.name: (i.x, i.y) for i in drawing.indicators}
    pips = {seat: [at[f"dice:{seat}:{pip}"] for pip in range(1, 6)] for seat in range(4)}
    # black (south): below the board, pips left to right
    assert all(y > height for _, y in pips[0])
    assert [x for x, _ in pips[0]] == sorted(x for x, _ in pips[0])
    # green (west), facing east: left of the board, its left hand is north (top)
    assert all(x < 0 for x, _ in pips[1])
    assert [y for _, y in pips[1]] == sorted(y for _, y in pips[1])
    # red (north), facing south: above, its left is east (right on screen)
    assert all(y < 0 for _, y in pips[2])
    assert [x for x, _ in pips[2]] == sorted((x for x, _ in pips[2]), reverse=True)
    # yellow (east), facing west: right of the board, its left is south (bottom)
    assert all(x > width for x, _ in pips[3])
    assert [y for _, y in pips[3]] == sorted((y for _, y in pips[3]), reverse=True)
    # each row is centred on its edge, one cell apart
    for seat, row in pips.items():
        xs, ys = zip(*row, strict=True)
        along = xs if seat % 2 == 0 else ys
        assert sum(along) / 5 == pytest.approx(4.0)
        assert abs(along[1] - along[0]) == pytest.approx(1.0)
    # the status LED stays beside the board, clear of yellow's row
    status = at["status"]
    assert status[0] > max(x for x, _ in pips[3]) and status[1] > height
    labels = {i.name: i for i in drawing.indicators}
    assert labels["dice:1:3"].label == "dice 3: green" and labels["dice:1:3"].seat == 1
    assert labels["status"].seat is None
    captions = {c.text: c for c in drawing.captions}
    assert set(captions) == {"black", "green", "red", "yellow", "status"}
    assert captions["green"].anchor == "end" and captions["green"].x < min(x for x, _ in pips[1])
    assert captions["yellow"].anchor == "start" and captions["yellow"].seat == 3
    assert captions["black"].y > pips[0][0][1] and captions["red"].y < pips[2][0][1]
    x0, _, x1, _ = drawing.extent
    assert x0 < captions["green"].x - len("green") * 0.1 and x1 > captions["yellow"].x


def test_furigoma_and_status_stand_beside_the_board_and_turn_leds_on_their_edges() -> None:
    game = find_game("shogi")
    drawing = draw(game.geometry, load_profile("sim", game).leds, game.seats)
    at = {i.name: i for i in drawing.indicators}
    right = max(p.x for p in game.geometry.off_board + game.geometry.cells)
    column = [at[f"furigoma:{k}"] for k in range(1, 6)] + [at["status"]]
    assert all(i.seat is None and i.x > right for i in column)
    assert len({i.x for i in column}) == 1
    assert at["turn:1"].y < 0 and at["turn:1"].seat == 1 and at["turn:0"].y > 9
    captions = {c.text for c in drawing.captions}
    assert {"turn: sente", "turn: gote", "furigoma:1", "status"} <= captions


def test_a_seats_indicators_go_kind_by_kind_and_in_numeric_order() -> None:
    geometry = Geometry(CellShape.SQUARE, square_grid(tuple("abcd"), tuple("4321")))
    names = ("dice:0:2", "turn:0", "dice:0:10", "dice:0:1", "turn:1")
    spec = LedSpec("simulated", 5, (), tuple((name, (k,)) for k, name in enumerate(names)))
    drawing = draw(geometry, spec, SEATS2)
    south = sorted((i for i in drawing.indicators if i.seat == 0), key=lambda i: i.x)
    assert [i.name for i in south] == ["dice:0:1", "dice:0:2", "dice:0:10", "turn:0"]
    # four on an edge four cells long: one cell apart, centred
    assert [i.x for i in south] == pytest.approx([0.5, 1.5, 2.5, 3.5])
    assert {c.text for c in drawing.captions} == {"A", "turn: B"}
