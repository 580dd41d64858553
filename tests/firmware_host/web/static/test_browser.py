"""The page in a real headless browser: Debian's chromium driven by Playwright.

Never ``playwright install``: the browser is the system's (``make browser``
installs it with apt-get). A screenshot of every registered game's board, and of
two made-up hexagonal boards, is kept under test-artifacts/.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from aiohttp import web
from playwright.sync_api import BrowserContext, Page, sync_playwright

from engine.geometry import CellShape, Geometry, Seat
from engine.look import PLAIN
from engine.physical import Sensing
from engine.record import PLAIN_TEXT
from engine.registry import find_game
from engine.said import SeatWord
from firmware_host.store.records import formats
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.web.gate.commands import parse
from firmware_host.web.gate.pairing import Pairing
from firmware_host.web.page_state.messages import Mode, board_message
from firmware_host.web.server.app import create_app
from firmware_host.web.sessions.session import Session
from firmware_host.web.sessions.simulated import SimSession
from hardware.profile import LedSpec, Profile
from tests.firmware_host.web.drawing.test_spots import hex_geometry
from tests.firmware_host.web.helpers import PATIENT
from tests.registered import boarded_games

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

ROOT = Path(__file__).resolve().parents[4]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
ARGUMENTS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT = 60_000  # milliseconds: generous, for a loaded CI machine


class LiveServer:
    """The web companion on its own event loop in a thread, as the CLI runs it."""

    def __init__(self, build: Callable[[], Session], pairing: Pairing | None = None) -> None:
        self._build = build
        self._pairing = pairing
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.port = 0
        self.url = ""

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        try:
            self.loop.run_until_complete(self._start())
        except BaseException as error:  # tell the test thread, do not hang it
            self._failure = error
            self._ready.set()
            return
        self._ready.set()
        self.loop.run_forever()

    async def _start(self) -> None:
        self.session = self._build()
        self.runner = web.AppRunner(create_app(self.session, self._pairing))
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self.runner.addresses[0][1])

    def start(self) -> str:
        self.thread.start()
        assert self._ready.wait(120), "the server did not start"
        if self._failure is not None:
            raise self._failure
        self.url = f"http://127.0.0.1:{self.port}/"
        return self.url

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        """A command as the page would send it, answered on the server's loop."""

        async def carry_out() -> dict[str, Any]:
            request = parse(json.dumps(message), self.session.context())
            return await self.session.execute(request)

        return asyncio.run_coroutine_threadsafe(carry_out(), self.loop).result(120)

    def stop(self) -> None:
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(120)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(120)
        self.loop.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    store = GameStore(tmp_path_factory.mktemp("web") / "sim.sqlite3")
    live = LiveServer(lambda: SimSession(find_game("dobutsu"), store, resume=False, timing=PATIENT))
    live.start()
    yield live
    live.stop()
    store.close()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BrowserContext]:
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing: `make browser` installs it with apt-get")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=str(CHROMIUM),
            headless=True,
            args=ARGUMENTS,
            viewport={"width": 1000, "height": 760},
            bypass_csp=True,  # Playwright's waits evaluate code; the page itself forbids that
        )
        context.set_default_timeout(WAIT)
        yield context
        context.close()


def fresh_page(browser: BrowserContext, server: LiveServer, **game: Any) -> Page:
    """A new game on the server, and a page showing it, ready to play."""
    answer = server.send({"type": "new_game", "game": "dobutsu", **game})
    assert answer["type"] == "ok", answer
    page = browser.new_page()
    page.goto(server.url)
    page.wait_for_function(
        "() => document.body.dataset.phase === 'play' && document.body.dataset.moves === '0'"
    )
    return page


def centre(page: Page, spot: str) -> tuple[float, float]:
    box = page.locator(f"#board polygon[data-spot='{spot}']").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(
    page: Page, source: str, target: str, while_held: Callable[[], None] | None = None
) -> None:
    """Pointer down on a piece, a few moves, pointer up on the target spot (the board
    scrolled into view first, as a person scrolls to it after using the panel)."""
    page.locator("#board").scroll_into_view_if_needed()
    page.mouse.move(*centre(page, source))
    page.mouse.down()
    if while_held is not None:
        while_held()
    page.mouse.move(*centre(page, target), steps=6)
    page.mouse.up()


