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
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Protocol

from engine.errors import KibanError
from engine.said import N_, Either, Said, said
from firmware_host.club.messages import (
    MAX_RECORDS,
    ORGANISER,
    ClubMessage,
    ClubMessageError,
    ClubTopic,
    Light,
    RoomState,
    TableState,
    club_topic,
    decode,
    encode,
    game_key,
    room_of,
)
from firmware_host.club.pairings import Round
from firmware_host.club.roster import Alert, AlertKind, Entry, Roster
from firmware_host.club.words import Look, changes, game_word, pairing_said
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.room import Sequencer

Publish = tuple[str, bytes, bool]
"""A message to send: its topic, its payload, and whether the broker keeps it."""


class BindError(KibanError, ValueError):
    """A binding the room cannot make (the reason, said, is its argument)."""


class UndoingBindError(BindError):
    """A binding that would undo another (a board taken from its table, a table's board
    unbound, a game under way taken up by another board): made only when the organiser
    asks again with ``anyway``. ``undoes``: what it would undo, said."""

    def __init__(self, asked: Said, board: str, table: int, undoes: tuple[Said, ...]) -> None:
        super().__init__(asked)
        self.board = board
        self.table = table
        self.undoes = undoes


class Verb(Enum):
    """What the organiser can type (or press on the page)."""

    LIGHT = "light"
    BIND = "bind"
    UNBIND = "unbind"
    NEW = "new"  # a new game at a table (its game so far kept as abandoned)
    ABANDON = "abandon"  # the table's game ends, abandoned by the organiser
    QUIT = "quit"


@dataclass(frozen=True, slots=True)
class Command:
    """What the organiser typed: light or bind a board, unbind a table, start a new game
    at a table or abandon its game, or quit. ``anyway``: a binding that undoes another,
    asked again knowing what it undoes."""

    verb: Verb
    board: str = ""
    table: int | None = None
    anyway: bool = False


