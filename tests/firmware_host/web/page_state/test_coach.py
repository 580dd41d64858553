"""The coach through the page: each seat's help and hint budget given with a new game
and shown in the state, and a puzzle's question, wrong moves and solution on the page,
in every language."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from engine.puzzles import load
from engine.registry import find_game, games
from firmware_host.session.puzzle import PuzzleRun
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.legend import COACH_SCALE, Meaning
from firmware_host.web.page_state.coach import kind_text, question
from firmware_host.web.sessions.board import BoardSession
from firmware_host.web.sessions.simulated import SimSession
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on
from tests.firmware_host.simkit import lit
from tests.firmware_host.telling.test_languages import TRANSLATED
from tests.firmware_host.web.helpers import (
    PATIENT,
    Json,
    Page,
    opened,
    sim_session,
)

FAMILY = {"help": "b:hints,w:none", "hints": "1"}
"""The child (sente, b) coached with one hint; the parent (gote, w) with no help."""


async def eventually(holds: Callable[[], bool], timeout: float = 30.0) -> None:
    """Wait (the driver runs meanwhile) until ``holds()``."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not holds():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("waited in vain")
        await asyncio.sleep(0.05)


def coach_lit(session: SimSession) -> set[str]:
    return set().union(*(lit(session.sim, meaning) for meaning in COACH_SCALE))


async def heard(page: Page, event: str, since: int) -> Json:
    """The first notice of ``event`` the page got after its ``since``-th message (perhaps
    before the answer to the command that led to it)."""
    for message in page.messages[since:]:
        if message.get("event") == event:
            return message
    return await page.until(lambda m: m.get("event") == event)


async def played(page: Page, count: int) -> Json:
    return await page.state_where(lambda s: len(s["moves"]) == count and s["phase"] == "play")


def test_a_family_game_coaches_the_child_only_and_spends_its_hints() -> None:
    async def scenario() -> None:
        session = sim_session()
        async with opened(session) as (_, page):
            answer = await page.send(type="new_game", game="dobutsu", settings=FAMILY)
            assert answer["type"] == "ok", answer
            state = await page.state_where(lambda s: s["settings"].get("help") == FAMILY["help"])
            assert state["help"] == [
                {"level": "hints", "coached": True, "hints": 1, "hints_left": 1},
                {"level": "none", "coached": False, "hints": 1, "hints_left": 0},
            ]
            await played(page, 0)

            # the child's turn: the lion's destinations in the coach's colours, a hint
            await page.send(type="lift", spot="2d")
            await eventually(lambda: coach_lit(session) == {"1c", "3c"})  # judged
            await page.send(type="place", spot="2d")
            assert (await page.send(type="hint"))["type"] == "ok"
            await page.state_where(lambda s: s["help"][0]["hints_left"] == 0)
            await page.send(type="move", **{"from": "2c", "to": "2b"})
            await played(page, 1)

            # the parent's turn: nothing lit, nothing judged, no hint
            await page.send(type="lift", spot="2a")
            await asyncio.sleep(1.0)
            assert not coach_lit(session) and not lit(session.sim, Meaning.DESTINATION)
            assert session.controller.computer.judgement is None
            refused = await page.send(type="hint")
            assert refused["type"] == "error" and "no hints for" in refused["message"]
            await page.send(type="place", spot="2a")
            await page.send(type="move", **{"from": "1a", "to": "2b"})
            await played(page, 2)

            # the child's budget is spent
            refused = await page.send(type="hint")
            assert refused["type"] == "error", refused
            assert "used all 1 hints" in refused["message"]
            assert page.state["help"][0]["hints_left"] == 0

    asyncio.run(scenario())


def test_the_state_names_no_help_when_the_game_sets_none() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            assert page.state["help"] is None
            await page.send(type="new_game", game="dobutsu", settings={"hints": "2"})
            state = await page.state_where(lambda s: s["help"] is not None)
            assert [seat["hints_left"] for seat in state["help"]] == [2, 2]

    asyncio.run(scenario())


