"""``kiban room sim [--boards N] [--pairings F] [--page-port P]``: a club's room on this
computer, with simulated boards playing each other in it (``make room``).

A Mosquitto of its own on a free loopback port (nothing written outside a temporary
folder), the room opened on it as ``kiban room open`` opens it (the organiser's key
made anew), the round of the pairings file or, with none, a round made up of several
games (``club/sample_round.py``), a simulated board per table (``tools/play/club_boards.py``)
bound to its table by the organiser as soon as it is online, and the spectator page
and the organiser's page served, their addresses printed. Ctrl-C (or ``--seconds``)
switches the boards off, each saying its will, and stops the rest.
"""

from __future__ import annotations

import argparse
import logging
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from firmware_host.broker.local import MOSQUITTO, free_port, listening

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.said import Said
    from firmware_host.club.desk import Desk
    from firmware_host.tools.play.club_boards import SimBoard

BROKER_START = 10.0  # seconds Mosquitto may take to listen (it starts in milliseconds)
STEP = 0.05  # seconds of real time between two turns of the boards
WILLS = 1.0  # seconds the room listens for the boards' wills before it closes
REBIND = 5.0  # seconds before a bind the room has not yet made is asked again

log = logging.getLogger(__name__)


def mosquitto() -> Path | None:
    """Mosquitto's program: Debian's, else one on the PATH."""
    if MOSQUITTO.exists():
        return MOSQUITTO
    found = shutil.which("mosquitto")
    return None if found is None else Path(found)


def start_broker(program: Path, folder: Path) -> tuple[subprocess.Popen[bytes], int] | None:
    """A Mosquitto on a free loopback port, with no logins and nothing kept; None when
    it does not listen (its log in ``folder``)."""
    port = free_port()
    config = folder / "mosquitto.conf"
    config.write_text(
        f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n"
        "log_dest stderr\nlog_type error\nlog_type warning\n"
    )
    log = (folder / "mosquitto.log").open("wb")
    process = subprocess.Popen([str(program), "-c", str(config)], stdout=log, stderr=log)
    deadline = time.monotonic() + BROKER_START
    while not listening(port):
        if process.poll() is not None or time.monotonic() > deadline:
            stop_broker(process)
            return None
        time.sleep(0.02)
    return process, port


