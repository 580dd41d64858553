"""Abalone's marbles as the page draws them: shaded black and white marbles."""

from __future__ import annotations

from types import MappingProxyType

from engine.look import Drawing, Look, PieceLook

LOOK = Look(
    pieces=MappingProxyType(
        {"b": PieceLook(Drawing.MARBLE, "black"), "w": PieceLook(Drawing.MARBLE, "white")}
    )
)
