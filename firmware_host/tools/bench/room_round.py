"""A round of the club room played whole through its faults (issue 79, "Done means"),
``make room-round``: club boards at their tables through one Mosquitto, each a whole
simulated board (``Simulation`` with its ``ClubSide``, its seats played by the computer
through the simulated hands, as ``kiban room sim``'s), the room run as ``kiban room
open`` runs it (the organiser's loop, its live tables, the round kept on its disk), and
during the round:

- a board's power cut (its connections cut under it: the broker says its will) and its
  start again a few seconds later, its store and key kept;
- a board switched off cleanly (``quit``) and started again;
- a board whose store is lost (its key kept: the organiser need not bind it again):
  it takes its table's game up from the room's record;
- a wrong bind: a board asked onto another table (refused, asked), then bound there
  all the same, then both boards put back;
- at the end, every game not yet over resigned by its player to move.

Then the round is exported from the room alone, as ``kiban room export`` does, and
every table's record is checked against what the boards' own stores recorded for it
(each game whose ``club`` setting names the table's game, the games a board took up
joined as the room joins them): the moves, each move's time, and the result. Nothing
may be missing, added, moved to another table or timed otherwise.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.game import Game
from engine.registry import find_game, own_games
from firmware_host.broker.local import free_port
from firmware_host.club.board_side import ClubSide
from firmware_host.club.desk import Desk
from firmware_host.club.export import export_round
from firmware_host.club.export_room import gathered_round
from firmware_host.club.keeping import board_key
from firmware_host.club.live import Ending, LiveGame, LiveMove, Table
from firmware_host.club.live_tables import LiveTables
from firmware_host.club.messages import game_key, room_filter
from firmware_host.club.organiser import Command, Organiser, Verb, follow
from firmware_host.club.pairings import Round
from firmware_host.club.round_keeping import RoundKeeper
from firmware_host.club.sample_round import sample_round
from firmware_host.club.table_log import joined
from firmware_host.loops.simulator import Simulation
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.session.actions import Resign
from firmware_host.store.records import move_times
from firmware_host.store.storage import GameStore, StoredGame
from firmware_host.tools.bench.room_brokers import Mosquitto
from firmware_host.tools.play.club_boards import SimBoard
from hardware.profile import load_profile

STEP = 0.05  # seconds of real time between two turns of the boards
RESTART = 2.0  # seconds a board is off before it starts again
SETTLE = 8.0  # seconds the room is let hear the last moves before the export
EXPORT_WAIT = 20.0  # seconds the export may listen at most (it stops once all is heard)


@dataclass
class HallBoard:
    """A board of the round: where its key and store live, and the board running now."""

    table: int
    game: Game[Any]
    folder: Path
    room: str
    url: str
    pace: float
    seed: int
    running: SimBoard | None = None
    lost: list[Path] | None = None  # stores it lost, kept aside for the check

    def start(self) -> None:
        key, floor = board_key(self.folder)
        side = ClubSide(self.room, BrokerAddress.parse(self.url), key=key, sequence=floor)
        store = GameStore(self.folder / "board.sqlite3")
        sim = Simulation(self.game, load_profile("sim", self.game), store, remote=side)
        self.running = SimBoard(
            sim, side, self.table, "level:1", self.pace, random.Random(self.seed)
        )

    @property
    def board(self) -> SimBoard:
        assert self.running is not None
        return self.running

    @property
    def name(self) -> str:
        return self.board.side.club.board

    def power_cut(self) -> None:
        """Its connections cut under it, nothing said or closed."""
        side = self.board.side
        for game in (side.game, side._next):
            link = None if game is None else game.link
            if isinstance(link, Link):
                link.cut()
        if isinstance(side.link, Link):
            side.link.cut()
        self.board.sim.close()
        self.board.players.close()
        self.running = None

    def quit(self) -> None:
        self.board.close()
        self.running = None

    def lose_store(self) -> None:
        """Its store gone (its key kept): the files moved aside for the check."""
        aside = self.folder.parent / f"{self.folder.name}-lost-{len(self.lost or [])}"
        aside.mkdir()
        for path in self.folder.glob("board.sqlite3*"):
            shutil.move(str(path), aside / path.name)
        self.lost = [*(self.lost or []), aside / "board.sqlite3"]

    def stores(self) -> list[Path]:
        return [*(self.lost or []), self.folder / "board.sqlite3"]


@dataclass(frozen=True, slots=True)
class Checked:
    """One table's export against the boards' stores."""

    table: int
    game: str
    games: int  # the boards' games recorded for it (a game taken up counts one more)
    moves: int
    timed: int  # moves whose time the export has (all, unless a board did not say it)
    result: str
    faults: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Report:
    boards: int
    seconds: float
    moves: int
    tables: tuple[Checked, ...]
    told: tuple[str, ...]  # what the room told the organiser (the faults' lines)

    @property
    def faults(self) -> tuple[str, ...]:
        return tuple(f"table {t.table}: {f}" for t in self.tables for f in t.faults)


class Room:
    """The room as ``kiban room open`` runs it, on threads of this process."""

    def __init__(self, round: Round, url: str, folder: Path) -> None:
        self.address = BrokerAddress.parse(url)
        self.organiser = Organiser(BoardKey.new(), round)
        self.woken = threading.Event()
        self.stop = threading.Event()
        self.desk = Desk(round, self.woken.set)
        self.told: list[str] = []
        self.link = Link(self.address, room_filter(self.organiser.room), None, self.woken.set)
        self.live = LiveTables(self.address, self.organiser.room, wake=self.woken.set)
        self.keeper = RoundKeeper(folder / "kept", round, self.live.tables)
        self.thread = threading.Thread(target=self._run, name="room", daemon=True)

    def _tell(self, what: Any) -> None:
        self.told.append(str(what))
        self.desk.note(what)

    def _seen(self, look: Any, state: Any, connected: bool) -> None:
        self.desk.see(look, state, connected)
        self.keeper.keep()

    def _run(self) -> None:
        follow(
            self.organiser,
            self.link,
            self._tell,
            self.stop,
            commands=self.desk.commands,
            woken=self.woken,
            seen=self._seen,
            tables=self.live,
            asked=self.desk.ask,
        )

    def start(self) -> None:
        self.link.start()
        self.thread.start()

    def type(
        self, verb: Verb, board: str = "", table: int | None = None, anyway: bool = False
    ) -> None:
        self.desk.put(Command(verb, board, table, anyway))

    def close(self) -> None:
        self.stop.set()
        self.woken.set()
        self.thread.join(10)
        self.keeper.keep(now=True)
        self.link.close()
        self.live.close()


def run(boards: int, seconds: float, folder: Path, pace: float = 1.0) -> Report:
    """The round of ``boards`` tables played ``seconds`` long with its faults, exported,
    and checked against the boards' stores."""
    # Kiban's own games, in their order: the faults are planned on their tables
    round = sample_round(boards, games=[game.name for game in own_games()])
    broker = Mosquitto("hall", free_port(), folder / "broker")
    broker.start()
    room = Room(round, broker.url, folder)
    hall: list[HallBoard] = []
    try:
        room.start()
        for pairing in round.pairings:
            board = HallBoard(
                pairing.table,
                find_game(pairing.game),
                folder / f"board-{pairing.table}",
                room.organiser.room,
                broker.url,
                pace,
                pairing.table,
            )
            board.start()
            hall.append(board)
        faults = _faults(hall, room, seconds)
        bound: set[str] = set()
        _play(hall, room, seconds, faults, bound)
        for board in hall:  # every game still going: its player to move resigns
            if board.running is not None and board.board.sim.controller.outcome is None:
                board.board.sim.send(Resign())
        _play(hall, room, SETTLE, [], bound)
        moves = sum(
            len(b.board.sim.controller.position.move_stack) for b in hall if b.running is not None
        )
        for board in hall:
            board.quit()
        room.close()
        gathered = gathered_round(room.address, room.organiser.room, EXPORT_WAIT)
        games = gathered.games
        export_round(folder / "export", gathered.round, games, earlier=gathered.earlier)
        checked = tuple(
            _check(
                p.table, games.get(p.table), _recorded(hall, room.organiser.room, round, p.table)
            )
            for p in round.pairings
        )
        return Report(boards, seconds, moves, checked, tuple(room.told))
    finally:
        for board in hall:
            if board.running is not None:
                board.quit()
        if room.thread.is_alive():
            room.close()
        broker.stop()


