"""Every reason a game's rules give for an illegal move, and every result, is told in
every language: each fits one of its game's templates (telling/reasons.py), and no
language gets it back in English."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

from engine.errors import KibanError
from engine.outcome import Outcome, Termination
from engine.registry import find_game, games
from firmware_host.notices.declared import GameEnded, IllegalShown
from firmware_host.telling.language import Language, translated
from firmware_host.telling.notices import notice_line
from firmware_host.telling.reasons import (
    PIECE_FIELDS,
    REASONS,
    SEAT_FIELDS,
    any_reason_text,
    piece_words,
    reason_text,
    result_text,
    seat_words,
    template_of,
)

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
PLIES = 60
SEEDS = 2


def _option_sets(game: Any) -> Iterator[dict[str, str]]:
    """Every combination of the game's options that change its rules (not who starts
    or the illegal-move policy)."""
    specs = [
        spec
        for spec in game.option_specs
        if getattr(spec, "choices", None) and spec.name not in ("first", "illegal")
    ]
    for combo in itertools.product(*(spec.choices for spec in specs)):
        yield {spec.name: value for spec, value in zip(specs, combo, strict=True)}


@cache
def reasons(name: str) -> frozenset[str]:
    """The reasons ``name``'s rules give along random games under each option set."""
    game = find_game(name)
    found: set[str] = set()
    for options in _option_sets(game):
        try:
            start = game.position(None, options)
        except KibanError:
            continue  # options that do not go together
        for seed in range(SEEDS):
            chooser = random.Random(seed)
            position = start.copy()
            for _ in range(PLIES):
                found.update(reason for _, reason in position.illegal_moves())
                legal = list(position.legal_moves())
                if position.outcome() is not None or not legal:
                    break
                position.push(chooser.choice(legal))
    return frozenset(found)


NAMES = tuple(game.name for game in games())


@pytest.mark.parametrize("name", NAMES)
def test_every_reason_a_game_gives_fits_a_template(name: str) -> None:
    found = reasons(name)
    assert found, name
    unfit = sorted(reason for reason in found if template_of(reason) is None)
    assert unfit == []


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
@pytest.mark.parametrize("name", NAMES)
def test_every_reason_is_told_in_the_language(name: str, language: Language) -> None:
    for reason in sorted(reasons(name)):
        told = reason_text(name, reason, language)
        assert told != reason, (language, reason)
        assert "{" not in told, (language, reason, told)
        found = template_of(reason)
        assert found is not None
        template, values = found
        assert translated(template.msgid, language) != template.msgid, template.msgid
        for field, value in values.items():
            if field in PIECE_FIELDS or field in ("what", "robot"):
                bare = re.sub(r"^(?:a|an|the) ", "", value)
                words = piece_words(name, language.value)
                assert value in words or bare in words, (language, reason, value)
            if field in SEAT_FIELDS:
                assert seat_words(name, language.value)[value] in told, (language, told)


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_a_reason_of_no_game_named_is_told_with_its_games_words(language: Language) -> None:
    for name in NAMES:
        for reason in sorted(reasons(name)):
            assert any_reason_text(reason, language) != reason, (language, reason)


def test_every_template_is_a_msgid_once() -> None:
    assert len(REASONS) == len(set(REASONS)) > 80


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
def test_every_result_is_told_in_the_language(language: Language) -> None:
    for game in games():
        seats = len(game.seats)
        for termination in Termination:
            outcomes = [
                Outcome.draw(termination),
                Outcome.win(termination, seats - 1),
                Outcome.loss(termination, 0, seats),
            ]
            for outcome in outcomes:
                description = game.describe_outcome(outcome)
                told = result_text(description, language)
                assert told != description, (language, description)
                assert translated(termination.value, language) in told, (language, told)


def test_a_notice_tells_its_reason_and_result_in_the_language() -> None:
    illegal = IllegalShown("1b2c", "the giraffe moves one step orthogonally", 0.0)
    assert notice_line(illegal, Language.POLISH) == (
        "niedozwolony ruch 1b2c: zielony robot chodzi o jedno pole w pionie lub w poziomie"
    )
    dobutsu = find_game("dobutsu")
    outcome = Outcome.win(Termination.TRY, 1)
    ended = GameEnded(outcome, dobutsu.describe_outcome(outcome), 0.0)
    assert "gracz B" in notice_line(ended, Language.POLISH)
    assert "wejście króla do strefy przeciwnika" in notice_line(ended, Language.POLISH)
    assert notice_line(ended) == ("game over: B (gote) wins (try) — press ok for a new game")
