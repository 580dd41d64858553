"""The whole suite, optionally with the toy race registered as a sixth game.

``--toy-game`` (``make test`` and ``make test-slow`` pass it) installs the toy race
before any test is collected (its distribution's metadata put on ``sys.path``, its
entry point in ``kiban.games`` found as any installed game's), so every test that walks the registry
(the contract, the languages, the page, the catalogues) meets a game that ships only
what the contract requires: no spoken words, no puzzles, no profiles, no options.
"""

from __future__ import annotations

import pytest

from tests.registered import install_toy_race

collect_ignore = ("external",)
"""The packages of games installed from outside Kiban: each one's own tests run where pip
installed it (tests/test_external_game.py), not here, where it is not installed."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--toy-game",
        action="store_true",
        help="install the toy race as a sixth game for the whole run (make test does)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--toy-game"):
        install_toy_race()
