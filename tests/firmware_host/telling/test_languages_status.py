"""The status line (telling/view.py) in every language: for a few states of each game
(setting up, playing, the computer thinking, game over) no English word of the English
line is left in another language's, but the names the language keeps; and the page's
state carries the line and the result in every language."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from engine.game import Game
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import NewGame, Resign, Select
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import seat_words, told
from firmware_host.telling.view import Surface, message_text
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.pondering import Pondering
from tests.firmware_host.simkit import close_all, make_sim
from tests.firmware_host.web.helpers import (
    PATIENT,
    Json,
    opened,
    said_from_record,
    served,
    sim_session,
)
from tests.registered import boarded_games

TRANSLATED = tuple(language for language in Language if language is not Language.ENGLISH)
WORD = re.compile(r"[A-Za-z]{3,}")
KEPT = frozenset({"furigoma", "tokin"})
"""Shogi's Japanese terms, kept in every language."""


def _setting_up(game: Game[Any]) -> Simulation:
    """A move played, then a new game asked for: the board is to be set up again."""
    sim = make_sim(game=game, settings={"seed": "7"})  # the same dice every time
    position = sim.controller.position
    move = position.move_text(next(iter(position.legal_moves())))
    sim.perform(move)
    if sim.controller.phase is Phase.PROMPT:  # a token of either colour: which one
        sim.send(Select(move))
    sim.send(NewGame())
    return sim


def _playing(game: Game[Any]) -> Simulation:
    return make_sim(game=game, settings={"seed": "7"})  # dice that leave a move to play


def _thinking(game: Game[Any]) -> Simulation:
    opponent = ",".join(f"{seat.letter}=level:1" for seat in game.seats)
    settings = {"opponent": opponent, "seed": "7"}
    return make_sim(game=game, settings=settings, thinker=Pondering())


def _over(game: Game[Any]) -> Simulation:
    sim = make_sim(game=game, settings={"seed": "7"})
    sim.send(Resign())
    return sim


STATES = {"setting up": _setting_up, "playing": _playing, "thinking": _thinking, "over": _over}
PHASES = {"setting up": Phase.SETUP, "over": Phase.GAME_OVER}


@pytest.fixture
def closing() -> Iterator[None]:
    yield
    close_all()


def english_words_left(game: Game[Any], english: str, told: str, language: Language) -> set[str]:
    """The words of the English line found in ``told``, but the seats' names the
    language keeps as they are (sente, gote)."""
    kept = seat_words(game, language).values()
    names = {word.lower() for name in kept for word in WORD.findall(name)}
    words = {word.lower() for word in WORD.findall(english)} - names - KEPT
    return {word for word in WORD.findall(told) if word.lower() in words}


@pytest.mark.usefixtures("closing")
@pytest.mark.parametrize("state", STATES)
@pytest.mark.parametrize("game", boarded_games(), ids=lambda game: game.name)
def test_no_english_word_is_left_in_the_status_line(game: Game[Any], state: str) -> None:
    sim = STATES[state](game)
    controller = sim.controller
    if state in PHASES:
        assert controller.phase is PHASES[state]
    english = message_text(controller, (), Surface.PAGE)
    if state == "thinking":
        assert "thinking" in english
    for language in TRANSLATED:
        told = message_text(controller, (), Surface.PAGE, language)
        assert told != english, (language, english)
        left = english_words_left(game, english, told, language)
        assert left == set(), (language.value, english, told)


def test_the_page_state_carries_the_line_and_the_result_in_every_language() -> None:
    async def scenario() -> None:
        async with served(sim_session()) as client:
            shown = {}
            for code in ("en", "pl", "ja"):  # the state as a page in each language reads it
                shown[code] = await (await client.get(f"/state?language={code}")).json()
            assert shown["en"]["message"].startswith("A (sente)")
            assert shown["pl"]["message"].startswith("ruch: gracz A")
            assert shown["ja"]["message"].startswith("せんて の ばんです")

    asyncio.run(scenario())


def seeded(seed: str) -> Callable[[Json], bool]:
    """Whether a state is the one of the game started with ``seed``."""
    return lambda state: bool(state["settings"].get("seed") == seed)


def test_the_opening_draw_is_told_in_every_language() -> None:
    """Shogi's furigoma both ways: the draw, who plays first and the hint to swap seats
    come in every language, without the English words but shogi's terms."""

    async def scenario() -> None:
        shogi = find_game("shogi")
        session = SimSession(shogi, GameStore(":memory:"), resume=False, timing=PATIENT)
        async with opened(session) as (_, page):
            seen: set[bool] = set()
            for seed in range(12):
                await page.send(type="new_game", game="shogi", settings={"seed": str(seed)})
                await page.state_where(seeded(str(seed)))
                draw = session.state()["draw"]  # as built: the values, no English beside
                for field in ("description", "first_mover", "hint"):
                    assert field not in draw
                    if draw[f"{field}_said"] is None:
                        continue
                    value = said_from_record(draw[f"{field}_said"])
                    english = told(value, Language.ENGLISH, shogi)
                    for language in TRANSLATED:
                        text = told(value, language, shogi)
                        left = english_words_left(shogi, english, text, language)
                        assert left == set(), (language.value, english, text)
                seen.add(draw["swap"])
            assert seen == {True, False}

    asyncio.run(scenario())