Fault = tuple[float, Callable[[], None]]


def _faults(hall: list[HallBoard], room: Room, seconds: float) -> list[Fault]:
    """The round's faults, at their moments (seconds from the start), in order: with
    ``sample_round``'s games in turn, tables 2 and 7 are shogi's, 5 Robotory's, 6
    Robot Duel's."""
    if len(hall) < 7:
        raise ValueError("the round's faults need 7 boards at least")
    cut, off, lost, other, wrong = hall[1], hall[3], hall[2], hall[4], hall[6]
    if cut.game != wrong.game or other.game == hall[5].game:
        raise ValueError("the round's faults need sample_round's games in turn")

    def store_lost() -> None:
        lost.power_cut()
        lost.lose_store()

    def bind(board: HallBoard, table: int, anyway: bool = False) -> Callable[[], None]:
        # the boards are known by their keys, kept in their folders: a board restarted
        # is the board it was
        return lambda: room.type(Verb.BIND, board.name, table, anyway=anyway)

    return sorted(
        [
            (0.2 * seconds, cut.power_cut),
            (0.2 * seconds + RESTART, cut.start),
            (0.3 * seconds, off.quit),
            (0.3 * seconds + RESTART, off.start),
            (0.4 * seconds, store_lost),
            (0.4 * seconds + RESTART, lost.start),
            (0.5 * seconds, bind(other, hall[5].table)),  # a board of another game: refused
            (0.55 * seconds, bind(wrong, cut.table)),  # a bind that undoes another: asked
            (0.57 * seconds, bind(wrong, cut.table, anyway=True)),  # made all the same
            (0.65 * seconds, bind(wrong, wrong.table, anyway=True)),  # and put right
            (0.67 * seconds, bind(cut, cut.table, anyway=True)),
        ],
        key=lambda fault: fault[0],
    )


