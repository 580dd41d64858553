"""The organiser's side of the room: the round, which board is at which table, and the
room's state signed with the organiser's key, said again after every change.

A board is bound to a table in two steps, as at a real hall: the organiser asks a
board of the roster to light up (``light``), walks to the one that shines, and binds
it (``bind``); the room's state then says which board, with its key, is at that
table, and from then on only that key speaks for it.

``Organiser`` is pure (messages in, payloads out); ``follow`` runs it on a broker
link, telling the organiser what changed as values (``words.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from engine.errors import KibanError
from engine.said import N_, Said, said
from firmware_host.club.messages import (
    ORGANISER,
    ClubMessage,
    ClubMessageError,
    ClubTopic,
    Light,
    RoomState,
    club_topic,
    decode,
    encode,
    room_of,
)
from firmware_host.club.pairings import MAX_TABLES, Round
from firmware_host.club.roster import Roster
from firmware_host.club.words import Look, changes, pairing_said
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.room import Sequencer

Publish = tuple[str, bytes, bool]
"""A message to send: its topic, its payload, and whether the broker keeps it."""


class BindError(KibanError, ValueError):
    """A binding the room cannot make (the reason, said, is its argument)."""


@dataclass(frozen=True, slots=True)
class Command:
    """What the organiser typed: light or bind a board, unbind a table, or quit."""

    verb: str  # "light", "bind", "unbind", "quit"
    board: str = ""
    table: int | None = None


class Organiser:
    """The room opened with ``key`` for the round ``round``."""

    def __init__(self, key: BoardKey, round: Round, sequence: int = 0) -> None:
        """``sequence``: the last number the organiser used (kept beside its key)."""
        self.key = key
        self.room = room_of(key.public)
        self.round = round
        self.sequence = Sequencer(sequence)
        self.roster = Roster(self.room)
        self.bound: dict[int, tuple[str, str]] = {}  # table: (board, its key)
        self._adopted = False

    def state(self) -> RoomState:
        bound = tuple((table, *self.bound[table]) for table in sorted(self.bound))
        return RoomState(self.round.number, self.round.pairings, bound)

    def state_message(self) -> Publish:
        """The room's state, signed and numbered anew (retained)."""
        return self._signed(club_topic(self.room, ClubTopic.STATE), self.state(), retain=True)

    def receive(self, topic: str, payload: bytes) -> None:
        """A message of the room: the roster takes it; the organiser's own earlier
        state (retained from before a restart) gives its numbers and its bindings."""
        try:
            message = decode(topic, payload, self.room)
        except ClubMessageError:
            message = None
        if message is not None and message.sender == ORGANISER:
            self._own(message)
        self.roster.receive(topic, payload)

    def _own(self, message: ClubMessage) -> None:
        if message.key != self.key.public or not message.signed_by(self.key.public):
            return
        self.sequence.saw_own(message.seq)
        body = message.body
        if isinstance(body, RoomState) and not self._adopted:
            # the first state heard is this room's before a restart: its bindings stand
            self._adopted = True
            if not self.bound and body.round == self.round.number:
                self.bound = {table: (board, key) for table, board, key in body.bound}

    def light(self, board: str, table: int | None) -> Publish:
        """Ask ``board`` to light up for ``table`` (None: put its lights out)."""
        if self.roster.key_of(board) is None:
            raise BindError(said(N_("no board {board} in the room"), board=board))
        return self._signed(club_topic(self.room, ClubTopic.LIGHT, board), Light(table), False)

    def bind(self, board: str, table: int) -> tuple[Publish, ...]:
        """Bind ``board`` to ``table`` (the table's and the board's earlier bindings
        undone): the new room state, and the board's lights put out."""
        key = self.roster.key_of(board)
        if key is None:
            raise BindError(said(N_("no board {board} in the room"), board=board))
        if not 0 < table <= MAX_TABLES:
            raise BindError(said(N_("{table} is not a table"), table=table))
        self.bound = {t: b for t, b in self.bound.items() if b[0] != board}
        self.bound[table] = (board, key)
        return self.state_message(), self.light(board, None)

    def unbind(self, table: int) -> Publish:
        """Leave ``table`` with no board: the new room state."""
        self.bound.pop(table, None)
        return self.state_message()

    def command(self, command: Command) -> tuple[Publish, ...]:
        """What one typed command sends."""
        if command.verb == "light" and command.table is not None:
            return (self.light(command.board, command.table),)
        if command.verb == "bind" and command.table is not None:
            return self.bind(command.board, command.table)
        if command.verb == "unbind" and command.table is not None:
            return (self.unbind(command.table),)
        return ()

    def look(self) -> Look:
        return Look(self.roster.entries(), self.roster.alerts())

    def _signed(self, topic: str, body: RoomState | Light, retain: bool) -> Publish:
        seq = self.sequence.next()
        return topic, encode(topic, ORGANISER, seq, body, self.key), retain


