"""A computer seat played by an outside USI engine (Fairy-Stockfish, YaneuraOu, ...).

The engine runs as its own process (it may be GPL: never linked). Each move
Kiban sends the game's SFEN and moves, lets it think for the level's time, and
checks its answer against Kiban's rules. When the engine fails (it exits,
stops answering, or answers a move Kiban's rules forbid) the seat plays that
move with its fallback (the built-in search) and says so in ``Analysis.note``;
the engine is started afresh for the next move, and after ``MAX_FAILURES``
failures in one seat's life the fallback plays on until ``close``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import GameOverError
from engine.game import Game, Position
from engine.said import N_, said
from engine.search.ladder import Rung
from engine.search.levels import LEVELS, Level
from engine.search.types import WIN, Analysis, Limits, Player
from firmware_host.opponents.errors import (
    EngineCrashedError,
    EngineError,
    EngineMoveError,
    EngineTimeoutError,
    EngineUnsupportedError,
)
from firmware_host.opponents.fairy import (
    UsiGame,
    engine_accepts,
    engine_history,
    kiban_move,
    usi_game,
    usi_titles,
    winning_move,
)
from firmware_host.opponents.fallback import default_fallback
from firmware_host.opponents.process import EngineProcess
from firmware_host.opponents.usi_protocol import (
    BestKind,
    BestMove,
    EngineOption,
    Info,
    Score,
    engine_name,
    format_go,
    format_position,
    format_setoption,
    parse_bestmove,
    parse_info,
    parse_option,
    skill_for_level,
)

MAX_FAILURES = 3
"""Engine failures a seat forgives (restarting it each time) before it keeps to
its fallback: a broken engine must not cost the player a wait on every move."""

MOVE_OVERHEAD_MS = 50
"""Taken off the time left before a deadline: the round trip to the engine."""


@dataclass(frozen=True, slots=True)
class UsiTimeouts:
    """How long (seconds) the engine has for each answer. ``margin`` is added to
    the move time before a search counts as hung; ``stop_grace`` is what it then
    has to answer ``stop`` before it is killed."""

    start: float = 10.0
    ready: float = 10.0
    margin: float = 1.0
    stop_grace: float = 0.5


@dataclass(frozen=True, slots=True)
class _Search:
    """What one ``go`` produced: the answer and the last info of each PV line."""

    best: BestMove
    lines: Mapping[int, Info]
    depth: int
    nodes: int


class UsiPlayer:
    """A ``Player`` whose moves come from a USI engine at ``path``.

    ``options`` are the table's rule options (checked here; the positions carry
    them); ``variant`` overrides the ``UCI_Variant`` name Kiban would ask for;
    ``engine_options`` are sent as ``setoption`` after Kiban's own (Hash,
    Threads, or a Skill Level of the user's choosing). ``tuning`` is the
    calibration table's entry for the level (its skill, and the nodes and depth a
    move may search where the caller's limits leave them open). Raises ``EngineError``
    when the engine cannot be started or does not play ``game``.
    """

    def __init__(
        self,
        path: str | Path,
        game: Game[Any],
        level: Level,
        *,
        options: Mapping[str, str] | None = None,
        variant: str | None = None,
        fallback: Player | None = None,
        engine_options: Mapping[str, str] | None = None,
        timeouts: UsiTimeouts | None = None,
        tuning: Rung | None = None,
    ) -> None:
        self._path = str(path)
        self._tuning = tuning
        self._game = game
        self._rule_options = game.options(options)
        self._level = level
        rules = usi_game(game)
        if rules is None:
            raise EngineUnsupportedError(
                self._path,
                f"{game.title} has no SFEN: only {usi_titles()} are played over USI",
            )
        if variant is not None and variant != rules.variant:
            rules = dataclasses.replace(rules, variant=variant, needs_uci_variant=True)
        self._rules: UsiGame = rules
        self._given_fallback = fallback
        self._fallback: Player | None = fallback
        self._engine_options = dict(engine_options or {})
        self._timeouts = timeouts or UsiTimeouts()
        self._lock = threading.Lock()
        self._searching = threading.Event()
        self._process: EngineProcess | None = None
        self._title = Path(self._path).name
        self._offered: dict[str, EngineOption] = {}
        self._multipv = 1
        self._failures = 0
        self._closed = False
        self._start()

    # --- the Player protocol ---------------------------------------------------

    @property
    def name(self) -> str:
        return f"usi:{self._path} (level {self._level.number})"

    @property
    def engine_title(self) -> str:
        """The engine's own name (its ``id name``), for notes and the page."""
        return self._title

    @property
    def using_fallback(self) -> bool:
        """True once the engine has failed too often: the fallback plays every move."""
        return self._failures >= MAX_FAILURES

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        if position.outcome() is not None:
            raise GameOverError(
                said(
                    N_("the game is over; no move to play in {position}"), position=position.text()
                )
            )
        with self._lock:
            win = winning_move(position, self._rules)
            if win is not None:
                return self._take_win(position, win, limits, judge_all)
            if self._closed or self.using_fallback:
                note = f"{self._title} is not playing; {self._fallback_label()} plays this seat"
                return self._fall_back(position, limits, judge_all, note)
            try:
                return self._ask_engine(position, limits, judge_all)
            except EngineError as error:
                return self._after_failure(position, limits, judge_all, error)

    @property
    def searching(self) -> bool:
        """Whether the engine is thinking now (a ``move_now`` would answer)."""
        return self._searching.is_set()

    def move_now(self) -> None:
        """Ask a search under way to answer at once (the player's "move now"); it
        may be called from any thread, and does nothing when no search runs."""
        process = self._process
        if process is not None and self._searching.is_set():
            with contextlib.suppress(EngineError):
                process.send("stop")

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._stop_process()
            if self._fallback is not None and self._fallback is not self._given_fallback:
                self._fallback.close()

    # --- the engine's life -------------------------------------------------------

    def _start(self) -> None:
        process = EngineProcess(self._path)
        self._process = process
        try:
            self._handshake(process)
        except EngineError:
            self._stop_process(kill=True)
            raise

    def _handshake(self, process: EngineProcess) -> None:
        process.send("usi")
        deadline = time.monotonic() + self._timeouts.start
        lines = process.read_until(lambda line: line.strip() == "usiok", deadline, "usiok")
        offered: dict[str, EngineOption] = {}
        for line in lines:
            title = engine_name(line)
            if title is not None:
                self._title = title.split()[0] if title.split() else self._title
            option = parse_option(line)
            if option is not None:
                offered[option.name] = option
        self._offered = offered
        for name, value in self._own_options(offered).items():
            process.send(format_setoption(name, value))
        for name, value in self._engine_options.items():
            process.send(format_setoption(name, value))
        self._multipv = 1
        self._sync(process)
        process.send("usinewgame")

    def _own_options(self, offered: Mapping[str, EngineOption]) -> dict[str, str]:
        """The variant, and the level as the engine's skill when it has one."""
        chosen: dict[str, str] = {}
        variant = offered.get("UCI_Variant")
        if variant is not None:
            if variant.choices and self._rules.variant not in variant.choices:
                raise EngineUnsupportedError(
                    self._path, f"does not play {self._rules.variant} (no such UCI_Variant)"
                )
            chosen["UCI_Variant"] = self._rules.variant
        elif self._rules.needs_uci_variant:
            raise EngineUnsupportedError(
                self._path,
                f"offers no UCI_Variant, so it plays {usi_titles(plain=True)} only,"
                f" not {self._game.title}",
            )
        skill = offered.get("Skill Level")
        if skill is not None and skill.min is not None and skill.max is not None:
            value = skill_for_level(self._level.number, len(LEVELS), skill.min, skill.max)
            if self._tuning is not None and self._tuning.skill is not None:
                value = max(skill.min, min(skill.max, self._tuning.skill))
            chosen["Skill Level"] = str(value)
        if "MultiPV" in offered:
            chosen["MultiPV"] = "1"
        return chosen

    def _sync(self, process: EngineProcess) -> None:
        process.send("isready")
        deadline = time.monotonic() + self._timeouts.ready
        process.read_until(lambda line: line.strip() == "readyok", deadline, "readyok")

    def _stop_process(self, *, kill: bool = False) -> None:
        """Let the engine quit (``kill``: it is hung or wrong, end it now)."""
        process, self._process = self._process, None
        if process is None:
            return
        if kill:
            process.kill()
        else:
            process.close()

    def _running(self) -> EngineProcess:
        if self._process is None or not self._process.alive():
            self._stop_process(kill=True)
            self._start()
        assert self._process is not None
        return self._process

    # --- one search ----------------------------------------------------------------

    def _ask_engine(
        self, position: Position[Any], limits: Limits | None, judge_all: bool
    ) -> Analysis[Any]:
        process = self._running()
        legal = list(position.legal_moves())
        self._set_multipv(process, len(legal) if judge_all else 1)
        process.drain()
        self._sync(process)
        sfen, moves = engine_history(position, self._rules)
        process.send(format_position(sfen, moves))
        search = self._search(process, limits)
        if search.best.kind is not BestKind.MOVE:
            return self._engine_gives_up(position, limits, judge_all, search)
        best = kiban_move(position, search.best.move)
        if best is None:
            raise EngineMoveError(
                self._path, f"answered {search.best.move}, which is not legal here"
            )
        score = _score_of(search, search.best.move)
        values = self._values(position, legal, search) if judge_all else {}
        if judge_all:
            values[best] = max(values.get(best, -WIN), score.value() if score else -WIN)
        return Analysis(
            best,
            score.value() if score else 0.0,
            search.depth,
            search.nodes,
            values,
            score.mate_in() if score else None,
        )

    def _set_multipv(self, process: EngineProcess, wanted: int) -> None:
        option = self._offered.get("MultiPV")
        if option is None:
            return
        count = max(1, min(wanted, option.max or wanted))
        if count != self._multipv:
            process.send(format_setoption("MultiPV", str(count)))
            self._multipv = count

    def _search(self, process: EngineProcess, limits: Limits | None) -> _Search:
        movetime = self._movetime_ms(limits)
        depth = limits.max_depth if limits else None
        nodes = limits.max_nodes if limits else None
        if self._tuning is not None:
            depth = self._tuning.depth if depth is None else depth
            nodes = self._tuning.nodes if nodes is None else nodes
        process.send(format_go(movetime, depth=depth, nodes=nodes))
        deadline = time.monotonic() + movetime / 1000 + self._timeouts.margin
        self._searching.set()
        try:
            lines = process.read_until(_is_bestmove, deadline, "bestmove")
        except EngineTimeoutError:
            process.send("stop")
            grace = time.monotonic() + self._timeouts.stop_grace
            lines = process.read_until(_is_bestmove, grace, "bestmove, even after stop")
        finally:
            self._searching.clear()
        best = parse_bestmove(lines[-1])
        if best is None:
            raise EngineMoveError(self._path, f"answered {lines[-1]!r}, which names no move")
        latest: dict[int, Info] = {}
        depth_seen = nodes_seen = 0
        for line in lines:
            info = parse_info(line)
            if info is None:
                continue
            depth_seen = max(depth_seen, info.depth or 0)
            nodes_seen = max(nodes_seen, info.nodes or 0)
            if info.score is not None and _replaces(latest.get(info.multipv), info):
                latest[info.multipv] = info
        return _Search(best, latest, depth_seen, nodes_seen)

    def _movetime_ms(self, limits: Limits | None) -> int:
        budget = self._level.seconds * 1000
        if limits is not None and limits.deadline is not None:
            left = (limits.deadline - time.monotonic()) * 1000 - MOVE_OVERHEAD_MS
            budget = min(budget, left)
        return max(1, int(budget))

    def _values(
        self, position: Position[Any], legal: list[Any], search: _Search
    ) -> dict[Any, float]:
        """A value for every legal move: the engine's for the lines it gave, -WIN for
        a move it would never play (it leaves the lion to be taken), and the worst
        value it gave for any line it did not finish."""
        values: dict[Any, float] = {}
        for info in search.lines.values():
            if not info.pv:
                continue
            move = kiban_move(position, info.pv[0])
            if move is not None and info.score is not None:
                values[move] = max(values.get(move, -WIN), info.score.value())
        worst = min(values.values(), default=0.0)
        for move in legal:
            if move not in values:
                values[move] = worst if engine_accepts(position, move, self._rules) else -WIN
        return values

    # --- when the engine does not simply answer a move ------------------------------

    def _take_win(
        self, position: Position[Any], win: Any, limits: Limits | None, judge_all: bool
    ) -> Analysis[Any]:
        """Take a lion left to be taken: the engine never sees such a position."""
        values: dict[Any, float] = {}
        if judge_all:
            judged = self._fallback_player().analyse(position, limits=limits, judge_all=True)
            values = dict(judged.values)
            values[win] = WIN
        return Analysis(win, WIN, 1, 1, values, mate_in=1)

    def _engine_gives_up(
        self, position: Position[Any], limits: Limits | None, judge_all: bool, search: _Search
    ) -> Analysis[Any]:
        """``bestmove resign`` or ``win``: a seat on the board does not resign or claim
        by itself (the player does, from the controls), so it plays on with the
        fallback's move and keeps the engine's verdict as its value."""
        chosen = self._fallback_player().analyse(position, limits=limits, judge_all=judge_all)
        score = _score_of(search, "")
        if search.best.kind is BestKind.RESIGN:
            value = -WIN
            mate_in = score.mate_in() if score is not None else None
            mate_in = -1 if mate_in is not None and mate_in <= 0 else mate_in
            note = f"{self._title} resigns here; {self._fallback_label()} plays on"
        else:
            value, mate_in = WIN, None
            note = (
                f"{self._title} declares a win; claims are made from the controls, "
                f"so {self._fallback_label()} plays on"
            )
        return dataclasses.replace(chosen, value=value, mate_in=mate_in, note=note)

    def _after_failure(
        self, position: Position[Any], limits: Limits | None, judge_all: bool, error: EngineError
    ) -> Analysis[Any]:
        self._failures += 1
        self._stop_process(kill=True)
        if isinstance(error, EngineTimeoutError):
            what = f"{self._title} stopped answering"
        elif isinstance(error, EngineCrashedError):
            what = f"{self._title} stopped ({error.reason})"
        else:
            what = f"{self._title} {error.reason}"
        then = f"playing with {self._fallback_label()}"
        if self.using_fallback:
            then += " from now on"
        return self._fall_back(position, limits, judge_all, f"{what}; {then}")

    def _fall_back(
        self, position: Position[Any], limits: Limits | None, judge_all: bool, note: str
    ) -> Analysis[Any]:
        chosen = self._fallback_player().analyse(position, limits=limits, judge_all=judge_all)
        return dataclasses.replace(chosen, note=note)

    def _fallback_player(self) -> Player:
        if self._fallback is None:
            self._fallback = default_fallback(self._level)
        return self._fallback

    def _fallback_label(self) -> str:
        player = self._fallback_player()
        return "a random mover" if player.name == "random" else "the built-in search"


def _replaces(kept: Info | None, info: Info) -> bool:
    """A later line replaces the kept one unless it is only a bound (a search cut
    short mid-iteration) and the kept one is exact."""
    if kept is None or kept.score is None or info.score is None:
        return True
    return not info.score.bound or bool(kept.score.bound)


def _is_bestmove(line: str) -> bool:
    return line.split(maxsplit=1)[:1] == ["bestmove"]


def _score_of(search: _Search, move: str) -> Score | None:
    """The score of the line that starts with ``move``, else of the first line."""
    for info in search.lines.values():
        if info.pv and info.pv[0] == move:
            return info.score
    first = search.lines.get(1)
    return first.score if first is not None else None