class Organiser:
    """The room opened with ``key`` for the round ``round``."""

    def __init__(self, key: BoardKey, round: Round, sequence: int = 0) -> None:
        """``sequence``: the last number the organiser used (kept beside its key)."""
        self.key = key
        self.room = room_of(key.public)
        self.round = round
        self.sequence = Sequencer(sequence)
        self.roster = Roster(self.room)
        self.tables: dict[int, TableState] = {}  # every table touched, by number
        self._adopted = False

    @property
    def bound(self) -> dict[int, tuple[str, str]]:
        """table: (board, its key), for every table with a board."""
        return {
            t.table: (t.board, t.key)
            for t in self.tables.values()
            if t.board is not None and t.key is not None
        }

    def state(self) -> RoomState:
        tables = tuple(self.tables[number] for number in sorted(self.tables))
        return RoomState(self.round.number, self.round.pairings, tables)

    def state_message(self) -> Publish:
        """The room's state, signed and numbered anew (retained)."""
        return self._signed(club_topic(self.room, ClubTopic.STATE), self.state(), retain=True)

    def game_key(self, table: int) -> str:
        """The name of the game table ``table`` plays now (``messages.game_key``)."""
        return game_key(self.room, self.round.number, table, self.table(table).game)

    def table(self, number: int) -> TableState:
        return self.tables.get(number, TableState(number))

    def receive(self, topic: str, payload: bytes) -> None:
        """A message of the room: the roster takes it; the organiser's own earlier
        state (retained from before a restart) gives its numbers and its tables."""
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
            # the first state heard is this room's before a restart: its tables stand
            self._adopted = True
            if not self.tables and body.round == self.round.number:
                self.tables = {entry.table: entry for entry in body.tables}

    def light(self, board: str, table: int | None) -> Publish:
        """Ask ``board`` to light up for ``table`` (None: put its lights out)."""
        if self.roster.key_of(board) is None:
            raise BindError(said(N_("no board {board} in the room"), board=board))
        return self._signed(club_topic(self.room, ClubTopic.LIGHT, board), Light(table), False)

    def bind(self, board: str, table: int, *, anyway: bool = False) -> tuple[Publish, ...]:
        """Bind ``board`` to ``table``: the new room state, and the board's lights put
        out. Refused for a board not heard, a table not paired, a board of another
        game; asked (``UndoingBindError``) when it would undo another binding or hand a game
        under way to another board, and made when asked ``anyway``."""
        key = self.roster.key_of(board)
        if key is None:
            raise BindError(said(N_("no board {board} in the room"), board=board))
        pairing = self.round.at(table)
        if pairing is None:
            raise BindError(
                said(
                    N_("table {table} is not paired in round {round}"),
                    table=table,
                    round=self.round.number,
                )
            )
        birth = self.roster.birth_of(board)
        if birth is not None and birth.game != pairing.game:
            raise BindError(
                said(
                    N_("board {board} plays {game}, table {table} {game2}: not bound"),
                    board=board,
                    game=game_word(birth.game),
                    table=table,
                    game2=game_word(pairing.game),
                )
            )
        undoes = self.undone_by(board, table)
        if undoes and not anyway:
            asked = N_(
                "bind {board} to table {table}? {undoes}; to bind it all the same: {command}"
            )
            command = f"bind {board} {table} anyway"
            raise UndoingBindError(
                said(
                    asked,
                    board=board,
                    table=table,
                    undoes=Either(undoes, N_("; ")),
                    command=command,
                ),
                board,
                table,
                undoes,
            )
        tables = dict(self.tables)
        for number, entry in self.tables.items():
            if entry.board == board and number != table:
                tables[number] = replace(entry, board=None, key=None)
        tables[table] = replace(self.table(table), board=board, key=key)
        self.tables = tables
        return self.state_message(), self.light(board, None)

    def undone_by(self, board: str, table: int) -> tuple[Said, ...]:
        """What binding ``board`` to ``table`` would undo, said (nothing: nothing)."""
        undone: list[Said] = []
        entry = self.table(table)
        if entry.board == board:
            return ()
        elsewhere = next((t for t in self.tables.values() if t.board == board), None)
        if elsewhere is not None:
            undone.append(
                said(
                    N_("board {board} leaves table {table}, which is left with no board"),
                    board=board,
                    table=elsewhere.table,
                )
            )
        if entry.board is not None:
            undone.append(
                said(
                    N_("board {board} is unbound from table {table}"),
                    board=entry.board,
                    table=table,
                )
            )
        if entry.records and not entry.abandoned:
            undone.append(
                said(
                    N_("table {table}'s game is under way: board {board} takes it up as recorded"),
                    table=table,
                    board=board,
                )
            )
        return tuple(undone)

    def unbind(self, table: int) -> Publish:
        """Leave ``table`` with no board (its game and its records stay): the new state."""
        if table in self.tables:
            self.tables = self.tables | {table: replace(self.tables[table], board=None, key=None)}
        return self.state_message()

    def new_game(self, table: int) -> Publish:
        """A new game at ``table``, the organiser's word: its board starts it afresh (the
        game so far stays in the room's record, abandoned)."""
        self._paired(table)
        entry = self.table(table)
        if entry.records and len(entry.earlier) >= MAX_RECORDS:
            # the room's state holds no more (its size is bounded): refused, never a game
            # of the table's dropped
            raise BindError(
                said(
                    N_("table {table} has had {count} games this round, the most the room keeps"),
                    table=table,
                    count=len(entry.earlier) + 1,
                )
            )
        earlier = (*entry.earlier, entry.records) if entry.records else entry.earlier
        self.tables = self.tables | {
            table: replace(entry, game=entry.game + 1, records=(), abandoned=False, earlier=earlier)
        }
        return self.state_message()

    def abandon(self, table: int) -> Publish:
        """The game at ``table`` ends, abandoned by the organiser (no result)."""
        self._paired(table)
        self.tables = self.tables | {table: replace(self.table(table), abandoned=True)}
        return self.state_message()

    def record(self, table: int, code: str) -> bool:
        """The room records the game of watch code ``code`` for ``table`` (its bound
        board's, naming the table's game, going on from the one recorded before);
        whether that is new (the state is then said again)."""
        entry = self.table(table)
        if code in entry.records or len(entry.records) >= MAX_RECORDS:
            return False  # a full record: ``recorded`` tells the organiser
        self.tables = self.tables | {table: replace(entry, records=(*entry.records, code))}
        return True

    def _paired(self, table: int) -> None:
        if self.round.at(table) is None:
            raise BindError(
                said(
                    N_("table {table} is not paired in round {round}"),
                    table=table,
                    round=self.round.number,
                )
            )

    def command(self, command: Command) -> tuple[Publish, ...]:
        """What one typed command sends."""
        table = command.table
        if table is None:
            return ()
        match command.verb:
            case Verb.LIGHT:
                return (self.light(command.board, table),)
            case Verb.BIND:
                return self.bind(command.board, table, anyway=command.anyway)
            case Verb.UNBIND:
                return (self.unbind(table),)
            case Verb.NEW:
                return (self.new_game(table),)
            case Verb.ABANDON:
                return (self.abandon(table),)
        return ()

    def look(self) -> Look:
        return Look(self.roster.entries(), self.roster.alerts())

    def _signed(self, topic: str, body: RoomState | Light, retain: bool) -> Publish:
        seq = self.sequence.next()
        return topic, encode(topic, ORGANISER, seq, body, self.key), retain


def read_command(line: str) -> Command | None:
    """A typed line (``light BOARD TABLE``, ``bind BOARD TABLE [anyway]``, ``unbind
    TABLE``, ``new TABLE``, ``abandon TABLE``, ``quit``) as a command; None when it is
    none of them."""
    words = line.split()
    match words:
        case ["quit"]:
            return Command(Verb.QUIT)
        case ["light", board, table] if _number(table):
            return Command(Verb.LIGHT, board, int(table))
        case ["bind", board, table] if _number(table):
            return Command(Verb.BIND, board, int(table))
        case ["bind", board, table, "anyway"] if _number(table):
            return Command(Verb.BIND, board, int(table), anyway=True)
        case ["unbind" | "new" | "abandon" as verb, table] if _number(table):
            return Command(Verb(verb), table=int(table))
    return None


