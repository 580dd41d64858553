"""Sprint keeps what every game keeps: each check of Kiban's conformance kit
(``firmware_host.testing``) on the game as installed, its simulated board among them."""

from __future__ import annotations

import pytest
from kiban_dice_race import SPRINT

from engine.registry import find_game
from firmware_host.testing import Check, conformance_checks

CHECKS = conformance_checks(SPRINT)


@pytest.mark.parametrize(("name", "check"), CHECKS, ids=[name for name, _ in CHECKS])
def test_sprint_passes_the_kit(name: str, check: Check) -> None:
    check(SPRINT)


def test_every_check_of_the_kit_is_sprints() -> None:
    """It ships its board, so none is left out."""
    assert [name for name, _ in CHECKS] == [name for name, _ in conformance_checks()]


def test_kiban_finds_it_by_its_entry_point() -> None:
    assert find_game("sprint") is SPRINT
