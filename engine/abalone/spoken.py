"""Abalone moves said aloud: how many marbles go which way, and what they push
("black pushes two marbles east, pushing one white marble, off the board").

The Polish terms are the Polish rule book's (seeds/004, "Zasady gry"): kula, ruch po
linii, ruch boczny, sumito, wypchnięcie; the seats by the colour of their marbles
(czarne, białe). There is no Czech, French or Japanese rule book: their terms are
the usual ones. Other languages than English give a count after a colon
("kule: 2"), so that the noun needs no plural of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.abalone.move import AbaloneMove
from engine.game import Position
from engine.physical import Spot
from engine.spoken import count_words, seat_name

STEPS = MappingProxyType(
    {  # (rows up, diagonals up) of one step
        "E": (0, 1),
        "NE": (1, 1),
        "NW": (1, 0),
        "W": (0, -1),
        "SW": (-1, -1),
        "SE": (-1, 0),
    }
)
DIRECTIONS = MappingProxyType(
    {  # each language's words for the six directions, in the order of STEPS
        "en": ("east", "north-east", "north-west", "west", "south-west", "south-east"),
        "pl": (
            "na wschód",
            "na północny wschód",
            "na północny zachód",
            "na zachód",
            "na południowy zachód",
            "na południowy wschód",
        ),
        "cs": (
            "na východ",
            "na severovýchod",
            "na severozápad",
            "na západ",
            "na jihozápad",
            "na jihovýchod",
        ),
        "fr": (
            "vers l'est",
            "vers le nord-est",
            "vers le nord-ouest",
            "vers l'ouest",
            "vers le sud-ouest",
            "vers le sud-est",
        ),
        "ja": ("ひがし", "ほくとう", "ほくせい", "にし", "なんせい", "なんとう"),
    }
)


@dataclass(frozen=True, slots=True)
class Words:
    """One language's sentences (``{names}`` to fill) for the languages but English."""

    sideways: str
    inline: str
    pushes: str
    off: str


WORDS = MappingProxyType(
    {
        "pl": Words(  # seeds/004
            "{seat}: ruch boczny, kule: {own}, {where}",
            "{seat}: ruch po linii, kule: {own}, {where}",
            "{seat}: sumito, kule: {own}, {where}, przepchnięte kule ({other}): {pushed}",
            ", wypchnięcie poza planszę",
        ),
        "cs": Words(
            "{seat}: pohyb bokem, kuličky: {own}, {where}",
            "{seat}: pohyb v řadě, kuličky: {own}, {where}",
            "{seat}: sumito, kuličky: {own}, {where}, vytlačené kuličky ({other}): {pushed}",
            ", mimo desku",
        ),
        "fr": Words(
            "{seat} : déplacement latéral, billes : {own}, {where}",
            "{seat} : déplacement en ligne, billes : {own}, {where}",
            "{seat} : sumito, billes : {own}, {where}, billes poussées ({other}) : {pushed}",
            ", hors du plateau",
        ),
        "ja": Words(
            "{seat}、よこに{own}こ、{where}",
            "{seat}、{own}こ、{where}",
            "{seat}、{own}こで{where}におす、{other}を{pushed}こ",
            "、ばんのそとへ",
        ),
    }
)
PIECE_NAMES = ("marble",)
"""The marble's English word, which the game's catalogue translates."""


def _step(hole: Spot, direction: str) -> Spot:
    rows, diagonals = STEPS[direction]
    return f"{chr(ord(hole[0]) + rows)}{int(hole[1:]) + diagonals}"


def move_sentence(position: Position[Any], text: str, language: str) -> str:
    move: AbaloneMove = position.read_move(text)
    seat = seat_name(position, position.turn, language)
    direction = move.direction.name
    names = DIRECTIONS.get(language, DIRECTIONS["en"])
    where = names[tuple(STEPS).index(direction)]
    words = WORDS.get(language)
    if move.end is not None:
        if words is not None:
            return words.sideways.format(seat=seat, own=len(move.holes), where=where)
        return f"{seat} moves {count_words(len(move.holes), 'marble')} sideways, {where}"
    cells = position.game.cells
    layout = position.layout()
    hole, own, pushed = move.tail, 0, 0
    while hole in cells and layout.get(hole) and layout[hole][-1].owner == position.turn:
        own, hole = own + 1, _step(hole, direction)
    other = ""
    while hole in cells and layout.get(hole):
        other = seat_name(position, layout[hole][-1].owner or 0, language)
        pushed, hole = pushed + 1, _step(hole, direction)
    if words is not None:
        off = words.off if pushed and hole not in cells else ""
        if pushed == 0:
            return words.inline.format(seat=seat, own=own, where=where)
        said = words.pushes.format(seat=seat, own=own, where=where, other=other, pushed=pushed)
        return said + off
    if pushed == 0:
        verb = "moves" if own == 1 else "pushes"
        return f"{seat} {verb} {count_words(own, 'marble')} {where}"
    off = ", off the board" if hole not in cells else ""
    pushing = count_words(pushed, f"{other} marble")
    return f"{seat} pushes {count_words(own, 'marble')} {where}, pushing {pushing}{off}"
