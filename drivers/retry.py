"""Quick retries of a bus call that met a glitch, before a chip counts as silent.

A Linux I2C adapter reports a missing acknowledge (errno 121), a bus error or
an arbitration glitch (5), an absent device (6) or a clock held low too long
(110). One of these now and then is noise on a long ribbon cable; the call is
tried again after a short pause, a few times within one scan. Only when every
try fails does the driver raise its ``BusError`` and the scanner report the
chip silent. Any other error (a bad request, a closed bus) is raised at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from drivers.errors import TRANSIENT_ERRNOS

T = TypeVar("T")

# Pauses before the second and third try: short enough to stay inside one scan
# period (10 ms at 100 Hz), long enough for a glitch on the wire to pass.
DEFAULT_DELAYS = (0.0005, 0.002)


class RetryPolicy:
    """How a driver repeats a call that failed with a transient errno.

    ``delays`` gives the pause before each further try (so ``len(delays) + 1``
    tries in all); ``sleep`` is injected so that simulated hardware waits in
    simulated time. ``retries`` counts the repeated calls, for the doctor and
    the logs.
    """

    def __init__(
        self,
        delays: tuple[float, ...] = DEFAULT_DELAYS,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if any(delay < 0 for delay in delays):
            raise ValueError(f"retry delays must not be negative: {delays}")
        self.delays = tuple(delays)
        self.sleep = sleep
        self.retries = 0

    @property
    def attempts(self) -> int:
        return len(self.delays) + 1

    def run(self, call: Callable[[], T]) -> T:
        """``call()``, tried again after each transient failure until the tries run out.

        The first try calls straight through (a bus call almost never fails): the loop
        of further tries is ``again``'s, entered only on a failure."""
        try:
            return call()
        except OSError as error:
            failure = error
        return self.again(failure, call)

    def again(self, failure: OSError, call: Callable[[], T]) -> T:
        """The tries left of ``call()`` after a first that failed with ``failure``
        (raised again at once when it is not transient, or when no tries are left)."""
        if failure.errno not in TRANSIENT_ERRNOS:
            raise failure
        last = len(self.delays) - 1
        for index, delay in enumerate(self.delays):
            self.retries += 1
            if delay:
                self.sleep(delay)
            try:
                return call()
            except OSError as error:
                if error.errno not in TRANSIENT_ERRNOS or index == last:
                    raise
        raise failure

    def __repr__(self) -> str:
        return f"RetryPolicy(delays={self.delays})"


def once() -> RetryPolicy:
    """A policy that never retries (a driver's default, and the naming pass)."""
    return RetryPolicy(delays=())
