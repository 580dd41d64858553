"""One table's game as a spectator receives it, kept as a live record: the moves with
when they arrived and their times, every seat's clock (byoyomi included), the result.

It is fed what a spectator's room accepted (``remote/room.py``: signed, checked, the
host's game and each board's whole state), never the broker's bytes, so nothing is
parsed twice. Pure: the caller says when each state arrived (``at``, seconds since
the epoch), which the delay (``live_delay.py``) and the files' Last-Modified read.

Each board publishes its whole record, so a state repeated or older than one already
read (a bridge replays what it carries, issue 64) changes nothing: its ``seq`` is
ignored. A move is taken only from the board that plays its seat (as the room takes
it, ``Room.move_at``), so no other board's word can write another seat's move.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Protocol

from engine.errors import KibanError
from engine.game import Game, Position
from engine.outcome import Outcome
from engine.registry import find_game
from firmware_host.notices.declared import Proposal
from firmware_host.remote.messages import BoardState, GameSpec
from firmware_host.session.across_boards import LOST_BY
from firmware_host.session.clock import TimeControl, TimeControlError
from firmware_host.session.consent import WordKind


@dataclass(frozen=True, slots=True)
class Table:
    """Where a game is played in the room, and by whom (the organiser's pairing)."""

    number: int
    players: tuple[str, ...] = ()  # by seat ("" where nobody is named)
    event: str = ""


@dataclass(frozen=True, slots=True)
class LiveMove:
    """One move as the spectator received it."""

    text: str  # in the game's own notation
    seat: int  # the seat that made it
    at: float  # when it first arrived here (seconds since the epoch)
    spent: float | None  # the time it took (None: not known)
    clocks: tuple[float, ...] = ()  # every seat's time until its flag just after it


@dataclass(frozen=True, slots=True)
class Ending:
    """How the game ended and when that arrived here."""

    outcome: Outcome
    at: float


@dataclass(frozen=True, slots=True)
class LiveGame:
    """A table's game at one instant: what the files are written from (a value, so a
    delayed audience's view is this one cut short)."""

    table: Table
    game: str  # the game's registry name
    options: tuple[tuple[str, str], ...]
    start: str
    control: TimeControl | None
    moves: tuple[LiveMove, ...]
    ending: Ending | None
    started: float  # when the game began (its host's word), else was first seen here
    changed: float  # when what this view shows last changed
    key: str = ""  # the table's game its board plays it as (``club.messages.game_key``)
    abandoned: bool = False  # the organiser abandoned it (no result)

    @property
    def clocks(self) -> tuple[float, ...]:
        """Every seat's time until its flag after the last move whose clocks are known."""
        for move in reversed(self.moves):
            if move.clocks:
                return move.clocks
        if self.control is None:
            return ()
        seats = len(find_game(self.game).seats)
        return (self.control.total,) * seats


class Viewed(Protocol):
    """What a table's game is read through: its view now (a ``LiveRecord``, or the
    room's ``TableLog`` of the boards' games recorded for one table's game)."""

    def view(self) -> LiveGame | None: ...


@dataclass(slots=True)
class _Board:
    seq: int
    state: BoardState


class LiveRecord:
    """What a spectator keeps of one table's game; ``feed`` it every accepted message."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.spec: GameSpec | None = None
        self.ignored = 0  # messages repeated or older than one read
        self._spec_seq = -1
        self._boards: dict[str, _Board] = {}
        self._line = 0
        self._position: Position[Any] | None = None
        self._moves: list[LiveMove] = []
        self._ending: Ending | None = None
        self._started = 0.0
        self._changed = 0.0
        self._line_seen = 0.0  # when the game's line began here (its first move's time)

    def feed(self, board: str, seq: int, body: GameSpec | BoardState, at: float) -> bool:
        """Take ``board``'s message number ``seq``, arrived at ``at``; whether the game
        as shown changed."""
        if isinstance(body, GameSpec):
            if body.host != board or seq <= self._spec_seq:
                self.ignored += 1
                return False
            self._spec_seq = seq
            if self.spec is None or self.spec.uid != body.uid:
                self._new_game(body, at)
            self.spec = body
        else:
            known = self._boards.get(board)
            if known is not None and seq <= known.seq:
                self.ignored += 1
                return False
            self._boards[board] = _Board(seq, body)
        return self._update(at)

    def _new_game(self, spec: GameSpec, at: float) -> None:
        self._boards = {b: s for b, s in self._boards.items() if s.state.uid == spec.uid}
        self._line, self._position, self._moves, self._ending = 0, None, [], None
        self._started = self._changed = at

    def _update(self, at: float) -> bool:
        spec = self.spec
        if spec is None:
            return False
        game = find_game(spec.game)
        states = self._seated(spec)
        line = max((s.line for s in states.values()), default=0)
        if line != self._line or self._position is None:
            self._line, self._moves = line, []  # a takeback agreed: the record anew
            self._position = game.position(spec.start or None, dict(spec.options))
            self._line_seen = at
        before = (len(self._moves), self._ending)
        timed = self._timed(states)
        self._extend(spec, states, at)
        if self._ending is None:
            self._ending = _ending(self._position, spec, states, len(self._moves), at)
        if (len(self._moves), self._ending) != before or timed:
            self._changed = at
            return True
        return False

    def _timed(self, states: dict[str, BoardState]) -> bool:
        """Moves kept without their time given it by a state that says it (a restarted
        host's game names its moves before its state gives their times); whether any."""
        untimed = [ply for ply, move in enumerate(self._moves) if move.spent is None]
        if not untimed:
            return False
        texts = [move.text for move in self._moves]
        given = False
        for state in states.values():
            if state.line != self._line or list(state.moves[: len(texts)]) != texts:
                continue
            for ply in untimed:
                told = state.times[ply] if ply < len(state.times) else None
                if told is not None and self._moves[ply].spent is None:
                    self._moves[ply] = replace(self._moves[ply], spent=told)
                    given = True
        return given

    def _seated(self, spec: GameSpec) -> dict[str, BoardState]:
        """The states of this game from boards the host seated (or the host)."""
        return {
            board: known.state
            for board, known in self._boards.items()
            if known.state.uid == spec.uid and (board == spec.host or spec.key_of(board))
        }

    def _extend(self, spec: GameSpec, states: dict[str, BoardState], at: float) -> None:
        """The moves the seats' own boards have played past those kept."""
        position = self._position
        assert position is not None
        texts = [move.text for move in self._moves]
        first = len(texts)
        while position.outcome() is None:
            ply, seat = len(texts), position.turn
            found = _move_at(spec, states, self._line, texts, seat)
            if found is None:
                break
            text, source = found
            try:
                position.push_text(text)
            except KibanError:
                break  # a move the rules refuse is nobody's record
            texts.append(text)
            clocks = source.clock if len(source.moves) == ply + 1 else ()
            alone = ply == first  # arrived on its own, after the one before (or the start)
            told = source.times[ply] if ply < len(source.times) else None
            spent = told if told is not None else self._spent(seat, clocks, at, alone, spec)
            self._moves.append(LiveMove(text, seat, at, spent, clocks))

    def _spent(
        self, seat: int, clocks: tuple[float, ...], at: float, alone: bool, spec: GameSpec
    ) -> float | None:
        """A move's time where its board did not say it (a board of an older Kiban): by
        its seat's clock before and after it where the clock tells it (main time: what
        it lost, its increment taken off), else by when it arrived after the move before
        (only when both were seen arriving, one at a time)."""
        control = _control(spec)
        before = _left_before(self._moves, seat, control)
        if control is not None and before is not None and seat < len(clocks):
            after = clocks[seat]
            if after > control.overtime:  # still in its main time
                return max(0.0, round(before - control.before_move(after), 3))
        if alone and (self._moves or self._line_seen < at):
            since = self._moves[-1].at if self._moves else self._line_seen
            return max(0.0, round(at - since, 3))
        return None

    @property
    def heard(self) -> bool:
        """Whether a board's state of the game was read (not only the host's game)."""
        return bool(self._boards)

    def view(self) -> LiveGame | None:
        """The game as it stands (None before the host's game is known). It began when
        its host says (by the host's calendar), else when it was first seen here."""
        spec = self.spec
        if spec is None:
            return None
        return LiveGame(
            self.table,
            spec.game,
            spec.options,
            spec.start,
            _control(spec),
            tuple(self._moves),
            self._ending,
            self._started if spec.started is None else spec.started,
            self._changed,
            dict(spec.settings).get("club", ""),
        )


def _control(spec: GameSpec) -> TimeControl | None:
    text = dict(spec.settings).get("clock", "off")
    if text in ("off", "none", ""):
        return None
    try:
        return TimeControl.parse(text)
    except TimeControlError:
        return None


def _left_before(moves: list[LiveMove], seat: int, control: TimeControl | None) -> float | None:
    """``seat``'s time until its flag before its next move: as the last clocks known
    said it, or the whole time before its first move."""
    if control is None:
        return None
    for move in reversed(moves):
        if move.clocks and seat < len(move.clocks):
            return move.clocks[seat]
        if move.seat == seat:
            return None  # its last move's clock is not known
    return control.total


def _move_at(
    spec: GameSpec, states: dict[str, BoardState], line: int, texts: list[str], seat: int
) -> tuple[str, BoardState] | None:
    """The move at the next ply and the state it came from: the word of the board that
    held ``seat`` (``GameSpec.holders``), on the line kept, agreeing with the moves
    before; the host's start moves are the host's."""
    ply = len(texts)
    for board in spec.holders(seat):
        state = states.get(board)
        if state is None or state.line != line or len(state.moves) <= ply:
            continue
        if list(state.moves[:ply]) == texts:
            return state.moves[ply], state
    host = states.get(spec.host)
    if ply < len(spec.moves) and list(spec.moves[:ply]) == texts:
        return spec.moves[ply], host or BoardState(spec.uid, (), line, spec.moves)
    return None


def _ending(
    position: Position[Any], spec: GameSpec, states: dict[str, BoardState], plies: int, at: float
) -> Ending | None:
    """How the game ended, once every move is in: by the rules, by a seat's own board's
    word (a resignation, a flag, an illegal move, a claim), or by a draw its proposer's
    board offered and every other seated board accepted."""
    outcome = position.outcome()
    if outcome is not None:
        return Ending(outcome, at)
    game: Game[Any] = position.game
    seats = len(game.seats)
    for board, state in sorted(states.items()):
        word = state.ending
        if word is None or len(state.moves) != plies or spec.owner(word.seat) != board:
            continue
        lost = LOST_BY.get(word.kind)
        if lost is not None:
            return Ending(Outcome.loss(lost, word.seat, seats), at)
        if word.kind is WordKind.AGREED:  # agreed at a club table, confirmed there
            return Ending(position.copy().end_by_agreement(), at)
        if word.kind is WordKind.CLAIM:
            try:
                return Ending(position.claim(word.claim), at)
            except KibanError:
                continue
    return _agreed(position, spec, states, plies, at)


def _agreed(
    position: Position[Any], spec: GameSpec, states: dict[str, BoardState], plies: int, at: float
) -> Ending | None:
    boards = {spec.owner(seat) for seat in range(len(position.game.seats))} - {None}
    for board, state in sorted(states.items()):
        offer = state.offer
        if offer is None or offer.kind is not Proposal.DRAW or offer.ply != plies:
            continue
        others = boards - {board}
        accepted = {
            other
            for other in others
            if any(
                a.board == board and a.offer == offer.id and a.accepted
                for a in states.get(other or "", BoardState("", (), 0, ())).answers
            )
        }
        if others and accepted == others:
            return Ending(position.copy().end_by_agreement(), at)
    return None
