"""Where the broker is: ``mqtt://[user:password@]host[:port]`` or ``mqtts://`` for TLS
(checked against the system's certificate authorities, or ``?ca=/path/ca.crt`` for a
broker with a certificate of one's own)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qs, unquote, urlsplit

from engine.errors import KibanError

PORTS = {"mqtt": 1883, "mqtts": 8883}


class BrokerAddressError(KibanError, ValueError):
    """A broker address that cannot be used."""


@dataclass(frozen=True, slots=True)
class BrokerAddress:
    host: str
    port: int
    tls: bool = False
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    ca: str | None = None  # the certificate authority of a TLS broker, if not the system's

    @classmethod
    def parse(cls, url: str) -> BrokerAddress:
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError as error:
            raise BrokerAddressError(f"broker {url!r}: {error}") from None
        if parts.scheme not in PORTS or not parts.hostname:
            raise BrokerAddressError(
                f"broker {url!r} must be mqtt://HOST[:PORT] or mqtts://HOST[:PORT] "
                "(with USER:PASSWORD@ before the host when the broker asks for one)"
            )
        if parts.path not in ("", "/"):
            raise BrokerAddressError(f"broker {url!r} takes no path")
        query = parse_qs(parts.query, keep_blank_values=True)
        if set(query) - {"ca"} or len(query.get("ca", [""])) != 1:
            raise BrokerAddressError(f"broker {url!r}: the only option is ?ca=FILE (with mqtts)")
        ca = query["ca"][0] if "ca" in query else None
        if ca is not None and (parts.scheme != "mqtts" or not ca):
            raise BrokerAddressError(f"broker {url!r}: ?ca=FILE goes with mqtts:// only")
        return cls(
            parts.hostname,
            port or PORTS[parts.scheme],
            parts.scheme == "mqtts",
            None if parts.username is None else unquote(parts.username),
            None if parts.password is None else unquote(parts.password),
            ca,
        )

    def __str__(self) -> str:
        user = "" if self.username is None else f"{self.username}@"
        return f"{'mqtts' if self.tls else 'mqtt'}://{user}{self.host}:{self.port}"
