"""Games on every new front end through the simulator, with clumsy hands, with a chip
that goes silent for a while and with random glitches: no wrong move is ever committed,
and play resumes by itself."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import Game
from firmware_host.notices.declared import (
    FaultCleared,
    FaultShown,
)
from firmware_host.telling.legend import BLINK_PERIOD, Meaning
from hardware.mock.frontends.serial_scanner import SerialScannerModel
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone
from tests.firmware_host.loops.frontend_kit import (
    DOBUTSU,
    FRONT_ENDS,
    IDS,
    SHOGI,
    play_random,
    silence,
)
from tests.firmware_host.simkit import commits, indicator, make_sim, of, rgb


@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_noisy_hands_never_get_a_wrong_move_committed(name: str, game: Game[Any]) -> None:
    sim = make_sim(name, game=game, noise=Noise.realistic(), seed=3)
    assert play_random(sim, random.Random(11), 6 if game is SHOGI else 12) >= 3


def test_a_knock_put_back_in_frames_the_link_lost_is_not_read_as_a_move() -> None:
    """From the slow soak (sim-dobutsu-serial, 30 % of frames corrupted, seed 3, move 14):
    gote dropped a giraffe on 2c, knocking the piece on 2d off its sensor; the frame that
    put it back was lost, the scanner held its image from before the gap and asked for a
    full frame, and the board rested 0.4 s on that held image and committed 2d2c. Readings
    lost on their way decide nothing until the full frame comes (``StaleReadingsError``):
    the move is read as played, and no fault is shown for a link that resyncs."""
    name, game = next(
        pair for pair, ident in zip(FRONT_ENDS, IDS, strict=True) if ident == "sim-dobutsu-serial"
    )
    sim = make_sim(name, game=game, noise=Noise.realistic(), seed=3)
    sim.hardware.set_error_rate(0.3, seed=3)
    assert play_random(sim, random.Random(3), 16) == 16


@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_a_front_end_silent_mid_move_pauses_the_game_and_play_resumes(
    name: str, game: Game[Any]
) -> None:
    sim = make_sim(name, game=game)
    position = sim.controller.position
    move = sorted(position.legal_moves(), key=position.move_text)[0]
    text = position.move_text(move)
    target = position.copy()
    target.push(move)
    steps = sim.hands.perform(sim.world, target.layout(), sim.now + 0.2)
    restore, named = silence(sim.hardware, name)
    notices = sim.run(steps) + sim.advance(4.0)  # the move is made while it is silent
    faults = of(FaultShown, notices)
    assert len(faults) == 1 and str(faults[0].message).startswith(named)
    assert not commits(notices)
    shown = {indicator(sim, "status")}  # the fault blinks: lit in one half of a blink
    notices += sim.advance(BLINK_PERIOD)
    shown.add(indicator(sim, "status"))
    assert shown == {rgb(sim, Meaning.FAULT), None}
    restore()
    notices = sim.settle(2.0)
    assert of(FaultCleared, notices)
    assert commits(notices) == [text]
    shown = {indicator(sim, "status")}
    notices += sim.advance(BLINK_PERIOD)
    shown.add(indicator(sim, "status"))
    assert rgb(sim, Meaning.FAULT) not in shown


# a piece that rests on a legal cell for a moment, then goes on while a chip is silent
PASSING = {DOBUTSU: ("2d", "3c", "1c"), SHOGI: ("2h", "5h", "4h")}


@pytest.mark.parametrize("silent_for", [0.5, 1.2, 3.0])
@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_a_move_finished_while_a_chip_was_silent_is_read_as_it_stands_after(
    name: str, game: Game[Any], silent_for: float
) -> None:
    """The last frame before the silence showed a legal move; the hand went on meanwhile.
    Nothing may be decided from that stale frame: the board is read afresh first."""
    sim = make_sim(name, game=game)
    source, passed, target = PASSING[game]
    piece = sim.world.stacks[source][-1]
    t = sim.now
    notices = sim.run(
        [HandStep(t + 0.1, LiftStone(source)), HandStep(t + 0.2, PutStone(passed, piece, piece))]
    )
    notices += sim.advance_to(t + 0.3)
    restore, _named = silence(sim.hardware, name)
    # a board at rest checks its chips one a scan (an alerting ADC's round): the hand
    # goes on once the silence is found
    while not of(FaultShown, notices) and sim.now < t + 2.0:
        notices += sim.advance(sim.period)
    assert of(FaultShown, notices)
    t = sim.now - 0.3
    notices += sim.run(
        [HandStep(t + 0.5, LiftStone(passed)), HandStep(t + 0.6, PutStone(target, piece, piece))]
    )
    notices += sim.advance_to(t + 0.3 + silent_for)
    restore()
    notices += sim.settle(2.0)
    assert commits(notices) == [f"{source}{target}"]


@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_random_glitches_never_commit_a_wrong_move(name: str, game: Game[Any]) -> None:
    sim = make_sim(name, game=game, noise=Noise.realistic(), seed=5)
    sim.hardware.set_error_rate(0.25, seed=9)
    played = play_random(sim, random.Random(21), 5 if game is SHOGI else 10)
    assert played >= 3
    buses = sim.hardware.buses.values()
    glitches = sum(bus.failures for bus in buses)
    glitches += sum(spi.failures for spi in sim.hardware.spi.values())
    serial = sim.hardware.models.get(SerialScannerModel)
    if isinstance(serial, SerialScannerModel):
        glitches += serial.device.frames_corrupted
    assert glitches > 10  # it did glitch


@pytest.mark.slow
@pytest.mark.parametrize(("name", "game"), FRONT_ENDS, ids=IDS)
def test_soak_glitching_front_ends(name: str, game: Game[Any]) -> None:
    for seed in range(4):
        sim = make_sim(name, game=game, noise=Noise.realistic(), seed=seed)
        sim.hardware.set_error_rate(0.3, seed=seed)
        play_random(sim, random.Random(seed), 20 if game is SHOGI else 40)
        sim.board.close()
