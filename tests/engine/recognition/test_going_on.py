"""The mover's hand going on after a reply begun before its move was whole, or sooner
than anyone answers a move (engine/recognition/going_on.py), on cases the long property
profile found that still leave a fault elsewhere, so that only the record is asserted.
Those the profile no longer faults are kept in shrunk_streams.json."""

from __future__ import annotations

import json
from pathlib import Path

from firmware_host.notices.declared import PromptOpened
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


BROADSIDE_GONE_ON_AS_THE_REPLY_BEGAN = json.loads(
    (Path(__file__).parent / "broadside_gone_on_as_the_reply_began.json").read_text()
)
"""Abalone, the Hall polarity board (the spec sheet's blitz row, seed 1, move 188):
white's broadside F9G9E8 a marble at a time, G9 to F8 committed after a 2.7 s rest, F9
to E8 0.2 s after the commit, and black's reply D1C1 begun 0.32 s after that landing,
then white's H8H7 and black's D3D2 at once: the board never rested until the record was
beyond reading, and kept G9F8 (``why`` in the file)."""


def test_a_line_gone_on_as_the_next_player_began_is_asked_while_that_hand_is_at_work() -> None:
    played = replay_stream(BROADSIDE_GONE_ON_AS_THE_REPLY_BEGAN)
    assert played.played == ["C2C1", "F9G9E8", "D1C1", "H8H7", "D3D2"]
    asked = [n for n in played.sim.notices if isinstance(n, PromptOpened)]
    assert asked, "never asked"
    # asked before black's reply landed (C1 at 5.25 s), its cells set aside
    assert asked[0].at < 5.25, asked[0].at
    assert set(asked[0].choices) == {"F9G9E8", "G9F8"}
    assert played.record == played.played, (played.record, played.faults)
    assert not played.faults
