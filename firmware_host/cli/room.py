"""``kiban room name``: the room's name, which a locked broker's organiser login takes
(``kiban broker --organiser NAME``).

``kiban room open --broker HOST[:PORT] --pairings round1.csv [--round N]``: a club's
room on a broker (firmware_host/club/, docs/club.md). It prints the round, then the
roster and its alerts as they change, in the organiser's language; the organiser
types ``light BOARD TABLE`` to see which board is which, ``bind BOARD TABLE``,
``unbind TABLE``, ``quit``, or does the same on the organiser's page, served with the
spectator page on ``--page-port`` (its secret address printed here alone).

``kiban room export --broker ... --to DIR``: the round the room plays, as its state on
the broker says it (the pairings, each table's games), its games followed and written
into ``DIR`` with the round's table and the crosstable (``club/export.py``)."""

from __future__ import annotations

import argparse
import functools
import io
import queue
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from firmware_host.cli.room_console import room_log, stopped_by_sigterm

if TYPE_CHECKING:
    from engine.said import Said
    from firmware_host.club.desk import Desk
    from firmware_host.club.messages import RoomState
    from firmware_host.club.organiser import Command


def broker_url(text: str) -> str:
    """``HOST[:PORT]`` as the broker address every board takes (an address with its
    scheme, ``mqtts://`` say, as it is)."""
    return text if "://" in text else f"mqtt://{text}"


def room(args: argparse.Namespace) -> int:
    if args.room_command == "export":
        return export(args)
    if args.room_command == "name":
        return room_name(args)
    if args.room_command == "sim":
        from firmware_host.cli.room_sim import room_sim

        return room_sim(args)
    return open_room(args)


def room_name(args: argparse.Namespace) -> int:
    """The name the organiser's key opens, made and kept here on first use: what
    ``kiban broker --organiser`` takes for the organiser's login, before the room opens."""
    from engine.errors import KibanError
    from firmware_host.club.keeping import organiser_key
    from firmware_host.club.messages import room_of
    from firmware_host.store.storage import default_state_dir

    try:
        key, _ = organiser_key(args.state_dir or default_state_dir())
    except KibanError as error:
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    print(room_of(key.public))
    return 0


def export(args: argparse.Namespace) -> int:
    """The round the room plays, gathered from the broker (its state says the pairings
    and each table's games) and written into ``--to``."""
    from engine.errors import KibanError
    from engine.said import N_, said
    from firmware_host.club.export import export_round
    from firmware_host.club.export_room import gathered_round
    from firmware_host.club.keeping import organiser_key
    from firmware_host.club.messages import room_of
    from firmware_host.remote.address import BrokerAddress
    from firmware_host.store.storage import default_state_dir
    from firmware_host.telling.language import Language
    from firmware_host.telling.rendering import told

    language = Language.named(args.language) if args.language else Language.ENGLISH
    try:
        room = args.room
        if room is None:
            key, _ = organiser_key(args.state_dir or default_state_dir())
            room = room_of(key.public)
        address = BrokerAddress.parse(broker_url(args.broker))
        gathered = gathered_round(address, room, args.wait, event=args.event)
        round, games = gathered.round, gathered.games
        written = export_round(args.to, round, games, args.event, gathered.earlier)
    except KibanError as error:
        print(f"kiban: {error}", file=sys.stderr)
        return 2
    heard = sum(game is not None for game in games.values())
    done = said(
        N_("round {round} exported to {folder}: {heard} of {tables} tables' games, {files} files"),
        round=round.number,
        folder=str(args.to),
        heard=heard,
        tables=len(round.pairings),
        files=len(written),
    )
    print(told(done, language), flush=True)
    return 0


