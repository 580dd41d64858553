"""Where a board's cells, off-board spots and LEDs are drawn, computed from data.

Cells come from the game's geometry (any cell shape), LEDs from the profile's
spot map: a spot with one LED has it under its centre, a spot with as many LEDs
as its cell has corners has them on its corners (shared with the neighbours,
as corner layouts wire them), anything else is spread around the centre.
Indicator LEDs named after a seat (``turn:<seat>``, ``dice:<seat>:<pip>``, any
``<kind>:<seat>...``) sit on that seat's edge of the board (``seat_side``), in
a row along it, left to right as that seat sees it; the others (``status``,
``furigoma:<k>``) stand in a column beside the board, at the bottom right.
Captions name each seat's row and each other indicator. The page only draws
what this says.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engine.geometry import CellCentre, CellShape, Geometry, Seat, Side, seat_side
from engine.physical import Spot
from hardware.profile import LedSpec

Point = tuple[float, float]

OFF_BOARD_SCALE = 0.86  # an off-board spot is drawn a little smaller than a cell
SPREAD = 0.28  # radius, in pitches, of LEDs spread around a centre
INDICATOR_GAP = 0.75  # between indicators in their column, in pitches
EDGE_GAP = 1.0  # between the indicators of a seat's row, in pitches (less when many)
EDGE_MARGIN = 0.5  # from the board's edge to a seat's row, in pitches
CAPTION_OFFSET = 0.42  # from an indicator to its caption, in pitches
CHARACTER = 0.1  # the width of a caption's character, in pitches (an estimate)
_DIGITS = 6  # rounding of corner coordinates when matching shared corners
SEATLESS = frozenset({"furigoma"})
"""Indicator kinds numbered by something else than a seat (furigoma:1..5 are the five
pawns tossed), which stay beside the board with ``status``."""


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
    """An indicator (``turn:0``, ``dice:1:3``, ``status``, ...): its LEDs, its place,
    what it is for in words (``dice 3: green``), and its seat (None: no seat's)."""

    name: str
    leds: tuple[int, ...]
    x: float
    y: float
    label: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Caption:
    """A word beside the indicators: a seat's name by its row (``seat`` says whose),
    an indicator's name (``indicator`` says which: a seat's lone turn LED, or one of no
    seat's). ``anchor`` is where the text hangs from (x, y): ``middle``, ``start`` or
    ``end`` of its baseline."""

    text: str
    x: float
    y: float
    anchor: str
    seat: int | None = None
    indicator: str | None = None


@dataclass(frozen=True, slots=True)
class Drawing:
    shape: CellShape
    pitch: float
    cells: tuple[SpotDrawing, ...]
    off_board: tuple[SpotDrawing, ...]
    leds: tuple[LedDrawing, ...]
    indicators: tuple[IndicatorDrawing, ...]
    captions: tuple[Caption, ...]
    extent: tuple[float, float, float, float]  # x0, y0, x1, y1, indicators included


def pitch(places: Sequence[CellCentre]) -> float:
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
    names: Callable[[str], tuple[str, str]] | None = None,
) -> Drawing:
    """The drawing of a game's board under a profile's LEDs (None: no LEDs); ``names``
    gives an indicator beside the board (no seat's) its name and its caption, for
    people (its id when there is none)."""
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
    indicators, captions = _indicators(
        dict(leds.indicators) if leds else {}, seats, box, size, names or _as_is
    )
    extent = _box(
        [
            (box[0], box[1]),
            (box[2], box[3]),
            *((i.x, i.y) for i in indicators),
            *(corner for caption in captions for corner in _caption_ends(caption, size)),
        ],
        margin=size * 0.45 if indicators else 0.0,
    )
    return Drawing(
        geometry.shape, size, cells, off_board, led_drawings, indicators, captions, extent
    )


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


