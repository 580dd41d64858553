"""The bus thread: its own steady timer, jobs between scans, wakes; counted, never timed."""

from __future__ import annotations

import threading

import pytest

from firmware_host.loops.bus_thread import BusThread


def test_jobs_run_on_the_bus_thread_and_errors_reach_the_caller() -> None:
    bus = BusThread()
    try:
        assert bus.call(threading.current_thread).result(5).name == "kiban-bus"
        with pytest.raises(ZeroDivisionError):
            bus.call(lambda: 1 / 0).result(5)
    finally:
        bus.shutdown()


def test_scans_run_on_the_thread_until_stopped_and_a_wake_scans_at_once() -> None:
    bus = BusThread()
    scanned = threading.Event()
    threads: list[str] = []
    count = [0]

    def step() -> float:
        count[0] += 1
        threads.append(threading.current_thread().name)
        scanned.set()
        return 3600.0  # the next scan only when woken

    try:
        bus.start_scanning(step)
        assert scanned.wait(5)
        assert bus.call(lambda: count[0]).result(5) == 1  # no scan before its deadline
        scanned.clear()
        bus.wake()
        assert scanned.wait(5)
        assert bus.call(lambda: count[0]).result(5) == 2
        bus.stop_scanning()
        bus.wake()
        assert bus.call(lambda: count[0]).result(5) == 2
        assert set(threads) == {"kiban-bus"}
    finally:
        bus.shutdown()
    assert bus.call(lambda: None).exception() is not None  # stopped: refused


def test_signals_from_many_threads_at_once_lose_no_job() -> None:
    """Two signals before the thread takes one are one signal: every job still runs."""
    bus = BusThread()
    done: list[int] = []

    def send(first: int) -> None:
        for number in range(first, first + 200):
            bus.wake()
            bus.call(done.append, number)

    senders = [threading.Thread(target=send, args=(1000 * n,)) for n in range(4)]
    try:
        bus.start_scanning(lambda: 3600.0)
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(10)
        bus.call(lambda: None).result(5)  # after every job queued before it
        assert sorted(done) == [1000 * n + i for n in range(4) for i in range(200)]
    finally:
        bus.shutdown()
