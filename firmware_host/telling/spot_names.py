"""Spots and indicator LEDs named for people, not by their ids: the values of
``telling/spot_words.py`` told in a language."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.physical import Spot
from firmware_host.telling.language import Language
from firmware_host.telling.said import told, value_told
from firmware_host.telling.spot_words import (
    indicator_said,
    place_said,
    spot_label_said,
    spot_said,
)

EN = Language.ENGLISH


def spot_place(game: Game[Any], spot: Spot, language: Language = EN) -> str | None:
    """The place off the board ``spot`` is part of, by whose it is ("A (sente)'s
    hand", "Black's gutter"); None for a cell or a spot of no seat's."""
    place = place_said(game, spot)
    return None if place is None else told(place, language, game)


def spot_name(game: Game[Any], spot: Spot, language: Language = EN) -> str:
    """``spot`` as a player would say it in ``language`` (``spot_said`` told)."""
    return value_told(spot_said(game, spot), language, game)


def spot_label(game: Game[Any], spot: Spot, language: Language = EN) -> str:
    """The short word drawn beside a spot in ``language`` (``spot_label_said`` told)."""
    return value_told(spot_label_said(game, spot), language, game)


def indicator_name(game: Game[Any], name: str, language: Language = EN) -> str:
    """An indicator LED by what it shows, in ``language`` (``indicator_said`` told)."""
    return value_told(indicator_said(game, name), language, game)


def indicator_caption(game: Game[Any], name: str, language: Language = EN) -> str:
    """The few words under an indicator beside the board (its full name in a tooltip)."""
    return value_told(indicator_said(game, name, caption=True), language, game)
