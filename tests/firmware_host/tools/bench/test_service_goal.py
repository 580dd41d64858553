"""The idle service's memory goal, in the one unit every table measures (issue 61)."""

from __future__ import annotations

from firmware_host.tools.bench.service import IDLE_RSS_GOAL_MIB, rss_against_goal


def test_the_goal_is_issue_14s_40_mb_in_mib() -> None:
    """40 MB is 40 x 10^6 bytes: 38.15 MiB, not 40 MiB (a 40.0 MiB board is over it)."""
    assert abs(IDLE_RSS_GOAL_MIB - 38.147) < 1e-3
    assert round(IDLE_RSS_GOAL_MIB * 2**20) == 40_000_000


def test_each_board_is_read_against_the_goal_in_mib() -> None:
    assert rss_against_goal(40.04) == "OVER by 1.9"  # sim-shogi, 2026-11-28
    assert rss_against_goal(35.59) == "under by 2.6"  # sim-dobutsu
    assert rss_against_goal(39.9).startswith("OVER")  # under 40 MiB is still over 40 MB
