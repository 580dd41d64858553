"""A game's words have one mechanism: its seats' and pieces' words are entries of its
own catalogue (``msgctxt "seat"``, ``msgctxt "piece"``), read as its other msgids are,
and a word in two games' catalogues is each game's own."""

from __future__ import annotations

from typing import Any

import pytest

from engine.catalogue import PIECE, SEAT, CatalogueError, in_context, read_po, seat_msgid
from engine.game import Game
from engine.registry import find_game
from tests.registered import product_games

TRANSLATED = ("ja", "pl", "cs", "fr")


def test_an_entry_with_a_context_is_kept_apart_from_the_same_msgid() -> None:
    text = (
        'msgid "king"\nmsgstr "roi"\n\n'
        'msgctxt "piece"\nmsgid "king"\nmsgstr "ぎょく"\n\n'
        '#, fuzzy\nmsgctxt "seat"\nmsgid "A"\nmsgstr "guessed"\n\n'
        'msgctxt "seat"\nmsgid "B"\nmsgstr ""\n'
    )
    assert read_po(text) == {"king": "roi", in_context(PIECE, "king"): "ぎょく"}


def test_a_torn_context_names_its_line() -> None:
    with pytest.raises(CatalogueError, match="line 2"):
        read_po('msgctxt "piece"\nmsgctxt x\n', "a catalogue")


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game", product_games(), ids=lambda game: game.name)
def test_each_games_seats_and_pieces_are_its_catalogues_entries(
    game: Game[Any], language: str
) -> None:
    text = game.catalogue(language)
    assert text is not None
    entries = read_po(text)
    assert game.piece_names, "each of Kiban's games names its pieces"
    pieces = {name: entries[in_context(PIECE, name)] for name in game.piece_names}
    assert dict(game.piece_words(language)) == pieces
    seats = tuple(entries[in_context(SEAT, seat_msgid(seat.name))] for seat in game.seats)
    assert game.spoken_seats[language] == seats


def test_one_english_word_is_each_games_own() -> None:
    shogi, chaturaji = find_game("shogi"), find_game("chaturaji")
    assert shogi.piece_words("ja")["pawn"] == "ふ"
    assert chaturaji.piece_words("ja")["pawn"] == "ポーン"
