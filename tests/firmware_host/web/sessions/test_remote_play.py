"""A remote opponent from the page: the ``remote`` action checked like every other,
then carried out by the simulator's session (host, join, watch, through one loopback
broker), refused by a real board's page and by the terminal."""

from __future__ import annotations

import asyncio
import json
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import pytest

from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.session.actions import PlayRemote
from firmware_host.store.storage import GameStore
from firmware_host.terminal.app import run_terminal
from firmware_host.web.gate.commands import CommandError, Context, parse
from hardware.profile import load_profile
from tests.firmware_host.web.helpers import Page, opened
from tests.firmware_host.web.remote_pages import BROKER_URL, remote_session

DOBUTSU = find_game("dobutsu")
CODE = "K7QM2-XRDP9"
WAIT = 30.0


def context() -> Context:
    return Context(
        world=True,
        game=DOBUTSU,
        spots=frozenset(DOBUTSU.spots),
        buttons=frozenset({"ok"}),
        served=None,
        profiles={"dobutsu": ("sim-dobutsu",)},
        palettes=frozenset({"default"}),
    )


def read(**message: Any) -> PlayRemote:
    action = parse(json.dumps({"type": "remote", **message}), context()).action
    assert isinstance(action, PlayRemote)
    return action


# --- the action ----------------------------------------------------------------------


def test_a_remote_game_is_asked_for_by_broker_code_and_seat() -> None:
    assert read(broker="mqtt://broker.example") == PlayRemote("mqtt://broker.example")
    assert read(broker="mqtts://u:p@b.example:8883", join="k7qm2-xrdp9", seat="gote") == (
        PlayRemote("mqtts://u:p@b.example:8883", "k7qm2-xrdp9", None, "gote")
    )
    assert read(broker="mqtt://b", watch=CODE, join=None).watch == CODE


@pytest.mark.parametrize(
    ("message", "code", "field"),
    [
        ({"broker": "http://broker.example"}, "invalid_broker", "broker"),
        ({"broker": "mqtt://"}, "invalid_broker", "broker"),
        ({"broker": "mqtt://b:99999"}, "invalid_broker", "broker"),
        ({"broker": "mqtt://b", "join": "K7QM2"}, "invalid_code", "join"),
        ({"broker": "mqtt://b", "watch": "not a code!"}, "invalid_code", "watch"),
        ({"broker": "mqtt://b", "join": CODE, "watch": CODE}, "invalid", "watch"),
        ({"broker": "mqtt://b", "watch": CODE, "seat": "b"}, "invalid", "seat"),
        ({"broker": "mqtt://b", "seat": "purple"}, "unknown_seat", "seat"),
        ({"join": CODE}, "missing_field", "broker"),
        ({"broker": "mqtt://b", "join": 7}, "wrong_type", "join"),
        ({"broker": "mqtt://b", "code": CODE}, "extra_field", "code"),
    ],
)
def test_a_bad_broker_code_or_seat_is_refused_with_its_field(
    message: dict[str, Any], code: str, field: str
) -> None:
    with pytest.raises(CommandError) as refused:
        read(**message)
    assert (refused.value.code, refused.value.field) == (code, field)


def test_the_terminal_says_how_to_start_a_remote_game() -> None:
    import io

    sim = Simulation(DOBUTSU, load_profile("sim", DOBUTSU), GameStore(":memory:"), resume=False)
    out = io.StringIO()
    assert run_terminal(sim, io.StringIO("remote mqtt://b\nquit\n"), out) == 0
    assert "cannot: the terminal plays across boards" in out.getvalue()
    assert "kiban sim GAME --remote URL --host-game|--join CODE" in out.getvalue()
    assert sim.remote is None


# --- the simulator's page --------------------------------------------------------------


async def _ask(page: Page, **message: Any) -> dict[str, Any]:
    return await page.send(type="remote", **message)


async def _move(page: Page, move: str) -> None:
    answer = await page.send(type="move", **{"from": move[:2], "to": move[2:4]})
    assert answer["type"] == "ok", answer


