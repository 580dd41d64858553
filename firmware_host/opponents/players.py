"""The player behind each kind of computer seat.

The built-in search plays every game; an outside engine (Fairy-Stockfish, or a
USI engine at a path) plays the games it knows, with the built-in search as its
fallback when it is missing or misbehaves. Engines' processes are kept between
requests and stopped by ``close``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.game import Game, Position
from engine.search.levels import Level
from engine.search.types import Analysis, Limits, Player
from firmware_host.opponents.errors import EngineError, EngineStartError, EngineUnsupportedError
from firmware_host.opponents.seats import (
    OpponentError,
    OpponentKind,
    OpponentSpec,
    parse_opponents,
)
from firmware_host.opponents.thinking import ThinkRequest, seeded


@dataclass(frozen=True, slots=True)
class Noted:
    """A player whose answers carry a note for the people at the board (why the
    built-in search plays instead of the engine asked for)."""

    player: Player
    note: str

    @property
    def name(self) -> str:
        return self.player.name

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        analysis = self.player.analyse(position, limits=limits, judge_all=judge_all)
        if analysis.note:  # the search's own note, and still why the engine does not play
            return replace(analysis, note=f"{analysis.note}; {self.note}")
        return replace(analysis, note=self.note)

    def close(self) -> None:
        self.player.close()


@dataclass(frozen=True, slots=True)
class Beginner:
    """An outside engine at a low level: its weakest skill still beats a beginner, so
    it makes the level's mistakes too (a move by feel at the level's rate, never one
    that loses at once while another does not), as the built-in search does."""

    player: Player
    level: Level
    rng: random.Random

    @property
    def name(self) -> str:
        return self.player.name

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        found = self.player.analyse(position, limits=limits, judge_all=judge_all)
        if judge_all or self.level.blunder <= 0 or self.rng.random() >= self.level.blunder:
            return found
        from engine.search import beginners_mistake

        mistake = beginners_mistake(position, found, self.level, self.rng)
        if found.note:  # why the engine did not play is still to be said
            return replace(mistake, note=f"{found.note}; {mistake.note}")
        return mistake

    def close(self) -> None:
        self.player.close()


def _builtin(spec: OpponentSpec, game: Game[Any], seeded_by: Callable[[], random.Random]) -> Player:
    """The built-in search at the spec's level, with the calibration table's
    parameters for ``game`` where it has them."""
    from engine.search import BuiltinPlayer
    from engine.search.ladder import builtin_level

    return BuiltinPlayer(builtin_level(game.name, spec.level), seeded_by())


class Players:
    """Makes the player for each request; keeps outside engines running between them.
    An engine that cannot be started (the program is missing, or does not answer
    ``usiok``) leaves its seat to the built-in search, with a note that says why; it is
    not tried again for the rest of the session."""

    def __init__(self) -> None:
        self._engines: dict[Hashable, Player] = {}
        self._unusable: dict[Hashable, str] = {}

    def __call__(self, request: ThinkRequest, game: Game[Any]) -> Player:
        return self.player(request.spec, game, dict(request.options), lambda: seeded(request))

    def player(
        self,
        spec: OpponentSpec,
        game: Game[Any],
        options: Mapping[str, str],
        seeded_by: Callable[[], random.Random],
        *,
        strict: bool = False,
    ) -> Player:
        """The player ``spec`` names for ``game`` under the rule ``options``, outside a
        session's requests too (``kiban match``, ``kiban bestmove``); ``seeded_by``
        makes each random source it needs. ``strict``: an outside engine that cannot
        play is an OpponentError, not a seat left to the built-in search (a command
        that asked for the engine must not answer with something else)."""
        match spec.kind:
            case OpponentKind.RANDOM:
                from engine.search import RandomPlayer

                return RandomPlayer(seeded_by())
            case OpponentKind.BUILTIN:
                return _builtin(spec, game, seeded_by)
            case OpponentKind.ENGINE | OpponentKind.USI:
                return self._engine(spec, game, options, seeded_by, strict=strict)
            case OpponentKind.REMOTE:
                raise OpponentError(
                    "this seat is played by another board: start Kiban with --remote to reach it"
                )
        raise AssertionError(spec.kind)  # pragma: no cover

    def _engine(
        self,
        spec: OpponentSpec,
        game: Game[Any],
        options: Mapping[str, str],
        seeded_by: Callable[[], random.Random],
        *,
        strict: bool,
    ) -> Player:
        def instead(why: str) -> Player:
            if strict:
                raise OpponentError(f"{spec.text()}: {why}")
            return Noted(_builtin(spec, game, seeded_by), f"{why}; the built-in search plays")

        if game.usi is None:
            if spec.kind is OpponentKind.ENGINE and not strict:
                # a stored game's seat, or the page's: the page names the built-in search
                return _builtin(spec, game, seeded_by)
            return instead(no_engine_plays(game))
        from firmware_host.opponents.fairy import find_fairy_stockfish
        from firmware_host.opponents.usi import UsiPlayer

        path = spec.path if spec.kind is OpponentKind.USI else find_fairy_stockfish()
        if path is None:
            return instead("Fairy-Stockfish is not installed")
        tuning = None
        if spec.kind is OpponentKind.ENGINE:
            from engine.search.ladder import LadderEngine, game_ladder

            tuning = game_ladder(game.name).rung(game.name, LadderEngine.FAIRY, spec.level.number)
        chosen = game.options(options).non_default(game.option_specs)
        key = (str(path), game.name, tuple(sorted(chosen.items())), spec.level.number)
        if key in self._unusable:
            return instead(self._unusable[key])
        engine = self._engines.get(key)
        if engine is None:
            try:
                engine = UsiPlayer(
                    path,
                    game,
                    spec.level,
                    options=chosen,
                    fallback=_builtin(spec, game, seeded_by),
                    tuning=tuning,
                )
            except EngineError as error:
                self._unusable[key] = str(error)
                return instead(self._unusable[key])
            self._engines[key] = engine
        from engine.search.ladder import with_feel

        level = with_feel(spec.level, tuning)
        if level.blunder > 0:
            return Beginner(engine, level, seeded_by())
        return engine

    def hurry(self) -> None:
        """Ask the outside engines to answer now (from another thread; the built-in
        searches are stopped through their limits)."""
        for engine in self._engines.values():
            move_now = getattr(engine, "move_now", None)
            if move_now is not None:
                move_now()

    def close(self) -> None:
        for engine in self._engines.values():
            engine.close()
        self._engines.clear()


def no_engine_plays(game: Game[Any]) -> str:
    """Why an outside engine cannot take a seat of ``game`` (one whose positions have no
    SFEN: no USI engine plays it)."""
    from firmware_host.opponents.fairy import usi_titles

    return f"no outside engine plays {game.title} (they play {usi_titles()})"


def check_engines(game: Game[Any], opponents: str, options: Mapping[str, str]) -> None:
    """Start the outside engine of each ``usi:PATH`` seat of ``opponents`` and see it
    answer ``usiok`` and take the game, then stop it: a missing or wrong program is
    said before the game starts, not found when the computer is first to move. An
    engine asked for a game no engine plays is refused (issue 63: it was the built-in
    search, unsaid).
    OpponentError names the seat and what the engine did."""
    seats = parse_opponents(game, opponents)
    if game.usi is None:
        for seat, spec in seats.items():
            if spec.kind in (OpponentKind.ENGINE, OpponentKind.USI):
                letter = game.seats[seat].letter
                own = f"Kiban's own search plays it: {letter}=level:{spec.level.number}"
                raise OpponentError(
                    f"--opponent {letter}={spec.text()}: {no_engine_plays(game)}; {own}"
                )
        return
    from firmware_host.opponents.usi import UsiPlayer

    for seat, spec in seats.items():
        if spec.kind is not OpponentKind.USI or spec.path is None:
            continue
        try:
            UsiPlayer(spec.path, game, spec.level, options=dict(options)).close()
        except EngineError as error:
            hint = (
                ""
                if isinstance(error, EngineUnsupportedError | EngineStartError)
                else (" (is it a USI engine?)")
            )
            raise OpponentError(
                f"--opponent {game.seats[seat].letter}={spec.text()}: {error}{hint}"
            ) from None
