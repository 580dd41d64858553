"""Players whose answers a test knows in advance (importable by a spawned worker)."""

from __future__ import annotations

import os
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.game import Game, Position
from engine.search.types import WIN, Analysis, Limits, Player
from firmware_host.opponents.thinking import ThinkRequest


@dataclass
class ListedPlayer:
    """Plays the first legal move in notation order; values every move by ``values``
    (a move's text to its value for the mover, 0 for the others), the best first."""

    values: Mapping[str, float] = field(default_factory=dict)
    name: str = "listed"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        moves = sorted(position.legal_moves(), key=position.move_text)
        valued = {move: self.values.get(position.move_text(move), 0.0) for move in moves}
        best = max(moves, key=lambda move: valued[move])
        return Analysis(best, valued[best], 1, len(moves), valued if judge_all else {})

    def close(self) -> None:
        pass


@dataclass
class SlowPlayer:
    """Thinks until told to stop (or ``seconds`` pass), then plays the first legal move."""

    seconds: float = 30.0
    name: str = "slow"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            if limits is not None and limits.out_of_time(time.monotonic()):
                break
            time.sleep(0.01)
        best = sorted(position.legal_moves(), key=position.move_text)[0]
        return Analysis(best, 0.0, 1, 1)

    def close(self) -> None:
        pass


@dataclass
class DyingPlayer:
    """Kills its own process the first time it is asked (a crashed worker), then plays
    the first legal move: the flag file says whether it died already."""

    flag: str
    name: str = "dying"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        if not os.path.exists(self.flag):
            with open(self.flag, "w") as out:
                out.write("died")
            os._exit(3)
        best = sorted(position.legal_moves(), key=position.move_text)[0]
        return Analysis(best, WIN / 2, 1, 1)

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class Always:
    """A player factory that answers every request with one player."""

    player: Player

    def __call__(self, request: ThinkRequest, game: Game[Any]) -> Player:
        return self.player

    def close(self) -> None:
        pass


@dataclass(frozen=True)
class MakeAlways:
    """Builds ``Always(player)`` in a worker (the worker is given how to make its factory)."""

    player: Any

    def __call__(self) -> Always:
        return Always(self.player)


@dataclass
class ShufflingPlayer:
    """Plays a legal move chosen by the position's text (the same position, the same
    move): varied play whose every move a test can replay."""

    name: str = "shuffling"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        moves = sorted(position.legal_moves(), key=position.move_text)
        best = moves[sum(map(ord, position.text())) % len(moves)]
        return Analysis(best, 0.0, 1, len(moves))

    def close(self) -> None:
        pass
