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
from engine.said import Term, alone
from firmware_host.wire.notice_records import said_record

Json = dict[str, Any]


def claims_of(game: Game[Any], options: Options | None = None) -> tuple[ClaimRule, ...]:
    """The claims ``game`` offers under ``options`` (None: its default options; a rule
    option may choose them, as shogi's ``impasse`` does)."""
    return game.claims(game.options() if options is None else options)


def claim_json(claim: ClaimRule) -> Json:
    """A claim's name, its button's title and when to make it (each as the value the
    page tells in its language: the game's msgids)."""
    return {
        "name": claim.name,
        "title_said": said_record(alone(Term(claim.title))),
        "help_said": said_record(alone(Term(claim.help))),
    }


def claim_previews(position: Position[Any]) -> Json:
    """For each claim of the position's game that has one, what it would count now (why
    it would fail and what failing costs in every language, as the session's own
    messages are told)."""
    previews: Json = {}
    for claim in position.game.claims(position.options):
        found = position.claim_preview(claim.name)
        if found is not None:
            previews[claim.name] = {
                "seat": found.seat,
                "points": found.points,
                "needed": found.needed,
                # each reason it would fail and its warning as values, for the page to
                # tell in its language
                "problems_said": [said_record(problem) for problem in found.problems],
                "wins": found.wins,
                "warning_said": said_record(found.warning),
            }
    return previews
