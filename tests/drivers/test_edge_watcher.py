"""drivers/edge_watcher.py on a stand-in kernel (tests/drivers/gpio_kernel.py): edges
handed on with the kernel's timestamp, the thread ending on close and asleep at rest,
and lines the kernel takes away told, then claimed again until they are watched."""

from __future__ import annotations

import errno
import queue
import threading
import time

import pytest

from drivers.edge_watcher import EdgeWatcher
from drivers.errors import GpioChipError
from drivers.gpio_lines import (
    Edge,
    GpioChip,
    LineEvent,
    LineRequest,
    LineSettings,
    find_header_chip,
)
from tests.drivers.gpio_kernel import FakeKernel

WAIT = 5.0  # seconds: a generous bound on a thread handing an edge on
QUICK = (0.01,)  # reclaim delays short enough for a test


def chip(kernel: FakeKernel) -> GpioChip:
    return find_header_chip(calls=kernel.calls())


class Told:
    """What a watcher told of its lines, in order, waited for as it comes."""

    def __init__(self) -> None:
        self.news: queue.Queue[GpioChipError | None] = queue.Queue()

    def lost(self, error: GpioChipError) -> None:
        self.news.put(error)

    def back(self) -> None:
        self.news.put(None)

    def next(self) -> GpioChipError | None:
        return self.news.get(timeout=WAIT)

    def watching(self, kernel: FakeKernel) -> EdgeWatcher:
        """A watcher of GPIO 17 that tells this of its losses, claiming quickly."""
        request = chip(kernel).request([LineSettings(17)])
        return EdgeWatcher(
            request, lambda event: None, on_lost=self.lost, on_back=self.back, reclaim_delays=QUICK
        )


def test_edges_are_handed_on_with_the_kernels_timestamp_and_numbers() -> None:
    kernel = FakeKernel()
    request = chip(kernel).request([LineSettings(17), LineSettings(27)])
    heard: queue.Queue[LineEvent] = queue.Queue()
    watcher = EdgeWatcher(request, heard.put)
    kernel.edge(17, Edge.FALLING, timestamp_ns=5_000_000_123)
    kernel.edge(27, Edge.FALLING, timestamp_ns=5_000_400_000)
    kernel.edge(17, Edge.RISING, timestamp_ns=5_020_000_000)
    events = [heard.get(timeout=WAIT) for _ in range(3)]
    assert events == [
        LineEvent(17, Edge.FALLING, 5_000_000_123, seqno=1, line_seqno=1),
        LineEvent(27, Edge.FALLING, 5_000_400_000, seqno=2, line_seqno=1),
        LineEvent(17, Edge.RISING, 5_020_000_000, seqno=3, line_seqno=2),
    ]
    watcher.close()


def test_close_ends_the_thread_asleep_in_the_kernel_and_frees_the_lines() -> None:
    kernel = FakeKernel()
    gpio_chip = chip(kernel)
    request = gpio_chip.request([LineSettings(17)])
    fd = request.fileno()
    before = threading.active_count()
    watcher = EdgeWatcher(request, lambda event: None)
    assert watcher.alive and threading.active_count() == before + 1
    watcher.close()
    alive: bool = watcher.alive  # read afresh after the close
    assert not alive  # joined, not left blocked in a read
    assert threading.active_count() == before
    assert fd in kernel.closed and fd not in kernel.requests
    watcher.close()  # a second close does nothing
    gpio_chip.request([LineSettings(17)]).close()  # the line is free again


def test_a_watcher_closed_by_its_own_callback_ends() -> None:
    kernel = FakeKernel()
    request = chip(kernel).request([LineSettings(17)])
    done = threading.Event()
    watchers: list[EdgeWatcher] = []

    def close_on_first(event: LineEvent) -> None:
        watchers[0].close()
        done.set()

    watchers.append(EdgeWatcher(request, close_on_first))
    kernel.edge(17, Edge.FALLING)
    assert done.wait(WAIT)
    watchers[0]._thread.join(WAIT)
    assert not watchers[0].alive


