"""Starting an online game from the page's "Play online" dialog: a seek (its time
control with byoyomi and periods, rated), cancelled or paired; a challenge accepted;
each looked for in the background while the page stays live, against the fake
lishogi."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.online.credentials import ApiToken, store_token
from firmware_host.online.starting import Way
from firmware_host.session.actions import OnlineCancel, OnlineStart
from firmware_host.store.storage import GameStore
from firmware_host.web.gate.commands import CommandError
from firmware_host.web.online_dialog.dialog import carry_out
from firmware_host.web.online_dialog.start import OnlineStarter, kept_token, request_of
from firmware_host.web.sessions.simulated import SimSession
from firmware_host.wire.actions import Problem
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST
from tests.firmware_host.online.threaded import ServedFake, served_on_a_thread
from tests.firmware_host.web.helpers import opened

SHOGI = find_game("shogi")


def _session(tmp_path: Path, server: ServedFake) -> SimSession:
    store_token(tmp_path, ApiToken("alice_token"))
    session = SimSession(SHOGI, GameStore(":memory:"), resume=False, state_dir=tmp_path)
    session.online_starter = OnlineStarter(server.url, backoff=FAST, wait_s=20.0)
    return session


async def _until(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("waited in vain")
        await asyncio.sleep(0.02)


def test_a_seek_from_the_page_is_looked_for_in_the_background_and_cancelled(
    tmp_path: Path,
) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        session = _session(tmp_path, server)

        async def scenario() -> None:
            async with opened(session) as (_, page):
                reply = await page.send(
                    type="online_start", way="seek", clock="10m byo 30s x3", rated="rated"
                )
                assert reply["type"] == "ok", reply
                assert reply["said"] == "seeking a rated 10m byo 30s x3 game on lishogi"
                state = await page.state_where(lambda s: s["online"]["looking"] is not None)
                assert state["online"]["looking"] == reply["said"]
                await _until(lambda: bool(fake.seeks))
                form = fake.seeks[0][1]
                assert (form["time"], form["byoyomi"], form["periods"], form["rated"]) == (
                    "10",
                    "30",
                    "3",
                    "true",
                )
                # the page stays live meanwhile, and says a second search waits
                again = await page.send(type="online_start", way="seek")
                assert again["type"] == "error" and "already seeking" in again["message"]
                # cancelled: the seek's connection closes, and lishogi withdraws it
                assert (await page.send(type="online_cancel"))["type"] == "ok"
                await page.state_where(lambda s: s["online"]["looking"] is None)
                await _until(lambda: not fake.seeks)
                assert session.online_seat() is None

        try:
            asyncio.run(scenario())
        finally:
            session.sim.close()


def test_a_seek_from_the_page_once_paired_is_played_on_the_board(tmp_path: Path) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        session = _session(tmp_path, server)

        async def scenario() -> None:
            async with opened(session) as (_, page):
                reply = await page.send(type="online_start", way="seek", clock="5m byo 10s")
                assert reply["type"] == "ok", reply
                await _until(lambda: bool(fake.seeks))
                game = server.call(lambda: fake.pair_seek("bob"))
                state = await page.state_where(lambda s: s["online"]["game"] == game.id)
                assert state["online"]["looking"] is None and state["online"]["failed"] is None
                assert state["online"]["opponent"] == "Bob"
                assert state["settings"]["clock"] == "10m byo 10s"  # lishogi's game's clock
                assert state["clock_byoyomi"] == [10.0, 1]

        try:
            asyncio.run(scenario())
        finally:
            session.sim.close()


def test_a_challenge_is_accepted_from_the_page_and_a_bad_one_is_said(tmp_path: Path) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        session = _session(tmp_path, server)

        async def scenario() -> None:
            async with opened(session) as (_, page):
                missing = await page.send(type="online_start", way="challenge")
                assert missing["type"] == "error" and missing["field"] == "who"
                clock = await page.send(type="online_start", way="seek", clock="soon")
                assert clock["type"] == "error" and clock["field"] == "clock"
                reply = await page.send(type="online_start", way="accept", who="nosuch00")
                assert reply["type"] == "ok", reply
                failed = await page.state_where(lambda s: s["online"]["failed"] is not None)
                assert failed["online"]["failed"].startswith("lishogi: ")
                challenge = server.call(lambda: fake.challenge_from("bob", "alice"))
                reply = await page.send(type="online_start", way="accept", who=challenge)
                assert reply["type"] == "ok", reply
                state = await page.state_where(lambda s: s["online"]["game"] == challenge)
                assert state["online"]["failed"] is None

        try:
            asyncio.run(scenario())
        finally:
            session.sim.close()


def test_the_link_failing_while_the_page_looks_is_shown_until_it_is_back(tmp_path: Path) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        session = _session(tmp_path, server)

        async def scenario() -> None:
            async with opened(session) as (_, page):
                reply = await page.send(type="online_start", way="challenge", who="bob")
                assert reply["type"] == "ok", reply
                await _until(lambda: bool(fake.challenges))
                server.call(fake.hold_event_streams)
                server.call(fake.drop_event_streams)
                state = await page.state_where(lambda s: s["online"]["trouble"] is not None)
                online = state["online"]
                assert online["trouble"].startswith("lishogi: the link is down (")
                assert online["looking"]  # the page is sent the text, told for it
                server.call(fake.open_event_streams)
                state = await page.state_where(lambda s: s["online"]["trouble"] is None)
                assert state["online"]["looking"] is not None  # still waiting for bob
                assert (await page.send(type="online_cancel"))["type"] == "ok"
                await page.state_where(lambda s: s["online"]["looking"] is None)

        try:
            asyncio.run(scenario())
        finally:
            session.sim.close()


def test_the_dialogs_time_control_becomes_lishogis_seek_and_challenge_forms() -> None:
    asked = request_of(
        OnlineStart("challenge", " bob ", "5m+2 byo 10s x2", "rated"), find_game("dobutsu")
    )
    assert (asked.way, asked.who, asked.variant) == (Way.CHALLENGE, "bob", "dobutsu")
    form = asked.terms.form()
    assert (form["clock.limit"], form["clock.increment"]) == ("300", "2")
    assert (form["clock.byoyomi"], form["clock.periods"], form["rated"]) == ("10", "2", "true")
    seek = request_of(OnlineStart("seek", None, "0 byo 30s", "casual"), SHOGI).seek.form()
    assert (seek["time"], seek["byoyomi"], seek["periods"], seek["rated"]) == (
        "0",
        "30",
        "1",
        "false",
    )
    with pytest.raises(CommandError, match="cannot be played on lishogi") as refused:
        request_of(OnlineStart("seek"), find_game("abalone"))
    assert refused.value.code is Problem.NOT_ALLOWED
    with pytest.raises(CommandError, match="rated or casual"):
        request_of(OnlineStart("seek", rated="yes"), SHOGI)
    with pytest.raises(CommandError, match="seek, challenge or accept"):
        request_of(OnlineStart("lobby"), SHOGI)


def test_a_board_whose_page_cannot_start_games_says_how_and_no_token_is_said(
    tmp_path: Path,
) -> None:
    for action in (OnlineStart("seek"), OnlineCancel()):
        with pytest.raises(CommandError, match="kiban run --online lishogi"):
            carry_out(action, tmp_path, None)
    with pytest.raises(CommandError, match="keep a lishogi token first"):
        kept_token(tmp_path)
    with pytest.raises(CommandError, match="no state directory"):
        kept_token(None)
