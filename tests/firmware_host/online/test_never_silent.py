"""lishogi failing in the ways bad luck (or lishogi itself) makes it fail, with a game on
the simulated board: a token revoked while a move is sent, a 429 that lasts, a line
longer than the reader takes, a line that is not lishogi's shape. Each is said on the
board's every surface (the controller's wait, which the page, the terminal and the
status LED show), no move is lost, and the game goes on once lishogi does."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import Refused
from firmware_host.online.credentials import ApiToken
from firmware_host.online.errors import RateLimitedError
from firmware_host.online.link import OnlineLink, client_factory
from firmware_host.online.outbox import Outbox
from firmware_host.online.seat import OnlineSeat
from firmware_host.online.streams import LinkLost
from firmware_host.online.trouble import slowed, token_refused
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.notices import notice_line
from hardware.profile import load_profile
from tests.firmware_host.online.fake_lishogi import FakeGame, FakeLishogi
from tests.firmware_host.online.serving import FAST, client_of, served
from tests.firmware_host.online.test_seat import play_here, wait_for
from tests.firmware_host.online.threaded import ServedFake, served_on_a_thread

SHOGI = find_game("shogi")
LONG_LINE = 600 * 1024  # bytes: longer than any line lishogi sends, and than aiohttp takes


class Tokens:
    """The token kept on the board, as ``kiban online login`` would change it."""

    def __init__(self, token: str) -> None:
        self.token = token

    def __call__(self) -> ApiToken:
        return ApiToken(self.token)


@contextmanager
def board(
    tokens: Tokens, *, pause_s: float = 60.0
) -> Iterator[tuple[Simulation, FakeGame, ServedFake]]:
    """Alice's simulated board in a lishogi game against bob, its client reading the
    token kept now for each call."""
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))
        make = client_factory(tokens, server.url, rate_limit_pause_s=pause_s)
        link = OnlineLink(make, game.id, backoff=FAST, recheck=FAST)
        sim = Simulation(
            SHOGI,
            load_profile("sim", SHOGI),
            GameStore(":memory:"),
            remote=OnlineSeat(link, "alice", join_wait=10.0),
            seed=7,
            resume=False,
        )
        try:
            sim.settle()
            yield sim, game, server
        finally:
            sim.close()


def opening(sim: Simulation, game: FakeGame, server: ServedFake) -> None:
    """7g7f here, 3c3d on lishogi (lit and played here)."""
    controller = sim.controller
    play_here(sim, "7g7f")
    wait_for(sim, lambda: len(game.moves) == 1)
    server.call(lambda: server.fake.play(game.id, "3c3d"))
    wait_for(sim, lambda: controller.guide is not None)
    play_here(sim, "3c3d")
    wait_for(sim, lambda: len(controller.position.move_stack) == 2)


def test_a_revoked_token_is_said_the_move_kept_and_sent_once_a_token_works() -> None:
    tokens = Tokens("alice_token")
    with board(tokens) as (sim, game, server):
        controller = sim.controller
        opening(sim, game, server)
        server.call(lambda: server.fake.tokens.pop("alice_token"))  # revoked on lishogi
        play_here(sim, "2g2f")
        wait_for(sim, lambda: controller.remote_wait == token_refused())
        sim.advance(1.0)
        assert game.moves == ["7g7f", "3c3d"] and controller.outcome is None
        assert len(controller.position.move_stack) == 3  # the game is kept here
        # the player logs in again with a new token: the move goes, once
        server.call(lambda: server.fake.tokens.update({"alice_new": "alice"}))
        tokens.token = "alice_new"
        wait_for(sim, lambda: len(game.moves) == 3)
        wait_for(sim, lambda: controller.remote_wait is None)
        assert game.moves == ["7g7f", "3c3d", "2g2f"]
        server.call(lambda: server.fake.play(game.id, "8c8d"))  # the game goes on
        wait_for(sim, lambda: controller.guide is not None)


def test_a_429_that_lasts_is_said_and_the_move_sent_after_lishogis_pause() -> None:
    tokens = Tokens("alice_token")
    with board(tokens, pause_s=0.3) as (sim, game, server):
        controller = sim.controller
        opening(sim, game, server)
        server.call(lambda: setattr(server.fake, "rate_limited", 8))
        play_here(sim, "2g2f")
        wait_for(sim, lambda: controller.remote_wait == slowed(0))
        assert len(game.moves) == 2
        wait_for(sim, lambda: len(game.moves) == 3)
        wait_for(sim, lambda: controller.remote_wait is None)
        assert game.moves == ["7g7f", "3c3d", "2g2f"]


def test_a_moves_429_is_raised_at_once_and_the_next_call_waits_the_minute() -> None:
    async def scenario() -> list[float]:
        fake = FakeLishogi()
        pauses: list[float] = []

        async def sleep(seconds: float) -> None:
            pauses.append(seconds)

        async with served(fake) as url, client_of(url, sleep=sleep) as client:
            game = fake.start_game("alice", "bob")
            fake.rate_limited = 1
            with pytest.raises(RateLimitedError):
                await client.move(game.id, "7g7f")
            assert pauses == [] and game.moves == []  # told at once, not after a minute
            await client.move(game.id, "7g7f")
            assert game.moves == ["7g7f"]
        return pauses

    pauses = asyncio.run(scenario())
    assert len(pauses) == 1 and 59.0 < pauses[0] <= 60.0


@pytest.mark.parametrize(
    "line",
    [
        b'{"type": "chatLine", "username": "bob", "room": "player", "text": "'
        + b"x" * LONG_LINE
        + b'"}',
        b'{"type": "gameState", "moves": 5, "status": "started"}',
        b"{not json",
    ],
    ids=["too-long", "malformed", "not-json"],
)
def test_a_line_kiban_cannot_read_breaks_the_link_which_is_said_and_reconnects(
    line: bytes,
) -> None:
    with board(Tokens("alice_token")) as (sim, game, server):
        controller = sim.controller
        opening(sim, game, server)
        assert server.call(lambda: server.fake.send_raw(game.id, line)) == 1
        wait_for(sim, lambda: controller.remote_wait is not None)
        assert "the link is down" in str(controller.remote_wait or "")
        wait_for(sim, lambda: controller.remote_wait is None)  # a new gameFull came
        assert server.fake.streams_open(game.id) == 1
        play_here(sim, "2g2f")  # the link is back: a move goes ...
        wait_for(sim, lambda: len(game.moves) == 3)
        server.call(lambda: server.fake.play(game.id, "8c8d"))  # ... and one comes
        wait_for(sim, lambda: controller.guide is not None)
        play_here(sim, "8c8d")
        wait_for(sim, lambda: len(controller.position.move_stack) == 4)
        assert controller.remote_wait is None


def test_a_task_of_the_link_that_dies_is_said_and_started_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The outbox fails for a reason nobody foresaw: the link says so as a broken link
    (every surface shows it), starts the outbox again after its backoff, and the move
    it holds reaches lishogi; it never dies silently with the move in it."""
    runs: list[int] = []
    run = Outbox.run

    async def failing_once(self: Outbox) -> None:
        runs.append(1)
        if len(runs) == 1:
            await asyncio.sleep(0.3)  # the move is put meanwhile
            raise RuntimeError("unforeseen")
        await run(self)

    told: list[LinkLost] = []
    update = OnlineLink._update

    def heard(self: OnlineLink, **changes: object) -> None:
        lost = changes.get("lost")
        if isinstance(lost, LinkLost):
            told.append(lost)
        update(self, **changes)

    monkeypatch.setattr(Outbox, "run", failing_once)
    monkeypatch.setattr(OnlineLink, "_update", heard)
    with board(Tokens("alice_token")) as (sim, game, _server):
        play_here(sim, "7g7f")
        wait_for(sim, lambda: game.moves == ["7g7f"])
    assert len(runs) >= 2
    assert any("the outbox stopped (RuntimeError: unforeseen)" in lost.reason for lost in told)


