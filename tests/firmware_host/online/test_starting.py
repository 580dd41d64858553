"""Finding the game at start: one in progress continued, a seek paired, a challenge
accepted or declined, a challenge accepted here; and the command line that asks."""

from __future__ import annotations

import asyncio
import io
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from firmware_host.cli.main import main
from firmware_host.cli.parser import build_parser
from firmware_host.online.client import LISHOGI, LishogiClient
from firmware_host.online.credentials import read_token
from firmware_host.online.options import online_request
from firmware_host.online.starting import (
    Found,
    NoGameError,
    OnlineRequest,
    Timing,
    Way,
    find_game,
)
from firmware_host.online.streams import LinkLost
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST, client_of, served, until


async def _challenging(
    alice: LishogiClient, fake: FakeLishogi, timing: Timing | None = None, **options: Any
) -> asyncio.Task[Found]:
    """alice challenges bob, looking for the game in the background: once made."""
    request = OnlineRequest(Way.CHALLENGE, who="bob")
    timing = Timing() if timing is None else timing
    finding = find_game(alice, request, backoff=FAST, timing=timing, **options)
    task = asyncio.create_task(finding)
    await until(lambda: bool(fake.challenges))
    return task


async def _event_stream_down(fake: FakeLishogi) -> None:
    """The event stream breaks off and is held from opening again (until the test
    opens it): what happens meanwhile is told to nobody."""
    fake.hold_event_streams()
    fake.drop_event_streams()
    await until(lambda: fake.event_streams_held == 1)


def test_a_game_in_progress_is_continued_and_none_is_an_error() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as client:
            with pytest.raises(NoGameError, match="no standard game is in progress"):
                await find_game(client, OnlineRequest(Way.CONTINUE), backoff=FAST)
            game = fake.start_game("bob", "alice")
            found = await find_game(client, OnlineRequest(Way.AUTO), backoff=FAST)
            assert found == Found(game.id, "alice")

    asyncio.run(scenario())


def test_a_seek_waits_for_its_pairing_and_not_for_games_already_played() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        old = fake.start_game("alice", "carol")
        async with served(fake) as url, client_of(url) as client:
            finding = asyncio.create_task(find_game(client, OnlineRequest(Way.SEEK), backoff=FAST))
            await until(lambda: bool(fake.seeks))
            assert fake.seeks[0][1]["byoyomi"] == "10"
            game = fake.pair_seek("bob")
            found = await asyncio.wait_for(finding, 10)
            assert found.game_id == game.id != old.id

    asyncio.run(scenario())


def test_a_challenge_accepted_gives_its_game_and_one_declined_an_error() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as alice, client_of(url, "bob_token") as bob:
            request = OnlineRequest(Way.CHALLENGE, who="bob")
            finding = asyncio.create_task(find_game(alice, request, backoff=FAST))
            await until(lambda: bool(fake.challenges))
            await bob.accept_challenge("chal0000")
            assert (await asyncio.wait_for(finding, 10)).game_id == "chal0000"
            finding = asyncio.create_task(find_game(alice, request, backoff=FAST))
            await until(lambda: len(fake.challenges) == 2)
            await bob.decline_challenge("chal0001")
            with pytest.raises(NoGameError, match="bob declined the challenge"):
                await asyncio.wait_for(finding, 10)

    asyncio.run(scenario())


def test_a_challenge_is_made_only_once_the_event_stream_is_open_so_its_decline_is_heard() -> None:
    """The race seen under load: bob declined before alice's event stream had opened,
    lishogi told nobody, and the board waited on. Now nothing is asked before then."""

    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as alice, client_of(url, "bob_token") as bob:
            fake.hold_event_streams()
            request = OnlineRequest(Way.CHALLENGE, who="bob")
            finding = asyncio.create_task(find_game(alice, request, backoff=FAST))
            await until(lambda: fake.event_streams_held == 1)
            assert not fake.challenges  # nobody could hear its answer yet
            fake.open_event_streams()
            await until(lambda: bool(fake.challenges))
            await bob.decline_challenge("chal0000")
            with pytest.raises(NoGameError, match="bob declined the challenge"):
                await asyncio.wait_for(finding, 10)

    asyncio.run(scenario())