def open_room(args: argparse.Namespace) -> int:
    from engine.said import N_, said
    from firmware_host.club.desk import Desk
    from firmware_host.club.keeping import organiser_key
    from firmware_host.club.live_delay import Delay
    from firmware_host.club.live_tables import LiveTables, StallTimes
    from firmware_host.club.messages import room_filter
    from firmware_host.club.organiser import Organiser, follow, opened
    from firmware_host.club.pairings import read_round
    from firmware_host.club.round_keeping import RoundKeeper, rounds_folder
    from firmware_host.club.words import COMMANDS, Look
    from firmware_host.remote.address import BrokerAddress
    from firmware_host.remote.link import Link
    from firmware_host.store.storage import default_state_dir
    from firmware_host.telling.language import Language
    from firmware_host.telling.rendering import told
    from firmware_host.web.organiser.app import HEADERS, new_token, organiser_app, organiser_url
    from firmware_host.web.organiser.archive import archive_handler
    from firmware_host.web.organiser.serve import PageServer

    language = Language.named(args.language) if args.language else Language.ENGLISH

    desk: Desk | None = None

    def tell(what: Said) -> None:
        print(told(what, language), flush=True)
        if desk is not None:
            desk.note(what)

    address = BrokerAddress.parse(broker_url(args.broker))
    pairings, read_as = read_round(args.pairings, args.round)
    if read_as is not None:
        tell(read_as)
    state_dir = args.state_dir or default_state_dir()
    key, floor = organiser_key(state_dir)
    organiser = Organiser(key, pairings, floor)
    room_log(state_dir)

    woken = threading.Event()
    link = Link(address, room_filter(organiser.room), None, woken.set)
    typed: queue.SimpleQueue[Command] = queue.SimpleQueue()

    desk = Desk(pairings, woken.set)

    def commands() -> list[Command]:
        got: list[Command] = []
        while not typed.empty():
            got.append(typed.get_nowait())
        return got + desk.commands()

    token = new_token()
    # each bound table's game followed by the watch code its board's birth names
    live = LiveTables(address, organiser.room, wake=woken.set, stall=StallTimes.given(args.stall))
    outside = Delay(args.outside_moves, float(args.outside_seconds))
    kept = rounds_folder(state_dir, organiser.room)
    keeper = RoundKeeper(kept, pairings, live.tables, earlier=live.earlier)
    archive = archive_handler(pairings, live.tables, HEADERS, kept=kept, earlier=live.earlier)
    app = organiser_app(live.tables, outside, desk, token, export=archive)
    try:
        pages = PageServer(app, args.page_host, args.page_port)
    except OSError as error:
        why = error.strerror or str(error)
        where = N_("the pages cannot be served on port {port}: {error}")
        tell(said(where, port=args.page_port, error=why))
        return 1
    for line in opened(organiser, str(address)):
        tell(line)
    tell(said(N_("the spectator page: {url}"), url=pages.base() + "/"))
    secret = organiser_url(pages.base(), token)
    tell(said(N_("the organiser's page (keep its address secret): {url}"), url=secret))
    tell(said(N_("type {commands}"), commands=COMMANDS))
    reader = functools.partial(read_typed, typed, woken, tell)
    threading.Thread(target=reader, name="room-commands", daemon=True).start()
    stop = threading.Event()
    link.start()

    def seen(look: Look, state: RoomState, connected: bool) -> None:
        desk.see(look, state, connected)
        trouble = keeper.keep()
        if trouble is not None:
            tell(trouble)

    try:
        with stopped_by_sigterm():
            follow(
                organiser,
                link,
                tell,
                stop,
                commands=commands,
                woken=woken,
                seen=seen,
                tables=live,
                asked=desk.ask,
            )
    except KeyboardInterrupt:
        pass
    finally:
        trouble = keeper.keep(now=True)
        if trouble is not None:
            tell(trouble)
        link.close()
        live.close()
        pages.stop()
    return 0


def read_typed(
    typed: queue.SimpleQueue[Command],
    woken: threading.Event,
    tell: Callable[[Said], None],
    lines: TextIO | None = None,
) -> None:
    """The organiser's typed commands, one a line, handed to the room's loop; a line
    that is none told so. At the end of the input (none given: a service) the room goes
    on until stopped, its commands then given on the organiser's page.

    A line the terminal's encoding cannot read (a paste from elsewhere) is a line that is
    no command, not the end of this thread: the reader died on it before, and every
    later command was lost without a word. An input that fails (its terminal closed) is
    its end."""
    from engine.said import N_, said
    from firmware_host.club.organiser import read_command
    from firmware_host.club.words import COMMANDS

    stream = sys.stdin if lines is None else lines
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors="replace")
    try:
        for line in stream:
            command = read_command(line)
            if command is None:
                if line.strip():
                    what = N_("{line}: not a command ({commands})")
                    tell(said(what, line=line.strip(), commands=COMMANDS))
                continue
            typed.put(command)
            woken.set()
    except OSError:
        return
