"""What each game adds to the page: seats round the board, dice, scores, teams, clocks,
the opening draw, claims, moves the board cannot show, and every record format."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

import pytest

from engine.registry import find_game, games
from firmware_host.store.records import formats
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.web.page_state.claims import claims_of
from firmware_host.web.sessions.session import Session
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT, Json, opened, sim_session

COLOURS = DEFAULT_PALETTE.colours


def session_of(game: str, **kwargs: Any) -> Session:
    kwargs.setdefault("timing", PATIENT)
    kwargs.setdefault("resume", False)
    return SimSession(find_game(game), GameStore(":memory:"), **kwargs)


def test_the_page_offers_the_claims_each_game_declares() -> None:
    for game in games():
        assert claims_of(game) == game.claims(game.options()), game.name
    assert {claim.name for claim in claims_of(find_game("shogi"))} == {"impasse"}
    assert claims_of(find_game("dobutsu")) == ()


def test_shogi_shows_its_claims_and_the_furigoma_and_the_controller_judges_them() -> None:
    async def scenario() -> None:
        async with opened(session_of("shogi")) as (_, page):
            catalogue, board, state = page.messages
            shogi = next(g for g in catalogue["games"] if g["name"] == "shogi")
            assert [c["name"] for c in shogi["claims"]] == ["impasse"]
            assert shogi["draw"] == "furigoma" and shogi["dice"] is False
            assert [c["name"] for c in board["claims"]] == ["impasse"]
            assert catalogue["settings"] == {
                "roll": ["auto", "button"],
                "draw": ["none", "furigoma", "lot"],
                "coach": ["off", "on"],
                "warn": ["off", "on"],
                "confirm": ["off", "on"],  # a club table's results confirmed by both
            }
            draw = state["draw"]
            assert draw["kind"] == "furigoma" and len(draw["tosses"]) == 5
            tokin = sum(draw["tosses"])
            assert draw["description"].startswith(f"furigoma: {tokin} tokin")
            assert draw["seat0_side_starts"] == (tokin < 3)
            # the five pawns on the furigoma LEDs, beside the board: tokin up, pawn up
            leds = {i["name"]: i for i in board["indicators"]}
            for k, up in enumerate(draw["tosses"], start=1):
                indicator = leds[f"furigoma:{k}"]
                meaning = Meaning.TOKIN if up else Meaning.PAWN
                assert state["leds"][indicator["leds"][0]] == COLOURS[meaning].hex()
                assert indicator["seat"] is None
            refused = await page.send(type="impasse")
            assert refused["code"] == "refused" and "both kings" in refused["message"]
            # under the declaration rule, a declaration that does not hold loses
            await page.send(type="new_game", game="shogi", variants={"impasse": "27"})
            await page.state_where(lambda s: s["options"].get("impasse") == "27")
            assert (await page.send(type="declare"))["type"] == "ok"
            over = await page.state_where(lambda s: s["outcome"] is not None)
            assert over["outcome"]["termination"] == "declaration"
            assert over["outcome"]["winners"] == [1]
            # a new game without the draw
            await page.send(type="new_game", game="shogi", settings={"draw": "lot"})
            lot = await page.state_where(lambda s: s["outcome"] is None)
            assert lot["draw"]["kind"] == "lot" and len(lot["draw"]["tosses"]) == 1
            notices = [m for m in page.messages if m.get("event") == "first_player"]
            assert notices[-1]["description"] == lot["draw"]["description"]
            await page.send(type="new_game", game="shogi", settings={"draw": "none"})
            none = await page.state_where(lambda s: s["draw"] is None)
            assert none["settings"]["draw"] == "none"

    asyncio.run(scenario())


def test_claims_and_rolls_are_commands_for_any_game_that_the_controller_answers() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            for command, reason in (
                ({"type": "claim", "claim": "impasse"}, "has no claim 'impasse'"),
                ({"type": "claim", "claim": "declare"}, "has no claim 'declare'"),
                ({"type": "roll"}, "no roll is due"),
            ):
                answer = await page.send(**command)
                assert answer["code"] == "refused" and reason in answer["message"], answer
            assert page.state["draw"] is None and page.state["dice"] == []
            assert page.board["claims"] == [] and page.state["roll_due"] is False

    asyncio.run(scenario())


def pips(board: Json, seat: int) -> list[str]:
    """The names of a seat's dice LEDs, in their order along its edge."""
    return [i["name"] for i in board["indicators"] if i["seat"] == seat]


