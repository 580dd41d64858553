"""The page's "speak moves" box is the session's switch: its message changes the
session, the board's speaker obeys it, and every page shows it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.physical import Stone
from engine.registry import find_game
from firmware_host.loops.speaker import Speaker, announce
from firmware_host.store.storage import GameStore
from firmware_host.telling.speech_settings import SpeechMode, SpeechSpec
from firmware_host.web.sessions.board import BoardSession
from firmware_host.web.sessions.simulated import SimSession
from hardware.mock.board import SimulatedBoard
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on
from tests.firmware_host.loops.test_speaker import writer
from tests.firmware_host.web.helpers import PATIENT, Page, opened, served


async def _capture(simulated: SimulatedBoard, source: str, target: str, seat: int) -> None:
    """A hand of ``seat`` takes the chick on ``target`` to its stand and puts the piece
    from ``source`` there."""
    world = simulated.world
    world.lift(source)
    captured = world.lift(target)
    world.place_as(f"hand:{'bw'[seat]}:C", captured, Stone("C", seat))
    await asyncio.sleep(0.1)  # the captured piece's cell is seen empty
    world.place(target)


def test_the_page_silences_the_boards_speaker_and_turns_it_on_again(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    runtime, simulated, _ = runtime_on(load_profile("sim", game), tmp_path, game)
    said = tmp_path / "said.txt"
    speaker = announce(runtime, SpeechSpec(SpeechMode.ON), Speaker(writer(said)))
    assert speaker is not None
    session = BoardSession(runtime)

    def lines() -> list[str]:
        return said.read_text().splitlines() if said.exists() else []

    async def scenario() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        async with served(session) as client:
            page = Page(await client.ws_connect("/ws"))
            other = Page(await client.ws_connect("/ws"))
            ready = await page.state_where(lambda s: s["phase"] == "play")
            # a board with a speaker speaks until someone says otherwise
            assert ready["speak"] == {"on": True, "board": True}
            answer = await page.send(type="speak", mode="off")
            assert answer["type"] == "ok"
            await other.state_where(lambda s: s["speak"] == {"on": False, "board": True})
            assert runtime.controller.speaking is False
            await _capture(simulated, "2c", "2b", 0)
            await page.state_where(lambda s: s["moves"] == ["2c2b"])
            assert (await page.send(type="speak", mode="loud"))["code"] == "wrong_type"
            assert (await page.send(type="speak", mode="on"))["type"] == "ok"
            await other.state_where(lambda s: s["speak"]["on"] is True)
            await _capture(simulated, "2a", "2b", 1)
            await page.state_where(lambda s: len(s["moves"]) == 2)
        runtime.stopping.set()
        await task

    asyncio.run(scenario())
    speaker.close(timeout=30.0)
    # the quiet move was never said; the one after the box was ticked again was
    assert "A: chick to 2 b, takes chick" not in lines()
    assert lines()[-1] == "B: lion to 2 b, takes chick"


def test_the_simulators_switch_outlasts_a_new_game_of_another_game() -> None:
    """The simulator has no speaker: quiet until the box is ticked, then the page
    speaks (``board`` false), in this game and the next, whichever it is."""
    session = SimSession(find_game("dobutsu"), GameStore(":memory:"), resume=False, timing=PATIENT)

    async def scenario() -> None:
        async with opened(session) as (_, page):
            ready = await page.state_where(lambda s: s["phase"] == "play")
            assert ready["speak"] == {"on": False, "board": False}
            assert (await page.send(type="speak", mode="on"))["type"] == "ok"
            await page.state_where(lambda s: s["speak"]["on"] is True)
            assert (await page.send(type="new_game", game="shogi"))["type"] == "ok"
            shogi = await page.state_where(lambda s: s["game"] == "shogi")
            assert shogi["speak"] == {"on": True, "board": False}

    asyncio.run(scenario())
