"""The ``kiban`` command line as declared: its commands and their options, and
nothing of what a command builds or runs (the command modules beside this one do).

Building the parser imports no game: the export formats, which need every game,
are listed only when asked for."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, overload

from engine.record import PLAIN_TEXT
from engine.registry import default_game, games
from firmware_host.cli.arguments import LANGUAGE_CODES, KibanParser, clock_text, whole
from firmware_host.cli.room_parser import room_parser
from firmware_host.telling.legend import PALETTES


def _named_or_first(name: str) -> str:
    """A game left unnamed is the first the menus show, found only then: building the
    parser imports no game (``kiban run`` imports only the game it plays)."""
    return name or default_game()


def _game_arguments(parser: argparse.ArgumentParser, *, game_optional: bool = False) -> None:
    if game_optional:
        parser.add_argument(
            "game",
            nargs="?",
            default="",
            type=_named_or_first,
            help="game (default: the first `kiban games` lists)",
        )
    else:
        parser.add_argument("game", help="game name or alias (see: kiban games)")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="K=V",
        help="a rule option, repeatable (see: kiban games)",
    )


def _remote_arguments(parser: argparse.ArgumentParser) -> None:
    from firmware_host.club.options import add_club_arguments
    from firmware_host.remote.options import add_remote_arguments

    add_remote_arguments(parser)
    add_club_arguments(parser)


def _online_arguments(parser: argparse.ArgumentParser) -> None:
    from firmware_host.online.arguments import add_online_arguments

    add_online_arguments(parser)


def _online_parser(commands: Any) -> None:
    """``kiban online login|logout``: the lishogi token, kept in the state directory."""
    online = commands.add_parser("online", help="the lishogi token: login (from stdin), logout")
    actions = online.add_subparsers(dest="online_command", required=True, metavar="ACTION")
    for name, text in (
        ("login", "keep a lishogi token (scope board:play), read from stdin or a prompt"),
        ("logout", "forget the kept token (revoke it on lishogi too)"),
    ):
        action = actions.add_parser(name, help=text)
        action.add_argument("--state-dir", type=Path, help="where the token is kept")


def _settings_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clock",
        metavar="TIME",
        type=clock_text,
        help="a clock per player: 10m, 90s, 5m+3 (increment), '10m byo 30s x3' (byoyomi)",
    )
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="K=V",
        help="a session setting, repeatable: roll=auto|button, draw=none|furigoma|lot, "
        "seed=N, help=LEVEL or SEAT:LEVEL,... (none, legal, threats, coach, hints), "
        "hints=N (every seat's hint budget) or hints=SEAT:N,... (each seat's own: "
        "b:3,w:0; a seat not named has no limit), confirm=on (a club table: a resignation "
        "or a draw waits for the other player's ok)",
    )
    parser.add_argument(
        "--opponent",
        action="append",
        default=[],
        metavar="SEAT=PLAYER",
        help="a seat the computer plays, repeatable: w=level:3 (1-10), b=random, "
        "w=engine[:N] (Fairy-Stockfish where installed), w=usi:PATH[@N]",
    )
    parser.add_argument(
        "--coach", action="store_true", help="colour a lifted piece's destinations by quality"
    )
    parser.add_argument(
        "--warn", action="store_true", help="offer a takeback after a move that throws the game"
    )


def _position_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", metavar="TEXT", help="a position in the game's notation")


def _web_arguments(parser: argparse.ArgumentParser, *, browser: bool) -> None:
    parser.add_argument("--web", action="store_true", help="serve the web companion page")
    parser.add_argument(
        "--port",
        type=int,  # its range is the launch's: 0 asks for any free port
        help="its port (default: 8080, or the next free port after it when 8080 is taken)",
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default: 127.0.0.1, this computer only; "
        "0.0.0.0 listens on the network and asks for a pairing code)",
    )
    if browser:
        parser.add_argument(
            "--no-browser", action="store_true", help="print the address, do not open a browser"
        )


def _list_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--state-dir", type=Path, help="where games are stored")
    parser.add_argument("--sim", action="store_true", help="the simulator's games, not the board's")
    parser.add_argument(
        "--limit", type=int, default=50, help="the most recent N games (default: 50)"
    )


def _board_check_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", required=True, help="the board's profile (a .toml file)")
    parser.add_argument(
        "--game", help="the game whose pieces to use (default: the profile's first)"
    )
    parser.add_argument(
        "--simulate",
        action="store_true",
        help="run on the simulated board of the profile, with a scripted hand",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=20.0,
        help="seconds to wait for each piece or button (default: 20)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the simulated sensors")


class _RecordFormatNames(Sequence[str]):
    """What ``kiban export --format`` takes: plain text for any game, then each game's
    own. Listed only when asked (export, or its help), since listing them imports every
    game: ``kiban run`` imports only the game it plays."""

    def __init__(self) -> None:
        self._names: tuple[str, ...] | None = None

    def _listed(self) -> tuple[str, ...]:
        if self._names is None:
            own = (f.name for game in games() for f in game.record_formats())
            self._names = tuple(dict.fromkeys((PLAIN_TEXT.name, *own)))
        return self._names

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._listed()[index]

    def __len__(self) -> int:
        return len(self._listed())


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line; with ``command``, only that command is declared (and only its
    options' modules imported: ``kiban run``, the service, loads no other command's),
    else every command, as ``kiban --help`` lists them."""
    parser = KibanParser(
        prog="kiban",
        description="Kiban: a referee and teacher for sensor game boards.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, declare in DECLARATIONS:
        if command is None or command == name:
            declare(commands)
    return parser


def command_named(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names (its first word that is no option: ``kiban``'s own
    options take no value), when it is one of ``kiban``'s; else None."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word if word in {name for name, _ in DECLARATIONS} else None
    return None


def _sim_parser(commands: Any) -> None:
    sim = commands.add_parser(
        "sim", help="play on the simulated board (in the terminal, or in a browser with --web)"
    )
    _game_arguments(sim, game_optional=True)
    _position_argument(sim)
    _puzzle_argument(sim)
    sim.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="play on from a record: KIF, KI2, CSA or a USI position line for shogi, the"
        " plain text of kiban export for any game; the board is set up from it by the LEDs",
    )
    sim.add_argument(
        "--from-move",
        type=whole(0),
        metavar="N",
        help="with --record: start after the record's move N (default: its last)",
    )
    sim.add_argument("--profile", default="sim", help="a profile to simulate (default: sim)")
    sim.add_argument("--new", action="store_true", help="start a new game, do not resume")
    sim.add_argument("--state-dir", type=Path, help="where games are stored")
    sim.add_argument("--noise", action="store_true", help="clumsy hands for `play`")
    sim.add_argument("--seed", type=whole(0), default=0, help="seed of the noise")
    sim.add_argument("--palette", choices=sorted(PALETTES), default="default")
    sim.add_argument(
        "--language",
        choices=LANGUAGE_CODES,
        help="the terminal's language (default: the profile's [speech] language, else en)",
    )
    _settings_arguments(sim)
    _web_arguments(sim, browser=True)
    _remote_arguments(sim)
    _online_arguments(sim)


def _run_parser(commands: Any) -> None:
    run = commands.add_parser("run", help="run the real board (what the service runs)")
    run.add_argument("--profile", required=True, help="the board's profile (a .toml file)")
    run.add_argument("--game", help="the game to play (default: the profile's first)")
    run.add_argument("--variant", action="append", default=[], metavar="K=V")
    run.add_argument("--new", action="store_true", help="start a new game, do not resume")
    _puzzle_argument(run)
    run.add_argument("--state-dir", type=Path, help="where games are stored")
    run.add_argument("--palette", choices=sorted(PALETTES), default="default")
    _settings_arguments(run)
    _web_arguments(run, browser=False)
    _remote_arguments(run)
    _online_arguments(run)


def _perft_parser(commands: Any) -> None:
    perft = commands.add_parser("perft", help="count the leaves of the legal-move tree")
    _game_arguments(perft)
    perft.add_argument("depth", type=int)
    _position_argument(perft)


def _moves_parser(commands: Any) -> None:
    moves = commands.add_parser("moves", help="the legal moves, one per line")
    _game_arguments(moves)
    _position_argument(moves)


def _replay_parser(commands: Any) -> None:
    replay = commands.add_parser(
        "replay",
        help="feed recorded sensor events through the recognizer",
        description="Feed recorded sensor events through the recognizer; one JSON record "
        "out per move, prompt and error. Exit status 1 when any event was refused or "
        "unreadable (the count goes to standard error), 2 when the replay could not start.",
    )
    _game_arguments(replay)
    replay.add_argument("events", help="a JSON-lines file of events, or - for standard input")
    replay.add_argument("--profile", default="sim", help="the board profile (default: sim)")
    _position_argument(replay)


def _games_parser(commands: Any) -> None:
    games_parser = commands.add_parser("games", help="the games and their rule options")
    games_parser.add_argument(
        "--stored", action="store_true", help="list the stored games instead (as kiban list)"
    )
    _list_arguments(games_parser)


def _list_parser(commands: Any) -> None:
    listing = commands.add_parser(
        "list", help="the stored games: number, date, players, result, moves"
    )
    _list_arguments(listing)


def _export_parser(commands: Any) -> None:
    export = commands.add_parser(
        "export",
        help=f"write a stored game: {PLAIN_TEXT.name} for any game, or a game's own format",
    )
    export.add_argument("game_id", type=int, metavar="GAME_ID", help="the stored game's number")
    export.add_argument(
        "--format",
        choices=_RecordFormatNames(),
        default="txt",
        metavar="FORMAT",  # argparse would list the choices, and so import every game
        help="%(choices)s (default: %(default)s)",
    )
    export.add_argument("--state-dir", type=Path, help="where games are stored")
    export.add_argument(
        "--sim", action="store_true", help="read the simulator's games, not the board's"
    )
    export.add_argument(
        "--output",
        type=Path,
        help="a file to write (a .kif or .ki2 file is written in Shift_JIS)",
    )


def _doctor_parser(commands: Any) -> None:
    doctor = commands.add_parser(
        "doctor", help="check a board against its profile: buses, sensors, LEDs, buttons"
    )
    _board_check_arguments(doctor)
    doctor.add_argument(
        "--only",
        metavar="PARTS",
        help="some of system,bus,walk,leds,buttons (comma-separated; default: all)",
    )
    doctor.add_argument("--cells", metavar="SPOTS", help="walk only these spots (comma-separated)")
    doctor.add_argument(
        "--expect",
        nargs="?",
        const="start",
        metavar="POSITION",
        help="unattended: the board holds the game's start (or POSITION, in the game's "
        "notation); the walk reads it as it stands and the buttons at rest, asking nobody",
    )
    doctor.add_argument(
        "--swap",
        metavar="A,B",
        help="with --simulate: wire the simulated sensors of two spots crossed",
    )


def _calibrate_parser(commands: Any) -> None:
    calibrate = commands.add_parser(
        "calibrate",
        help="learn the thresholds of analog Hall sensors, channel by channel, or (--timing, "
        "and on every other board) how long a piece slid between cells reads on both or none",
    )
    _board_check_arguments(calibrate)
    calibrate.add_argument(
        "--timing",
        action="store_true",
        help="measure the sensors' overlap and gap as a piece is slid along a line of cells, "
        "and write them into the profile's [sensors] table (the default on a board without "
        "analog Hall sensors)",
    )
    calibrate.add_argument(
        "--output",
        type=Path,
        help="where to write the calibration (default: <profile>.calibration.toml beside it; "
        "with --timing, the profile itself)",
    )


def _build_check_parser(commands: Any) -> None:
    build_check = commands.add_parser(
        "build-check",
        help="check a profile's build before a board is made: every piece read at rest within"
        " its tolerance and every way it stands, no phantom, and what slides blur",
    )
    build_check.add_argument("profile", help="a profile's name (kiban doctor lists them) or path")
    build_check.add_argument("--game", help="the game whose board to check (default: its first)")
    build_check.add_argument(
        "--pictures",
        type=Path,
        metavar="DIR",
        help="draw a cell's read zone and a slide's timeline",
    )
    build_check.add_argument(
        "--write",
        action="store_true",
        help="store the timing figures in the profile's [sensors.timing] (a profile given by path)",
    )
    build_check.add_argument(
        "--quick", action="store_true", help="fewer stances and a coarser search (a first look)"
    )


def _bench_parser(commands: Any) -> None:
    bench = commands.add_parser("bench", help="measure recognition, repaint and move generation")
    bench.add_argument("games", nargs="*", help="games to measure (default: all)")
    bench.add_argument("--positions", type=int, default=50, help="sampled positions per game")
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument(
        "--boards",
        action="store_true",
        help="the bus cost of one scan of each simulated board (or of the profiles named)",
    )
    bench.add_argument(
        "--levels",
        action="store_true",
        help="each level's time per move here and on a Raspberry Pi 4 and Zero 2 W, each "
        "game named (or all), at the calibrated nodes (a sample counted under valgrind)",
    )
    bench.add_argument(
        "--service",
        action="store_true",
        help="the idle service loop: CPU share, scans/s, memory, start-to-ready and frame "
        "change to LED, each game named (or PROFILE:GAME, or a bundled profile) on its "
        "simulated board",
    )
    bench.add_argument(
        "--unit",
        action="store_true",
        help="the service as its unit starts it: the resident memory of the real `kiban run` "
        "command at rest, read from outside, on each profile named (default: every reference "
        "board) with its board simulated",
    )
    bench.add_argument(
        "--budget",
        choices=("pi4", "zero2w"),
        help="with --service: held to what a Raspberry Pi 4 or Zero 2 W core does (a CPU "
        "quota; root)",
    )
    bench.add_argument(
        "--counted",
        action="store_true",
        help="with --service --budget: a touch to the LEDs and the idle board counted in "
        "instructions and cache misses under callgrind (valgrind) and read on that Pi "
        "core, instead of timed under a quota",
    )
    bench.add_argument(
        "--seconds",
        type=float,
        help="with --service: the idle window measured (default 3, or 10 with --budget)",
    )
    bench.add_argument(
        "--report",
        metavar="FILE",
        help="run --service and --levels and write both tables, with this machine's model, "
        "kernel, Python and CPU clock, to FILE: made on a Raspberry Pi, it replaces the "
        "docs' estimates (docs/speed.md says how to send it)",
    )
    bench.add_argument(
        "--top-level",
        type=int,
        help="with --levels or --report: levels 1 to N only (default: all)",
    )
    bench.add_argument(
        "--changes",
        type=int,
        help="with --service or --report: touches timed to the LEDs on each board (default 80)",
    )


def _page_font_parser(commands: Any) -> None:
    """``kiban page-font``: the page's Japanese font subsets, Kiban's or a game's."""
    from firmware_host.web.words.page_font import add_arguments

    page_font = commands.add_parser(
        "page-font",
        help="subset Noto CJK for the page: Kiban's fonts, or --package a game's own",
    )
    add_arguments(page_font)


def _broker_parser(commands: Any) -> None:
    """``kiban broker FOLDER``: a Mosquitto broker locked for play across boards."""
    broker = commands.add_parser(
        "broker",
        help="set up a Mosquitto broker for play across boards, locked: a login per board,"
        " an ACL, TLS with a certificate authority of its own (docs/remote.md)",
    )
    broker.add_argument("folder", type=Path, help="where its files go (mosquitto -c FOLDER/...)")
    broker.add_argument(
        "--host", help="the broker's host name or IP address, as the boards reach it"
    )
    broker.add_argument(
        "--board",
        action="append",
        default=[],
        metavar="NAME",
        help="a board's user name (its id in the games), repeatable: one per board",
    )
    broker.add_argument("--port", type=int, default=8883, help="the TLS port (default 8883)")
    broker.add_argument(
        "--add",
        action="append",
        default=[],
        metavar="NAME",
        help="add a board to the broker set up in FOLDER (a board that lost its store)",
    )
    for option, help_text in (
        ("--organiser", "a club room's organiser: its room's name, as `kiban room name` prints"),
        ("--spectator", "a login that reads the games and rooms and writes nothing"),
        ("--bridge", "a hall's broker bridged to this one: writes what it carries"),
    ):
        broker.add_argument(
            option, action="append", default=[], metavar="NAME", help=help_text + " (repeatable)"
        )


def _puzzles_parser(commands: Any) -> None:
    puzzles = commands.add_parser(
        "puzzles",
        help="the games' puzzles: generate more (resumable), verify them again, count them",
        description="generate: play the engine's own games and keep the positions a solver "
        "proves to have one answer (appended to engine/GAME/puzzles.jsonl, resuming after "
        "its last seed); verify: prove every shipped puzzle again (docs/puzzles.md).",
    )
    puzzles.add_argument("action", choices=("generate", "verify", "list"))
    puzzles.add_argument("game", help="game name or alias (see: kiban games)")
    puzzles.add_argument("--count", type=int, default=50, help="generate: puzzles to add")
    puzzles.add_argument(
        "--nodes", type=int, default=400, help="generate: each self-play move's node budget"
    )
    puzzles.add_argument(
        "--plies",
        type=int,
        action="append",
        help="generate: keep only puzzles of these plies (repeatable; all when not given)",
    )


def _puzzle_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--puzzle",
        nargs="?",
        type=whole(0),
        const=0,
        metavar="DIFFICULTY",
        help="set up one of the game's puzzles (1 the easiest; any when not given) and "
        "judge the moves played against its answer",
    )


