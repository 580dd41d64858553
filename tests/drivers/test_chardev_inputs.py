"""The buttons and the INT/ALERT lines watched on the kernel's GPIO character device (a
stand-in kernel, tests/drivers/gpio_kernel.py): what they ask of the kernel, and that
they keep the behaviour they have on gpiozero (tests/drivers/test_buttons.py)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

import pytest
from gpiozero.pins.mock import MockFactory

from drivers.buttons import LONG_PRESS, ButtonPanel, ButtonRole
from drivers.errors import ButtonError, GpioChipError, GpioError
from drivers.gpio_lines import GPIO_V2_GET_LINE_IOCTL, Edge, GpioChip, find_header_chip
from drivers.interrupt_line import InterruptLine
from tests.drivers.gpio_kernel import Attribute, FakeKernel, Request

INPUT, RISING, FALLING, PULL_UP, PULL_DOWN = 1 << 2, 1 << 4, 1 << 5, 1 << 8, 1 << 9
PINS = {ButtonRole.OK: 5, ButtonRole.NEXT: 6, ButtonRole.BACK: 13, ButtonRole.ROLL: 26}
WAIT = 5.0


class CountingClock:
    """The board's clock, set by the test; it counts the edges the panel has timed."""

    def __init__(self) -> None:
        self.now = 100.0
        self.calls = 0
        self._lock = threading.Condition()

    def __call__(self) -> float:
        with self._lock:
            self.calls += 1
            self._lock.notify_all()
            return self.now

    def wait_for(self, calls: int) -> None:
        with self._lock:
            assert self._lock.wait_for(lambda: self.calls >= calls, WAIT)


def eventually(check: Callable[[], bool]) -> bool:
    """Whether ``check`` holds within WAIT seconds (the watcher's thread hands edges on)."""
    deadline = time.monotonic() + WAIT
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.001)
    return True


class Hand:
    """Presses buttons through the stand-in kernel, one edge at a time, each timed by
    the panel before the next."""

    def __init__(self, kernel: FakeKernel, clock: CountingClock) -> None:
        self.kernel = kernel
        self.clock = clock
        self.edges = 0

    def edge(self, gpio: int, edge: Edge, after: float = 0.0, *, late: float = 0.0) -> None:
        """An edge ``after`` seconds on, handed on ``late`` seconds after the kernel saw it."""
        self.clock.now += after
        seen = round(self.clock.now * 1e9)
        self.clock.now += late  # before the edge is written: the panel reads it late
        self.kernel.edge(gpio, edge, timestamp_ns=seen)
        self.edges += 1
        self.clock.wait_for(self.edges)

    def press(self, gpio: int, after: float = 0.0) -> None:
        self.edge(gpio, Edge.FALLING, after)

    def release(self, gpio: int, after: float = 0.0) -> None:
        self.edge(gpio, Edge.RISING, after)


def header(kernel: FakeKernel) -> GpioChip:
    return find_header_chip(calls=kernel.calls())


def sent(kernel: FakeKernel) -> list[Request]:
    return [
        Request.parse(data) for number, data in kernel.received if number == GPIO_V2_GET_LINE_IOCTL
    ]


# --- buttons ----------------------------------------------------------------------------


def test_the_buttons_are_one_request_debounced_by_the_kernel() -> None:
    kernel = FakeKernel()
    panel = ButtonPanel(PINS, print, chip=header(kernel), bounce_time=0.03)
    assert sent(kernel) == [
        Request(
            offsets=(5, 6, 13, 26),
            consumer=f"kiban-buttons[{os.getpid()}]",  # its process named (issue 80)
            flags=INPUT | RISING | FALLING | PULL_UP,
            attributes=(Attribute(3, 30_000, 0b1111),),  # 0.03 s as microseconds
        )
    ]
    assert panel.watched_by == "chardev /dev/gpiochip0"
    panel.close()


def test_without_bounce_time_the_kernel_debounces_nothing_and_pull_down_is_asked() -> None:
    kernel = FakeKernel()
    panel = ButtonPanel(
        {ButtonRole.CLOCK: 4}, print, chip=header(kernel), bounce_time=None, pull_up=False
    )
    [request] = sent(kernel)
    assert request.flags == INPUT | RISING | FALLING | PULL_DOWN
    assert request.attributes == ()
    panel.close()