def refusals(sim: Simulation) -> list[str]:
    """The refusals told so far, as the terminal and the page's log write them."""
    return [notice_line(notice) for notice in sim.notices if isinstance(notice, Refused)]


def test_what_lishogi_will_not_do_of_what_the_players_ask_is_told_and_the_game_goes_on() -> None:
    """An abort too late, a chat line lishogi refuses, a resignation lost with the link:
    each is told (a notice: the terminal, the page's log, the speaker), and the game
    goes on (it was never ended here, and moves go and come)."""
    with board(Tokens("alice_token")) as (sim, game, server):
        seat = sim.remote
        assert isinstance(seat, OnlineSeat)
        controller = sim.controller
        opening(sim, game, server)
        seat.abort()  # two moves in: lishogi no longer aborts
        wait_for(sim, lambda: len(refusals(sim)) == 1)
        assert refusals(sim) == [
            "refused: lishogi did not abort the game: This game can no longer be aborted"
        ]
        seat.say("")  # lishogi's form refuses an empty line (the page never sends one)
        wait_for(sim, lambda: len(refusals(sim)) == 2)
        assert refusals(sim)[1] == "refused: lishogi did not take the chat line: Invalid chat form"
        server.call(lambda: setattr(server.fake, "offline", True))  # the link goes down
        seat.resign()
        wait_for(sim, lambda: len(refusals(sim)) == 3)
        assert refusals(sim)[2].startswith(
            "refused: lishogi did not take the resignation: the link is down (POST /api/board/"
        )
        server.call(lambda: setattr(server.fake, "offline", False))
        assert controller.outcome is None and game.status == "started"
        play_here(sim, "2g2f")  # the game goes on
        wait_for(sim, lambda: len(game.moves) == 3)
        server.call(lambda: server.fake.play(game.id, "8c8d"))
        wait_for(sim, lambda: controller.guide is not None)
        told = notice_line(next(n for n in sim.notices if isinstance(n, Refused)), Language.FRENCH)
        assert told.startswith("refusé : lishogi n'a pas annulé la partie : ")


