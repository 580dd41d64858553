"""The web companion's server on a live simulated board, through aiohttp's test client."""

from __future__ import annotations

import asyncio
import re
from functools import partial
from pathlib import Path
from typing import Any

from engine.registry import find_game
from firmware_host.session.state import GLANCE
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.web.server.app import STATIC_TYPES
from tests.firmware_host.web.helpers import (
    Json,
    led_of,
    opened,
    served,
    sim_session,
)

COLOURS = DEFAULT_PALETTE.colours
STATIC = Path(__file__).resolve().parents[4] / "firmware_host" / "web" / "static"


def top(state: Json, spot: str) -> Json:
    """The top stone on a spot, or {} when it is empty."""
    stones = state["pieces"].get(spot)
    return stones[-1] if stones else {}


def hex_of(meaning: Meaning) -> str:
    return COLOURS[meaning].hex()


def test_a_page_gets_the_catalogue_the_board_and_the_state() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            catalogue, board, state = page.messages
            assert catalogue["type"] == "catalogue" and catalogue["mode"] == "simulator"
            dobutsu = next(g for g in catalogue["games"] if g["name"] == "dobutsu")
            assert [o["name"] for o in dobutsu["options"]] == ["promotion", "repetition", "touch"]
            assert dobutsu["profiles"][0] == "sim-dobutsu"
            assert "sim-dobutsu-stands" in dobutsu["profiles"]
            assert board["type"] == "board" and board["shape"] == "square"
            assert len(board["cells"]) == 12 and len(board["off_board"]) == 6
            assert len(board["leds"]) == 12 and board["led_count"] == 15
            assert {i["name"] for i in board["indicators"]} == {"turn:0", "turn:1", "status"}
            assert board["buttons"] == ["ok", "next", "back"] and board["world"] is True
            assert state["type"] == "state" and state["phase"] == "play"
            assert state["moves"] == [] and state["turn"] == 0
            assert state["pieces"]["2c"] == [
                {"label": "C", "kind": "C", "owner": 0, "flipped": False}
            ]
            assert len(state["leds"]) == 15
            # seat 0 to move: its turn LED shows its colour
            turn = next(i for i in board["indicators"] if i["name"] == "turn:0")["leds"][0]
            assert state["leds"][turn] == DEFAULT_PALETTE.seats["black"].hex()

    asyncio.run(scenario())


def test_lift_lights_the_captures_and_place_plays_the_move() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            assert (await page.send(type="lift", spot="2c"))["type"] == "ok"
            state = await page.state_where(lambda s: s["held"] != [])
            assert "2c" not in state["pieces"]
            assert state["held"][0]["label"] == "C"
            lit = await page.state_where(
                lambda s: s["leds"][led_of(page.board, "2b")] == hex_of(Meaning.CAPTURE)
            )
            assert lit["leds"][led_of(page.board, "2c")] == hex_of(Meaning.LIFTED)
            assert (await page.send(type="place", spot="2b"))["type"] == "ok"
            played = await page.state_where(lambda s: s["moves"] == ["2c2b"])
            # the simulated hand took the captured chick to A's stand first
            assert played["pieces"]["hand:b:C"][0]["owner"] == 0
            assert played["pieces"]["2b"][0]["label"] == "C" and played["held"] == []
            assert played["turn"] == 1
            notice = next(m for m in page.messages if m["type"] == "notice")
            assert notice["event"] == "move" and notice["move"] == "2c2b"
            assert notice["line"] == "move 1: 2c2b"  # the telling's words, not the page's

    asyncio.run(scenario())


def test_move_guide_unguide_and_the_record() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (client, page):
            assert (await page.send(type="guide", move="2c2b"))["type"] == "ok"
            guided = await page.state_where(lambda s: s["guide"] == "2c2b")
            assert guided["leds"][led_of(page.board, "2c")] == hex_of(Meaning.GUIDE)
            assert (await page.send(type="unguide"))["type"] == "ok"
            await page.state_where(lambda s: s["guide"] is None)
            for ply, move in enumerate(("2c2b", "2a2b"), start=1):
                answer = await page.send(type="move", **{"from": move[:2], "to": move[2:]})
                assert answer["type"] == "ok"
                await page.state_where(partial(_has_moves, ply))
            assert page.state["moves"] == ["2c2b", "2a2b"]
            record = await page.send(type="download")
            assert record["type"] == "record" and record["filename"].endswith(".txt")
            assert "1. 2c2b 2a2b" in record["text"]
            assert '[Start "gle/1c1/1C1/ELG b - 1"]' in record["text"]
            response = await client.get("/record?format=txt")
            assert response.status == 200
            assert "attachment" in response.headers["Content-Disposition"]
            assert (await response.text()) == record["text"]
            response = await client.get("/state")
            assert (await response.json())["moves"] == ["2c2b", "2a2b"]

    asyncio.run(scenario())