def wait_moves(page: Page, count: int) -> None:
    page.wait_for_function(
        "n => document.body.dataset.moves === String(n) && document.body.dataset.phase === 'play'",
        arg=count,
    )


def led_fill(page: Page, spot: str) -> str | None:
    return page.get_attribute(f"#board circle.led[data-spots='{spot}']", "fill")


def test_the_opening_by_dragging_with_the_leds_of_a_lifted_piece_then_a_takeback(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = fresh_page(browser, server)
    destination = DEFAULT_PALETTE.colours[Meaning.DESTINATION].hex()
    drag(page, "2c", "2b")  # a capture: the hand takes the chick to A's stand
    wait_moves(page, 1)
    assert page.locator("#board g.stone[data-spot='hand:b:C']").count() == 1
    drag(page, "2a", "2b")
    wait_moves(page, 2)

    def destinations_lit() -> None:
        page.wait_for_function(
            "c => document.querySelector(\"#board circle.led[data-spots='2c']\")"
            ".getAttribute('fill') === c",
            arg=destination,
        )
        assert led_fill(page, "2c") == destination  # the elephant's one destination
        lifted = DEFAULT_PALETTE.colours[Meaning.LIFTED].hex()
        assert led_fill(page, "3d") == lifted
        assert page.locator("#held svg").count() == 1  # the elephant is in the hand

    drag(page, "3d", "2c", while_held=destinations_lit)
    wait_moves(page, 3)
    drag(page, "3a", "2a")
    wait_moves(page, 4)
    assert page.locator("#moves li").all_inner_texts() == ["2c2b", "2a2b", "3d2c", "3a2a"]
    assert led_fill(page, "2c") != destination
    page.click("#takeback")
    wait_moves(page, 3)  # the simulated hands put the giraffe back
    assert page.locator("#board g.stone[data-spot='3a']").count() == 1
    assert page.locator("#moves li").all_inner_texts() == ["2c2b", "2a2b", "3d2c"]
    page.close()


def test_a_drop_prompt_answered_on_the_page_and_a_click_click_move(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = fresh_page(browser, server)
    page.click("#new-game summary")
    page.select_option("#new-game-name", "dobutsu")
    page.fill("#new-game-position", "1le/3/3/1L1 b CEG 1")
    page.click("#new-game-form button[type=submit]")
    page.wait_for_selector("#board g.stone[data-spot='hand:b:G']")
    page.wait_for_function("() => document.body.dataset.phase === 'play'")
    drag(page, "hand:b:C", "2c")
    page.wait_for_selector("#prompt:not([hidden]) button[data-choice='C*2c']")
    assert page.locator("#choices button").all_inner_texts() == [
        "drop the chick (C*2c)",
        "drop the elephant (E*2c)",
        "drop the giraffe (G*2c)",
    ]
    page.click("#choices button[data-choice='C*2c']")
    wait_moves(page, 1)
    assert page.locator("#prompt").is_hidden()
    page.mouse.click(*centre(page, "2a"))  # pick the lion up...
    page.wait_for_selector("#held svg")
    page.mouse.click(*centre(page, "3a"))  # ...and put it down
    wait_moves(page, 2)
    assert page.locator("#moves li").all_inner_texts() == ["C*2c", "2a3a"]
    page.close()


def indicator_fill(page: Page, name: str) -> str | None:
    return page.get_attribute(f"#board circle[data-indicator='{name}']", "fill")


def test_shogi_opening_a_capture_answering_the_promotion_prompt_and_a_running_clock(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = fresh_page(browser, server, game="shogi", settings={"clock": "10m", "seed": "1"})
    # the furigoma that chose who starts, its five pawns, and shogi's own claims
    assert page.locator("#opening .toss").count() == 5
    assert "furigoma:" in page.inner_text("#opening .draw-text")
    # the seed's impasse rule (the default): its count, not the declaration
    assert page.locator("#claims button").all_inner_texts() == ["Impasse"]
    assert page.locator("#dice").is_hidden() and page.locator("#unseen").is_hidden()
    # sente's clock counts down on the page between states
    clock = "#seats [data-clock='0']"
    page.wait_for_selector(f"{clock}.running")
    first = page.inner_text(clock)
    page.wait_for_function(
        "([selector, before]) => document.querySelector(selector).textContent !== before",
        arg=[clock, first],
    )
    assert page.inner_text("#seats [data-clock='1']") == "10:00"
    drag(page, "7g", "7f")
    wait_moves(page, 1)
    drag(page, "3c", "3d")
    wait_moves(page, 2)
    drag(page, "8h", "2b")  # the bishop takes the bishop: promote or not, the board cannot see
    page.wait_for_selector("#prompt:not([hidden]) button[data-choice='8h2b+']")
    assert page.locator("#choices button").all_inner_texts() == [
        "keep it a bishop (8h2b)",
        "promote the bishop (8h2b+)",
    ]
    page.click("#choices button[data-choice='8h2b+']")
    wait_moves(page, 3)
    assert page.locator("#moves li").all_inner_texts() == ["7g7f", "3c3d", "8h2b+"]
    assert page.locator("#board g.stone[data-spot='hand:b:B']").count() == 1
    assert page.locator("#prompt").is_hidden()
    page.wait_for_selector("#seats [data-clock='1'].running")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-shogi-play.png"), full_page=True)
    # the record in each of shogi's formats, from the page's download link
    assert page.locator("#format option").all_inner_texts() == [f.title for f in formats("shogi")]
    page.select_option("#format", "kif")
    with page.expect_download() as download:
        page.click("#download")
    kif = download.value
    assert kif.suggested_filename.endswith(".kifu")
    assert "２二角成(88)" in Path(kif.path()).read_text(encoding="utf-8")
    page.close()


def test_abalone_a_single_marble_and_a_line_moved_by_its_tail_marble(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = fresh_page(browser, server, game="abalone")
    drag(page, "C3", "D4")  # one marble, in line
    wait_moves(page, 1)
    drag(page, "G7", "F6")
    wait_moves(page, 2)
    # B3 and C4 stand in a line: the tail marble put on the hole in front of the line
    # leaves the board as the two-marble move leaves it
    drag(page, "B3", "D5")
    wait_moves(page, 3)
    assert page.locator("#moves li").all_inner_texts() == ["C3D4", "G7F6", "B3C4"]
    for spot, count in (("B3", 0), ("C4", 1), ("D5", 1)):
        assert page.locator(f"#board g.stone[data-spot='{spot}']").count() == count, spot
    assert page.locator("#claims").is_hidden() and page.locator("#seats").is_hidden()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-abalone-play.png"), full_page=True)
    page.close()


def test_chaturaji_roll_on_the_page_the_dice_and_movable_pieces_then_a_lost_turn(
    browser: BrowserContext, server: LiveServer
) -> None:
    page = fresh_page(browser, server)
    # the new game's session settings, from the dialog: the dice on the roll button,
    # seed 4 (black rolls a 3, its horse; green a 4, its elephant walled in), a clock
    page.click("#new-game summary")
    page.select_option("#new-game-name", "chaturaji")
    assert page.input_value("#new-game-options [data-option='seats']") == "black,green,red,yellow"
    page.select_option("#new-game-roll", "button")
    page.fill("#new-game-seed", "4")
    page.fill("#new-game-clock", "10m")
    page.click("#new-game-form button[type=submit]")
    page.wait_for_function("() => document.body.dataset.game === 'chaturaji'")
    page.wait_for_selector("#dice[data-state='roll-due'] #roll:not([hidden])")
    assert page.locator("#seats .seat-row").count() == 4
    assert page.locator("#seats .score").all_inner_texts() == ["0", "0", "0", "0"]
    assert page.inner_text("#seats [data-clock='3']") == "10:00"
    page.click("#roll")
    page.wait_for_selector("#dice[data-state='rolled'] .die[data-pips='3']")
    assert page.locator("#dice .die .pip:not(.none)").count() == 3
    movable = DEFAULT_PALETTE.colours[Meaning.MOVABLE].hex()
    assert led_fill(page, "b1") == movable
    assert page.locator("#board g.stone.movable").count() == 1
    assert page.get_attribute("#board g.stone.movable", "data-spot") == "b1"
    black = DEFAULT_PALETTE.seats["black"].hex()
    assert [indicator_fill(page, f"dice:0:{pip}") for pip in range(1, 4)] == [black] * 3
    drag(page, "b1", "c3")
    wait_moves(page, 2)
    page.wait_for_selector("#dice[data-state='roll-due']")
    assert "green" in page.inner_text("#dice-note")
    page.click("#roll")
    page.wait_for_selector("#dice[data-state='lost-turn'] .die[data-pips='4']")
    page.wait_for_selector("#unseen:not([hidden]) button[data-unseen='pass']")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-chaturaji-play.png"), full_page=True)
    page.click("#unseen button[data-unseen='pass']")
    wait_moves(page, 4)
    assert page.locator("#moves li").all_inner_texts() == ["roll 3", "b1c3", "roll 4", "pass"]
    page.wait_for_selector("#dice[data-state='roll-due']")
    assert "red" in page.inner_text("#dice-note")
    page.close()


def test_a_screenshot_of_every_game_and_of_hexagonal_boards(
    browser: BrowserContext, server: LiveServer
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for game in boarded_games():
        # dice wait for the roll button, so that every game shows its start position
        page = fresh_page(browser, server, game=game.name, settings={"roll": "button"})
        page.wait_for_function("g => document.body.dataset.game === g", arg=game.name)
        assert page.locator("#board polygon.cell").count() == len(game.cells)
        path = ARTIFACTS / f"web-{game.name}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000
        page.close()
    for shape in (CellShape.HEX_POINTY, CellShape.HEX_FLAT):
        board, state = made_up_hex_board(shape)
        page = browser.new_page()
        page.add_init_script("window.KIBAN_OFFLINE = true")
        page.goto(server.url)
        page.evaluate("([b, s]) => window.kiban.render(b, s)", [board, state])
        cells = page.locator("#board polygon.cell")
        assert cells.count() == 7
        points = cells.first.get_attribute("points")
        assert points is not None and len(points.split()) == 6
        lit = DEFAULT_PALETTE.colours[Meaning.DESTINATION].hex()
        assert page.get_attribute("#board circle.led[data-index='0']", "fill") == lit
        path = ARTIFACTS / f"web-made-up-{shape.value}.png"
        page.screenshot(path=str(path))
        assert path.stat().st_size > 5_000
        page.close()


def made_up_hex_board(shape: CellShape) -> tuple[dict[str, Any], dict[str, Any]]:
    """A seven-cell hexagonal game with one LED per cell, as the server would send it."""
    geometry: Geometry = hex_geometry(shape)
    seats = (Seat("Black", "b", "black"), Seat("White", "w", "white"))
    spots = tuple(place.spot for place in geometry.cells + geometry.off_board)
    game = SimpleNamespace(
        name="hexes",
        title="Made-up hexes",
        seats=seats,
        geometry=geometry,
        options=lambda: None,
        claims=lambda options: (),  # a game that can claim nothing
        record_formats=lambda: (PLAIN_TEXT,),
        position=lambda: SimpleNamespace(layout=dict),  # no pieces of its own to draw
        spoken_seats={},  # no words of its own: the contract's defaults
        piece_words=lambda language: {},
        seat_word=lambda seat: SeatWord(seat, seats[seat].name),
        look=PLAIN,  # no look of its own: labels on discs
    )
    leds = tuple((spot, (index,)) for index, spot in enumerate(spots))
    profile = Profile(
        "made-up board",
        "test",
        ("hexes",),
        Sensing.OCCUPANCY,
        100.0,
        3,
        (),
        LedSpec("simulated", len(spots) + 2, leds, (("turn:0", (8,)), ("status", (9,)))),
        (),
    )
    board = board_message(cast(Any, game), profile, Mode.SIMULATOR)
    colours = ["#000000"] * (len(spots) + 2)
    colours[0] = DEFAULT_PALETTE.colours[Meaning.DESTINATION].hex()
    colours[3] = DEFAULT_PALETTE.colours[Meaning.CAPTURE].hex()
    colours[8] = DEFAULT_PALETTE.seats["black"].hex()
    stone = {"label": "●", "kind": "M", "owner": 0, "flipped": False}
    other = {"label": "●", "kind": "M", "owner": 1, "flipped": False}
    state = {
        "type": "state",
        "game": "hexes",
        "seq": 1,
        "phase": "play",
        "turn": 0,
        "message": "Black to move",
        "prompt": None,
        "moves": [],
        "outcome": None,
        "leds": colours,
        "pieces": {"r1": [stone], "r4": [other], "gutter": [other, other]},
        "pieces_from": "world",
        "held": [],
        "clocks": [300.0, 245.5],
        "clock_running": 0,
        "dice": [],
        "roll_due": False,
        "forced": None,
        "movable": [],
        "scores": [0, 2],
        "teams": None,
        "team_scores": None,
        "draw": None,
        "unseen": [],
    }
    return board, state
