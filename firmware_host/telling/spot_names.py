"""Spots and indicator LEDs named for people, not by their ids.

Cells keep their names (``2c``, ``E5``: the coordinates printed on the board, the
notation's own), but the spots off the board and the indicators are ids made
for the program (``hand:w:C``, ``gutter:b:3``, ``stock:l:2``, ``lid:b:5``,
``furigoma:3``). A player reads "B (gote)'s hand: chick" instead.
"""

from __future__ import annotations

import re
from typing import Any

from engine.game import Game
from engine.physical import Spot, Stone

TOKEN_COLOURS = {"w": "white", "b": "black"}
"""Robotory's tokens on the lid, by the letter of their colour."""


def _hand_piece(game: Game[Any], detail: str) -> str:
    """The piece a hand spot holds, by the letter the spot carries (the game's words)."""
    return game.piece_name(Stone(detail, 0)) if detail else detail


def _seat_name(game: Game[Any], letter: str) -> str | None:
    for seat in game.seats:
        if seat.letter == letter:
            return seat.name
    return None


OWNED_PLACES = frozenset({"hand", "gutter", "stock"})
"""The kinds of off-board spot that belong to a seat (its hand, gutter or stock)."""


def spot_place(game: Game[Any], spot: Spot) -> str | None:
    """The place off the board ``spot`` is part of, by whose it is ("A (sente)'s
    hand", "Black's gutter"); None for a cell or a spot of no seat's."""
    kind, *rest = spot.split(":")
    owner = _seat_name(game, rest[0]) if rest else None
    if kind not in OWNED_PLACES or owner is None:
        return None
    return f"{owner}'s {kind}"


def spot_name(game: Game[Any], spot: Spot) -> str:
    """``spot`` as a player would say it: a cell by its name, an off-board spot by
    whose it is and what it holds."""
    kind, *rest = spot.split(":")
    if not rest:
        return spot
    place = spot_place(game, spot)
    detail = rest[1] if len(rest) > 1 else ""
    if place is None:
        return indicator_name(game, spot)
    if kind == "hand":
        return f"{place}: {_hand_piece(game, detail)}"
    return f"{place}, slot {detail}"


def spot_label(game: Game[Any], spot: Spot) -> str:
    """The short word drawn beside a spot: a cell's name, a hand spot's piece, a slot's
    number."""
    kind, *rest = spot.split(":")
    if not rest:
        return spot
    detail = rest[-1]
    if kind == "hand":
        return _hand_piece(game, detail)
    return detail


def indicator_name(game: Game[Any], name: str) -> str:
    """An indicator LED by what it shows: ``lid:b:5`` is the lid's fifth black token,
    ``furigoma:3`` the third pawn tossed, ``turn:1`` the second seat's turn,
    ``dice:1:3`` the second seat's third die LED."""
    kind, *rest = name.split(":")
    if kind == "lid" and len(rest) == 2:
        return f"the lid: {TOKEN_COLOURS.get(rest[0], rest[0])} token {rest[1]}"
    if kind == "furigoma" and len(rest) == 1:
        return f"furigoma: pawn {rest[0]}"
    if rest and rest[0].isdigit() and int(rest[0]) < len(game.seats):
        # a seat's indicator (``turn:1``, ``dice:1:3``): what it shows, then whose
        return f"{' '.join((kind, *rest[1:]))}: {game.seats[int(rest[0])].name}"
    return " ".join((kind, *rest))


def indicator_caption(game: Game[Any], name: str) -> str:
    """The few words under an indicator beside the board (its full name in a tooltip)."""
    kind, *rest = name.split(":")
    if kind == "lid" and len(rest) == 2:
        return f"lid: {TOKEN_COLOURS.get(rest[0], rest[0])} {rest[1]}"
    if kind == "furigoma" and len(rest) == 1:
        return f"pawn {rest[0]}"
    return indicator_name(game, name)


def name_spots_in(game: Game[Any], text: str) -> str:
    """``text`` with every off-board spot id in it replaced by the spot's name (the
    controller's sentences name the spots a correction concerns by id)."""
    ids = sorted(game.off_board_spots, key=len, reverse=True)
    if not ids:
        return text
    alternatives = "|".join(re.escape(spot) for spot in ids)
    pattern = re.compile(rf"(?<![\w:])(?:{alternatives})(?![\w:])")
    return pattern.sub(lambda match: spot_name(game, match.group(0)), text)
