"""The spectator page's index: every table with its game's JSON and what the page draws
it with (pieces by spot, the last move's spots, clocks with byoyomi, the result as a
value), the hall live and the outside held back, a 304 while nothing changed."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from engine.registry import find_game
from firmware_host.club.live_delay import Audience, Delay
from firmware_host.remote.messages import BoardState
from firmware_host.session.consent import Word, WordKind
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.web.spectator.app import CHECK, spectator_app
from firmware_host.web.spectator.index import Indexer, changed_spots
from firmware_host.web.words.page_words import PAGE_WORDS
from firmware_host.web.words.spectator_words import SPECTATOR_WORDS, spectator_words
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.notice_records import said_from_record
from tests.firmware_host.telling.test_languages import identical_on_purpose
from tests.firmware_host.telling.test_languages_page import index_words, script_words
from tests.firmware_host.web.helpers import said_keys
from tests.firmware_host.web.spectator.roomkit import room


def test_every_table_in_the_index_with_its_pieces_last_move_clocks_and_result() -> None:
    tables = room(1000.0)
    for ply in range(3):
        for table in tables.values():
            table.play(1010.0 + 10 * ply)
    now = [1035.0]

    async def scenario() -> None:
        app = spectator_app(
            lambda: {n: t.record for n, t in tables.items()}, Delay(moves=1), lambda: now[0]
        )
        async with TestClient(TestServer(app)) as client:
            answer = await client.get("/tables.json")
            assert answer.status == 200
            index: dict[str, Any] = await answer.json()
            assert index["audience"] == "hall" and index["now"] == 1035.0
            by_table = {entry["table"]: entry for entry in index["tables"]}
            assert sorted(by_table) == [1, 2, 3]
            shogi, abalone, chaturaji = by_table[1], by_table[2], by_table[3]
            assert [e["game"] for e in (shogi, abalone, chaturaji)] == [
                "shogi", "abalone", "chaturaji",
            ]  # fmt: skip
            assert shogi["players"] == ["Sato", "Suzuki"]
            assert shogi["last_move"] == tables[1].line[2] == shogi["moves"][-1]["move"]
            assert shogi["last"] == sorted(tables[1].line[2][i : i + 2] for i in (0, 2))
            assert len(abalone["last"]) >= 2  # every marble the push moved, and where to
            assert len(chaturaji["seats"]) == len(chaturaji["clocks"]) == 4
            assert chaturaji["to_move"] == 3
            assert shogi["byoyomi"] == [10.0, 1]
            assert shogi["clocks"][0]["left"] == 310.0 - 8.0  # two moves of 4 s
            assert shogi["running_since"] == 1030.0
            assert shogi["pieces"]["5i"][0]["kind"] == "K"
            assert shogi["result_text"] is None and shogi["result_text_said"] is None

            tag = answer.headers["ETag"]
            same = await client.get("/tables.json", headers={"If-None-Match": tag})
            assert same.status == 304
            outside = await (await client.get("/outside/tables.json")).json()
            held = {entry["table"]: entry for entry in outside["tables"]}
            assert held[1]["last_move"] == tables[1].line[1]  # one move behind
            assert held[1]["running_since"] is None  # the game is further on

            tables[1].record.feed(
                "host", 99,
                BoardState("g", (0, 1), 0, tables[1].line[:3], ending=Word(WordKind.RESIGN, 1)),
                1040.0,
            )  # fmt: skip
            now[0] = 1041.0
            moved = await client.get("/tables.json", headers={"If-None-Match": tag})
            assert moved.status == 200 and moved.headers["ETag"] != tag
            ended = (await moved.json())["tables"][0]
            assert ended["result"]["winners"] == [0]
            # for other programs: the result in English and as its value
            assert ended["result_text_said"]["msgid"] == "{seats} wins ({termination})"
            assert ended["result_text"] == str(said_from_record(ended["result_text_said"]))
            assert ended["to_move"] is None
            # for the page: told in its language, and no value left to tell
            for code in ("ja", "pl"):
                asked = await client.get(f"/tables.json?language={code}")
                assert asked.headers["ETag"] not in (moved.headers["ETag"], tag)
                told_index = await asked.json()
                assert not said_keys(told_index)
                result = said_from_record(ended["result_text_said"])
                shogi_game = find_game("shogi")
                assert told_index["tables"][0]["result_text"] == told(
                    result, Language(code), shogi_game
                )
                assert told_index["tables"][0]["result"] == ended["result"]
                again = await client.get(
                    f"/tables.json?language={code}",
                    headers={"If-None-Match": asked.headers["ETag"]},
                )
                assert again.status == 304
            assert (await client.get("/tables.json?language=xx")).status == 400
            assert (await client.get("/tables/1.kif")).status == 200  # the live files stay

    asyncio.run(scenario())


def test_the_page_its_modules_and_each_games_board_are_served_to_both_audiences() -> None:
    tables = room(1000.0)

    async def scenario() -> None:
        app = spectator_app(lambda: {n: t.record for n, t in tables.items()}, Delay(seconds=30))
        async with TestClient(TestServer(app)) as client:
            for prefix in ("", "/outside"):
                page = await client.get(f"{prefix}/")
                assert page.status == 200 and "spectator.js" in await page.text()
                for name in ("spectator.js", "pieces.js", "board.js", "words.js", "style.css"):
                    assert (await client.get(f"{prefix}/static/{name}")).status == 200, name
                assert (await client.get(f"{prefix}/static/app.js")).status == 404
                board = await (await client.get(f"{prefix}/boards/abalone.json")).json()
                assert board["shape"].startswith("hex") and board["look"]["pieces"]
                assert not said_keys(board) and board["seats"][0]["name"] == "black"
                polish = await (
                    await client.get(f"{prefix}/boards/abalone.json?language=pl")
                ).json()
                assert polish["seats"][0]["name"] == "czarne" and not said_keys(polish)
                assert (await client.get(f"{prefix}/boards/chess.json")).status == 404
                words = await (await client.get(f"{prefix}/words?language=ja")).json()
                assert words["Table {number}"] != "Table {number}"
                assert "byo {time}" in words  # the board page's words too

    asyncio.run(scenario())


def test_the_last_move_is_the_spots_whose_pieces_changed() -> None:
    from engine.physical import Stone

    pawn, king = Stone("p", 0), Stone("k", 1)
    before = {"7g": (pawn,), "5a": (king,)}
    after = {"7f": (pawn,), "5a": (king,)}
    assert changed_spots(before, after) == ["7f", "7g"]


def test_every_english_word_of_the_spectator_page_is_a_served_word_translated() -> None:
    words = {*index_words("spectator.html"), *script_words(spectator=True)}
    assert {"Live games", "Table {number}", "last move: {move}", "to move"} <= words
    assert sorted(words - set(SPECTATOR_WORDS) - set(PAGE_WORDS)) == []
    for language in Language:
        served = spectator_words(language)
        if language is Language.ENGLISH:
            assert served == {}
            continue
        same = identical_on_purpose(language)
        for english in SPECTATOR_WORDS:
            assert served[english] != english or english in same, (language, english)


def test_a_page_that_has_the_index_is_answered_when_it_changes() -> None:
    """The long poll: with the index's ETag and ``wait``, the answer comes once a move
    changes the index (within a few ``CHECK``s), or as a 304 when the wait runs out;
    a wait that is not a number is refused."""
    tables = room(1000.0)
    for table in tables.values():
        table.play(1010.0)

    async def scenario() -> None:
        app = spectator_app(lambda: {n: t.record for n, t in tables.items()}, Delay())
        async with TestClient(TestServer(app)) as client:
            first = await client.get("/tables.json")
            tag = first.headers["ETag"]
            asked = time.monotonic()
            quiet = await client.get("/tables.json?wait=0.3", headers={"If-None-Match": tag})
            assert quiet.status == 304 and 0.25 <= time.monotonic() - asked < 2.0

            async def move_soon() -> None:
                await asyncio.sleep(0.4)
                tables[1].play(time.time())

            asked = time.monotonic()
            waiting = asyncio.ensure_future(
                client.get("/tables.json?wait=10", headers={"If-None-Match": tag})
            )
            await move_soon()
            moved = await waiting
            took = time.monotonic() - asked
            assert moved.status == 200 and moved.headers["ETag"] != tag
            assert 0.4 <= took < 0.4 + 5 * CHECK, took  # at its change, not at the wait's end
            assert len((await moved.json())["tables"][0]["moves"]) == 2
            bad = await client.get("/tables.json?wait=soon", headers={"If-None-Match": tag})
            assert bad.status == 400

    asyncio.run(scenario())


def test_a_move_at_one_table_tells_that_table_alone_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The index told in a page's language is told table by table: the same text as the
    whole index told at once, and a move at one table tells only that table again
    (all of them again doubled the hall server's time under make room-load)."""
    tables = room(1000.0)
    for table in tables.values():
        table.play(1010.0)
    indexer = Indexer(Audience.HALL, Delay())
    records = {n: t.record for n, t in tables.items()}
    calls: list[object] = []
    telling = told_for_page

    def counted(payload: Any, language: Language, game: Any) -> Any:
        calls.append(payload)
        return telling(payload, language, game)

    monkeypatch.setattr("firmware_host.web.spectator.index.told_for_page", counted)
    for move in range(2):
        index = indexer.index(records, 1020.0 + move)
        calls.clear()
        answer = json.loads(indexer.answer(index, 1020.0 + move, Language.JAPANESE))
        whole = telling(json.loads(index.tables), Language.JAPANESE, None)
        assert answer["tables"] == whole
        assert len(calls) == (len(tables) if move == 0 else 1)
        tables[1].play(1030.0)  # one table moves on
