"""Simulated club boards for the room load run (``room_load.py``): each says on the
wire what a club board (``club/board_side.py`` hosting its game as
``remote/game.py`` does) says, made by the same code, but plays a scripted game
instead of running a whole session.

What is the real code: the connection (``remote.link.Link``: paho, QoS 1, retained,
reconnecting), the board's birth and last will (``club.board.ClubBoard``), the game's
spec and every whole ``BoardState`` signed and numbered by a host ``remote.room.Room``,
the heartbeat by ``remote.catchup.CatchUp``, and everything said again on each new
connection (as ``RemoteGame.poll`` does on ``link.connects``).

What is not: a ``Simulation`` per board (its decision loop, recognition, store): 200
of them do not fit on 2 shared cores beside the brokers and the watchers; a board's
game link and room link share one connection (one paho thread a board, not two), and
the room's births each board hears are read off its queue but not decoded.
"""

from __future__ import annotations

import json
import random
import secrets
import sys
import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path

from engine.registry import find_game
from firmware_host.club.board import ClubBoard
from firmware_host.club.messages import Birth
from firmware_host.club.messages import room_filter as club_filter
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.catchup import CatchUp
from firmware_host.remote.code import ALPHABET, LENGTH, WATCH_MARK, GameCode, RoomKeys
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.messages import BoardState, GameSpec, Presence, Topic
from firmware_host.remote.room import Role, Room

GAME = "shogi"
CLOCK = "5m"
"""Blitz: 5 minutes a player (FIDE Laws of Chess, Appendix B.1: a blitz game is one
whose moves are all made in 10 minutes or less a player). The run's boards play a ply
every 2.5 s on average (``room_load.run``'s ``pace``): a seat's 5 minutes last 120 of
its moves, 240 plies, longer than the scripts."""
SCRIPTS = 8  # different games played (a board plays script number table % SCRIPTS)
PLIES = 200  # the longest script


@dataclass(frozen=True, slots=True)
class Seat:
    """One table's board, as the run plans it (kept in the plan file as JSON)."""

    table: int
    board: str
    key: str  # the board's private key, as ``BoardKey.text`` writes it
    room: str  # the game room's topic name
    watch: str  # the watch code's letters
    watch_key: str  # hex
    join_key: str  # hex

    def keys(self) -> RoomKeys:
        return RoomKeys(
            self.room,
            GameCode(self.watch),
            bytes.fromhex(self.watch_key),
            bytes.fromhex(self.join_key),
        )


def new_seat(table: int) -> Seat:
    """A board and its game's room keys, made at random: a real host derives them from
    its play code (``GameCode.keys``, 200 000 rounds of PBKDF2 on purpose: 0.1 s a
    code), which would cost the run a minute of CPU before a move, for the same bytes
    on the wire."""
    watch = WATCH_MARK + "".join(secrets.choice(ALPHABET) for _ in range(LENGTH - 1))
    return Seat(
        table,
        secrets.token_hex(6),
        BoardKey.new().text(),
        secrets.token_hex(10),
        watch,
        secrets.token_bytes(32).hex(),
        secrets.token_bytes(32).hex(),
    )


def scripts(seed: int) -> list[tuple[str, ...]]:
    """``SCRIPTS`` random legal games of up to ``PLIES`` plies (stopped at their end)."""
    game = find_game(GAME)
    made = []
    for n in range(SCRIPTS):
        chance = random.Random(seed * 1000 + n)
        position = game.position()
        texts: list[str] = []
        while len(texts) < PLIES and position.outcome() is None:
            moves = list(position.legal_moves())
            if not moves:
                break
            move = chance.choice(moves)
            texts.append(position.move_text(move))
            position.push(move)
        made.append(tuple(texts))
    return made


