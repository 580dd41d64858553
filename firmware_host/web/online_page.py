"""The page's "Play online" dialog, server side: the lishogi token kept (posted once,
stored 0600 by ``credentials.store_token``, never sent back: the page learns only
whether one is kept), forgotten, and the online game's resign, abort, draw and chat.

The token goes from the message straight to its file: no answer, notice, state or log
line carries it (the action's repr leaves it out).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from firmware_host.online.credentials import ApiToken, forget_token, store_token, token_path
from firmware_host.online.errors import TokenError
from firmware_host.online.seat import OnlineSeat
from firmware_host.session.actions import (
    OnlineAbort,
    OnlineAction,
    OnlineCancel,
    OnlineDraw,
    OnlineForget,
    OnlineResign,
    OnlineSay,
    OnlineStart,
    OnlineToken,
)
from firmware_host.telling.language import N_
from firmware_host.web.commands import CommandError
from firmware_host.web.online_start import OnlineStarter
from firmware_host.web.page_texts import in_languages, told_again
from firmware_host.wire.actions import Problem

Json = dict[str, Any]

MAX_CHAT = 140
"""lishogi's longest chat line."""


LOOKING = (
    N_("seeking a rated {control} game on lishogi"),
    N_("seeking a casual {control} game on lishogi"),
    N_("challenging {who} on lishogi (waiting for an answer)"),
    N_("accepting lishogi challenge {who}"),
)
"""What is being looked for (web/online_start.py), as the dialog says it."""

FAILED = (
    N_("lishogi: no game came of it in time"),
    N_("starting the online game failed: {error}"),
    N_("lishogi: {error}"),
)
"""Why the last search failed (web/online_start.py), the most particular first."""

HELP_OFF = (N_("{server} forbids engine help in games against people"),)
"""Why the computer's help is off (session/settings.py ``help_off``)."""


def _in(text: str | None, templates: tuple[str, ...]) -> Json | None:
    """``text`` in every other language (None stays None)."""
    return None if text is None else in_languages(partial(told_again, text, templates))


def online_state(
    state_dir: Path | None, seat: object, help_off: str | None, starter: OnlineStarter | None = None
) -> Json:
    """What the dialog shows: whether a token is kept (never the token), the game being
    looked for, the online game, its opponent and chat, and why the computer's help is
    off."""
    stored = state_dir is not None and token_path(state_dir).is_file()
    playing = seat if isinstance(seat, OnlineSeat) else None
    search = starter.state() if starter is not None else {"looking": None, "failed": None}
    return {
        "token": stored,
        **search,
        "looking_in": _in(search["looking"], LOOKING),
        "failed_in": _in(search["failed"], FAILED),
        "game": None if playing is None else playing.link.game_id,
        "opponent": None if playing is None else _opponent(playing),
        # lishogi's computer, by its level (the page says it in its words)
        "opponent_level": None if playing is None else _ai_level(playing),
        "chat": []
        if playing is None
        else [
            {"user": line.username, "text": line.text, "room": line.room.value}
            for line in playing.chat
        ],
        "help_off": help_off,
        "help_off_in": _in(help_off, HELP_OFF),
    }


def _ai_level(seat: OnlineSeat) -> int | None:
    full = seat.full
    if full is None:
        return None
    return (full.gote if seat.seat == 0 else full.sente).ai_level


def _opponent(seat: OnlineSeat) -> str | None:
    full = seat.full
    if full is None:
        return None
    other = full.gote if seat.seat == 0 else full.sente
    if other.ai_level is not None:
        return f"lishogi AI level {other.ai_level}"
    return other.name or other.id


def carry_out(action: OnlineAction, state_dir: Path | None, seat: object) -> str:
    """Do what the dialog asked; what was done, in words. Raises ``CommandError``."""
    match action:
        case OnlineToken(token):
            if state_dir is None:
                raise CommandError(Problem.NOT_ALLOWED, "this page keeps no state directory")
            try:
                store_token(state_dir, ApiToken(token.strip()))
            except TokenError as error:
                raise CommandError(Problem.INVALID, str(error), "token") from None
            return "the lishogi token is kept (readable by this user only)"
        case OnlineForget():
            had = state_dir is not None and forget_token(state_dir)
            said = "the lishogi token is forgotten" if had else "no lishogi token was kept"
            return f"{said}; revoke it on lishogi too (Preferences, API access tokens)"
        case OnlineStart() | OnlineCancel():  # a session that can start games takes them first
            raise CommandError(
                Problem.NOT_ALLOWED,
                "this board starts an online game with kiban run --online lishogi",
            )
    if not isinstance(seat, OnlineSeat):
        raise CommandError(Problem.INVALID, "no online game is being played")
    match action:
        case OnlineResign():
            seat.resign()
            return "resigned on lishogi"
        case OnlineAbort():
            seat.abort()
            return "abort asked of lishogi"
        case OnlineDraw():
            seat.offer_draw()
            return "draw offered on lishogi"
        case OnlineSay(text):
            line = " ".join(text.split())
            if not line:
                raise CommandError(Problem.INVALID, "say something", "text")
            if len(line) > MAX_CHAT:
                raise CommandError(
                    Problem.TOO_LONG, f"a chat line is {MAX_CHAT} characters at most", "text"
                )
            seat.say(line)
            return "said on lishogi"
    raise AssertionError(f"no handler for {type(action).__name__}")  # pragma: no cover
