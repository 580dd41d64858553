"""The organiser's page's routes (aiohttp's test client): behind its token only, the
roster, the alerts most urgent first and the round's tables live in ``room.json``,
the buttons handed to the room's loop as commands, and no spectator's path reaching
any of it."""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import zipfile
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from engine.said import N_, said
from firmware_host.club.desk import Desk
from firmware_host.club.live_delay import Delay
from firmware_host.club.messages import Birth, Health, RoomState, TableState
from firmware_host.club.organiser import Command, Verb
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import Alert, AlertKind, Entry
from firmware_host.club.words import Look, alert_said, entry_said
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.web.organiser.app import HEADERS, new_token, organiser_app
from firmware_host.web.organiser.archive import archive_handler
from firmware_host.web.words.organiser_words import ORGANISER_WORDS, organiser_words
from firmware_host.web.words.page_words import PAGE_WORDS
from tests.firmware_host.club.livekit import fed
from tests.firmware_host.telling.test_languages import identical_on_purpose
from tests.firmware_host.telling.test_languages_page import index_words, script_words
from tests.firmware_host.web.helpers import said_keys
from tests.firmware_host.web.spectator.roomkit import room

ROUND = Round(
    2,
    (
        Pairing(1, ("Sato", "Suzuki"), "shogi"),
        Pairing(2, ("Ada", "Bo"), "abalone", (("layout", "belgian"),)),
        Pairing(5, ("Eve", "Fay"), "shogi"),
    ),
)
KEY = "ab" * 32


def a_desk() -> Desk:
    """A room of three boards: b1 bound to table 1, b2 offline at table 2 (a will), b3
    unbound with its battery low and a question open."""
    desk = Desk(ROUND, clock=lambda: 500.0)
    entries = (
        Entry("b1", True, 1, Birth("shogi", 1, None)),
        Entry("b2", False, 2, Birth("abalone", 2, 60)),
        Entry("b3", True, None, Birth("shogi", None, 9, Health.PROMPT_OPEN)),
    )
    alerts = (
        Alert(AlertKind.OFFLINE, "b2", 2),
        Alert(AlertKind.UNANSWERED_PROMPT, "b3", None),
        Alert(AlertKind.LOW_BATTERY, "b3", None, 9),
    )
    state = RoomState(2, ROUND.pairings, (TableState(1, "b1", KEY),))
    desk.see(Look(entries, alerts), state, True)
    return desk


