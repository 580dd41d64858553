"""What a USI engine board's game is set to, and what its person's turn answers."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.outcome import Termination
from firmware_host.session.controller import Controller

RESIGN = "resign"
WIN = "win"

DECLARED = frozenset({Termination.DECLARATION, Termination.IMPASSE})
"""The ends a player claims by the game's own count (USI's ``bestmove win``)."""


def game_settings(game: Game[Any], gui_seat: int) -> dict[str, str]:
    """The GUI plays its seat as another board would (its moves lit, waited for); the
    GUI decides who moves first, so no opening draw."""
    return {"opponent": f"{game.seats[gui_seat].letter}=remote", "draw": "none"}


def answer_of(controller: Controller, before: int, person: int) -> str | None:
    """The ``bestmove`` of the person's turn, looked for from ply ``before`` on: the
    move they played; once the game is over without one, ``win`` for a claim of theirs
    that won, else ``resign``; None while they are still to move."""
    record = controller.record()
    for ply in range(before, len(record.moves)):
        if record.movers[ply] == person:
            return record.moves[ply]
    outcome = controller.outcome
    if outcome is None:
        return None
    if outcome.termination in DECLARED and person in outcome.winners:
        return WIN
    return RESIGN