def test_a_move_whose_answer_is_lost_while_the_game_stream_stays_up_is_said_to_wait() -> None:
    """The move's call breaks off, the game stream stays open (no gameFull comes), and
    lishogi's move list cannot be fetched either: the board says the link is down and
    the move waits, until the list comes and the move goes."""
    with board(Tokens("alice_token")) as (sim, game, server):
        controller = sim.controller
        opening(sim, game, server)
        server.call(lambda: setattr(server.fake, "offline", True))  # new calls only
        play_here(sim, "2g2f")
        wait_for(sim, lambda: controller.remote_wait is not None)
        assert server.fake.streams_open(game.id) == 1 and game.moves == ["7g7f", "3c3d"]
        waits = str(controller.remote_wait)
        assert waits.startswith("lishogi: the link is down (")
        assert waits.endswith("1 move(s) wait to be sent")
        server.call(lambda: setattr(server.fake, "offline", False))
        wait_for(sim, lambda: len(game.moves) == 3)
        wait_for(sim, lambda: controller.remote_wait is None)
        assert game.moves == ["7g7f", "3c3d", "2g2f"]


def test_a_command_the_link_cannot_carry_out_is_said_not_done() -> None:
    """A link that never reached its game (lishogi has none of that id), or one closed:
    a command given to it is said not done at once, never dropped in silence."""
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))
        make = client_factory(ApiToken("alice_token"), server.url)
        for game_id in ("nosuchgm", game.id):
            link = OnlineLink(make, game_id, backoff=FAST, recheck=FAST)
            link.start()
            if game_id != game.id:  # the link gives up: lishogi has no such game
                deadline = time.monotonic() + 10
                while link.heard.failed is None and time.monotonic() < deadline:
                    time.sleep(0.005)
                assert link.heard.failed == "lishogi refused (404): No such game"
            link.close()
            OnlineSeat(link, "alice").abort()
            closed = f"the link to lishogi's game {game_id} is closed"
            assert [str(words) for words in link.heard.said] == [
                f"lishogi did not abort the game: the link is down ({closed})"
            ]
        assert game.status == "started"
