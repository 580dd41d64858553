"""Where a board's cells, off-board spots and LEDs are drawn, computed from data.

Cells come from the game's geometry (any cell shape), LEDs from the profile's
spot map: a spot with one LED has it under its centre, a spot with as many LEDs
as its cell has corners has them on its corners (shared with the neighbours,
as corner layouts wire them), anything else is spread around the centre.
Indicator LEDs go beside the board: each seat's turn LED on its side, the
others in a column at the bottom right. The page only draws what this says.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from engine.geometry import CellShape, Geometry, Place, Seat
from engine.physical import Spot
from hardware.profile import LedSpec

Point = tuple[float, float]

OFF_BOARD_SCALE = 0.86  # an off-board spot is drawn a little smaller than a cell
SPREAD = 0.28  # radius, in pitches, of LEDs spread around a centre
INDICATOR_GAP = 0.75  # between indicators in their column, in pitches
_DIGITS = 6  # rounding of corner coordinates when matching shared corners


@dataclass(frozen=True, slots=True)
class SpotDrawing:
    """One cell or off-board spot: its centre and its outline."""

    spot: Spot
    x: float
    y: float
    points: tuple[Point, ...]


@dataclass(frozen=True, slots=True)
class LedDrawing:
    """One LED of the strip that lights spots, where it sits under the board."""

    index: int
    x: float
    y: float
    spots: tuple[Spot, ...]


@dataclass(frozen=True, slots=True)
class IndicatorDrawing:
    """An indicator (``turn:0``, ``status``, ...): its LEDs, place and label."""

    name: str
    leds: tuple[int, ...]
    x: float
    y: float
    label: str


@dataclass(frozen=True, slots=True)
class Drawing:
    shape: CellShape
    pitch: float
    cells: tuple[SpotDrawing, ...]
    off_board: tuple[SpotDrawing, ...]
    leds: tuple[LedDrawing, ...]
    indicators: tuple[IndicatorDrawing, ...]
    extent: tuple[float, float, float, float]  # x0, y0, x1, y1, indicators included


def pitch(places: Sequence[Place]) -> float:
    """The distance between neighbouring cell centres (the smallest one): a cell's
    size, whatever unit the geometry was written in."""
    best = math.inf
    for index, a in enumerate(places):
        for b in places[index + 1 :]:
            distance = math.hypot(a.x - b.x, a.y - b.y)
            if 1e-9 < distance < best:
                best = distance
    return 1.0 if best == math.inf else best


def outline(shape: CellShape, x: float, y: float, size: float) -> tuple[Point, ...]:
    """The corners of a cell of ``shape`` centred on (x, y), ``size`` across its flats.

    Squares go clockwise from the top left; pointy hexagons from the top corner,
    flat ones from the right corner, clockwise on screen (y grows downwards).
    """
    if shape is CellShape.SQUARE:
        h = size / 2
        return ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
    radius = size / math.sqrt(3)
    start = -90.0 if shape is CellShape.HEX_POINTY else 0.0
    return tuple(
        (
            x + radius * math.cos(math.radians(start + 60 * k)),
            y + radius * math.sin(math.radians(start + 60 * k)),
        )
        for k in range(6)
    )


def draw(
    geometry: Geometry,
    leds: LedSpec | None,
    seats: Sequence[Seat],
) -> Drawing:
    """The drawing of a game's board under a profile's LEDs (None: no LEDs)."""
    size = pitch(geometry.cells)
    cells = tuple(
        SpotDrawing(p.spot, p.x, p.y, outline(geometry.shape, p.x, p.y, size))
        for p in geometry.cells
    )
    off_board = tuple(
        SpotDrawing(p.spot, p.x, p.y, outline(geometry.shape, p.x, p.y, size * OFF_BOARD_SCALE))
        for p in geometry.off_board
    )
    spots = {d.spot: d for d in cells + off_board}
    led_drawings = _spot_leds(spots, dict(leds.spots) if leds else {}, size)
    box = _box(pt for d in cells + off_board for pt in d.points)
    indicators = _indicators(dict(leds.indicators) if leds else {}, seats, box, size)
    extent = _box(
        [*((box[0], box[1]), (box[2], box[3])), *((i.x, i.y) for i in indicators)],
        margin=size * 0.45 if indicators else 0.0,
    )
    return Drawing(geometry.shape, size, cells, off_board, led_drawings, indicators, extent)


def _box(points: Iterable[Point], margin: float = 0.0) -> tuple[float, float, float, float]:
    xs, ys = [], []
    for x, y in points:
        xs.append(x)
        ys.append(y)
    if not xs:
        return (0.0, 0.0, 1.0, 1.0)
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def _key(point: Point) -> Point:
    return (round(point[0], _DIGITS), round(point[1], _DIGITS))


def _spot_leds(
    spots: Mapping[Spot, SpotDrawing], spot_leds: Mapping[Spot, tuple[int, ...]], size: float
) -> tuple[LedDrawing, ...]:
    """Each LED at the place its spots agree on.

    A corner LED is shared by the cells around one corner, so the corner it sits
    on is the one those cells have in common; corners left open are filled by
    elimination, and only a board too small to tell (one row of cells) falls back
    on the profile's order (top left, top right, bottom left, bottom right).
    """
    users: dict[int, list[Spot]] = {}
    for spot, indices in spot_leds.items():
        if spot in spots:
            for index in indices:
                users.setdefault(index, []).append(spot)
    placed: dict[tuple[Spot, int], Point] = {}
    cornered = [
        spot
        for spot, indices in spot_leds.items()
        if spot in spots and len(indices) > 1 and len(indices) == len(spots[spot].points)
    ]
    corners = {spot: [_key(p) for p in spots[spot].points] for spot in cornered}
    open_leds = {(spot, index) for spot in cornered for index in spot_leds[spot]}

    def taken(sharing: Iterable[Spot], index: int) -> set[Point]:
        return {
            placed[(s, i)] for s in sharing for i in spot_leds[s] if i != index and (s, i) in placed
        }

    progress = True
    while open_leds and progress:
        progress = False
        for spot, index in sorted(open_leds):
            if (spot, index) not in open_leds:
                continue  # placed a moment ago through a neighbour
            sharing = [s for s in users[index] if s in corners]
            common = set(corners[spot])
            for other in sharing:
                common &= set(corners[other])
            free = common - taken(sharing, index)
            if len(free) == 1:
                point = free.pop()
                for other in sharing:
                    placed[(other, index)] = point
                    open_leds.discard((other, index))
                progress = True
    for spot in cornered:
        order = sorted(corners[spot], key=lambda p: (p[1], p[0]))
        for index in spot_leds[spot]:
            if (spot, index) not in placed:
                used = taken([spot], index)
                placed[(spot, index)] = next(p for p in order if p not in used)
    for spot, indices in spot_leds.items():
        if spot not in spots or spot in corners:
            continue
        centre = spots[spot]
        if len(indices) == 1:
            placed[(spot, indices[0])] = (centre.x, centre.y)
            continue
        for k, index in enumerate(indices):
            angle = math.radians(-90 + 360 * k / len(indices))
            placed[(spot, index)] = (
                centre.x + SPREAD * size * math.cos(angle),
                centre.y + SPREAD * size * math.sin(angle),
            )
    result = []
    for index in sorted(users):
        points = [placed[(spot, index)] for spot in users[index] if (spot, index) in placed]
        x = sum(p[0] for p in points) / len(points)
        y = sum(p[1] for p in points) / len(points)
        result.append(LedDrawing(index, round(x, 4), round(y, 4), tuple(users[index])))
    return tuple(result)


def _indicators(
    indicators: Mapping[str, tuple[int, ...]],
    seats: Sequence[Seat],
    box: tuple[float, float, float, float],
    size: float,
) -> tuple[IndicatorDrawing, ...]:
    """Turn LEDs on their seat's side (seat 0 below, then clockwise round the
    board); the other indicators in a column at the bottom right."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    margin = size * 0.5
    result = []
    others = []
    for name, leds in indicators.items():
        prefix, _, number = name.partition(":")
        if prefix == "turn" and number.isdigit() and int(number) < len(seats) and seats:
            seat = int(number)
            angle = 2 * math.pi * seat / len(seats)
            dx, dy = -math.sin(angle), math.cos(angle)  # seat 0 below, then clockwise
            x = cx + dx * ((x1 - x0) / 2 + margin)
            y = cy + dy * ((y1 - y0) / 2 + margin)
            label = f"turn: {seats[seat].name}"
            result.append(IndicatorDrawing(name, leds, round(x, 4), round(y, 4), label))
        else:
            others.append((name, leds))
    for k, (name, leds) in enumerate(others):
        x = x1 + margin
        y = y1 + margin - k * INDICATOR_GAP * size
        result.append(IndicatorDrawing(name, leds, round(x, 4), round(y, 4), name))
    return tuple(result)
