"""Each page names its language and is sent text told in it: over the socket
(``?language=`` when it opens, a ``language`` message after), and ``/state?language=``."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

import pytest

from engine.registry import find_game
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.telling.status import Surface, status_said
from tests.firmware_host.web.helpers import Page, said_keys, served, sim_session

DOBUTSU = find_game("dobutsu")


async def _page(client: Any, language: str | None = None) -> Page:
    """A page opened in ``language`` (None: as a page that names none), past the
    catalogue, the board and the state."""
    ws = await client.ws_connect("/ws" if language is None else f"/ws?language={language}")
    page = Page(ws)
    for _ in range(3):
        await page.next()
    return page


def _played(count: int, state: dict[str, Any]) -> bool:
    return len(state["moves"]) == count


def _seat_names(language: str) -> tuple[str, ...]:
    names = DOBUTSU.seats_in(language)
    assert names is not None
    return names


def test_two_pages_in_two_languages_each_read_their_own() -> None:
    async def scenario() -> None:
        session = sim_session()
        async with served(session) as client:
            polish, japanese, english = (
                await _page(client, "pl"),
                await _page(client, "ja"),
                await _page(client),
            )
            status = status_said(session.controller, surface=Surface.PAGE)
            for page, language in (
                (polish, Language.POLISH),
                (japanese, Language.JAPANESE),
                (english, Language.ENGLISH),
            ):
                assert page.state["message"] == told(status, language, DOBUTSU)
            assert polish.board["seats"][1]["name"] == _seat_names("pl")[1]
            assert japanese.board["seats"][1]["name"] == _seat_names("ja")[1]
            assert english.board["seats"][1]["name"] == "B (gote)"
            assert polish.state["message"] != japanese.state["message"]
            # a move: every page gets its notice and state, each in its own language
            await english.send(type="move", **{"from": "2c", "to": "2b"})
            lines = []
            for page in (polish, japanese, english):
                notice = await page.until(lambda m: m["type"] == "notice" and m["event"] == "move")
                lines.append(notice["line"])
            assert lines[2] == "move 1: 2c2b"
            assert len(set(lines)) == 3, lines
            for page in (polish, japanese, english):
                await page.ws.close()

    asyncio.run(scenario())


def test_a_page_that_names_another_language_gets_what_it_shows_again() -> None:
    async def scenario() -> None:
        session = sim_session()
        async with served(session) as client:
            page, other = await _page(client), await _page(client)
            seen = len(page.messages)
            answer = await page.send(type="language", language="cs")
            assert answer == {
                "type": "ok",
                "id": answer["id"],
                "command": "language",
                "language": "cs",
            }
            again = [m["type"] for m in page.messages[seen:]]
            assert again == ["catalogue", "board", "state", "ok"]
            assert page.board["seats"][0]["name"] == _seat_names("cs")[0]
            status = status_said(session.controller, surface=Surface.PAGE)
            assert page.state["message"] == told(status, Language.CZECH, DOBUTSU)
            assert not await other.quiet(0.3)  # the other page reads English, and nothing changed
            assert other.board["seats"][0]["name"] == "A (sente)"
            await page.ws.close()
            await other.ws.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ('{"type": "language"}', "missing_field"),
        ('{"type": "language", "language": 3}', "wrong_type"),
        ('{"type": "language", "language": "xx"}', "unknown_language"),
        ('{"type": "language", "language": "pl", "colour": "red"}', "extra_field"),
        ('{"type": "language", "language": null}', "missing_field"),
    ],
)
def test_a_malformed_language_is_refused_and_changes_nothing(message: str, code: str) -> None:
    async def scenario() -> None:
        async with served(sim_session()) as client:
            page = await _page(client, "pl")
            refused = await page.send_raw(message)
            assert refused["code"] == code and refused["field"] in ("language", "colour")
            assert "language" in refused["message"] or "colour" in refused["message"]
            await page.send(type="lift", spot="2c")  # a state follows, still in Polish
            state = await page.state_where(lambda s: s["held"] != [])
            assert state["message"] != told(
                status_said(_controller(client), surface=Surface.PAGE), Language.ENGLISH, DOBUTSU
            )
            await page.ws.close()

    asyncio.run(scenario())


def _controller(client: Any) -> Any:
    from firmware_host.web.server.app import SESSION

    return client.server.app[SESSION].controller


def test_a_socket_opened_in_an_unknown_language_is_refused() -> None:
    async def scenario() -> None:
        async with served(sim_session()) as client:
            response = await client.get("/ws?language=xx")
            assert response.status == 400
            assert "no language 'xx'" in await response.text()

    asyncio.run(scenario())


def test_the_state_over_http_is_told_in_the_language_asked_for() -> None:
    async def scenario() -> None:
        session = sim_session()
        async with served(session) as client:
            status = status_said(session.controller, surface=Surface.PAGE)
            for code in ("en", "ja", "pl"):
                state = await (await client.get(f"/state?language={code}")).json()
                assert not said_keys(state)
                assert state["message"] == told(status, Language(code), DOBUTSU)
            assert (await client.get("/state?language=xx")).status == 400
            assert (await client.get("/said?language=pl")).status == 404  # no second renderer

    asyncio.run(scenario())


def test_a_whole_game_sent_to_a_page_holds_no_value_to_tell() -> None:
    """Moves, a refusal, a takeback, the end, a new game, an agreed draw: every message
    a page in Polish is sent is text (``Page.next`` checks each one as it comes)."""

    async def scenario() -> None:
        async with served(sim_session()) as client:
            page = await _page(client, "pl")
            for ply, move in enumerate(("2c2b", "2a2b"), start=1):
                await page.send(type="move", **{"from": move[:2], "to": move[2:]})
                await page.state_where(partial(_played, ply))
            await page.send(type="takeback")
            assert (await page.send(type="resign"))["type"] == "ok"
            over = await page.state_where(lambda s: s["outcome"] is not None)
            ended = _controller(client).outcome
            assert ended is not None
            outcome = DOBUTSU.describe_outcome(ended)
            assert over["outcome"]["description"] == told(outcome, Language.POLISH, DOBUTSU)
            again = await page.send(type="resign")
            assert again["code"] == "refused" and "already over" not in again["message"]
            await page.send(type="new_game", game="dobutsu")
            await page.send(type="draw")
            await page.state_where(lambda s: s["outcome"] is not None)
            kinds = {m["type"] for m in page.messages}
            assert {"catalogue", "board", "state", "notice", "ok", "error"} <= kinds, kinds
            assert not [m for m in page.messages if said_keys(m)]
            await page.ws.close()

    asyncio.run(scenario())
