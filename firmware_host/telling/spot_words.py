"""Spots and indicator LEDs as values a message carries, told by what they are.

Cells keep their names (``2c``, ``E5``: the coordinates printed on the board, the
notation's own), but the spots off the board and the indicators are ids made
for the program (``hand:w:C``, ``gutter:b:3``, ``stock:l:2``, ``lid:b:5``,
``furigoma:3``). Here each becomes what is said of it (whose place, which piece,
what the light shows), so that a player reads "B (gote)'s hand: chick" instead, in
any language; ``telling/rendering.py`` tells a ``SpotWord`` so.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.game import Game
from engine.physical import Spot, Stone
from engine.said import PieceWord, Said, SeatWord, Term, Value, said
from firmware_host.telling.language import N_

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


SEAT_INDICATOR = "{what}: {seat}"
"""A seat's indicator of a kind no msgid names (``hint:1``): what it is, then whose
(words of no language, so never in a catalogue: told as they are)."""


def hand_piece(game: Game[Any], detail: str) -> Value:
    """The piece a hand spot holds, by the letter the spot carries (the game's word)."""
    return PieceWord(game.piece_name(Stone(detail, 0))) if detail else detail


def _seat_of(game: Game[Any], letter: str) -> SeatWord | None:
    for index, seat in enumerate(game.seats):
        if seat.letter == letter:
            return game.seat_word(index)
    return None


def place_said(game: Game[Any], spot: Spot) -> Said | None:
    kind, *rest = spot.split(":")
    owner = _seat_of(game, rest[0]) if rest else None
    if kind not in OWNED_PLACES or owner is None:
        return None
    return said(PLACES[kind], seat=owner)


def spot_said(game: Game[Any], spot: Spot) -> Value:
    """``spot`` as a value a message carries, told as a player would say it: a cell by
    its name (the same in every language), an off-board spot by whose it is and what
    it holds (the catalogue's words and the game's seat and piece words), an
    indicator by what it shows."""
    kind, *rest = spot.split(":")
    if not rest:
        return spot
    place = place_said(game, spot)
    if place is None:
        return indicator_said(game, spot)
    detail = rest[1] if len(rest) > 1 else ""
    if kind == "hand":
        return said(HELD, place=place, piece=hand_piece(game, detail))
    return said(SLOT, place=place, slot=detail)


def indicator_said(game: Game[Any], name: str, caption: bool = False) -> Value:
    """An indicator LED as a value told by what it shows: ``lid:b:5`` is the lid's
    fifth black token, ``furigoma:3`` the third pawn tossed, ``turn:1`` the second
    seat's turn, ``dice:1:3`` the second seat's third die LED (``caption``: the few
    words under it beside the board)."""
    kind, *rest = name.split(":")
    if kind == "lid" and len(rest) == 2 and rest[0] in LID:
        return said(LID[rest[0]][caption], n=rest[1])
    if kind == "furigoma" and len(rest) == 1:
        return said(FURIGOMA[caption], n=rest[0])
    if rest and rest[0].isdigit() and int(rest[0]) < len(game.seats):
        seat = game.seat_word(int(rest[0]))
        if kind == "turn" and len(rest) == 1:
            return said(TURN, seat=seat)
        if kind == "dice" and len(rest) == 2:
            return said(DIE, n=rest[1], seat=seat)
        return said(SEAT_INDICATOR, what=" ".join((kind, *rest[1:])), seat=seat)
    if not rest and kind in INDICATORS:
        return Term(INDICATORS[kind])
    return " ".join((kind, *rest))


def spot_label_said(game: Game[Any], spot: Spot) -> Value:
    """The short word drawn beside a spot as a value: a cell's name, a hand spot's
    piece, a slot's number."""
    kind, *rest = spot.split(":")
    if not rest:
        return spot
    return hand_piece(game, rest[-1]) if kind == "hand" else rest[-1]
