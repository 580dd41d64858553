"""What the session asks the computer to think about, and what comes back.

A request names the game as the record has it (start, options, move texts), so
it crosses into a worker process as plain values and the answer can be checked
against the game as it is when it arrives: an answer for a position the game
has left (a takeback, a new game) is dropped.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from engine.errors import KibanError
from engine.game import Game, Position
from engine.registry import find_game
from engine.said import Said, said_of, verbatim
from engine.search.types import Analysis, Limits, Player
from firmware_host.opponents.seats import OpponentSpec


class Purpose(Enum):
    MOVE = "move"  # a computer seat's move, lit as the move to play
    HINT = "hint"  # the best move for a person, lit as a suggestion
    JUDGE = "judge"  # every move of a person's turn valued: the coach and the warnings
    REVIEW = "review"  # every move of a finished game's position valued: the review


@dataclass(frozen=True, slots=True)
class ThinkRequest:
    """One question for the computer about one position of one game."""

    purpose: Purpose
    game_id: int
    game: str
    options: tuple[tuple[str, str], ...]
    start: str
    moves: tuple[str, ...]
    spec: OpponentSpec
    seed: int
    seat: int = 0  # the seat to move

    @property
    def ply(self) -> int:
        return len(self.moves)


@dataclass(frozen=True, slots=True)
class ThinkResult:
    """The answer: the best move and the values judged, as texts of the position."""

    request: ThinkRequest
    best: str | None
    value: float = 0.0
    values: tuple[tuple[str, float], ...] = ()
    mate_in: int | None = None
    note: Said | None = None  # what fell back, or where the move was played
    failed: Said | None = None  # why there is no answer (the position could not be read)


def request_for(
    purpose: Purpose, position: Position[Any], game_id: int, spec: OpponentSpec, seed: int
) -> ThinkRequest:
    """The request for ``position`` as its record has it (start and moves)."""
    played = position.played()
    options = position.options.non_default(position.game.option_specs)
    return ThinkRequest(
        purpose,
        game_id,
        position.game.name,
        tuple(sorted(options.items())),
        played.start,
        played.moves,
        spec,
        seed,
        position.turn,
    )


def rebuild(request: ThinkRequest) -> Position[Any]:
    """The request's position, its moves replayed through the rules."""
    game = find_game(request.game)
    position: Position[Any] = game.position(request.start, dict(request.options))
    for text in request.moves:
        position.push_text(text)
    return position


PlayerFactory = Callable[[ThinkRequest, Game[Any]], Player]
"""The player that answers a request (a factory may keep an engine's process between
requests; a built-in player is made afresh, seeded by ``seeded(request)``)."""


def think(
    request: ThinkRequest,
    player_for: PlayerFactory,
    *,
    stop: Callable[[], bool] | None = None,
) -> ThinkResult:
    """Answer one request with the player ``player_for`` gives for its spec."""
    try:
        position = rebuild(request)
        player = player_for(request, position.game)
        analysis: Analysis[Any] = player.analyse(
            position,
            limits=limits_for(request.purpose, position.game, stop),
            judge_all=request.purpose in (Purpose.JUDGE, Purpose.REVIEW),
        )
    except KibanError as error:
        return ThinkResult(request, None, failed=said_of(error))
    values = tuple((position.move_text(move), value) for move, value in analysis.values.items())
    return ThinkResult(
        request,
        position.move_text(analysis.best),
        analysis.value,
        values,
        analysis.mate_in,
        verbatim(analysis.note) if analysis.note else None,  # the search's own English
    )


def limits_for(purpose: Purpose, game: Game[Any], stop: Callable[[], bool] | None) -> Limits:
    """A hint thinks for the game's ``hint_seconds`` at most (a person waits for it);
    a seat's move and the coach's judgement keep their level's own budget."""
    if purpose is Purpose.HINT:
        return Limits(deadline=time.monotonic() + game.hint_seconds, stop=stop)
    return Limits(stop=stop)


def seeded(request: ThinkRequest) -> random.Random:
    """The player's own random source for this request: the same game asks the same
    question the same way (a replay or a test sees the same moves)."""
    return random.Random(f"{request.seed}:{request.game_id}:{request.ply}:{request.purpose.value}")


class Thinker(Protocol):
    """Where requests are answered: at once (tests, replays) or in a worker process."""

    def want(self, requests: tuple[ThinkRequest, ...]) -> None:
        """What the session wants answered now: each new one is asked (once); one being
        thought about that is no longer wanted is stopped, and queued ones dropped."""
        ...

    def results(self) -> list[ThinkResult]:
        """The answers that arrived since last asked."""
        ...

    def hurry(self) -> None:
        """Ask whatever is being thought about to finish now with what it has."""
        ...

    @property
    def busy(self) -> bool:
        """Whether an answer is still to come."""
        ...

    def close(self) -> None: ...


class InlineThinker:
    """Answers each request as it is submitted: simulated time and tests stay exact."""

    def __init__(self, player_for: PlayerFactory) -> None:
        self._player_for = player_for
        self._answers: list[ThinkResult] = []
        self._asked: set[ThinkRequest] = set()

    def want(self, requests: tuple[ThinkRequest, ...]) -> None:
        # one no longer wanted is forgotten, as the worker's are: the same position
        # again (after a takeback) is asked again, not left "thinking" for ever
        self._asked &= set(requests)
        for request in requests:
            if request not in self._asked:
                self._asked.add(request)
                self._answers.append(think(request, self._player_for))

    def results(self) -> list[ThinkResult]:
        answers, self._answers = self._answers, []
        return answers

    def hurry(self) -> None:
        """Nothing is ever waiting here."""

    @property
    def busy(self) -> bool:
        return False

    def close(self) -> None:
        self._asked.clear()
