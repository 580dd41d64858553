"""Robot Duel's pieces as the page draws them: the stickers' robots on wooden tiles
(the lion the red robot, the elephant the white, the giraffe the green, the chick the
small yellow robot, turning into the big yellow robot, the hen), a dot for each way
the engine moves them."""

from __future__ import annotations

from types import MappingProxyType

from engine.look import Drawing, Look, PieceLook

LOOK = Look(
    pieces=MappingProxyType(
        {
            "L": PieceLook(Drawing.TILE, "#d62828"),
            "E": PieceLook(Drawing.TILE, "#f4f1ea"),
            "G": PieceLook(Drawing.TILE, "#2e9e4f"),
            "C": PieceLook(Drawing.TILE, "#f6c400", size=0.74),
            "+C": PieceLook(Drawing.TILE, "#f6c400"),
        }
    )
)