def test_a_help_for_a_seat_the_game_lacks_is_refused_naming_the_field() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            for bad in ("q:coach", "b:wizard", "b:coach,b:none"):
                answer = await page.send(type="new_game", game="dobutsu", settings={"help": bad})
                assert answer["type"] == "error" and answer["field"] == "help", answer
            assert page.state["help"] is None

    asyncio.run(scenario())


def test_a_puzzle_is_asked_judged_and_solved_on_the_page() -> None:
    game = find_game("dobutsu")

    async def scenario() -> None:
        session = SimSession(game, GameStore(":memory:"), resume=False, timing=PATIENT)
        async with opened(session) as (_, page):
            assert page.state["puzzle"] is None
            assert (await page.send(type="puzzle", difficulty=1))["type"] == "ok"
            state = await page.state_where(lambda s: s["puzzle"] is not None)
            run = session.sim.puzzle
            assert run is not None
            asked = state["puzzle"]
            assert asked["id"] == run.puzzle.id and asked["difficulty"] == 1
            seat = game.seats[game.position(run.puzzle.position).turn].name
            assert asked["question"] == f"{seat} to move: win in 1 of your moves"
            assert asked["kind"] == "win, difficulty 1"
            for language in TRANSLATED:  # the page names its language: told in it
                await page.send(type="language", language=language.value)
                told_in = page.latest["state"]["puzzle"]
                assert told_in["question"] != asked["question"]
            await page.send(type="language", language="ja")
            japanese = page.latest["state"]["puzzle"]
            assert japanese["question"].endswith("じぶんの1てでかってください")
            await page.send(type="language", language="fr")
            french = page.latest["state"]["puzzle"]
            assert french["kind"] == "victoire, difficulté 1"
            await page.send(type="language", language="en")
            english = page.latest["state"]["puzzle"]
            assert english["question"] == asked["question"]
            assert asked["game"] == game.name
            assert not asked["solved"]
            state = await played(page, 0)  # set up by the hands, the question still asked
            assert state["puzzle"]["question"] == asked["question"]

            position = session.controller.position
            answer = run.puzzle.solution[0]
            stands = position.layout()
            texts = list(map(position.move_text, position.legal_moves()))
            wrong = next(  # a step to an empty square, put back by a step back, that
                text  # the board tells from its squares alone (no promotion to ask about)
                for text in texts
                if text != answer
                and "*" not in text
                and not stands.get(text[2:4])
                and [other[:4] for other in texts].count(text[:4]) == 1
            )
            await page.send(type="language", language="ja")  # said in the page's language
            since = len(page.messages)
            await page.send(type="move", **{"from": wrong[:2], "to": wrong[2:4]})
            missed = await heard(page, "puzzle_missed", since)
            assert missed["move"] == wrong and missed["say"] == "ちがいます。もういちど"
            await page.state_where(lambda s: s["puzzle"]["tries"] == 1)
            await page.state_where(lambda s: s["phase"] == "setup")  # the LEDs: put it back
            await page.send(type="move", **{"from": wrong[2:4], "to": wrong[:2]})
            await played(page, 0)

            await page.send(type="language", language="pl")
            since = len(page.messages)
            await page.send(type="move", **{"from": answer[:2], "to": answer[2:4]})
            solved = await heard(page, "puzzle_solved", since)
            assert solved["line"] == "zadanie rozwiązane: brawo"
            state = await page.state_where(lambda s: s["puzzle"]["solved"])
            assert state["puzzle"]["tries"] == 1

            # the next puzzle, as hard; a game after it is no puzzle
            assert (await page.send(type="puzzle", difficulty=1))["type"] == "ok"
            await page.state_where(lambda s: s["puzzle"] and not s["puzzle"]["solved"])
            await page.send(type="new_game", game="dobutsu")
            await page.state_where(lambda s: s["puzzle"] is None)

    asyncio.run(scenario())