def stop_broker(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(5.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def room_sim(args: argparse.Namespace) -> int:
    from engine.said import N_, said
    from firmware_host.cli.room_console import room_log, stopped_by_sigterm
    from firmware_host.telling.language import Language
    from firmware_host.telling.rendering import told

    language = Language.named(args.language) if args.language else Language.ENGLISH

    def tell(what: Said) -> None:
        print(told(what, language), flush=True)

    program = mosquitto()
    if program is None:
        missing = N_("{program} is not installed: {command} installs it")
        tell(said(missing, program="Mosquitto", command="make broker (apt install mosquitto)"))
        return 1
    with tempfile.TemporaryDirectory(prefix="kiban-room-") as scratch:
        folder = Path(scratch)
        started = start_broker(program, folder)
        if started is None:
            log = (folder / "mosquitto.log").read_text(errors="replace").strip() or str(program)
            tell(said(N_("{program} did not start: {error}"), program="Mosquitto", error=log))
            return 1
        process, port = started
        room_log(folder)  # the boards' and links' lines in its log, not on the console
        try:
            with stopped_by_sigterm():  # a kill stops the broker too, not only Ctrl-C
                return _room(args, f"mqtt://127.0.0.1:{port}", folder, tell)
        except KeyboardInterrupt:
            return 0
        finally:
            stop_broker(process)


def _room(args: argparse.Namespace, url: str, folder: Path, tell: Callable[[Said], None]) -> int:
    from engine.errors import KibanError
    from engine.said import N_, said
    from firmware_host.club.desk import Desk
    from firmware_host.club.live_delay import Delay
    from firmware_host.club.live_tables import LiveTables
    from firmware_host.club.messages import room_filter
    from firmware_host.club.organiser import Organiser, follow, opened
    from firmware_host.club.pairings import read_round
    from firmware_host.club.sample_round import sample_round
    from firmware_host.remote.address import BrokerAddress
    from firmware_host.remote.identity import BoardKey
    from firmware_host.remote.link import Link
    from firmware_host.tools.play.club_boards import sim_board
    from firmware_host.web.organiser.app import new_token, organiser_app, organiser_url
    from firmware_host.web.organiser.serve import PageServer

    try:
        if args.pairings:
            round, read_as = read_round(args.pairings, args.round)
            if read_as is not None:
                tell(read_as)
        else:
            round = sample_round(args.boards or 4, args.round)
    except (KibanError, ValueError) as error:
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    tables = round.pairings[: args.boards] if args.boards else round.pairings
    address = BrokerAddress.parse(url)
    organiser = Organiser(BoardKey.new(), round)
    woken = threading.Event()
    link = Link(address, room_filter(organiser.room), None, woken.set)
    desk = Desk(round, woken.set)
    live = LiveTables(address, organiser.room, wake=woken.set)
    token = new_token()
    app = organiser_app(live.tables, Delay(), desk, token)
    try:
        pages = PageServer(app, args.page_host, args.page_port)
    except OSError as error:
        why = error.strerror or str(error)
        where = N_("the pages cannot be served on port {port}: {error}")
        tell(said(where, port=args.page_port, error=why))
        return 1

    stop = threading.Event()
    failed = threading.Event()

    def run_room() -> None:
        """The room's loop on its thread: a failure of it is told and ends the run,
        never a room that silently stops following its boards."""
        try:
            follow(
                organiser,
                link,
                tell,
                stop,
                commands=desk.commands,
                woken=woken,
                seen=desk.see,
                tables=live,
                asked=desk.ask,
            )
        except Exception as error:
            log.exception("the room's loop stopped")
            tell(said(N_("the room stopped: {error}"), error=str(error)))
            failed.set()

    room = threading.Thread(target=run_room, name="room", daemon=True)
    boards: list[SimBoard] = []
    try:
        for line in opened(organiser, url):
            tell(line)
        tell(said(N_("the spectator page: {url}"), url=pages.base() + "/"))
        secret = organiser_url(pages.base(), token)
        tell(said(N_("the organiser's page (keep its address secret): {url}"), url=secret))
        link.start()
        room.start()
        for pairing in tables:
            boards.append(
                sim_board(
                    pairing,
                    organiser.room,
                    address,
                    folder,
                    level=args.level,
                    pace=args.pace,
                    seed=pairing.table,
                    clock=args.clock,
                )
            )
        tell(
            said(
                N_("{boards} simulated boards play in the room; {keys} stops them"),
                boards=len(boards),
                keys="Ctrl-C",
            )
        )
        _play(boards, desk, args.seconds, failed)
    except KeyboardInterrupt:
        pass
    finally:
        for board in boards:
            board.close()  # each board's will, told by the room as it arrives
        if room.is_alive():
            time.sleep(WILLS)
        stop.set()
        woken.set()
        if room.ident is not None:  # a stop before the room's loop began has none to wait
            room.join(5.0)
        link.close()
        live.close()
        pages.stop()
    return 1 if failed.is_set() else 0


def _play(
    boards: list[SimBoard], desk: Desk, seconds: float | None, failed: threading.Event
) -> None:
    """Drive the boards in real time, binding each to its table once it is online (once:
    a board the organiser unbinds after stays unbound), until ``seconds`` have passed
    (None: until Ctrl-C)."""
    from firmware_host.club.organiser import Command, Verb

    end = None if seconds is None else time.monotonic() + seconds
    asked: dict[str, float] = {}
    done: set[str] = set()  # the boards the room has bound once
    while (end is None or time.monotonic() < end) and not failed.is_set():
        glance = desk.glance
        online = {entry.board for entry in glance.entries if entry.online}
        bound = {} if glance.state is None else {b: t for t, b, _k in glance.state.bound}
        now = time.monotonic()
        for board in boards:
            if bound.get(board.board) == board.table:
                done.add(board.board)
            ask = board.board in online and board.board not in done
            if ask and now - asked.get(board.board, -10.0) > REBIND:
                asked[board.board] = now  # again only while the room has not made it
                desk.put(Command(Verb.BIND, board.board, board.table))
            board.step(now)
        time.sleep(max(0.0, STEP - (time.monotonic() - now)))