def test_pages_host_join_play_and_watch_through_one_broker(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    watcher_store = GameStore(tmp_path / "watcher.sqlite3")

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            _, host = await stack.enter_async_context(opened(remote_session(broker)))
            _, guest = await stack.enter_async_context(opened(remote_session(broker)))
            _, watcher = await stack.enter_async_context(
                opened(remote_session(broker, watcher_store))
            )
            kept = [g.id for g in watcher_store.list_games()]

            hosted = await _ask(host, broker=BROKER_URL)
            assert hosted["type"] == "ok" and hosted["role"] == "host", hosted
            code = hosted["code"]
            state = await host.state_where(lambda s: s["remote"] is not None)
            assert state["remote"]["code"] == code and state["remote"]["seats"] == [0]
            assert state["remote"]["connected"] and not state["remote"]["watching"]

            joined = await _ask(guest, broker=BROKER_URL, join=code.lower())
            assert joined["type"] == "ok" and joined["role"] == "join", joined
            mine = await guest.state_where(lambda s: s["remote"] is not None)
            assert mine["remote"]["code"] == code and mine["remote"]["seats"] == [1]
            watched = await _ask(watcher, broker=BROKER_URL, watch=code)
            assert watched["type"] == "ok" and watched["role"] == "watch", watched
            await watcher.state_where(lambda s: bool(s["remote"] and s["remote"]["watching"]))

            await host.state_where(lambda s: s["phase"] == "play", WAIT)
            await _move(host, "2c2b")
            played = await host.state_where(lambda s: len(s["moves"]) == 1, WAIT)
            awaited = await host.state_where(lambda s: "other board" in s["message"], WAIT)
            assert awaited["computer"]["thinking"] is False  # awaited, not hurried
            lit = await guest.state_where(lambda s: s["guide"] is not None, WAIT)
            assert lit["guide"] == played["moves"][0] and lit["turn"] == 0
            await _move(guest, lit["guide"])
            await guest.state_where(lambda s: len(s["moves"]) == 1 and s["guide"] is None, WAIT)
            followed = await watcher.state_where(lambda s: len(s["moves"]) == 1, WAIT)
            assert followed["moves"] == played["moves"]

            refused = await watcher.send(type="move", **{"from": "2a", "to": "2b"})
            assert refused["type"] == "error" and refused["code"] == "not_allowed"
            assert (await watcher.send(type="takeback"))["code"] == "not_allowed"
            # the watched game is kept apart: the spectator's own store has no new game
            assert [g.id for g in watcher_store.list_games()] == kept

    asyncio.run(scenario())
    watcher_store.close()


def test_joining_a_game_nobody_hosts_answers_in_words_and_the_pages_stay_live() -> None:
    broker = LoopbackBroker()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            _, lonely = await stack.enter_async_context(
                opened(remote_session(broker, join_wait=1.5))
            )
            client, other = await stack.enter_async_context(opened(remote_session(broker)))
            before = lonely.state["game_id"]
            joining = asyncio.ensure_future(_ask(lonely, broker=BROKER_URL, join=CODE))
            await asyncio.sleep(0.1)
            # meanwhile another page of the same server, and another session, answer
            ws = await client.ws_connect("/ws")
            assert (await ws.receive_json(timeout=WAIT))["type"] == "catalogue"
            await ws.close()
            assert (await other.send(type="download"))["type"] == "record"
            assert not joining.done()
            answer = await joining
            assert answer["type"] == "error" and answer["code"] == "refused", answer
            assert answer["message"].startswith("could not join: no answer with the host's game")
            assert f"game {CODE} on {BROKER_URL}" in answer["message"]
            assert "is the host's board on?" in answer["message"]
            assert "never reached" not in answer["message"]  # the broker answered
            # nothing changed: the game here goes on
            assert lonely.state["game_id"] == before and lonely.state["remote"] is None
            watch = await _ask(lonely, broker=BROKER_URL, watch=CODE)
            assert watch["type"] == "error" and "could not watch: " in watch["message"]

    asyncio.run(scenario())


def test_a_game_with_every_seat_taken_is_refused_and_a_new_game_leaves_the_remote_one() -> None:
    broker = LoopbackBroker()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            _, host = await stack.enter_async_context(opened(remote_session(broker)))
            _, guest = await stack.enter_async_context(opened(remote_session(broker)))
            _, late = await stack.enter_async_context(opened(remote_session(broker, join_wait=1.0)))
            code = (await _ask(host, broker=BROKER_URL, seat="gote"))["code"]
            assert (await host.state_where(lambda s: s["remote"] is not None))["remote"][
                "seats"
            ] == [1]
            assert (await _ask(guest, broker=BROKER_URL, join=code))["type"] == "ok"
            full = await _ask(late, broker=BROKER_URL, join=code)
            assert full["type"] == "error" and "no free seat" in full["message"], full
            answer = await host.send(type="new_game", game="dobutsu")
            assert answer["type"] == "ok"
            left = await host.state_where(lambda s: bool(s["remote"] and s["remote"]["left"]))
            assert left["remote"]["code"] == code

    asyncio.run(scenario())


def test_a_watching_page_stops_watching_with_a_new_game(tmp_path: Path) -> None:
    broker = LoopbackBroker()

    async def scenario() -> None:
        async with AsyncExitStack() as stack:
            _, host = await stack.enter_async_context(opened(remote_session(broker)))
            _, watcher = await stack.enter_async_context(opened(remote_session(broker)))
            code = (await _ask(host, broker=BROKER_URL))["code"]
            assert (await _ask(watcher, broker=BROKER_URL, watch=code))["type"] == "ok"
            await watcher.state_where(lambda s: bool(s["remote"] and s["remote"]["watching"]))
            assert (await watcher.send(type="new_game", game="dobutsu"))["type"] == "ok"
            own = await watcher.state_where(lambda s: s["remote"] is None)
            assert own["moves"] == []
            assert (await watcher.send(type="move", **{"from": "2c", "to": "2b"}))["type"] == "ok"

    asyncio.run(scenario())


def test_joining_again_takes_the_stored_game_up_and_hosting_starts_a_new_one() -> None:
    from firmware_host.web.sessions.remote_play import remote_request

    hosting = remote_request(PlayRemote("mqtt://b", seat="gote"))
    assert hosting.host and not hosting.resume and hosting.seats == ("gote",)
    joining = remote_request(PlayRemote("mqtt://b", join="k7qm2-xrdp9"))
    assert not joining.host and joining.resume and str(joining.code) == CODE
    watching = remote_request(PlayRemote("mqtt://b", watch=CODE))
    assert watching.watch and not watching.host and watching.seats == ()


def test_a_refusal_says_what_failed_and_a_broker_never_reached() -> None:
    from firmware_host.remote.terms import RemoteGameError
    from firmware_host.web.sessions.remote_play import refusal, remote_request

    hosting = remote_request(PlayRemote("mqtt://b.example"))
    said = refusal(hosting, OSError("name or service not known"), reached=False)
    assert said == (
        "could not host a game on mqtt://b.example:1883: name or service not known"
        " (the broker was never reached: is its address right?)"
    )
    joining = remote_request(PlayRemote("mqtt://b.example", join=CODE))
    full = refusal(joining, RemoteGameError(f"game {CODE} has no free seat left"), reached=True)
    assert full == f"could not join on mqtt://b.example:1883: game {CODE} has no free seat left"
