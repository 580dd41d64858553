"""The sentences the page may speak travel in its notice messages."""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.registry import find_game
from engine.said import said as message
from firmware_host.notices.declared import (
    BoardTurned,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    Refused,
)
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.web.sessions.session import lines, said
from tests.firmware_host.web.helpers import Json, said_from_record


def _said_in(sent: Json, game: Game[Any]) -> dict[str, str]:
    """A notice's sentence as the page tells it in each language, from its value
    (``say_said``, sent without an English ``say`` beside it, which the page's edge
    would throw away)."""
    assert "say" not in sent
    sentence = said_from_record(sent["say_said"])
    return {x.value: told(sentence, x, game) for x in Language}


def test_a_notice_carries_its_sentence_in_every_language() -> None:
    position = find_game("dobutsu").position()
    position.push_text("2c2b")
    notices: list[Notice] = [
        MoveCommitted(1, "2c2b", 0.0),
        Refused(message("no move to suggest now"), 0.0),
    ]
    move, refused = said(notices, position)
    assert _said_in(move, position.game) == {
        "en": "A: chick to 2 b, takes chick",
        "ja": "せんて、に に ひよこ",
        "pl": "gracz A: mały żółty robot na 2 b, zdobywa: mały żółty robot",
        "cs": "hráč A: malý žlutý robot na 2 b, zajímá: malý žlutý robot",
        "fr": "joueur A : petit robot jaune en 2 b, prend petit robot jaune",
    }
    assert _said_in(refused, position.game)["en"] == "refused: no move to suggest now"
    assert _said_in(refused, position.game)["pl"] == "odmowa: teraz nie ma ruchu do podpowiedzenia"


def test_a_notice_carries_its_line_as_a_value_told_in_every_language() -> None:
    sent = lines(Refused(message("no move to suggest now"), 0.0))
    assert sent["line"] == "refused: no move to suggest now"
    assert "line_in" not in sent  # no line rendered in each language: the value is sent
    line = said_from_record(sent["line_said"])
    assert {language.value: told(line, language) for language in Language} == {
        "en": "refused: no move to suggest now",
        "ja": "できません：いまはおすすめのてがありません",
        "pl": "odmowa: teraz nie ma ruchu do podpowiedzenia",
        "cs": "odmítnuto: teď není co navrhnout",
        "fr": "refusé : aucun coup à suggérer maintenant",
    }


def test_a_line_about_a_count_carries_both_english_forms() -> None:
    sent = lines(MovesTakenBack(2, 0.0))
    assert sent["line_said"]["plural"] == "took back {count} moves"
    line = said_from_record(sent["line_said"])
    assert told(line, Language.POLISH) == "cofnięto 2 ruchy"
    assert told(said_from_record(lines(MovesTakenBack(5, 0.0))["line_said"]), Language.POLISH) == (
        "cofnięto 5 ruchów"
    )


def test_silent_notices_say_nothing_in_any_language() -> None:
    position = find_game("abalone").position()
    position.push_text("A1B2")
    notices: list[Notice] = [MoveCommitted(1, "A1B2", 0.0), BoardTurned(True, 0.0)]
    move, turned = said(notices, position)
    assert _said_in(move, position.game)["en"] == "black pushes three marbles north-east"
    assert _said_in(move, position.game)["ja"] == "くろ、3こ、ほくとう"
    assert turned == {}
    assert said([], position) == []