def ran(scenario: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """The scenario run as a test, on a loop of its own (as the spectator's tests do)."""

    @functools.wraps(scenario)
    def test() -> None:
        asyncio.run(scenario())

    return test


async def client_of(app: web.Application) -> TestClient[web.Request, web.Application]:
    client = TestClient(TestServer(app))
    await client.start_server()
    return client


@ran
async def test_the_page_and_its_files_only_behind_the_token() -> None:
    token = new_token()
    assert len(token) >= 32 and token != new_token()
    client = await client_of(organiser_app(dict, Delay(), a_desk(), token))
    try:
        page = await client.get(f"/organiser/{token}/")
        assert page.status == 200 and "organiser.js" in await page.text()
        assert page.headers["Referrer-Policy"] == "no-referrer"
        assert page.headers["Cache-Control"] == "no-store"
        assert (await client.get(f"/organiser/{token}/static/organiser.js")).status == 200
        assert (await client.get(f"/organiser/{token}/static/board.js")).status == 404
        wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
        for path in ("/", "/static/organiser.js", "/room.json", "/words"):
            assert (await client.get(f"/organiser/{wrong}{path}")).status == 404, path
        assert (await client.get("/organiser/")).status == 404
        assert (await client.get("/")).status == 200  # the spectator page beside it
    finally:
        await client.close()


@ran
async def test_room_json_the_roster_the_alerts_most_urgent_first_and_the_round_live() -> None:
    tables = room(1000.0)
    for _ in range(3):
        tables[1].play(1010.0)
    token = new_token()
    desk = a_desk()
    app = organiser_app(lambda: {1: tables[1].record}, Delay(), desk, token, clock=lambda: 1234.0)
    client = await client_of(app)
    try:
        answer = await client.get(f"/organiser/{token}/room.json")
        assert answer.status == 200
        shown: dict[str, Any] = await answer.json()
        assert shown["round"] == 2 and shown["connected"] and shown["now"] == 1234.0
        boards = {board["board"]: board for board in shown["boards"]}
        assert boards["b1"]["bound"] == 1 and boards["b1"]["online"]
        assert boards["b2"]["online"] is False and boards["b2"]["table"] == 2
        assert boards["b3"]["battery"] == 9 and boards["b3"]["health"] == "prompt-open"
        glance = desk.glance
        b3 = next(entry for entry in glance.entries if entry.board == "b3")
        assert boards["b3"]["text"] == told(entry_said(b3), Language.ENGLISH)
        assert "board b3 online" in boards["b3"]["text"]
        kinds = [(alert["kind"], alert["table"]) for alert in shown["alerts"]]
        assert kinds == [("offline", 2), ("unanswered-prompt", None), ("low-battery", None)]
        assert shown["alerts"][0]["since"] == 500.0
        offline = alert_said(glance.alerts[0].alert)
        assert offline.msgid == "{where}: board {board} is offline"
        assert shown["alerts"][0]["text"] == told(offline, Language.ENGLISH)
        assert not said_keys(shown)  # the page is sent text, told for it
        by_table = {table["table"]: table for table in shown["tables"]}
        assert sorted(by_table) == [1, 2, 5]
        one = by_table[1]
        assert one["board"] == "b1" and one["players"] == ["Sato", "Suzuki"]
        assert one["moves"] == 3 and one["to_move"] == 1 and one["result"] is None
        assert one["last_move"] == tables[1].line[2]
        assert by_table[2]["variant"] == "layout=belgian" and by_table[2]["board"] is None
        assert by_table[5]["moves"] == 0 and by_table[5]["to_move"] is None
        assert shown["export"] is None

        again = await client.get(
            f"/organiser/{token}/room.json", headers={"If-None-Match": answer.headers["ETag"]}
        )
        assert again.status == 304
        tables[1].play(1020.0)
        moved = await client.get(
            f"/organiser/{token}/room.json", headers={"If-None-Match": answer.headers["ETag"]}
        )
        assert moved.status == 200 and (await moved.json())["tables"][0]["moves"] == 4
        # the page in Polish: what is said comes told in it, another answer (its tag)
        polish = await client.get(f"/organiser/{token}/room.json?language=pl")
        assert polish.headers["ETag"] != moved.headers["ETag"]
        told_pl: dict[str, Any] = await polish.json()
        assert told_pl["alerts"][0]["text"] == told(offline, Language.POLISH)
        assert told_pl["alerts"][0]["text"] != shown["alerts"][0]["text"]
        assert not said_keys(told_pl)
        assert (await client.get(f"/organiser/{token}/room.json?language=xx")).status == 400
    finally:
        await client.close()


@ran
async def test_the_buttons_hand_their_commands_to_the_rooms_loop() -> None:
    desk = a_desk()
    token = new_token()
    client = await client_of(organiser_app(dict, Delay(), desk, token))
    base = f"/organiser/{token}"
    try:
        assert (await client.post(f"{base}/light", json={"board": "b3", "table": 5})).status == 202
        assert (await client.post(f"{base}/bind", json={"board": "b3", "table": 5})).status == 202
        assert (await client.post(f"{base}/unbind", json={"table": 1})).status == 202
        assert desk.commands() == [
            Command(Verb.LIGHT, "b3", 5),
            Command(Verb.BIND, "b3", 5),
            Command(Verb.UNBIND, table=1),
        ]
        unknown = await client.post(f"{base}/bind", json={"board": "b9", "table": 5})
        assert unknown.status == 400
        assert (await unknown.json())["text"] == "no board b9 in the room"
        polish = await client.post(f"{base}/bind?language=pl", json={"board": "b9", "table": 5})
        why = said(N_("no board {board} in the room"), board="b9")
        assert (
            (await polish.json())["text"]
            == told(why, Language.POLISH)
            != told(why, Language.ENGLISH)
        )
        for table in (0, 501, "3", True, None):
            refused = await client.post(f"{base}/light", json={"board": "b1", "table": table})
            assert refused.status == 400, table
        assert (await client.post(f"{base}/light", data=b"light b1 1")).status == 400
        as_a_form = {"Content-Type": "text/plain"}  # what another site's form can send
        body = b'{"board": "b1", "table": 1}'
        assert (await client.post(f"{base}/light", data=body, headers=as_a_form)).status == 400
        assert desk.commands() == []
    finally:
        await client.close()


@ran
async def test_no_spectators_path_reaches_the_organisers_actions() -> None:
    desk = a_desk()
    token = new_token()
    client = await client_of(organiser_app(dict, Delay(), desk, token))
    asked = {"board": "b1", "table": 1}
    try:
        for prefix in ("", "/outside", "/organiser", f"/organiser/{token[:-2]}", "/tables"):
            for verb in ("light", "bind", "unbind"):
                answer = await client.post(f"{prefix}/{verb}", json=asked)
                assert answer.status in (404, 405), (prefix, verb, answer.status)
        for path in ("/room.json", "/outside/room.json", "/static/organiser.html"):
            assert (await client.get(path)).status == 404, path
        assert (await client.get(f"/organiser/{token}/light")).status == 405  # POST only
        assert desk.commands() == []
    finally:
        await client.close()


@ran
async def test_the_export_is_linked_when_there_is_one() -> None:
    async def export(request: web.Request) -> web.StreamResponse:
        return web.Response(text="round 2")

    token = new_token()
    client = await client_of(organiser_app(dict, Delay(), a_desk(), token, export=export))
    try:
        shown = await (await client.get(f"/organiser/{token}/room.json")).json()
        assert shown["export"] == "export"
        assert await (await client.get(f"/organiser/{token}/export")).text() == "round 2"
        assert (await client.get("/organiser/x" * 3 + "/export")).status == 404
    finally:
        await client.close()


@ran
async def test_the_rounds_archive_is_one_zip_of_the_round_as_it_stands() -> None:
    """Issue 79: one archive per round, downloadable from the organiser's page."""
    record = fed(4)
    tables = lambda: {1: record}  # noqa: E731 - the room's live tables, as a callable
    token = new_token()
    archive = archive_handler(ROUND, tables, HEADERS, event="Club cup")
    client = await client_of(organiser_app(tables, Delay(), a_desk(), token, export=archive))
    try:
        answer = await client.get(f"/organiser/{token}/export")
        assert answer.status == 200
        assert answer.headers["Content-Type"] == "application/zip"
        assert 'filename="round-2.zip"' in answer.headers["Content-Disposition"]
        assert answer.headers["Cache-Control"] == "no-store"
        with zipfile.ZipFile(io.BytesIO(await answer.read())) as zipped:
            names = set(zipped.namelist())
            csa = zipped.read("round-2/table-1.csa").decode()
        assert {"round-2/table-1.kif", "round-2/table.csv", "crosstable.csv"} <= names
        assert "N+Sato" in csa and "+7776FU" in csa
    finally:
        await client.close()


def test_an_earlier_round_unreadable_is_told_and_the_archive_still_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The archive's crosstable left the rounds kept before out, without a word, when
    one of their files could not be read: the organiser's console (the room's warnings)
    now names the file and why."""
    kept = tmp_path / "kept"
    (kept / "round-1").mkdir(parents=True)
    (kept / "round-1" / "results.json").write_text("{not json", encoding="utf-8")
    record = fed(4)
    tables = lambda: {1: record}  # noqa: E731 - the room's live tables, as a callable
    token = new_token()
    archive = archive_handler(ROUND, tables, HEADERS, kept=kept)

    async def scenario() -> None:
        client = await client_of(organiser_app(tables, Delay(), a_desk(), token, export=archive))
        try:
            answer = await client.get(f"/organiser/{token}/export")
            assert answer.status == 200
            with zipfile.ZipFile(io.BytesIO(await answer.read())) as zipped:
                assert "crosstable.csv" in zipped.namelist()
        finally:
            await client.close()

    with caplog.at_level(logging.WARNING):
        asyncio.run(scenario())
    warned = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert any("round-1/results.json" in line and "cannot be read" in line for line in warned)


def test_every_english_word_of_the_organisers_page_is_a_served_word_translated() -> None:
    words = {*index_words("organiser.html"), *script_words(own="organiser.js")}
    assert {"The organiser's desk", "Needs you now", "light", "{player} to move"} <= words
    assert sorted(words - set(ORGANISER_WORDS) - set(PAGE_WORDS)) == []
    for language in Language:
        served = organiser_words(language)
        if language is Language.ENGLISH:
            assert served == {}
            continue
        same = identical_on_purpose(language)
        for english in ORGANISER_WORDS:
            assert served[english] != english or english in same, (language, english)
        assert served["Shogi"] != "Shogi" or "Shogi" in same
