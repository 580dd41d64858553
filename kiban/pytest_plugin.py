"""Kiban's pytest plugin (the ``pytest11`` entry point ``kiban``): the size knob of the
conformance kit, ``--kiban-sims N`` or ``kiban_sims = N`` in the ini file, which
``kiban.testing.kit`` reads; and the ``kiban_sims`` fixture for a game's own tests that
walk random games of their own.

Loaded by every pytest run where Kiban is installed, it imports nothing of Kiban until
a test asks.
"""

from __future__ import annotations

from argparse import ArgumentTypeError

import pytest


def _positive(text: str) -> int:
    """A count of random games: a whole number, one or more."""
    if not text.strip().isdigit() or int(text) < 1:
        raise ArgumentTypeError(f"{text!r} is not a number of random games (1 or more)")
    return int(text)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kiban", "Kiban's conformance kit (kiban.testing)")
    group.addoption(
        "--kiban-sims",
        type=_positive,
        default=None,
        metavar="N",
        help="the random games each check of the kit plays per setting (default: 1)",
    )
    parser.addini(
        "kiban_sims", "the random games each check of the kit plays per setting", default=""
    )


def pytest_configure(config: pytest.Config) -> None:
    """A ``kiban_sims`` of the ini file that is no count of random games stops the run
    at its start, naming the file, as a bad ``--kiban-sims`` does."""
    written = str(config.getini("kiban_sims")).strip()
    if written:
        try:
            _positive(written)
        except ArgumentTypeError as error:
            raise pytest.UsageError(f"{config.inipath}: kiban_sims: {error}") from None


@pytest.fixture
def kiban_sims(pytestconfig: pytest.Config) -> int:
    """The random games per setting this run asks for (``--kiban-sims``)."""
    from kiban.testing import sims_asked

    return sims_asked(pytestconfig)
