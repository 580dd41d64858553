"""Builders and probes shared by the end-to-end tests of the controller on simulated hardware."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from engine.game import Game
from engine.physical import Spot, Stone
from engine.recognition.answers import Timing
from engine.recognition.sensors import SensorModel
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    MoveCommitted,
    Notice,
    PromptOpened,
)
from firmware_host.opponents.thinking import Thinker
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import Meaning
from hardware.magnetics.build import Build
from hardware.mock.hands import Noise
from hardware.profile import load_profile

GAME: Game[Any] = find_game("dobutsu")
START = "gle/1c1/1C1/ELG b - 1"
PROFILES = ("sim", "sim-dobutsu-polarity", "sim-dobutsu-stands", "dobutsu-reference")
HAND_DELAY = 0.15  # seconds between two actions of a hand: well below the settle time

N = TypeVar("N")

OPEN: list[Simulation] = []
"""Simulations still open. Each one holds gpiozero buttons whose hold threads live
until the board is closed: conftest.py closes them after every test."""


def track(sim: Simulation) -> Simulation:
    OPEN.append(sim)
    return sim


def close_all() -> None:
    while OPEN:
        close(OPEN.pop())


def close(sim: Simulation) -> None:
    if sim in OPEN:
        OPEN.remove(sim)
    sim.close()


def make_sim(
    profile: str = "sim",
    *,
    position: str | None = None,
    options: Mapping[str, str] | None = None,
    noise: Noise | None = None,
    seed: int = 0,
    timing: Timing | None = None,
    game: Game[Any] = GAME,
    settings: Mapping[str, str] | None = None,
    thinker: Thinker | None = None,
    sensor_model: SensorModel | None = None,
    build: Build | None = None,
) -> Simulation:
    """A new game on a simulated board whose pieces already stand as the position has them;
    with ``sensor_model``, the board declares those sensors instead of its profile's (its
    order margin comes from them, as on a board whose profile says so); with ``build``,
    that build."""
    loaded = load_profile(profile, game)
    if sensor_model is not None:
        loaded = replace(loaded, sensor_model=sensor_model)
    if build is not None:
        loaded = replace(loaded, build=build)
    sim = Simulation(
        game,
        loaded,
        GameStore(":memory:"),
        resume=False,
        noise=noise,
        seed=seed,
        options=options,
        position=position,
        timing=timing,
        settings=settings,
        thinker=thinker,
    )
    track(sim)
    sim.settle()
    return sim


def of(kind: type[N], notices: Sequence[Notice]) -> list[N]:
    return [notice for notice in notices if isinstance(notice, kind)]


def answer_as_played(sim: Simulation, truth: Sequence[str], start: int) -> None:
    """Each question the board asks answered with what the hands played: a prompt is
    about the record's next move (a question about an earlier one took it back first).
    Then the record is ``truth``, and no commit since ``start`` (an index into the
    notices) named a move nobody played."""
    for _ in range(len(truth) + 1):
        if sim.controller.phase is not Phase.PROMPT:
            break
        done = len(sim.controller.record().moves)
        assert done < len(truth), ("asked ahead of the hands", sim.notices[start:])
        wanted, choices = truth[done], sim.controller.prompt_choices
        assert wanted in choices, (wanted, choices, sim.notices[start:])
        sim.send(Select(wanted))
        sim.settle()
    for notice in of(MoveCommitted, sim.notices[start:]):
        assert truth[notice.ply - 1 : notice.ply] == [notice.move], (truth, sim.notices[start:])
    assert list(sim.controller.record().moves) == list(truth), (truth, sim.notices[start:])


def answered_as_played(sim: Simulation, played: Sequence[str]) -> list[str]:
    """Each question open now answered with the move the hands played at the ply it asks
    about, none about a move they have not made yet; returns the questions, as text."""
    asked: list[str] = []
    while sim.controller.phase is Phase.PROMPT:
        choices = tuple(sim.controller.prompt_choices)
        done = len(sim.controller.record().moves)
        if done >= len(played):
            break  # about a move the hands have not made yet
        asked.append(" ".join(choices))
        assert played[done] in choices, (played[done], choices, sim.notices[-10:])
        sim.send(Select(played[done]))
    return asked


def commits(notices: Sequence[Notice]) -> list[str]:
    return [notice.move for notice in of(MoveCommitted, notices)]


def prompts(notices: Sequence[Notice]) -> list[tuple[str, ...]]:
    return [notice.choices for notice in of(PromptOpened, notices)]


def rgb(sim: Simulation, meaning: Meaning) -> tuple[int, int, int]:
    """The colour the strip shows for a meaning (spot_colour reports full brightness)."""
    colour = sim.legend.colour(meaning)
    return (colour.red, colour.green, colour.blue)


def colours(sim: Simulation, spots: Sequence[Spot]) -> dict[Spot, tuple[int, int, int] | None]:
    return {spot: sim.spot_colour(spot) for spot in spots}


def lit(sim: Simulation, meaning: Meaning) -> set[Spot]:
    """The cells the strip shows in a meaning's colour."""
    wanted = rgb(sim, meaning)
    return {spot for spot in sim.game.cells if sim.spot_colour(spot) == wanted}


