"""The colour key on the page: what each LED colour means, in the chosen palette.

Only the meanings the current game can show: no dice colour for shogi, no
furigoma pawns for Abalone, the coach's scale only when the coach is on.
"""

from __future__ import annotations

from typing import Any

from engine.game import Position
from engine.opening import FirstPlayerDraw
from firmware_host.session.controller import Controller
from firmware_host.telling.legend import BLINKING, PALETTES, SLOW_BLINKING, Meaning, Palette

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

COACH = (Meaning.BEST, Meaning.GOOD, Meaning.DOUBTFUL, Meaning.LOSING)


def _overrides(position: Position[Any], method: str) -> bool:
    """Whether the game's position teaches this (the base class answers nothing)."""
    return getattr(type(position), method) is not getattr(Position, method)


def key_meanings(controller: Controller) -> tuple[Meaning, ...]:
    """The meanings the LEDs can show in the current game with its settings."""
    position = controller.position
    meanings = [
        meaning
        for meaning in COMMON
        if not (meaning is Meaning.CHECK and not _overrides(position, "check_spots"))
        and not (
            meaning in (Meaning.THREAT, Meaning.CAPTURE)
            and not _overrides(position, "threatened_spots")
        )
    ]
    if controller.game.rolls_dice(position.options):
        meanings.append(Meaning.MOVABLE)
    if position.counters():
        meanings.append(Meaning.COUNT)
    drawn = controller.draw
    if drawn is not None and drawn.kind is FirstPlayerDraw.FURIGOMA:
        meanings += [Meaning.TOKIN, Meaning.PAWN]
    if controller.settings.coach:
        meanings += COACH
    return tuple(meanings)


def key_text(meaning: Meaning) -> str:
    """A meaning's words; one that always blinks, or blinks slowly, says so, as its
    blinking tells it from its neighbours."""
    if meaning in BLINKING:
        return f"{meaning.value} (blinks)"
    if meaning in SLOW_BLINKING:
        return f"{meaning.value} (blinks slowly)"
    return meaning.value


def colour_key(controller: Controller, palette: str) -> list[Json]:
    """The key as the page draws it: each meaning's words and its colour (hex)."""
    chosen: Palette = PALETTES.get(palette, PALETTES["default"])
    return [
        {
            "meaning": meaning.name.lower(),
            "text": key_text(meaning),
            "colour": chosen.colours[meaning].hex(),
        }
        for meaning in key_meanings(controller)
    ]
