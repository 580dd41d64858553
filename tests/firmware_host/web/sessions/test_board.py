"""The page as a real board's control panel: the runtime on a simulated board factory."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.registry import find_game
from firmware_host.loops.runtime import Runtime
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.web.sessions.board import BoardSession
from hardware.mock.board import SimulatedBoard
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on
from tests.firmware_host.web.helpers import Page, led_of, served


def _runtime(tmp_path: Path) -> tuple[Runtime, SimulatedBoard]:
    game = find_game("dobutsu")
    runtime, simulated, _ = runtime_on(load_profile("sim", game), tmp_path, game)
    return runtime, simulated


def test_a_real_board_takes_control_commands_and_refuses_to_move_pieces(
    tmp_path: Path,
) -> None:
    runtime, simulated = _runtime(tmp_path)
    session = BoardSession(runtime)

    async def scenario() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        async with served(session) as client:
            ws = await client.ws_connect("/ws")
            page = Page(ws)
            catalogue = await page.next()
            board = await page.next()
            assert catalogue["mode"] == "board" and board["world"] is False
            assert [g["name"] for g in catalogue["games"]] == ["dobutsu"]
            await page.next()
            ready = await page.state_where(lambda s: s["phase"] == "play")
            assert ready["pieces_from"] == "position" and ready["held"] == []
            for command in (
                {"type": "lift", "spot": "2c"},
                {"type": "place", "spot": "2b"},
                {"type": "move", "from": "2c", "to": "2b"},
                {"type": "flip", "spot": "2c"},
            ):
                answer = await page.send(**command)
                assert answer["code"] == "not_allowed", command
                assert "simulator" in answer["message"]
            answer = await page.send(
                type="new_game", game="dobutsu", settings={"profile": "sim-dobutsu-stands"}
            )
            assert answer["code"] == "not_allowed"
            # a remote game is the service's to start: the page says how
            answer = await page.send(type="remote", broker="mqtt://broker.example")
            assert answer["code"] == "not_allowed" and "[remote] table" in answer["message"]
            assert "kiban run --remote URL --host-game|--join CODE" in answer["message"]
            assert simulated.world.matches(find_game("dobutsu").position().layout())
            assert (await page.send(type="takeback"))["code"] == "refused"
            # the controls a game may lack reach the runtime, which answers for the game
            for command, reason in (
                ({"type": "roll"}, "no roll is due"),
                ({"type": "claim", "claim": "impasse"}, "has no claim 'impasse'"),
            ):
                answer = await page.send(**command)
                assert answer["code"] == "refused" and reason in answer["message"]
            # a claim the game lacks is no action of its own on this board
            assert (await page.send(type="impasse"))["code"] == "unknown_type"
            assert ready["clocks"] is None and ready["dice"] == [] and ready["unseen"] == []
            assert (await page.send(type="press", button="next"))["type"] == "ok"
            # a hand moves a piece on the board: the page follows through the runtime
            simulated.world.lift("2c")
            captured = simulated.world.lift("2b")
            simulated.world.place_as("hand:b:C", captured, captured.__class__("C", 0))
            await asyncio.sleep(0.1)  # the captured piece's cell is seen empty
            simulated.world.place("2b")
            played = await page.state_where(lambda s: s["moves"] == ["2c2b"])
            assert played["pieces"]["2b"][0]["owner"] == 0
            last_move = DEFAULT_PALETTE.colours[Meaning.LAST_MOVE].hex()
            assert played["leds"][led_of(board, "2b")] == last_move
            record = await page.send(type="download")
            assert "1. 2c2b" in record["text"]
            assert (await page.send(type="guide", move="2a2b"))["type"] == "ok"
            await page.state_where(lambda s: s["guide"] == "2a2b")
            bad_guide = await page.send(type="guide", move="2a2a")
            assert bad_guide["code"] == "refused"
            assert (await page.send(type="resign", seat=1))["type"] == "ok"
            over = await page.state_where(lambda s: s["outcome"] is not None)
            assert over["outcome"]["winners"] == [0]
            answer = await page.send(type="new_game", game="dobutsu", settings={"clock": "5m"})
            assert answer["type"] == "ok"
            # on a real board the pieces stay where they are: the LEDs ask to set up
            setup = await page.state_where(lambda s: s["moves"] == [] and s["phase"] == "setup")
            assert setup["message"].startswith("set up the board")
            # the clocks wait for the board to be set up
            assert setup["clocks"] == [300.0, 300.0] and setup["clock_running"] is None
            assert setup["settings"]["clock"] == "5m"
            await ws.close()
        runtime.stopping.set()
        await task

    asyncio.run(scenario())
    assert board_leds_off(simulated)


def board_leds_off(simulated: SimulatedBoard) -> bool:
    return not any(simulated.strip.frames[-1])
