"""Every simulated board a test opens is closed after it (its button threads with it)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.firmware_host.simkit import close_all


@pytest.fixture(autouse=True)
def _close_simulations() -> Iterator[None]:
    yield
    close_all()
