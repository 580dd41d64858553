"""The client's calls against the fake lishogi: answers, refusals, 429s, the token."""

from __future__ import annotations

import asyncio
import traceback

import pytest

from firmware_host.online.client import ChallengeTerms, Seek
from firmware_host.online.errors import (
    LinkDownError,
    LishogiRefusedError,
    MoveRefused,
    NotAuthorizedError,
    OnlineError,
    RateLimitedError,
)
from firmware_host.online.messages import (
    ChallengeEvent,
    ChallengeNews,
    ChallengeStatus,
    ChatLine,
    ChatRoom,
    GameFull,
    GameMessage,
    GameStarted,
    GameState,
    GameStatus,
    Listening,
    Side,
)
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import client_of, served, until


def test_account_and_games_in_progress() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("bob", "alice")
        async with served(fake) as url, client_of(url) as client:
            account = await client.account()
            assert (account.id, account.username) == ("alice", "Alice")
            (playing,) = await client.playing()
            assert playing.game_id == game.id and playing.side is Side.GOTE
            assert playing.opponent == "bob" and not playing.is_my_turn

    asyncio.run(scenario())


def test_a_move_out_of_turn_is_refused_with_lishogis_reason() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("bob", "alice")
        async with served(fake) as url, client_of(url) as client:
            with pytest.raises(MoveRefused) as refused:
                await client.move(game.id, "3c3d")
            assert refused.value.move == "3c3d" and refused.value.status == 400
            assert refused.value.reason == "Not your turn, or game already over"
            assert str(refused.value) == "lishogi refused 3c3d: Not your turn, or game already over"
            fake.play(game.id, "7g7f")
            with pytest.raises(MoveRefused, match="3c3e"):
                await client.move(game.id, "3c3e")  # our turn now, but illegal
            await client.move(game.id, "3c3d")
            assert game.moves == ["7g7f", "3c3d"]

    asyncio.run(scenario())


def test_a_promotion_and_a_drop_reach_lishogi_as_usi() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        async with served(fake) as url, client_of(url) as client:
            await client.move(game.id, "7g7f")
            fake.play(game.id, "3c3d")
            await client.move(game.id, "8h2b+")
            fake.play(game.id, "3a2b")
            await client.move(game.id, "B*4e")
            assert game.moves == ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]

    asyncio.run(scenario())


def test_429_waits_a_minute_and_tries_again() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        pauses: list[float] = []

        async def sleep(seconds: float) -> None:
            pauses.append(seconds)

        async with served(fake) as url, client_of(url, sleep=sleep) as client:
            fake.rate_limited = 2
            assert (await client.account()).id == "alice"
            assert pauses == [60.0, 60.0]
            fake.rate_limited = 5
            with pytest.raises(RateLimitedError):
                await client.account()
            assert pauses == [60.0] * 4  # the third 429's minute is the next call's
            fake.rate_limited = 1
            game = fake.start_game("alice", "bob")
            full = await client.game_full(game.id)  # streams wait too
            assert full.id == game.id and len(pauses) == 6
            assert 59.0 < pauses[4] <= 60.0 and pauses[5] == 60.0

    asyncio.run(scenario())


def test_the_token_is_in_no_error_text() -> None:
    secret = "lip_AliceSecretToken99"

    async def scenario() -> list[BaseException]:
        fake = FakeLishogi({secret: "alice"})
        errors: list[BaseException] = []
        async with served(fake) as url:
            async with client_of(url, token="lip_WrongToken") as client:
                with pytest.raises(NotAuthorizedError) as refused:
                    await client.account()
                errors.append(refused.value)
            async with client_of(url, token=secret) as client:
                assert secret not in repr(client)
                for call in (
                    client.move("nosuchgm", "7g7f"),
                    client.resign("nosuchgm"),
                    client.game_full("nosuchgm"),
                ):
                    with pytest.raises(OnlineError) as failed:
                        await call
                    errors.append(failed.value)
                fake.offline = True
                with pytest.raises(LinkDownError) as down:
                    await client.account()
                errors.append(down.value)
        async with client_of(url, token=secret) as client:  # the server is gone now
            with pytest.raises(LinkDownError) as gone:
                await client.account()
            errors.append(gone.value)
        return errors

    errors = asyncio.run(scenario())
    assert len(errors) == 6
    for error in errors:
        shown = "".join(traceback.format_exception(error)) + repr(error) + str(vars(error))
        assert secret not in shown and "lip_WrongToken" not in shown
    assert "No such game" in str(errors[1])


