"""Chaturaji's pieces as the page draws them: each army's figures (king, elephant,
horse, boat, pawn) on discs of its seat's colours."""

from __future__ import annotations

from types import MappingProxyType

from engine.look import Drawing, Look, PieceLook

FIGURES = {"K": "king", "E": "elephant", "H": "horse", "B": "boat", "P": "pawn"}
ARMIES = {  # by the seat's colour: the figure's, and the disc's paler one
    "black": ("#262626", "#d9d9d9"),
    "green": ("#2e7d32", "#e4f2e4"),
    "red": ("#c62828", "#f8e1e1"),
    "yellow": ("#e0b000", "#fbf3d2"),
}


def look(seat_colours: tuple[str, ...]) -> Look:
    """The look of a game whose seats have these colours, in seat order."""
    return Look(
        pieces=MappingProxyType(
            {kind: PieceLook(Drawing.ARMY, figure=name) for kind, name in FIGURES.items()}
        ),
        seat_colours=tuple(ARMIES[colour] for colour in seat_colours),
    )
