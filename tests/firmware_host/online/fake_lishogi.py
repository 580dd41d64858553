"""A lishogi that lives in the test: the Board API endpoints Kiban uses, in memory.

Paths, status codes, error bodies and NDJSON shapes follow lishogi's server source
(docs/online.md; /api/board/game/stream, PlayApi, EventStream, BotJsonView): clocks
as btime/wtime/binc/winc/byo in ms, sente/gote, sdraw/gdraw, ``{"error": ...}`` with
400 for a refused move. Moves are judged by Kiban's own shogi rules. The test plays
the opponent through the methods (``play``, ``offer_draw``, ``resign``, ``flag``) and
can break streams off (``drop_game_streams``), send a line as it is (``send_raw``),
answer 429 (``rate_limited``) or revoke a token (``tokens``, changed at any time).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from typing import Any, NoReturn

from aiohttp import web

from engine.errors import IllegalMoveError, NotationError
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


def _game_start(game: FakeGame) -> Json:
    """The event stream's gameStart, with lishogi's word on the Board API (compat)."""
    return {
        "type": "gameStart",
        "game": {"id": game.id, "compat": {"bot": False, "board": game.board}},
    }


def _board_api_takes(
    limit_s: float, increment_s: int, byoyomi_s: int, periods: int, rated: bool
) -> bool:
    """lishogi's rule for a Board API game, as issue 45 states it (not Kiban's code)."""
    counted = limit_s + 60 * increment_s + 25 * periods * byoyomi_s
    return counted >= (900 if rated else 300)


def _error(status: int, message: str) -> web.Response:
    return web.json_response({"error": message}, status=status)


def _hang_up(request: web.Request) -> NoReturn:
    """Close the connection without a word, as a broken link does."""
    assert request.transport is not None
    request.transport.abort()
    raise asyncio.CancelledError


def _ok() -> web.Response:
    return web.json_response({"ok": True})


class FakeLishogi:
    """The server's state; ``app`` is the aiohttp application to serve."""

    def __init__(self, tokens: dict[str, str] | None = None, *, keepalive_s: float = 0.05) -> None:
        self.tokens = tokens or {"alice_token": "alice", "bob_token": "bob"}
        self.keepalive_s = keepalive_s
        self.games: dict[str, FakeGame] = {}
        self.challenges: dict[str, Json] = {}
        self.seeks: list[tuple[str, dict[str, str], asyncio.Event]] = []
        self.calls: list[tuple[str, str]] = []
        self.rate_limited = 0
        self.offline = False  # every connection is hung up on, as with the link down
        self.lose_next_move_answer = False  # play the next move, then hang up unanswered
        self._ids = (f"game{n:04d}" for n in itertools.count(1))
        self._listeners = itertools.count()
        self._event_queues: dict[str, tuple[int, asyncio.Queue[Item]]] = {}
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
                web.post("/api/board/seek", self._seek),
                web.post("/api/challenge/{id}/accept", self._accept),
                web.post("/api/challenge/{id}/decline", self._decline),
                web.post("/api/challenge/{user}", self._challenge),
            ]
        )

    # --- the test's hands: the opponent and the network -------------------------

    def start_game(self, sente: str, gote: str, **settings: Any) -> FakeGame:
        game = FakeGame(next(self._ids), sente, gote, **settings)
        self.games[game.id] = game
        for user in (sente, gote):
            self._tell(user, _game_start(game))
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

    def challenge_from(self, challenger: str, dest: str) -> str:
        """Another user challenges ``dest`` (10+0, 10 s byoyomi, casual)."""
        return self._new_challenge(challenger, dest, {"clock.limit": "600", "clock.byoyomi": "10"})

    def pair_seek(self, opponent: str, *, board: bool = True) -> FakeGame:
        """The oldest seek finds ``opponent``: its stream closes and the game starts
        (``board``: whether lishogi says its Board API takes the game)."""
        user, form, paired = self.seeks.pop(0)
        paired.set()
        return self.start_game(
            user,
            opponent,
            variant=form.get("variant", "standard"),
            initial_sfen=form.get("sfen", "startpos"),
            board=board,
        )

    def streams_open(self, game_id: str) -> int:
        return len(self.games[game_id].listeners)

    # --- the gate: rate limit, then the token ----------------------------------

    @web.middleware
    async def _gate(self, request: web.Request, handler: Any) -> web.StreamResponse:
        if self.offline:
            _hang_up(request)
        self.calls.append((request.method, request.path))  # the calls that reached lishogi
        if self.rate_limited > 0:
            self.rate_limited -= 1
            return _error(429, "Too many requests. Try again later.")
        header = request.headers.get("Authorization", "")
        user = self.tokens.get(header.removeprefix("Bearer "))
        if not header.startswith("Bearer ") or user is None:
            return _error(401, "No such token")
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
        old = self._event_queues.get(user)
        if old is not None:
            old[1].put_nowait(END)  # a new event stream closes the old one
        queue: asyncio.Queue[Item] = asyncio.Queue()
        key = next(self._listeners)
        self._event_queues[user] = (key, queue)
        for game in self.games.values():
            if game.side_of(user) is not None and not game.over:
                queue.put_nowait(_game_start(game))
        for challenge in self.challenges.values():
            if challenge["destUser"]["id"] == user and challenge["status"] == "created":
                queue.put_nowait({"type": "challenge", "challenge": challenge})
        try:
            return await self._serve(request, queue, [])
        finally:
            if self._event_queues.get(user, (None,))[0] == key:
                del self._event_queues[user]

    async def _game_stream(self, request: web.Request) -> web.StreamResponse:
        user = request[USER]
        game = self.games.get(request.match_info["id"])
        if game is None:
            return _error(404, "No such game")
        if game.side_of(user) is None:
            return _error(404, "Not your game")
        if game.over:
            return await self._serve(request, None, [game.full_json()])
        for other, queue in list(game.listeners.values()):
            if other == user:
                queue.put_nowait(END)  # lishogi keeps one stream per game and side
        queue = asyncio.Queue()
        key = next(self._listeners)
        game.listeners[key] = (user, queue)
        try:
            return await self._serve(request, queue, [game.full_json()])
        finally:
            game.listeners.pop(key, None)

    async def _serve(
        self, request: web.Request, queue: asyncio.Queue[Item] | None, first: list[Json]
    ) -> web.StreamResponse:
        response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
        await response.prepare(request)
        for line in first:
            await response.write(json.dumps(line).encode() + b"\n")
        while queue is not None:
            try:
                item = await asyncio.wait_for(queue.get(), self.keepalive_s)
            except TimeoutError:
                await response.write(b"\n")  # lishogi's keep-alive
                continue
            if item is END:
                break
            if item is DROP:
                _hang_up(request)
            if isinstance(item, RawLine):
                await response.write(item.data + b"\n")
                continue
            assert isinstance(item, dict)
            await response.write(json.dumps(item).encode() + b"\n")
        await response.write_eof()
        return response

    # --- playing ---------------------------------------------------------------------

    def _own_game(self, request: web.Request) -> tuple[FakeGame, int] | web.Response:
        game = self.games.get(request.match_info["id"])
        if game is None:
            return _error(404, "No such game")
        side = game.side_of(request[USER])
        if side is None:
            return _error(404, "Not your game")
        return game, side

    async def _move(self, request: web.Request) -> web.Response:
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        game, side = found
        usi = request.match_info["usi"]
        if game.over or game.position.turn != side:
            return _error(400, "Not your turn, or game already over")
        try:
            move = game.parse(usi)
        except NotationError:
            return _error(400, f"Invalid USI: {usi}")
        except IllegalMoveError as error:
            return _error(400, str(error))
        game.position.push(move)
        offering = request.query.get("offeringDraw")
        if offering == "true":
            game.draw_offers[side] = True
        elif offering == "false":
            game.draw_offers[side ^ 1] = False
        self._after_move(game, usi, side)
        if self.lose_next_move_answer:
            self.lose_next_move_answer = False
            _hang_up(request)
        return _ok()

    async def _command(self, request: web.Request) -> web.Response:
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        game, side = found
        command = request.match_info["command"]
        abortable = len(game.moves) < 2 and not game.over
        if command == "abort":
            if not abortable:
                return _error(400, "This game can no longer be aborted")
            self._finish(game, "aborted", None)
        elif command == "resign":
            if abortable:
                self._finish(game, "aborted", None)  # lishogi aborts what it still can
            elif game.over:
                return _error(400, "This game cannot be resigned")
            else:
                self._finish(game, "resign", SIDES[side ^ 1])
        elif command in ("draw/yes", "draw/no"):
            if game.over:
                return _ok()
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
            return _error(404, "No such command")  # takeback among them, as in lishogi
        return _ok()

    async def _chat(self, request: web.Request) -> web.Response:
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        game, _ = found
        form = await request.post()
        room, text = form.get("room"), form.get("text")
        if room not in ("player", "spectator") or not isinstance(text, str) or not text:
            return _error(400, "Invalid chat form")
        line = {"type": "chatLine", "username": request[USER], "text": text, "room": room}
        game.chat.append(line)
        self._publish(game, line)
        return _ok()

    async def _chat_history(self, request: web.Request) -> web.Response:
        found = self._own_game(request)
        if isinstance(found, web.Response):
            return found
        return web.json_response(
            [{"text": c["text"], "user": c["username"]} for c in found[0].chat]
        )

    # --- finding games ----------------------------------------------------------------------

    async def _seek(self, request: web.Request) -> web.StreamResponse:
        form = {key: str(value) for key, value in (await request.post()).items()}
        try:
            limit = float(form["time"]) * 60
            increment = int(form.get("increment", "0"))
            byoyomi = int(form.get("byoyomi", "0"))
            periods = int(form.get("periods", "1"))
        except (KeyError, ValueError):
            return _error(400, "Invalid board API seek")
        if not _board_api_takes(limit, increment, byoyomi, periods, form.get("rated") == "true"):
            return _error(400, "Invalid time control")
        if any(seeker == request[USER] for seeker, _, _ in self.seeks):
            return _error(400, "You already have an active seek")
        paired = asyncio.Event()
        seek = (request[USER], form, paired)
        self.seeks.append(seek)
        try:
            response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
            await response.prepare(request)
            while not paired.is_set():
                await response.write(b"\n")
                try:
                    await asyncio.wait_for(paired.wait(), self.keepalive_s)
                except TimeoutError:
                    continue
            await response.write_eof()
            return response
        finally:  # as lishogi: a seek whose connection closes is withdrawn
            if not paired.is_set() and seek in self.seeks:
                self.seeks.remove(seek)

    async def _challenge(self, request: web.Request) -> web.Response:
        dest = request.match_info["user"].lower()
        if dest not in self.tokens.values():
            return _error(400, "Challenge not created")
        form = {key: str(value) for key, value in (await request.post()).items()}
        challenge_id = self._new_challenge(request[USER], dest, form)
        return web.json_response({"challenge": self.challenges[challenge_id], "socketVersion": 0})

    async def _accept(self, request: web.Request) -> web.Response:
        challenge = self.challenges.get(request.match_info["id"])
        if challenge is None or challenge["destUser"]["id"] != request[USER]:
            return _error(404, "Not found.")
        challenge["status"] = "accepted"
        clock, rated = challenge["timeControl"], challenge["rated"]
        game = FakeGame(
            challenge["id"],
            challenge["challenger"]["id"],
            request[USER],
            variant=challenge["variant"]["key"],
            initial_sfen=challenge.get("initialSfen") or "startpos",
            board=_board_api_takes(
                clock["limit"], clock["increment"], clock["byoyomi"], clock["periods"], rated
            ),
        )
        self.games[game.id] = game
        for user in (game.sente, game.gote):
            self._tell(user, _game_start(game))
        return _ok()

    async def _decline(self, request: web.Request) -> web.Response:
        challenge = self.challenges.get(request.match_info["id"])
        if challenge is None or challenge["destUser"]["id"] != request[USER]:
            return _error(404, "Not found.")
        challenge["status"] = "declined"
        self._tell(
            challenge["challenger"]["id"], {"type": "challengeDeclined", "challenge": challenge}
        )
        return _ok()

    # --- the game's life -------------------------------------------------------------------

    def _new_challenge(self, challenger: str, dest: str, form: dict[str, str]) -> str:
        challenge_id = f"chal{len(self.challenges):04d}"
        limit = int(form.get("clock.limit", "0"))
        self.challenges[challenge_id] = {
            "id": challenge_id,
            "url": f"https://lishogi.org/{challenge_id}",
            "status": "created",
            "challenger": {"id": challenger, "name": challenger.capitalize(), "rating": 1500},
            "destUser": {"id": dest, "name": dest.capitalize(), "rating": 1500},
            "variant": {"key": form.get("variant", "standard"), "name": "Standard"},
            "rated": form.get("rated") == "true",
            "speed": "rapid",
            "timeControl": {
                "type": "clock",
                "limit": limit,
                "increment": int(form.get("clock.increment", "0")),
                "byoyomi": int(form.get("clock.byoyomi", "0")),
                "periods": int(form.get("clock.periods", "1")),
                "show": f"{limit // 60}+0",
            },
            "color": form.get("color", "random"),
            "perf": {"icon": "#", "name": "Rapid"},
            "initialSfen": form.get("sfen"),
        }
        self._tell(dest, {"type": "challenge", "challenge": self.challenges[challenge_id]})
        return challenge_id

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
