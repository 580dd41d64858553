"""What can go wrong talking to lishogi, each with the builtin a caller would catch.

No message here ever holds the API token: errors are built from our own words and
the server's ``error`` text, never from a request's headers.
"""

from __future__ import annotations

from engine.errors import KibanError
from firmware_host.online.pausing import LISHOGI_PAUSE_S


class OnlineError(KibanError, RuntimeError):
    """Root of everything the online play raises."""


class MalformedMessageError(OnlineError, ValueError):
    """A line from lishogi that is not the shape its API documents."""


class LinkDownError(OnlineError, ConnectionError):
    """lishogi could not be reached, or a stream broke off: try again later."""


class LishogiRefusedError(OnlineError):
    """lishogi answered a call with an error status and (usually) its own reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"lishogi refused ({status}): {reason}")
        self.status = status
        self.reason = reason


class NotAuthorizedError(LishogiRefusedError, PermissionError):
    """The token is wrong, revoked, or lacks the board:play scope."""


class RateLimitedError(LishogiRefusedError):
    """lishogi kept answering 429 after the waits the API asks for; ``wait_s`` is the
    last wait it asked for (its ``Retry-After``, else its minute), still to pass
    before the next call."""

    def __init__(self, status: int, reason: str, wait_s: float = LISHOGI_PAUSE_S) -> None:
        super().__init__(status, reason)
        self.wait_s = wait_s


class SeekLimitError(OnlineError):
    """One seek too many: lishogi takes one open seek, and 5 a minute (said before asking)."""


class MoveRefused(LishogiRefusedError, ValueError):  # noqa: N818 - the brief's name
    """lishogi would not play a move of ours; ``reason`` is lishogi's own words."""

    def __init__(self, move: str, reason: str, status: int = 400) -> None:
        LishogiRefusedError.__init__(self, status, reason)
        self.args = (f"lishogi refused {move}: {reason}",)
        self.move = move


class NoGameError(OnlineError, LookupError):
    """No game came of the way asked for (none in progress, a challenge declined)."""


class TokenError(OnlineError, PermissionError):
    """The stored token cannot be used: missing, malformed, or readable by others."""
