"""The whole suite, optionally with the toy race registered as a sixth game.

``--toy-game`` (``make test`` and ``make test-slow`` pass it) adds the toy race's one
registry line before any test is collected, so every test that walks the registry
(the contract, the languages, the page, the catalogues) meets a game that ships only
what the contract requires: no spoken words, no puzzles, no profiles, no options.
"""

from __future__ import annotations

import pytest

from engine import registry
from tests.registered import TOY_GAME_LINE


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--toy-game",
        action="store_true",
        help="register the toy race as a sixth game for the whole run (make test does)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--toy-game") and TOY_GAME_LINE not in registry._PACKAGES:
        registry._PACKAGES = (*registry._PACKAGES, TOY_GAME_LINE)
