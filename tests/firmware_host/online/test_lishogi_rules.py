"""lishogi's own rules, kept before asking: a time control its Board API refuses is said
in words and never sent; a game lishogi says its Board API does not take is refused by
name; one open seek and five a minute; a handicap seek or challenge starts from the
handicap's position; Robot Duel is sought as lishogi's dobutsu (the fake lishogi)."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from engine.registry import find_game as game_named
from firmware_host.cli.parser import build_parser
from firmware_host.online.client import ChallengeTerms, Seek
from firmware_host.online.errors import SeekLimitError
from firmware_host.online.messages import GameStarted
from firmware_host.online.options import online_request
from firmware_host.online.reading import read_event_line
from firmware_host.online.rules import (
    HANDICAPS,
    NotPlayableError,
    board_api_refusal,
    board_api_seconds,
)
from firmware_host.online.starting import OnlineRequest, Way, find_game
from firmware_host.session.actions import OnlineStart
from firmware_host.web.gate.commands import CommandError
from firmware_host.web.online_dialog.start import request_of
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST, client_of, served, until

SHOGI = game_named("shogi")
DOBUTSU = game_named("dobutsu")


@pytest.mark.parametrize(
    ("control", "rated", "takes"),
    [
        ((600, 0, 10, 1), False, True),  # 10 min + 25 x 10 s = 14:10: casual
        ((600, 0, 10, 1), True, False),  # ... but not rated
        ((900, 0, 0, 1), True, True),  # 15 min exactly
        ((600, 5, 0, 1), True, True),  # 10 min + 60 x 5 s = 15 min
        ((300, 0, 30, 1), True, True),  # 5 min + 25 x 30 s = 17:30
        ((0, 0, 12, 3), True, True),  # byoyomi only: 25 x 3 x 12 s = 15 min
        ((0, 0, 12, 1), False, True),  # 25 x 12 s = 5 min, casual
        ((180, 2, 0, 1), False, True),  # 3 + 2: 5 min, casual
        ((240, 0, 0, 1), False, False),  # 4 min blitz
        ((0, 0, 10, 1), False, False),  # 10 s byoyomi alone: 4:10
    ],
)
def test_the_board_apis_time_rule(
    control: tuple[int, int, int, int], rated: bool, takes: bool
) -> None:
    limit, increment, byoyomi, periods = control
    assert board_api_seconds(*control) == limit + 60 * increment + 25 * periods * byoyomi
    refusal = board_api_refusal(*control, rated=rated)
    assert (refusal is None) is takes
    if refusal is not None:
        minimum = "15" if rated else "5"
        assert f"from {minimum} minutes" in refusal and "choose a longer one" in refusal


def test_a_time_control_lishogi_refuses_is_said_and_never_asked() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as client:
            short = Seek(minutes=10, byoyomi_s=10, rated=True)
            with pytest.raises(NotPlayableError, match="rated game from 15 minutes"):
                await find_game(client, OnlineRequest(Way.SEEK, seek=short), backoff=FAST)
            terms = ChallengeTerms(limit_s=240)
            challenge = OnlineRequest(Way.CHALLENGE, who="bob", terms=terms)
            with pytest.raises(NotPlayableError, match="casual game from 5 minutes"):
                await find_game(client, challenge, backoff=FAST)
            asked = [path for _, path in fake.calls]
            assert "/api/board/seek" not in asked and "/api/challenge/bob" not in asked

    asyncio.run(scenario())


def test_the_page_and_the_command_line_say_it_before_asking() -> None:
    rated = OnlineStart(way="seek", clock="10m byo 10s", rated="rated")
    with pytest.raises(CommandError, match="15 minutes") as refused:
        request_of(rated, SHOGI)
    assert refused.value.field == "clock"
    assert request_of(OnlineStart(way="seek", clock="15m", rated="rated"), SHOGI).seek.rated
    args = build_parser().parse_args(["sim", "shogi", "--online", "lishogi", "--online-rated"])
    request = online_request(args, SHOGI)
    assert request is not None and request.seek.refusal() is not None


def test_a_game_lishogis_board_api_does_not_take_is_refused_by_name() -> None:
    line = '{"type":"gameStart","game":{"id":"g1","compat":{"bot":false,"board":false}}}'
    started = read_event_line(line)
    assert isinstance(started, GameStarted) and started.board is False

    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as client:
            looking = asyncio.create_task(
                find_game(client, OnlineRequest(Way.SEEK), backoff=FAST, wait_s=10)
            )
            await until(lambda: bool(fake.seeks))
            fake.pair_seek("bob", board=False)
            with pytest.raises(NotPlayableError, match=r"Board API does not take game game0001"):
                await looking

    asyncio.run(scenario())


def test_one_open_seek_and_five_a_minute() -> None:
    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as client:
            first = asyncio.create_task(client.seek(Seek(minutes=10)))
            await until(lambda: len(fake.seeks) == 1)
            with pytest.raises(SeekLimitError, match="open already"):
                await client.seek(Seek(minutes=10))
            first.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await first
            await until(lambda: not fake.seeks)  # withdrawn as its connection closed
            for _ in range(4):  # four more within the minute: five in all
                task = asyncio.create_task(client.seek(Seek(minutes=10)))
                await until(lambda: len(fake.seeks) == 1)
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                await until(lambda: not fake.seeks)
            with pytest.raises(SeekLimitError, match="5 seeks a minute: the next in"):
                await asyncio.wait_for(client.seek(Seek(minutes=10)), 5.0)
            assert sum(path == "/api/board/seek" for _, path in fake.calls) == 5

    asyncio.run(scenario())


def test_a_handicap_seek_starts_from_the_handicaps_position() -> None:
    args = build_parser().parse_args(
        ["sim", "shogi", "--online", "lishogi", "--online-seek", "--online-handicap", "rook"]
    )
    request = online_request(args, SHOGI)
    assert request is not None and request.seek.form()["sfen"] == HANDICAPS["rook"]
    assert request.terms.form()["sfen"] == HANDICAPS["rook"]
    with pytest.raises(NotPlayableError, match="one of lance, bishop"):
        online_request(build_parser().parse_args([*args_of("shogi"), "king"]), SHOGI)
    with pytest.raises(NotPlayableError, match="a handicap is shogi's"):
        online_request(build_parser().parse_args([*args_of("dobutsu"), "rook"]), DOBUTSU)

    async def scenario() -> None:
        fake = FakeLishogi()
        async with served(fake) as url, client_of(url) as client:
            looking = asyncio.create_task(find_game(client, request, backoff=FAST, wait_s=10))
            await until(lambda: bool(fake.seeks))
            game = fake.pair_seek("bob")
            found = await looking
            full = await client.game_full(found.game_id)
            assert full.initial_sfen == HANDICAPS["rook"] == game.initial_sfen
            assert game.position.turn == 1  # the handicap giver (gote) moves first

    asyncio.run(scenario())


def args_of(game: str) -> list[str]:
    return ["sim", game, "--online", "lishogi", "--online-seek", "--online-handicap"]


def test_robot_duel_is_sought_as_lishogis_dobutsu() -> None:
    args = build_parser().parse_args(["sim", "dobutsu", "--online", "lishogi", "--online-seek"])
    request = online_request(args, DOBUTSU)
    assert request is not None and request.seek.form()["variant"] == "dobutsu"
    assert request.terms.form()["variant"] == "dobutsu"
