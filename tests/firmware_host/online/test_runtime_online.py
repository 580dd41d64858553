"""``kiban run --online lishogi`` as the service runs it: the real-time runtime on a
simulated board (mock hardware) plays a lishogi game through the fake server: our move
made on the board is sent, lishogi's is lit and played, lishogi's byoyomi is the clock's,
and lishogi's end ends the game here with equal records."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.outcome import Termination
from engine.registry import find_game
from firmware_host.loops.remote_side import RemoteSide
from firmware_host.notices.declared import GameStarted
from firmware_host.online.credentials import ApiToken
from firmware_host.online.link import OnlineLink, client_factory
from firmware_host.online.seat import OnlineGameError, OnlineSeat
from firmware_host.session.state import Phase
from firmware_host.store.store_file import GameStatus
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until
from tests.firmware_host.online.fake_lishogi import FakeLishogi
from tests.firmware_host.online.serving import FAST
from tests.firmware_host.online.threaded import served_on_a_thread

SHOGI = find_game("shogi")


def test_the_runtime_plays_a_lishogi_game_from_the_board(tmp_path: Path) -> None:
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        game = server.call(lambda: fake.start_game("alice", "bob"))
        link = OnlineLink(
            client_factory(ApiToken("alice_token"), server.url), game.id, backoff=FAST
        )
        seat = OnlineSeat(link, "alice")
        profile = load_profile("sim", SHOGI)
        runtime, simulated, _ = runtime_on(profile, tmp_path, SHOGI, remote=seat)
        world = simulated.world

        async def play() -> None:
            task = asyncio.create_task(runtime.run(handle_signals=False))
            try:
                await until(lambda: runtime.controller.phase is Phase.PLAY, timeout=15.0)
                controller = runtime.controller
                assert controller.settings.online == f"lishogi:{game.id}:person"
                clock = controller.clock
                assert clock is not None
                assert (clock.control.byoyomi, clock.control.periods) == (10.0, 1)
                # the person at the board plays 7g7f: it reaches lishogi
                world.lift("7g")
                await asyncio.sleep(0.1)
                world.place("7f")
                await until(lambda: game.moves == ["7g7f"], timeout=15.0)
                # bob answers on lishogi: lit here as the move to play, then played
                server.call(lambda: fake.play(game.id, "3c3d"))
                await until(lambda: controller.guide is not None, timeout=15.0)
                guide = controller.guide
                assert guide is not None and controller.position.move_text(guide.move) == "3c3d"
                world.lift("3c")
                await asyncio.sleep(0.1)
                world.place("3d")
                await until(lambda: len(controller.position.move_stack) == 2, timeout=15.0)
                # bob resigns on lishogi: the game ends here as lishogi says
                server.call(lambda: fake.resign(game.id, "bob"))
                await until(lambda: controller.outcome is not None, timeout=15.0)
                outcome = controller.outcome
                assert outcome is not None and outcome.winners == frozenset({0})
                assert outcome.termination is Termination.RESIGNATION
                assert list(controller.record().moves) == game.moves
            finally:
                runtime.stopping.set()
                await task

        asyncio.run(play())


def test_the_running_runtime_takes_lishogi_as_the_opponents_seat_of_a_new_game(
    tmp_path: Path,
) -> None:
    """What the page's "Play online" does on a real board: no restart, the game left
    kept in the store; a game that is not ours is refused and nothing changes."""
    fake = FakeLishogi()
    with served_on_a_thread(fake) as server:
        profile = load_profile("sim", SHOGI)
        runtime, simulated, _ = runtime_on(profile, tmp_path, SHOGI)
        world = simulated.world

        def seat_of(game_id: str) -> OnlineSeat:
            make = client_factory(ApiToken("alice_token"), server.url)
            return OnlineSeat(OnlineLink(make, game_id, backoff=FAST), "alice")

        async def play() -> None:
            task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
            try:
                await until(lambda: runtime.controller.phase is Phase.PLAY, timeout=15.0)
                left = runtime.controller.game_id
                world.lift("2g")
                await asyncio.sleep(0.1)
                world.place("2f")
                await until(lambda: runtime.controller.record().moves == ("2g2f",))
                # a game of another variant: refused, the board's game goes on as it was
                duel = server.call(lambda: fake.start_game("alice", "bob", variant="dobutsu"))
                other = seat_of(duel.id)
                try:
                    await asyncio.to_thread(other.join)
                    with pytest.raises(OnlineGameError, match="is dobutsu, not shogi"):
                        await runtime.seat_remote(other)
                finally:
                    other.close()
                assert runtime.remote is None and runtime.controller.game_id == left
                # alice's game: lishogi takes the opponent's seat of a new game here
                game = server.call(lambda: fake.start_game("bob", "alice"))
                seat = seat_of(game.id)
                await asyncio.to_thread(seat.join)
                notices = await runtime.seat_remote(seat, settings={"coach": "off"})
                assert any(isinstance(n, GameStarted) for n in notices)
                remote: RemoteSide | None = runtime.remote  # read afresh after seating it
                assert remote is seat and runtime.controller.game_id != left
                controller = runtime.controller
                assert controller.settings.online == f"lishogi:{game.id}:person"
                kept = runtime.store.load(left)
                assert kept.status is GameStatus.ABANDONED and kept.moves() == ["2g2f"]
                # bob (sente) moves on lishogi: lit here as the move to play
                world.lift("2f")
                await asyncio.sleep(0.1)
                world.place("2g")
                server.call(lambda: fake.play(game.id, "7g7f"))
                await until(lambda: controller.guide is not None, timeout=15.0)
                guide = controller.guide
                assert guide is not None and controller.position.move_text(guide.move) == "7g7f"
            finally:
                runtime.stopping.set()
                await task

        asyncio.run(play())
