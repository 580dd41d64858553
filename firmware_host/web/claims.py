"""Claims on the page: the game's own (``Game.claims``), which the controller has the
position judge (``Position.claim``), so the page never shows a button the controller
would refuse as foreign to the game.

Before a claim that can lose the game (shogi's 27-point declaration), the page shows
what the claim would count now and why it would fail, read from the rules' own count.
"""

from __future__ import annotations

from typing import Any

from engine.claims import ClaimRule
from engine.game import Game, Position
from engine.options import Options

Json = dict[str, Any]


def claims_of(game: Game[Any], options: Options | None = None) -> tuple[ClaimRule, ...]:
    """The claims ``game`` offers under ``options`` (None: its default options; a rule
    option may choose them, as shogi's ``impasse`` does)."""
    return game.claims(game.options() if options is None else options)


def claim_json(claim: ClaimRule) -> dict[str, str]:
    return {"name": claim.name, "title": claim.title, "help": claim.help}


def claim_previews(position: Position[Any]) -> Json:
    """For each claim of the position's game that has one, what it would count now."""
    previews: Json = {}
    for claim in position.game.claims(position.options):
        found = position.claim_preview(claim.name)
        if found is not None:
            previews[claim.name] = {
                "seat": found.seat,
                "points": found.points,
                "needed": found.needed,
                "problems": list(found.problems),
                "wins": found.wins,
                "warning": found.warning,
            }
    return previews
