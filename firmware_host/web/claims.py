"""Claims on the page: the game's own (``Game.claims``), which the controller has the
position judge (``Position.claim``), so the page never shows a button the controller
would refuse as foreign to the game."""

from __future__ import annotations

from typing import Any

from engine.claims import ClaimRule
from engine.game import Game


def claims_of(game: Game[Any]) -> tuple[ClaimRule, ...]:
    """The claims ``game`` offers under its default options."""
    return game.claims(game.options())


def claim_json(claim: ClaimRule) -> dict[str, str]:
    return {"name": claim.name, "title": claim.title, "help": claim.help}