def test_game_commands_chat_and_draw() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        async with served(fake) as url, client_of(url) as client:
            await client.chat(game.id, "Good luck")
            assert game.chat[-1]["text"] == "Good luck"
            await client.move(game.id, "7g7f")
            fake.play(game.id, "3c3d")
            with pytest.raises(LishogiRefusedError, match="can no longer be aborted"):
                await client.abort(game.id)
            await client.draw(game.id, yes=True)
            assert game.draw_offers == [True, False]
            await client.resign(game.id)
            assert (game.status, game.winner) == ("resign", "gote")
            with pytest.raises(LishogiRefusedError, match="cannot be resigned"):
                await client.resign(game.id)

    asyncio.run(scenario())


def test_resigning_before_two_moves_aborts_as_lishogi_does() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        async with served(fake) as url, client_of(url) as client:
            await client.resign(game.id)
            full = await client.game_full(game.id)
            assert full.state.status is GameStatus.ABORTED and full.state.winner is None

    asyncio.run(scenario())


def test_a_seek_waits_open_until_paired_and_the_game_starts() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as client:
            events = client.events()
            seeking = asyncio.create_task(
                client.seek(Seek(minutes=10, byoyomi_s=30, periods=1, rated=True))
            )
            await until(lambda: bool(fake.seeks))
            _, form, _ = fake.seeks[0]
            assert form == {
                "time": "10",
                "increment": "0",
                "byoyomi": "30",
                "periods": "1",
                "rated": "true",
                "variant": "standard",
                "color": "random",
            }
            await asyncio.sleep(0.15)  # keep-alive lines pass; the seek stays open
            assert not seeking.done()
            game = fake.pair_seek("bob")
            await asyncio.wait_for(seeking, 5)
            assert await anext(events) == Listening()  # said once the stream is open
            assert await anext(events) == GameStarted(game.id, board=True)
            await events.aclose()

    asyncio.run(scenario())


def test_challenges_sent_received_accepted_and_declined() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with (
            served(fake) as url,
            client_of(url) as alice,
            client_of(url, token="bob_token") as bob,
        ):
            bob_events = bob.events()
            sent = await alice.challenge(
                "Bob", ChallengeTerms(limit_s=600, byoyomi_s=10, periods=1, side=Side.SENTE)
            )
            assert sent.dest_user == "bob" and sent.clock is not None
            assert sent.clock.byoyomi_s == 10 and sent.color == "sente" and not sent.rated
            # bob connects after the challenge: lishogi tells open challenges at connect
            assert await anext(bob_events) == Listening()
            received = await anext(bob_events)
            assert received == ChallengeEvent(ChallengeNews.RECEIVED, sent)
            await bob.accept_challenge(sent.id)
            assert await anext(bob_events) == GameStarted(sent.id, board=True)
            await bob_events.aclose()

            other = fake.challenge_from("bob", "alice")
            await alice.decline_challenge(other)
            assert fake.challenges[other]["status"] == "declined"
            with pytest.raises(LishogiRefusedError, match=r"Not found\.") as missing:
                await alice.accept_challenge("nochalng")
            assert missing.value.status == 404

    asyncio.run(scenario())


def test_a_challenges_state_is_read_from_its_page_as_lishogis_app_reads_it() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with (
            served(fake) as url,
            client_of(url) as alice,
            client_of(url, token="bob_token") as bob,
        ):
            sent = await alice.challenge("bob", ChallengeTerms(limit_s=600, byoyomi_s=10))
            assert (await alice.challenge_state(sent.id)).status is ChallengeStatus.CREATED
            await bob.decline_challenge(sent.id)
            declined = await alice.challenge_state(sent.id)
            assert declined.status is ChallengeStatus.DECLINED and declined.dest_user == "bob"
            other = fake.challenge_from("bob", "alice")
            fake.lapse_challenge(other)
            assert (await alice.challenge_state(other)).status is ChallengeStatus.OFFLINE
            with pytest.raises(LishogiRefusedError, match="Resource not found") as gone:
                await alice.challenge_state("nochalng")
            assert gone.value.status == 404
            # a status lishogi adds later is read, as one Kiban does not know
            fake.challenges[other]["status"] = "postponed"
            assert (await alice.challenge_state(other)).status is ChallengeStatus.OTHER

    asyncio.run(scenario())


def test_a_game_stream_reads_full_state_and_chat_and_ends_with_the_game() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        game = fake.start_game("alice", "bob")
        async with served(fake) as url, client_of(url) as client:
            seen: list[GameMessage] = []

            async def read() -> None:
                async for message in client.game(game.id):
                    seen.append(message)

            reader = asyncio.create_task(read())
            await until(lambda: fake.streams_open(game.id) == 1)
            await client.chat(game.id, "hello")
            fake.flag(game.id, "alice")
            await asyncio.wait_for(reader, 5)
            assert isinstance(seen[0], GameFull)
            assert seen[1] == ChatLine("alice", "hello", ChatRoom.PLAYER)
            assert isinstance(seen[2], GameState)
            assert seen[2].status is GameStatus.OUT_OF_TIME
            assert seen[2].winner is Side.GOTE
            assert len(seen) == 3

    asyncio.run(scenario())
