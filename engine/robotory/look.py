"""Robotory's pieces and arena as the page draws them: the three robots (red, white,
black) on their bases, the energy tokens with their bolt, the camps in two greys."""

from __future__ import annotations

from types import MappingProxyType

from engine.look import Drawing, Look, PieceLook

LOOK = Look(
    pieces=MappingProxyType(
        {
            "R": PieceLook(Drawing.ROBOT, "#d62828", size=1.3),
            "W": PieceLook(Drawing.ROBOT, "#f4f1ea", size=1.3),
            "B": PieceLook(Drawing.ROBOT, "#2a2a2a", size=1.3),
            "w": PieceLook(Drawing.TOKEN, "white"),
            "b": PieceLook(Drawing.TOKEN, "black"),
        }
    ),
    regions=MappingProxyType({"camp-0": "#cfcac0", "camp-1": "#8f8a82"}),
)
