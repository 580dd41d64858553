"""A game's words are the game's: the msgids it marks and declares are translated in
its own catalogue beside its package (``Game.catalogue``: engine/<game>/locale/<code>.po),
not in Kiban's; Kiban merges them in, and a game's torn catalogue costs only that
game's words."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from engine.catalogue import read_po
from engine.game import Game
from engine.registry import games
from firmware_host.telling.language import Language, catalogue_path, game_entries
from firmware_host.telling.msgids import game_msgids, missing_entries
from tests.registered import product_games

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_no_games_msgid_is_in_kibans_catalogue(language: Language) -> None:
    host = read_po(catalogue_path(language).read_text(encoding="utf-8"))
    owned = {msgid: game.name for game in games() for msgid in game_msgids(game)}
    assert [(owned[msgid], msgid) for msgid in host if msgid in owned] == []


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
@pytest.mark.parametrize("game", product_games(), ids=lambda game: game.name)
def test_each_game_translates_its_own_msgids_in_its_catalogue(
    game: Game[Any], language: Language
) -> None:
    text = game.catalogue(language.value)
    assert text is not None, f"{game.name} has no {language.value} catalogue"
    own = read_po(text, f"{game.name}'s {language.value} catalogue")
    assert game.title in own and len(own) >= 10
    assert set(own) - {""} <= set(game_msgids(game)), "an entry the game does not say"
    assert missing_entries(language, game) == ""


def test_a_games_torn_catalogue_costs_only_its_own_words(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    torn, other = product_games()[:2]
    whole = game_entries(Language.POLISH)
    assert torn.title in whole and other.title in whole
    monkeypatch.setattr(type(torn), "catalogue", lambda self, language: 'msgid "x"\nmsgstr\n')
    with caplog.at_level(logging.WARNING):
        entries = game_entries(Language.POLISH)
    assert torn.title not in entries and entries[other.title] == whole[other.title]
    assert f"{torn.name}'s pl catalogue is torn" in caplog.text
