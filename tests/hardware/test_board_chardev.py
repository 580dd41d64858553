"""A real board's buttons and INT/ALERT lines on the Pi's header chip (a stand-in kernel,
tests/drivers/gpio_kernel.py), and the rule that picks the chip or gpiozero."""

from __future__ import annotations

import errno
import os
import threading

from drivers.errors import GpioChipError
from drivers.gpio_lines import Edge, GpioChip, find_header_chip
from drivers.interrupt_line import InterruptLine
from engine.registry import find_game
from hardware.board import EdgeWatching, assemble, assemble_real, edge_watching
from hardware.frontends.analog_specs import AnalogSpec
from hardware.line_watch import LineUse
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile, load_profile
from tests.drivers.gpio_kernel import FakeKernel

WAIT = 5.0


def simulated(name: str) -> SimulatedBoard:
    profile = load_profile(name)
    game = find_game(profile.games[0])
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    return SimulatedBoard(profile, world)


def test_the_board_watches_its_buttons_and_int_line_on_the_chip_it_is_given() -> None:
    kernel = FakeKernel()
    chip = find_header_chip(calls=kernel.calls())
    sim = simulated("dobutsu-reference")
    profile: Profile = sim.profile
    board = assemble(profile, dict(sim.buses), sim.strip, print, gpio_chip=chip, bounce_time=None)
    try:
        assert board.buttons is not None
        assert board.buttons.watched_by == "chardev /dev/gpiochip0"
        lines = [line for line in board.interrupts if isinstance(line, InterruptLine)]
        assert [line.watched_by for line in lines] == ["chardev /dev/gpiochip0"]
        held = sorted(request.offsets for request in kernel.requests.values())
        assert held == sorted([(4,), tuple(gpio for _, gpio in profile.buttons)])
        woken = threading.Event()
        board.wake.append(woken.set)
        kernel.edge(4, Edge.FALLING)  # a chip pulls INTA low
        assert woken.wait(WAIT)
        assert board.interrupt_pending()
    finally:
        board.close()
    assert kernel.requests == {}  # every line freed


def test_the_alert_lines_of_adcs_are_watched_on_the_chip_too() -> None:
    kernel = FakeKernel()
    chip = find_header_chip(calls=kernel.calls())
    sim = simulated("sim-dobutsu-analog")
    board = assemble(
        sim.profile, dict(sim.buses), sim.strip, print, gpio_chip=chip, bounce_time=None
    )
    try:
        alerts = {
            adc.alert_gpio
            for part in sim.profile.parts
            if isinstance(part, AnalogSpec)
            for adc in part.adcs
            if adc.alert_gpio is not None
        }
        watched = {
            r.offsets for r in kernel.requests.values() if r.consumer == f"kiban-int[{os.getpid()}]"
        }
        assert alerts and watched == {(gpio,) for gpio in alerts}
        woken = threading.Event()
        board.wake.append(woken.set)
        kernel.edge(min(alerts), Edge.FALLING)  # an ADS7138 pulls its ALERT low
        assert woken.wait(WAIT)
    finally:
        board.close()
    assert kernel.requests == {}


def test_the_header_chip_is_used_where_it_opens_and_gpiozero_where_it_does_not() -> None:
    kernel = FakeKernel()
    found = edge_watching(lambda: find_header_chip(calls=kernel.calls()))
    assert found.chip is not None and found.chip.label == "pinctrl-bcm2711"
    assert str(found) == "the kernel's GPIO character device, /dev/gpiochip0 (pinctrl-bcm2711)"

    def denied() -> GpioChip:
        raise GpioChipError(
            "/dev/gpiochip0",
            (),
            PermissionError(errno.EACCES, "Permission denied"),
            "could not be opened",
        )

    refused = edge_watching(denied)
    assert refused == EdgeWatching(
        None, "/dev/gpiochip0 could not be opened (errno 13, Permission denied)"
    )
    assert str(refused).startswith("gpiozero (/dev/gpiochip0 could not be opened")
    laptop = edge_watching(lambda: find_header_chip(calls=FakeKernel({}).calls()))
    assert laptop.chip is None and "there is no gpiochip in /dev" in str(laptop)


def test_the_real_boards_assembly_watches_where_the_rule_says() -> None:
    kernel = FakeKernel()
    sim = simulated("dobutsu-reference")
    board = assemble_real(
        sim.profile,
        dict(sim.buses),
        sim.strip,
        print,
        watcher=lambda: edge_watching(lambda: find_header_chip(calls=kernel.calls())),
    )
    try:
        assert board.buttons is not None
        assert board.buttons.watched_by == "chardev /dev/gpiochip0"
    finally:
        board.close()


def test_lines_the_kernel_takes_away_are_listed_polled_meanwhile_and_claimed_again() -> None:
    kernel = FakeKernel()
    chip = find_header_chip(calls=kernel.calls())
    sim = simulated("dobutsu-reference")
    board = assemble(
        sim.profile, dict(sim.buses), sim.strip, print, gpio_chip=chip, bounce_time=None
    )
    told = threading.Semaphore(0)
    board.lines.listen(told.release)
    try:
        assert board.interrupt_driven and not board.interrupt_pending()
        kernel.unplug()
        assert told.acquire(timeout=WAIT) and told.acquire(timeout=WAIT)  # buttons, INT
        lost = board.lines.lost
        buttons = tuple(gpio for _, gpio in sim.profile.buttons)
        assert [(each.use, each.gpios) for each in lost] == [
            (LineUse.BUTTONS, buttons),
            (LineUse.INTERRUPT, (4,)),
        ]
        assert all(each.error.chip == "/dev/gpiochip0" for each in lost)
        assert board.interrupt_pending()  # so the runtime scans as a polled board does
        kernel.plug()
        assert told.acquire(timeout=WAIT) and told.acquire(timeout=WAIT)
        assert board.lines.lost == ()
        assert not board.interrupt_pending()
    finally:
        board.close()
    assert kernel.requests == {}


def test_a_listener_is_told_at_once_of_lines_lost_before_it_listened() -> None:
    kernel = FakeKernel()
    chip = find_header_chip(calls=kernel.calls())
    sim = simulated("dobutsu-reference")
    board = assemble(
        sim.profile, dict(sim.buses), sim.strip, print, gpio_chip=chip, bounce_time=None
    )
    try:
        lost = threading.Semaphore(0)
        board.lines.listeners.append(lost.release)
        kernel.unplug()
        assert lost.acquire(timeout=WAIT) and lost.acquire(timeout=WAIT)
        heard: list[int] = []
        board.lines.listen(lambda: heard.append(len(board.lines.lost)))
        assert heard == [2]
    finally:
        board.close()
