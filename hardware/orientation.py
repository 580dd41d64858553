"""A board set up the other way round: the half turn between where the pieces stand
and where the game has them.

Players sometimes sit down at the wrong sides. Every piece then stands on the
cell point-symmetric to where it belongs, and rather than asking them to move
the board, Kiban turns its own idea of the board instead: the channel wired to
cell P reports for cell T(P), and the LEDs of cell T(S) light what the game
says about cell S, where T is the half turn about the centre of the board.
Off-board spots (stands, stock slots, gutters) stay where they are, and so do
the turn indicators' meanings: the LED beside a seat's place at the table now
shows the opposite seat's turn.

T comes from the game's geometry (any board drawn point-symmetric, square or
hex); a game whose cells have no point-symmetric partner, or a profile that
senses a cell but not its partner, has no half turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Game
from engine.geometry import Geometry
from engine.physical import Spot

# Geometries store coordinates rounded (a hex board's sqrt(3)/2 to six places), so a
# partner is the cell within this distance of the mirrored point, not an exact match.
_TOLERANCE = 1e-3


def half_turn(geometry: Geometry) -> dict[Spot, Spot] | None:
    """Each cell's point-symmetric partner about the centre of the board (None when
    the board is not point-symmetric)."""
    cells = geometry.cells
    if not cells:
        return None
    xs = [place.x for place in cells]
    ys = [place.y for place in cells]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    mapping = {}
    for place in cells:
        mirrored = (2 * cx - place.x, 2 * cy - place.y)
        partner = next(
            (
                other.spot
                for other in cells
                if abs(other.x - mirrored[0]) < _TOLERANCE
                and abs(other.y - mirrored[1]) < _TOLERANCE
            ),
            None,
        )
        if partner is None:
            return None
        mapping[place.spot] = partner
    return mapping


class SpotTurn:
    """Whether the board is turned, and the spot and indicator maps when it is.

    The board's own is read by the scanner and the LED painter on every scan and
    every paint, and turned only by the session loop, on the thread that scans and
    paints. The controller keeps a ``copy`` of its own, turns it when the start
    position shows up the other way round, and says so (``BoardTurned``): the loop
    then turns the board's.
    """

    def __init__(self, mapping: Mapping[Spot, Spot], seats: int) -> None:
        self.mapping: dict[Spot, Spot] = dict(mapping)
        self.seats = seats
        self.turned = False

    @classmethod
    def for_games(cls, games: list[Game[Any]], sensed: frozenset[Spot]) -> SpotTurn | None:
        """The half turn of the games a profile serves, when they agree on one and the
        profile senses each sensed cell's partner too."""
        maps = [half_turn(game.geometry) for game in games]
        first = maps[0]
        if first is None or any(other != first for other in maps[1:]):
            return None
        if any(spot in first and first[spot] not in sensed for spot in sensed):
            return None
        return cls(first, len(games[0].seats))

    def copy(self) -> SpotTurn:
        """Another half turn over the same spots, turned as this one is, turned alone."""
        other = SpotTurn(self.mapping, self.seats)
        other.turned = self.turned
        return other

    def turn(self) -> None:
        self.turned = not self.turned

    def spot(self, spot: Spot) -> Spot:
        """The spot on the other end of the half turn (off-board spots stay put)."""
        return self.mapping.get(spot, spot) if self.turned else spot

    def indicator(self, name: str) -> str:
        """The LED of a seat's turn sits by its place at the table: turned, it is the
        opposite seat's (seats listed in order round the table)."""
        if not self.turned or not name.startswith("turn:") or self.seats % 2:
            return name
        try:
            seat = int(name[5:])
        except ValueError:
            return name
        return f"turn:{(seat + self.seats // 2) % self.seats}"

    def remap(self, frame: Mapping[Spot, Any]) -> dict[Spot, Any]:
        """A frame keyed by the other side's spots (the map is its own inverse)."""
        return {self.mapping.get(spot, spot): value for spot, value in frame.items()}

    def turn_to_match(self, frame: Mapping[Spot, Any], expected: Mapping[Spot, Any]) -> bool:
        """Turn when ``frame`` is ``expected`` standing across the half turn (a board set
        up the other way round, not a wrong one)."""
        if not frame or self.remap(frame) != dict(expected):
            return False
        self.turn()
        return True
