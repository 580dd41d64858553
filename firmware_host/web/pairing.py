"""Who may use the web companion: this computer freely, the network with a pairing code.

The server listens on 127.0.0.1 unless told otherwise. Listening on the network
makes a pairing code: six digits 1-9, drawn with ``secrets``, written to the
log and blinked on the board's status LED (each digit as that many flashes)
until the first device pairs. A request from the network must carry it
(``?token=``, an ``Authorization: Bearer`` header, or the cookie set when the
page was opened with it); a request from this computer needs none, if its Host
header names this computer too (so a web page on a rebinding domain gets no
free pass). Wrong codes are counted: after ``MAX_FAILURES`` different ones pairing
is closed until the server restarts, so guessing never pays.
"""

from __future__ import annotations

import ipaddress
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field

from drivers.led_strip import Colour
from firmware_host.session.legend import BLINK_PERIOD, BoardView, Legend, Lights

log = logging.getLogger(__name__)

CODE_DIGITS = 6
MAX_FAILURES = 30
COOKIE = "kiban_token"
PAIRING_COLOUR = Colour(255, 255, 255)
LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})


def new_code(digits: int = CODE_DIGITS) -> str:
    """Digits 1-9 only, so that every digit is at least one flash."""
    return "".join(str(1 + secrets.randbelow(9)) for _ in range(digits))


def is_loopback_host(host: str) -> bool:
    """Whether an address to listen on (or a peer's) is this computer only."""
    if host in LOCAL_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def host_name(header: str) -> str:
    """The host of a Host header, without its port ("[::1]:8080" -> "::1")."""
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


@dataclass
class Pairing:
    """The pairing code of one server run, and what has been tried against it.

    ``code`` is None when the server listens on this computer only: then every
    request from elsewhere is refused outright.
    """

    code: str | None
    paired: bool = False
    wrong: set[str] = field(default_factory=set)
    is_local_peer: Callable[[str | None], bool] = field(
        default=lambda peer: peer is not None and is_loopback_host(peer)
    )

    @classmethod
    def for_host(cls, host: str) -> Pairing:
        return cls(None if is_loopback_host(host) else new_code())

    @property
    def failures(self) -> int:
        """Distinct wrong codes tried: a stale cookie sent again and again counts once."""
        return len(self.wrong)

    @property
    def locked(self) -> bool:
        return self.failures >= MAX_FAILURES

    def check(self, supplied: str | None, peer: str | None) -> bool:
        """Whether a code from the network is right; counts the wrong ones."""
        if self.code is None or supplied is None or self.locked:
            return False
        if secrets.compare_digest(supplied.encode(), self.code.encode()):
            if not self.paired:
                log.info("a device at %s paired with the web companion", peer)
            self.paired = True
            return True
        if supplied[:64] in self.wrong:
            return False
        self.wrong.add(supplied[:64])
        log.warning(
            "wrong pairing code from %s (%d of %d allowed)", peer, self.failures, MAX_FAILURES
        )
        if len(self.wrong) >= MAX_FAILURES:
            log.error("too many wrong pairing codes: pairing is closed until a restart")
        return False

    @property
    def blinking(self) -> bool:
        """The code is blinked until the first device pairs."""
        return self.code is not None and not self.paired and not self.locked


def blink_pattern(code: str) -> tuple[bool, ...]:
    """The code as on/off slots of ``BLINK_PERIOD``: each digit that many flashes,
    a pause between digits, a longer one before the code repeats."""
    slots: list[bool] = []
    for digit in code:
        slots += [True, False] * int(digit)
        slots += [False] * 3
    slots += [False] * 5
    return tuple(slots)


class PairingLegend(Legend):
    """The usual legend, with the pairing code blinking on one indicator.

    A hardware fault keeps the status LED: it matters more than pairing.
    """

    def __init__(self, base: Legend, pairing: Pairing, indicator: str) -> None:
        super().__init__(base.palette)
        self.pairing = pairing
        self.indicator = indicator
        self._pattern = blink_pattern(pairing.code or "")

    def lights(self, view: BoardView, now: float) -> Lights:
        lights = super().lights(view, now)
        if not self.pairing.blinking or view.fault is not None or not self._pattern:
            return lights
        slot = int(now / BLINK_PERIOD + 1e-9) % len(self._pattern)
        indicators = dict(lights.indicators)
        if self._pattern[slot]:
            indicators[self.indicator] = PAIRING_COLOUR
        else:
            indicators.pop(self.indicator, None)
        return Lights(lights.spots, indicators, True)


def pairing_indicator(indicators: frozenset[str]) -> str | None:
    """Where the code blinks: the status LED, else any indicator, else nowhere."""
    if "status" in indicators:
        return "status"
    return min(indicators) if indicators else None
