"""The board message's words: the spots' names and labels, the indicators' names and
the captions beside them, the seats' names, the pieces' names.

Each word is written once, as its value (``name_said``, ``label_said``,
``text_said``: a spot, a seat, an indicator, a piece; the pieces' names too,
``piece_names_said``), told in the page's language at its edge
(``told_for_page``) by telling/rendering.py; a page that names another language is sent
the board again, told in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.game import Game
from engine.physical import Spot
from engine.said import PieceWord, SpotWord, Value, alone
from firmware_host.telling.rendering import indicator_caption, indicator_name
from firmware_host.telling.spot_words import indicator_said, spot_label_said
from firmware_host.web.drawing.spots import Caption, Drawing, draw
from firmware_host.wire.notice_records import said_record
from hardware.profile import Profile


def piece_names_said(book: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Each face's name of the piece book (web/drawing/pieces.py) as the value the page
    tells, by its key (the board message's ``piece_names_said``): the game's word for
    the piece (``Game.piece_words``), or its English where the game has none."""
    return {key: alone_record(PieceWord(entry["name"])) for key, entry in book.items()}


def drawn(game: Game[Any], profile: Profile) -> Drawing:
    """``game`` drawn on ``profile``, its indicators' words in English (the page tells
    them from their values)."""
    return draw(
        game.geometry,
        profile.leds,
        game.seats,
        lambda name: (indicator_name(game, name), indicator_caption(game, name)),
    )


def alone_record(value: Value) -> dict[str, Any]:
    """A word of the board (a spot's name, a seat's, a caption) as its value, told in
    the page's language at its edge."""
    return said_record(alone(value))


def spot_words(game: Game[Any], spot: Spot) -> dict[str, Any]:
    """A spot's name and the short label drawn beside it, as values."""
    return {
        "name_said": alone_record(SpotWord(spot)),
        "label_said": alone_record(spot_label_said(game, spot)),
    }


def caption_value(game: Game[Any], caption: Caption) -> Value:
    """What a caption beside the indicators says: its seat's name by a row of them, or
    the indicator it names (a seat's lone turn LED by its name, another by its caption)."""
    if caption.indicator is None and caption.seat is not None:
        return game.seat_word(caption.seat)
    return indicator_said(game, caption.indicator or "", caption=caption.seat is None)
