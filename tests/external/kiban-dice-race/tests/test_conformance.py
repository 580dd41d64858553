"""Sprint keeps what every game keeps: each check of Kiban's conformance kit
(``kiban.testing``) on the game as installed, its simulated board among them, one test a
check (``pytest --kiban-sims N`` plays N random games a check instead of one)."""

from __future__ import annotations

from kiban_dice_race import SPRINT

from kiban.testing import check_names, conformance_checks, kit

test_sprint_passes_the_kit = kit(SPRINT)


def test_every_check_of_the_kit_is_sprints() -> None:
    """It ships its board, so none is left out."""
    assert tuple(name for name, _ in conformance_checks(SPRINT)) == check_names()
