"""The command line's options for an online game: ``--online lishogi``, how the game
is found and its time control. Kept apart from the client, so that reading the
command line loads no HTTP library."""

from __future__ import annotations

import argparse

LISHOGI = "https://lishogi.org"  # the same as client.LISHOGI (a test holds them equal)


def add_online_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("play online (lishogi; kiban online login first)")
    group.add_argument(
        "--online",
        choices=("lishogi",),
        help="play the game on lishogi: the opponent's moves are lit, ours are sent",
    )
    how = group.add_mutually_exclusive_group()
    how.add_argument(
        "--online-game", metavar="ID", help="continue this game in progress (default: the first)"
    )
    how.add_argument("--online-seek", action="store_true", help="seek a new game")
    how.add_argument("--online-challenge", metavar="USER", help="challenge this user")
    how.add_argument("--online-accept", metavar="ID", help="accept this challenge")
    group.add_argument("--online-minutes", type=float, default=10.0, help="main time (default: 10)")
    group.add_argument("--online-increment", type=int, default=0, help="seconds per move")
    group.add_argument(
        "--online-byoyomi", type=int, default=10, help="seconds of byoyomi (default: 10)"
    )
    group.add_argument("--online-periods", type=int, default=1, help="byoyomi periods")
    group.add_argument(
        "--online-rated",
        action="store_true",
        help="a rated game (else casual): lishogi's Board API takes one from 15 minutes of "
        "main time + 60 x increment + 25 x periods x byoyomi (casual: 5)",
    )
    group.add_argument(
        "--online-handicap",
        metavar="NAME",
        help="shogi, a seek or challenge from a handicap: lance, bishop, rook, rook-lance, "
        "2-piece, 4-piece, 6-piece, 8-piece or 10-piece (the handicap giver is gote and "
        "moves first)",
    )
    group.add_argument("--online-url", default=LISHOGI, help=argparse.SUPPRESS)  # tests only
