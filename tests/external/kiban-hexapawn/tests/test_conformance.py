"""Hexapawn keeps what every game keeps: each check of Kiban's conformance kit on the
game as installed, one test a check (``pytest --kiban-sims N`` for more random games)."""

from __future__ import annotations

from kiban_hexapawn import HEXAPAWN

from kiban.testing import kit

test_hexapawn_passes_the_kit = kit(HEXAPAWN)
