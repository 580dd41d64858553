"""Robotory moves said aloud: a token placed, a robot's chain, a refill, a pass
("dark moves the red robot from B3 through B2 to B1"). There are no Japanese names:
the sentence is the same either way."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.errors import NotationError
from engine.game import Position
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill
from engine.spoken import count_words, seat_name

ROBOTS = MappingProxyType({"W": "white", "B": "black", "R": "red"})
TOKENS = MappingProxyType({"w": "white", "b": "black"})


def move_sentence(position: Position[Any], text: str, japanese: bool) -> str:
    move = position.read_move(text)
    seat = seat_name(position, position.turn)
    match move:
        case PlaceToken(colour, cell):
            return f"{seat} places a {TOKENS[colour]} token on {cell}"
        case Chain(robot, path):
            through = f" through {', '.join(path[1:-1])}" if len(path) > 2 else ""
            return f"{seat} moves the {ROBOTS[robot]} robot from {path[0]}{through} to {path[-1]}"
        case Refill(white, black):
            counts = ((white, "white"), (black, "black"))
            taken = [count_words(n, f"{colour} token") for n, colour in counts if n]
            return f"{seat} refills {' and '.join(taken)}"
        case Pass():
            return f"{seat} passes"
    raise NotationError(f"not a Robotory move: {text!r}")
