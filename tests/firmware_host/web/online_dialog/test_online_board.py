"""Starting an online game from a real board's page: the runtime on a simulated board
(mock hardware) looks for a lishogi game in the background while the board plays on;
once paired, lishogi takes the opponent's seat without a restart, the game left is
kept in the store, our move is sent, lishogi's is lit, and the records end equal. A
cancelled seek is withdrawn and the board's game goes on."""

from __future__ import annotations

import asyncio
from pathlib import Path

from engine.outcome import Termination
from engine.registry import find_game
from firmware_host.loops.runtime import Runtime
from firmware_host.online.credentials import ApiToken, store_token
from firmware_host.online.seat import OnlineSeat
from firmware_host.session.state import Phase
from firmware_host.store.store_file import GameStatus
from firmware_host.web.online_dialog.start import OnlineStarter
from firmware_host.web.sessions.board import BoardSession
from hardware.mock.board import SimulatedBoard
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST
from tests.firmware_host.online.threaded import ServedFake, served_on_a_thread
from tests.firmware_host.web.helpers import opened

SHOGI = find_game("shogi")


def _board(tmp_path: Path, server: ServedFake) -> tuple[Runtime, SimulatedBoard, BoardSession]:
    store_token(tmp_path, ApiToken("alice_token"))
    runtime, simulated, _ = runtime_on(load_profile("sim", SHOGI), tmp_path, SHOGI)
    session = BoardSession(runtime, state_dir=tmp_path)
    session.online_starter = OnlineStarter(server.url, backoff=FAST, wait_s=20.0)
    return runtime, simulated, session


async def _move(simulated: SimulatedBoard, source: str, target: str) -> None:
    simulated.world.lift(source)
    await asyncio.sleep(0.1)
    simulated.world.place(target)


def test_a_seek_from_a_real_boards_page_is_played_with_lishogi_as_the_opponent(
    tmp_path: Path,
) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        runtime, simulated, session = _board(tmp_path, server)
        controller = runtime.controller

        async def scenario() -> None:
            task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
            try:
                async with opened(session) as (_, page):
                    await until(lambda: runtime.controller.phase is Phase.PLAY, timeout=15.0)
                    left = runtime.controller.game_id
                    # a game at the board goes on while the page looks for one online
                    reply = await page.send(type="online_start", way="seek", clock="5m byo 10s")
                    assert reply["type"] == "ok", reply
                    assert reply["said"] == "seeking a casual 5m byo 10s game on lishogi"
                    await page.state_where(lambda s: s["online"]["looking"] == reply["said"])
                    await until(lambda: bool(fake.seeks), timeout=15.0)
                    await _move(simulated, "2g", "2f")
                    await until(lambda: controller.record().moves == ("2g2f",), timeout=15.0)
                    # paired: lishogi becomes the opponent's seat of a new game here
                    game = server.call(lambda: fake.pair_seek("bob"))
                    state = await page.state_where(
                        lambda s: s["online"]["game"] == game.id and not s["online"]["looking"]
                    )
                    assert state["online"]["failed"] is None
                    assert state["online"]["opponent"] == "Bob"
                    assert state["settings"]["clock"] == "10m byo 10s"  # lishogi's clock
                    assert isinstance(runtime.remote, OnlineSeat)
                    assert runtime.controller.game_id != left
                    assert controller.settings.online == f"lishogi:{game.id}:person"
                    # the game left is kept in the store, its move with it
                    kept = runtime.store.load(left)
                    assert kept.status is GameStatus.ABANDONED and kept.moves() == ["2g2f"]
                    # the LEDs guide the pawn back; then the person plays 7g7f: sent
                    await _move(simulated, "2f", "2g")
                    await until(lambda: runtime.controller.phase is Phase.PLAY, timeout=15.0)
                    await _move(simulated, "7g", "7f")
                    await until(lambda: game.moves == ["7g7f"], timeout=15.0)
                    # bob answers on lishogi: lit here as the move to play, then played
                    server.call(lambda: fake.play(game.id, "3c3d"))
                    await until(lambda: controller.guide is not None, timeout=15.0)
                    guide = controller.guide
                    assert guide is not None
                    assert controller.position.move_text(guide.move) == "3c3d"
                    await _move(simulated, "3c", "3d")
                    await until(lambda: len(controller.position.move_stack) == 2, timeout=15.0)
                    # bob resigns on lishogi: the game ends here as lishogi says
                    server.call(lambda: fake.resign(game.id, "bob"))
                    await until(lambda: controller.outcome is not None, timeout=15.0)
                    outcome = controller.outcome
                    assert outcome is not None and outcome.winners == frozenset({0})
                    assert outcome.termination is Termination.RESIGNATION
                    assert list(controller.record().moves) == game.moves
                    stored = runtime.store.load(controller.game_id)
                    assert stored.status is GameStatus.OVER and stored.moves() == game.moves
            finally:
                runtime.stopping.set()
                await task

        asyncio.run(scenario())


def test_a_seek_from_a_real_boards_page_is_withdrawn_when_cancelled(tmp_path: Path) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        runtime, simulated, session = _board(tmp_path, server)

        async def scenario() -> None:
            task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
            try:
                async with opened(session) as (_, page):
                    await until(lambda: runtime.controller.phase is Phase.PLAY, timeout=15.0)
                    playing = runtime.controller.game_id
                    reply = await page.send(type="online_start", way="seek")
                    assert reply["type"] == "ok", reply
                    await until(lambda: bool(fake.seeks), timeout=15.0)
                    again = await page.send(type="online_start", way="seek")
                    assert again["type"] == "error" and "already seeking" in again["message"]
                    assert (await page.send(type="online_cancel"))["type"] == "ok"
                    await page.state_where(lambda s: s["online"]["looking"] is None)
                    await until(lambda: not fake.seeks, timeout=15.0)
                    # nothing changed at the board: its game goes on, no seat was taken
                    assert runtime.remote is None and session.online_seat() is None
                    assert runtime.controller.game_id == playing
                    await _move(simulated, "7g", "7f")
                    await page.state_where(lambda s: s["moves"] == ["7g7f"])
                    again = await page.send(type="online_cancel")
                    assert again["type"] == "error"
            finally:
                runtime.stopping.set()
                await task

        asyncio.run(scenario())
