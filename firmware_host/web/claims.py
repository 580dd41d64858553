"""Claims: ending a game from the controls by the game's own count (shogi's impasse
and win declaration), offered on the page only for the games that have them.

The controller judges a claim by asking the position (``impasse_result()``,
``declaration_result()``) and refuses it when the position has no such method.
The page offers a claim for exactly the games whose positions have that method:
the same test, so a button is never shown that the controller would refuse as
foreign to the game. The table is keyed by claim, not by game: a new game that
can be claimed the same way (a position with ``impasse_result``) gets the
button with no change here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game import Game


@dataclass(frozen=True, slots=True)
class Claim:
    """``name``: the command the page sends; ``judge``: the position's method that the
    controller asks to judge it."""

    name: str
    title: str
    help: str
    judge: str


CLAIMS = (
    Claim(
        "impasse",
        "Impasse",
        "both kings have entered: the players agree that neither can be mated; count the points",
        "impasse_result",
    ),
    Claim(
        "declare",
        "Declare a win",
        "the player to move declares a win by the points and pieces in the zone",
        "declaration_result",
    ),
)


def claims_of(game: Game[Any]) -> tuple[Claim, ...]:
    """The claims ``game`` offers: those its positions can judge."""
    position = type(game.position())
    return tuple(claim for claim in CLAIMS if callable(getattr(position, claim.judge, None)))


def claim_json(claim: Claim) -> dict[str, str]:
    return {"name": claim.name, "title": claim.title, "help": claim.help}
