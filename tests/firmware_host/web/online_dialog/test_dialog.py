"""The page's "Play online" dialog: the lishogi token posted once, kept 0600 and never
sent back or logged, forgotten from the page; and an online game's resign, draw and
chat reaching lishogi (the fake one)."""

from __future__ import annotations

import asyncio
import json
import logging
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.registry import find_game
from firmware_host.online.credentials import ApiToken, read_token, token_path
from firmware_host.online.link import OnlineLink, client_factory
from firmware_host.online.seat import OnlineSeat
from firmware_host.session.actions import OnlineToken
from firmware_host.store.storage import GameStore
from firmware_host.web.gate.commands import CommandError, parse
from firmware_host.web.sessions.simulated import SimSession
from firmware_host.wire.actions import Problem
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST
from tests.firmware_host.online.threaded import served_on_a_thread
from tests.firmware_host.web.helpers import Page, opened, sim_session

SECRET = "lip_S3cretTokenForTests_42"
SHOGI = find_game("shogi")


def test_the_token_is_kept_0600_and_never_in_any_message_or_log(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    seen: list[str] = []

    async def scenario() -> None:
        async with opened(sim_session(state_dir=tmp_path)) as (_, page):
            assert page.state["online"]["token"] is False
            reply = await page.send(type="online_token", token=SECRET)
            assert reply["type"] == "ok", reply
            state = await page.state_where(lambda s: s["online"]["token"] is True)
            assert state["online"]["game"] is None
            reply = await page.send(type="online_token", token="not a token!")
            assert reply["type"] == "error" and reply["field"] == "token"
            seen.extend(json.dumps(message) for message in page.messages)

    asyncio.run(scenario())
    path = token_path(tmp_path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_token(tmp_path) == ApiToken(SECRET)
    assert seen and not any(SECRET in text for text in seen)
    assert SECRET not in caplog.text
    assert SECRET not in repr(OnlineToken(SECRET))


def test_the_page_forgets_the_token(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with opened(sim_session(state_dir=tmp_path)) as (_, page):
            assert (await page.send(type="online_token", token=SECRET))["type"] == "ok"
            await page.state_where(lambda s: s["online"]["token"] is True)
            reply = await page.send(type="online_forget")
            assert reply["type"] == "ok" and "forgotten" in reply["said"]
            await page.state_where(lambda s: s["online"]["token"] is False)

    asyncio.run(scenario())
    assert not token_path(tmp_path).exists()


def test_a_page_without_a_state_directory_keeps_no_token() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            reply = await page.send(type="online_token", token=SECRET)
            assert reply["type"] == "error" and reply["code"] == "not_allowed"

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ({"type": "online_token"}, Problem.MISSING_FIELD),
        ({"type": "online_token", "token": 42}, Problem.WRONG_TYPE),
        ({"type": "online_token", "token": "x" * 2000}, Problem.TOO_LONG),
        ({"type": "online_resign", "seat": 0}, Problem.EXTRA_FIELD),
        ({"type": "online_say"}, Problem.MISSING_FIELD),
        ({"type": "online_say", "text": ["hi"]}, Problem.WRONG_TYPE),
    ],
)
def test_malformed_online_messages_are_refused(message: dict[str, object], code: Problem) -> None:
    session = sim_session()
    try:
        with pytest.raises(CommandError) as refused:
            parse(json.dumps(message), session.context())
        assert refused.value.code is code
    finally:
        session.sim.close()


def test_the_game_commands_need_an_online_game() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            for kind in ("online_resign", "online_abort", "online_draw"):
                reply = await page.send(type=kind)
                assert reply["type"] == "error" and reply["code"] == "invalid", reply
            reply = await page.send(type="online_say", text="hello")
            assert reply["type"] == "error" and reply["code"] == "invalid"

    asyncio.run(scenario())


async def _until(page: Page, condition: Callable[[], object], timeout: float = 15.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("waited in vain")
        await asyncio.sleep(0.02)


def test_chat_draw_and_resign_from_the_page_reach_lishogi(tmp_path: Path) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))
        link = OnlineLink(
            client_factory(ApiToken("alice_token"), server.url), game.id, backoff=FAST
        )
        session = SimSession(
            SHOGI,
            GameStore(":memory:"),
            remote=OnlineSeat(link, "alice"),
            resume=False,
            state_dir=tmp_path,
        )

        async def scenario() -> None:
            async with opened(session) as (_, page):
                online = page.state["online"]
                assert online["game"] == game.id and online["opponent"] == "Bob"
                assert online["help_off"] is not None  # against a person
                reply = await page.send(type="online_say", text="  good   luck ")
                assert reply["type"] == "ok", reply
                await _until(page, lambda: [c["text"] for c in game.chat] == ["good luck"])
                await _until(page, lambda: session.state()["online"]["chat"] != [])
                assert session.state()["online"]["chat"] == [
                    {"user": "alice", "text": "good luck", "room": "player"}
                ]
                too_long = await page.send(type="online_say", text="x" * 141)
                assert too_long["type"] == "error" and too_long["code"] == "too_long"
                assert (await page.send(type="online_draw"))["type"] == "ok"
                await _until(page, lambda: game.draw_offers[0])
                assert (await page.send(type="online_resign"))["type"] == "ok"
                await _until(page, lambda: game.over)

        try:
            asyncio.run(scenario())
        finally:
            session.sim.close()


