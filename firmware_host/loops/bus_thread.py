"""The one thread that touches the board's hardware, with its own steady scan timer.

Every blocking hardware call of the runtime runs here, one at a time: opening the
board, each scan, each paint of the LEDs, closing the board. Scanning needs no
hand-off per scan: the thread keeps its own deadline (``time.monotonic``, the
clock of asyncio's loop), sleeps until it, and calls the scan step, which says
how long to wait before the next one. A late scan is followed by the next one a
period after the deadline it missed, not a period after it ran, so the rate does
not drift; a thread more than a period behind scans once at once and goes on
from there, never in a burst. The step itself decides what to hand to the
asyncio loop (only changes: frames, faults, held confirms), through
``call_soon_threadsafe``.

``wake()`` (an interrupt line fell, a confirm was pressed) makes the thread scan
at once; ``call(function)`` runs other hardware work between two scans and
returns a ``concurrent.futures.Future``. Both signal the thread through a plain
lock it holds (released: a signal waits), which a timed wait costs far less
than a ``threading.Event`` and its condition variable, a hundred times a second.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

ScanStep = Callable[[], float]
"""One scan: returns the seconds until the next scan is due."""


class BusThread:
    def __init__(self, name: str = "kiban-bus") -> None:
        self._jobs: deque[tuple[Callable[[], Any], Future[Any]]] = deque()
        self._signal = threading.Lock()
        self._signal.acquire()  # held: no signal; released: one waits to be taken
        self._woken = False
        self._stopped = False
        self._step: ScanStep | None = None
        self.wakes = 0
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def call(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``function(*args)`` on the bus thread between two scans."""
        future: Future[Any] = Future()
        if self._stopped:
            future.set_exception(RuntimeError("the bus thread has stopped"))
            return future
        self._jobs.append((lambda: function(*args), future))
        self._notify()
        return future

    def start_scanning(self, step: ScanStep) -> None:
        self._step = step
        self._woken = True
        self._notify()

    def stop_scanning(self) -> None:
        """No scan starts after this; a job queued afterwards runs after the scan
        under way, if any."""
        self._step = None
        self._notify()

    def wake(self) -> None:
        """Scan now (from any thread: an interrupt line's callback, the loop)."""
        self._woken = True
        self._notify()

    def shutdown(self, timeout: float = 5.0) -> None:
        self._stopped = True
        self._step = None
        self._notify()
        self._thread.join(timeout)

    def _notify(self) -> None:
        """Signal the thread, from any thread; a signal already waiting is enough."""
        with contextlib.suppress(RuntimeError):  # already released: signalled
            self._signal.release()

    def _run(self) -> None:
        due = time.monotonic()
        while True:
            while self._jobs:
                work, future = self._jobs.popleft()
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(work())
                    except BaseException as error:  # handed to whoever awaits it
                        future.set_exception(error)
            if self._stopped:
                return
            step = self._step
            now = time.monotonic()
            if step is None:
                self._signal.acquire()  # takes the signal
                due = time.monotonic()
                continue
            if not self._woken and now < due:
                self._signal.acquire(timeout=due - now)
                continue
            if self._woken:
                self._woken = False
                self.wakes += 1
                due = now
            delay = step()
            # Steady: the next deadline follows the last one, unless that is long
            # past (then one scan at once, and on from there).
            due = max(due + delay, time.monotonic())
