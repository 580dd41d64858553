"""Where the broker is: ``mqtt://[user:password@]host[:port]`` or ``mqtts://`` for TLS
(checked against the system's certificate authorities, or ``?ca=/path/ca.crt`` for a
broker with a certificate of one's own).

An address may carry the broker password, so an address refused is told with its
password masked (``***``), in every way it can be malformed: a message that shows
the address shows ``shown(url)``, never the text typed, and never the parser's own
message (Python's names a port that is not a number, which may be the password of an
address without its host).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qs, unquote, urlsplit

from engine.errors import KibanError

PORTS = {"mqtt": 1883, "mqtts": 8883}
MASK = "***"
LOGIN = "LOGIN:PASSWORD"
"""Where a printed command wants another board's own login."""


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
        said = shown(url)
        try:
            parts = urlsplit(url.strip())
            port = parts.port
        except ValueError as error:
            reason = (
                "its port is not a number from 0 to 65535"
                if str(error).startswith("Port")
                else "it cannot be read as an address (a [ not closed?)"
            )
            raise BrokerAddressError(f"broker {said!r}: {reason}") from None
        if parts.scheme not in PORTS or not parts.hostname:
            raise BrokerAddressError(
                f"broker {said!r} must be mqtt://HOST[:PORT] or mqtts://HOST[:PORT] "
                "(with USER:PASSWORD@ before the host when the broker asks for one)"
            )
        if parts.path not in ("", "/"):
            raise BrokerAddressError(f"broker {said!r} takes no path")
        query = parse_qs(parts.query, keep_blank_values=True)
        if set(query) - {"ca"} or len(query.get("ca", [""])) != 1:
            raise BrokerAddressError(f"broker {said!r}: the only option is ?ca=FILE (with mqtts)")
        ca = query["ca"][0] if "ca" in query else None
        if ca is not None and (parts.scheme != "mqtts" or not ca):
            raise BrokerAddressError(f"broker {said!r}: ?ca=FILE goes with mqtts:// only")
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

    def shared(self) -> str:
        """The address as the host prints it for the other boards and spectators: each
        logs in with a login of its own (a second board on one login takes the first's
        session), so a broker that asks for one shows a placeholder to fill in, never
        the host's own login; a TLS broker's certificate is each board's own to give."""
        login = "" if self.username is None else f"{LOGIN}@"
        query = "?ca=CA.crt" if self.ca is not None else ""
        return f"{'mqtts' if self.tls else 'mqtt'}://{login}{self.host}:{self.port}{query}"


def shown(url: str) -> str:
    """``url`` as an error may show it: anything between the user name and the last
    ``@`` masked; with no ``@``, anything after a ``:`` that is not a port's digits (an
    address missing its host, ``USER:PASSWORD``). A mistyped port is masked as well:
    the parser cannot tell it from a password, and saying too little is the safe way."""
    text = url.strip()
    scheme, slashes, rest = text.partition("://")
    head = f"{scheme}{slashes}"
    if not slashes:
        head, rest = "", text
    at = rest.rfind("@")
    if at >= 0:
        user, colon, _ = rest[:at].partition(":")
        return f"{head}{user}{colon and ':' + MASK}{rest[at:]}"
    bracket = rest.find("]") + 1 if rest.startswith("[") else 0  # an IPv6 host's colons
    where, colon, after = rest[bracket:].partition(":")
    where = rest[:bracket] + where
    digits = len(after) - len(after.lstrip("0123456789"))
    if colon and after[digits : digits + 1] not in ("", "/", "?"):
        return f"{head}{where}:{MASK}"
    return text
