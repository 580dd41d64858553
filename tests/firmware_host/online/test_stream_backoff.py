"""Streams lishogi closes after every update (or at once), against the fake lishogi:
opened again ever more slowly while they say nothing new, the pauses from the first
again once one says something new, and each end told, in words of its own once it
keeps coming (never a silent reconnection)."""

from __future__ import annotations

import asyncio
from contextlib import aclosing

from firmware_host.online.messages import GameStarted, Listening
from firmware_host.online.streams import Backoff, LinkLost, follow_events, follow_game
from firmware_host.online.trouble import link_down, stream_keeps_ending
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import client_of, served

BACKOFF = Backoff()  # the link's own: 1 s, doubling, at most 60 s


async def _no_wait(_: float) -> None:
    await asyncio.sleep(0)


def _still() -> float:
    """A clock that stands still: every stream here closes at once."""
    return 0.0


def test_a_game_stream_that_ends_after_every_update_is_reopened_ever_more_slowly() -> None:
    async def scenario() -> list[LinkLost]:
        fake = FakeLishogi()
        fake.game_stream_lines = 1  # gameFull, then lishogi closes the stream
        lost: list[LinkLost] = []
        async with served(fake) as url, client_of(url) as client:
            game = fake.start_game("alice", "bob")
            following = follow_game(client, game.id, backoff=BACKOFF, sleep=_no_wait, clock=_still)
            async with aclosing(following) as messages:
                async for message in messages:
                    if not isinstance(message, LinkLost):
                        continue
                    lost.append(message)
                    if len(lost) == 5:
                        fake.play(game.id, "7g7f")  # news: the next opening tells a move
                    if len(lost) == 7:
                        break
        return lost

    lost = asyncio.run(scenario())
    assert [item.retry_in_s for item in lost] == [1.0, 2.0, 4.0, 8.0, 16.0, 1.0, 2.0]
    assert all(item.ended for item in lost)
    first, again = lost[0], lost[1]
    assert first.words() == link_down("the game stream ended while the game goes on", 1.0)
    assert again.words() == stream_keeps_ending(2.0)
    assert str(again.words()) == "lishogi keeps closing the stream; opening it again in 2 s"


def test_a_game_stream_that_stayed_open_long_starts_the_pauses_afresh() -> None:
    async def scenario() -> list[float]:
        fake = FakeLishogi()
        fake.game_stream_lines = 1
        now = [0.0]
        pauses: list[float] = []
        async with served(fake) as url, client_of(url) as client:
            game = fake.start_game("alice", "bob")
            following = follow_game(
                client, game.id, backoff=BACKOFF, sleep=_no_wait, clock=lambda: now[0]
            )
            async with aclosing(following) as messages:
                async for message in messages:
                    if isinstance(message, LinkLost):
                        pauses.append(message.retry_in_s)
                        if len(pauses) == 5:
                            break
                    elif len(pauses) == 3:
                        now[0] += 0.5  # this stream lives a moment only
                    elif len(pauses) == 4:
                        now[0] += BACKOFF.cap_s  # this one as long as the longest pause
        return pauses

    assert asyncio.run(scenario()) == [1.0, 2.0, 4.0, 8.0, 1.0]


def test_an_event_stream_that_keeps_ending_is_reopened_ever_more_slowly() -> None:
    async def scenario() -> tuple[list[float], int]:
        fake = FakeLishogi()
        fake.event_stream_lines = 1  # the game in progress told again, then closed
        pauses: list[float] = []
        starts = 0
        async with served(fake) as url, client_of(url) as client:
            fake.start_game("alice", "bob")
            following = follow_events(client, backoff=BACKOFF, sleep=_no_wait, clock=_still)
            async with aclosing(following) as events:
                async for event in events:
                    if isinstance(event, GameStarted):
                        starts += 1
                    elif isinstance(event, LinkLost):
                        pauses.append(event.retry_in_s)
                        if len(pauses) == 3:
                            fake.start_game("alice", "carol")  # a new game: news
                            fake.event_stream_lines = 2  # both games told, then closed
                        if len(pauses) == 6:
                            break
                    else:
                        assert isinstance(event, Listening)
        return pauses, starts

    pauses, starts = asyncio.run(scenario())
    assert pauses == [1.0, 2.0, 4.0, 1.0, 2.0, 4.0]
    assert starts >= 6  # each opening told the games in progress again, as lishogi does
