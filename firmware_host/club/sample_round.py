"""A round made up for a simulated room (``kiban room sim`` with no pairings file): a
table a board, the games taken in turn so that a laptop shows a room of several games
at once (a 4-seat Chaturaji and a hex Abalone among them), each seat a made-up name."""

from __future__ import annotations

from collections.abc import Sequence

from engine.registry import find_game
from engine.registry import names as installed_games
from firmware_host.club.pairings import MAX_TABLES, Pairing, Round

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


def sample_round(tables: int, number: int = 1, games: Sequence[str] | None = None) -> Round:
    """Round ``number`` of ``tables`` tables, numbered from 1, every one of ``games`` (by
    default every installed game) in turn in the menus' order (the room's page then
    draws each kind of board)."""
    if not 0 < tables <= MAX_TABLES:
        raise ValueError(f"{tables} tables: a room has 1 to {MAX_TABLES}")
    pairings: list[Pairing] = []
    games = installed_games() if games is None else tuple(games)
    seated = 0
    for table in range(1, tables + 1):
        game = find_game(games[(table - 1) % len(games)])
        names = []
        for _ in game.seats:
            name = NAMES[seated % len(NAMES)]
            rounds = seated // len(NAMES)
            names.append(name if rounds == 0 else f"{name} {rounds + 1}")
            seated += 1
        pairings.append(Pairing(table, tuple(names), game.name))
    return Round(number, tuple(pairings))
