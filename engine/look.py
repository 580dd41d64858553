"""How a game's pieces look on the page, declared by the game (``Game.look``) and drawn
by the page generically (static/pieces.js names no game): the kind of drawing each face
is (a letter on a disc, a robot sticker on a tile, a pentagon with its character, an
army's figure on a disc of its seat's colour, a marble, a robot on a base, an energy
token), its colour, size, character or figure; the ways a player may choose to see the
pieces; the colours of the board's regions and of each seat's army. A turned face has
its own entry ("+C"), so the look says which faces a piece turns to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType


class Drawing(Enum):
    """The kinds of drawing the page makes of a piece."""

    LETTER = "letter"  # its label on a disc: what a game without a look gets
    TILE = "tile"  # a robot sticker on a wooden tile, a dot for each way it moves
    PENTAGON = "pentagon"  # a pentagon with its character, or the marks of its moves
    ARMY = "army"  # a figure on a disc of its seat's colours
    MARBLE = "marble"  # a shaded marble
    ROBOT = "robot"  # a robot standing on a round base
    TOKEN = "token"  # an energy token with its bolt


@dataclass(frozen=True, slots=True)
class PieceLook:
    """How one face of a piece is drawn."""

    drawing: Drawing = Drawing.LETTER
    colour: str = ""
    """Its colour, as CSS takes it ("#d62828"), or its shade's name ("black")."""
    size: float = 1.0
    """Its size beside the game's other pieces (1: as large as any)."""
    glyph: str = ""
    """The character it shows (a kanji); none: its label."""
    glyphs: tuple[str, ...] = ()
    """The character each seat's piece shows where they differ (the kings' 玉 and 王)."""
    figure: str = ""
    """The figure it shows on an army's disc: king, elephant, horse, boat or pawn."""


@dataclass(frozen=True, slots=True)
class Look:
    """How a game's pieces and board look: each face by its key (its kind, "+" before a
    turned face), the ways a player may choose to see them (the first by default), the
    colour of each region of the board (by the region's name: "camp-0"), and each
    seat's army colours (strong, pale) for the drawings that take their seat's."""

    pieces: Mapping[str, PieceLook] = field(default_factory=lambda: MappingProxyType({}))
    styles: tuple[str, ...] = ()
    regions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    seat_colours: tuple[tuple[str, str], ...] = ()


PLAIN = Look()
"""The look of a game that declares none: each piece its label on a disc."""
