"""The terminal's help in every language: what each command does is told in the
language (the commands stay as they are typed), and every line still fits 80
columns."""

from __future__ import annotations

import io

import pytest

from engine.registry import find_game
from firmware_host.session.actions import ACTIONS
from firmware_host.telling.language import Language
from firmware_host.telling.msgids import action_summaries
from firmware_host.terminal.app import TERMINAL_COMMANDS, help_text, run_terminal
from firmware_host.terminal.screen import legend_text
from firmware_host.terminal.text import WIDTH, columns
from firmware_host.wire.actions import summary, usage
from tests.firmware_host.simkit import close_all, make_sim

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)


def _flat(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_the_help_is_told_in_the_language(language: Language) -> None:
    english = help_text(("impasse",))
    told = help_text(("impasse",), WIDTH, language)
    assert all(columns(line) <= WIDTH for line in told.splitlines()), told
    assert told.splitlines()[0] != "commands:"
    flat = _flat(told)
    for action in ACTIONS:
        assert usage(action) in told  # typed as it is in every language
        assert _flat(summary(action)) not in flat, (language, summary(action))
    for _, text in TERMINAL_COMMANDS:
        assert _flat(text) not in flat
    assert "claimtheendofthegame" not in flat and "impasse" in flat
    assert english != told


def test_the_catalogue_collects_the_help_the_terminal_shows() -> None:
    assert action_summaries() == tuple(summary(action) for action in ACTIONS)


def test_the_terminal_says_how_to_get_its_help_in_the_language() -> None:
    out = io.StringIO()
    run_terminal(make_sim(), io.StringIO("help\nquit\n"), out, language=Language.POLISH)
    text = out.getvalue()
    assert "wpisz help, aby zobaczyć polecenia" in text and "polecenia:" in text
    assert "type help for the commands" not in text


def _typed(game: str, script: str, language: Language) -> str:
    out = io.StringIO()
    run_terminal(make_sim(game=find_game(game)), io.StringIO(script), out, language=language)
    close_all()
    return out.getvalue()


def test_the_terminals_status_line_is_told_in_the_language() -> None:
    text = _typed("dobutsu", "moves\n", Language.POLISH)
    assert "Pojedynek robotów — gra 1, trwa gra — ruch: gracz A" in text
    assert "to move" not in text
    japanese = _typed("shogi", "moves\n", Language.JAPANESE)
    assert "しょうぎ — たいきょく1、たいきょくちゅう — せんて" in japanese
    assert "sente to move" not in japanese


def test_the_terminals_own_lines_and_refusals_are_told_in_the_language() -> None:
    script = "wait x\nfoo\nselect 2c2b\npress roll\nmove 2c\ntakeback\nreview 1 x\n"
    text = _typed("dobutsu", script, Language.POLISH)
    assert "nie można: wait przyjmuje liczbę sekund, np. wait 2.5: 'x' nie jest liczbą" in text
    assert "nieznane polecenie 'foo'; wpisz help" in text
    assert "odmowa: nie ma otwartego pytania dla '2c2b'" in text
    assert "ta plansza nie ma przycisku roll" in text
    assert "nie można: move potrzebuje to (miejsce, na które położyć) (wpisz help)" in text
    assert "nie można: review: game_id to liczba, nie 'x' (wpisz help)" in text
    assert "odmowa: nie ma ruchu do cofnięcia" in text
    for english in ("cannot", "unknown command", "refused", "no prompt", "has no roll"):
        assert english not in text, english


def test_the_terminals_prompt_line_is_told_in_the_language() -> None:
    # a token placed by hand: the occupancy sensors cannot see its colour
    text = _typed("robotory", "move stock:l:1 A1\n", Language.FRENCH)
    line = next(line for line in text.splitlines() if line.startswith("quel coup ?"))
    assert "pose un pion d'énergie blanche en A1 (w@A1)" in line
    assert line.endswith("ou tapez select MOVE")
    assert "white token" not in text and "type select" not in text
    english = _typed("robotory", "move stock:l:1 A1\n", Language.ENGLISH)
    assert "which move? black token (b@A1) / white token (w@A1): press next" in english


@pytest.mark.parametrize(
    ("game", "script", "played"),
    [
        ("robotory", "play b@E4\n", "move 1: b@E4"),  # the notation names the token
        ("dobutsu", "play 2c2b\nplay 3a3b\nplay 2b2a+\n", "move 3: 2b2a+"),  # and promotes
    ],
)
def test_play_never_asks_what_its_notation_names(game: str, script: str, played: str) -> None:
    text = _typed(game, script, Language.ENGLISH)
    assert played in text.splitlines()
    assert "which move?" not in text


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_the_terminals_colour_key_is_told_in_the_language(language: Language) -> None:
    sim = make_sim()
    english = legend_text(sim, WIDTH)
    told = legend_text(sim, WIDTH, language)
    close_all()
    for meaning in ("legal destination", "last move", "lifted piece", "move to play"):
        assert meaning in english and meaning not in told, (language, meaning)


def test_a_spot_the_game_has_not_is_told_in_the_language() -> None:
    text = _typed("robotory", "lift 2c\n", Language.FRENCH)
    assert "impossible : '2c' n'est pas un emplacement de Robotory" in text
    assert "is not a spot" not in text
