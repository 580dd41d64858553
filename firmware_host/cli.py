"""``kiban``: the simulator, the service, and the tools around them."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, overload

from engine.errors import KibanError
from engine.game import Game
from engine.options import parse_assignments
from engine.record import PLAIN_TEXT
from engine.registry import find_game, games
from firmware_host.telling.legend import PALETTES

if TYPE_CHECKING:
    from engine.game import Layout
    from firmware_host.store.importing import Imported

log = logging.getLogger("kiban")


def _game_arguments(parser: argparse.ArgumentParser, *, game_optional: bool = False) -> None:
    if game_optional:
        parser.add_argument("game", nargs="?", default="dobutsu", help="game (default: dobutsu)")
    else:
        parser.add_argument("game", help="game name or alias (see: kiban games)")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="K=V",
        help="a rule option, repeatable (see: kiban games)",
    )


def add_remote_arguments(parser: argparse.ArgumentParser) -> None:
    from firmware_host.remote.options import add_remote_arguments as add

    add(parser)


def _settings_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--clock", metavar="TIME", help="a clock per player: 10m, 90s, 5m+3 (increment)"
    )
    parser.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="K=V",
        help="a session setting, repeatable: roll=auto|button, draw=none|furigoma|lot, seed=N",
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


def _settings(args: argparse.Namespace) -> dict[str, str]:
    from firmware_host.session.settings import Settings

    settings = parse_assignments(args.setting)
    if args.clock:
        settings["clock"] = args.clock
    if args.opponent:
        settings["opponent"] = ",".join(args.opponent)
    for switch in ("coach", "warn"):
        if getattr(args, switch):
            settings[switch] = "on"
    Settings.parse(settings)  # validate early
    return settings


def _position_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--position", metavar="TEXT", help="a position in the game's notation")


def _web_arguments(parser: argparse.ArgumentParser, *, browser: bool) -> None:
    parser.add_argument("--web", action="store_true", help="serve the web companion page")
    parser.add_argument(
        "--port",
        type=int,
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kiban",
        description="Kiban: a referee and teacher for sensor game boards.",
    )
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = commands.add_parser(
        "sim", help="play on the simulated board (in the terminal, or in a browser with --web)"
    )
    _game_arguments(sim, game_optional=True)
    _position_argument(sim)
    sim.add_argument(
        "--record",
        type=Path,
        metavar="FILE",
        help="play on from a record: KIF, CSA or a USI position line for shogi, the plain"
        " text of kiban export for any game; the board is set up from it by the LEDs",
    )
    sim.add_argument(
        "--from-move",
        type=int,
        metavar="N",
        help="with --record: start after the record's move N (default: its last)",
    )
    sim.add_argument("--profile", default="sim", help="a profile to simulate (default: sim)")
    sim.add_argument("--new", action="store_true", help="start a new game, do not resume")
    sim.add_argument("--state-dir", type=Path, help="where games are stored")
    sim.add_argument("--noise", action="store_true", help="clumsy hands for `play`")
    sim.add_argument("--seed", type=int, default=0, help="seed of the noise")
    sim.add_argument("--palette", choices=sorted(PALETTES), default="default")
    _settings_arguments(sim)
    _web_arguments(sim, browser=True)
    add_remote_arguments(sim)

    run = commands.add_parser("run", help="run the real board (what the service runs)")
    run.add_argument("--profile", required=True, help="the board's profile (a .toml file)")
    run.add_argument("--game", help="the game to play (default: the profile's first)")
    run.add_argument("--variant", action="append", default=[], metavar="K=V")
    run.add_argument("--new", action="store_true", help="start a new game, do not resume")
    run.add_argument("--state-dir", type=Path, help="where games are stored")
    run.add_argument("--palette", choices=sorted(PALETTES), default="default")
    _settings_arguments(run)
    _web_arguments(run, browser=False)
    add_remote_arguments(run)

    perft = commands.add_parser("perft", help="count the leaves of the legal-move tree")
    _game_arguments(perft)
    perft.add_argument("depth", type=int)
    _position_argument(perft)

    moves = commands.add_parser("moves", help="the legal moves, one per line")
    _game_arguments(moves)
    _position_argument(moves)

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

    games_parser = commands.add_parser("games", help="the games and their rule options")
    games_parser.add_argument(
        "--stored", action="store_true", help="list the stored games instead (as kiban list)"
    )
    _list_arguments(games_parser)
    listing = commands.add_parser(
        "list", help="the stored games: number, date, players, result, moves"
    )
    _list_arguments(listing)

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
        "--output", type=Path, help="a file to write (a .kif file is written in Shift_JIS)"
    )

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
        "--swap",
        metavar="A,B",
        help="with --simulate: wire the simulated sensors of two spots crossed",
    )

    calibrate = commands.add_parser(
        "calibrate", help="learn the thresholds of analog Hall sensors, channel by channel"
    )
    _board_check_arguments(calibrate)
    calibrate.add_argument(
        "--output",
        type=Path,
        help="where to write the calibration (default: <profile>.calibration.toml beside it)",
    )

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
        "--service",
        action="store_true",
        help="the idle service loop: CPU share, scans/s, memory, start-to-ready and frame "
        "change to LED, each game named (or PROFILE:GAME, or a bundled profile) on its "
        "simulated board",
    )
    bench.add_argument(
        "--budget",
        choices=("pi4", "zero2w"),
        help="with --service: held to what a Raspberry Pi 4 or Zero 2 W core does (a CPU "
        "quota; root)",
    )
    bench.add_argument(
        "--seconds",
        type=float,
        help="with --service: the idle window measured (default 3, or 10 with --budget)",
    )
    _match_parser(commands)
    return parser


def _match_parser(commands: Any) -> None:
    match = commands.add_parser(
        "match",
        help="computer seats play each other: level:N, random, usi:PATH",
        description="Play GAME --games times between the seats given, turning the list "
        "round each game so every seat moves first in turn, and print each seat's wins, "
        "draws and losses.",
    )
    _game_arguments(match)
    match.add_argument(
        "--seats",
        required=True,
        metavar="A,B[,C,D]",
        help="one per seat of the game: level:N (1-10), random, or usi:PATH",
    )
    match.add_argument("--games", type=int, default=10, help="games to play (default: 10)")
    match.add_argument("--seed", type=int, default=1, help="seeds the players and the dice")
    match.add_argument(
        "--max-plies", type=int, default=400, help="a longer game is a draw (default: 400)"
    )
    match.add_argument(
        "--nodes",
        type=int,
        metavar="N",
        help="nodes a built-in seat may search a move, instead of its level's budget",
    )
    match.add_argument("--stats", action="store_true", help="time and nodes per second per seat")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        handler = {
            "sim": _sim,
            "run": _run,
            "perft": _perft,
            "moves": _moves,
            "replay": _replay,
            "games": _games,
            "list": _list,
            "bench": _bench,
            "export": _export,
            "doctor": _doctor,
            "calibrate": _calibrate,
            "match": _match,
        }[args.command]
        return handler(args)
    except KibanError as error:
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    except ValueError as error:  # a setting or option the parser let through
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (kiban moves ... | head): stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _game(args: argparse.Namespace) -> tuple[Game[Any], dict[str, str]]:
    game = find_game(args.game)
    options = parse_assignments(args.variant)
    game.options(options)  # validate early, with the game's own message
    return game, options


def _perft(args: argparse.Namespace) -> int:
    game, options = _game(args)
    if args.depth < 0:
        raise SystemExit("kiban: depth must be 0 or more")
    print(game.position(args.position, options).perft(args.depth))
    return 0


def _moves(args: argparse.Namespace) -> int:
    game, options = _game(args)
    position = game.position(args.position, options)
    moves = list(position.legal_moves()) or list(position.chance_moves() or ())
    for text in sorted(position.move_text(m) for m in moves):
        print(text)  # when a roll is due, the rolls are the moves
    return 0


def _games(args: argparse.Namespace) -> int:
    if args.stored:
        return _list(args)
    for game in games():
        aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
        print(f"{game.name}{aliases}: {game.title}")
        for spec in game.option_specs:
            print(f"    --variant {spec.describe()}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.service:
        from firmware_host.tools.bench_service import service_lines

        for line in service_lines(args.games, seconds=args.seconds, budget=args.budget):
            print(line, flush=True)
        return 0
    if args.boards:
        from firmware_host.tools.bench_boards import board_lines

        for line in board_lines(args.games):
            print(line, flush=True)
        return 0
    from firmware_host.tools.bench import run

    for line in run(args.games, args.positions, args.seed):
        print(line, flush=True)
    return 0


def _list(args: argparse.Namespace) -> int:
    from firmware_host.tools.listing import listed, table
    from firmware_host.tools.stores import choose_store, open_to_read

    choice = choose_store(args.state_dir, sim=args.sim)
    if choice.note is not None:
        print(f"kiban: {choice.note}", file=sys.stderr)
    store = open_to_read(choice)
    try:
        rows = [listed(stored) for stored in store.list_games(max(args.limit, 1))]
    finally:
        store.close()
    if not rows:
        print(f"no games stored in {choice.path}")
        return 0
    for line in table(rows):
        print(line)
    return 0


def _export(args: argparse.Namespace) -> int:
    from firmware_host.tools.export import export_game
    from firmware_host.tools.stores import choose_store, open_to_read

    choice = choose_store(args.state_dir, sim=args.sim)
    if choice.note is not None:
        print(f"kiban: {choice.note}", file=sys.stderr)
    store = open_to_read(choice)
    try:
        stored = store.load(args.game_id)
    finally:
        store.close()
    output: Path | None = args.output
    shift_jis = output is not None and output.suffix.lower() == ".kif"
    text = export_game(stored, args.format, encoding="Shift_JIS" if shift_jis else "UTF-8")
    if output is None:
        sys.stdout.write(text)
        return 0
    try:
        output.write_text(text, encoding="cp932" if shift_jis else "utf-8")
    except OSError as error:
        print(f"kiban: cannot write {output}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeEncodeError as error:
        print(
            f"kiban: {output}: Shift_JIS cannot hold {error.object[error.start : error.end]!r};"
            " write a .kifu file (UTF-8) instead",
            file=sys.stderr,
        )
        return 2
    return 0


def _store(state_dir: Path | None, name: str) -> Any:
    """The store of ``kiban sim`` or ``kiban run``: a damaged file is kept aside for a
    fresh one (the session says so), a newer one stops the command."""
    from firmware_host.store.salvage import open_store
    from firmware_host.store.storage import default_state_dir

    return open_store((state_dir or default_state_dir()) / name)


def _sim(args: argparse.Namespace) -> int:
    from firmware_host.boards.simulator import Simulation
    from firmware_host.opponents.players import check_engines
    from firmware_host.terminal.app import run_terminal
    from hardware.mock.hands import Noise
    from hardware.profile import load_profile

    game, options = _game(args)
    profile = load_profile(args.profile, game)
    settings = _settings(args)
    start = _start(args, game, options)
    check_engines(game, settings.get("opponent", ""), start.options)
    remote = _remote_game(args, game, None)
    # a spectator's page keeps nothing: its game is the players' (a store of its own)
    watching = remote is not None and remote.request.watch
    state_dir = args.state_dir
    if watching:
        import tempfile

        state_dir = Path(tempfile.mkdtemp(prefix="kiban-watch-"))
    store = _store(state_dir, "sim.sqlite3")
    if args.web:
        try:
            return _sim_web(args, game, start, settings, store, remote=remote)
        finally:
            store.close()
    sim = Simulation(
        game,
        profile,
        store,
        options=start.options,
        position=start.start,
        moves=start.moves,
        pieces=_usual_pieces(game, start),
        settings=settings,
        resume=_resume(args, settings, remote),
        noise=Noise.realistic() if args.noise else None,
        seed=args.seed,
        palette=PALETTES[args.palette],
        remote=remote,
    )
    try:
        return run_terminal(sim)
    finally:
        sim.close()
        sim.journal.shutdown()
        store.close()


def _start(args: argparse.Namespace, game: Game[Any], options: dict[str, str]) -> Imported:
    """The game ``kiban sim`` starts: a record's (up to ``--from-move``), a ``--position``,
    or None for the usual start (``Imported``)."""
    from firmware_host.store.importing import Imported, read_record_file

    if args.record is None:
        if args.from_move is not None:
            raise SystemExit("kiban: --from-move chooses a move of a --record")
        return Imported(options, args.position, ())
    if args.position is not None:
        raise SystemExit("kiban: give --record or --position, not both")
    imported = read_record_file(args.record, game).up_to(args.from_move)
    return Imported({**imported.options, **options}, imported.start, imported.moves)


def _usual_pieces(game: Game[Any], start: Imported) -> Layout | None:
    """How the simulated pieces stand before a game read in or given by ``--position``:
    as the game usually starts, so the LEDs guide the set-up as on a real board (None:
    as the game has them)."""
    if start.start is None and not start.moves:
        return None
    usual: Layout = game.position(None, start.options).layout()
    return usual


def _sim_web(
    args: argparse.Namespace,
    game: Game[Any],
    start: Imported,
    settings: dict[str, str],
    store: Any,
    *,
    remote: Any,
) -> int:
    import asyncio

    from firmware_host.web.launch import run_simulator
    from firmware_host.web.pairing import Pairing
    from firmware_host.web.sim_session import SimSession
    from hardware.mock.hands import Noise

    pairing = Pairing.for_host(args.host)
    session = SimSession(
        game,
        store,
        profile=args.profile,
        palette=args.palette,
        options=start.options,
        position=start.start,
        moves=start.moves,
        pieces=_usual_pieces(game, start),
        resume=_resume(args, settings, remote),
        noise=Noise.realistic() if args.noise else None,
        seed=args.seed,
        pairing=pairing,
        settings=settings,
        remote=remote,
    )
    asyncio.run(run_simulator(session, pairing, args.host, args.port, browser=not args.no_browser))
    return 0


def _run(args: argparse.Namespace) -> int:
    import asyncio

    from firmware_host.boards.runtime import Runtime
    from firmware_host.boards.speaker import announce
    from firmware_host.opponents.players import check_engines
    from hardware.profile import load_profile

    profile = load_profile(args.profile)
    game = find_game(args.game or profile.games[0])
    profile = load_profile(args.profile, game)
    options = parse_assignments(args.variant)
    game.options(options)
    settings = _settings(args)
    check_engines(game, settings.get("opponent", ""), options)
    store = _store(args.state_dir, "games.sqlite3")
    remote = _remote_game(args, game, profile.remote)
    runtime = Runtime(game, profile, store, PALETTES[args.palette], remote=remote)
    speaker = announce(runtime, profile.speech)  # when the profile asks for speech
    try:
        fresh = not _resume(args, settings, remote)
        if args.web:
            from firmware_host.web.launch import run_board
            from firmware_host.web.pairing import Pairing

            pairing = Pairing.for_host(args.host)
            asyncio.run(
                run_board(
                    runtime,
                    pairing,
                    args.host,
                    args.port,
                    resume=not fresh,
                    options=options,
                    settings=settings,
                )
            )
        else:
            asyncio.run(runtime.run(resume=not fresh, options=options, settings=settings))
    finally:
        if speaker is not None:
            speaker.close()
        store.close()
    return 0


def _remote_game(args: argparse.Namespace, game: Game[Any], profile_remote: Any) -> Any:
    """The remote game the options (or the profile) ask for, or None."""
    from firmware_host.remote.options import remote_request

    request = remote_request(args, profile_remote, resume=not args.new)
    if request is None:
        return None
    if request.watch and args.command != "sim":
        raise SystemExit("kiban: --watch follows a game on the simulator's page: kiban sim --web")
    from firmware_host.remote.game import RemoteGame
    from firmware_host.remote.options import invitation

    def announce(code: Any, watch: Any) -> None:
        print(f"kiban: {invitation(code, watch, request, game.name)}", flush=True)

    return RemoteGame(request, announce=announce)


def _resume(args: argparse.Namespace, settings: dict[str, str], remote: Any) -> bool:
    """Whether the stored game is taken up: not when a new one is asked for, or one
    from a record (a remote game decides by its code)."""
    if remote is not None:
        return not args.new
    record = getattr(args, "record", None)
    return not args.new and not args.variant and not settings and record is None


def _bench_for(args: argparse.Namespace, **simulated: Any) -> tuple[Any, Any]:
    """The bench of doctor and calibrate: the real board, or its simulation."""
    from firmware_host.tools.workbench import Bench
    from hardware.profile import load_profile

    profile = load_profile(args.profile)
    game = find_game(args.game or profile.games[0])
    profile = load_profile(args.profile, game)
    if args.simulate:
        from firmware_host.tools.sim_bench import simulated_bench

        sim = simulated_bench(
            profile, game, say=lambda line: print(line, flush=True), seed=args.seed, **simulated
        )
        sim.bench.timeout = min(args.timeout, 10.0)
        return sim.bench, sim.hardware.buses
    from drivers.serial_scanner import open_serial
    from drivers.spi import open_spi
    from hardware.board import assemble, open_buses, open_led_device, unavailable_devices

    # A device that cannot be opened (I2C or SPI not enabled, a group missing) is the
    # doctor's first finding, not a traceback.
    buses, unavailable = open_buses(profile.bus_numbers)
    unavailable += unavailable_devices(profile)

    def open_board(on_button: Any) -> Any:
        if unavailable:
            raise unavailable[0]
        device = open_led_device(profile)
        return assemble(profile, buses, device, on_button, spi=open_spi, serial=open_serial)

    bench = Bench(
        profile,
        game,
        open_board,
        say=lambda line: print(line, flush=True),
        unavailable=tuple(unavailable),
    )
    bench.timeout = args.timeout
    return bench, buses


def _doctor(args: argparse.Namespace) -> int:
    from firmware_host.tools.doctor import PARTS, Doctor
    from firmware_host.tools.pi_setup import PiSystem
    from hardware.mock.wiring import swapped
    from hardware.profile import load_profile

    parts = PARTS if not args.only else tuple(p.strip() for p in args.only.split(","))
    unknown = [part for part in parts if part not in PARTS]
    if unknown:
        print(f"kiban: unknown part {unknown[0]!r} (parts: {', '.join(PARTS)})", file=sys.stderr)
        return 2
    simulated: dict[str, Any] = {}
    if args.swap:
        if not args.simulate:
            print("kiban: --swap only makes sense with --simulate", file=sys.stderr)
            return 2
        first, _, second = args.swap.partition(",")
        profile = load_profile(args.profile)
        simulated["physical"] = swapped(profile, first.strip(), second.strip())
    bench, buses = _bench_for(args, **simulated)
    cells = None if not args.cells else [cell.strip() for cell in args.cells.split(",")]
    system = None if args.simulate else PiSystem()
    report = Doctor(bench, buses, system=system).run(parts, cells)
    return 1 if report.problems else 0


def _calibrate(args: argparse.Namespace) -> int:
    from firmware_host.tools.calibrate import Calibrator

    bench, _ = _bench_for(args)
    result = Calibrator(bench).run(args.output)
    return 1 if result.refused else 0


def _match(args: argparse.Namespace) -> int:
    from engine.search import Limits
    from firmware_host.tools.match import play_match

    game, options = _game(args)
    if args.games < 1 or args.max_plies < 1:
        raise SystemExit("kiban: --games and --max-plies must be 1 or more")
    limits = Limits(max_nodes=args.nodes) if args.nodes else None
    specs = [spec.strip() for spec in args.seats.split(",")]
    result = play_match(
        game,
        specs,
        args.games,
        seed=args.seed,
        options=options,
        max_plies=args.max_plies,
        limits=limits,
    )
    for line in result.lines(stats=args.stats):
        print(line)
    return 0


def _replay(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    from firmware_host.boards.simulator import Simulation
    from firmware_host.store.storage import GameStore
    from firmware_host.tools.replay import ReplayTally, replay
    from hardware.profile import load_profile

    out = out or sys.stdout
    game, options = _game(args)
    profile = load_profile(args.profile, game)
    store = GameStore(":memory:")
    sim = Simulation(game, profile, store, options=options, position=args.position, resume=False)
    source: IO[str]
    if args.events == "-":
        source = sys.stdin
    else:
        try:
            source = open(args.events, encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as error:
            print(f"kiban: cannot read {args.events}: {error.strerror}", file=sys.stderr)
            return 2
    tally = ReplayTally()
    try:
        for record in replay(sim, source, tally):
            out.write(json.dumps(record) + "\n")
    finally:
        if source is not sys.stdin:
            source.close()
        sim.close()
    if tally.refused:
        print(f"kiban replay: {tally.summary()}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
