"""The ``kiban room`` command's arguments: its own file, as the room is its own idea (the
organiser's terminal, its pages, a round's export)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from firmware_host.cli.arguments import LANGUAGE_CODES, clock_text, whole


def stall_text(text: str) -> tuple[str | None, float]:
    """``MINUTES`` (every game) or ``GAME=MINUTES`` (a game by any of its names)."""
    from engine.errors import UnknownGameError
    from engine.registry import find_game

    game, _, minutes = text.rpartition("=")
    try:
        value = float(minutes)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: minutes, a number") from None
    if not 0 < value <= 24 * 60:
        raise argparse.ArgumentTypeError(f"{text!r}: 0 to 1440 minutes")
    if not game:
        return None, value
    try:
        return find_game(game).name, value
    except UnknownGameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def room_parser(commands: Any) -> None:
    """``kiban room open``, ``name``, ``export`` and ``sim``: a club's room
    on a broker (docs/club.md)."""
    room = commands.add_parser("room", help="a club's tournament room on an MQTT broker")
    actions = room.add_subparsers(dest="room_command", required=True, metavar="ACTION")
    opening = actions.add_parser("open", help="open the room: the roster and its alerts")
    naming = actions.add_parser(
        "name", help="the room's name (its organiser's login on a locked broker: kiban broker)"
    )
    export = actions.add_parser(
        "export", help="the round's records with names, times and results, and the crosstable"
    )
    opening.add_argument("--state-dir", type=Path, help="where the organiser's key is kept")
    naming.add_argument("--state-dir", type=Path, help="where the organiser's key is kept")
    opening.add_argument("--broker", required=True, help="HOST[:PORT], or an mqtt(s):// URL")
    opening.add_argument("--pairings", required=True, type=Path, help="the round's CSV file")
    opening.add_argument("--round", type=whole(1), default=1, help="the round (default 1)")
    opening.add_argument("--language", choices=LANGUAGE_CODES, help="its language (en)")
    opening.add_argument(
        "--stall",
        action="append",
        default=[],
        type=stall_text,
        metavar="[GAME=]MINUTES",
        help="a table with no move this long is told (default 10; GAME=MINUTES for one game)",
    )
    export.add_argument("--broker", required=True, help="HOST[:PORT], or an mqtt(s):// URL")
    export.add_argument("--to", required=True, type=Path, help="the folder to write into")
    export.add_argument(
        "--state-dir", type=Path, help="where the organiser's key is kept (the room is its)"
    )
    export.add_argument("--room", help="the room's name (default: the organiser key's room)")
    export.add_argument("--event", default="", help="the event's name in the records")
    export.add_argument(
        "--wait", type=float, default=10.0, help="seconds to listen at most (default 10)"
    )
    export.add_argument("--language", choices=LANGUAGE_CODES, help="its language (en)")
    opening.add_argument(
        "--page-port",
        type=int,  # 0 asks for any free port
        default=8090,
        help="the port of the spectator page and the organiser's page (default 8090; 0: any)",
    )
    opening.add_argument(
        "--page-host",
        default="0.0.0.0",  # the hall's phones read the spectator page
        help="the address the pages listen on (default 0.0.0.0: the club's network)",
    )
    opening.add_argument(
        "--outside-moves",
        type=whole(0),
        default=0,
        help="the audience outside the hall (/outside/) is this many moves behind (default 0)",
    )
    opening.add_argument(
        "--outside-seconds",
        type=whole(0),
        default=0,
        help="... and this many seconds behind, the later of the two (default 0)",
    )
    simulated = actions.add_parser(
        "sim", help="a room on this computer: its own broker, simulated boards playing"
    )
    simulated.add_argument(
        "--boards", type=whole(1), help="how many boards (default 4; with --pairings: each table)"
    )
    simulated.add_argument("--pairings", type=Path, help="the round's CSV file (default: made up)")
    simulated.add_argument("--round", type=whole(1), default=1, help="the round (default 1)")
    simulated.add_argument("--language", choices=LANGUAGE_CODES, help="its language (en)")
    simulated.add_argument(
        "--page-port", type=int, default=8090, help="the pages' port (default 8090; 0: any)"
    )
    simulated.add_argument(
        "--page-host",
        default="127.0.0.1",  # a laptop's try: its own browser only
        help="the address the pages listen on (default 127.0.0.1: this computer)",
    )
    simulated.add_argument(
        "--level", default="level:1", help="the computer's player at every seat (default level:1)"
    )
    simulated.add_argument(
        "--pace", type=float, default=2.0, help="seconds between a board's moves (default 2)"
    )
    simulated.add_argument("--seconds", type=float, help="stop after this many seconds")
    simulated.add_argument(
        "--clock",
        metavar="TIME",
        type=clock_text,
        help="every game's clock per player: 10m, 5m+3, '10m byo 30s' (default: none)",
    )
