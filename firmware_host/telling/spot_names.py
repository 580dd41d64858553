"""Spots and indicator LEDs named for people, not by their ids.

Cells keep their names (``2c``, ``E5``: the coordinates printed on the board, the
notation's own), but the spots off the board and the indicators are ids made
for the program (``hand:w:C``, ``gutter:b:3``, ``stock:l:2``, ``lid:b:5``,
``furigoma:3``). A player reads "B (gote)'s hand: chick" instead.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any

from engine.game import Game
from engine.physical import Spot, Stone
from firmware_host.telling.language import N_, Language, translated
from firmware_host.telling.said import seat_words

EN = Language.ENGLISH

PLACES = MappingProxyType(
    {
        "hand": N_("{seat}'s hand"),
        "gutter": N_("{seat}'s gutter"),
        "stock": N_("{seat}'s stock"),
    }
)
"""The kinds of off-board spot that belong to a seat (its hand, gutter or stock)."""

OWNED_PLACES = frozenset(PLACES)

LID = MappingProxyType(
    {  # Robotory's tokens on the lid, by the letter of their colour: name, caption
        "w": (N_("the lid: white token {n}"), N_("lid: white {n}")),
        "b": (N_("the lid: black token {n}"), N_("lid: black {n}")),
    }
)
TURN = N_("turn: {seat}")
DIE = N_("dice {n}: {seat}")
SLOT = N_("{place}, slot {slot}")
HELD = N_("{place}: {piece}")
FURIGOMA = (N_("furigoma: pawn {n}"), N_("pawn {n}"))
INDICATORS = MappingProxyType({"status": N_("status")})
"""Indicators of no seat's, by what they show."""


def _hand_piece(game: Game[Any], detail: str, language: Language = EN) -> str:
    """The piece a hand spot holds, by the letter the spot carries (the game's words)."""
    if not detail:
        return detail
    name = game.piece_name(Stone(detail, 0))
    if language is EN:
        return name
    return game.piece_words(language.value).get(name, name)


def _seat_name(game: Game[Any], letter: str, language: Language = EN) -> str | None:
    for seat in game.seats:
        if seat.letter == letter:
            return _said_seat(game, seat.name, language)
    return None


def _said_seat(game: Game[Any], name: str, language: Language) -> str:
    if language is EN:
        return name
    return seat_words(game, language).get(name, name)


def spot_place(game: Game[Any], spot: Spot, language: Language = EN) -> str | None:
    """The place off the board ``spot`` is part of, by whose it is ("A (sente)'s
    hand", "Black's gutter"); None for a cell or a spot of no seat's."""
    kind, *rest = spot.split(":")
    owner = _seat_name(game, rest[0], language) if rest else None
    if kind not in OWNED_PLACES or owner is None:
        return None
    return translated(PLACES[kind], language).format(seat=owner)


def spot_name(game: Game[Any], spot: Spot, language: Language = EN) -> str:
    """``spot`` as a player would say it: a cell by its name, an off-board spot by
    whose it is and what it holds."""
    kind, *rest = spot.split(":")
    if not rest:
        return spot
    place = spot_place(game, spot, language)
    detail = rest[1] if len(rest) > 1 else ""
    if place is None:
        return indicator_name(game, spot, language)
    if kind == "hand":
        piece = _hand_piece(game, detail, language)
        return translated(HELD, language).format(place=place, piece=piece)
    return translated(SLOT, language).format(place=place, slot=detail)


def spot_label(game: Game[Any], spot: Spot, language: Language = EN) -> str:
    """The short word drawn beside a spot: a cell's name, a hand spot's piece, a slot's
    number."""
    kind, *rest = spot.split(":")
    if not rest:
        return spot
    detail = rest[-1]
    if kind == "hand":
        return _hand_piece(game, detail, language)
    return detail


def indicator_name(game: Game[Any], name: str, language: Language = EN) -> str:
    """An indicator LED by what it shows: ``lid:b:5`` is the lid's fifth black token,
    ``furigoma:3`` the third pawn tossed, ``turn:1`` the second seat's turn,
    ``dice:1:3`` the second seat's third die LED."""
    kind, *rest = name.split(":")
    if kind == "lid" and len(rest) == 2 and rest[0] in LID:
        return translated(LID[rest[0]][0], language).format(n=rest[1])
    if kind == "furigoma" and len(rest) == 1:
        return translated(FURIGOMA[0], language).format(n=rest[0])
    if rest and rest[0].isdigit() and int(rest[0]) < len(game.seats):
        # a seat's indicator (``turn:1``, ``dice:1:3``): what it shows, then whose
        seat = _said_seat(game, game.seats[int(rest[0])].name, language)
        if kind == "turn" and len(rest) == 1:
            return translated(TURN, language).format(seat=seat)
        if kind == "dice" and len(rest) == 2:
            return translated(DIE, language).format(n=rest[1], seat=seat)
        return f"{' '.join((kind, *rest[1:]))}: {seat}"
    if not rest and kind in INDICATORS:
        return translated(INDICATORS[kind], language)
    return " ".join((kind, *rest))


def indicator_caption(game: Game[Any], name: str, language: Language = EN) -> str:
    """The few words under an indicator beside the board (its full name in a tooltip)."""
    kind, *rest = name.split(":")
    if kind == "lid" and len(rest) == 2 and rest[0] in LID:
        return translated(LID[rest[0]][1], language).format(n=rest[1])
    if kind == "furigoma" and len(rest) == 1:
        return translated(FURIGOMA[1], language).format(n=rest[0])
    return indicator_name(game, name, language)


def name_spots_in(game: Game[Any], text: str, language: Language = EN) -> str:
    """``text`` with every off-board spot id in it replaced by the spot's name (the
    controller's sentences name the spots a correction concerns by id)."""
    ids = sorted(game.off_board_spots, key=len, reverse=True)
    if not ids:
        return text
    alternatives = "|".join(re.escape(spot) for spot in ids)
    pattern = re.compile(rf"(?<![\w:])(?:{alternatives})(?![\w:])")
    return pattern.sub(lambda match: spot_name(game, match.group(0), language), text)