def _match_parser(commands: Any) -> None:
    match = commands.add_parser(
        "match",
        help="computer seats play each other: level:N, random, engine[:N], usi:PATH[@N]",
        description="Play GAME --games times between the seats given, turning the list "
        "round each game so every seat moves first in turn, and print each seat's wins, "
        "draws and losses.",
    )
    _game_arguments(match)
    match.add_argument(
        "--seats",
        required=True,
        metavar="A,B[,C,D]",
        help="one per seat of the game, as --opponent names a player: level:N (1-10), "
        "random, engine[:N] (Fairy-Stockfish at level N where it plays the game, else the "
        "built-in search) or usi:PATH[@N]",
    )
    match.add_argument("--games", type=int, default=10, help="games to play (default: 10)")
    match.add_argument("--seed", type=int, default=1, help="seeds the players and the dice")
    match.add_argument(
        "--max-plies",
        type=int,
        default=400,
        help="a longer game is stopped and judged by its count (marbles, points), "
        "else drawn (default: 400)",
    )
    match.add_argument(
        "--nodes",
        type=int,
        metavar="N",
        help="nodes a seat may search a move, instead of its level's budget",
    )
    match.add_argument("--stats", action="store_true", help="time and nodes per second per seat")


def _ladder_parser(commands: Any) -> None:
    ladder = commands.add_parser(
        "ladder",
        help="measure every level at fixed node counts and write the calibration table",
        description="Play each level of GAME against the level above, level 1 against "
        "random and level 10 against the top anchor, fit ratings and write them with each "
        "level's parameters to the table the product reads (docs/levels.md).",
    )
    ladder.add_argument("game", help="the game to calibrate (kiban games lists them)")
    ladder.add_argument("--engine", choices=("builtin", "fairy"), default="builtin")
    ladder.add_argument("--games", type=int, default=20, help="games per pairing (default: 20)")
    ladder.add_argument("--seed", type=int, default=1, help="seeds the players and the dice")
    ladder.add_argument(
        "--top-nodes",
        type=int,
        help="the top anchor's nodes (default: what it played with in the table, else 20000)",
    )
    ladder.add_argument(
        "--max-plies",
        type=int,
        default=400,
        help="a longer game is stopped and judged, as in kiban match",
    )
    ladder.add_argument(
        "--pairings",
        default="1-10,top",
        help="the pairings to play: levels N or A-B (each against the level below) and "
        "'top' (the top anchor against level 10), or 'none' to show the table's; the table's "
        "other results count too",
    )
    ladder.add_argument("--dry-run", action="store_true", help="measure; do not write the table")