def test_a_press_reports_its_role_and_the_line_says_it_is_down() -> None:
    kernel = FakeKernel()
    clock = CountingClock()
    pressed: list[ButtonRole] = []
    panel = ButtonPanel(PINS, pressed.append, chip=header(kernel), clock=clock)
    hand = Hand(kernel, clock)
    assert not panel.is_pressed(ButtonRole.NEXT)
    hand.press(6)
    assert eventually(lambda: pressed == [ButtonRole.NEXT])
    assert panel.is_pressed(ButtonRole.NEXT)
    hand.release(6, after=0.2)
    hand.press(5, after=1)
    hand.release(5, after=0.2)
    assert eventually(lambda: pressed == [ButtonRole.NEXT, ButtonRole.OK])
    assert panel.roles == tuple(PINS)
    panel.close()


def test_chatter_the_kernel_let_through_is_still_one_press() -> None:
    """The panel's own filter stays: an edge within bounce_time of the last is dropped."""
    kernel = FakeKernel()
    clock = CountingClock()
    pressed: list[ButtonRole] = []
    panel = ButtonPanel(PINS, pressed.append, chip=header(kernel), clock=clock)
    hand = Hand(kernel, clock)
    hand.press(26)
    for _ in range(3):
        hand.release(26, after=0.004)
        hand.press(26, after=0.004)
    hand.release(26, after=0.5)
    hand.press(26, after=0.5)
    assert eventually(lambda: len(pressed) == 2)
    assert pressed == [ButtonRole.ROLL, ButtonRole.ROLL]
    panel.close()


def test_chatter_is_told_by_the_kernels_timestamps_not_by_when_it_is_handed_on() -> None:
    """A release the kernel saw 0.2 s after the press counts even when the press was
    handed on late, 0.19 s after it came; a bounce the kernel saw 4 ms after the press
    does not, however late it is handed on."""
    kernel = FakeKernel()
    clock = CountingClock()
    pressed: list[ButtonRole] = []
    panel = ButtonPanel({ButtonRole.HINT: 21}, pressed.append, chip=header(kernel), clock=clock)
    hand = Hand(kernel, clock)
    hand.edge(21, Edge.FALLING, late=0.19)
    hand.edge(21, Edge.RISING, after=0.01)  # 0.2 s after the press, as the kernel saw it
    assert eventually(lambda: pressed == [ButtonRole.HINT])
    hand.edge(21, Edge.FALLING, after=1.0)
    hand.edge(21, Edge.RISING, after=0.004, late=0.1)  # a bounce, handed on late
    hand.edge(21, Edge.FALLING, after=0.003)
    hand.edge(21, Edge.RISING, after=0.3)
    assert eventually(lambda: len(pressed) == 2)
    assert pressed == [ButtonRole.HINT] * 2
    panel.close()


def test_hint_held_is_a_puzzle_timed_on_the_boards_clock() -> None:
    kernel = FakeKernel()
    clock = CountingClock()
    pressed: list[ButtonRole] = []
    panel = ButtonPanel({ButtonRole.HINT: 21}, pressed.append, chip=header(kernel), clock=clock)
    hand = Hand(kernel, clock)
    hand.press(21)
    hand.release(21, after=0.3)
    assert eventually(lambda: pressed == [ButtonRole.HINT])
    hand.press(21, after=1.0)
    hand.release(21, after=LONG_PRESS - 0.01)
    assert eventually(lambda: pressed == [ButtonRole.HINT] * 2)
    hand.press(21, after=1.0)
    hand.release(21, after=LONG_PRESS)
    assert eventually(lambda: len(pressed) == 3)
    assert pressed == [ButtonRole.HINT, ButtonRole.HINT, ButtonRole.PUZZLE]
    panel.close()


def test_a_button_line_another_program_holds_names_roles_gpio_and_chip() -> None:
    kernel = FakeKernel()
    kernel.busy.add(13)
    with pytest.raises(ButtonError) as caught:
        ButtonPanel(PINS, print, chip=header(kernel))
    message = str(caught.value)
    assert "back on GPIO 13" in message and "/dev/gpiochip0" in message
    assert "Device or resource busy" in message
    assert isinstance(caught.value.__cause__, GpioChipError)


def test_closing_the_panel_ends_its_thread_and_frees_its_lines() -> None:
    kernel = FakeKernel()
    before = threading.active_count()
    panel = ButtonPanel(PINS, print, chip=header(kernel))
    assert threading.active_count() == before + 1  # one thread for every button
    panel.close()
    panel.close()
    assert threading.active_count() == before
    assert kernel.requests == {}


def test_a_chip_and_a_pin_factory_at_once_is_a_mistake() -> None:
    with pytest.raises(ValueError, match="not both"):
        ButtonPanel(PINS, print, chip=header(FakeKernel()), pin_factory=MockFactory())
    with pytest.raises(ValueError, match="not both"):
        InterruptLine(17, print, chip=header(FakeKernel()), pin_factory=MockFactory())


