"""What the web server talks to: one game session, simulated or on a real board.

A session publishes messages (the board drawing when it changes, the state on
every change, a notice for every move, prompt or refusal) to its listeners,
and carries out checked commands, answering the sender. The controller stays
the single writer: a simulated session runs every command on its own driver
task, a real board's session hands events to the runtime's queue.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, ClassVar

from engine.game import Game, Position
from engine.registry import games, skipped
from engine.said import Said
from firmware_host.notices.declared import (
    Notice,
    Refused,
)
from firmware_host.online.link import ClientFactory
from firmware_host.online.starting import Found
from firmware_host.session.actions import OnlineAction, OnlineCancel, OnlineStart
from firmware_host.session.controller import Controller
from firmware_host.session.puzzle import PuzzleRun
from firmware_host.store.records import find_format
from firmware_host.telling.language import Language
from firmware_host.telling.legend import PALETTES
from firmware_host.telling.narrator import sentences_said
from firmware_host.telling.notices import line_said, notice_line
from firmware_host.web.gate.commands import CommandError, Context, Request
from firmware_host.web.online_dialog.dialog import carry_out, online_state
from firmware_host.web.online_dialog.start import OnlineStarter, kept_token, request_of
from firmware_host.web.page_state.coach import help_state, puzzle_state
from firmware_host.web.page_state.messages import Json, Mode, board_message, catalogue_message
from firmware_host.wire.actions import Problem
from firmware_host.wire.notice_records import notice_record, said_record
from hardware.profile import Profile, bundled_profiles, load_profile, simulated_board

log = logging.getLogger(__name__)

Listener = Callable[[Json], None]


def simulated_profiles() -> dict[str, tuple[str, ...]]:
    """The simulated boards of each game: the bundled ones (``sim-<game>`` first) and the
    one a game's own package ships (``simulated_board``)."""
    result: dict[str, list[str]] = {}
    for name in bundled_profiles():
        if not name.startswith("sim-"):
            continue
        try:
            profile = load_profile(name)
        except Exception as error:  # a broken bundled profile must not stop the page
            log.warning("profile %s cannot be offered: %s", name, error)
            continue
        for named in profile.games:
            result.setdefault(named, []).append(name)
    for left_out in skipped():  # an installed game that cannot be played: not offered
        log.warning("%s", left_out)
    for game in games():  # a game that ships its own board (installed from outside)
        own = simulated_board(game)
        if own is not None and own not in result.get(game.name, ()):
            result.setdefault(game.name, []).append(own)
    return {
        game: tuple(sorted(names, key=lambda n: (n != f"sim-{game}", n)))
        for game, names in result.items()
    }


def said(notices: list[Notice], position: Position[Any]) -> list[Json]:
    """What the page may say of each notice, if its player turned speech on: the
    sentence as its value (``say_said``), which the page's edge tells into ``say`` in
    the page's language (its moves in the game's words for each language)."""
    return [
        {} if sentence is None else {"say_said": said_record(sentence)}
        for sentence in sentences_said(notices, position)
    ]


def lines(notice: Notice, game: str | None = None) -> Json:
    """A notice's line in English (``line``, for a log read by people) and as what is
    said (``line_said``: its msgid and values), which the page tells in its language
    with the served words, the seats and pieces in ``game``'s words."""
    return {
        "line": notice_line(notice, Language.ENGLISH, game),
        "line_said": said_record(line_said(notice)),
    }


def ok(request: Request) -> Json:
    return {"type": "ok", "id": request.id, "command": request.action.wire}


def error(
    code: Problem, message: str | Said, *, request_id: Any = None, field: str | None = None
) -> Json:
    """A refusal: its ``message`` in English, and when it is said as a value, the value
    too (``message_said``), which the page tells in its language."""
    refused = {"type": "error", "id": request_id, "code": code, "message": str(message)}
    if isinstance(message, Said):
        refused["message_said"] = said_record(message)
    return refused | {"field": field}


def answer(request: Request, notices: list[Notice]) -> Json:
    """ok, or the controller's refusal as an error (nothing changed then)."""
    for notice in notices:
        if isinstance(notice, Refused):
            return error(Problem.REFUSED, notice.reason, request_id=request.id)
    return ok(request)


def record_message(request: Request, controller: Controller, format_name: str) -> Json:
    record = controller.record()
    record_format = find_format(controller.game.name, format_name)
    return {
        "type": "record",
        "id": request.id,
        "format": record_format.name,
        "filename": record_format.filename(record),
        "media_type": record_format.media_type,
        "text": record_format.write(record),
    }


def _steady(state: Json) -> Json:
    """A state without what changes by itself: its number, and the running clock's time,
    which the page counts down on its own (a state is sent when anything else changes,
    a move, a stopped clock, and carries the time then)."""
    steady = {**state, "seq": 0}
    clocks, running = state.get("clocks"), state.get("clock_running")
    if clocks is not None and running is not None:
        steady["clocks"] = [None if seat == running else t for seat, t in enumerate(clocks)]
    return steady


