"""What an online game says of its trouble with lishogi, as values (engine/said.py):
the token refused, lishogi's pause, the link down, a failure, and what the players
asked of lishogi that it did not do."""

from __future__ import annotations

from enum import Enum

from engine.said import N_, Said, Value, said, verbatim
from firmware_host.online.errors import (
    LinkDownError,
    LishogiRefusedError,
    NotAuthorizedError,
    OnlineError,
    TokenError,
)
from firmware_host.online.pausing import Paused

TOKEN_REFUSED_MSGID = N_(
    "lishogi refused the token: log in again ({command}, or the Play online dialog);"
    " the game is kept"
)
LOGIN = "kiban online login"
TOKEN_REFUSED = TOKEN_REFUSED_MSGID.format(command=LOGIN)
"""Why a stream or a move failed when the token is revoked or expired, in English: the
streams' reason to retry (online/streams.py) and the log's."""

LINK_DOWN_MSGID = N_("lishogi: the link is down ({detail}); trying again in {count} s")

MOVES_WAIT_MSGID = N_(
    "lishogi: the link is down ({detail}); trying again in {count} s;"
    " {moves} move(s) wait to be sent"
)

SLOWED_MSGID = N_("lishogi asks to wait (429): the move is sent again in {count} s")

PAUSED_MSGID = N_("lishogi asks us to wait {count} s (too many requests); we ask again after that")

STREAM_ENDS_MSGID = N_("lishogi keeps closing the stream; opening it again in {count} s")


class Asked(Enum):
    """What the players ask of lishogi besides their moves (the outbox sends those),
    and Kiban's own catching up on the chat: each with the words said when lishogi does
    not do it (``{reason}``: lishogi's words, or the link's)."""

    RESIGN = N_("lishogi did not take the resignation: {reason}")
    ABORT = N_("lishogi did not abort the game: {reason}")
    DRAW_OFFER = N_("lishogi did not take the draw offer: {reason}")
    DRAW_ANSWER = N_("lishogi did not take the answer to the draw offer: {reason}")
    CHAT = N_("lishogi did not take the chat line: {reason}")
    CHAT_HISTORY = N_("lishogi did not give the chat said while the link was down: {reason}")


def token_refused() -> Said:
    """An online game's token revoked or expired: the game is kept until a new login."""
    return said(TOKEN_REFUSED_MSGID, command=LOGIN)


def slowed(seconds: float) -> Said:
    """lishogi answered a move with 429: the move goes after its pause."""
    return said(SLOWED_MSGID, count=round(seconds))


def paused(pause: Paused) -> Said:
    """lishogi answered 429: Kiban waits what it asks (``pausing.py``), then asks again
    by itself; said at once, so that nobody waits without knowing why."""
    return said(PAUSED_MSGID, count=round(pause.wait_s))


def stream_keeps_ending(retry_in_s: float) -> Said:
    """lishogi closed a stream again soon after it opened, with nothing new said: it is
    opened again after a pause that grows (``streams.py``)."""
    return said(STREAM_ENDS_MSGID, count=round(retry_in_s))


def link_down(reason: str, retry_in_s: float, waiting: int = 0) -> Said:
    """The link to lishogi failed (``reason``, in the client's words): tried again soon;
    ``waiting`` of the board's moves wait to be sent meanwhile."""
    down: dict[str, Value] = {"detail": verbatim(reason), "count": round(retry_in_s)}
    if waiting:
        return said(MOVES_WAIT_MSGID, **down, moves=waiting)
    return said(LINK_DOWN_MSGID, **down)


def not_done(asked: Asked, error: OnlineError) -> Said:
    """What lishogi did not do of what was asked, and why: lishogi's own reason for a
    refusal, the token's words, or the link's."""
    reason: Said
    match error:
        case NotAuthorizedError() | TokenError():
            reason = token_refused()
        case LinkDownError():
            reason = said(N_("the link is down ({detail})"), detail=verbatim(str(error)))
        case LishogiRefusedError():
            reason = verbatim(error.reason)
        case _:
            reason = verbatim(str(error))
    return said(asked.value, reason=reason)
