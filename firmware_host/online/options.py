"""What the command line's ``--online lishogi`` options (``arguments.py``) ask for: how
the game is found (continue one in progress, seek, challenge a user, accept a
challenge) and its time control (main time, increment, byoyomi and periods, rated or
casual)."""

from __future__ import annotations

import argparse
from typing import Any

from engine.game import Game
from firmware_host.online.client import ChallengeTerms, Seek
from firmware_host.online.notation import variant_of
from firmware_host.online.rules import NotPlayableError, handicap_position
from firmware_host.online.starting import OnlineRequest, Way


def _handicap(name: str | None, variant: str) -> str | None:
    """The handicap's position for a seek or a challenge (shogi's only)."""
    if name is None:
        return None
    if variant != "standard":
        raise NotPlayableError(f"a handicap is shogi's: {variant} has none")
    return handicap_position(name)


def online_request(args: argparse.Namespace, game: Game[Any]) -> OnlineRequest | None:
    """What the options ask for; None for a game here. By default a game in progress is
    continued, else one is sought."""
    if getattr(args, "online", None) is None:
        return None
    variant = variant_of(game).key
    sfen = _handicap(getattr(args, "online_handicap", None), variant)
    seek = Seek(
        minutes=args.online_minutes,
        increment_s=args.online_increment,
        byoyomi_s=args.online_byoyomi,
        periods=args.online_periods,
        rated=args.online_rated,
        variant=variant,
        sfen=sfen,
    )
    terms = ChallengeTerms(
        limit_s=round(args.online_minutes * 60),
        increment_s=args.online_increment,
        byoyomi_s=args.online_byoyomi,
        periods=args.online_periods,
        rated=args.online_rated,
        variant=variant,
        sfen=sfen,
    )
    if args.online_game:
        return OnlineRequest(Way.CONTINUE, variant, args.online_game, seek, terms)
    if args.online_challenge:
        return OnlineRequest(Way.CHALLENGE, variant, args.online_challenge, seek, terms)
    if args.online_accept:
        return OnlineRequest(Way.ACCEPT, variant, args.online_accept, seek, terms)
    way = Way.SEEK if args.online_seek else Way.AUTO
    return OnlineRequest(way, variant, None, seek, terms)
