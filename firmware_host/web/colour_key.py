"""The colour key on the page: what each LED colour means, in the chosen palette.

Only the meanings the current game can show: no dice colour for shogi, no
furigoma pawns for Abalone, the coach's scale only when a seat is coached.
"""

from __future__ import annotations

from typing import Any

from engine.opening import FirstPlayerDraw
from firmware_host.session.controller import Controller
from firmware_host.telling.legend import (
    COACH_SCALE,
    DEFAULT_PALETTE,
    PALETTES,
    Meaning,
    Palette,
    shown_in,
)

Json = dict[str, Any]

COMMON = (
    Meaning.DESTINATION,
    Meaning.CAPTURE,
    Meaning.LIFTED,
    Meaning.THREAT,
    Meaning.CHECK,
    Meaning.LAST_MOVE,
    Meaning.GUIDE,
    Meaning.HINT,
    Meaning.PROMPT,
    Meaning.SELECTED,
    Meaning.ILLEGAL,
    Meaning.REMOVE,
    Meaning.FILL,
    Meaning.FAULT,
)
"""What every game shows, in the order the key lists it (the terminal's order first)."""

ORDER = (*COMMON, Meaning.MOVABLE, Meaning.COUNT, Meaning.TOKIN, Meaning.PAWN, *COACH_SCALE)
"""Every meaning in the key's order: the common ones, then those of some games."""


def key_meanings(controller: Controller) -> tuple[Meaning, ...]:
    """The meanings the LEDs can show in the current game with its settings."""
    position = controller.position
    drawn = controller.draw
    shown = shown_in(
        position,
        dice=controller.game.rolls_dice(position.options),
        furigoma=drawn is not None and drawn.kind is FirstPlayerDraw.FURIGOMA,
        coach=controller.computer.coach,  # any seat coached
    )
    return tuple(meaning for meaning in ORDER if meaning in shown)


def key_text(meaning: Meaning, palette: Palette = DEFAULT_PALETTE) -> str:
    """A meaning's words; one that always blinks, or blinks slowly, in this palette
    says so, as its pace tells it from its neighbours (``Palette.key_text``)."""
    return palette.key_text(meaning)


def colour_key(controller: Controller, palette: str) -> list[Json]:
    """The key as the page draws it: each meaning's words and its colour (hex)."""
    chosen: Palette = PALETTES.get(palette, PALETTES["default"])
    return [
        {
            "meaning": meaning.name.lower(),
            "text": key_text(meaning, chosen),
            "colour": chosen.colours[meaning].hex(),
        }
        for meaning in key_meanings(controller)
    ]
