"""The page explains itself: a colour key of the LEDs in the chosen palette, spots and
indicators by name, the first mover by seat, and the count before a declaration."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import PALETTES, Meaning
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT, Json, opened


def session_of(game: str, **kwargs: Any) -> SimSession:
    return SimSession(
        find_game(game), GameStore(":memory:"), timing=PATIENT, resume=False, **kwargs
    )


def key_of(state: Json) -> dict[str, str]:
    return {entry["meaning"]: entry["colour"] for entry in state["legend"]}


def test_the_colour_key_lists_what_the_game_can_show_in_the_palette_in_use() -> None:
    async def scenario() -> None:
        async with opened(session_of("dobutsu")) as (_, page):
            key = key_of(page.state)
            default = PALETTES["default"].colours
            assert key["destination"] == default[Meaning.DESTINATION].hex()
            assert key["lifted"] == default[Meaning.LIFTED].hex()
            assert "check" in key and "capture" in key  # the lion can be checked, taken
            assert not {"movable", "count", "tokin", "pawn", "best"} & set(key)
            texts = [entry["text"] for entry in page.state["legend"]]
            assert "legal destination" in texts and "piece to remove" in texts
            await page.send(type="new_game", game="dobutsu", settings={"palette": "colour-blind"})
            blind = await page.state_where(lambda s: s["palette"] == "colour-blind")
            colours = PALETTES["colour-blind"].colours
            assert key_of(blind)["destination"] == colours[Meaning.DESTINATION].hex()
            assert key_of(blind)["destination"] != key["destination"]
            await page.send(type="new_game", game="chaturaji", settings={"coach": "on"})
            dice = await page.state_where(lambda s: s["game"] == "chaturaji")
            assert {"movable", "best", "losing"} <= set(key_of(dice))
            await page.send(type="new_game", game="robotory")
            robotory = await page.state_where(lambda s: s["game"] == "robotory")
            assert "count" in key_of(robotory) and "check" not in key_of(robotory)
            await page.send(type="new_game", game="shogi", settings={"seed": "1"})
            shogi = await page.state_where(lambda s: s["game"] == "shogi")
            assert {"tokin", "pawn", "check"} <= set(key_of(shogi))

    asyncio.run(scenario())


def test_spots_and_indicators_come_with_names_for_people() -> None:
    async def scenario() -> None:
        async with opened(session_of("dobutsu")) as (_, page):
            names = {spot["spot"]: spot for spot in page.board["off_board"]}
            assert names["hand:w:C"]["name"] == "B (gote)'s hand: chick"
            assert names["hand:w:C"]["label"] == "chick"
            assert {cell["name"] for cell in page.board["cells"]} >= {"2c", "3a"}
            await page.send(type="new_game", game="robotory")
            await page.state_where(lambda s: s["game"] == "robotory")
            board = page.board  # sent before the state of the new game
            assert board["game"] == "robotory"
            captions = [caption["text"] for caption in board["captions"]]
            labels = [indicator["label"] for indicator in board["indicators"]]
            assert "lid: black 5" in captions and "the lid: black token 5" in labels
            assert not [text for text in captions + labels if "lid:" in text.replace(": ", "")]
            stock = {spot["spot"]: spot["name"] for spot in board["off_board"]}
            assert stock["stock:l:1"] == "light's stock, slot 1"

    asyncio.run(scenario())


def test_the_first_mover_is_named_by_seat_with_a_hint_to_swap() -> None:
    async def scenario() -> None:
        async with opened(session_of("shogi")) as (_, page):
            seen = set()
            for seed in range(12):
                await page.send(type="new_game", game="shogi", settings={"seed": str(seed)})
                state = await page.state_where(partial(_seeded, seed))
                draw = state["draw"]
                assert draw["swap"] is (not draw["seat0_side_starts"])
                assert draw["first_mover"].startswith("sente moves first: played by the tosser")
                if draw["swap"]:
                    assert "(top)" in draw["first_mover"] and "swap seats" in draw["hint"]
                else:
                    assert "(bottom)" in draw["first_mover"] and draw["hint"] is None
                seen.add(draw["swap"])
            assert seen == {True, False}  # both ways came up

    asyncio.run(scenario())


def test_a_declaration_shows_its_count_and_why_it_would_fail_before_it_is_made() -> None:
    async def scenario() -> None:
        declaring = session_of("shogi", settings={"draw": "none"}, options={"impasse": "27"})
        async with opened(declaring) as (_, page):
            preview = page.state["claims"]["declare"]
            assert preview["seat"] == 0 and preview["needed"] == 28
            # at the start every piece is at home: none counts in the enemy camp
            assert preview["points"] == 0 and preview["wins"] is False
            assert any("king is not in the enemy camp" in p for p in preview["problems"])
            assert "loses" in preview["warning"]
            assert "impasse" not in page.state["claims"]  # only a claim that counts
        async with opened(session_of("dobutsu")) as (_, page):
            assert page.state["claims"] == {}

    asyncio.run(scenario())


def _seeded(seed: int, state: dict[str, Any]) -> bool:
    """Whether the page's state is of a game with ``seed``."""
    return bool(state["settings"].get("seed") == str(seed))
