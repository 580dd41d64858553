"""The fake lishogi's ways to a game: seeks, challenges sent, accepted and declined,
and the challenge's page, as lishogi's server source has them (``Setup.scala``,
``BoardApiHookStream.scala``, ``LobbyTrouper.scala``, ``Challenge.scala``,
``ChallengeApi.scala``, ``ChallengeRepo.scala``; docs/online.md).

What the source does that a client must live with, the test can bring about: a seek
lishogi closes without a game (``close_seek``: its lobby drops a hook after 15 minutes,
or when it holds too many), a challenge left to lapse (``lapse_challenge``: unanswered
for 20 s, it turns ``offline`` and nobody is told), and a decline the challenger is
never told of (``tells_declines = False``: the event stream of the source Kiban read
sends no ``challengeDeclined``; lishogi's spec says it does, and so does the fake by
default). The challenge's page (``GET /challenge/{id}``) answers its JSON to a client
that asks in the words of lishogi's app (``Accept: application/vnd.lishogi.v5+json``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from tests.firmware_host.online.fake_game import (
    USER,
    FakeGame,
    Json,
    board_api_takes,
    game_start_line,
    ok_answer,
    refusal,
)

APP_JSON = "application/vnd.lishogi.v5+json"
"""The Accept header lishogi's app sends (``HTTPRequest.apiVersion``), JSON its answer."""

Seeking = tuple[str, dict[str, str], asyncio.Event]
"""A seek: who, the form, and its end (set when lishogi closes it, paired or not)."""


class Finding:
    """The seek and challenge endpoints and the test's hands on them; mixed into
    ``FakeLishogi``, which owns the state named here."""

    tokens: dict[str, str]
    keepalive_s: float
    games: dict[str, FakeGame]
    challenges: dict[str, Json]
    seeks: list[Seeking]
    tells_declines: bool

    def start_game(self, sente: str, gote: str, **settings: Any) -> FakeGame:
        raise NotImplementedError

    def _tell(self, user: str, line: Json) -> None:
        raise NotImplementedError

    def finding_routes(self) -> list[web.RouteDef]:
        return [
            web.post("/api/board/seek", self._seek),
            web.post("/api/challenge/{id}/accept", self._accept),
            web.post("/api/challenge/{id}/decline", self._decline),
            web.post("/api/challenge/{user}", self._challenge),
            web.get("/challenge/{id}", self._challenge_page),
        ]

    # --- the test's hands -------------------------------------------------------------

    def challenge_from(self, challenger: str, dest: str) -> str:
        """Another user challenges ``dest`` (10+0, 10 s byoyomi, casual)."""
        return self._new_challenge(challenger, dest, {"clock.limit": "600", "clock.byoyomi": "10"})

    def pair_seek(self, opponent: str, *, board: bool = True) -> FakeGame:
        """The oldest seek finds ``opponent``: its stream closes and the game starts
        (``board``: whether lishogi says its Board API takes the game)."""
        user, form, closed = self.seeks.pop(0)
        closed.set()
        return self.start_game(
            user,
            opponent,
            variant=form.get("variant", "standard"),
            initial_sfen=form.get("sfen", "startpos"),
            board=board,
        )

    def close_seek(self) -> None:
        """lishogi drops the oldest seek from its lobby without a game (after 15
        minutes, or when the lobby holds too many): its stream closes all the same."""
        _, _, closed = self.seeks.pop(0)
        closed.set()

    def lapse_challenge(self, challenge_id: str) -> None:
        """Nobody answered the challenge in 20 s: lishogi calls it ``offline`` and says
        nothing on any event stream (``ChallengeApi.sweep``)."""
        self.challenges[challenge_id]["status"] = "offline"

    # --- the endpoints ----------------------------------------------------------------

    async def _seek(self, request: web.Request) -> web.StreamResponse:
        form = {key: str(value) for key, value in (await request.post()).items()}
        try:
            limit = float(form["time"]) * 60
            increment = int(form.get("increment", "0"))
            byoyomi = int(form.get("byoyomi", "0"))
            periods = int(form.get("periods", "1"))
        except (KeyError, ValueError):
            return refusal(400, "Invalid board API seek")
        if not board_api_takes(limit, increment, byoyomi, periods, form.get("rated") == "true"):
            return refusal(400, "Invalid time control")
        if any(seeker == request[USER] for seeker, _, _ in self.seeks):
            return refusal(400, "You already have an active seek")
        closed = asyncio.Event()  # lishogi took the seek off its lobby (paired, or lapsed)
        seek = (request[USER], form, closed)
        self.seeks.append(seek)
        try:
            response = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
            await response.prepare(request)
            while not closed.is_set():
                await response.write(b"\n")
                try:
                    await asyncio.wait_for(closed.wait(), self.keepalive_s)
                except TimeoutError:
                    continue
            await response.write_eof()
            return response
        finally:  # as lishogi: a seek whose connection closes is withdrawn
            if not closed.is_set() and seek in self.seeks:
                self.seeks.remove(seek)

    async def _challenge(self, request: web.Request) -> web.Response:
        dest = request.match_info["user"].lower()
        if dest not in self.tokens.values():
            return refusal(400, "Challenge not created")
        form = {key: str(value) for key, value in (await request.post()).items()}
        challenge_id = self._new_challenge(request[USER], dest, form)
        return web.json_response({"challenge": self.challenges[challenge_id], "socketVersion": 0})

    async def _accept(self, request: web.Request) -> web.Response:
        challenge = self.challenges.get(request.match_info["id"])
        if challenge is None or challenge["destUser"]["id"] != request[USER]:
            return refusal(404, "Not found.")
        if challenge["status"] != "created":  # lishogi's onlineByIdFor: a lapsed one neither
            return refusal(404, "Not found.")
        challenge["status"] = "accepted"
        clock, rated = challenge["timeControl"], challenge["rated"]
        game = FakeGame(
            challenge["id"],
            challenge["challenger"]["id"],
            request[USER],
            variant=challenge["variant"]["key"],
            initial_sfen=challenge.get("initialSfen") or "startpos",
            board=board_api_takes(
                clock["limit"], clock["increment"], clock["byoyomi"], clock["periods"], rated
            ),
        )
        self.games[game.id] = game
        for user in (game.sente, game.gote):
            self._tell(user, game_start_line(game))
        return ok_answer()

    async def _decline(self, request: web.Request) -> web.Response:
        challenge = self.challenges.get(request.match_info["id"])
        if challenge is None or challenge["destUser"]["id"] != request[USER]:
            return refusal(404, "Not found.")
        if challenge["status"] not in ("created", "offline"):  # lishogi's activeByIdFor
            return refusal(404, "Not found.")
        challenge["status"] = "declined"
        if self.tells_declines:
            line = {"type": "challengeDeclined", "challenge": challenge}
            self._tell(challenge["challenger"]["id"], line)
        return ok_answer()

    async def _challenge_page(self, request: web.Request) -> web.Response:
        """lishogi's challenge page, open to anyone: the challenge's JSON (its status
        among it) to a client that asks in its app's words, else a web page."""
        if request.headers.get("Accept") != APP_JSON:
            return web.Response(text="<!DOCTYPE html><html></html>", content_type="text/html")
        challenge = self.challenges.get(request.match_info["id"])
        if challenge is None:
            return refusal(404, "Resource not found")
        return web.json_response({"challenge": challenge, "socketVersion": 0})

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
