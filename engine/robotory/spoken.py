"""Robotory moves said aloud: a token placed, a robot's chain, a refill, a pass
("dark moves the red robot from B3 through B2 to B1").

The French terms are the French rule book's (seeds/003, "Robotory"): poser un pion
d'énergie, déplacer un robot, faire le plein d'énergie, robot blanc/noir/rouge, the
camps gris clair and gris foncé (the seats clair and foncé). There is no Polish,
Czech or Japanese rule book: their terms translate the French ones (the Japanese in
kana). A count follows a colon in Polish and Czech.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.errors import NotationError
from engine.game import Position
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill
from engine.spoken import count_words, seat_name


@dataclass(frozen=True, slots=True)
class Words:
    """One language's sentences (its robots' and tokens' words are the game's
    catalogue's)."""

    place: str
    chain: str
    through: str
    refill: str
    refill_count: str
    joiner: str
    passes: str


def _words(*sentences: str) -> Words:
    return Words(*sentences)


WORDS = MappingProxyType(
    {
        "fr": _words(  # seeds/003
            "{seat} pose {token} en {cell}",
            "{seat} déplace {robot} de {origin}{through} à {target}",
            " par {cells}",
            "{seat} fait le plein d'énergie : {taken}",
            "{colour} : {count}",
            ", ",
            "{seat} passe",
        ),
        "pl": _words(
            "{seat} kładzie: {token}, na {cell}",
            "{seat} przesuwa: {robot}, z {origin}{through} na {target}",
            " przez {cells}",
            "{seat} uzupełnia energię: {taken}",
            "{colour}: {count}",
            ", ",
            "{seat} pasuje",
        ),
        "cs": _words(
            "{seat} pokládá: {token}, na {cell}",
            "{seat} posouvá: {robot}, z {origin}{through} na {target}",
            " přes {cells}",
            "{seat} doplňuje energii: {taken}",
            "{colour}: {count}",
            ", ",
            "{seat} nehraje",
        ),
        "ja": _words(
            "{seat}、{token}を{cell}におく",
            "{seat}、{robot}を{origin}{through}から{target}へ",
            "、{cells}をとおって",
            "{seat}、エネルギーをほじゅう、{taken}",
            "{colour}{count}こ",
            "、",
            "{seat}、パス",
        ),
    }
)
COLOURS = MappingProxyType(
    {  # the tokens' colours in a refill, by language: (white, black)
        "fr": ("blanc", "noir"),
        "pl": ("białe", "czarne"),
        "cs": ("bílé", "černé"),
        "ja": ("しろ", "くろ"),
    }
)
ROBOTS = MappingProxyType({"W": "white", "B": "black", "R": "red"})
TOKENS = MappingProxyType({"w": "white", "b": "black"})
PIECE_NAMES = (
    *(f"{colour} robot" for colour in ROBOTS.values()),
    *(f"{colour} token" for colour in TOKENS.values()),
)
"""The robots' and tokens' English words, which the game's catalogue translates (as a
piece is named on the board, without the article a sentence puts before it)."""


def move_sentence(position: Position[Any], text: str, language: str) -> str:
    move = position.read_move(text)
    seat = seat_name(position, position.turn, language)
    words = WORDS.get(language)
    if words is not None:
        pieces = position.game.piece_words(language)
        return _translated(move, seat, words, COLOURS[language], pieces)
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


def _translated(
    move: Any, seat: str, words: Words, colours: tuple[str, str], pieces: Mapping[str, str]
) -> str:
    match move:
        case PlaceToken(colour, cell):
            token = f"{TOKENS[colour]} token"
            return words.place.format(seat=seat, token=pieces.get(token, f"a {token}"), cell=cell)
        case Chain(robot, path):
            cells = words.joiner.join(path[1:-1])
            through = words.through.format(cells=cells) if len(path) > 2 else ""
            robot_name = pieces.get(f"{ROBOTS[robot]} robot", f"the {ROBOTS[robot]} robot")
            return words.chain.format(
                seat=seat, robot=robot_name, origin=path[0], through=through, target=path[-1]
            )
        case Refill(white, black):
            counts = zip((white, black), colours, strict=True)
            taken = [words.refill_count.format(colour=c, count=n) for n, c in counts if n]
            return words.refill.format(seat=seat, taken=words.joiner.join(taken))
        case Pass():
            return words.passes.format(seat=seat)
    raise NotationError(f"not a Robotory move: {move!r}")
