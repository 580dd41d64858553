"""The fake lishogi's games and the pieces its parts share: a game in memory (its
clocks, moves judged by Kiban's rules of its variant, its streams' queues), the
event stream's ``gameStart`` line, lishogi's error body and the Board API's time rule.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, NoReturn

from aiohttp import web

from firmware_host.online.notation import from_server, game_of

Json = dict[str, Any]
SIDES = ("sente", "gote")
USER = web.RequestKey("user", str)


class _Signal:
    """What a stream's queue carries besides lines."""

    def __init__(self, name: str) -> None:
        self.name = name


DROP = _Signal("drop")  # break the connection off mid-stream
END = _Signal("end")  # close it cleanly, as lishogi does when the game ends


@dataclass(frozen=True)
class RawLine:
    """Bytes sent on a stream as they are (a line too long, or one not lishogi's shape)."""

    data: bytes


Item = Json | _Signal | RawLine


@dataclass
class FakeGame:
    id: str
    sente: str
    gote: str
    clock: Json = field(
        default_factory=lambda: {"initial": 600000, "increment": 0, "byoyomi": 10000, "periods": 1}
    )
    rated: bool = False
    moves: list[str] = field(default_factory=list)
    times: list[int] = field(default_factory=lambda: [600000, 600000])
    status: str = "started"
    winner: str | None = None
    draw_offers: list[bool] = field(default_factory=lambda: [False, False])
    chat: list[Json] = field(default_factory=list)
    listeners: dict[int, tuple[str, asyncio.Queue[Item]]] = field(default_factory=dict)
    variant: str = "standard"  # lishogi's key: "dobutsu" plays Robot Duel
    initial_sfen: str = "startpos"  # a handicap's position, as a challenge or seek asked
    board: bool = True  # lishogi's compat.board: its Board API takes the game

    def __post_init__(self) -> None:
        self.kiban = game_of(self.variant)
        start = None if self.initial_sfen == "startpos" else self.initial_sfen
        self.position = self.kiban.position(start)

    def parse(self, usi: str) -> Any:
        """lishogi's move (its drop letters) judged by Kiban's rules of the variant."""
        return self.position.parse_move(from_server(self.kiban, usi))

    @property
    def over(self) -> bool:
        return self.status not in ("created", "started")

    def side_of(self, user: str) -> int | None:
        if user == self.sente:
            return 0
        if user == self.gote:
            return 1
        return None

    def state_json(self) -> Json:
        state: Json = {
            "type": "gameState",
            "moves": " ".join(self.moves),
            "btime": self.times[0],
            "wtime": self.times[1],
            "binc": self.clock["increment"],
            "winc": self.clock["increment"],
            "byo": self.clock["byoyomi"],
            "sdraw": self.draw_offers[0],
            "gdraw": self.draw_offers[1],
            "status": self.status,
        }
        if self.winner is not None:
            state["winner"] = self.winner
        return state

    def full_json(self) -> Json:
        def player(user: str) -> Json:
            return {"id": user, "name": user.capitalize(), "rating": 1500, "provisional": True}

        return {
            "id": self.id,
            "variant": {"key": self.variant, "name": self.variant.capitalize()},
            "clock": self.clock,
            "speed": "rapid",
            "perf": {"name": "Rapid"},
            "rated": self.rated,
            "createdAt": 1700000000000,
            "sente": player(self.sente),
            "white": player(self.sente),
            "gote": player(self.gote),
            "black": player(self.gote),
            "initialSfen": self.initial_sfen,
            "initialFen": self.initial_sfen,
            "type": "gameFull",
            "state": self.state_json(),
        }


def game_start_line(game: FakeGame) -> Json:
    """The event stream's gameStart, with lishogi's word on the Board API (compat)."""
    return {
        "type": "gameStart",
        "game": {"id": game.id, "compat": {"bot": False, "board": game.board}},
    }


def board_api_takes(
    limit_s: float, increment_s: int, byoyomi_s: int, periods: int, rated: bool
) -> bool:
    """lishogi's rule for a Board API game, as issue 45 states it (not Kiban's code)."""
    counted = limit_s + 60 * increment_s + 25 * periods * byoyomi_s
    return counted >= (900 if rated else 300)


def refusal(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


def hang_up(request: web.Request) -> NoReturn:
    """Close the connection without a word, as a broken link does."""
    assert request.transport is not None
    request.transport.abort()
    raise asyncio.CancelledError


def ok_answer() -> web.Response:
    return web.json_response({"ok": True})
