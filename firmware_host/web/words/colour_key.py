"""The colour key on the page: what each LED colour means, in the chosen palette.

Only the meanings the current game can show: no dice colour for shogi, no
furigoma pawns for Abalone, the coach's scale only when a seat is coached. Each
meaning's words come as a value (``text_said``) the page tells in its language.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.said import Said, Term, alone, said
from firmware_host.opponents.seats import OpponentKind
from firmware_host.session.controller import Controller
from firmware_host.telling.language import N_, Language
from firmware_host.telling.legend import (
    COACH_SCALE,
    DEFAULT_PALETTE,
    PALETTES,
    Meaning,
    Pace,
    Palette,
    shown_by,
)
from firmware_host.telling.rendering import told
from firmware_host.wire.notice_records import said_record

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

ORDER = (
    *COMMON,
    Meaning.MOVABLE,
    Meaning.COUNT,
    Meaning.TOKIN,
    Meaning.PAWN,
    *COACH_SCALE,
    Meaning.CALLED,
)
"""Every meaning in the key's order: the common ones, then those of some games."""


KEY_WORDS: Mapping[Meaning, str] = MappingProxyType(
    {
        Meaning.LAST_MOVE: N_("last move"),
        Meaning.THREAT: N_("threatened piece"),
        Meaning.CHECK: N_("king in check"),
        Meaning.DESTINATION: N_("legal destination"),
        Meaning.CAPTURE: N_("capture destination"),
        Meaning.LIFTED: N_("lifted piece"),
        Meaning.GUIDE: N_("move to play"),
        Meaning.PROMPT: N_("prompt choice"),
        Meaning.SELECTED: N_("selected choice"),
        Meaning.FILL: N_("square to fill"),
        Meaning.REMOVE: N_("piece to remove"),
        Meaning.ILLEGAL: N_("illegal move"),
        Meaning.FAULT: N_("hardware fault"),
        Meaning.MOVABLE: N_("a piece the dice allow to move"),
        Meaning.COUNT: N_("a count shown as a bar (tokens left)"),
        Meaning.TOKIN: N_("furigoma: tokin up"),
        Meaning.PAWN: N_("furigoma: pawn up"),
        Meaning.HINT: N_("suggested move"),
        Meaning.BEST: N_("coach: best destination"),
        Meaning.GOOD: N_("coach: good destination"),
        Meaning.DOUBTFUL: N_("coach: doubtful destination"),
        Meaning.LOSING: N_("coach: losing destination"),
        Meaning.GOES_ON: N_("a move that may go on (ok ends it)"),
        Meaning.CALLED: N_("the club room's organiser asks which board this is"),
    }
)
"""Each meaning's words (``Meaning``'s values), as msgids."""

PACES: Mapping[Pace, str] = MappingProxyType(
    {Pace.BLINK: N_("{meaning} (blinks)"), Pace.SLOW: N_("{meaning} (blinks slowly)")}
)
"""A meaning that always blinks, or blinks slowly, says so in the key."""


def key_meanings(controller: Controller) -> tuple[Meaning, ...]:
    """The meanings the LEDs can show in the current game with its settings."""
    shown = shown_by(controller)
    return tuple(meaning for meaning in ORDER if meaning in shown)


def key_text(meaning: Meaning, palette: Palette = DEFAULT_PALETTE) -> str:
    """A meaning's words; one that always blinks, or blinks slowly, in this palette
    says so, as its pace tells it from its neighbours (``Palette.key_text``)."""
    return palette.key_text(meaning)


def key_said(meaning: Meaning, palette: Palette) -> Said:
    """``key_text`` as a value: the meaning's msgid, said as blinking where it blinks."""
    words = Term(KEY_WORDS[meaning])
    pace = PACES.get(palette.pace(meaning))
    return alone(words) if pace is None else said(pace, meaning=words)


def key_text_in(meaning: Meaning, palette: Palette, language: Language) -> str:
    """``key_text`` in ``language`` (``key_said`` told)."""
    return told(key_said(meaning, palette), language)


TURN = N_("turn LED: {seat} to move (the winner's, once over)")
COMPUTER_TURN = N_("turn LED: {seat} to move, played by the computer (the winner's, once over)")
"""A seat's turn LED in its seat's colour (orange for the second seat in the default
palette): each seat's, the computer's said as such."""


def turn_said(controller: Controller, seat: int) -> Said:
    """What a seat's turn LED says, as a value (the seat in the game's words)."""
    spec = controller.computer.seats.get(seat)
    msgid = COMPUTER_TURN if spec is not None and spec.kind is not OpponentKind.REMOTE else TURN
    return said(msgid, seat=controller.game.seat_word(seat))


def colour_key(controller: Controller, palette: str) -> list[Json]:
    """The key as the page draws it: each meaning's words and its colour (hex), then
    each seat's turn LED in its colour."""
    chosen: Palette = PALETTES.get(palette, PALETTES["default"])
    meanings = [
        {
            "meaning": meaning.name.lower(),
            "text_said": said_record(key_said(meaning, chosen)),
            "colour": chosen.colours[meaning].hex(),
        }
        for meaning in key_meanings(controller)
    ]
    turns = [
        {
            "meaning": "turn",
            "text_said": said_record(turn_said(controller, index)),
            "colour": chosen.seat(seat).hex(),
        }
        for index, seat in enumerate(controller.game.seats)
    ]
    return meanings + turns
