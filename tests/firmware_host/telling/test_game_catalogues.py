"""A game's words are the game's: the msgids it marks and declares are translated in
its own catalogue beside its package (``Game.catalogue``: engine/<game>/locale/<code>.po),
not in Kiban's; Kiban merges them in, and a game's torn catalogue costs only that
game's words."""

from __future__ import annotations

import importlib
import logging
from pathlib import Path
from typing import Any

import pytest

from engine.catalogue import read_po
from engine.game import Game
from engine.registry import games
from engine.said import Plural
from firmware_host.telling import msgids
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
    assert game.title in own
    assert set(game_msgids(game)) <= set(own), "a word the game says untranslated"
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


SPRINT_GAME = """\
from engine.said import NP_
from tests.firmware_host.toy_race import RaceGame

PIPS = NP_("{count} pip to go", "{count} pips to go")


class SprintGame(RaceGame):
    name = "sprint"
    title = "Sprint"


SPRINT = SprintGame()
"""


def _forget_host_sources() -> None:
    msgids._host_files.cache_clear()
    msgids._host_msgids.cache_clear()
    msgids._host_plurals.cache_clear()


def test_a_games_plural_reason_is_its_own_catalogues_not_kibans(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sixth game built among the engine's sources marks a reason about a count
    (``NP_``): its own catalogue is asked for it in every plural form, Kiban's never
    (it once was, and all four of Kiban's catalogues had to change for the game)."""
    package = tmp_path / "sprint_probe"
    package.mkdir()
    (package / "__init__.py").write_text("from sprint_probe.game import SPRINT as SPRINT\n")
    (package / "game.py").write_text(SPRINT_GAME, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    sprint: Game[Any] = importlib.import_module("sprint_probe").SPRINT
    shipped = msgids.source_files()
    monkeypatch.setattr(msgids, "source_files", lambda: [*shipped, *sorted(package.glob("*.py"))])
    monkeypatch.setattr(msgids, "games", lambda: (*games(), sprint))
    _forget_host_sources()
    try:
        pips = Plural("{count} pip to go", "{count} pips to go")
        assert msgids.game_plurals(sprint) == (pips,)
        assert pips not in msgids.source_plurals()
        assert pips.key in game_msgids(sprint)
        wanted = missing_entries(Language.POLISH, sprint)
        assert 'msgid "{count} pip to go"\nmsgid_plural "{count} pips to go"\n' in wanted
        assert wanted.count('msgstr[2] ""') == 1 and '"{count} pip to go\\0' not in wanted
        assert "pips to go" not in missing_entries(Language.POLISH)
    finally:
        _forget_host_sources()
