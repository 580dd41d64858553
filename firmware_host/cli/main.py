"""``kiban``'s entry point: read the command line (parser.py), then hand the options
to the command's composition, which builds what the command needs and runs it.

Each command's module is imported only when that command runs, and only the command
named is declared (its options' modules imported): ``kiban run`` loads neither the
simulator, nor the tools, nor another command's arguments (issue 80: the service's
memory is what its unit starts, ``kiban bench --unit``).
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from importlib import import_module

from engine.errors import KibanError
from firmware_host.cli.parser import build_parser, command_named
from firmware_host.tls import import_asyncio_lean

# Each command: the module of its composition, and the function there that runs it.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("sim", "firmware_host.cli.play", "sim"),
    ("run", "firmware_host.cli.service", "run"),
    ("perft", "firmware_host.cli.rules", "perft"),
    ("moves", "firmware_host.cli.rules", "moves"),
    ("games", "firmware_host.cli.rules", "show_games"),
    ("replay", "firmware_host.cli.tools", "replay"),
    ("list", "firmware_host.cli.stored", "list_stored"),
    ("export", "firmware_host.cli.stored", "export"),
    ("doctor", "firmware_host.cli.board_check", "doctor"),
    ("calibrate", "firmware_host.cli.board_check", "calibrate"),
    ("build-check", "firmware_host.cli.board_check", "build_check"),
    ("bench", "firmware_host.cli.tools", "bench"),
    ("match", "firmware_host.cli.tools", "match"),
    ("ladder", "firmware_host.cli.tools", "ladder"),
    ("bestmove", "firmware_host.cli.tools", "bestmove"),
    ("usi", "firmware_host.cli.usi", "usi"),
    ("online", "firmware_host.cli.online", "online"),
    ("broker", "firmware_host.cli.broker", "broker"),
    ("room", "firmware_host.cli.room", "room"),
    ("puzzles", "firmware_host.cli.puzzles", "puzzles"),
    ("page-font", "firmware_host.web.words.page_font", "run"),
)


def composition(command: str) -> Callable[[argparse.Namespace], int]:
    """The function that builds and runs ``command`` (its module imported now)."""
    for name, module, function in COMMANDS:
        if name == command:
            run: Callable[[argparse.Namespace], int] = getattr(import_module(module), function)
            return run
    raise KeyError(f"no composition for the command {command!r}")


def main(argv: Sequence[str] | None = None) -> int:
    import_asyncio_lean()  # before anything imports asyncio: no OpenSSL until TLS (tls.py)
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(command_named(words))
    args = parser.parse_args(words)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        return composition(args.command)(args)
    except KibanError as error:
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    except ValueError as error:  # a setting or option the parser let through
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    except SystemExit as stop:
        if not isinstance(stop.code, str):
            raise
        # options the command refuses together (--from-move without a --record): a bad
        # command line, said in its one line, with a bad value's status
        print(stop.code, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (kiban moves ... | head): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