def indicator(sim: Simulation, name: str) -> tuple[int, int, int] | None:
    """The colour an indicator LED (``turn:0``, ``status``) shows, None when dark."""
    painter = sim.board.painter
    leds = dict(sim.profile.leds.indicators).get(name, ())
    if not leds:
        return None
    colour = painter.pixels[leds[0]]
    if colour.red == colour.green == colour.blue == 0:
        return None
    return (colour.red, colour.green, colour.blue)


def move_by_hand(sim: Simulation, origin: Spot, target: Spot) -> list[Notice]:
    """Lift a piece and put it down elsewhere, briskly; the board then settles."""
    notices = []
    sim.world.lift(origin)
    notices += sim.advance(HAND_DELAY)
    sim.world.place(target)
    return notices + sim.settle()


def capture_by_hand(
    sim: Simulation, origin: Spot, target: Spot, *, captured_first: bool, bounce: bool = False
) -> list[Notice]:
    """A capture made by explicit world actions in either lift order.

    The captured piece goes to the capturer's stand (its unpromoted face), a
    captured lion into the box, as the rules have it. ``bounce`` makes each
    contact chatter for a few milliseconds as it changes.
    """
    mover = sim.controller.position.turn
    notices: list[Notice] = []

    def chatter(spot: Spot, glitch: int) -> None:
        if bounce:
            for _ in range(2):
                sim.world.force(spot, glitch)
                notices.extend(sim.advance(0.004))
                sim.world.force(spot, None)
                notices.extend(sim.advance(0.004))

    def take_captured() -> None:
        if sim.world.stacks[target][-1].kind == "L":
            sim.world.remove(target)  # the game ends with it: into the box
            chatter(target, 1)
            notices.extend(sim.advance(HAND_DELAY))
            return
        captured = sim.world.lift(target)
        chatter(target, 1)
        notices.extend(sim.advance(HAND_DELAY))
        stand = f"hand:{'bw'[mover]}:{captured.kind}"
        sim.world.place_as(stand, captured, Stone(captured.kind, mover))
        notices.extend(sim.advance(HAND_DELAY))

    if captured_first:
        take_captured()
        sim.world.lift(origin)
        chatter(origin, 1)
        notices += sim.advance(HAND_DELAY)
    else:
        sim.world.lift(origin)
        chatter(origin, 1)
        notices += sim.advance(HAND_DELAY)
        take_captured()
    sim.world.place(target)
    chatter(target, 0)
    return notices + sim.settle()


def drop_by_hand(sim: Simulation, kind: str, target: Spot) -> list[Notice]:
    """Take a piece of ``kind`` from the mover's stand and put it on ``target``."""
    mover = sim.controller.position.turn
    sim.world.lift(f"hand:{'bw'[mover]}:{kind}")
    notices = sim.advance(HAND_DELAY)
    sim.world.place(target)
    return notices + sim.settle()