def test_chaturaji_dice_on_the_button_a_lost_turn_named_and_the_scores() -> None:
    async def scenario() -> None:
        session = session_of("chaturaji", settings={"roll": "button", "seed": "4"})
        async with opened(session) as (_, page):
            board, state = page.board, page.state
            assert [s["side"] for s in board["seats"]] == ["south", "west", "north", "east"]
            assert pips(board, 1) == [f"dice:1:{pip}" for pip in range(1, 6)]
            assert state["roll_due"] is True and state["dice"] == [] and state["movable"] == []
            assert state["scores"] == [0, 0, 0, 0] and state["teams"] is None
            assert state["settings"] == {"roll": "button", "draw": "none", "seed": "4"}
            assert (await page.send(type="roll"))["type"] == "ok"
            rolled = await page.state_where(lambda s: s["dice"] != [])
            assert rolled["moves"] == ["roll 3"] and rolled["dice"] == [3]
            assert rolled["roll_due"] is False and rolled["movable"] == ["b1"]  # the horse
            # the pips of black's edge show the roll in black's colour
            leds = {i["name"]: i["leds"][0] for i in board["indicators"]}
            lit = [rolled["leds"][leds[f"dice:0:{pip}"]] != "#000000" for pip in range(1, 6)]
            assert lit == [True, True, True, False, False]
            await page.send(type="move", **{"from": "b1", "to": "c3"})
            await page.state_where(lambda s: s["roll_due"] and s["turn"] == 1)
            await page.send(type="roll")
            # green's elephant cannot move: the turn is lost, and may be named at once
            lost = await page.state_where(lambda s: s["forced"] is not None)
            assert lost["dice"] == [4] and lost["forced"] == "pass" and lost["unseen"] == ["pass"]
            assert "only move: pass" in lost["message"]
            assert (await page.send(type="select", choice="pass"))["type"] == "ok"
            red = await page.state_where(lambda s: s["turn"] == 2)
            assert red["moves"][-2:] == ["roll 4", "pass"] and red["roll_due"] is True
            assert red["unseen"] == [] and red["forced"] is None

    asyncio.run(scenario())


def test_chaturaji_teams_show_each_seats_team_and_the_team_scores() -> None:
    async def scenario() -> None:
        session = session_of("chaturaji", options={"mode": "teams"})
        async with opened(session) as (_, page):
            state = page.state
            assert state["teams"] == [0, 1, 0, 1] and state["team_scores"] == [0, 0]
            assert state["scores"] == [0, 0, 0, 0]

    asyncio.run(scenario())


def test_clocks_come_from_the_view_and_count_down_without_a_flood_of_states() -> None:
    async def scenario() -> None:
        async with opened(sim_session(settings={"clock": "10m"})) as (client, page):
            state = await page.state_where(lambda s: s["phase"] == "play")
            assert state["clock_running"] == 0 and state["clocks"][1] == 600.0
            assert 590 < state["clocks"][0] <= 600.0
            assert "—" not in state["message"] and state["message"] == "A (sente) to move"
            # the running clock alone sends nothing: the page counts down by itself
            assert await page.quiet(0.5) == []
            later = await (await client.get("/state")).json()
            assert later["seq"] == state["seq"]
            assert later["clocks"][0] <= state["clocks"][0] - 0.4
            await page.send(type="move", **{"from": "2c", "to": "2b"})
            moved = await page.state_where(lambda s: s["moves"] == ["2c2b"])
            assert moved["clock_running"] == 1 and moved["clocks"][0] < 600.0
            assert 599 < moved["clocks"][1] <= 600.0

    asyncio.run(scenario())


def test_a_byoyomi_clock_gives_the_page_its_periods_and_the_sentence_its_reading() -> None:
    async def scenario() -> None:
        settings = {"clock": "0 byo 30s x2"}
        async with opened(sim_session(settings=settings)) as (_client, page):
            state = await page.state_where(lambda s: s["phase"] == "play")
            assert state["settings"]["clock"] == "0m byo 30s x2"
            assert state["clock_byoyomi"] == [30.0, 2]
            assert state["clocks"][1] == 60.0 and 59 < state["clocks"][0] <= 60.0
            assert "—" not in state["message"] and state["message"] == "A (sente) to move"

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("settings", "field", "words"),
    [
        ({"clock": "soon"}, "clock", "10m"),
        ({"roll": "sometimes"}, "roll", "roll is auto or button, not 'sometimes'"),
        ({"draw": "dice"}, "draw", "none or furigoma or lot"),
        ({"seed": "x1"}, "seed", "whole number"),
    ],
)
def test_session_settings_are_checked_before_a_new_game(
    settings: dict[str, str], field: str, words: str
) -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            before = page.state
            answer = await page.send(type="new_game", game="chaturaji", settings=settings)
            assert answer["code"] == "invalid_setting" and answer["field"] == field
            assert words in answer["message"]
            assert page.state == before

    asyncio.run(scenario())


def test_every_record_format_of_shogi_downloads() -> None:
    async def scenario() -> None:
        async with opened(session_of("shogi", settings={"draw": "none"})) as (client, page):
            for move in ("7g7f", "3c3d"):
                await page.send(type="move", **{"from": move[:2], "to": move[2:]})
                await page.state_where(partial(_last_move_is, move))
            offered = [f["name"] for f in page.board["formats"]]
            assert (
                offered
                == [f.name for f in formats("shogi")]
                == ["txt", "kif", "ki2", "csa", "sfen"]
            )
            expected = {
                "txt": "1. 7g7f 3c3d",
                "kif": "７六歩",
                "ki2": "▲７六歩",
                "csa": "+7776FU",
                "sfen": "moves 7g7f 3c3d",
            }
            for name, words in expected.items():
                record = await page.send(type="download", format=name)
                assert record["type"] == "record" and words in record["text"], name
                response = await client.get(f"/record?format={name}")
                assert response.status == 200
                assert record["filename"] in response.headers["Content-Disposition"]
                assert (await response.text()) == record["text"]

    asyncio.run(scenario())


def _last_move_is(move: str, state: dict[str, Any]) -> bool:
    """Whether the page's state ends with ``move``."""
    return bool(state["moves"][-1:] == [move])
