"""The room at scale (issue 64, item 5): 200 simulated boards at blitz pace through one
Mosquitto, followed in the hall and, over a bridge, outside; the hall's broker
restarted and the bridge cut mid-run. Nothing published may be lost or taken twice,
each audience catches up after each fault, and the hall's live records keep the
moves in time (``make room-load`` prints the figures; docs/club.md, "At scale", quotes
them)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from firmware_host.broker.local import MOSQUITTO
from firmware_host.tools.bench.room_load import (
    Fault,
    _seen,
    arrived_of,
    published_of,
    quantile,
    report,
    run,
)

CATCH_UP = 15.0
"""Seconds an audience may take to have every move again after a fault: a board's
reconnect (paho's backoff, 1 to 4 s: ``remote/link.py``), the bridge's (1 to 4 s:
``room_brokers.py``), and the retained messages sent again, with room for a busy
machine."""
RECORDS_P99 = 4.0
INDEX_P99 = 10.0
"""Seconds, the steady 99th percentile from a board's publish to the hall's live record
and to ``/tables.json``: guards against a regression, not issue 64's goal of 1 s,
which the records about met (0.98 to 1.05 s) and the index did not (2.9 to 3.0 s) on
2026-11-28 on this machine, 2 cores shared with seven other programs' tests
(docs/club.md, "At scale", which says what holds the index up)."""


def test_the_figures_count_what_was_lost_twice_taken_and_late() -> None:
    published = published_of(
        [
            [1, 1, "7g7f", 100.0],
            [1, 2, "3c3d", 102.0],
            [1, 3, "2g2f", 110.0],  # while the broker was down (109 to 111)
            [2, 1, "7g7f", 100.0],
            [1, 4, "2h2e", 111.5],  # while the hall caught up (to 112)
            [2, 2, "8c8d", 102.0],  # never arrived
            [3, 1, "7g7f", 100.0],
        ]
    )
    got = arrived_of(
        {
            "1": {
                "moves": [["7g7f", 100.1], ["3c3d", 102.3], ["2g2f", 112.0], ["2h2e", 113.0]],
                "ignored": 3,
                "index": {"1": 100.5, "2": 102.5},
            },
            "2": {"moves": [["7g7f", 100.2]], "ignored": 1, "index": {"1": 100.9}},
            "3": {"moves": [["7g7f", 100.2], ["3c3d", 100.4]], "ignored": 0, "index": {}},
        }
    )
    seen = _seen("hall", published, got, (Fault("broker restart", 109.0, 111.0),))
    assert (seen.moves, seen.lost, seen.extra, seen.ignored) == (7, 1, 1, 4)
    assert seen.worst == pytest.approx(0.3)  # the fault's moves are in its catch-up
    assert seen.p99_all == pytest.approx(1.5)  # once the broker was back
    assert seen.index_lost == 1 and seen.index_p99 == pytest.approx(0.9)
    assert seen.catch_up == (("broker restart", 1.0),)
    assert quantile([0.1 * n for n in range(1, 101)], 0.99) == pytest.approx(9.9)


@pytest.mark.slow
@pytest.mark.xdist_group("broker")
def test_two_hundred_boards_lose_nothing_across_a_restart_and_a_bridge_outage(
    tmp_path: Path,
) -> None:
    if not MOSQUITTO.exists():
        pytest.fail(f"{MOSQUITTO} is missing (`make broker` installs it)")
    figures = run(tmp_path, boards=200, pace=2.5, seconds=90.0)
    (tmp_path / "figures.json").write_text(json.dumps(asdict(figures), indent=1))
    said = report(figures)
    print(said)
    assert figures.published > 200 * 20, said  # every board played, at blitz pace
    for seen in figures.seen:
        assert seen.lost == 0, said
        assert seen.extra == 0, said  # no move taken twice
        assert seen.ignored > 0, said  # replays came, and were ignored
        assert all(after <= CATCH_UP for _, after in seen.catch_up), said
    hall = figures.seen[0]
    assert hall.index_lost == 0, said
    assert hall.p99 <= RECORDS_P99, said
    assert hall.index_p99 is not None and hall.index_p99 <= INDEX_P99, said
