"""A club room on the loopback broker, in one thread: the organiser's core, the room's
live tables (``LiveTables``) as ``organiser.follow`` runs them turn by turn, and
simulated club boards (``ClubSide``) that can be restarted, cut off or replaced with
their store kept or lost."""

from __future__ import annotations

from pathlib import Path

from engine.registry import find_game
from firmware_host.club.board_side import ClubSide
from firmware_host.club.live import LiveGame
from firmware_host.club.live_tables import LiveTables, StallTimes
from firmware_host.club.messages import RoomState, room_filter
from firmware_host.club.organiser import Organiser, Publish, recorded
from firmware_host.club.pairings import Round
from firmware_host.club.roster import Alert
from firmware_host.loops.simulator import Simulation
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.loopback import LoopbackBroker, LoopbackLink
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile
from tests.firmware_host.remote.loopkit import ADDRESS
from tests.firmware_host.simkit import close, track


class LoopHall:
    """The room's loop, one turn at a time (``turn``), as ``organiser.follow`` runs it."""

    def __init__(
        self,
        broker: LoopbackBroker,
        round: Round,
        clock: list[float],
        stall: StallTimes | None = None,
    ) -> None:
        self.broker = broker
        self.organiser = Organiser(BoardKey.new(), round)
        self.link = broker.link_factory(ADDRESS, room_filter(self.organiser.room), None, _none)
        self.link.start()
        self.live = LiveTables(
            ADDRESS,
            self.organiser.room,
            link_factory=broker.link_factory,
            clock=lambda: clock[0],
            stall=stall or StallTimes(),
        )
        self.published: RoomState | None = None
        self.unrecorded: tuple[Alert, ...] = ()  # what the last turn could not record

    def turn(self) -> None:
        organiser = self.organiser
        for topic, payload in self.link.received():
            organiser.receive(topic, payload)
        self.unrecorded = recorded(
            organiser, self.live.see(organiser.state(), organiser.roster.entries())
        )
        if organiser.state() != self.published:
            self.published = organiser.state()
            topic, payload, _ = organiser.state_message()
            self.link.publish(topic, payload, retain=True)

    def send(self, *sent: Publish) -> None:
        """What a command sends (as ``follow`` publishes it)."""
        for topic, payload, retain in sent:
            self.link.publish(topic, payload, retain=retain)
        self.published = self.organiser.state()

    def view(self, table: int) -> LiveGame | None:
        shown = self.live.tables().get(table)
        return None if shown is None else shown.view()

    def moves(self, table: int) -> list[str]:
        view = self.view(table)
        return [] if view is None else [move.text for move in view.moves]


def _none() -> None:
    return None


def run(hall: LoopHall, boards: list[HallBoard], seconds: float, clock: list[float]) -> None:
    """The boards run (simulated time) and the room takes its turns, ``seconds`` long."""
    steps = max(1, round(seconds / STEP))
    for _ in range(steps):
        for board in boards:
            board.sim.advance(STEP)
        clock[0] += STEP
        hall.turn()


STEP = 0.1


class HallBoard:
    """A simulated club board, its key and its store kept in ``folder`` as a real
    board keeps them: it can be restarted (its store and key kept), cut off without a
    goodbye (a power cut), or started again with its store gone."""

    def __init__(
        self,
        broker: LoopbackBroker,
        room: str,
        game: str,
        folder: Path,
        *,
        settings: dict[str, str] | None = None,
    ) -> None:
        self.broker = broker
        self.room = room
        self.game = find_game(game)
        self.folder = folder
        self.key = BoardKey.new()
        self.settings = settings
        self.sequence = 0
        self.sim = self._start()

    @property
    def side(self) -> ClubSide:
        assert isinstance(self.sim.remote, ClubSide)
        return self.sim.remote

    @property
    def board(self) -> str:
        return self.side.club.board

    def _start(self) -> Simulation:
        self.sequence += 1_000_000  # numbered past the run before, as its store reserves
        side = ClubSide(
            self.room,
            ADDRESS,
            key=self.key,
            link_factory=self.broker.link_factory,
            sequence=self.sequence,
        )
        store = GameStore(self.folder / "board.sqlite3")
        profile = load_profile("sim", self.game)
        return track(Simulation(self.game, profile, store, remote=side, settings=self.settings))

    def _links(self) -> list[LoopbackLink]:
        side = self.side
        games = [g for g in (side.game, side._next) if g is not None]
        return [
            link
            for link in [side.link, *(g.link for g in games)]
            if isinstance(link, LoopbackLink) and link.connected
        ]

    def power_cut(self) -> None:
        """The board dies: its connections drop (the broker says its wills), nothing
        is closed or said."""
        for link in self._links():
            self.broker.drop(link)
        close(self.sim)

    def quit(self) -> None:
        """The board is switched off cleanly (``quit``)."""
        close(self.sim)
        self.side.close()

    def restart(self, *, store_lost: bool = False) -> None:
        """The board starts again with its key (and its store, unless lost)."""
        if store_lost:
            for path in self.folder.glob("board.sqlite3*"):
                path.unlink()
        self.sim = self._start()
