"""The page's "Play online" dialog, server side: the lishogi token kept (posted once,
stored 0600 by ``credentials.store_token``, never sent back: the page learns only
whether one is kept), forgotten, and the online game's resign, abort, draw and chat.

The token goes from the message straight to its file: no answer, notice, state or log
line carries it (the action's repr leaves it out).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.said import Said
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
from firmware_host.web.gate.commands import CommandError
from firmware_host.web.online_dialog.start import OnlineStarter
from firmware_host.wire.actions import Problem
from firmware_host.wire.notice_records import said_record

Json = dict[str, Any]

MAX_CHAT = 140
"""lishogi's longest chat line."""


def _said(said: Said | None) -> Json | None:
    """``said`` as its value, for the page to tell in its language (None stays None)."""
    return None if said is None else said_record(said)


def online_state(
    state_dir: Path | None,
    seat: object,
    help_off: Said | None,
    starter: OnlineStarter | None = None,
) -> Json:
    """What the dialog shows: whether a token is kept (never the token), the game being
    looked for (and the link's trouble meanwhile), the online game, its opponent and
    chat, and why the computer's help is off."""
    stored = state_dir is not None and token_path(state_dir).is_file()
    playing = seat if isinstance(seat, OnlineSeat) else None
    looking, failed = starter.said() if starter is not None else (None, None)
    trouble = None if starter is None else starter.trouble
    return {
        "token": stored,
        "looking_said": _said(looking),
        "trouble_said": _said(trouble),
        "failed_said": _said(failed),
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
        "help_off_said": _said(help_off),
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