def test_takeback_resign_draw_and_a_new_game() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            refused = await page.send(type="takeback")
            assert refused["type"] == "error" and refused["code"] == "refused"
            await page.send(type="move", **{"from": "2c", "to": "2b"})
            await page.state_where(lambda s: s["moves"] == ["2c2b"])
            assert (await page.send(type="takeback"))["type"] == "ok"
            # the simulated hands put the pieces back, and play goes on
            back = await page.state_where(lambda s: s["moves"] == [] and s["phase"] == "play")
            assert back["pieces"]["2c"][0]["owner"] == 0 and back["pieces"]["2b"][0]["owner"] == 1
            assert (await page.send(type="resign"))["type"] == "ok"
            over = await page.state_where(lambda s: s["outcome"] is not None)
            assert over["outcome"]["termination"] == "resignation"
            assert over["outcome"]["winners"] == [1] and over["phase"] == "game over"
            again = await page.send(type="resign")
            assert again["code"] == "refused" and "already over" in again["message"]
            answer = await page.send(
                type="new_game",
                game="robot-duel",
                variants={"promotion": "mandatory"},
                position="gle/3/3/1LG b CE 1",
            )
            assert answer["type"] == "ok"
            start = find_game("dobutsu").position("gle/3/3/1LG b CE 1").text()
            fresh = await page.state_where(lambda s: s["position"] == start)
            assert fresh["options"]["promotion"] == "mandatory" and fresh["outcome"] is None
            assert fresh["pieces"]["hand:b:E"][0]["kind"] == "E"
            assert (await page.send(type="draw"))["type"] == "ok"
            drawn = await page.state_where(lambda s: s["outcome"] is not None)
            assert drawn["outcome"]["winners"] == [] and drawn["outcome"]["termination"] == "agreed"

    asyncio.run(scenario())


def test_a_new_game_on_a_board_already_set_up_starts_at_once() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            first = page.state["game_id"]
            assert (await page.send(type="new_game", game="dobutsu"))["type"] == "ok"
            fresh = await page.state_where(lambda s: s["game_id"] != first)
            assert fresh["phase"] == "play" and fresh["moves"] == []

    asyncio.run(scenario())


def test_a_drop_prompt_answered_by_name_and_by_the_buttons() -> None:
    async def scenario() -> None:
        async with opened(sim_session(position="1le/3/3/1L1 b CEG 1")) as (_, page):
            await page.send(type="lift", spot="hand:b:C")
            await page.send(type="place", spot="2c")
            prompt = await page.state_where(lambda s: s["prompt"] is not None)
            assert prompt["prompt"] == {
                "choices": ["C*2c", "E*2c", "G*2c"],
                "selected": 0,
                "labels": [
                    "drop the chick (C*2c)",
                    "drop the elephant (E*2c)",
                    "drop the giraffe (G*2c)",
                ],
                "heading": "Which piece is dropped?",
            }
            # the page names another language: the state comes again, told in it
            assert (await page.send(type="language", language="pl"))["command"] == "language"
            assert page.state["prompt"]["labels"][1].endswith("biały robot, na 2 c (E*2c)")
            await page.send(type="language", language="fr")
            assert page.state["prompt"]["heading"] == "Quelle pièce est parachutée ?"
            await page.send(type="language", language="en")
            assert prompt["phase"] == "prompt"
            wrong = await page.send(type="select", choice="2c2b")
            assert wrong["code"] == "refused" and "not one of the choices" in wrong["message"]
            assert (await page.send(type="select", choice="C*2c"))["type"] == "ok"
            await page.state_where(lambda s: s["moves"] == ["C*2c"] and s["prompt"] is None)
            await page.send(type="move", **{"from": "2a", "to": "3a"})
            await page.state_where(lambda s: len(s["moves"]) == 2)
            await page.send(type="move", **{"from": "hand:b:G", "to": "3c"})
            await page.state_where(lambda s: s["prompt"] is not None)
            await page.send(type="press", button="next")
            selected = await page.state_where(
                lambda s: s["prompt"] is not None and s["prompt"]["selected"] == 1
            )
            assert selected["prompt"]["choices"] == ["E*3c", "G*3c"]
            await asyncio.sleep(GLANCE)  # the prompt read: an ok sooner is a habit
            await page.send(type="press", button="ok")
            done = await page.state_where(lambda s: len(s["moves"]) == 3)
            assert done["moves"][-1] == "G*3c"

    asyncio.run(scenario())


