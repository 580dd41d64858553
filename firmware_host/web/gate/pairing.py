"""Who may use the web companion: this computer freely, the network with a pairing code,
and a paired device with a token of its own.

The server listens on 127.0.0.1 unless told otherwise. Listening on the network
makes a pairing code: six digits 1-9, drawn with ``secrets``, written to the
log and blinked on the board's status LED (each digit as that many flashes)
until the first device pairs. Opening the page with the code (``/?token=CODE``)
pairs the device: it gets a random token of its own in a cookie, never the
code, and keeps it until it is unpaired (``POST /unpair``), forgotten by another
device (``POST /unpair/others``) or the server restarts. A script may carry the
code itself (``?token=``, ``Authorization: Bearer``) or a device token. A request
from this computer needs none, if its Host header names this computer too (so a
web page on a rebinding domain gets no free pass).

Wrong codes are counted: after ``MAX_FAILURES`` different ones the code is refused
until the server restarts, so guessing never pays; paired devices keep working,
since their tokens are never guessed (256 random bits) and never counted.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from drivers.led_strip import Colour
from firmware_host.telling.legend import BLINK_PERIOD, BoardView, Legend, Lights

log = logging.getLogger(__name__)

CODE_DIGITS = 6
MAX_FAILURES = 30
MAX_DEVICES = 32
"""Paired devices kept at once; pairing one more forgets the one paired longest ago."""
MAX_REMEMBERED = 256
"""Unpaired tokens remembered, to tell their device why it is no longer let in."""
MAX_SUPPLIED = 256
"""Characters of a supplied code or token looked at: no real one is longer."""
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


def _digest(token: str) -> str:
    """What is kept of a token: looked up by its hash, so no comparison leaks the token."""
    return hashlib.sha256(token[:MAX_SUPPLIED].encode("utf-8", "replace")).hexdigest()


def _looks_like_code(text: str) -> bool:
    return len(text) == CODE_DIGITS and text.isascii() and text.isdigit()


@dataclass(frozen=True, slots=True)
class Device:
    """A paired device: a public ``id`` to name it on the page, its token's digest,
    the address it paired from and when (seconds since the epoch)."""

    id: str
    digest: str
    peer: str | None
    since: float


@dataclass
class Pairing:
    """The pairing code of one server run, the devices paired with it, and what has
    been tried against it.

    ``code`` is None when the server listens on this computer only: then every
    request from elsewhere is refused outright.
    """

    code: str | None
    paired: bool = False
    wrong: set[str] = field(default_factory=set)
    is_local_peer: Callable[[str | None], bool] = field(
        default=lambda peer: peer is not None and is_loopback_host(peer)
    )
    _devices: dict[str, Device] = field(default_factory=dict, init=False, repr=False)
    """The paired devices by their token's digest, in the order they paired."""
    _revoked: dict[str, None] = field(default_factory=dict, init=False, repr=False)
    """The digests of tokens since unpaired, the latest ``MAX_REMEMBERED``."""

    @classmethod
    def for_host(cls, host: str) -> Pairing:
        return cls(None if is_loopback_host(host) else new_code())

    @property
    def failures(self) -> int:
        """Distinct wrong codes tried: a stale code sent again and again counts once."""
        return len(self.wrong)

    @property
    def locked(self) -> bool:
        """Whether the code is refused (too many wrong ones); devices still get in."""
        return self.failures >= MAX_FAILURES

    def check_code(self, supplied: str | None, peer: str | None) -> bool:
        """Whether a code from the network is right; counts the wrong ones that could
        have been a code (anything else can never be right, so guesses nothing)."""
        if self.code is None or supplied is None or self.locked:
            return False
        if secrets.compare_digest(supplied.encode(), self.code.encode()):
            if not self.paired:
                log.info("a device at %s used the pairing code", peer)
            self.paired = True
            return True
        if not _looks_like_code(supplied) or supplied in self.wrong:
            return False
        self.wrong.add(supplied)
        log.warning(
            "wrong pairing code from %s (%d of %d allowed)", peer, self.failures, MAX_FAILURES
        )
        if len(self.wrong) >= MAX_FAILURES:
            log.error(
                "too many wrong pairing codes: the code is refused until a restart "
                "(paired devices still work)"
            )
        return False

    # --- devices -----------------------------------------------------------------------

    def pair(self, peer: str | None) -> str:
        """A new device's token (after its code was checked); kept as a digest only."""
        token = secrets.token_urlsafe(32)
        device = Device(secrets.token_hex(4), _digest(token), peer, time.time())
        self._devices[device.digest] = device
        self.paired = True
        while len(self._devices) > MAX_DEVICES:
            self._forget(next(iter(self._devices.values())))
        log.info("device %s at %s paired with the web companion", device.id, peer)
        return token

    def device(self, supplied: str | None) -> Device | None:
        """The paired device a token belongs to, or None."""
        if supplied is None or self.code is None:
            return None
        return self._devices.get(_digest(supplied))

    def was_unpaired(self, supplied: str | None) -> bool:
        """Whether a token belonged to a device since unpaired or forgotten."""
        return supplied is not None and _digest(supplied) in self._revoked

    @property
    def devices(self) -> tuple[Device, ...]:
        """The paired devices, the one paired longest ago first."""
        return tuple(self._devices.values())

    def unpair(self, device: Device) -> None:
        if device.digest in self._devices:
            self._forget(device)
            log.info("device %s unpaired itself", device.id)

    def forget_others(self, keep: Device | None) -> tuple[Device, ...]:
        """Unpair every device but ``keep`` (all of them when None); the ones forgotten."""
        gone = tuple(d for d in self._devices.values() if keep is None or d.digest != keep.digest)
        for device in gone:
            self._forget(device)
        if gone:
            log.info("forgot %d paired device(s)", len(gone))
        return gone

    def _forget(self, device: Device) -> None:
        del self._devices[device.digest]
        self._revoked[device.digest] = None
        while len(self._revoked) > MAX_REMEMBERED:
            del self._revoked[next(iter(self._revoked))]

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