# --- the INT/ALERT lines ------------------------------------------------------------------


def test_an_interrupt_line_asks_for_its_falling_edges_only() -> None:
    kernel = FakeKernel()
    wakes = threading.Semaphore(0)
    line = InterruptLine(17, wakes.release, chip=header(kernel))
    assert sent(kernel) == [
        Request((17,), f"kiban-int[{os.getpid()}]", INPUT | FALLING | PULL_UP, ())
    ]
    assert line.watched_by == "chardev /dev/gpiochip0"
    assert not line.active  # pulled up
    kernel.edge(17, Edge.FALLING)
    assert wakes.acquire(timeout=WAIT)
    held: bool = line.active  # read afresh after the edge
    assert held
    kernel.levels[17] = True  # the chip's INTCAP read released it: no event asked
    released: bool = line.active
    assert not released
    kernel.edge(17, Edge.FALLING)
    assert wakes.acquire(timeout=WAIT)
    assert not wakes.acquire(timeout=0.05)  # one wake for each edge
    line.close()
    assert kernel.requests == {}


def test_an_active_high_line_asks_for_rising_edges_and_pull_down() -> None:
    kernel = FakeKernel()
    line = InterruptLine(4, print, chip=header(kernel), pull_up=False)
    assert sent(kernel) == [
        Request((4,), f"kiban-int[{os.getpid()}]", INPUT | RISING | PULL_DOWN, ())
    ]
    kernel.levels[4] = True
    assert line.active
    line.close()


def test_an_interrupt_line_held_elsewhere_is_a_gpio_error_naming_it() -> None:
    kernel = FakeKernel()
    kernel.busy.add(17)
    with pytest.raises(GpioError) as caught:
        InterruptLine(17, print, chip=header(kernel))
    assert str(caught.value).startswith(
        "interrupt line on GPIO 17 could not be claimed: GPIO 17 on /dev/gpiochip0 could not be "
        "requested (errno 16"
    )


# --- lines the kernel takes away ----------------------------------------------------------


def test_a_lost_interrupt_line_is_told_counts_as_active_and_wakes_the_board_once_back() -> None:
    kernel = FakeKernel()
    wakes = threading.Semaphore(0)
    lost: list[GpioChipError] = []
    back = threading.Event()
    line = InterruptLine(
        17, wakes.release, chip=header(kernel), on_lost=lost.append, on_back=back.set
    )
    try:
        watched: bool = line.active
        assert not watched
        kernel.unplug()
        assert eventually(lambda: bool(lost))
        assert lost[0].chip == "/dev/gpiochip0" and lost[0].lines == (17,)
        # nobody knows the line: a change may wait, so whoever reads the chips reads them
        assert line.active
        kernel.plug()
        assert back.wait(WAIT)
        assert wakes.acquire(timeout=WAIT)  # edges went unseen meanwhile: read at once
        assert eventually(lambda: not line.active)  # pulled up, watched again
        kernel.edge(17, Edge.FALLING)
        assert wakes.acquire(timeout=WAIT)
    finally:
        line.close()
    assert kernel.requests == {}


def test_lost_buttons_are_told_forget_a_held_press_and_are_heard_once_back() -> None:
    kernel = FakeKernel()
    clock = CountingClock()
    pressed: list[ButtonRole] = []
    lost: list[GpioChipError] = []
    back = threading.Event()
    pins = {**PINS, ButtonRole.HINT: 19}
    panel = ButtonPanel(
        pins,
        pressed.append,
        chip=header(kernel),
        bounce_time=None,
        clock=clock,
        on_lost=lost.append,
        on_back=back.set,
    )
    hand = Hand(kernel, clock)
    try:
        hand.press(19)  # hint held down...
        kernel.unplug()  # ...when the chip goes away: its release is never seen
        assert eventually(lambda: bool(lost))
        assert lost[0].lines == tuple(pins.values())
        assert not panel.is_pressed(ButtonRole.OK)  # unknown: not pressed
        kernel.plug()
        assert back.wait(WAIT)
        clock.calls = hand.edges = 0
        hand.release(19, after=2.0)  # a release with no press seen: nothing
        hand.press(5)
        assert eventually(lambda: pressed == [ButtonRole.OK])
        hand.press(19, after=0.1)
        hand.release(19, after=0.1)
        assert eventually(lambda: pressed == [ButtonRole.OK, ButtonRole.HINT])
    finally:
        panel.close()
    assert kernel.requests == {}