def _bestmove_parser(commands: Any) -> None:
    bestmove = commands.add_parser(
        "bestmove",
        help="the move the computer would play in a position, one line",
        description="Print the move the computer would play in the position, in the "
        "game's notation, on one line (notes go to standard error). Exit status 2 when "
        "the position cannot be read or has no move to play.",
    )
    _game_arguments(bestmove)
    _position_argument(bestmove)
    player = bestmove.add_mutually_exclusive_group()
    player.add_argument(
        "--level", metavar="N", help="the built-in search at level N, 1-10 (default: 10)"
    )
    player.add_argument(
        "--engine",
        nargs="?",
        const="",
        metavar="N",
        help="Fairy-Stockfish at level N (default: 10), for the games it plays",
    )
    player.add_argument(
        "--player",
        metavar="PLAYER",
        help="a player as --opponent names it: level:N, random, engine[:N], usi:PATH[@N]",
    )
    bestmove.add_argument(
        "--seed",
        type=int,
        help="seeds the player, and rolls the dice when the position's roll is due",
    )


def _usi_parser(commands: Any) -> None:
    usi = commands.add_parser(
        "usi",
        help="the board as a USI engine: a shogi GUI plays the person at the board",
        description="Speak USI on stdin/stdout: the GUI's move is lit on the board and "
        "waited for, and the move the person plays there is the bestmove (docs/usi.md).",
    )
    usi.add_argument("--profile", help="the board's profile (with --sim: default sim)")
    usi.add_argument("--sim", action="store_true", help="the simulated board, its hands play")
    usi.add_argument("--game", help="the game (default: the one every USI engine plays)")
    usi.add_argument(
        "--person",
        default="level:1",
        metavar="PLAYER",
        help="with --sim: who chooses the simulated person's moves, level:N or random"
        " (default: level:1)",
    )
    usi.add_argument("--state-dir", type=Path, help="where games are stored")
    usi.add_argument("--seed", type=int, default=0, help="with --sim: seeds the person")


DECLARATIONS: tuple[tuple[str, Callable[[Any], None]], ...] = (
    ("sim", _sim_parser),
    ("run", _run_parser),
    ("perft", _perft_parser),
    ("moves", _moves_parser),
    ("replay", _replay_parser),
    ("games", _games_parser),
    ("list", _list_parser),
    ("export", _export_parser),
    ("doctor", _doctor_parser),
    ("calibrate", _calibrate_parser),
    ("build-check", _build_check_parser),
    ("bench", _bench_parser),
    ("match", _match_parser),
    ("ladder", _ladder_parser),
    ("bestmove", _bestmove_parser),
    ("usi", _usi_parser),
    ("online", _online_parser),
    ("broker", _broker_parser),
    ("room", room_parser),
    ("puzzles", _puzzles_parser),
    ("page-font", _page_font_parser),
)
"""Each command, in the order ``kiban --help`` lists them, and what declares it."""
