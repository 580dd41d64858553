"""Every reason a game's rules give for an illegal move, and every result, is a value
(engine/said.py) told in every language with the game's own words for its seats and
pieces (telling/rendering.py): no language gets it back in English, and nothing reads a
sentence back.

That every reason any game gives is one of its marked msgids, filled, and told without
a word missing is the conformance kit's words check (every game's); here, along longer
random games under every set of options, that each of Kiban's own games forbids
something and says why in each of its four languages, none of them English."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from engine.errors import KibanError
from engine.outcome import Outcome, Termination
from engine.registry import find_game, games, own_games
from engine.said import Either, PieceWord, Said, Seats, SeatWord, Value, said
from firmware_host.notices.declared import GameEnded, IllegalShown
from firmware_host.telling.language import Language, translated
from firmware_host.telling.msgids import source_msgids
from firmware_host.telling.notices import notice_line
from firmware_host.telling.rendering import seat_told, told

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
def reasons(name: str) -> frozenset[Said]:
    """The reasons ``name``'s rules give along random games under each option set."""
    game = find_game(name)
    found: set[Said] = set()
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


NAMES = tuple(game.name for game in own_games())


@pytest.mark.parametrize("name", NAMES)
def test_every_reason_a_game_gives_is_a_marked_msgid_filled(name: str) -> None:
    found = reasons(name)
    assert found, f"each of Kiban's games forbids some move a hand can make: {name}"
    marked = set(source_msgids())
    for reason in found:
        assert reason.msgid in marked, reason.msgid
        assert "{" not in str(reason), reason
        names = {field for _, field, _, _ in Formatter().parse(reason.msgid) if field}
        assert names == set(reason.fields), reason


@pytest.mark.parametrize("language", TRANSLATED, ids=lambda language: language.value)
@pytest.mark.parametrize("name", NAMES)
def test_every_reason_is_told_in_the_language(name: str, language: Language) -> None:
    game = find_game(name)
    pieces = game.piece_words(language.value)
    for reason in sorted(reasons(name), key=str):
        there = told(reason, language, game)
        assert there != str(reason), (language, reason)
        assert "{" not in there, (language, reason, there)
        assert translated(reason.msgid, language) != reason.msgid, reason.msgid
        for value in _words(reason):
            if isinstance(value, PieceWord):
                assert value.english in pieces, (language, reason, value)
                assert pieces[value.english] in there, (language, there)
            if isinstance(value, SeatWord):
                assert seat_told(game, value, language) in there, (language, there)


def _words(said: Said) -> list[Value]:
    """Every value of ``said``, those of its nested values too."""
    found: list[Value] = []
    for _, value in said.values:
        found.append(value)
        if isinstance(value, Said):
            found += _words(value)
        if isinstance(value, Either | Seats):
            items = value.words if isinstance(value, Either) else value.seats
            for item in items:
                found += _words(item) if isinstance(item, Said) else [item]
    return found


def test_no_template_reads_a_reason_back() -> None:
    """The telling has no table of the rules' reasons: each game's are its own msgids."""
    telling = Path(__file__).resolve().parents[3] / "firmware_host" / "telling"
    assert not (telling / "reasons.py").exists()
    assert not (telling / "messages.py").exists()
    for path in telling.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "import_module" not in text, path  # no game found by an import path
        assert "fullmatch" not in text, path


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
                there = told(description, language, game)
                assert there != str(description), (language, description)
                assert translated(termination.value, language) in there, (language, there)


def test_a_notice_tells_its_reason_and_result_in_the_language() -> None:
    dobutsu = find_game("dobutsu")
    giraffe = said("the giraffe moves one step orthogonally")
    illegal = IllegalShown("1b2c", giraffe, 0.0)
    assert notice_line(illegal, Language.POLISH) == (
        "niedozwolony ruch 1b2c: zielony robot chodzi o jedno pole w pionie lub w poziomie"
    )
    outcome = Outcome.win(Termination.TRY, 1)
    ended = GameEnded(outcome, dobutsu.describe_outcome(outcome), 0.0)
    assert "gracz B" in notice_line(ended, Language.POLISH, "dobutsu")
    assert str(ended.description) == "B (gote) wins (try)"