def test_a_seek_is_made_only_once_the_event_stream_is_open() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as alice:
            fake.hold_event_streams()
            finding = asyncio.create_task(find_game(alice, OnlineRequest(Way.SEEK), backoff=FAST))
            await until(lambda: fake.event_streams_held == 1)
            assert not fake.seeks
            fake.open_event_streams()
            await until(lambda: bool(fake.seeks))
            game = fake.pair_seek("bob")
            assert (await asyncio.wait_for(finding, 10)).game_id == game.id

    asyncio.run(scenario())


def test_a_decline_while_the_event_stream_is_down_is_asked_for_when_it_opens_again() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as alice, client_of(url, "bob_token") as bob:
            # no timer asks how the challenge stands: the stream's opening does
            finding = await _challenging(alice, fake, Timing(poll_s=3600.0))
            await _event_stream_down(fake)
            await bob.decline_challenge("chal0000")  # told to nobody: alice's stream is down
            fake.open_event_streams()
            with pytest.raises(NoGameError, match="bob declined the challenge"):
                await asyncio.wait_for(finding, 10)
            assert ("GET", "/challenge/chal0000") in fake.calls

    asyncio.run(scenario())


def test_an_acceptance_while_the_event_stream_is_down_is_told_when_it_opens_again() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as alice, client_of(url, "bob_token") as bob:
            # only the stream can tell it
            finding = await _challenging(alice, fake, Timing(poll_s=3600.0, grace_s=3600.0))
            await _event_stream_down(fake)
            await bob.accept_challenge("chal0000")
            fake.open_event_streams()
            assert (await asyncio.wait_for(finding, 10)).game_id == "chal0000"

    asyncio.run(scenario())


def test_a_decline_lishogi_never_tells_is_read_from_the_challenge_itself() -> None:
    """lishogi's server source sends the challenger no challengeDeclined."""

    async def scenario() -> None:
        fake = FakeLishogi()
        fake.tells_declines = False
        async with served(fake) as url, client_of(url) as alice, client_of(url, "bob_token") as bob:
            finding = await _challenging(alice, fake, Timing(poll_s=0.02))
            await bob.decline_challenge("chal0000")
            with pytest.raises(NoGameError, match="bob declined the challenge"):
                await asyncio.wait_for(finding, 10)

    asyncio.run(scenario())


def test_a_challenge_nobody_answers_ends_when_lishogi_lets_it_lapse() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as alice:
            finding = await _challenging(alice, fake, Timing(poll_s=0.02))
            fake.lapse_challenge("chal0000")
            with pytest.raises(NoGameError, match="bob did not answer the challenge"):
                await asyncio.wait_for(finding, 10)

    asyncio.run(scenario())


def test_a_seek_lishogi_closes_without_a_game_is_made_again() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as alice:
            quick = Timing(grace_s=0.02)
            request = OnlineRequest(Way.SEEK)
            finding = asyncio.create_task(find_game(alice, request, backoff=FAST, timing=quick))
            await until(lambda: bool(fake.seeks))
            fake.close_seek()  # lishogi dropped it from its lobby: no game
            await until(lambda: bool(fake.seeks))  # sought again
            game = fake.pair_seek("bob")
            assert (await asyncio.wait_for(finding, 10)).game_id == game.id
            assert fake.calls.count(("POST", "/api/board/seek")) == 2

    asyncio.run(scenario())


def test_the_link_failing_while_a_challenge_waits_is_told_and_its_return_too() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        told: list[LinkLost | None] = []
        async with served(fake) as url, client_of(url) as alice, client_of(url, "bob_token") as bob:
            finding = await _challenging(alice, fake, tell=told.append)
            await _event_stream_down(fake)
            await until(lambda: bool(told))
            lost = told[0]  # the first opening told nothing: nothing had failed
            assert isinstance(lost, LinkLost)
            assert "/api/stream/event" in lost.reason and lost.retry_in_s > 0
            fake.open_event_streams()
            await until(lambda: told[-1] is None)  # the link is back
            await bob.accept_challenge("chal0000")
            assert (await asyncio.wait_for(finding, 10)).game_id == "chal0000"

    asyncio.run(scenario())