def test_the_opponents_chat_reaches_the_page_at_once_and_its_draw_offer_is_declined_there(
    tmp_path: Path,
) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))
        link = OnlineLink(
            client_factory(ApiToken("alice_token"), server.url), game.id, backoff=FAST
        )
        session = SimSession(
            SHOGI,
            GameStore(":memory:"),
            remote=OnlineSeat(link, "alice"),
            resume=False,
            state_dir=tmp_path,
        )

        async def scenario() -> None:
            async with opened(session) as (_, page):
                await page.state_where(lambda s: s["online"]["game"] == game.id)
                # nothing else changes: the chat line alone sends a state
                server.call(lambda: fake.say(game.id, "bob", "hello from lishogi"))
                said = await page.state_where(lambda s: s["online"]["chat"] != [], timeout=5.0)
                assert said["online"]["chat"] == [
                    {"user": "bob", "text": "hello from lishogi", "room": "player"}
                ]
                # bob offers a draw: the page's prompt has accept and decline; declining
                # there tells lishogi no
                server.call(lambda: fake.offer_draw(game.id, "bob"))
                offered = await page.state_where(lambda s: s["prompt"] is not None)
                assert offered["prompt"]["choices"] == ["accept", "decline"]
                reply = await page.send(type="select", choice="decline")
                assert reply["type"] == "ok", reply
                await _until(page, lambda: not game.draw_offers[1])
                await page.state_where(lambda s: s["prompt"] is None)
                assert not game.over

        try:
            asyncio.run(scenario())
        finally:
            session.sim.close()


SHAPES: list[Any] = [
    [SECRET],
    {"token": SECRET},
    {SECRET: SECRET},
    [[[SECRET]]],
    42.5,
    True,
    None,
]


def test_the_page_never_echoes_the_token_whatever_shape_it_is_sent_in(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The token as an array, an object, nested, as a field's name, beside a field of
    another name, too long, malformed, or cut off mid-message: every answer refuses it
    without a character of it, and no log line holds it."""
    caplog.set_level(logging.DEBUG)
    seen: list[str] = []

    async def scenario() -> None:
        async with opened(sim_session(state_dir=tmp_path)) as (_, page):
            for shape in SHAPES:
                reply = await page.send(type="online_token", token=shape)
                assert reply["type"] == "error" and reply["code"] == "wrong_type", reply
            for extra in ({SECRET: "x"}, {"token": "abc", SECRET: 1}, {"tokn": SECRET}):
                reply = await page.send(type="online_token", **extra)
                assert reply["type"] == "error", reply
            for bad in (SECRET + "!", SECRET * 80, f" {SECRET}\n-"):
                reply = await page.send(type="online_token", token=bad)
                assert reply["type"] == "error", reply
            cut = json.dumps({"type": "online_token", "token": SECRET})[:-5]
            reply = await page.send_raw(cut)
            assert reply["code"] == "not_json"
            seen.extend(json.dumps(message) for message in page.messages)

    asyncio.run(scenario())
    assert seen and not any(SECRET in text or SECRET[:12] in text for text in seen)
    assert SECRET[:12] not in caplog.text
    assert read_token(tmp_path) is None  # nothing was kept either