def test_flip_turns_a_piece_over_and_the_hand_holds_what_it_lifted() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            assert (await page.send(type="flip", spot="2c"))["type"] == "ok"
            flipped = await page.state_where(lambda s: top(s, "2c").get("flipped") is True)
            assert flipped["pieces"]["2c"][0]["label"] == "+C"
            await page.send(type="flip", spot="2c")
            await page.state_where(lambda s: top(s, "2c").get("flipped") is False)
            await page.send(type="lift", spot="1d")
            await page.send(type="lift", spot="3d")
            holding = await page.state_where(lambda s: len(s["held"]) == 2)
            assert [stone["label"] for stone in holding["held"]] == ["G", "E"]
            # put the first one lifted back by its index in the hand, then the other
            await page.send(type="place", spot="1d", held=0)
            await page.send(type="place", spot="3d")
            back = await page.state_where(lambda s: s["held"] == [])
            assert back["pieces"]["1d"][0]["label"] == "G"
            assert back["pieces"]["3d"][0]["label"] == "E" and back["moves"] == []

    asyncio.run(scenario())


def test_a_new_game_on_another_simulated_board_sends_its_drawing() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            answer = await page.send(
                type="new_game",
                game="dobutsu",
                settings={"profile": "sim-dobutsu-stands", "palette": "colour-blind"},
            )
            assert answer["type"] == "ok"
            boards = [m for m in page.messages if m["type"] == "board"]
            assert len(boards) == 2  # on connecting, and for the new board (before the answer)
            board = boards[-1]
            assert board["profile"] == "Robot Duel simulated board, sensed stands"
            assert board["led_count"] == 21 and "hand:b:C" in board["sensed"]
            # a drop on the sensed stand needs no prompt
            await page.state_where(lambda s: s["phase"] == "play")
            await page.send(type="move", **{"from": "2c", "to": "2b"})
            await page.state_where(lambda s: s["moves"] == ["2c2b"])
            await page.send(type="move", **{"from": "2a", "to": "3b"})
            await page.state_where(lambda s: len(s["moves"]) == 2)
            await page.send(type="move", **{"from": "hand:b:C", "to": "2c"})
            state = await page.state_where(lambda s: len(s["moves"]) == 3)
            assert state["moves"][-1] == "C*2c" and state["prompt"] is None

    asyncio.run(scenario())


def test_an_idle_board_sends_nothing() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            assert await page.quiet(0.6) == []

    asyncio.run(scenario())


KINDS = {".css": "text/css", ".js": "text/javascript", ".woff2": "font/woff2", ".txt": "text/plain"}
"""The type each of the page's files is served as, by its suffix."""
ROOM_PAGES = frozenset({"spectator", "organiser"})
"""The club room's pages (web/spectator, web/organiser): their files are not the board's."""


def test_the_page_and_its_files_are_served_with_a_strict_policy() -> None:
    async def scenario() -> None:
        async with served(sim_session()) as client:
            response = await client.get("/")
            body = await response.text()
            assert response.status == 200 and 'src="static/app.js"' in body
            policy = response.headers["Content-Security-Policy"]
            assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
            assert response.headers["X-Frame-Options"] == "DENY"
            assert 'type="module"' in body
            for name in STATIC.iterdir():
                if name.name == "index.html":
                    continue
                if name.name.split(".")[0] in ROOM_PAGES:  # served by the room's server
                    assert (await client.get(f"/static/{name.name}")).status == 404, name
                    continue
                kind = KINDS[name.suffix]
                response = await client.get(f"/static/{name.name}")
                assert response.status == 200 and response.content_type == kind, name
                if kind.startswith("font/"):
                    continue
                # every module a script imports is one the server gives out
                for imported in re.findall(r'from "\./([\w.]+)"', await response.text()):
                    assert imported in STATIC_TYPES, (name.name, imported)
            assert (await client.get("/static/../server.py")).status == 404
            assert (await client.get("/static/secret.txt")).status == 404
            bad = await client.get("/record?format=kif")
            assert bad.status == 400 and (await bad.json())["code"] == "unknown_format"

    asyncio.run(scenario())


async def _state_unchanged(page: Any, before: Json) -> None:
    answer = await page.send(type="download")  # a round trip: every earlier answer is in
    assert answer["type"] == "record"
    assert page.latest["state"] == before
    assert [m for m in page.messages if m["type"] == "state"][-1] == before


