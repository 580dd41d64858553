"""A lishogi that lives in the test: the Board API endpoints Kiban uses, in memory.

Paths, status codes, error bodies and NDJSON shapes follow lishogi's server source
(docs/online.md; /api/board/game/stream, PlayApi, EventStream, BotJsonView): clocks
as btime/wtime/binc/winc/byo in ms, sente/gote, sdraw/gdraw, ``{"error": ...}`` with
400 for a refused move. Moves are judged by Kiban's own shogi rules. The test plays
the opponent through the methods (``play``, ``offer_draw``, ``resign``, ``flag``) and
can break streams off (``drop_game_streams``), send a line as it is (``send_raw``),
answer 429 (``rate_limited``, with ``retry_after`` as its Retry-After header, the
calls' times read on ``clock``), close each game stream cleanly after so many lines
(``game_stream_lines``, ``event_stream_lines``, as a server that ends a stream after
every update) or revoke a
token (``tokens``, changed at any time). It
can hold event streams before they open (``hold_event_streams``), to say when a client
connects relative to what happens meanwhile. Its chat is lishogi's: the game stream
tells the players' room only, and ``GET .../chat`` gives that room whole
(``PlayApi.getChat``), or answers 500 ``chat_history_fails`` times. Its games are in
``fake_game.py``, its seeks and challenges in ``fake_finding.py``.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from engine.errors import IllegalMoveError, NotationError
from tests.firmware_host.online.fake_finding import Finding, Seeking
from tests.firmware_host.online.fake_game import (
    DROP,
    END,
    SIDES,
    USER,
    FakeGame,
    Item,
    Json,
    RawLine,
    game_start_line,
    hang_up,
    ok_answer,
    refusal,
)

__all__ = ["FakeGame", "FakeLishogi", "RawLine"]


class FakeLishogi(Finding):
    """The server's state; ``app`` is the aiohttp application to serve."""

    def __init__(self, tokens: dict[str, str] | None = None, *, keepalive_s: float = 0.05) -> None:
        self.tokens = tokens or {"alice_token": "alice", "bob_token": "bob"}
        self.keepalive_s = keepalive_s
        self.games: dict[str, FakeGame] = {}
        self.challenges: dict[str, Json] = {}
        self.seeks: list[Seeking] = []
        self.tells_declines = True  # False: as the server source, no challengeDeclined
        self.calls: list[tuple[str, str]] = []
        self.rate_limited = 0
        self.retry_after: str | None = None  # the 429's Retry-After header (None: none)
        self.clock: Callable[[], float] = time.monotonic  # when each call came (call_times)
        self.call_times: list[float] = []
        self.game_stream_lines: int | None = None  # a game stream ends after this many lines
        self.event_stream_lines: int | None = None  # and an event stream
        self.offline = False  # every connection is hung up on, as with the link down
        self.lose_next_move_answer = False  # play the next move, then hang up unanswered
        self.chat_history_fails = 0  # the chat's history answers 500 this many times
        self._ids = (f"game{n:04d}" for n in itertools.count(1))
        self._listeners = itertools.count()
        self._event_queues: dict[str, tuple[int, asyncio.Queue[Item]]] = {}
        self._events_held: asyncio.Event | None = None
        self.event_streams_held = 0  # event streams asked for and held, not yet open
        self.app = web.Application(middlewares=[self._gate])
        self.app.add_routes(
            [
                web.get("/api/account", self._account),
                web.get("/api/account/playing", self._playing),
                web.get("/api/stream/event", self._event_stream),
                web.get("/api/board/game/stream/{id}", self._game_stream),
                web.post("/api/board/game/{id}/move/{usi}", self._move),
                web.post("/api/board/game/{id}/chat", self._chat),
                web.get("/api/board/game/{id}/chat", self._chat_history),
                web.post("/api/board/game/{id}/{command:.+}", self._command),
                *self.finding_routes(),
            ]
        )

    # --- the test's hands: the opponent and the network -------------------------

    def start_game(self, sente: str, gote: str, **settings: Any) -> FakeGame:
        game = FakeGame(next(self._ids), sente, gote, **settings)
        self.games[game.id] = game
        for user in (sente, gote):
            self._tell(user, game_start_line(game))
        return game

    def play(self, game_id: str, usi: str) -> None:
        """The side to move plays (the opponent's move); raises if illegal."""
        game = self.games[game_id]
        game.position.push(game.parse(usi))
        self._after_move(game, usi, game.position.turn ^ 1)

    def offer_draw(self, game_id: str, user: str) -> None:
        game = self.games[game_id]
        side = game.side_of(user)
        assert side is not None
        game.draw_offers[side] = True
        self._publish(game, game.state_json())

    def say(self, game_id: str, user: str, text: str) -> None:
        """The user says a line in the players' chat."""
        game = self.games[game_id]
        line = {"type": "chatLine", "username": user, "text": text, "room": "player"}
        game.chat.append(line)
        self._publish(game, line)

    def resign(self, game_id: str, user: str) -> None:
        game = self.games[game_id]
        side = game.side_of(user)
        assert side is not None
        self._finish(game, "resign", SIDES[side ^ 1])

    def flag(self, game_id: str, user: str) -> None:
        """The user's time runs out."""
        game = self.games[game_id]
        side = game.side_of(user)
        assert side is not None
        game.times[side] = 0
        self._finish(game, "outoftime", SIDES[side ^ 1])

    def drop_game_streams(self, game_id: str) -> int:
        """Break every open stream of the game off; how many there were."""
        listeners = list(self.games[game_id].listeners.values())
        for _, queue in listeners:
            queue.put_nowait(DROP)
        return len(listeners)

    def send_raw(self, game_id: str, data: bytes) -> int:
        """Send ``data`` and a newline on every open stream of the game; how many."""
        listeners = list(self.games[game_id].listeners.values())
        for _, queue in listeners:
            queue.put_nowait(RawLine(data))
        return len(listeners)

    def drop_event_streams(self) -> None:
        for _, queue in self._event_queues.values():
            queue.put_nowait(DROP)

    def hold_event_streams(self) -> None:
        """Event streams asked for from now on wait, unopened (``event_streams_held``
        counts them), until ``open_event_streams``: what happens meanwhile is told to
        nobody, as on lishogi before a stream connects."""
        self._events_held = asyncio.Event()

    def open_event_streams(self) -> None:
        if self._events_held is not None:
            self._events_held.set()
            self._events_held = None

    def streams_open(self, game_id: str) -> int:
        return len(self.games[game_id].listeners)

    # --- the gate: rate limit, then the token ----------------------------------

    @web.middleware
    async def _gate(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if self.offline:
            hang_up(request)
        self.calls.append((request.method, request.path))  # the calls that reached lishogi
        self.call_times.append(self.clock())
        if self.rate_limited > 0:
            self.rate_limited -= 1
            answer = refusal(429, "Too many requests. Try again later.")
            if self.retry_after is not None:
                answer.headers["Retry-After"] = self.retry_after
            return answer
        if request.path.startswith("/challenge/"):  # the challenge's page is open to all
            return await handler(request)  # type: ignore[no-any-return]
        header = request.headers.get("Authorization", "")
        user = self.tokens.get(header.removeprefix("Bearer "))
        if not header.startswith("Bearer ") or user is None:
            return refusal(401, "No such token")
        request[USER] = user
        response: web.StreamResponse = await handler(request)
        return response

    # --- the account ---------------------------------------------------------------

    async def _account(self, request: web.Request) -> web.Response:
        user = request[USER]
        return web.json_response({"id": user, "username": user.capitalize(), "online": True})

    async def _playing(self, request: web.Request) -> web.Response:
        user = request[USER]
        playing = []
        for game in self.games.values():
            side = game.side_of(user)
            if side is None or game.over:
                continue
            opponent = (game.gote, game.sente)[side]
            playing.append(
                {
                    "gameId": game.id,
                    "fullId": game.id + "abcd",
                    "color": SIDES[side],
                    "sfen": game.position.text(),
                    "hasMoved": bool(game.moves),
                    "isMyTurn": game.position.turn == side,
                    "lastMove": game.moves[-1] if game.moves else "",
                    "opponent": {"id": opponent, "rating": 1500, "username": opponent},
                    "perf": "rapid",
                    "rated": game.rated,
                    "source": "friend",
                    "speed": "rapid",
                    "variant": {"key": game.variant, "name": game.variant.capitalize()},
                }
            )
        return web.json_response({"nowPlaying": playing})

    # --- streams -----------------------------------------------------------------------

    async def _event_stream(self, request: web.Request) -> web.StreamResponse:
        user = request[USER]
        held = self._events_held
        if held is not None:
            self.event_streams_held += 1
            try:
                await held.wait()
            finally:
                self.event_streams_held -= 1
        old = self._event_queues.get(user)
        if old is not None:
            old[1].put_nowait(END)  # a new event stream closes the old one
        queue: asyncio.Queue[Item] = asyncio.Queue()
        key = next(self._listeners)
        self._event_queues[user] = (key, queue)
        for game in self.games.values():
            if game.side_of(user) is not None and not game.over:
                queue.put_nowait(game_start_line(game))
        for challenge in self.challenges.values():
            if challenge["destUser"]["id"] == user and challenge["status"] == "created":
                queue.put_nowait({"type": "challenge", "challenge": challenge})
        try:
            return await self._serve(request, queue, [], self.event_stream_lines)
        finally:
            if self._event_queues.get(user, (None,))[0] == key:
                del self._event_queues[user]

    async def _game_stream(self, request: web.Request) -> web.StreamResponse:
        user = request[USER]
        game = self.games.get(request.match_info["id"])
        if game is None:
            return refusal(404, "No such game")
        if game.side_of(user) is None:
            return refusal(404, "Not your game")
        if game.over:
            return await self._serve(request, None, [game.full_json()])
        for other, queue in list(game.listeners.values()):
            if other == user:
                queue.put_nowait(END)  # lishogi keeps one stream per game and side
        queue = asyncio.Queue()
        key = next(self._listeners)
        game.listeners[key] = (user, queue)
        try:
            return await self._serve(request, queue, [game.full_json()], self.game_stream_lines)
        finally:
            game.listeners.pop(key, None)

    async def _serve(
        self,
        request: web.Request,
        queue: asyncio.Queue[Item] | None,
        first: list[Json],
        lines: int | None = None,
    ) -> web.StreamResponse:
        """The stream: ``first``, then the queue's lines; closed cleanly after ``lines``
        lines (keep-alives not counted) when that is said."""
        response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
        await response.prepare(request)
        sent = 0
        for line in first:
            await response.write(json.dumps(line).encode() + b"\n")
            sent += 1
        while queue is not None and (lines is None or sent < lines):
            try:
                item = await asyncio.wait_for(queue.get(), self.keepalive_s)
            except TimeoutError:
                await response.write(b"\n")  # lishogi's keep-alive
                continue
            if item is END:
                break
            if item is DROP:
                hang_up(request)
            if isinstance(item, RawLine):
                await response.write(item.data + b"\n")
                continue
            assert isinstance(item, dict)
            await response.write(json.dumps(item).encode() + b"\n")
            sent += 1
        await response.write_eof()
        return response

    # --- playing ---------------------------------------------------------------------

    def _own_game(self, request: web.Request) -> tuple[FakeGame, int] | web.Response:
        game = self.games.get(request.match_info["id"])
        if game is None:
            return refusal(404, "No such game")
        side = game.side_of(request[USER])
        if side is None:
            return refusal(404, "Not your game")
        return game, side

    async def _move(self, request: web.Request) -> web.Response:
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        game, side = found
        usi = request.match_info["usi"]
        if game.over or game.position.turn != side:
            return refusal(400, "Not your turn, or game already over")
        try:
            move = game.parse(usi)
        except NotationError:
            return refusal(400, f"Invalid USI: {usi}")
        except IllegalMoveError as error:
            return refusal(400, str(error))
        game.position.push(move)
        offering = request.query.get("offeringDraw")
        if offering == "true":
            game.draw_offers[side] = True
        elif offering == "false":
            game.draw_offers[side ^ 1] = False
        self._after_move(game, usi, side)
        if self.lose_next_move_answer:
            self.lose_next_move_answer = False
            hang_up(request)
        return ok_answer()

    async def _command(self, request: web.Request) -> web.Response:
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        game, side = found
        command = request.match_info["command"]
        abortable = len(game.moves) < 2 and not game.over
        if command == "abort":
            if not abortable:
                return refusal(400, "This game can no longer be aborted")
            self._finish(game, "aborted", None)
        elif command == "resign":
            if abortable:
                self._finish(game, "aborted", None)  # lishogi aborts what it still can
            elif game.over:
                return refusal(400, "This game cannot be resigned")
            else:
                self._finish(game, "resign", SIDES[side ^ 1])
        elif command in ("draw/yes", "draw/no"):
            if game.over:
                return ok_answer()
            if command == "draw/no":
                game.draw_offers[side ^ 1] = False
                self._publish(game, game.state_json())
            elif game.draw_offers[side ^ 1]:
                game.draw_offers = [False, False]
                self._finish(game, "draw", None)
            else:
                game.draw_offers[side] = True
                self._publish(game, game.state_json())
        else:
            return refusal(404, "No such command")  # takeback among them, as in lishogi
        return ok_answer()

    async def _chat(self, request: web.Request) -> web.Response:
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        game, _ = found
        form = await request.post()
        room, text = form.get("room"), form.get("text")
        if room not in ("player", "spectator") or not isinstance(text, str) or not text:
            return refusal(400, "Invalid chat form")
        line = {"type": "chatLine", "username": request[USER], "text": text, "room": room}
        game.chat.append(line)
        if room == "player":  # the game stream follows the players' room only
            self._publish(game, line)
        return ok_answer()

    async def _chat_history(self, request: web.Request) -> web.Response:
        """The players' room, oldest first, as ``PlayApi.getChat`` answers it."""
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        if self.chat_history_fails > 0:
            self.chat_history_fails -= 1
            return refusal(500, "Internal server error")
        return web.json_response(
            [
                {"text": line["text"], "user": line["username"]}
                for line in found[0].chat
                if line["room"] == "player"
            ]
        )

    # --- the game's life -------------------------------------------------------------------

    def _after_move(self, game: FakeGame, usi: str, side: int) -> None:
        game.moves.append(usi)
        game.times[side] -= 1000
        game.draw_offers[side ^ 1] = False  # the fake's choice: a move declines an offer
        self._publish(game, game.state_json())

    def _finish(self, game: FakeGame, status: str, winner: str | None) -> None:
        game.status, game.winner = status, winner
        self._publish(game, game.state_json())
        for _, queue in game.listeners.values():
            queue.put_nowait(END)
        for user in (game.sente, game.gote):
            self._tell(user, {"type": "gameFinish", "game": {"id": game.id}})

    def _publish(self, game: FakeGame, line: Json) -> None:
        for _, queue in game.listeners.values():
            queue.put_nowait(line)

    def _tell(self, user: str, line: Json) -> None:
        found = self._event_queues.get(user)
        if found is not None:
            found[1].put_nowait(line)