class SimBoard:
    """One club board playing a scripted game at ``pace`` seconds a ply."""

    def __init__(
        self, seat: Seat, club_room: str, address: BrokerAddress, script: tuple[str, ...]
    ) -> None:
        key = BoardKey.from_text(seat.key)
        self.seat = seat
        self.club = ClubBoard(club_room, seat.board, key)
        self.room = Room(seat.keys(), seat.board, Role.HOST, key)
        spec = GameSpec(secrets.token_hex(6), GAME, (), "", (), (("clock", CLOCK),), seat.board, ())
        self.spec = self.room.seat_host(replace_keys(spec, seat.board, key.public))
        self.room.spec = self.spec
        self.script = script
        self.moves: tuple[str, ...] = ()
        self.clock = (300.0, 300.0)
        self.catch = CatchUp()
        self.published: list[tuple[int, int, str, float]] = []  # table, ply, move, when
        self._connects = 0
        self._look_at = 0.0  # when the loop next looks at this board without a move
        self.link = Link(address, club_filter(club_room), self.club.will)
        self.link.start()

    def news(self, now: float) -> bool:
        """Whether the board has anything to do but play: a new connection, or a look
        at its queue and heartbeat, once a second (a board's loop sleeps between
        events, ``loops/``; 200 boards looked at 50 times a second held one core)."""
        return self.link.connects != self._connects or now >= self._look_at

    def step(self, now: float, play: bool, spent: float) -> None:
        """One turn of the board's loop: what arrived read off, everything said again on
        a new connection, the next move played if ``play``, the heartbeat."""
        self.link.received()  # the room's births and the organiser's word: not read here
        self._look_at = now + 1.0
        link = self.link
        if link.connected and link.connects != self._connects:
            self._connects = link.connects
            birth = Birth(GAME, self.seat.table, None, watch=str(self.seat.keys().watch_code))
            link.publish(*self.club.birth(birth), retain=True)
            link.publish(*self.room.message(Topic.ONLINE, Presence(True, self.room.stated)))
            link.publish(*self.room.message(Topic.GAME, self.spec))
            link.publish(*self.room.message(Topic.BOARD, self._state()))
        if play and len(self.moves) < len(self.script):
            seat = len(self.moves) % 2
            left = list(self.clock)
            left[seat] = max(0.0, left[seat] - spent)
            self.clock = (left[0], left[1])
            self.moves = self.script[: len(self.moves) + 1]
            when = time.time()
            link.publish(*self.room.message(Topic.BOARD, self._state()))
            self.published.append((self.seat.table, len(self.moves), self.moves[-1], when))
        if link.connected and self.catch.beat(now):
            link.publish(*self.room.message(Topic.ONLINE, Presence(True, self.room.stated)))

    def _state(self) -> BoardState:
        clock = tuple(round(t, 3) for t in self.clock)
        return BoardState(self.spec.uid, (0, 1), 0, self.moves, clock=clock)

    def close(self) -> None:
        self.link.close(self.club.will())


def replace_keys(spec: GameSpec, board: str, public: str) -> GameSpec:
    """The host's spec naming its own key (as ``RemoteGame.attach`` makes it)."""
    return replace(spec, keys=((board, public),))


def play(plan: dict[str, object], out: Path, stop: threading.Event | None = None) -> None:
    """Every board of ``plan`` plays until ``plan['seconds']`` have passed, then says
    what it published into ``out`` (JSON)."""
    address = BrokerAddress.parse(str(plan["hall"]))
    seats = [Seat(**s) for s in plan["seats"]]  # type: ignore[attr-defined]
    games = scripts(int(plan["seed"]))  # type: ignore[call-overload]
    pace, seconds = float(plan["pace"]), float(plan["seconds"])  # type: ignore[arg-type]
    boards = [SimBoard(s, str(plan["club_room"]), address, games[s.table % SCRIPTS]) for s in seats]
    chance = random.Random(int(plan["seed"]))  # type: ignore[call-overload]
    begin = time.monotonic() + 2.0  # a move at each board, spread over one pace
    due = [begin + chance.uniform(0, pace) for _ in boards]
    end = begin + seconds
    (out.parent / "boards-started").write_text(str(time.time()))
    while (now := time.monotonic()) < end and not (stop and stop.is_set()):
        for n, board in enumerate(boards):
            moving = now >= due[n]
            if moving:  # its player's thinking, from now (this loop may have been held up)
                due[n] = now + chance.uniform(0.5 * pace, 1.5 * pace)
            if moving or board.news(now):
                board.step(now, moving, pace)
        time.sleep(0.02)
    published = [row for board in boards for row in board.published]
    out.write_text(json.dumps({"published": published, "cpu": time.process_time()}))
    for board in boards:
        board.close()


def main(argv: list[str] | None = None) -> None:
    """``python -m firmware_host.tools.bench.room_boards PLAN OUT``."""
    args = sys.argv[1:] if argv is None else argv
    plan = json.loads(Path(args[0]).read_text())
    play(plan, Path(args[1]))


if __name__ == "__main__":
    main()
