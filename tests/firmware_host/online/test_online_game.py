"""Whole games against the fake lishogi: the outbox sends our moves, the followed
stream brings the opponent's, and broken links lose nothing."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sized
from contextlib import asynccontextmanager
from functools import partial

import pytest

from firmware_host.online.client import LishogiClient
from firmware_host.online.messages import (
    GameFull,
    GameMessage,
    GameStarted,
    GameState,
    GameStatus,
    Listening,
    Side,
)
from firmware_host.online.outbox import (
    Outbox,
    RecordMismatchError,
    Refusal,
    moves_to_play,
)
from firmware_host.online.streams import Backoff, LinkLost, follow_events, follow_game
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST, client_of, served, until

MOVES = (
    "7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "8c8d",
    "4e3d", "2b3c", "3d4e", "7a7b", "2g2f", "8d8e",
)  # fmt: skip
"""Legal shogi from the start: a promotion, a capture, a drop."""


class Seat:
    """What a seat adapter will do: follow the game, feed the outbox lishogi's move
    list, and keep the local record (the board's moves and the opponent's)."""

    def __init__(self, client: LishogiClient, game_id: str, outbox: Outbox) -> None:
        self.client, self.game_id, self.outbox = client, game_id, outbox
        self.record: list[str] = []
        self.seen: list[GameMessage | LinkLost] = []

    def play_on_board(self, usi: str) -> None:
        self.outbox.put(usi, len(self.record))
        self.record.append(usi)

    async def follow(self) -> None:
        async for message in follow_game(self.client, self.game_id, backoff=FAST):
            self.seen.append(message)
            if isinstance(message, GameFull):
                moves = message.state.moves
                self.outbox.observe(moves, fresh=True)
            elif isinstance(message, GameState):
                moves = message.moves
                self.outbox.observe(moves)
            else:
                continue
            self.record.extend(moves_to_play(self.record, moves))

    @property
    def states(self) -> list[GameState]:
        return [
            m.state if isinstance(m, GameFull) else m
            for m in self.seen
            if isinstance(m, GameFull | GameState)
        ]


@asynccontextmanager
async def seated(
    client: LishogiClient, game_id: str, refused: Callable[[Refusal], None] = lambda _: None
) -> AsyncIterator[tuple[Seat, asyncio.Task[None]]]:
    """A seat following the game and its outbox running; both stopped at the end."""
    full = await client.game_full(game_id)
    outbox = Outbox(client, game_id, full.state.moves, on_refused=refused, recheck=FAST)
    seat = Seat(client, game_id, outbox)
    following = asyncio.create_task(seat.follow())
    sending = asyncio.create_task(outbox.run())
    try:
        await until(lambda: bool(seat.seen))
        yield seat, following
    finally:
        for task in (following, sending):
            task.cancel()
        await asyncio.gather(following, sending, return_exceptions=True)


def _has_length(items: Sized, length: int) -> bool:
    return len(items) == length


def _posts(fake: FakeLishogi, game_id: str, usi: str) -> int:
    path = f"/api/board/game/{game_id}/move/{usi}"
    return sum(1 for method, called in fake.calls if (method, called) == ("POST", path))


def test_a_whole_game_through_a_dropped_link_ends_in_resignation_with_equal_records() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        refusals: list[Refusal] = []
        async with (
            served(fake) as url,
            client_of(url) as client,
            seated(client, game.id, refusals.append) as (seat, following),
        ):
            for ply, usi in enumerate(MOVES):
                if ply % 2:
                    fake.play(game.id, usi)  # the opponent's move arrives by the stream
                    await until(partial(_has_length, seat.record, ply + 1))
                    continue
                if usi == "B*4e":  # the link goes down; the board's move waits
                    fake.offline = True
                    assert fake.drop_game_streams(game.id) == 1
                    seat.play_on_board(usi)
                    await until(lambda: seat.outbox.link_down)
                    await asyncio.sleep(0.1)
                    assert len(game.moves) == ply and seat.outbox.waiting
                    fake.offline = False
                elif usi == "3d4e":  # lishogi plays it but its answer is lost
                    fake.lose_next_move_answer = True
                    seat.play_on_board(usi)
                else:
                    seat.play_on_board(usi)
                await until(partial(_has_length, game.moves, ply + 1))
                await until(lambda: not seat.outbox.waiting)
            fake.resign(game.id, "bob")
            await asyncio.wait_for(following, 10)
            assert seat.record == game.moves == list(MOVES)
            assert [_posts(fake, game.id, usi) for usi in MOVES[::2]] == [1] * 6
            assert refusals == []
            assert any(isinstance(m, LinkLost) for m in seat.seen)
            final = seat.states[-1]
            assert final.status is GameStatus.RESIGN and final.winner is Side.SENTE
            assert final.moves == MOVES

    asyncio.run(scenario())


def test_a_lost_answer_with_no_stream_is_checked_by_fetching_the_game() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        refusals: list[Refusal] = []
        async with served(fake) as url, client_of(url) as client:
            outbox = Outbox(client, game.id, (), on_refused=refusals.append, recheck=FAST)
            sending = asyncio.create_task(outbox.run())
            fake.lose_next_move_answer = True
            outbox.put("7g7f", 0)
            await until(lambda: not outbox.waiting)
            assert game.moves == ["7g7f"] and _posts(fake, game.id, "7g7f") == 1
            assert not outbox.link_down and refusals == []
            sending.cancel()

    asyncio.run(scenario())


def test_a_move_lishogi_refuses_is_reported_once_with_its_reason() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("bob", "alice")
        refusals: list[Refusal] = []
        async with (
            served(fake) as url,
            client_of(url) as client,
            seated(client, game.id, refusals.append) as (seat, _),
        ):
            seat.play_on_board("7g7f")  # alice is gote: not her turn
            await until(lambda: bool(refusals))
            await asyncio.sleep(0.05)
            assert refusals == [Refusal("7g7f", 0, "Not your turn, or game already over")]
            assert str(refusals[0]) == "lishogi refused 7g7f: Not your turn, or game already over"
            assert not seat.outbox.waiting and game.moves == []

    asyncio.run(scenario())


def test_a_flag_ends_the_game_with_out_of_time_and_the_winner() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        async with (
            served(fake) as url,
            client_of(url) as client,
            seated(client, game.id) as (seat, following),
        ):
            seat.play_on_board("7g7f")
            await until(lambda: len(game.moves) == 1)
            fake.play(game.id, "3c3d")
            await until(lambda: len(seat.record) == 2)
            fake.flag(game.id, "alice")
            await asyncio.wait_for(following, 10)
            final = seat.states[-1]
            assert final.status is GameStatus.OUT_OF_TIME and final.winner is Side.GOTE
            assert final.clocks.left_ms(Side.SENTE) == 0
            assert final.clocks.left_ms(Side.GOTE) == 599000 and final.clocks.byoyomi_ms == 10000

    asyncio.run(scenario())


def test_the_opponents_draw_offer_shows_and_is_answered() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        async with (
            served(fake) as url,
            client_of(url) as client,
            seated(client, game.id) as (seat, following),
        ):
            seat.play_on_board("7g7f")
            await until(lambda: len(game.moves) == 1)
            fake.play(game.id, "3c3d")
            fake.offer_draw(game.id, "bob")
            await until(lambda: seat.states[-1].offers_draw(Side.GOTE))
            await client.draw(game.id, yes=False)
            await until(lambda: not seat.states[-1].offers_draw(Side.GOTE))
            fake.offer_draw(game.id, "bob")
            await until(lambda: seat.states[-1].offers_draw(Side.GOTE))
            await client.draw(game.id, yes=True)
            await asyncio.wait_for(following, 10)
            final = seat.states[-1]
            assert final.status is GameStatus.DRAW and final.winner is None

    asyncio.run(scenario())


def test_the_event_stream_comes_back_and_tells_the_games_again() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        async with served(fake) as url, client_of(url) as client:
            seen: list[object] = []

            async def follow() -> None:
                async for event in follow_events(client, backoff=FAST):
                    seen.append(event)

            task = asyncio.create_task(follow())
            await until(lambda: GameStarted(game.id, board=True) in seen)
            fake.drop_event_streams()
            await until(lambda: seen.count(GameStarted(game.id, board=True)) == 2)
            # each opening is told before lishogi's repeats, and each break between
            assert [type(item) for item in seen] == [
                Listening,
                GameStarted,
                LinkLost,
                Listening,
                GameStarted,
            ]
            task.cancel()

    asyncio.run(scenario())


def test_a_stream_that_keeps_failing_waits_longer_each_time_up_to_the_cap() -> None:
    async def scenario() -> list[float]:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        pauses: list[float] = []

        async def sleep(seconds: float) -> None:
            pauses.append(seconds)
            if len(pauses) == 5:
                fake.offline = False

        async with served(fake) as url, client_of(url) as client:
            fake.offline = True
            backoff = Backoff(first_s=1.0, factor=2.0, cap_s=5.0)
            async for message in follow_game(client, game.id, backoff=backoff, sleep=sleep):
                if isinstance(message, GameFull):
                    break
        return pauses

    assert asyncio.run(scenario()) == [1.0, 2.0, 4.0, 5.0, 5.0]


def test_records_that_disagree_are_an_error() -> None:
    assert moves_to_play(["7g7f"], ["7g7f", "3c3d"]) == ("3c3d",)
    assert moves_to_play(["7g7f", "3c3d"], ["7g7f"]) == ()
    with pytest.raises(RecordMismatchError, match="move 1: the board has 2g2f, lishogi has 7g7f"):
        moves_to_play(["2g2f"], ["7g7f"])
