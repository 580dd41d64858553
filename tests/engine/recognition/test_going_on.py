"""The mover's hand going on after a reply begun before its move was whole, or sooner
than anyone answers a move (engine/recognition/going_on.py), on cases the long property
profile found that still leave a fault elsewhere, so that only the record is asserted.
Those the profile no longer faults are kept in shrunk_streams.json."""

from __future__ import annotations

import json
from pathlib import Path

from tests.engine.recognition.orders_kit import replay_stream

BROADSIDE_INTO_ITS_HOLE = json.loads(
    (Path(__file__).parent / "broadside_into_its_hole.json").read_text()
)
"""Abalone, reed switches reaching 24 mm at a 40 mm pitch: a broadside B3C4B2 whose
first marble rolled C4 to C3, white's reply D5C4 rolling into the hole it left 0.05 s
later, and the second marble B3 to B2 paused between its holes (read on both for 1.4 s).
The board rested on C4C3, D5C4, C3B2 and committed them; the hand went on. The record
stayed so and the next change was refused as white's (long profile on b561c0a). Kept as
what the sensors read then (recorded from its draws before issue 78's fields)."""


def test_a_broadside_finished_after_a_reply_into_its_hole_is_read_again_as_played() -> None:
    played = replay_stream(BROADSIDE_INTO_ITS_HOLE)
    assert played.played == ["B3C4B2", "D5C4"]
    assert played.record == played.played, (played.record, played.faults)
    # what is left is the commit at rest while the hand paused mid-roll (asked after)
    assert not [fault for fault in played.faults if not fault.startswith("recorded C4C3")]
