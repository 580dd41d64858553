"""The page's edge tells what Kiban says exactly as the telling room tells it: each value
written once by a builder (``said_record``) and told at the edge (``told_for_page``)
reads in every language as ``telling/rendering.py`` tells the value itself. Every game's
reasons for illegal moves, results, moves in its words (phrases about a count among
them), status lines, prompt choices, notice lines and spoken sentences, and values of
every kind. (Before, the page had a renderer of its own, held equal to this one by
browser tests; now there is one renderer, and these hold the record that carries a value
to it whole.)"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.catalogue import MOVE
from engine.game import Game
from engine.outcome import Outcome, Termination
from engine.registry import games
from engine.said import (
    LABELLED,
    N_,
    CountWord,
    Either,
    PieceWord,
    Said,
    Seats,
    SpotWord,
    Term,
    alone,
    said,
    verbatim,
)
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import NOTICES, IllegalShown, Notice, PuzzleSet
from firmware_host.session.state import Phase
from firmware_host.telling.language import Language
from firmware_host.telling.notices import line_said, notice_line, notice_sentence, sentence_said
from firmware_host.telling.rendering import told
from firmware_host.telling.spoken_moves import choice_said, move_said
from firmware_host.telling.status import Surface, status_said
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.notice_records import said_record
from tests.firmware_host.simkit import close_all, make_sim
from tests.firmware_host.telling.test_languages_every_notice import _illegal, _start, game_notices
from tests.firmware_host.telling.test_languages_status import STATES
from tests.registered import boarded_games, product_games


def at_edge(values: list[Said], language: Language, game: Game[Any]) -> list[str]:
    """``values`` as a page in ``language`` reads them: written as records, told at the
    edge."""
    shown = told_for_page({"texts_said": [said_record(v) for v in values]}, language, game)
    return list(shown["texts"])


def reasons(game: Game[Any], plies: int = 12, seed: int = 3) -> Iterator[Said]:
    """The reasons for illegal moves in a few positions of a random game of ``game``."""
    rng = random.Random(seed)
    position = game.position()
    for _ in range(plies):
        yield from (reason for _, reason in position.illegal_moves())
        moves = list(position.legal_moves()) or list(position.chance_moves() or ())
        if not moves:
            return
        position.push(rng.choice(moves))


REFILLS = ("4/2R2/3B2/2W2/4 0w0b 2w2b 10w10b l", "4/2R2/3B2/2W2/4 2w1b 2w2b 1w1b l")
"""Robotory positions whose refills take one token and many (phrases about a count)."""


def moves_said(game: Game[Any]) -> Iterator[Said]:
    """A few moves in the game's words, as a seat makes them, alone and as a choice
    (Robotory's refills, about a count, among them)."""
    texts = REFILLS if game.name == "robotory" else (None,)
    for text in texts:
        position = game.position(text)
        for move in list(position.legal_moves())[-6:]:
            words = game.move_said(position, position.move_text(move))
            if words is not None:
                yield from (words.by_seat, words.alone, words.label)


def sayings(game: Game[Any]) -> list[Said]:
    """What a game's session may say, of every kind of value."""
    seats = tuple(game.seat_word(seat) for seat in range(len(game.seats)))
    found = list(dict.fromkeys(reasons(game)))[:40] + list(moves_said(game))
    found += [
        game.describe_outcome(Outcome(Termination.RESIGNATION, frozenset({0}))),
        game.describe_outcome(Outcome(Termination.AGREEMENT, frozenset())),
        said(N_("waiting for the opponent's board ({seat}): it is offline"), seat=seats[-1]),
        said(N_("{seats} win"), seats=Seats(seats[:2])),
        said(N_("{text}: {reason}"), text="7g7f", reason=verbatim("a {brace} kept")),
        said(N_("lishogi: {why}"), why=verbatim("server said no")),
        said(N_("{piece} here"), piece=PieceWord("lion")),
        said(N_("{either}"), either=Either((Term(N_("draw")), PieceWord("horse", "a")))),
    ]
    return found


OUT_OF_STEP = N_("board out of step: take the piece off {taken} and put a piece on {put}")


def _asking(game: Game[Any]) -> Simulation | None:
    """A prompt open on which move was played (a Robotory token of either colour), or
    None for a game whose first move asks nothing."""
    sim = make_sim(game=game, settings={"seed": "7"})
    position = sim.controller.position
    sim.perform(position.move_text(next(iter(position.legal_moves()))))
    return sim if sim.controller.phase is Phase.PROMPT else None


def status_lines(game: Game[Any]) -> list[Said]:
    """``game``'s status line in each state, and a correction naming each of its spots
    off the board."""
    lines = []
    for state in (*STATES.values(), _asking):
        sim = state(game)
        if sim is not None:
            lines.append(status_said(sim.controller, surface=Surface.PAGE))
    cell = sorted(game.cells)[0]
    spots = sorted(game.off_board_spots)
    lines += [said(OUT_OF_STEP, taken=SpotWord(spot), put=SpotWord(cell)) for spot in spots]
    return lines


def _values(line: Said) -> list[object]:
    """Every value in ``line``, nested ones too."""
    found: list[object] = []
    for _, value in line.values:
        found.append(value)
        if isinstance(value, Said):
            found += _values(value)
        if isinstance(value, Either):
            found += list(value.words)
    return found


def _choices(game: Game[Any]) -> list[Said]:
    """A prompt's choices and spoken moves of ``game``: each legal move (up to 30) of a
    few positions along a game (or each roll of the dice, when they are due), as a
    choice's label and said with and without its seat."""
    position = game.position()
    found: list[Said] = []
    for _ in range(6):
        moves = list(position.legal_moves()) or list(position.chance_moves() or ())
        if not moves:
            break
        for move in moves[:30]:
            text = position.move_text(move)
            found.append(alone(choice_said(position, move)))
            found += [alone(move_said(position, text, by_seat=b)) for b in (True, False)]
        position.push(moves[len(moves) // 2])
    return found


@pytest.mark.parametrize("language", list(Language), ids=lambda language: language.value)
def test_what_is_said_is_told_at_the_edge_as_the_telling_room_tells_it(
    language: Language,
) -> None:
    every = {game.name: (game, sayings(game)) for game in games()}
    assert sum(len(values) for _, values in every.values()) > 100
    for name, (game, values) in every.items():
        assert at_edge(values, language, game) == [told(v, language, game) for v in values], name


@pytest.mark.parametrize("language", list(Language), ids=lambda language: language.value)
def test_every_status_line_is_told_at_the_edge_as_the_telling_room_tells_it(
    language: Language,
) -> None:
    every = {game.name: (game, status_lines(game)) for game in boarded_games()}
    close_all()
    values = [value for _, lines in every.values() for line in lines for value in _values(line)]
    assert any(isinstance(value, Said) and value.msgid == LABELLED for value in values)  # choices
    assert sum(len(game.off_board_spots) for game, _ in every.values()) > 10
    for name, (game, lines) in every.items():
        expected = [told(line, language, game) for line in lines]
        assert at_edge(lines, language, game) == expected, name
        # no spot off the board is left by its id, in English neither
        assert not any(s in line for line in expected for s in game.off_board_spots)


@pytest.mark.parametrize("language", list(Language), ids=lambda language: language.value)
def test_every_prompts_choices_are_told_at_the_edge_as_the_telling_room_tells_them(
    language: Language,
) -> None:
    every = {game.name: (game, _choices(game)) for game in games()}
    own_words = [name for name, (game, _) in every.items() if game.move_msgids]
    assert own_words, "Kiban's games word their moves themselves"
    kibans = {game.name for game in product_games()}  # many choices; a small game has few
    for name in own_words:  # worded as values
        worded = [said.fields["value"] for said in every[name][1]]
        moves = [value for value in worded if isinstance(value, Said)]
        assert len(moves) == len(worded) > (30 if name in kibans else 0), name
        assert all(value.context == MOVE or value.msgid == LABELLED for value in moves), name
    for name, (game, choices) in every.items():
        expected = [told(choice, language, game) for choice in choices]
        assert at_edge(choices, language, game) == expected, name


@pytest.mark.parametrize("language", list(Language), ids=lambda language: language.value)
def test_every_notice_line_and_sentence_is_told_at_the_edge_as_the_server_tells_it(
    language: Language,
) -> None:
    for game in games():
        position = _start(game)
        notices: list[Notice] = game_notices(game, position)
        optional = {IllegalShown: _illegal(game) is None, PuzzleSet: not game.puzzle_kinds}
        assert {type(n) for n in notices} == {k for k in NOTICES if not optional.get(k, False)}
        lines = [line_said(notice) for notice in notices]
        expected = [notice_line(notice, language, game.name) for notice in notices]
        assert at_edge(lines, language, game) == expected, game.name
        spoken = [(n, s) for n in notices if (s := sentence_said(n, position)) is not None]
        sentences = [sentence for _, sentence in spoken]
        said_aloud = [notice_sentence(notice, position, language) for notice, _ in spoken]
        assert at_edge(sentences, language, game) == said_aloud, game.name
    first = games()[0]
    plural = sum(line_said(n).plural is not None for n in game_notices(first, _start(first)))
    assert plural >= 2  # moves taken back, of one and of two
    values = [v for n in game_notices(first, _start(first)) for _, v in line_said(n).values]
    assert any(isinstance(value, CountWord | Said) for value in values)
