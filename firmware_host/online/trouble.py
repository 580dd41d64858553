"""What an online game says of its trouble with lishogi, as values (engine/said.py):
the token refused, lishogi's pause, the link down, a failure."""

from __future__ import annotations

from engine.said import N_, Said, said, verbatim

TOKEN_REFUSED_MSGID = N_(
    "lishogi refused the token: log in again ({command}, or the Play online dialog);"
    " the game is kept"
)
LOGIN = "kiban online login"
TOKEN_REFUSED = TOKEN_REFUSED_MSGID.format(command=LOGIN)
"""Why a stream or a move failed when the token is revoked or expired, in English: the
streams' reason to retry (online/streams.py) and the log's."""

LINK_DOWN_MSGID = N_("lishogi: the link is down ({detail}); trying again in {count} s")

SLOWED_MSGID = N_("lishogi asks to wait (429): the move is sent again in {count} s")


def token_refused() -> Said:
    """An online game's token revoked or expired: the game is kept until a new login."""
    return said(TOKEN_REFUSED_MSGID, command=LOGIN)


def slowed(seconds: float) -> Said:
    """lishogi answered a move with 429: the move goes after its pause."""
    return said(SLOWED_MSGID, count=round(seconds))


def link_down(reason: str, retry_in_s: float) -> Said:
    """The link to lishogi failed (``reason``, in the client's words): tried again soon."""
    return said(LINK_DOWN_MSGID, detail=verbatim(reason), count=round(retry_in_s))