def test_a_callback_that_fails_does_not_stop_the_watching(caplog: pytest.LogCaptureFixture) -> None:
    kernel = FakeKernel()
    request = chip(kernel).request([LineSettings(17)])
    heard: queue.Queue[LineEvent] = queue.Queue()

    def fail_once(event: LineEvent) -> None:
        heard.put(event)
        if event.seqno == 1:
            raise RuntimeError("a bug downstream")

    watcher = EdgeWatcher(request, fail_once)
    kernel.edge(17, Edge.FALLING)
    kernel.edge(17, Edge.RISING)
    assert [heard.get(timeout=WAIT).seqno for _ in range(2)] == [1, 2]
    assert "a bug downstream" in caplog.text
    watcher.close()


# --- lines the kernel takes away ----------------------------------------------------------


def test_a_chip_gone_is_told_naming_it_and_its_lines_are_claimed_again_when_it_is_back() -> None:
    kernel = FakeKernel()
    heard: queue.Queue[LineEvent] = queue.Queue()
    told = Told()
    request = chip(kernel).request([LineSettings(17), LineSettings(27)], consumer="kiban-int")
    watcher = EdgeWatcher(
        request, heard.put, on_lost=told.lost, on_back=told.back, reclaim_delays=QUICK
    )
    try:
        kernel.unplug()
        error = told.next()
        assert isinstance(error, GpioChipError)
        assert error.chip == "/dev/gpiochip0" and error.lines == (17, 27)
        assert error.errno == errno.ENODEV
        assert str(error).startswith("GPIO 17, 27 on /dev/gpiochip0 could not be read")
        assert watcher.lost is error and watcher.levels() is None
        assert watcher.alive and kernel.requests == {}  # the failed request freed
        time.sleep(0.1)  # several attempts, each refused while the chip is away
        assert told.news.empty() and watcher.lost is error
        kernel.plug()
        assert told.next() is None
        lost_now: GpioChipError | None = watcher.lost  # read afresh after the return
        assert lost_now is None
        [again] = kernel.requests.values()
        assert again.offsets == (17, 27) and again.consumer == "kiban-int"
        kernel.levels[27] = False
        assert watcher.levels() == {17: True, 27: False}
        kernel.edge(17, Edge.FALLING)
        assert heard.get(timeout=WAIT).offset == 17  # watched again
    finally:
        watcher.close()
    assert kernel.requests == {}


def test_a_request_whose_file_ends_is_told_and_claimed_again() -> None:
    kernel = FakeKernel()
    told = Told()
    watcher = told.watching(kernel)
    try:
        kernel.hang_up(17)
        error = told.next()
        assert error is not None and "the chip went away" in str(error)
        assert "GPIO 17 on /dev/gpiochip0 stopped" in str(error)
        assert told.next() is None  # the chip is there: claimed at the first attempt
        assert [r.offsets for r in kernel.requests.values()] == [(17,)]
    finally:
        watcher.close()


def test_lines_another_program_took_meanwhile_are_claimed_once_let_go() -> None:
    kernel = FakeKernel()
    told = Told()
    watcher = told.watching(kernel)
    try:
        kernel.unplug()
        told.next()
        kernel.busy.add(17)
        kernel.plug()
        time.sleep(0.1)
        assert told.news.empty() and watcher.lost is not None  # EBUSY, tried again
        kernel.busy.discard(17)
        assert told.next() is None
    finally:
        watcher.close()


def test_the_attempts_back_off_to_the_last_delay() -> None:
    kernel = FakeKernel()
    watcher = EdgeWatcher(
        chip(kernel).request([LineSettings(17)]),
        lambda event: None,
        reclaim_delays=(0.01, 0.02, 0.3),
    )
    try:
        before = kernel.opens
        kernel.unplug()
        time.sleep(0.6)
        attempts = kernel.opens - before
        assert 2 <= attempts <= 4  # at 0.01, 0.03, 0.33 s, then every 0.3 s: no busy loop
    finally:
        watcher.close()


