"""A round made up for a simulated room (``kiban room sim`` with no pairings file): a
table a board, the games taken in turn so that a laptop shows a room of several games
at once (a 4-seat Chaturaji and a hex Abalone among them), each seat a made-up name."""

from __future__ import annotations

from engine.registry import find_game
from firmware_host.club.pairings import MAX_TABLES, Pairing, Round

GAMES = ("shogi", "dobutsu", "abalone", "chaturaji")
"""The games of the tables in turn: the room's page draws each kind of board (the square
boards with pieces in hand, the hexagons, the four armies)."""

NAMES = (
    "Aiko Tanaka",
    "Jan Novák",
    "Marie Dupont",
    "Kenji Sato",
    "Hana Ito",
    "Luc Martin",
    "Yuki Mori",
    "Anna Zielińska",
    "Paul Girard",
    "Eva Svobodová",
    "Ren Kato",
    "Piotr Nowak",
)


def sample_round(tables: int, number: int = 1) -> Round:
    """Round ``number`` of ``tables`` tables, numbered from 1, the games in turn."""
    if not 0 < tables <= MAX_TABLES:
        raise ValueError(f"{tables} tables: a room has 1 to {MAX_TABLES}")
    pairings: list[Pairing] = []
    seated = 0
    for table in range(1, tables + 1):
        game = find_game(GAMES[(table - 1) % len(GAMES)])
        names = []
        for _ in game.seats:
            name = NAMES[seated % len(NAMES)]
            rounds = seated // len(NAMES)
            names.append(name if rounds == 0 else f"{name} {rounds + 1}")
            seated += 1
        pairings.append(Pairing(table, tuple(names), game.name))
    return Round(number, tuple(pairings))
