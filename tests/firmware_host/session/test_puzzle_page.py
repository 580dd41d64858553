"""The page's Puzzle button: a puzzle of the game is set up (the LEDs guide the pieces
there) and the moves played on the page are judged against its answer."""

from __future__ import annotations

import asyncio

from engine.puzzles import load
from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT, opened


def test_the_puzzle_button_sets_a_puzzle_up_and_judges_it() -> None:
    game = find_game("dobutsu")
    positions = {puzzle.position for puzzle in load(game)}

    async def scenario() -> None:
        session = SimSession(game, GameStore(":memory:"), resume=False, timing=PATIENT)
        async with opened(session) as (_, page):
            answer = await page.send(type="puzzle", difficulty=1)
            assert answer["type"] == "ok"
            state = await page.state_where(lambda s: s["position"] in positions)
            # the page's simulated hands set a new game up at once: the set-up may be
            # over by the time the state is read (the LEDs' guide: test_puzzle_board)
            assert state["phase"] in ("setup", "play")
            run = session.sim.puzzle
            assert run is not None and run.puzzle.difficulty == 1
            assert run.puzzle.position == state["position"]

    asyncio.run(scenario())


def test_a_game_without_puzzles_of_that_difficulty_is_told_so() -> None:
    game = find_game("dobutsu")

    async def scenario() -> None:
        session = SimSession(game, GameStore(":memory:"), resume=False, timing=PATIENT)
        async with opened(session) as (_, page):
            answer = await page.send(type="puzzle", difficulty=99)
            assert answer["type"] == "error"
            assert session.sim.puzzle is None

    asyncio.run(scenario())