def test_a_challenges_state_lishogi_will_not_give_now_is_told_and_asked_again() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        fake.tells_declines = False  # only the challenge's page can say it
        told: list[LinkLost | None] = []
        async with (
            served(fake) as url,
            client_of(url, rate_limit_pause_s=0.01) as alice,
            client_of(url, "bob_token") as bob,
        ):
            quick = Timing(poll_s=0.05)
            finding = await _challenging(alice, fake, quick, tell=told.append)
            fake.rate_limited = 3  # the next read of its page, tried three times
            await until(lambda: bool(told))
            lost = told[0]
            assert isinstance(lost, LinkLost) and "429" in lost.reason
            await until(lambda: told[-1] is None)  # read again, and read
            await bob.decline_challenge("chal0000")
            with pytest.raises(NoGameError, match="bob declined the challenge"):
                await asyncio.wait_for(finding, 10)

    asyncio.run(scenario())


def test_a_challenge_is_accepted_here() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        challenge = fake.challenge_from("bob", "alice")
        async with served(fake) as url, client_of(url) as client:
            found = await find_game(client, OnlineRequest(Way.ACCEPT, who=challenge))
            assert found.game_id == challenge and challenge in fake.games

    asyncio.run(scenario())


def test_the_options_say_how_the_game_is_found_and_its_time_control() -> None:
    parser = build_parser()
    args = parser.parse_args(["sim", "shogi", "--online", "lishogi"])
    request = online_request(args, registry.find_game("shogi"))
    assert request is not None and request.way is Way.AUTO
    args = parser.parse_args(
        [
            "sim",
            "dobutsu",
            "--online",
            "lishogi",
            "--online-challenge",
            "bob",
            "--online-minutes",
            "15",
            "--online-byoyomi",
            "30",
            "--online-periods",
            "3",
            "--online-rated",
        ]
    )
    request = online_request(args, registry.find_game("dobutsu"))
    assert request is not None and (request.way, request.who) == (Way.CHALLENGE, "bob")
    assert request.terms.form()["clock.limit"] == "900"
    assert request.seek.form()["variant"] == "dobutsu" and request.seek.form()["rated"] == "true"
    assert online_request(parser.parse_args(["sim"]), registry.find_game("shogi")) is None
    assert parser.parse_args(["sim"]).online_url == LISHOGI
    with pytest.raises(SystemExit):
        parser.parse_args(["sim", "--online", "lishogi", "--online-seek", "--online-accept", "x"])


def test_login_reads_the_token_from_stdin_and_keeps_it_0600_and_logout_forgets_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("lip_secret_123\n"))
    assert main(["online", "login", "--state-dir", str(tmp_path)]) == 0
    token = read_token(tmp_path)
    assert token is not None and token.secret == "lip_secret_123"
    path = tmp_path / "lishogi-token"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert "lip_secret_123" not in capsys.readouterr().out
    assert main(["online", "logout", "--state-dir", str(tmp_path)]) == 0
    assert read_token(tmp_path) is None and "forgotten" in capsys.readouterr().out


def test_the_command_line_finds_the_game_in_progress_with_the_kept_token(tmp_path: Path) -> None:
    from firmware_host.cli.online import online_seat
    from firmware_host.online.credentials import ApiToken, store_token
    from tests.firmware_host.online.threaded import served_on_a_thread

    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))
        argv = ["sim", "shogi", "--online", "lishogi", "--online-url", server.url]
        args = build_parser().parse_args([*argv, "--state-dir", str(tmp_path)])
        with pytest.raises(SystemExit, match="kiban online login"):
            online_seat(args, registry.find_game("shogi"))
        store_token(tmp_path, ApiToken("alice_token"))
        seat = online_seat(args, registry.find_game("shogi"))
        assert (seat.link.game_id, seat.account) == (game.id, "alice")
        seat.close()
