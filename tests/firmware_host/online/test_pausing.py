"""lishogi's 429 against the fake lishogi: its ``Retry-After`` obeyed in both of RFC
9110's forms (lishogi's documented minute without one), told at once to whoever shows
it (the client's ``on_pause``; the seat's trouble on the board; the start dialog's),
the call made again by itself after the wait and never before, the words gone once
lishogi answers."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path

from engine.said import Said
from firmware_host.online.credentials import ApiToken
from firmware_host.online.errors import RateLimitedError
from firmware_host.online.outbox import Outbox
from firmware_host.online.pausing import Paused, retry_after
from firmware_host.online.starting import Found, OnlineRequest, Way
from firmware_host.online.trouble import paused, slowed
from firmware_host.web.online_dialog.start import OnlineStarter
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST, client_of, served, until
from tests.firmware_host.online.test_never_silent import Tokens, board, opening
from tests.firmware_host.online.test_seat import play_here, wait_for
from tests.firmware_host.online.threaded import served_on_a_thread

EPOCH = 1_800_000_000.0  # the fake wall clock's start (2027-01-15, seconds since 1970)


class FakeTime:
    """A clock that moves only when the client sleeps: the test waits no pause."""

    def __init__(self) -> None:
        self.now = 0.0
        self.slept: list[float] = []

    def wall(self) -> float:
        return EPOCH + self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


def _http_date(seconds_from_epoch: float) -> str:
    return format_datetime(datetime.fromtimestamp(seconds_from_epoch, UTC), usegmt=True)


async def _asked_through(fake: FakeLishogi, clock: FakeTime, header: str | None) -> list[object]:
    """Alice's account asked while lishogi answers one 429 with ``header``; what the
    client told, in order, with what it slept marked where it slept."""
    told: list[object] = []

    async def sleep(seconds: float) -> None:
        told.append(("slept", seconds))
        await clock.sleep(seconds)

    fake.clock = lambda: clock.now
    fake.rate_limited, fake.retry_after = 1, header
    async with served(fake) as url, client_of(url, sleep=sleep, wall=clock.wall) as client:
        client.on_pause = told.append
        assert (await client.account()).id == "alice"
    return told


def test_a_429s_retry_after_in_seconds_is_told_at_once_and_waited_not_less() -> None:
    fake, clock = FakeLishogi(), FakeTime()
    told = asyncio.run(_asked_through(fake, clock, "3"))
    assert told == [Paused(3.0), ("slept", 3.0), None]  # told before the wait, cleared after
    assert fake.calls == [("GET", "/api/account")] * 2
    assert fake.call_times[1] - fake.call_times[0] >= 3.0  # asked again after 3 s, not before
    assert str(paused(Paused(3.0))) == (
        "lishogi asks us to wait 3 s (too many requests); we ask again after that"
    )


def test_a_429s_retry_after_as_an_http_date_is_waited_until_that_time() -> None:
    fake, clock = FakeLishogi(), FakeTime()
    told = asyncio.run(_asked_through(fake, clock, _http_date(EPOCH + 7)))
    assert told == [Paused(7.0), ("slept", 7.0), None]
    assert fake.call_times[1] - fake.call_times[0] >= 7.0


def test_a_429_without_a_readable_retry_after_waits_lishogis_minute() -> None:
    fake, clock = FakeLishogi(), FakeTime()
    told = asyncio.run(_asked_through(fake, clock, "soon, please"))
    assert told == [Paused(60.0), ("slept", 60.0), None]
    assert retry_after(None, EPOCH) == 60.0
    assert retry_after(_http_date(EPOCH - 5), EPOCH) == 0.0  # a date past: no wait
    assert retry_after(" 12 ", EPOCH) == 12.0


def test_a_moves_429_says_lishogis_own_wait_and_sends_the_move_after_it() -> None:
    async def scenario() -> None:
        fake, clock = FakeLishogi(), FakeTime()
        held: list[object] = []
        async with served(fake) as url, client_of(url, sleep=clock.sleep) as client:
            game = fake.start_game("alice", "bob")
            fake.rate_limited, fake.retry_after = 1, "5"
            outbox = Outbox(client, game.id, [], on_refused=print, on_held=held.append)
            outbox.put("7g7f", 0)
            running = asyncio.create_task(outbox.run())
            await until(lambda: game.moves == ["7g7f"] and held[-1:] == [None])
            running.cancel()
            assert held == [slowed(5.0), None]  # "sent again in 5 s", not in 60
            assert len(clock.slept) == 1 and 3.0 < clock.slept[0] <= 5.0  # what was left
        with_wait = RateLimitedError(429, "slow down", 5.0)
        assert with_wait.wait_s == 5.0

    asyncio.run(scenario())


def test_a_429_on_the_game_stream_is_said_on_the_board_at_once_and_goes_away() -> None:
    with board(Tokens("alice_token")) as (sim, game, server):
        controller = sim.controller
        opening(sim, game, server)

        def limit() -> None:
            server.fake.rate_limited, server.fake.retry_after = 1, "1"
            server.fake.drop_game_streams(game.id)

        server.call(limit)  # the stream's next opening is answered 429, "wait 1 s"
        wait_for(sim, lambda: controller.remote_wait == paused(Paused(1.0)))
        wait_for(sim, lambda: controller.remote_wait is None)  # opened again after it
        play_here(sim, "2g2f")  # the game goes on
        wait_for(sim, lambda: game.moves == ["7g7f", "3c3d", "2g2f"])


def test_a_429_when_an_online_game_starts_is_said_in_the_dialog_at_once(tmp_path: Path) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))

        def limit() -> None:
            fake.rate_limited, fake.retry_after = 1, "2"

        server.call(limit)
        shown: list[tuple[Said | None, int]] = []

        async def scenario() -> Found:
            starter = OnlineStarter(server.url, backoff=FAST, wait_s=20.0)
            found: list[Found] = []

            async def on_found(what: Found, _: object) -> None:
                found.append(what)

            def changed() -> None:
                shown.append((starter.trouble, len(fake.calls)))  # what lishogi was asked

            starter.begin(OnlineRequest(Way.AUTO), ApiToken("alice_token"), on_found, changed)
            await until(lambda: bool(found), timeout=10.0)
            return found[0]

        assert asyncio.run(scenario()).game_id == game.id
        # said before lishogi was asked again (the wait, not after it), and gone after
        assert shown[0] == (paused(Paused(2.0)), 1)
        assert shown[1][0] is None and shown[1][1] >= 2
        assert fake.call_times[1] - fake.call_times[0] >= 2.0