def _play(
    hall: list[HallBoard], room: Room, seconds: float, faults: list[Fault], bound: set[str]
) -> None:
    """The boards driven in real time, each bound to its table once (``bound``: the
    boards bound so far), the faults made."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        now = time.monotonic()
        while faults and now - start >= faults[0][0]:
            faults.pop(0)[1]()
        glance = room.desk.glance
        online = {entry.board for entry in glance.entries if entry.online}
        for board in hall:
            if board.running is None:
                continue
            if board.name in online and board.name not in bound:
                bound.add(board.name)
                room.type(Verb.BIND, board.name, board.table)
            board.board.step(now)
        time.sleep(max(0.0, STEP - (time.monotonic() - now)))


def _recorded(hall: list[HallBoard], room: str, round: Round, table: int) -> list[StoredGame]:
    """Every game the boards' stores hold for ``table``'s game, in the order begun."""
    key = game_key(room, round.number, table, 1)
    found: list[StoredGame] = []
    for board in hall:
        for path in board.stores():
            if not path.exists():
                continue
            store = GameStore(path, read_only=True)
            try:
                found += [g for g in store.list_games(500) if g.settings.get("club") == key]
            finally:
                store.close()
    return sorted(found, key=lambda g: (g.created_wall or 0.0, g.id))


def _view(stored: StoredGame, table: int) -> LiveGame:
    """A stored game as a live view, each move with the time the store gives it."""
    game = find_game(stored.game)
    options = tuple(sorted(stored.options.items()))
    start = stored.start or game.position(None, dict(stored.options)).text()
    times = move_times(stored)
    moves = tuple(
        LiveMove(text, 0, 0.0, None if spent is None else round(spent, 3))
        for text, spent in zip(stored.moves(), times, strict=True)
    )
    ending = None if stored.outcome is None else Ending(stored.outcome, 0.0)
    return LiveGame(Table(table), stored.game, options, start, None, moves, ending, 0.0, 0.0)


def _check(table: int, exported: LiveGame | None, recorded: list[StoredGame]) -> Checked:
    """The export of ``table`` against the boards' stores."""
    faults: list[str] = []
    if exported is None or not recorded:
        return Checked(table, "", len(recorded), 0, 0, "", ("no game exported or recorded",))
    # a game a board started for the table and left with no move before another took it
    # up from the same position is one the room joins as nothing: join them alike
    expected = joined([_view(stored, table) for stored in recorded])
    assert expected is not None
    texts = [m.text for m in exported.moves]
    if texts != [m.text for m in expected.moves]:
        faults.append(f"moves {texts} exported, {[m.text for m in expected.moves]} recorded")
    spent = [m.spent for m in exported.moves]
    if spent != [m.spent for m in expected.moves]:
        faults.append(f"times {spent} exported, {[m.spent for m in expected.moves]} recorded")
    outcome = None if exported.ending is None else exported.ending.outcome
    kept = None if expected.ending is None else expected.ending.outcome
    if outcome != kept:
        faults.append(f"result {outcome} exported, {kept} recorded")
    result = "" if outcome is None else outcome.termination.value
    timed = sum(t is not None for t in spent)
    return Checked(table, exported.game, len(recorded), len(texts), timed, result, tuple(faults))


def report_text(report: Report) -> str:
    lines = [
        f"{report.boards} boards, {report.seconds:.0f} s, {report.moves} moves played",
        "table  game        games  moves  timed  result           check",
    ]
    for t in report.tables:
        check = "whole" if not t.faults else "; ".join(t.faults)
        lines.append(
            f"{t.table:>5}  {t.game:<10}  {t.games:>5}  {t.moves:>5}  {t.timed:>5}  "
            f"{t.result:<15}  {check}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a board's moves")
    parser.add_argument("--json", type=Path, help="write the report here too")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kiban-room-round-") as scratch:
        report = run(args.boards, args.seconds, Path(scratch), args.pace)
    print(report_text(report))
    if args.json is not None:
        args.json.write_text(json.dumps(asdict(report), indent=1, default=str))
    return 1 if report.faults else 0


if __name__ == "__main__":
    sys.exit(main())
