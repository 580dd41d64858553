"""Claims on the page: the game's own (``Game.claims``), which the controller has the
position judge (``Position.claim``), so the page never shows a button the controller
would refuse as foreign to the game.

Before a claim that can lose the game (shogi's 27-point declaration), the page shows
what the claim would count now and why it would fail, read from the rules' own count.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.claims import ClaimRule
from engine.game import Game, Position
from engine.shogi.impasse import DECLARATION, DECLARATION_POINTS, declaration_problems, points
from engine.shogi.position import ShogiPosition

Json = dict[str, Any]


def claims_of(game: Game[Any]) -> tuple[ClaimRule, ...]:
    """The claims ``game`` offers under its default options."""
    return game.claims(game.options())


def claim_json(claim: ClaimRule) -> dict[str, str]:
    return {"name": claim.name, "title": claim.title, "help": claim.help}


def _declaration(position: Position[Any]) -> Json | None:
    """The count and the conditions of a declaration by the player to move."""
    if not isinstance(position, ShogiPosition) or position.outcome() is not None:
        return None
    seat = position.turn
    problems = declaration_problems(position)
    return {
        "seat": seat,
        "points": points(position, seat, camp_only=True),
        "needed": DECLARATION_POINTS[seat],
        "problems": list(problems),
        "wins": not problems,
        "warning": "a declaration that fails loses the game",
    }


PREVIEWS: Mapping[str, Callable[[Position[Any]], Json | None]] = {DECLARATION.name: _declaration}
"""The claims whose count the page shows before asking, by name."""


def claim_previews(position: Position[Any]) -> Json:
    """For each claim of the position's game that has one, what it would count now."""
    previews: Json = {}
    for claim in position.game.claims(position.options):
        preview = PREVIEWS.get(claim.name)
        found = None if preview is None else preview(position)
        if found is not None:
            previews[claim.name] = found
    return previews