class Session(ABC):
    """One game session as the web companion sees it."""

    mode: ClassVar[Mode]

    def __init__(
        self, profiles: Mapping[str, tuple[str, ...]], *, state_dir: Path | None = None
    ) -> None:
        """``state_dir``: where the lishogi token is kept (None: the page cannot keep
        one)."""
        self.profiles = dict(profiles)
        self.state_dir = state_dir
        self.online_starter = OnlineStarter()  # the page's search for a lishogi game
        self._listeners: list[Listener] = []
        self._state: Json | None = None
        self._seq = 0
        self._board: Json | None = None
        self._board_key: tuple[str, str, tuple[tuple[str, str], ...]] | None = None

    # --- what the session is ---------------------------------------------------------

    @property
    @abstractmethod
    def controller(self) -> Controller: ...

    @property
    @abstractmethod
    def profile(self) -> Profile: ...

    @abstractmethod
    def _build_state(self) -> Json: ...

    def online_seat(self) -> object:
        """The remote seat of the game (an ``OnlineSeat`` in an online game)."""
        return None

    def puzzle_run(self) -> PuzzleRun | None:
        """The puzzle being solved on the board, if any (``session/puzzle.py``)."""
        return None

    def _full_state(self) -> Json:
        state = self._build_state()
        help_off = self.controller.computer.help_off
        state["online"] = online_state(
            self.state_dir, self.online_seat(), help_off, self.online_starter
        )
        state["help"] = help_state(self.controller)  # beside the coach's controls
        state["puzzle"] = puzzle_state(self.puzzle_run())
        # the session's switch (the "speak moves" box), and whether the board says it
        # itself: a page beside a board with a speaker then stays quiet, not an echo
        state["speak"] = {"on": self.controller.speaking, "board": self.voiced()}
        return state

    def voiced(self) -> bool:
        """Whether the board has a voice of its own (a speaker, ``loops/speaker.py``)."""
        return False

    def online(self, request: Request, action: OnlineAction) -> Json:
        """Carry out the "Play online" dialog's action; the state tells who listens
        whether a token is kept now."""
        try:
            said = carry_out(action, self.state_dir, self.online_seat())
        except CommandError as refused:
            return error(refused.code, refused.message, request_id=request.id, field=refused.field)
        self._changed()
        return {**ok(request), "said": said}

    def online_start(self, request: Request, action: OnlineStart | OnlineCancel) -> Json:
        """Look for a lishogi game in the background (the page stays live and the board
        plays on meanwhile), or stop looking; the game found is ``play_online``'s."""
        try:
            if isinstance(action, OnlineCancel):
                said = self.online_starter.cancel()
            else:
                token = kept_token(self.state_dir)
                wanted = request_of(action, self.controller.game)
                said = self.online_starter.begin(wanted, token, self.play_online, self._changed)
        except CommandError as refused:
            return error(refused.code, refused.message, request_id=request.id, field=refused.field)
        self._changed()
        return {**ok(request), "said": said}

    @abstractmethod
    async def play_online(self, found: Found, make: ClientFactory) -> None:
        """Play the game lishogi named, lishogi the opponent's seat."""

    def _changed(self) -> None:
        if self._refresh():
            assert self._state is not None
            self._emit(self._state)

    @abstractmethod
    async def execute(self, request: Request) -> Json:
        """Carry out a checked command; the answer for its sender."""

    @abstractmethod
    async def start(self) -> None:
        """Begin (the simulator starts its clock)."""

    @abstractmethod
    async def stop(self) -> None:
        """End, putting the LEDs out where the session owns them."""

    def games(self) -> tuple[Game[Any], ...]:
        """The games a new game may be of."""
        return tuple(game for game in games() if game.name in self.profiles)

    def context(self) -> Context:
        game = self.controller.game
        return Context(
            world=self.mode is Mode.SIMULATOR,
            game=game,
            spots=frozenset(game.spots),
            buttons=frozenset(role.value for role, _ in self.profile.buttons),
            served=None if self.mode is Mode.SIMULATOR else frozenset(self.profile.games),
            profiles=self.profiles,
            palettes=frozenset(PALETTES),
            claims=frozenset(claim.name for claim in self.controller.claims),
        )

    # --- messages --------------------------------------------------------------------

    def catalogue(self) -> Json:
        return catalogue_message(self.games(), self.profiles, sorted(PALETTES), self.mode)

    def board(self) -> Json:
        options = self.controller.position.options
        key = (self.controller.game.name, self.profile.name, tuple(options.items()))
        if self._board is None or key != self._board_key:
            self._board = board_message(self.controller.game, self.profile, self.mode, options)
            self._board_key = key
        return self._board

    def state(self) -> Json:
        """The latest state, its running clock read now (a change not yet published
        waits for ``publish``, which tells every listener)."""
        if self._state is None:
            self._refresh()
        else:
            self._retime(self._full_state())
        assert self._state is not None
        return self._state

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _emit(self, message: Json) -> None:
        for listener in list(self._listeners):
            listener(message)

    def _refresh(self) -> bool:
        """Rebuild the state; whether it changed."""
        state = self._full_state()
        if self._retime(state):
            return False
        self._seq += 1
        state["seq"] = self._seq
        self._state = state
        return True

    def _retime(self, state: Json) -> bool:
        """Keep ``state`` in place of the latest one if only the running clock moved;
        whether it did."""
        if self._state is None or _steady(self._state) != _steady(state):
            return False
        state["seq"] = self._state["seq"]
        self._state = state
        return True

    def publish(self, notices: list[Notice]) -> None:
        """Tell the listeners what happened, each notice with its line and what may be
        said of it (the page keeps no words of its own), and what the board looks like
        now."""
        spoken = said(notices, self.controller.position)
        for notice, say in zip(notices, spoken, strict=True):
            record = notice_record(notice)
            if record is not None:
                game = self.controller.game.name
                self._emit({"type": "notice", **record, **lines(notice, game), **say})
        key = self._board_key
        board = self.board()
        if key is not None and key != self._board_key:
            self._emit(board)
        if self._refresh():
            assert self._state is not None
            self._emit(self._state)
