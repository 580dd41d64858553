"""A thread asleep on a GPIO line request (drivers/gpio_lines.py), handing each edge on,
and claiming the lines again when the kernel takes them away.

A request's file fails when its chip goes away (the kernel answers a read with
``ENODEV``, "device not found or was removed", Documentation/userspace-api/gpio/
error-codes.rst, and its poll with a hang-up): a driver rebound, an overlay reloaded, a
HAT's expander chip reset. A watcher that stopped there would leave the board deaf to
its buttons, or asleep on an interrupt line that never wakes it, and nobody at the board
would know. So a lost request is told (``on_lost``, naming the chip and the lines), its
lines are freed, and they are claimed again on the same device file, sooner at first
and then every ``RECLAIM_DELAYS[-1]`` seconds, until they are watched again
(``on_back``) or the watcher is closed.
"""

from __future__ import annotations

import errno
import logging
import os
import selectors
import threading
from collections.abc import Callable, Sequence

from drivers.errors import GpioChipError
from drivers.gpio_lines import LineEvent, LineRequest

log = logging.getLogger(__name__)

RECLAIM_DELAYS = (0.5, 1.0, 2.0, 5.0, 10.0)
"""Seconds before each attempt to claim lost lines again; the last repeats. A chip
rebound comes back within a second or two; one that stays away is tried every ten
seconds, one ``open`` and one ioctl each, which costs the Pi nothing."""


class EdgeWatcher:
    """A thread asleep in the kernel until the request has edges, handing each on.

    It waits in a selector over the request and a wake-up pipe, not in a bare ``read``,
    so ``close`` ends it at once, even between two attempts to claim lost lines.
    ``on_event``, ``on_lost`` and ``on_back`` run on the watcher's thread: like
    gpiozero's callbacks they should only hand the news on.
    """

    def __init__(
        self,
        request: LineRequest,
        on_event: Callable[[LineEvent], None],
        *,
        on_lost: Callable[[GpioChipError], None] | None = None,
        on_back: Callable[[], None] | None = None,
        name: str = "kiban-gpio",
        reclaim_delays: Sequence[float] = RECLAIM_DELAYS,
    ) -> None:
        if not reclaim_delays:
            raise ValueError("a watcher needs at least one delay before claiming lines again")
        self._request = request
        self._on_event = on_event
        self._on_lost = on_lost
        self._on_back = on_back
        self._delays = tuple(reclaim_delays)
        self._lost: GpioChipError | None = None
        self._lock = threading.Lock()  # the request, swapped on the watcher's thread
        self._selector = selectors.DefaultSelector()
        self._wake_read, self._wake_write = os.pipe()
        self._selector.register(request.fileno(), selectors.EVENT_READ)
        self._selector.register(self._wake_read, selectors.EVENT_READ)
        self._closing = threading.Event()
        self._close_lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def request(self) -> LineRequest:
        """The request watched now (a new one after the lines were claimed again)."""
        return self._request

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    @property
    def lost(self) -> GpioChipError | None:
        """Why the lines are not watched now; None while they are."""
        return self._lost

    def levels(self) -> dict[int, bool] | None:
        """Each line's level now (True: high); None while the lines are lost or cannot
        be read, when nobody knows them."""
        with self._lock:
            if self._lost is not None:
                return None
            try:
                return self._request.values()
            except GpioChipError as error:
                log.warning("%s", error)
                return None

    def _run(self) -> None:
        try:
            while True:
                error = self._watch()
                if error is None:
                    return
                self._drop(error)
                if self._closing.is_set() or not self._reclaim():  # closed by whoever was told
                    return
        except Exception as fault:  # a bug here must not leave the lines lost unsaid
            log.exception("the GPIO watcher stopped")
            request = self._request
            cause = OSError(None, f"its watcher stopped: {type(fault).__name__}: {fault}")
            self._lost = GpioChipError(request.chip.path, request.offsets, cause, "is not watched")
            self._tell(self._on_lost, self._lost)

    def _watch(self) -> GpioChipError | None:
        """Hand edges on until closed (None) or the request fails (why)."""
        while not self._closing.is_set():
            for key, _ in self._selector.select():
                if self._closing.is_set() or key.fd == self._wake_read:
                    return None
                try:
                    events = self._request.read_events()
                except GpioChipError as error:
                    return error
                if not events:
                    request = self._request
                    ended = OSError(errno.ENODEV, "its file ended: the chip went away")
                    return GpioChipError(request.chip.path, request.offsets, ended, "stopped")
                for event in events:
                    try:
                        self._on_event(event)
                    except Exception:  # a callback's fault must not stop the watching
                        log.exception("while handing on %s", event)
                    if self._closing.is_set():  # closed by the callback itself
                        return None
        return None

    def _drop(self, error: GpioChipError) -> None:
        """The failed request given up (its lines freed to be claimed again), and told."""
        log.error("%s: claiming the lines again", error)
        with self._lock:
            self._selector.unregister(self._request.fileno())
            self._request.close()
            self._lost = error
        self._tell(self._on_lost, error)

    def _reclaim(self) -> bool:
        """Claim the lost lines again until they are (True) or the watcher closes."""
        attempt = 0
        while True:
            delay = self._delays[min(attempt, len(self._delays) - 1)]
            attempt += 1
            if self._selector.select(delay) or self._closing.is_set():
                return False  # only the wake-up pipe is left to wake it: closing
            try:
                request = self._request.again()
            except GpioChipError as error:
                log.debug("not yet: %s", error)
                continue
            with self._lock:
                if self._closing.is_set():
                    request.close()
                    return False
                self._request = request
                self._lost = None
                self._selector.register(request.fileno(), selectors.EVENT_READ)
            log.info("watching GPIO %s on %s again", request.offsets, request.chip.path)
            self._tell(self._on_back)
            return True

    @staticmethod
    def _tell(callback: Callable[..., None] | None, *news: object) -> None:
        if callback is None:
            return
        try:
            callback(*news)
        except Exception:  # whoever listens must not stop the watching
            log.exception("while telling of the lines")

    def close(self) -> None:
        """End the thread, then free the lines; safe to call twice, and from ``on_event``."""
        with self._close_lock:  # two threads closing at once: one closes
            if self._closing.is_set():
                return
            self._closing.set()
        os.write(self._wake_write, b"\0")
        if threading.current_thread() is not self._thread:
            self._thread.join()
        self._selector.close()
        os.close(self._wake_read)
        os.close(self._wake_write)
        with self._lock:
            self._request.close()
