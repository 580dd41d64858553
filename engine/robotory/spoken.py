"""Robotory moves in words, as values: a token placed, a robot's chain, a refill, a
pass ("dark moves the red robot from B3 through B2 to B1").

The phrases are msgids the game declares (``MOVE_MSGIDS``) and its catalogue
translates in the ``move`` context, beside its robots' and tokens' words. The French
terms are the French rule book's (seeds/003, "Robotory"): poser un pion d'énergie,
déplacer un robot, faire le plein d'énergie, robot blanc/noir/rouge, the camps gris
clair and gris foncé (the seats clair and foncé). There is no Polish, Czech or
Japanese rule book: their terms translate the French ones (the Japanese in kana). A
count follows a colon in Polish and Czech, as digits (``{number}``); English says it
in words (``{count}``), its noun one or many as the count takes it (``MOVE_PLURALS``:
each language's catalogue gives every plural form it has). A prompt's choice is named
in English by what it takes ("white token", "take 2 white and 1 black tokens"); the
other languages say the ``{move}`` as spoken.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.errors import NotationError
from engine.game import Position
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill
from engine.said import (
    CountWord,
    MoveSaid,
    PieceWord,
    Plural,
    Said,
    SeatWord,
    Value,
    by_seat,
    labelled,
    move_phrase,
    move_plural,
)
from engine.spoken import seat_name

SEAT_DOES = "{seat} {move}"
"""A move said by its seat ("dark passes"; Japanese "{seat}、{move}")."""
PLACES = "places {token} on {cell}"
MOVES = "moves {robot} from {origin} to {target}"
MOVES_THROUGH = "moves {robot} from {origin} through {cells} to {target}"
CELLS = "{first}, {rest}"
"""The cells a chain goes through, one and the rest."""
REFILLS = "refills {tokens}"
WHITE = Plural("{count} white token", "{count} white tokens")
BLACK = Plural("{count} black token", "{count} black tokens")
BOTH = "{white} and {black}"
PASSES = "passes"
PLACE_LABEL = "{colour} token"
CHAIN_LABEL = "the {robot} to {target}"
TAKE_WHITE = Plural("take {white} white token", "take {white} white tokens")
TAKE_BLACK = Plural("take {black} black token", "take {black} black tokens")
TAKE_BOTH = "take {white} white and {black} black tokens"
"""A move as a prompt's choice names it (in English: the other languages say the
``{move}``), its notation beside."""
PASS_CHOICE = "{notation}"
"""A pass as a prompt's choice: its notation ("pass") in English, and the other
languages' ``{move}`` beside it."""

MOVE_MSGIDS = (
    SEAT_DOES,
    PLACES,
    MOVES,
    MOVES_THROUGH,
    CELLS,
    REFILLS,
    BOTH,
    PASSES,
    PLACE_LABEL,
    CHAIN_LABEL,
    TAKE_BOTH,
    PASS_CHOICE,
)
"""The msgids of its moves' words, which the game's catalogue translates (``msgctxt "move"``)."""
MOVE_PLURALS = (WHITE, BLACK, TAKE_WHITE, TAKE_BLACK)
"""Its words about a count, which the catalogue gives in each plural form of its
language (English: one token, or many)."""

ROBOTS = {"W": "white", "B": "black", "R": "red"}
TOKENS = {"w": "white", "b": "black"}
PIECE_NAMES = (
    *(f"{colour} robot" for colour in ROBOTS.values()),
    *(f"{colour} token" for colour in TOKENS.values()),
)
"""The robots' and tokens' English words, which the game's catalogue translates (as a
piece is named on the board, without the article a sentence puts before it)."""


def _cells(cells: tuple[str, ...]) -> Value:
    """Cells one after another (``CELLS``, as each language joins them)."""
    if len(cells) == 1:
        return cells[0]
    return move_phrase(CELLS, first=cells[0], rest=_cells(cells[1:]))


def _tokens(white: int, black: int) -> tuple[Value, Said]:
    """A refill's tokens, as said and as its choice names them."""
    whites = move_plural(WHITE, CountWord(white), number=white)
    blacks = move_plural(BLACK, CountWord(black), number=black)
    if white and black:
        return move_phrase(BOTH, white=whites, black=blacks), move_phrase(
            TAKE_BOTH, white=white, black=black
        )
    if white:
        return whites, move_plural(TAKE_WHITE, white, white=white)
    return blacks, move_plural(TAKE_BLACK, black, black=black)


def move_said(position: Position[Any], text: str) -> MoveSaid:
    """``text``, a move of ``position``, in the game's words."""
    move = position.read_move(text)
    seat = SeatWord(position.turn, seat_name(position, position.turn))
    match move:
        case PlaceToken(colour, cell):
            token = PieceWord(f"{TOKENS[colour]} token", "a")
            alone = move_phrase(PLACES, token=token, cell=cell)
            return _said(seat, alone, text, move_phrase(PLACE_LABEL, colour=TOKENS[colour]))
        case Chain(robot, path):
            values: dict[str, Value] = {"origin": path[0], "target": path[-1]}
            values["robot"] = PieceWord(f"{ROBOTS[robot]} robot", "the")
            if len(path) > 2:
                alone = move_phrase(MOVES_THROUGH, cells=_cells(tuple(path[1:-1])), **values)
            else:
                alone = move_phrase(MOVES, **values)
            label = move_phrase(CHAIN_LABEL, robot=f"{ROBOTS[robot]} robot", target=path[-1])
            return _said(seat, alone, text, label)
        case Refill(white, black):
            tokens, label = _tokens(white, black)
            return _said(seat, move_phrase(REFILLS, tokens=tokens), text, label)
        case Pass():
            alone = move_phrase(PASSES)
            choice = move_phrase(PASS_CHOICE, notation=text, move=alone)
            return MoveSaid(by_seat(seat, alone, SEAT_DOES), alone, choice)
    raise NotationError(f"not a Robotory move: {text!r}")


def _said(seat: SeatWord, alone: Said, text: str, label: Said) -> MoveSaid:
    """A move its seat makes, named at a prompt by ``label`` (which may say the move
    as spoken, ``{move}``), its notation beside."""
    named = replace(label, values=(*label.values, ("move", alone)))
    return MoveSaid(by_seat(seat, alone, SEAT_DOES), alone, labelled(named, text))