def read_command(line: str) -> Command | None:
    """A typed line (``light BOARD TABLE``, ``bind BOARD TABLE``, ``unbind TABLE``,
    ``quit``) as a command; None when it is none of them."""
    words = line.split()
    match words:
        case ["quit"]:
            return Command("quit")
        case ["light" | "bind" as verb, board, table] if table.isdigit():
            return Command(verb, board, int(table))
        case ["unbind", table] if table.isdigit():
            return Command("unbind", table=int(table))
    return None


def opened(organiser: Organiser, broker: str) -> tuple[Said, ...]:
    """What the organiser is told when the room opens: its name and the round."""
    head = said(
        N_("room {room} is open on {broker} for round {round}"),
        room=organiser.room,
        broker=broker,
        round=organiser.round.number,
    )
    return (head, *(pairing_said(p) for p in organiser.round.pairings))


def follow(
    organiser: Organiser,
    link: Link,
    tell: Callable[[Said], None],
    stop: threading.Event,
    *,
    commands: Callable[[], list[Command]] = list,
    woken: threading.Event | None = None,
    seen: Callable[[Look, RoomState, bool], None] | None = None,
) -> None:
    """Run the room on ``link`` until ``stop`` is set (or ``quit`` typed): the state
    published on every connection (a broker restarted has forgotten it), the roster
    followed, every change told. ``woken`` is set by the link and by the commands'
    reader when there is something to do; ``seen`` is given the roster, the alerts,
    the room's state and whether the broker is reached after every turn (the
    organiser's page, ``desk.py``)."""
    woken = woken or threading.Event()
    look = Look()
    connects = 0
    connected = False
    published: RoomState | None = None
    refused = 0
    while not stop.is_set():
        woken.wait(1.0)
        woken.clear()
        if link.connected != connected:
            connected = link.connected
            what = N_("connected to {broker}") if connected else N_("not connected to {broker}")
            tell(said(what, broker=str(link.address)))
        for topic, payload in link.received():
            organiser.receive(topic, payload)
        forged = organiser.roster.forged_states
        if link.connected and (
            link.connects != connects or organiser.state() != published or forged != refused
        ):
            # anew on each connection (a restarted broker forgot it), when the room's
            # earlier state, heard back, gave the bindings of before a restart, and over
            # a forgery the broker kept in its place (a room joined later reads ours)
            connects, published, refused = link.connects, organiser.state(), forged
            link.publish(*_topic_payload(organiser.state_message()), retain=True)
        for command in commands():
            if command.verb == "quit":
                stop.set()
                break
            try:
                sent = organiser.command(command)
            except BindError as error:
                tell(error.args[0])
                continue
            for topic, payload, retain in sent:
                link.publish(topic, payload, retain=retain)
            published = organiser.state()
            if command.verb == "bind" and command.table is not None:
                tell(
                    said(
                        N_("board {board} is bound to table {table}"),
                        board=command.board,
                        table=command.table,
                    )
                )
        now = organiser.look()
        for line in changes(look, now):
            tell(line)
        look = now
        if seen is not None:
            seen(now, organiser.state(), link.connected)


def _topic_payload(message: Publish) -> tuple[str, bytes]:
    return message[0], message[1]