MALFORMED: list[tuple[str, str]] = [
    ("{not json", "not_json"),
    ("[" * 5000 + "]" * 5000, "not_json"),  # deeper than json's recursion goes
    ('{"type": "lift", "spot": "2c", "id": ' + "{" * 40 + "}" * 40 + "}", "not_json"),
    ('{"type": "place", "spot": "2b", "held": NaN}', "not_json"),
    ("[1, 2]", "not_object"),
    ('"lift"', "not_object"),
    ('{"spot": "2c"}', "missing_field"),
    ('{"type": 5}', "wrong_type"),
    ('{"type": "teleport", "spot": "2c"}', "unknown_type"),
    ('{"type": "lift"}', "missing_field"),
    ('{"type": "lift", "spot": "2c", "force": true}', "extra_field"),
    ('{"type": "takeback", "plies": 2}', "extra_field"),
    ('{"type": "lift", "spot": 5}', "wrong_type"),
    ('{"type": "lift", "spot": null}', "wrong_type"),
    ('{"type": "place", "spot": "2b", "held": "0"}', "wrong_type"),
    ('{"type": "place", "spot": "2b", "held": true}', "wrong_type"),
    ('{"type": "place", "spot": "2b", "held": -1}', "invalid"),
    ('{"type": "move", "from": "2c"}', "missing_field"),
    ('{"type": "lift", "spot": "2c", "id": true}', "wrong_type"),
    ('{"type": "lift", "spot": "9z"}', "unknown_spot"),
    ('{"type": "move", "from": "2c", "to": "hand:x:Q"}', "unknown_spot"),
    ('{"type": "press", "button": "roll"}', "unknown_button"),
    ('{"type": "press", "button": ["ok"]}', "wrong_type"),
    ('{"type": "new_game", "game": "chess"}', "unknown_game"),
    ('{"type": "new_game", "game": "dobutsu", "variants": {"colour": "red"}}', "unknown_variant"),
    (
        '{"type": "new_game", "game": "dobutsu", "variants": {"promotion": "never"}}',
        "unknown_variant",
    ),
    ('{"type": "new_game", "game": "dobutsu", "variants": {"repetition": 3}}', "wrong_type"),
    ('{"type": "new_game", "game": "dobutsu", "variants": ["a"]}', "wrong_type"),
    ('{"type": "new_game", "game": "dobutsu", "position": "gle/1c1 b - 1"}', "invalid_position"),
    ('{"type": "new_game", "game": "dobutsu", "position": 7}', "wrong_type"),
    ('{"type": "new_game", "game": "dobutsu", "settings": {"profile": "nope"}}', "unknown_profile"),
    ('{"type": "new_game", "game": "dobutsu", "settings": {"profile": 1}}', "wrong_type"),
    ('{"type": "new_game", "game": "dobutsu", "settings": {"palette": "neon"}}', "unknown_palette"),
    ('{"type": "new_game", "game": "dobutsu", "settings": {"noise": "on"}}', "extra_field"),
    ('{"type": "resign", "seat": 2}', "invalid"),
    ('{"type": "download", "format": "kif"}', "unknown_format"),
    ('{"type": "roll", "dice": 3}', "extra_field"),
    ('{"type": "claim", "claim": "impasse", "seat": 0}', "extra_field"),
    ('{"type": "new_game", "game": "dobutsu", "settings": {"clock": "later"}}', "invalid_setting"),
    ('{"type": "new_game", "game": "dobutsu", "settings": {"seed": 4}}', "wrong_type"),
]


def test_malformed_and_unknown_messages_are_refused_and_change_nothing() -> None:
    async def scenario() -> None:
        async with opened(sim_session()) as (_, page):
            await page.send(type="lift", spot="1b")  # empty: nothing to lift
            before = page.state
            for text, code in MALFORMED:
                answer = await page.send_raw(text)
                assert answer["code"] == code, (text, answer)
                assert answer["message"]
            assert page.latest["state"] == before
            # state-dependent refusals change nothing either
            nothing = await page.send(type="lift", spot="1b")
            assert nothing["code"] == "invalid" and "nothing on 1b" in nothing["message"]
            empty = await page.send(type="place", spot="1b")
            assert empty["code"] == "invalid" and "holds nothing" in empty["message"]
            await _state_unchanged(page, before)
            # an id comes back with its error
            await page.ws.send_str('{"type": "lift", "spot": "9z", "id": "mine"}')
            tagged = await page.until(lambda m: m["type"] == "error")
            assert tagged["id"] == "mine" and tagged["field"] == "spot"

    asyncio.run(scenario())


def _has_moves(count: int, state: dict[str, Any]) -> bool:
    """Whether the page's state holds ``count`` moves."""
    return len(state["moves"]) == count
