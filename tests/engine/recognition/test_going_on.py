"""The mover's hand going on after a reply begun before its move was whole, or sooner
than anyone answers a move (engine/recognition/going_on.py), on cases the long property
profile found that still leave a fault elsewhere, so that only the record is asserted.
Those the profile no longer faults are kept in shrunk_bodies.json."""

from __future__ import annotations

from engine.registry import find_game
from tests.engine.recognition.orders_kit import draw_model, trial
from tests.engine.recognition.test_every_order import HABITS, Replayed

BROADSIDE_INTO_ITS_HOLE = [
    0,
    40.0,
    3.8615996606942162,
    10.43850557649845,
    1.0870870210792531,
    0,
    22,
    34,
    37,
    27,
    36,
    33,
    2,
    16,
    1,
    29,
    58,
    8,
    6,
    61,
    44,
    47,
    9,
    52,
    56,
    35,
    49,
    60,
    66,
    26,
    0,
    0,
    0.3001580028996043,
    0.0,
    0.25,
    0.5630821027171288,
    0,
    0.0,
    0.7072768269939963,
    0,
    1,
    0.0,
    0.1429107875460965,
    40.0,
    0.0,
    0.0,
    0.0,
    0.049583593708014156,
    40.0,
    0.0,
    0.0,
    0.0,
    0.16951124551754398,
    40.0,
    0.0,
    0.0,
    0.0,
]
"""Abalone, reed switches reaching 24 mm at a 40 mm pitch: a broadside B3C4B2 whose
first marble rolled C4 to C3, white's reply D5C4 rolling into the hole it left 0.05 s
later, and the second marble B3 to B2 paused between its holes (read on both for 1.4 s).
The board rested on C4C3, D5C4, C3B2 and committed them; the hand went on. The record
stayed so and the next change was refused as white's (long profile on b561c0a)."""


def test_a_broadside_finished_after_a_reply_into_its_hole_is_read_again_as_played() -> None:
    chooser = Replayed(BROADSIDE_INTO_ITS_HOLE)
    model = draw_model(chooser)
    played = trial(find_game("abalone"), chooser, "both", HABITS["both"], model)
    assert played is not None
    assert played.played == ["B3C4B2", "D5C4"]
    assert played.record == played.played, (played.record, played.faults)
    # what is left is the commit at rest while the hand paused mid-roll (asked after)
    assert not [fault for fault in played.faults if not fault.startswith("recorded C4C3")]