def _spot_leds(  # noqa: C901 - a debt to split: each way an LED can sit
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


def _as_is(name: str) -> tuple[str, str]:
    return name, name


def _seat_label(kind: str, rest: tuple[str, ...], seat: Seat) -> str:
    """A seat's indicator named without words of a game's: ``dice 3: green``."""
    return f"{' '.join((kind, *rest))}: {seat.name}"


def _seat_of(name: str, seats: Sequence[Seat]) -> tuple[int, str, tuple[str, ...]] | None:
    """``dice:2:5`` -> (2, "dice", ("5",)): the seat an indicator belongs to, its kind and
    the rest of its name; None when it names no seat of the game."""
    kind, *rest = name.split(":")
    if kind in SEATLESS or not rest or not rest[0].isdigit() or int(rest[0]) >= len(seats):
        return None
    return int(rest[0]), kind, tuple(rest[1:])


def _natural(parts: tuple[str, ...]) -> tuple[tuple[int, int, str], ...]:
    """Numbers in numeric order, words after them in alphabetical order."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts)


# Per side: the direction out of the board, and the direction of a row along it, left
# to right as the seat sitting there sees it (the board drawn as seat 0, south, sees it).
_OUTWARD = {Side.SOUTH: (0, 1), Side.WEST: (-1, 0), Side.NORTH: (0, -1), Side.EAST: (1, 0)}
_ALONG = {Side.SOUTH: (1, 0), Side.WEST: (0, 1), Side.NORTH: (-1, 0), Side.EAST: (0, -1)}
_ANCHOR = {Side.SOUTH: "middle", Side.WEST: "end", Side.NORTH: "middle", Side.EAST: "start"}


def _indicators(
    indicators: Mapping[str, tuple[int, ...]],
    seats: Sequence[Seat],
    box: tuple[float, float, float, float],
    size: float,
    names: Callable[[str], tuple[str, str]],
) -> tuple[tuple[IndicatorDrawing, ...], tuple[Caption, ...]]:
    """Each seat's indicators in a row on its edge, ordered by kind (as the profile
    first lists it) and then by the rest of the name (pips 1, 2, 3...); the other
    indicators in a column at the bottom right, clear of an eastern row."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    kinds: dict[str, int] = {}  # the order in which the profile first lists each kind
    rows: dict[int, list[tuple[Any, str, str]]] = {}  # seat -> (order, name, label)
    others: list[str] = []
    for name in indicators:
        owner = _seat_of(name, seats)
        if owner is None:
            others.append(name)
            continue
        seat, kind, rest = owner
        order = (kinds.setdefault(kind, len(kinds)), _natural(rest))
        label = names(name)[0] if names is not _as_is else _seat_label(kind, rest, seats[seat])
        rows.setdefault(seat, []).append((order, name, label))
    result: list[IndicatorDrawing] = []
    captions: list[Caption] = []
    east = False
    for seat, row in sorted(rows.items()):
        row.sort()
        side = seat_side(seats, seat)
        east = east or side is Side.EAST
        ox, oy = _OUTWARD[side]
        ax, ay = _ALONG[side]
        length = x1 - x0 if ax else y1 - y0
        gap = min(EDGE_GAP * size, length / len(row))
        # the row's middle, just outside the board's edge on this side
        mx = cx + ox * ((x1 - x0) / 2 + EDGE_MARGIN * size)
        my = cy + oy * ((y1 - y0) / 2 + EDGE_MARGIN * size)
        for k, (_, name, label) in enumerate(row):
            offset = (k - (len(row) - 1) / 2) * gap
            x, y = round(mx + ax * offset, 4), round(my + ay * offset, 4)
            result.append(IndicatorDrawing(name, indicators[name], x, y, label, seat))
        # a lone turn LED says what it is for; a row of them is named after its seat
        lone = row[0][1] if len(row) == 1 and row[0][1].startswith("turn:") else None
        text = seats[seat].name if lone is None else row[0][2]
        seat_caption = _caption(text, mx, my, side=side, size=size, seat=seat)
        captions.append(replace(seat_caption, indicator=lone))
    column_x = x1 + EDGE_MARGIN * size + (size if east else 0.0)
    for k, name in enumerate(others):
        x = column_x
        y = y1 + EDGE_MARGIN * size - k * INDICATOR_GAP * size
        label, caption = names(name)
        result.append(IndicatorDrawing(name, indicators[name], round(x, 4), round(y, 4), label))
        captions.append(
            Caption(caption, round(x, 4), round(y + CAPTION_OFFSET * size, 4), "middle", None, name)
        )
    return tuple(result), tuple(captions)


def _caption(text: str, x: float, y: float, *, side: Side, size: float, seat: int) -> Caption:
    """A seat's caption beyond the middle of its row, away from the board."""
    ox, oy = _OUTWARD[side]
    if oy > 0:  # south: below the row
        y += CAPTION_OFFSET * size
    elif oy < 0:  # north: above it
        y -= CAPTION_OFFSET * size * 0.55
    else:  # west or east: beside it, on the line of its middle
        x += ox * 0.25 * size
        y += 0.05 * size
    return Caption(text, round(x, 4), round(y, 4), _ANCHOR[side], seat)


def _caption_ends(caption: Caption, size: float) -> tuple[Point, Point]:
    """The two ends of a caption's baseline (its width estimated), for the extent."""
    width = len(caption.text) * CHARACTER * size
    start = {"start": caption.x, "middle": caption.x - width / 2, "end": caption.x - width}
    left = start.get(caption.anchor, caption.x - width / 2)
    return (left, caption.y - 0.15 * size), (left + width, caption.y)
