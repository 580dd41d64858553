"""The live simulation keeps the event loop's time: settle, grace and blinking happen in
real seconds, and an idle board sleeps."""

from __future__ import annotations

import asyncio

import pytest

from engine.recognition.answers import Timing
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.session.state import HeldChoice, Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import BLINK_PERIOD
from hardware.profile import load_profile
from tests.firmware_host.web.helpers import opened, sim_session


def test_next_wake_follows_scans_deadlines_and_blinks() -> None:
    game = find_game("dobutsu")
    sim = Simulation(game, load_profile("sim", game), GameStore(":memory:"), resume=False)
    sim.settle()
    assert sim.next_wake() is None  # nothing can change: sleep until touched
    sim.world.lift("1d")  # the giraffe, which can take nothing from here
    assert sim.next_wake() == pytest.approx(sim.now + sim.period)  # scan while it changes
    sim.advance(0.1)
    assert sim.controller.recognizer.frame["1d"] == 0  # the lift has been seen
    settle_deadline = sim.next_wake()
    assert settle_deadline is not None and sim.now < settle_deadline < sim.now + 0.4
    sim.advance_to(settle_deadline + sim.period)
    grace_deadline = sim.next_wake()
    assert grace_deadline is not None and grace_deadline > sim.now + 2.0
    sim.advance_to(grace_deadline + sim.period)
    assert sim.controller.phase is Phase.PLAY  # a piece in the hand: the player thinks
    held_deadline = sim.next_wake()  # a piece held that long is asked back
    assert held_deadline is not None and held_deadline > sim.now + 20.0
    sim.advance_to(held_deadline + sim.period)
    phase: Phase = sim.controller.phase  # read afresh after the action
    assert phase is Phase.CORRECTION
    blink = sim.next_wake()  # the correction blinks: wake at the next toggle
    assert blink is not None
    toggle = (int(sim.now / BLINK_PERIOD) + 1) * BLINK_PERIOD
    assert blink == pytest.approx(toggle + sim.period)


def test_a_piece_held_that_may_have_captured_unseen_is_asked_after_the_grace() -> None:
    """The chick on 2c may have taken the chick on 2b as its victim left, the reed never
    opening (issue 78): no sensor tells that from the chick held, so after the grace
    period the board asks, still in the hand among the choices; set back, it is asked no
    more."""
    game = find_game("dobutsu")
    sim = Simulation(game, load_profile("sim", game), GameStore(":memory:"), resume=False)
    sim.settle()
    sim.world.lift("2c")
    sim.advance(1.0)
    assert sim.controller.phase is Phase.PLAY  # within the grace: the player thinks
    sim.advance(Timing().grace)
    asked: Phase = sim.controller.phase  # read afresh after the wait
    assert asked is Phase.PROMPT
    assert {"2c2b", HeldChoice.NAME} <= set(sim.controller.prompt_choices)
    sim.world.place("2c")  # set back
    sim.advance(1.0)
    again: Phase = sim.controller.phase
    assert again is Phase.PLAY


def test_grace_and_blinking_take_real_seconds() -> None:
    async def scenario() -> None:
        session = sim_session(timing=Timing(settle=0.4, grace=1.0, held=1.0))
        async with opened(session) as (_, page):
            loop = asyncio.get_running_loop()
            await page.send(type="lift", spot="1d")
            lifted = loop.time()
            await page.state_where(lambda s: s["held"] != [])
            await page.state_where(lambda s: s["phase"] == "correction")
            assert loop.time() - lifted >= 0.9  # the grace period, in real time
            arrivals = []
            for _ in range(3):
                await page.until(lambda m: m["type"] == "state")
                arrivals.append(loop.time())
            # the correction blinks at the legend's pace, not as fast as the loop can go
            assert arrivals[2] - arrivals[0] >= 2 * BLINK_PERIOD - 0.2
            # the simulation keeps real time: within a few scans, on a loaded machine too
            assert abs(session.sim.now - session.now()) < 0.25

    asyncio.run(scenario())