def _number(text: str) -> bool:
    """A table's number as typed: a few digits (a long one is no table: ``int`` of
    thousands of digits is refused by Python, and costs before it is)."""
    return text.isdigit() and text.isascii() and len(text) <= 6


def opened(organiser: Organiser, broker: str) -> tuple[Said, ...]:
    """What the organiser is told when the room opens: its name and the round."""
    head = said(
        N_("room {room} is open on {broker} for round {round}"),
        room=organiser.room,
        broker=broker,
        round=organiser.round.number,
    )
    return (head, *(pairing_said(p) for p in organiser.round.pairings))


class TableWatch(Protocol):
    """The room's tables followed live (``live_tables.LiveTables``): told the room's
    state and roster after each turn, it names the boards' games to record for their
    tables, and the tables that need the organiser (a table with no move for long)."""

    def see(
        self, state: RoomState | None, entries: tuple[Entry, ...]
    ) -> tuple[tuple[int, str], ...]: ...

    def alerts(self) -> tuple[Alert, ...]: ...


def follow(
    organiser: Organiser,
    link: Link,
    tell: Callable[[Said], None],
    stop: threading.Event,
    *,
    commands: Callable[[], list[Command]] = list,
    woken: threading.Event | None = None,
    seen: Callable[[Look, RoomState, bool], None] | None = None,
    tables: TableWatch | None = None,
    asked: Callable[[UndoingBindError], None] | None = None,
) -> None:
    """Run the room on ``link`` until ``stop`` is set (or ``quit`` typed): the roster
    followed, the organiser's commands carried out, the tables' games recorded
    (``tables``), the state published on every connection (a broker restarted has
    forgotten it) and whenever it changed, every change told. ``woken`` is set by the
    link and by the commands' reader when there is something to do; ``seen`` is given
    the roster, the alerts, the room's state and whether the broker is reached after
    every turn (the organiser's page, ``desk.py``); ``asked``: a binding that would undo
    another, asked of the organiser (the page offers to make it anyway)."""
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
        for command in commands():
            if command.verb is Verb.QUIT:
                stop.set()
                break
            if _carried_out(organiser, link, command, tell, asked):
                published = organiser.state()
        extra: tuple[Alert, ...] = ()
        if tables is not None:
            found = tables.see(organiser.state(), organiser.roster.entries())
            extra = recorded(organiser, found) + tables.alerts()
        forged = organiser.roster.forged_states
        if link.connected and (
            link.connects != connects or organiser.state() != published or forged != refused
        ):
            # anew on each connection (a restarted broker forgot it), whenever it changed
            # (a command, a game recorded, the room's earlier state heard back after a
            # restart), and over a forgery the broker kept in its place
            connects, published, refused = link.connects, organiser.state(), forged
            link.publish(*_topic_payload(organiser.state_message()), retain=True)
        now = organiser.look()
        now = Look(now.entries, now.alerts + extra)
        for line in changes(look, now):
            tell(line)
        look = now
        if seen is not None:
            seen(now, organiser.state(), link.connected)


def recorded(organiser: Organiser, found: Iterable[tuple[int, str]]) -> tuple[Alert, ...]:
    """Record the games ``found`` for their tables (table, watch code: what
    ``TableWatch.see`` found going on from each table's record); an alert for each the
    table's record has no room left for (it holds ``MAX_RECORDS`` games taken up), so
    that a game the room cannot record is the organiser's to know, never lost unsaid."""
    alerts = []
    for table, code in found:
        if not organiser.record(table, code) and code not in organiser.table(table).records:
            board = organiser.state().board_at(table) or ""
            alerts.append(Alert(AlertKind.UNRECORDED, board, table))
    return tuple(alerts)


def _carried_out(
    organiser: Organiser,
    link: Link,
    command: Command,
    tell: Callable[[Said], None],
    asked: Callable[[UndoingBindError], None] | None,
) -> bool:
    """Carry ``command`` out and tell the organiser so (or why not); whether it was."""
    try:
        sent = organiser.command(command)
    except UndoingBindError as question:
        tell(question.args[0])
        if asked is not None:
            asked(question)
        return False
    except BindError as error:
        tell(error.args[0])
        return False
    for topic, payload, retain in sent:
        link.publish(topic, payload, retain=retain)
    done = _done(command)
    if done is not None:
        tell(done)
    return True


def _done(command: Command) -> Said | None:
    """What the organiser is told once a command is carried out."""
    table = command.table or 0
    match command.verb:
        case Verb.BIND:
            return said(
                N_("board {board} is bound to table {table}"),
                board=command.board,
                table=table,
            )
        case Verb.UNBIND:
            return said(N_("table {table} has no board bound"), table=table)
        case Verb.NEW:
            return said(N_("table {table} starts a new game"), table=table)
        case Verb.ABANDON:
            return said(N_("table {table}'s game is abandoned"), table=table)
    return None


def _topic_payload(message: Publish) -> tuple[str, bytes]:
    return message[0], message[1]
