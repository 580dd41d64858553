"""The terminal's help in every language: what each command does is told in the
language (the commands stay as they are typed), and every line still fits 80
columns."""

from __future__ import annotations

import io

import pytest

from firmware_host.session.actions import ACTIONS
from firmware_host.telling.language import Language, action_summaries
from firmware_host.terminal.app import TERMINAL_COMMANDS, help_text, run_terminal
from firmware_host.terminal.text import WIDTH, columns
from firmware_host.wire.actions import summary, usage
from tests.firmware_host.simkit import make_sim

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
