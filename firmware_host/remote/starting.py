"""How a board's side of a remote game starts: the stored game taken up again after a
restart, a new game hosted here, the host's game joined, or followed read-only; the
room it connects to, and what it waits for before the controller starts.

``RemoteGame`` (game.py) goes on from here turn by turn.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.game import Game
from engine.said import Said
from firmware_host.opponents.seats import OpponentKind, parse_opponents, seat_index
from firmware_host.remote.catchup import CatchUp
from firmware_host.remote.code import GameCode
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.messages import (
    BoardState,
    GameSpec,
    Presence,
    Topic,
    is_board_id,
    room_filter,
)
from firmware_host.remote.room import Role, Room
from firmware_host.remote.terms import (
    JOIN_WAIT,
    Connection,
    LinkFactory,
    Plan,
    RemoteGameError,
    RemoteSetting,
    Request,
)
from firmware_host.store.journal import Journal
from firmware_host.store.storage import RecordKind

log = logging.getLogger(__name__)

RESERVE = 1000
"""Message numbers reserved in the game store at a time: a board restarted numbers on
past them, so nothing it says can be taken for an old message, whatever its clock."""
RESERVE_AHEAD = 500
"""Reserved anew once fewer than this are left (far more than a turn of the loop uses)."""

HELD_WAIT_FACTOR = 6.0
"""A seat held by another board is given only when the person at the host accepts:
joining waits this many times longer for it."""


class RemoteStart:
    """One board's side of one remote game, as it starts."""

    def __init__(
        self,
        request: Request,
        *,
        link_factory: LinkFactory = Link,
        wake: Callable[[], None] = lambda: None,
        join_wait: float = JOIN_WAIT,
        pump: Callable[[], None] = lambda: None,
        announce: Callable[[GameCode, GameCode], None] | None = None,
    ) -> None:
        """``wake``: called from the connection's thread when something arrives.
        ``pump``: called while joining waits for the host (a test's host board, in
        the same thread, takes its turn)."""
        self.request = request
        self._link_factory = link_factory
        self._wake = wake
        self.wakes = False  # a decision loop is woken by news (``on_news``), not polling
        self._join_wait = join_wait
        self._pump = pump
        self._announce = announce or (
            lambda code, watch: log.info("hosting game %s (watch code %s)", code, watch)
        )
        self.setting: RemoteSetting | None = None
        self.room: Room | None = None
        self.link: Connection | None = None
        self.seats: tuple[int, ...] = ()  # the seats played at this board
        self.line = 0  # takebacks agreed so far
        self.game_id: int | None = None  # the controller's game this remote game is
        self.detached = False  # the controller went on to another game
        self._connects = 0
        self._published: dict[str, BoardState | GameSpec] = {}
        self._moves: tuple[str, ...] = ()
        self._host_spec: GameSpec | None = None
        self._connected_at: float | None = None
        self._told: set[Hashable] = set()  # endings and answers already handed over
        self._resumed = False
        self._seat_count = 0
        self._stack_key: tuple[int, object] = (-1, None)  # the game's moves last read
        self._clock: tuple[float, ...] = ()  # the clocks just after the last move here
        self._clocked: tuple[str, ...] = ()
        self._times: tuple[float | None, ...] = ()  # each move's time, as the store has it
        self._said_divergence: Said | None = None
        self._journal: Journal | None = None  # where the message numbers are reserved
        self.catch_up = CatchUp()  # the heartbeat, and asking again for what was dropped

    # --- starting ------------------------------------------------------------------

    @property
    def code(self) -> GameCode:
        assert self.setting is not None
        return self.setting.code

    def plan(
        self,
        game: Game[Any],
        journal: Journal,
        *,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        moves: Sequence[str] = (),
        settings: Mapping[str, str] | None = None,
    ) -> Plan:
        """How this board's controller starts: the stored remote game taken up again,
        a new game hosted here, or the host's game joined (waits for the broker)."""
        given = dict(settings or {})
        self._journal = journal
        try:
            if self.request.watch:
                return self._watch(game)
            stored = journal.unfinished(game.name) if self.request.resume else None
            if stored is not None and "remote" in stored.settings:
                setting = RemoteSetting.parse(str(stored.settings["remote"]))
                wanted = self.request.code
                host = setting.role is Role.HOST
                if host == self.request.host and wanted in (None, setting.code):
                    self._open(setting, resumed=True)
                    self.seats = self._local_seats(game, stored.settings)
                    self.line = sum(1 for r in stored.records if r.kind is RecordKind.TAKEBACK)
                    self._resumed = True
                    return Plan(True, None, None, (), {})
            if self.request.host:
                return self._host(game, options, position, moves, given)
            return self._join(game, given)
        except RemoteGameError:
            if self.link is not None:  # a game not joined keeps no link retrying its broker
                self.link.close()  # (kept: what it reached says why the join failed)
            raise

    def _open(self, setting: RemoteSetting, *, resumed: bool = False) -> None:
        """Derive the room's keys and connect (in the background). A board taking its
        game up again numbers its messages on from what its store reserved (a store
        of an older Kiban, which numbered by the clock: from the clock, once)."""
        self.setting = setting
        keys = setting.code.keys()
        if setting.role is Role.WATCH:
            keys = replace(keys, join=None)  # a spectator, whichever code it was given
        floor = setting.sequence
        if floor is None:
            floor = time.time_ns() // 1_000_000 if resumed else 0
        room = Room(
            keys, setting.board, setting.role, setting.identity, setting.host_key, sequence=floor
        )

        def will() -> tuple[str, bytes]:
            return room.message(Topic.ONLINE, Presence(False))

        watching = setting.role is Role.WATCH
        self.room = room
        self.link = self._link_factory(
            self.request.address,
            room_filter(room.keys.room),
            None if watching else will,
            self._news,
        )
        self.link.start()

    def _host(
        self,
        game: Game[Any],
        options: Mapping[str, str] | None,
        position: str | None,
        moves: Sequence[str],
        given: dict[str, str],
    ) -> Plan:
        every = tuple(range(len(game.seats)))  # a game broadcast, played all here
        here = self._named_seats(game, self.request.seats) or (
            every if self.request.alone else (0,)
        )
        computers = parse_opponents(game, given.get("opponent", ""))
        kept = set(here) | set(computers)
        open_seats = [s for s in range(len(game.seats)) if s not in kept]
        if not open_seats and not self.request.alone:
            raise RemoteGameError("every seat is played at this board: no seat is left to join")
        setting = RemoteSetting(
            Role.HOST, GameCode.new(), self._board_name(), secrets.token_hex(6), BoardKey.new()
        )
        self._open(setting)
        self.seats = tuple(sorted(kept))
        given["opponent"] = _opponents(game, computers, open_seats)
        given["remote"] = setting.text()
        return Plan(False, options, position, tuple(moves), given)

    def _join(self, game: Game[Any], given: dict[str, str]) -> Plan:
        spec = self._enter(Role.JOIN, game)
        code = self.code
        wanted = self._named_seats(game, self.request.seats)
        if not wanted:
            free = [s for s in spec.open if spec.owner(s) is None]
            if not free:
                raise RemoteGameError(f"game {code} has no free seat left")
            wanted = (free[0],)
        if any(s not in spec.open for s in wanted):
            names = ", ".join(game.seats[s].name for s in spec.open)
            raise RemoteGameError(f"game {code} leaves only these seats to join: {names}")
        self.seats = wanted
        assert self.link is not None and self.room is not None
        self.link.publish(*self.room.message(Topic.ONLINE, Presence(True)))  # here, asking
        self._publish_state(BoardState(spec.uid, wanted, 0, spec.moves))
        held = sorted({owner for s in wanted if (owner := spec.owner(s)) is not None})
        if held:  # a seat stays its board's: only the person at the host can pass it on
            names = ", ".join(game.seats[s].name for s in wanted)
            what = (
                f"the host's player to give this board {names}, held by board "
                f"{', '.join(held)} (they accept it on the host board)"
            )
            log.warning("game %s: waiting for %s", code, what)
            told: list[bool] = []

            def seated(room: Room) -> bool | None:
                queued = room.spec is not None and room.board in room.spec.queued
                if queued and not told:  # said once: the host's player answers another first
                    told.append(True)
                    log.warning(
                        "game %s: the host's player is asked another board's request for a"
                        " seat first: this board's request waits its turn",
                        code,
                    )
                return room.joined(wanted) or None

            self._wait(seated, what, HELD_WAIT_FACTOR)
        else:
            self._wait(lambda room: room.joined(wanted) or None, "a seat from the host")
        computers = {
            s: p for s, p in parse_opponents(game, given.get("opponent", "")).items() if s in wanted
        }
        return self._plan_of(spec, game, computers)

    def _watch(self, game: Game[Any]) -> Plan:
        """A spectator: the host's game with every seat played elsewhere; says nothing."""
        return self._plan_of(self._enter(Role.WATCH, game), game, {})

    def _enter(self, role: Role, game: Game[Any]) -> GameSpec:
        """Connect to the room of the code asked for and wait for the host's game."""
        code = self.request.code
        if code is None:
            raise RemoteGameError("say which game: --join CODE or --watch CODE")
        if code.watching and role is not Role.WATCH:
            raise RemoteGameError(
                f"{code} is a watch code: it follows the game read-only (--watch); "
                "to play, ask the host for the game code"
            )
        identity = None if role is Role.WATCH else BoardKey.new()
        self._open(RemoteSetting(role, code, self._board_name(), "", identity))
        spec: GameSpec = self._wait(lambda room: room.spec, "the host's game")
        if spec.game != game.name:
            raise RemoteGameError(f"game {code} is {spec.game}, not {game.name}")
        assert self.setting is not None and self.room is not None
        self.setting = replace(self.setting, uid=spec.uid, host_key=self.room.host_key)
        return spec

    def _plan_of(self, spec: GameSpec, game: Game[Any], computers: Mapping[int, Any]) -> Plan:
        """The host's game, with this board's computers and every other seat remote."""
        assert self.setting is not None
        others = [s for s in range(len(game.seats)) if s not in self.seats]
        settings = {k: v for k, v in spec.settings if k not in ("opponent", "remote", "draw")}
        settings["opponent"] = _opponents(game, computers, others)
        if self.setting.role is not Role.WATCH:
            settings["remote"] = self.setting.text()
        return Plan(False, dict(spec.options), spec.start, spec.moves, settings)

    def _news(self) -> None:
        self._wake()  # read at each call: ``on_news`` may come after the link is made

    def on_news(self, wake: Callable[[], None]) -> None:
        """``wake`` is called (on the connection's thread) whenever a message arrives or
        the connection changes: a decision loop that sleeps until then need not poll."""
        self._wake = wake
        self.wakes = False  # a decision loop is woken by news (``on_news``), not polling
        self.wakes = True

    @property
    def resumed(self) -> bool:
        """Whether this board took its stored game up again (a restart), rather than
        starting or joining one."""
        return self._resumed

    @property
    def watch_code(self) -> GameCode:
        """The code that lets a spectator follow this game, read-only."""
        assert self.room is not None
        return self.room.keys.watch_code

    @property
    def watching(self) -> bool:
        return self.setting is not None and self.setting.role is Role.WATCH

    def _wait(self, found: Callable[[Room], Any], what: str, longer: float = 1.0) -> Any:
        """Read the room until ``found`` gives something (a joining board, at start),
        ``longer`` times the join's wait (a person must answer)."""
        assert self.room is not None and self.link is not None
        wait = self._join_wait * longer
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            for topic_name, payload in self.link.received():
                self.room.receive(topic_name, payload)
            if self.room.conflict is not None:
                raise RemoteGameError(f"game {self.code} cannot be joined: {self.room.conflict}")
            if self.room.twin:
                raise RemoteGameError(
                    f"game {self.code} cannot be joined: another board speaks as board "
                    f"{self.room.board}, this board's broker login: each board needs a "
                    "login of its own (kiban broker --add NAME makes one)"
                )
            value = found(self.room)
            if value is not None:
                return value
            self._pump()
            time.sleep(0.01)
        if self.link.trouble is not None:  # not the host's board: this one refuses the broker
            raise RemoteGameError(
                f"game {self.code} cannot be reached on {self.request.address}: {self.link.trouble}"
            )
        trouble = self.link.error or ("connected" if self.link.connected else "not connected")
        raise RemoteGameError(
            f"no answer with {what} for game {self.code} on {self.request.address} "
            f"within {wait:.0f} s ({trouble}): is the host's board on?"
        )

    def _board_name(self) -> str:
        """This board's id in the game: its login's user name on a broker that asks for
        one (an ACL such as ``kiban broker`` writes lets each user write only the
        topics named after it), else a random one."""
        user = self.request.address.username
        return user if user is not None and is_board_id(user) else secrets.token_hex(4)

    def _named_seats(self, game: Game[Any], names: tuple[str, ...]) -> tuple[int, ...]:
        return tuple(sorted({seat_index(game, name) for name in names}))

    def _local_seats(self, game: Game[Any], settings: Mapping[str, Any]) -> tuple[int, ...]:
        specs = parse_opponents(game, str(settings.get("opponent", "")))
        remote = {s for s, spec in specs.items() if spec.kind is OpponentKind.REMOTE}
        return tuple(s for s in range(len(game.seats)) if s not in remote)

    def _publish_state(self, state: BoardState) -> None:
        if self._published.get(Topic.BOARD.value) != state:
            self._published[Topic.BOARD.value] = state
            self._send(Topic.BOARD, state)

    def _send(self, kind: Topic, body: BoardState | GameSpec) -> None:
        assert self.room is not None and self.link is not None
        self.link.publish(*self.room.message(kind, body))


def _opponents(game: Game[Any], computers: Mapping[int, Any], remote: Sequence[int]) -> str:
    parts = [f"{game.seats[s].letter}={spec.text()}" for s, spec in sorted(computers.items())]
    parts += [f"{game.seats[s].letter}=remote" for s in remote]
    return ",".join(parts)
