"""Pieces drawn as the players know them, in a real headless browser: every game's
pieces are SVG drawings (no letter on a disc), gote's shogi pieces turned half a
circle, promoted ones in red with their promoted kanji, Robot Duel's robots with a
dot per direction the engine moves them in, Chaturaji's figures facing their owner's
edge, and the international shogi style kept in the browser's settings."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from engine.geometry import seat_side
from engine.physical import Stone
from engine.registry import find_game
from tests.firmware_host.web.static.test_browser import (  # noqa: F401 - the fixtures
    ARTIFACTS,
    LiveServer,
    browser,
    fresh_page,
    server,
)
from tests.registered import product_games

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# Where a piece's own "down" (toward its owner) points on the screen, per edge.
DOWN = {"south": (0, 1), "west": (-1, 0), "north": (0, -1), "east": (1, 0)}

PIECES = """() => [...document.querySelectorAll('#board .layer-pieces g.stone')].map((g) => {
  const figure = g.querySelector(':scope > g.figure');
  const m = figure.transform.baseVal.consolidate().matrix;
  const length = Math.hypot(m.c, m.d);
  return {
    spot: g.dataset.spot,
    kind: g.dataset.kind,
    owner: g.dataset.owner === '' ? null : Number(g.dataset.owner),
    flipped: g.classList.contains('flipped'),
    down: [Math.round(m.c / length), Math.round(m.d / length)],
    shapes: [...figure.querySelectorAll('path, polygon, rect, ellipse, circle')]
      .map((e) => e.tagName),
    letters: [...figure.querySelectorAll('text')].map((t) => t.textContent),
    kanji: figure.querySelector('text.kanji')?.textContent ?? null,
    kanjiFill: figure.querySelector('text.kanji') ?
      getComputedStyle(figure.querySelector('text.kanji')).fill : null,
    dots: figure.querySelectorAll('.move-dot').length,
    lines: figure.querySelectorAll('.move-line').length,
    title: g.querySelector(':scope > title')?.textContent ?? null,
  };
})"""


def pieces(page: Page) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = page.evaluate(PIECES)
    return result


def open_game(context: BrowserContext, live: LiveServer, name: str, **more: Any) -> Page:
    page = fresh_page(context, live, game=name, settings={"roll": "button"}, **more)
    page.wait_for_function("g => document.body.dataset.game === g", arg=name)
    page.wait_for_selector("#board .layer-pieces g.stone")
    return page


def test_every_game_draws_its_pieces_as_figures_not_letters_on_discs(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for game in product_games():  # the toy race is a label on a disc, as any new game
        page = open_game(browser, server, game.name)
        drawn = pieces(page)
        assert drawn, game.name
        for piece in drawn:
            # a drawing, not a letter on a disc: text only as a shogi kanji
            assert piece["shapes"] and piece["shapes"] != ["circle"], (game.name, piece)
            assert piece["letters"] in ([], [piece["kanji"]]), (game.name, piece)
            assert piece["title"], (game.name, piece)
        page.screenshot(path=str(ARTIFACTS / f"web-pieces-{game.name}.png"), full_page=True)
        page.close()


def test_robot_duel_robots_show_a_dot_per_direction_the_engine_moves_them_in(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    game = find_game("dobutsu")
    # a hen on the board for each side, beside the start's robots
    page = open_game(browser, server, "dobutsu", position="gle/1+c1/1+C1/ELG b - 1")
    drawn = pieces(page)
    assert {(p["kind"], p["flipped"]) for p in drawn} >= {("C", True), ("L", False)}
    for piece in drawn:
        stone = Stone(piece["kind"], piece["owner"], piece["flipped"])
        assert piece["dots"] == len(game.piece_moves(stone).steps), piece
        side = seat_side(game.seats, piece["owner"]).value
        assert tuple(piece["down"]) == DOWN[side], piece  # each side's robots face it
    page.close()


def test_shogi_gote_turned_promoted_pieces_red_and_the_international_style(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    position = "lnsgkgsnl/1r5b1/pppp+ppppp/9/9/9/PPPP+PPPPP/1B5+R1/LNSGKGSNL b - 1"
    page = open_game(browser, server, "shogi", position=position)
    drawn = {p["spot"]: p for p in pieces(page)}
    for piece in drawn.values():
        assert tuple(piece["down"]) == ((0, 1) if piece["owner"] == 0 else (0, -1)), piece
    tokin = drawn["5g"]
    assert tokin["flipped"] and tokin["kanji"] == "と"
    assert tokin["kanjiFill"] == "rgb(192, 57, 43)"
    assert drawn["2h"]["kanji"] == "龍" and drawn["2h"]["kanjiFill"] == "rgb(192, 57, 43)"
    assert drawn["5c"]["owner"] == 1 and drawn["5c"]["kanji"] == "と"
    assert tuple(drawn["5c"]["down"]) == (0, -1)  # gote's tokin turned half a circle
    assert drawn["7g"]["kanji"] == "歩" and drawn["7g"]["kanjiFill"] != tokin["kanjiFill"]
    assert drawn["5i"]["kanji"] == "玉" and drawn["5a"]["kanji"] == "王"
    # the international style: the moves as dots and arrows, kept in this browser
    page.click("#piece-style")
    page.wait_for_function("() => document.body.dataset.pieceStyle === 'international'")
    page.wait_for_function("() => !document.querySelector('#board text.kanji')")
    drawn = {p["spot"]: p for p in pieces(page)}
    game = find_game("shogi")
    for piece in drawn.values():
        moves = game.piece_moves(Stone(piece["kind"], piece["owner"], piece["flipped"]))
        assert (piece["dots"], piece["lines"]) == (len(moves.steps), len(moves.lines)), piece
    page.screenshot(path=str(ARTIFACTS / "web-pieces-shogi-international.png"), full_page=True)
    page.reload()
    page.wait_for_selector("#board .layer-pieces g.stone")
    assert page.locator("#board text.kanji").count() == 0  # still international
    assert page.is_checked("#piece-style")
    page.click("#piece-style")
    page.wait_for_selector("#board text.kanji")
    page.close()


def test_chaturaji_figures_face_their_owners_edge_in_their_armies_colours(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    game = find_game("chaturaji")
    page = open_game(browser, server, "chaturaji")
    drawn = pieces(page)
    assert {p["owner"] for p in drawn} == {0, 1, 2, 3}
    for piece in drawn:
        side = seat_side(game.seats, piece["owner"]).value
        assert tuple(piece["down"]) == DOWN[side], piece
    colours = page.evaluate(
        """() => [0, 1, 2, 3].map((owner) => getComputedStyle(document.querySelector(
          `#board g.stone[data-owner='${owner}'] .army-figure`)).fill)"""
    )
    assert len(set(colours)) == 4  # four armies, four colours
    assert page.locator("#piece-style-box").is_hidden()  # no choice of style here
    page.close()


def test_abalone_marbles_are_shaded_and_robotory_robots_and_tokens_in_their_colours(
    browser: BrowserContext,  # noqa: F811
    server: LiveServer,  # noqa: F811
) -> None:
    page = open_game(browser, server, "abalone")
    fills = page.evaluate(
        """() => [...document.querySelectorAll('#board circle.marble')]
          .map((c) => getComputedStyle(c).fill)"""
    )
    assert fills and all("url(" in fill for fill in fills)
    assert {f.split("#")[-1].rstrip('")') for f in fills} == {"marble-black", "marble-white"}
    page.close()
    page = open_game(browser, server, "robotory")
    robots = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board g.stone .robot')]
          .map((r) => [r.closest('g.stone').dataset.kind, r.getAttribute('fill')]))"""
    )
    assert set(robots) == {"R", "W", "B"} and len(set(robots.values())) == 3
    camps = page.evaluate(
        """() => [0, 1].map((n) => getComputedStyle(
          document.querySelector(`#board polygon.cell.region-camp-${n}`)).fill)"""
    )
    assert camps == ["rgb(207, 202, 192)", "rgb(143, 138, 130)"]  # as Robotory's look says
    tokens = page.locator("#board g.stone .energy").count()
    assert tokens == 8  # both stocks: two white and two black each
    page.close()