def test_closing_while_the_lines_are_lost_does_not_wait_for_the_next_attempt() -> None:
    kernel = FakeKernel()
    watcher = EdgeWatcher(
        chip(kernel).request([LineSettings(17)]), lambda event: None, reclaim_delays=(60.0,)
    )
    kernel.unplug()
    deadline = time.monotonic() + WAIT
    while watcher.lost is None and time.monotonic() < deadline:
        time.sleep(0.001)
    assert watcher.lost is not None
    started = time.monotonic()
    watcher.close()
    assert time.monotonic() - started < 1.0
    assert not watcher.alive


def test_a_listener_that_fails_does_not_stop_the_claiming(
    caplog: pytest.LogCaptureFixture,
) -> None:
    kernel = FakeKernel()
    back = threading.Event()

    def broken(error: GpioChipError) -> None:
        raise RuntimeError("a listener's bug")

    watcher = EdgeWatcher(
        chip(kernel).request([LineSettings(17)]),
        lambda event: None,
        on_lost=broken,
        on_back=back.set,
        reclaim_delays=QUICK,
    )
    try:
        kernel.hang_up(17)
        assert back.wait(WAIT)
        assert "a listener's bug" in caplog.text
    finally:
        watcher.close()


def test_a_watcher_closed_by_whoever_hears_of_the_loss_ends() -> None:
    kernel = FakeKernel()
    watchers: list[EdgeWatcher] = []
    watchers.append(
        EdgeWatcher(
            chip(kernel).request([LineSettings(17)]),
            lambda event: None,
            on_lost=lambda error: watchers[0].close(),
            reclaim_delays=QUICK,
        )
    )
    kernel.unplug()
    watchers[0]._thread.join(WAIT)
    assert not watchers[0].alive
    assert kernel.requests == {}


def context_switches(thread: threading.Thread) -> int:
    """How often the kernel has put ``thread`` to sleep or taken it off the CPU so far."""
    status = f"/proc/self/task/{thread.native_id}/status"
    with open(status, encoding="ascii") as lines:
        return sum(int(line.split()[1]) for line in lines if "ctxt_switches" in line)


def test_a_watcher_at_rest_is_never_woken() -> None:
    """The cost the character device was chosen for: asleep in the kernel, the thread
    runs not once while no edge comes (lgpio's alert thread: a 0.5 ms ppoll)."""
    kernel = FakeKernel()
    heard: queue.Queue[LineEvent] = queue.Queue()
    watcher = EdgeWatcher(chip(kernel).request([LineSettings(17)]), heard.put)
    kernel.edge(17, Edge.FALLING)  # once round the loop, so it is asleep again after
    heard.get(timeout=WAIT)
    time.sleep(0.05)
    before = context_switches(watcher._thread)
    time.sleep(0.5)
    at_rest = context_switches(watcher._thread) - before
    kernel.edge(17, Edge.RISING)
    heard.get(timeout=WAIT)
    assert at_rest == 0
    assert context_switches(watcher._thread) > before  # the count does count this thread
    watcher.close()


def test_a_watcher_that_breaks_says_its_lines_are_lost(caplog: pytest.LogCaptureFixture) -> None:
    kernel = FakeKernel()
    told = Told()

    def broken_again() -> LineRequest:
        raise RuntimeError("a bug while claiming again")

    watcher = told.watching(kernel)
    watcher.request.again = broken_again  # type: ignore[method-assign]
    try:
        kernel.hang_up(17)
        first = told.next()
        assert first is not None and "stopped" in str(first)
        error = told.next()  # the watcher's own fault: told, not left in a log
        assert error is not None and "its watcher stopped: RuntimeError" in str(error)
        assert watcher.lost is error and watcher.levels() is None
        assert "a bug while claiming again" in caplog.text
    finally:
        watcher.close()