def test_every_puzzle_kind_is_named_and_asked_in_every_language() -> None:
    """Each game's puzzle kind in a player's words, translated: Robotory's is a winning
    refill, not the data file's bare "refill"."""
    for game in games():
        for kind in game.puzzle_kinds:
            puzzle = next((p for p in load(game) if p.kind == kind.name), None)
            if puzzle is None:
                continue
            run = PuzzleRun(game, puzzle)
            english = (kind_text(run, Language.ENGLISH), question(run, Language.ENGLISH))
            for language in Language:
                told = (kind_text(run, language), question(run, language))
                assert all(text and "{" not in text for text in told), (language, told)
                if language is not Language.ENGLISH:
                    assert told[0] != english[0] and told[1] != english[1], (language, told)
    robotory = find_game("robotory")
    run = PuzzleRun(robotory, next(p for p in load(robotory) if p.difficulty == 1))
    assert kind_text(run, Language.ENGLISH) == "winning refill, difficulty 1"
    assert question(run, Language.ENGLISH).endswith("win with a refill in 1 of your moves")
    assert kind_text(run, Language.FRENCH).startswith("plein d'énergie gagnant")
    assert kind_text(run, Language.JAPANESE).startswith("かちになるほじゅう")


def test_a_real_boards_page_shows_its_puzzle_and_each_seats_help(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    runtime, _, _ = runtime_on(load_profile("sim", game), tmp_path, game)
    session = BoardSession(runtime)

    async def scenario() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        async with opened(session) as (_, page):
            await page.state_where(lambda s: s["phase"] == "play")
            answer = await page.send(type="new_game", game="dobutsu", settings=FAMILY)
            assert answer["type"] == "ok", answer
            state = await page.state_where(lambda s: s["help"] is not None)
            assert [seat["level"] for seat in state["help"]] == ["hints", "none"]
            assert (await page.send(type="puzzle", difficulty=1))["type"] == "ok"
            state = await page.state_where(lambda s: s["puzzle"] is not None)
            assert state["puzzle"]["difficulty"] == 1 and "win in 1" in state["puzzle"]["question"]
            assert state["phase"] == "setup"  # the LEDs guide the pieces to the puzzle
        runtime.stopping.set()
        await task

    asyncio.run(scenario())


def test_a_budget_per_seat_is_given_with_a_new_game_and_shown_per_seat() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            settings = {"help": "b:hints,w:hints", "hints": "b:3,w:0"}
            answer = await page.send(type="new_game", game="dobutsu", settings=settings)
            assert answer["type"] == "ok", answer
            state = await page.state_where(lambda s: s["help"] is not None)
            assert [(seat["hints"], seat["hints_left"]) for seat in state["help"]] == [
                (3, 3),
                (0, 0),
            ]
            assert state["settings"]["hints"] == "b:3,w:0"
            assert (await page.send(type="hint"))["type"] == "ok"
            await page.state_where(lambda s: s["help"][0]["hints_left"] == 2)

    asyncio.run(scenario())


def test_a_malformed_budget_per_seat_is_refused_naming_the_field() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            for bad in ("q:2", "b:some", "b:-1", "3,w:0", "b:1,sente:2", ":4"):
                answer = await page.send(type="new_game", game="dobutsu", settings={"hints": bad})
                assert answer["type"] == "error" and answer["field"] == "hints", answer
            answer = await page.send(type="new_game", game="dobutsu", settings={"hints": "q:2"})
            assert "has no seat 'q'" in answer["message"]
            for shape in (3, ["b:1"], {"b": 1}):  # not text: refused by the message's shape
                answer = await page.send(type="new_game", game="dobutsu", settings={"hints": shape})
                assert answer["type"] == "error", answer
            assert page.state["help"] is None  # nothing changed

    asyncio.run(scenario())
